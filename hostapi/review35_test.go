package hostapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

func TestReview35_EscapedTextWithinBudget(t *testing.T) {
	esc := func(n int) string { return strings.Repeat("\x01", n) }
	props := map[string]any{}
	for i := range 30 {
		props[esc(200)+string(rune('a'+i))] = map[string]any{"type": "object", "description": esc(3000), "properties": map[string]any{esc(300): map[string]any{"type": "string", "enum": []any{esc(400), esc(400)}}}}
	}
	var params []Param
	for i := range 20 {
		params = append(params, Param{Name: esc(100) + string(rune('a'+i)), In: InQuery, Description: esc(3000), Enum: []any{esc(400)}})
	}
	c := NewCatalog()
	ep := Endpoint{ID: "big", Method: "POST", Path: "/b", Summary: esc(5000), Description: esc(9000), Params: params,
		Body: &Body{ContentType: "application/json", Description: esc(5000), Schema: map[string]any{"type": "object", "description": esc(5000), "properties": props}}}
	if err := c.Add(ep); err != nil {
		t.Fatal(err)
	}
	for _, budget := range []int{toolkit.DefaultMaxDiscoveryBytes, 2000, 1200} {
		reg := toolkit.NewRegistry(&toolkit.Options{MaxDiscoveryBytes: budget})
		a, err := New(c, &Options{Handler: http.NotFoundHandler()})
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Register(reg); err != nil {
			t.Fatal(err)
		}
		ptr := "#/body/properties/" + esc(200) + "a"
		for _, args := range []map[string]any{{"endpoint": "big"}, {"endpoint": "big", "cursor": "1"}, {"endpoint": "big", "schema": "#/body"},
			{"endpoint": "big", "schema": ptr}, {"endpoint": "big", "schema": ptr, "cursor": "1"}, {}, {"group": "b"}, {"endpoint": esc(5000)}, {"endpoint": "big", "schema": esc(5000)}} {
			b, _ := json.Marshal(args)
			res := run(reg, ToolQueryDocs, string(b))
			if len(res.Text) > budget {
				t.Errorf("budget %d: %.80q: %d bytes: %.200q", budget, b, len(res.Text), res.Text)
			}
		}
	}
}

// TestReview35_BaseURLSlashes: a BaseURL of only an origin followed by
// several slashes keeps the document's base path without doubling the
// slash before it, with and without a Handler.
func TestReview35_BaseURLSlashes(t *testing.T) {
	var got []string
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { got = append(got, r.RequestURI) })
	srv := httptest.NewServer(h)
	defer srv.Close()
	c, ds := ParseOpenAPI("doc", []byte(swaggerBase), nil)
	if len(ds) > 0 {
		t.Fatal(ds.String())
	}
	for _, opts := range []Options{{BaseURL: srv.URL + "//"}, {BaseURL: srv.URL + "///"}, {Handler: h, BaseURL: "http://example.com//"}} {
		got = nil
		reg := newRegistry(t, c, opts)
		if res := run(reg, ToolCall, `{"endpoint": "listPets"}`); res.IsError {
			t.Fatalf("%+v: %s", opts, res.Text)
		}
		if len(got) != 1 || got[0] != "/v2/pets" {
			t.Errorf("BaseURL %q: sent %q, want /v2/pets", opts.BaseURL, got)
		}
	}
}

// TestReview35_DeepObjectAmplification: each leaf of a deepObject value
// repeats its path of names, so a few tens of kilobytes of arguments
// nested deep would make a query of megabytes; the call is refused
// before anything is sent, naming the parameter, and a Stripe-sized
// value is still sent.
func TestReview35_DeepObjectAmplification(t *testing.T) {
	var uris []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { uris = append(uris, r.RequestURI) }))
	defer srv.Close()
	p := Param{Name: "x", In: InQuery, Type: toolkit.TypeObject, Style: "deepObject", Schema: map[string]any{"type": "object", "additionalProperties": true}}
	c := NewCatalog()
	if err := c.Add(Endpoint{ID: "e", Method: "GET", Path: "/e", Params: []Param{p}}); err != nil {
		t.Fatal(err)
	}
	reg := newRegistry(t, c, Options{BaseURL: srv.URL})
	leaves := map[string]any{}
	for i := range 2000 {
		leaves[strconv.Itoa(i)] = 1
	}
	var v any = leaves
	for range 20 {
		v = map[string]any{strings.Repeat("k", 100): v}
	}
	b, _ := json.Marshal(map[string]any{"endpoint": "e", "query": map[string]any{"x": v}})
	res := run(reg, ToolCall, string(b))
	if !res.IsError || !strings.Contains(res.Text, `"query.x"`) || len(uris) > 0 {
		t.Errorf("%d bytes of arguments: sent %d requests (%d bytes of URI): %.300s", len(b), len(uris), len(strings.Join(uris, "")), res.Text)
	}
	if res := run(reg, ToolCall, `{"endpoint": "e", "query": {"x": {"created": {"gte": 1, "lt": 2}}}}`); res.IsError || len(uris) != 1 || uris[0] != "/e?x%5Bcreated%5D%5Bgte%5D=1&x%5Bcreated%5D%5Blt%5D=2" {
		t.Errorf("sent %q: %s", uris, res.Text)
	}
}

// TestReview35_HoistedNameUnseen: a recursive schema reached through a
// ref into a path (hoisted into a component the loader names) is shown
// as recursive without the loader's name, which is in no document the
// model could read.
func TestReview35_HoistedNameUnseen(t *testing.T) {
	doc := `{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{
"/a":{"post":{"operationId":"a","requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{
  "six":{"$ref":"#/paths/~1b/post/requestBody/content/application~1json/schema"}}}}}},"responses":{"200":{"description":"ok"}}}},
"/b":{"post":{"operationId":"b","requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{
  "bb":{"$ref":"#/paths/~1a/post/requestBody/content/application~1json/schema"}}}}}},"responses":{"200":{"description":"ok"}}}}}}`
	c, ds := ParseOpenAPI("doc", []byte(doc), nil)
	if len(ds) > 0 {
		t.Fatal(ds.String())
	}
	reg := newRegistry(t, c, Options{Handler: http.NotFoundHandler()})
	for _, id := range []string{"a", "b"} {
		res := run(reg, ToolQueryDocs, `{"endpoint": "`+id+`"}`)
		if res.IsError || strings.Contains(res.Text, "hoisted") || !strings.Contains(res.Text, "recursive") {
			t.Errorf("%s: %s", id, res.Text)
		}
	}
}
