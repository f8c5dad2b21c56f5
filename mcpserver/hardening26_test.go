package mcpserver_test

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolkit-sdk/toolkit/mcpserver"
)

const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`

// post sends one JSON-RPC message to url with the headers and returns the
// status, the headers and the start of the body.
func post(t *testing.T, url, body string, header map[string][]string) (int, http.Header, string) {
	t.Helper()
	return send(t, http.MethodPost, url, body, header)
}

func send(t *testing.T, method, url, body string, header map[string][]string) (int, http.Header, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	return resp.StatusCode, resp.Header, string(b)
}

// liveSessions counts srv's initialized sessions, those the cap counts
// (one go-sdk's client starts with a server/discover is closed at once).
func liveSessions(srv *mcpserver.Server) int {
	n := 0
	for ss := range srv.MCP().Sessions() {
		if ss.InitializeParams() != nil {
			n++
		}
	}
	return n
}

func allSessions(srv *mcpserver.Server) int {
	n := 0
	for range srv.MCP().Sessions() {
		n++
	}
	return n
}

// waitSessions waits until srv has want live sessions (a hang guard bounds
// the wait; nothing is timed).
func waitSessions(t *testing.T, srv *mcpserver.Server, want int) {
	t.Helper()
	count := liveSessions
	if want == 0 {
		count = allSessions
	}
	deadline := time.Now().Add(hangGuard)
	for count(srv) != want {
		if time.Now().After(deadline) {
			t.Fatalf("%d live sessions, want %d", count(srv), want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestHardening26_05_SessionCap: past MaxSessions a new session is refused
// with 503 and a JSON-RPC error, also when many start at once; the live
// sessions go on working, and a session that ended frees its place.
func TestHardening26_05_SessionCap(t *testing.T) {
	f := newFixture(t, true)
	const limit = 4
	srv := mcpserver.New(f.reg, &mcpserver.Options{MaxSessions: limit, SessionTimeout: -1})
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler(nil))
	t.Cleanup(hs.Close)

	// Many at once: no more than the cap are admitted.
	var wg sync.WaitGroup
	var mu sync.Mutex
	statuses := map[int]int{}
	for range 40 {
		wg.Go(func() {
			code, _, _ := post(t, hs.URL, initialize, nil)
			mu.Lock()
			statuses[code]++
			mu.Unlock()
		})
	}
	wg.Wait()
	if statuses[http.StatusOK] > limit || statuses[http.StatusOK]+statuses[http.StatusServiceUnavailable] != 40 {
		t.Errorf("40 initializes at once with a cap of %d: statuses %v", limit, statuses)
	}
	if n := liveSessions(srv); n > limit {
		t.Errorf("%d live sessions with a cap of %d", n, limit)
	}
	for ss := range srv.MCP().Sessions() {
		ss.Close()
	}
	waitSessions(t, srv, 0)

	var sessions []*mcp.ClientSession
	for range limit {
		sessions = append(sessions, httpClient(t, hs.URL, "x"))
	}
	code, hdr, body := post(t, hs.URL, initialize, nil)
	var rpc struct {
		ID    any `json:"id"`
		Error struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(body), &rpc); err != nil || code != http.StatusServiceUnavailable ||
		hdr.Get("Content-Type") != "application/json" || !strings.Contains(rpc.Error.Message, "maximum of 4 sessions") {
		t.Errorf("a session past the cap: %d %q %s (%v)", code, hdr.Get("Content-Type"), body, err)
	}
	tr := &mcp.StreamableClientTransport{Endpoint: hs.URL}
	if cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(context.Background(), tr,
		&mcp.ClientSessionOptions{ProtocolVersion: sessionVersion}); err == nil {
		cs.Close()
		t.Error("go-sdk's client connected past the cap")
	}
	if n := liveSessions(srv); n != limit {
		t.Errorf("%d live sessions after refusals, want %d", n, limit)
	}
	// The live sessions are not disturbed.
	for _, cs := range sessions {
		if err := cs.Ping(context.Background(), nil); err != nil {
			t.Errorf("a live session after a refusal: %v", err)
		}
	}
	sessions[0].Close()
	waitSessions(t, srv, limit-1)
	httpClient(t, hs.URL, "x")
	if n := liveSessions(srv); n != limit {
		t.Errorf("%d live sessions, want %d", n, limit)
	}
}

// TestHardening26_05_IdleSessionsEnd: idle sessions are closed after
// SessionTimeout, and the default is a timeout, not forever. (go-sdk arms a
// session's timer before its first request holds it: the timeout leaves a
// loaded machine time to answer the initialize.)
func TestHardening26_05_IdleSessionsEnd(t *testing.T) {
	f := newFixture(t, true)
	srv := mcpserver.New(f.reg, &mcpserver.Options{SessionTimeout: 200 * time.Millisecond})
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler(nil))
	t.Cleanup(hs.Close)
	for range 30 {
		if code, _, body := post(t, hs.URL, initialize, nil); code != http.StatusOK {
			t.Fatalf("initialize: %d %s", code, body)
		}
	}
	waitSessions(t, srv, 0)

	// A host's own StreamableHTTPOptions without a timeout get the Server's.
	hs2 := httptest.NewServer(srv.Handler(&mcp.StreamableHTTPOptions{JSONResponse: true}))
	t.Cleanup(hs2.Close)
	for range 3 {
		post(t, hs2.URL, initialize, nil)
	}
	waitSessions(t, srv, 0)

	if mcpserver.DefaultSessionTimeout <= 0 || mcpserver.DefaultMaxSessions <= 0 {
		t.Errorf("defaults %v, %d: sessions are kept forever or without a cap", mcpserver.DefaultSessionTimeout, mcpserver.DefaultMaxSessions)
	}
}

// TestHardening26_18_Origin: a request with an Origin that is neither the
// server's own nor allowed gets 403, whatever its method; one without
// Origin, from a non-browser client, is served.
func TestHardening26_18_Origin(t *testing.T) {
	f := newFixture(t, true)
	srv := mcpserver.New(f.reg, &mcpserver.Options{AllowedOrigins: []string{"https://app.example.com", "http://tool.example:8443"}})
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler(nil))
	t.Cleanup(hs.Close)
	own := hs.URL // http://127.0.0.1:PORT
	port := own[strings.LastIndex(own, ":")+1:]
	tests := []struct {
		origin []string
		want   int
	}{
		{nil, http.StatusOK},
		{[]string{own}, http.StatusOK},
		{[]string{"http://localhost:" + port}, http.StatusForbidden}, // not the Host the request named
		{[]string{strings.ToUpper(own)}, http.StatusOK},
		{[]string{"https://app.example.com"}, http.StatusOK},
		{[]string{"HTTPS://App.Example.Com:443"}, http.StatusOK},
		{[]string{"http://tool.example:8443"}, http.StatusOK},
		{[]string{"http://app.example.com"}, http.StatusForbidden},
		{[]string{"https://app.example.com:8443"}, http.StatusForbidden},
		{[]string{"https://app.example.com.evil.example"}, http.StatusForbidden},
		{[]string{"http://evil.example"}, http.StatusForbidden},
		{[]string{"http://127.0.0.1:1"}, http.StatusForbidden},
		{[]string{"null"}, http.StatusForbidden},
		{[]string{""}, http.StatusForbidden},
		{[]string{"file://"}, http.StatusForbidden},
		{[]string{own + "/path"}, http.StatusForbidden},
		{[]string{"http://user@127.0.0.1:" + port}, http.StatusForbidden},
		{[]string{own, "http://evil.example"}, http.StatusForbidden},
		{[]string{"http://evil.example/" + strings.Repeat("x", 100000)}, http.StatusForbidden},
	}
	for _, tt := range tests {
		code, _, body := post(t, hs.URL, initialize, map[string][]string{"Origin": tt.origin})
		if code != tt.want {
			t.Errorf("POST with Origin %.80q: %d, want %d (%.200s)", tt.origin, code, tt.want, body)
		}
		if code == http.StatusForbidden && (!strings.Contains(body, "is not allowed") || len(body) > 300) {
			t.Errorf("POST with Origin %.80q: body %.300s", tt.origin, body)
		}
	}
	// GET and DELETE too, which net/http.CrossOriginProtection lets pass.
	for _, method := range []string{http.MethodGet, http.MethodDelete, http.MethodPost} {
		code, _, _ := send(t, method, hs.URL, initialize, map[string][]string{"Origin": {"http://evil.example"}, "Mcp-Session-Id": {"x"}})
		if code != http.StatusForbidden {
			t.Errorf("%s with a foreign Origin: %d, want 403", method, code)
		}
	}

	any := mcpserver.New(f.reg, &mcpserver.Options{AllowedOrigins: []string{"*"}})
	defer any.Close()
	hs2 := httptest.NewServer(any.Handler(nil))
	t.Cleanup(hs2.Close)
	if code, _, body := post(t, hs2.URL, initialize, map[string][]string{"Origin": {"http://evil.example"}}); code != http.StatusOK {
		t.Errorf(`AllowedOrigins "*": %d %s`, code, body)
	}
}

// TestHardening26_01_RequireToken: without the bearer token a request gets
// 401 and a Bearer challenge; with it, the session works.
func TestHardening26_01_RequireToken(t *testing.T) {
	const token = "s3cret-token-0123456789"
	for _, bad := range []string{"", "short", "with space in the token", "tab\tseparated-token-x", "nul\x00-token-0123456789", "é-non-ascii-token-xyz"} {
		if _, err := mcpserver.RequireToken(bad); err == nil {
			t.Errorf("RequireToken(%q) accepted", bad)
		}
	}
	f := newFixture(t, true)
	srv := mcpserver.New(f.reg, &mcpserver.Options{CallOptions: userFromBearer})
	defer srv.Close()
	require, err := mcpserver.RequireToken(token)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(require(srv.Handler(nil)))
	t.Cleanup(hs.Close)
	tests := []struct {
		auth      []string
		challenge string
	}{
		{nil, "Bearer"},
		{[]string{""}, "Bearer"},
		{[]string{"Bearer"}, `Bearer error="invalid_request"`},
		{[]string{"Bearer " + token + " " + token}, `Bearer error="invalid_request"`},
		{[]string{"Bearer " + token[:len(token)-1]}, `Bearer error="invalid_token"`},
		{[]string{"Bearer " + token + "x"}, `Bearer error="invalid_token"`},
		{[]string{"BEARER  " + strings.Repeat("x", 32<<10)}, `Bearer error="invalid_token"`},
		{[]string{"Bearer " + strings.ToUpper(token)}, `Bearer error="invalid_token"`},
		// RFC 6750 3.1: no error code without bearer credentials.
		{[]string{"Basic " + token}, "Bearer"},
		{[]string{token}, "Bearer"},
		{[]string{"Bearer" + token}, "Bearer"},
	}
	for _, tt := range tests {
		code, hdr, body := post(t, hs.URL, initialize, map[string][]string{"Authorization": tt.auth})
		if code != http.StatusUnauthorized || hdr.Get("WWW-Authenticate") != tt.challenge || strings.Contains(body, token) {
			t.Errorf("Authorization %q: %d, WWW-Authenticate %q, body %q", tt.auth, code, hdr.Get("WWW-Authenticate"), body)
		}
	}
	// The token elsewhere than the first Authorization header is not read.
	for _, url := range []string{hs.URL + "?access_token=" + token, hs.URL + "?token=" + token} {
		if code, _, _ := post(t, url, initialize, nil); code != http.StatusUnauthorized {
			t.Errorf("the token in the URL: %d", code)
		}
	}
	if code, _, _ := post(t, hs.URL, initialize, map[string][]string{"Authorization": {"Basic eA==", "Bearer " + token}}); code != http.StatusUnauthorized {
		t.Errorf("the token in a second Authorization header: %d", code)
	}
	if n := liveSessions(srv); n != 0 {
		t.Errorf("%d sessions started without the token", n)
	}
	code, hdr, _ := post(t, hs.URL, initialize, map[string][]string{"Authorization": {"bearer " + token}})
	if code != http.StatusOK || hdr.Get("WWW-Authenticate") != "" {
		t.Errorf("with the token: %d, WWW-Authenticate %q", code, hdr.Get("WWW-Authenticate"))
	}
	cs := httpClient(t, hs.URL, token)
	res := call(t, cs, "whoami", `{}`)
	if diff := cmp.Diff(`{"user":"`+token+`"}`, text(res)); diff != "" {
		t.Errorf("a call with the token (-want +got):\n%s", diff)
	}
}

// TestHardening26_05_CapWhileInitializing: a request that starts a session
// counts against MaxSessions until its session is initialized, also when
// go-sdk writes before it answers the initialize (the priming event of an
// EventStore) or the initialize comes in a batch; many at once never
// exceed the cap.
func TestHardening26_05_CapWhileInitializing(t *testing.T) {
	f := newFixture(t, true)
	const limit = 4
	batch := `[{"jsonrpc":"2.0","id":"p","method":"ping"},` + initialize + `]`
	primed := strings.Replace(initialize, `"2025-06-18"`, `"2025-11-25"`, 1)
	for _, tt := range []struct {
		name string
		opts *mcp.StreamableHTTPOptions
		body string
	}{
		{"event store", &mcp.StreamableHTTPOptions{EventStore: mcp.NewMemoryEventStore(nil)}, primed},
		{"batch", nil, batch},
		{"json", &mcp.StreamableHTTPOptions{JSONResponse: true}, initialize},
	} {
		srv := mcpserver.New(f.reg, &mcpserver.Options{MaxSessions: limit, SessionTimeout: -1})
		defer srv.Close()
		hs := httptest.NewServer(srv.Handler(tt.opts))
		t.Cleanup(hs.Close)
		var wg sync.WaitGroup
		var mu sync.Mutex
		statuses := map[int]int{}
		for range 60 {
			wg.Go(func() {
				code, _, _ := post(t, hs.URL, tt.body, nil)
				mu.Lock()
				statuses[code]++
				mu.Unlock()
			})
		}
		wg.Wait()
		if n := liveSessions(srv); n > limit || statuses[http.StatusOK] > limit {
			t.Errorf("%s: 60 initializes at once with a cap of %d: %d live sessions, statuses %v", tt.name, limit, n, statuses)
		}
		// One after another, each answered before the next, up to the cap.
		for ss := range srv.MCP().Sessions() {
			ss.Close()
		}
		waitSessions(t, srv, 0)
		for i := range limit {
			if code, _, body := post(t, hs.URL, tt.body, nil); code != http.StatusOK {
				t.Errorf("%s: session %d of %d: %d %.200s", tt.name, i+1, limit, code, body)
			}
		}
	}
}

// TestHardening26_18_OriginBehindProxy: the server's own origin is the
// request's Host: over plain http of either scheme, as a browser at
// https://example.com may reach it through a TLS proxy (Host example.com),
// over TLS of https only; another host or port is not.
func TestHardening26_18_OriginBehindProxy(t *testing.T) {
	f := newFixture(t, true)
	srv := mcpserver.New(f.reg, nil)
	defer srv.Close()
	h := srv.Handler(nil)
	for _, tt := range []struct {
		origin, host string
		want         int
		tls          bool
	}{
		{"https://example.com", "example.com", http.StatusOK, true},
		{"http://example.com:443", "example.com:443", http.StatusForbidden, true},
		{"http://example.com", "example.com", http.StatusForbidden, true},
		{"https://example.com", "example.com", http.StatusOK, false},
		{"https://example.com:443", "example.com", http.StatusOK, false},
		{"https://example.com", "example.com:443", http.StatusOK, false},
		{"http://example.com", "example.com", http.StatusOK, false},
		{"https://example.com:8443", "example.com:8443", http.StatusOK, false},
		{"https://[::1]", "[::1]", http.StatusOK, false},
		{"https://Example.COM", "example.com", http.StatusOK, false},
		{"https://example.com", "example.com:80", http.StatusForbidden, false},
		{"https://example.com:8443", "example.com", http.StatusForbidden, false},
		{"https://example.com.", "example.com", http.StatusForbidden, false},
		{"https://evil.example", "example.com", http.StatusForbidden, false},
		{"https://example.com", "", http.StatusForbidden, false},
	} {
		req := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(initialize))
		req.Host = tt.host
		if tt.tls {
			req.TLS = &tls.ConnectionState{}
		}
		req.Header.Set("Origin", tt.origin)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tt.want {
			t.Errorf("Origin %s, Host %q (TLS %v): %d, want %d", tt.origin, tt.host, tt.tls, rec.Code, tt.want)
		}
	}
}

// TestHardening26_05_LongCallOutlivesIdleTimeout: a session whose call is
// running is not closed by SessionTimeout, while an idle session started
// after the call is; the call's context stays alive. (The timeout leaves a
// loaded machine time between the client's initialize and its call.)
func TestHardening26_05_LongCallOutlivesIdleTimeout(t *testing.T) {
	f := newFixture(t, true)
	srv := mcpserver.New(f.reg, &mcpserver.Options{SessionTimeout: time.Second})
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler(nil))
	t.Cleanup(hs.Close)
	cs := httpClient(t, hs.URL, "x")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	errc := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "block", Arguments: map[string]any{}})
		errc <- err
	}()
	<-f.started
	// A session started after the call, idle: once it is closed the
	// calling session has been idle as long.
	code, hdr, body := post(t, hs.URL, initialize, nil)
	idle := hdr.Get("Mcp-Session-Id")
	if code != http.StatusOK || idle == "" {
		t.Fatalf("initialize: %d %s", code, body)
	}
	for deadline := time.Now().Add(hangGuard); ; time.Sleep(5 * time.Millisecond) {
		gone := true
		for ss := range srv.MCP().Sessions() {
			gone = gone && ss.ID() != idle
		}
		if gone {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the idle session is not closed")
		}
	}
	if n := liveSessions(srv); n != 1 {
		t.Errorf("%d live sessions while the call runs, want 1", n)
	}
	select {
	case err := <-f.ended:
		t.Fatalf("the running call ended with %v", err)
	case err := <-errc:
		t.Fatalf("the client's call ended with %v", err)
	default:
	}
	cancel()
	if err := <-f.ended; err != context.Canceled {
		t.Errorf("the call's context ended with %v", err)
	}
}
