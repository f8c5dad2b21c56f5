package eventstream

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"
)

type ev struct{ Type, ID, Data string }

// all reads every event of src; the error is the one that ended it (nil
// for io.EOF).
func all(src io.Reader, f Format, max int) ([]ev, error) {
	r := NewReader(src, f, max)
	var out []ev
	for {
		e, err := r.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, ev{e.Type, e.ID, string(e.Data)})
	}
}

func TestSSE(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []ev
	}{
		{"one event", "data: hello\n\n", []ev{{"message", "", "hello"}}},
		{"data lines joined with LF", "data: a\ndata: b\ndata\n\n", []ev{{"message", "", "a\nb\n"}}},
		{"only the first space is dropped", "data:  two\ndata:none\n\n", []ev{{"message", "", " two\nnone"}}},
		{"event type", "event: add\ndata: 1\n\ndata: 2\n\n", []ev{{"add", "", "1"}, {"message", "", "2"}}},
		{"empty event field is message", "event:\ndata: x\n\n", []ev{{"message", "", "x"}}},
		{"comments ignored", ": keep-alive\n:\ndata: x\n: more\n\n", []ev{{"message", "", "x"}}},
		{"CRLF", "data: a\r\ndata: b\r\n\r\n", []ev{{"message", "", "a\nb"}}},
		{"CR alone", "data: a\rdata: b\r\r", []ev{{"message", "", "a\nb"}}},
		{"mixed terminators", "data: a\r\n\rdata: b\n\r\n", []ev{{"message", "", "a"}, {"message", "", "b"}}},
		{"BOM dropped once", "\uFEFFdata: a\n\n\uFEFFdata: b\n\n", []ev{{"message", "", "a"}}}, // the second line's field is "\uFEFFdata"
		{"id persists", "id: 1\ndata: a\n\ndata: b\n\nid\ndata: c\n\n", []ev{{"message", "1", "a"}, {"message", "1", "b"}, {"message", "", "c"}}},
		{"id with NUL ignored", "id: 7\ndata: a\n\nid: x\x00y\ndata: b\n\n", []ev{{"message", "7", "a"}, {"message", "7", "b"}}},
		{"no data, no event", "event: ping\n\ndata: a\n\n", []ev{{"message", "", "a"}}},
		{"id alone dispatches nothing but sets the id", "id: 3\n\ndata: a\n\n", []ev{{"message", "3", "a"}}},
		{"unknown fields ignored", "foo: bar\ndata: a\nData: b\n\n", []ev{{"message", "", "a"}}},
		{"field without colon", "data\n\n", []ev{{"message", "", ""}}},
		{"unterminated event dropped", "data: a\n\ndata: b\n", []ev{{"message", "", "a"}}},
		{"unterminated line dropped", "data: a\n\ndata: b", []ev{{"message", "", "a"}}},
		{"colon in value kept", "data: a: b\n\n", []ev{{"message", "", "a: b"}}},
		{"empty stream", "", nil},
		{"json data", "data: {\"n\":1}\n\n", []ev{{"message", "", `{"n":1}`}}},
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

func TestRetry(t *testing.T) {
	r := NewReader(strings.NewReader("retry: 1500\ndata: a\n\nretry: 2x\nretry:\ndata: b\n\n"), SSE, 0)
	for range 2 {
		if _, err := r.Next(); err != nil {
			t.Fatal(err)
		}
	}
	if d, ok := r.Retry(); !ok || d != 1500*time.Millisecond {
		t.Errorf("Retry = %v, %v; want 1.5s (invalid values ignored)", d, ok)
	}
}

func TestNDJSON(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []ev
	}{
		{"lines", "{\"a\":1}\n{\"a\":2}\n", []ev{{"", "", `{"a":1}`}, {"", "", `{"a":2}`}}},
		{"CRLF and blank lines", "1\r\n\r\n  \n2\r\n", []ev{{"", "", "1"}, {"", "", "2"}}},
		{"last line without break", "1\n2", []ev{{"", "", "1"}, {"", "", "2"}}},
		{"BOM", "\uFEFF1\n", []ev{{"", "", "1"}}},
		{"empty", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := all(iotest.OneByteReader(strings.NewReader(tt.in)), NDJSON, 0)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestTooLarge(t *testing.T) {
	tests := []struct {
		name string
		f    Format
		in   string
	}{
		{"sse line", SSE, "data: " + strings.Repeat("x", 100) + "\n\n"},
		{"sse event of short lines", SSE, strings.Repeat("data: 0123456789\n", 10) + "\n"},
		{"ndjson line", NDJSON, strings.Repeat("1", 100) + "\n"},
		{"line never ends", SSE, strings.Repeat("y", 1000)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := all(strings.NewReader(tt.in), tt.f, 64)
			if !errors.Is(err, ErrEventTooLarge) {
				t.Fatalf("err = %v, want ErrEventTooLarge", err)
			}
		})
	}
	// Within the bound: fine, and the buffer does not grow past it.
	r := NewReader(strings.NewReader(strings.Repeat("data: "+strings.Repeat("z", 50)+"\n\n", 1000)), SSE, 64)
	for {
		if _, err := r.Next(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
	}
	if len(r.buf) > 64+sseFieldSlack+2+readChunk {
		t.Errorf("buffer of %d bytes, over the bound", len(r.buf))
	}
}

func TestSourceError(t *testing.T) {
	boom := errors.New("boom")
	_, err := all(io.MultiReader(strings.NewReader("data: a\n\ndata: b"), iotest.ErrReader(boom)), SSE, 0)
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want the source's", err)
	}
}

// TestStall: an event is returned as soon as its blank line arrives, not
// when the next read fills a buffer.
func TestStall(t *testing.T) {
	pr, pw := io.Pipe()
	r := NewReader(pr, SSE, 0)
	go pw.Write([]byte("data: a\n\n"))
	e, err := r.Next()
	if err != nil || string(e.Data) != "a" {
		t.Fatalf("Next = %q, %v", e.Data, err)
	}
	nr := NewReader(pr, NDJSON, 0)
	go pw.Write([]byte("1\n")) // shorter than a BOM: must not wait for more
	e, err = nr.Next()
	if err != nil || string(e.Data) != "1" {
		t.Fatalf("Next = %q, %v", e.Data, err)
	}
	pw.Close()
}

func TestAllocsPerEvent(t *testing.T) {
	in := strings.Repeat("event: tick\nid: 42\ndata: {\"n\":1}\n\n", 2000)
	avg := testing.AllocsPerRun(5, func() {
		r := NewReader(strings.NewReader(in), SSE, 0)
		for {
			if _, err := r.Next(); err != nil {
				break
			}
		}
	})
	if per := avg / 2000; per > 0.01 {
		t.Errorf("%.3f allocations per event, want about none (the buffers are reused)", per)
	}
}

func BenchmarkSSE(b *testing.B) {
	in := strings.Repeat("event: tick\nid: 42\ndata: {\"n\":1,\"text\":\"hello world\"}\n\n", 1000)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewReader(strings.NewReader(in), SSE, 0)
		for {
			if _, err := r.Next(); err != nil {
				break
			}
		}
	}
}

func TestOffset(t *testing.T) {
	r := NewReader(strings.NewReader("data: a\n\n: c\ndata: bb\r\n\r\ndata: x"), SSE, 0)
	for _, want := range []int64{9, 24} {
		if _, err := r.Next(); err != nil {
			t.Fatal(err)
		}
		if got := r.Offset(); got != want {
			t.Errorf("Offset = %d, want %d", got, want)
		}
	}
}
