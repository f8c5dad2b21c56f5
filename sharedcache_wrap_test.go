package toolkit

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/toolkit-sdk/toolkit/internal/tokenapi"
)

// countingMemory is a host's Cache around a MemoryCache that counts its
// lookups, as a host measuring its hit rate would.
type countingMemory struct {
	*MemoryCache
	gets atomic.Int32
}

func (c *countingMemory) Get(ctx context.Context, key string) ([]byte, bool, error) {
	c.gets.Add(1)
	return c.MemoryCache.Get(ctx, key)
}

// TestCacheWrappedMemory: a host's wrapper of a MemoryCache gets what the
// MemoryCache itself gets: every lookup goes through the Cache's methods,
// and a hit decodes nothing, whichever of the two the Executor holds.
func TestCacheWrappedMemory(t *testing.T) {
	allocs := map[string]float64{}
	for _, store := range []struct {
		name  string
		cache Cache
	}{
		{"memory", NewMemoryCache()},
		{"wrapped", &countingMemory{MemoryCache: NewMemoryCache()}},
	} {
		api := tokenapi.New(t)
		reg := loadRegistry(t, &Options{Cache: store.cache}, api.URL, tokenapi.Tool)
		wantText(t, call(t, reg, "orders", `{}`), "with t1")
		allocs[store.name] = testing.AllocsPerRun(20, func() { call(t, reg, "orders", `{}`) })
		if n := api.Issued(); n != 1 {
			t.Errorf("%s: %d tokens issued, want 1", store.name, n)
		}
		if c, ok := store.cache.(*countingMemory); ok && c.gets.Load() < 21 {
			t.Errorf("%s: the store was asked %d times in 21 calls", store.name, c.gets.Load())
		}
	}
	t.Logf("allocations of a cached call: %v", allocs)
	if !raceOn26 && allocs["wrapped"] > allocs["memory"]+1 { // the race detector drops pooled buffers
		t.Errorf("a cached call allocates %v times through a wrapper, %v times through the MemoryCache", allocs["wrapped"], allocs["memory"])
	}
}

// TestCacheStoredElsewhere: an entry another replica stored since this
// one stored its own under the same key is read as the store hands it
// back, not as this Executor stored it.
func TestCacheStoredElsewhere(t *testing.T) {
	api := tokenapi.New(t)
	store := &mapCache{m: map[string][]byte{}}
	a := loadRegistry(t, &Options{Cache: store}, api.URL, tokenapi.Tool)
	b := loadRegistry(t, &Options{Cache: store}, api.URL, tokenapi.Tool)
	wantText(t, call(t, a, "orders", `{}`), "with t1")
	api.Revoke("t1")
	wantText(t, call(t, b, "orders", `{}`), "with t2") // b drops t1 and stores t2
	wantText(t, call(t, a, "orders", `{}`), "with t2")
	if n := api.Issued(); n != 2 {
		t.Errorf("%d tokens issued, want 2", n)
	}
}
