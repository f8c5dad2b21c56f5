// Package parallel runs independent pieces of work on every core.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// For calls f(i) for every i in [0, n) on up to GOMAXPROCS goroutines (the
// caller's among them) and returns when all calls have. The calls must be
// independent; each i is handed out once, in ascending order. A panic in
// f is raised again on the caller's goroutine once the other calls are
// done (the first one, if several panic).
func For(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var (
		next     atomic.Int64
		wg       sync.WaitGroup
		panicked atomic.Pointer[any]
	)
	work := func() {
		defer func() {
			if p := recover(); p != nil {
				panicked.CompareAndSwap(nil, &p)
				next.Store(int64(n)) // hand out nothing more
			}
		}()
		for {
			i := int(next.Add(1) - 1)
			if i >= n {
				return
			}
			f(i)
		}
	}
	for range workers - 1 {
		wg.Go(work)
	}
	work()
	wg.Wait()
	if p := panicked.Load(); p != nil {
		panic(*p)
	}
}

// Do calls fs at once, on up to GOMAXPROCS goroutines, and returns when
// all have returned (as For does, panics included).
func Do(fs ...func()) {
	For(len(fs), func(i int) { fs[i]() })
}
