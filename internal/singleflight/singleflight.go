// Package singleflight lets concurrent callers that miss one key share a fetch
// within the process: the first caller leads the fetch, the others wait
// for the value it publishes. Unlike x/sync/singleflight, a waiting
// caller can leave when its context ends (it selects on Done), and the
// fetch runs on the leader's goroutine, with its call's state.
package singleflight

import "sync"

// Group is the fetches under way, by key. The zero value is ready to use;
// it is safe for concurrent use.
type Group[V any] struct {
	mu sync.Mutex
	m  map[string]*Call[V]
}

// Call is a fetch under way. Its leader sets Value before Finish; the
// others read it once Done is closed.
type Call[V any] struct {
	Value V
	key   string
	done  chan struct{}
}

// Join returns the fetch of key under way (lead false), or starts one
// that the caller leads (lead true) and must end with Finish.
func (g *Group[V]) Join(key string) (c *Call[V], lead bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if other := g.m[key]; other != nil {
		return other, false
	}
	if g.m == nil {
		g.m = map[string]*Call[V]{}
	}
	c = &Call[V]{key: key, done: make(chan struct{})}
	g.m[key] = c
	return c, true
}

// Done is closed when the fetch's leader has finished it.
func (c *Call[V]) Done() <-chan struct{} { return c.done }

// Finish ends the fetch c, which the caller leads: the next Join of its
// key starts another, and the callers waiting read c.Value.
func (g *Group[V]) Finish(c *Call[V]) {
	g.mu.Lock()
	delete(g.m, c.key)
	g.mu.Unlock()
	close(c.done)
}
