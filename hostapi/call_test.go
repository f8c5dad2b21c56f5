package hostapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/toolkit-sdk/toolkit"
)

var hostAuth = toolkit.WithHeader(http.Header{"Authorization": {"Bearer host-secret-1"}})

func TestCallInProcess(t *testing.T) {
	reg := newRegistry(t, testCatalog(t), Options{Handler: http.HandlerFunc(echo)})
	tests := []struct{ args, want string }{
		{`{"endpoint": "listFiles", "query": {"limit": 10, "sort": "size", "tag": ["a b", "c&d"], "deep": "true"}}`,
			"GET /files?deep=true&limit=10&sort=size&tag=a%20b&tag=c%26d Authorization=[REDACTED]"},
		// Lossless string and exponent forms of an integer.
		{`{"endpoint": "listFiles", "query": {"limit": "10"}}`, "GET /files?limit=10 Authorization=[REDACTED]"},
		{`{"endpoint": "listFiles", "query": {"limit": 1e1, "tag": "solo"}}`, "GET /files?limit=10&tag=solo Authorization=[REDACTED]"},
		// "METHOD /path" works as an id; header names match in any case.
		{`{"endpoint": "GET /files/{name}", "path_params": {"name": "a b/c?d#e"}, "headers": {"x-request-id": "r-9"}}`,
			"GET /files/a%20b%2Fc%3Fd%23e Authorization=[REDACTED] X-Request-Id=r-9"},
		{`{"endpoint": "putFile", "path_params": {"name": "n"}, "body": {"content": "<hi>", "mode": 420, "tags": [{"key": "k", "value": null}]}}`,
			`PUT /files/n Authorization=[REDACTED] Content-Type=application/json body={"content":"<hi>","mode":420,"tags":[{"key":"k","value":null}]}`},
		// A JSON body sent as a string is unwrapped.
		{`{"endpoint": "putFile", "path_params": {"name": "n"}, "body": "{\"content\": \"x\"}"}`,
			`PUT /files/n Authorization=[REDACTED] Content-Type=application/json body={"content":"x"}`},
		{`{"endpoint": "POST /auth/form", "body": {"user": "ann", "scope": ["a", "b"]}}`,
			"POST /auth/form Authorization=[REDACTED] Content-Type=application/x-www-form-urlencoded body=scope=a&scope=b&user=ann"},
		{`{"endpoint": "addNote", "body": "remember <milk> & eggs"}`,
			"POST /notes Authorization=[REDACTED] Content-Type=text/plain body=remember <milk> & eggs"},
		{`{"endpoint": "stats", "query": {}, "body": null}`, "GET /admin/stats Authorization=[REDACTED]"},
	}
	for _, tt := range tests {
		res := run(reg, ToolCall, tt.args, hostAuth)
		if want := "HTTP 200 OK\n" + tt.want; res.IsError || res.Text != want {
			t.Errorf("%s:\n got %s\nwant %s", tt.args, show(res), want)
		}
		if res.Signals.Capability != ToolCall || res.Signals.NeedsConfirmation {
			t.Errorf("%s: signals %+v", tt.args, res.Signals)
		}
	}
}

func TestCallValidation(t *testing.T) {
	var sent int
	reg := newRegistry(t, testCatalog(t), Options{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { sent++ })})
	tests := []struct{ args, want string }{
		{`{"endpoint": "getFle", "path_params": {"name": "x"}}`, `unknown endpoint "getFle"; did you mean "getFile"?`},
		{`{"path_params": {}}`, `capability "call_http_api": parameter "endpoint" is required (string): the endpoint id from query_api_docs`},
		{`{"endpoint": "stats", "params": {}}`, `capability "call_http_api": unknown parameter "params"; did you mean "path_params"? accepted parameters: endpoint, path_params, query, headers, cookies, body`},
		{`{"endpoint": "stats", "query": [1]}`, `capability "call_http_api": parameter "query" must be an object, got an array`},
		{`{"endpoint": "listFiles"}`, `endpoint "listFiles": parameter "query.limit" is required (integer): page size`},
		{`{"endpoint": "listFiles", "query": {"limit": "ten"}}`, `endpoint "listFiles": parameter "query.limit" must be an integer, got "ten"`},
		{`{"endpoint": "listFiles", "query": {"limit": 1.5, "sort": "date", "deep": "yes", "tag": [1, {}]}}`,
			`endpoint "listFiles": parameter "query.deep" must be a boolean, got "yes"; parameter "query.limit" must be an integer, got 1.5; ` +
				`parameter "query.sort" must be one of "name", "size", got "date"; parameter "query.tag[1]" must be a string, got an object`},
		{`{"endpoint": "listFiles", "query": {"limit": 1, "name": "x", "bogus": 1}}`,
			`endpoint "listFiles": unknown parameters "query.bogus", "query.name"; accepted parameters in query: limit, sort, tag, deep`},
		{`{"endpoint": "listFiles", "query": {"limt": 1}}`,
			`endpoint "listFiles": unknown parameter "query.limt"; did you mean "query.limit"? accepted parameters in query: limit, sort, tag, deep; parameter "query.limit" is required (integer): page size`},
		{`{"endpoint": "getFile", "query": {"name": "x"}}`,
			`endpoint "getFile": unknown parameter "query.name"; "name" is a path parameter: put it under path_params; parameter "path_params.name" is required (string): the file name`},
		{`{"endpoint": "getFile", "path_params": {"name": ""}}`, `endpoint "getFile": parameter "path_params.name" must not be empty`},
		{`{"endpoint": "getFile", "path_params": {"name": {"a": 1}}}`, `endpoint "getFile": parameter "path_params.name" must be a string, got an object`},
		{`{"endpoint": "getFile", "path_params": {"name": "x"}, "headers": {"X-Request-Id": "a\r\nX-Evil: 1"}}`,
			`endpoint "getFile": parameter "headers.X-Request-Id" must not hold control characters`},
		{`{"endpoint": "getFile", "path_params": {"name": "x"}, "headers": {"authorization": "Bearer mine"}}`,
			`endpoint "getFile": unknown parameter "headers.authorization"; the application sets this header, not the call`},
		{`{"endpoint": "getFile", "path_params": {"name": "x"}, "headers": {"X-Trace": "t"}}`,
			`endpoint "getFile": unknown parameter "headers.X-Trace"; accepted parameters in headers: X-Request-Id`},
		{`{"endpoint": "putFile", "path_params": {"name": "n"}}`, `endpoint "putFile": parameter "body" is required (object): the new file`},
		{`{"endpoint": "putFile", "path_params": {"name": "n"}, "body": {"mode": "x", "tags": [{"value": {}, "extra": true}]}}`,
			`endpoint "putFile": unknown parameter "body.tags[0].extra"; accepted parameters in body.tags[0]: key, value; ` +
				`parameter "body.content" is required (string): the text; parameter "body.mode" must be an integer, got "x"; ` +
				`parameter "body.tags[0].key" is required (string); parameter "body.tags[0].value" must be null or a string, got an object`},
		{`{"endpoint": "putFile", "path_params": {"name": "n"}, "body": [1]}`, `endpoint "putFile": parameter "body" must be an object, got an array`},
		{`{"endpoint": "putFile", "path_params": {"name": "n"}, "body": {"content": "x", "mode": 421}}`,
			`endpoint "putFile": parameter "body.mode" must be one of 420, 384, got 421`},
		{`{"endpoint": "stats", "body": {}}`, `endpoint "stats": parameter "body" is not allowed: this endpoint takes no request body`},
		{`{"endpoint": "addNote", "body": {"a": 1}}`, `endpoint "addNote": parameter "body" must be a string, got an object (content type text/plain)`},
		{`{"endpoint": "POST /auth/form", "body": "user=x"}`,
			`endpoint "POST /auth/form": parameter "body" must be an object, got "user=x" (content type application/x-www-form-urlencoded)`},
		{`{"endpoint": "POST /auth/form", "body": {"scope": ["a"]}}`, `endpoint "POST /auth/form": parameter "body.user" is required (string)`},
	}
	for _, tt := range tests {
		res := run(reg, ToolCall, tt.args)
		got := strings.TrimPrefix(res.Text, ToolCall+": ")
		if i := strings.Index(got, " (see query_api_docs"); i >= 0 {
			got = got[:i]
		}
		if !res.IsError || got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.args, show(res), tt.want)
		}
	}
	if sent != 0 {
		t.Errorf("%d invalid calls reached the handler", sent)
	}
}

// injectionMux routes like a real service: a file handler and an admin
// area that a path value must never reach.
func injectionMux() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /files/{name}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "name=%q", r.PathValue("name"))
	})
	mux.HandleFunc("/admin/", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "ADMIN REACHED") })
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "other "+r.URL.EscapedPath(), http.StatusNotFound)
	})
	return mux
}

func TestCallPathInjection(t *testing.T) {
	srv := httptest.NewServer(injectionMux())
	defer srv.Close()
	regs := map[string]*toolkit.Registry{
		"in-process": newRegistry(t, testCatalog(t), Options{Handler: injectionMux()}),
		"http":       newRegistry(t, testCatalog(t), Options{BaseURL: srv.URL}),
	}
	values := []string{"../admin/stats", "..%2Fadmin", "a/b", "%2e%2e", "%2e%2e%2fadmin", "?x=1", "#frag", `..\admin`,
		"a/../../admin/", "/admin", "x;y", "ä/ö", " .. "}
	for transport, reg := range regs {
		for _, v := range values {
			args, _ := json.Marshal(map[string]any{"endpoint": "getFile", "path_params": map[string]any{"name": v}})
			res := run(reg, ToolCall, string(args))
			if want := fmt.Sprintf("HTTP 200 OK\nname=%q", v); res.Text != want {
				t.Errorf("%s %q:\n got %s\nwant %s", transport, v, show(res), want)
			}
		}
		// ServeMux never matches a {name} segment that unescapes to "/"; the
		// value still stays in its segment.
		args := `{"endpoint": "getFile", "path_params": {"name": "/"}}`
		if res, want := run(reg, ToolCall, args), "HTTP 404 Not Found\nother /files/%2F"; strings.TrimSpace(res.Text) != want {
			t.Errorf("%s \"/\": %s", transport, show(res))
		}
		for _, v := range []string{".", ".."} {
			args, _ := json.Marshal(map[string]any{"endpoint": "getFile", "path_params": map[string]any{"name": v}})
			res := run(reg, ToolCall, string(args))
			if !res.IsError || !strings.Contains(res.Text, fmt.Sprintf(`parameter "path_params.name" must not be %q`, v)) {
				t.Errorf("%s %q: %s", transport, v, show(res))
			}
		}
	}
}

// TestCallOverHTTP checks that both transports send the same request and
// show the model the same text, with a base path prefix.
func TestCallOverHTTP(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/v1/") {
			http.NotFound(w, r)
			return
		}
		if r.URL.Path == "/v1/admin/stats" {
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprintf(w, `{"error":"forbidden for %s"}`, r.Header.Get("Authorization"))
			return
		}
		echo(w, r)
	}))
	defer srv.Close()
	viaHTTP := newRegistry(t, testCatalog(t), Options{BaseURL: srv.URL + "/v1/"})
	inProcess := newRegistry(t, testCatalog(t), Options{Handler: srv.Config.Handler, BaseURL: "/v1"})
	calls := []string{
		`{"endpoint": "listFiles", "query": {"limit": 5, "tag": ["x", "y z"]}}`,
		`{"endpoint": "getFile", "path_params": {"name": "a/b"}, "headers": {"X-Request-Id": "r-1"}}`,
		`{"endpoint": "putFile", "path_params": {"name": "n"}, "body": {"content": "héllo"}}`,
		`{"endpoint": "POST /auth/form", "body": {"user": "ann"}}`,
		`{"endpoint": "stats"}`,
	}
	want := []string{
		"HTTP 200 OK\nGET /v1/files?limit=5&tag=x&tag=y%20z Authorization=[REDACTED]",
		"HTTP 200 OK\nGET /v1/files/a%2Fb Authorization=[REDACTED] X-Request-Id=r-1",
		`HTTP 200 OK` + "\n" + `PUT /v1/files/n Authorization=[REDACTED] Content-Type=application/json body={"content":"héllo"}`,
		"HTTP 200 OK\nPOST /v1/auth/form Authorization=[REDACTED] Content-Type=application/x-www-form-urlencoded body=user=ann",
		// A non-2xx status is not a tool error; the model reads it.
		"HTTP 403 Forbidden\n" + `{"error":"forbidden for [REDACTED]"}`,
	}
	for i, args := range calls {
		for name, reg := range map[string]*toolkit.Registry{"http": viaHTTP, "in-process": inProcess} {
			res := run(reg, ToolCall, args, hostAuth)
			if res.IsError || res.Text != want[i] {
				t.Errorf("%s %s:\n got %s\nwant %s", name, args, show(res), want[i])
			}
		}
	}
}

func TestCallHostHeaders(t *testing.T) {
	var got http.Header
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Clone()
		fmt.Fprintf(w, "hello %s, session %s", r.Header.Get("X-User"), r.Header.Get("Cookie"))
	})
	reg := newRegistry(t, testCatalog(t), Options{Handler: handler})
	host := toolkit.WithHeader(http.Header{
		"Cookie":       {"session=abcd1234"},
		"X-User":       {"ann-the-user"},
		"x-request-id": {"host-trace-77"},
	})
	res := run(reg, ToolCall, `{"endpoint": "getFile", "path_params": {"name": "x"}, "headers": {"X-Request-Id": "model-trace"}}`, host)
	if want := "HTTP 200 OK\nhello [REDACTED], session [REDACTED]"; res.Text != want {
		t.Errorf("result %q, want %q", res.Text, want)
	}
	// The host's value wins over the model's for the same header.
	wantHeader := http.Header{"Cookie": {"session=abcd1234"}, "X-User": {"ann-the-user"}, "X-Request-Id": {"host-trace-77"}}
	if diff := cmp.Diff(wantHeader, got); diff != "" {
		t.Errorf("headers the handler saw (-want +got):\n%s", diff)
	}
	// Without host headers the model's documented header goes through.
	run(reg, ToolCall, `{"endpoint": "getFile", "path_params": {"name": "x"}, "headers": {"X-Request-Id": "model-trace"}}`)
	if diff := cmp.Diff(http.Header{"X-Request-Id": {"model-trace"}}, got); diff != "" {
		t.Errorf("headers without host values (-want +got):\n%s", diff)
	}
}

func TestFilters(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		want []string
	}{
		{"all", Options{}, []string{"listFiles", "getFile", "putFile", "deleteFile", "POST /auth/form", "addNote", "stats"}},
		{"read-only", Options{ReadOnly: true}, []string{"listFiles", "getFile", "stats"}},
		{"include group", Options{Include: Filter{Groups: []string{"files"}}}, []string{"listFiles", "getFile", "putFile", "deleteFile"}},
		{"include ids and a method", Options{Include: Filter{IDs: []string{"stats"}, Methods: []string{"put"}}}, []string{"putFile", "stats"}},
		{"exclude group and id", Options{Exclude: Filter{Groups: []string{"admin"}, IDs: []string{"addNote"}}}, []string{"listFiles", "getFile", "putFile", "deleteFile", "POST /auth/form"}},
		{"exclude method", Options{Exclude: Filter{Methods: []string{"DELETE", "POST"}}}, []string{"listFiles", "getFile", "putFile", "stats"}},
		{"include, exclude and read-only", Options{Include: Filter{Groups: []string{"files"}}, Exclude: Filter{IDs: []string{"getFile"}}, ReadOnly: true}, []string{"listFiles"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.Handler = http.HandlerFunc(echo)
			a, err := New(testCatalog(t), &tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, e := range a.eps {
				ids = append(ids, e.ID)
			}
			if diff := cmp.Diff(tt.want, ids); diff != "" {
				t.Errorf("exposed endpoints (-want +got):\n%s", diff)
			}
			reg := toolkit.NewRegistry(nil)
			if err := a.Register(reg); err != nil {
				t.Fatal(err)
			}
			// A hidden endpoint can be neither read nor called.
			for _, id := range []string{"deleteFile", "stats"} {
				if slices.Contains(tt.want, id) {
					continue
				}
				for tool, args := range map[string]string{
					ToolQueryDocs: fmt.Sprintf(`{"endpoint": %q}`, id),
					ToolCall:      fmt.Sprintf(`{"endpoint": %q, "path_params": {"name": "x"}}`, id),
				} {
					res := run(reg, tool, args)
					if !res.IsError || !strings.Contains(res.Text, fmt.Sprintf("unknown endpoint %q", id)) {
						t.Errorf("%s %s: %s", tool, id, show(res))
					}
				}
			}
		})
	}
}

func TestNewErrors(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		want string
	}{
		{"no target", Options{}, "set Handler, or BaseURL"},
		{"relative base without handler", Options{BaseURL: "/v1"}, "set Handler, or BaseURL"},
		{"bad scheme", Options{BaseURL: "ftp://x/"}, `BaseURL "ftp://x/" is not an http(s) URL`},
		{"base with query", Options{BaseURL: "http://x/?a=1"}, "without query"},
		{"unknown include group", Options{Handler: http.NotFoundHandler(), Include: Filter{Groups: []string{"file"}}}, `Include: unknown group "file"`},
		{"unknown exclude id", Options{Handler: http.NotFoundHandler(), Exclude: Filter{IDs: []string{"nope"}}}, `Exclude: unknown endpoint id "nope"`},
	}
	for _, tt := range tests {
		_, err := New(testCatalog(t), &tt.opts)
		if !errors.Is(err, ErrInvalidOptions) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
	if _, err := New(nil, &Options{Handler: http.NotFoundHandler()}); !errors.Is(err, ErrInvalidOptions) {
		t.Errorf("nil catalog: %v", err)
	}
}

func TestConfirmation(t *testing.T) {
	var sent []string
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sent = append(sent, r.Method+" "+r.RequestURI)
		w.WriteHeader(http.StatusNoContent)
	})
	reg := newRegistry(t, testCatalog(t), Options{Handler: handler,
		Confirm: func(e Endpoint) bool { return e.Method == http.MethodDelete || e.ID == "putFile" }})
	const del = `{"endpoint": "deleteFile", "path_params": {"name": "a b"}}`
	res := run(reg, ToolCall, del, hostAuth)
	wantText := `not sent yet: endpoint "deleteFile" (DELETE /files/a%20b) needs the user's confirmation, which the application asks for now; do not repeat the call`
	if res.IsError || res.Text != wantText || !res.Signals.NeedsConfirmation {
		t.Errorf("unconfirmed call: %+v", res)
	}
	if want := `{"endpoint":"deleteFile","method":"DELETE","path":"/files/a%20b"}`; string(res.Signals.ExtraParams) != want {
		t.Errorf("pending request %s, want %s", res.Signals.ExtraParams, want)
	}
	if len(sent) != 0 {
		t.Fatalf("sent before confirmation: %v", sent)
	}
	res = run(reg, ToolCall, `{"endpoint": "putFile", "path_params": {"name": "n"}, "body": {"content": "x"}}`)
	if want := `{"body":{"content":"x"},"endpoint":"putFile","method":"PUT","path":"/files/n"}`; string(res.Signals.ExtraParams) != want {
		t.Errorf("pending request %s, want %s", res.Signals.ExtraParams, want)
	}
	// Invalid arguments are reported before any confirmation is asked.
	if res := run(reg, ToolCall, `{"endpoint": "deleteFile"}`); !res.IsError || res.Signals.NeedsConfirmation {
		t.Errorf("invalid call: %+v", res)
	}
	// The host runs it again once the user agreed.
	res = run(reg, ToolCall, del, hostAuth, WithConfirmation())
	if res.IsError || res.Text != "HTTP 204 No Content" || res.Signals.NeedsConfirmation {
		t.Errorf("confirmed call: %+v", res)
	}
	// Endpoints that need no confirmation run at once.
	run(reg, ToolCall, `{"endpoint": "stats"}`)
	if diff := cmp.Diff([]string{"DELETE /files/a%20b", "GET /admin/stats"}, sent); diff != "" {
		t.Errorf("sent (-want +got):\n%s", diff)
	}
	// A model cannot confirm by itself: only the call option does.
	res = run(reg, ToolCall, `{"endpoint": "deleteFile", "path_params": {"name": "x"}, "confirmed": true}`)
	if !res.IsError || len(sent) != 2 {
		t.Errorf("model-made confirmation: %s (sent %v)", show(res), sent)
	}
}

func TestResponseLimits(t *testing.T) {
	big := strings.Repeat("é", 50) // 100 bytes
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/files/big":
			fmt.Fprint(w, big)
		case "/files/bin":
			w.Header().Set("Content-Type", "image/png")
			w.Write([]byte{0x89, 'P', 'N', 'G', 0xff, 0xfe})
		case "/files/empty":
			w.WriteHeader(http.StatusAccepted)
		}
	})
	call := func(reg *toolkit.Registry, name string) toolkit.Result {
		return run(reg, ToolCall, fmt.Sprintf(`{"endpoint": "getFile", "path_params": {"name": %q}}`, name))
	}
	reg := newRegistry(t, testCatalog(t), Options{Handler: handler, MaxResultBytes: 41})
	// Cut on a rune boundary, with a note.
	if res, want := call(reg, "big"), "HTTP 200 OK\n"+strings.Repeat("é", 20)+"\n[truncated: 40 of 100 bytes shown]"; res.Text != want {
		t.Errorf("truncated body:\n got %q\nwant %q", res.Text, want)
	}
	if res, want := call(reg, "bin"), "HTTP 200 OK\n[binary body: 6 bytes, image/png]"; res.Text != want {
		t.Errorf("binary body: %q, want %q", res.Text, want)
	}
	if res, want := call(reg, "empty"), "HTTP 202 Accepted"; res.Text != want {
		t.Errorf("empty body: %q, want %q", res.Text, want)
	}
	// Over the body cap the call fails instead of reading on.
	small := newRegistry(t, testCatalog(t), Options{Handler: handler, MaxBodyBytes: 64})
	res := call(small, "big")
	if !res.IsError || !strings.Contains(res.Text, "response body too large: over 64 bytes") {
		t.Errorf("over the in-process cap: %s", show(res))
	}
	srv := httptest.NewServer(handler)
	defer srv.Close()
	reg = toolkit.NewRegistry(&toolkit.Options{MaxBodyBytes: 64, AllowPrivate: []string{"127.0.0.1"}})
	if a, err := New(testCatalog(t), &Options{BaseURL: srv.URL}); err != nil || a.Register(reg) != nil {
		t.Fatal(err)
	}
	res = call(reg, "big")
	if !res.IsError || !strings.Contains(res.Text, "response body too large: over 64 bytes") {
		t.Errorf("over the executor's cap: %s", show(res))
	}
}

func TestTimeouts(t *testing.T) {
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
			w.WriteHeader(http.StatusGatewayTimeout)
		case <-time.After(5 * time.Second):
		}
	})
	reg := newRegistry(t, testCatalog(t), Options{Handler: slow, Timeout: 20 * time.Millisecond})
	// 504 is what the handler writes when the request's context ends; had
	// the timeout not ended it, the handler would answer 200 after 5 s.
	res := run(reg, ToolCall, `{"endpoint": "stats"}`)
	if res.Text != "HTTP 504 Gateway Timeout" {
		t.Errorf("in-process: %s", show(res))
	}
	srv := httptest.NewServer(slow)
	defer srv.Close()
	reg = newRegistry(t, testCatalog(t), Options{BaseURL: srv.URL, Timeout: 20 * time.Millisecond})
	res = run(reg, ToolCall, `{"endpoint": "stats"}`)
	if !res.IsError || !strings.Contains(res.Text, `endpoint "stats" (GET /admin/stats): timed out after 20ms`) {
		t.Errorf("over HTTP: %s", show(res))
	}
}

func TestInProcessRequest(t *testing.T) {
	var r *http.Request
	var body string
	handler := http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r = req
		b := make([]byte, 100)
		n, _ := req.Body.Read(b)
		body = string(b[:n])
	})
	reg := newRegistry(t, testCatalog(t), Options{Handler: handler, BaseURL: "https://api.internal:8443/base/"})
	run(reg, ToolCall, `{"endpoint": "putFile", "path_params": {"name": "a/b"}, "body": {"content": "x"}}`)
	_, hasDeadline := r.Context().Deadline()
	got := fmt.Sprintf("%s %s host=%s path=%q uri=%s len=%d body=%s deadline=%v",
		r.Method, r.URL.Scheme, r.Host, r.URL.Path, r.RequestURI, r.ContentLength, body, hasDeadline)
	want := `PUT https host=api.internal:8443 path="/base/files/a/b" uri=/base/files/a%2Fb len=15 body={"content":"x"} deadline=true`
	if got != want {
		t.Errorf("request:\n got %s\nwant %s", got, want)
	}
	run(reg, ToolCall, `{"endpoint": "stats"}`)
	if r.Body == nil || r.ContentLength != 0 {
		t.Errorf("GET request body %v, length %d", r.Body, r.ContentLength)
	}
}

func TestConcurrentCalls(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /files/{name}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s %s", r.PathValue("name"), r.Header.Get("X-User"))
	})
	reg := newRegistry(t, testCatalog(t), Options{Handler: mux})
	var wg sync.WaitGroup
	errs := make(chan string, 40)
	for i := range 40 {
		wg.Go(func() {
			user := fmt.Sprintf("user-%03d", i)
			res, _ := reg.Call(context.Background(), ToolCall,
				json.RawMessage(fmt.Sprintf(`{"endpoint": "getFile", "path_params": {"name": "f%d"}}`, i)),
				toolkit.WithHeader(http.Header{"X-User": {user}}))
			if want := fmt.Sprintf("HTTP 200 OK\nf%d [REDACTED]", i); res.Text != want {
				errs <- fmt.Sprintf("call %d: %q, want %q", i, res.Text, want)
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestCallBodySchema: references inside the body schema are followed,
// those the catalog left pointing into its document are dropped; defaults
// are not added to the body sent; lossless string forms are.
func TestCallBodySchema(t *testing.T) {
	c := NewCatalog()
	err := c.Add(Endpoint{ID: "addPerson", Method: "POST", Path: "/people", Body: &Body{Required: true, Schema: map[string]any{
		"type": "object", "required": []any{"name"}, "additionalProperties": false,
		"properties": map[string]any{
			"name":   map[string]any{"type": "string", "pattern": `^(?!admin).+$`}, // not RE2: left to the API
			"email":  map[string]any{"type": "string", "format": "email"},
			"age":    map[string]any{"type": "integer", "default": 18},
			"pet":    map[string]any{"$ref": "#/$defs/Pet"},
			"friend": map[string]any{"$ref": "#/components/schemas/Person", "description": "recursive: same schema as the enclosing Person"},
		},
		"$defs": map[string]any{"Pet": map[string]any{"type": "object", "required": []any{"kind"}, "properties": map[string]any{"kind": map[string]any{"enum": []any{"cat", "dog"}}}}},
	}}})
	if err != nil {
		t.Fatal(err)
	}
	reg := newRegistry(t, c, Options{Handler: http.HandlerFunc(echo)})
	for _, tt := range []struct{ body, want string }{
		{`{"name": "admin", "age": "7", "friend": {"anything": 1}}`, `HTTP 200 OK` + "\n" + `POST /people Content-Type=application/json body={"age":7,"friend":{"anything":1},"name":"admin"}`},
		{`{"name": "a", "pet": {"kind": "cow"}, "email": "x"}`, `[error] call_http_api: endpoint "addPerson": parameter "body.email" must be a valid email, got "x"; parameter "body.pet.kind" must be one of "cat", "dog", got "cow" (see query_api_docs {"endpoint": "addPerson"})`},
		{`{"nme": "a"}`, `[error] call_http_api: endpoint "addPerson": unknown parameter "body.nme"; did you mean "body.name", "body.age"? accepted parameters in body: age, email, friend, name, pet; parameter "body.name" is required (string) (see query_api_docs {"endpoint": "addPerson"})`},
	} {
		if res := run(reg, ToolCall, `{"endpoint": "addPerson", "body": `+tt.body+`}`); show(res) != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.body, show(res), tt.want)
		}
	}
}
