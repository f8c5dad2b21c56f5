package rediscache_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/tokenapi"
	"github.com/toolkit-sdk/toolkit/rediscache"
)

// syncBuffer is a log destination safe for concurrent writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// newRegistry is one replica of an agent: a Registry with tokenapi.Tool on
// store, logging to logs.
func newRegistry(t testing.TB, store toolkit.Cache, base string, logs *syncBuffer) *toolkit.Registry {
	t.Helper()
	reg := toolkit.NewRegistry(&toolkit.Options{
		Cache:        store,
		Env:          func(name string) (string, bool) { return base, name == "BASE_URL" },
		AllowPrivate: []string{"127.0.0.1"},
		Logger:       slog.New(slog.NewTextHandler(logs, nil)),
	})
	if _, err := reg.LoadBytes("orders.yaml", []byte(tokenapi.Tool)); err != nil {
		t.Fatal(err)
	}
	return reg
}

func callOrders(t *testing.T, reg *toolkit.Registry, tenant string) toolkit.Result {
	res, err := reg.Call(context.Background(), toolkit.ToolCallCapability,
		json.RawMessage(`{"name": "orders", "parameters": {}}`), toolkit.WithCacheScope(tenant))
	if err != nil {
		t.Error(err)
	}
	return res
}

// TestReplicas: two replicas (two Registries, each with its own client
// and Cache) share one Redis. 100 concurrent calls of two tenants fetch
// one token per tenant (a second replica waits for the first one's
// fetch; FetchWait is long enough here for any fetch to end within it),
// and no tenant reads the other's. A revoked token is dropped and
// fetched again once, for every replica.
func TestReplicas(t *testing.T) {
	eachServer(t, func(t *testing.T, srv server) {
		api := tokenapi.New(t)
		opts := &rediscache.Options{Prefix: testPrefix(), Key: bytes.Repeat([]byte{1}, 32), FetchWait: 30 * time.Second}
		var logs syncBuffer
		replicas := []*toolkit.Registry{
			newRegistry(t, newCache(t, srv.client(t), opts), api.URL, &logs),
			newRegistry(t, newCache(t, srv.client(t), opts), api.URL, &logs),
		}
		tenants := []string{"acme", "globex"}
		run := func() map[string]map[string]int {
			var mu sync.Mutex
			seen := map[string]map[string]int{} // tenant -> text -> calls
			var wg sync.WaitGroup
			for i := range 100 {
				wg.Go(func() {
					tenant := tenants[i%2]
					res := callOrders(t, replicas[i/2%2], tenant)
					mu.Lock()
					defer mu.Unlock()
					if seen[tenant] == nil {
						seen[tenant] = map[string]int{}
					}
					seen[tenant][res.Text]++
				})
			}
			wg.Wait()
			return seen
		}
		seen := run()
		if n := api.Issued(); n != 2 {
			t.Errorf("tokens issued = %d, want 2 (one per tenant)", n)
		}
		if len(seen["acme"]) != 1 || len(seen["globex"]) != 1 {
			t.Fatalf("each tenant saw one token: %v", seen)
		}
		for text := range seen["acme"] {
			if seen["globex"][text] > 0 || !strings.HasPrefix(text, "with t") {
				t.Errorf("acme and globex saw %q", text)
			}
		}

		// acme's token is revoked: the calls that get a 401 drop the entry
		// and run again; the replicas fetch a new token for acme alone.
		for text := range seen["acme"] {
			api.Revoke(strings.TrimPrefix(text, "with "))
		}
		before := seen
		seen = run()
		if n := api.Issued(); n < 3 {
			t.Errorf("tokens issued = %d, want a new one for acme", n)
		}
		if diff := cmp.Diff(before["globex"], seen["globex"]); diff != "" {
			t.Errorf("globex (-before +after):\n%s", diff)
		}
		for text, n := range seen["acme"] {
			if before["acme"][text] > 0 || !strings.HasPrefix(text, "with t") {
				t.Errorf("acme after the revocation: %d calls saw %q", n, text)
			}
		}
		if logs.String() != "" {
			t.Errorf("log:\n%s", logs.String())
		}
	})
}

// TestReplicasLate401: a call of one replica reads t1 and is held while
// a call of the other replica has t1 refused and stores t2. The held
// call's 401 for t1 keeps t2, which it then uses: one token fetched
// after the revocation, not one per replica.
func TestReplicasLate401(t *testing.T) {
	eachServer(t, func(t *testing.T, srv server) {
		for _, key := range [][]byte{nil, bytes.Repeat([]byte{1}, 32)} {
			api := tokenapi.New(t)
			opts := &rediscache.Options{Prefix: testPrefix(), Key: key}
			var logs syncBuffer
			a := newRegistry(t, newCache(t, srv.client(t), opts), api.URL, &logs)
			b := newRegistry(t, newCache(t, srv.client(t), opts), api.URL, &logs)
			got := []string{callOrders(t, a, "acme").Text}
			api.Revoke("t1")
			arrived, release := api.HoldNext()
			late := make(chan toolkit.Result)
			go func() { late <- callOrders(t, a, "acme") }()
			<-arrived // a sent t1 and waits for its 401
			got = append(got, callOrders(t, b, "acme").Text)
			release()
			got = append(got, (<-late).Text, callOrders(t, b, "acme").Text)
			if diff := cmp.Diff([]string{"with t1", "with t2", "with t2", "with t2"}, got); diff != "" {
				t.Errorf("Key %t (-want +got):\n%s", key != nil, diff)
			}
			if n := api.Issued(); n != 2 {
				t.Errorf("Key %t: tokens issued = %d, want 2", key != nil, n)
			}
			if logs.String() != "" {
				t.Errorf("log:\n%s", logs.String())
			}
		}
	})
}
