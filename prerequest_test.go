package toolkit

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

// authServer issues a token per tenant at /token (counting the requests)
// and serves /orders/{id} to a bearer of one.
type authServer struct {
	*testServer
	tokens atomic.Int32
}

func newAuthServer(t *testing.T) *authServer {
	a := &authServer{}
	a.testServer = newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/token":
			a.tokens.Add(1)
			fmt.Fprintf(w, `{"access_token":"tok-%s-0123456789"}`, r.URL.Query().Get("tenant"))
		case strings.HasPrefix(r.URL.Path, "/orders/"):
			auth := r.Header.Get("Authorization")
			if !strings.HasPrefix(auth, "Bearer tok-") {
				w.WriteHeader(http.StatusUnauthorized)
				return
			}
			fmt.Fprintf(w, `{"id":%q,"auth":%q}`, strings.TrimPrefix(r.URL.Path, "/orders/"), auth)
		default:
			http.NotFound(w, r)
		}
	})
	return a
}

const shopAuth = `
env: [BASE_URL]
values: [tenant]
pre_request:
  name: shop_auth
  url: ${env:BASE_URL}/token?tenant=${value:tenant}
  method: POST
  cache: {ttl: 300}
  var:
    - {name: token, extract: access_token, abort: true}
`

func shopTool(name string) string {
	return `
name: ` + name + `
desc: d
params: [{name: id, type: string, required: true, description: order id}]
env: [BASE_URL]
pre_request: shop_auth
steps:
  - url: ${env:BASE_URL}/orders/${param:id}
    headers: {Authorization: "Bearer ${pre:token}"}
    var: [{name: id, extract: id}]
    result: "order ${step0:id}"
`
}

func TestPreRequestInline(t *testing.T) {
	srv := newAuthServer(t)
	reg := loadRegistry(t, nil, srv.URL, `
name: get_order
desc: d
params: [{name: id, type: string, required: true, description: order id}]
pre_request:
  url: ${env:BASE_URL}/token?tenant=t1
  method: POST
  var: [{name: token, extract: access_token, abort: true}]
steps:
  - url: ${env:BASE_URL}/orders/${param:id}
    headers: {Authorization: "Bearer ${pre:token}"}
  - url: ${env:BASE_URL}/orders/${param:id}-2
    headers: {Authorization: "Bearer ${pre:token}"}
    var: [{name: auth, extract: auth}]
    result: "${step1:auth} / ${pre:token}"
`)
	res := call(t, reg, "get_order", `{"id": "A-1"}`)
	// The token is redacted: a var of the pre_request named like a secret.
	wantText(t, res, "[REDACTED] / [REDACTED]")
	want := []string{"POST /token?tenant=t1", "GET /orders/A-1", "GET /orders/A-1-2"}
	if diff := cmp.Diff(want, srv.uris()); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
	if got := srv.requests()[2].Header.Get("Authorization"); got != "Bearer tok-t1-0123456789" {
		t.Errorf("Authorization = %q", got)
	}
}

// TestPreRequestShared: one pre_request file, two tools naming it, loaded
// from a directory whatever the order; the cached token serves both tools
// and is kept per tenant.
func TestPreRequestShared(t *testing.T) {
	srv := newAuthServer(t)
	fsys := fstest.MapFS{
		"tools/a_orders.yaml":  {Data: []byte(shopTool("orders"))},
		"tools/b_refunds.yaml": {Data: []byte(shopTool("refunds"))},
		"tools/z_auth.yaml":    {Data: []byte(shopAuth)},
	}
	reg := loadRegistry(t, nil, srv.URL)
	diags, err := reg.LoadFS(fsys, "tools")
	if err != nil || len(diags) != 0 {
		t.Fatalf("LoadFS: %v %v", diags, err)
	}
	if err := reg.Check(); err != nil {
		t.Errorf("Check: %v", err)
	}
	for _, tool := range []string{"orders", "refunds", "orders"} {
		wantText(t, call(t, reg, tool, `{"id": "A-1"}`, WithValue("tenant", "acme")), "order A-1")
	}
	if n := srv.tokens.Load(); n != 1 {
		t.Errorf("token requests = %d, want 1 (cached across calls and tools)", n)
	}
	wantText(t, call(t, reg, "orders", `{"id": "B-2"}`, WithValue("tenant", "globex")), "order B-2")
	if n := srv.tokens.Load(); n != 2 {
		t.Errorf("token requests = %d, want 2 (one per tenant)", n)
	}
	if got := srv.requests()[len(srv.requests())-1].Header.Get("Authorization"); got != "Bearer tok-globex-0123456789" {
		t.Errorf("globex called with %q", got)
	}
	wantError(t, call(t, reg, "orders", `{"id": "A-1"}`), `per-call value "tenant"`) // declared by the pre_request's file
	if caps := reg.Capabilities(); len(caps) != 2 {
		t.Errorf("capabilities = %d, want 2 (a pre_request file is not a tool)", len(caps))
	}
}

// TestPreRequestLoadOrder: a tool loaded before its pre_request loads with
// a warning and fails until the pre_request comes; removing the
// pre_request makes its calls fail again.
func TestPreRequestLoadOrder(t *testing.T) {
	srv := newAuthServer(t)
	reg := loadRegistry(t, nil, srv.URL)
	diags, err := reg.LoadBytes("orders.yaml", []byte(shopTool("orders")))
	if err != nil {
		t.Fatal(err)
	}
	if got := diags.String(); got != `orders.yaml:6:14: warning: pre_request: unknown shared pre_request "shop_auth"; load the file that defines it (pre_request: {name: shop_auth, url: ...}) into this Registry; until then the tool's calls fail` {
		t.Errorf("diagnostics: %s", got)
	}
	wantError(t, call(t, reg, "orders", `{"id": "A-1"}`, WithValue("tenant", "acme")), `capability "orders" failed: its pre_request "shop_auth" is not loaded`)
	if err := reg.Check(); err == nil || !strings.Contains(err.Error(), `capability "orders": pre_request "shop_auth" is not loaded`) {
		t.Errorf("Check = %v", err)
	}
	if _, err := reg.LoadBytes("auth.yaml", []byte(shopAuth)); err != nil {
		t.Fatal(err)
	}
	wantText(t, call(t, reg, "orders", `{"id": "A-1"}`, WithValue("tenant", "acme")), "order A-1")
	if err := reg.Check(); err != nil {
		t.Errorf("Check: %v", err)
	}
	reg.RemovePreRequest("shop_auth", "unknown")
	wantError(t, call(t, reg, "orders", `{"id": "A-1"}`, WithValue("tenant", "acme")), `pre_request "shop_auth" is not loaded`)
	if err := reg.Check(); err == nil {
		t.Error("Check = nil after RemovePreRequest")
	}
	if n := len(srv.requests()); n != 2 {
		t.Errorf("requests = %v", srv.uris())
	}
}

// TestPreRequestLoadDiagnostics: what LoadFS reports about shared
// pre_requests across the files of a directory.
func TestPreRequestLoadDiagnostics(t *testing.T) {
	fsys := fstest.MapFS{
		"tools/auth.yaml":   {Data: []byte(shopAuth)},
		"tools/auth2.yaml":  {Data: []byte(shopAuth)},
		"tools/typo.yaml":   {Data: []byte(strings.Replace(shopTool("typo"), "pre_request: shop_auth", "pre_request: shop_atuh", 1))},
		"tools/badvar.yaml": {Data: []byte(strings.Replace(shopTool("badvar"), "${pre:token}", "${pre:tokn}", 1))},
		"tools/good.yaml":   {Data: []byte(shopTool("good"))},
	}
	reg := NewRegistry(&Options{Logger: discardLogger(), Env: testEnv(map[string]string{"BASE_URL": "https://x.test"})})
	diags, err := reg.LoadFS(fsys, "tools")
	if !errors.Is(err, ErrLoad) {
		t.Errorf("err = %v", err)
	}
	goldenFile(t, "load/prerequest_dir.golden", diags.String()+"\n")
	var names []string
	for _, c := range reg.Capabilities() {
		names = append(names, c.Name)
	}
	if diff := cmp.Diff([]string{"good"}, names); diff != "" {
		t.Errorf("loaded (-want +got):\n%s", diff)
	}
}

func TestParsePreRequest(t *testing.T) {
	p, diags := ParsePreRequest("auth.yaml", []byte(shopAuth))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if p.Name != "shop_auth" || len(p.Env) != 1 || len(p.Values) != 1 {
		t.Errorf("PreRequest = %+v", p)
	}
	_, diags = ParseWorkflow("auth.yaml", []byte(shopAuth))
	if want := `auth.yaml:4:1: pre_request: the file defines the shared pre_request "shop_auth", not a tool: load it into the Registry of the tools that use it, or parse it with ParsePreRequest`; diags.String() != want {
		t.Errorf("ParseWorkflow: %s", diags)
	}
	_, diags = ParsePreRequest("t.yaml", []byte(shopTool("orders")))
	if !strings.Contains(diags.String(), `the file defines the tool "orders", not a shared pre_request`) {
		t.Errorf("ParsePreRequest of a tool: %s", diags)
	}
	reg := NewRegistry(nil)
	if err := reg.AddPreRequest(&PreRequest{}); !errors.Is(err, ErrInvalidCapability) {
		t.Errorf("AddPreRequest of an empty one: %v", err)
	}
	// Run on an Executor alone, a tool naming a shared pre_request fails.
	w, _ := ParseWorkflow("t.yaml", []byte(shopTool("orders")))
	wantError(t, runWorkflow(NewExecutor(&Options{Logger: discardLogger()}), context.Background(), w, map[string]any{"id": "1"}), `pre_request "shop_auth" is not loaded`)
}

func TestPreRequestAbort(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusForbidden)
		fmt.Fprint(w, `{"error":"bad client"}`)
	})
	reg := loadRegistry(t, nil, srv.URL, `
name: t
desc: d
pre_request:
  url: ${env:BASE_URL}/token
  var: [{name: token, extract: access_token, abort: true}]
steps:
  - url: ${env:BASE_URL}/items
    headers: {Authorization: "Bearer ${pre:token}"}
`)
	wantError(t, call(t, reg, "t", `{}`), `variable "token" extraction failed (pre_request, extract "access_token"): not found in the response (HTTP 403 Forbidden)`)
	if diff := cmp.Diff([]string{"GET /token"}, srv.uris()); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
}

// TestPreRequestObserved: the pre_request's step events carry
// PreRequestIndex.
func TestPreRequestObserved(t *testing.T) {
	srv := newAuthServer(t)
	var steps []int
	obs := &Observer{Step: func(_ context.Context, s StepInfo) { steps = append(steps, s.Index) }}
	reg := loadRegistry(t, &Options{Observer: obs}, srv.URL, shopAuth, shopTool("orders"))
	call(t, reg, "orders", `{"id": "1"}`, WithValue("tenant", "acme"))
	if diff := cmp.Diff([]int{PreRequestIndex, 0}, steps); diff != "" {
		t.Errorf("step events (-want +got):\n%s", diff)
	}
}

// TestPreRequestSpecOrder: the spec's order lookup with its token request
// as a cached pre_request asks for the token once over two calls.
func TestPreRequestSpecOrder(t *testing.T) {
	src, err := os.ReadFile("testdata/tools/pre_order.yaml")
	if err != nil {
		t.Fatal(err)
	}
	srv := orderServer(t)
	env := map[string]string{"BASE_URL": srv.URL, "CLIENT_ID": "cid", "CLIENT_SECRET": "csecret-123"}
	reg := loadRegistry(t, &Options{Env: testEnv(env)}, srv.URL, string(src))
	for _, id := range []string{"A-1001", "A-1002"} {
		wantText(t, call(t, reg, "pre_order", `{"order_id": "`+id+`"}`), "Order: "+id+"\nStatus: shipped\nAmount: 1234567.89")
	}
	want := []string{"POST /auth/token", "GET /orders/A-1001", "GET /orders/A-1002"}
	if diff := cmp.Diff(want, srv.uris()); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
}

// TestPreRequestTokenRevoked: a 401 to a step that sent the cached
// pre_request token drops the entry and runs the pre_request and the
// steps again, once.
func TestPreRequestTokenRevoked(t *testing.T) {
	var issued atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/token":
			fmt.Fprintf(w, `{"access_token":"tok-%d-0123456789"}`, issued.Add(1))
		case "/items":
			if r.Header.Get("Authorization") != fmt.Sprintf("Bearer tok-%d-0123456789", issued.Load()) {
				w.WriteHeader(http.StatusUnauthorized) // only the latest token is valid
				return
			}
			fmt.Fprint(w, `{"ok":true}`)
		}
	})
	reg := loadRegistry(t, nil, srv.URL, `
name: items
desc: d
pre_request:
  url: ${env:BASE_URL}/token
  cache: {ttl: 300}
  var: [{name: token, extract: access_token, abort: true}]
steps:
  - url: ${env:BASE_URL}/items
    headers: {Authorization: "Bearer ${pre:token}"}
`)
	wantText(t, call(t, reg, "items", `{}`), `{"ok":true}`)
	issued.Add(1) // the server revokes the token the cache holds
	wantText(t, call(t, reg, "items", `{}`), `{"ok":true}`)
	want := []string{"GET /token", "GET /items", "GET /items", "GET /token", "GET /items"}
	if diff := cmp.Diff(want, srv.uris()); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
}

func TestPreRequestUnreachable(t *testing.T) {
	reg := loadRegistry(t, nil, "http://127.0.0.1:1", `
name: t
desc: d
pre_request:
  url: http://127.0.0.1:1/token
  var: [{name: token, extract: access_token}]
steps:
  - url: http://127.0.0.1:1/items?t=${pre:token}
`)
	wantError(t, call(t, reg, "t", `{}`), `capability "t" failed: pre_request: GET http://127.0.0.1:1/token:`)
}

// TestPreRequestReplicas: two Registries (two replicas of an agent)
// sharing one Cache fetch the shared pre_request's token once per replica
// at most, over concurrent calls of two tools, and per tenant.
func TestPreRequestReplicas(t *testing.T) {
	srv := newAuthServer(t)
	cache := NewMemoryCache()
	var regs []*Registry
	for range 2 {
		regs = append(regs, loadRegistry(t, &Options{Cache: cache}, srv.URL, shopAuth, tenantShopTool("orders"), tenantShopTool("refunds")))
	}
	var wg sync.WaitGroup
	errs := make(chan string, 100)
	for i := range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			reg, tool := regs[i%2], []string{"orders", "refunds"}[i/2%2]
			tenant := []string{"acme", "globex"}[i/4%2]
			res := call(t, reg, tool, `{"id": "A-1"}`, WithValue("tenant", tenant), WithCacheScope(tenant))
			if res.IsError || res.Text != "order A-1" {
				errs <- res.Text
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("call failed: %s", e)
	}
	// Each replica may miss each tenant's token once before the other
	// stored it: at most 2 replicas × 2 tenants.
	if n := srv.tokens.Load(); n < 2 || n > 4 {
		t.Errorf("token requests = %d, want 2 to 4", n)
	}
	for _, r := range srv.requests() {
		if tenant := r.Header.Get("X-Tenant"); strings.HasPrefix(r.URI, "/orders/") && r.Header.Get("Authorization") != "Bearer tok-"+tenant+"-0123456789" {
			t.Errorf("a call of tenant %s sent %q", tenant, r.Header.Get("Authorization"))
		}
	}
}

// tenantShopTool is shopTool telling the API its tenant.
func tenantShopTool(name string) string {
	return strings.Replace(strings.Replace(shopTool(name), `headers: {Authorization: "Bearer ${pre:token}"}`,
		`headers: {Authorization: "Bearer ${pre:token}", X-Tenant: "${value:tenant}"}`, 1),
		"pre_request: shop_auth", "values: [tenant]\npre_request: shop_auth", 1)
}
