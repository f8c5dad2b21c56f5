package toolkit

import (
	"context"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

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
