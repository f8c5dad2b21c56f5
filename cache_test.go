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
	if c.m.Len() != 2 {
		t.Errorf("%d entries kept", c.m.Len())
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
				for i := range c.m.Max {
					c.set(memoryKey{key: fmt.Sprintf("old:%d", i)}, memoryEntry{}, time.Hour)
				}
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if !full && c.m.Len() >= c.m.Max-1 {
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

// TestHardening26_14_ScopeChurn: one scope storing far past its share of
// the MemoryCache drops its own entries, not those of a scope that holds
// fewer; the total stays bounded and the scopes even out.
func TestHardening26_14_ScopeChurn(t *testing.T) {
	in := func(scope string) context.Context {
		return context.WithValue(context.Background(), cacheScopeKey{}, scope)
	}
	c := NewMemoryCache()
	c.Set(in("tenant-b"), "token", []byte("b's token"), time.Hour)
	for i := range 3000 {
		c.Set(in("tenant-c"), fmt.Sprintf("k%d", i), []byte("c"), time.Hour)
	}
	c.Set(context.Background(), "unscoped", []byte("u"), time.Hour)
	// Tenant A's lookups: each a new entry, ten times the whole cache.
	for i := range 10 * c.m.Max {
		c.Set(in("tenant-a"), fmt.Sprintf("lookup %d", i), []byte("a"), time.Hour)
	}
	if v, ok, _ := c.Get(in("tenant-b"), "token"); !ok || string(v) != "b's token" {
		t.Errorf("tenant B's token: %q, %v", v, ok)
	}
	if _, ok, _ := c.Get(context.Background(), "unscoped"); !ok {
		t.Error("the unscoped entry was dropped")
	}
	keptC := 0
	for i := range 3000 {
		if _, ok, _ := c.Get(in("tenant-c"), fmt.Sprintf("k%d", i)); ok {
			keptC++
		}
	}
	if keptC != 3000 {
		t.Errorf("tenant C kept %d of its 3000 entries", keptC)
	}
	if c.m.Len() != c.m.Max {
		t.Errorf("%d entries, want %d", c.m.Len(), c.m.Max)
	}
	// A keeps its most recent lookups, the rest of the room.
	if _, ok, _ := c.Get(in("tenant-a"), fmt.Sprintf("lookup %d", 10*c.m.Max-1)); !ok {
		t.Error("tenant A's last lookup was dropped")
	}
	if got, want := c.m.ScopeLen(scopeID{"tenant-a", true}), c.m.Max-3002; got != want {
		t.Errorf("tenant A holds %d entries, want %d", got, want)
	}

	// A scope over its share gives way to one under it: C, now storing,
	// takes from A (the largest) until the two hold the same, then from
	// itself.
	for i := range 2 * c.m.Max {
		c.Set(in("tenant-c"), fmt.Sprintf("more %d", i), []byte("c"), time.Hour)
	}
	a, cc := c.m.ScopeLen(scopeID{"tenant-a", true}), c.m.ScopeLen(scopeID{"tenant-c", true})
	if a+cc != c.m.Max-2 || a-cc > 1 || cc-a > 1 {
		t.Errorf("A holds %d, C %d: want them even, %d in all", a, cc, c.m.Max-2)
	}
	if _, ok, _ := c.Get(in("tenant-b"), "token"); !ok {
		t.Error("tenant B's token dropped by C's churn")
	}
}

// TestMemoryCacheScopeBookkeeping checks the per-size lists of scopes
// through sets, expiry and deletes: they always agree with the entries.
func TestMemoryCacheScopeBookkeeping(t *testing.T) {
	c := newMemoryCache(20)
	now := time.Unix(1000, 0)
	c.now = func() time.Time { return now }
	check := func(step int) {
		t.Helper()
		if err := c.m.Check(); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
	}
	ctx := func(i int) context.Context {
		return context.WithValue(context.Background(), cacheScopeKey{}, fmt.Sprintf("s%d", i%5*i%3))
	}
	for i := range 400 {
		key := fmt.Sprintf("k%d", i%37)
		switch i % 7 {
		case 0, 1, 2, 3:
			c.Set(ctx(i), key, []byte(key), time.Duration(1+i%4)*time.Second)
		case 4:
			c.Get(ctx(i), key)
		case 5:
			c.Delete(ctx(i), key)
		case 6:
			now = now.Add(time.Second)
			c.CompareAndDelete(ctx(i), key, []byte(key))
		}
		check(i)
	}
}
