// Package health keeps the state of a store asked on every call (the
// Executor's Cache): a failing store is reported once until it answers
// again, and asked again once per RetryInterval, so that a store that is
// down costs the calls nothing in between.
package health

import (
	"sync/atomic"
	"time"
)

// RetryInterval is how often a failing store is tried again; in between,
// callers go without it.
const RetryInterval = time.Second

// Store is the health of a store; the zero value is a store that answers.
// It is safe for concurrent use.
type Store struct {
	failing atomic.Bool
	retryAt atomic.Int64     // UnixNano when a failing store is tried again
	Now     func() time.Time // the clock; nil is time.Now
}

func (h *Store) clock() int64 {
	if h.Now != nil {
		return h.Now().UnixNano()
	}
	return time.Now().UnixNano()
}

// Usable reports whether the store may be asked: always, unless it is
// failing; then once per RetryInterval (to one caller).
func (h *Store) Usable() bool {
	if !h.failing.Load() {
		return true
	}
	at, now := h.retryAt.Load(), h.clock()
	return now >= at && h.retryAt.CompareAndSwap(at, now+int64(RetryInterval))
}

// Answered records that the store answered; recovered reports that it
// was failing until now (once, to one caller).
func (h *Store) Answered() (recovered bool) {
	return h.failing.Load() && h.failing.Swap(false)
}

// Failed records that the store failed: it is tried again after
// RetryInterval; first reports that it was answering until now.
func (h *Store) Failed() (first bool) {
	h.retryAt.Store(h.clock() + int64(RetryInterval))
	return !h.failing.Swap(true)
}
