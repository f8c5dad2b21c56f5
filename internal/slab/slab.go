// Package slab hands out values from chunks allocated together and kept
// for reuse: memory for trees and lists that a parse or compile builds and
// drops once done, pooled from one file to the next.
package slab

// Pooled is the off switch of slabs: false makes New and List allocate
// each value on the heap, the plain path (Init and Reset then have nothing
// to size or clear). It is kept for the Load10000/cores budget of
// docs/performance.md until that row is measured without it (see its
// "Fast paths"); TestPooledSwitch and yamlscan's TestSlabSwitch compare
// the two paths. Not to be flipped while a slab is in use.
var Pooled = true

// Slab hands out pointers into chunks of Ts, for one allocation a chunk.
// Its zero value is ready: chunks of 8 Ts until Init sizes them.
type Slab[T any] struct {
	buf  []T   // the chunk being handed out; its first len(buf) are in use
	full [][]T // chunks handed out before buf
	grow int   // the size of the chunks after the first
}

// Init readies s for a piece of work: a first chunk of at least first Ts
// (the one kept by Reset, if large enough), then chunks of grow.
func (s *Slab[T]) Init(first, grow int) {
	if !Pooled {
		return
	}
	if cap(s.buf)-len(s.buf) < first {
		s.retire()
		s.buf = make([]T, 0, max(first, 8))
	}
	s.grow = max(grow, 8)
}

// New returns a pointer to a zero T.
func (s *Slab[T]) New() *T {
	if !Pooled {
		return new(T)
	}
	if len(s.buf) == cap(s.buf) {
		s.retire()
		s.buf = make([]T, 0, max(s.grow, 8))
	}
	s.buf = s.buf[:len(s.buf)+1]
	return &s.buf[len(s.buf)-1]
}

// List returns n zero Ts, with no room to append to in place.
func (s *Slab[T]) List(n int) []T {
	if !Pooled {
		return make([]T, n)
	}
	if cap(s.buf)-len(s.buf) < n {
		s.retire()
		s.buf = make([]T, 0, max(s.grow, n))
	}
	l := len(s.buf)
	s.buf = s.buf[:l+n]
	return s.buf[l : l+n : l+n]
}

// Len returns the number of Ts handed out since the last Reset.
func (s *Slab[T]) Len() int {
	n := len(s.buf)
	for _, c := range s.full {
		n += len(c)
	}
	return n
}

// retire moves the current chunk, if any, to the full ones.
func (s *Slab[T]) retire() {
	if cap(s.buf) > 0 {
		s.full = append(s.full, s.buf)
	}
	s.buf = nil
}

// Reset zeroes what s handed out, so that a value kept past it reads as
// zero, not as the next piece of work's (with Pooled off, values are the
// heap's: Reset leaves them as they are, and no later work gets them).
// With keep it keeps one chunk as large as all of them (so work like the
// last needs no allocation); without, nothing.
func (s *Slab[T]) Reset(keep bool) {
	n := s.Len()
	clear(s.buf)
	for _, c := range s.full {
		clear(c)
	}
	switch {
	case !keep:
		s.buf = nil
	case len(s.full) > 0:
		s.buf = make([]T, 0, n)
	}
	s.buf = s.buf[:0]
	clear(s.full)
	s.full = s.full[:0]
}
