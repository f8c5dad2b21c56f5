package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const tenantTool = `name: tenant_echo
desc: Answer with the caller's tenant.
values: [tenant]
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/t/${value:tenant}
    result: "tenant ${value:tenant}"
`

// TestMCPIntrospection: with --auth-introspect every request needs a token
// the endpoint says is active (401 with the resource metadata named
// otherwise, which is served), --value-claim makes the token's claim the
// call's per-call value, and two tenants' clients of both revisions
// calling at once never see each other's.
func TestMCPIntrospection(t *testing.T) {
	tokens := map[string]string{"tok-acme": "acme", "tok-globex": "globex"}
	is := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if id, secret, _ := r.BasicAuth(); id != "rs" || secret != "pw" {
			http.Error(w, "who are you", http.StatusUnauthorized)
			return
		}
		if tenant, ok := tokens[r.FormValue("token")]; ok {
			fmt.Fprintf(w, `{"active": true, "sub": "u-%s", "tenant": %q}`, tenant, tenant)
			return
		}
		fmt.Fprint(w, `{"active": false}`)
	}))
	defer is.Close()
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{}`) }))
	defer api.Close()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "tenant.yaml"), []byte(tenantTool), 0o644); err != nil {
		t.Fatal(err)
	}
	env := filepath.Join(dir, "env")
	if err := os.WriteFile(env, []byte("BASE_URL="+api.URL+"\nRS_CRED=rs:pw\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	url, errOut, _, ok := startMCP(t, dir, "--flat", "--env-file", env, "--allow-private", "127.0.0.1",
		"--http", "127.0.0.1:0", "--auth-introspect", is.URL, "--auth-client-env", "RS_CRED",
		"--auth-server", "https://auth.example.com", "--value-claim", "tenant=tenant")
	if !ok {
		t.Fatalf("not served: %s", errOut)
	}
	meta := strings.TrimSuffix(url, "/mcp") + "/.well-known/oauth-protected-resource/mcp"
	for _, authz := range []string{"", "Bearer tok-unknown"} {
		req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if authz != "" {
			req.Header.Set("Authorization", authz)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(resp.Header.Get("WWW-Authenticate"), `resource_metadata="`+meta+`"`) {
			t.Errorf("Authorization %q: %d, WWW-Authenticate %q", authz, resp.StatusCode, resp.Header.Get("WWW-Authenticate"))
		}
	}
	resp, err := http.Get(meta)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("resource metadata: %d", resp.StatusCode)
	}
	var wg sync.WaitGroup
	for token, tenant := range tokens {
		for _, v := range []string{"2025-11-25", "2026-07-28"} {
			tr := &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: &http.Client{Transport: bearer{token}}}
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(t.Context(), tr, &mcp.ClientSessionOptions{ProtocolVersion: v})
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			for range 3 {
				wg.Go(func() {
					for range 4 {
						res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "tenant_echo", Arguments: map[string]any{}})
						if err != nil {
							t.Error(err)
							return
						}
						if got := res.Content[0].(*mcp.TextContent).Text; got != "tenant "+tenant {
							t.Errorf("%s client of %s got %q", v, tenant, got)
						}
					}
				})
			}
		}
	}
	wg.Wait()
	if strings.Contains(errOut.String(), "tok-") {
		t.Errorf("a token in the log: %s", errOut)
	}
}
