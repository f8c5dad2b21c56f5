package toolkit

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

func discardLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// logBuffer collects log output for assertions.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// recorded is one request the test server saw.
type recorded struct {
	Method string
	URI    string
	Header http.Header
	Body   string
}

// testServer serves handler and records every request.
type testServer struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []recorded
}

func newServer(t *testing.T, handler http.HandlerFunc) *testServer {
	t.Helper()
	s := &testServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		s.reqs = append(s.reqs, recorded{Method: r.Method, URI: r.URL.RequestURI(), Header: r.Header.Clone(), Body: string(body)})
		s.mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(body))
		handler(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *testServer) requests() []recorded {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]recorded(nil), s.reqs...)
}

func (s *testServer) uris() []string {
	var out []string
	for _, r := range s.requests() {
		out = append(out, r.Method+" "+r.URI)
	}
	return out
}

// testEnv is an Options.Env backed by a map.
func testEnv(m map[string]string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		v, ok := m[name]
		return v, ok
	}
}

// loadRegistry compiles YAML sources (failing the test on load errors)
// into a registry whose BASE_URL is base.
func loadRegistry(t *testing.T, opts *Options, base string, yamls ...string) *Registry {
	t.Helper()
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Logger == nil {
		o.Logger = discardLogger()
	}
	if o.Env == nil {
		o.Env = testEnv(map[string]string{"BASE_URL": base})
	}
	if o.AllowPrivate == nil { // the test servers listen on loopback; []string{} keeps the default
		o.AllowPrivate = []string{"127.0.0.1"}
	}
	reg := NewRegistry(&o)
	for i, src := range yamls {
		if _, err := reg.LoadBytes("test"+string(rune('0'+i))+".yaml", []byte(src)); err != nil {
			t.Fatalf("load: %v", err)
		}
	}
	return reg
}

// call runs call_capability with params given as JSON.
func call(t *testing.T, reg *Registry, name, params string, opts ...CallOption) Result {
	t.Helper()
	args, _ := json.Marshal(map[string]any{"name": name, "parameters": json.RawMessage(params)})
	res, err := reg.Call(context.Background(), ToolCallCapability, args, opts...)
	if err != nil {
		t.Fatalf("Call: %v", err)
	}
	return res
}

func wantText(t *testing.T, res Result, want string) {
	t.Helper()
	if res.IsError {
		t.Fatalf("unexpected error result: %s", res.Text)
	}
	if got := strings.TrimRight(res.Text, "\n"); got != strings.TrimRight(want, "\n") {
		t.Errorf("text:\n got: %q\nwant: %q", got, want)
	}
}

func wantError(t *testing.T, res Result, contains ...string) {
	t.Helper()
	if !res.IsError {
		t.Fatalf("want an error result, got: %s", res.Text)
	}
	for _, c := range contains {
		if !strings.Contains(res.Text, c) {
			t.Errorf("error %q does not contain %q", res.Text, c)
		}
	}
}

// runWorkflow runs w on e as a Registry's call of it would, without the
// Registry's argument checks: for tests of the runner alone.
func runWorkflow(e *Executor, ctx context.Context, w *Workflow, args map[string]any, opts ...CallOption) Result {
	co := newCallOptions(opts)
	return e.run(co.withCacheScope(ctx), w, args, &co, nil, nil)
}
