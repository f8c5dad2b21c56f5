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
)

// credSink is a loopback server that records every Authorization,
// Cookie and query it receives.
type credSink struct {
	*httptest.Server
	mu   sync.Mutex
	seen []string
}

func newCredSink(t *testing.T) *credSink {
	s := &credSink{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.seen = append(s.seen, r.Header.Get("Authorization")+"|"+r.Header.Get("Cookie")+"|"+r.Header.Get("X-Key")+"|"+r.URL.RawQuery)
		s.mu.Unlock()
		fmt.Fprint(w, `{"ok":true}`)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *credSink) holds(secret string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, v := range s.seen {
		if strings.Contains(v, secret) {
			return true
		}
	}
	return false
}

// TestReview31_SharedAuthLoadedAfterTool: a tool that names a shared
// auth not loaded yet, and whose step's whole URL is the model's, is
// loaded with a warning; once the auth file is loaded, its calls must
// still not send the credential to the host the model names.
func TestReview31_SharedAuthLoadedAfterTool(t *testing.T) {
	evil := newCredSink(t)
	const secret = "tok-SECRET-0123456789"
	reg := loadRegistry(t, &Options{Env: testEnv(map[string]string{"TOKEN": secret})}, "", `
name: fetch
desc: Fetch a URL.
params:
  - {name: url, type: string, required: true, description: the URL}
auth: shop
steps:
  - url: ${param:url}
`, `
name: shop
env: [TOKEN]
auth:
  type: bearer
  token: ${env:TOKEN}
`)
	call(t, reg, "fetch", fmt.Sprintf(`{"url":%q}`, evil.URL+"/x"))
	if evil.holds(secret) {
		t.Errorf("the token went to the URL the model named")
	}
}

// TestReview31_Concurrent401 : calls that all hold a token the API has
// revoked get their 401s at about the same time; together they fetch
// one new token, not one each (a 401 to a token the cache no longer
// holds uses the one kept since).
func TestReview31_Concurrent401(t *testing.T) {
	api := newOAuthAPI(t, "basic", 3600)
	reg := loadRegistry(t, &Options{Env: testEnv(api.env())}, "", oauthTool("basic"))
	wantText(t, call(t, reg, "orders", `{}`), `{"orders":[1,2]}`)
	for round := range 5 {
		api.revokeAll()
		before := api.issued.Load()
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
		if n := api.issued.Load() - before; n != 1 {
			t.Errorf("round %d: 16 calls whose token was revoked fetched %d tokens, want 1", round, n)
		}
	}
}

// TestReview31_Always401: an API that refuses every token: a call with a
// kept token fetches one new token and repeats its request once; a call
// with a token fetched for it does not repeat.
func TestReview31_Always401(t *testing.T) {
	api := newOAuthAPI(t, "basic", 3600)
	var deny atomic.Bool
	var refused atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/orders" && deny.Load() {
			refused.Add(1)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		api.serve(w, r)
	}))
	defer srv.Close()
	env := api.env()
	env["SHOP_URL"] = srv.URL
	reg := loadRegistry(t, &Options{Env: testEnv(env)}, "", oauthTool("basic"))
	wantText(t, call(t, reg, "orders", `{}`), `{"orders":[1,2]}`)
	deny.Store(true)
	for i, want := range []struct{ fetched, refused int32 }{{1, 2}, {1, 2}} {
		issued, before := api.issued.Load(), refused.Load()
		res := call(t, reg, "orders", `{}`)
		if !strings.Contains(res.Text, "401") {
			t.Fatalf("want the 401: %s", res.Text)
		}
		if n, r := api.issued.Load()-issued, refused.Load()-before; n != want.fetched || r != want.refused {
			t.Errorf("call %d: %d fetched, %d refused; want %d and %d", i, n, r, want.fetched, want.refused)
		}
	}
}

// TestReview31_HostileTokenServer: a token endpoint answering a token
// with a line break, a negative or huge expires_in, or an error body
// echoing the client secret: no header is injected, the secret never
// reaches the model, and a call still works where the token is usable.
func TestReview31_HostileTokenServer(t *testing.T) {
	const secret = "s3cr3t/client+secret"
	for _, tc := range []struct {
		name, status, body, want string
	}{
		{"crlf", "200", `{"access_token":"abc123\r\nX-Evil: 1","token_type":"bearer"}`, "a header cannot carry"},
		{"echo", "400", `{"error":"invalid_request","error_description":"bad secret s3cr3t/client+secret"}`, "invalid_request"},
		{"echo form", "401", `client_secret=` + url.QueryEscape(secret), "refused"},
		{"negative", "200", `{"access_token":"tok-negative-1234","expires_in":-5}`, `{"ok":true}`},
		{"huge", "200", `{"access_token":"tok-huge-123456","expires_in":99999999999999}`, `{"ok":true}`},
		{"string", "200", `{"access_token":"tok-string-1234","expires_in":"3600"}`, `{"ok":true}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var injected atomic.Bool
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/oauth/token" {
					w.Header().Set("Content-Type", "application/json")
					code := map[string]int{"200": 200, "400": 400, "401": 401}[tc.status]
					w.WriteHeader(code)
					fmt.Fprint(w, tc.body)
					return
				}
				if r.Header.Get("X-Evil") != "" {
					injected.Store(true)
				}
				fmt.Fprint(w, `{"ok":true}`)
			}))
			defer srv.Close()
			env := map[string]string{"SHOP_URL": srv.URL, "SHOP_CLIENT_ID": "id", "SHOP_CLIENT_SECRET": secret}
			reg := loadRegistry(t, &Options{Env: testEnv(env)}, "", oauthTool("basic"))
			res := call(t, reg, "orders", `{}`)
			if !strings.Contains(res.Text, tc.want) {
				t.Errorf("got %q, want it to hold %q", res.Text, tc.want)
			}
			if strings.Contains(res.Text, secret) || strings.Contains(res.Text, url.QueryEscape(secret)) || injected.Load() {
				t.Errorf("leak or injection: %q injected=%v", res.Text, injected.Load())
			}
		})
	}
}
