// Package decoded keeps, decoded, the values a process stored in a store
// as encoded bytes, for as long as they live: when the store hands back
// the bytes stored, a hit costs no decoding (package toolkit's variables
// kept across calls). Bounded on the internal recency list, in entries
// (MaxEntries) and in the bytes of their encoding (MaxBytes).
package decoded

import (
	"bytes"
	"sync"
	"time"

	"github.com/toolkit-sdk/toolkit/internal/lru"
)

// MaxEntries and MaxBytes bound a Cache: past them a hit decodes its
// entry. An entry whose encoding is longer than MaxBytes/16 is never kept
// decoded: a hostile API answering megabytes under many keys costs the
// process no more than that.
const (
	MaxEntries = 4096
	MaxBytes   = 16 << 20
)

// Cache is the values stored under K, decoded, with the bytes they were
// stored as. The zero value is ready to use; it is safe for concurrent
// use. Its values are shared read-only by the callers that hit.
type Cache[K comparable, V any] struct {
	mu    sync.Mutex
	m     lru.Map[K, entry[V]]
	bytes int // the length of the encodings of the entries held
}

type entry[V any] struct {
	data    []byte
	v       V
	expires time.Time
}

// Put keeps v, stored as data, under k for ttl, dropping the least
// recently used entries past the bounds; an entry too long to keep only
// drops the one under k.
func (c *Cache[K, V]) Put(k K, data []byte, v V, ttl time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.delete(k) // replaced, or too long to keep
	if len(data) > MaxBytes/16 {
		return
	}
	for c.m.Len() >= MaxEntries || c.m.Len() > 0 && c.bytes+len(data) > MaxBytes {
		old, _, _ := c.m.Oldest()
		c.delete(old)
	}
	c.m.Max = MaxEntries
	c.m.Put(k, entry[V]{data: data, v: v, expires: time.Now().Add(ttl)})
	c.bytes += len(data)
}

// delete drops the entry under k, if any; the caller holds c.mu.
func (c *Cache[K, V]) delete(k K) {
	if e, ok := c.m.Get(k); ok {
		c.m.Delete(k)
		c.bytes -= len(e.data)
	}
}

// Lookup returns the value kept under k if data is what it was stored as
// and it has not expired.
func (c *Cache[K, V]) Lookup(k K, data []byte) (v V, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m.Get(k)
	switch {
	case !ok:
		return v, false
	case !time.Now().Before(e.expires):
		c.delete(k)
		return v, false
	case !bytes.Equal(e.data, data):
		return v, false
	}
	return e.v, true
}

// Drop forgets the value kept under k; with held not nil, only while it
// was stored as held.
func (c *Cache[K, V]) Drop(k K, held []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m.Get(k); ok && (held == nil || bytes.Equal(e.data, held)) {
		c.delete(k)
	}
}

// Len returns the number of entries kept.
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m.Len()
}

// Bytes returns the length of the encodings of the entries kept.
func (c *Cache[K, V]) Bytes() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}
