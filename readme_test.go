package toolkit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeYAML loads every YAML block of the README and docs/ as a
// tool file: the reference a user copies from must load without errors
// or warnings.
func TestReadmeYAML(t *testing.T) {
	for _, doc := range docFiles(t) {
		for i, b := range fencedBlocks(doc.text, "yaml") {
			// A block is a tool file or one that defines a shared pre_request.
			if _, _, diags := parseToolFile(fmt.Sprintf("%s yaml block %d", doc.name, i+1), b, DefaultMaxFileBytes); len(diags) > 0 {
				t.Errorf("%s", diags.String())
			}
		}
	}
	for _, name := range []string{"README.md", "docs/yaml.md"} {
		if b, _ := os.ReadFile(name); len(fencedBlocks(string(b), "yaml")) == 0 {
			t.Errorf("no yaml blocks in %s", name)
		}
	}
}

type docFile struct{ name, text string }

// docFiles reads README.md, ARCHITECTURE.md, CHANGELOG.md and docs/*.md.
func docFiles(t *testing.T) []docFile {
	t.Helper()
	names, err := filepath.Glob("docs/*.md")
	if err != nil || len(names) == 0 {
		t.Fatalf("docs/*.md: %v (%d files)", err, len(names))
	}
	var out []docFile
	for _, name := range append([]string{"README.md", "ARCHITECTURE.md", "CHANGELOG.md"}, names...) {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, docFile{name, string(b)})
	}
	return out
}

// docText is every documentation file's text, one after the other.
func docText(t *testing.T) string {
	var b strings.Builder
	for _, d := range docFiles(t) {
		b.WriteString(d.text)
		b.WriteString("\n")
	}
	return b.String()
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

// TestReadmeGo checks that every Go block of the README and docs/ stands,
// verbatim but for white space, in a file that CI compiles:
// examples/agent-loop, examples/otel and the adapters are modules of their
// own, written as a user would.
func TestReadmeGo(t *testing.T) {
	src := docText(t)
	var compiled strings.Builder
	adapters, err := filepath.Glob("adapters/*/example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range append([]string{"examples/agent-loop/readme.go", "examples/otel/readme.go", "hybrid_openai_test.go"}, adapters...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		compiled.WriteString(normalizeCode(string(b)))
	}
	blocks := fencedBlocks(src, "go")
	if len(blocks) == 0 {
		t.Fatal("no go blocks in README.md and docs/")
	}
	for _, b := range blocks {
		if !strings.Contains(compiled.String(), normalizeCode(b)) {
			t.Errorf("this block is not in examples/agent-loop/readme.go, examples/otel/readme.go, hybrid_openai_test.go or adapters/*/example_test.go, so nothing compiles it:\n%s", b)
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
