package hostapi

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

const (
	swaggerBase = `{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "host": "petstore.example.com", "basePath": "/v2",
 "paths": {"/pets": {"get": {"operationId": "listPets", "responses": {"200": {"description": "ok"}}}}}}`
	openAPIBase = `openapi: 3.0.3
info: {title: t, version: "1"}
servers:
  - url: https://a.example.com/api/v4
  - url: https://{region}.example.com/{version}/api
    description: regional
    variables:
      region: {default: eu}
      version: {default: v5, enum: [v5, v6]}
  - url: /relative/
    description: relative
paths:
  /accounts:
    get: {operationId: listAccounts, responses: {"200": {description: ok}}}
  /uploads:
    servers: [{url: "https://up.example.com/up/"}]
    post: {operationId: upload, responses: {"200": {description: ok}}}
`
)

// TestBasePath: Swagger 2.0's basePath and the path of an OpenAPI 3
// server URL are part of every endpoint's path. A BaseURL with only an
// origin keeps it; a BaseURL with a path replaces it; a Handler without
// BaseURL sees it too.
func TestBasePath(t *testing.T) {
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.URL.Path)
	}))
	defer srv.Close()
	load := func(t *testing.T, doc string, opts *LoadOptions) *Catalog {
		t.Helper()
		c, ds := ParseOpenAPI("doc", []byte(doc), opts)
		if len(ds) > 0 {
			t.Fatalf("diagnostics: %s", ds.String())
		}
		return c
	}
	send := func(t *testing.T, c *Catalog, opts Options, ids ...string) []string {
		t.Helper()
		got = nil
		reg := newRegistry(t, c, opts)
		for _, id := range ids {
			if res := run(reg, ToolCall, fmt.Sprintf(`{"endpoint": %q}`, id)); res.IsError {
				t.Fatalf("%s: %s", id, res.Text)
			}
		}
		return got
	}
	tests := []struct {
		name string
		doc  string
		load *LoadOptions
		opts Options
		ids  []string
		want []string
	}{
		{"swagger basePath, origin", swaggerBase, nil, Options{BaseURL: srv.URL}, []string{"listPets"}, []string{"/v2/pets"}},
		{"origin with a slash", swaggerBase, nil, Options{BaseURL: srv.URL + "/"}, []string{"listPets"}, []string{"/v2/pets"}},
		{"server path, origin", openAPIBase, nil, Options{BaseURL: srv.URL}, []string{"listAccounts", "upload"}, []string{"/api/v4/accounts", "/up/uploads"}},
		{"BaseURL path replaces", swaggerBase, nil, Options{BaseURL: srv.URL + "/gw/pets-api/"}, []string{"listPets"}, []string{"/gw/pets-api/pets"}},
		{"BaseURL path replaces a server's", openAPIBase, nil, Options{BaseURL: srv.URL + "/gw"}, []string{"listAccounts", "upload"}, []string{"/gw/accounts", "/gw/uploads"}},
		{"server by description, defaults", openAPIBase, &LoadOptions{Server: "regional"}, Options{BaseURL: srv.URL}, []string{"listAccounts", "upload"}, []string{"/v5/api/accounts", "/v5/api/uploads"}},
		{"server by URL, host values", openAPIBase, &LoadOptions{Server: "https://{region}.example.com/{version}/api", ServerVariables: map[string]string{"version": "v6"}},
			Options{BaseURL: srv.URL}, []string{"listAccounts"}, []string{"/v6/api/accounts"}},
		{"relative server", openAPIBase, &LoadOptions{Server: "relative"}, Options{BaseURL: srv.URL}, []string{"listAccounts"}, []string{"/relative/accounts"}},
		{"paths as written", swaggerBase, &LoadOptions{Server: "/"}, Options{BaseURL: srv.URL}, []string{"listPets"}, []string{"/pets"}},
		{"another server", openAPIBase, &LoadOptions{Server: "https://b.example.com/b"}, Options{BaseURL: srv.URL}, []string{"listAccounts"}, []string{"/b/accounts"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := load(t, tt.doc, tt.load)
			if got := send(t, c, tt.opts, tt.ids...); strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("sent to %q, want %q", got, tt.want)
			}
		})
	}

	// In process, the handler sees the base path too, and the detail
	// shows the path as it is sent.
	var seen string
	reg := newRegistry(t, load(t, swaggerBase, nil), Options{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { seen = r.URL.Path })})
	if res := run(reg, ToolCall, `{"endpoint": "listPets"}`); res.IsError || seen != "/v2/pets" {
		t.Errorf("in process: %q, %s", seen, res.Text)
	}
	if res := run(reg, ToolQueryDocs, `{"endpoint": "listPets"}`); !strings.Contains(res.Text, `"path":"/v2/pets"`) {
		t.Errorf("detail: %s", res.Text)
	}
	if res := run(reg, ToolQueryDocs, `{"endpoint": "GET /v2/pets"}`); res.IsError {
		t.Errorf("by the path sent: %s", res.Text)
	}
}

// TestBasePathProblems: a server the host names that the document does
// not have refuses it, naming the servers; a server URL that cannot be
// read is a warning, and the paths are sent as written.
func TestBasePathProblems(t *testing.T) {
	tests := []struct {
		name, doc string
		opts      *LoadOptions
		errs      bool
		want      string
	}{
		{"unknown server", openAPIBase, &LoadOptions{Server: "staging"}, true,
			`doc:3:1: /servers: LoadOptions.Server "staging" is neither the URL or description of one of the document's servers, nor an http(s) URL or an absolute path; the document's servers: ["https://a.example.com/api/v4" "https://{region}.example.com/{version}/api" "/relative/"]`},
		{"variable without default", `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "servers": [{"url": "https://x.example.com/{base}"}], "paths": {"/a": {"get": {}}}}`, nil, false,
			`doc:1:62: warning: /servers/0: server URL "https://x.example.com/{base}": variable {base} has no value (LoadOptions.ServerVariables) or default: the paths are sent as written`},
		{"dot segment", `{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "basePath": "/a/../b", "paths": {"/a": {"get": {"responses": {}}}}}`, nil, false,
			`doc:1:60: warning: /basePath: basePath "/a/../b": base path "/a/../b" has a . or .. segment: the paths are sent as written`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ds := ParseOpenAPI("doc", []byte(tt.doc), tt.opts)
			if ds.HasErrors() != tt.errs || (c == nil) != tt.errs || ds.String() != tt.want {
				t.Errorf("got %s (errors %v), want\n%s", ds.String(), ds.HasErrors(), tt.want)
			}
			if c != nil {
				for _, e := range c.Endpoints() {
					if e.BasePath != "" {
						t.Errorf("%s: base path %q", e.ID, e.BasePath)
					}
				}
			}
		})
	}
	if err := NewCatalog().Add(Endpoint{Method: "GET", Path: "/a", BasePath: "v1"}); err == nil || !strings.Contains(err.Error(), `base path "v1" must start with /`) {
		t.Errorf("Add: %v", err)
	}
}

// TestGroupAfterBasePath: an untagged endpoint's group is the first
// literal segment after the base path, skipping version-like ones; the
// host's Catalog, its filters and query_api_docs see the same groups.
func TestGroupAfterBasePath(t *testing.T) {
	doc := `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "servers": [{"url": "https://a.example.com/api/v4"}],
	 "paths": {"/accounts": {"get": {"operationId": "listAccounts"}}, "/v1/customers/{id}": {"get": {"operationId": "getCustomer"}},
	 "/v1/{id}": {"get": {"operationId": "getThing"}}, "/{id}": {"get": {"operationId": "getAny"}}}}`
	c, ds := ParseOpenAPI("doc", []byte(doc), nil)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	want := map[string]string{"listAccounts": "accounts", "getCustomer": "customers", "getThing": "v1", "getAny": "default"}
	for _, e := range c.Endpoints() {
		if e.Group != want[e.ID] {
			t.Errorf("%s: group %q, want %q", e.ID, e.Group, want[e.ID])
		}
	}
	reg := newRegistry(t, c, Options{Handler: http.NotFoundHandler(), Include: Filter{Groups: []string{"customers", "accounts"}}})
	if got := memberNames(t, run(reg, ToolQueryDocs, `{}`).Text, "groups"); strings.Join(got, " ") != "accounts customers" {
		t.Errorf("groups: %v", got)
	}
	if got := memberNames(t, run(reg, ToolQueryDocs, `{"group": "customers"}`).Text, "endpoints"); strings.Join(got, " ") != "getCustomer" {
		t.Errorf("customers: %v", got)
	}
	if _, err := New(c, &Options{Handler: http.NotFoundHandler(), Include: Filter{Groups: []string{"api"}}}); err == nil {
		t.Error(`Include "api": no error`)
	}
}
