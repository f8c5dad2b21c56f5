package hostapi

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	goldenfile "github.com/toolkit-sdk/toolkit/internal/golden"
)

// TestEndpointsGolden holds what every document of testdata, and the
// documents the decoding tests write, load to,
// its endpoints (their schemas as converted) and its diagnostics, to
// testdata/endpoints.golden: the loader's decoding and conversion change
// often for speed and memory, and what they make must not.
func TestEndpointsGolden(t *testing.T) {
	type doc struct {
		name string
		src  []byte
	}
	docs := []doc{{"repeat.json", []byte(repeatDoc())}, {"shared.json", []byte(sharedDoc())}, {"edge.json", []byte(edgeDoc())},
		{"compact.json", []byte(compactDoc(false))}, {"compact-faults.json", []byte(compactDoc(true))}}
	files, _ := filepath.Glob("testdata/*.*")
	for _, f := range files {
		if ext := filepath.Ext(f); ext != ".json" && ext != ".yaml" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, doc{filepath.Base(f), src})
	}
	var out strings.Builder
	for _, d := range docs {
		c, diags := ParseOpenAPI(d.name, d.src, nil)
		out.WriteString("== " + d.name + "\n" + diags.String() + "\n")
		if c == nil {
			continue
		}
		for _, e := range c.Endpoints() { // one line each
			b, err := json.Marshal(e)
			if err != nil {
				t.Fatal(err)
			}
			out.Write(b)
			out.WriteString("\n")
		}
	}
	goldenfile.Check(t, "testdata/endpoints.golden", out.String())
}
