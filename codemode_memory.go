package toolkit

import (
	"errors"
	"runtime"
	"runtime/metrics"
	"sync"
	"time"
)

// A script's memory. goja makes a string of a + b, an array element or an
// object property one instruction at a time, past every check of the
// built-ins: only the heap shows what a script keeps. Go counts no heap
// per goroutine, so the watchdog reads the process's heap and stops the
// script when what it holds grew past the bound since the script started.
// It reads the heap's objects, live or garbage, as they grow; once they
// grew past the bound, it reads the live heap (what the last garbage
// collection found reachable), collecting first if none ran since: so
// garbage never stops a script, and a script that keeps memory is stopped
// within about the bound plus what it made in one instruction (a + b of
// two strings of the bound is twice the bound) and one poll. The live heap
// at the start is that of the last collection, which may count as live
// what was garbage by then (a previous script's memory, another
// request's): growth counts from the lowest live heap read while the
// script runs, so a script holding memory when the first collection
// after its start finds the heap smaller may keep up to that much more
// than the bound.

// errScriptMemory ends a script that kept too much memory.
var errScriptMemory = errors.New("script kept too much memory")

// memoryPoll is how often the watchdog reads the heap.
const memoryPoll = 2 * time.Millisecond

// heapReading is what the watchdog reads of the heap.
type heapReading struct{ objects, live, cycles uint64 }

func readHeap() heapReading {
	s := [3]metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/live:bytes"}, {Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(s[:])
	var v [3]uint64
	for i := range s {
		if s[i].Value.Kind() == metrics.KindUint64 {
			v[i] = s[i].Value.Uint64()
		}
	}
	return heapReading{objects: v[0], live: v[1], cycles: v[2]}
}

// grew reports whether b - a > limit.
func grew(a, b, limit uint64) bool { return b > a && b-a > limit }

// watchMemory calls over once the heap a script keeps grows by more than
// limit bytes from now, and stops watching when the returned func is
// called (once or more, over calling it too), which returns once a
// reading under way is done and reports whether the script kept too
// much: a script can end while the watchdog collects to read its live
// heap, and that reading counts.
func watchMemory(limit uint64, over func()) (stop func() (kept bool)) {
	base := readHeap()
	// judged is closed before over is called.
	done, exited, judged := make(chan struct{}), make(chan struct{}), make(chan struct{})
	// The first poll starts the loop: a script done sooner (most are)
	// costs a timer, not a goroutine.
	t := time.AfterFunc(memoryPoll, func() {
		defer close(exited)
		tick := time.NewTicker(memoryPoll)
		defer tick.Stop()
		objects := base.objects // past it and the bound, the live heap is read
		for {
			select {
			case <-done:
				return
			default:
			}
			h := readHeap()
			// A live heap lower than the start's: what the collection
			// before the start found live was partly garbage by then (a
			// previous script's, say), and growth counts from the lower.
			base.live = min(base.live, h.live)
			if grew(objects, h.objects, limit) || grew(base.live, h.live, limit) {
				if h.cycles == base.cycles { // no collection since the start: the live heap says nothing yet
					runtime.GC()
					h = readHeap()
				}
				if grew(base.live, h.live, limit) {
					close(judged)
					over()
					return
				}
				objects, base.cycles = h.objects, h.cycles
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	})
	var once sync.Once
	var kept bool
	return func() bool {
		once.Do(func() {
			close(done)
			if !t.Stop() { // the loop started: wait for its reading
				select {
				case <-exited:
				case <-judged: // over may be what called stop
				}
			}
			select {
			case <-judged:
				kept = true
			default:
			}
		})
		return kept
	}
}
