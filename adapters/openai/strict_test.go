package toolkitopenai

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// strictCases are schemas with their strict form, or the reason there is
// none; args are arguments the original accepts, as the model would
// send them (absent optional properties left out).
var strictCases = []struct {
	name   string
	schema string
	want   string // the strict form; "" when refused
	reason string // part of the refusal
	args   []string
}{
	{
		name:   "all required",
		schema: `{"type":"object","properties":{"id":{"type":"string","description":"the id"}},"required":["id"],"additionalProperties":false}`,
		want:   `{"type":"object","properties":{"id":{"type":"string","description":"the id"}},"required":["id"],"additionalProperties":false}`,
		args:   []string{`{"id":"A-1"}`},
	},
	{
		name:   "optional becomes nullable, default named",
		schema: `{"type":"object","properties":{"id":{"type":"string"},"limit":{"type":"integer","description":"page size","default":10}},"required":["id"],"additionalProperties":false}`,
		want:   `{"type":"object","properties":{"id":{"type":"string"},"limit":{"type":["integer","null"],"description":"page size (default: 10)"}},"required":["id","limit"],"additionalProperties":false}`,
		args:   []string{`{"id":"A-1"}`, `{"id":"A-1","limit":5}`},
	},
	{
		name:   "optional enum gets a null branch",
		schema: `{"type":"object","properties":{"status":{"type":"string","enum":["open","closed"],"description":"which"}},"additionalProperties":false}`,
		want:   `{"type":"object","properties":{"status":{"anyOf":[{"type":"string","enum":["open","closed"]},{"type":"null"}],"description":"which"}},"required":["status"],"additionalProperties":false}`,
		args:   []string{`{}`, `{"status":"open"}`},
	},
	{
		name:   "the entry tool query_capabilities",
		schema: `{"type":"object","properties":{"keyword":{"type":"string"},"category":{"type":"string"},"cursor":{"type":"string"}},"additionalProperties":false}`,
		want:   `{"type":"object","properties":{"category":{"type":["string","null"]},"cursor":{"type":["string","null"]},"keyword":{"type":["string","null"]}},"required":["category","cursor","keyword"],"additionalProperties":false}`,
		args:   []string{`{}`, `{"keyword":"order"}`, `{"cursor":"5","keyword":"order"}`},
	},
	{
		name:   "nested object and array of objects",
		schema: `{"type":"object","properties":{"customer":{"type":"object","properties":{"name":{"type":"string"},"email":{"type":"string","format":"email"}},"required":["name"],"additionalProperties":false},"lines":{"type":"array","minItems":1,"items":{"type":"object","properties":{"sku":{"type":"string"},"qty":{"type":"integer","minimum":1}},"required":["sku"],"additionalProperties":false}}},"required":["customer","lines"],"additionalProperties":false}`,
		want:   `{"type":"object","properties":{"customer":{"type":"object","properties":{"email":{"type":["string","null"],"format":"email"},"name":{"type":"string"}},"required":["email","name"],"additionalProperties":false},"lines":{"type":"array","minItems":1,"items":{"type":"object","properties":{"qty":{"type":["integer","null"],"minimum":1},"sku":{"type":"string"}},"required":["qty","sku"],"additionalProperties":false}}},"required":["customer","lines"],"additionalProperties":false}`,
		args:   []string{`{"customer":{"name":"Ann"},"lines":[{"sku":"x"},{"sku":"y","qty":2}]}`, `{"customer":{"name":"Ann","email":"a@b.c"},"lines":[{"sku":"x","qty":1}]}`},
	},
	{
		name:   "optional nested object",
		schema: `{"type":"object","properties":{"filter":{"type":"object","properties":{"since":{"type":"string"}},"additionalProperties":false}},"additionalProperties":false}`,
		want:   `{"type":"object","properties":{"filter":{"type":["object","null"],"properties":{"since":{"type":["string","null"]}},"required":["since"],"additionalProperties":false}},"required":["filter"],"additionalProperties":false}`,
		args:   []string{`{}`, `{"filter":{}}`, `{"filter":{"since":"2026-01-01"}}`},
	},
	{
		name:   "required and nullable stays as it is",
		schema: `{"type":"object","properties":{"tags":{"type":["null","array"],"items":{"type":"string"}}},"required":["tags"],"additionalProperties":false}`,
		want:   `{"type":"object","properties":{"tags":{"type":["null","array"],"items":{"type":"string"}}},"required":["tags"],"additionalProperties":false}`,
		args:   []string{`{"tags":null}`, `{"tags":["a"]}`},
	},
	{
		name:   "annotations dropped, pattern kept",
		schema: `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"code":{"type":"string","pattern":"^[A-Z]{3}$","examples":["ABC"]}},"required":["code"],"additionalProperties":false}`,
		want:   `{"type":"object","properties":{"code":{"type":"string","pattern":"^[A-Z]{3}$"}},"required":["code"],"additionalProperties":false}`,
		args:   []string{`{"code":"ABC"}`},
	},
	{
		name:   "required anyOf of closed objects",
		schema: `{"type":"object","properties":{"target":{"anyOf":[{"type":"object","properties":{"user":{"type":"string"}},"required":["user"],"additionalProperties":false},{"type":"object","properties":{"team":{"type":"string"}},"required":["team"],"additionalProperties":false}]}},"required":["target"],"additionalProperties":false}`,
		want:   `{"type":"object","properties":{"target":{"anyOf":[{"type":"object","properties":{"user":{"type":"string"}},"required":["user"],"additionalProperties":false},{"type":"object","properties":{"team":{"type":"string"}},"required":["team"],"additionalProperties":false}]}},"required":["target"],"additionalProperties":false}`,
		args:   []string{`{"target":{"user":"ann"}}`, `{"target":{"team":"ops"}}`},
	},
	{name: "open object (call_capability's parameters)", schema: `{"type":"object","properties":{"name":{"type":"string"},"parameters":{"type":"object"}},"required":["name"],"additionalProperties":false}`, reason: "parameters: an object open to other properties"},
	{
		name:   "no parameters",
		schema: `{"type":"object","properties":{},"required":[],"additionalProperties":false}`,
		want:   `{"type":"object","properties":{},"required":[],"additionalProperties":false}`,
		args:   []string{`{}`},
	},
	{name: "additionalProperties not false", schema: `{"type":"object","properties":{"a":{"type":"string"}}}`, reason: "open to other properties"},
	{name: "array without items", schema: `{"type":"object","properties":{"ids":{"type":"array"}},"required":["ids"],"additionalProperties":false}`, reason: "without an items schema"},
	{name: "oneOf", schema: `{"type":"object","properties":{"a":{"oneOf":[{"type":"string"},{"type":"integer"}]}},"required":["a"],"additionalProperties":false}`, reason: `"oneOf"`},
	{name: "allOf", schema: `{"type":"object","properties":{"a":{"allOf":[{"type":"string"}]}},"required":["a"],"additionalProperties":false}`, reason: `"allOf"`},
	{name: "minLength", schema: `{"type":"object","properties":{"a":{"type":"string","minLength":1}},"required":["a"],"additionalProperties":false}`, reason: `"minLength"`},
	{name: "optional and nullable", schema: `{"type":"object","properties":{"a":{"type":["string","null"]}},"additionalProperties":false}`, reason: "optional and nullable"},
	{name: "optional inside anyOf", schema: `{"type":"object","properties":{"a":{"anyOf":[{"type":"object","properties":{"x":{"type":"string"}},"additionalProperties":false},{"type":"string"}]}},"required":["a"],"additionalProperties":false}`, reason: "inside anyOf"},
	{name: "ref", schema: `{"type":"object","properties":{"a":{"$ref":"#/$defs/x"}},"required":["a"],"additionalProperties":false,"$defs":{"x":{"type":"string"}}}`, reason: `"$defs"`},
	{name: "untyped property", schema: `{"type":"object","properties":{"a":{"description":"anything"}},"required":["a"],"additionalProperties":false}`, reason: "accepts anything"},
	{name: "root not an object", schema: `{"type":"string"}`, reason: "root"},
	{name: "boolean schema property", schema: `{"type":"object","properties":{"a":true},"required":["a"],"additionalProperties":false}`, reason: "not a schema object"},
}

// TestStrictSchema: each schema's strict form, or why it has none; the
// strict form accepts each argument set once absent optional properties
// are sent as null, and restoring those nulls gives back the arguments.
func TestStrictSchema(t *testing.T) {
	for _, tc := range strictCases {
		t.Run(tc.name, func(t *testing.T) {
			st, err := strictFor(json.RawMessage(tc.schema))
			if tc.want == "" {
				if err == nil || !strings.Contains(err.Error(), tc.reason) {
					t.Fatalf("err = %v, want one saying %s", err, tc.reason)
				}
				if s, ok := StrictSchema(json.RawMessage(tc.schema)); ok || s != nil {
					t.Errorf("StrictSchema = %v, %v; want nil, false", s, ok)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(decode(t, tc.want), roundTrip(t, st.schema)); diff != "" {
				t.Errorf("strict form (-want +got):\n%s", diff)
			}
			strictSchema := compile(t, st.schema)
			original := compile(t, decode(t, tc.schema))
			for _, a := range tc.args {
				args := decode(t, a)
				if err := original.Validate(args); err != nil {
					t.Fatalf("the original refuses %s: %v", a, err)
				}
				sent := withNulls(st.schema, decode(t, a))
				if err := strictSchema.Validate(sent); err != nil {
					t.Errorf("the strict form refuses %s sent as %v: %v", a, sent, err)
				}
				st.shape.restore(sent)
				if diff := cmp.Diff(args, sent); diff != "" {
					t.Errorf("restored %s (-want +got):\n%s", a, diff)
				}
			}
		})
	}
}

// withNulls fills v, arguments for the strict schema s, as strict mode
// makes the model: every property present, null for those it leaves out.
func withNulls(s map[string]any, v any) any {
	switch v := v.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		for name, p := range props {
			ps, _ := p.(map[string]any)
			if x, ok := v[name]; ok {
				v[name] = withNulls(ps, x)
			} else {
				v[name] = nil
			}
		}
	case []any:
		items, _ := s["items"].(map[string]any)
		for i, x := range v {
			v[i] = withNulls(items, x)
		}
	}
	return v
}

func decode(t *testing.T, s string) any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

func roundTrip(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return decode(t, string(b))
}

func compile(t *testing.T, schema any) *jsonschema.Schema {
	t.Helper()
	b, err := json.Marshal(schema)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}
