package yamlast

import (
	"strings"
	"testing"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

func parse(t *testing.T, src string) ast.Node {
	t.Helper()
	f, err := parser.ParseBytes([]byte(src), 0)
	if err != nil {
		t.Fatal(err)
	}
	return f.Docs[0].Body
}

func TestPosAndKind(t *testing.T) {
	body := parse(t, "name: a\nsteps:\n  - url: \"https://x/${param:id}\"\n    n: 4\n")
	if l, c := Pos(body); l != 1 || c != 1 {
		t.Errorf("Pos(block mapping) = %d:%d, want 1:1 (its first key)", l, c)
	}
	steps := MappingValue(body, "steps")
	if got := Kind(steps); got != "a list" {
		t.Errorf("Kind(steps) = %q", got)
	}
	step := steps.(*ast.SequenceNode).Values[0]
	url := MappingValue(step, "url")
	if l, c := Pos(url); l != 3 || c != 10 {
		t.Errorf("Pos(url) = %d:%d, want 3:10", l, c)
	}
	// Inside the quoted scalar: the opening quote is skipped.
	value := url.(*ast.StringNode).Value
	if l, c := ScalarPos(url, value, strings.Index(value, "${")); l != 3 || c != 21 {
		t.Errorf("ScalarPos(url, ${) = %d:%d, want 3:21", l, c)
	}
	for n, want := range map[ast.Node]string{MappingValue(step, "n"): "an integer", step: "a mapping", nil: "nothing", url: "a string"} {
		if got := Kind(n); got != want {
			t.Errorf("Kind(%v) = %q, want %q", n, got, want)
		}
	}
	if MappingValue(body, "missing") != nil {
		t.Error("MappingValue of a missing key is not nil")
	}
}

func TestAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("a: &a [x, x, x, x, x, x, x, x, x, x]\n")
	prev := "a"
	for _, name := range []string{"b", "c", "d", "e", "f", "g"} {
		b.WriteString(name + ": &" + name + " [")
		for i := range 10 {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("*" + prev)
		}
		b.WriteString("]\n")
		prev = name
	}
	if at := AliasBomb(parse(t, b.String()), 256<<10); at == nil {
		t.Error("ten aliases of ten, six times over: no alias reported")
	} else if _, ok := at.(*ast.AliasNode); !ok {
		t.Errorf("AliasBomb returned %T, want the alias", at)
	}
	if at := AliasBomb(parse(t, "base: &b {url: x}\none: *b\ntwo: *b\n"), 256<<10); at != nil {
		t.Errorf("a file reusing an anchor twice: %v reported", at)
	}
}
