package toolkitopenai

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3/responses"

	"github.com/toolkit-sdk/toolkit"
)

var update = flag.Bool("update", false, "rewrite testdata/tokens.md")

// catalog returns a Registry of n generated capabilities, 25 a category,
// each with a sentence of description and three parameters.
func catalog(t *testing.T, n int, flat bool) *toolkit.Registry {
	t.Helper()
	services := []string{"stripe", "zendesk", "jira", "github", "slack", "hubspot", "shopify", "asana", "notion", "twilio"}
	verbs := []string{"get", "list", "create", "update", "delete"}
	nouns := []string{"invoice", "customer", "ticket", "order", "project"}
	reg := toolkit.NewRegistry(&toolkit.Options{Flat: flat})
	noop := func(context.Context, *toolkit.Call) (toolkit.Result, error) { return toolkit.TextResult(""), nil }
	caps := make([]*toolkit.Capability, n)
	for i := range caps {
		svc := fmt.Sprintf("%s%d", services[(i/25)%len(services)], i/250)
		verb, noun := verbs[i%5], nouns[(i/5)%5]
		caps[i] = &toolkit.Capability{
			Name:        fmt.Sprintf("%s_%s_%s_%d", svc, verb, noun, i),
			Category:    svc,
			Description: fmt.Sprintf("%s a %s in %s: returns its id, status, owner and the time it last changed.", strings.ToUpper(verb[:1])+verb[1:], noun, svc),
			Params: []toolkit.Param{
				{Name: noun + "_id", Type: toolkit.TypeString, Required: true, Description: "the " + noun + "'s id"},
				{Name: "limit", Type: toolkit.TypeInteger, Default: 20, Description: "how many to return"},
				{Name: "status", Type: toolkit.TypeString, Description: "only those in this status"},
			},
			Handler: noop,
		}
	}
	if err := reg.Add(caps...); err != nil {
		t.Fatal(err)
	}
	return reg
}

// tokens is the project's estimate of what a JSON text costs the model:
// its bytes / 4.
func tokens(t *testing.T, v any) int {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return len(b) / 4
}

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
		entry := New(catalog(t, n, false), nil).ChatTools()
		flatReg := catalog(t, n, true)
		flat := New(flatReg, nil).ChatTools()
		strict := New(flatReg, &Options{Strict: true}).ChatTools()
		a := New(catalog(t, n, false), nil)
		deferred := visible(a.DeferredTools())
		loaded := a.loaded("update a customer", nil)
		fmt.Fprintf(&b, "| %d | %d | %d | %d | %d | %d |\n", n, tokens(t, entry), tokens(t, flat), tokens(t, strict), tokens(t, deferred), tokens(t, loaded))
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
