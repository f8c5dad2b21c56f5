package hostapi

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// A deepObject value whose members are empty objects or arrays writes no
// pair, but each member's key[name] was built all the same: a 60 KB name
// over 19,000 empty members made 1.2 GB of keys and then sent nothing.
// The keys of objects and arrays count toward the bound as pairs do.
func TestReview35fDeepObjectEmptyMembers(t *testing.T) {
	members := map[string]any{}
	for i := range 19000 {
		members[fmt.Sprint(i)] = []any{}
	}
	v := map[string]any{strings.Repeat("k", 60000): members}
	var q rawQuery
	problem := q.add("f", v, "deepObject", true, false)
	if want := "its key[name]=value pairs take more than 65,536 bytes"; !strings.Contains(problem, want) {
		t.Errorf("a value of many empty members under a long name: %q, want a problem holding %q", problem, want)
	}
	// A small value with an empty member is still sent.
	q = nil
	if problem := q.add("f", map[string]any{"a": map[string]any{}, "b": 1}, "deepObject", true, false); problem != "" || q.Encode() != "f%5Bb%5D=1" {
		t.Errorf("got %q (%s)", q.Encode(), problem)
	}
}

// A deepObject member name holding [ or ] is read by the server as more
// nesting (f[a][x][b]=1 for {"a][x": {"b": 1}}: escaping does not help,
// the server decodes before it reads the brackets), and an empty one as
// an array's item (f[]=1): a different value than the one checked
// against the schema. Both are refused, naming the member; = and & are
// escaped and stay in the name.
func TestReview35fDeepObjectMemberNames(t *testing.T) {
	for _, tt := range []struct {
		v    any
		want string
	}{
		{map[string]any{"a][x": map[string]any{"b": 1}}, `member "a][x" holds "]"`},
		{map[string]any{"a": map[string]any{"[0": 1}}, `member "[0" holds "["`},
		{map[string]any{"": 1}, `member "" is empty`},
		{[]any{map[string]any{"x]": 1}}, `member "x]" holds "]"`},
	} {
		var q rawQuery
		problem := q.add("f", tt.v, "deepObject", true, false)
		if !strings.Contains(problem, tt.want) {
			t.Errorf("%v: sent %q (%s), want a problem holding %s", tt.v, q.Encode(), problem, tt.want)
		}
	}
	var q rawQuery
	if problem := q.add("f", map[string]any{"b&c=d": 1}, "deepObject", true, false); problem != "" || q.Encode() != "f%5Bb%26c%3Dd%5D=1" {
		t.Errorf("got %q (%s)", q.Encode(), problem)
	}
	if got, _ := url.ParseQuery(q.Encode()); got.Get("f[b&c=d]") != "1" {
		t.Errorf("%q reads back as %v", q.Encode(), got)
	}
}

// contentDoc has a JSON content parameter in each location, and plain
// ones beside them.
const contentDoc = `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /p/{where}:
    get:
      operationId: probe
      parameters:
        - {name: where, in: path, required: true, content: {application/json: {schema: {type: string}}}}
        - {name: X-J, in: header, content: {application/json: {schema: {type: object}}}}
        - {name: c, in: cookie, content: {application/json: {schema: {type: string}}}}
        - {name: n, in: query, content: {application/json: {schema: {type: integer}}}}
        - {name: cs, in: query, content: {"application/json; charset=utf-8": {schema: {type: string}}}}
        - {name: star, in: query, content: {"*/*": {schema: {type: string}}}}
`

// A JSON content header parameter is sent as its JSON text, but a header
// carries ASCII (RFC 9110 leaves other bytes opaque): a character past
// ASCII is sent as its \u escape, the same JSON value. CR, LF and NUL
// are escaped by JSON itself; a path's /, .., ? and # and a cookie's ;
// , and spaces are percent-encoded; numbers past 2^53 keep their digits.
func TestReview35fContentParams(t *testing.T) {
	c, ds := ParseOpenAPI("p.yaml", []byte(contentDoc), nil)
	if len(ds) > 0 {
		t.Fatal(ds.String())
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s?%s X-J=%s Cookie=%s", r.URL.EscapedPath(), r.URL.RawQuery, r.Header.Get("X-J"), r.Header.Get("Cookie"))
	}))
	defer srv.Close()
	reg := newRegistry(t, c, Options{BaseURL: srv.URL})
	const x = `"path_params": {"where": "x"}`
	for _, tt := range []struct{ args, want string }{
		{x + `, "headers": {"X-J": {"k": "é😀 a\r\nb\u0000\u007f"}}`, `/p/%22x%22? X-J={"k":"\u00e9\ud83d\ude00 a\r\nb\u0000\u007f"} Cookie=`},
		// The JSON text given as a string is read, then escaped alike.
		{x + `, "headers": {"X-J": "{\"é\": 1}"}`, `/p/%22x%22? X-J={"\u00e9":1} Cookie=`},
		{`"path_params": {"where": "../a/b?c#d"}`, `/p/%22..%2Fa%2Fb%3Fc%23d%22? X-J= Cookie=`},
		{x + `, "cookies": {"c": "a; b, c=d"}`, `/p/%22x%22? X-J= Cookie=c=%22a%3B%20b%2C%20c%3Dd%22`},
		{x + `, "query": {"n": 9007199254740993, "cs": "a", "star": "a b"}`, `/p/%22x%22?cs=%22a%22&n=9007199254740993&star=a%20b X-J= Cookie=`},
	} {
		if got := show(run(reg, ToolCall, `{"endpoint": "probe", `+tt.args+`}`)); got != "HTTP 200 OK\n"+tt.want {
			t.Errorf("%s:\n got %s\nwant HTTP 200 OK\n%s", tt.args, got, tt.want)
		}
	}
}

// What the style table leaves undefined is known at load, and warned of
// naming the parameter, as an array of objects is: an object with a
// member that is an object or an array outside deepObject, and an
// exploded spaceDelimited or pipeDelimited array or object. A call
// giving one is refused, as before.
func TestReview35fUndefinedStyleWarned(t *testing.T) {
	doc := `openapi: 3.1.0
info: {title: t, version: "1"}
paths:
  /x/{pt}:
    get:
      operationId: x
      parameters:
        - {name: pt, in: path, required: true, schema: {type: object, properties: {a: {type: array, items: {type: string}}}}}
        - {name: point, in: query, schema: {type: object, properties: {a: {type: object}, b: {type: string}}}}
        - {name: X-Point, in: header, schema: {type: object, properties: {n: {type: [object, "null"]}}}}
        - {name: pc, in: cookie, schema: {type: object, additionalProperties: {type: object}}}
        - {name: ids, in: query, style: pipeDelimited, explode: true, schema: {type: array, items: {type: string}}}
        - {name: words, in: query, style: spaceDelimited, explode: true, schema: {type: object, properties: {a: {type: string}}}}
        - {name: deep, in: query, style: deepObject, explode: true, schema: {type: object, properties: {a: {type: object}}}}
        - {name: flat, in: query, schema: {type: object, properties: {a: {type: string}}}}
        - {name: piped, in: query, style: pipeDelimited, schema: {type: array, items: {type: string}}}
        - {name: one, in: query, style: pipeDelimited, explode: true, schema: {type: string}}
        - {name: json, in: query, content: {application/json: {schema: {type: object, properties: {a: {type: object}}}}}}
`
	c, ds := ParseOpenAPI("x.yaml", []byte(doc), nil)
	if c == nil {
		t.Fatal(ds.String())
	}
	want := []string{
		`path parameter "pt": its member "a" is an array, which OpenAPI leaves undefined in the simple style (its style table writes only strings, numbers and booleans in an object): a call giving one is refused; the document should say content: application/json, or style: deepObject for a query (name[field][key]=value)`,
		`query parameter "point": its member "a" is an object, which OpenAPI leaves undefined in the form style`,
		`header parameter "X-Point": its member "n" is an object, which OpenAPI leaves undefined in the simple style`,
		`cookie parameter "pc": its members are objects, which OpenAPI leaves undefined in the form style`,
		`query parameter "ids": OpenAPI leaves the pipeDelimited style with explode: true undefined (n/a in its style table): a call giving an array is refused; the document should say explode: false`,
		`query parameter "words": OpenAPI leaves the spaceDelimited style with explode: true undefined (n/a in its style table): a call giving an object is refused; the document should say explode: false`,
	}
	var got []string
	for _, d := range ds {
		if d.Severity != toolkit.SeverityWarning || d.Field != "/paths/~1x~1{pt}/get" {
			t.Errorf("unexpected diagnostic: %s", d)
		}
		got = append(got, d.Msg)
	}
	if len(got) != len(want) {
		t.Fatalf("warnings:\n%s", strings.Join(got, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i], w) {
			t.Errorf("warning %d:\n got %s\nwant %s...", i, got[i], w)
		}
	}
	// What a warning says is refused is refused.
	reg := newRegistry(t, c, Options{Handler: http.HandlerFunc(echo)})
	for _, args := range []string{
		`"query": {"point": {"a": {"k": 1}}}`,
		`"headers": {"X-Point": {"n": {"k": 1}}}`,
		`"cookies": {"pc": {"m": {"k": 1}}}`,
		`"query": {"ids": ["a", "b"]}`,
		`"query": {"words": {"a": "b"}}`,
	} {
		if res := run(reg, ToolCall, `{"endpoint": "x", "path_params": {"pt": {"b": "1"}}, `+args+`}`); !res.IsError || !strings.Contains(res.Text, "cannot be sent") && !strings.Contains(res.Text, "writes only strings") {
			t.Errorf("%s: %s", args, show(res))
		}
	}
}

// A form body's property refused in its encoding's style is fixed by the
// encoding's contentType, not by content (a parameter's field): the hint
// says so, and the property so described is sent as JSON.
func TestReview35fFormBodyHint(t *testing.T) {
	doc := func(enc string) string {
		return `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /f:
    post:
      operationId: f
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema: {type: object, properties: {sort: {type: array, items: {type: object, properties: {k: {type: string}}}}}}
            encoding: {sort: ` + enc + `}
`
	}
	c, _ := ParseOpenAPI("f.yaml", []byte(doc(`{style: form, explode: true}`)), nil)
	reg := newRegistry(t, c, Options{Handler: http.HandlerFunc(echo)})
	res := run(reg, ToolCall, `{"endpoint": "f", "body": {"sort": [{"k": "v"}]}}`)
	if want := `parameter "body.sort" cannot be sent: item 0 is an object, and OpenAPI leaves an array of objects undefined in the form style (its style table writes only strings, numbers and booleans there); the document's encoding of it should say contentType: application/json, without a style`; !res.IsError || !strings.Contains(res.Text, want) {
		t.Errorf("got %s\nwant an error holding %s", show(res), want)
	}
	c, _ = ParseOpenAPI("f.yaml", []byte(doc(`{contentType: application/json}`)), nil)
	reg = newRegistry(t, c, Options{Handler: http.HandlerFunc(echo)})
	if got, want := show(run(reg, ToolCall, `{"endpoint": "f", "body": {"sort": [{"k": "v"}]}}`)), `HTTP 200 OK
POST /f Content-Type=application/x-www-form-urlencoded body=sort=%7B%22k%22%3A%22v%22%7D`; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

// Swagger 2.0's collectionFormat has no OpenAPI 3 style outside a query
// (pipes, ssv, multi in a path or header) nor anywhere for tsv: such an
// array is sent comma-separated, which the server may not read, and the
// load now says so, naming the parameter (one reached by $ref too).
func TestReview35fSwaggerCollectionFormat(t *testing.T) {
	doc := `{"swagger": "2.0", "info": {"title": "t", "version": "1"},
	 "parameters": {"H": {"name": "X-H", "in": "header", "type": "array", "collectionFormat": "pipes", "items": {"type": "string"}}},
	 "paths": {"/x/{p}": {
	  "parameters": [{"name": "p", "in": "path", "required": true, "type": "array", "collectionFormat": "ssv", "items": {"type": "string"}}],
	  "get": {"operationId": "x", "parameters": [
	 {"name": "t", "in": "query", "type": "array", "collectionFormat": "tsv", "items": {"type": "string"}},
	 {"name": "s", "in": "query", "type": "array", "collectionFormat": "ssv", "items": {"type": "string"}},
	 {"$ref": "#/parameters/H"},
	 {"name": "X-M", "in": "header", "type": "array", "collectionFormat": "multi", "items": {"type": "string"}},
	 {"name": "X-C", "in": "header", "type": "array", "collectionFormat": "csv", "items": {"type": "string"}}
	], "responses": {"200": {"description": "ok"}}}}}}`
	c, ds := ParseOpenAPI("s.json", []byte(doc), nil)
	if c == nil {
		t.Fatal(ds.String())
	}
	want := []string{
		`path parameter "p": collectionFormat ssv is read only in a query: its items are sent comma-separated (csv)`,
		`query parameter "t": collectionFormat tsv has no OpenAPI 3 style: its items are sent comma-separated (csv)`,
		`header parameter "X-H": collectionFormat pipes is read only in a query: its items are sent comma-separated (csv)`,
		`header parameter "X-M": collectionFormat multi is read only in a query: its items are sent comma-separated (csv)`,
	}
	var got []string
	for _, d := range ds {
		if d.Severity != toolkit.SeverityWarning || d.Field != "/paths/~1x~1{p}/get" {
			t.Errorf("unexpected diagnostic: %s", d)
		}
		got = append(got, d.Msg)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// An array parameter's Schema is the array's: given the items' schema
// (an object's), the detail showed an array whose schema is an object and
// the items went unchecked. Catalog.Add refuses it, saying which schema
// it takes.
func TestReview35fArraySchemaOfItems(t *testing.T) {
	items := map[string]any{"type": "object", "properties": map[string]any{"n": map[string]any{"type": "integer"}}}
	err := NewCatalog().Add(Endpoint{ID: "find", Method: "GET", Path: "/find", Params: []Param{
		{Name: "g", In: InQuery, Type: toolkit.TypeArray, Items: toolkit.TypeObject, Style: "deepObject", Explode: new(true), Schema: items},
	}})
	if want := `parameter "g": the Schema of an array parameter is the array's ({"type": "array", "items": ...}), not its items'`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want an error holding %s", err, want)
	}
	for _, s := range []map[string]any{
		{"type": "array", "items": items},
		{"type": []any{"array", "null"}, "items": items},
		{"type": []string{"array", "null"}, "items": items},
		{"anyOf": []any{map[string]any{"type": "array"}}},
	} {
		if err := NewCatalog().Add(Endpoint{ID: "find", Method: "GET", Path: "/find", Params: []Param{
			{Name: "g", In: InQuery, Type: toolkit.TypeArray, Items: toolkit.TypeObject, Style: "deepObject", Explode: new(true), Schema: s},
		}}); err != nil {
			t.Errorf("%v: %v", s, err)
		}
	}
}

// An exploded form object writes each member as a pair of its own name
// (R=100&G=200), so a model could name a member after the endpoint's
// fixed discriminator (/rest?method=getUser) or the query or cookie
// credential: its pair came first, and a server reading the first value
// ran another operation or another account's key. Such a call is refused,
// naming the name.
func TestReview35fMemberNamesCollide(t *testing.T) {
	doc := `openapi: 3.0.3
info: {title: t, version: "1"}
components:
  securitySchemes:
    qk: {type: apiKey, in: query, name: api_key}
    ck: {type: apiKey, in: cookie, name: sid}
paths:
  /rest?method=getUser:
    get:
      operationId: getUser
      security: [{qk: []}]
      parameters:
        - {name: point, in: query, schema: {type: object}}
        - {name: pc, in: cookie, schema: {type: object}}
  /c:
    get:
      operationId: c
      security: [{ck: []}]
      parameters:
        - {name: pc, in: cookie, schema: {type: object}}
`
	c, ds := ParseOpenAPI("r.yaml", []byte(doc), nil)
	if c == nil {
		t.Fatal(ds.String())
	}
	reg := newRegistry(t, c, Options{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s Cookie=%s", r.RequestURI, r.Header.Get("Cookie"))
	}), Credentials: map[string]Credential{"qk": {Value: "host-key"}, "ck": {Value: "host-session"}}})
	for _, tt := range []struct{ args, want string }{
		{`{"endpoint": "getUser", "query": {"point": {"method": "deleteUser"}}}`, `"method"`},
		{`{"endpoint": "getUser", "query": {"point": {"api_key": "attacker"}}}`, `"api_key"`},
		{`{"endpoint": "c", "cookies": {"pc": {"sid": "attacker"}}}`, `"sid"`},
	} {
		res := run(reg, ToolCall, tt.args)
		if !res.IsError || !strings.Contains(res.Text, tt.want) {
			t.Errorf("%s: %s, want an error naming %s", tt.args, show(res), tt.want)
		}
	}
	if got := show(run(reg, ToolCall, `{"endpoint": "getUser", "query": {"point": {"a": "1"}}}`)); !strings.HasPrefix(got, "HTTP 200 OK\n/rest?a=1&method=getUser&api_key=") {
		t.Errorf("got %s", got)
	}
}

// A JSON content query parameter is percent-encoded as RFC 3986 writes
// it, a space as %20: the + of a form body is a space only to a decoder
// of forms, and a literal + to one of RFC 3986 (the JSON "a b" read as
// "a+b"); %20 is a space to both, and a styled query value (star) is
// written the same way.
func TestReview35fContentQuerySpace(t *testing.T) {
	c, ds := ParseOpenAPI("p.yaml", []byte(contentDoc), nil)
	if len(ds) > 0 {
		t.Fatal(ds.String())
	}
	reg := newRegistry(t, c, Options{Handler: http.HandlerFunc(echo)})
	got := show(run(reg, ToolCall, `{"endpoint": "probe", "path_params": {"where": "a b"}, "query": {"cs": "a b+c", "star": "a b"}}`))
	if want := "HTTP 200 OK\nGET /p/%22a%20b%22?cs=%22a%20b%2Bc%22&star=a%20b"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// An exploded form object's member named as another parameter of its
// location sent that name twice (limit=5&limit=1000), the second value
// unchecked against the other parameter's schema (its maximum of 100).
// It is refused, naming both.
func TestReview35fMemberNamesParam(t *testing.T) {
	doc := `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /x:
    get:
      operationId: x
      parameters:
        - {name: limit, in: query, schema: {type: integer, maximum: 100}}
        - {name: point, in: query, schema: {type: object}}
        - {name: deep, in: query, style: deepObject, explode: true, schema: {type: object}}
        - {name: flat, in: query, explode: false, schema: {type: object}}
        - {name: sid, in: cookie, schema: {type: string}}
        - {name: pc, in: cookie, schema: {type: object}}
`
	c, ds := ParseOpenAPI("x.yaml", []byte(doc), nil)
	if c == nil {
		t.Fatal(ds.String())
	}
	reg := newRegistry(t, c, Options{Handler: http.HandlerFunc(echo)})
	for _, tt := range []struct{ args, want string }{
		{`"query": {"limit": 5, "point": {"limit": 1000}}`, `parameter "query.point" member "limit" is the name of the query parameter "limit": its pair would be sent twice`},
		{`"cookies": {"pc": {"sid": "x"}}`, `parameter "cookies.pc" member "sid" is the name of the cookie parameter "sid"`},
	} {
		if res := run(reg, ToolCall, `{"endpoint": "x", `+tt.args+`}`); !res.IsError || !strings.Contains(res.Text, tt.want) {
			t.Errorf("%s: %s\nwant an error holding %s", tt.args, show(res), tt.want)
		}
	}
	// Not exploded, or deepObject, a member is no pair of its own.
	if got := show(run(reg, ToolCall, `{"endpoint": "x", "query": {"deep": {"limit": 1}, "flat": {"limit": 2}}}`)); got != "HTTP 200 OK\nGET /x?deep%5Blimit%5D=1&flat=limit,2" {
		t.Errorf("got %s", got)
	}
}

// So does a form body's property written as an exploded form object.
func TestReview35fMemberNamesProperty(t *testing.T) {
	doc := `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /f:
    post:
      operationId: f
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema: {type: object, properties: {amount: {type: integer, maximum: 100}, meta: {type: object}}}
            encoding: {meta: {style: form, explode: true}}
`
	c, _ := ParseOpenAPI("f.yaml", []byte(doc), nil)
	reg := newRegistry(t, c, Options{Handler: http.HandlerFunc(echo)})
	for _, body := range []string{`{"amount": 5, "meta": {"amount": 1000}}`, `{"meta": {"amount": 1000}}`} {
		res := run(reg, ToolCall, `{"endpoint": "f", "body": `+body+`}`)
		if want := `parameter "body.meta" member "amount" is the name of the property "amount": its pair would be sent twice`; !res.IsError || !strings.Contains(res.Text, want) {
			t.Errorf("%s: %s\nwant an error holding %s", body, show(res), want)
		}
	}
	if got := show(run(reg, ToolCall, `{"endpoint": "f", "body": {"amount": 5, "meta": {"k": "v"}}}`)); got != "HTTP 200 OK\nPOST /f Content-Type=application/x-www-form-urlencoded body=amount=5&k=v" {
		t.Errorf("got %s", got)
	}
}
