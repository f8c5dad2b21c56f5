package toolkit

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// oauthAPI is a loopback OAuth 2.0 token endpoint (POST /oauth/token) and
// an API behind it (GET /orders) that accepts the tokens it issued, until
// they expire or are revoked.
type oauthAPI struct {
	*httptest.Server
	clientID, secret string
	clientAuth       string // "basic" or "post": where the client's credentials must arrive
	expiresIn        int    // 0: no expires_in
	issued           atomic.Int32
	refused          atomic.Int32 // 401s of /orders

	mu      sync.Mutex
	tokens  map[string]time.Time // token -> expiry (zero: none)
	revoked map[string]bool
	forms   []url.Values // token requests' forms
}

func newOAuthAPI(t testing.TB, clientAuth string, expiresIn int) *oauthAPI {
	a := &oauthAPI{clientID: "shop-client", secret: "s3cr3t/client+secret", clientAuth: clientAuth, expiresIn: expiresIn,
		tokens: map[string]time.Time{}, revoked: map[string]bool{}}
	a.Server = httptest.NewServer(http.HandlerFunc(a.serve))
	t.Cleanup(a.Close)
	return a
}

func (a *oauthAPI) serve(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/oauth/token":
		if err := r.ParseForm(); err != nil || r.Method != http.MethodPost {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		id, secret, basic := r.BasicAuth()
		if basic {
			id, _ = url.QueryUnescape(id) // RFC 6749 2.3.1: form-encoded, then Basic
			secret, _ = url.QueryUnescape(secret)
		}
		if !basic {
			id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
		}
		a.mu.Lock()
		a.forms = append(a.forms, r.PostForm)
		a.mu.Unlock()
		if basic != (a.clientAuth == "basic") || id != a.clientID || secret != a.secret {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprint(w, `{"error":"invalid_client"}`)
			return
		}
		tok := fmt.Sprintf("tok-%d-abcdef123456", a.issued.Add(1))
		var exp time.Time
		body := map[string]any{"access_token": tok, "token_type": "bearer"}
		if a.expiresIn > 0 {
			exp = time.Now().Add(time.Duration(a.expiresIn) * time.Second)
			body["expires_in"] = a.expiresIn
		}
		a.mu.Lock()
		a.tokens[tok] = exp
		a.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(body)
	case "/orders":
		tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		a.mu.Lock()
		exp, issued := a.tokens[tok]
		valid := ok && issued && !a.revoked[tok] && (exp.IsZero() || time.Now().Before(exp))
		a.mu.Unlock()
		if !valid {
			a.refused.Add(1)
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprint(w, `{"error":"invalid_token"}`)
			return
		}
		fmt.Fprint(w, `{"orders":[1,2]}`)
	}
}

// revokeAll revokes every token issued so far.
func (a *oauthAPI) revokeAll() {
	a.mu.Lock()
	defer a.mu.Unlock()
	for tok := range a.tokens {
		a.revoked[tok] = true
	}
}

func (a *oauthAPI) env() map[string]string {
	return map[string]string{"SHOP_URL": a.URL, "SHOP_CLIENT_ID": a.clientID, "SHOP_CLIENT_SECRET": a.secret}
}

func oauthTool(clientAuth string) string {
	return `
name: orders
desc: List orders.
env: [SHOP_URL, SHOP_CLIENT_ID, SHOP_CLIENT_SECRET]
auth:
  type: oauth2_client_credentials
  token_url: ${env:SHOP_URL}/oauth/token
  client_id: ${env:SHOP_CLIENT_ID}
  client_secret: ${env:SHOP_CLIENT_SECRET}
  scopes: [orders.read, orders.write]
  client_auth: ` + clientAuth + `
steps:
  - url: ${env:SHOP_URL}/orders
`
}

// TestAuthOAuthClientCredentials: five calls fetch one token, with either
// client authentication method; after the API revokes it, the next call
// gets a 401, fetches a new token and succeeds.
func TestAuthOAuthClientCredentials(t *testing.T) {
	for _, method := range []string{"basic", "post"} {
		t.Run(method, func(t *testing.T) {
			api := newOAuthAPI(t, method, 3600)
			reg := loadRegistry(t, &Options{Env: testEnv(api.env())}, "", oauthTool(method))
			for range 5 {
				wantText(t, call(t, reg, "orders", `{}`), `{"orders":[1,2]}`)
			}
			if n := api.issued.Load(); n != 1 {
				t.Errorf("five calls fetched %d tokens, want 1", n)
			}
			api.mu.Lock()
			form := api.forms[0]
			api.mu.Unlock()
			if form.Get("grant_type") != "client_credentials" || form.Get("scope") != "orders.read orders.write" {
				t.Errorf("token request form: %v", form)
			}
			api.revokeAll()
			wantText(t, call(t, reg, "orders", `{}`), `{"orders":[1,2]}`)
			if n, refused := api.issued.Load(), api.refused.Load(); n != 2 || refused != 1 {
				t.Errorf("after a revocation: %d tokens issued, %d requests refused; want 2 and 1", n, refused)
			}
			wantText(t, call(t, reg, "orders", `{}`), `{"orders":[1,2]}`)
			if n := api.issued.Load(); n != 2 {
				t.Errorf("the new token is not kept: %d issued", n)
			}
		})
	}
}

// TestAuthOAuthWrongClientAuth: a server that wants the other method
// refuses the token request; the call fails saying so, without the
// secret.
func TestAuthOAuthWrongClientAuth(t *testing.T) {
	api := newOAuthAPI(t, "post", 0)
	reg := loadRegistry(t, &Options{Env: testEnv(api.env())}, "", oauthTool("basic"))
	res := call(t, reg, "orders", `{}`)
	wantError(t, res, "the token endpoint refused the request", "401", "invalid_client")
	if strings.Contains(res.Text, api.secret) {
		t.Errorf("the error shows the secret: %s", res.Text)
	}
}

// TestAuthOAuthExpiry: a token that expires in one second is not used
// once it is within its margin of expiry: the next call fetches another.
func TestAuthOAuthExpiry(t *testing.T) {
	api := newOAuthAPI(t, "basic", 1)
	reg := loadRegistry(t, &Options{Env: testEnv(api.env())}, "", oauthTool("basic"))
	wantText(t, call(t, reg, "orders", `{}`), `{"orders":[1,2]}`)
	time.Sleep(1100 * time.Millisecond) // the token has expired
	wantText(t, call(t, reg, "orders", `{}`), `{"orders":[1,2]}`)
	if n, refused := api.issued.Load(), api.refused.Load(); n != 2 || refused != 0 {
		t.Errorf("%d tokens issued, %d requests refused; want 2 and 0 (the expired token is never sent)", n, refused)
	}
}

// TestAuthOAuthConcurrent: calls that all need the token at once share
// one token request.
func TestAuthOAuthConcurrent(t *testing.T) {
	api := newOAuthAPI(t, "basic", 3600)
	reg := loadRegistry(t, &Options{Env: testEnv(api.env())}, "", oauthTool("basic"))
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			args, _ := json.Marshal(map[string]any{"name": "orders", "parameters": map[string]any{}})
			res, err := reg.Call(context.Background(), ToolCallCapability, args)
			if err != nil || res.IsError {
				t.Errorf("call: %v %s", err, res.Text)
			}
		})
	}
	wg.Wait()
	if n := api.issued.Load(); n != 1 {
		t.Errorf("16 concurrent calls fetched %d tokens, want 1", n)
	}
}

// TestAuthOAuthScopes: a token from credentials in the environment is
// the process's, shared by calls of every cache scope; one from per-call
// credentials is kept per scope and per credential.
func TestAuthOAuthScopes(t *testing.T) {
	api := newOAuthAPI(t, "basic", 3600)
	reg := loadRegistry(t, &Options{Env: testEnv(api.env())}, "", oauthTool("basic"), `
name: tenant_orders
desc: List a tenant's orders.
env: [SHOP_URL]
values: [client_id, {name: client_secret, sensitive: true}]
auth:
  type: oauth2_client_credentials
  token_url: ${env:SHOP_URL}/oauth/token
  client_id: ${value:client_id}
  client_secret: ${value:client_secret}
steps:
  - url: ${env:SHOP_URL}/orders
    cache: {ttl: 60}
    var: [{name: orders, extract: orders}]
    result: ${step0:orders}
`)
	for _, scope := range []string{"a", "b", "c"} {
		wantText(t, call(t, reg, "orders", `{}`, WithCacheScope(scope)), `{"orders":[1,2]}`)
	}
	if n := api.issued.Load(); n != 1 {
		t.Fatalf("env credentials: %d tokens for three scopes, want 1", n)
	}
	tenant := func(scope, secret string) Result {
		return call(t, reg, "tenant_orders", `{}`, WithCacheScope(scope), WithValue("client_id", api.clientID), WithValue("client_secret", secret))
	}
	wantText(t, tenant("a", api.secret), "[1,2]")
	wantText(t, tenant("a", api.secret), "[1,2]")
	if n := api.issued.Load(); n != 2 {
		t.Errorf("per-call credentials, one scope: %d tokens in all, want 2", n)
	}
	wantText(t, tenant("b", api.secret), "[1,2]")
	if n := api.issued.Load(); n != 3 {
		t.Errorf("per-call credentials, another scope: %d tokens in all, want 3", n)
	}
	// Another tenant's wrong secret in scope a: its own token request,
	// refused, and not the entry the right secret cached.
	res := tenant("a", "wrong-secret-xyz")
	wantError(t, res, "invalid_client")
}

// TestAuthOAuthGrants: the refresh-token and password grants send what
// RFC 6749 says.
func TestAuthOAuthGrants(t *testing.T) {
	api := newOAuthAPI(t, "post", 0)
	env := api.env()
	env["SHOP_REFRESH_TOKEN"] = "rt-0123456789"
	env["SHOP_USER"] = "ann"
	env["SHOP_PASSWORD"] = "pa55-w0rd-ann"
	reg := loadRegistry(t, &Options{Env: testEnv(env)}, "", `
name: refresh
desc: d
env: [SHOP_URL, SHOP_CLIENT_ID, SHOP_CLIENT_SECRET, SHOP_REFRESH_TOKEN]
auth:
  type: oauth2_refresh_token
  token_url: ${env:SHOP_URL}/oauth/token
  client_id: ${env:SHOP_CLIENT_ID}
  client_secret: ${env:SHOP_CLIENT_SECRET}
  refresh_token: ${env:SHOP_REFRESH_TOKEN}
  client_auth: post
steps:
  - url: ${env:SHOP_URL}/orders
`, `
name: password
desc: d
env: [SHOP_URL, SHOP_CLIENT_ID, SHOP_CLIENT_SECRET, SHOP_USER, SHOP_PASSWORD]
auth:
  type: oauth2_password
  token_url: ${env:SHOP_URL}/oauth/token
  client_id: ${env:SHOP_CLIENT_ID}
  client_secret: ${env:SHOP_CLIENT_SECRET}
  username: ${env:SHOP_USER}
  password: ${env:SHOP_PASSWORD}
  scopes: [orders.read]
  client_auth: post
steps:
  - url: ${env:SHOP_URL}/orders
`)
	wantText(t, call(t, reg, "refresh", `{}`), `{"orders":[1,2]}`)
	wantText(t, call(t, reg, "password", `{}`), `{"orders":[1,2]}`)
	api.mu.Lock()
	defer api.mu.Unlock()
	if f := api.forms[0]; f.Get("grant_type") != "refresh_token" || f.Get("refresh_token") != "rt-0123456789" {
		t.Errorf("refresh token request: %v", f)
	}
	if f := api.forms[1]; f.Get("grant_type") != "password" || f.Get("username") != "ann" || f.Get("password") != "pa55-w0rd-ann" || f.Get("scope") != "orders.read" {
		t.Errorf("password request: %v", f)
	}
}

// TestAuthOAuthGuarded: the token request goes through the Executor's
// guarded HTTP layer: a token endpoint on an address the guard refuses is
// never reached.
func TestAuthOAuthGuarded(t *testing.T) {
	api := newOAuthAPI(t, "basic", 0)
	env := api.env()
	env["API_URL"] = "https://api.example.com"
	reg := loadRegistry(t, &Options{Env: testEnv(env), AllowPrivate: []string{}}, "", strings.Replace(oauthTool("basic"), "steps:\n  - url: ${env:SHOP_URL}/orders", "steps:\n  - url: ${env:API_URL}/orders", 1))
	res := call(t, reg, "orders", `{}`)
	wantError(t, res, "private")
	if n := api.issued.Load(); n != 0 {
		t.Errorf("the guard let %d token requests through", n)
	}
}
