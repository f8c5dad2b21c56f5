// Package rediscache is a toolkit.Cache on Redis, for `cache: {ttl}`
// entries shared by the replicas of an agent:
//
//	client := redis.NewClient(&redis.Options{Addr: "cache.internal:6379",
//		DialTimeout: 200 * time.Millisecond, ReadTimeout: 200 * time.Millisecond})
//	store, err := rediscache.New(client, &rediscache.Options{Prefix: "agent:", Key: key})
//	...
//	reg := toolkit.NewRegistry(&toolkit.Options{Cache: store})
//	res, err := reg.Call(ctx, tool, args, toolkit.WithCacheScope(tenant))
//
// Entries are kept per cache scope: the key of every entry holds the
// scope the host passes with the call (toolkit.WithCacheScope), so two
// tenants never read each other's entries. A call without a scope is
// refused (toolkit.ErrNoCacheScope; the step runs uncached and the
// Executor logs it) unless Options.Unscoped says the host has one tenant.
//
// Values are the variables a step extracted, often a credential (an
// access token): the Redis must be private to the host, reachable by it
// alone, with authentication and TLS where the network is shared. With
// Options.Key the values are also encrypted (AES-GCM, bound to their
// key), so a reader of the Redis, or of its backups, learns nothing of
// them and cannot move an entry to another key or tenant.
//
// A miss of an entry that another replica is fetching waits for it: the
// first replica to miss sets a short "fetching" marker (SET NX PX with a
// token of its own) and fetches; the others poll the entry until it is
// stored, the marker ends (Options.FetchWait) or their context ends. So a
// key is fetched once across the replicas while fetches take less than
// FetchWait, and the calls of one replica share its fetch (the toolkit
// does that).
//
// Keys are Prefix, then "{scope:key}", a Redis Cluster hash tag, so an
// entry and its marker live on the same node; the marker adds ":fetching".
package rediscache

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/toolkit-sdk/toolkit"
)

// Defaults of Options.
const (
	DefaultPrefix    = "toolkit:"
	DefaultFetchWait = 3 * time.Second
)

// Options configure a Cache. A nil *Options and zero fields mean the
// defaults.
type Options struct {
	// Prefix starts every key, to keep the entries of several hosts apart
	// in one Redis. It may not hold '{' or '}'. Default "toolkit:".
	Prefix string
	// Unscoped lets calls without a cache scope use the store, all in one
	// space: for a host serving a single tenant. Default false: such a
	// call is refused with toolkit.ErrNoCacheScope.
	Unscoped bool
	// Key, when set, encrypts values with AES-GCM: 16, 24 or 32 bytes
	// (AES-128, -192, -256), the same for every replica. An entry that does
	// not decrypt (another key, or altered) is a failure of the store: the
	// call fetches and stores the entry again.
	Key []byte
	// FetchWait bounds how long a miss waits for another replica's fetch
	// of the same entry, and how long a fetching marker lives: past it the
	// waiting caller fetches itself. Default 3 s (DefaultFetchWait).
	FetchWait time.Duration
}

// Cache is a toolkit.Cache on Redis. It is safe for concurrent use.
type Cache struct {
	client   redis.UniversalClient
	prefix   string
	unscoped bool
	aead     cipher.AEAD // nil: values are stored as they are
	wait     time.Duration
	token    string // this Cache's fetching markers hold it
}

var (
	_ toolkit.Cache          = (*Cache)(nil)
	_ toolkit.CompareDeleter = (*Cache)(nil)
)

// New returns a Cache storing its entries through client, which the
// caller owns (and closes). It fails on a Prefix holding a brace and a Key
// of the wrong length.
func New(client redis.UniversalClient, opts *Options) (*Cache, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Prefix == "" {
		o.Prefix = DefaultPrefix
	}
	if strings.ContainsAny(o.Prefix, "{}") {
		return nil, fmt.Errorf("rediscache: Options.Prefix %q holds a brace, which would change the keys' hash tag", o.Prefix)
	}
	if o.FetchWait <= 0 {
		o.FetchWait = DefaultFetchWait
	}
	c := &Cache{client: client, prefix: o.Prefix, unscoped: o.Unscoped, wait: o.FetchWait, token: rand.Text()}
	if o.Key != nil {
		block, err := aes.NewCipher(o.Key)
		if err != nil {
			return nil, fmt.Errorf("rediscache: Options.Key: %w", err)
		}
		if c.aead, err = cipher.NewGCM(block); err != nil {
			return nil, fmt.Errorf("rediscache: Options.Key: %w", err)
		}
	}
	return c, nil
}

const markerSuffix = ":fetching"

var (
	scopeEscaper = strings.NewReplacer("%", "%25", ":", "%3A", "{", "%7B", "}", "%7D")
	keyEscaper   = strings.NewReplacer("%", "%25", "{", "%7B", "}", "%7D")
)

// redisKey returns the Redis key of key in ctx's scope.
func (c *Cache) redisKey(ctx context.Context, key string) (string, error) {
	scope, ok := toolkit.CacheScope(ctx)
	if (!ok || scope == "") && !c.unscoped {
		return "", fmt.Errorf("rediscache: %w; pass one with every call, or set Options.Unscoped for a single tenant", toolkit.ErrNoCacheScope)
	}
	return c.prefix + "{" + scopeEscaper.Replace(scope) + ":" + keyEscaper.Replace(key) + "}", nil
}

// getOrMark reads an entry; on a miss it sets the fetching marker unless
// another Cache holds it. It returns {1, value}, {0} (the caller fetches)
// or {2} (another is fetching).
var getOrMark = redis.NewScript(`
local v = redis.call('GET', KEYS[1])
if v then return {1, v} end
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return {0} end
if redis.call('GET', KEYS[2]) == ARGV[1] then return {0} end
return {2}
`)

// setAndUnmark stores an entry and drops the fetching marker if it is this
// Cache's.
var setAndUnmark = redis.NewScript(`
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
if redis.call('GET', KEYS[2]) == ARGV[3] then redis.call('DEL', KEYS[2]) end
return 1
`)

// Get returns the entry under key in ctx's scope. On a miss it waits while
// another replica fetches the entry (see the package documentation), and
// returns a miss when this caller is to fetch it.
func (c *Cache) Get(ctx context.Context, key string) ([]byte, bool, error) {
	k, err := c.redisKey(ctx, key)
	if err != nil {
		return nil, false, err
	}
	v, err := c.client.Get(ctx, k).Bytes()
	if err == nil {
		return c.open(k, v)
	}
	if !errors.Is(err, redis.Nil) {
		return nil, false, err
	}
	keys := []string{k, k + markerSuffix}
	deadline := time.Now().Add(c.wait)
	pause := 5 * time.Millisecond
	var timer *time.Timer
	for {
		res, err := getOrMark.Run(ctx, c.client, keys, c.token, c.wait.Milliseconds()).Slice()
		if err != nil {
			return nil, false, err
		}
		switch state, _ := res[0].(int64); state {
		case 1:
			s, _ := res[1].(string)
			return c.open(k, []byte(s))
		case 0:
			return nil, false, nil
		}
		left := time.Until(deadline)
		if left <= 0 {
			return nil, false, nil // waited long enough: fetch
		}
		pause = min(pause*2, 100*time.Millisecond, left)
		if timer == nil {
			timer = time.NewTimer(pause)
			defer timer.Stop()
		} else {
			timer.Reset(pause)
		}
		select {
		case <-timer.C:
		case <-ctx.Done():
			return nil, false, ctx.Err()
		}
	}
}

// Set stores value under key in ctx's scope for ttl (at least a
// millisecond), and drops the fetching marker this Cache set for it.
func (c *Cache) Set(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	k, err := c.redisKey(ctx, key)
	if err != nil {
		return err
	}
	value, err = c.seal(k, value)
	if err != nil {
		return err
	}
	ms := max(ttl.Milliseconds(), 1)
	return setAndUnmark.Run(ctx, c.client, []string{k, k + markerSuffix}, value, ms, c.token).Err()
}

// Delete drops the entry under key in ctx's scope.
func (c *Cache) Delete(ctx context.Context, key string) error {
	k, err := c.redisKey(ctx, key)
	if err != nil {
		return err
	}
	return c.client.Del(ctx, k).Err()
}

// compareAndDelete drops an entry while it holds a value.
var compareAndDelete = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`)

// CompareAndDelete drops the entry under key in ctx's scope if its value
// is old, atomically: a replica that got a 401 late keeps the entry
// another replica stored since. With a Key it reads the stored value
// first, to compare the decrypted one (two round trips).
func (c *Cache) CompareAndDelete(ctx context.Context, key string, old []byte) (bool, error) {
	k, err := c.redisKey(ctx, key)
	if err != nil {
		return false, err
	}
	stored := old
	if c.aead != nil {
		stored, err = c.client.Get(ctx, k).Bytes()
		if errors.Is(err, redis.Nil) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		v, _, err := c.open(k, stored)
		if err != nil || !bytes.Equal(v, old) {
			return false, err
		}
	}
	n, err := compareAndDelete.Run(ctx, c.client, []string{k}, stored).Int()
	return n == 1, err
}

// seal encrypts value with the Key, bound to the Redis key k.
func (c *Cache) seal(k string, value []byte) ([]byte, error) {
	if c.aead == nil {
		return value, nil
	}
	nonce := make([]byte, c.aead.NonceSize(), c.aead.NonceSize()+len(value)+c.aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	return c.aead.Seal(nonce, nonce, value, []byte(k)), nil
}

// open decrypts a stored value.
func (c *Cache) open(k string, stored []byte) ([]byte, bool, error) {
	if c.aead == nil {
		return stored, true, nil
	}
	n := c.aead.NonceSize()
	if len(stored) >= n {
		if v, err := c.aead.Open(nil, stored[:n], stored[n:], []byte(k)); err == nil {
			return v, true, nil
		}
	}
	return nil, false, errors.New("rediscache: an entry does not decrypt with Options.Key (stored with another key, or altered)")
}
