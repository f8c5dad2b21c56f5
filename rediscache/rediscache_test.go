package rediscache_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/redis/go-redis/v9"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/tokenapi"
	"github.com/toolkit-sdk/toolkit/rediscache"
)

// AddrEnv names the address of the redis-server the tests run against
// besides miniredis; .ci/run starts one and sets it.
const addrEnv = "TOOLKIT_REDIS_ADDR"

// server is a Redis the tests run against.
type server struct {
	// client returns a new client; each replica of a test has its own.
	client func(t *testing.T) *redis.Client
	// expire ends the TTLs of d, or is nil where time cannot be moved.
	expire func(d time.Duration)
}

// eachServer runs test against miniredis and against the real
// redis-server at $TOOLKIT_REDIS_ADDR. Without it the real one is
// skipped, except in CI ($CI set), where it fails.
func eachServer(t *testing.T, test func(t *testing.T, srv server)) {
	t.Run("miniredis", func(t *testing.T) {
		m := miniredis.RunT(t)
		test(t, server{client: func(t *testing.T) *redis.Client { return newClient(t, m.Addr()) }, expire: m.FastForward})
	})
	t.Run("redis-server", func(t *testing.T) {
		addr := os.Getenv(addrEnv)
		switch {
		case addr == "" && os.Getenv("CI") != "":
			t.Fatalf("%s is not set: CI runs these tests against a real redis-server (.ci/run starts one)", addrEnv)
		case addr == "":
			t.Skipf("%s is not set: skipping the tests against a real redis-server (run one and set %s=127.0.0.1:6379, as .ci/run does)", addrEnv, addrEnv)
		}
		if err := newClient(t, addr).Ping(t.Context()).Err(); err != nil {
			t.Fatalf("redis-server at %s: %v", addr, err)
		}
		test(t, server{client: func(t *testing.T) *redis.Client { return newClient(t, addr) }})
	})
}

func newClient(t *testing.T, addr string) *redis.Client {
	c := redis.NewClient(&redis.Options{Addr: addr})
	t.Cleanup(func() { c.Close() })
	return c
}

// testPrefix keeps each test's keys apart in a shared redis-server.
func testPrefix() string { return "test-" + rand.Text()[:8] + ":" }

func newCache(t *testing.T, client redis.UniversalClient, opts *rediscache.Options) *rediscache.Cache {
	t.Helper()
	c, err := rediscache.New(client, opts)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func scoped(scope string) context.Context {
	ctx := context.Background()
	// The scope reaches a store through the call's context; a Go
	// capability sees the context the Registry passes the store.
	reg := toolkit.NewRegistry(nil)
	var got context.Context
	_ = reg.Add(&toolkit.Capability{Name: "probe", Description: "d", Handler: func(ctx context.Context, _ *toolkit.Call) (toolkit.Result, error) {
		got = ctx
		return toolkit.Result{}, nil
	}})
	_, _ = reg.Call(ctx, "call_capability", []byte(`{"name": "probe", "parameters": {}}`), toolkit.WithCacheScope(scope))
	return got
}

// TestStore: entries by scope, their keys and TTLs, Delete, the marker
// dropped by Set, and a call without a scope refused.
func TestStore(t *testing.T) {
	eachServer(t, func(t *testing.T, srv server) {
		client := srv.client(t)
		prefix := testPrefix()
		c := newCache(t, client, &rediscache.Options{Prefix: prefix})
		acme, globex, tricky := scoped("acme"), scoped("globex"), scoped("a:{b}")
		if _, ok, err := c.Get(acme, "cap:1"); ok || err != nil {
			t.Fatalf("empty store: ok=%t err=%v", ok, err)
		}
		for _, e := range []struct {
			ctx   context.Context
			key   string
			value string
		}{{acme, "cap:1", "a1"}, {globex, "cap:1", "g1"}, {tricky, "cap:{2}", "t2"}} {
			if err := c.Set(e.ctx, e.key, []byte(e.value), 5*time.Minute); err != nil {
				t.Fatal(err)
			}
		}
		get := func(ctx context.Context, key string) string {
			v, ok, err := c.Get(ctx, key)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				return "(miss)"
			}
			return string(v)
		}
		got := []string{get(acme, "cap:1"), get(globex, "cap:1"), get(tricky, "cap:{2}"), get(acme, "cap:{2}")}
		if diff := cmp.Diff([]string{"a1", "g1", "t2", "(miss)"}, got); diff != "" {
			t.Errorf("values (-want +got):\n%s", diff)
		}
		keys, err := client.Keys(t.Context(), prefix+"*").Result()
		if err != nil {
			t.Fatal(err)
		}
		// The miss of cap:{2} for acme left its marker.
		want := []string{prefix + "{a%3A%7Bb%7D:cap:%7B2%7D}", prefix + "{acme:cap:%7B2%7D}:fetching", prefix + "{acme:cap:1}", prefix + "{globex:cap:1}"}
		if diff := cmp.Diff(want, keys, cmpSorted); diff != "" {
			t.Errorf("keys (-want +got):\n%s", diff)
		}
		if ttl := client.PTTL(t.Context(), prefix+"{acme:cap:1}").Val(); ttl <= 0 || ttl > 5*time.Minute {
			t.Errorf("TTL %v", ttl)
		}
		if ttl := client.PTTL(t.Context(), prefix+"{acme:cap:%7B2%7D}:fetching").Val(); ttl <= 0 || ttl > rediscache.DefaultFetchWait {
			t.Errorf("marker TTL %v", ttl)
		}
		if err := c.Set(acme, "cap:{2}", []byte("a2"), time.Minute); err != nil {
			t.Fatal(err)
		}
		if n := client.Exists(t.Context(), prefix+"{acme:cap:%7B2%7D}:fetching").Val(); n != 0 {
			t.Error("Set kept the marker")
		}
		if err := c.Delete(acme, "cap:1"); err != nil {
			t.Fatal(err)
		}
		if v := get(acme, "cap:1"); v != "(miss)" {
			t.Errorf("after Delete: %s", v)
		}
		if v := get(globex, "cap:1"); v != "g1" {
			t.Errorf("Delete reached another scope: %s", v)
		}

		// Without a scope: refused, unless Unscoped.
		for _, err := range []error{
			func() error { _, _, err := c.Get(context.Background(), "cap:1"); return err }(),
			c.Set(context.Background(), "cap:1", []byte("x"), time.Minute),
			c.Delete(context.Background(), "cap:1"),
			c.Set(scoped(""), "cap:1", []byte("x"), time.Minute),
		} {
			if !errors.Is(err, toolkit.ErrNoCacheScope) {
				t.Errorf("without a scope: %v", err)
			}
		}
		one := newCache(t, client, &rediscache.Options{Prefix: prefix, Unscoped: true})
		if err := one.Set(context.Background(), "cap:1", []byte("u"), time.Minute); err != nil {
			t.Fatal(err)
		}
		if v, ok, err := one.Get(context.Background(), "cap:1"); string(v) != "u" || !ok || err != nil {
			t.Errorf("unscoped: %q %t %v", v, ok, err)
		}
	})
}

var cmpSorted = cmpopts.SortSlices(func(a, b string) bool { return a < b })

// TestEncryption: with a Key the stored value shows nothing of the
// value, another Key cannot read it, and an entry moved to another
// tenant's key does not decrypt.
func TestEncryption(t *testing.T) {
	eachServer(t, func(t *testing.T, srv server) {
		client := srv.client(t)
		prefix := testPrefix()
		key := bytes.Repeat([]byte{7}, 32)
		c := newCache(t, client, &rediscache.Options{Prefix: prefix, Key: key})
		acme := scoped("acme")
		if err := c.Set(acme, "cap:1", []byte(`{"token":"s3cr3t-token"}`), time.Minute); err != nil {
			t.Fatal(err)
		}
		raw, err := client.Get(t.Context(), prefix+"{acme:cap:1}").Bytes()
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(raw, []byte("s3cr3t")) {
			t.Errorf("stored in clear: %q", raw)
		}
		if v, ok, err := c.Get(acme, "cap:1"); string(v) != `{"token":"s3cr3t-token"}` || !ok || err != nil {
			t.Errorf("Get: %q %t %v", v, ok, err)
		}
		other := newCache(t, client, &rediscache.Options{Prefix: prefix, Key: bytes.Repeat([]byte{8}, 32)})
		if _, ok, err := other.Get(acme, "cap:1"); ok || err == nil || !strings.Contains(err.Error(), "does not decrypt") {
			t.Errorf("another key: ok=%t err=%v", ok, err)
		}
		client.Set(t.Context(), prefix+"{globex:cap:1}", raw, time.Minute)
		if _, ok, err := c.Get(scoped("globex"), "cap:1"); ok || err == nil {
			t.Errorf("moved entry: ok=%t err=%v", ok, err)
		}
		if _, err := rediscache.New(client, &rediscache.Options{Key: []byte("short")}); err == nil {
			t.Error("a 5-byte key was accepted")
		}
		if _, err := rediscache.New(client, &rediscache.Options{Prefix: "a{b}:"}); err == nil {
			t.Error("a prefix with braces was accepted")
		}
	})
}

// waitHook signals when a Get of its client finds another replica
// fetching (the marker script answers 2).
type waitHook struct {
	once    sync.Once
	waiting chan struct{}
}

func newWaitHook() *waitHook { return &waitHook{waiting: make(chan struct{})} }

func (h *waitHook) DialHook(next redis.DialHook) redis.DialHook { return next }
func (h *waitHook) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}
func (h *waitHook) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		err := next(ctx, cmd)
		if c, ok := cmd.(*redis.Cmd); ok {
			if res, _ := c.Slice(); len(res) == 1 && res[0] == int64(2) {
				h.once.Do(func() { close(h.waiting) })
			}
		}
		return err
	}
}

// TestWaitForReplica: a miss while another replica fetches waits for its
// entry; the wait ends with the caller's context, and when the marker
// expires the waiting caller fetches itself.
func TestWaitForReplica(t *testing.T) {
	eachServer(t, func(t *testing.T, srv server) {
		prefix := testPrefix()
		opts := &rediscache.Options{Prefix: prefix, FetchWait: time.Minute}
		a := newCache(t, srv.client(t), opts)
		ctx := scoped("acme")
		replica := func(hook *waitHook) *rediscache.Cache {
			client := srv.client(t)
			client.AddHook(hook)
			return newCache(t, client, opts)
		}
		type got struct {
			v   string
			ok  bool
			err error
		}
		getAsync := func(c *rediscache.Cache, ctx context.Context, key string) chan got {
			ch := make(chan got, 1)
			go func() {
				v, ok, err := c.Get(ctx, key)
				ch <- got{string(v), ok, err}
			}()
			return ch
		}

		if _, ok, _ := a.Get(ctx, "k1"); ok { // a fetches k1
			t.Fatal("hit")
		}
		hook := newWaitHook()
		res := getAsync(replica(hook), ctx, "k1")
		<-hook.waiting
		if err := a.Set(ctx, "k1", []byte("v1"), time.Minute); err != nil {
			t.Fatal(err)
		}
		if r := <-res; r != (got{"v1", true, nil}) {
			t.Errorf("waiting Get: %+v", r)
		}

		a.Get(ctx, "k2")
		hook = newWaitHook()
		cctx, cancel := context.WithCancel(ctx)
		res = getAsync(replica(hook), cctx, "k2")
		<-hook.waiting
		cancel()
		if r := <-res; !errors.Is(r.err, context.Canceled) {
			t.Errorf("canceled Get: %+v", r)
		}

		if srv.expire == nil {
			return
		}
		a.Get(ctx, "k3")
		hook = newWaitHook()
		res = getAsync(replica(hook), ctx, "k3")
		<-hook.waiting
		srv.expire(time.Minute) // a never stored k3
		if r := <-res; r != (got{"", false, nil}) {
			t.Errorf("after the marker expired: %+v", r)
		}
	})
}

// TestStoreDown: a Redis that does not answer fails no call; the Executor
// logs it once.
func TestStoreDown(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	client := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1, DialerRetries: 1})
	t.Cleanup(func() { client.Close() })
	api := tokenapi.New(t)
	var logs syncBuffer
	reg := newRegistry(t, newCache(t, client, nil), api.URL, &logs)
	for range 5 {
		if res := callOrders(t, reg, "acme"); res.IsError || !strings.HasPrefix(res.Text, "with t") {
			t.Fatalf("call: %+v", res)
		}
	}
	if n := api.Issued(); n != 5 {
		t.Errorf("tokens issued = %d, want 5 (one per call, uncached)", n)
	}
	out := logs.String()
	if n := strings.Count(out, "\n"); n != 1 || !strings.Contains(out, "the cache store failed") || !strings.Contains(out, "connection refused") {
		t.Errorf("log:\n%s", out)
	}
}

// TestCompareAndDelete: the entry is dropped while it holds the value
// given (the value Get returns, with a Key too), kept otherwise; in its
// scope only.
func TestCompareAndDelete(t *testing.T) {
	eachServer(t, func(t *testing.T, srv server) {
		client := srv.client(t)
		for _, key := range [][]byte{nil, bytes.Repeat([]byte{7}, 32)} {
			prefix := testPrefix()
			c := newCache(t, client, &rediscache.Options{Prefix: prefix, Key: key})
			acme, globex := scoped("acme"), scoped("globex")
			for _, ctx := range []context.Context{acme, globex} {
				if err := c.Set(ctx, "cap:1", []byte(`{"token":"t2"}`), time.Minute); err != nil {
					t.Fatal(err)
				}
			}
			raw := client.Get(t.Context(), prefix+"{acme:cap:1}").Val()
			var got []string
			for _, old := range []string{`{"token":"t1"}`, `{"token":"t2"}`, `{"token":"t2"}`} {
				deleted, err := c.CompareAndDelete(acme, "cap:1", []byte(old))
				if err != nil {
					t.Fatal(err)
				}
				v, ok, _ := c.Get(acme, "cap:1")
				got = append(got, fmt.Sprintf("%s: deleted=%t, then %q %t", old, deleted, v, ok))
			}
			want := []string{
				`{"token":"t1"}: deleted=false, then "{\"token\":\"t2\"}" true`,
				`{"token":"t2"}: deleted=true, then "" false`,
				`{"token":"t2"}: deleted=false, then "" false`,
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Key %t (-want +got):\n%s", key != nil, diff)
			}
			if v, ok, err := c.Get(globex, "cap:1"); string(v) != `{"token":"t2"}` || !ok || err != nil {
				t.Errorf("another scope: %q %t %v", v, ok, err)
			}
			if key != nil {
				// The stored (sealed) bytes are not the value.
				if deleted, err := c.CompareAndDelete(globex, "cap:1", []byte(raw)); deleted || err != nil {
					t.Errorf("the sealed bytes deleted the entry: %t %v", deleted, err)
				}
			}
			if _, err := c.CompareAndDelete(context.Background(), "cap:1", nil); !errors.Is(err, toolkit.ErrNoCacheScope) {
				t.Errorf("without a scope: %v", err)
			}
		}
	})
}
