package yqcloud

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit"
	goldenfile "github.com/toolkit-sdk/toolkit/internal/golden"
)

// golden compares got with testdata/name, rewriting it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	goldenfile.Check(t, "testdata/"+name, got)
}

// TestSpecDefinitions loads the spec's own definitions, verbatim.
func TestSpecDefinitions(t *testing.T) {
	set, diags := ParseDir("testdata/spec", nil)
	if len(diags) > 0 {
		t.Fatalf("diagnostics:\n%s", diags)
	}
	var names []string
	for _, d := range set.Definitions() {
		names = append(names, d.Name)
	}
	want := []string{"createTicket", "fetchKnowledgeElement", "getAllServiceItem", "getCreateTicketParamJsonSchema", "requestUserSelectServiceItem"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("names (-want +got):\n%s", diff)
	}
	d, _ := set.Lookup("fetchKnowledgeElement")
	got := []any{d.Function.Type, d.Function.Method, d.Function.URL, d.Function.Headers, d.Intl["en_US"].Description, d.File, d.Line}
	wantD := []any{TypeCallURL, "GET", "${STATIC#yqcloud_url}/knowledge/v1/${tenantId}/know/fetch/element/{knowId}",
		map[string]string{"Accept": "application/json", "Authorization": "bearer ${yqAccessToken}", "x-tenant-id": "${tenantId}"},
		"Fetch knowledge element details by knowId.", "testdata/spec/fetchKnowledgeElement.json", 1}
	if diff := cmp.Diff(wantD, got); diff != "" {
		t.Errorf("fetchKnowledgeElement (-want +got):\n%s", diff)
	}
	sel, _ := set.Lookup("requestUserSelectServiceItem")
	if !sel.Function.StopAfterFunctionCall || sel.Function.URL != TransparentURL || sel.hooks[hookResponse] == nil {
		t.Errorf("requestUserSelectServiceItem: %+v", sel.Function)
	}
	ct, _ := set.Lookup("createTicket")
	if ct.Function.Type != TypeManual || !ct.Function.StopAfterFunctionCall {
		t.Errorf("createTicket: %+v", ct.Function)
	}
}

// TestHookExamples loads definitions built from the spec's hook examples.
func TestHookExamples(t *testing.T) {
	set, diags := ParseFile("testdata/hooks.json", nil)
	if len(diags) > 0 {
		t.Fatalf("diagnostics:\n%s", diags)
	}
	if n := len(set.Definitions()); n != 6 {
		t.Fatalf("%d definitions, want 6", n)
	}
}

// TestDiagnostics reports every problem of a file at once, with
// line:col and JSON path.
func TestDiagnostics(t *testing.T) {
	for _, name := range []string{"invalid.json", "template.jsonc"} {
		t.Run(name, func(t *testing.T) {
			set, diags := ParseFile("testdata/"+name, nil)
			if !diags.HasErrors() || !errors.Is(diags, toolkit.ErrLoad) {
				t.Fatalf("want errors, got %v", diags)
			}
			if n := len(set.Definitions()); n != 0 {
				t.Errorf("a file with errors loaded %d definitions", n)
			}
			golden(t, strings.TrimSuffix(name, ".json")+".diagnostics", diags.String()+"\n")
		})
	}
}

// TestParseTable checks single problems, each with its position.
type parseCase struct {
	name, src string
	want      []string // rendered diagnostics
	defs      int
}

func parseTableCases() []parseCase {
	const ok = `"parameters": {"type": "object", "properties": {"id": {"type": "string"}}}`
	return []parseCase{
		{"single object", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "manual"}}`, nil, 1},
		{"array", `[{"name": "a", "description": "d", ` + ok + `, "function": {"type": "manual"}},
 {"name": "b", "description": "d", ` + ok + `, "function": {"type": "manual"}}]`, nil, 2},
		{"comments", "// functions\n[/* one */ {\"name\": \"a\", \"description\": \"d\", " + ok + `, "function": {"type": "manual"}}]`, nil, 1},
		{"syntax error", "{\n  \"name\": \"a\",\n  \"description\" \"d\"\n}", []string{
			`f.json:3:17: invalid JSON: unexpected '"', expecting ':' after member "description"`}, 0},
		{"trailing comma", `{"name": "a",}`, []string{
			`f.json:1:14: invalid JSON: unexpected '}', expecting a member name in double quotes`}, 0},
		{"not an object", `"x"`, []string{
			`f.json:1:1: the file must hold a function definition (a JSON object) or an array of them, not a string`}, 0},
		{"element not an object", `[1]`, []string{
			`f.json:1:2: [0]: a function definition must be a JSON object, not an integer`}, 0},
		{"empty array", `[]`, []string{
			`f.json:1:1: warning: the file defines no functions (an empty array)`}, 0},
		{"duplicate member", `{"name": "a", "name": "b", "description": "d", ` + ok + `, "function": {"type": "manual"}}`, []string{
			`f.json:1:15: name: duplicate member "name"`}, 0},
		{"bad name", `{"name": "get items", "description": "d", ` + ok + `, "function": {"type": "manual"}}`, []string{
			`f.json:1:2: name: name "get items" must be 1 to 64 letters, digits, '_' or '-' (what model APIs accept)`}, 0},
		{"entry tool name", `{"name": "call_capability", "description": "d", ` + ok + `, "function": {"type": "manual"}}`, []string{
			`f.json:1:2: name: name "call_capability" is the name of an entry tool`}, 0},
		{"name not a string", `{"name": 1, "description": "d", ` + ok + `, "function": {"type": "manual"}}`, []string{
			`f.json:1:2: name: name must be a string, not an integer`}, 0},
		{"no description, no parameters", `{"name": "a", "function": {"type": "manual"}}`, []string{
			`f.json:1:1: warning: description: description is missing or empty: the model decides when to call the function by it`,
			`f.json:1:1: warning: parameters: parameters is missing; the function takes no arguments`}, 1},
		{"no function", `{"name": "a", "description": "d", ` + ok + `}`, []string{
			`f.json:1:1: function: function is missing: it says how the call runs (type call_url or manual)`}, 0},
		{"no type", `{"name": "a", "description": "d", ` + ok + `, "function": {}}`, []string{
			`f.json:1:111: function.type: type is missing: "call_url" or "manual"`}, 0},
		{"parameters not a schema", `{"name": "a", "description": "d", "parameters": [], "function": {"type": "manual"}}`, []string{
			`f.json:1:35: parameters: parameters must be a JSON Schema object, not an array`}, 0},
		{"properties not an object", `{"name": "a", "description": "d", "parameters": {"type": "object", "properties": []}, "function": {"type": "manual"}}`, []string{
			`f.json:1:68: parameters.properties: properties must be an object, not an array`}, 0},
		{"property schema not an object", `{"name": "a", "description": "d", "parameters": {"type": "object", "properties": {"x": 1}}, "function": {"type": "manual"}}`, []string{
			`f.json:1:83: parameters.properties.x: the schema of property "x" must be an object, not an integer`}, 0},
		{"no schema type", `{"name": "a", "description": "d", "parameters": {"properties": {}}, "function": {"type": "manual"}}`, []string{
			`f.json:1:35: warning: parameters: parameters has no "type"; model APIs expect "type": "object"`}, 1},
		{"additionalProperties", `{"name": "a", "description": "d", "parameters": {"type": "object", "additionalProperties": "no"}, "function": {"type": "manual"}}`, []string{
			`f.json:1:68: parameters.additionalProperties: additionalProperties must be a boolean or a schema object, not a string`}, 0},
		{"type list", `{"name": "a", "description": "d", "parameters": {"type": "object", "properties": {"x": {"type": ["string", "null", "date"]}}}, "function": {"type": "manual"}}`, []string{
			`f.json:1:89: parameters.properties.x.type: type "date" is not a JSON Schema type (string, number, integer, boolean, array, object, null)`}, 0},
		{"relative url", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "call_url", "url": "/itsm/v1/x"}}`, []string{
			`f.json:1:144: function.url: url "/itsm/v1/x" must be absolute (http:// or https://), start with a placeholder such as ${STATIC#yqcloud_url}, or be "/transparent"`}, 0},
		{"empty url", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "call_url", "url": " "}}`, []string{
			`f.json:1:144: function.url: url is empty`}, 0},
		{"url not a string", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "call_url", "url": 1}}`, []string{
			`f.json:1:144: function.url: url must be a string, not an integer`}, 0},
		{"empty STATIC name", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "call_url", "url": "${STATIC#}/x"}}`, []string{
			`f.json:1:152: function.url: placeholder ${STATIC#} needs a name after "STATIC#"`}, 0},
		{"unknown placeholder", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "call_url", "url": "${base}/x"}}`, []string{
			`f.json:1:144: warning: function.url: placeholder ${base} is not a YQCloud placeholder (${tenantId}, ${yqAccessToken}, ${STATIC#name}); the host must pass toolkit.WithValue("base", ...)`}, 1},
		{"path param from requestParser", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "call_url", "url": "https://x/{code}", "requestParser": "return {code: 1}"}}`, []string{
			`f.json:1:144: warning: function.url: path parameter {code} is not in parameters.properties (fine if requestParser adds it)`}, 1},
		{"queryParams is a path param", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "call_url", "method": "POST", "url": "https://x/{id}", "queryParams": "id"}}`, []string{
			`f.json:1:187: warning: function.queryParams: queryParams names "id", which is a {id} path parameter and so never reaches the query`}, 1},
		{"queryParams not a string", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "call_url", "url": "https://x", "queryParams": ["id"]}}`, []string{
			`f.json:1:164: function.queryParams: queryParams must be a comma-separated string such as "a,b", not an array`}, 0},
		{"queryParams twice", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "call_url", "url": "https://x", "queryParams": "id, id"}}`, []string{
			`f.json:1:164: warning: function.queryParams: queryParams names "id" twice`}, 1},
		{"lowercase method", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "call_url", "method": "post", "url": "https://x"}}`, nil, 1},
		{"header value not a string", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "call_url", "url": "https://x", "headers": {"X-N": 1}}}`, []string{
			`f.json:1:176: function.headers["X-N"]: header "X-N" must have a string value, not an integer`}, 0},
		{"header line break", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "call_url", "url": "https://x", "headers": {"X-N": "a\r\nB: c"}}}`, []string{
			`f.json:1:176: function.headers["X-N"]: header "X-N" holds a line break or NUL`}, 0},
		{"headers not an object", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "call_url", "url": "https://x", "headers": "A: b"}}`, []string{
			`f.json:1:164: function.headers: headers must be an object of header names to values, not a string`}, 0},
		{"hook not a string", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "call_url", "url": "https://x", "responseParser": 1}}`, []string{
			`f.json:1:164: function.responseParser: responseParser must be a string, not an integer`}, 0},
		{"hook strict-mode error", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "call_url", "url": "https://x", "responseParser": "with (data) { return a }"}}`, []string{
			`f.json:1:164: function.responseParser: responseParser does not compile: script line 1:1: SyntaxError: Strict mode code may not include a with statement`}, 0},
		{"hook on manual", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "manual", "responseParser": "return data"}}`, []string{
			`f.json:1:142: warning: function.responseParser: responseParser does not run for manual functions (there is no response)`}, 1},
		{"url on manual", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "manual", "url": "https://x"}}`, []string{
			`f.json:1:142: warning: function.url: url is ignored for manual functions`}, 1},
		{"toolChoice string", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "manual", "toolChoice": "required"}}`, nil, 1},
		{"typingMessage not a string", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "manual", "typingMessage": true}}`, []string{
			`f.json:1:142: function.typingMessage: typingMessage must be a string, not a boolean`}, 0},
		{"intl not an object", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "manual"}, "intl": []}`, []string{
			`f.json:1:143: intl: intl must be an object of locales, not an array`}, 0},
		{"intl entry not an object", `{"name": "a", "description": "d", ` + ok + `, "function": {"type": "manual"}, "intl": {"en_US": "x"}}`, []string{
			`f.json:1:152: intl.en_US: intl "en_US" must be an object such as {"description": "..."}, not a string`}, 0},
		{"unknown top field typo", `{"name": "a", "descripton": "d", ` + ok + `, "function": {"type": "manual"}}`, []string{
			`f.json:1:1: warning: description: description is missing or empty: the model decides when to call the function by it`,
			`f.json:1:15: descripton: unknown field "descripton"; did you mean "description"?`}, 0},
	}
}

// checkParse parses src and compares its diagnostics and the number of
// definitions with what is wanted.
func checkParse(t *testing.T, src string, opts *Options, want []string, defs int) {
	t.Helper()
	set, diags := Parse("f.json", []byte(src), opts)
	var got []string
	for _, d := range diags {
		got = append(got, d.Error())
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
	if n := len(set.Definitions()); n != defs {
		t.Errorf("%d definitions, want %d", n, defs)
	}
}

func TestParseTable(t *testing.T) {
	for _, tt := range parseTableCases() {
		t.Run(tt.name, func(t *testing.T) {
			checkParse(t, tt.src, nil, tt.want, tt.defs)
		})
	}
}

// TestParseFS loads a tree, skipping broken files and reporting names
// defined twice across files.
func TestParseFS(t *testing.T) {
	def := func(name string) string {
		return `{"name": "` + name + `", "description": "d", "parameters": {"type": "object", "properties": {}}, "function": {"type": "manual"}}`
	}
	fsys := fstest.MapFS{
		"fns/a.json":        {Data: []byte(def("a"))},
		"fns/b.json":        {Data: []byte("[" + def("b") + "," + def("c") + "]")},
		"fns/sub/dup.json":  {Data: []byte(def("a"))},
		"fns/broken.json":   {Data: []byte(`{`)},
		"fns/readme.md":     {Data: []byte(`not json`)},
		"other/ignore.json": {Data: []byte(def("z"))},
	}
	set, diags := ParseFS(fsys, "fns", nil)
	var got []string
	for _, d := range diags {
		got = append(got, d.Error())
	}
	want := []string{
		`fns/broken.json:1:2: invalid JSON: unexpected end of input, expecting a member name in double quotes`,
		`fns/sub/dup.json:1:2: name: duplicate function name "a" (also defined at fns/a.json:1)`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
	var names []string
	for _, d := range set.Definitions() {
		names = append(names, d.Name)
	}
	if diff := cmp.Diff([]string{"a", "b", "c"}, names); diff != "" {
		t.Errorf("names (-want +got):\n%s", diff)
	}
	if _, diags := ParseFile("testdata/nope.json", nil); len(diags) != 1 || diags[0].File != "testdata/nope.json" {
		t.Errorf("missing file: %v", diags)
	}
}

// FuzzParse: the loader never panics, positions stay inside the file and
// a clean load yields callable definitions.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"spec/getAllServiceItem.json", "spec/fetchKnowledgeElement.json", "hooks.json", "invalid.json", "template.jsonc"} {
		src, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		set, diags := Parse("f.json", src, nil)
		lines := 1 + strings.Count(string(src), "\n")
		for _, d := range diags {
			if d.Line < 0 || d.Line > lines || (d.Line > 0 && d.Col < 1) {
				t.Fatalf("position out of range: %v", d)
			}
		}
		if diags.HasErrors() && len(set.Definitions()) > 0 {
			t.Fatal("a file with errors loaded definitions")
		}
		for _, d := range set.Definitions() {
			_ = d.LocalDescription("en_US")
			if d.Name == "" {
				t.Fatal("a definition without a name")
			}
		}
	})
}

// TestDefinitionFileLimits: a file over Options.MaxFileBytes or nested
// deeper than MaxFileDepth does not load, with a diagnostic that says so
// (where, for the depth); brackets in strings and comments do not count.
func TestDefinitionFileLimits(t *testing.T) {
	nested := func(n int) string { // a property schema n levels deep in the file
		return def("f", `{"type": "object", "properties": {"p": {"type": "array", "default": `+strings.Repeat("[", n-4)+strings.Repeat("]", n-4)+`}}}`, `{"type": "manual"}`)
	}
	ok := def("f", "", `{"type": "manual"}`)
	tests := []struct {
		name, src string
		max       int
		want      []string
		defs      int
	}{
		{"at the size limit", ok, len(ok), nil, 1},
		{"over the size limit", ok, len(ok) - 1, []string{fmt.Sprintf("f.json: the file is %d bytes, over the limit of %d bytes for a definition file (Options.MaxFileBytes)", len(ok), len(ok)-1)}, 0},
		{"at the depth limit", nested(MaxFileDepth), 0, nil, 1},
		{"over the depth limit", "\n  " + nested(MaxFileDepth+1), 0, []string{
			fmt.Sprintf("f.json:2:%d: arrays and objects nest more than 64 levels deep here; a definition file may nest at most 64", 3+strings.Index(nested(MaxFileDepth+1), "[")+MaxFileDepth-4),
		}, 0},
		{"brackets in strings and comments", "// [[[[\n/* {{{{ */\n" + def("f", "", `{"type": "manual", "typingMessage": "`+strings.Repeat("[{", 100)+`\"]"}`), 0, nil, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkParse(t, tt.src, &Options{MaxFileBytes: tt.max}, tt.want, tt.defs)
		})
	}
	// Files are not read past the limit: ParseFile, ParseDir and ParseFS.
	dir := t.TempDir()
	big := "[" + ok + strings.Repeat(" ", 100) + "]"
	if err := os.WriteFile(filepath.Join(dir, "big.json"), []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := &Options{MaxFileBytes: 64}
	want := fmt.Sprintf("the file is %d bytes, over the limit of 64 bytes for a definition file (Options.MaxFileBytes)", len(big))
	_, d1 := ParseFile(filepath.Join(dir, "big.json"), opts)
	_, d2 := ParseDir(dir, opts)
	_, d3 := ParseFS(fstest.MapFS{"fns/big.json": {Data: []byte(big)}}, "fns", opts)
	for i, diags := range []toolkit.Diagnostics{d1, d2, d3} {
		if len(diags) != 1 || diags[0].Msg != want {
			t.Errorf("%d: %v", i, diags)
		}
	}
}
