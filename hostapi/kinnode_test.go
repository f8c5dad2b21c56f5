package hostapi

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/google/go-cmp/cmp"
)

// kinTargets are the kin-openapi types the loader decodes.
var kinTargets = []func() any{
	func() any { return &openapi3.SchemaRef{} },
	func() any { return &openapi3.ParameterRef{} },
	func() any { return &openapi3.RequestBodyRef{} },
	func() any { return &openapi3.Operation{} },
	func() any { return &openapi3.PathItem{} },
	func() any { return &openapi3.T{} },
}

// sameAsJSON checks that kinDecode reads text into each target as
// encoding/json does: the same value, or both fail.
func sameAsJSON(t *testing.T, text string) {
	t.Helper()
	for _, target := range kinTargets {
		got, want := target(), target()
		gerr := new(kinDecoder).decode([]byte(text), got)
		werr := json.Unmarshal([]byte(text), want)
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
		if diff := cmp.Diff(want, got, cmp.Exporter(func(reflect.Type) bool { return true })); diff != "" {
			t.Errorf("%T %s (-encoding/json +kinDecode):\n%s", got, text, diff)
		}
	}
}

// TestKinDecodeAsJSON: what the node decoding would read otherwise than
// encoding/json is left to encoding/json.
func TestKinDecodeAsJSON(t *testing.T) {
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
