package toolkitanthropic

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/toolkit-sdk/toolkit/adapters/adaptertest"
)

var update = flag.Bool("update", false, "rewrite testdata/tokens.md")

// visible is what the model reads of DeferredTools: the tools without
// defer_loading (the search tool); the deferred ones are in the request but
// reach the model only when a search references them.
func visible(tools []anthropic.ToolUnionParam) []anthropic.ToolUnionParam {
	var out []anthropic.ToolUnionParam
	for _, t := range tools {
		if t.OfTool != nil && !t.OfTool.DeferLoading.Value {
			out = append(out, t)
		}
	}
	return out
}

// TestTokenTable counts the tool tokens of a turn for 10, 100 and 1,000
// capabilities in each mode (testdata/tokens.md, which docs/adapters.md
// quotes; -update rewrites it).
func TestTokenTable(t *testing.T) {
	var b strings.Builder
	b.WriteString("| capabilities | three entry tools | flat tools | deferred + our `tool_search` | + one search (5 referenced, expanded) |\n|---|---|---|---|---|\n")
	for _, n := range []int{10, 100, 1000} {
		entry := New(adaptertest.Catalog(t, n, false), nil).Tools()
		flat := New(adaptertest.Catalog(t, n, true), nil).Tools()
		reg := adaptertest.Catalog(t, n, false)
		a := New(reg, nil)
		deferred := visible(a.DeferredTools())
		var expanded []anthropic.ToolUnionParam
		for _, name := range reg.Search("update a customer", 5) {
			tool, _ := reg.CapabilityTool(name)
			expanded = append(expanded, anthropic.ToolUnionParam{OfTool: toolParam(tool, false)})
		}
		fmt.Fprintf(&b, "| %d | %d | %d | %d | %d |\n", n, adaptertest.Tokens(t, entry), adaptertest.Tokens(t, flat), adaptertest.Tokens(t, deferred), adaptertest.Tokens(t, expanded))
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
