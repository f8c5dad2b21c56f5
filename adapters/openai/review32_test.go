package toolkitopenai

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// genSchema makes a random property schema of the subset the transform
// takes, with the keywords where meaning may slip: null in types and
// enums, defaults, nested objects with optional properties, arrays of
// objects, anyOf, const.
func genSchema(r *rand.Rand, depth int) map[string]any {
	k := r.IntN(9)
	if depth > 2 && k >= 5 {
		k = r.IntN(5)
	}
	switch k {
	case 0:
		return map[string]any{"type": "string"}
	case 1:
		return map[string]any{"type": "integer", "minimum": json.Number("1")}
	case 2:
		return map[string]any{"type": "string", "enum": []any{"a", "b"}}
	case 3:
		return map[string]any{"type": []any{"string", "null"}}
	case 4:
		return map[string]any{"enum": []any{"x", nil}}
	case 5:
		return map[string]any{"type": "array", "items": genSchema(r, depth+1)}
	case 6:
		return map[string]any{"anyOf": []any{genSchema(r, depth+1), genSchema(r, depth+1)}}
	case 7:
		return map[string]any{"type": "string", "default": "d"}
	default:
		return genObject(r, depth+1)
	}
}

func genObject(r *rand.Rand, depth int) map[string]any {
	props := map[string]any{}
	req := []any{}
	for i := range r.IntN(3) + 1 {
		name := fmt.Sprintf("p%d", i)
		props[name] = genSchema(r, depth)
		if r.IntN(2) == 0 {
			req = append(req, name)
		}
	}
	if r.IntN(8) == 0 {
		req = append(req, "ghost") // required, but not a property
	}
	return map[string]any{"type": "object", "properties": props, "required": req, "additionalProperties": false}
}

// genValue makes a random value, often one the schema s accepts.
func genValue(r *rand.Rand, s map[string]any, depth int) any {
	if depth > 6 || r.IntN(10) == 0 {
		return []any{nil, "a", "x", "d", json.Number("0"), json.Number("2"), true}[r.IntN(7)]
	}
	if list, ok := s["anyOf"].([]any); ok {
		b, _ := list[r.IntN(len(list))].(map[string]any)
		return genValue(r, b, depth+1)
	}
	if e, ok := s["enum"].([]any); ok {
		return e[r.IntN(len(e))]
	}
	types := typeNames(s["type"])
	if len(types) == 0 {
		return nil
	}
	switch types[r.IntN(len(types))] {
	case "string":
		return []string{"a", "b", "d", "x"}[r.IntN(4)]
	case "integer":
		return json.Number(fmt.Sprint(r.IntN(3)))
	case "null":
		return nil
	case "array":
		items, _ := s["items"].(map[string]any)
		out := []any{}
		for range r.IntN(3) {
			out = append(out, genValue(r, items, depth+1))
		}
		return out
	case "object":
		props, _ := s["properties"].(map[string]any)
		out := map[string]any{}
		for name, p := range props {
			if r.IntN(4) != 0 {
				pm, _ := p.(map[string]any)
				out[name] = genValue(r, pm, depth+1)
			}
		}
		return out
	}
	return nil
}

func clone(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return decode(t, string(b))
}

// TestReview32_StrictDifferential: over generated schemas and arguments,
// what the strict form accepts, with its nulls dropped, the original
// accepts; and what the original accepts, sent with nulls for what it
// leaves out, the strict form accepts.
func TestReview32_StrictDifferential(t *testing.T) {
	r := rand.New(rand.NewPCG(32, 32))
	checked := 0
	for i := range 600 {
		root := genObject(r, 0)
		text, _ := json.Marshal(root)
		st, err := strictFor(text)
		if err != nil {
			continue
		}
		checked++
		original := compile(t, decode(t, string(text)))
		strict := compile(t, st.schema)
		for range 10 {
			// An instance of the strict form, from its own shape.
			v := genValue(r, roundTrip(t, st.schema).(map[string]any), 0)
			if strict.Validate(clone(t, v)) == nil {
				restored := clone(t, v)
				st.shape.restore(restored)
				if err := original.Validate(restored); err != nil {
					b, _ := json.Marshal(v)
					t.Fatalf("schema %d %s\nstrict %s\nthe strict form accepts %s, but the original refuses it with its nulls dropped: %v", i, text, mustJSON(st.schema), b, err)
				}
			}
			// An instance of the original.
			o := genValue(r, decode(t, string(text)).(map[string]any), 0)
			if original.Validate(clone(t, o)) == nil {
				sent := withNulls(roundTrip(t, st.schema).(map[string]any), clone(t, o))
				if err := strict.Validate(sent); err != nil {
					b, _ := json.Marshal(o)
					t.Fatalf("schema %d %s\nstrict %s\nthe original accepts %s, the strict form refuses it: %v", i, text, mustJSON(st.schema), b, err)
				}
				st.shape.restore(sent)
				if got, want := mustJSON(sent), mustJSON(clone(t, o)); got != want {
					t.Fatalf("schema %s: %s restored as %s", text, want, got)
				}
			}
		}
	}
	t.Logf("%d of 600 schemas had a strict form", checked)
	if checked < 50 {
		t.Fatalf("only %d schemas had a strict form", checked)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return strings.TrimSpace(string(b))
}

// TestReview32_StrictFormat: a format strict mode does not take (OpenAPI's
// int64, uri) leaves the strict schema, which the API would refuse whole,
// and is named in the description; a supported one stays.
func TestReview32_StrictFormat(t *testing.T) {
	schema := `{"type":"object","properties":{"id":{"type":"integer","format":"int64"},"link":{"type":"string","format":"uri","description":"where"},"mail":{"type":"string","format":"email"}},"required":["id","link","mail"],"additionalProperties":false}`
	s, ok := StrictSchema(json.RawMessage(schema))
	if !ok {
		t.Fatal("no strict form")
	}
	got := mustJSON(s)
	want := `{"additionalProperties":false,"properties":{"id":{"description":"(format: \"int64\")","type":"integer"},"link":{"description":"where (format: \"uri\")","type":"string"},"mail":{"format":"email","type":"string"}},"required":["id","link","mail"],"type":"object"}`
	if got != want {
		t.Errorf("strict form\n got %s\nwant %s", got, want)
	}
}
