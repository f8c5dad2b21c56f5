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
		// A block is a tool file or one that defines a shared pre_request.
		if _, _, diags := parseToolFile("README.md yaml block "+string(rune('1'+i)), b, DefaultMaxFileBytes); diags.HasErrors() {
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

// TestReadmeGo checks that every Go block of the README stands, verbatim
// but for white space, in a file that CI compiles: examples/agent-loop
// and examples/otel are modules of their own, written as a user would.
func TestReadmeGo(t *testing.T) {
	src, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	var compiled strings.Builder
	for _, f := range []string{"examples/agent-loop/readme.go", "examples/otel/readme.go"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		compiled.WriteString(normalizeCode(string(b)))
	}
	blocks := fencedBlocks(string(src), "go")
	if len(blocks) == 0 {
		t.Fatal("no go blocks in README.md")
	}
	for _, b := range blocks {
		if !strings.Contains(compiled.String(), normalizeCode(b)) {
			t.Errorf("this README block is not in examples/agent-loop/readme.go or examples/otel/readme.go, so nothing compiles it:\n%s", b)
		}
	}
}

// normalizeCode folds each line's white space and drops empty lines.
func normalizeCode(s string) string {
	var b strings.Builder
	for line := range strings.Lines(s) {
		if f := strings.Fields(line); len(f) > 0 {
			b.WriteString(strings.Join(f, " "))
			b.WriteByte('\n')
		}
	}
	return b.String()
}
