package hostapi

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// chainDoc is a document whose levels l0..l{n-1} each refer twice to the
// next by a pointer into a component (not to a whole component): written
// out in place of each ref, level 0 would be 2^n copies of the last.
func chainDoc(n int, swagger bool) string {
	base := "#/components/schemas/Holder/properties/"
	if swagger {
		base = "#/definitions/Holder/properties/"
	}
	var levels []string
	for i := range n {
		next := fmt.Sprintf(`{"$ref": "%sl%d"}`, base, i+1)
		if i == n-1 {
			next = `{"type": "string"}`
		}
		levels = append(levels, fmt.Sprintf(`"l%d": {"type": "object", "properties": {"a": %s, "b": %s}}`, i, next, next))
	}
	holder := `{"type": "object", "properties": {` + strings.Join(levels, ",") + `}}`
	if swagger {
		return `{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {"/chain": {"post": {"operationId": "chain",
		 "parameters": [{"in": "body", "name": "body", "schema": {"$ref": "` + base + `l0"}}], "responses": {"200": {"description": "ok"}}}}},
		 "definitions": {"Holder": ` + holder + `}}`
	}
	return `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/chain": {"post": {"operationId": "chain",
	 "requestBody": {"content": {"application/json": {"schema": {"$ref": "` + base + `l0"}}}}}}},
	 "components": {"schemas": {"Holder": ` + holder + `}}}`
}

// TestRefsShared: a ref to a place inside a component is resolved once
// and shared, not written out at each ref: the text handed to
// kin-openapi stays the size of the document (it was cut, at 8 times its
// size plus 1 MiB for each value written), and the load has no warning.
func TestRefsShared(t *testing.T) {
	for _, swagger := range []bool{false, true} {
		t.Run(fmt.Sprint("swagger=", swagger), func(t *testing.T) {
			doc := chainDoc(30, swagger)
			d, derr := readDocument([]byte(doc))
			if derr != nil {
				t.Fatal(derr.msg)
			}
			set := map[string]bool{}
			if bad, why := d.closure(d.opRefs(&d.paths[0], &d.paths[0].ops[0]), set); bad != "" {
				t.Fatal(bad, why)
			}
			var b bytes.Buffer
			d.writePathItem(&b, &d.paths[0], []int{0})
			for c := range set {
				if !strings.HasPrefix(c, "#") {
					d.writeValue(&b, d.comps[c])
				}
			}
			if b.Len() > 2*len(doc) {
				t.Errorf("%d bytes written for a document of %d", b.Len(), len(doc))
			}
			c, ds := ParseOpenAPI("chain.json", []byte(doc), nil)
			if len(ds) > 0 {
				t.Fatal(ds.String())
			}
			e, _ := c.Endpoint("chain")
			s := e.Body.Schema
			// The converter writes a shared schema out at each use, within
			// its bound of nodes (maxSchemaNodes), depth first: one branch
			// at least goes down whole.
			for level := range 12 {
				props, _ := s["properties"].(map[string]any)
				next := map[string]any(nil)
				for _, k := range []string{"a", "b"} {
					if sub, _ := props[k].(map[string]any); sub["properties"] != nil {
						next = sub
					}
				}
				if next == nil {
					t.Fatalf("level %d: %v", level, s)
				}
				s = next
			}
		})
	}
}

// TestLookupIndexesObjects: refs to many places inside one large object
// (each property of a component, hoisted) find each place through an
// index of the object's members made once, with a member written twice
// found as decoded (the later); each ref once read the object whole, so
// a 2.2 MB document of 20,000 such refs took 141 s to load.
func TestLookupIndexesObjects(t *testing.T) {
	const n = 300
	var props, refs strings.Builder
	for i := range n {
		fmt.Fprintf(&props, `"p%d": {"type": "string", "maxLength": %d}, `, i, i)
		fmt.Fprintf(&refs, `"q%d": {"$ref": "#/components/schemas/A/properties/p%d"}, `, i, i)
	}
	props.WriteString(`"p0": {"type": "integer"}`)
	refs.WriteString(`"r": {"$ref": "#/components/schemas/A/properties/p0"}`)
	src := rvDoc("3.0.3", `{"$ref": "#/components/schemas/B"}`,
		`"A": {"type": "object", "properties": {`+props.String()+`}}, "B": {"type": "object", "properties": {`+refs.String()+`}}`)
	d, derr := readDocument([]byte(src))
	if derr != nil {
		t.Fatal(derr.msg)
	}
	for i := range n {
		sp, ok := d.lookup(fmt.Sprintf("#/components/schemas/A/properties/p%d", i))
		want := fmt.Sprintf(`{"type": "string", "maxLength": %d}`, i)
		if i == 0 {
			want = `{"type": "integer"}`
		}
		if got := string(d.value(sp)); !ok || got != want {
			t.Fatalf("p%d: %q (%v), want %q", i, got, ok, want)
		}
	}
	if _, ok := d.lookup("#/components/schemas/A/properties/nope"); ok {
		t.Error("a member that is not there found")
	}
	if len(d.looked) != 2 {
		t.Errorf("%d objects indexed, want 2 (A and its properties)", len(d.looked))
	}
	c, ds := ParseOpenAPI("hoist.json", []byte(src), nil)
	if c == nil {
		t.Fatal(ds.String())
	}
	e, ok := c.Endpoint("a")
	if !ok || e.Body == nil {
		t.Fatal("no endpoint a with a body")
	}
	props0, _ := e.Body.Schema["properties"].(map[string]any)
	if got := compactJSON(props0["q7"]); got != `{"maxLength":7,"type":"string"}` {
		t.Errorf("q7: %s", got)
	}
}
