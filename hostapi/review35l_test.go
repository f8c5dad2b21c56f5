package hostapi

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"

	"fmt"
	"github.com/getkin/kin-openapi/openapi3"
	"github.com/google/go-cmp/cmp"
	"strings"
	"sync"
	"testing"
)

// rvDoc is a 3.0 document whose one operation's body is schema (JSON)
// and whose components.schemas are comps (JSON members).
func rvDoc(version, schema, comps string) string {
	return `{"openapi": "` + version + `", "info": {"title": "rv", "version": "1"},
	"paths": {"/a": {"post": {"operationId": "a", "parameters": [{"name": "q", "in": "query", "schema": ` + schema + `}],
	  "requestBody": {"content": {"application/json": {"schema": ` + schema + `}}},
	  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": ` + schema + `}}}}}}},
	"components": {"schemas": {` + comps + `}}}`
}

func sameLinked(t *testing.T, name, src string) {
	t.Helper()
	sameLoaded(t, name, []byte(src), &docLoader{file: name, resolveAll: true})
	sameDecoded(t, name, []byte(src))
}

func TestReviewLinkSameAsKin(t *testing.T) {
	ref := func(n string) string { return `{"$ref": "#/components/schemas/` + n + `"}` }
	cases := map[string]string{
		"self":        rvDoc("3.0.3", ref("A"), `"A": {"type": "object", "properties": {"me": `+ref("A")+`, "n": {"type": "integer"}}}`),
		"mutual":      rvDoc("3.0.3", ref("A"), `"A": {"type": "object", "properties": {"b": `+ref("B")+`}}, "B": {"type": "array", "items": {"allOf": [`+ref("A")+`]}}`),
		"chainMiss":   rvDoc("3.0.3", ref("A"), `"A": `+ref("B")+`, "B": `+ref("C")),
		"chainLoop":   rvDoc("3.0.3", ref("A"), `"A": `+ref("B")+`, "B": `+ref("A")),
		"selfLoop":    rvDoc("3.0.3", ref("A"), `"A": `+ref("A")),
		"tilde1":      rvDoc("3.0.3", ref("a~1b"), `"a/b": {"type": "integer"}`),
		"tilde0":      rvDoc("3.0.3", ref("a~0b"), `"a~b": {"type": "integer"}`),
		"pct":         rvDoc("3.0.3", ref("a%20b"), `"a b": {"type": "integer"}`),
		"slash":       rvDoc("3.0.3", ref("A/"), `"A": {"type": "integer"}`),
		"empty":       rvDoc("3.0.3", ref(""), `"A": {"type": "integer"}`),
		"dotted":      rvDoc("3.0.3", ref("a.b"), `"a.b": {"type": "integer", "minimum": 3}`),
		"dotdot":      rvDoc("3.0.3", ref(".."), `"..": {"type": "integer", "minimum": 3}`),
		"siblings":    rvDoc("3.0.3", `{"$ref": "#/components/schemas/A", "type": "string", "description": "no", "minimum": 9}`, `"A": {"type": "integer", "description": "yes"}`),
		"siblings31":  rvDoc("3.1.0", `{"$ref": "#/components/schemas/A", "description": "no", "minimum": 9}`, `"A": {"type": "integer", "description": "yes"}`),
		"disc":        rvDoc("3.0.3", ref("P"), `"P": {"type": "object", "properties": {"k": {"type": "string"}}, "discriminator": {"propertyName": "k", "mapping": {"c": "#/components/schemas/C", "x": "#/components/schemas/Missing", "y": "other.json#/X"}}}, "C": {"allOf": [`+ref("P")+`]}`),
		"fileComp":    rvDoc("3.0.3", ref("A"), `"A": {"$ref": "other.json#/components/schemas/A"}`),
		"urlComp":     rvDoc("3.0.3", ref("A"), `"A": {"$ref": "https://example.com/x.json"}`),
		"chainFile":   rvDoc("3.0.3", ref("A"), `"A": `+ref("B")+`, "B": {"$ref": "b.json"}`),
		"v304":        rvDoc("3.0.4", ref("A"), `"A": `+ref("B")+`, "B": {"type": "integer"}`),
		"v30":         rvDoc("3.0", ref("A"), `"A": `+ref("B")+`, "B": {"type": "integer"}`),
		"v31rc":       rvDoc("3.1.0-rc", `{"$ref": "#/components/schemas/A", "description": "no"}`, `"A": {"type": "integer"}`),
		"v32":         rvDoc("3.2.0", `{"$ref": "#/components/schemas/A", "description": "no"}`, `"A": {"type": "integer"}`),
		"v2x":         rvDoc("3.9.9", ref("A"), `"A": {"type": "integer"}`),
		"nullComp":    rvDoc("3.0.3", ref("A"), `"A": null`),
		"emptyComp":   rvDoc("3.0.3", ref("A"), `"A": {}`),
		"boolComp":    rvDoc("3.0.3", ref("A"), `"A": true`),
		"faultTarget": rvDoc("3.0.3", ref("A"), `"A": {"type": "object", "properties": {"b": `+ref("B")+`}}, "B": {"type": "integer", "pattern": 5}`),
		"faultAlias":  rvDoc("3.0.3", ref("A"), `"A": `+ref("B")+`, "B": {"type": "integer", "maxLength": "x"}`),
		"caseName":    rvDoc("3.0.3", ref("a"), `"A": {"type": "integer"}`),
		"nested":      rvDoc("3.0.3", `{"type": "object", "properties": {"x": `+ref("A")+`}, "additionalProperties": `+ref("A")+`, "not": `+ref("A")+`}`, `"A": {"type": "integer", "enum": [1, 2]}`),
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) { sameLinked(t, name+".json", src) })
	}
}

// a chain of n component refs to one schema.
func TestReviewLinkLongChain(t *testing.T) {
	for _, n := range []int{31, 32, 33, 200} {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, `"C%d": {"$ref": "#/components/schemas/C%d"}, `, i, i+1)
		}
		fmt.Fprintf(&b, `"C%d": {"type": "integer"}`, n)
		sameLinked(t, "chain.json", rvDoc("3.0.3", `{"$ref": "#/components/schemas/C0"}`, b.String()))
	}
}

func TestReviewLinkHoisted(t *testing.T) {
	ref := func(n string) string { return `{"$ref": "#/components/schemas/` + n + `"}` }
	for name, src := range map[string]string{
		"inComp":   rvDoc("3.0.3", ref("A/properties/b"), `"A": {"type": "object", "properties": {"b": `+ref("B")+`}}, "B": {"type": "integer", "minimum": 2}`),
		"inCompB":  rvDoc("3.0.3", `{"type": "object", "properties": {"x": `+ref("A/properties/b")+`, "y": `+ref("B")+`}}`, `"A": {"type": "object", "properties": {"b": `+ref("A")+`}}, "B": `+ref("A/properties/b")),
		"inPaths":  rvDoc("3.0.3", `{"type": "object", "properties": {"x": {"$ref": "#/paths/~1a/post/requestBody/content/application~1json/schema/properties/y"}, "y": `+ref("B")+`}}`, `"B": {"type": "string", "maxLength": 3}`),
		"hoistTkn": rvDoc("3.0.3", `{"type": "object", "properties": {"x": `+ref("A/properties/b~1c")+`}}`, `"A": {"type": "object", "properties": {"b/c": `+ref("A")+`}}`),
	} {
		t.Run(name, func(t *testing.T) { sameLinked(t, name+".json", src) })
	}
}

// itemExt: a path item with the x- member ext, next to an operation.
func itemExt(ext string) string {
	return `{"openapi": "3.0.3", "info": {"title": "x", "version": "1"}, "paths": {"/a": {"x-e": ` + ext + `,
	  "get": {"operationId": "a", "responses": {"200": {"description": "ok"}}}}, "/b": {"get": {"operationId": "b", "responses": {"200": {"description": "ok"}}}}}}`
}

func TestReviewItemExtensions(t *testing.T) {
	for name, ext := range map[string]string{
		"bigString": `"` + strings.Repeat("ab\\\"c", 200000) + `"`,
		"nest63":    strings.Repeat(`{"k":[`, 31) + `"s"` + strings.Repeat(`]}`, 31),
		"nest64":    strings.Repeat("[", 64) + strings.Repeat("]", 64),
		"nest65":    strings.Repeat("[", 65) + strings.Repeat("]", 65),
		"numStr":    `["1e400", "-5", {"1e999": "0x1F"}]`,
		"badUTF8":   "\"\xff\xfe\"",
		"surrogate": `"\ud800"`,
		"dupKeys":   `{"a": true, "a": {"b": null}}`,
		"refIn":     `{"$ref": "#/components/schemas/Missing"}`,
		"refPath":   `{"$ref": "#/paths/~1b"}`,
		"unicodeK":  `{"\u0000": "\u0000"}`,
	} {
		t.Run(name, func(t *testing.T) { sameDecoded(t, name+".json", []byte(itemExt(ext))) })
	}
	yaml := "openapi: 3.0.3\ninfo: {title: y, version: '1'}\npaths:\n  /a:\n    x-e: [.inf, .nan, -.inf, !!binary aGk=, 2001-12-14, ~, yes, 0x1F, 1e400]\n    x-f: {a: .inf}\n    get:\n      operationId: a\n      responses: {'200': {description: ok}}\n"
	sameDecoded(t, "y.yaml", []byte(yaml))
}

// refSites maps each schema place reachable from doc's components and
// operations to what its value is: a component's schema (by name), an
// inline schema, or nothing.
func refSites(doc *openapi3.T) map[string]string {
	names := map[*openapi3.Schema]string{}
	for _, n := range slices.Sorted(maps.Keys(doc.Components.Schemas)) {
		if sr := doc.Components.Schemas[n]; sr != nil && sr.Value != nil {
			if _, ok := names[sr.Value]; !ok && sr.Ref == "" {
				names[sr.Value] = n
			}
		}
	}
	out := map[string]string{}
	seen := map[*openapi3.Schema]bool{}
	var walk func(path string, sr *openapi3.SchemaRef)
	walk = func(path string, sr *openapi3.SchemaRef) {
		if sr == nil {
			return
		}
		s := sr.Value
		switch {
		case s == nil:
			out[path] = "nil " + sr.Ref
			return
		case names[s] != "":
			out[path] = "comp " + names[s]
		default:
			out[path] = "inline"
		}
		if seen[s] {
			return
		}
		seen[s] = true
		walk(path+"/items", s.Items)
		for _, k := range slices.Sorted(maps.Keys(s.Properties)) {
			walk(path+"/properties/"+k, s.Properties[k])
		}
		walk(path+"/ap", s.AdditionalProperties.Schema)
		walk(path+"/not", s.Not)
		for i, v := range s.AllOf {
			walk(fmt.Sprintf("%s/allOf/%d", path, i), v)
		}
		for i, v := range s.OneOf {
			walk(fmt.Sprintf("%s/oneOf/%d", path, i), v)
		}
		for i, v := range s.AnyOf {
			walk(fmt.Sprintf("%s/anyOf/%d", path, i), v)
		}
	}
	for _, n := range slices.Sorted(maps.Keys(doc.Components.Schemas)) {
		walk("#/c/"+n, doc.Components.Schemas[n])
	}
	for _, p := range doc.Paths.InMatchingOrder() {
		for m, op := range doc.Paths.Value(p).Operations() {
			for i, pr := range op.Parameters {
				walk(fmt.Sprintf("%s %s param %d", p, m, i), pr.Value.Schema)
			}
			if op.RequestBody != nil {
				for ct, mt := range op.RequestBody.Value.Content {
					walk(p+" "+m+" body "+ct, mt.Schema)
				}
			}
		}
	}
	return out
}

// TestReviewLinkSamePointers: linked or not, each place's schema is the
// same component's (kin-openapi shares them too), so that later passes
// that key on *Schema see the same graph.
func TestReviewLinkSamePointers(t *testing.T) {
	ref := func(n string) string { return `{"$ref": "#/components/schemas/` + n + `"}` }
	for name, src := range map[string]string{
		"cycleAlias": rvDoc("3.0.3", ref("A"), `"A": `+ref("B")+`, "B": {"type": "object", "properties": {"a": `+ref("A")+`, "c": `+ref("C")+`}}, "C": {"allOf": [`+ref("A")+`, `+ref("B")+`]}`),
		"mutual":     rvDoc("3.0.3", ref("A"), `"A": {"type": "object", "properties": {"b": `+ref("B")+`}}, "B": {"type": "array", "items": {"allOf": [`+ref("A")+`]}}`),
		"link":       linkDoc("3.0.3"),
		"chain40": func() string {
			var b strings.Builder
			for i := range 40 {
				fmt.Fprintf(&b, `"C%d": {"$ref": "#/components/schemas/C%d"}, `, i, i+1)
			}
			b.WriteString(`"C40": {"type": "object", "properties": {"c0": {"$ref": "#/components/schemas/C0"}, "c20": {"$ref": "#/components/schemas/C20"}}}`)
			return rvDoc("3.0.3", ref("C0"), b.String())
		}(),
	} {
		t.Run(name, func(t *testing.T) {
			var sites [2]map[string]string
			for i, link := range []bool{false, true} {
				doc := &openapi3.T{}
				if err := json.Unmarshal([]byte(src), doc); err != nil {
					t.Fatal(err)
				}
				if link {
					linkSchemaRefs(doc)
				}
				if err := resolve(doc); err != nil {
					t.Fatal(err)
				}
				sites[i] = refSites(doc)
			}
			if diff := cmp.Diff(sites[0], sites[1]); diff != "" {
				t.Errorf("(-kin +linked):\n%s", diff)
			}
		})
	}
}

// TestReviewLinkConcurrent: loads of the same bytes at once share nothing
// that linking writes (run with -race), and read the same.
func TestReviewLinkConcurrent(t *testing.T) {
	src := []byte(linkDoc("3.0.3"))
	c, ds := ParseOpenAPI("link.json", src, nil)
	want, wantDs := c.Endpoints(), ds.String()
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			c, ds := ParseOpenAPI("link.json", src, nil)
			if !reflect.DeepEqual(c.Endpoints(), want) || ds.String() != wantDs {
				t.Errorf("a load at once with others differs: %s", ds)
			}
		})
	}
	wg.Wait()
}

// TestReviewLinkLongChainLinked: every ref of a chain of component refs
// longer than maxInlineDepth is linked too, and so are those in or into
// a loop; left to kin-openapi, which
// follows the chain from each of its refs, such a document took time
// quadratic in its length (4,000 refs: 7 to 8 s).
func TestReviewLinkLongChainLinked(t *testing.T) {
	const n = 200
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `"C%d": {"$ref": "#/components/schemas/C%d"}, `, i, i+1)
	}
	fmt.Fprintf(&b, `"C%d": {"type": "integer"}, "L0": {"$ref": "#/components/schemas/L1"}, "L1": {"$ref": "#/components/schemas/L0"}, "M": {"$ref": "#/components/schemas/L0"}`, n)
	doc := &openapi3.T{}
	if err := json.Unmarshal([]byte(rvDoc("3.0.3", `{"$ref": "#/components/schemas/C0"}`, b.String())), doc); err != nil {
		t.Fatal(err)
	}
	linkSchemaRefs(doc)
	comps := doc.Components.Schemas
	end := comps[fmt.Sprintf("C%d", n)].Value
	for i := range n {
		if got := comps[fmt.Sprintf("C%d", i)].Value; got != end {
			t.Fatalf("C%d: %p, want the chain's end %p", i, got, end)
		}
	}
	// In or into a loop: the empty schema kin-openapi resolves them to,
	// without following the loop from each (TestLinkLoopSame).
	loopEnd := comps["L0"].Value
	for _, c := range []string{"L0", "L1", "M"} {
		if v := comps[c].Value; v == nil || v != loopEnd || !reflect.DeepEqual(*v, openapi3.Schema{}) {
			t.Errorf("%s, in or into a loop, was not linked to one empty schema: %v", c, v)
		}
	}
}

func TestReviewLinkOddShapes(t *testing.T) {
	ref := func(n string) string { return `{"$ref": "#/components/schemas/` + n + `"}` }
	for name, src := range map[string]string{
		"nullItems":   rvDoc("3.0.3", ref("A"), `"A": {"type": "object", "properties": {"b": `+ref("B")+`}}, "B": {"type": "array", "items": null}`),
		"nullProp":    rvDoc("3.0.3", ref("A"), `"A": {"type": "object", "properties": {"b": `+ref("B")+`}}, "B": {"type": "object", "properties": {"x": null}}`),
		"nullAllOf":   rvDoc("3.0.3", ref("A"), `"A": {"allOf": [`+ref("B")+`]}, "B": {"allOf": [null, `+ref("A")+`]}`),
		"numRef":      rvDoc("3.0.3", `{"$ref": 5}`, `"A": {"type": "integer"}`),
		"hashRef":     rvDoc("3.0.3", ref("A#"), `"A": {"type": "integer"}`),
		"dupComp":     rvDoc("3.0.3", ref("A"), `"A": {"type": "integer"}, "A": {"type": "string"}`),
		"caseComp":    rvDoc("3.0.3", ref("A"), `"a": {"type": "integer"}, "A": {"type": "string", "maxLength": 2}`),
		"extSibling":  rvDoc("3.0.3", ref("A"), `"A": {"$ref": "#/components/schemas/B", "x-y": 1, "type": "string"}, "B": {"type": "integer"}`),
		"refToParam":  rvDoc("3.0.3", `{"$ref": "#/components/parameters/P"}`, `"A": {"type": "integer"}`),
		"refToRoot":   rvDoc("3.0.3", `{"$ref": "#/components/schemas"}`, `"A": {"type": "integer"}`),
		"unicodeRef":  rvDoc("3.0.3", `{"$ref": "#/components/schemas/\u0041"}`, `"A": {"type": "integer", "minimum": 1}`),
		"boolInChain": rvDoc("3.0.3", ref("A"), `"A": `+ref("B")+`, "B": false`),
	} {
		t.Run(name, func(t *testing.T) { sameLinked(t, name+".json", src) })
	}
}
