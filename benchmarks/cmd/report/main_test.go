package main

import (
	"strings"
	"testing"
)

func TestReport(t *testing.T) {
	in := `goos: linux
cpu: Test CPU
BenchmarkChain/toolkit-2         	 1000	 120000 ns/op	 2000 B/op	 250 allocs/op
BenchmarkChain/handwritten-2     	 1000	 100000 ns/op	 1000 B/op	 200 allocs/op
BenchmarkChain/toolkit-2         	 1000	 140000 ns/op	 2000 B/op	 250 allocs/op
BenchmarkChain/handwritten-2     	 1000	 100000 ns/op	 1000 B/op	 200 allocs/op
BenchmarkChain/toolkit-2         	 1000	 110000 ns/op	 2000 B/op	 250 allocs/op
BenchmarkChain/handwritten-2     	 1000	 100000 ns/op	 1000 B/op	 200 allocs/op
BenchmarkOther-2                 	 1000	 5 ns/op
`
	var out strings.Builder
	if err := report(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"cpu: Test CPU", "Chain (vs handwritten)", "120.0µs", "100.0µs", "1.20x", "1.25x"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	if err := report(strings.NewReader("BenchmarkX-2 1 5 ns/op\n"), &out); err == nil {
		t.Error("no pairs: want an error")
	}
}
