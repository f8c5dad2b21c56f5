package toolkit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit/internal/tokenapi"
)

// TestCacheScopes: entries kept across calls are shared within a scope
// only; a call without a scope has a scope of its own.
func TestCacheScopes(t *testing.T) {
	api := tokenapi.New(t)
	reg := loadRegistry(t, nil, api.URL, tokenapi.Tool)
	for _, c := range []struct {
		scope []CallOption
		want  string
	}{
		{[]CallOption{WithCacheScope("acme")}, "with t1"},
		{[]CallOption{WithCacheScope("globex")}, "with t2"},
		{nil, "with t3"},
		{[]CallOption{WithCacheScope("acme")}, "with t1"},
		{[]CallOption{WithCacheScope("globex")}, "with t2"},
		{nil, "with t3"},
	} {
		wantText(t, call(t, reg, "orders", `{}`, c.scope...), c.want)
	}
	// Executor.Run takes the scope with the call's options.
	w, diags := ParseWorkflow("orders.yaml", []byte(tokenapi.Tool))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	wantText(t, runWorkflow(reg.Executor(), context.Background(), w, map[string]any{}, WithCacheScope("globex")), "with t2")
}

// TestCacheConcurrentMisses: concurrent calls that miss the same entry
// send one token request; the others wait for its entry.
func TestCacheConcurrentMisses(t *testing.T) {
	api := tokenapi.New(t)
	release := api.Hold()
	reg := loadRegistry(t, nil, api.URL, tokenapi.Tool)
	var wg sync.WaitGroup
	results := make([]Result, 100)
	for i := range results {
		wg.Go(func() { results[i] = call(t, reg, "orders", `{}`, WithCacheScope("acme")) })
	}
	release()
	wg.Wait()
	for i, res := range results {
		if res.Text != "with t1" {
			t.Errorf("call %d: %q", i, res.Text)
		}
	}
	if n := api.Issued(); n != 1 {
		t.Errorf("token requests = %d, want 1", n)
	}
}

// TestCacheWaitCanceled: a call waiting for another call's fetch leaves
// when its context ends.
func TestCacheWaitCanceled(t *testing.T) {
	api := tokenapi.New(t)
	release := api.Hold()
	reg := loadRegistry(t, nil, api.URL, tokenapi.Tool)
	first := make(chan Result)
	go func() { first <- call(t, reg, "orders", `{}`) }()
	for len(api.URIs()) == 0 { // the first call is fetching
		time.Sleep(time.Millisecond)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := reg.Call(ctx, ToolCallCapability, []byte(`{"name": "orders", "parameters": {}}`))
	if err != nil {
		t.Fatal(err)
	}
	wantError(t, res, "canceled")
	release()
	wantText(t, <-first, "with t1")
}

// failingCache is a store that is down while failing is set, and counts
// the calls it gets.
type failingCache struct {
	MemoryCache
	failing atomic.Bool
	err     error
	calls   atomic.Int32
}

func (c *failingCache) fail() error {
	c.calls.Add(1)
	if c.failing.Load() {
		return c.err
	}
	return nil
}

func (c *failingCache) Get(ctx context.Context, key string) ([]byte, bool, error) {
	if err := c.fail(); err != nil {
		return nil, false, err
	}
	return c.MemoryCache.Get(ctx, key)
}

func (c *failingCache) Set(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	if err := c.fail(); err != nil {
		return err
	}
	return c.MemoryCache.Set(ctx, key, value, ttl)
}

func (c *failingCache) Delete(ctx context.Context, key string) error {
	if err := c.fail(); err != nil {
		return err
	}
	return c.MemoryCache.Delete(ctx, key)
}

// TestCacheStoreDown: a store that fails does not fail the call, which
// fetches as on a miss. The failure is logged once until the store
// answers again, and again if it fails after that; while it fails it is
// asked once a second, not by every call.
func TestCacheStoreDown(t *testing.T) {
	api := tokenapi.New(t)
	store := &failingCache{MemoryCache: *newMemoryCache(10), err: errors.New("dial tcp 10.0.0.9:6379: connection refused")}
	store.failing.Store(true)
	var logs logBuffer
	reg := loadRegistry(t, &Options{Cache: store, Logger: slog.New(slog.NewTextHandler(&logs, nil))}, api.URL, tokenapi.Tool)
	now := time.Unix(1000, 0)
	reg.exec.cacheHealth.Now = func() time.Time { return now }
	calls := func(want ...string) {
		t.Helper()
		for _, w := range want {
			wantText(t, call(t, reg, "orders", `{}`), w)
		}
	}
	calls("with t1", "with t2", "with t3")
	if n := store.calls.Load(); n != 1 {
		t.Errorf("the failing store was asked %d times in a second, want 1", n)
	}
	store.failing.Store(false)
	calls("with t4") // not asked yet
	now = now.Add(time.Second)
	calls("with t5", "with t5") // asked again: a miss, stored, a hit
	store.failing.Store(true)
	calls("with t6", "with t7")
	var got []string
	for line := range strings.Lines(logs.String()) {
		_, msg, _ := strings.Cut(line, "msg=")
		got = append(got, strings.TrimSpace(msg))
	}
	failed := `"toolkit: the cache store failed; steps fetch without it until it answers again (it is tried once a second)" capability=orders error="dial tcp 10.0.0.9:6379: connection refused"`
	want := []string{failed, `"toolkit: the cache store answers again"`, failed}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("log (-want +got):\n%s", diff)
	}
}

// TestCacheNoScope: a store that refuses calls without a scope has them
// run uncached, logged as an error once per capability.
func TestCacheNoScope(t *testing.T) {
	api := tokenapi.New(t)
	store := &failingCache{MemoryCache: *newMemoryCache(10), err: fmt.Errorf("redis: %w", ErrNoCacheScope)}
	store.failing.Store(true)
	var logs logBuffer
	reg := loadRegistry(t, &Options{Cache: store, Logger: slog.New(slog.NewTextHandler(&logs, nil))}, api.URL, tokenapi.Tool)
	for i := range 3 {
		wantText(t, call(t, reg, "orders", `{}`), fmt.Sprintf("with t%d", i+1))
	}
	if n := strings.Count(logs.String(), "level=ERROR"); n != 1 {
		t.Errorf("%d errors logged:\n%s", n, logs.String())
	}
	if !strings.Contains(logs.String(), "refuses a call without a cache scope") {
		t.Errorf("log: %s", logs.String())
	}
	if strings.Contains(logs.String(), "store failed") {
		t.Errorf("a refusal is not a failing store: %s", logs.String())
	}
}

// TestCache401 covers the retry after a 401 to a cached credential.
func TestCache401(t *testing.T) {
	for _, store := range []struct {
		name  string
		cache func() Cache
	}{
		{"memory", func() Cache { return NewMemoryCache() }},
		{"host store", func() Cache { return &mapCache{m: map[string][]byte{}} }},
	} {
		t.Run(store.name, func(t *testing.T) {
			api := tokenapi.New(t)
			reg := loadRegistry(t, &Options{Cache: store.cache()}, api.URL, tokenapi.Tool)
			wantText(t, call(t, reg, "orders", `{}`), "with t1")
			// The cached token is revoked: the entry is dropped and the
			// chain runs again once, with a new token.
			api.Revoke("t1")
			wantText(t, call(t, reg, "orders", `{}`), "with t2")
			wantText(t, call(t, reg, "orders", `{}`), "with t2")
			want := []string{"POST /token", "GET /orders", "GET /orders", "POST /token", "GET /orders", "GET /orders"}
			if diff := cmp.Diff(want, api.URIs()); diff != "" {
				t.Errorf("requests (-want +got):\n%s", diff)
			}
			// Once only: a fresh token refused too ends with the 401.
			api.Revoke("t2")
			api.Revoke("t3")
			wantError(t, call(t, reg, "orders", `{}`), `variable "who" extraction failed`, "HTTP 401")
			if n := api.Issued(); n != 3 {
				t.Errorf("tokens issued = %d, want 3", n)
			}
			// A token just fetched, not read from the cache, is not retried.
			api.Revoke("t4")
			wantError(t, call(t, reg, "orders", `{}`, WithCacheScope("other")), "HTTP 401")
			if n := api.Issued(); n != 4 {
				t.Errorf("tokens issued = %d, want 4", n)
			}
		})
	}
}

// compareMapCache is a host store that deletes conditionally.
type compareMapCache struct{ mapCache }

func (c *compareMapCache) CompareAndDelete(ctx context.Context, key string, old []byte) (bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.m[key]; !ok || !bytes.Equal(v, old) {
		return false, nil
	}
	delete(c.m, key)
	return true, nil
}

// TestCache401Late: two replicas (Registries) share a store. A call reads
// t1 from it and is held; meanwhile a call of the other replica has t1
// refused, fetches t2 and stores it. The held call's 401 for t1 then
// keeps t2 (it runs again with it) when the store deletes conditionally;
// a host store without CompareAndDelete drops t2 and costs a token.
func TestCache401Late(t *testing.T) {
	for _, store := range []struct {
		name   string
		cache  Cache
		tokens int
	}{
		{"memory", NewMemoryCache(), 2},
		{"host store", &compareMapCache{mapCache{m: map[string][]byte{}}}, 2},
		{"host store without CompareAndDelete", &mapCache{m: map[string][]byte{}}, 3},
		{"a host's wrapper of a MemoryCache", wrappedMemory{NewMemoryCache()}, 2},
	} {
		t.Run(store.name, func(t *testing.T) {
			api := tokenapi.New(t)
			a := loadRegistry(t, &Options{Cache: store.cache}, api.URL, tokenapi.Tool)
			b := loadRegistry(t, &Options{Cache: store.cache}, api.URL, tokenapi.Tool)
			wantText(t, call(t, a, "orders", `{}`), "with t1")
			api.Revoke("t1")
			arrived, release := api.HoldNext()
			late := make(chan Result)
			go func() { late <- call(t, a, "orders", `{}`) }()
			<-arrived // a sent t1 and waits for its 401
			wantText(t, call(t, b, "orders", `{}`), "with t2")
			release()
			want := fmt.Sprintf("with t%d", store.tokens)
			wantText(t, <-late, want)
			wantText(t, call(t, b, "orders", `{}`), want)
			if n := api.Issued(); n != store.tokens {
				t.Errorf("tokens issued = %d, want %d", n, store.tokens)
			}
		})
	}
}

// TestCache401Followers: calls that waited for another call's fetch
// (concurrent misses) and got a 401 for the token it fetched drop the
// entry they read from it and run again: one new token for all of them.
func TestCache401Followers(t *testing.T) {
	for _, store := range []struct {
		name  string
		cache Cache
	}{
		{"memory", NewMemoryCache()},
		{"host store", &compareMapCache{mapCache{m: map[string][]byte{}}}},
	} {
		t.Run(store.name, func(t *testing.T) {
			api := tokenapi.New(t)
			release := api.Hold()
			reg := loadRegistry(t, &Options{Cache: store.cache}, api.URL, tokenapi.Tool)
			api.Revoke("t1")
			results := make([]Result, 10)
			var wg sync.WaitGroup
			for i := range results {
				wg.Go(func() { results[i] = call(t, reg, "orders", `{}`) })
			}
			for len(api.URIs()) == 0 { // the first call is fetching
				time.Sleep(time.Millisecond)
			}
			release()
			wg.Wait()
			texts := map[string]int{}
			for _, res := range results {
				texts[res.Text]++
			}
			// The call that fetched t1 itself does not run again.
			if texts["with t2"] != len(results)-1 || api.Issued() != 2 {
				t.Errorf("tokens issued = %d, results %v", api.Issued(), texts)
			}
		})
	}
}

// wrappedMemory is a host's Cache around a MemoryCache (for metrics, say),
// which passes the conditional delete on.
type wrappedMemory struct{ *MemoryCache }

var _ CompareDeleter = wrappedMemory{}
