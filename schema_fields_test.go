package toolkit

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit/schema"
)

// TestSchemaFields checks that schema/tool.schema.json names the fields the
// loader knows, each object of the format: a field the loader accepts
// without a schema entry (or the reverse) fails here. A field the loader
// still refuses as a reserved extension may be left out of the schema.
func TestSchemaFields(t *testing.T) {
	var root map[string]any
	if err := json.Unmarshal(schema.Tool(), &root); err != nil {
		t.Fatal(err)
	}
	defs := root["$defs"].(map[string]any)
	props := func(s map[string]any) []string {
		p, _ := s["properties"].(map[string]any)
		keys := make([]string, 0, len(p))
		for k := range p {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		return keys
	}
	def := func(path ...any) map[string]any {
		var cur any = defs
		for _, p := range path {
			switch k := p.(type) {
			case string:
				cur = cur.(map[string]any)[k]
			case int:
				cur = cur.([]any)[k]
			}
		}
		return cur.(map[string]any)
	}
	step := def("step")
	tests := []struct {
		object string
		loader []string
		schema []string
		// place puts a field with a placeholder value into a valid file.
		place func(field string) string
	}{
		{"top level", topFields, props(root), func(f string) string {
			return "name: a\ndesc: b\nsteps: [{url: 'https://x.example'}]\n" + f + ": 1\n"
		}},
		{"params[]", paramFields, props(def("param")), nil},
		{"env[]", envFields, props(def("envVar", "oneOf", 1)), nil},
		{"values[]", valueFields, props(def("callValue", "oneOf", 1)), nil},
		{"steps[]", stepFields, props(step), func(f string) string {
			return "name: a\ndesc: b\nsteps: [{url: 'https://x.example', " + f + ": 1}]\n"
		}},
		{"steps[].var[]", varFields, props(def("var")), nil},
		{"steps[].body (upload)", uploadFields, props(def("upload")), nil},
		{"steps[].body.multipart[]", partFields, props(def("uploadPart")), nil},
		{"pre_request", preFields, props(def("preRequest")), nil},
		{"auth", authFields, props(def("auth")), nil},
		{"steps[].loop", loopFields, props(def("loop")), nil},
		{"steps[].loop.cursor", cursorFields, props(def("loop", "properties", "cursor", "oneOf", 1)), nil},
		{"steps[].loop.page", pageFields, props(def("loop", "properties", "page")), nil},
		{"steps[].loop.offset", offsetFields, props(def("loop", "properties", "offset")), nil},
		{"steps[].export[]", exportFields, props(def("export", "oneOf", 1)), nil},
		{"steps[].query[]", []string{"key", "value"}, props(step["properties"].(map[string]any)["query"].(map[string]any)["items"].(map[string]any)), nil},
		{"steps[].stream", streamFields, props(def("stream")), nil},
		{"steps[].cache", []string{"ttl"}, props(def("step", "properties", "cache", "oneOf", 1)), nil},
		{"steps[].retry", []string{"max", "wait_min", "wait_max", "idempotency_key"}, props(def("step", "properties", "retry", "oneOf", 1)), nil},
	}
	// A file defining a shared pre_request holds only these fields.
	var shared []string
	for _, f := range root["then"].(map[string]any)["propertyNames"].(map[string]any)["enum"].([]any) {
		shared = append(shared, f.(string))
	}
	if diff := cmp.Diff(preFileFields, shared); diff != "" {
		t.Errorf("fields of a shared pre_request file (-loader +schema):\n%s", diff)
	}
	for _, tt := range tests {
		var known []string
		for _, f := range tt.loader {
			if slices.Contains(tt.schema, f) {
				known = append(known, f)
				continue
			}
			// Not in the schema: the loader must refuse it as reserved.
			if tt.place == nil {
				t.Errorf("%s: the loader knows %q; schema/tool.schema.json does not", tt.object, f)
				continue
			}
			_, diags := ParseWorkflow("t.yaml", []byte(tt.place(f)))
			if !slices.ContainsFunc(diags, func(d Diagnostic) bool { return strings.Contains(d.Msg, "reserved extension not supported") }) {
				t.Errorf("%s: the loader accepts %q (%v); add it to schema/tool.schema.json", tt.object, f, diags)
			}
		}
		slices.Sort(known)
		if diff := cmp.Diff(known, tt.schema); diff != "" {
			t.Errorf("%s: schema fields the loader does not know (-loader +schema):\n%s", tt.object, diff)
		}
	}
}
