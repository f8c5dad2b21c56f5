package mcpserver_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/mcpserver"
)

// rawModern sends one 2026-07-28 request and returns the response, open,
// once its first line is read.
func rawModern(t *testing.T, ctx context.Context, url, method string, params map[string]any) *http.Response {
	t.Helper()
	resp, err := sendModern(ctx, url, method, params)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

func sendModern(ctx context.Context, url, method string, params map[string]any) (*http.Response, error) {
	params["_meta"] = map[string]any{
		mcp.MetaKeyProtocolVersion:    statelessVersion,
		mcp.MetaKeyClientInfo:         map[string]any{"name": "raw", "version": "1"},
		mcp.MetaKeyClientCapabilities: map[string]any{},
	}
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(string(b)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", statelessVersion)
	req.Header.Set("Mcp-Method", method)
	if n, ok := params["name"].(string); ok {
		req.Header.Set("Mcp-Name", n)
	}
	return http.DefaultClient.Do(req)
}

func listen(t *testing.T, ctx context.Context, url string) *http.Response {
	t.Helper()
	resp := rawModern(t, ctx, url, "subscriptions/listen", map[string]any{"notifications": map[string]any{"toolsListChanged": true}})
	if resp.StatusCode == http.StatusOK {
		_, _ = bufio.NewReader(resp.Body).ReadString('\n') // the acknowledgement: the stream is open
	}
	return resp
}

func connect2025(url string) error {
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(context.Background(),
		&mcp.StreamableClientTransport{Endpoint: url}, &mcp.ClientSessionOptions{ProtocolVersion: sessionVersion})
	if err == nil {
		cs.Close()
	}
	return err
}

// TestReview29_StatelessCallsDoNotTakeSessions: a 2026-07-28 call in
// flight (a session of one request, without an ID) does not count
// against Options.MaxSessions: a 2025-11-25 client still starts its
// session.
func TestReview29_StatelessCallsDoNotTakeSessions(t *testing.T) {
	f := newFixture(t, true)
	srv := mcpserver.New(f.reg, &mcpserver.Options{MaxSessions: 1})
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler(nil))
	defer hs.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() {
		defer close(done)
		// Answered (or not) once cancelled.
		if resp, err := sendModern(ctx, hs.URL, "tools/call", map[string]any{"name": "block", "arguments": map[string]any{}}); err == nil {
			resp.Body.Close()
		}
	}()
	<-f.started
	if err := connect2025(hs.URL); err != nil {
		t.Errorf("a 2025-11-25 session while a 2026-07-28 call runs: %v", err)
	}
	cancel()
	<-f.ended
	<-done
}

// TestReview29_ListenStreamsCapped: a subscriptions/listen stream stays
// open as long as its client wants, so it counts as a session: past
// Options.MaxSessions a new one gets 503, as does a new 2025-11-25
// session.
func TestReview29_ListenStreamsCapped(t *testing.T) {
	f := newFixture(t, true)
	srv := mcpserver.New(f.reg, &mcpserver.Options{MaxSessions: 2})
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler(nil))
	defer hs.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if resp := listen(t, ctx, hs.URL); resp.StatusCode != http.StatusOK {
		t.Fatalf("first listen: %d", resp.StatusCode)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(context.Background(),
		&mcp.StreamableClientTransport{Endpoint: hs.URL}, &mcp.ClientSessionOptions{ProtocolVersion: sessionVersion})
	if err != nil {
		t.Fatalf("a session under the cap: %v", err)
	}
	defer cs.Close()
	if resp := listen(t, ctx, hs.URL); resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("listen past the cap: %d, want 503", resp.StatusCode)
	}
	if err := connect2025(hs.URL); err == nil {
		t.Error("a session past the cap was started")
	}
}

// TestReview29_SwapAfterClose: a Server closed (no longer following its
// Registry) and then swapped does not follow the new Registry either.
func TestReview29_SwapAfterClose(t *testing.T) {
	f := newFixture(t, true)
	srv := mcpserver.New(f.reg, nil)
	srv.Close()
	g := newFixture(t, true)
	srv.Swap(g.reg)
	type none struct{}
	if err := toolkit.AddFunc(g.reg, toolkit.Capability{Name: "late", Description: "Added after Close."},
		func(context.Context, *toolkit.Call, none) (string, error) { return "", nil }); err != nil {
		t.Fatal(err)
	}
	ct, st := mcp.NewInMemoryTransports()
	ss, err := srv.MCP().Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if _, ok := toolNames(t, cs)["late"]; ok {
		t.Error("a tool added to the Registry swapped in after Close is published")
	}
}
