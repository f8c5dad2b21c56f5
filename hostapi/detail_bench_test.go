package hostapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// heavySchema is a body schema wide and deep: width properties at the
// root, every fifth an object going depth levels down with fan
// properties at each level, each property described in descLen bytes,
// with a long example and, every tenth, an enum of nEnum values; every level also
// refers to one shared address schema (the same map, as ParseOpenAPI
// shares a $ref target).
func heavySchema(width, depth, fan, descLen, nEnum int) map[string]any {
	desc := func(name string) string {
		d := "The " + name + " field. "
		for len(d) < descLen {
			d += "It says more about " + name + " in words a model reads. "
		}
		return d[:descLen]
	}
	enum := make([]any, nEnum)
	for i := range enum {
		enum[i] = fmt.Sprintf("value-%04d-of-the-enumeration", i)
	}
	address := map[string]any{"type": "object", "description": desc("address"), "properties": map[string]any{
		"street": map[string]any{"type": "string", "description": desc("street")},
		"city":   map[string]any{"type": "string", "description": desc("city"), "enum": enum[:min(len(enum), 20)]},
		"geo": map[string]any{"type": "object", "properties": map[string]any{
			"lat": map[string]any{"type": "number", "description": desc("lat"), "example": 1.5},
			"lon": map[string]any{"type": "number", "description": desc("lon"), "example": -2.25},
		}},
	}}
	leaves := 0
	leaf := func(name string) map[string]any {
		leaves++
		s := map[string]any{"type": "string", "description": desc(name), "example": desc(name + " example"),
			"x-internal": map[string]any{"owner": name, "since": 3}}
		if leaves%10 == 0 {
			s["enum"] = enum
		}
		return s
	}
	var nest func(prefix string, level int) map[string]any
	nest = func(prefix string, level int) map[string]any {
		props := map[string]any{"address": address}
		for i := range fan {
			name := fmt.Sprintf("%s_%d", prefix, i)
			if i == 0 && level < depth {
				props[name] = nest(name, level+1)
			} else {
				props[name] = leaf(name)
			}
		}
		return map[string]any{"type": "object", "description": desc(prefix), "properties": props,
			"required": []any{prefix + "_0"}, "items": map[string]any{"$ref": "#/components/schemas/X"}}
	}
	props := map[string]any{}
	for i := range width {
		name := fmt.Sprintf("p%d", i)
		if i%5 == 0 {
			props[name] = nest(name, 1)
		} else {
			props[name] = leaf(name)
		}
	}
	return map[string]any{"type": "object", "description": desc("body"), "properties": props,
		"allOf": []any{address, map[string]any{"oneOf": []any{address, leaf("one")}}}}
}

// heavyDoc is an OpenAPI document whose one operation's body is a chain
// of components, each of many described properties with enums, referring
// to the next and several times to a shared one: what ParseOpenAPI keeps
// (up to its node bound) as shared subschemas.
func heavyDoc(chain, fan, descLen int) []byte {
	var b strings.Builder
	b.WriteString(`{"openapi":"3.0.3","info":{"title":"heavy","version":"1"},"paths":{"/things":{"post":{"operationId":"createThing","summary":"Create a thing",` +
		`"requestBody":{"required":true,"content":{"application/json":{"schema":{"$ref":"#/components/schemas/C0"}}}}}}},"components":{"schemas":{`)
	desc := strings.Repeat("Words about this field that a model reads. ", descLen/43+1)[:descLen]
	enum := make([]string, 60)
	for i := range enum {
		enum[i] = fmt.Sprintf("%q", fmt.Sprintf("state-%02d", i))
	}
	fmt.Fprintf(&b, `"Shared":{"type":"object","description":%q,"properties":{"a":{"type":"string","description":%q},"b":{"type":"integer","enum":[1,2,3]}}}`, desc, desc)
	for c := range chain {
		fmt.Fprintf(&b, `,"C%d":{"type":"object","description":%q,"required":["f0"],"properties":{`, c, desc)
		for f := range fan {
			if f > 0 {
				b.WriteByte(',')
			}
			switch {
			case f == 0 && c+1 < chain:
				fmt.Fprintf(&b, `"next":{"$ref":"#/components/schemas/C%d"}`, c+1)
			case f%4 == 1:
				fmt.Fprintf(&b, `"shared%d":{"$ref":"#/components/schemas/Shared"}`, f)
			case f%4 == 2:
				fmt.Fprintf(&b, `"list%d":{"type":"array","description":%q,"items":{"$ref":"#/components/schemas/Shared"}}`, f, desc)
			default:
				fmt.Fprintf(&b, `"f%d":{"type":"string","description":%q,"enum":[%s],"example":%q}`, f, desc, strings.Join(enum, ","), desc)
			}
		}
		b.WriteString(`}}`)
	}
	b.WriteString(`}}}`)
	return []byte(b.String())
}

// heavyCatalog is a catalog of the heavy endpoints: "heavy" (a catalog
// endpoint with heavySchema's body and many described parameters) and
// createThing (heavyDoc's), and "patch" (a GitHub-like document's body, of
// a realistic size). It is made once.
func heavyCatalog(tb testing.TB) *Catalog {
	tb.Helper()
	heavyOnce.Do(func() { heavyCat, heavyErr = makeHeavyCatalog() })
	if heavyErr != nil {
		tb.Fatal(heavyErr)
	}
	return heavyCat
}

var (
	heavyOnce sync.Once
	heavyCat  *Catalog
	heavyErr  error
)

func makeHeavyCatalog() (*Catalog, error) {
	c, ds := ParseOpenAPI("", heavyDoc(24, 40, 300), nil)
	if err := refused(ds); err != nil {
		return nil, err
	}
	gh, ds := ParseOpenAPI("", githubLikeDoc(4), nil)
	if err := refused(ds); err != nil {
		return nil, err
	}
	for _, e := range gh.Endpoints() {
		if e.ID == "area01/patch-thing-1" {
			e.ID = "patch"
			if err := c.Add(e); err != nil {
				return nil, err
			}
		}
	}
	var params []Param
	for i := range 40 {
		params = append(params, Param{Name: fmt.Sprintf("filter%d", i), In: InQuery, Type: toolkit.TypeObject,
			Description: strings.Repeat("A filter of the listing. ", 40), Schema: heavySchema(6, 3, 4, 200, 30)})
	}
	err := c.Add(Endpoint{ID: "heavy", Method: "POST", Path: "/heavy", Summary: "A heavy endpoint",
		Description: strings.Repeat("A long description. ", 300), Params: params,
		Body: &Body{Required: true, Schema: heavySchema(2000, 8, 4, 200, 300)}})
	return c, err
}

// heavyRegistry is a registry of heavyCatalog's endpoints.
func heavyRegistry(tb testing.TB, budget int) *toolkit.Registry {
	tb.Helper()
	c := heavyCatalog(tb)
	reg := toolkit.NewRegistry(&toolkit.Options{MaxDiscoveryBytes: budget})
	a, err := New(c, &Options{Handler: http.NotFoundHandler()})
	if err != nil {
		tb.Fatal(err)
	}
	if err := a.Register(reg); err != nil {
		tb.Fatal(err)
	}
	return reg
}

// BenchmarkDetailHeavy: query_api_docs's detail of heavy endpoints (a
// body of thousands of nested, described properties; a chain of $refs
// with shared components) and of a realistic one, and a collapsed schema
// of the heavy body shown by its pointer.
//
//	go test ./hostapi -run '^$' -bench DetailHeavy
func BenchmarkDetailHeavy(b *testing.B) {
	reg := heavyRegistry(b, toolkit.DefaultMaxDiscoveryBytes)
	for _, bc := range []struct{ name, args string }{
		{"catalog", `{"endpoint": "heavy"}`},
		{"catalog-examples", `{"endpoint": "heavy", "examples": true}`},
		{"catalog-schema", `{"endpoint": "heavy", "schema": "#/body/properties/p5"}`},
		{"refs", `{"endpoint": "createThing"}`},
		{"realistic", `{"endpoint": "patch"}`},
	} {
		b.Run(bc.name, func(b *testing.B) {
			args := json.RawMessage(bc.args)
			b.ReportAllocs()
			for b.Loop() {
				if res, _ := reg.Call(context.Background(), ToolQueryDocs, args); res.IsError || len(res.Text) > toolkit.DefaultMaxDiscoveryBytes {
					b.Fatalf("%d bytes: %.300s", len(res.Text), res.Text)
				}
			}
		})
	}
}
