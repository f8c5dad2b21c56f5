package parallel

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

func TestForCallsEachOnce(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 1000} {
		calls := make([]atomic.Int32, n)
		For(n, func(i int) { calls[i].Add(1) })
		for i := range calls {
			if c := calls[i].Load(); c != 1 {
				t.Errorf("n=%d: f(%d) called %d times, want 1", n, i, c)
			}
		}
	}
}

// TestForRunsInParallel checks that two calls are under way at once on
// two Ps: each waits for the other to start.
func TestForRunsInParallel(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	started := make(chan int, 2)
	release := make(chan struct{})
	go func() {
		<-started
		<-started
		close(release)
	}()
	For(2, func(i int) {
		started <- i
		<-release
	})
}

func TestForOneProcRunsOnCaller(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	before := runtime.NumGoroutine()
	var most int
	For(50, func(int) { most = max(most, runtime.NumGoroutine()) })
	if most > before {
		t.Errorf("%d goroutines during For on one P, %d before: want no new ones", most, before)
	}
}

func TestForPanicReachesCaller(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	defer func() {
		if p := recover(); p != "boom" {
			t.Errorf("recovered %v, want boom", p)
		}
	}()
	For(100, func(i int) {
		if i == 3 {
			panic("boom")
		}
	})
	t.Error("For returned after a panic")
}

// TestDoRunsAtOnce: Do's functions run at once on two Ps (each waits for
// the other to start) and Do returns after both.
func TestDoRunsAtOnce(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	var started, done atomic.Int32
	deadline := time.Now().Add(10 * time.Second)
	wait := func() {
		started.Add(1)
		for started.Load() < 2 {
			if time.Now().After(deadline) {
				return // not at once: done stays short
			}
			runtime.Gosched()
		}
		done.Add(1)
	}
	Do(wait, wait)
	if n := done.Load(); n != 2 {
		t.Errorf("%d of 2 functions done when Do returned", n)
	}
}
