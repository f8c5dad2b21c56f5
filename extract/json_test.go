package extract

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"
)

var jsonSeeds = []string{
	`{}`, `[]`, `0`, `-0`, `1.5e+3`, `"x"`, `true`, `false`, `null`, ` {"a" : [1, {"b": null}] } `,
	`{"a":1,}`, `[1,]`, `[1 2]`, `{"a" 1}`, `{a:1}`, `01`, `1.`, `.5`, `1e`, `-`, `+1`, `"\x"`, `"\u12"`,
	"\"a\tb\"", `"\ud83d\ude00"`, `"\ud83d"`, `"\udc00\ud83d"`, "\"\xff\xfe\"", `[[[]]]`, `[`, `]`, `{"a":}`,
	`nul`, `truex`, `"abc`, `[1]x`, "\xef\xbb\xbf[1]", `{"a":1}{"b":2}`, `{"\u0061":1}`, `1E+2`, `[-]`,
}

// TestScanJSONMatchesEncodingJSON: the indexer accepts exactly what
// encoding/json accepts (plus a leading BOM).
func TestScanJSONMatchesEncodingJSON(t *testing.T) {
	for _, s := range jsonSeeds {
		checkScan(t, []byte(s))
	}
}

func FuzzScanJSON(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) { checkScan(t, b) })
}

func checkScan(t *testing.T, b []byte) {
	t.Helper()
	tp, ok := scanJSON(b)
	want := json.Valid(bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")))
	if ok != want {
		t.Fatalf("scanJSON(%q) ok=%v, json.Valid=%v", b, ok, want)
	}
	if !ok {
		return
	}
	// Compact output equals encoding/json's Compact; strings decode alike.
	var wantC bytes.Buffer
	if err := json.Compact(&wantC, bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))); err != nil {
		t.Fatal(err)
	}
	root := &tp.nodes[0]
	if got := tp.appendCompact(nil, root); !bytes.Equal(got, wantC.Bytes()) && (root.kind == nArray || root.kind == nObject) {
		t.Fatalf("compact(%q) = %q, want %q", b, got, wantC.Bytes())
	}
	for i := range tp.nodes {
		nd := &tp.nodes[i]
		if nd.kind != nString {
			continue
		}
		var want string
		if err := json.Unmarshal(tp.src[nd.start:nd.end], &want); err != nil {
			t.Fatal(err)
		}
		if got := tp.stringText(nd); got != want {
			t.Fatalf("string %q decodes to %q, encoding/json says %q", tp.src[nd.start:nd.end], got, want)
		}
	}
}

func TestFormatFloat(t *testing.T) {
	for f, want := range map[float64]string{0.5: "0.5", 1234567.89: "1234567.89", 1e21: "1e+21", 1e-7: "1e-07", -3: "-3", 0: "0"} {
		if got := formatFloat(f); got != want {
			t.Errorf("formatFloat(%v) = %q, want %q", f, got, want)
		}
	}
}

// TestTokenDepthCatchesFakeClosers: the byte pre-scan ignores quotes, so
// closers inside strings fool it; the token scan does not.
func TestTokenDepthCatchesFakeClosers(t *testing.T) {
	body := "a: " + strings.Repeat(`["]", `, 500) + "\n"
	if !prescanDepth([]byte(body), 100) {
		t.Fatal("pre-scan was expected to be fooled by this body")
	}
	if tokenDepth(lexer.Tokenize(body), 100) {
		t.Fatal("token scan missed 500 levels of nesting")
	}
}

func TestDepthScansAcceptOrdinaryYAML(t *testing.T) {
	for _, body := range []string{yamlBody, "a:\n- b:\n  - c:\n    - d: [1, {e: [2]}]\n", "k: 'it''s [not] {nested}'\n"} {
		if !prescanDepth([]byte(body), 10) || !tokenDepth(lexer.Tokenize(body), 10) {
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
		if len(s) > 4096 || !prescanDepth([]byte(s), limit) {
			return
		}
		tokens := lexer.Tokenize(s)
		if !tokenDepth(tokens, limit) {
			return
		}
		file, err := parser.Parse(tokens, 0)
		if err != nil {
			return
		}
		for _, doc := range file.Docs {
			if d := astDepth(doc.Body); d > 2*limit+2 {
				t.Fatalf("depth %d passed the scans (limit %d): %q", d, limit, s)
			}
		}
	})
}
