package toolkit

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestReadBody(t *testing.T) {
	long := strings.Repeat("0123456789", 300) // 3,000 bytes: past the first buffer
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
		{"error", io.MultiReader(strings.NewReader("hel"), iotest.ErrReader(boom)), 5, 10, "", boom},
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
