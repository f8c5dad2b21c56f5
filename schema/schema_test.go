package schema_test

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/schema"
)

func compile(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema.Tool()))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(schema.ID, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(schema.ID)
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// validate reports whether the YAML src is valid against the schema.
func validate(t *testing.T, sch *jsonschema.Schema, src []byte) error {
	t.Helper()
	js, err := yaml.YAMLToJSON(src)
	if err != nil {
		t.Fatalf("YAML to JSON: %v", err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(js))
	if err != nil {
		t.Fatal(err)
	}
	return sch.Validate(inst)
}

// structural reports a loader diagnostic a schema can express: an unknown
// field, a value of the wrong type or kind, a missing required field.
func structural(d toolkit.Diagnostic) bool {
	for _, p := range []string{"unknown field", "must be a", "must be an", "must be true or false", "missing required field", "unknown type", "unknown method", "must hold at least one step", "set at most one of"} {
		if strings.HasPrefix(d.Msg, p) {
			return true
		}
	}
	return false
}

// checkAgreement checks the schema against the loader on one file: what
// the loader accepts validates, what it refuses for a reason the schema can
// express does not. A file that is not YAML is the loader's alone.
func checkAgreement(t *testing.T, sch *jsonschema.Schema, name string, src []byte) {
	t.Helper()
	_, diags := toolkit.ParseWorkflow(name, src)
	if slices.ContainsFunc(diags, func(d toolkit.Diagnostic) bool { return strings.Contains(d.Msg, "YAML") }) {
		return
	}
	if _, pdiags := toolkit.ParsePreRequest(name, src); !pdiags.HasErrors() {
		diags = pdiags // the file defines a shared pre_request
	}
	err := validate(t, sch, src)
	if !diags.HasErrors() {
		if err != nil {
			t.Errorf("%s: the loader accepts it, the schema does not (a field missing from schema/tool.schema.json?):\n%v", name, err)
		}
		return
	}
	if i := slices.IndexFunc(diags.Errors(), structural); i >= 0 && err == nil {
		t.Errorf("%s: the loader refuses it (%v), the schema accepts it", name, diags.Errors()[i])
	}
}

// TestRepositoryToolFiles validates every tool file of the repository
// (testdata, examples) against the schema and the loader.
func TestRepositoryToolFiles(t *testing.T) {
	sch := compile(t)
	n := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != ".." {
			return filepath.SkipDir
		}
		if ext := filepath.Ext(path); d.IsDir() || (ext != ".yaml" && ext != ".yml") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if toolkit.DetectFile(src) == toolkit.FileTool {
			n++
			checkAgreement(t, sch, path, src)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 15 {
		t.Errorf("checked %d tool files; expected the repository's testdata and examples", n)
	}
}

const valid = `name: get_order
desc: Look up an order.
params:
  - {name: order_id, type: string, required: true, description: the id}
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/orders/${param:order_id}
    var:
      - {name: status, extract: data.status}
    result: ${step0:status}
`

// TestAgreement mutates a valid file in ways the loader accepts and in
// ways it refuses, and checks that the schema says the same.
func TestAgreement(t *testing.T) {
	sch := compile(t)
	tests := []struct {
		name     string
		old, new string
		valid    bool
	}{
		{"unchanged", "", "", true},
		{"method in lower case", "    var:", "    method: post\n    var:", true},
		{"every step field", "    var:", `    method: PUT
    headers: {Accept: application/json, X-Limit: 10}
    query: [{key: q, value: "${param:order_id}"}, {key: limit, value: 10}, {key: flag}]
    body: '{"a": "${param:order_id}"}'
    timeout: 5
    cache: {ttl: 60}
    retry: {max: 2, wait_min: 0.5, wait_max: 5, idempotency_key: true}
    var:`, true},
		{"cache and retry short forms", "    var:", "    cache: true\n    retry: 3\n    var:", true},
		{"env as a mapping", "env: [BASE_URL]", "env:\n  - BASE_URL\n  - {name: PIN, sensitive: true}", true},
		{"per-call values", "env: [BASE_URL]", "env: [BASE_URL]\nvalues:\n  - tenant\n  - {name: locale, default: en}\n  - {name: user_token, sensitive: true}\n  - name: region", true},
		{"loop with a cursor", "    var:", "    loop: {cursor: {path: meta.next, param: cursor}, items: 'data[]', max_pages: 3, max_items: 10, while: has_more}\n    var:", true},
		{"loop with a counter", "    var:", "    loop: {page: {param: page, start: 0}, items: 'data[]'}\n    var:", true},
		{"loop with next_url and hosts", "    var:", "    loop: {next_url: links.next, items: 'data[]', hosts: [cdn.example.com]}\n    var:", true},
		{"loop with link and offset", "    var:", "    loop: {link: next, offset: {param: o}, items: 'data[]'}\n    var:", false},
		{"loop without items", "    var:", "    loop: {link: next}\n    var:", false},
		{"loop with an unknown field", "    var:", "    loop: {link: next, items: 'data[]', pages: 3}\n    var:", false},
		{"loop page as a number", "    var:", "    loop: {page: 1, items: 'data[]'}\n    var:", false},
		{"loop max_pages as a string", "    var:", "    loop: {link: next, items: 'data[]', max_pages: many}\n    var:", false},
		{"export", "      - {name: status, extract: data.status}", "      - {name: status, extract: data.status}\n    export: [status, {name: status, as: ORDER_STATUS}]", true},
		{"export with an unknown field", "      - {name: status, extract: data.status}", "      - {name: status, extract: data.status}\n    export: [{name: status, to: X}]", false},
		{"export as a mapping", "      - {name: status, extract: data.status}", "      - {name: status, extract: data.status}\n    export: {status: X}", false},
		{"pre_request written out", "steps:", "pre_request:\n  url: https://auth.example/token\n  method: post\n  cache: {ttl: 60}\n  retry: 1\n  var: [{name: token, extract: access_token, abort: true}]\nsteps:", true},
		{"pre_request by name", "steps:", "pre_request: shop_auth\nsteps:", true},
		{"pre_request with a step field", "steps:", "pre_request:\n  url: https://auth.example/token\n  next: 0\n  var: [{name: token}]\nsteps:", false},
		{"pre_request as a list", "steps:", "pre_request: [a]\nsteps:", false},
		{"pre_request var with an unknown field", "steps:", "pre_request:\n  url: https://auth.example/token\n  var: [{name: token, extrct: x}]\nsteps:", false},
		{"a per-call value with an unknown field", "env: [BASE_URL]", "env: [BASE_URL]\nvalues: [{name: tenant, secret: true}]", false},
		{"per-call values as a mapping", "env: [BASE_URL]", "env: [BASE_URL]\nvalues: {tenant: x}", false},
		{"param default and validate", "description: the id}", "description: the id, default: A-1, validate: '^A-[0-9]+$'}", true},
		{"var handlings", "{name: status, extract: data.status}", "{name: status, extract: data.status, default: none}\n      - {name: x, abort: false, jump: 0}", true},

		{"unknown top-level field", "env:", "version: 2\nenv:", false},
		{"unknown step field", "    var:", "    metod: POST\n    var:", false},
		{"unknown var field", "extract: data.status}", "extrct: data.status}", false},
		{"unknown param field", "description: the id}", "description: the id, optional: true}", false},
		{"missing steps", "steps:", "stepz:", false},
		{"missing url", "  - url:", "  - uri:", false},
		{"missing param type", "type: string, ", "", false},
		{"timeout as a string", "    var:", "    timeout: \"30\"\n    var:", false},
		{"timeout as a number", "    var:", "    timeout: 1.5\n    var:", false},
		{"cache as a string", "    var:", "    cache: yes please\n    var:", false},
		{"unknown cache field", "    var:", "    cache: {ttl: 5, size: 3}\n    var:", false},
		{"unknown method", "    var:", "    method: FETCH\n    var:", false},
		{"unknown param type", "type: string", "type: list", false},
		{"required as a string", "required: true", "required: \"yes\"", false},
		{"headers as a list", "    var:", "    headers: [Accept]\n    var:", false},
		{"query as a mapping", "    var:", "    query: {q: x}\n    var:", false},
		{"query without key", "    var:", "    query: [{value: x}]\n    var:", false},
		{"var as a mapping", "      - {name: status, extract: data.status}", "      name: status", false},
		{"steps empty", "steps:\n  - url:", "steps: []\nx:\n  - url:", false},
		{"two handlings", "extract: data.status}", "extract: data.status, default: x, abort: true}", false},
		{"retry as a string", "    var:", "    retry: twice\n    var:", false},
		{"jump as a string", "extract: data.status}", "extract: data.status, jump: first}", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.Replace(valid, tt.old, tt.new, 1)
			if tt.old != "" && src == valid {
				t.Fatalf("%q not found", tt.old)
			}
			_, diags := toolkit.ParseWorkflow("t.yaml", []byte(src))
			if diags.HasErrors() == tt.valid {
				t.Fatalf("loader: errors %v, want valid %v:\n%s", diags, tt.valid, src)
			}
			err := validate(t, compile(t), []byte(src))
			if (err == nil) != tt.valid {
				t.Errorf("schema: %v, want valid %v:\n%s", err, tt.valid, src)
			}
			checkAgreement(t, sch, "t.yaml", []byte(src))
		})
	}
}

// TestSharedPreRequest checks files that define a shared pre_request.
func TestSharedPreRequest(t *testing.T) {
	sch := compile(t)
	tests := []struct {
		name, src string
		valid     bool
	}{
		{"shared", "env: [AUTH_URL]\nvalues: [tenant]\npre_request:\n  name: shop_auth\n  url: ${env:AUTH_URL}/token\n  var: [{name: token, extract: access_token, abort: true}]\n", true},
		{"shared with a tool field", "desc: x\nenv: [AUTH_URL]\npre_request:\n  name: shop_auth\n  url: ${env:AUTH_URL}/token\n  var: [{name: token}]\n", false},
		{"named in a tool file", "name: a\ndesc: b\npre_request:\n  name: shop_auth\n  url: https://auth.example/token\n  var: [{name: token}]\nsteps: [{url: 'https://x.example'}]\n", false},
		{"without a name or steps", "env: [AUTH_URL]\npre_request:\n  url: ${env:AUTH_URL}/token\n  var: [{name: token}]\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, wd := toolkit.ParseWorkflow("t.yaml", []byte(tt.src))
			_, pd := toolkit.ParsePreRequest("t.yaml", []byte(tt.src))
			if loads := !wd.HasErrors() || !pd.HasErrors(); loads != tt.valid {
				t.Fatalf("loader: %v / %v, want valid %v", wd, pd, tt.valid)
			}
			if err := validate(t, sch, []byte(tt.src)); (err == nil) != tt.valid {
				t.Errorf("schema: %v, want valid %v", err, tt.valid)
			}
			checkAgreement(t, sch, "t.yaml", []byte(tt.src))
		})
	}
}

// TestDescribed checks that every field of the schema has a description and
// examples, for editors that complete and explain fields.
func TestDescribed(t *testing.T) {
	var root map[string]any
	if err := json.Unmarshal(schema.Tool(), &root); err != nil {
		t.Fatal(err)
	}
	resolve := func(s map[string]any) map[string]any {
		for s["description"] == nil && s["$ref"] != nil {
			var cur any = root
			for _, key := range strings.Split(strings.TrimPrefix(s["$ref"].(string), "#/"), "/") {
				cur = cur.(map[string]any)[key]
			}
			s = cur.(map[string]any)
		}
		return s
	}
	fields := 0
	var walk func(path string, s map[string]any)
	walk = func(path string, s map[string]any) {
		s = resolve(s)
		if props, ok := s["properties"].(map[string]any); ok {
			for name, p := range props {
				fields++
				ps := p.(map[string]any)
				if resolve(ps)["description"] == nil {
					t.Errorf("%s.%s: no description", path, name)
				}
				if ps["examples"] == nil && resolve(ps)["examples"] == nil {
					t.Errorf("%s.%s: no examples", path, name)
				}
				walk(path+"."+name, ps)
			}
		}
		for _, key := range []string{"items", "additionalProperties"} {
			if sub, ok := s[key].(map[string]any); ok {
				walk(path+"[]", sub)
			}
		}
		for _, key := range []string{"oneOf", "anyOf"} {
			if subs, ok := s[key].([]any); ok {
				for _, sub := range subs {
					walk(path, sub.(map[string]any))
				}
			}
		}
	}
	walk("", root)
	if fields < 30 {
		t.Errorf("walked %d fields; the walk misses some", fields)
	}
}
