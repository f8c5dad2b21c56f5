package hostapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
)

func FuzzLoadOpenAPI(f *testing.F) {
	for _, name := range []string{"testdata/shop-3.0.yaml", "testdata/shop-3.1.json", "testdata/petstore-2.0.yaml",
		"testdata/aws-discriminators.json", "testdata/ref-into-paths.json", "testdata/yaml-anchors.yaml"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add(generateDoc(2, 2))
	f.Add([]byte(`{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{"/a/{b}{c}":{"get":{}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, ds := ParseOpenAPI("", data, nil)
		err := refused(ds)
		if err != nil {
			return
		}
		a, err := New(c, &Options{Handler: http.NotFoundHandler()})
		if err != nil {
			t.Fatal(err)
		}
		reg := newRegistry(t, c, Options{Handler: http.NotFoundHandler()})
		for i, e := range a.eps {
			if e.ID == "" || e.Group == "" || !strings.HasPrefix(e.Path, "/") {
				t.Fatalf("endpoint %+v", e.Endpoint)
			}
			if i < 20 {
				args, _ := json.Marshal(map[string]any{"endpoint": e.ID, "examples": true})
				if res := run(reg, ToolQueryDocs, string(args)); res.IsError || !json.Valid([]byte(res.Text)) {
					t.Fatalf("detail of %q: %s", e.ID, res.Text)
				}
			}
		}
		if res := run(reg, ToolQueryDocs, `{}`); res.IsError || !json.Valid([]byte(res.Text)) {
			t.Fatalf("overview: %s", res.Text)
		}
	})
}

// FuzzPathValue checks that no path value leaves its segment: the handler
// sees the value, escaped, as the one segment after /files/, or the call is
// refused.
func FuzzPathValue(f *testing.F) {
	for _, s := range []string{"a", "../admin", "..", ".", "a/b", "/", "%2e%2e", "?x#y", "\x00", "ä", " "} {
		f.Add(s)
	}
	reg := newRegistry(f, testCatalog(f), Options{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s\n%s", r.URL.EscapedPath(), r.URL.Path)
	})})
	f.Fuzz(func(t *testing.T, v string) {
		args, _ := json.Marshal(map[string]any{"endpoint": "getFile", "path_params": map[string]any{"name": v}})
		var sent struct {
			PathParams struct{ Name string } `json:"path_params"`
		}
		_ = json.Unmarshal(args, &sent) // invalid UTF-8 became U+FFFD
		v = sent.PathParams.Name
		res := run(reg, ToolCall, string(args))
		if res.IsError {
			if v != "" && v != "." && v != ".." {
				t.Fatalf("%q refused: %s", v, res.Text)
			}
			return
		}
		escaped, path, _ := strings.Cut(strings.TrimPrefix(res.Text, "HTTP 200 OK\n"), "\n")
		if seg, ok := strings.CutPrefix(escaped, "/files/"); !ok || strings.Contains(seg, "/") || seg == "." || seg == ".." || path != "/files/"+v {
			t.Fatalf("%q: handler saw escaped path %q, path %q", v, escaped, path)
		}
	})
}

// FuzzCookieValue checks that no cookie value adds a cookie or a header:
// the form style's value comes back whole after percent-decoding, the
// cookie style's is sent as given or refused.
func FuzzCookieValue(f *testing.F) {
	for _, s := range []string{"a", "a; b=c", "a,b", "x\r\nSet-Cookie: y=1", "%3B", "ä ö", "\x00", "=", ""} {
		f.Add(s)
	}
	cat := NewCatalog()
	if err := cat.Add(Endpoint{ID: "e", Method: "GET", Path: "/c", Params: []Param{
		{Name: "f", In: InCookie}, {Name: "c", In: InCookie, Style: "cookie"}}}); err != nil {
		f.Fatal(err)
	}
	var raw []string
	reg := newRegistry(f, cat, Options{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw = r.Header.Values("Cookie")
	})})
	bad := func(r rune) bool { return r < ' ' || r == 0x7f || r == ',' || r == ';' }
	f.Fuzz(func(t *testing.T, v string) {
		var want string // v as the model's JSON carries it (invalid UTF-8 replaced)
		b, _ := json.Marshal(v)
		if json.Unmarshal(b, &want) != nil {
			t.Fatalf("round trip of %q", v)
		}
		for _, name := range []string{"f", "c"} {
			raw = nil
			args, _ := json.Marshal(map[string]any{"endpoint": "e", "cookies": map[string]any{name: v}})
			res := run(reg, ToolCall, string(args))
			if res.IsError {
				if name == "f" || !strings.ContainsFunc(want, bad) {
					t.Fatalf("%s=%q refused: %s", name, v, res.Text)
				}
				continue
			}
			if len(raw) != 1 || !strings.HasPrefix(raw[0], name+"=") {
				t.Fatalf("%s=%q sent as %q", name, v, raw)
			}
			sent := raw[0][len(name)+1:]
			switch {
			case name == "c" && sent != want:
				t.Fatalf("cookie-style value %q sent as %q", v, sent)
			case name == "f" && strings.ContainsFunc(sent, func(r rune) bool { return bad(r) || r == ' ' || r == '=' }):
				t.Fatalf("form value %q sent unescaped: %q", v, sent)
			case name == "f":
				if dec, err := url.PathUnescape(sent); err != nil || dec != want {
					t.Fatalf("form value %q came back as %q (%v)", v, dec, err)
				}
			}
		}
	})
}

// FuzzCompactSameAsKin: a whole OpenAPI 3 document loads to the same
// endpoints and diagnostics with its schemas read into the compact form
// as they are decoded (schemaReader, opReader, stand-ins, byRef) as
// with kin-openapi's values made compact only when converted. Swagger
// 2.0 documents are left out: which of a schema's several faults
// kin-openapi names there varies from load to load.
func FuzzCompactSameAsKin(f *testing.F) {
	ref := func(n string) string { return `{"$ref": "#/components/schemas/` + n + `"}` }
	for _, doc := range []string{
		rvDoc("3.0.3", ref("A"), `"A": {"type": "object", "properties": {"b": `+ref("B")+`, "c": {"$ref": "#/components/schemas/B/properties/q"}}, "x-n": null}, "B": {"type": "object", "required": ["q"], "properties": {"q": {"type": "integer", "readOnly": true}}}`),
		rvDoc("3.0.3", ref("A"), `"A": `+ref("C")+`, "C": `+ref("D")+`, "D": {"type": "string", "enum": ["a", -0, 9007199254740993]}`),
		rvDoc("3.0.3", ref("A"), `"A": {"type": "object", "properties": {"l": `+ref("L0")+`}}, "L0": `+ref("L1")+`, "L1": `+ref("L0")),
		rvDoc("3.0.3", ref("A"), `"A": {"type": "object", "properties": {"b": `+ref("Bad")+`}}, "Bad": {"type": "string", "pattern": 5}`),
		rvDoc("3.0.3", ref("A"), `"A": {"oneOf": [`+ref("B")+`], "discriminator": {"propertyName": "k", "mapping": {"b": "#/components/schemas/Missing"}}}, "B": {"type": "object"}`),
		rvDoc("3.0.3", `{"type": "object", "properties": {"a": {"$ref": "#/components/schemas/a~1b"}, "s": {"$ref": "#/components/schemas/B%20C", "description": "d"}}}`, `"a/b": {"type": "number", "maximum": 1e308}, "B C": {"type": "array", "items": {"$ref": "#/components/parameters/P"}}`),
		rvDoc("3.1.0", ref("A"), `"A": {"type": ["object", "null"], "properties": {"b": {"$ref": "#/components/schemas/B", "description": "sib"}}}, "B": {"const": 1}`),
		rvDoc("3.0.3", ref("A"), `"A": {"type": "object", "Type": "string", "nullable": "yes", "x-a": 1, "x-a": 2}`),
	} {
		f.Add([]byte(doc))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<14 || bytes.Contains(data, []byte("swagger")) {
			return
		}
		sameLoaded(t, "fuzz.json", data, &docLoader{file: "fuzz.json", kinSchemas: true})
	})
}
