package hostapi

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestSchemaTable: leaf schemas that read the same are one map; any
// difference (a key, a value, its JSON type, a list's order) keeps them
// apart; a schema holding a schema is not entered.
func TestSchemaTable(t *testing.T) {
	tab := newSchemaTable()
	same := func(a, b map[string]any) bool {
		return reflect.ValueOf(tab.intern(a)).UnsafePointer() == reflect.ValueOf(tab.intern(b)).UnsafePointer()
	}
	leaf := func() map[string]any {
		return map[string]any{"type": "string", "format": "date-time", "enum": []any{"a", json.Number("1"), nil, true}}
	}
	if !same(leaf(), leaf()) {
		t.Error("two equal leaves are two maps")
	}
	for i, other := range []map[string]any{
		{"type": "string", "format": "date"},
		{"type": "string", "format": "date-time", "enum": []any{"a", "1", nil, true}},
		{"type": "string", "format": "date-time", "enum": []any{json.Number("1"), "a", nil, true}},
		{"type": "string", "format": "date-time", "enum": []any{"a", json.Number("1"), nil, false}},
		{"type": "string", "format": "date-time", "enum": []any{"a", json.Number("1"), nil}},
		{"type": "string", "format": "date-time", "enum": []any{"a", json.Number("1"), nil, true}, "x": nil},
		{"type": "string", "format": "date-time", "enum": "a"},
		{"type": "string", "format": "date-time", "enum": []any{[]any{"a"}, json.Number("1"), nil, true}},
	} {
		if same(leaf(), other) {
			t.Errorf("%d: %v shares a map with %v", i, other, leaf())
		}
	}
	// Maps holding maps: shared when they hold the same maps (interned
	// first), not when they hold maps that only read the same.
	str := tab.intern(map[string]any{"type": "string"})
	for _, m := range []func(child map[string]any) map[string]any{
		func(c map[string]any) map[string]any {
			return map[string]any{"type": "object", "properties": tab.intern(map[string]any{"a": c})}
		},
		func(c map[string]any) map[string]any { return map[string]any{"allOf": []any{c}} },
		func(c map[string]any) map[string]any { return map[string]any{"type": "array", "items": c} },
	} {
		if !same(m(str), m(str)) {
			t.Errorf("%v: two maps holding the same map are two", m(str))
		}
		if same(m(str), m(map[string]any{"type": "string"})) {
			t.Errorf("%v: shared with one holding a map that only reads the same", m(str))
		}
	}
	if same(map[string]any{"const": 1}, map[string]any{"const": 1}) { // not a JSON value as the Catalog holds them
		t.Error("a value of another type shared")
	}
}

// TestLoadSharesLeafSchemas: a document writing the same small schema in
// many places loads it as one map, and every endpoint reads it as
// written.
func TestLoadSharesLeafSchemas(t *testing.T) {
	var paths []string
	for i := range 20 {
		paths = append(paths, fmt.Sprintf(`"/r%d": {"post": {"operationId": "op%d", "requestBody": {"content": {"application/json": {"schema":
			{"type": "object", "properties": {"when": {"type": "string", "format": "date-time"}, "n%d": {"type": "integer", "minimum": 0}}}}}},
			"responses": {"200": {"description": "ok"}}}}`, i, i, i))
	}
	doc := `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {` + strings.Join(paths, ",") + `}}`
	cat, diags := ParseOpenAPI("leaves.json", []byte(doc), nil)
	if diags.HasErrors() || cat == nil {
		t.Fatal(diags)
	}
	var first map[string]any
	for _, e := range cat.Endpoints() {
		var i int
		fmt.Sscanf(e.ID, "op%d", &i)
		props := e.Body.Schema["properties"].(map[string]any)
		when := props["when"].(map[string]any)
		if !reflect.DeepEqual(when, map[string]any{"type": "string", "format": "date-time"}) {
			t.Fatalf("%s: when is %v", e.ID, when)
		}
		if n := props[fmt.Sprintf("n%d", i)].(map[string]any); !reflect.DeepEqual(n, map[string]any{"type": "integer", "minimum": json.Number("0")}) {
			t.Fatalf("%s: n is %v", e.ID, n)
		}
		if first == nil {
			first = when
		} else if reflect.ValueOf(first).UnsafePointer() != reflect.ValueOf(when).UnsafePointer() {
			t.Errorf("%s: its date-time schema is a map of its own", e.ID)
		}
	}
}

// TestSchemaTableNoBuiltCollisions: values that differ hash apart
// whatever the seed, so a document cannot fill one of the table's
// buckets with many schemas: lists that split one text at its NULs
// (["x\u0000sx"], ["x", "x"]) once wrote the same bytes, and 8,000
// components of such enums, 1.4 MB, took 3.4 s to load.
func TestSchemaTableNoBuiltCollisions(t *testing.T) {
	const k = 8
	tab := newSchemaTable()
	for i := range 1 << k {
		var parts []any
		cur := "x"
		for b := range k {
			if i>>b&1 == 1 {
				parts = append(parts, cur)
				cur = "x"
			} else {
				cur += "\x00sx"
			}
		}
		parts = append(parts, cur)
		tab.internList(parts)
		tab.internKV([]kv{{"type", "string"}, {"enum", parts}})
		tab.intern(map[string]any{"type": "string", "enum": parts, "x-n": json.Number("1")})
		tab.internKV([]kv{{"a\x00sx", nil}, {fmt.Sprint(i), true}})
	}
	for sum, l := range tab.lists {
		if len(l) > 1 {
			t.Errorf("%d lists hash to %x", len(l), sum)
		}
	}
	for sum, ms := range tab.byHash {
		if len(ms) > 1 {
			t.Errorf("%d maps hash to %x", len(ms), sum)
		}
	}
	if len(tab.lists) != 1<<k || len(tab.byHash) != 3<<k {
		t.Errorf("%d lists, %d maps: want %d and %d", len(tab.lists), len(tab.byHash), 1<<k, 3<<k)
	}
}
