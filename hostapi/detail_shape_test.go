package hostapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// shapeTree is a view of a schema built as a tree of values and written
// by jsonstr.Marshal: the definition shaper.encode's text must equal.
func shapeTree(sh *shaper, v any, ptr string, depth int) any {
	s, ok := v.(map[string]any)
	if !ok {
		return v
	}
	if depth > sh.v.depth && hasSubschemas(s) {
		sh.collapsed = true
		return sh.brief(s, ptr)
	}
	out := make(schemaObject, len(s))
	for k, x := range s {
		switch {
		case k == "example" || k == "examples" || strings.HasPrefix(k, "x-"):
			if !sh.v.examples {
				continue
			}
			x = smallValue(x)
		case k == "description" || k == "title":
			str, _ := x.(string)
			if sh.v.desc == 0 && depth > 0 {
				continue
			}
			x = cutText(str, max(sh.v.desc, 100))
		case k == "enum":
			list, _ := x.([]any)
			x = capEnum(list, sh.v.enum)
		case k == "default" || k == "const":
			x = smallValue(x)
		case k == "pattern" || k == "format":
			str, _ := x.(string)
			x = cutText(str, 200)
		}
		switch {
		case slices.Contains(schemaMapKeys, k):
			if m, ok := x.(map[string]any); ok {
				mm := make(map[string]any, len(m))
				for name, sub := range m {
					mm[name] = shapeTree(sh, sub, ptr+"/"+k+"/"+escapeToken(name), depth+1)
				}
				x = mm
			}
		case slices.Contains(schemaKeys, k):
			x = shapeTree(sh, x, ptr+"/"+k, depth+1)
		case slices.Contains(schemaListKeys, k):
			if list, ok := x.([]any); ok {
				l := make([]any, len(list))
				for i, sub := range list {
					l[i] = shapeTree(sh, sub, ptr+"/"+k+"/"+strconv.Itoa(i), depth+1)
				}
				x = l
			}
		}
		out[k] = x
	}
	return out
}

// checkShape checks that shaper.encode writes schema, in every view, as
// jsonstr.Marshal writes shapeTree's tree, with the same collapsed; that
// it fits exactly when that text is within the room; and that what it
// collapses names a pointer that resolves.
func checkShape(t *testing.T, schema any) {
	t.Helper()
	for _, examples := range []bool{false, true} {
		for _, v := range views {
			v.examples = examples
			ref := shaper{v: v}
			want, err := jsonstr.Marshal(shapeTree(&ref, schema, "#/body", 0))
			if err != nil {
				t.Fatal(err)
			}
			for _, room := range []int{1 << 30, len(want), len(want) - 1, len(want) / 2, 10} {
				sh := shaper{v: v, room: room}
				got, fits := sh.encode(schema, "#/body")
				if fits != (len(want) <= room) {
					t.Fatalf("view %+v, room %d: fits %v for %d bytes", v, room, fits, len(want))
				}
				if !fits {
					if sh.room != room {
						t.Errorf("view %+v: a schema that does not fit took room", v)
					}
					continue
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("view %+v:\n got %s\nwant %s", v, got, want)
				}
				if sh.collapsed != ref.collapsed || sh.room != room-len(want) {
					t.Errorf("view %+v: collapsed %v (want %v), room %d", v, sh.collapsed, ref.collapsed, sh.room)
				}
			}
		}
	}
}

// TestShapeEncode: the schemas a view shows are written in one pass the
// way a tree of them is marshalled: keys in schemaKeyOrder, names in
// order, control characters and invalid UTF-8 in keys, names and values,
// numbers, nulls and non-schema values where schemas go.
func TestShapeEncode(t *testing.T) {
	heavy := heavySchema(12, 5, 3, 300, 40)
	var odd map[string]any
	if err := json.Unmarshal([]byte(`{"type":"object","title":"T\u0001","description":"a\bb\fc\u2028 <&> \u0000","enum":[],
		"properties":{"a\u001bb\f":{"type":"string","enum":["\u0001",1.5e300,null,{"k":"v"}],"default":{"z":1,"a":[true]}},
		"\u00e9":{"items":{"properties":{"x":{"type":"integer","format":"int\u0002"}}}},"n":null,"b":true,"c":3},
		"allOf":[{"$ref":"#/x"},false,{"anyOf":[{"type":"null","const":"\u001f"}]}],
		"additionalProperties":false,"patternProperties":"not a map","prefixItems":{"not":"a list"},
		"ctl\u000bkey\b":"v","x-ext":{"b":1,"a":"\u0004"},"example":"e\u0005","not":{"properties":{"deep":{"properties":{"deeper":{"type":"object","properties":{"z":{}}}}}}}}`), &odd); err != nil {
		t.Fatal(err)
	}
	for i, s := range []any{heavy, odd, map[string]any{}, map[string]any(nil), nil, "a string", true} {
		t.Run(fmt.Sprint(i), func(t *testing.T) { checkShape(t, s) })
	}
}

// TestDetailHeavy: the details of endpoints of thousands of nested,
// described properties and of a chain of $refs are within the budget,
// and every collapsed schema and cursor they name answers within it:
// every one of the first answers (with and without examples), and the
// ones those name up to 300 answers; createThing's and a realistic
// body's are followed to the end, every property reached; a realistic
// body is shown whole.
func TestDetailHeavy(t *testing.T) {
	for _, budget := range []int{toolkit.DefaultMaxDiscoveryBytes, 2000} {
		reg := heavyRegistry(t, budget)
		for id, names := range map[string][]string{"createThing": {"next", "f39", "shared1", "list2", "a", "b"}, "patch": {"name", "state", "labels", "login"}} {
			seen := reach(t, reg, id, budget)
			for _, name := range names {
				if !seen[name] {
					t.Errorf("budget %d: %s: %s is never shown", budget, id, name)
				}
			}
		}
		if res := run(reg, ToolQueryDocs, `{"endpoint": "patch"}`); strings.Contains(res.Text, `"schema":"#/`) || strings.Contains(res.Text, `"cursor"`) {
			t.Errorf("budget %d: a realistic body is collapsed: %s", budget, res.Text)
		}
		first := []map[string]any{{"endpoint": "heavy"}, {"endpoint": "heavy", "examples": true}}
		asked := map[string]bool{}
		var queue []map[string]any
		ask := func(args map[string]any) {
			b, _ := json.Marshal(args)
			if asked[string(b)] {
				return
			}
			asked[string(b)] = true
			res := run(reg, ToolQueryDocs, string(b))
			if res.IsError || len(res.Text) > budget || !json.Valid([]byte(res.Text)) {
				t.Fatalf("budget %d: %s: %d bytes: %.300s", budget, b, len(res.Text), res.Text)
			}
			var v map[string]any
			_ = json.Unmarshal([]byte(res.Text), &v)
			var walk func(v any)
			walk = func(v any) {
				switch x := v.(type) {
				case map[string]any:
					for k, sub := range x {
						if ptr, ok := sub.(string); ok && k == "schema" && strings.HasPrefix(ptr, "#/") {
							queue = append(queue, map[string]any{"endpoint": "heavy", "schema": ptr, "examples": args["examples"]})
						}
						walk(sub)
					}
				case []any:
					for _, sub := range x {
						walk(sub)
					}
				}
			}
			walk(v)
			if c, ok := v["cursor"].(string); ok {
				next := maps.Clone(args)
				next["cursor"] = c
				queue = append(queue, next)
			}
		}
		for _, args := range first {
			ask(args)
		}
		if len(queue) < 10 {
			t.Fatalf("budget %d: the heavy detail names %d schemas and cursors", budget, len(queue))
		}
		for _, args := range slices.Clone(queue) {
			ask(args)
		}
		for len(queue) > 0 && len(asked) < 300 {
			args := queue[0]
			queue = queue[1:]
			ask(args)
		}
	}
}

// FuzzShapeEncode: whatever JSON a schema is, shaper.encode writes it as
// the tree of the view is marshalled.
func FuzzShapeEncode(f *testing.F) {
	f.Add(`{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"items":{"enum":[1,"x",null]}}}}}}`, uint64(1))
	f.Add(`{"description":"\u0001","allOf":[true,{"not":{}}],"x-a":{"b":[1]},"example":3}`, uint64(2))
	f.Fuzz(func(t *testing.T, text string, seed uint64) {
		var schema any
		if err := decodeJSON([]byte(text), &schema); err != nil {
			return
		}
		if s, ok := schema.(map[string]any); ok {
			// Grow it: the same schema nested at random keywords.
			r := rand.New(rand.NewPCG(seed, seed))
			keys := append(append(slices.Clone(schemaKeys[:3]), "properties"), "allOf")
			for range r.IntN(4) {
				switch k := keys[r.IntN(len(keys))]; k {
				case "properties":
					s = map[string]any{k: map[string]any{"p": s, "q": s}}
				case "allOf":
					s = map[string]any{k: []any{s, s}}
				default:
					s = map[string]any{k: s, "description": text}
				}
			}
			schema = s
		}
		checkShape(t, schema)
	})
}

// TestShapeListStopsPastRoom: a list, of values or of subschemas, is
// written only until the text passes the room left, whatever its length
// (such a text is not shown).
func TestShapeListStopsPastRoom(t *testing.T) {
	values, subs := make([]any, 10000), make([]any, 10000)
	for i := range values {
		values[i] = "value"
		subs[i] = map[string]any{"type": "string"}
	}
	for _, schema := range []map[string]any{
		{"required": values}, {"items": map[string]any{"unknown": []any{values}}},
		{"allOf": subs}, {"anyOf": []any{map[string]any{"oneOf": subs}}},
	} {
		const room = 200
		sh := shaper{v: views[0], room: room}
		if got := sh.append(nil, schema, "#/body", 0); len(got) > room+100 {
			t.Errorf("%d bytes written where %d are left", len(got), room)
		}
		if _, fits := sh.encode(schema, "#/body"); fits {
			t.Error("a list past the room fits")
		}
	}
}
