package toolkit

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestMemoryCacheEviction: a full cache drops its least recently used
// entry, a get counts as a use, and expired entries are gone.
func TestMemoryCacheEviction(t *testing.T) {
	ctx := context.Background()
	c := newMemoryCache(3)
	now := time.Unix(1000, 0)
	c.now = func() time.Time { return now }
	for _, k := range []string{"a", "b", "c"} {
		c.Set(ctx, k, []byte(k), time.Minute)
	}
	c.Get(ctx, "a")                         // a is now the most recently used
	c.Set(ctx, "d", []byte("d"), time.Hour) // drops b
	c.Set(ctx, "c", []byte("c2"), time.Minute)
	c.Set(ctx, "e", []byte("e"), time.Hour) // drops a: c was set again after it
	have := func() map[string]string {
		out := map[string]string{}
		for _, k := range []string{"a", "b", "c", "d", "e"} {
			if v, ok, _ := c.Get(ctx, k); ok {
				out[k] = string(v)
			}
		}
		return out
	}
	if diff := cmp.Diff(map[string]string{"c": "c2", "d": "d", "e": "e"}, have()); diff != "" {
		t.Errorf("entries (-want +got):\n%s", diff)
	}
	now = now.Add(2 * time.Minute)
	if diff := cmp.Diff(map[string]string{"d": "d", "e": "e"}, have()); diff != "" {
		t.Errorf("after expiry (-want +got):\n%s", diff)
	}
	if len(c.entries) != 2 {
		t.Errorf("%d entries kept", len(c.entries))
	}
}

// BenchmarkMemoryCacheSet sets new keys into an empty and into a full
// cache: with eviction O(1) the two cost the same.
func BenchmarkMemoryCacheSet(b *testing.B) {
	keys := make([]string, 1<<16)
	for i := range keys {
		keys[i] = fmt.Sprintf("cap:%064x", i)
	}
	for _, full := range []bool{false, true} {
		name := map[bool]string{false: "empty", true: "full"}[full]
		b.Run(name, func(b *testing.B) {
			c := NewMemoryCache()
			if full {
				for i := range c.max {
					c.set(memoryKey{key: fmt.Sprintf("old:%d", i)}, memoryEntry{}, time.Hour)
				}
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if !full && len(c.entries) >= c.max-1 {
					b.StopTimer()
					c = NewMemoryCache()
					b.StartTimer()
				}
				c.set(memoryKey{key: keys[i%len(keys)]}, memoryEntry{}, time.Hour)
				i++
			}
		})
	}
}
