package toolkit

import (
	"os"
	"strings"
	"testing"
)

// TestReadmeYAML loads every YAML block of the README as a tool file: the
// reference a user copies from must load without errors.
func TestReadmeYAML(t *testing.T) {
	src, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := fencedBlocks(string(src), "yaml")
	if len(blocks) == 0 {
		t.Fatal("no yaml blocks in README.md")
	}
	for i, b := range blocks {
		if _, diags := ParseWorkflow("README.md yaml block "+string(rune('1'+i)), []byte(b)); diags.HasErrors() {
			t.Errorf("%v", diags)
		}
	}
}

// fencedBlocks returns the contents of the ```lang blocks of a Markdown text.
func fencedBlocks(md, lang string) []string {
	var out []string
	for rest := md; ; {
		i := strings.Index(rest, "```"+lang+"\n")
		if i < 0 {
			return out
		}
		rest = rest[i+len("```"+lang+"\n"):]
		j := strings.Index(rest, "\n```")
		if j < 0 {
			return out
		}
		out = append(out, rest[:j+1])
		rest = rest[j+4:]
	}
}
