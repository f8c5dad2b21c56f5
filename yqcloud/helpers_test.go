package yqcloud

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit"
)

const (
	testToken  = "tok-9f8e7d6c5b4a"
	testTenant = "t-1"
)

// request is one request the mock YQCloud server received.
type request struct {
	Method string
	Path   string // escaped
	Query  string // raw
	Header http.Header
	Body   string
}

// mockYQ is a stand-in for the YQCloud API.
type mockYQ struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []request
}

func (m *mockYQ) last(t *testing.T) request {
	t.Helper()
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.reqs) == 0 {
		t.Fatal("the server got no request")
	}
	return m.reqs[len(m.reqs)-1]
}

func (m *mockYQ) count() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.reqs)
}

func newMock(t testing.TB) *mockYQ {
	m := &mockYQ{}
	mux := http.NewServeMux()
	mux.HandleFunc("/echo/", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var b strings.Builder
		fmt.Fprintf(&b, `{"method":%q,"path":%q,"query":%q`, r.Method, r.URL.EscapedPath(), r.URL.RawQuery)
		if len(body) > 0 {
			fmt.Fprintf(&b, `,"body":%s`, body)
		}
		b.WriteString("}")
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, b.String())
	})
	mux.HandleFunc("GET /itsm/v1/{tenant}/service_items/catalog/page/all", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "bearer "+testToken && r.Header.Get("Authorization") != "bearer tok-"+r.PathValue("tenant") {
			http.Error(w, `{"failed":true,"message":"unauthorized"}`, http.StatusUnauthorized)
			return
		}
		if r.PathValue("tenant") != testTenant {
			// Another tenant: one item naming the tenant.
			fmt.Fprintf(w, `{"content":[{"id":"1","name":"item of %s","type":"SERVICE"}]}`, r.PathValue("tenant"))
			return
		}
		w.Write(serviceItems(5))
	})
	mux.HandleFunc("GET /ai/v1/{tenant}/itsmScene/getServiceItemSchema", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"serviceItemId":%q,"fields":[{"code":"title","required":true},{"code":"urgency","enum":["LOW","HIGH"]}]}`, r.URL.Query().Get("id"))
	})
	mux.HandleFunc("GET /knowledge/v1/{tenant}/know/fetch/element/{knowId}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"knowId":%q,"title":"VPN 连接失败","tenant":%q,"accept":%q}`, r.PathValue("knowId"), r.Header.Get("X-Tenant-Id"), r.Header.Get("Accept"))
	})
	mux.HandleFunc("GET /result", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("failed") == "true" {
			fmt.Fprint(w, `{"failed":true,"code":"error.item","message":"服务项不存在"}`)
			return
		}
		fmt.Fprint(w, `{"failed":false,"body":{"ticketId":"T-1"}}`)
	})
	mux.HandleFunc("GET /status/{code}", func(w http.ResponseWriter, r *http.Request) {
		var code int
		fmt.Sscan(r.PathValue("code"), &code)
		w.WriteHeader(code)
		fmt.Fprintf(w, `{"failed":true,"message":"denied for %s"}`, r.Header.Get("Authorization"))
	})
	mux.HandleFunc("GET /text", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, "plain text, not JSON")
	})
	mux.HandleFunc("GET /auth-echo", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"youSent":%q,"cookie":%q}`, r.Header.Get("Authorization"), r.Header.Get("Cookie"))
	})
	mux.HandleFunc("GET /denied-long", func(w http.ResponseWriter, r *http.Request) {
		// A 403 whose body has the credential about where an excerpt ends.
		w.WriteHeader(http.StatusForbidden)
		fmt.Fprintf(w, "%s %s", strings.Repeat("x", 290), r.Header.Get("Authorization"))
	})
	mux.HandleFunc("GET /big", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"data":"%s"}`, strings.Repeat("数据", 200))
	})
	m.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		m.mu.Lock()
		m.reqs = append(m.reqs, request{Method: r.Method, Path: r.URL.EscapedPath(), Query: r.URL.RawQuery, Header: r.Header.Clone(), Body: string(body)})
		m.mu.Unlock()
		r.Body = io.NopCloser(strings.NewReader(string(body)))
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(m.Close)
	return m
}

// values are the per-call values a host passes.
func (m *mockYQ) values() []toolkit.CallOption {
	return []toolkit.CallOption{
		toolkit.WithValue(ValueBaseURL, m.URL),
		toolkit.WithValue(ValueTenantID, testTenant),
		toolkit.WithValue(ValueAccessToken, testToken),
	}
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// load parses src (must be clean of errors) into a registry.
func load(t testing.TB, src string, opts *Options) (*Set, *toolkit.Registry) {
	t.Helper()
	set, diags := Parse("test.json", []byte(src), opts)
	if diags.HasErrors() {
		t.Fatalf("load: %s", diags)
	}
	reg := toolkit.NewRegistry(&toolkit.Options{Logger: quiet, AllowPrivate: []string{"127.0.0.1"}})
	if err := set.Register(reg); err != nil {
		t.Fatal(err)
	}
	return set, reg
}

func loadFile(t testing.TB, path string) *toolkit.Registry {
	t.Helper()
	set, diags := ParseFile(path, nil)
	if diags.HasErrors() {
		t.Fatalf("load: %s", diags)
	}
	reg := toolkit.NewRegistry(&toolkit.Options{Logger: quiet, AllowPrivate: []string{"127.0.0.1"}})
	if err := set.Register(reg); err != nil {
		t.Fatal(err)
	}
	return reg
}

func call(reg *toolkit.Registry, name, args string, opts ...toolkit.CallOption) toolkit.Result {
	res, err := reg.Call(context.Background(), name, json.RawMessage(args), opts...)
	if err != nil {
		return toolkit.ErrorResult("Go error: " + err.Error())
	}
	return res
}

// def renders one definition with a function part given as JSON.
func def(name, params, function string) string {
	if params == "" {
		params = `{"type": "object", "properties": {}}`
	}
	return fmt.Sprintf(`{"name": %q, "description": "test", "parameters": %s, "function": %s}`, name, params, function)
}

// checkResult fails t unless res is an error exactly when isErr, with the
// text want.
func checkResult(t *testing.T, res toolkit.Result, isErr bool, want string) {
	t.Helper()
	if res.IsError != isErr {
		t.Fatalf("IsError %v: %s", res.IsError, res.Text)
	}
	if diff := cmp.Diff(want, res.Text); diff != "" {
		t.Errorf("text (-want +got):\n%s", diff)
	}
}
