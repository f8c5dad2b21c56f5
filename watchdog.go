package toolkit

import (
	"context"
	"errors"
	"sync"
	"time"
)

// errStepTimeout is the cause a watchdog cancels a request with.
var errStepTimeout = errors.New("step timeout")

// watchdog cancels requests that outlive their deadlines. One timer serves
// every request in flight: it is armed for the earliest deadline and moved
// only when an earlier one arrives, so a request costs a lock and a map
// entry instead of a runtime timer and a timer context of its own, which
// cost about half a microsecond per request.
//
// The zero watchdog is ready to use.
type watchdog struct {
	mu      sync.Mutex
	pending map[*watch]struct{}
	timer   *time.Timer
	armed   time.Time // when timer fires; zero while it is stopped
}

// watch is one request's deadline.
type watch struct {
	deadline time.Time
	cancel   context.CancelCauseFunc
}

// add calls cancel(errStepTimeout) at deadline unless remove comes first.
func (w *watchdog) add(deadline time.Time, cancel context.CancelCauseFunc) *watch {
	x := &watch{deadline: deadline, cancel: cancel}
	w.mu.Lock()
	if w.pending == nil {
		w.pending = make(map[*watch]struct{})
	}
	w.pending[x] = struct{}{}
	if w.armed.IsZero() || deadline.Before(w.armed) {
		w.arm(deadline)
	}
	w.mu.Unlock()
	return x
}

// remove forgets x. The timer stays armed: when it fires with nothing due
// it re-arms for the earliest deadline left, or stops.
func (w *watchdog) remove(x *watch) {
	w.mu.Lock()
	delete(w.pending, x)
	w.mu.Unlock()
}

// arm sets the timer for t; w.mu is held.
func (w *watchdog) arm(t time.Time) {
	w.armed = t
	if w.timer == nil {
		w.timer = time.AfterFunc(time.Until(t), w.fire)
		return
	}
	w.timer.Reset(time.Until(t))
}

// fire cancels the requests that are due and re-arms for the next one.
func (w *watchdog) fire() {
	w.mu.Lock()
	now := time.Now()
	var due []*watch
	var next time.Time
	for x := range w.pending {
		switch {
		case !now.Before(x.deadline):
			due = append(due, x)
			delete(w.pending, x)
		case next.IsZero() || x.deadline.Before(next):
			next = x.deadline
		}
	}
	w.armed = time.Time{}
	if !next.IsZero() {
		w.arm(next)
	}
	w.mu.Unlock()
	for _, x := range due {
		x.cancel(errStepTimeout)
	}
}

// deadlineContext gives a request's context the deadline the watchdog
// enforces, so what reads ctx.Deadline() (a dialer, a host's transport)
// sees it; Done, Err and Value are the wrapped context's.
type deadlineContext struct {
	context.Context
	deadline time.Time
}

// Deadline returns the earlier of the parent's deadline and the watched one.
func (c deadlineContext) Deadline() (time.Time, bool) {
	if d, ok := c.Context.Deadline(); ok && d.Before(c.deadline) {
		return d, true
	}
	return c.deadline, true
}
