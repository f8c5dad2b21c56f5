package hostapi

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit"
)

func TestCatalogAddErrors(t *testing.T) {
	id := Param{Name: "id", In: InPath}
	tests := []struct {
		name string
		e    Endpoint
		want string
	}{
		{"bad method", Endpoint{Method: "GE T", Path: "/a"}, `method "GE T" is not an HTTP method`},
		{"relative path", Endpoint{Method: "GET", Path: "a"}, `path "a" must start with /`},
		{"query in path", Endpoint{Method: "GET", Path: "/a?b=1"}, `must start with / and hold no query`},
		{"dot segment", Endpoint{Method: "GET", Path: "/a/../b"}, `path "/a/../b" has a . or .. segment`},
		{"dot segment at the end", Endpoint{Method: "GET", Path: "/a/."}, `has a . or .. segment`},
		{"unclosed placeholder", Endpoint{Method: "GET", Path: "/a/{id"}, `unclosed {`},
		{"repeated placeholder", Endpoint{Method: "GET", Path: "/a/{id}/{id}", Params: []Param{id}}, `placeholder {id} appears twice`},
		{"undeclared placeholder", Endpoint{Method: "GET", Path: "/a/{id}"}, `path placeholder {id} has no path parameter`},
		{"path param not in path", Endpoint{Method: "GET", Path: "/a", Params: []Param{id}}, `path parameter "id" does not appear in the path`},
		{"no name", Endpoint{Method: "GET", Path: "/a", Params: []Param{{In: InQuery}}}, `parameter 0 has no name`},
		{"body location", Endpoint{Method: "GET", Path: "/a", Params: []Param{{Name: "s", In: "body"}}}, `location "body" is not path, query, header or cookie`},
		{"bad cookie name", Endpoint{Method: "GET", Path: "/a", Params: []Param{{Name: "a;b", In: InCookie}}}, `cookie parameter "a;b" is not a valid cookie name`},
		{"simple cookie", Endpoint{Method: "GET", Path: "/a", Params: []Param{{Name: "c", In: InCookie, Style: "simple"}}}, `style "simple" does not apply to a cookie parameter`},
		{"cookie style in a query", Endpoint{Method: "GET", Path: "/a", Params: []Param{{Name: "c", In: InQuery, Style: "cookie"}}}, `style "cookie" does not apply to a query parameter`},
		{"bad type", Endpoint{Method: "GET", Path: "/a", Params: []Param{{Name: "q", In: InQuery, Type: "file"}}}, `unknown type "file"`},
		{"bad items type", Endpoint{Method: "GET", Path: "/a", Params: []Param{{Name: "q", In: InQuery, Type: toolkit.TypeArray, Items: "file"}}}, `parameter "q": unknown items type "file"`},
		{"query style in path", Endpoint{Method: "GET", Path: "/a/{id}", Params: []Param{{Name: "id", In: InPath, Style: "form"}}}, `parameter "id": style "form" does not apply to a path parameter`},
		{"matrix header", Endpoint{Method: "GET", Path: "/a", Params: []Param{{Name: "X-A", In: InHeader, Style: "matrix"}}}, `style "matrix" does not apply to a header parameter`},
		{"multi-segment query", Endpoint{Method: "GET", Path: "/a", Params: []Param{{Name: "q", In: InQuery, MultiSegment: true}}}, `only a path parameter can be multi-segment`},
		{"bad encoding style", Endpoint{Method: "POST", Path: "/a", Body: &Body{ContentType: "application/x-www-form-urlencoded", Encoding: map[string]Encoding{"m": {Style: "label"}}}}, `body property "m": encoding style "label" is not a form style`},
		{"reserved header", Endpoint{Method: "GET", Path: "/a", Params: []Param{{Name: "authorization", In: InHeader}}}, `header "authorization" is reserved`},
		{"credential header", Endpoint{Method: "GET", Path: "/a", Params: []Param{{Name: "X-Api-Key", In: InHeader}}}, `header "X-Api-Key" is reserved`},
		{"bad header name", Endpoint{Method: "GET", Path: "/a", Params: []Param{{Name: "X Y", In: InHeader}}}, `header parameter "X Y" is not a valid header name`},
		{"duplicate param", Endpoint{Method: "GET", Path: "/a", Params: []Param{{Name: "q", In: InQuery}, {Name: "q", In: InQuery}}}, `parameter "q" is declared twice in query`},
		{"schema not JSON", Endpoint{Method: "POST", Path: "/a", Body: &Body{Schema: map[string]any{"f": func() {}}}}, `body schema: json: unsupported type`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := NewCatalog().Add(tt.e)
			if !errors.Is(err, ErrInvalidEndpoint) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestCatalogDefaults(t *testing.T) {
	c := NewCatalog()
	err := c.Add(Endpoint{Method: "post", Path: "/v1/{tenant}/orders",
		Params: []Param{{Name: "tenant", In: InPath}, {Name: "tags", In: InQuery, Type: toolkit.TypeArray}, {Name: "x-trace", In: InHeader}},
		Body:   &Body{}})
	if err != nil {
		t.Fatal(err)
	}
	got, ok := c.Endpoint("POST /v1/{tenant}/orders")
	if !ok {
		t.Fatalf("endpoint not found by its default id; have %v", rows(c))
	}
	want := Endpoint{ID: "POST /v1/{tenant}/orders", Group: "orders", Method: "POST", Path: "/v1/{tenant}/orders",
		Params: []Param{
			{Name: "tenant", In: InPath, Type: toolkit.TypeString, Required: true},
			{Name: "tags", In: InQuery, Type: toolkit.TypeArray, Items: toolkit.TypeString},
			{Name: "X-Trace", In: InHeader, Type: toolkit.TypeString},
		},
		Body: &Body{ContentType: "application/json"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("defaults (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]Group{{Name: "orders"}}, c.Groups()); diff != "" {
		t.Errorf("groups (-want +got):\n%s", diff)
	}
	if g := defaultGroup("/{id}"); g != "default" {
		t.Errorf("group of /{id} = %q", g)
	}
}

func TestCatalogAddIsAtomicAndOwnsItsData(t *testing.T) {
	c := NewCatalog()
	schema := map[string]any{"type": "object", "required": []any{"a"}}
	err := c.Add(
		Endpoint{ID: "ok", Method: "POST", Path: "/ok", Body: &Body{Schema: schema}},
		Endpoint{ID: "bad", Method: "GET", Path: "nope"},
		Endpoint{ID: "ok", Method: "GET", Path: "/ok2"},
	)
	if err == nil || !strings.Contains(err.Error(), `"ok": duplicate endpoint id`) || !strings.Contains(err.Error(), `"bad": path "nope"`) {
		t.Fatalf("error %v, want both problems", err)
	}
	if n := len(c.Endpoints()); n != 0 {
		t.Fatalf("%d endpoints added despite the error", n)
	}
	if err := c.Add(Endpoint{ID: "ok", Method: "POST", Path: "/ok", Body: &Body{Schema: schema}}); err != nil {
		t.Fatal(err)
	}
	schema["required"] = []any{"changed"}
	e, _ := c.Endpoint("ok")
	if got := compactJSON(e.Body.Schema); got != `{"required":["a"],"type":"object"}` {
		t.Errorf("catalog schema changed with the caller's map: %s", got)
	}
	if err := c.Add(Endpoint{ID: "ok", Method: "GET", Path: "/x"}); err == nil {
		t.Error("a second endpoint with the same id was accepted")
	}
}

// TestCloneValueAsJSON: cloneValue copies what it copies exactly as the
// JSON round trip of cloneJSON does, and leaves the rest to it.
func TestCloneValueAsJSON(t *testing.T) {
	deep := any("x")
	for range 10001 {
		deep = []any{deep}
	}
	for _, v := range []any{
		nil, true, false, "", "text", "\xff bad", "a\u2028b", 0.0, math.Copysign(0, -1), 1.5, 1e21, 1e-7, 123456789012345678.0,
		math.Inf(1), math.NaN(), json.Number("12"), json.Number("1e400"), json.Number(""), json.Number(" 1"), json.Number("+1"),
		json.Number("0x1"), json.Number("01"), json.Number("-0"), json.Number("1E+2"), json.Number("-0.0e-0"), json.Number("1e-400"),
		map[string]any{"a": []any(nil), "b": map[string]any(nil), "c": []any{map[string]any(nil), []any(nil), json.Number("1")}},
		map[string]any{"\u212a": 1.0, "a\u2028": "\u0000\x7f", "": ""}, []any{math.MaxFloat64, 5e-324, -1e-7, 1e20, 1e21},
		map[string]any{"a": float32(1.5)}, map[string]any{"a": map[string]string{"b": "c"}}, []any{json.RawMessage(`1`)},
		map[string]any{"a": 1.0, "b": []any{"c", nil, map[string]any{}}, "\xfe": 1.0}, map[string]any{"a": map[string]any{"b": 2.5}},
		[]any{1.0, "x", true, nil, []any{}}, map[string]any(nil), []any(nil), []any{3, int64(4), struct{ A int }{1}},
		3, -7, int64(math.MinInt64), uint64(math.MaxUint64), []any{int64(-1), uint64(2)}, int32(5), uint(6),
		deep,
	} {
		got, ok := cloneValue(v, 0)
		b, err := json.Marshal(v)
		var want any
		if err == nil {
			err = decodeJSON(b, &want)
		}
		if !ok {
			continue // left to the round trip
		}
		if err != nil {
			t.Errorf("%#v: copied, but the round trip fails: %v", v, err)
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%#v (-round trip +copy):\n%s", v, diff)
		}
	}
	// What it copies, it copies: no map or list is shared.
	in := map[string]any{"l": []any{map[string]any{"k": "v"}}}
	out, ok := cloneValue(in, 0)
	if !ok {
		t.Fatal("not copied")
	}
	in["l"].([]any)[0].(map[string]any)["k"] = "changed"
	if out.(map[string]any)["l"].([]any)[0].(map[string]any)["k"] != "v" {
		t.Error("the copy shares a map with the original")
	}
}

// TestEndpointCopies: changing what Endpoint and Endpoints return changes
// neither the catalog nor an API made from it.
func TestEndpointCopies(t *testing.T) {
	c := NewCatalog()
	err := c.Add(Endpoint{ID: "a", Method: "POST", Path: "/a",
		Params:   []Param{{Name: "q", In: InQuery}},
		Fixed:    []FixedParam{{In: InQuery, Name: "k", Value: "v"}},
		Body:     &Body{ContentType: "application/json", Schema: map[string]any{"type": "object"}},
		Security: Security{{"key"}}})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := c.Endpoint("a")
	for _, got := range [][]Endpoint{c.Endpoints(), {func() Endpoint { e, _ := c.Endpoint("a"); return e }()}} {
		e := got[0]
		e.Params[0].Name = "hacked"
		e.Fixed[0].Value = "hacked"
		e.Body.ContentType = "text/hacked"
		e.Security[0][0] = "hacked"
	}
	again, _ := c.Endpoint("a")
	if again.Params[0].Name != "q" || again.Fixed[0].Value != "v" || again.Body.ContentType != "application/json" || again.Security[0][0] != "key" {
		t.Errorf("the catalog changed: %+v", again)
	}
	if diff := cmp.Diff(want, again); diff != "" {
		t.Errorf("the catalog changed (-before +after):\n%s", diff)
	}
}

// TestEndpointCopiesDeep: what Catalog.Add was given, and what Endpoint
// returns, share no pointer or map that is not documented read-only: an
// Explode, a body's Encoding (and its Explode), a Security alternative.
func TestEndpointCopiesDeep(t *testing.T) {
	yes := true
	in := Endpoint{ID: "a", Method: "POST", Path: "/a",
		Params:   []Param{{Name: "q", In: InQuery, Type: "array", Explode: &yes}},
		Body:     &Body{ContentType: "application/x-www-form-urlencoded", Encoding: map[string]Encoding{"f": {Style: "form", Explode: &yes}}},
		Security: Security{{"key"}}}
	c := NewCatalog()
	if err := c.Add(in); err != nil {
		t.Fatal(err)
	}
	in.Security[0][0] = "hacked" // what the host passed to Add
	yes = false
	in.Body.Encoding["f"] = Encoding{Style: "spaceDelimited"}
	in.Body.Encoding["h"] = Encoding{Style: "form"}
	for _, e := range []Endpoint{c.Endpoints()[0], func() Endpoint { e, _ := c.Endpoint("a"); return e }()} {
		no := false
		*e.Params[0].Explode = false
		if enc := e.Body.Encoding["f"]; enc.Explode != nil {
			*enc.Explode = false // before the entry is replaced below
		}
		e.Body.Encoding["f"] = Encoding{Style: "spaceDelimited"}
		e.Body.Encoding["g"] = Encoding{Style: "form", Explode: &no}
	}
	again, _ := c.Endpoint("a")
	if *again.Params[0].Explode != true || len(again.Body.Encoding) != 1 || again.Body.Encoding["f"].Style != "form" ||
		*again.Body.Encoding["f"].Explode != true || again.Security[0][0] != "key" {
		t.Errorf("the catalog changed: Explode %v, Encoding %+v, Security %v", *again.Params[0].Explode, again.Body.Encoding, again.Security)
	}
}
