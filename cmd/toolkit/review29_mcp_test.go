package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReview29_MCPAuthResourceAudience: with --auth-resource, a token the
// introspection endpoint says is active but issued for another resource
// (its aud) is refused with 401; one for this resource is served.
func TestReview29_MCPAuthResourceAudience(t *testing.T) {
	const resource = "https://mcp.example.com/mcp"
	is := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.FormValue("token") {
		case "tok-here":
			fmt.Fprintf(w, `{"active": true, "sub": "u", "aud": %q}`, resource)
		case "tok-elsewhere":
			fmt.Fprint(w, `{"active": true, "sub": "u", "aud": "https://other.example.com/mcp"}`)
		default:
			fmt.Fprint(w, `{"active": false}`)
		}
	}))
	defer is.Close()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "tenant.yaml"), []byte(tenantTool), 0o644); err != nil {
		t.Fatal(err)
	}
	url, errOut, _, ok := startMCP(t, dir, "--flat", "--http", "127.0.0.1:0", "--auth-introspect", is.URL, "--auth-resource", resource)
	if !ok {
		t.Fatalf("not served: %s", errOut)
	}
	for token, want := range map[string]int{"tok-here": http.StatusOK, "tok-elsewhere": http.StatusUnauthorized} {
		req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("%s: %d, want %d", token, resp.StatusCode, want)
		}
	}
}
