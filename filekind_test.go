package toolkit

import (
	"os"
	"path/filepath"
	"testing"
)

func TestDetectFile(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want FileKind
	}{
		{"tool", "name: a\ndesc: b\nsteps:\n  - url: https://x.example\n", FileTool},
		{"tool with comments and BOM", "\xef\xbb\xbf# a tool\n---\nname: a\n\"desc\": b\n", FileTool},
		{"tool missing steps", "name: a\ndesc: b\n", FileTool},
		{"shared pre_request", "pre_request:\n  name: auth\n  url: https://x.example\n", FileTool},
		{"tool with a syntax error", "name: a\ndesc: \"unterminated\nsteps:\n  - url: x\n", FileTool},
		{"tool in flow style", `{name: a, desc: b, steps: [{url: "https://x.example"}]}`, FileTool},
		{"tool as JSON", `{"name": "a", "desc": "b", "steps": []}`, FileTool},
		{"openapi yaml", "openapi: 3.0.3\ninfo:\n  title: t\n", FileOpenAPI},
		{"swagger yaml after comments", "# doc\nswagger: '2.0'\npaths: {}\n", FileOpenAPI},
		{"openapi json", `{"info": {"desc": "x"}, "openapi": "3.1.0"}`, FileOpenAPI},
		{"openapi key nested only", "info:\n  openapi: 3\n", FileUnknown},
		{"yqcloud object", `{"name": "f", "function": {"type": "manual"}}`, FileYQCloud},
		{"yqcloud array with comments", "// defs\n[ /* first */ {\"name\": \"f\", \"function\": {}}, {\"name\": \"g\"} ]", FileYQCloud},
		{"yqcloud broken json", `{"name": "f", "function": {"type": "call_url", "url": "x`, FileYQCloud},
		{"yqcloud key in a string", `{"name": "function: x"}`, FileUnknown},
		{"nested function key", `{"a": {"function": 1}}`, FileUnknown},
		{"function key in yaml", "name: f\nfunction: {}\n", FileUnknown},
		{"steps inside an array", `[{"steps": []}]`, FileUnknown},
		{"other yaml", "services:\n  web:\n    image: x\n", FileUnknown},
		{"yaml list", "- name: a\n  desc: b\n", FileUnknown},
		{"empty", "", FileUnknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DetectFile([]byte(tt.src)); got != tt.want {
				t.Errorf("DetectFile(%q) = %v, want %v", tt.src, got, tt.want)
			}
		})
	}
}

// TestDetectFileRepository checks the kind of the repository's own example
// and test files.
func TestDetectFileRepository(t *testing.T) {
	want := map[string]FileKind{
		"examples/quickstart/tools/*.yaml":   FileTool,
		"testdata/tools/*.yaml":              FileTool,
		"testdata/load/*.yaml":               FileTool,
		"examples/yqcloud-itsm/functions/*":  FileYQCloud,
		"yqcloud/testdata/*.json*":           FileYQCloud,
		"hostapi/testdata/*.json":            FileOpenAPI,
		"hostapi/testdata/*.yaml":            FileOpenAPI,
		"examples/internal-api/openapi.yaml": FileOpenAPI,
		"toolkittest/testdata/*.golden.yaml": FileUnknown,
		"testdata/*.golden.json":             FileUnknown,
	}
	for pattern, kind := range want {
		files, err := filepath.Glob(filepath.FromSlash(pattern))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no files (%v)", pattern, err)
		}
		for _, f := range files {
			if filepath.Ext(f) == ".diagnostics" {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if got := DetectFile(src); got != kind {
				t.Errorf("%s: %v, want %v", f, got, kind)
			}
		}
	}
}
