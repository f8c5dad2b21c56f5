package rediscache_test

import (
	"bytes"
	"context"
	"os"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/tokenapi"
	"github.com/toolkit-sdk/toolkit/rediscache"
)

// benchStores returns the stores the benchmarks compare: the in-process
// MemoryCache, and Redis (the redis-server at $TOOLKIT_REDIS_ADDR, else
// miniredis), plain and encrypted.
func benchStores(b *testing.B) []struct {
	name  string
	store toolkit.Cache
} {
	addr := os.Getenv(addrEnv)
	if addr == "" {
		addr = miniredis.RunT(b).Addr()
		b.Logf("%s is not set: Redis is miniredis", addrEnv)
	}
	client := redis.NewClient(&redis.Options{Addr: addr})
	b.Cleanup(func() { client.Close() })
	plain, _ := rediscache.New(client, &rediscache.Options{Prefix: testPrefix()})
	sealed, _ := rediscache.New(client, &rediscache.Options{Prefix: testPrefix(), Key: bytes.Repeat([]byte{1}, 32)})
	return []struct {
		name  string
		store toolkit.Cache
	}{{"memory", toolkit.NewMemoryCache()}, {"redis", plain}, {"redis-encrypted", sealed}}
}

// BenchmarkGet is a hit of one entry, a token's variables.
func BenchmarkGet(b *testing.B) {
	ctx := scoped("acme")
	for _, s := range benchStores(b) {
		if err := s.store.Set(ctx, "orders:0123", []byte(`{"token":{"Text":"tok-7f3a9c","Raw":false}}`), time.Hour); err != nil {
			b.Fatal(err)
		}
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, ok, err := s.store.Get(ctx, "orders:0123"); !ok || err != nil {
					b.Fatal(ok, err)
				}
			}
		})
	}
}

// BenchmarkCachedCall is a call of a two-step capability whose token step
// hits the cache: one HTTP request per call, and one cache lookup.
func BenchmarkCachedCall(b *testing.B) {
	api := tokenapi.New(b)
	for _, s := range benchStores(b) {
		reg := newRegistry(b, s.store, api.URL, &syncBuffer{})
		call := func() {
			res, err := reg.Call(context.Background(), toolkit.ToolCallCapability,
				[]byte(`{"name": "orders", "parameters": {}}`), toolkit.WithCacheScope("acme"))
			if err != nil || res.IsError {
				b.Fatal(res.Text, err)
			}
		}
		call() // fill the cache
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				call()
			}
		})
	}
}
