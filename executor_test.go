package toolkit

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestReadBody(t *testing.T) {
	long := strings.Repeat("0123456789", 300)     // 3,000 bytes: past the first buffer
	huge := strings.Repeat("abcdefghij", 150_000) // 1.5 MB: past a chunk and the first buffer of an announced body
	boom := errors.New("boom")
	tests := []struct {
		name      string
		r         io.Reader
		size, max int64
		want      string
		err       error
	}{
		{"announced length", strings.NewReader("hello"), 5, 10, "hello", nil},
		{"unknown length", strings.NewReader("hello"), -1, 10, "hello", nil},
		{"empty", strings.NewReader(""), 0, 10, "", nil},
		{"shorter than announced", strings.NewReader("hel"), 5, 10, "hel", nil},
		{"longer than announced", strings.NewReader("hello world"), 5, 100, "hello world", nil},
		{"exactly the cap", strings.NewReader("12345678"), 8, 8, "12345678", nil},
		{"over the cap, announced", strings.NewReader(long), int64(len(long)), 8, "012345678", nil},
		{"over the cap, unknown", strings.NewReader(long), -1, 8, "012345678", nil},
		{"announced far over the cap", strings.NewReader("hello"), 1 << 40, 10, "hello", nil},
		{"growing, one byte a read", iotest.OneByteReader(strings.NewReader(long)), -1, 1 << 20, long, nil},
		{"EOF with the last bytes", iotest.DataErrReader(strings.NewReader(long)), int64(len(long)), 1 << 20, long, nil},
		{"large, announced", strings.NewReader(huge), int64(len(huge)), 2 << 20, huge, nil},
		{"large, unknown", strings.NewReader(huge), -1, 2 << 20, huge, nil},
		{"large, unknown, one byte a read", iotest.OneByteReader(strings.NewReader(huge)), -1, 2 << 20, huge, nil},
		{"large, shorter than announced", strings.NewReader(huge), int64(len(huge)) + 1000, 2 << 20, huge, nil},
		{"large, longer than announced", strings.NewReader(huge), 1<<20 + 100, 2 << 20, huge, nil},
		{"large, over the cap, announced", strings.NewReader(huge), int64(len(huge)), 1<<20 + 5, huge[:1<<20+6], nil},
		{"large, over the cap, unknown", strings.NewReader(huge), -1, 1<<20 + 5, huge[:1<<20+6], nil},
		{"large, over the cap, longer than announced", strings.NewReader(huge), 1 << 20, 1<<20 + 5, huge[:1<<20+6], nil},
		{"error", io.MultiReader(strings.NewReader("hel"), iotest.ErrReader(boom)), 5, 10, "", boom},
		{"error after a chunk", io.MultiReader(strings.NewReader(huge), iotest.ErrReader(boom)), -1, 2 << 20, "", boom},
		{"error after the first buffer", io.MultiReader(strings.NewReader(huge), iotest.ErrReader(boom)), 2 << 20, 4 << 20, "", boom},
		{"truncated", io.MultiReader(strings.NewReader("hel"), iotest.ErrReader(io.ErrUnexpectedEOF)), 5, 10, "", io.ErrUnexpectedEOF},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readBody(tt.r, tt.size, tt.max)
			if !errors.Is(err, tt.err) {
				t.Fatalf("err = %v, want %v", err, tt.err)
			}
			if string(got) != tt.want {
				t.Errorf("got %d bytes %.20q..., want %d bytes %.20q...", len(got), got, len(tt.want), tt.want)
			}
		})
	}
}

// TestReadBodyAllocates: a large body costs about its own size in
// allocations, announced or not (growing one buffer by appending cost
// five times its size).
func TestReadBodyAllocates(t *testing.T) {
	body := strings.Repeat("0123456789", 400_000) // 4 MB
	for _, size := range []int64{int64(len(body)), -1} {
		readBody(strings.NewReader(body), size, 10<<20) // warm the chunk pool
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		const reads = 5
		for range reads {
			got, err := readBody(strings.NewReader(body), size, 10<<20)
			if err != nil || len(got) != len(body) {
				t.Fatalf("size %d: %d bytes, %v", size, len(got), err)
			}
		}
		runtime.ReadMemStats(&after)
		if perByte := float64(after.TotalAlloc-before.TotalAlloc) / reads / float64(len(body)); perByte > 1.5 {
			t.Errorf("size %d: %.2f bytes allocated per body byte, want at most 1.5", size, perByte)
		}
	}
}

// roundTripFunc is an http.RoundTripper in a function.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestSendDeadline: a request's context carries the step's deadline, or
// the caller's when that comes first, for transports that read it.
func TestSendDeadline(t *testing.T) {
	var got time.Time
	client := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		d, ok := r.Context().Deadline()
		if !ok {
			t.Error("no deadline on the request's context")
		}
		got = d
		return &http.Response{StatusCode: 200, Status: "200 OK", Body: http.NoBody, Header: http.Header{}, Request: r}, nil
	})}
	e := NewExecutor(&Options{HTTPClient: client, AllowPrivate: []string{"api.test"}, Logger: discardLogger()})

	start := time.Now()
	if _, err := e.Send(context.Background(), &Request{Method: "GET", URL: "http://api.test/x", Timeout: 5 * time.Second}); err != nil {
		t.Fatal(err)
	}
	if got.Before(start.Add(5*time.Second)) || got.After(time.Now().Add(5*time.Second)) {
		t.Errorf("deadline %v after the call began, want 5s", got.Sub(start))
	}

	// Hours, so that no stall of the machine ends the caller's context
	// before the request is sent.
	parent, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	want, _ := parent.Deadline()
	if _, err := e.Send(parent, &Request{Method: "GET", URL: "http://api.test/x", Timeout: 2 * time.Hour}); err != nil {
		t.Fatal(err)
	}
	if !got.Equal(want) {
		t.Errorf("deadline %v, want the caller's %v", got, want)
	}
}

// TestSendLeavesHeaderAlone: Send does not write to the caller's header,
// not even when the client has a cookie jar that adds cookies to it.
func TestSendLeavesHeaderAlone(t *testing.T) {
	var sent string
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse("http://api.test/")
	jar.SetCookies(u, []*http.Cookie{{Name: "sid", Value: "s-1"}})
	client := &http.Client{Jar: jar, Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		sent = r.Header.Get("Cookie")
		return &http.Response{StatusCode: 200, Status: "200 OK", Body: http.NoBody, Header: http.Header{}, Request: r}, nil
	})}
	h := http.Header{"Accept": {"application/json"}}
	if _, err := NewExecutor(&Options{HTTPClient: client, AllowPrivate: []string{"api.test"}, Logger: discardLogger()}).Send(context.Background(), &Request{Method: "GET", URL: "http://api.test/x", Header: h}); err != nil {
		t.Fatal(err)
	}
	if sent != "sid=s-1" {
		t.Errorf("sent Cookie %q", sent)
	}
	if diff := cmp.Diff(http.Header{"Accept": {"application/json"}}, h); diff != "" {
		t.Errorf("caller's header changed (-want +got):\n%s", diff)
	}
}
