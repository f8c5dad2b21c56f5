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
// When full, it drops the least recently used entry: setting and getting
// cost the same whether it holds ten entries or its maximum.
type MemoryCache struct {
	mu      sync.Mutex
	entries map[string]*cacheNode
	lru     cacheNode // sentinel: lru.next is the most recently used
	max     int
	now     func() time.Time
}

type memoryEntry struct {
	value   []byte
	vars    any // decoded variables, shared read-only by the calls that hit
	expires time.Time
}

// cacheNode is an entry in the recency list.
type cacheNode struct {
	key        string
	entry      memoryEntry
	prev, next *cacheNode
}

// NewMemoryCache returns a MemoryCache holding at most 10,000 entries.
func NewMemoryCache() *MemoryCache {
	return newMemoryCache(10000)
}

func newMemoryCache(max int) *MemoryCache {
	c := &MemoryCache{entries: map[string]*cacheNode{}, max: max, now: time.Now}
	c.lru.prev, c.lru.next = &c.lru, &c.lru
	return c
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
	n, ok := c.entries[key]
	if !ok {
		return memoryEntry{}, false
	}
	if !c.now().Before(n.entry.expires) {
		c.remove(n)
		return memoryEntry{}, false
	}
	c.unlink(n)
	c.pushFront(n)
	return n.entry, true
}

// Set stores value under key for ttl. When full, the least recently used
// entry is dropped.
func (c *MemoryCache) Set(key string, value []byte, ttl time.Duration) {
	c.set(key, memoryEntry{value: value}, ttl)
}

func (c *MemoryCache) set(key string, e memoryEntry, ttl time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e.expires = c.now().Add(ttl)
	if n, ok := c.entries[key]; ok {
		n.entry = e
		c.unlink(n)
		c.pushFront(n)
		return
	}
	if len(c.entries) >= c.max {
		c.remove(c.lru.prev)
	}
	n := &cacheNode{key: key, entry: e}
	c.entries[key] = n
	c.pushFront(n)
}

func (c *MemoryCache) remove(n *cacheNode) {
	c.unlink(n)
	delete(c.entries, n.key)
}

func (c *MemoryCache) unlink(n *cacheNode) {
	n.prev.next, n.next.prev = n.next, n.prev
}

func (c *MemoryCache) pushFront(n *cacheNode) {
	n.prev, n.next = &c.lru, c.lru.next
	c.lru.next.prev = n
	c.lru.next = n
}
