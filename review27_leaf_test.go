package toolkit

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit/internal/tokenapi"
	"github.com/toolkit-sdk/toolkit/template"
)

// rawTokenAPI answers /token with a token whose bytes are not UTF-8 and
// records the Authorization header /orders gets.
type rawTokenAPI struct {
	*httptest.Server
	mu    sync.Mutex
	auths []string
}

func newRawTokenAPI(t *testing.T, token string) *rawTokenAPI {
	a := &rawTokenAPI{}
	a.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/token" {
			fmt.Fprintf(w, `{"token":"%s"} token=%s;`, token, token)
			return
		}
		a.mu.Lock()
		a.auths = append(a.auths, r.Header.Get("Authorization"))
		a.mu.Unlock()
		fmt.Fprint(w, `{"who":"ok"}`)
	}))
	t.Cleanup(a.Close)
	return a
}

const rawTokenTool = `
name: orders
desc: List orders.
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/token
    method: POST
    cache: {ttl: 300}
    var: [{name: token, extract: "/token=([^;]*);/"}]
  - url: ${env:BASE_URL}/orders
    headers: {Authorization: "Bearer ${step0:token}"}
    var: [{name: who, extract: who, abort: true}]
    result: ${step1:who}
`

// TestReview27_StoredVarsAsDecoded: a hit on a host store sends what the
// store's bytes decode to, whether this Executor stored them (its decoded
// entries) or another replica did: before the decoded entries, every hit
// on a host store decoded the bytes, so a token that does not survive JSON
// (bytes that are not UTF-8) was sent the same from every replica.
func TestReview27_StoredVarsAsDecoded(t *testing.T) {
	api := newRawTokenAPI(t, "tok\xffen-1")
	store := &mapCache{m: map[string][]byte{}}
	a := loadRegistry(t, &Options{Cache: store}, api.URL, rawTokenTool)
	b := loadRegistry(t, &Options{Cache: store}, api.URL, rawTokenTool)
	wantText(t, call(t, a, "orders", `{}`), "ok") // fetched, stored
	wantText(t, call(t, a, "orders", `{}`), "ok") // a hit on a's own entry
	wantText(t, call(t, b, "orders", `{}`), "ok") // a hit on another replica's entry
	api.mu.Lock()
	defer api.mu.Unlock()
	if len(api.auths) != 3 {
		t.Fatalf("%d requests to /orders, want 3", len(api.auths))
	}
	if diff := cmp.Diff(api.auths[2], api.auths[1]); diff != "" {
		t.Errorf("the same stored entry was sent differently by the replica that stored it and another (-other +own):\n%s", diff)
	}
}

// TestReview27_StoredVarsBytes: the decoded entries are bounded in the
// bytes of their JSON as well as in number: a hostile API answering a
// megabyte under each of thousands of keys (a cached step whose request
// the model chooses) is not held in the process for a host store that
// would hold it elsewhere; an entry too long to keep is decoded at each
// hit, and the count of bytes follows every drop.
func TestReview27_StoredVarsBytes(t *testing.T) {
	var sv storedVars
	big := make([]byte, maxStoredVarsBytes/16)
	vars := map[string]template.Value{"token": {Text: "t"}}
	for i := range 100 {
		sv.Put(memoryKey{key: fmt.Sprint(i)}, big, vars, time.Hour)
		if sv.Bytes() > maxStoredVarsBytes {
			t.Fatalf("after %d entries of %d bytes: %d bytes held, bound %d", i+1, len(big), sv.Bytes(), maxStoredVarsBytes)
		}
	}
	if n := sv.Len(); n != 16 {
		t.Errorf("%d entries of 1 MiB held, want 16", n)
	}
	sv.Put(memoryKey{key: "huge"}, make([]byte, maxStoredVarsBytes/16+1), vars, time.Hour)
	if _, ok := sv.Lookup(memoryKey{key: "huge"}, nil); ok {
		t.Error("an entry over maxStoredVarsBytes/16 was kept decoded")
	}
	for i := 84; i < 100; i++ {
		if _, ok := sv.Lookup(memoryKey{key: fmt.Sprint(i)}, big); !ok {
			t.Errorf("the recent entry %d was dropped", i)
		}
		sv.Drop(memoryKey{key: fmt.Sprint(i)}, nil)
	}
	if sv.Bytes() != 0 || sv.Len() != 0 {
		t.Errorf("after dropping every entry: %d bytes in %d entries", sv.Bytes(), sv.Len())
	}
	for i := range maxStoredVars + 10 { // small entries: bounded in number
		sv.Put(memoryKey{key: fmt.Sprint(i)}, []byte(`{}`), vars, time.Hour)
	}
	if n := sv.Len(); n != maxStoredVars || sv.Bytes() != 2*maxStoredVars {
		t.Errorf("%d entries, %d bytes, want %d and %d", n, sv.Bytes(), maxStoredVars, 2*maxStoredVars)
	}
}

// scopedMapCache is a host store shared by tenants: the scope is part of
// its keys.
type scopedMapCache struct{ compareMapCache }

func scopedKey(ctx context.Context, key string) string {
	scope, ok := CacheScope(ctx)
	return fmt.Sprintf("%v\x00%s\x00%s", ok, scope, key)
}

func (c *scopedMapCache) Get(ctx context.Context, key string) ([]byte, bool, error) {
	return c.compareMapCache.Get(ctx, scopedKey(ctx, key))
}

func (c *scopedMapCache) Set(ctx context.Context, key string, v []byte, ttl time.Duration) error {
	return c.compareMapCache.Set(ctx, scopedKey(ctx, key), v, ttl)
}

func (c *scopedMapCache) Delete(ctx context.Context, key string) error {
	return c.compareMapCache.Delete(ctx, scopedKey(ctx, key))
}

func (c *scopedMapCache) CompareAndDelete(ctx context.Context, key string, old []byte) (bool, error) {
	return c.compareMapCache.CompareAndDelete(ctx, scopedKey(ctx, key), old)
}

// TestReview27_StoredVarsTenants: concurrent calls of several tenants on
// two replicas sharing a store, with revocations: a call of one tenant
// never sends another tenant's token (each token is issued for one
// tenant), whether it hits its own replica's decoded entry or not.
func TestReview27_StoredVarsTenants(t *testing.T) {
	api := tokenapi.New(t)
	store := &scopedMapCache{compareMapCache{mapCache{m: map[string][]byte{}}}}
	regs := []*Registry{
		loadRegistry(t, &Options{Cache: store}, api.URL, tokenapi.Tool),
		loadRegistry(t, &Options{Cache: store}, api.URL, tokenapi.Tool),
	}
	var mu sync.Mutex
	owner := map[string]string{} // token text -> the tenant that got it first
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 25 {
				tenant := fmt.Sprint("tenant", (g+i)%4)
				res := call(t, regs[(g+i)%2], "orders", `{}`, WithCacheScope(tenant))
				if res.IsError {
					continue // a revoked token refused twice
				}
				mu.Lock()
				if o, ok := owner[res.Text]; ok && o != tenant {
					t.Errorf("%s got %q, issued to %s", tenant, res.Text, o)
				}
				owner[res.Text] = tenant
				mu.Unlock()
				if i%7 == 0 {
					api.Revoke(strings.TrimPrefix(strings.TrimSpace(res.Text), "with "))
				}
			}
		}()
	}
	wg.Wait()
}

// TestReview27_MovedPathsRedact: the token a step fetched, echoed by a
// hostile API into a redirect the guard refuses (to a host not allowed,
// to a private address, to another scheme) of a step with retries,
// reaches neither the model nor the logs, as written or in another form,
// through the moved guard and retry paths.
func TestReview27_MovedPathsRedact(t *testing.T) {
	const token = "tok-9f8e7d6c5b4a3210"
	forms := []string{token, strings.ToUpper(token), base64.StdEncoding.EncodeToString([]byte(token)), hex.EncodeToString([]byte(token))}
	for _, c := range []struct{ name, location string }{
		{"host not allowed", "http://evil.example/leak/" + token + "?k=" + forms[2]},
		{"private address", "http://10.1.2.3/" + forms[3] + "/" + strings.Repeat("x", 2000) + token},
		{"scheme", "ftp://evil.example/" + token},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/token" {
					fmt.Fprintf(w, `{"token":%q}`, token)
					return
				}
				w.Header().Set("Location", c.location)
				w.WriteHeader(http.StatusFound)
			}))
			defer srv.Close()
			var logs bytes.Buffer
			tool := strings.Replace(strings.Replace(rawTokenTool, `"/token=([^;]*);/"`, "token", 1),
				"    result: ${step1:who}", "    retry: {max: 2, wait_min: 0.001, wait_max: 0.002}\n    result: ${step1:who}", 1)
			u, _ := url.Parse(srv.URL)
			reg := loadRegistry(t, &Options{AllowedHosts: []string{u.Host, "10.1.2.3"}, AllowPrivate: []string{u.Hostname()},
				Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))}, srv.URL, tool)
			res := call(t, reg, "orders", `{}`)
			if !res.IsError {
				t.Fatalf("the refused redirect gave %q", res.Text)
			}
			t.Log(res.Text)
			for _, f := range forms {
				if strings.Contains(res.Text, f) || strings.Contains(logs.String(), f) {
					t.Errorf("%q reached the model or the logs:\nresult: %s\nlogs: %s", f, res.Text, logs.String())
				}
			}
		})
	}
}
