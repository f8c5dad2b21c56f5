package hostapi

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit"
)

// styleExamples are the cells of one row of the specification's style
// examples table (see TestStyleTable), as a parameter color in sends them.
type styleExamples struct {
	style   string
	explode bool
	in      In
	cells   []styleCell
}

// A styleCell is a value (JSON) and what is sent for it: the path's text
// after its literal part, the query, the header's value or the Cookie
// header.
type styleCell struct{ value, want string }

// specStyleExamples are the rows of the specification's style examples
// table, the ones TestStyleTable sends and TestStyleDescriptors asks of
// every entry of styles.
func specStyleExamples() []styleExamples {
	const (
		empty  = `""`
		str    = `"blue"`
		array  = `["blue","black","brown"]`
		object = `{"R":100,"G":200,"B":150}`
	)
	return []styleExamples{
		{"matrix", false, InPath, []styleCell{{empty, ";color"}, {str, ";color=blue"}, {array, ";color=blue,black,brown"}, {object, ";color=B,150,G,200,R,100"}}},
		{"matrix", true, InPath, []styleCell{{empty, ";color"}, {str, ";color=blue"}, {array, ";color=blue;color=black;color=brown"}, {object, ";B=150;G=200;R=100"}}},
		{"label", false, InPath, []styleCell{{empty, "."}, {str, ".blue"}, {array, ".blue,black,brown"}, {object, ".B,150,G,200,R,100"}}},
		{"label", true, InPath, []styleCell{{empty, "."}, {str, ".blue"}, {array, ".blue.black.brown"}, {object, ".B=150.G=200.R=100"}}},
		{"simple", false, InPath, []styleCell{{str, "blue"}, {array, "blue,black,brown"}, {object, "B,150,G,200,R,100"}}},
		{"simple", true, InPath, []styleCell{{str, "blue"}, {array, "blue,black,brown"}, {object, "B=150,G=200,R=100"}}},
		{"simple", false, InHeader, []styleCell{{empty, ""}, {str, "blue"}, {array, "blue,black,brown"}, {object, "B,150,G,200,R,100"}}},
		{"simple", true, InHeader, []styleCell{{empty, ""}, {str, "blue"}, {array, "blue,black,brown"}, {object, "B=150,G=200,R=100"}}},
		{"form", false, InQuery, []styleCell{{empty, "color="}, {str, "color=blue"}, {array, "color=blue,black,brown"}, {object, "color=B,150,G,200,R,100"}}},
		{"form", true, InQuery, []styleCell{{empty, "color="}, {str, "color=blue"}, {array, "color=blue&color=black&color=brown"}, {object, "B=150&G=200&R=100"}}},
		{"spaceDelimited", false, InQuery, []styleCell{{array, "color=blue%20black%20brown"}, {object, "color=B%20150%20G%20200%20R%20100"}}},
		{"pipeDelimited", false, InQuery, []styleCell{{array, "color=blue%7Cblack%7Cbrown"}, {object, "color=B%7C150%7CG%7C200%7CR%7C100"}}},
		{"deepObject", true, InQuery, []styleCell{{object, "color%5BB%5D=150&color%5BG%5D=200&color%5BR%5D=100"}}},
		{"form", false, InCookie, []styleCell{{empty, "color="}, {str, "color=blue"}, {array, "color=blue,black,brown"}, {object, "color=B,150,G,200,R,100"}}},
		{"form", true, InCookie, []styleCell{{empty, "color="}, {str, "color=blue"}, {array, "color=blue; color=black; color=brown"}, {object, "B=150; G=200; R=100"}}},
		{"cookie", false, InCookie, []styleCell{{empty, "color="}, {str, "color=blue"}, {array, "color=blue,black,brown"}, {object, "color=B,150,G,200,R,100"}}},
		{"cookie", true, InCookie, []styleCell{{empty, "color="}, {str, "color=blue"}, {array, "color=blue; color=black; color=brown"}, {object, "B=150; G=200; R=100"}}},
	}
}

// TestStyleTable checks every row of the OpenAPI specification's style
// examples table (3.1.1, "Style Examples"): the parameter color holding
// "" (empty), "blue" (string), ["blue","black","brown"] (array) and
// {"R":100,"G":200,"B":150} (object). An object's members are sent in
// the order of their names (B, G, R): the model's JSON object has no
// order by the time it is sent. n/a cells are left out, and so are the
// path's empty simple values (a path segment cannot be empty). The table
// writes | and [ ] as they read; they are sent percent-encoded, as every
// client does. Label and matrix follow RFC 6570 as the 3.1.1 table does
// (3.0's wrote .blue.black.brown for label without explode). The cookie
// rows are 3.2's: its cookie style, and the form style in a cookie, whose
// exploded pairs are apart like cookies ("; ") where the query's form row
// joins them with & (a Cookie header cannot hold & between cookies).
func TestStyleTable(t *testing.T) {
	tests := specStyleExamples()
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s?%s color:%q", r.URL.EscapedPath(), r.URL.RawQuery, r.Header.Get("Color"))
		if c := r.Header.Values("Cookie"); len(c) > 0 {
			fmt.Fprintf(w, " cookie:%q", c)
		}
	})
	for _, tt := range tests {
		for _, c := range tt.cells {
			typ := toolkit.TypeString
			switch c.value[0] {
			case '[':
				typ = toolkit.TypeArray
			case '{':
				typ = toolkit.TypeObject
			}
			explode := tt.explode
			p := Param{Name: "color", In: tt.in, Type: typ, Style: tt.style, Explode: &explode}
			path, arg := "/c", "query"
			switch tt.in {
			case InPath:
				path, arg = "/c/{color}", "path_params"
				if tt.style != "simple" {
					path = "/c{color}" // "/c/{color}" with "." is refused below
				}
			case InHeader:
				p.Name, arg = "Color", "headers"
			case InCookie:
				arg = "cookies"
			}
			cat := NewCatalog()
			if err := cat.Add(Endpoint{ID: "e", Method: "GET", Path: path, Params: []Param{p}}); err != nil {
				t.Fatal(err)
			}
			reg := newRegistry(t, cat, Options{Handler: handler})
			res := run(reg, ToolCall, fmt.Sprintf(`{"endpoint": "e", %q: {%q: %s}}`, arg, p.Name, c.value))
			var want string
			switch tt.in {
			case InPath:
				want = strings.TrimSuffix(path, "{color}") + c.want + `? color:""`
			case InQuery:
				want = "/c?" + c.want + ` color:""`
			case InHeader:
				want = fmt.Sprintf("/c? color:%q", c.want)
			case InCookie:
				want = fmt.Sprintf(`/c? color:"" cookie:["%s"]`, c.want)
			}
			if res.IsError || !strings.HasSuffix(res.Text, "\n"+want) {
				t.Errorf("%s explode=%v in %s, %s:\n got %s\nwant %s", tt.style, tt.explode, tt.in, c.value, res.Text, want)
			}
		}
	}
}

func TestLoadStyles(t *testing.T) {
	c := loadFile(t, "testdata/styles.yaml")
	e, _ := c.Endpoint("search")
	f, _ := c.Endpoint("PostCustomers")
	g, _ := c.Endpoint("repos/get-content")
	m, _ := c.Endpoint("matrixItems")
	type got struct {
		Name, Style   string
		Type          toolkit.ParamType
		Explode       string
		Reserved, Seg bool
	}
	var params []got
	for _, p := range append(append(e.Params, g.Params...), m.Params...) {
		x := "nil"
		if p.Explode != nil {
			x = fmt.Sprint(*p.Explode)
		}
		params = append(params, got{p.Name, p.Style, p.Type, x, p.AllowReserved, p.MultiSegment})
	}
	want := []got{
		{"filter", "deepObject", "object", "true", false, false},
		{"ids", "pipeDelimited", "array", "false", false, false},
		{"tags", "", "array", "false", false, false},
		{"redirect", "", "string", "nil", true, false},
		{"X-Flags", "", "array", "nil", false, false},
		{"owner", "", "string", "nil", false, false},
		{"repo", "", "string", "nil", false, false},
		{"path", "", "string", "nil", false, true},
		{"Accept", "", "string", "nil", false, false},
		{"coords", "matrix", "object", "true", false, false},
	}
	if diff := cmp.Diff(want, params); diff != "" {
		t.Errorf("params (-want +got):\n%s", diff)
	}
	if enc := f.Body.Encoding; len(enc) != 3 || enc["metadata"].Style != "deepObject" || !*enc["expand"].Explode {
		t.Errorf("body encoding %+v", enc)
	}
}

func TestLoadSwagger2CollectionFormat(t *testing.T) {
	doc := `{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {"/a": {"get": {"operationId": "a",
		"parameters": [
			{"name": "csv", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "csv"},
			{"name": "ssv", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "ssv"},
			{"name": "pipes", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "pipes"},
			{"name": "multi", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "multi"},
			{"name": "none", "in": "query", "type": "array", "items": {"type": "string"}}],
		"responses": {"200": {"description": "ok"}}}}}}`
	c, ds := ParseOpenAPI("", []byte(doc), nil)
	err := refused(ds)
	if err != nil {
		t.Fatal(err)
	}
	reg := newRegistry(t, c, Options{Handler: http.HandlerFunc(echo)})
	res := run(reg, ToolCall, `{"endpoint": "a", "query": {"csv": ["a","b"], "ssv": ["a","b"], "pipes": ["a","b"], "multi": ["a","b"], "none": ["a","b"]}}`)
	if want := "GET /a?csv=a,b&multi=a&multi=b&none=a,b&pipes=a%7Cb&ssv=a%20b"; !strings.HasSuffix(res.Text, "\n"+want) {
		t.Errorf("got %s\nwant %s", res.Text, want)
	}
}

// TestCallStyles: values are sent as their parameters' styles say, and
// a value can still never change the request's structure.
func TestCallStyles(t *testing.T) {
	c := loadFile(t, "testdata/styles.yaml")
	reg := newRegistry(t, c, Options{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		echo(w, r)
		if v := r.Header.Get("X-Flags"); v != "" {
			fmt.Fprintf(w, " X-Flags=%s", v)
		}
	})})
	tests := []struct{ args, want string }{
		{`{"endpoint": "search", "query": {"filter": {"status": "open", "owner": "me"}, "ids": [1, 2], "tags": ["a,b", "c"]}}`,
			"GET /search?filter%5Bowner%5D=me&filter%5Bstatus%5D=open&ids=1%7C2&tags=a%2Cb,c"},
		{`{"endpoint": "search", "query": {"redirect": "/a/b?c=d&e#f+g h"}}`, "GET /search?redirect=/a/b?c%3Dd%26e%23f%2Bg%20h"},
		{`{"endpoint": "search", "headers": {"x-flags": ["a", "b"]}}`, "GET /search X-Flags=a,b"},
		{`{"endpoint": "matrixItems", "path_params": {"coords": {"lat": 1.5, "lon": "2;3"}}}`, "GET /items;lat=1.5;lon=2%3B3"},
		{`{"endpoint": "repos/get-content", "path_params": {"owner": "o", "repo": "r", "path": "docs/a b/%2e%2e/R;1.md"}}`,
			"GET /repos/o/r/contents/docs/a%20b/%252e%252e/R%3B1.md"},
		{`{"endpoint": "repos/get-content", "path_params": {"owner": "o/x", "repo": "r", "path": "README.md"}}`,
			"GET /repos/o%2Fx/r/contents/README.md"},
		{`{"endpoint": "PostCustomers", "body": {"email": "a@b.c", "metadata": {"order_id": "6735"}, "expand": ["sources"], "address": {"city": "Köln"}, "preferred_locales": ["en", "fr"]}}`,
			"POST /v1/customers Content-Type=application/x-www-form-urlencoded body=address%5Bcity%5D=K%C3%B6ln&email=a%40b.c&expand%5B0%5D=sources&metadata%5Border_id%5D=6735&preferred_locales=en&preferred_locales=fr"},
	}
	for _, tt := range tests {
		res := run(reg, ToolCall, tt.args)
		if res.IsError || !strings.HasSuffix(res.Text, "\n"+tt.want) {
			t.Errorf("%s:\n got %s\nwant %s", tt.args, res.Text, tt.want)
		}
	}
	refused := []struct{ args, want string }{
		{`{"endpoint": "search", "query": {"tags": [["x"]]}}`, `"query.tags[0]" must be a string`},
		{`{"endpoint": "search", "query": {"filter": "open"}}`, `"query.filter"`},
		{`{"endpoint": "search", "headers": {"X-Flags": ["a\r\nX-Evil: 1"]}}`, `must not hold control characters`},
		{`{"endpoint": "repos/get-content", "path_params": {"owner": "o", "repo": "r", "path": "../../users"}}`, `must not be empty, "." or ".."`},
		{`{"endpoint": "repos/get-content", "path_params": {"owner": "o", "repo": "r", "path": "a/./b"}}`, `must not be empty, "." or ".."`},
		{`{"endpoint": "repos/get-content", "path_params": {"owner": "o", "repo": "r", "path": "/etc/passwd"}}`, `must not be empty, "." or ".."`},
		{`{"endpoint": "repos/get-content", "path_params": {"owner": "o", "repo": "r", "path": "a//b"}}`, `must not be empty, "." or ".."`},
		{`{"endpoint": "repos/get-content", "path_params": {"owner": "o", "repo": "r", "path": "a/.."}}`, `must not be empty, "." or ".."`},
		{`{"endpoint": "repos/get-content", "path_params": {"owner": "..", "repo": "r", "path": "a"}}`, `must not be ".."`},
		{`{"endpoint": "matrixItems", "path_params": {"coords": {"a": {"b": 1}}}}`, `member "a": the matrix style writes only strings, numbers and booleans there`},
	}
	for _, tt := range refused {
		res := run(reg, ToolCall, tt.args)
		if !res.IsError || !strings.Contains(res.Text, tt.want) {
			t.Errorf("%s:\n got %s\nwant an error with %s", tt.args, res.Text, tt.want)
		}
	}
}

// TestAccept: the model chooses among the media types the successful
// responses document, and nothing else; the host's own Accept wins.
func TestAccept(t *testing.T) {
	c := loadFile(t, "testdata/styles.yaml")
	for id, want := range map[string][]any{"repos/get-content": {"application/json", "application/vnd.github.object"}, "PostCustomers": nil, "search": nil} {
		e, _ := c.Endpoint(id)
		var enum []any
		for _, p := range e.Params {
			if p.Name == "Accept" {
				enum = p.Enum
			}
		}
		if diff := cmp.Diff(want, enum); diff != "" {
			t.Errorf("%s: Accept (-want +got):\n%s", id, diff)
		}
	}
	reg := newRegistry(t, c, Options{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s Accept=%q", r.URL.Path, r.Header.Get("Accept"))
	})})
	get := `{"endpoint": "repos/get-content", "path_params": {"owner": "o", "repo": "r", "path": "a"}`
	tests := []struct {
		args string
		opts []toolkit.CallOption
		want string
	}{
		{get + `}`, nil, `Accept=""`},
		{get + `, "headers": {"accept": "application/vnd.github.object"}}`, nil, `Accept="application/vnd.github.object"`},
		{get + `, "headers": {"Accept": "application/vnd.github.object"}}`, []toolkit.CallOption{toolkit.WithHeader(http.Header{"Accept": {"text/plain"}})}, `Accept="[REDACTED]"`}, // the host's, redacted
		{get + `, "headers": {"Accept": "text/html"}}`, nil, `[error] call_http_api: endpoint "repos/get-content": parameter "headers.Accept" must be one of`},
		{get + `, "headers": {"Accept": "application/json\r\nX-A: 1"}}`, nil, `[error]`},
		{`{"endpoint": "search", "headers": {"Accept": "text/html"}}`, nil, `[error] call_http_api: endpoint "search": unknown parameter "headers.Accept"; the application sets this header`},
	}
	for _, tt := range tests {
		got := show(run(reg, ToolCall, tt.args, tt.opts...))
		if !strings.Contains(got, tt.want) {
			t.Errorf("%s:\n got %s\nwant %s", tt.args, got, tt.want)
		}
	}
	doc := `{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "produces": ["application/json", "application/xml"],
		"paths": {"/a": {"get": {"operationId": "a", "responses": {"200": {"description": "ok"}}}},
		"/b": {"get": {"operationId": "b", "produces": ["text/csv"], "responses": {"200": {"description": "ok"}}}}}}`
	c2, ds := ParseOpenAPI("", []byte(doc), nil)
	err := refused(ds)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := c2.Endpoint("a")
	b, _ := c2.Endpoint("b")
	if len(a.Params) != 1 || len(a.Params[0].Enum) != 2 || len(b.Params) != 0 {
		t.Errorf("Swagger 2.0 produces: a %+v, b %+v", a.Params, b.Params)
	}
}

// FuzzStyledValues: whatever the model sends, a path value stays within
// its segments (or, multi-segment, adds only plain segments), and a query
// value cannot add a pair.
func FuzzStyledValues(f *testing.F) {
	for _, s := range []string{"a", "a/b", "../x", "a/./b", "%2e%2e", "a b&c=d#e+f", "", "/", "a//b", "x;y,z=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, multi := range []bool{false, true} {
			out, problem := pathValue(Param{Name: "p", In: InPath, MultiSegment: multi}, s)
			if problem != "" {
				continue
			}
			segs := strings.Split(out, "/")
			if !multi && len(segs) != 1 {
				t.Fatalf("%q: %q adds a segment", s, out)
			}
			var back []string
			for _, seg := range segs {
				u, err := url.PathUnescape(seg)
				if err != nil || seg == "" || seg == "." || seg == ".." || strings.ContainsAny(seg, "?#") {
					t.Fatalf("%q: segment %q of %q", s, seg, out)
				}
				back = append(back, u)
			}
			if strings.Join(back, "/") != s {
				t.Fatalf("%q: %q reads back as %q", s, out, strings.Join(back, "/"))
			}
		}
		var q rawQuery
		q.add("k", s, styleForm, true, true)
		got, err := url.ParseQuery(q.Encode())
		if err != nil || len(got) != 1 || len(got["k"]) != 1 || got["k"][0] != s {
			t.Fatalf("%q: query %q reads back as %v (%v)", s, q.Encode(), got, err)
		}
	})
}

// TestDeepObjectNested: Stripe's created (a range object or an integer,
// deepObject) is sent as created[gte]=... or created=...; deepObject
// nests at any depth; what the style table leaves undefined (an exploded
// pipeDelimited array, a form object of objects) is refused, naming the
// parameter, and warned of at load.
func TestDeepObjectNested(t *testing.T) {
	doc := `openapi: 3.0.0
info: {title: t, version: "1"}
paths:
  /v1/charges:
    get:
      operationId: GetCharges
      parameters:
        - name: created
          in: query
          style: deepObject
          explode: true
          schema:
            anyOf:
              - {type: object, title: range_query_specs, properties: {gt: {type: integer}, gte: {type: integer}, lt: {type: integer}, lte: {type: integer}}}
              - {type: integer}
        - name: filter
          in: query
          style: deepObject
          explode: true
          schema:
            type: object
            properties:
              amount: {type: object, properties: {gte: {type: integer}}}
              tags: {type: array, items: {type: string}}
        - {name: ids, in: query, style: pipeDelimited, explode: true, schema: {type: array, items: {type: string}}}
        - {name: point, in: query, schema: {type: object, properties: {a: {type: object}}}}
`
	c, ds := ParseOpenAPI("stripe.yaml", []byte(doc), nil)
	// The load warns of the two that are refused.
	if len(ds) != 2 || !strings.Contains(ds[0].Msg, `query parameter "ids": OpenAPI leaves the pipeDelimited style with explode: true undefined`) ||
		!strings.Contains(ds[1].Msg, `query parameter "point": its member "a" is an object, which OpenAPI leaves undefined in the form style`) {
		t.Fatal(ds.String())
	}
	reg := newRegistry(t, c, Options{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, r.URL.RawQuery)
	})})
	tests := []struct{ query, want string }{
		{`{"created": {"gte": 1700000000, "lt": 1800000000}}`, "HTTP 200 OK\ncreated%5Bgte%5D=1700000000&created%5Blt%5D=1800000000"},
		{`{"created": 1700000000}`, "HTTP 200 OK\ncreated=1700000000"},
		{`{"filter": {"amount": {"gte": 5}, "tags": ["a", "b"]}}`, "HTTP 200 OK\nfilter%5Bamount%5D%5Bgte%5D=5&filter%5Btags%5D%5B0%5D=a&filter%5Btags%5D%5B1%5D=b"},
		{`{"ids": ["a", "b"]}`, `[error] call_http_api: endpoint "GetCharges": parameter "query.ids" cannot be sent: OpenAPI leaves the pipeDelimited style with explode: true undefined (n/a in its style table); the document should say explode: false (see query_api_docs {"endpoint": "GetCharges"})`},
		{`{"point": {"a": {"b": 1}}}`, `[error] call_http_api: endpoint "GetCharges": parameter "query.point" member "a": the form style writes only strings, numbers and booleans there (see query_api_docs {"endpoint": "GetCharges"})`},
	}
	for _, tt := range tests {
		if got := show(run(reg, ToolCall, `{"endpoint": "GetCharges", "query": `+tt.query+`}`)); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.query, got, tt.want)
		}
	}
	if res := run(reg, ToolCall, `{"endpoint": "GetCharges", "query": {"created": "yesterday"}}`); !res.IsError || !strings.Contains(res.Text, `query.created`) {
		t.Errorf("a created that is neither: %s", res.Text)
	}
}
