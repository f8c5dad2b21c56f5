// Package interleave times a function beside its baseline in alternating
// rounds within one benchmark, so that a shared machine whose speed drifts
// moves both sides of a round alike.
package interleave

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// Clock reads a time that only goes forward: Wall, or CPU.
type Clock func() time.Duration

// Wall reads the monotonic clock.
func Wall() time.Duration { return time.Since(epoch) }

var epoch = time.Now()

// Run measures two functions in alternation: each b.N iteration is one
// round of `calls` calls of each, in random order, timed apart by clock.
// It reports the median per-round time of one call of toolkit as ns/op and
// the median of the per-round ratios toolkit/baseline as "ratio".
func Run(b *testing.B, calls int, clock Clock, toolkit, baseline func()) {
	RunAround(b, calls, clock, toolkit, baseline, nil)
}

// RunAround is Run with around, when not nil, called with each side's
// timed run of a round (side 0 is toolkit), which it must call once: to
// measure what the timing leaves out (allocations, say).
func RunAround(b *testing.B, calls int, clock Clock, toolkit, baseline func(), around func(side int, run func())) {
	run(b, calls, clock, [2]func(int){repeat(toolkit), repeat(baseline)}, around)
}

// RunBatch is Run for sides that make n calls themselves: in another
// process, say, asked once a round.
func RunBatch(b *testing.B, calls int, clock Clock, toolkit, baseline func(n int)) {
	run(b, calls, clock, [2]func(int){toolkit, baseline}, nil)
}

// RunAtLeast is Run (one call a side a round) for rounds so slow that the
// benchmark time holds few of them: it times at least min rounds, whatever
// b.N, so that the median ratio is that of enough rounds.
func RunAtLeast(b *testing.B, min int, clock Clock, toolkit, baseline func()) {
	runLoop(b, atLeast(b.N, min), 1, clock, [2]func(int){repeat(toolkit), repeat(baseline)}, nil)
}

// atLeast returns a loop condition that holds max(n, min) times.
func atLeast(n, min int) func() bool {
	rounds := 0
	return func() bool {
		rounds++
		return rounds <= max(n, min)
	}
}

func run(b *testing.B, calls int, clock Clock, sides [2]func(int), around func(side int, run func())) {
	runLoop(b, b.Loop, calls, clock, sides, around)
}

// runLoop times a round each time loop says so.
func runLoop(b *testing.B, loop func() bool, calls int, clock Clock, sides [2]func(int), around func(side int, run func())) {
	var ratios, times []float64
	for loop() {
		var el [2]time.Duration
		for _, i := range rand.Perm(2) {
			timed := func() {
				start := clock()
				sides[i](calls)
				el[i] = clock() - start
			}
			if around != nil {
				around(i, timed)
			} else {
				timed()
			}
		}
		ratios = append(ratios, float64(el[0])/float64(el[1]))
		times = append(times, float64(el[0].Nanoseconds())/float64(calls))
	}
	b.ReportMetric(median(times), "ns/op")
	b.ReportMetric(median(ratios), "ratio")
}

func repeat(f func()) func(int) {
	return func(n int) {
		for range n {
			f()
		}
	}
}

func median(xs []float64) float64 {
	slices.Sort(xs)
	return xs[len(xs)/2]
}
