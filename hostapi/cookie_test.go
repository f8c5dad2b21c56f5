package hostapi

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit"
)

// Cookie values as OpenAPI 3.2 writes them: the form style percent-encodes
// (its example: greeting=Hello%2C%20world%21), the cookie style sends the
// value as given and so refuses what a cookie value cannot hold.
func TestCookieValues(t *testing.T) {
	yes, no := true, false
	tests := []struct {
		name    string
		p       Param
		value   string
		want    string // the Cookie header; "" when refused
		problem string
	}{
		{"form: the spec's greeting", Param{Name: "greeting"}, `"Hello, world!"`, "greeting=Hello%2C%20world%21", ""},
		{"form: ; and CR LF escaped", Param{Name: "g"}, `"a;b\r\nSet-Cookie: x=1"`, "g=a%3Bb%0D%0ASet-Cookie%3A%20x%3D1", ""},
		{"form: a number", Param{Name: "n", Type: toolkit.TypeInteger}, `42`, "n=42", ""},
		{"form allowReserved keeps :/?@ but not , ;", Param{Name: "r", AllowReserved: true}, `"a/b:c@d,e;f"`, "r=a/b:c@d%2Ce%3Bf", ""},
		{"form: array items escaped apart", Param{Name: "a", Type: toolkit.TypeArray, Explode: &no}, `["x,y", "z"]`, "a=x%2Cy,z", ""},
		{"cookie: the spec's greeting", Param{Name: "cookie", Type: toolkit.TypeObject, Style: "cookie"}, `{"greeting": "Hello%2C world!", "code": 42}`, "code=42; greeting=Hello%2C world!", ""},
		{"cookie: as given", Param{Name: "c", Style: "cookie"}, `"a%3Bb=c"`, "c=a%3Bb=c", ""},
		{"cookie: a comma is refused", Param{Name: "c", Style: "cookie"}, `"a,b"`, "", `parameter "cookies.c" "a,b" holds ",", which a cookie value cannot hold: encode it first`},
		{"cookie: a semicolon is refused", Param{Name: "c", Style: "cookie"}, `"a; b=1"`, "", `holds ";"`},
		{"cookie: CR LF is refused", Param{Name: "c", Style: "cookie"}, `"a\r\nX: y"`, "", `holds "\r"`},
		{"cookie: an array item with a comma", Param{Name: "c", Type: toolkit.TypeArray, Style: "cookie", Explode: &yes}, `["a", "b,c"]`, "", `"b,c" holds ","`},
		{"exploded object: a member that is no cookie name", Param{Name: "o", Type: toolkit.TypeObject}, `{"a b": 1}`, "", `member "a b" is not a valid cookie name`},
		{"nested object", Param{Name: "o", Type: toolkit.TypeObject}, `{"a": {"b": 1}}`, "", `member "a": the form style writes only strings, numbers and booleans there`},
	}
	var got string
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { got = r.Header.Get("Cookie") })
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.p.In = InCookie
			cat := NewCatalog()
			if err := cat.Add(Endpoint{ID: "e", Method: "GET", Path: "/c", Params: []Param{tt.p}}); err != nil {
				t.Fatal(err)
			}
			got = "not sent"
			res := run(newRegistry(t, cat, Options{Handler: handler}), ToolCall, fmt.Sprintf(`{"endpoint": "e", "cookies": {%q: %s}}`, tt.p.Name, tt.value))
			if tt.problem != "" {
				if !res.IsError || !strings.Contains(res.Text, tt.problem) || got != "not sent" {
					t.Errorf("got %s (sent %q), want an error with %q", show(res), got, tt.problem)
				}
				return
			}
			if res.IsError || got != tt.want {
				t.Errorf("Cookie %q (%s), want %q", got, show(res), tt.want)
			}
		})
	}
}

// cookieCatalog has one endpoint with a required and an optional cookie.
func cookieCatalog(t *testing.T) *Catalog {
	t.Helper()
	cat := NewCatalog()
	err := cat.Add(Endpoint{ID: "prefs", Method: "GET", Path: "/prefs", Params: []Param{
		{Name: "lang", In: InCookie, Required: true, Enum: []any{"en", "fr"}, Description: "the UI language"},
		{Name: "theme", In: InCookie},
		{Name: "page", In: InQuery, Type: toolkit.TypeInteger},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// The model's cookies go in one Cookie header; the host's cookies (from
// WithHeader) replace the model's of the same name and are never shown.
func TestCallCookies(t *testing.T) {
	var cookies []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cookies = r.Header.Values("Cookie")
		fmt.Fprintf(w, "cookies: %s", strings.Join(cookies, " | "))
		if c, err := r.Cookie("session"); err == nil {
			fmt.Fprintf(w, "; your session is %s", c.Value)
		}
	}))
	defer srv.Close()
	reg := newRegistry(t, cookieCatalog(t), Options{BaseURL: srv.URL})

	res := run(reg, ToolCall, `{"endpoint": "prefs", "cookies": {"lang": "fr", "theme": "dark mode"}, "query": {"page": 2}}`)
	if diff := cmp.Diff([]string{"lang=fr; theme=dark%20mode"}, cookies); diff != "" || res.IsError {
		t.Errorf("model cookies (-want +got):\n%s%s", diff, show(res))
	}

	host := toolkit.WithHeader(http.Header{"Cookie": {"session=s3cr3t-v4lue; theme=host-theme"}})
	res = run(reg, ToolCall, `{"endpoint": "prefs", "cookies": {"lang": "en", "theme": "dark"}}`, host)
	if diff := cmp.Diff([]string{"session=s3cr3t-v4lue; theme=host-theme; lang=en"}, cookies); diff != "" {
		t.Errorf("host and model cookies (-want +got):\n%s", diff)
	}
	if res.IsError || strings.Contains(res.Text, "s3cr3t") || !strings.Contains(res.Text, "your session is [REDACTED]") {
		t.Errorf("the host's cookie reached the model: %s", show(res))
	}
}

func TestCallCookieValidation(t *testing.T) {
	sent := 0
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { sent++ })
	reg := newRegistry(t, cookieCatalog(t), Options{Handler: handler})
	tests := []struct{ args, want string }{
		{`{"endpoint": "prefs"}`, `parameter "cookies.lang" is required (string): the UI language`},
		{`{"endpoint": "prefs", "cookies": {}}`, `parameter "cookies.lang" is required (string): the UI language`},
		{`{"endpoint": "prefs", "cookies": {"lang": "de"}}`, `parameter "cookies.lang" must be one of "en", "fr", got "de"`},
		{`{"endpoint": "prefs", "cookies": {"lang": "en", "session": "x"}}`, `unknown parameter "cookies.session"; accepted parameters in cookies: lang, theme`},
		{`{"endpoint": "prefs", "cookies": {"lang": "en", "page": 2}}`, `unknown parameter "cookies.page"; "page" is a query parameter: put it under query`},
		{`{"endpoint": "prefs", "query": {"lang": "en"}, "cookies": {"lang": "en"}}`, `unknown parameter "query.lang"; "lang" is a cookie parameter: put it under cookies`},
		{`{"endpoint": "prefs", "cookies": "lang=en"}`, `parameter "cookies" must be an object, got "lang=en"`},
		{`{"endpoint": "prefs", "headers": {"Cookie": "lang=en"}, "cookies": {"lang": "en"}}`, `unknown parameter "headers.Cookie"; the application sets this header, not the call`},
	}
	for _, tt := range tests {
		res := run(reg, ToolCall, tt.args)
		if !res.IsError || !strings.Contains(res.Text, tt.want) {
			t.Errorf("%s:\n got %s\nwant ~%s", tt.args, show(res), tt.want)
		}
	}
	if sent != 0 {
		t.Errorf("%d invalid calls reached the handler", sent)
	}
}

// query_api_docs shows cookie parameters under "cookies", and an object
// parameter's properties.
func TestDocsCookiesAndObjectProperties(t *testing.T) {
	doc := `{"openapi": "3.2.0", "info": {"title": "t", "version": "1"}, "paths": {"/s": {"get": {"operationId": "search",
  "parameters": [
    {"name": "filter", "in": "query", "style": "deepObject", "schema": {"type": "object", "description": "which items",
      "properties": {"status": {"type": "string", "enum": ["open", "done"]}, "owner": {"type": "string", "example": "ann"}}, "required": ["status"]}},
    {"name": "prefs", "in": "cookie", "style": "cookie", "schema": {"type": "object", "properties": {"lang": {"type": "string"}}}},
    {"name": "tracking", "in": "cookie", "allowReserved": true, "schema": {"type": "string"}}],
  "responses": {"200": {"description": "ok"}}}}}}`
	cat, diags := ParseOpenAPI("", []byte(doc), nil)
	err := refused(diags)
	if err != nil || len(diags) > 0 {
		t.Fatalf("load: %v %s", err, diags)
	}
	e, _ := cat.Endpoint("search")
	if p := e.Params[1]; p.In != InCookie || p.Style != "cookie" || p.Type != toolkit.TypeObject || !e.Params[2].AllowReserved {
		t.Errorf("cookie params %+v", e.Params[1:])
	}
	reg := newRegistry(t, cat, Options{Handler: http.NotFoundHandler()})
	res := run(reg, ToolQueryDocs, `{"endpoint": "search"}`)
	want := `{"id":"search","group":"s","method":"GET","path":"/s",` +
		`"query":{"filter":{"type":"object","description":"which items","schema":{"type":"object","required":["status"],"properties":{"owner":{"type":"string"},"status":{"type":"string","enum":["open","done"]}}}}},` +
		`"cookies":{"prefs":{"type":"object","schema":{"type":"object","properties":{"lang":{"type":"string"}}}},"tracking":{"type":"string"}},` +
		`"call":"call_http_api {\"endpoint\": \"search\", \"query\": {...}, \"cookies\": {...}}"}`
	if res.IsError || res.Text != want {
		t.Errorf("docs:\n got %s\nwant %s", show(res), want)
	}
	// With examples, the properties' examples too.
	if res := run(reg, ToolQueryDocs, `{"endpoint": "search", "examples": true}`); !strings.Contains(res.Text, `"owner":{"type":"string","example":"ann"}`) {
		t.Errorf("docs with examples: %s", show(res))
	}
}

// An object parameter's members are checked against its schema, with the
// same messages as a body's; a schema the validator cannot compile leaves
// them to the API.
func TestObjectParamChecked(t *testing.T) {
	var query string
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { query = r.URL.RawQuery })
	cat := NewCatalog()
	filter := map[string]any{"type": "object", "required": []any{"status"}, "additionalProperties": false,
		"properties": map[string]any{"status": map[string]any{"type": "string", "enum": []any{"open", "done"}}, "owner": map[string]any{"type": "string"}}}
	broken := map[string]any{"type": "object", "properties": map[string]any{"a": map[string]any{"type": 5}}}
	err := cat.Add(
		Endpoint{ID: "search", Method: "GET", Path: "/s", Params: []Param{{Name: "filter", In: InQuery, Type: toolkit.TypeObject, Style: "deepObject", Schema: filter}}},
		Endpoint{ID: "odd", Method: "GET", Path: "/o", Params: []Param{{Name: "f", In: InQuery, Type: toolkit.TypeObject, Style: "deepObject", Schema: broken}}},
	)
	if err != nil {
		t.Fatal(err)
	}
	reg := newRegistry(t, cat, Options{Handler: handler})
	tests := []struct{ args, want string }{
		{`{"endpoint": "search", "query": {"filter": {"status": "lost"}}}`, `parameter "query.filter.status" must be one of "open", "done", got "lost"`},
		{`{"endpoint": "search", "query": {"filter": {"owner": "ann"}}}`, `parameter "query.filter.status" is required (string)`},
		{`{"endpoint": "search", "query": {"filter": {"status": "open", "colour": "red"}}}`, `unknown parameter "query.filter.colour"; accepted parameters in query.filter: owner, status`},
	}
	for _, tt := range tests {
		if res := run(reg, ToolCall, tt.args); !res.IsError || !strings.Contains(res.Text, tt.want) {
			t.Errorf("%s:\n got %s\nwant ~%s", tt.args, show(res), tt.want)
		}
	}
	if res := run(reg, ToolCall, `{"endpoint": "search", "query": {"filter": {"status": "open", "owner": "ann"}}}`); res.IsError || query != "filter%5Bowner%5D=ann&filter%5Bstatus%5D=open" {
		t.Errorf("valid filter: %s, query %q", show(res), query)
	}
	if res := run(reg, ToolCall, `{"endpoint": "odd", "query": {"f": {"a": [1]}}}`); res.IsError || query != "f%5Ba%5D%5B0%5D=1" {
		t.Errorf("unchecked filter: %s, query %q", show(res), query)
	}
}
