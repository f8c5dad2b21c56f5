package hostapi

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
)

// sharedDoc is a document whose endpoints refer to the same components
// in many ways: twice from one schema, recursively, through a chain
// deeper than maxSchemaDepth (met at several depths), through a fan-out
// of more than maxSchemaNodes nodes, from an object parameter, with
// numbers, enums, defaults and readOnly properties.
func sharedDoc() string {
	var comps []string
	for i := range 22 {
		next := `{"type": "string", "maxLength": 12}`
		if i < 21 {
			next = fmt.Sprintf(`{"$ref": "#/components/schemas/D%d"}`, i+1)
		}
		comps = append(comps, fmt.Sprintf(`"D%d": {"type": "object", "properties": {"n%d": {"type": "integer", "minimum": %d.5}, "next": %s}}`, i, i, i, next))
	}
	for i := range 7 {
		next := `{"type": "number", "default": 1e21}`
		if i < 6 {
			next = fmt.Sprintf(`{"$ref": "#/components/schemas/F%d"}`, i+1)
		}
		comps = append(comps, fmt.Sprintf(`"F%d": {"type": "object", "properties": {"a": %s, "b": %s, "c": %s, "d": %s}}`, i, next, next, next, next))
	}
	comps = append(comps,
		`"Geo": {"type": "object", "properties": {"lat": {"type": "number", "minimum": -90, "maximum": 90}, "lng": {"type": "number", "exclusiveMinimum": true, "minimum": -180}}}`,
		`"Address": {"type": "object", "required": ["street", "id"], "properties": {"id": {"type": "string", "readOnly": true}, "street": {"type": "string", "example": "1 Main St"},
		  "kind": {"type": "string", "enum": ["home", "work"], "default": "home"}, "geo": {"$ref": "#/components/schemas/Geo"}}}`,
		`"Person": {"type": "object", "properties": {"name": {"type": "string", "x-order": 1}, "home": {"$ref": "#/components/schemas/Address"},
		  "work": {"$ref": "#/components/schemas/Address"}, "friends": {"type": "array", "items": {"$ref": "#/components/schemas/Person"}},
		  "best": {"allOf": [{"$ref": "#/components/schemas/Person"}, {"description": "the best friend"}]}, "spec": {"$ref": "#/components/schemas/Address/properties/geo"}}}`,
	)
	body := func(ref string) string {
		return `"requestBody": {"content": {"application/json": {"schema": ` + ref + `}}}, "responses": {"200": {"description": "ok"}}`
	}
	paths := []string{
		`"/people": {"post": {"operationId": "addPerson", ` + body(`{"$ref": "#/components/schemas/Person"}`) + `},
		  "get": {"operationId": "findPeople", "parameters": [{"name": "near", "in": "query", "style": "deepObject", "schema": {"$ref": "#/components/schemas/Address"}},
		  {"name": "box", "in": "query", "style": "deepObject", "schema": {"type": "object", "description": "a box", "properties": {"sw": {"$ref": "#/components/schemas/Geo"}, "ne": {"$ref": "#/components/schemas/Geo"}}}}],
		  "responses": {"200": {"description": "ok"}}}}`,
		`"/people/{id}": {"put": {"operationId": "setPerson", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}], ` + body(`{"$ref": "#/components/schemas/Person"}`) + `}}`,
		`"/addresses": {"post": {"operationId": "addAddress", ` + body(`{"$ref": "#/components/schemas/Address"}`) + `}}`,
		`"/deep": {"post": {"operationId": "deep", ` + body(`{"$ref": "#/components/schemas/D0"}`) + `}}`,
		`"/deep5": {"post": {"operationId": "deep5", ` + body(`{"type": "object", "properties": {"x": {"$ref": "#/components/schemas/D5"}, "y": {"$ref": "#/components/schemas/D12"}}}`) + `}}`,
		`"/deep12": {"post": {"operationId": "deep12", ` + body(`{"$ref": "#/components/schemas/D12"}`) + `}}`,
		`"/fan": {"post": {"operationId": "fan", ` + body(`{"$ref": "#/components/schemas/F0"}`) + `}}`,
		`"/fan3": {"post": {"operationId": "fan3", ` + body(`{"type": "object", "properties": {"p": {"$ref": "#/components/schemas/F3"}, "q": {"$ref": "#/components/schemas/F2"}}}`) + `}}`,
	}
	return `{"openapi": "3.0.3", "info": {"title": "shared", "version": "1"}, "paths": {` + strings.Join(paths, ",") +
		`}, "components": {"schemas": {` + strings.Join(comps, ",") + `}}}`
}

// TestSharedSchemasSameEndpoints: with the conversions of $ref targets
// shared between endpoints, every endpoint of a document is what it was
// when each schema was written out in full and copied by Catalog.Add,
// and the model is shown the same details.
func TestSharedSchemasSameEndpoints(t *testing.T) {
	docs := map[string][]byte{
		"shared.json":        []byte(sharedDoc()),
		"chain.json":         []byte(chainDoc(30, false)),
		"chain-swagger.json": []byte(chainDoc(30, true)),
	}
	files, _ := filepath.Glob("testdata/*.*")
	for _, f := range files {
		if ext := filepath.Ext(f); ext == ".json" || ext == ".yaml" {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			docs[f] = b
		}
	}
	for name, src := range docs {
		t.Run(name, func(t *testing.T) {
			shared := &docLoader{file: name}
			sc := shared.load(src)
			copied := &docLoader{file: name, copySchemas: true}
			cc := copied.load(src)
			if diff := cmp.Diff(copied.diags.String(), shared.diags.String()); diff != "" {
				t.Errorf("diagnostics (-copied +shared):\n%s", diff)
			}
			if (sc == nil) != (cc == nil) {
				t.Fatalf("catalog: shared %v, copied %v", sc != nil, cc != nil)
			}
			if sc == nil {
				return
			}
			if diff := cmp.Diff(cc.Endpoints(), sc.Endpoints()); diff != "" {
				t.Fatalf("endpoints (-copied +shared):\n%s", diff)
			}
			sreg := newRegistry(t, sc, Options{BaseURL: "http://127.0.0.1:1"})
			creg := newRegistry(t, cc, Options{BaseURL: "http://127.0.0.1:1"})
			for _, e := range sc.Endpoints() {
				id, _ := json.Marshal(e.ID)
				for _, args := range []string{`{"endpoint": ` + string(id) + `}`, `{"endpoint": ` + string(id) + `, "examples": true}`} {
					if diff := cmp.Diff(show(run(creg, "query_api_docs", args)), show(run(sreg, "query_api_docs", args))); diff != "" {
						t.Errorf("%s (-copied +shared):\n%s", args, diff)
					}
				}
			}
		})
	}
}

// TestSharedSchemasShared: the conversion of a component is one map for
// every endpoint and place that refers to it.
func TestSharedSchemasShared(t *testing.T) {
	c, ds := ParseOpenAPI("shared.json", []byte(sharedDoc()), nil)
	if c == nil {
		t.Fatal(ds.String())
	}
	get := func(v any, keys ...string) any {
		for _, k := range keys {
			v = v.(map[string]any)[k]
		}
		return v
	}
	addr, _ := c.Endpoint("addAddress")
	add, _ := c.Endpoint("addPerson")
	set, _ := c.Endpoint("setPerson")
	find, _ := c.Endpoint("findPeople")
	same := func(what string, a, b any) {
		t.Helper()
		if reflect.ValueOf(a).UnsafePointer() != reflect.ValueOf(b).UnsafePointer() {
			t.Errorf("%s: not shared", what)
		}
	}
	same("home and work", get(add.Body.Schema, "properties", "home"), get(add.Body.Schema, "properties", "work"))
	same("two endpoints' Person", add.Body.Schema, set.Body.Schema)
	same("a body and a property", addr.Body.Schema, get(add.Body.Schema, "properties", "home"))
	same("a body's Geo and a parameter's", get(addr.Body.Schema, "properties", "geo"), get(find.Params[1].Schema, "properties", "sw"))
	if _, ok := find.Params[0].Schema["description"]; ok || find.Params[0].Schema == nil {
		t.Errorf("parameter schema: %v", find.Params[0].Schema)
	}
	if _, ok := addr.Body.Schema["description"]; ok {
		t.Error("a parameter's description was taken out of the shared schema")
	}
}

// fanDoc is a document of n operations whose bodies each refer to
// components that fan out four ways, levels deep: written out, each body
// is maxSchemaNodes nodes.
func fanDoc(n, levels int) string {
	var comps []string
	for i := range levels {
		next := `{"type": "integer", "minimum": 1}`
		if i < levels-1 {
			next = fmt.Sprintf(`{"$ref": "#/components/schemas/F%d"}`, i+1)
		}
		comps = append(comps, fmt.Sprintf(`"F%d": {"type": "object", "properties": {"a": %s, "b": %s, "c": %s, "d": %s}}`, i, next, next, next, next))
	}
	var paths []string
	for i := range n {
		paths = append(paths, fmt.Sprintf(`"/r%d": {"post": {"operationId": "op%d", "requestBody": {"content": {"application/json": {"schema":
		 {"type": "object", "properties": {"id%d": {"type": "string"}, "x": {"$ref": "#/components/schemas/F0"}, "y": {"$ref": "#/components/schemas/F1"}}}}}}, "responses": {"200": {"description": "ok"}}}}`, i, i, i))
	}
	return `{"openapi": "3.0.3", "info": {"title": "fan", "version": "1"}, "paths": {` + strings.Join(paths, ",") +
		`}, "components": {"schemas": {` + strings.Join(comps, ",") + `}}}`
}

// countMaps counts the distinct maps reachable from v, and the maps as
// written out (each time it is reached).
func countMaps(v any, seen map[unsafe.Pointer]bool) (distinct, written int) {
	switch x := v.(type) {
	case map[string]any:
		written = 1
		p := reflect.ValueOf(x).UnsafePointer()
		if !seen[p] {
			seen[p] = true
			distinct = 1
		}
		for _, sub := range x {
			d, w := countMaps(sub, seen)
			distinct, written = distinct+d, written+w
		}
	case []any:
		for _, sub := range x {
			d, w := countMaps(sub, seen)
			distinct, written = distinct+d, written+w
		}
	}
	return distinct, written
}

// TestSharedSchemasFanOut: bodies that each reach maxSchemaNodes nodes
// of shared components hold a few maps of their own each, not a copy.
func TestSharedSchemasFanOut(t *testing.T) {
	const ops = 200
	src := []byte(fanDoc(ops, 7))
	c, ds := ParseOpenAPI("fan.json", src, nil)
	if c == nil || len(ds) > 0 {
		t.Fatal(ds.String())
	}
	seen := map[unsafe.Pointer]bool{}
	distinct, written := 0, 0
	for _, e := range c.Endpoints() {
		d, w := countMaps(e.Body.Schema, seen)
		distinct, written = distinct+d, written+w
	}
	t.Logf("%d operations: %d maps written out, %d distinct", ops, written, distinct)
	if written < ops*maxSchemaNodes/2 {
		t.Errorf("%d maps written out: the bodies are not each near maxSchemaNodes", written)
	}
	if distinct > 20*ops+10*maxSchemaNodes {
		t.Errorf("%d distinct maps for %d operations: not shared", distinct, ops)
	}
}
