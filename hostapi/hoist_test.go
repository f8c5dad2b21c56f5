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
