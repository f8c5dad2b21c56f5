package toolkitopenai

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3/responses"

	"github.com/toolkit-sdk/toolkit/adapters/adaptertest"
)

var update = flag.Bool("update", false, "rewrite testdata/tokens.md")

// visible is what the model reads of DeferredTools: the tool_search tool
// and each namespace's name and description; the deferred functions are
// in the request but reach the model only when a search loads them.
func visible(tools []responses.ToolUnionParam) []any {
	var out []any
	for _, t := range tools {
		if ns := t.OfNamespace; ns != nil {
			out = append(out, map[string]any{"type": "namespace", "name": ns.Name, "description": ns.Description})
			continue
		}
		out = append(out, t)
	}
	return out
}

// TestTokenTable counts the tool tokens of a turn for 10, 100 and 1,000
// capabilities in each mode (testdata/tokens.md, which docs/adapters.md
// quotes; -update rewrites it).
func TestTokenTable(t *testing.T) {
	var b strings.Builder
	b.WriteString("| capabilities | three entry tools | flat tools | flat tools, strict | deferred in namespaces + our `tool_search` | + one search (5 loaded) |\n|---|---|---|---|---|---|\n")
	for _, n := range []int{10, 100, 1000} {
		entry := New(adaptertest.Catalog(t, n, false), nil).ChatTools()
		flatReg := adaptertest.Catalog(t, n, true)
		flat := New(flatReg, nil).ChatTools()
		strict := New(flatReg, &Options{Strict: true}).ChatTools()
		a := New(adaptertest.Catalog(t, n, false), nil)
		deferred := visible(a.DeferredTools())
		loaded := a.loaded("update a customer", nil)
		fmt.Fprintf(&b, "| %d | %d | %d | %d | %d | %d |\n", n, adaptertest.Tokens(t, entry), adaptertest.Tokens(t, flat), adaptertest.Tokens(t, strict), adaptertest.Tokens(t, deferred), adaptertest.Tokens(t, loaded))
	}
	got := b.String()
	const path = "testdata/tokens.md"
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("token table:\n%s\nwant (%s; -update rewrites it):\n%s", got, path, want)
	}
	doc, err := os.ReadFile("../../docs/adapters.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), got) {
		t.Errorf("docs/adapters.md does not quote %s:\n%s", path, got)
	}
}
