package hostapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// nestedItemsDoc has array parameters of objects (and of arrays) in each
// style: the query's form (default), spaceDelimited, pipeDelimited and
// deepObject, a header's simple and a cookie's form.
const nestedItemsDoc = `openapi: 3.1.0
info: {title: t, version: "1"}
paths:
  /orders:
    get:
      operationId: listOrders
      parameters:
        - name: sort
          in: query
          description: sort keys, in order
          schema:
            type: array
            items:
              type: object
              required: [field]
              properties:
                field: {type: string, enum: [created, total]}
                desc: {type: boolean}
        - {name: spaced, in: query, style: spaceDelimited, explode: false, schema: {type: array, items: {type: object, properties: {a: {type: string}}}}}
        - {name: piped, in: query, style: pipeDelimited, explode: false, schema: {type: array, items: {$ref: "#/components/schemas/Range"}}}
        - {name: lines, in: query, style: deepObject, explode: true, schema: {type: array, items: {$ref: "#/components/schemas/Range"}}}
        - {name: grid, in: query, style: form, explode: false, schema: {type: array, items: {type: array, items: {type: integer}}}}
        - {name: X-Filters, in: header, schema: {type: array, items: {type: object, properties: {k: {type: string}}}}}
        - {name: prefs, in: cookie, schema: {type: array, items: {type: object, properties: {k: {type: string}}}}}
        - {name: tags, in: query, schema: {type: array, items: {type: string}}}
components:
  schemas:
    Range:
      type: object
      properties:
        gte: {type: integer}
        lt: {type: integer}
`

// The detail of an array parameter of objects shows its items' schema
// (it showed "items": "string", so the model sent strings), and the
// arguments are checked against it.
func TestNestedItemsDetail(t *testing.T) {
	c, _ := ParseOpenAPI("orders.yaml", []byte(nestedItemsDoc), nil)
	if c == nil {
		t.Fatal("not loaded")
	}
	reg := newRegistry(t, c, Options{Handler: http.HandlerFunc(echo)})
	var d struct {
		Query   map[string]json.RawMessage `json:"query"`
		Headers map[string]json.RawMessage `json:"headers"`
		Cookies map[string]json.RawMessage `json:"cookies"`
	}
	res := run(reg, ToolQueryDocs, `{"endpoint": "listOrders"}`)
	if err := json.Unmarshal([]byte(res.Text), &d); err != nil {
		t.Fatalf("%v: %s", err, res.Text)
	}
	tests := []struct {
		got  json.RawMessage
		want string
	}{
		{d.Query["sort"], `{"type":"array","items":"object","description":"sort keys, in order","schema":{"type":"array","items":{"type":"object","required":["field"],"properties":{"desc":{"type":"boolean"},"field":{"type":"string","enum":["created","total"]}}}}}`},
		{d.Query["spaced"], `{"type":"array","items":"object","schema":{"type":"array","items":{"type":"object","properties":{"a":{"type":"string"}}}}}`},
		{d.Query["piped"], `{"type":"array","items":"object","schema":{"type":"array","items":{"type":"object","properties":{"gte":{"type":"integer"},"lt":{"type":"integer"}}}}}`},
		{d.Query["lines"], `{"type":"array","items":"object","schema":{"type":"array","items":{"type":"object","properties":{"gte":{"type":"integer"},"lt":{"type":"integer"}}}}}`},
		{d.Query["grid"], `{"type":"array","items":"array","schema":{"type":"array","items":{"type":"array","items":{"type":"integer"}}}}`},
		{d.Headers["X-Filters"], `{"type":"array","items":"object","schema":{"type":"array","items":{"type":"object","properties":{"k":{"type":"string"}}}}}`},
		{d.Cookies["prefs"], `{"type":"array","items":"object","schema":{"type":"array","items":{"type":"object","properties":{"k":{"type":"string"}}}}}`},
		{d.Query["tags"], `{"type":"array","items":"string"}`},
	}
	for _, tt := range tests {
		if string(tt.got) != tt.want {
			t.Errorf("got  %s\nwant %s", tt.got, tt.want)
		}
	}

	// The items' schema by its pointer, and in the paged detail's
	// smallest form.
	if got, want := run(reg, ToolQueryDocs, `{"endpoint": "listOrders", "schema": "#/query/sort/items/properties/field"}`).Text,
		`{"endpoint":"listOrders","schema_of":"#/query/sort/items/properties/field","schema":{"type":"string","enum":["created","total"]}}`; got != want {
		t.Errorf("items by pointer:\n got %s\nwant %s", got, want)
	}
	a, err := New(c, &Options{Handler: http.HandlerFunc(echo)})
	if err != nil {
		t.Fatal(err)
	}
	page := a.detailPage(a.byID["listOrders"], 0, 4000).Text
	if want := `"query.sort":{"type":"array","items":"object","schema":"#/query/sort"}`; !strings.Contains(page, want) {
		t.Errorf("paged detail lacks %s:\n%s", want, page)
	}

	// The items are checked against their schema.
	for args, want := range map[string]string{
		`{"lines": [{"gte": "soon"}]}`:   `parameter "query.lines[0].gte" must be an integer`,
		`{"sort": ["created"]}`:          `parameter "query.sort[0]" must be an object, got "created"`,
		`{"sort": [{"desc": true}]}`:     `query.sort[0]`,
		`{"sort": [{"field": "price"}]}`: `"created", "total"`,
	} {
		res := run(reg, ToolCall, `{"endpoint": "listOrders", "query": `+args+`}`)
		if !res.IsError || !strings.Contains(res.Text, want) {
			t.Errorf("%s: %s, want an error holding %s", args, res.Text, want)
		}
	}
}

// An array of objects is sent where a convention defines it (deepObject:
// lines[0][gte]=5, as Stripe and Rails read it) and refused, naming the
// parameter and why, where the style table leaves it undefined: form,
// spaceDelimited, pipeDelimited, a header's simple, a cookie's form. The
// load warns of each such parameter.
func TestNestedItemsSent(t *testing.T) {
	c, ds := ParseOpenAPI("orders.yaml", []byte(nestedItemsDoc), nil)
	if c == nil {
		t.Fatal(ds.String())
	}
	var warned []string
	for _, d := range ds {
		if d.Severity != toolkit.SeverityWarning || d.Field != "/paths/~1orders/get" {
			t.Errorf("unexpected diagnostic: %s", d)
		}
		warned = append(warned, d.Msg)
	}
	wantWarn := []string{
		`query parameter "sort": its items are objects, which OpenAPI leaves undefined in the form style (its style table writes only strings, numbers and booleans in an array): a call giving it one is refused; the document should say content: application/json, or style: deepObject for a query (name[0][field]=value)`,
		`query parameter "spaced": its items are objects, which OpenAPI leaves undefined in the spaceDelimited style`,
		`query parameter "piped": its items are objects, which OpenAPI leaves undefined in the pipeDelimited style`,
		`query parameter "grid": its items are arrays, which OpenAPI leaves undefined in the form style`,
		`header parameter "X-Filters": its items are objects, which OpenAPI leaves undefined in the simple style`,
		`cookie parameter "prefs": its items are objects, which OpenAPI leaves undefined in the form style`,
	}
	if len(warned) != len(wantWarn) {
		t.Fatalf("warnings:\n%s", strings.Join(warned, "\n"))
	}
	for i, w := range wantWarn {
		if !strings.HasPrefix(warned[i], w) {
			t.Errorf("warning %d:\n got %s\nwant %s...", i, warned[i], w)
		}
	}

	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s X-Filters=%q Cookie=%q", r.URL.RawQuery, r.Header.Get("X-Filters"), r.Header.Get("Cookie"))
	}))
	defer srv.Close()
	reg := newRegistry(t, c, Options{BaseURL: srv.URL})
	undefined := func(param, what, style string) string {
		return fmt.Sprintf(`[error] call_http_api: endpoint "listOrders": parameter %q cannot be sent: item 0 is an %s, and OpenAPI leaves an array of %ss undefined in the %s style (its style table writes only strings, numbers and booleans there); the document should say content: application/json (see query_api_docs {"endpoint": "listOrders"})`, param, what, what, style)
	}
	tests := []struct{ args, want string }{
		{`"query": {"lines": [{"gte": 5, "lt": 10}, {"gte": 20}]}`, `HTTP 200 OK
lines%5B0%5D%5Bgte%5D=5&lines%5B0%5D%5Blt%5D=10&lines%5B1%5D%5Bgte%5D=20 X-Filters="" Cookie=""`},
		// One object for the array is one item.
		{`"query": {"lines": {"gte": 5}}`, `HTTP 200 OK
lines%5B0%5D%5Bgte%5D=5 X-Filters="" Cookie=""`},
		// No items: nothing undefined is sent.
		{`"query": {"sort": [], "tags": ["a", "b"]}`, `HTTP 200 OK
tags=a&tags=b X-Filters="" Cookie=""`},
		{`"query": {"sort": [{"field": "created"}]}`, undefined("query.sort", "object", "form")},
		{`"query": {"spaced": [{"a": "x"}]}`, undefined("query.spaced", "object", "spaceDelimited")},
		{`"query": {"piped": [{"gte": 1}]}`, undefined("query.piped", "object", "pipeDelimited")},
		{`"query": {"grid": [[1, 2], [3]]}`, undefined("query.grid", "array", "form")},
		{`"headers": {"X-Filters": [{"k": "v"}]}`, undefined("headers.X-Filters", "object", "simple")},
		{`"cookies": {"prefs": [{"k": "v"}]}`, undefined("cookies.prefs", "object", "form")},
	}
	for _, tt := range tests {
		if got := show(run(reg, ToolCall, `{"endpoint": "listOrders", `+tt.args+`}`)); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.args, got, tt.want)
		}
	}
}

// Swagger 2.0 allows no objects as a parameter's items, in any
// collectionFormat: such a parameter is shown with its items' schema,
// warned of at load and refused at call, naming it.
func TestNestedItemsSwagger(t *testing.T) {
	doc := `{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {"/x": {"get": {"operationId": "x", "parameters": [
	 {"name": "piped", "in": "query", "type": "array", "collectionFormat": "pipes", "items": {"type": "object", "properties": {"a": {"type": "string"}}}},
	 {"name": "multi", "in": "query", "type": "array", "collectionFormat": "multi", "items": {"type": "object"}},
	 {"name": "csv", "in": "query", "type": "array", "items": {"type": "object"}},
	 {"name": "grid", "in": "query", "type": "array", "items": {"type": "array", "collectionFormat": "pipes", "items": {"type": "integer"}}}
	], "responses": {"200": {"description": "ok"}}}}}}`
	c, ds := ParseOpenAPI("s.json", []byte(doc), nil)
	if c == nil {
		t.Fatal(ds.String())
	}
	want := []string{
		`query parameter "piped": its items are objects, which Swagger 2.0 allows in no collectionFormat (a parameter's items are strings, numbers, booleans or arrays): a call giving it one is refused`,
		`query parameter "multi": its items are objects, which Swagger 2.0 allows in no collectionFormat (a parameter's items are strings, numbers, booleans or arrays): a call giving it one is refused`,
		`query parameter "csv": its items are objects, which Swagger 2.0 allows in no collectionFormat (a parameter's items are strings, numbers, booleans or arrays): a call giving it one is refused`,
		`query parameter "grid": its items are arrays, whose own collectionFormat is not read: a call giving it one is refused`,
	}
	if len(ds) != len(want) {
		t.Fatalf("diagnostics:\n%s", ds.String())
	}
	for i, w := range want {
		if ds[i].Msg != w || ds[i].Severity != toolkit.SeverityWarning {
			t.Errorf("diagnostic %d: %s\nwant warning %s", i, ds[i], w)
		}
	}
	reg := newRegistry(t, c, Options{Handler: http.HandlerFunc(echo)})
	detail := run(reg, ToolQueryDocs, `{"endpoint": "x"}`).Text
	if w := `"piped":{"type":"array","items":"object","schema":{"type":"array","items":{"type":"object","properties":{"a":{"type":"string"}}}}}`; !strings.Contains(detail, w) {
		t.Errorf("detail lacks %s:\n%s", w, detail)
	}
	for _, tt := range []struct{ query, style string }{
		{`{"piped": [{"a": "b"}]}`, "pipeDelimited"},
		{`{"multi": [{"a": "b"}]}`, "form"},
		{`{"csv": [{"a": "b"}]}`, "form"},
	} {
		res := run(reg, ToolCall, `{"endpoint": "x", "query": `+tt.query+`}`)
		if w := `cannot be sent: item 0 is an object, and OpenAPI leaves an array of objects undefined in the ` + tt.style + ` style`; !res.IsError || !strings.Contains(res.Text, w) {
			t.Errorf("%s: %s", tt.query, res.Text)
		}
	}
}

// A host's own Param may be an array of objects, with or without the
// items' schema.
func TestNestedItemsCatalog(t *testing.T) {
	c := NewCatalog()
	err := c.Add(Endpoint{ID: "find", Method: "GET", Path: "/find", Params: []Param{
		{Name: "f", In: InQuery, Type: toolkit.TypeArray, Items: toolkit.TypeObject, Style: "deepObject", Explode: new(true)},
		{Name: "g", In: InQuery, Type: toolkit.TypeArray, Items: toolkit.TypeObject, Style: "deepObject", Explode: new(true), Schema: map[string]any{
			"type": "array", "items": map[string]any{"type": "object", "properties": map[string]any{"n": map[string]any{"type": "integer"}}},
		}},
		// Objects or strings, in the form style: the strings are sent.
		{Name: "h", In: InQuery, Type: toolkit.TypeArray, Items: toolkit.TypeObject, Schema: map[string]any{
			"type": "array", "items": map[string]any{"anyOf": []any{map[string]any{"type": "object"}, map[string]any{"type": "string"}}},
		}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	reg := newRegistry(t, c, Options{Handler: http.HandlerFunc(echo)})
	for args, want := range map[string]string{
		`{"f": [{"a": {"b": 1}}]}`: "HTTP 200 OK\nGET /find?f%5B0%5D%5Ba%5D%5Bb%5D=1",
		`{"f": ["a"]}`:             `[error] call_http_api: endpoint "find": parameter "query.f[0]" must be an object, got "a" (see query_api_docs {"endpoint": "find"})`,
		`{"g": [{"n": 2}]}`:        "HTTP 200 OK\nGET /find?g%5B0%5D%5Bn%5D=2",
		`{"h": ["a", "b"]}`:        "HTTP 200 OK\nGET /find?h=a&h=b",
		`{"h": ["a", {"k": 1}]}`:   `[error] call_http_api: endpoint "find": parameter "query.h" cannot be sent: item 1 is an object, and OpenAPI leaves an array of objects undefined in the form style (its style table writes only strings, numbers and booleans there); the document should say content: application/json (see query_api_docs {"endpoint": "find"})`,
		`{"g": [{"n": "2x"}]}`:     `[error] call_http_api: endpoint "find": parameter "query.g[0].n" must be an integer, got "2x" (see query_api_docs {"endpoint": "find"})`,
	} {
		if got := show(run(reg, ToolCall, `{"endpoint": "find", "query": `+args+`}`)); got != want {
			t.Errorf("%s:\n got %s\nwant %s", args, got, want)
		}
	}
}

// A parameter described by content of a JSON type is sent as its value's
// JSON text, in each location, so an array of objects is sent where the
// document says how; its detail shows the schema and content type. A
// schema without a type, or another media type, keeps the text the model
// gives.
func TestContentJSONParams(t *testing.T) {
	doc := `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /search/{where}:
    get:
      operationId: search
      parameters:
        - name: where
          in: path
          required: true
          content: {application/json: {schema: {type: object, properties: {lat: {type: number}, lon: {type: number}}}}}
        - name: sort
          in: query
          style: pipeDelimited
          content:
            text/plain: {schema: {type: string}}
            application/json:
              schema: {type: array, items: {type: object, required: [field], properties: {field: {type: string}, desc: {type: boolean}}}}
        - {name: q, in: query, content: {application/vnd.api+json: {schema: {type: string}}}}
        - {name: raw, in: query, content: {application/json: {schema: {description: any JSON}}}}
        - {name: note, in: query, content: {text/plain: {schema: {type: string}}}}
        - {name: X-Filter, in: header, content: {application/json: {schema: {type: object, properties: {k: {type: string}}}}}}
        - {name: prefs, in: cookie, content: {application/json: {schema: {type: array, items: {type: string}}}}}
`
	c, ds := ParseOpenAPI("search.yaml", []byte(doc), nil)
	if len(ds) > 0 {
		t.Fatal(ds.String()) // no warning: JSON defines the array of objects
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s?%s X-Filter=%s Cookie=%s", r.URL.EscapedPath(), r.URL.RawQuery, r.Header.Get("X-Filter"), r.Header.Get("Cookie"))
	}))
	defer srv.Close()
	reg := newRegistry(t, c, Options{BaseURL: srv.URL})

	detail := run(reg, ToolQueryDocs, `{"endpoint": "search"}`).Text
	for _, w := range []string{
		`"sort":{"type":"array","items":"object","content_type":"application/json","schema":{"type":"array","items":{"type":"object","required":["field"],"properties":{"desc":{"type":"boolean"},"field":{"type":"string"}}}}}`,
		`"where":{"type":"object","required":true,"content_type":"application/json","schema":{"type":"object","properties":{"lat":{"type":"number"},"lon":{"type":"number"}}}}`,
		`"q":{"type":"string","content_type":"application/vnd.api+json"}`,
		`"raw":{"type":"string","description":"any JSON"}`,
		`"note":{"type":"string"}`,
		`"prefs":{"type":"array","items":"string","content_type":"application/json"}`,
	} {
		if !strings.Contains(detail, w) {
			t.Errorf("detail lacks %s:\n%s", w, detail)
		}
	}

	a, err := New(c, &Options{BaseURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	page := a.detailPage(a.byID["search"], 0, 4000).Text
	if w := `"query.sort":{"type":"array","items":"object","content_type":"application/json","schema":"#/query/sort"}`; !strings.Contains(page, w) {
		t.Errorf("paged detail lacks %s:\n%s", w, page)
	}

	where := `"path_params": {"where": {"lat": 1.5, "lon": -2}}`
	tests := []struct{ args, want string }{
		{where + `, "query": {"sort": [{"field": "created", "desc": true}, {"field": "total"}]}`,
			`/search/%7B%22lat%22:1.5%2C%22lon%22:-2%7D?sort=%5B%7B%22desc%22%3Atrue%2C%22field%22%3A%22created%22%7D%2C%7B%22field%22%3A%22total%22%7D%5D X-Filter= Cookie=`},
		// The JSON text as a string is read as the value it holds.
		{where + `, "query": {"sort": "[{\"field\": \"total\"}]"}`,
			`/search/%7B%22lat%22:1.5%2C%22lon%22:-2%7D?sort=%5B%7B%22field%22%3A%22total%22%7D%5D X-Filter= Cookie=`},
		// A JSON string is quoted; untyped and text content are sent as given.
		{where + `, "query": {"q": "a b", "raw": "{\"x\":1}", "note": "a b"}`,
			`/search/%7B%22lat%22:1.5%2C%22lon%22:-2%7D?note=a%20b&q=%22a%20b%22&raw=%7B%22x%22%3A1%7D X-Filter= Cookie=`},
		{where + `, "headers": {"X-Filter": {"k": "v w"}}, "cookies": {"prefs": ["a", "b;c"]}}`,
			`/search/%7B%22lat%22:1.5%2C%22lon%22:-2%7D? X-Filter={"k":"v w"} Cookie=prefs=%5B%22a%22%2C%22b%3Bc%22%5D`},
	}
	for _, tt := range tests {
		if got := show(run(reg, ToolCall, `{"endpoint": "search", `+tt.args+`}`)); got != "HTTP 200 OK\n"+tt.want {
			t.Errorf("%s:\n got %s\nwant HTTP 200 OK\n%s", tt.args, got, tt.want)
		}
	}
	// The value is checked against the schema.
	res := run(reg, ToolCall, `{"endpoint": "search", `+where+`, "query": {"sort": [{"desc": true}]}}`)
	if !res.IsError || !strings.Contains(res.Text, `query.sort[0]`) || !strings.Contains(res.Text, `field`) {
		t.Errorf("an item without its required field: %s", res.Text)
	}

	// A host's Param: a JSON type only, and no style beside it.
	for p, want := range map[*Param]string{
		{Name: "a", In: InQuery, ContentType: "text/plain"}:                            `parameter "a": content type "text/plain" is not a JSON type`,
		{Name: "a", In: InQuery, ContentType: "application/json", Style: "form"}:       `parameter "a": a content type and a style, explode, allowReserved or multi-segment are exclusive`,
		{Name: "a", In: InQuery, ContentType: "application/json", AllowReserved: true}: `are exclusive`,
	} {
		err := NewCatalog().Add(Endpoint{Method: "GET", Path: "/a", Params: []Param{*p}})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%+v: %v, want %s", *p, err, want)
		}
	}
}
