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
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/hostapi"
	"github.com/toolkit-sdk/toolkit/mcpserver"
)

// TestBothRevisions: one Handler serves a client of 2026-07-28 without a
// session and one of 2025-11-25 with a session; both list the tools in the
// same (name) order and call them.
func TestBothRevisions(t *testing.T) {
	f := newFixture(t, true)
	srv := mcpserver.New(f.reg, &mcpserver.Options{CallOptions: userFromBearer})
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler(nil))
	t.Cleanup(hs.Close)
	var lists [][]string
	for _, v := range []string{sessionVersion, statelessVersion} {
		cs := httpClientAt(t, hs.URL, "alice", v)
		if got := cs.InitializeResult().ProtocolVersion; got != v {
			t.Errorf("negotiated %s, want %s", got, v)
		}
		if hasSession := cs.ID() != ""; hasSession != (v == sessionVersion) {
			t.Errorf("%s: session id %q", v, cs.ID())
		}
		lt, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tl := range lt.Tools {
			names = append(names, tl.Name)
		}
		if !slices.IsSorted(names) {
			t.Errorf("%s: tools not in name order: %v", v, names)
		}
		lists = append(lists, names)
		if got := text(call(t, cs, "add", `{"A": 2, "B": 3}`)); got != `{"sum":5}` {
			t.Errorf("%s: add: %s", v, got)
		}
		if got := text(call(t, cs, "whoami", `{}`)); got != `{"user":"alice"}` {
			t.Errorf("%s: whoami: %s", v, got)
		}
	}
	if diff := cmp.Diff(lists[0], lists[1]); diff != "" {
		t.Errorf("the two revisions list different tools (-2025 +2026):\n%s", diff)
	}
	waitSessions(t, srv, 1) // the 2025-11-25 client's; the others end with their requests
}

// TestTokensDoNotMixBothRevisions: clients of both revisions with
// different bearer tokens call at once; each sees its own token's value.
func TestTokensDoNotMixBothRevisions(t *testing.T) {
	f := newFixture(t, true)
	srv := mcpserver.New(f.reg, &mcpserver.Options{CallOptions: userFromBearer})
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler(nil))
	t.Cleanup(hs.Close)
	var wg sync.WaitGroup
	for i, user := range []string{"alice", "bob", "carol", "dave"} {
		cs := httpClientAt(t, hs.URL, user, []string{sessionVersion, statelessVersion}[i%2])
		for range 3 {
			wg.Go(func() {
				for range 5 {
					res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "whoami", Arguments: map[string]any{}})
					if err != nil {
						t.Error(err)
						return
					}
					if want := fmt.Sprintf(`{"user":%q}`, user); text(res) != want {
						t.Errorf("client of %s got %s", user, text(res))
					}
				}
			})
		}
	}
	wg.Wait()
}

// modernPost sends one 2026-07-28 request (headers and _meta) and returns
// the status and the JSON-RPC response (the last SSE data line, or the
// JSON body).
func modernPost(t *testing.T, url, method, name string, params map[string]any, hdr map[string]string) (int, map[string]any) {
	t.Helper()
	if params == nil {
		params = map[string]any{}
	}
	params["_meta"] = map[string]any{
		mcp.MetaKeyProtocolVersion:    statelessVersion,
		mcp.MetaKeyClientInfo:         map[string]any{"name": "raw", "version": "1"},
		mcp.MetaKeyClientCapabilities: map[string]any{},
	}
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(string(b)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", statelessVersion)
	req.Header.Set("Mcp-Method", method)
	if name != "" {
		req.Header.Set("Mcp-Name", name)
	}
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
	_ = json.Unmarshal([]byte(data), &out)
	return resp.StatusCode, out
}

// TestListCaching: tools/list and server/discover of 2026-07-28 carry
// ttlMs (Options.ListTTL, default 0) and the public cacheScope.
func TestListCaching(t *testing.T) {
	f := newFixture(t, true)
	for _, tt := range []struct {
		ttl  time.Duration
		want float64
	}{{0, 0}, {5 * time.Second, 5000}, {time.Hour, 3600000}, {-1, 0}} {
		srv := mcpserver.New(f.reg, &mcpserver.Options{ListTTL: tt.ttl})
		hs := httptest.NewServer(srv.Handler(nil))
		for _, method := range []string{"tools/list", "server/discover"} {
			code, res := modernPost(t, hs.URL, method, "", nil, nil)
			r, _ := res["result"].(map[string]any)
			if code != http.StatusOK || r["ttlMs"] != tt.want || r["cacheScope"] != "public" {
				t.Errorf("ListTTL %v, %s: %d ttlMs %v cacheScope %v, want %v public (%v)", tt.ttl, method, code, r["ttlMs"], r["cacheScope"], tt.want, res)
			}
		}
		hs.Close()
		srv.Close()
	}
}

// TestModernHeaders: a 2026-07-28 request whose Mcp-Method or Mcp-Name
// header says something else than its body is refused, not served.
func TestModernHeaders(t *testing.T) {
	f := newFixture(t, true)
	srv := mcpserver.New(f.reg, nil)
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler(nil))
	defer hs.Close()
	args := map[string]any{"name": "add", "arguments": map[string]any{"A": 1, "B": 2}}
	if code, res := modernPost(t, hs.URL, "tools/call", "add", args, nil); code != http.StatusOK || res["result"] == nil {
		t.Fatalf("a matching request: %d %v", code, res)
	}
	for _, hdr := range []map[string]string{{"Mcp-Name": "whoami"}, {"Mcp-Method": "tools/list"}} {
		args := map[string]any{"name": "add", "arguments": map[string]any{"A": 1, "B": 2}}
		code, res := modernPost(t, hs.URL, "tools/call", "add", args, hdr)
		if code != http.StatusBadRequest || res["result"] != nil {
			t.Errorf("headers %v against the body: %d %v", hdr, code, res)
		}
	}
}

// confirmFixture is a Registry with the host API endpoint DELETE /things/1
// that needs the user's confirmation, and the count of requests it got.
func confirmFixture(t *testing.T) (*toolkit.Registry, *atomic.Int32) {
	t.Helper()
	var sent atomic.Int32
	cat := hostapi.NewCatalog()
	if err := cat.Add(hostapi.Endpoint{ID: "delete_thing", Method: http.MethodDelete, Path: "/things/1", Summary: "Delete the thing."}); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("DELETE /things/1", func(w http.ResponseWriter, r *http.Request) {
		sent.Add(1)
		fmt.Fprint(w, `{"deleted":true}`)
	})
	a, err := hostapi.New(cat, &hostapi.Options{Handler: mux, Confirm: func(hostapi.Endpoint) bool { return true }})
	if err != nil {
		t.Fatal(err)
	}
	reg := toolkit.NewRegistry(&toolkit.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err := a.Register(reg); err != nil {
		t.Fatal(err)
	}
	return reg, &sent
}

// TestConfirmation: a call that needs the user's confirmation asks the
// client (input_required at 2026-07-28, elicitation/create in a
// 2025-11-25 session); the call is sent only when the user accepted, and
// a client that cannot be asked gets the plain result.
func TestConfirmation(t *testing.T) {
	reg, sent := confirmFixture(t)
	srv := mcpserver.New(reg, nil)
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler(nil))
	t.Cleanup(hs.Close)
	callArgs := map[string]any{"endpoint": "delete_thing"}
	for _, v := range []string{sessionVersion, statelessVersion} {
		for _, tt := range []struct {
			answer   *mcp.ElicitResult // nil: no elicitation capability
			sent     int32
			contains string
		}{
			{&mcp.ElicitResult{Action: "accept", Content: map[string]any{"confirm": true}}, 1, `"deleted":true`},
			{&mcp.ElicitResult{Action: "accept", Content: map[string]any{"confirm": false}}, 0, "did not confirm"},
			{&mcp.ElicitResult{Action: "decline"}, 0, "did not confirm"},
			{nil, 0, "needs the user's confirmation"},
		} {
			sent.Store(0)
			var asked []string
			opts := &mcp.ClientOptions{}
			if tt.answer != nil {
				opts.ElicitationHandler = func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
					asked = append(asked, req.Params.Message)
					return tt.answer, nil
				}
			}
			tr := &mcp.StreamableClientTransport{Endpoint: hs.URL}
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, opts).Connect(context.Background(), tr,
				&mcp.ClientSessionOptions{ProtocolVersion: v})
			if err != nil {
				t.Fatal(err)
			}
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: hostapi.ToolCall, Arguments: callArgs})
			cs.Close()
			if err != nil {
				t.Errorf("%s, %+v: %v", v, tt.answer, err)
				continue
			}
			if !strings.Contains(text(res), tt.contains) || sent.Load() != tt.sent {
				t.Errorf("%s, %+v: sent %d times, result %s", v, tt.answer, sent.Load(), text(res))
			}
			if tt.answer != nil && (len(asked) != 1 || !strings.Contains(asked[0], "DELETE /things/1")) {
				t.Errorf("%s, %+v: asked %q", v, tt.answer, asked)
			}
		}
	}
}

// TestConfirmationState: a retry whose requestState was not issued for
// the same call is refused and sends nothing.
func TestConfirmationState(t *testing.T) {
	reg, sent := confirmFixture(t)
	srv := mcpserver.New(reg, nil)
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler(nil))
	defer hs.Close()
	args := func() map[string]any {
		return map[string]any{"name": hostapi.ToolCall, "arguments": map[string]any{"endpoint": "delete_thing"}}
	}
	code, res := modernPost(t, hs.URL, "tools/call", hostapi.ToolCall, args(), nil)
	r, _ := res["result"].(map[string]any)
	state, _ := r["requestState"].(string)
	if code != http.StatusOK || r["resultType"] != "input_required" || state == "" {
		// No elicitation capability: the plain result.
		if !strings.Contains(fmt.Sprint(r["content"]), "needs the user's confirmation") {
			t.Fatalf("without elicitation: %d %v", code, res)
		}
	}
	yes := map[string]any{"confirm": map[string]any{"action": "accept", "content": map[string]any{"confirm": true}}}
	other := newStateFrom(t, srv, hs.URL)
	for _, bad := range []string{"AAAA", other + "x", other} {
		p := args()
		p["inputResponses"] = yes
		p["requestState"] = bad
		code, res := modernPost(t, hs.URL, "tools/call", hostapi.ToolCall, p, nil)
		if res["error"] == nil || sent.Load() != 0 {
			t.Errorf("requestState %q: %d %v, sent %d", bad, code, res, sent.Load())
		}
	}
}

// newStateFrom returns a requestState another Server issued for the same
// call (another key).
func newStateFrom(t *testing.T, _ *mcpserver.Server, _ string) string {
	t.Helper()
	reg, _ := confirmFixture(t)
	other := mcpserver.New(reg, nil)
	defer other.Close()
	hs := httptest.NewServer(other.Handler(nil))
	defer hs.Close()
	var state string
	opts := &mcp.ClientOptions{ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		return &mcp.ElicitResult{Action: "decline"}, nil
	}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, opts).Connect(context.Background(),
		&mcp.StreamableClientTransport{Endpoint: hs.URL, HTTPClient: &http.Client{Transport: stateSpy{&state, http.DefaultTransport}}},
		&mcp.ClientSessionOptions{ProtocolVersion: statelessVersion})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: hostapi.ToolCall, Arguments: map[string]any{"endpoint": "delete_thing"}}); err != nil {
		t.Fatal(err)
	}
	if state == "" {
		t.Fatal("no requestState seen")
	}
	return state
}

// stateSpy notes the requestState a client sends.
type stateSpy struct {
	state *string
	base  http.RoundTripper
}

func (s stateSpy) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body != nil {
		b, _ := io.ReadAll(r.Body)
		r.Body.Close()
		var m struct {
			Params struct {
				RequestState string `json:"requestState"`
			} `json:"params"`
		}
		if json.Unmarshal(b, &m) == nil && m.Params.RequestState != "" {
			*s.state = m.Params.RequestState
		}
		r.Body = io.NopCloser(strings.NewReader(string(b)))
	}
	return s.base.RoundTrip(r)
}

// TestSwap: after Swap the tools and calls are the new Registry's, the
// clients are told the list changed, and the old Registry's changes no
// longer reach them.
func TestSwap(t *testing.T) {
	old := newFixture(t, true)
	srv := mcpserver.New(old.reg, nil)
	defer srv.Close()
	changed := make(chan struct{}, 100)
	cs := connect(t, srv, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) { changed <- struct{}{} },
	})
	reg := toolkit.NewRegistry(&toolkit.Options{Flat: true})
	if err := toolkit.AddFunc(reg, toolkit.Capability{Name: "only_new", Description: "New."},
		func(context.Context, *toolkit.Call, struct{}) (string, error) { return "new", nil }); err != nil {
		t.Fatal(err)
	}
	srv.Swap(reg)
	if got := toolNames(t, cs); len(got) != 1 || got["only_new"] == nil {
		t.Errorf("tools after Swap: %v", got)
	}
	if got := text(call(t, cs, "only_new", `{}`)); got != `"new"` {
		t.Errorf("only_new: %s", got)
	}
	select {
	case <-changed:
	case <-time.After(hangGuard):
		t.Error("no tools/list_changed after Swap")
	}
	old.reg.Remove("add")
	if err := toolkit.AddFunc(old.reg, toolkit.Capability{Name: "late_old", Description: "Old."},
		func(context.Context, *toolkit.Call, struct{}) (string, error) { return "old", nil }); err != nil {
		t.Fatal(err)
	}
	if got := toolNames(t, cs); len(got) != 1 {
		t.Errorf("the old Registry's change reached the clients: %v", got)
	}
}
