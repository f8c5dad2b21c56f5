package interleave

import (
	"testing"
	"time"
)

func TestClocksAdvance(t *testing.T) {
	clocks := map[string]Clock{"Wall": Wall, "CPU": CPU}
	for name, c := range clocks {
		if c == nil {
			continue
		}
		start := c()
		for deadline := time.Now().Add(20 * time.Millisecond); time.Now().Before(deadline); {
		}
		if d := c() - start; d <= 0 {
			t.Errorf("%s: %v after 20 ms of work", name, d)
		}
	}
}

// TestRunReportsRatio runs sides that advance a fake clock by 3 and by 1.
func TestRunReportsRatio(t *testing.T) {
	var now time.Duration
	clock := func() time.Duration { return now }
	res := testing.Benchmark(func(b *testing.B) {
		Run(b, 2, clock, func() { now += 3 }, func() { now++ })
	})
	if r, ns := res.Extra["ratio"], res.Extra["ns/op"]; r != 3 || ns != 3 {
		t.Errorf("ratio %v, ns/op %v; want 3 and 3", r, ns)
	}
}

// TestRunAround checks that around wraps each side's timed run once.
func TestRunAround(t *testing.T) {
	var now time.Duration
	var runs [2]int
	testing.Benchmark(func(b *testing.B) {
		RunAround(b, 1, func() time.Duration { return now }, func() { now += 2 }, func() { now++ }, func(side int, run func()) {
			runs[side]++
			run()
		})
	})
	if runs[0] == 0 || runs[0] != runs[1] {
		t.Errorf("around ran %v times per side, want the same non-zero number", runs)
	}
}
