package interleave

import (
	"slices"
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

// TestRunAtLeast: RunAtLeast reports the ratio as Run does, over at
// least min rounds whatever b.N.
func TestRunAtLeast(t *testing.T) {
	var now time.Duration
	res := testing.Benchmark(func(b *testing.B) {
		RunAtLeast(b, 7, func() time.Duration { return now }, func() { now += 2 }, func() { now++ })
	})
	if r := res.Extra["ratio"]; r != 2 {
		t.Errorf("ratio %v, want 2", r)
	}
	// Rounds of 20 ms: the benchmark time holds about 50, RunAtLeast
	// times 60 in the one call it takes.
	var rounds []int
	testing.Benchmark(func(b *testing.B) {
		n := 0
		RunAtLeast(b, 60, Wall, func() { n++; time.Sleep(10 * time.Millisecond) }, func() { time.Sleep(10 * time.Millisecond) })
		rounds = append(rounds, n)
	})
	if len(rounds) == 0 || slices.Min(rounds) < 60 {
		t.Errorf("rounds per call %v, want 60 at least each", rounds)
	}
	for _, tt := range []struct{ n, min, want int }{{1, 7, 7}, {20, 7, 20}, {0, 3, 3}} {
		loop, got := atLeast(tt.n, tt.min), 0
		for loop() {
			got++
		}
		if got != tt.want {
			t.Errorf("atLeast(%d, %d) held %d times, want %d", tt.n, tt.min, got, tt.want)
		}
	}
}
