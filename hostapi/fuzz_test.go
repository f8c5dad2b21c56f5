package hostapi

import (
	"encoding/json"
	"fmt"
	"net/http"
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
		c, _, err := LoadOpenAPI(data, nil)
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
