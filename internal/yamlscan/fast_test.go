package yamlscan

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/google/go-cmp/cmp"
)

// dump writes what the loader reads of a tree: each node's kind, the
// position it reports, its scalar text and value, and its children.
func dump(b *strings.Builder, n ast.Node) {
	switch x := n.(type) {
	case nil:
		b.WriteString("nil")
	case *ast.MappingNode:
		fmt.Fprintf(b, "map%s{", mapPos(x))
		for _, mv := range x.Values {
			dumpPair(b, mv)
		}
		b.WriteString("}")
	case *ast.MappingValueNode:
		b.WriteString("map{")
		dumpPair(b, x)
		b.WriteString("}")
	case *ast.SequenceNode:
		fmt.Fprintf(b, "seq(flow=%v)%s[", x.IsFlowStyle, tokPos(x))
		for _, v := range x.Values {
			dump(b, v)
			b.WriteString(", ")
		}
		b.WriteString("]")
	case *ast.LiteralNode:
		fmt.Fprintf(b, "lit%s(%q, ", tokPos(x), x.Start.Value)
		dump(b, x.Value)
		b.WriteString(")")
	case ast.ScalarNode:
		tk := x.GetToken()
		fmt.Fprintf(b, "%T%s(%q origin=%q value=%#v)", x, tokPos(x), tk.Value, firstByte(tk.Origin), x.GetValue())
	default:
		fmt.Fprintf(b, "%T", x)
	}
}

func dumpPair(b *strings.Builder, mv *ast.MappingValueNode) {
	dump(b, mv.Key)
	b.WriteString(": ")
	dump(b, mv.Value)
	b.WriteString(", ")
}

func tokPos(n ast.Node) string {
	tk := n.GetToken()
	if tk == nil || tk.Position == nil {
		return "@?"
	}
	return fmt.Sprintf("@%d:%d", tk.Position.Line, tk.Position.Column)
}

// mapPos is where the loader places a mapping: a block mapping at its
// first key, a flow mapping at its brace.
func mapPos(m *ast.MappingNode) string {
	if !m.IsFlowStyle {
		return ""
	}
	return fmt.Sprintf("(flow)%s", tokPos(m))
}

func firstByte(s string) string {
	s = strings.TrimLeft(s, " \t\r\n")
	if s == "" {
		return ""
	}
	return s[:1]
}

func dumpString(n ast.Node) string {
	var b strings.Builder
	dump(&b, n)
	return b.String()
}

// goccyBody parses src with goccy's parser: the body of its one document.
func goccyBody(src string) (ast.Node, error) {
	f, err := parser.ParseBytes([]byte(src), 0)
	if err != nil {
		return nil, err
	}
	var bodies []ast.Node
	for _, d := range f.Docs {
		if d.Body != nil {
			placeLiterals(src, d.Body)
			bodies = append(bodies, d.Body)
		}
	}
	if len(bodies) != 1 {
		return nil, fmt.Errorf("%d documents", len(bodies))
	}
	return bodies[0], nil
}

// checkFast fails when the fast path reads src and its tree differs from
// goccy's (or goccy refuses src); it reports whether the fast path read it.
func checkFast(t *testing.T, name, src string) bool {
	t.Helper()
	got, p := fast(src)
	if p == nil {
		return false
	}
	defer p.release()
	want, err := goccyBody(src)
	if err != nil {
		t.Errorf("%s: the fast path read what goccy refuses (%v):\n%s", name, err, src)
		return true
	}
	if diff := cmp.Diff(dumpString(want), dumpString(got)); diff != "" {
		t.Errorf("%s: the fast path's tree differs from goccy's (-goccy +fast):\n%s\nsource:\n%s", name, diff, src)
	}
	return true
}

// fastCases are documents the fast path must read, each like goccy.
var fastCases = []string{
	"a: 1\n",
	"a: 1",
	"name: x\ndesc: some text # a comment\nn: 42\nf: 1.5\nb: true\nz: null\nt: ~\nh: 0x1F\no: 0o17\ne: 1e3\ninf: .inf\nnan: .NaN\nneg: -5\n",
	"---\na: b\n",
	"# head\n\na: b # c\n# tail\n",
	"a:\n  b:\n    c: d\n  e: f\ng: h\n",
	"list:\n  - a\n  - b\n",
	"list:\n- a\n- b\nnext: c\n",
	"steps:\n  - url: http://x/${param:id}\n    method: GET\n    headers:\n      X-Api-Key: ${env:KEY}\n  - url: y\n",
	"- a\n-   b: c\n    d: e\n",
	"s: 'it''s'\nd: \"a \\\"q\\\" \\n b\"\nq: \"${step0:x}\"\n'k': v\n\"k2\": v\n",
	"env: [A, B, 'c', \"d\"]\nempty: []\nm: {a: 1, b: \"x\"}\nem: {}\n",
	"desc: |\n  line one\n  line two\n\n  after blank\nnext: x\n",
	"desc: |-\n  stripped\n\nnext: x\n",
	"desc: |+\n  kept\n\n\nnext: x\n",
	"desc: >\n  folded\n  text here\nnext: x\n",
	"desc: >-\n  folded\n  text\n",
	"desc: |\n  a\n    indented\n  b\n",
	"desc: |\n  # not a comment\n  x: y\n",
	"- |\n  in a list\n- >\n  folded in a list\n",
	"名前: 値\nk: v\n",
	"a: 名前 # 注\nb: [名前, c]\n",
	"url: http://example.com:8080/a?b=c#frag\n",
	"a: b#c\n",
	"200: ok\ntrue: yes\n1.5: x\n",
	"result: \"${step0:name} costs ${step0:price}\"\n",
	"result: ${step0:name} costs ${step0:price}\n",
	"x: a - b\n",
	"x: 2001-12-14\n",
	"x: yes\ny: No\nz: off\n",
	"x: 'a # b'\n",
	"x: |\n  last\n",
	"x: |\n  last",
	"x: |\n\n  leading blank\n",
	"x: |\n  a\n\n",
	"p:\n  - name: id\n    type: string\n    required: true\n    description: the id\n",
	"a: [nested, [flow]]\n",
	"params:\n  - {name: id, type: string, required: true, description: the item id}\n  - {name: limit, type: integer, default: 5}\n",
	"var: [{name: token, extract: access_token, abort: true}]\nquery: [{key: limit, value: \"${param:limit}\"}]\n",
	"m: {a: [1, 2], b: {c: d}, e: []}\n",
	"s: [[], {}, [[x]]]\n",
}

func TestFastMatchesGoccy(t *testing.T) {
	for i, src := range fastCases {
		if !checkFast(t, fmt.Sprintf("case %d", i), src) {
			t.Errorf("case %d: not read by the fast path:\n%s", i, src)
		}
	}
}

// TestFastReadsTheRepositorysFiles checks the fast path against goccy on
// every YAML file of the module, and that it reads the tool files of the
// examples (the YAML this path exists for).
func TestFastReadsTheRepositorysFiles(t *testing.T) {
	read, total := 0, 0
	var missed []string
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".yaml") && !strings.HasSuffix(path, ".yml") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		total++
		if checkFast(t, path, string(src)) {
			read++
		} else if strings.HasPrefix(path, filepath.Join("..", "..", "examples")) && filepath.Base(filepath.Dir(path)) == "tools" {
			missed = append(missed, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the fast path read %d of %d YAML files", read, total)
	if len(missed) > 0 {
		t.Errorf("the fast path left the examples' tool files %v to goccy", missed)
	}
}

// TestFastDeclines lists documents the fast path leaves to goccy.
func TestFastDeclines(t *testing.T) {
	for _, src := range []string{
		"",
		"a: &x 1\nb: *x\n",
		"a: !!str 1\n",
		"%YAML 1.2\n---\na: b\n",
		"a: b\n---\nc: d\n",
		"a:\n",
		"a: b\na: c\n",
		"a: \"multi\n  line\"\n",
		"a: plain\n  continued\n",
		"a:\tb\n",
		"a: b\r\n",
		"<<: {a: 1}\n",
		"? complex\n: value\n",
		"a: [{k: [x, {y: z}]},\n]\n",
		"a: {k: v,}\n",
		"a: [multi,\n  line]\n",
		"a: b: c\n",
		"  a: b\n",
		"a: |2\n   x\n",
		"scalar only\n",
		"- a\n- b: c\n  d: e\n- - x\n", // a sequence in a compact sequence
		"名前: 値\nkey: 日本語のテキスト\n- x: y\n", // an entry after a mapping's keys
		"a:    spaced   \n", // goccy misplaces a scalar before trailing spaces
		"v: [${env:A}]\n",   // braces in a flow collection's plain scalar
		"x: -\n",            // a lone dash
		"x: \"\\u00e9\"\n",  // an escape the fast path does not decode
		"x: >\n  last",      // folded text without a final line break
	} {
		if _, p := fast(src); p != nil {
			t.Errorf("the fast path read %q, which it should leave to goccy", src)
		}
	}
}

func FuzzFast(f *testing.F) {
	for _, src := range fastCases {
		f.Add(src)
	}
	g := gen{r: rand.New(rand.NewPCG(3, 4))}
	for range 40 {
		f.Add(g.document())
	}
	f.Fuzz(func(t *testing.T, src string) {
		checkFast(t, "fuzz", src)
	})
}

// gen writes random documents in the YAML the fast path reads: the shapes
// of tool files, with the scalar styles, comments and spacing people use.
type gen struct {
	r *rand.Rand
	b strings.Builder
}

var genWords = []string{"name", "url", "id", "desc", "a", "X-Api-Key", "steps", "var", "名前", "price_2", "tool-name", "ok"}

func (g *gen) pick(s []string) string { return s[g.r.IntN(len(s))] }

// two returns 2 or 4, an indentation step.
func (g *gen) two() int { return 2 + 2*g.r.IntN(2) }

func (g *gen) plain() string {
	switch g.r.IntN(14) {
	case 0:
		return g.pick([]string{"42", "-7", "0", "1.5", "1e3", "0x1F", "0o17", "007", "3.", ".5", "+1", "1_000"})
	case 1:
		return g.pick([]string{"true", "false", "True", "null", "~", "NULL", ".inf", "-.Inf", ".nan", "yes", "no", "on"})
	case 2:
		return "${env:BASE_URL}/items/${param:id}"
	case 3:
		return "http://example.com:8080/a?b=c&d=e#frag"
	case 4:
		return "${step0:name} costs ${step0:price}"
	case 5:
		return "Bearer ${step0:token}"
	case 6:
		return "日本語 テキスト"
	case 7:
		return "a-b_c.d"
	case 8:
		return "2001-12-14"
	case 9:
		return "x#y [z] {w}, v"
	case 10:
		return "-dash"
	}
	return g.pick(genWords) + " " + g.pick(genWords)
}

func (g *gen) scalar() string {
	var s string
	switch g.r.IntN(6) {
	case 0:
		s = "'" + strings.ReplaceAll(g.pick([]string{"it's", "a: b", "# not", "", "${x}", "x\"y"}), "'", "''") + "'"
	case 1:
		s = `"` + g.pick([]string{`a \"q\"`, `line\nbreak`, `tab\there`, `back\\slash`, ``, `${step0:x}`, `a: b # c`, `\/`}) + `"`
	default:
		s = g.plain()
	}
	if g.r.IntN(5) == 0 {
		s += g.pick([]string{" # note", "   # spaced note", " #"})
	}
	return s
}

func (g *gen) flowItem() string {
	switch g.r.IntN(4) {
	case 0:
		return `"quoted, item"`
	case 1:
		return "'single'"
	case 2:
		return g.pick([]string{"42", "true", "null", "1.5"})
	}
	return g.pick([]string{"A", "BASE_URL", "x-y", "名前", "a b"})
}

func (g *gen) flow() string { return g.flowDepth(0) }

func (g *gen) flowDepth(depth int) string {
	n := g.r.IntN(4)
	items := make([]string, n)
	item := func() string {
		if depth < 2 && g.r.IntN(4) == 0 {
			return g.flowDepth(depth + 1)
		}
		return g.flowItem()
	}
	if g.r.IntN(2) == 0 {
		for i := range items {
			items[i] = item()
		}
		return "[" + strings.Join(items, g.pick([]string{", ", ",", " , "})) + "]"
	}
	for i := range items {
		items[i] = fmt.Sprintf("k%d: %s", i, item())
	}
	return "{" + strings.Join(items, ", ") + "}"
}

func (g *gen) line(indent int, s string) {
	g.b.WriteString(strings.Repeat(" ", indent))
	g.b.WriteString(s)
	g.b.WriteByte('\n')
}

func (g *gen) filler(indent int) {
	switch g.r.IntN(8) {
	case 0:
		g.b.WriteByte('\n')
	case 1:
		g.line(g.r.IntN(indent+3), "# a comment: with - dashes")
	}
}

func (g *gen) block(indent int) {
	literal := g.r.IntN(3) > 0
	header := g.pick([]string{"", "-", "+"})
	if literal {
		g.b.WriteString("|" + header + "\n")
	} else {
		g.b.WriteString(">" + header + "\n")
	}
	ind := indent + g.two()
	for i, n := 0, 1+g.r.IntN(4); i < n; i++ {
		if literal && i > 0 && g.r.IntN(4) == 0 {
			g.b.WriteByte('\n')
		}
		extra := 0
		if literal && i > 0 && g.r.IntN(4) == 0 {
			extra = 2
		}
		g.line(ind+extra, g.pick([]string{"text with ${param:x}", "# not a comment", "key: value", "- not an entry", "日本語"}))
	}
	for i := g.r.IntN(3); i > 0; i-- {
		g.b.WriteByte('\n')
	}
}

// value writes what follows "key:" or "-" (which the caller wrote) for an
// item at column indent.
func (g *gen) value(indent, depth int, inSeq bool) {
	k := g.r.IntN(10)
	if depth > 4 {
		k = 0
	}
	switch {
	case k < 5:
		g.b.WriteString(" " + g.scalar() + "\n")
	case k == 5:
		g.b.WriteString(" " + g.flow() + "\n")
	case k == 6:
		g.b.WriteString(" ")
		g.block(indent)
	case k == 7:
		g.b.WriteString("\n")
		g.mapping(indent+g.two(), depth+1)
	default:
		g.b.WriteString("\n")
		at := indent + 2
		if !inSeq && g.r.IntN(2) == 0 {
			at = indent // YAML allows a mapping's sequence at the key's column
		}
		g.sequence(at, depth+1)
	}
}

func (g *gen) key(i int) string {
	k := fmt.Sprintf("%s%d", g.pick(genWords), i)
	switch g.r.IntN(8) {
	case 0:
		return `"` + k + `"`
	case 1:
		return "'" + k + "'"
	}
	return k
}

func (g *gen) mapping(indent, depth int) {
	for i, n := 0, 1+g.r.IntN(5); i < n; i++ {
		g.filler(indent)
		g.b.WriteString(strings.Repeat(" ", indent) + g.key(i) + ":")
		g.value(indent, depth, false)
	}
}

func (g *gen) sequence(indent, depth int) {
	for i, n := 0, 1+g.r.IntN(4); i < n; i++ {
		g.filler(indent)
		g.b.WriteString(strings.Repeat(" ", indent) + "-")
		switch g.r.IntN(3) {
		case 0: // a compact mapping
			sp := g.two() - 1
			g.b.WriteString(strings.Repeat(" ", sp))
			for j, m := 0, 1+g.r.IntN(3); j < m; j++ {
				if j > 0 {
					g.b.WriteString(strings.Repeat(" ", indent+1+sp))
				}
				g.b.WriteString(g.key(j) + ":")
				g.value(indent+1+sp, depth+1, false)
			}
		default:
			g.value(indent, depth, true)
		}
	}
}

func (g *gen) document() string {
	g.b.Reset()
	if g.r.IntN(6) == 0 {
		g.b.WriteString("---\n")
	}
	if g.r.IntN(8) == 0 {
		g.sequence(0, 0)
	} else {
		g.mapping(0, 0)
	}
	s := g.b.String()
	if g.r.IntN(6) == 0 {
		s = strings.TrimRight(s, "\n")
	}
	return s
}

// TestFastGenerated compares the fast path with goccy on generated tool
// file shapes, and checks that the fast path reads nearly all of them.
func TestFastGenerated(t *testing.T) {
	g := gen{r: rand.New(rand.NewPCG(1, 2))}
	const n = 3000
	read := 0
	var declined []string
	for i := range n {
		src := g.document()
		if checkFast(t, fmt.Sprintf("document %d", i), src) {
			read++
		} else if len(declined) < 5 {
			declined = append(declined, src)
		}
		if t.Failed() {
			return
		}
	}
	t.Logf("the fast path read %d of %d generated documents", read, n)
	if read < n*95/100 {
		t.Errorf("the fast path read only %d of %d generated documents; some it left to goccy:\n%s", read, n, strings.Join(declined, "\n----\n"))
	}
}

// BenchmarkParse parses a typical tool file (the quick start's two-step
// orders tool) with Parse (the fast path) and with goccy's
// parser.ParseBytes.
func BenchmarkParse(b *testing.B) {
	src, err := os.ReadFile("../../examples/quickstart/tools/orders.yaml")
	if err != nil {
		b.Fatal(err)
	}
	_, p := fast(string(src))
	if p == nil {
		b.Fatal("the fast path does not read the file")
	}
	p.release()
	b.Run("Parse", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			t, err := Parse(string(src), 64) // the copy goccy makes too
			if err != nil {
				b.Fatal(err)
			}
			t.Release()
		}
	})
	b.Run("goccy", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := parser.ParseBytes(src, 0); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestFastCorpus compares the fast path with goccy on every .yaml and .yml
// file under the directories in TOOLKIT_YAML_CORPUS (separated by the
// system's list separator), such as the Go module cache; it skips without.
func TestFastCorpus(t *testing.T) {
	dirs := filepath.SplitList(os.Getenv("TOOLKIT_YAML_CORPUS"))
	if len(dirs) == 0 {
		t.Skip("TOOLKIT_YAML_CORPUS names no directory")
	}
	read, total := 0, 0
	for _, dir := range dirs {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".yaml") && !strings.HasSuffix(path, ".yml") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil || len(src) > 256<<10 {
				return nil
			}
			total++
			if checkFast(t, path, string(src)) {
				read++
			}
			return nil
		})
	}
	t.Logf("the fast path read %d of %d YAML files, each as goccy's parser", read, total)
}

// TestReleaseOnce: a second Release of a tree does nothing.
func TestReleaseOnce(t *testing.T) {
	Tree{}.Release() // the zero Tree's does nothing

	// A second Release (of the tree or a copy) must not pool the parser
	// again: two Parses would then share it.
	again, err := Parse("a: 1\n", 64)
	if err != nil || again.p == nil {
		t.Fatalf("the fast path did not read the file: %v", err)
	}
	copied, p, uses := again, again.p, again.p.uses
	again.Release()
	copied.Release()
	if p.uses != uses+1 {
		t.Errorf("a tree released twice reset its parser %d times, want once", p.uses-uses)
	}
}

// TestParserReuse: a parser reset after a file reads a file like it
// without allocating its lines and stacks again.
func TestParserReuse(t *testing.T) {
	src, err := os.ReadFile("../../examples/quickstart/tools/orders.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	fresh := testing.AllocsPerRun(20, func() {
		p := new(fastParser)
		if _, ok := p.parse(text); !ok {
			t.Fatal("the fast path does not read the file")
		}
	})
	p := new(fastParser)
	reused := testing.AllocsPerRun(20, func() {
		if _, ok := p.parse(text); !ok {
			t.Fatal("the fast path does not read the file")
		}
		if !p.reset() {
			t.Fatal("the parser dropped its memory after a small file")
		}
	})
	t.Logf("fresh parser: %v allocations a file; reused: %v", fresh, reused)
	// A fresh parser allocates its lines and its pairs and items stacks
	// (growing them); a reused one only the tree.
	if reused > fresh-8 {
		t.Errorf("a reused parser makes %v allocations a file, a fresh one %v; want 8 fewer at least", reused, fresh)
	}
}

// TestFastPathSwitch runs the same documents through Parse with the fast
// path on and off (FastPath): the same tree (every node's kind, position,
// text and value) or the same error, and the fast path off reads none of
// them.
func TestFastPathSwitch(t *testing.T) {
	docs := append([]string{}, fastCases...)
	g := gen{r: rand.New(rand.NewPCG(5, 6))}
	for range 300 {
		docs = append(docs, g.document())
	}
	docs = append(docs, "a: &x 1\nb: *x\n", "a: [1,\n", "- a\nb: c\n", "")
	parse := func(fastPath bool, src string) (string, bool) {
		defer func(was bool) { FastPath = was }(FastPath)
		FastPath = fastPath
		tree, err := Parse(src, 64)
		if err != nil {
			return "error: " + err.Error(), false
		}
		defer tree.Release()
		var b strings.Builder
		for _, d := range tree.File.Docs {
			dump(&b, d.Body)
			b.WriteString("\n---\n")
		}
		return b.String(), tree.p != nil
	}
	fastRead := 0
	for i, src := range docs {
		plain, plainFast := parse(false, src)
		got, gotFast := parse(true, src)
		if plainFast {
			t.Fatalf("document %d: the fast path read it while switched off", i)
		}
		if gotFast {
			fastRead++
		}
		if diff := cmp.Diff(plain, got); diff != "" {
			t.Errorf("document %d: (-fast path off +on)\n%s\nsource:\n%s", i, diff, src)
		}
	}
	if fastRead < len(docs)/2 {
		t.Errorf("the fast path read %d of %d documents; the test compares too little", fastRead, len(docs))
	}
}
