package hostapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// kinTargets are the kin-openapi types the loader decodes.
var kinTargets = []func() any{
	func() any { return &openapi3.SchemaRef{} },
	func() any { return &openapi3.ParameterRef{} },
	func() any { return &openapi3.RequestBodyRef{} },
	func() any { return &openapi3.Operation{} },
	func() any { return &openapi3.PathItem{} },
	func() any { return &openapi3.T{} },
	func() any { return &openapi3.HeaderRef{} },
	func() any { return &openapi3.ResponseRef{} },
	func() any { return &openapi3.SecuritySchemeRef{} },
	func() any { return &openapi3.ExampleRef{} },
	func() any { return &openapi3.LinkRef{} },
	func() any { return &openapi3.CallbackRef{} },
}

// kinCompare compares kin-openapi's values, unexported fields too, but
// the names of a $ref's siblings (a Ref type's extra) as a set:
// encoding/json's are sorted, the node decoding's in the text's order;
// only Validate reads them, in its message of the refused siblings.
var kinCompare = cmp.Options{
	cmp.Exporter(func(reflect.Type) bool { return true }),
	cmp.FilterPath(func(p cmp.Path) bool {
		f, ok := p.Last().(cmp.StructField)
		return ok && f.Name() == "extra"
	}, cmpopts.SortSlices(func(a, b string) bool { return a < b })),
}

// pooledKin reuses its node readers across the tests' texts, short and
// long, as a large document's load does.
var pooledKin = &kinDecoder{readers: &sync.Pool{}}

// sameAsJSON checks that kinDecode reads text into each target as
// encoding/json does: the same value, or both fail.
//
// The node decoding itself, through readers reused from text to text,
// decodes every text encoding/json takes but those it marks odd, to the
// same value (decode would hide a node decoding that fails, behind
// encoding/json).
func sameAsJSON(t *testing.T, text string) {
	t.Helper()
	for _, target := range kinTargets {
		got, want := target(), target()
		gerr := new(kinDecoder).decode([]byte(text), got)
		werr := json.Unmarshal([]byte(text), want)
		if node := target(); werr == nil && len(text) <= maxNodeText {
			switch err := pooledKin.nodeDecode([]byte(text), node); {
			case errors.Is(err, errOdd):
			case err != nil:
				t.Errorf("%T %s: the node decoding fails: %v", node, text, err)
			default:
				// reflect.DeepEqual first: cmp walks a deep value in time
				// quadratic in its depth.
				if reflect.DeepEqual(want, node) {
					break
				}
				if diff := cmp.Diff(want, node, kinCompare); diff != "" {
					t.Errorf("%T %s (-encoding/json +node decoding):\n%s", node, text, diff)
				}
			}
		}
		if (gerr != nil) != (werr != nil) {
			t.Errorf("%T %s: kinDecode %v, encoding/json %v", got, text, gerr, werr)
			continue
		}
		if gerr != nil {
			if gerr.Error() != werr.Error() {
				t.Errorf("%T %s: kinDecode %q, encoding/json %q", got, text, gerr, werr)
			}
			continue
		}
		if reflect.DeepEqual(want, got) {
			continue // cmp takes minutes over 10,000 levels
		}
		if diff := cmp.Diff(want, got, kinCompare); diff != "" {
			t.Errorf("%T %s (-encoding/json +kinDecode):\n%s", got, text, diff)
		}
	}
}

// TestKinDecodeAsJSON: what the node decoding would read otherwise than
// encoding/json is left to encoding/json.
func TestKinDecodeAsJSON(t *testing.T) {
	// Texts as documents write them are decoded as node trees, not left
	// to encoding/json.
	for _, c := range []struct {
		text string
		v    any
	}{
		{`{"type": "string", "description": "d", "maxLength": 5, "enum": ["a", "b", null], "default": "a", "example": 3}`, &openapi3.SchemaRef{}},
		{`{"type": "object", "properties": {"id": {"type": "integer", "format": "int64", "minimum": 0}}, "required": ["id"], "x-k": [1.5]}`, &openapi3.SchemaRef{}},
		{`{"name": "q", "in": "query", "required": true, "schema": {"type": "array", "items": {"type": "string"}}, "style": "form"}`, &openapi3.ParameterRef{}},
		{`{"content": {"application/json": {"schema": {"$ref": "#/components/schemas/A"}}}, "required": true}`, &openapi3.RequestBodyRef{}},
	} {
		if err := pooledKin.nodeDecode([]byte(c.text), c.v); err != nil {
			t.Errorf("%s: not decoded as a node tree: %v", c.text, err)
		}
	}
	for _, text := range []string{
		`{"type": "string", "description": "d", "maxLength": 5, "enum": ["a", "b", null], "default": "a", "example": 3}`,
		`{"type": "object", "properties": {"Type": {"type": "integer"}, "a": {"$ref": "#/components/schemas/A"}}, "required": ["a", null]}`,
		// Keys that match a field regardless of case.
		`{"Type": "string"}`, `{"type": "string", "TYPE": "integer"}`, `{"DESCRIPTION": "d"}`,
		"{\"\u212aind\": 1, \"\u017fummary\": \"s\"}", `{"Summary": "s", "operationId": "x"}`, `{"Parameters": [{"name": "a", "in": "query"}]}`,
		`{"name": "q", "in": "query", "Required": true}`,
		// YAML 1.1 booleans and integral numbers where a field is a boolean or an integer.
		`{"name": "q", "in": "query", "required": "yes"}`, `{"name": "q", "in": "query", "required": "off"}`,
		`{"nullable": "on", "type": "string"}`, `{"maxLength": 5.0}`, `{"maxLength": 1e2}`, `{"minItems": -0}`, `{"maxLength": -1}`,
		`{"exclusiveMinimum": "yes", "minimum": 1}`, `{"exclusiveMinimum": 1.0}`, `{"exclusiveMaximum": true, "maximum": 1e400}`,
		`{"deprecated": 1}`, `{"uniqueItems": "true"}`, `{"maxLength": 18446744073709551615}`, `{"maxLength": 18446744073709551616}`,
		// Numbers, everywhere.
		`{"default": -0, "example": 1.5e3, "enum": [1, 1.0, -0.0, 12345678901234567890123, 1e-400], "x-n": {"a": [1, 2.5]}}`,
		`{"minimum": -0, "maximum": 1e308, "multipleOf": 0.1}`, `{"example": 9007199254740993}`,
		// Strings.
		`{"description": "a\u2028b\ud800c\\u00e9\\\"", "pattern": "^[a-z]+$", "format": "yes"}`, "{\"title\": \"\xff\xfe\"}",
		`{"description": "<<", "<<": {"type": "string"}, "x-<<": 1}`, `{"type": "string", "type": "integer"}`,
		`{"type": ["string", "null"], "items": true, "additionalProperties": false}`,
		`{"allOf": [{"type": "string"}, true, {"not": {"type": "null"}}]}`,
		// Kinds where another is meant.
		`{"type": 1}`, `{"description": true}`, `{"enum": "a"}`, `{"properties": []}`, `{"required": "a"}`, `{"title": 1}`,
		`{"items": "string"}`, `{"format": null, "description": null}`, `[]`, `"s"`, `null`, `true`, `1`,
		// Parameters, bodies, operations, documents.
		`{"name": "q", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}, "style": "form", "explode": false}`,
		`{"$ref": "#/components/parameters/p", "description": "d"}`,
		`{"content": {"application/json": {"schema": {"type": "object"}, "example": {"a": 1}}}, "required": true}`,
		`{"operationId": "a", "tags": ["t", null], "security": [{"k": []}], "x-ms": {"b": 1.0}, "deprecated": false}`,
		`{"get": {"operationId": "g"}, "parameters": [null, {"name": "a", "in": "path"}], "x-y": 1}`,
		`{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/a": {"get": {"responses": {"200": {"description": "ok"}}}}}}`,
		`{"openapi": "3.1.0", "info": {"title": "t", "version": 1}, "paths": {}}`,
		// Keys of the fields of the types that decode themselves (a Ref
		// type's Ref and Value, BoolSchema's Has and Schema): not keys of
		// encoding/json's, so "Schema" and "Value" fold to "schema" and
		// "value".
		`{"name": "q", "in": "query", "Schema": {"type": "string"}}`, `{"summary": "s", "Value": 1}`,
		`{"content": {"a/b": {"Schema": {"type": "string"}}}}`, "{\"name\": \"q\", \"in\": \"query\", \"\u017fchema\": {}}",
		`{"Ref": "x", "Value": {"type": "string"}, "Has": true, "Bool": 1, "Extensions": {"a": 1}}`,
		// Boolean schemas (additionalProperties...) written as YAML 1.1 booleans.
		`{"additionalProperties": "yes"}`, `{"unevaluatedProperties": "off"}`, `{"unevaluatedItems": "Y"}`,
		`{"additionalProperties": "true"}`, `{"additionalProperties": 1}`, `{"additionalProperties": null}`,
		// A $ref beside a summary or description that is not a string.
		`{"$ref": "#/x", "summary": 1}`, `{"$ref": "#/x", "description": null}`, `{"$ref": "#/x", "summary": {}}`,
		`{"description": true, "$ref": "#/x"}`, `{"get": null, "post": {}, "$ref": "#/x", "summary": 1}`,
		`{"$ref": "#/x", "description": "d", "summary": "s", "x-a": 1, "type": "string"}`, `{"$ref": ""}`,
		`{"properties": {"$ref": {"type": "string"}, "description": {"type": "string"}}}`,
		// dependentRequired, a map of lists of strings.
		`{"dependentRequired": {"a": [null, "b"]}}`, `{"dependentRequired": {"a": [1]}}`, `{"dependentRequired": {"a": "b"}}`,
		`{"dependentRequired": {"a": ["b", "c"], "d": []}}`, `{"dependentRequired": {"a": null}}`,
		// Bounds that are neither a number nor a boolean.
		`{"exclusiveMaximum": ["null", "~"]}`, `{"exclusiveMinimum": {}}`, `{"exclusiveMinimum": "1"}`, `{"exclusiveMinimum": "x"}`,
		// A $ref beside keys that are not a schema's (SchemaRef keeps the error).
		`{"$ref": "#/x", "examples": "array"}`, `{"$ref": "#/x", "type": 1, "x-a": 1}`, `{"$ref": "#/x", "properties": []}`,
		// Nesting to encoding/json's bound (10,000 objects and arrays
		// open), and past it (a schema 10,000 deep takes encoding/json
		// 40 s: its UnmarshalJSON at every level).
		strings.Repeat(`{"items":`, 1000) + `{}` + strings.Repeat(`}`, 1000),
		strings.Repeat(`{"items":`, 10000) + `{}` + strings.Repeat(`}`, 10000),
		`{"example":` + strings.Repeat(`[`, 9999) + strings.Repeat(`]`, 9999) + `}`,
		`{"example":` + strings.Repeat(`[`, 10000) + strings.Repeat(`]`, 10000) + `}`,
		`{"x-a":` + strings.Repeat(`{"a":`, 20000) + `1` + strings.Repeat(`}`, 20000) + `}`,
		// OpenAPI 3.1 shapes.
		`{"type": ["string", "null"], "const": 1, "examples": [1, "a", null], "prefixItems": [{"type": "string"}, true], "$defs": {"a": {}}}`,
		`{"exclusiveMinimum": 1, "exclusiveMaximum": 2.5}`, `{"exclusiveMinimum": -0}`, `{"exclusiveMinimum": null}`,
		`{"if": {"type": "string"}, "then": true, "else": false, "dependentSchemas": {"a": {}}, "unevaluatedProperties": false}`,
		`{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "webhooks": {"w": {"post": {}}}, "components": {"pathItems": {"p": {}}}}`,
		// YAML's words and numbers, as strings and as keys.
		`{"type": "~"}`, `{"example": ".inf", "default": ".nan", "x-a": "~"}`, `{"example": "2020-01-01", "default": "0x1F"}`,
		`{"x-a": {"<<": {"b": 1}}}`, `{"x-a": {"1": 1, "01": 2, "1.0": 3, "true": 4, "null": 5, "~": 6, "": 7}}`,
		`{"properties": {"null": {}, "~": {}, "true": {}, "1": {}, "<<": {}}}`,
		`{"enum": [1E2, 1e+2, 1.0E-2, -1.5e-0, 0.0, 123456789012345678901234567890, 1e308, 4.9e-324, 2.5e-324]}`,
		`{"example": 1e309}`, `{"x-a": 1e309}`, `{"maximum": 1e309}`, `{"maxLength": 9223372036854775808}`, `{"minItems": 1.5}`,
		// Keys written twice: encoding/json reads them in order.
		`{"maxLength": "x", "maxLength": 5}`, `{"type": "string", "type": null}`, `{"description": "d", "description": null}`,
		`{"properties": {"a": {}}, "properties": null}`, `{"x-a": {"b": 1, "b": null}}`, `{"name": "a", "in": "query", "required": "x", "required": true}`,
		// Strings where a number or a boolean goes.
		`{"maxLength": "5"}`, `{"minimum": "1.5"}`, `{"minimum": "0x10"}`, `{"nullable": "true"}`, `{"uniqueItems": "y"}`,
		// Nulls and kinds where another is meant.
		`{"properties": {"a": null}}`, `{"allOf": [null]}`, `{"discriminator": {"propertyName": "a", "mapping": {"a": "#/b", "c": null}}}`,
		`{"responses": {"200": null, "default": {"description": "d"}}}`, `{"callbacks": {"c": null}}`, `{"security": [{"a": [null, 1]}]}`,
		`{"type": "oauth2", "flows": {"implicit": {"scopes": {"a": 1}}}}`, `{"content": {"a": null}}`,
	} {
		sameAsJSON(t, text)
	}
}

// FuzzKinDecode: for any JSON text, kinDecode and encoding/json read the
// same into kin-openapi's types.
func FuzzKinDecode(f *testing.F) {
	for _, s := range []string{
		`{"type": "string", "maxLength": 5}`, `{"name": "q", "in": "query", "required": "yes"}`,
		`{"Type": "string"}`, `{"default": -0, "enum": [1, 1.0]}`, `{"get": {"operationId": "g", "parameters": []}}`,
		`{"name": "q", "in": "query", "Schema": {"type": "string"}}`, `{"$ref": "#/x", "summary": 1, "type": "string"}`,
		`{"additionalProperties": "yes", "items": true, "type": ["string", "null"], "exclusiveMinimum": 1}`,
		`{"$ref": "#/a", "description": "d", "x-a": {"b": [1, 2.5e3, null]}}`, `{"summary": "s", "value": {"a": -0}}`,
		`{"responses": {"200": {"description": "ok", "content": {"a/b": {"schema": {"$ref": "#/c"}}}}}, "security": [{"k": []}]}`,
		`{"type": "oauth2", "flows": {"implicit": {"authorizationUrl": "u", "scopes": {"a": "b"}}}}`,
		`{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {"/a": {"get": {}}}, "components": {"schemas": {"A": true}}}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !json.Valid([]byte(text)) || strings.Count(text, "[")+strings.Count(text, "{") > 200 {
			return
		}
		sameAsJSON(t, text)
	})
}

// FuzzKinDecodeTree: the texts kinText writes from a seed read the same
// into kin-openapi's types by both decodings; a test runs 2,000 seeds.
func FuzzKinDecodeTree(f *testing.F) {
	f.Add(uint64(1), uint64(2))
	f.Fuzz(func(t *testing.T, a, b uint64) {
		sameAsJSON(t, kinText(rand.New(rand.NewPCG(a, b))))
	})
}

func TestKinDecodeTree(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		if sameAsJSON(t, kinText(r)); t.Failed() {
			return
		}
	}
}

// kinText writes a random JSON text of kin-openapi's keys (some cased
// otherwise), YAML-looking words and numbers, nulls, duplicates and
// $refs, from r.
func kinText(r *rand.Rand) string {
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range kinFields {
			if !yield(k) {
				return
			}
		}
	})
	keys = append(keys, "x-a", "x-b", "<<", "~", "a", "200", "default", "application/json", "/p", "Type", "SCHEMA", "\u212aey", "Value", "$REF")
	scalars := []string{`null`, `true`, `false`, `0`, `-0`, `1`, `1.0`, `1e2`, `-1`, `1e400`, `18446744073709551616`, `0.5`, `"yes"`, `"off"`, `"~"`, `".inf"`,
		`"true"`, `"1"`, `"string"`, `"integer"`, `"object"`, `"array"`, `"null"`, `"query"`, `"path"`, `"#/components/schemas/A"`, `""`, `"<<"`, `"\u2028"`, `"2020-01-01"`, `"0x1F"`}
	var w jsonText
	var value func(depth int)
	member := func(depth int) func() {
		return func() {
			w.key(keys[r.IntN(len(keys))])
			value(depth)
		}
	}
	value = func(depth int) {
		switch n := r.IntN(10); {
		case depth < 6 && n < 4:
			w.object(r.IntN(5), member(depth+1))
		case depth < 6 && n < 6:
			w.list(r.IntN(4), func() { value(depth + 1) })
		default:
			w.WriteString(scalars[r.IntN(len(scalars))])
		}
	}
	w.object(1+r.IntN(5), member(1))
	return w.String()
}

// TestKinDecodeLongText: a text over maxNodeText is decoded all the same
// (by encoding/json), to the same value.
func TestKinDecodeLongText(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"type": "array", "example": [`)
	for i := 0; b.Len() < maxNodeText+10; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("1")
	}
	b.WriteString(`]}`)
	var got, want openapi3.SchemaRef
	if err := new(kinDecoder).decode([]byte(b.String()), &got); err != nil || len(got.Value.Example.([]any)) < maxNodeText/4 {
		t.Fatalf("long example: %v", err)
	}
	if err := json.Unmarshal([]byte(b.String()), &want); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("long example decoded otherwise than by encoding/json (%v)", err)
	}
}

// TestOperationsOf: operationsOf yields what PathItem.Operations holds.
func TestOperationsOf(t *testing.T) {
	a, b, c, d := &openapi3.Operation{OperationID: "a"}, &openapi3.Operation{OperationID: "b"}, &openapi3.Operation{OperationID: "c"}, &openapi3.Operation{OperationID: "d"}
	for _, item := range []*openapi3.PathItem{
		{},
		{Get: a, Query: b},
		{Connect: a, Delete: b, Head: c, Options: d, Patch: a, Post: b, Put: c, Trace: d},
		{Get: a, AdditionalOperations: map[string]*openapi3.Operation{"GET": b, "COPY": c, "LINK": nil, "POST": d}},
	} {
		var got []*openapi3.Operation
		for op := range operationsOf(item) {
			got = append(got, op)
		}
		want := slices.Collect(maps.Values(item.Operations()))
		byID := func(x, y *openapi3.Operation) int { return strings.Compare(fmt.Sprintf("%p", x), fmt.Sprintf("%p", y)) }
		slices.SortFunc(got, byID)
		slices.SortFunc(want, byID)
		if !slices.Equal(got, want) {
			t.Errorf("%+v: operationsOf %v, Operations %v", item, got, want)
		}
	}
}

// TestKinDecodeRefSiblings: an OpenAPI 3.1 document whose $ref sits
// beside keys that are not a schema's loads with the diagnostic
// encoding/json words, not the YAML decoder's.
func TestKinDecodeRefSiblings(t *testing.T) {
	doc := `{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {"/a": {"post": {"operationId": "a",
		"requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/A", "examples": "array"}}}},
		"responses": {"200": {"description": "ok"}}}}}, "components": {"schemas": {"A": {"type": "object"}}}}`
	sameLoaded(t, "siblings.json", []byte(doc), &docLoader{file: "siblings.json", plainJSON: true})
}

// TestKinFieldsFold: no two keys of kin-openapi's fields match
// regardless of case, so that foldsToField finds the one a key folds to
// (an untagged field is listed under the YAML decoder's key, its name
// lower-cased: SchemaRef's Value was "Value" beside Example's "value").
func TestKinFieldsFold(t *testing.T) {
	names := slices.Sorted(maps.Keys(kinFields))
	for i, a := range names {
		for _, b := range names[i+1:] {
			if strings.EqualFold(a, b) {
				t.Errorf("%q and %q fold alike", a, b)
			}
		}
	}
}
