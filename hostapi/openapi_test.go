package hostapi

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit"
)

func loadFile(t testing.TB, name string) *Catalog {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	c, ds := ParseOpenAPI("", data, nil)
	err = refused(ds)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// row is the part of an Endpoint most tests compare.
type row struct{ ID, Group, Method, Path, Summary, Params, Body string }

func rows(c *Catalog) []row {
	var out []row
	for _, e := range c.Endpoints() {
		var ps []string
		for _, p := range e.Params {
			s := fmt.Sprintf("%s:%s:%s", p.In, p.Name, p.Type)
			if p.Required {
				s += "!"
			}
			ps = append(ps, s)
		}
		body := ""
		if e.Body != nil {
			body = e.Body.ContentType
			if e.Body.Required {
				body += "!"
			}
		}
		out = append(out, row{e.ID, e.Group, e.Method, e.Path, e.Summary, strings.Join(ps, " "), body})
	}
	return out
}

func TestLoadOpenAPI30(t *testing.T) {
	c := loadFile(t, "testdata/shop-3.0.yaml")
	want := []row{
		{"getCategory", "catalog", "GET", "/categories/{id}", "Get a category and its subtree", "path:id:integer!", ""},
		{"updateCategory", "catalog", "PUT", "/categories/{id}", "Replace a category", "path:id:integer!", "application/json!"},
		// No tag: the group is the first path segment.
		{"GET /health", "health", "GET", "/health", "Liveness probe", "", ""},
		// An Authorization parameter is left out; a cookie parameter is kept.
		{"listOrders", "orders", "GET", "/orders", "List orders", "query:status:string query:limit:integer query:tag:array header:X-Request-Id:string cookie:session:string", ""},
		{"createOrder", "orders", "POST", "/orders", "Place an order", "", "application/json!"},
		// Path-level parameter through a $ref; no operationId on DELETE.
		{"getOrder", "orders", "GET", "/orders/{orderId}", "Get one order", "path:orderId:string!", ""},
		{"DELETE /orders/{orderId}", "orders", "DELETE", "/orders/{orderId}", "Cancel an order", "path:orderId:string!", ""},
		{"addNote", "orders", "POST", "/orders/{orderId}/notes", "Add a note to an order", "path:orderId:string!", "text/plain"},
	}
	if diff := cmp.Diff(want, rows(c)); diff != "" {
		t.Errorf("endpoints (-want +got):\n%s", diff)
	}
	wantGroups := []Group{
		{"orders", "Orders placed by customers.\nA second line that the group list leaves out.\n"},
		{"catalog", "Products and categories."},
		{"health", ""},
	}
	if diff := cmp.Diff(wantGroups, c.Groups()); diff != "" {
		t.Errorf("groups (-want +got):\n%s", diff)
	}

	// Body schema: refs inlined, readOnly dropped, nullable as a type
	// list, examples and extensions kept for the verbose view.
	create, _ := c.Endpoint("createOrder")
	got := compactJSON(create.Body.Schema)
	const wantSchema = `{"properties":{"customer":{"description":"customer id","example":"C-42","type":"string"},"items":{"items":{"additionalProperties":false,"properties":{"quantity":{"minimum":1,"type":"integer"},"sku":{"type":"string"}},"required":["sku","quantity"],"type":"object"},"minItems":1,"type":"array"},"note":{"type":["string","null"]}},"required":["customer","items"],"type":"object","x-entity":"order"}`
	if got != wantSchema {
		t.Errorf("createOrder schema:\n got %s\nwant %s", got, wantSchema)
	}
	if got := compactJSON(create.Extensions); got != `{"x-internal-owner":"team-orders"}` {
		t.Errorf("extensions = %s", got)
	}
	if got := compactJSON(create.Body.Example); got != `{"customer":"C-1","items":[{"quantity":2,"sku":"S-1"}]}` {
		t.Errorf("body example = %s", got)
	}

	// A recursive schema is cut where it refers to itself.
	upd, _ := c.Endpoint("updateCategory")
	got = compactJSON(upd.Body.Schema)
	const wantRec = `{"properties":{"children":{"items":{"$ref":"#/components/schemas/Category","description":"recursive: same schema as the enclosing Category"},"type":"array"},"name":{"type":"string"}},"required":["name"],"type":"object"}`
	if got != wantRec {
		t.Errorf("recursive schema:\n got %s\nwant %s", got, wantRec)
	}

	list, _ := c.Endpoint("listOrders")
	wantParams := []Param{
		{Name: "status", In: InQuery, Type: "string", Description: "only orders in this state", Enum: []any{"open", "shipped", "cancelled"}},
		{Name: "limit", In: InQuery, Type: "integer", Default: jsonNum("20"), Example: jsonNum("5")},
		{Name: "tag", In: InQuery, Type: "array", Items: "string"},
		{Name: "X-Request-Id", In: InHeader, Type: "string", Description: "trace id"},
		{Name: "session", In: InCookie, Type: "string"},
	}
	if diff := cmp.Diff(wantParams, list.Params); diff != "" {
		t.Errorf("listOrders params (-want +got):\n%s", diff)
	}
}

func TestLoadOpenAPI31(t *testing.T) {
	c := loadFile(t, "testdata/shop-3.1.json")
	want := []row{
		{"createPerson", "people", "POST", "/people", "Create a person", "", "application/json!"},
		{"getPerson", "people", "GET", "/people/{id}", "Get a person", "path:id:string!", ""},
		{"PATCH /people/{id}", "people", "PATCH", "/people/{id}", "Update a person", "path:id:string!", "application/merge-patch+json!"},
	}
	if diff := cmp.Diff(want, rows(c)); diff != "" {
		t.Errorf("endpoints (-want +got):\n%s", diff)
	}
	e, _ := c.Endpoint("createPerson")
	got := compactJSON(e.Body.Schema)
	// Type lists, const, numeric exclusiveMinimum and examples arrays are
	// 3.1; best_friend refers back to Person.
	const wantSchema = `{"properties":{"age":{"exclusiveMinimum":0,"type":"integer"},"best_friend":{"$ref":"#/components/schemas/Person","description":"recursive: same schema as the enclosing Person"},"kind":{"const":"person"},"name":{"examples":["Ada"],"type":"string"},"nickname":{"type":["string","null"]}},"required":["name","kind"],"type":"object"}`
	if got != wantSchema {
		t.Errorf("Person schema:\n got %s\nwant %s", got, wantSchema)
	}
}

func TestLoadOpenAPIYAMLAndJSONAgree(t *testing.T) {
	yamlDoc := "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths:\n  /a/{x}:\n    get:\n      summary: A\n"
	jsonDoc := `{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{"/a/{x}":{"get":{"summary":"A"}}}}`
	var got [][]row
	for _, doc := range []string{yamlDoc, jsonDoc} {
		c, ds := ParseOpenAPI("", []byte(doc), nil)
		err := refused(ds)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, rows(c))
	}
	// The undeclared {x} becomes a required string path parameter.
	want := []row{{"GET /a/{x}", "a", "GET", "/a/{x}", "A", "path:x:string!", ""}}
	for i, g := range got {
		if diff := cmp.Diff(want, g); diff != "" {
			t.Errorf("document %d (-want +got):\n%s", i, diff)
		}
	}
}

func TestLoadOpenAPIRefused(t *testing.T) {
	tests := []struct {
		name, doc, want string
	}{
		{"not a document", `{{{`, "t.json:1:3: not valid JSON: invalid character"},
		{"bad JSON", "{\"openapi\": \"3.0.0\",\n \"paths\": {]}", "t.json:2:13: not valid JSON"},
		{"no version", `{"info":{"title":"t","version":"1"},"paths":{}}`, `t.json:1:1: neither "openapi" nor "swagger" names the version`},
		{"swagger 1.2", `{"paths":{}, "swagger":"1.2"}`, `t.json:1:14: /swagger: version "1.2": Swagger 2.0 or OpenAPI 3.x is supported`},
		{"not an object", `[1, 2]`, `the document is not a JSON or YAML object`},
		{"bad YAML", "openapi: 3.0.0\npaths:\n  /a: [\n", `t.json:4:1: not valid JSON or YAML: did not find expected node content (while parsing a flow node)`},
		{"YAML indentation", "openapi: 3.0.0\npaths:\n  /a:\n    get: {}\n   post: {}\n", `t.json:5:4: not valid JSON or YAML: did not find expected key (while parsing a block mapping)`},
		{"YAML tab", "openapi: 3.0.0\npaths:\n\t/a: {}\n", `t.json:3:1: not valid JSON or YAML: found character that cannot start any token`},
		{"YAML unclosed quote", "openapi: 3.0.0\ninfo: {title: 'x}\n", `t.json:3:1: not valid JSON or YAML: found unexpected end of stream (while scanning a quoted scalar)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, diags := ParseOpenAPI("t.json", []byte(tt.doc), nil)
			err := refused(diags)
			if err == nil {
				t.Fatalf("loaded %d endpoints, want an error", len(c.Endpoints()))
			}
			if !errors.Is(err, toolkit.ErrLoad) || !diags.HasErrors() || c != nil {
				t.Errorf("error %v does not match toolkit.ErrLoad, or diagnostics %v have no error, or the catalog %v is not nil", err, diags, c)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q", err, tt.want)
			}
		})
	}
}

// TestLoadOpenAPIPartial: an operation that cannot be used is left out
// with a warning at its position, and the rest loads; Strict refuses.
func TestLoadOpenAPIPartial(t *testing.T) {
	tests := []struct {
		name, file string
		ids        []string
		diags      []string
	}{
		{"external ref", "external-ref.json", []string{"ok"}, []string{
			`external-ref.json:3:10: warning: /paths/~1a/post: operation left out: $ref "other.json#/X": external references are not followed`,
			`external-ref.json:4:10: warning: /paths/~1b/post: operation left out: $ref "/etc/passwd": external references are not followed`,
		}},
		{"missing ref", "missing-ref.yaml", []string{"ok"}, []string{
			`missing-ref.yaml:9:5: warning: /paths/~1a/get: operation left out: $ref "#/components/parameters/Nope": no such component`,
			`missing-ref.yaml:12:5: warning: /paths/~1b/post: operation left out: $ref "#/components/schemas/Gone": no such component`,
		}},
		{"parameters left out", "nameless-param.yaml", []string{"GET /a", "ok"}, []string{
			`nameless-param.yaml:9:5: warning: /paths/~1a/get: parameter 1 has no name: parameter left out`,
			`nameless-param.yaml:9:5: warning: /paths/~1a/get: path parameter "id" does not appear in the path: parameter left out`,
			`nameless-param.yaml:9:5: warning: /paths/~1a/get: parameter "q": location "body" is not path, query, header or cookie: parameter left out`,
		}},
		{"unreadable operation", "bad-operation.json", []string{"ok"}, []string{
			`bad-operation.json:4:4: warning: /paths/~1a/get: operation left out: cannot read string into field Parameter.required of type bool`,
		}},
		{"mapping to another file", "mapping-external.yaml", []string{"ok"}, []string{
			`mapping-external.yaml:5:5: warning: /paths/~1records/post: operation left out: $ref "models/a.yml#/A": external references are not followed`,
		}},
		{"duplicate operationId", "duplicate-id.json", []string{"x", "GET /b"}, []string{
			`duplicate-id.json:4:10: warning: /paths/~1b/get: operationId "x" is used twice: this operation is "GET /b"`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := os.ReadFile("testdata/" + tt.file)
			if err != nil {
				t.Fatal(err)
			}
			c, diags := ParseOpenAPI(tt.file, data, nil)
			err = refused(diags)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, e := range c.Endpoints() {
				ids = append(ids, e.ID)
			}
			if diff := cmp.Diff(tt.ids, ids); diff != "" {
				t.Errorf("endpoints (-want +got):\n%s", diff)
			}
			if len(diags) != len(tt.diags) {
				t.Fatalf("diagnostics:\n%s\nwant %d", diags.String(), len(tt.diags))
			}
			for i, d := range diags {
				if !strings.HasPrefix(d.Error(), tt.diags[i]) {
					t.Errorf("diagnostic %d:\n got %s\nwant %s", i, d.Error(), tt.diags[i])
				}
			}
			// Strict refuses what the default leaves out.
			_, sdiags := ParseOpenAPI(tt.file, data, &LoadOptions{Strict: true})
			err = refused(sdiags)
			skips := strings.Contains(diags.String(), "left out")
			if skips != (err != nil) || skips != sdiags.HasErrors() {
				t.Errorf("strict: err %v, diagnostics %v", err, sdiags)
			}
		})
	}
}

// generateDoc writes an OpenAPI 3.0 document with groups*perGroup
// endpoints, each with parameters and a request body through $refs.
func generateDoc(groups, perGroup int) []byte {
	var b strings.Builder
	b.WriteString(`{"openapi":"3.0.3","info":{"title":"big","version":"1"},"tags":[`)
	for g := range groups {
		if g > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"group%02d","description":"Operations on resource %02d: create, read, update and list.\nDetails follow."}`, g, g)
	}
	b.WriteString(`],"paths":{`)
	for g := range groups {
		for i := range perGroup {
			if g+i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"/r%02d/items%03d/{id}":{"get":{"tags":["group%02d"],"operationId":"get_%02d_%03d","summary":"Read item %d of resource %d",`+
				`"parameters":[{"$ref":"#/components/parameters/Id"},{"name":"fields","in":"query","schema":{"type":"array","items":{"type":"string"}}}]},`+
				`"put":{"tags":["group%02d"],"operationId":"put_%02d_%03d","summary":"Replace item %d of resource %d",`+
				`"parameters":[{"$ref":"#/components/parameters/Id"}],`+
				`"requestBody":{"required":true,"content":{"application/json":{"schema":{"$ref":"#/components/schemas/Item"}}}}}}`,
				g, i, g, g, i, i, g, g, g, i, i, g)
		}
	}
	b.WriteString(`},"components":{"parameters":{"Id":{"name":"id","in":"path","required":true,"schema":{"type":"string"}}},`)
	b.WriteString(`"schemas":{"Item":{"type":"object","required":["name"],"properties":{"name":{"type":"string"},"parent":{"$ref":"#/components/schemas/Item"},"labels":{"type":"object","additionalProperties":{"type":"string"}}}}}}}`)
	return []byte(b.String())
}

func TestLoadGeneratedDocument(t *testing.T) {
	c, ds := ParseOpenAPI("", generateDoc(25, 10), nil)
	err := refused(ds)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(c.Endpoints()); n != 500 {
		t.Fatalf("%d endpoints, want 500", n)
	}
	if n := len(c.Groups()); n != 25 {
		t.Fatalf("%d groups, want 25", n)
	}
}

// TestLoadRefsIntoPaths: $refs to something else than a whole component
// (an operation's parameter, a schema nested in a schema) are written out
// in place; a ref to itself ends in an empty schema.
func TestLoadRefsIntoPaths(t *testing.T) {
	data, err := os.ReadFile("testdata/ref-into-paths.json")
	if err != nil {
		t.Fatal(err)
	}
	c, diags := ParseOpenAPI("", data, &LoadOptions{Strict: true})
	err = refused(diags)
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) > 0 {
		t.Errorf("diagnostics: %v", diags.String())
	}
	want := []row{
		{"pushItem", "items", "POST", "/items", "", "", "application/json"},
		{"loop", "loop", "POST", "/loop", "", "", "application/json"},
		{"replacePolicy", "policies", "PUT", "/policies/{id}", "", "path:id:string!", "text/yaml"},
		{"updatePolicy", "policies", "PATCH", "/policies/{id}", "", "path:id:string!", "text/yaml"},
	}
	if diff := cmp.Diff(want, rows(c)); diff != "" {
		t.Errorf("endpoints (-want +got):\n%s", diff)
	}
	e, _ := c.Endpoint("pushItem")
	if got := e.Body.Schema["properties"].(map[string]any)["kind"]; got == nil {
		t.Errorf("pushItem body schema %v has no kind", e.Body.Schema)
	}
}

// TestLoadSwagger2: Swagger 2.0, in YAML and JSON, loads through
// kin-openapi's converter with the same diagnostics.
func TestLoadSwagger2(t *testing.T) {
	want := []row{
		{"addPet", "pet", "POST", "/pet", "Add a pet", "", "application/json!"},
		{"findPetsByStatus", "pet", "GET", "/pet/findByStatus", "", "query:status:array! query:limit:integer", ""},
		{"updatePetWithForm", "pet", "POST", "/pet/{petId}", "", "path:petId:integer!", "application/x-www-form-urlencoded"},
	}
	for _, name := range []string{"petstore-2.0.yaml", "petstore-2.0.json"} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile("testdata/" + name)
			if err != nil {
				t.Fatal(err)
			}
			c, diags := ParseOpenAPI(name, data, nil)
			err = refused(diags)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, rows(c)); diff != "" {
				t.Errorf("endpoints (-want +got):\n%s", diff)
			}
			if len(diags) != 1 || !strings.Contains(diags[0].Error(), `warning: /paths/~1pet~1{petId}/delete: operation left out: $ref "#/parameters/Missing": no such component`) {
				t.Errorf("diagnostics:\n%s", diags.String())
			}
			if d := diags[0]; d.Line == 0 || (strings.HasSuffix(name, ".yaml") && (d.Line != 39 || d.Col != 5)) {
				t.Errorf("diagnostic at %d:%d", d.Line, d.Col)
			}
			e, _ := c.Endpoint("addPet")
			if e.BasePath != "/v2" {
				t.Errorf("base path %q, want /v2", e.BasePath)
			}
			wantSchema := map[string]any{"type": "object", "required": []any{"name"}, "properties": map[string]any{
				"name": map[string]any{"type": "string", "example": "doggie"}, "status": map[string]any{"type": "string", "enum": []any{"available", "sold"}}}}
			if diff := cmp.Diff(wantSchema, e.Body.Schema); diff != "" {
				t.Errorf("addPet body (-want +got):\n%s", diff)
			}
			form, _ := c.Endpoint("updatePetWithForm")
			if got := form.Body.Schema["properties"].(map[string]any); got["name"] == nil || got["status"] == nil {
				t.Errorf("form body schema %v", form.Body.Schema)
			}
			if _, ds := ParseOpenAPI("", data, &LoadOptions{Strict: true}); !errors.Is(ds, toolkit.ErrLoad) {
				t.Errorf("strict: %v", ds)
			}
		})
	}
}

// TestLoadDiscriminators: a path's ?query or #fragment becomes what its
// document means.
func TestLoadDiscriminators(t *testing.T) {
	c := loadFile(t, "testdata/aws-discriminators.json")
	type fixedRow struct {
		Row   row
		Fixed string
	}
	var got []fixedRow
	for i, e := range c.Endpoints() {
		var fs []string
		for _, f := range e.Fixed {
			fs = append(fs, fmt.Sprintf("%s:%s=%s", f.In, f.Name, f.Value))
		}
		got = append(got, fixedRow{rows(c)[i], strings.Join(fs, " ")})
	}
	want := []fixedRow{
		// AWS query protocol: the operation's own Action query parameter;
		// Version stays the model's, with its one-value enum.
		{row{"GET_DescribeInstances", "default", "GET", "/", "", "query:DryRun:boolean query:Version:string!", ""}, "query:Action=DescribeInstances"},
		{row{"POST_DescribeInstances", "default", "POST", "/", "", "", ""}, "query:Action=DescribeInstances"},
		// AWS JSON protocol: the operation's own X-Amz-Target header.
		{row{"GetItem", "default", "POST", "/", "", "", "application/json!"}, "header:X-Amz-Target=DynamoDB_20120810.GetItem"},
		{row{"PutItem", "default", "POST", "/", "", "", ""}, "header:X-Amz-Target=DynamoDB_20120810.PutItem"},
		// {lat} was declared a path parameter: it is the query's lat;
		// {lon}, undeclared, is a required query parameter.
		{row{"GET /alerts?lat={lat}&lon={lon}", "alerts", "GET", "/alerts", "", "query:lat:number! query:lon:string!", ""}, ""},
		// A fragment naming nothing only told variants apart: nothing is sent.
		{row{"analyzeStream", "analyze", "POST", "/analyze", "", "", ""}, ""},
		{row{"listAssetServers", "assetservers", "GET", "/assetservers", "", "query:name:string", ""}, ""},
		// A bare name: the variant requires that parameter.
		{row{"GET /assetservers#name", "assetservers", "GET", "/assetservers", "", "query:name:string!", ""}, ""},
		// A ?query pair the operation does not declare is sent as written.
		{row{"photosSearch", "rest", "GET", "/rest", "", "query:text:string", ""}, "query:method=flickr.photos.search"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("endpoints (-want +got):\n%s", diff)
	}
}

// TestLoadYAMLAnchors: YAML is read as YAML, aliases and merge keys
// included.
func TestLoadYAMLAnchors(t *testing.T) {
	c := loadFile(t, "testdata/yaml-anchors.yaml")
	want := []row{
		{"listThings", "things", "GET", "/things", "", "query:limit:integer", ""},
		{"addThing", "things", "POST", "/things", "", "query:limit:integer query:dry:boolean", "application/json"},
	}
	if diff := cmp.Diff(want, rows(c)); diff != "" {
		t.Errorf("endpoints (-want +got):\n%s", diff)
	}
	e, _ := c.Endpoint("addThing")
	if got := fmt.Sprint(e.Params[0].Default, " ", e.Params[1].Default, " ", e.Body.Schema["properties"]); got != "16 yes map[n:map[maximum:1000 type:number]]" {
		t.Errorf("defaults and schema: %s", got)
	}
}

// TestLoadJSONThatOnlyYAMLReads: a JSON document with a flaw YAML
// forgives (a trailing comma) still loads, as kin-openapi's own loader
// has it.
func TestLoadJSONThatOnlyYAMLReads(t *testing.T) {
	doc := "{\"openapi\": \"3.0.0\", \"info\": {\"title\": \"t\", \"version\": \"1\"},\n \"paths\": {\"/a\": {\"get\": {\"operationId\": \"a\"}},},\n}\n"
	c, diags := ParseOpenAPI("", []byte(doc), nil)
	err := refused(diags)
	if err != nil || len(diags) > 0 || len(c.Endpoints()) != 1 {
		t.Fatalf("err %v, diagnostics %v", err, diags)
	}
}

// refused returns ds as an error when it holds errors (the document was
// refused), else nil.
func refused(ds toolkit.Diagnostics) error {
	if ds.HasErrors() {
		return ds
	}
	return nil
}

// TestMethodOrder: a path item's methods and operations are those
// PathItem.Operations holds, in the order of methodRank, then sorted.
func TestMethodOrder(t *testing.T) {
	a, b, c, d := &openapi3.Operation{OperationID: "a"}, &openapi3.Operation{OperationID: "b"}, &openapi3.Operation{OperationID: "c"}, &openapi3.Operation{OperationID: "d"}
	for _, item := range []*openapi3.PathItem{
		{},
		{Get: a, Post: b, Trace: c, Query: d},
		{Delete: a, AdditionalOperations: map[string]*openapi3.Operation{"GET": b, "COPY": c, "LINK": nil, "DELETE": d, "ACL": a}},
		{Get: a, AdditionalOperations: map[string]*openapi3.Operation{"GET": b, "POST": nil}},
	} {
		ops := item.Operations()
		want := slices.Sorted(maps.Keys(ops))
		rank := func(m string) int {
			if i := slices.Index(methodRank, m); i >= 0 {
				return i
			}
			return len(methodRank)
		}
		slices.SortStableFunc(want, func(a, b string) int { return rank(a) - rank(b) })
		got := methodOrder(item)
		if !slices.Equal(got, want) {
			t.Errorf("%+v: methods %v, want %v", item, got, want)
		}
		for _, m := range got {
			if operationOf(item, m) != ops[m] {
				t.Errorf("%+v: %s operation %v, want %v", item, m, operationOf(item, m), ops[m])
			}
		}
	}
}
