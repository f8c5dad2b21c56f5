package eventstream

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
)

// referenceSSE is the standard's algorithm written as plainly as it reads,
// on the whole stream at once: the twin the Reader is fuzzed against.
func referenceSSE(in string) []ev {
	in = strings.TrimPrefix(in, "\uFEFF")
	// Lines: CRLF, LF or CR; the text after the last terminator is no line.
	in = strings.ReplaceAll(in, "\r\n", "\n")
	in = strings.ReplaceAll(in, "\r", "\n")
	lines := strings.Split(in, "\n")
	lines = lines[:len(lines)-1]
	var out []ev
	var data, typ strings.Builder
	lastID := ""
	hasData := false
	for _, line := range lines {
		switch {
		case line == "":
			if !hasData {
				typ.Reset()
				data.Reset()
				continue
			}
			d := strings.TrimSuffix(data.String(), "\n")
			tp := typ.String()
			if tp == "" {
				tp = "message"
			}
			out = append(out, ev{tp, lastID, d})
			typ.Reset()
			data.Reset()
			hasData = false
			continue
		case line[0] == ':':
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "event":
			typ.Reset()
			typ.WriteString(value)
		case "data":
			data.WriteString(value + "\n")
			hasData = true
		case "id":
			if !strings.Contains(value, "\x00") {
				lastID = value
			}
		}
	}
	return out
}

func FuzzSSE(f *testing.F) {
	for _, s := range []string{
		"data: hello\n\n", "event: a\r\ndata: 1\r\ndata: 2\r\n\r\n", "\uFEFFid: 3\rdata\r\r",
		": c\nretry: 10\ndata: x\n\n", "data: a\n\ndata: b", "id: a\x00b\ndata: x\n\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		want := referenceSSE(in)
		for _, chunked := range []bool{false, true} {
			var src io.Reader = strings.NewReader(in)
			if chunked {
				src = iotest.OneByteReader(src)
			}
			got, err := all(src, SSE, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("chunked=%v %q (-reference +reader):\n%s", chunked, in, diff)
			}
		}
		// Under a small bound: events or ErrEventTooLarge, never more.
		got, err := all(strings.NewReader(in), SSE, 16)
		if err != nil && !errors.Is(err, ErrEventTooLarge) {
			t.Fatal(err)
		}
		for _, e := range got {
			if len(e.Data)+len(e.Type)+len(e.ID) > 16+len("message") {
				t.Fatalf("event %+v over the bound", e)
			}
		}
	})
}

func FuzzNDJSON(f *testing.F) {
	f.Add("1\n2\r\n\n{\"a\":[1]}")
	f.Fuzz(func(t *testing.T, in string) {
		a, errA := all(strings.NewReader(in), NDJSON, 1<<20)
		b, errB := all(iotest.OneByteReader(strings.NewReader(in)), NDJSON, 1<<20)
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		if diff := cmp.Diff(a, b); diff != "" {
			t.Fatalf("whole vs one byte at a time:\n%s", diff)
		}
		for _, e := range a {
			if strings.TrimSpace(e.Data) == "" || strings.ContainsAny(e.Data, "\r\n") {
				t.Fatalf("line %q", e.Data)
			}
		}
	})
}
