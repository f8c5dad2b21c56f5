// Package watchdog calls functions at deadlines with one runtime timer
// for all of them.
package watchdog

import (
	"slices"
	"sync"
	"time"
)

// Watchdog calls each added function with its cause at its deadline,
// unless it is removed first, in deadline order. One timer serves every watch: it is armed
// for the earliest deadline and moved only when an earlier one arrives,
// so a watch costs a lock and a link in a list instead of a runtime timer
// and a timer context of its own (about half a microsecond each).
//
// The zero Watchdog is ready to use.
type Watchdog struct {
	mu      sync.Mutex
	pending *Watch // the watches not yet due or removed, linked by next
	timer   *time.Timer
	armed   time.Time // when timer fires; zero while it is stopped
}

// Watch is one deadline.
type Watch struct {
	deadline   time.Time
	fn         func(cause error)
	cause      error
	prev, next *Watch
	linked     bool // in pending
}

// Add calls fn(cause) at deadline unless Remove comes first. fn runs on
// the timer's goroutine and must not block.
func (w *Watchdog) Add(deadline time.Time, fn func(cause error), cause error) *Watch {
	x := new(Watch)
	w.Start(x, deadline, fn, cause)
	return x
}

// Start is Add for a Watch the caller holds (in a struct of its own, to
// save an allocation); x must not be started again until it is removed.
func (w *Watchdog) Start(x *Watch, deadline time.Time, fn func(cause error), cause error) {
	*x = Watch{deadline: deadline, fn: fn, cause: cause}
	w.mu.Lock()
	w.link(x)
	if w.armed.IsZero() || deadline.Before(w.armed) {
		w.arm(deadline)
	}
	w.mu.Unlock()
}

// Remove forgets x and reports whether that was in time: false means x's
// function has been called or is being called. The timer stays armed:
// when it fires with nothing due it re-arms for the earliest deadline
// left, or stops.
func (w *Watchdog) Remove(x *Watch) bool {
	w.mu.Lock()
	ok := x.linked
	if ok {
		w.unlink(x)
	}
	w.mu.Unlock()
	return ok
}

// link adds x to the pending list; w.mu is held.
func (w *Watchdog) link(x *Watch) {
	x.prev, x.next, x.linked = nil, w.pending, true
	if w.pending != nil {
		w.pending.prev = x
	}
	w.pending = x
}

// unlink takes x out of the pending list; w.mu is held.
func (w *Watchdog) unlink(x *Watch) {
	if x.prev != nil {
		x.prev.next = x.next
	} else {
		w.pending = x.next
	}
	if x.next != nil {
		x.next.prev = x.prev
	}
	x.prev, x.next, x.linked = nil, nil, false
}

// arm sets the timer for t; w.mu is held.
func (w *Watchdog) arm(t time.Time) {
	w.armed = t
	if w.timer == nil {
		w.timer = time.AfterFunc(time.Until(t), w.fire)
		return
	}
	w.timer.Reset(time.Until(t))
}

// fire calls the functions that are due and re-arms for the next one.
func (w *Watchdog) fire() {
	w.mu.Lock()
	now := time.Now()
	var due []*Watch
	var next time.Time
	for x := w.pending; x != nil; {
		after := x.next
		switch {
		case !now.Before(x.deadline):
			due = append(due, x)
			w.unlink(x)
		case next.IsZero() || x.deadline.Before(next):
			next = x.deadline
		}
		x = after
	}
	w.armed = time.Time{}
	if !next.IsZero() {
		w.arm(next)
	}
	w.mu.Unlock()
	// A timer that fired late finds several due: they are called in
	// deadline order all the same.
	slices.SortFunc(due, func(a, b *Watch) int { return a.deadline.Compare(b.deadline) })
	for _, x := range due {
		x.fn(x.cause)
	}
}
