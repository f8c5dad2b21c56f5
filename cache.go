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
// entries or its maximum, and whatever the number of scopes (lru.Scoped).
// Its methods never fail.
type MemoryCache struct {
	mu  sync.Mutex
	m   lru.Scoped[scopeID, string, memoryEntry]
	now func() time.Time
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

// NewMemoryCache returns a MemoryCache holding at most 10,000 entries.
func NewMemoryCache() *MemoryCache {
	return newMemoryCache(10000)
}

func newMemoryCache(max int) *MemoryCache {
	return &MemoryCache{m: lru.Scoped[scopeID, string, memoryEntry]{Max: max}, now: time.Now}
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
	e, ok := c.m.Get(k.scope, k.key)
	if ok && !c.now().Before(e.expires) {
		c.m.Delete(k.scope, k.key)
		return memoryEntry{}, false
	}
	return e, ok
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
	c.m.Delete(scopeOf(ctx), key)
	return nil
}

// CompareAndDelete drops the entry under key in ctx's scope only while
// its value (as Get returns it) is old: a host that wraps a MemoryCache in
// a Cache of its own can pass the conditional delete on (CompareDeleter).
func (c *MemoryCache) CompareAndDelete(ctx context.Context, key string, old []byte) (bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := scopeOf(ctx)
	e, ok := c.m.Peek(s, key)
	switch {
	case !ok:
		return false, nil
	case !c.now().Before(e.expires):
		c.m.Delete(s, key)
		return false, nil
	}
	value := e.value
	if value == nil && e.vars != nil {
		value, _ = json.Marshal(e.vars)
	}
	if !bytes.Equal(value, old) {
		return false, nil
	}
	c.m.Delete(s, key)
	return true, nil
}

// set stores e under k for ttl.
func (c *MemoryCache) set(k memoryKey, e memoryEntry, ttl time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e.expires = c.now().Add(ttl)
	c.m.Put(k.scope, k.key, e)
}
