package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/hostapi"
	"github.com/toolkit-sdk/toolkit/mcpserver"
	"github.com/toolkit-sdk/toolkit/yqcloud"
)

const orderTool = `name: get_order
desc: Look up an order.
params:
  - {name: order_id, type: string, required: true, description: the order id}
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/orders/${param:order_id}
`

const yqFunction = `{"name": "yq_echo", "description": "Echo the arguments.",
 "parameters": {"type": "object", "properties": {"q": {"type": "string"}}},
 "function": {"type": "call_url", "method": "POST", "url": "/transparent", "typingMessage": "Looking it up..."}}`

// fixture is a Registry with one capability of each kind, and the
// channels its blocking capability reports on.
type fixture struct {
	reg     *toolkit.Registry
	started chan struct{}
	ended   chan error // the blocking call's context error, once it returned
}

func newFixture(t testing.TB, flat bool) *fixture {
	t.Helper()
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"id":%q,"status":"shipped"}`, strings.TrimPrefix(r.URL.Path, "/orders/"))
	}))
	t.Cleanup(api.Close)
	reg := toolkit.NewRegistry(&toolkit.Options{
		Env:          func(name string) (string, bool) { return api.URL, name == "BASE_URL" },
		Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
		AllowPrivate: []string{"127.0.0.1"},
		Flat:         flat,
	})
	f := &fixture{reg: reg, started: make(chan struct{}, 1), ended: make(chan error, 1)}
	if _, err := reg.LoadBytes("orders.yaml", []byte(orderTool)); err != nil {
		t.Fatal(err)
	}
	set, diags := yqcloud.Parse("yq.json", []byte(yqFunction), nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if err := set.Register(reg); err != nil {
		t.Fatal(err)
	}
	cat := hostapi.NewCatalog()
	if err := cat.Add(hostapi.Endpoint{ID: "ping", Method: http.MethodGet, Path: "/ping", Summary: "Ping."}); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /ping", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{"pong":true}`) })
	a, err := hostapi.New(cat, &hostapi.Options{Handler: mux})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Register(reg); err != nil {
		t.Fatal(err)
	}
	type none struct{}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(toolkit.AddFunc(reg, toolkit.Capability{Name: "whoami", Description: "The caller's per-call values."},
		func(ctx context.Context, c *toolkit.Call, _ none) (map[string]string, error) {
			user, _ := c.Value("user")
			return map[string]string{"user": user}, nil
		}))
	must(toolkit.AddFunc(reg, toolkit.Capability{Name: "block", Description: "Wait until cancelled."},
		func(ctx context.Context, c *toolkit.Call, _ none) (string, error) {
			c.Notify("waiting")
			f.started <- struct{}{}
			<-ctx.Done()
			f.ended <- ctx.Err()
			return "", ctx.Err()
		}))
	must(toolkit.AddFunc(reg, toolkit.Capability{Name: "add", Description: "Add two integers."},
		func(ctx context.Context, c *toolkit.Call, in struct{ A, B int }) (map[string]int, error) {
			return map[string]int{"sum": in.A + in.B}, nil
		}))
	return f
}

// hangGuard bounds a wait for something that happens in milliseconds, so
// that a hang fails the test instead of the whole run; it is no time limit.
const hangGuard = time.Minute

// connect serves srv over an in-memory transport to a new client. A
// client with a ToolListChangedHandler opens its subscriptions/listen
// stream as it connects without waiting for it, and the server tells only
// the sessions it has subscribed: connect returns once the server
// acknowledged the subscription, so every change after it is notified.
func connect(t testing.TB, srv *mcpserver.Server, opts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	ct, st := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := srv.MCP().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, opts)
	acked := make(chan struct{}, 1)
	client.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "notifications/subscriptions/acknowledged" {
				select {
				case acked <- struct{}{}:
				default:
				}
			}
			return next(ctx, method, req)
		}
	})
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	if opts != nil && opts.ToolListChangedHandler != nil {
		select {
		case <-acked:
		case <-time.After(hangGuard):
			t.Fatal("the server did not acknowledge the client's subscriptions/listen")
		}
	}
	return cs
}

func toolNames(t *testing.T, cs *mcp.ClientSession) map[string]*mcp.Tool {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]*mcp.Tool{}
	for _, tl := range res.Tools {
		m[tl.Name] = tl
	}
	return m
}

func keys(m map[string]*mcp.Tool) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func TestListToolsEntry(t *testing.T) {
	srv := mcpserver.New(newFixture(t, false).reg, nil)
	defer srv.Close()
	tools := toolNames(t, connect(t, srv, nil))
	want := []string{"call_capability", "call_http_api", "query_api_docs", "query_capabilities", "query_capability_detail"}
	if diff := cmp.Diff(want, keys(tools)); diff != "" {
		t.Fatalf("tools (-want +got):\n%s", diff)
	}
	for _, name := range []string{"query_capabilities", "query_capability_detail", "query_api_docs"} {
		if a := tools[name].Annotations; a == nil || !a.ReadOnlyHint || !a.IdempotentHint {
			t.Errorf("%s: annotations %+v, want read-only and idempotent", name, a)
		}
	}
	if a := tools["call_capability"].Annotations; a != nil && a.ReadOnlyHint {
		t.Errorf("call_capability is marked read-only")
	}
	if s, _ := json.Marshal(tools["call_http_api"].InputSchema); !strings.Contains(string(s), `"endpoint"`) {
		t.Errorf("call_http_api schema: %s", s)
	}
}

func TestListToolsFlat(t *testing.T) {
	srv := mcpserver.New(newFixture(t, true).reg, &mcpserver.Options{
		Annotate: func(c toolkit.Capability) *mcp.ToolAnnotations {
			if c.Category == toolkit.CategoryHTTP {
				return &mcp.ToolAnnotations{ReadOnlyHint: true}
			}
			return nil
		},
	})
	defer srv.Close()
	tools := toolNames(t, connect(t, srv, nil))
	want := []string{"add", "block", "call_http_api", "get_order", "query_api_docs", "whoami", "yq_echo"}
	if diff := cmp.Diff(want, keys(tools)); diff != "" {
		t.Fatalf("tools (-want +got):\n%s", diff)
	}
	schema, _ := json.Marshal(tools["get_order"].InputSchema)
	if !strings.Contains(string(schema), `"required":["order_id"]`) {
		t.Errorf("get_order schema: %s", schema)
	}
	if a := tools["get_order"].Annotations; a == nil || !a.ReadOnlyHint {
		t.Errorf("get_order: Annotate not applied: %+v", a)
	}
	if a := tools["query_api_docs"].Annotations; a == nil || !a.ReadOnlyHint {
		t.Errorf("query_api_docs: %+v, want read-only", a)
	}
}

func call(t *testing.T, cs *mcp.ClientSession, name, args string) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatalf("%s %s: %v", name, args, err)
	}
	return res
}

func text(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

func signals(t *testing.T, res *mcp.CallToolResult) toolkit.Signals {
	t.Helper()
	var s toolkit.Signals
	if v, ok := res.Meta[mcpserver.MetaSignals]; ok {
		b, _ := json.Marshal(v)
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func TestCallEachKind(t *testing.T) {
	for _, flat := range []bool{false, true} {
		t.Run(fmt.Sprintf("flat=%v", flat), func(t *testing.T) {
			srv := mcpserver.New(newFixture(t, flat).reg, nil)
			defer srv.Close()
			cs := connect(t, srv, nil)
			via := func(name, args string) *mcp.CallToolResult {
				if flat || name == "call_http_api" || name == "query_api_docs" {
					return call(t, cs, name, args)
				}
				return call(t, cs, "call_capability", fmt.Sprintf(`{"name": %q, "parameters": %s}`, name, args))
			}
			for _, tc := range []struct{ name, args, want string }{
				{"get_order", `{"order_id": "A-1"}`, `"status":"shipped"`},
				{"add", `{"A": 2, "B": 3}`, `{"sum":5}`},
				{"yq_echo", `{"q": "hi"}`, `"q":"hi"`},
				{"call_http_api", `{"endpoint": "ping"}`, `pong`},
				{"query_api_docs", `{}`, `ping`},
			} {
				res := via(tc.name, tc.args)
				if res.IsError || !strings.Contains(text(res), tc.want) {
					t.Errorf("%s: isError=%v text %q, want %q", tc.name, res.IsError, text(res), tc.want)
				}
				if got := signals(t, res).Capability; got != tc.name {
					t.Errorf("%s: _meta signals capability %q", tc.name, got)
				}
			}
			res := via("add", `{"A": 2, "B": 3}`)
			if diff := cmp.Diff(map[string]any{"sum": 5.0}, res.StructuredContent); diff != "" {
				t.Errorf("structuredContent (-want +got):\n%s", diff)
			}
			if s := signals(t, via("yq_echo", `{"q": "x"}`)); s.TypingMessage != "Looking it up..." {
				t.Errorf("yq_echo signals: %+v", s)
			}
			if !flat {
				res := call(t, cs, "query_capabilities", `{"keyword": "order"}`)
				if !strings.Contains(text(res), "get_order") {
					t.Errorf("query_capabilities: %s", text(res))
				}
			}
		})
	}
}

func TestErrorsAreIsError(t *testing.T) {
	srv := mcpserver.New(newFixture(t, true).reg, nil)
	defer srv.Close()
	cs := connect(t, srv, nil)
	res := call(t, cs, "get_order", `{}`)
	if !res.IsError || !strings.Contains(text(res), `parameter "order_id" is required`) {
		t.Errorf("missing parameter: isError=%v %q", res.IsError, text(res))
	}
	if res.StructuredContent != nil {
		t.Errorf("an error has structuredContent")
	}
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "nope", Arguments: map[string]any{}}); err == nil {
		t.Error("an unknown tool is not a protocol error")
	}
}

func TestProgressAndLog(t *testing.T) {
	f := newFixture(t, true)
	srv := mcpserver.New(f.reg, nil)
	defer srv.Close()
	progress := make(chan *mcp.ProgressNotificationParams, 1)
	//lint:ignore SA1019 the fallback for clients without progress tokens
	logs := make(chan *mcp.LoggingMessageParams, 1)
	cs := connect(t, srv, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) { progress <- r.Params },
		//lint:ignore SA1019 as above
		LoggingMessageHandler: func(_ context.Context, r *mcp.LoggingMessageRequest) { logs <- r.Params },
	})
	//lint:ignore SA1019 as above
	if err := cs.SetLoggingLevel(context.Background(), &mcp.SetLoggingLevelParams{Level: "info"}); err != nil {
		t.Fatal(err)
	}
	// With a progress token: a progress notification.
	p := &mcp.CallToolParams{Name: "yq_echo", Arguments: map[string]any{"q": "x"}}
	p.SetProgressToken("tok-1")
	if _, err := cs.CallTool(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	select {
	case n := <-progress:
		if n.ProgressToken != "tok-1" || n.Message != "Looking it up..." || n.Progress != 1 {
			t.Errorf("progress: %+v", n)
		}
	case <-time.After(hangGuard):
		t.Fatal("no progress notification")
	}
	// Without: a log message (protocol 2026-07-28 asks for the level per
	// request, older ones with logging/setLevel).
	//lint:ignore SA1019 as above
	p = &mcp.CallToolParams{Name: "yq_echo", Arguments: map[string]any{"q": "x"}, Meta: mcp.Meta{mcp.MetaKeyLogLevel: "info"}}
	if _, err := cs.CallTool(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	select {
	case m := <-logs:
		if m.Data != "Looking it up..." || m.Level != "info" || m.Logger != "yq_echo" {
			t.Errorf("log: %+v", m)
		}
	case <-time.After(hangGuard):
		t.Fatal("no log message")
	}
	select {
	case n := <-progress:
		t.Errorf("progress without a token: %+v", n)
	default:
	}
}

func TestCancel(t *testing.T) {
	f := newFixture(t, true)
	srv := mcpserver.New(f.reg, nil)
	defer srv.Close()
	cs := connect(t, srv, nil)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "block", Arguments: map[string]any{}})
		errc <- err
	}()
	<-f.started
	cancel() // the client sends notifications/cancelled
	if err := <-errc; err == nil {
		t.Error("a cancelled call returned no error to the client")
	}
	select {
	case err := <-f.ended:
		if err != context.Canceled {
			t.Errorf("the call's context ended with %v", err)
		}
	case <-time.After(hangGuard):
		t.Fatal("the call's context did not end after notifications/cancelled")
	}
}

// dropTransport keeps the client's connection, to drop it without the
// graceful close of ClientSession.Close (which waits for the calls).
type dropTransport struct {
	mcp.Transport
	conn mcp.Connection
}

func (d *dropTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := d.Transport.Connect(ctx)
	d.conn = c
	return c, err
}

func TestCancelOnDisconnect(t *testing.T) {
	f := newFixture(t, true)
	srv := mcpserver.New(f.reg, nil)
	defer srv.Close()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := srv.MCP().Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	drop := &dropTransport{Transport: ct}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(context.Background(), drop, nil)
	if err != nil {
		t.Fatal(err)
	}
	errc := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "block", Arguments: map[string]any{}})
		errc <- err
	}()
	<-f.started
	drop.conn.Close() // the connection drops
	select {
	case err := <-f.ended:
		if err == nil {
			t.Error("the call returned with its context alive")
		}
	case <-time.After(hangGuard):
		t.Fatal("the call's context did not end when the connection dropped")
	}
	if err := <-errc; err == nil {
		t.Error("the client's call succeeded over a dropped connection")
	}
	ss.Wait()
}

func TestListChanged(t *testing.T) {
	f := newFixture(t, true)
	srv := mcpserver.New(f.reg, nil)
	defer srv.Close()
	changed := make(chan struct{}, 10)
	cs := connect(t, srv, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) { changed <- struct{}{} },
	})
	wait := func(what string) {
		t.Helper()
		select {
		case <-changed:
		case <-time.After(hangGuard):
			t.Fatalf("no tools/list_changed after %s", what)
		}
	}
	if err := toolkit.AddFunc(f.reg, toolkit.Capability{Name: "late", Description: "Added later."},
		func(context.Context, *toolkit.Call, struct{}) (string, error) { return "late", nil }); err != nil {
		t.Fatal(err)
	}
	wait("Add")
	if _, ok := toolNames(t, cs)["late"]; !ok {
		t.Fatal("an added capability is not listed")
	}
	if got := text(call(t, cs, "late", `{}`)); got != `"late"` {
		t.Errorf("late: %q", got)
	}
	f.reg.Remove("late")
	wait("Remove")
	if _, ok := toolNames(t, cs)["late"]; ok {
		t.Fatal("a removed capability is still listed")
	}
}

// bearer adds an Authorization header to every request of a client.
type bearer struct {
	token string
	base  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.base.RoundTrip(r)
}

func userFromBearer(ctx context.Context, req *mcp.CallToolRequest) []toolkit.CallOption {
	tok, _ := strings.CutPrefix(req.Extra.Header.Get("Authorization"), "Bearer ")
	return []toolkit.CallOption{toolkit.WithValue("user", tok)}
}

// httpClient connects with a session, at protocol 2025-11-25 (what
// go-sdk's client negotiated with a server of sessions only).
func httpClient(t *testing.T, url, token string) *mcp.ClientSession {
	t.Helper()
	return httpClientAt(t, url, token, sessionVersion)
}

// Protocol versions: the last with sessions, the first without.
const (
	sessionVersion   = "2025-11-25"
	statelessVersion = "2026-07-28"
)

// httpClientAt connects at the given protocol version.
func httpClientAt(t *testing.T, url, token, version string) *mcp.ClientSession {
	t.Helper()
	tr := &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: &http.Client{Transport: bearer{token, http.DefaultTransport}}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(context.Background(), tr,
		&mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func TestStreamableHTTP(t *testing.T) {
	f := newFixture(t, false)
	srv := mcpserver.New(f.reg, &mcpserver.Options{CallOptions: userFromBearer})
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler(nil))
	t.Cleanup(hs.Close) // after the clients' cleanups
	cs := httpClient(t, hs.URL, "alice")
	if n := len(toolNames(t, cs)); n != 5 {
		t.Errorf("%d tools over HTTP, want 5", n)
	}
	res := call(t, cs, "call_capability", `{"name": "get_order", "parameters": {"order_id": "B-2"}}`)
	if !strings.Contains(text(res), `"id":"B-2"`) {
		t.Errorf("get_order over HTTP: %s", text(res))
	}
	res = call(t, cs, "call_capability", `{"name": "get_order", "parameters": {}}`)
	if !res.IsError {
		t.Errorf("an error over HTTP is not isError: %s", text(res))
	}
}

// TestSessionsDoNotMix runs two HTTP sessions with different bearer tokens
// at once: each call sees its own session's user only.
func TestSessionsDoNotMix(t *testing.T) {
	f := newFixture(t, true)
	srv := mcpserver.New(f.reg, &mcpserver.Options{CallOptions: userFromBearer})
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler(nil))
	t.Cleanup(hs.Close) // after the clients' cleanups
	var wg sync.WaitGroup
	for _, user := range []string{"alice", "bob"} {
		cs := httpClient(t, hs.URL, user)
		for range 4 {
			wg.Go(func() {
				for range 10 {
					res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "whoami", Arguments: map[string]any{}})
					if err != nil {
						t.Error(err)
						return
					}
					if want := fmt.Sprintf(`{"user":%q}`, user); text(res) != want {
						t.Errorf("session of %s got %s", user, text(res))
					}
				}
			})
		}
	}
	wg.Wait()
}

func TestCancelOverHTTP(t *testing.T) {
	f := newFixture(t, true)
	srv := mcpserver.New(f.reg, nil)
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler(nil))
	t.Cleanup(hs.Close) // after the clients' cleanups
	cs := httpClient(t, hs.URL, "x")
	ctx, cancel := context.WithCancel(context.Background())
	go cs.CallTool(ctx, &mcp.CallToolParams{Name: "block", Arguments: map[string]any{}})
	<-f.started
	cancel()
	select {
	case err := <-f.ended:
		if err == nil {
			t.Error("the call returned with its context alive")
		}
	case <-time.After(hangGuard):
		t.Fatal("the call's context did not end after the client cancelled over HTTP")
	}
}

// TestEntryModeQuiet: in entry mode adding a capability changes no tool,
// so clients are not told the list changed.
func TestEntryModeQuiet(t *testing.T) {
	f := newFixture(t, false)
	srv := mcpserver.New(f.reg, nil)
	defer srv.Close()
	changed := make(chan struct{}, 10)
	cs := connect(t, srv, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) { changed <- struct{}{} },
	})
	if err := toolkit.AddFunc(f.reg, toolkit.Capability{Name: "late", Description: "Added later."},
		func(context.Context, *toolkit.Call, struct{}) (string, error) { return "late", nil }); err != nil {
		t.Fatal(err)
	}
	// A ping after the Add: a notification sent for it would come first.
	if err := cs.Ping(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	select {
	case <-changed:
		t.Error("tools/list_changed in entry mode for a capability that is not a tool")
	case <-time.After(50 * time.Millisecond):
	}
	if got := text(call(t, cs, "call_capability", `{"name": "late"}`)); got != `"late"` {
		t.Errorf("late through call_capability: %q", got)
	}
}
