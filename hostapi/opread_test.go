package hostapi

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/google/go-cmp/cmp"
)

// opKinds are the values the reader reads, by the kind byte of the
// decode cache ('p', 'b') and 'o', 'i' for an operation's and a path
// item's other members.
var opKinds = map[byte]func() any{
	'p': func() any { return &openapi3.ParameterRef{} },
	'b': func() any { return &openapi3.RequestBodyRef{} },
	'o': func() any { return &openapi3.Operation{} },
	'i': func() any { return &openapi3.PathItem{} },
}

// readOp reads text as the kind says; nil when left to kin-openapi.
func readOp(k *compactor, kind byte, text []byte, rec *compactRec) any {
	switch kind {
	case 'p':
		if v := k.readParamRef(text, rec); v != nil {
			return v
		}
	case 'b':
		if v := k.readBodyRef(text, rec); v != nil {
			return v
		}
	case 'o':
		if v := k.readOperation(text); v != nil {
			return v
		}
	case 'i':
		if v := k.readPathItem(text); v != nil {
			return v
		}
	}
	return nil
}

// sameOpAsKin: when the reader reads text, kin-openapi decodes it
// without fault to the same value, once compactValue has made its
// schemas compact.
func sameOpAsKin(t *testing.T, kind byte, text string) (read bool) {
	t.Helper()
	kr, kk := newCompactor(), newCompactor()
	got := readOp(kr, kind, []byte(text), &compactRec{})
	if got == nil {
		return false
	}
	want := opKinds[kind]()
	if err := new(kinDecoder).decode([]byte(text), want); err != nil {
		t.Fatalf("read %c %s\nwhich kin-openapi refuses: %v", kind, text, err)
	}
	kk.compactValue(want)
	schemas := cmp.Comparer(func(a, b *openapi3.SchemaRef) bool {
		if a == nil || b == nil {
			return a == b
		}
		sa, sb := kk.stood[a], kr.stood[b]
		if sa == nil || sb == nil {
			return sa == sb && a.Ref == b.Ref && reflect.DeepEqual(a.Value, b.Value)
		}
		return a.Ref == b.Ref && diffCompact(sa, sb, "#") == ""
	})
	if diff := cmp.Diff(want, got, schemas, cmp.Exporter(func(reflect.Type) bool { return true })); diff != "" {
		t.Fatalf("read %c %s\notherwise than kin-openapi (-kin +read):\n%s", kind, text, diff)
	}
	return true
}

// TestOpReaderReads: what real documents write is read, and what the
// reader does not read exactly as kin-openapi is left to it.
func TestOpReaderReads(t *testing.T) {
	for _, c := range []struct {
		kind byte
		text string
	}{
		{'p', `{"name": "q", "in": "query", "required": true, "description": "d", "style": "form", "explode": false, "schema": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}}}`},
		{'p', `{"$ref": "#/components/parameters/top"}`},
		{'p', `{"name": "id", "in": "path", "required": true, "schema": {"$ref": "#/components/schemas/Id"}, "example": 12, "x-ms-docs-key-type": "group", "deprecated": true, "allowReserved": true, "allowEmptyValue": false}`},
		{'p', `{"name": "f", "in": "query", "content": {"application/json": {"schema": {"type": "object", "properties": {"a": {"type": "integer"}}}}}, "examples": {"one": {"value": {"a": 1}, "summary": "s"}, "two": {"$ref": "#/components/examples/Two"}}}`},
		{'b', `{"$ref": "#/components/requestBodies/Thing"}`},
		{'b', `{"description": "d", "required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}, "example": {"name": "x", "n": 1.5}},
			"multipart/form-data": {"schema": {"type": "object", "properties": {"file": {"type": "string", "format": "binary"}}}, "encoding": {"file": {"contentType": "image/png", "style": "form", "explode": true, "allowReserved": false, "x-e": null}}}}}`},
		{'o', `{"operationId": "listPets", "summary": "s", "description": "d", "tags": ["pets", "all"], "deprecated": false, "security": [{"key": []}, {"oauth": ["read", "write"]}, {}],
			"servers": [{"url": "https://{region}.example.com/v1", "description": "d", "variables": {"region": {"default": "eu", "enum": ["eu", "us"], "description": "r"}}}], "externalDocs": {"url": "https://docs", "description": "d"}, "x-codegen": {"name": "list", "n": [1, 2.5, null]}}`},
		{'o', `{"security": []}`},
		{'i', `{"summary": "s", "description": "d", "servers": [{"url": "/v2"}], "x-item": {"k": [1, 2]}}`},
		{'i', `{}`},
	} {
		if !sameOpAsKin(t, c.kind, c.text) {
			t.Errorf("not read: %c %s", c.kind, c.text)
		}
	}
	for _, c := range []struct {
		kind byte
		text string
	}{
		{'p', `{"$ref": "#/components/parameters/top", "description": "d"}`},
		{'p', `{"name": "q", "in": "query", "Schema": {"type": "string"}}`},
		{'p', `{"name": "q", "in": "query", "required": "yes"}`},
		{'p', `{"name": "q", "in": "query", "schema": {"type": "string", "Type": "x"}}`},
		{'p', `{"name": "q", "name": "r", "in": "query"}`},
		{'p', `{"name": "q", "in": "query", "foo": 1}`},
		{'p', `{"name": "q", "in": "query", "example": 1e400}`},
		{'b', `{"content": {"application/json": {"encoding": {"a": {"headers": {}}}}}}`},
		{'b', `{"content": {"application/json": {"schema": {"$ref": "#/components/schemas/A", "nullable": true}}}}`},
		{'o', `{"operationId": "x", "responses": {}}`},
		{'o', `{"operationId": 5}`},
		{'i', `{"$ref": "#/paths/~1a"}`},
		{'i', `{"get": {}}`},
	} {
		if v := readOp(newCompactor(), c.kind, []byte(c.text), &compactRec{}); v != nil {
			t.Errorf("read, where kin-openapi should: %c %s", c.kind, c.text)
		}
	}
}

// opText writes a random parameter, request body, operation or path
// item of the keys the reader reads and some it leaves to kin-openapi,
// from r.
func opText(r *rand.Rand, kind byte) string {
	keys := map[byte][]string{
		'p': {"name", "in", "description", "style", "explode", "allowEmptyValue", "allowReserved", "deprecated", "required", "schema", "example", "examples", "content", "x-a", "$ref", "Name"},
		'b': {"description", "required", "content", "x-a", "$ref", "Content"},
		'o': {"tags", "summary", "description", "operationId", "deprecated", "security", "servers", "externalDocs", "x-a", "x-b", "callbacks"},
		'i': {"summary", "description", "servers", "x-a", "$ref", "get"},
	}[kind]
	scalars := []string{`null`, `true`, `false`, `0`, `-0`, `1.5`, `1e2`, `1e400`, `9007199254740993`, `"yes"`, `"q"`, `"query"`, `""`, `"#/components/schemas/A"`, `"form"`}
	var w jsonText
	var value func(depth int)
	value = func(depth int) {
		switch n := r.IntN(10); {
		case depth < 4 && n < 2:
			w.object(1, func() {
				w.key(string('a' + rune(r.IntN(3))))
				value(depth + 1)
			})
		case depth < 4 && n < 4:
			w.list(r.IntN(3), func() { value(depth + 1) })
		default:
			w.WriteString(scalars[r.IntN(len(scalars))])
		}
	}
	obj := func(keys []string, f func(key string)) {
		w.object(r.IntN(4), func() {
			key := keys[r.IntN(len(keys))]
			w.key(key)
			if r.IntN(6) == 0 {
				value(2)
				return
			}
			f(key)
		})
	}
	media := func(key string) {
		switch key {
		case "schema":
			w.WriteString(schemaText(r))
		case "examples":
			obj([]string{"one", "two"}, func(string) {
				obj([]string{"summary", "description", "value", "externalValue", "x-a", "$ref"}, func(string) { value(3) })
			})
		case "encoding":
			obj([]string{"a", "b"}, func(string) {
				obj([]string{"contentType", "style", "explode", "allowReserved", "headers", "x-a"}, func(string) { value(3) })
			})
		default:
			value(2)
		}
	}
	content := func() {
		obj([]string{"application/json", "multipart/form-data"}, func(string) {
			obj([]string{"schema", "example", "examples", "encoding", "x-a"}, media)
		})
	}
	servers := func() {
		w.list(r.IntN(3), func() {
			obj([]string{"url", "description", "variables", "x-a"}, func(key string) {
				if key != "variables" {
					value(3)
					return
				}
				obj([]string{"region", "v"}, func(string) {
					obj([]string{"enum", "default", "description", "x-a"}, func(key string) {
						if key == "enum" {
							w.WriteString(`["a", "b"]`)
							return
						}
						value(3)
					})
				})
			})
		})
	}
	obj(keys, func(key string) {
		switch key {
		case "schema":
			w.WriteString(schemaText(r))
		case "content":
			content()
		case "examples":
			media("examples")
		case "servers":
			servers()
		case "security":
			w.WriteString([]string{`[]`, `[{}]`, `[{"k": []}, {"o": ["a", "b"]}]`, `[{"k": [1]}]`, `{}`}[r.IntN(5)])
		case "tags":
			w.WriteString([]string{`[]`, `["a", "b"]`, `[1]`, `"a"`}[r.IntN(4)])
		case "externalDocs":
			obj([]string{"url", "description", "x-a"}, func(string) { value(3) })
		case "$ref":
			w.WriteString([]string{`"#/components/parameters/P"`, `"#/components/requestBodies/B"`, `1`}[r.IntN(3)])
		default:
			value(1)
		}
	})
	return w.String()
}

// TestOpReaderTree holds the reader to kin-openapi on 1,000 random texts
// of each kind, and requires it to read some of them.
func TestOpReaderTree(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, kind := range []byte("pboi") {
		read := 0
		for range 1000 {
			if sameOpAsKin(t, kind, opText(r, kind)) {
				read++
			}
			if t.Failed() {
				return
			}
		}
		if read < 100 {
			t.Errorf("%c: read %d of 1000 random texts: the reader leaves too much to kin-openapi for this test to hold it", kind, read)
		}
	}
}

func FuzzOpReader(f *testing.F) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, kind := range []byte("pboi") {
		for range 5 {
			f.Add(kind, opText(r, kind))
		}
	}
	f.Fuzz(func(t *testing.T, kind byte, text string) {
		if opKinds[kind] == nil || !json.Valid([]byte(text)) || strings.Count(text, "[")+strings.Count(text, "{") > 300 {
			return
		}
		sameOpAsKin(t, kind, text)
	})
}

// TestOpReaderWholeText: a text read only in part (a value follows) or
// not an object is left to kin-openapi, and names no components;
// the reader it leaves in the pool reads the next text as a new one.
func TestOpReaderWholeText(t *testing.T) {
	texts := map[byte]string{
		'p': `{"name": "id", "in": "path", "required": true, "schema": {"type": "object", "properties": {"a": {"$ref": "#/components/schemas/A"}}}}`,
		'b': `{"content": {"application/json": {"schema": {"items": {"$ref": "#/components/schemas/A"}}}}}`,
		'o': `{"operationId": "x", "tags": ["a"]}`,
		'i': `{"summary": "s"}`,
	}
	k := newCompactor()
	for kind, text := range texts {
		for _, bad := range []string{text + ` x`, text + ` {}`, `[` + text + `]`} {
			rec := &compactRec{}
			if v := readOp(k, kind, []byte(bad), rec); v != nil {
				t.Errorf("read %c %s", kind, bad)
			}
			if len(rec.names) != 0 {
				t.Errorf("%c %s: left to kin-openapi, yet names %q", kind, bad, rec.names)
			}
			rec = &compactRec{}
			if !sameOpAsKin(t, kind, text) || readOp(k, kind, []byte(" "+text+"\n"), rec) == nil {
				t.Fatalf("not read after a text left: %c %s", kind, text)
			}
			if want := map[bool][]string{true: {"A"}}[kind == 'p' || kind == 'b']; !slices.Equal(rec.names, want) {
				t.Errorf("%c after %s: names %q, want %q", kind, bad, rec.names, want)
			}
		}
	}
}
