package hostapi

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/toolkit-sdk/toolkit"
)

// compactDoc holds component schemas of every kind compactComponent
// reads: made compact (plain refs, recursion, allOf, a title, readOnly,
// nullable, exclusive bounds, a discriminator) and kept whole (a ref to a
// name written otherwise, a component that is a ref); with faults, a
// component naming one that cannot be decoded and one with an empty
// property.
func compactDoc(faults bool) string {
	extra := ""
	if faults {
		extra = `,
	  "Bad": {"type": "string", "pattern": 5},
	  "UsesBad": {"type": "object", "properties": {"x": {"$ref": "#/components/schemas/Bad"}}},
	  "NullProp": {"type": "object", "properties": {"n": null}}`
	}
	faultPaths := ""
	if faults {
		faultPaths = `,
	  "/bad": {"post": {"operationId": "bad", "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/UsesBad"}}}}, "responses": {"200": {"description": "ok"}}}},
	  "/null": {"post": {"operationId": "null", "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/NullProp"}}}}, "responses": {"200": {"description": "ok"}}}}`
	}
	body := func(name string) string {
		return `"requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/` + name + `"}}}}, "responses": {"200": {"description": "ok"}}`
	}
	return `{"openapi": "3.0.3", "info": {"title": "compact", "version": "1"},
	"paths": {
	  "/a": {"post": {"operationId": "allOf", ` + body("AllOf") + `}},
	  "/b": {"get": {"operationId": "params", "parameters": [
	      {"name": "leaf", "in": "query", "schema": {"$ref": "#/components/schemas/Leaf"}},
	      {"name": "obj", "in": "query", "style": "deepObject", "schema": {"$ref": "#/components/schemas/Plain"}},
	      {"name": "list", "in": "query", "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Leaf"}}},
	      {"name": "nullable", "in": "query", "schema": {"$ref": "#/components/schemas/Nullable"}},
	      {"name": "none", "in": "query", "schema": {"type": "string", "enum": []}},
	      {"name": "multi", "in": "query", "schema": {"type": ["null", "integer"]}},
	      {"name": "alt", "in": "query", "schema": {"anyOf": [{"type": "number"}, {"type": ["x", "number"]}]}},
	      {"name": "unknown", "in": "query", "schema": {"type": "x"}},
	      {"name": "nones", "in": "query", "schema": {"type": "array", "items": {"type": "string", "enum": []}}},
	      {"name": "json", "in": "query", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Plain"}}}}],
	    "responses": {"200": {"description": "ok"}}}},
	  "/c": {"post": {"operationId": "recursive", ` + body("Recursive") + `}},
	  "/d": {"post": {"operationId": "refers", ` + body("Refers") + `}},
	  "/e": {"post": {"operationId": "chain", ` + body("Chain") + `}},
	  "/f": {"post": {"operationId": "pet", ` + body("Pet") + `}}` + faultPaths + `
	},
	"components": {"schemas": {
	  "Plain": {"type": "object", "additionalProperties": false,
	    "properties": {"a": {"$ref": "#/components/schemas/Leaf"}, "b": {"type": "string", "readOnly": true}, "c": {"$ref": "#/components/schemas/Stamp"}},
	    "required": ["a", "b", "c"]},
	  "Leaf": {"type": "string", "enum": ["x", "y"], "default": "x", "title": "leaf title"},
	  "Stamp": {"type": "string", "format": "date-time", "readOnly": true},
	  "Nullable": {"type": "string", "nullable": true, "description": "  may be null  "},
	  "Odd Name": {"type": "integer"},
	  "Refers": {"type": "object", "properties": {"o": {"$ref": "#/components/schemas/Odd%20Name"}, "p": {"$ref": "#/components/schemas/Plain"}}},
	  "Chain": {"$ref": "#/components/schemas/Plain"},
	  "Recursive": {"type": "object", "properties": {"self": {"$ref": "#/components/schemas/Recursive"},
	    "kids": {"type": "array", "items": {"$ref": "#/components/schemas/Recursive"}}}},
	  "AllOf": {"allOf": [{"$ref": "#/components/schemas/Plain"},
	    {"type": "object", "properties": {"n": {"type": "number", "minimum": 1, "exclusiveMinimum": true, "x-unit": "kg"}}}]},
	  "Pet": {"type": "object", "discriminator": {"propertyName": "kind", "mapping": {"leaf": "#/components/schemas/Leaf"}},
	    "properties": {"kind": {"type": "string"}}, "example": {"kind": "leaf"}}` + extra + `
	}}}`
}

// TestCompactSameEndpoints: component schemas made compact as they are
// decoded load to the same endpoints and diagnostics as when they are
// kept as kin-openapi's values, faults included.
func TestCompactSameEndpoints(t *testing.T) {
	for _, faults := range []bool{false, true} {
		name := map[bool]string{false: "compact.json", true: "compact-faults.json"}[faults]
		sameDecoded(t, name, []byte(compactDoc(faults)))
	}
	_, diags := ParseOpenAPI("compact-faults.json", []byte(compactDoc(true)), nil)
	for _, want := range []string{"/paths/~1bad/post: operation left out", "/paths/~1null/post: operation left out"} {
		if !strings.Contains(diags.String(), want) {
			t.Errorf("diagnostics lack %q:\n%v", want, diags)
		}
	}
}

// TestCompactComponents: which components are made compact, and which
// kept whole for kin-openapi to resolve.
func TestCompactComponents(t *testing.T) {
	for _, faults := range []bool{false, true} {
		d, derr := readDocument([]byte(compactDoc(faults)))
		if derr != nil {
			t.Fatal(derr.msg)
		}
		ops, comps := map[opID]bool{}, map[string]bool{}
		for pi := range d.paths {
			for oi := range d.paths[pi].ops {
				ops[opID{pi, oi}] = true
			}
		}
		for c := range d.comps {
			comps[c] = true
		}
		schemas := newCompactor()
		doc, _ := d.decode3(ops, comps, func(opID) []string { return nil }, true, schemas, true)
		var gotCompact, gotKept []string
		for name, sr := range doc.Components.Schemas {
			if sr == schemas.stub && schemas.byKey["/components/schemas/"+escapeToken(name)] != nil {
				gotCompact = append(gotCompact, name)
			} else {
				gotKept = append(gotKept, name)
			}
		}
		wantCompact := []string{"AllOf", "Leaf", "Nullable", "Odd Name", "Pet", "Plain", "Recursive", "Stamp"}
		wantKept := []string{"Chain", "Refers"}
		if faults {
			// UsesBad names a schema that cannot be decoded; NullProp
			// has an empty property; Bad is not decoded at all.
			wantKept = append(wantKept, "NullProp", "UsesBad")
		}
		sortStrings := cmpopts.SortSlices(func(a, b string) bool { return a < b })
		if diff := cmp.Diff(wantCompact, gotCompact, sortStrings); diff != "" {
			t.Errorf("faults %v: compact components (-want +got):\n%s", faults, diff)
		}
		if diff := cmp.Diff(wantKept, gotKept, sortStrings); diff != "" {
			t.Errorf("faults %v: components kept whole (-want +got):\n%s", faults, diff)
		}
		// A stand-in holds nothing of the schema.
		if sr := doc.Components.Schemas["Plain"]; sr == nil || sr.Value == nil || len(sr.Value.Properties) != 0 {
			t.Errorf("Plain's stand-in: %+v", sr)
		}
	}
}

// TestCompactConversion holds the conversion of compact schemas to what
// the catalog shows: readOnly properties left out of properties and
// required, a title that is not a parameter's description, nullable,
// exclusive bounds, extensions, recursion, a discriminator.
func TestCompactConversion(t *testing.T) {
	c, diags := ParseOpenAPI("compact.json", []byte(compactDoc(false)), nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	js := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	ep := func(id string) Endpoint {
		e, ok := c.Endpoint(id)
		if !ok {
			t.Fatalf("no endpoint %q", id)
		}
		return e
	}
	leafJSON := `{"default":"x","description":"leaf title","enum":["x","y"],"type":"string"}`
	plainJSON := `{"additionalProperties":false,"properties":{"a":` + leafJSON + `},"required":["a"],"type":"object"}`
	checks := []struct{ name, got, want string }{
		{"allOf body", js(ep("allOf").Body.Schema),
			`{"allOf":[` + plainJSON + `,{"properties":{"n":{"exclusiveMinimum":1,"type":"number","x-unit":"kg"}},"type":"object"}]}`},
		{"recursive body", js(ep("recursive").Body.Schema),
			`{"properties":{"kids":{"items":{"$ref":"#/components/schemas/Recursive","description":"recursive: same schema as the enclosing Recursive"},"type":"array"},` +
				`"self":{"$ref":"#/components/schemas/Recursive","description":"recursive: same schema as the enclosing Recursive"}},"type":"object"}`},
		{"chain body", js(ep("chain").Body.Schema), plainJSON},
		{"refers body", js(ep("refers").Body.Schema), `{"properties":{"o":{"type":"integer"},"p":` + plainJSON + `},"type":"object"}`},
		{"pet body", js(ep("pet").Body.Schema),
			`{"discriminator":{"propertyName":"kind"},"example":{"kind":"leaf"},"properties":{"kind":{"type":"string"}},"type":"object"}`},
	}
	params := map[string]Param{}
	for _, p := range ep("params").Params {
		params[p.Name] = p
	}
	leaf, list, null, obj, content := params["leaf"], params["list"], params["nullable"], params["obj"], params["json"]
	// A parameter's type is its schema's first known type, else its
	// alternatives' one type; an unknown one is sent as text.
	for name, want := range map[string]toolkit.ParamType{"multi": toolkit.TypeInteger, "alt": toolkit.TypeNumber, "unknown": toolkit.TypeString} {
		if got := params[name].Type; got != want {
			t.Errorf("%s: type %s, want %s", name, got, want)
		}
	}
	// An empty enum written is an empty list, not none.
	for _, name := range []string{"none", "nones"} {
		if e := params[name].Enum; e == nil || len(e) != 0 {
			t.Errorf("%s: Enum %#v, want an empty list", name, e)
		}
	}
	checks = append(checks,
		struct{ name, got, want string }{"leaf param", js([]any{leaf.Type, leaf.Description, leaf.Enum, leaf.Default}), `["string","",["x","y"],"x"]`},
		struct{ name, got, want string }{"list param", js([]any{list.Type, list.Items, list.Enum}), `["array","string",["x","y"]]`},
		struct{ name, got, want string }{"nullable param", js([]any{null.Type, null.Description}), `["string","may be null"]`},
		struct{ name, got, want string }{"object param", js([]any{obj.Type, obj.Schema}), `["object",` + plainJSON + `]`},
		struct{ name, got, want string }{"content param", js([]any{content.Type, content.ContentType}), `["object","application/json"]`},
	)
	for _, ch := range checks {
		if ch.got != ch.want {
			t.Errorf("%s:\n got %s\nwant %s", ch.name, ch.got, ch.want)
		}
	}
}

// TestCompactSharesTargets: a ref kin-openapi resolved to the stand-in
// of the compact components is the component's compact schema, found by
// its ref; a stand-in of its own is its schema; a kin-openapi schema
// made compact twice is one compact schema.
func TestCompactSharesTargets(t *testing.T) {
	schemas := newCompactor()
	leaf := &cSchema{base: map[string]any{"type": "string"}}
	d := &rawDoc{}
	schemas.byKey = map[string]*cSchema{"/components/schemas/Leaf": leaf}
	schemas.keyOf, schemas.doc = d.component, &openapi3.T{Components: &openapi3.Components{Schemas: openapi3.Schemas{"Leaf": schemas.stub}}}
	own := schemas.stand(&cSchema{base: map[string]any{"type": "integer"}})
	param := &openapi3.SchemaRef{Value: &openapi3.Schema{
		Items:    &openapi3.SchemaRef{Ref: "#/components/schemas/Leaf", Value: schemas.stub.Value},
		AnyOf:    openapi3.SchemaRefs{own},
		Not:      &openapi3.SchemaRef{Ref: "#/components/schemas/Leaf", Value: schemas.stub.Value},
		Required: []string{"a"},
	}}
	got := schemas.ref(param)
	k := got.s.kids
	if k == nil || k.items == nil || k.items.s != leaf || k.items.ref != "#/components/schemas/Leaf" || k.not.s != leaf {
		t.Fatalf("a ref to the component is not its compact schema: %+v", k)
	}
	if k.lists[1][0].s != schemas.stood[own] || k.lists[1][0].ref != "" {
		t.Errorf("a stand-in of its own is not its schema: %+v", k.lists[1])
	}
	if again := schemas.ref(param); again.s != got.s {
		t.Error("a schema made compact twice")
	}
}

// TestCompactChainFollowedOnce: following a chain of components that are
// refs memoizes every ref of it, so each of many refs into the chain
// (or into a loop) does not follow it again to its end: a document of
// 5,000 such components, each a property's ref, took 1.2 s where
// kin-openapi's own values took 0.15 s.
func TestCompactChainFollowedOnce(t *testing.T) {
	const n = 50
	ref := func(i int) string { return fmt.Sprintf("#/components/schemas/C%d", i) }
	schemas := newCompactor()
	leaf := &cSchema{base: map[string]any{"type": "string"}}
	d := &rawDoc{}
	comps := openapi3.Schemas{"End": schemas.stub, "L0": {Ref: "#/components/schemas/L1"}, "L1": {Ref: "#/components/schemas/L0"}}
	for i := range n {
		next := ref(i + 1)
		if i == n-1 {
			next = "#/components/schemas/End"
		}
		comps[fmt.Sprintf("C%d", i)] = &openapi3.SchemaRef{Ref: next, Value: schemas.stub.Value}
	}
	schemas.byKey = map[string]*cSchema{"/components/schemas/End": leaf}
	schemas.keyOf, schemas.doc = d.component, &openapi3.T{Components: &openapi3.Components{Schemas: comps}}
	if got := schemas.byRef(ref(0)); got != leaf {
		t.Fatalf("C0 lands on %p, want the chain's end %p", got, leaf)
	}
	for i := range n {
		if s, ok := schemas.landed[ref(i)]; !ok || s != leaf {
			t.Errorf("C%d: not memoized with the chain's end (%v, %p)", i, ok, s)
		}
	}
	if got := schemas.byRef("#/components/schemas/L0"); got != nil {
		t.Errorf("a loop lands on %p", got)
	}
	if s, ok := schemas.landed["#/components/schemas/L1"]; !ok || s != nil {
		t.Errorf("a loop's other ref: not memoized as landing nowhere (%v, %p)", ok, s)
	}
	for i := range n {
		if got := schemas.byRef(ref(i)); got != leaf {
			t.Errorf("C%d lands on %p, want %p", i, got, leaf)
		}
	}
}

// TestParamType: a schema's parameter type is its type, or its list's
// first known type, an unknown one sent as text; it is typed when it
// names a type or a list of any (an empty list or none is untyped, and
// left to the alternatives).
func TestParamType(t *testing.T) {
	for _, c := range []struct {
		typ   any
		want  toolkit.ParamType
		typed bool
	}{
		{nil, toolkit.TypeString, false},
		{5, toolkit.TypeString, false},
		{"integer", toolkit.TypeInteger, true},
		{"x", toolkit.TypeString, true},
		{"null", toolkit.TypeString, true},
		{[]any{}, toolkit.TypeString, false},
		{[]any{"x"}, toolkit.TypeString, true},
		{[]any{nil}, toolkit.TypeString, true},
		{[]any{1, "boolean"}, toolkit.TypeBoolean, true},
		{[]any{"null", "x", "number", "integer"}, toolkit.TypeNumber, true},
		{[]any{"array", "object"}, toolkit.TypeArray, true},
	} {
		s := &cSchema{base: map[string]any{}}
		if c.typ != nil {
			s.base["type"] = c.typ
		}
		if got, typed := s.paramType(); got != c.want || typed != c.typed {
			t.Errorf("type %v: %s, typed %v; want %s, %v", c.typ, got, typed, c.want, c.typed)
		}
	}
}
