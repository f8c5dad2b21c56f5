package toolkit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// orderTool is the spec's step example.
var orderTool = func() string {
	b, err := os.ReadFile("testdata/tools/spec_order.yaml")
	if err != nil {
		panic(err)
	}
	return string(b)
}()

func orderServer(t *testing.T) *testServer {
	return newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/auth/token":
			fmt.Fprint(w, `{"access_token":"tok-123456","expires_in":3600}`)
		case strings.HasPrefix(r.URL.Path, "/orders/"):
			if r.Header.Get("Authorization") != "Bearer tok-123456" {
				w.WriteHeader(http.StatusUnauthorized)
				return
			}
			fmt.Fprint(w, `{"data":{"status":"shipped","amount":1234567.89}}`)
		default:
			http.NotFound(w, r)
		}
	})
}

func TestSpecOrderExample(t *testing.T) {
	srv := orderServer(t)
	env := map[string]string{"BASE_URL": srv.URL, "CLIENT_ID": "cid", "CLIENT_SECRET": `p"w\d`}
	reg := loadRegistry(t, &Options{Env: testEnv(env)}, srv.URL, orderTool)
	res := call(t, reg, "get_order", `{"order_id": "A-1001"}`)
	wantText(t, res, "Order: A-1001\nStatus: shipped\nAmount: 1234567.89")
	reqs := srv.requests()
	if len(reqs) != 2 {
		t.Fatalf("requests = %v", srv.uris())
	}
	var body map[string]string
	if err := json.Unmarshal([]byte(reqs[0].Body), &body); err != nil {
		t.Fatalf("token body is not JSON: %q: %v", reqs[0].Body, err)
	}
	if diff := cmp.Diff(map[string]string{"client_id": "cid", "client_secret": `p"w\d`}, body); diff != "" {
		t.Errorf("token body (-want +got):\n%s", diff)
	}
	if got := reqs[0].Header.Get("Content-Type"); got != "application/json" {
		t.Errorf("Content-Type = %q", got)
	}
	if diff := cmp.Diff([]string{"POST /auth/token", "GET /orders/A-1001"}, srv.uris()); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
	if res.Signals.Capability != "get_order" {
		t.Errorf("Signals.Capability = %q", res.Signals.Capability)
	}
}

func TestStepFields(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"method":%q,"ok":true}`, r.Method)
	})
	tool := `
name: fields
desc: every step field
params:
  - {name: q, type: string, required: true, description: query}
  - {name: n, type: integer, required: false, description: count, default: 5}
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/get
    query:
      - {key: q, value: "${param:q}"}
      - {key: "a b", value: "x&y=z"}
      - {key: n, value: "${param:n}"}
    headers:
      X-Query: ${param:q}
    var: [{name: m, extract: method}]
  - url: ${env:BASE_URL}/put?existing=1
    method: put
    query: [{key: q, value: "${param:q}"}]
    body: "plain ${param:q}"
    var: [{name: m, extract: method}]
  - url: ${env:BASE_URL}/patch
    method: PATCH
    body: '{"q": "${param:q}", "n": ${param:n}}'
    var: [{name: m, extract: method}]
  - url: ${env:BASE_URL}/delete
    method: DELETE
    var: [{name: m, extract: method}]
    result: ${step0:m} ${step1:m} ${step2:m} ${step3:m}
`
	reg := loadRegistry(t, nil, srv.URL, tool)
	wantText(t, call(t, reg, "fields", `{"q": "caf\u00e9 &1"}`), "GET PUT PATCH DELETE")
	reqs := srv.requests()
	want := []string{
		"GET /get?q=caf%C3%A9+%261&a+b=x%26y%3Dz&n=5",
		"PUT /put?existing=1&q=caf%C3%A9+%261",
		"PATCH /patch",
		"DELETE /delete",
	}
	if diff := cmp.Diff(want, srv.uris()); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
	if got := reqs[0].Header.Get("X-Query"); got != "café &1" {
		t.Errorf("header = %q", got)
	}
	if got := reqs[1].Body; got != "plain café &1" {
		t.Errorf("text body = %q", got)
	}
	if got, want := reqs[2].Body, `{"q": "café &1", "n": 5}`; got != want {
		t.Errorf("json body = %q, want %q", got, want)
	}
	if got := reqs[2].Header.Get("Content-Type"); got != "application/json" {
		t.Errorf("json body Content-Type = %q", got)
	}
}

func TestTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	defer close(release)
	tool := `
name: slow
desc: times out
steps:
  - url: ${env:BASE_URL}/slow
    timeout: 1
`
	reg := loadRegistry(t, nil, srv.URL, tool)
	// The server answers only when released, after the call: the call ends
	// by its timeout or not at all.
	res := call(t, reg, "slow", `{}`)
	wantError(t, res, "step 0", "GET "+srv.URL+"/slow", "timed out after 1s")
}

func TestConnectionFailure(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {})
	base := srv.URL
	srv.Close()
	reg := loadRegistry(t, nil, base, "name: down\ndesc: d\nsteps:\n  - url: ${env:BASE_URL}/x?key=abc\n")
	wantError(t, call(t, reg, "down", `{}`), `capability "down" failed: step 0: GET `+base+"/x?…", "connection refused")
}

// TestVarFailureHandling covers each row of the spec's failure table.
func TestVarFailureHandling(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/html":
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusBadGateway)
			fmt.Fprint(w, "<html><body>Bad gateway</body></html>")
		case "/backup":
			fmt.Fprint(w, `{"value":"from backup"}`)
		default:
			fmt.Fprint(w, `{"present":"yes","nothing":null,"list":[]}`)
		}
	})
	tests := []struct {
		name, vars, result, want string
		result0                  string // step 0's result, when not result
		wantErr                  []string
		wantURIs                 []string
	}{
		{
			name:   "no handling stores empty string",
			vars:   `[{name: v, extract: missing}, {name: p, extract: present}]`,
			result: "[${step0:v}] ${step0:p}", want: "[] yes",
		},
		{
			name:   "null is a failure",
			vars:   `[{name: v, extract: nothing, default: "was null"}]`,
			result: "${step0:v}", want: "was null",
		},
		{
			name:   "empty array succeeds",
			vars:   `[{name: v, extract: "list[]", abort: true}]`,
			result: "${step0:v}", want: "[]",
		},
		{
			name:   "default",
			vars:   `[{name: v, extract: "list[0]", default: fallback}]`,
			result: "${step0:v}", want: "fallback",
		},
		{
			name:    "abort",
			vars:    `[{name: token, extract: data.token, abort: true}]`,
			result:  "${step0:token}",
			wantErr: []string{`variable "token" extraction failed (step 0, extract "data.token"): not found in the response`},
		},
		{
			name:   "jump skips the rest of the step",
			vars:   `[{name: v, extract: missing, jump: 1}, {name: w, extract: present}]`,
			result: "${step0:w}|${step1:v}", want: "|from backup", result0: "${step0:w}",
			wantURIs: []string{"GET /primary", "GET /backup"},
		},
		{
			name:   "regex no match",
			vars:   `[{name: v, extract: "/id=([0-9]+)/", default: none}]`,
			result: "${step0:v}", want: "none",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tool := fmt.Sprintf(`
name: t
desc: d
steps:
  - url: ${env:BASE_URL}/primary
    var: %s
    result: "%s"
  - url: ${env:BASE_URL}/backup
    var: [{name: v, extract: value}]
    result: "%s"
`, tt.vars, or(tt.result0, tt.result), tt.result)
			srv.mu.Lock()
			srv.reqs = nil
			srv.mu.Unlock()
			reg := loadRegistry(t, nil, srv.URL, tool)
			res := call(t, reg, "t", `{}`)
			if tt.wantErr != nil {
				wantError(t, res, tt.wantErr...)
			} else {
				wantText(t, res, tt.want)
			}
			if tt.wantURIs != nil {
				if diff := cmp.Diff(tt.wantURIs, srv.uris()); diff != "" {
					t.Errorf("requests (-want +got):\n%s", diff)
				}
			}
		})
	}

	t.Run("html body without handling is an error", func(t *testing.T) {
		reg := loadRegistry(t, nil, srv.URL, "name: t\ndesc: d\nsteps:\n  - url: ${env:BASE_URL}/html\n    var: [{name: v, extract: a.b}]\n")
		wantError(t, call(t, reg, "t", `{}`), `step 0: GET `+srv.URL+`/html: HTTP 502 Bad Gateway; body: "<html><body>Bad gateway</body></html>"`)
		// A status the step expects: the spec's error for a body that is not data.
		reg = loadRegistry(t, nil, srv.URL, "name: t\ndesc: d\nsteps:\n  - url: ${env:BASE_URL}/html\n    ok_status: [502]\n    var: [{name: v, extract: a.b}]\n")
		wantError(t, call(t, reg, "t", `{}`), `variable "v": the response is neither JSON nor YAML, so path "a.b" cannot apply (HTTP 502 Bad Gateway, body "<html><body>Bad gateway</body></html>")`)
	})
	t.Run("html body falls back with jump", func(t *testing.T) {
		reg := loadRegistry(t, nil, srv.URL, `
name: t
desc: d
steps:
  - url: ${env:BASE_URL}/html
    var: [{name: v, extract: a.b, jump: 1}]
  - url: ${env:BASE_URL}/backup
    var: [{name: v, extract: value}]
    result: ${step1:v}
`)
		wantText(t, call(t, reg, "t", `{}`), "from backup")
	})
	t.Run("html body with abort names the cause", func(t *testing.T) {
		reg := loadRegistry(t, nil, srv.URL, "name: t\ndesc: d\nsteps:\n  - url: ${env:BASE_URL}/html\n    var: [{name: v, extract: a.b, abort: true}]\n")
		wantError(t, call(t, reg, "t", `{}`), `variable "v" extraction failed`, "neither JSON nor YAML")
	})
	t.Run("regex reads html", func(t *testing.T) {
		reg := loadRegistry(t, nil, srv.URL, "name: t\ndesc: d\nsteps:\n  - url: ${env:BASE_URL}/html\n    ok_status: [502]\n    var: [{name: v, extract: \"/<body>([^<]+)</\"}]\n    result: ${step0:v}\n")
		wantText(t, call(t, reg, "t", `{}`), "Bad gateway")
	})
	t.Run("var without extract holds the body", func(t *testing.T) {
		reg := loadRegistry(t, nil, srv.URL, "name: t\ndesc: d\nsteps:\n  - url: ${env:BASE_URL}/backup\n    var: [{name: raw}]\n    result: 'got ${step0:raw}'\n")
		wantText(t, call(t, reg, "t", `{}`), `got {"value":"from backup"}`)
	})
}

func TestExtractionIntoTemplates(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/books":
			fmt.Fprint(w, `{"books":[{"title":"A","id":9007199254740993},{"title":"B \"2\"","id":2}],"meta":{"n":2,"ok":true}}`)
		case "/yaml":
			fmt.Fprint(w, "server:\n  name: alpha\n  ports: [80, 443]\n")
		case "/echo":
			body, _ := json.Marshal(map[string]string{"body": mustRead(r)})
			w.Write(body)
		}
	})
	tool := `
name: books
desc: d
steps:
  - url: ${env:BASE_URL}/books
    var:
      - {name: titles, extract: "books[].title"}
      - {name: first_id, extract: "books[0].id"}
      - {name: books, extract: "books[]"}
      - {name: meta, extract: meta}
      - {name: ok, extract: meta.ok}
  - url: ${env:BASE_URL}/yaml
    var:
      - {name: name, extract: server.name}
      - {name: port, extract: "server.ports[1]"}
  - url: ${env:BASE_URL}/echo
    method: POST
    body: '{"titles": ${step0:titles}, "id": ${step0:first_id}, "ok": ${step0:ok}, "name": ${step1:name}, "label": "${step0:titles}"}'
    var: [{name: sent, extract: body}]
    result: |
      ${step0:titles}
      ${step0:first_id} ${step0:meta} ${step0:ok}
      ${step1:name}:${step1:port}
      ${step2:sent}
`
	reg := loadRegistry(t, nil, srv.URL, tool)
	want := `["A","B \"2\""]
9007199254740993 {"n":2,"ok":true} true
alpha:443
{"titles": ["A","B \"2\""], "id": 9007199254740993, "ok": true, "name": "alpha", "label": "[\"A\",\"B \\\"2\\\"\"]"}`
	wantText(t, call(t, reg, "books", `{}`), want)
}

func mustRead(r *http.Request) string {
	b, _ := io.ReadAll(r.Body)
	return string(b)
}

func TestNextAndRawBody(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/missing" {
			http.Error(w, `{"error":"no such order"}`, http.StatusNotFound)
			return
		}
		fmt.Fprintf(w, `{"path":%q}`, r.URL.Path)
	})
	t.Run("next skips steps and the last raw body is returned", func(t *testing.T) {
		reg := loadRegistry(t, nil, srv.URL, `
name: t
desc: d
steps:
  - url: ${env:BASE_URL}/a
    next: 2
  - url: ${env:BASE_URL}/skipped
  - url: ${env:BASE_URL}/c
`)
		wantText(t, call(t, reg, "t", `{}`), `{"path":"/c"}`)
		if diff := cmp.Diff([]string{"GET /a", "GET /c"}, srv.uris()); diff != "" {
			t.Errorf("requests (-want +got):\n%s", diff)
		}
	})
	t.Run("non-2xx raw body tells the status", func(t *testing.T) {
		// Expected (ok_status): the raw body after its status line.
		reg := loadRegistry(t, nil, srv.URL, "name: t\ndesc: d\nsteps:\n  - url: ${env:BASE_URL}/missing\n    ok_status: 404\n")
		wantText(t, call(t, reg, "t", `{}`), "HTTP 404 Not Found\n{\"error\":\"no such order\"}")
		// Unexpected: an error that tells it.
		reg = loadRegistry(t, nil, srv.URL, "name: t\ndesc: d\nsteps:\n  - url: ${env:BASE_URL}/missing\n")
		wantError(t, call(t, reg, "t", `{}`), `step 0: GET `+srv.URL+`/missing: HTTP 404 Not Found; body: "{\"error\":\"no such order\"}"`)
	})
	t.Run("raw body is capped for the model", func(t *testing.T) {
		reg := loadRegistry(t, &Options{MaxResultBytes: 5}, srv.URL, "name: t\ndesc: d\nsteps:\n  - url: ${env:BASE_URL}/abcdef\n")
		wantText(t, call(t, reg, "t", `{}`), "{\"pat\n[truncated: 5 of 18 bytes shown]")
	})
	t.Run("step budget ends loops", func(t *testing.T) {
		reg := loadRegistry(t, &Options{MaxSteps: 5}, srv.URL, "name: t\ndesc: d\nsteps:\n  - url: ${env:BASE_URL}/loop\n    next: 0\n")
		wantError(t, call(t, reg, "t", `{}`), "step budget of 5 step runs exceeded")
		if n := len(srv.requests()); n < 5 {
			t.Errorf("requests = %d", n)
		}
	})
	t.Run("body cap", func(t *testing.T) {
		reg := loadRegistry(t, &Options{MaxBodyBytes: 8}, srv.URL, "name: t\ndesc: d\nsteps:\n  - url: ${env:BASE_URL}/long-path\n")
		wantError(t, call(t, reg, "t", `{}`), "response body too large: over 8 bytes")
	})
}

func TestKeyCache(t *testing.T) {
	var tokens atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/token":
			n := tokens.Add(1)
			fmt.Fprintf(w, `{"token":"t%d","other":"o"}`, n)
		default:
			fmt.Fprintf(w, `{"auth":%q}`, r.Header.Get("Authorization"))
		}
	})
	tool := `
name: cached
desc: d
steps:
  - url: ${env:BASE_URL}/token
    cache: true
    var: [{name: token, extract: token}]
  - url: ${env:BASE_URL}/data
    headers: {Authorization: "Bearer ${step0:token}"}
    var: [{name: a, extract: auth}]
  - url: ${env:BASE_URL}/token
    cache: true
    var: [{name: token, extract: token}]
  - url: ${env:BASE_URL}/token
    cache: true
    var: [{name: token, extract: token}, {name: other, extract: other}]
    result: ${step1:a} ${step2:token} ${step3:token} ${step3:other}
`
	reg := loadRegistry(t, nil, srv.URL, tool)
	// Step 2 is a hit (same request, same var); step 3 misses (var "other"
	// is not cached) and requests again.
	wantText(t, call(t, reg, "cached", `{}`), "[REDACTED] t1 t2 o")
	if diff := cmp.Diff([]string{"GET /token", "GET /data", "GET /token"}, srv.uris()); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
	// The cache lives for one call only.
	call(t, reg, "cached", `{}`)
	if n := tokens.Load(); n != 4 {
		t.Errorf("token requests = %d, want 4", n)
	}
	// The key covers the body: the same URL with another body misses.
	srv.mu.Lock()
	srv.reqs = nil
	srv.mu.Unlock()
	reg2 := loadRegistry(t, nil, srv.URL, `
name: bodies
desc: d
steps:
  - {url: "${env:BASE_URL}/token", method: POST, body: "a", cache: true, var: [{name: token, extract: token}]}
  - {url: "${env:BASE_URL}/token", method: POST, body: "b", cache: true, var: [{name: token, extract: token}]}
  - {url: "${env:BASE_URL}/token", method: POST, body: "a", cache: true, var: [{name: token, extract: token}], result: "${step0:token} ${step1:token} ${step2:token}"}
`)
	wantText(t, call(t, reg2, "bodies", `{}`), "t5 t6 t5")
	if n := len(srv.requests()); n != 2 {
		t.Errorf("requests = %d, want 2", n)
	}
}

// TestCacheKey pins the key layout (a host's store keeps keys across
// versions): method, URL, the headers a request ends up with by name,
// the body; and shows headers count.
func TestCacheKey(t *testing.T) {
	w, diags := ParseWorkflow("k.yaml", []byte(`
name: k
desc: d
params: [{name: t, type: string, required: true, description: t}]
steps:
  - url: https://api.test/token
    method: POST
    headers: {X-Token: "${param:t}", accept: a, Accept: b}
    body: '{"a": 1}'
    cache: true
    var: [{name: token, extract: token}]
`))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	r := &run{e: NewExecutor(nil), w: w, ctx: context.Background(), args: map[string]any{"t": "secret"}}
	s := w.steps[0]
	x, err := r.expand(s, r)
	if err != nil {
		t.Fatal(err)
	}
	want := sha256.Sum256([]byte("POST\x00https://api.test/token\x00Accept\x00b\x00\x00Content-Type\x00application/json\x00\x00X-Token\x00secret\x00\x00{\"a\": 1}"))
	if got := r.cacheKey(s, &x); got != "k:"+hex.EncodeToString(want[:]) {
		t.Errorf("key = %s, want %x", got, want)
	}
	req := r.newRequest(s, x)
	if diff := cmp.Diff(http.Header{"Accept": {"b"}, "Content-Type": {"application/json"}, "X-Token": {"secret"}}, req.Header); diff != "" {
		t.Errorf("header (-want +got)\n%s", diff)
	}

	// A header from a parameter: another value misses, the same one hits.
	var tokens atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"token":"t%d"}`, tokens.Add(1))
	})
	reg := loadRegistry(t, nil, srv.URL, `
name: headers
desc: d
params: [{name: a, type: string, required: true, description: a}, {name: b, type: string, required: true, description: b}]
steps:
  - {url: "${env:BASE_URL}/token", headers: {X-User: "${param:a}"}, cache: true, var: [{name: token, extract: token}]}
  - {url: "${env:BASE_URL}/token", headers: {X-User: "${param:b}"}, cache: true, var: [{name: token, extract: token}], result: "${step0:token} ${step1:token}"}
`)
	wantText(t, call(t, reg, "headers", `{"a": "u1", "b": "u2"}`), "t1 t2")
	wantText(t, call(t, reg, "headers", `{"a": "u3", "b": "u3"}`), "t3 t3")
}

func TestCacheTTLAcrossCalls(t *testing.T) {
	var hits atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"token":"t%d"}`, hits.Add(1))
	})
	tool := `
name: ttl
desc: d
params: [{name: user, type: string, required: true, description: u}]
steps:
  - url: ${env:BASE_URL}/token?user=${param:user}
    cache: {ttl: 300}
    var: [{name: token, extract: token}]
    result: ${step0:token}
`
	cache := NewMemoryCache()
	now := time.Unix(1000, 0)
	cache.now = func() time.Time { return now }
	reg := loadRegistry(t, &Options{Cache: cache}, srv.URL, tool)
	wantText(t, call(t, reg, "ttl", `{"user":"a"}`), "t1")
	wantText(t, call(t, reg, "ttl", `{"user":"a"}`), "t1")
	wantText(t, call(t, reg, "ttl", `{"user":"b"}`), "t2")
	now = now.Add(301 * time.Second)
	wantText(t, call(t, reg, "ttl", `{"user":"a"}`), "t3")
}

// mapCache is a Cache outside the package's own, as a host would write one.
type mapCache struct {
	mu sync.Mutex
	m  map[string][]byte
}

func (c *mapCache) Get(ctx context.Context, key string) ([]byte, bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[key]
	return v, ok, nil
}

func (c *mapCache) Set(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[key] = value
	return nil
}

func (c *mapCache) Delete(ctx context.Context, key string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.m, key)
	return nil
}

func TestCacheTTLHostStore(t *testing.T) {
	var hits atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"token":"t%d","n":12.50}`, hits.Add(1))
	})
	store := &mapCache{m: map[string][]byte{}}
	reg := loadRegistry(t, &Options{Cache: store}, srv.URL, `
name: ttl
desc: d
steps:
  - url: ${env:BASE_URL}/token
    cache: {ttl: 60}
    var: [{name: token, extract: token}, {name: n, extract: n}]
  - url: ${env:BASE_URL}/echo
    body: '{"n": ${step0:n}}'
    var: [{name: x, extract: token}]
    result: ${step0:token} ${step0:n} ${step1:x}
`)
	wantText(t, call(t, reg, "ttl", `{}`), "t1 12.50 t2")
	wantText(t, call(t, reg, "ttl", `{}`), "t1 12.50 t3")
	// The number kept its kind through the store: a JSON value, not a string.
	if reqs := srv.requests(); reqs[len(reqs)-1].Body != `{"n": 12.50}` {
		t.Errorf("body after a store hit = %q", reqs[len(reqs)-1].Body)
	}
	if len(store.m) != 1 {
		t.Errorf("store holds %d entries", len(store.m))
	}
	for _, v := range store.m {
		if !strings.Contains(string(v), "t1") {
			t.Errorf("stored %s", v)
		}
	}
}

// TestEnvOnlySteps: a step that reads only environment variables is
// expanded once per set of values. When one changes, the next call sends
// the new request under the new key; a secret header's value is redacted
// on every call, the ones that reuse the expansion too.
func TestEnvOnlySteps(t *testing.T) {
	var hits atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"token":"t%d","echo":%q}`, hits.Add(1), r.Header.Get("Authorization"))
	})
	var mu sync.Mutex
	env := map[string]string{"BASE_URL": srv.URL, "CLIENT_ID": "demo", "CLIENT_SECRET": "s1"}
	setEnv := func(k, v string) {
		mu.Lock()
		defer mu.Unlock()
		env[k] = v
	}
	reg := loadRegistry(t, &Options{Cache: NewMemoryCache(), Env: func(k string) (string, bool) {
		mu.Lock()
		defer mu.Unlock()
		v, ok := env[k]
		return v, ok
	}}, srv.URL, `
name: memo
desc: d
steps:
  - url: ${env:BASE_URL}/token
    method: POST
    headers: {Authorization: "Basic ${env:CLIENT_ID}"}
    body: '{"secret": "${env:CLIENT_SECRET}"}'
    cache: {ttl: 300}
    var: [{name: token, extract: token}, {name: echo, extract: echo}]
    result: ${step0:token} ${step0:echo}
`)
	for i, c := range []struct{ secret, want string }{
		{"s1", "t1 [REDACTED]"},
		{"s1", "t1 [REDACTED]"}, // a hit
		{"s2", "t2 [REDACTED]"}, // a new request
		{"s1", "t1 [REDACTED]"}, // the first key again
	} {
		setEnv("CLIENT_SECRET", c.secret)
		if res := call(t, reg, "memo", `{}`); res.Text != c.want {
			t.Errorf("call %d: %q, want %q", i, res.Text, c.want)
		}
	}
	var bodies []string
	for _, r := range srv.requests() {
		bodies = append(bodies, r.Body)
	}
	if diff := cmp.Diff([]string{`{"secret": "s1"}`, `{"secret": "s2"}`}, bodies); diff != "" {
		t.Errorf("requests (-want +got)\n%s", diff)
	}

	// The memo holds what expanding the step gives, key included, with
	// each variable's value once (B is read by the query and the body);
	// an unset variable leaves the step to be expanded, and warned about,
	// each call.
	w, diags := ParseWorkflow("m.yaml", []byte(`
name: m
desc: d
steps:
  - {url: "https://api.test/${env:A}", query: [{key: q, value: "${env:B}"}], body: "${env:B}", cache: true, var: [{name: v, extract: v}]}
  - {url: "https://api.test/${env:UNSET}", var: [{name: v, extract: v}]}
`))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var logs logBuffer
	e := NewExecutor(&Options{Env: testEnv(map[string]string{"A": "a", "B": "b"}), Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	r := &run{e: e, w: w, ctx: context.Background()}
	for range 2 {
		x, key, err := r.prepare(w.steps[0])
		want, werr := r.expand(w.steps[0], r)
		if err != nil || werr != nil || x.url != want.url || x.body != want.body || key != r.cacheKey(w.steps[0], &want) {
			t.Errorf("prepare = %+v, %q, %v; expand = %+v, %v", x, key, err, want, werr)
		}
		if m := w.steps[0].memo.Load(); m == nil || m.key != key || m.x.url != "https://api.test/a?q=b" || !slices.Equal(m.env, []string{"a", "b"}) {
			t.Errorf("memo %+v", m)
		}
		if _, _, err := r.prepare(w.steps[1]); err != nil {
			t.Fatal(err)
		}
	}
	if w.steps[1].memo.Load() != nil {
		t.Error("a step with an unset variable was memoized")
	}
	if n := strings.Count(logs.String(), "ref=${env:UNSET}"); n != 2 {
		t.Errorf("%d warnings about UNSET, want 2:\n%s", n, logs.String())
	}
}

func TestMissingValuesWarn(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{}`) })
	var logs logBuffer
	reg := loadRegistry(t, &Options{Logger: slog.New(slog.NewTextHandler(&logs, nil)),
		Env: testEnv(map[string]string{"BASE_URL": srv.URL})}, srv.URL, `
name: t
desc: d
env: [BASE_URL, REGION]
steps:
  - url: ${env:BASE_URL}/x
    result: "[${param:undeclared}] [${env:REGION}]"
`)
	if !strings.Contains(logs.String(), "env[1]: environment variable REGION is not set") {
		t.Errorf("load did not warn about REGION:\n%s", logs.String())
	}
	wantText(t, call(t, reg, "t", `{}`), "[] []")
	for _, want := range []string{"template reference has no value", "ref=${param:undeclared}", "environment variable is not set", "ref=${env:REGION}"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, logs.String())
		}
	}
	if err := reg.Check(); err == nil || !strings.Contains(err.Error(), "REGION is not set") {
		t.Errorf("Check() = %v", err)
	}
}

func TestRetryExtension(t *testing.T) {
	var n atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) <= 2 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		fmt.Fprint(w, `{"v":"ok"}`)
	})
	reg := loadRegistry(t, nil, srv.URL, `
name: t
desc: d
steps:
  - url: ${env:BASE_URL}/flaky
    retry: {max: 2, wait_min: 0.001, wait_max: 0.01}
    var: [{name: v, extract: v}]
    result: ${step0:v}
`)
	wantText(t, call(t, reg, "t", `{}`), "ok")
	// Without retry a 503 is a response like any other.
	n.Store(0)
	reg = loadRegistry(t, nil, srv.URL, "name: t\ndesc: d\nsteps:\n  - url: ${env:BASE_URL}/flaky\n")
	wantError(t, call(t, reg, "t", `{}`), "HTTP 503 Service Unavailable; body: (empty)")
}

func TestRedirects(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/again", http.StatusFound)
	})
	reg := loadRegistry(t, &Options{MaxRedirects: 3}, srv.URL, "name: t\ndesc: d\nsteps:\n  - url: ${env:BASE_URL}/start\n")
	wantError(t, call(t, reg, "t", `{}`), "stopped after 3 redirects")
	if n := len(srv.requests()); n != 4 {
		t.Errorf("requests = %d, want 4", n)
	}
}

func TestWholeURLFromStep(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/first" {
			fmt.Fprintf(w, `{"next":"http://%s/second?page=2","bad":"file:///etc/passwd"}`, r.Host)
			return
		}
		fmt.Fprintf(w, `{"uri":%q}`, r.URL.RequestURI())
	})
	reg := loadRegistry(t, nil, srv.URL, `
name: t
desc: d
steps:
  - url: ${env:BASE_URL}/first
    var: [{name: next, extract: next}, {name: bad, extract: bad}]
  - url: ${step0:next}
    var: [{name: uri, extract: uri}]
    result: ${step1:uri}
`, `
name: bad
desc: d
steps:
  - url: ${env:BASE_URL}/first
    var: [{name: bad, extract: bad}]
  - url: ${step0:bad}
`)
	wantText(t, call(t, reg, "t", `{}`), "/second?page=2")
	wantError(t, call(t, reg, "bad", `{}`), "step 1: url:")
}

func TestConcurrentCalls(t *testing.T) {
	srv := orderServer(t)
	env := map[string]string{"BASE_URL": srv.URL, "CLIENT_ID": "c", "CLIENT_SECRET": "s"}
	reg := loadRegistry(t, &Options{Env: testEnv(env)}, srv.URL, orderTool)
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() {
			args := fmt.Sprintf(`{"name":"get_order","parameters":{"order_id":"o%d"}}`, i)
			res, _ := reg.Call(context.Background(), ToolCallCapability, json.RawMessage(args))
			if want := fmt.Sprintf("Order: o%d\nStatus: shipped\nAmount: 1234567.89\n", i); res.Text != want {
				t.Errorf("order o%d: %s", i, res.Text)
			}
		})
	}
	wg.Wait()
}

func TestCanceledContext(t *testing.T) {
	srv := orderServer(t)
	reg := loadRegistry(t, nil, srv.URL, orderTool)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, _ := reg.Call(ctx, ToolCallCapability, json.RawMessage(`{"name":"get_order","parameters":{"order_id":"x"}}`))
	wantError(t, res, "call canceled")
}

// or is its first argument that is not "".
func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
