package toolkit_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/golden"
)

// TestMermaidGolden renders every tool file of testdata/tools and of the
// quick start, checks each graph is well formed, and compares it with its
// golden file (UPDATE_GOLDEN=1 rewrites them).
func TestMermaidGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/tools/*.yaml")
	quick, _ := filepath.Glob("examples/quickstart/tools/*.yaml")
	files = append(files, quick...)
	if len(files) < 2 {
		t.Fatalf("found %d tool files", len(files))
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".yaml")
		if strings.HasPrefix(f, "examples") {
			name = "quickstart_" + name
		}
		t.Run(name, func(t *testing.T) {
			w := parseFile(t, f)
			got := w.Mermaid()
			if err := checkMermaid(got); err != nil {
				t.Errorf("%v\n%s", err, got)
			}
			golden.Check(t, filepath.Join("testdata", "graph", name+".mmd"), got)
		})
	}
}

// TestMermaidREADME checks docs/testing.md shows the quick start's
// get_weather as Mermaid renders it today.
func TestMermaidREADME(t *testing.T) {
	doc, err := os.ReadFile("docs/testing.md")
	if err != nil {
		t.Fatal(err)
	}
	want := parseFile(t, "examples/quickstart/tools/weather.yaml").Mermaid()
	if !strings.Contains(string(doc), "```mermaid\n"+want+"```\n") {
		t.Errorf("docs/testing.md has no ```mermaid block holding get_weather's graph:\n%s", want)
	}
}

func TestMermaidEscapes(t *testing.T) {
	got := parseFile(t, "testdata/tools/search_fallbacks.yaml").Mermaid()
	for _, want := range []string{
		`#quot;a#124;b#quot;[0]#amp;tag=#35;x#59;#lt;y#gt;`, // the URL template, escaped
		`${env:MIRROR_URL}/search<br>?q=${param:q}`,         // a line break in a URL
		`#96;see more#96;`,
		`s1 -.->|"hits fails: jump"| s3`,
		`s0 -.->|"token fails"| abort`,
		`s1 -->|"next: hits, total or #quot;0#quot;"| s2`,
		`s4 --> body`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("graph lacks %q:\n%s", want, got)
		}
	}
}

func parseFile(t *testing.T, path string) *toolkit.Workflow {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	w, diags := toolkit.ParseWorkflow(path, src)
	if w == nil {
		t.Fatalf("%s: %v", path, diags)
	}
	return w
}

var (
	mmNode = regexp.MustCompile(`^  ([A-Za-z][A-Za-z0-9_]*)(\[|\(\[)("[^"]*")(\]|\]\))$`)
	mmEdge = regexp.MustCompile(`^  ([A-Za-z][A-Za-z0-9_]*) (-->|-\.->)(?:\|("[^"]*")\|)? ([A-Za-z][A-Za-z0-9_]*)$`)
	// what a label may hold: entity codes, <br>, and no character Mermaid
	// reads as syntax or markup
	mmEntity = regexp.MustCompile(`#([a-z]+|[0-9]+);|<br>`)
)

// checkMermaid is a structural check of the flowcharts Mermaid returns:
// a header, node declarations with matching brackets before any edge,
// edges between declared nodes, and labels with every special character
// escaped. It accepts the subset of Mermaid the renderer writes.
func checkMermaid(src string) error {
	lines := strings.Split(src, "\n")
	if lines[0] != "flowchart TD" {
		return fmt.Errorf("line 1: want the header \"flowchart TD\", got %q", lines[0])
	}
	if lines[len(lines)-1] != "" {
		return fmt.Errorf("the text does not end with a line break")
	}
	declared := map[string]bool{}
	edges := false
	for i, l := range lines[1 : len(lines)-1] {
		n := i + 2
		if m := mmNode.FindStringSubmatch(l); m != nil {
			if edges {
				return fmt.Errorf("line %d: node %s declared after the edges", n, m[1])
			}
			if (m[2] == "[") != (m[4] == "]") {
				return fmt.Errorf("line %d: brackets do not match: %q", n, l)
			}
			if m[1] == "end" || declared[m[1]] {
				return fmt.Errorf("line %d: node id %q reserved or declared twice", n, m[1])
			}
			declared[m[1]] = true
			if err := checkLabel(m[3]); err != nil {
				return fmt.Errorf("line %d: %v", n, err)
			}
			continue
		}
		m := mmEdge.FindStringSubmatch(l)
		if m == nil {
			return fmt.Errorf("line %d: neither a node nor an edge: %q", n, l)
		}
		edges = true
		for _, id := range []string{m[1], m[4]} {
			if !declared[id] {
				return fmt.Errorf("line %d: node %s is used before it is declared", n, id)
			}
		}
		if m[3] != "" {
			if err := checkLabel(m[3]); err != nil {
				return fmt.Errorf("line %d: %v", n, err)
			}
		}
	}
	if !edges {
		return fmt.Errorf("no edges")
	}
	return nil
}

func checkLabel(quoted string) error {
	s := mmEntity.ReplaceAllString(strings.Trim(quoted, `"`), "")
	if i := strings.IndexAny(s, "\"|#;<>&`\n\r\t"); i >= 0 {
		return fmt.Errorf("label %s holds an unescaped %q", quoted, s[i])
	}
	return nil
}
