package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"github.com/toolkit-sdk/toolkit/mcpserver"
)

// tenants are the tokens the test verifier knows, with their tenant claim.
var tenants = map[string]string{"token-of-acme-0123456789": "acme", "token-of-globex-012345678": "globex"}

func verifyTenant(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
	tenant, ok := tenants[token]
	if !ok {
		return nil, auth.ErrInvalidToken
	}
	return &auth.TokenInfo{UserID: "user-" + tenant, Extra: map[string]any{"tenant": tenant}}, nil
}

// authServer serves the fixture behind Bearer, the tenant claim as the
// per-call value "user" (what whoami answers), and the resource metadata.
func authServer(t *testing.T) *httptest.Server {
	t.Helper()
	f := newFixture(t, true)
	srv := mcpserver.New(f.reg, &mcpserver.Options{CallOptions: mcpserver.Values(map[string]string{"user": "tenant"}, nil)})
	t.Cleanup(srv.Close)
	mux := http.NewServeMux()
	hs := httptest.NewServer(mux)
	t.Cleanup(hs.Close)
	mux.Handle("/mcp", mcpserver.Bearer(verifyTenant, &mcpserver.BearerOptions{
		ResourceMetadataURL: hs.URL + mcpserver.MetadataPath("/mcp"),
	})(srv.Handler(nil)))
	mux.Handle(mcpserver.MetadataPath("/mcp"), mcpserver.ResourceMetadata(&oauthex.ProtectedResourceMetadata{
		Resource: hs.URL + "/mcp", AuthorizationServers: []string{"https://auth.example.com"},
	}))
	return hs
}

// TestBearerTenantsDoNotMix: clients of both revisions with the tokens of
// two tenants call at once; each call sees its own token's tenant only.
func TestBearerTenantsDoNotMix(t *testing.T) {
	hs := authServer(t)
	var wg sync.WaitGroup
	for token, tenant := range tenants {
		for _, v := range []string{sessionVersion, statelessVersion} {
			cs := httpClientAt(t, hs.URL+"/mcp", token, v)
			for range 3 {
				wg.Go(func() {
					for range 5 {
						res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "whoami", Arguments: map[string]any{}})
						if err != nil {
							t.Error(err)
							return
						}
						if want := fmt.Sprintf(`{"user":%q}`, tenant); text(res) != want {
							t.Errorf("%s client of %s got %s", v, tenant, text(res))
						}
					}
				})
			}
		}
	}
	wg.Wait()
}

// TestBearerRefusals: without a valid token a request gets 401 and one
// WWW-Authenticate naming the resource metadata, which is served.
func TestBearerRefusals(t *testing.T) {
	hs := authServer(t)
	meta := hs.URL + mcpserver.MetadataPath("/mcp")
	for _, tt := range []struct {
		name, authz, challenge string
	}{
		{"none", "", `Bearer resource_metadata="` + meta + `"`},
		{"basic", "Basic dXNlcjpwYXNz", `Bearer resource_metadata="` + meta + `"`},
		{"unknown token", "Bearer not-a-known-token-123", `Bearer error="invalid_token", resource_metadata="` + meta + `"`},
		{"malformed", "Bearer a b", `Bearer error="invalid_request", resource_metadata="` + meta + `"`},
	} {
		for _, v := range []string{"", statelessVersion} {
			req, _ := http.NewRequest(http.MethodPost, hs.URL+"/mcp", strings.NewReader(initialize))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			if v != "" {
				req.Header.Set("Mcp-Protocol-Version", v)
			}
			if tt.authz != "" {
				req.Header.Set("Authorization", tt.authz)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusUnauthorized {
				t.Errorf("%s (%q): %d, want 401", tt.name, v, resp.StatusCode)
			}
			if diff := cmp.Diff([]string{tt.challenge}, resp.Header.Values("WWW-Authenticate")); diff != "" {
				t.Errorf("%s (%q): WWW-Authenticate (-want +got):\n%s", tt.name, v, diff)
			}
		}
	}
	resp, err := http.Get(meta)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var md oauthex.ProtectedResourceMetadata
	b, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(b, &md); err != nil || md.Resource != hs.URL+"/mcp" || len(md.AuthorizationServers) != 1 {
		t.Errorf("resource metadata: %d %s", resp.StatusCode, b)
	}
}

// TestIntrospection: the verifier asks an RFC 7662 endpoint, with the
// resource server's credentials; an inactive token is refused.
func TestIntrospection(t *testing.T) {
	var gotAuth string
	is := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, secret, _ := r.BasicAuth()
		gotAuth = id + ":" + secret
		switch r.FormValue("token") {
		case "good":
			fmt.Fprint(w, `{"active": true, "sub": "u1", "scope": "mcp read", "exp": 4102444800, "tenant": "acme"}`)
		default:
			fmt.Fprint(w, `{"active": false}`)
		}
	}))
	defer is.Close()
	verify, err := mcpserver.Introspection(is.URL, &mcpserver.IntrospectionOptions{ClientID: "rs", ClientSecret: "pw"})
	if err != nil {
		t.Fatal(err)
	}
	ti, err := verify(context.Background(), "good", nil)
	if err != nil || ti.UserID != "u1" || !cmp.Equal(ti.Scopes, []string{"mcp", "read"}) || ti.Extra["tenant"] != "acme" || ti.Expiration.Year() != 2100 {
		t.Errorf("an active token: %+v %v", ti, err)
	}
	if gotAuth != "rs:pw" {
		t.Errorf("the endpoint got credentials %q", gotAuth)
	}
	if _, err := verify(context.Background(), "bad", nil); err != auth.ErrInvalidToken {
		t.Errorf("an inactive token: %v", err)
	}
	if _, err := mcpserver.Introspection("ftp://x", nil); err == nil {
		t.Error("an ftp endpoint was accepted")
	}
}
