package eventstream

// Review of issue 30 item 3 as a hostile server would attack the reader:
// bounds at ±1, partial lines cut by an error, byte-at-a-time lines, and
// the WHATWG parsing rules the package's own tests do not name.

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestReviewWHATWG: parsing rules of the HTML standard's "Interpreting an
// event stream" not covered in TestSSE.
func TestReviewWHATWG(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []ev
	}{
		{"type reset by a blank line without data", "event: a\n\nevent: b\n\ndata: x\n\n", []ev{{"message", "", "x"}}},
		{"type reset after a dispatch", "event: a\ndata: 1\n\ndata: 2\n\n", []ev{{"a", "", "1"}, {"message", "", "2"}}},
		{"event without colon is an empty type", "event: a\nevent\ndata: x\n\n", []ev{{"message", "", "x"}}},
		{"data with an empty value", "data:\n\n", []ev{{"message", "", ""}}},
		{"data of one space is empty", "data: \n\n", []ev{{"message", "", ""}}},
		{"two empty data lines", "data\ndata\n\n", []ev{{"message", "", "\n"}}},
		{"a tab after the colon is kept", "data:\tx\n\n", []ev{{"message", "", "\tx"}}},
		{"NUL in the first id ignored", "id: a\x00\ndata: x\n\n", []ev{{"message", "", "x"}}},
		{"NUL in data kept", "data: a\x00b\n\n", []ev{{"message", "", "a\x00b"}}},
		{"empty id resets", "id: 1\ndata: a\n\nid:\ndata: b\n\n", []ev{{"message", "1", "a"}, {"message", "", "b"}}},
		{"id set in a dropped event persists", "data: a\n\nid: 9\n\ndata: b\n\n", []ev{{"message", "", "a"}, {"message", "9", "b"}}},
		{"field names are case-sensitive", "DATA: a\nEvent: x\ndata: b\n\n", []ev{{"message", "", "b"}}},
		{"space before the colon is part of the name", "data : a\ndata: b\n\n", []ev{{"message", "", "b"}}},
		{"BOM not at the start is part of the field", "data: a\n\n\uFEFF: comment?\ndata: b\n\n", []ev{{"message", "", "a"}, {"message", "", "b"}}},
		{"BOM inside a value kept", "data: a\uFEFFb\n\n", []ev{{"message", "", "a\uFEFFb"}}},
		{"two BOMs: only one dropped", "\uFEFF\uFEFFdata: a\n\ndata: b\n\n", []ev{{"message", "", "b"}}},
		{"CR only, last event ended by CR CR", "event: e\rdata: 1\r\rdata: 2\r\r", []ev{{"e", "", "1"}, {"message", "", "2"}}},
		{"LF CR is two line ends", "data: a\n\rdata: b\n\n", []ev{{"message", "", "a"}, {"message", "", "b"}}},
		{"final event without blank line discarded", "data: a\n\nevent: z\ndata: b\n", []ev{{"message", "", "a"}}},
		{"retry does not dispatch", "retry: 10\n\ndata: a\n\n", []ev{{"message", "", "a"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, chunked := range []bool{false, true} {
				var src io.Reader = strings.NewReader(tt.in)
				if chunked {
					src = iotest.OneByteReader(src)
				}
				got, err := all(src, SSE, 0)
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("chunked=%v (-want +got):\n%s", chunked, diff)
				}
			}
		})
	}
}

func TestReviewRetryField(t *testing.T) {
	for _, in := range []string{"retry: -1\n", "retry: 1.5\n", "retry: 1e3\n", "retry:  10\n", "retry: 10 \n", "retry: ١٢\n", "retry: 99999999999999999999999\n", "retry\n"} {
		r := NewReader(strings.NewReader(in+"data: a\n\n"), SSE, 0)
		if _, err := r.Next(); err != nil {
			t.Fatal(err)
		}
		if d, ok := r.Retry(); ok {
			t.Errorf("%q: Retry = %v, want the field ignored", in, d)
		}
	}
	r := NewReader(strings.NewReader("retry: 0\ndata: a\n\n"), SSE, 0)
	r.Next()
	if d, ok := r.Retry(); !ok || d != 0 {
		t.Errorf("retry: 0 = %v, %v", d, ok)
	}
}

// TestReviewEventAtTheBound: an event of exactly max bytes is read, one
// byte more is refused; in SSE the bound is the event's (its data), not
// its "data: " line's.
func TestReviewEventAtTheBound(t *testing.T) {
	const max = 64
	x := strings.Repeat("x", max)
	tests := []struct {
		name string
		f    Format
		in   string
		ok   bool
	}{
		{"sse data of max bytes", SSE, "data: " + x + "\n\n", true},
		{"sse data of max+1 bytes", SSE, "data: " + x + "y\n\n", false},
		{"sse data of max bytes, CRLF", SSE, "data: " + x + "\r\n\r\n", true},
		{"sse data of max bytes, no space", SSE, "data:" + x + "\n\n", true},
		{"sse two lines of max/2", SSE, "data: " + x[:max/2] + "\ndata: " + x[:max/2-1] + "\n\n", true}, // with the "\n" between them
		{"sse two lines of max/2 + 1", SSE, "data: " + x[:max/2] + "\ndata: " + x[:max/2] + "\n\n", false},
		{"sse comment of max bytes", SSE, ":" + x[:max-1] + "\ndata: a\n\n", true},
		{"ndjson line of max bytes", NDJSON, x + "\n", true},
		{"ndjson line of max bytes, CRLF", NDJSON, x + "\r\n", true},
		{"ndjson line of max bytes at EOF", NDJSON, x, true},
		{"ndjson line of max+1 bytes", NDJSON, x + "y\n", false},
		{"ndjson line of max+1 bytes at EOF", NDJSON, x + "y", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, chunked := range []bool{false, true} {
				var src io.Reader = strings.NewReader(tt.in)
				if chunked {
					src = iotest.OneByteReader(src)
				}
				got, err := all(src, tt.f, max)
				if tt.ok && (err != nil || len(got) != 1) {
					t.Errorf("chunked=%v: %d events, %v; want one", chunked, len(got), err)
				}
				if !tt.ok && !errors.Is(err, ErrEventTooLarge) {
					t.Errorf("chunked=%v: %v, want ErrEventTooLarge", chunked, err)
				}
			}
		})
	}
}

// TestReviewNDJSONCutLine: an NDJSON line the source's error cuts (a
// broken connection, a timeout, a byte bound) is not an event: only io.EOF
// ends a last line.
func TestReviewNDJSONCutLine(t *testing.T) {
	boom := errors.New("connection reset")
	r := NewReader(io.MultiReader(strings.NewReader("{\"a\":1}\n{\"text\":\"hel"), iotest.ErrReader(boom)), NDJSON, 0)
	e, err := r.Next()
	if err != nil || string(e.Data) != `{"a":1}` {
		t.Fatalf("first: %q, %v", e.Data, err)
	}
	e, err = r.Next()
	if !errors.Is(err, boom) {
		t.Fatalf("second: %q, %v; want the source's error, not the cut line as an event", e.Data, err)
	}
}

// slowReader returns one byte a Read and counts the Reads.
type countingOneByte struct {
	src   io.Reader
	reads int
}

func (c *countingOneByte) Read(p []byte) (int, error) {
	c.reads++
	if len(p) > 1 {
		p = p[:1]
	}
	return c.src.Read(p)
}

// TestReviewByteAtATimeLine: a server that sends a line near the bound
// one byte a packet costs linear work, not a rescan of the line each
// Read (which for 1 MiB would be about 5·10^11 byte comparisons).
func TestReviewByteAtATimeLine(t *testing.T) {
	if testing.Short() {
		t.Skip("a 1 MiB line a byte a Read")
	}
	const max = 1 << 20
	for _, f := range []Format{SSE, NDJSON} {
		in := strings.Repeat("x", max-8) + "\n\n"
		if f == SSE {
			in = "data: " + in
		}
		done := make(chan error, 1)
		go func() {
			_, err := all(&countingOneByte{src: strings.NewReader(in)}, f, max)
			done <- err
		}()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("%v: %v", f, err)
			}
		case <-time.After(60 * time.Second): // a hang guard, not a timing assertion
			t.Fatalf("%v: a 1 MiB line read a byte at a time did not finish (quadratic scanning)", f)
		}
	}
}

// TestReviewEndlessComments: comments and empty events with no data
// dispatch nothing, keep the buffer bounded and are counted in Offset.
func TestReviewEndlessComments(t *testing.T) {
	in := strings.Repeat(": keep-alive\n\nevent: ping\n\nid: 1\n\n", 20000) + "data: a\n\n"
	r := NewReader(iotest.HalfReader(strings.NewReader(in)), SSE, 64)
	e, err := r.Next()
	if err != nil || string(e.Data) != "a" {
		t.Fatalf("%q %v", e.Data, err)
	}
	if r.Offset() != int64(len(in)) {
		t.Errorf("Offset = %d, want %d", r.Offset(), len(in))
	}
	if len(r.buf) > 64+sseFieldSlack+2+readChunk {
		t.Errorf("buffer of %d bytes", len(r.buf))
	}
}
