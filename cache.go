package toolkit

import (
	"encoding/json"
	"sync"
	"time"
)

// Cache keeps extracted variables of `cache: {ttl: N}` steps across calls.
// Keys are opaque hashes; values are the variables as JSON and may hold
// credentials (a token a step fetched), so a shared store must be private
// to the host. Implementations must be safe for concurrent use.
type Cache interface {
	Get(key string) ([]byte, bool)
	Set(key string, value []byte, ttl time.Duration)
}

// MemoryCache is an in-process Cache with expiry, bounded in entries.
type MemoryCache struct {
	mu      sync.Mutex
	entries map[string]memoryEntry
	max     int
	now     func() time.Time
}

type memoryEntry struct {
	value   []byte
	vars    any // decoded variables, shared read-only by the calls that hit
	expires time.Time
}

// NewMemoryCache returns a MemoryCache holding at most 10,000 entries.
func NewMemoryCache() *MemoryCache {
	return &MemoryCache{entries: map[string]memoryEntry{}, max: 10000, now: time.Now}
}

// Get returns the value stored under key if it has not expired.
func (c *MemoryCache) Get(key string) ([]byte, bool) {
	e, ok := c.get(key)
	if ok && e.value == nil && e.vars != nil {
		e.value, _ = json.Marshal(e.vars)
	}
	return e.value, ok
}

func (c *MemoryCache) get(key string) (memoryEntry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	if !ok {
		return memoryEntry{}, false
	}
	if !c.now().Before(e.expires) {
		delete(c.entries, key)
		return memoryEntry{}, false
	}
	return e, true
}

// Set stores value under key for ttl. When full, expired entries are
// dropped first, then arbitrary ones.
func (c *MemoryCache) Set(key string, value []byte, ttl time.Duration) {
	c.set(key, memoryEntry{value: value}, ttl)
}

func (c *MemoryCache) set(key string, e memoryEntry, ttl time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	if _, ok := c.entries[key]; !ok && len(c.entries) >= c.max {
		for k, e := range c.entries {
			if !now.Before(e.expires) {
				delete(c.entries, k)
			}
		}
		for k := range c.entries {
			if len(c.entries) < c.max {
				break
			}
			delete(c.entries, k)
		}
	}
	e.expires = now.Add(ttl)
	c.entries[key] = e
}
