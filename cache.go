package toolkit

import (
	"bytes"
	"context"
	"encoding/json"
	"sync"
	"time"

	"github.com/toolkit-sdk/toolkit/internal/lru"
)

// Cache keeps extracted variables of `cache: {ttl: N}` steps across calls.
// Keys are opaque (a capability name and a hash of the request); values
// are the variables as JSON and may hold credentials (a token a step
// fetched), so a shared store must be private to the host.
//
// Every method gets the call's context: its deadline bounds the store's
// work, and CacheScope(ctx) is the call's scope (WithCacheScope), which a
// store shared by tenants must make part of the key. A store that fails
// (an error from any method) never fails the call: the step fetches as if
// it had missed, and the Executor logs the failure once until the store
// answers again. Implementations must be safe for concurrent use.
type Cache interface {
	// Get returns the value stored under key; ok is false on a miss.
	Get(ctx context.Context, key string) (value []byte, ok bool, err error)
	// Set stores value under key for ttl.
	Set(ctx context.Context, key string, value []byte, ttl time.Duration) error
	// Delete drops the entry under key, if any: the credential it holds
	// was refused (see docs/yaml.md on 401 responses). A Cache that also
	// implements CompareDeleter gets CompareAndDelete instead.
	Delete(ctx context.Context, key string) error
}

// CompareDeleter is a Cache that drops an entry only while it holds a
// given value. After a 401 to a credential read from the Cache, the
// Executor calls CompareAndDelete with the value it read, so a call that
// got its 401 late keeps the fresh entry another call (or replica) has
// stored since; with a Cache that lacks it, the Executor calls Delete.
type CompareDeleter interface {
	// CompareAndDelete drops the entry under key if its value (as Get
	// returns it) is old, atomically; deleted reports whether it did.
	CompareAndDelete(ctx context.Context, key string, old []byte) (deleted bool, err error)
}

type cacheScopeKey struct{}

// WithCacheScope sets the call's cache scope: entries kept across calls
// (`cache: {ttl}`) are shared only by calls of the same scope. A host
// serving several tenants passes the tenant with every call; a store
// shared between them (package rediscache) refuses calls without one.
func WithCacheScope(scope string) CallOption {
	return func(o *callOptions) { o.cacheScope, o.hasCacheScope = scope, true }
}

// CacheScope returns the cache scope of the call ctx belongs to (see
// WithCacheScope); ok is false when the host passed none.
func CacheScope(ctx context.Context) (scope string, ok bool) {
	scope, ok = ctx.Value(cacheScopeKey{}).(string)
	return scope, ok
}

// withCacheScope returns ctx carrying the call's scope, if it has one.
func (o *callOptions) withCacheScope(ctx context.Context) context.Context {
	if !o.hasCacheScope {
		return ctx
	}
	return context.WithValue(ctx, cacheScopeKey{}, o.cacheScope)
}

// MemoryCache is an in-process Cache with expiry, bounded in entries in
// total and per cache scope. Entries are kept per scope (the empty scope
// is one, apart from calls without a scope), each scope in its own
// recency order. When full, it drops the least recently used
// entry of the scope that holds the most entries (the scope storing, on a
// tie): one scope's churn never drops the entries of a scope that holds
// fewer than it does, so a scope holding at most its share (the maximum
// divided by the number of scopes) keeps its entries however many another
// scope stores. Setting and getting cost the same whether it holds ten
// entries or its maximum, and whatever the number of scopes. Its methods
// never fail.
type MemoryCache struct {
	mu      sync.Mutex
	entries map[memoryKey]*cacheNode
	scopes  map[scopeID]*cacheScope
	bySize  map[int]*cacheScope // n -> the first of the scopes holding n entries
	largest int                 // the most entries a scope holds
	max     int
	now     func() time.Time
}

// cacheScope is a scope's entries in recency order, and its place among
// the scopes of its size.
type cacheScope struct {
	id         scopeID
	lru        lru.List[cacheItem]
	n          int
	prev, next *cacheScope // among the scopes holding n entries
}

// memoryKey is an entry's key within its scope.
type memoryKey struct {
	scope scopeID
	key   string
}

// scopeID is a cache scope: a call without one (scoped false) does not
// share the entries of a call whose host passed the empty scope.
type scopeID struct {
	name   string
	scoped bool
}

// scopeOf is ctx's cache scope.
func scopeOf(ctx context.Context) scopeID {
	name, ok := CacheScope(ctx)
	return scopeID{name, ok}
}

type memoryEntry struct {
	value   []byte
	vars    any // decoded, for the package's own stores (NewMemoryExports)
	expires time.Time
}

// cacheNode is an entry in its scope's recency list.
type cacheNode = lru.Node[cacheItem]

type cacheItem struct {
	key   memoryKey
	entry memoryEntry
	scope *cacheScope
}

// NewMemoryCache returns a MemoryCache holding at most 10,000 entries.
func NewMemoryCache() *MemoryCache {
	return newMemoryCache(10000)
}

func newMemoryCache(max int) *MemoryCache {
	return &MemoryCache{entries: map[memoryKey]*cacheNode{}, scopes: map[scopeID]*cacheScope{}, bySize: map[int]*cacheScope{}, max: max, now: time.Now}
}

// Get returns the value stored under key in ctx's scope if it has not
// expired.
func (c *MemoryCache) Get(ctx context.Context, key string) ([]byte, bool, error) {
	e, ok := c.get(memoryKey{scopeOf(ctx), key})
	if ok && e.value == nil && e.vars != nil {
		e.value, _ = json.Marshal(e.vars)
	}
	return e.value, ok, nil
}

func (c *MemoryCache) get(k memoryKey) (memoryEntry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n, ok := c.entries[k]
	if !ok {
		return memoryEntry{}, false
	}
	if !c.now().Before(n.Value.entry.expires) {
		c.remove(n)
		return memoryEntry{}, false
	}
	n.Value.scope.lru.MoveToFront(n)
	return n.Value.entry, true
}

// Set stores value under key in ctx's scope for ttl. When full, the least
// recently used entry of the scope holding the most entries is dropped
// (see MemoryCache).
func (c *MemoryCache) Set(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	c.set(memoryKey{scopeOf(ctx), key}, memoryEntry{value: value}, ttl)
	return nil
}

// Delete drops the entry under key in ctx's scope.
func (c *MemoryCache) Delete(ctx context.Context, key string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if n, ok := c.entries[memoryKey{scopeOf(ctx), key}]; ok {
		c.remove(n)
	}
	return nil
}

// CompareAndDelete drops the entry under key in ctx's scope only while
// its value (as Get returns it) is old: a host that wraps a MemoryCache in
// a Cache of its own can pass the conditional delete on (CompareDeleter).
func (c *MemoryCache) CompareAndDelete(ctx context.Context, key string, old []byte) (bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n, ok := c.entries[memoryKey{scopeOf(ctx), key}]
	switch {
	case !ok:
		return false, nil
	case !c.now().Before(n.Value.entry.expires):
		c.remove(n)
		return false, nil
	}
	value := n.Value.entry.value
	if value == nil && n.Value.entry.vars != nil {
		value, _ = json.Marshal(n.Value.entry.vars)
	}
	if !bytes.Equal(value, old) {
		return false, nil
	}
	c.remove(n)
	return true, nil
}

// set stores e under k for ttl.
func (c *MemoryCache) set(k memoryKey, e memoryEntry, ttl time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e.expires = c.now().Add(ttl)
	if n, ok := c.entries[k]; ok {
		n.Value.entry = e
		n.Value.scope.lru.MoveToFront(n)
		return
	}
	if len(c.entries) >= c.max && c.largest > 0 {
		victim := c.bySize[c.largest]
		if s := c.scopes[k.scope]; s != nil && s.n == c.largest {
			victim = s
		}
		c.remove(victim.lru.Back())
	}
	s := c.scopes[k.scope]
	if s == nil {
		s = &cacheScope{id: k.scope}
		c.scopes[k.scope] = s
	}
	n := &cacheNode{Value: cacheItem{key: k, entry: e, scope: s}}
	c.entries[k] = n
	s.lru.PushFront(n)
	c.resize(s, s.n+1)
}

func (c *MemoryCache) remove(n *cacheNode) {
	s := n.Value.scope
	s.lru.Remove(n)
	delete(c.entries, n.Value.key)
	c.resize(s, s.n-1)
	if s.n == 0 {
		delete(c.scopes, s.id)
	}
}

// resize moves scope s, holding s.n entries, to the scopes holding n
// (s.n±1), and keeps c.largest.
func (c *MemoryCache) resize(s *cacheScope, n int) {
	from := s.n
	if from > 0 {
		switch {
		case s.prev != nil:
			s.prev.next = s.next
		default:
			c.bySize[from] = s.next
		}
		if s.next != nil {
			s.next.prev = s.prev
		}
		if c.bySize[from] == nil {
			delete(c.bySize, from)
		}
		s.prev, s.next = nil, nil
	}
	s.n = n
	if n > 0 {
		if head := c.bySize[n]; head != nil {
			head.prev = s
			s.next = head
		}
		c.bySize[n] = s
	}
	switch {
	case n > c.largest:
		c.largest = n
	case from == c.largest && c.bySize[from] == nil:
		c.largest = n // n is from-1: s holds it, or no scope holds anything
	}
}
