package yamlscan

import (
	"errors"
	"strings"
	"testing"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/google/go-cmp/cmp"
)

const yamlBody = `# an API answering YAML
data:
  status: paid
  items:
    - {name: a, tags: [x, y]}
    - name: b
      meta: {k: [1, 2, {c: d}]}
`

func TestDepthError(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want *DepthError
	}{
		{"flow brackets", "a: b\nc: " + strings.Repeat("[", 20), &DepthError{Line: 2, Col: 13, Max: 10}},
		{"block indentation", "a:\n b:\n  c:\n   d:\n    e: 1\n", &DepthError{Line: 4, Col: 4, Max: 3}},
		{"closers in strings", "a: " + strings.Repeat(`["]", `, 20) + "\n", &DepthError{Line: 1, Col: 58, Max: 10}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.src, tt.want.Max)
			var got *DepthError
			if !errors.As(err, &got) {
				t.Fatalf("err = %v, want a *DepthError", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestTokenDepthCatchesFakeClosers: the byte pre-scan ignores quotes, so
// closers inside strings fool it; the token scan does not.
func TestTokenDepthCatchesFakeClosers(t *testing.T) {
	body := "a: " + strings.Repeat(`["]", `, 500) + "\n"
	if _, _, ok := bytesWithin(body, 100); !ok {
		t.Fatal("pre-scan was expected to be fooled by this body")
	}
	if _, ok := tokensWithin(lexer.Tokenize(body), 100); ok {
		t.Fatal("token scan missed 500 levels of nesting")
	}
}

func TestDepthScansAcceptOrdinaryYAML(t *testing.T) {
	for _, body := range []string{yamlBody, "a:\n- b:\n  - c:\n    - d: [1, {e: [2]}]\n", "k: 'it''s [not] {nested}'\n"} {
		tree, err := Parse(body, 10)
		if err != nil || len(tree.File.Docs) != 1 {
			t.Errorf("depth 10 refused %q: %v", body, err)
		}
		tree.Release()
		if _, _, ok := bytesWithin(body, 10); !ok {
			t.Errorf("depth 10 refused %q", body)
		}
	}
}

// astDepth is the real nesting depth of a parsed YAML node.
func astDepth(n ast.Node) int {
	d := 0
	switch v := n.(type) {
	case *ast.MappingNode:
		for _, mv := range v.Values {
			d = max(d, astDepth(mv.Value))
		}
		return d + 1
	case *ast.MappingValueNode:
		return astDepth(v.Value) + 1
	case *ast.SequenceNode:
		for _, x := range v.Values {
			d = max(d, astDepth(x))
		}
		return d + 1
	case *ast.AnchorNode:
		return astDepth(v.Value)
	case *ast.TagNode:
		return astDepth(v.Value)
	}
	return 0
}

// FuzzYAMLDepthBound: whatever the scans let through parses to a tree whose
// depth is within a small factor of the limit.
func FuzzYAMLDepthBound(f *testing.F) {
	for _, s := range []string{yamlBody, "- - - x", "a:\n- b:\n  - c: [1]", "[[[", "{a: {b: [c]}}", `["]", ["]"]]`} {
		f.Add(s)
	}
	const limit = 8
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			return
		}
		tree, err := Parse(s, limit)
		if err != nil {
			return
		}
		defer tree.Release()
		for _, doc := range tree.File.Docs {
			if d := astDepth(doc.Body); d > 2*limit+2 {
				t.Fatalf("depth %d passed the scans (limit %d): %q", d, limit, s)
			}
		}
	})
}
