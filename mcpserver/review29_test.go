package mcpserver_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolkit-sdk/toolkit/hostapi"
	"github.com/toolkit-sdk/toolkit/mcpserver"
)

// confirmPost sends one 2026-07-28 tools/call of call_http_api's
// delete_thing from a client that declared elicitation, with the given
// requestState and the user's yes when state is not empty.
func confirmPost(t *testing.T, url, state string, hdr map[string]string) map[string]any {
	t.Helper()
	params := map[string]any{
		"name":      hostapi.ToolCall,
		"arguments": map[string]any{"endpoint": "delete_thing"},
		"_meta": map[string]any{
			mcp.MetaKeyProtocolVersion:    statelessVersion,
			mcp.MetaKeyClientInfo:         map[string]any{"name": "raw", "version": "1"},
			mcp.MetaKeyClientCapabilities: map[string]any{"elicitation": map[string]any{}},
		},
	}
	if state != "" {
		params["requestState"] = state
		params["inputResponses"] = map[string]any{"confirm": map[string]any{"action": "accept", "content": map[string]any{"confirm": true}}}
	}
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params})
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(string(b)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", statelessVersion)
	req.Header.Set("Mcp-Method", "tools/call")
	req.Header.Set("Mcp-Name", hostapi.ToolCall)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	data := string(body)
	if i := strings.LastIndex(data, "data: "); i >= 0 {
		data = strings.TrimSpace(data[i+len("data: "):])
	}
	var out map[string]any
	if err := json.Unmarshal([]byte(data), &out); err != nil {
		t.Fatalf("%d %s", resp.StatusCode, body)
	}
	return out
}

func stateOf(t *testing.T, res map[string]any) string {
	t.Helper()
	r, _ := res["result"].(map[string]any)
	state, _ := r["requestState"].(string)
	if r["resultType"] != "input_required" || state == "" {
		t.Fatalf("not asked to confirm: %v", res)
	}
	return state
}

// TestReview29_ConfirmationStateSingleUse: the user's yes runs the call
// once; the same requestState and answer sent again (a replay, within
// the state's ten minutes) are refused and send nothing.
func TestReview29_ConfirmationStateSingleUse(t *testing.T) {
	reg, sent := confirmFixture(t)
	srv := mcpserver.New(reg, nil)
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler(nil))
	defer hs.Close()
	state := stateOf(t, confirmPost(t, hs.URL, "", nil))
	if res := confirmPost(t, hs.URL, state, nil); res["error"] != nil || sent.Load() != 1 {
		t.Fatalf("confirmed: %v, sent %d", res, sent.Load())
	}
	for range 3 {
		if res := confirmPost(t, hs.URL, state, nil); res["error"] == nil || sent.Load() != 1 {
			t.Errorf("replayed: %v, sent %d", res, sent.Load())
		}
	}
}

// TestReview29_ConfirmationStateBoundToCaller: a requestState asked of one
// bearer token's user is refused with another's, so one tenant cannot
// spend the confirmation another's user was asked.
func TestReview29_ConfirmationStateBoundToCaller(t *testing.T) {
	reg, sent := confirmFixture(t)
	srv := mcpserver.New(reg, nil)
	defer srv.Close()
	hs := httptest.NewServer(mcpserver.Bearer(verifyTenant, nil)(srv.Handler(nil)))
	defer hs.Close()
	acme := map[string]string{"Authorization": "Bearer token-of-acme-0123456789"}
	globex := map[string]string{"Authorization": "Bearer token-of-globex-012345678"}
	state := stateOf(t, confirmPost(t, hs.URL, "", acme))
	if res := confirmPost(t, hs.URL, state, globex); res["error"] == nil || sent.Load() != 0 {
		t.Errorf("another tenant's state: %v, sent %d", res, sent.Load())
	}
	if res := confirmPost(t, hs.URL, state, acme); res["error"] != nil || sent.Load() != 1 {
		t.Errorf("own state: %v, sent %d", res, sent.Load())
	}
}

// TestReview29_ValuesHeaderCannotOverrideClaim: a value the host takes
// from the token is not set by a request header of the same name, neither
// over the claim nor when the token lacks it.
func TestReview29_ValuesHeaderCannotOverrideClaim(t *testing.T) {
	f := newFixture(t, true)
	srv := mcpserver.New(f.reg, &mcpserver.Options{CallOptions: mcpserver.Values(
		map[string]string{"user": "tenant"}, map[string]string{"user": "X-User"})})
	defer srv.Close()
	verify := func(ctx context.Context, token string, r *http.Request) (*auth.TokenInfo, error) {
		if token == "token-without-claim-0123" {
			return &auth.TokenInfo{UserID: "nobody"}, nil
		}
		return verifyTenant(ctx, token, r)
	}
	hs := httptest.NewServer(mcpserver.Bearer(verify, nil)(srv.Handler(nil)))
	defer hs.Close()
	for token, want := range map[string]string{"token-of-acme-0123456789": `{"user":"acme"}`, "token-without-claim-0123": `{"user":""}`} {
		_, res := modernPost(t, hs.URL, "tools/call", "whoami", map[string]any{"name": "whoami", "arguments": map[string]any{}},
			map[string]string{"Authorization": "Bearer " + token, "X-User": "globex"})
		r, _ := res["result"].(map[string]any)
		if got := fmt.Sprint(r["structuredContent"]); !strings.Contains(fmt.Sprint(r["content"]), want) {
			t.Errorf("%s: %v (%s)", token, res, got)
		}
	}
}

// TestReview29_BearerInsufficientScope: a valid token without the scopes
// gets 403 with error="insufficient_scope" (RFC 6750 3.1), not
// invalid_token, which tells a client to get a new token for nothing.
func TestReview29_BearerInsufficientScope(t *testing.T) {
	verify := func(context.Context, string, *http.Request) (*auth.TokenInfo, error) {
		return &auth.TokenInfo{UserID: "u", Scopes: []string{"read"}}, nil
	}
	h := mcpserver.Bearer(verify, &mcpserver.BearerOptions{ResourceMetadataURL: "https://mcp.example.com/.well-known/oauth-protected-resource/mcp", Scopes: []string{"write"}})(
		http.HandlerFunc(func(http.ResponseWriter, *http.Request) { t.Error("served") }))
	req := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader("{}"))
	req.Header.Set("Authorization", "Bearer some-valid-token-0123")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	want := []string{`Bearer error="insufficient_scope", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp", scope="write"`}
	if diff := cmp.Diff(want, rec.Result().Header.Values("WWW-Authenticate")); rec.Code != http.StatusForbidden || diff != "" {
		t.Errorf("%d, WWW-Authenticate (-want +got):\n%s", rec.Code, diff)
	}
}

// TestReview29_IntrospectionAudience: with Audience set, an active token
// the authorization server issued for another resource (or without aud)
// is refused; one naming this resource, alone or in an array, passes.
func TestReview29_IntrospectionAudience(t *testing.T) {
	var answer string
	as := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, answer)
	}))
	defer as.Close()
	verify, err := mcpserver.Introspection(as.URL, &mcpserver.IntrospectionOptions{Audience: "https://mcp.example.com/mcp"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		answer string
		ok     bool
	}{
		{`{"active":true,"sub":"a","aud":"https://mcp.example.com/mcp"}`, true},
		{`{"active":true,"sub":"a","aud":["https://other.example.com","https://mcp.example.com/mcp"]}`, true},
		{`{"active":true,"sub":"a","aud":"https://other.example.com/mcp"}`, false},
		{`{"active":true,"sub":"a","aud":["https://other.example.com/mcp"]}`, false},
		{`{"active":true,"sub":"a"}`, false},
		{`{"active":true,"sub":"a","aud":7}`, false},
	} {
		answer = tt.answer
		_, err := verify(context.Background(), "tok", nil)
		if (err == nil) != tt.ok || (err != nil && !errors.Is(err, auth.ErrInvalidToken)) {
			t.Errorf("%s: %v", tt.answer, err)
		}
	}
}

// TestReview29_ConfirmationWithTokenBothRevisions: behind Bearer, the
// user's yes runs the call at both revisions (go-sdk's retry of a
// 2025-11-25 session carries the same caller).
func TestReview29_ConfirmationWithTokenBothRevisions(t *testing.T) {
	reg, sent := confirmFixture(t)
	srv := mcpserver.New(reg, nil)
	defer srv.Close()
	hs := httptest.NewServer(mcpserver.Bearer(verifyTenant, nil)(srv.Handler(nil)))
	defer hs.Close()
	for _, v := range []string{sessionVersion, statelessVersion} {
		sent.Store(0)
		opts := &mcp.ClientOptions{ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"confirm": true}}, nil
		}}
		tr := &mcp.StreamableClientTransport{Endpoint: hs.URL, HTTPClient: &http.Client{Transport: bearer{"token-of-acme-0123456789", http.DefaultTransport}}}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, opts).Connect(context.Background(), tr,
			&mcp.ClientSessionOptions{ProtocolVersion: v})
		if err != nil {
			t.Fatal(err)
		}
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: hostapi.ToolCall, Arguments: map[string]any{"endpoint": "delete_thing"}})
		cs.Close()
		if err != nil {
			t.Errorf("%s: %v", v, err)
		} else if sent.Load() != 1 {
			t.Errorf("%s: sent %d, %s", v, sent.Load(), text(res))
		}
	}
}
