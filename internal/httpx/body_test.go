package httpx

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
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
			got, err := ReadBody(tt.r, tt.size, tt.max)
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
		ReadBody(strings.NewReader(body), size, 10<<20) // warm the chunk pool
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		const reads = 5
		for range reads {
			got, err := ReadBody(strings.NewReader(body), size, 10<<20)
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
