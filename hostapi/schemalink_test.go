package hostapi

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// linkDoc has refs of every kind linkSchemaRefs meets: plain ones, a
// chain of component refs, a cycle, a discriminator mapping, a name it
// leaves to kin-openapi, refs inside parameters, bodies, responses and
// headers, and responses that operations repeat.
func linkDoc(version string) string {
	ok := `"responses": {"200": {"description": "ok", "headers": {"h": {"schema": {"$ref": "#/components/schemas/Pet"}}},
	  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Alias"}}}}}`
	return `{"openapi": "` + version + `", "info": {"title": "link", "version": "1"},
	"paths": {
	  "/pets": {"x-grouped": ["/a", "/b"], "parameters": [{"name": "q", "in": "query", "schema": {"$ref": "#/components/schemas/Kind"}}],
	    "get": {"operationId": "listPets", ` + ok + `},
	    "post": {"operationId": "addPet", "requestBody": {"content": {"application/json": {"schema": {"type": "object",
	      "properties": {"pet": {"$ref": "#/components/schemas/Pet"}, "odd": {"$ref": "#/components/schemas/we%20ird"},
	        "tree": {"$ref": "#/components/schemas/Tree"}}}}}}, ` + ok + `}},
	  "/pets/{id}": {"get": {"operationId": "getPet", "parameters": [{"name": "id", "in": "path", "required": true,
	      "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Alias2"}}}}], ` + ok + `}}
	},
	"components": {"schemas": {
	  "Kind": {"type": "string", "enum": ["cat", "dog"]},
	  "Pet": {"type": "object", "properties": {"kind": {"$ref": "#/components/schemas/Kind"}, "name": {"type": "string"}},
	    "discriminator": {"propertyName": "kind", "mapping": {"cat": "#/components/schemas/Cat", "dog": "#/components/schemas/Pet"}}},
	  "Cat": {"allOf": [{"$ref": "#/components/schemas/Pet"}, {"properties": {"lives": {"type": "integer", "description": "nine"}}}]},
	  "Alias": {"$ref": "#/components/schemas/Alias2"},
	  "Alias2": {"$ref": "#/components/schemas/Cat"},
	  "Tree": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/components/schemas/Tree"}}}},
	  "we ird": {"type": "integer"}
	}}}`
}

// TestLinkSchemaRefs: each plain ref to a component schema lands on the
// schema kin-openapi resolves it to (a chain's end), before it runs, so
// that it does not walk the target again; other refs are left to it.
func TestLinkSchemaRefs(t *testing.T) {
	doc := &openapi3.T{}
	if err := json.Unmarshal([]byte(linkDoc("3.0.3")), doc); err != nil {
		t.Fatal(err)
	}
	linkSchemaRefs(doc)
	comps := doc.Components.Schemas
	cat := comps["Cat"].Value
	if got := comps["Alias"].Value; got != cat {
		t.Errorf("Alias: %p, want Cat's %p", got, cat)
	}
	if got := comps["Cat"].Value.AllOf[0].Value; got != comps["Pet"].Value {
		t.Errorf("Cat's allOf[0] is not Pet")
	}
	tree := comps["Tree"].Value
	if got := tree.Properties["kids"].Value.Items.Value; got != tree {
		t.Errorf("Tree's kids items is not Tree")
	}
	post := doc.Paths.Value("/pets").Post
	props := post.RequestBody.Value.Content["application/json"].Schema.Value.Properties
	if props["pet"].Value != comps["Pet"].Value {
		t.Errorf("the body's pet is not Pet")
	}
	if props["odd"].Value != nil {
		t.Errorf("a ref with an escaped name was linked; it is kin-openapi's")
	}
	if got := doc.Paths.Value("/pets").Parameters[0].Value.Schema.Value; got != comps["Kind"].Value {
		t.Errorf("the path's parameter is not Kind")
	}
	get := doc.Paths.Value("/pets/{id}").Get
	if got := get.Parameters[0].Value.Content["application/json"].Schema.Value; got != cat {
		t.Errorf("a parameter's content: not Cat")
	}
	r := get.Responses.Value("200").Value
	if r.Content["application/json"].Schema.Value != cat || r.Headers["h"].Value.Schema.Value != comps["Pet"].Value {
		t.Errorf("a response's content or header is not linked")
	}
	// kin-openapi then resolves what is left, to the same values.
	if err := resolve(doc); err != nil {
		t.Fatal(err)
	}
	if props["odd"].Value != comps["we ird"].Value || props["tree"].Value != tree {
		t.Errorf("kin-openapi did not resolve the rest")
	}

	// From 3.1, siblings of a ref change its value: nothing is linked.
	doc31 := &openapi3.T{}
	if err := json.Unmarshal([]byte(linkDoc("3.1.0")), doc31); err != nil {
		t.Fatal(err)
	}
	linkSchemaRefs(doc31)
	if doc31.Components.Schemas["Alias"].Value != nil {
		t.Errorf("a 3.1 document's refs were linked")
	}
}

// TestLinkSchemaRefsSameEndpoints: linked or resolved by kin-openapi
// alone, and with a fault in a component reached through a linked ref,
// documents load to the same endpoints and diagnostics.
func TestLinkSchemaRefsSameEndpoints(t *testing.T) {
	faulty := strings.Replace(linkDoc("3.0.3"), `"description": "nine"`, `"description": "nine", "pattern": 5`, 1)
	looped := strings.Replace(linkDoc("3.0.3"), `"Alias2": {"$ref": "#/components/schemas/Cat"}`, `"Alias2": {"$ref": "#/components/schemas/Alias"}`, 1)
	for name, src := range map[string]string{
		"link.json":   linkDoc("3.0.3"),
		"link31.json": linkDoc("3.1.0"),
		"faulty.json": faulty,
		"looped.json": looped,
		"repeat.json": repeatDoc(),
	} {
		t.Run(name, func(t *testing.T) {
			sameLoaded(t, name, []byte(src), &docLoader{file: name, resolveAll: true})
			sameDecoded(t, name, []byte(src))
		})
	}
}

// itemExtDoc has path items with extensions of every JSON kind, next to
// a key that only looks like one; with fault, a number that does not fit
// a float64.
func itemExtDoc(fault bool) string {
	ok := `"responses": {"200": {"description": "ok"}}`
	num := "1e30"
	if fault {
		num = "1e400"
	}
	deep := strings.Repeat("[", 70) + strings.Repeat("]", 70)
	return `{"openapi": "3.0.3", "info": {"title": "ext", "version": "1"},
	"paths": {
	  "/a": {"x-ms-docs-grouped-path": ["/b", "a\\\"-1"], "x-n": null, "x-o": {"k": [true, {"z": false}]}, "x-s": "s", "x-num": {"n": ` + num + `},
	    "x-deep": ` + deep + `, "get": {"operationId": "a", "x-op": {"kept": 1}, ` + ok + `}},
	  "/b": {"X-upper": {"v": 1}, "get": {"operationId": "b", ` + ok + `}}
	}}`
}

// TestDecodeSharedItemExtensions: a path item's extensions are not
// decoded, but for those that might not decode, and the endpoints and
// diagnostics are those of decoding them.
func TestDecodeSharedItemExtensions(t *testing.T) {
	sameDecoded(t, "ext.json", []byte(itemExtDoc(false)))
	sameDecoded(t, "fault.json", []byte(itemExtDoc(true)))
	d, derr := readDocument([]byte(itemExtDoc(false)))
	if derr != nil {
		t.Fatal(derr.msg)
	}
	ops := map[opID]bool{}
	for pi := range d.paths {
		for oi := range d.paths[pi].ops {
			ops[opID{pi, oi}] = true
		}
	}
	doc, errs := d.decode3(ops, map[string]bool{}, func(opID) []string { return nil }, true, newCompactor(), true)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	a := doc.Paths.Value("/a")
	if got := slices.Sorted(maps.Keys(a.Extensions)); !slices.Equal(got, []string{"x-deep", "x-num"}) || a.Get.Extensions["x-op"] == nil {
		t.Errorf("path item extensions %v, operation's %v: want x-deep and x-num only, x-op", got, a.Get.Extensions)
	}
	c, ds := ParseOpenAPI("fault.json", []byte(itemExtDoc(true)), nil)
	if len(c.Endpoints()) != 1 || !strings.Contains(ds.String(), "/paths/~1a/get: operation left out: cannot read number 1e400") {
		t.Errorf("%d endpoints, diagnostics %v", len(c.Endpoints()), ds)
	}
}

// TestLinkLoopSame: refs in or into a loop of components that are refs
// land on an empty schema, as kin-openapi resolves them, in parameters
// (of each style), bodies, alternatives and responses alike; each of a
// loop's refs was left to kin-openapi, which followed the loop from each
// (a loop of 1,500 components: 7 s). No value, not an empty schema: an
// empty schema counts toward maxSchemaNodes.
func TestLinkLoopSame(t *testing.T) {
	loop := `"L0": {"$ref": "#/components/schemas/L1"}, "L1": {"$ref": "#/components/schemas/L0"}, "M": {"$ref": "#/components/schemas/L0"}, "S": {"$ref": "#/components/schemas/S"}, "P": {"type": "object", "properties": {"m": {"$ref": "#/components/schemas/M"}, "s": {"$ref": "#/components/schemas/S"}}}`
	for name, schema := range map[string]string{
		"ref":    `{"$ref": "#/components/schemas/M"}`,
		"self":   `{"$ref": "#/components/schemas/S"}`,
		"prop":   `{"type": "object", "properties": {"a": {"$ref": "#/components/schemas/L0"}}, "required": ["a"]}`,
		"oneOf":  `{"oneOf": [{"$ref": "#/components/schemas/L0"}, {"type": "string"}], "discriminator": {"propertyName": "k", "mapping": {"x": "#/components/schemas/L1"}}}`,
		"items":  `{"type": "array", "items": {"$ref": "#/components/schemas/S"}}`,
		"allOf":  `{"allOf": [{"$ref": "#/components/schemas/L0"}, {"type": "integer"}]}`,
		"nested": `{"$ref": "#/components/schemas/P"}`,
	} {
		t.Run(name, func(t *testing.T) {
			src := rvDoc("3.0.3", schema, loop)
			sameLinked(t, name+".json", src)
		})
	}
	var b strings.Builder
	const n = 300
	for i := range n {
		fmt.Fprintf(&b, `"L%d": {"$ref": "#/components/schemas/L%d"}, `, i, (i+1)%n)
	}
	// More of A's properties than maxSchemaNodes: each lands on no
	// value, which takes no node, as kin-openapi resolves it.
	b.WriteString(`"A": {"type": "object", "properties": {`)
	for i := range maxSchemaNodes + 100 {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `"p%d": {"$ref": "#/components/schemas/L%d"}`, i, i%n)
	}
	b.WriteString(`}}`)
	sameLinked(t, "long.json", rvDoc("3.0.3", `{"$ref": "#/components/schemas/A"}`, b.String()))
}
