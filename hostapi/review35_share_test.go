package hostapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolkit-sdk/toolkit"
)

// Red-team review of the shared $ref conversions (issue 35 item 5): no
// code path may write into a schema map that endpoints share.

// edgeDoc holds the $ref shapes that are easy to get wrong: a ref to a
// ref to a ref, a $ref with siblings, a ref into paths, an external ref
// (its operation left out), a cycle through allOf, and recursion through
// items and additionalProperties.
func edgeDoc() string {
	body := func(schema string) string {
		return `"requestBody": {"content": {"application/json": {"schema": ` + schema + `}}}, "responses": {"200": {"description": "ok"}}`
	}
	return `{"openapi": "3.0.3", "info": {"title": "edges", "version": "1"},
	"paths": {
	  "/a": {"get": {"operationId": "getA", "parameters": [
	      {"name": "filter", "in": "query", "style": "deepObject", "explode": true, "schema": {"$ref": "#/components/schemas/R1"}},
	      {"name": "ids", "in": "query", "style": "form", "explode": false, "schema": {"type": "array", "items": {"$ref": "#/components/schemas/R3"}}},
	      {"name": "X-Obj", "in": "header", "schema": {"$ref": "#/components/schemas/Flat"}}],
	    "responses": {"200": {"description": "ok"}}},
	    "post": {"operationId": "postA", ` + body(`{"$ref": "#/components/schemas/Sib", "description": "sibling desc", "nullable": true}`) + `}},
	  "/b": {"post": {"operationId": "intoPaths", "parameters": [
	      {"name": "f2", "in": "query", "style": "deepObject", "schema": {"$ref": "#/paths/~1a/get/parameters/0/schema"}},
	      {"name": "flat", "in": "query", "style": "form", "explode": true, "schema": {"$ref": "#/paths/~1a/get/parameters/2/schema"}}],
	    ` + body(`{"$ref": "#/paths/~1a/post/requestBody/content/application~1json/schema"}`) + `}},
	  "/ext": {"post": {"operationId": "external", ` + body(`{"$ref": "other.json#/components/schemas/X"}`) + `}},
	  "/cyc": {"post": {"operationId": "cyc", ` + body(`{"$ref": "#/components/schemas/Cyc"}`) + `},
	    "put": {"operationId": "cyc2", ` + body(`{"type": "object", "properties": {"c": {"$ref": "#/components/schemas/Cyc"}, "t": {"$ref": "#/components/schemas/Tree"}, "r": {"$ref": "#/components/schemas/R1"}}}`) + `}},
	  "/tree": {"post": {"operationId": "tree", ` + body(`{"$ref": "#/components/schemas/Tree"}`) + `}},
	  "/up": {"post": {"operationId": "upload", "requestBody": {"content": {"multipart/form-data": {"schema": {"$ref": "#/components/schemas/Upload"}}}}, "responses": {"200": {"description": "ok"}}},
	    "put": {"operationId": "uploadJSON", ` + body(`{"$ref": "#/components/schemas/Upload"}`) + `},
	    "patch": {"operationId": "uploadRaw", "requestBody": {"content": {"application/octet-stream": {"schema": {"$ref": "#/components/schemas/Upload/properties/file"}}}}, "responses": {"200": {"description": "ok"}}}}
	},
	"components": {"schemas": {
	  "R1": {"$ref": "#/components/schemas/R2"},
	  "R2": {"$ref": "#/components/schemas/R3"},
	  "R3": {"type": "object", "required": ["k"], "properties": {"k": {"type": "string", "enum": ["x", "y"], "default": "x"}, "n": {"type": "integer", "minimum": 1}}},
	  "Flat": {"type": "object", "properties": {"role": {"type": "string"}, "first": {"type": "string"}}},
	  "Sib": {"type": "object", "description": "the target's own", "properties": {"r": {"$ref": "#/components/schemas/R1", "description": "ref with sibling"}, "s": {"type": "string", "readOnly": true}}},
	  "Cyc": {"allOf": [{"$ref": "#/components/schemas/Cyc"}, {"type": "object", "properties": {"v": {"type": "string"}, "next": {"$ref": "#/components/schemas/Cyc"}}}]},
	  "Upload": {"type": "object", "properties": {"file": {"type": "string", "format": "binary", "description": "the file"}, "files": {"type": "array", "items": {"type": "string", "format": "binary"}}, "meta": {"$ref": "#/components/schemas/R3"}}},
	  "Tree": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/components/schemas/Tree"}}, "meta": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/Tree"}}, "leaf": {"$ref": "#/components/schemas/R3"}}}
	}}}`
}

// deepCopy copies v, maps and slices included, keeping the sharing (and
// any cycle) of maps.
func deepCopy(v reflect.Value, memo map[uintptr]reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		if c, ok := memo[v.Pointer()]; ok {
			return c
		}
		c := reflect.MakeMapWithSize(v.Type(), v.Len())
		memo[v.Pointer()] = c
		for it := v.MapRange(); it.Next(); {
			c.SetMapIndex(it.Key(), deepCopy(it.Value(), memo))
		}
		return c
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			c.Index(i).Set(deepCopy(v.Index(i), memo))
		}
		return c
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Type()).Elem()
		c.Set(deepCopy(v.Elem(), memo))
		return c
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Type().Elem())
		c.Elem().Set(deepCopy(v.Elem(), memo))
		return c
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		c.Set(v) // unexported fields as they are
		for i := range v.NumField() {
			if c.Field(i).CanSet() {
				c.Field(i).Set(deepCopy(v.Field(i), memo))
			}
		}
		return c
	}
	return v
}

func snapshot(eps []Endpoint) []Endpoint {
	return deepCopy(reflect.ValueOf(eps), map[uintptr]reflect.Value{}).Interface().([]Endpoint)
}

// schemaPointers lists the schema pointers of an endpoint down to depth
// levels of properties/items.
func schemaPointers(e Endpoint, depth int) []string {
	var out []string
	var walk func(ptr string, s any, d int)
	walk = func(ptr string, s any, d int) {
		out = append(out, ptr)
		m, ok := s.(map[string]any)
		if !ok || d == 0 {
			return
		}
		if props, ok := m["properties"].(map[string]any); ok {
			keys := make([]string, 0, len(props))
			for k := range props {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(ptr+"/properties/"+strings.NewReplacer("~", "~0", "/", "~1").Replace(k), props[k], d-1)
			}
		}
		if it, ok := m["items"]; ok {
			walk(ptr+"/items", it, d-1)
		}
		if all, ok := m["allOf"].([]any); ok {
			for i, x := range all {
				walk(fmt.Sprintf("%s/allOf/%d", ptr, i), x, d-1)
			}
		}
	}
	if e.Body != nil && e.Body.Schema != nil {
		walk("#/body", e.Body.Schema, depth)
	}
	for _, p := range e.Params {
		if p.Schema != nil {
			walk("#/"+argName(p.In)+"/"+p.Name, p.Schema, depth)
		}
	}
	return out
}

// hostileArgs are call_http_api arguments that reach validation and
// style encoding with every kind of wrong and right value.
func hostileArgs(e Endpoint) []string {
	id, _ := json.Marshal(e.ID)
	ep := `{"endpoint": ` + string(id)
	vals := []string{`{}`, `{"k": "x", "n": 2}`, `{"k": 5}`, `{"home": {"geo": {"lat": 1000}}, "friends": [{"name": 1}]}`,
		`{"a": {"a": {"a": {"a": "deep"}}}}`, `"a string"`, `[1, 2, 3]`, `{"kids": [{"kids": [{"meta": {"x": {}}}]}], "v": "q", "next": {"v": 1}}`}
	var out []string
	for _, v := range vals {
		out = append(out, ep+`, "body": `+v+`}`)
		q := map[string]json.RawMessage{}
		h := map[string]json.RawMessage{}
		pp := map[string]json.RawMessage{}
		for _, p := range e.Params {
			switch p.In {
			case InQuery:
				q[p.Name] = json.RawMessage(v)
			case InHeader:
				h[p.Name] = json.RawMessage(v)
			case InPath:
				pp[p.Name] = json.RawMessage(`"id1"`)
			}
		}
		b, _ := json.Marshal(map[string]any{"endpoint": e.ID, "query": q, "headers": h, "path_params": pp})
		out = append(out, string(b))
	}
	return out
}

func docsArgs(e Endpoint) []string {
	id, _ := json.Marshal(e.ID)
	ep := `{"endpoint": ` + string(id)
	out := []string{ep + `}`, ep + `, "examples": true}`, ep + `, "cursor": "1"}`, ep + `, "cursor": "3", "examples": true}`}
	for _, ptr := range schemaPointers(e, 4) {
		p, _ := json.Marshal(ptr)
		out = append(out, ep+`, "schema": `+string(p)+`}`, ep+`, "schema": `+string(p)+`, "examples": true}`, ep+`, "schema": `+string(p)+`, "cursor": "2"}`)
	}
	return out
}

// TestReview35_SharedSchemasStayPut: every detail, schema, search and
// call path of every endpoint, run concurrently by several Registries
// and APIs over one parsed Catalog (and a Catalog.Add copy of it), at
// budgets that make the answers trim and collapse, leaves the endpoints
// as a deep copy taken before, and answers as when run alone.
func TestReview35_SharedSchemasStayPut(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(echo))
	defer srv.Close()
	for name, src := range map[string]string{"shared.json": sharedDoc(), "edges.json": edgeDoc(), "repeat.json": repeatDoc()} {
		t.Run(name, func(t *testing.T) {
			c, ds := ParseOpenAPI(name, []byte(src), nil)
			if c == nil {
				t.Fatal(ds.String())
			}
			if name == "edges.json" {
				if _, ok := c.Endpoint("external"); ok {
					t.Error("an operation with an external $ref was kept")
				}
				if !strings.Contains(ds.String(), "external") {
					t.Errorf("no warning about the external ref:\n%s", ds)
				}
			}
			before := snapshot(c.Endpoints())
			// Catalog.Add of the parsed endpoints: a copy, sharing nothing
			// a host could write into the original through it.
			copied := NewCatalog()
			if err := copied.Add(c.Endpoints()...); err != nil {
				t.Fatal(err)
			}
			type rig struct {
				reg *toolkit.Registry
			}
			var rigs []rig
			for _, budget := range []int{0, toolkit.MinDiscoveryBytes, 1500} {
				for _, cat := range []*Catalog{c, copied} {
					reg := toolkit.NewRegistry(&toolkit.Options{AllowPrivate: []string{"127.0.0.1"}, MaxDiscoveryBytes: budget})
					a, err := New(cat, &Options{BaseURL: srv.URL})
					if err != nil {
						t.Fatal(err)
					}
					if err := a.Register(reg); err != nil {
						t.Fatal(err)
					}
					rigs = append(rigs, rig{reg})
				}
			}
			// A filtered API over the same catalog, in its own Registry.
			ids := []string{}
			for _, e := range c.Endpoints()[:len(c.Endpoints())/2] {
				ids = append(ids, e.ID)
			}
			freg := toolkit.NewRegistry(&toolkit.Options{AllowPrivate: []string{"127.0.0.1"}, MaxDiscoveryBytes: toolkit.MinDiscoveryBytes})
			fa, err := New(c, &Options{BaseURL: srv.URL, Include: Filter{IDs: ids}})
			if err != nil {
				t.Fatal(err)
			}
			if err := fa.Register(freg); err != nil {
				t.Fatal(err)
			}
			rigs = append(rigs, rig{freg})

			type job struct {
				rig        int
				tool, args string
			}
			var jobs []job
			for i := range rigs {
				for _, e := range c.Endpoints() {
					for _, a := range docsArgs(e) {
						jobs = append(jobs, job{i, ToolQueryDocs, a})
					}
					for _, a := range hostileArgs(e) {
						jobs = append(jobs, job{i, ToolCall, a})
					}
				}
				for _, kw := range []string{"person", "geo", "tree", "deep"} {
					jobs = append(jobs, job{i, ToolQueryDocs, `{"keyword": "` + kw + `"}`})
				}
				jobs = append(jobs, job{i, ToolQueryDocs, `{}`})
			}
			// Alone first, then all at once, twice over.
			alone := make([]string, len(jobs))
			for i, j := range jobs {
				alone[i] = show(run(rigs[j.rig].reg, j.tool, j.args))
			}
			if diff := cmp.Diff(before, c.Endpoints()); diff != "" {
				t.Fatalf("the endpoints changed after the calls alone (-before +after):\n%s", diff)
			}
			got := make([]string, len(jobs))
			var wg sync.WaitGroup
			const workers = 6
			for w := range workers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := w; i < len(jobs); i += workers {
						// In another order than alone, so the first
						// detail of a component comes from elsewhere.
						k := len(jobs) - 1 - i
						j := jobs[k]
						got[k] = show(run(rigs[j.rig].reg, j.tool, j.args))
					}
				}()
			}
			// A host reading the catalog meanwhile.
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 20 {
					for _, e := range c.Endpoints() {
						_, _ = json.Marshal(e.Body)
						_, _ = c.Endpoint(e.ID)
					}
				}
			}()
			wg.Wait()
			if diff := cmp.Diff(before, c.Endpoints()); diff != "" {
				t.Fatalf("the endpoints changed (-before +after):\n%s", diff)
			}
			for i := range jobs {
				if boundary.ReplaceAllString(got[i], "B") != boundary.ReplaceAllString(alone[i], "B") {
					t.Errorf("%s %s: alone and concurrent differ:\n%s", jobs[i].tool, jobs[i].args, cmp.Diff(alone[i], got[i]))
				}
				if len(got[i]) > 200_000 {
					t.Errorf("%s %s: answer of %d bytes", jobs[i].tool, jobs[i].args, len(got[i]))
				}
			}
			t.Logf("%d jobs over %d endpoints", len(jobs), len(c.Endpoints()))
		})
	}
}

// boundary is a multipart boundary, random in each request.
var boundary = regexp.MustCompile(`[0-9a-f]{60}`)

// TestReview35_CopiedCatalogIndependent: a host writing into an endpoint
// it got from Catalog.Add of a parsed catalog's endpoints, or into its
// own schema after Add, changes nothing of the parsed catalog's
// endpoints.
func TestReview35_CopiedCatalogIndependent(t *testing.T) {
	c, ds := ParseOpenAPI("shared.json", []byte(sharedDoc()), nil)
	if c == nil {
		t.Fatal(ds.String())
	}
	before := snapshot(c.Endpoints())
	copied := NewCatalog()
	eps := c.Endpoints()
	if err := copied.Add(eps...); err != nil {
		t.Fatal(err)
	}
	for _, e := range copied.Endpoints() {
		scribble(e.Body)
		for _, p := range e.Params {
			if p.Schema != nil {
				scribble(&Body{Schema: p.Schema})
			}
		}
	}
	if diff := cmp.Diff(before, c.Endpoints()); diff != "" {
		t.Fatalf("writing into the copy changed the parsed catalog (-before +after):\n%s", diff)
	}
}

// scribble writes into every map of a body's schema.
func scribble(b *Body) {
	if b == nil || b.Schema == nil {
		return
	}
	seen := map[uintptr]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			p := reflect.ValueOf(x).Pointer()
			if seen[p] {
				return
			}
			seen[p] = true
			for _, y := range x {
				walk(y)
			}
			x["description"] = "scribbled"
		case []any:
			for _, y := range x {
				walk(y)
			}
		}
	}
	walk(b.Schema)
}
