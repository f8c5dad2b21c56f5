package yamlscan

import (
	"strings"
	"testing"
)

// TestReview27_HostileYAMLBothPaths sends hostile YAML (CR and CRLF line
// ends, BOMs, NULs, bytes that are not UTF-8, tabs, Unicode line breaks,
// tags, merge keys, directives, document markers, escapes, unterminated
// and malformed flow collections, long lines and deep flow nesting)
// through the fast path against goccy (checkFast) and through Parse with
// FastPath off and on: the same tree or the same error.
func TestReview27_HostileYAMLBothPaths(t *testing.T) {
	docs := []string{
		"a: 1\r\nb: 2\r\n", "a: 1\rb: 2\r", "\ufeffa: 1\n", "a: \ufeff1\n", "a: b\x00c\n", "a: \xff\xfe\n", "\xffa: 1\n",
		"a:\tb\n", "a: b\t\n", "\ta: b\n", "a:\n\t- x\n", "a: b\u2028c\n", "a: b\u0085c\n", "a:  \u00a0b\n",
		"a: !!str 1\n", "a: !tag x\n", "<<: {a: 1}\nb: 2\n", "a: 1\na: 2\n", "'a: b': c\n", "a#b: c\n", "a: b#c\n", "a: b #c\n",
		"%YAML 1.2\n---\na: 1\n", "a: 1\n...\n", "a: 1\n---\nb: 2\n", "--- a: 1\n", "a: ---\n", "a: ...\n", "- - - - x\n",
		"a: " + strings.Repeat("x", 70000) + "\n", strings.Repeat(" ", 200) + "a: 1\n", "a: \"\\x41\\u0042\\U00000043\\N\\_\\0\"\n",
		"a: 'multi\n  line'\n", "a: \"multi\n  line\"\n", "a: \"unterminated\n", "a: [1, 2\n", "a: {b: }\n", "a: {b}\n", "a: [b: c]\n",
		"a: &x b\nc: *x\n", "a: *x\n", "? a\n", "a:\n  - b\n  c: d\n", "a: |\n\tx\n", "a: |\n  x\n \ty\n", "a: >\n  x\n\n  y\n",
		"a: |10\n          x\n", "a: |-2\n  x\n", "a: \"\\\"\"\n", "a: ''''\n", "a: '\\'\n", "k: v\n  extra: 1\n", "a:\nb:\n", "a:", ":\n", ": a\n",
		"a: b: c\n", "a: 'x' y\n", "a: \"x\" y\n", "a: [x]y\n", "a: -1\n- b\n", "- a\nb\n", "a: 0b101\n", "a: 1_000\n", "a: 1e\n", "a: 09\n",
		"a: +.5\n", "a: .\n", "a: Null\n", "a: NULL\n", "a: nULL\n", "a: TRUE\n", "a: tRUE\n", "a: y\n", "a: =\n", "a: @x\n", "a: `x\n", "a: %x\n",
		"a: |\n" + strings.Repeat("  x\n", 5000), "a: {" + strings.Repeat("b: [", 30) + strings.Repeat("]", 30) + "}\n",
		"a: 'x'\n# c\n  b: 1\n", "a:\n  # c\n  b: 1\n", "a: # c\n  b\n", "a: b\n #c\n", "- # c\n  a\n", "a: \"\\\n b\"\n",
		"\"a\\u0000\": 1\n", "a: \"\\ud800\"\n", "a: !<tag:x> y\n", "a: [a, b, ]\n", "a: [, b]\n", "a: {,}\n", "a: -\n", "a: - x\n",
	}
	read := 0
	for _, d := range docs {
		if checkFast(t, "hostile", d) {
			read++
		}
	}
	if read == 0 {
		t.Error("the fast path read none of the documents: the test compares nothing")
	}
	parse := func(fastPath bool, src string) string {
		defer func(was bool) { FastPath = was }(FastPath)
		FastPath = fastPath
		tree, err := Parse(src, 64)
		if err != nil {
			return "error: " + err.Error()
		}
		defer tree.Release()
		var b strings.Builder
		for _, d := range tree.File.Docs {
			dump(&b, d.Body)
			b.WriteString("\n---\n")
		}
		return b.String()
	}
	for i, d := range docs {
		if off, on := parse(false, d), parse(true, d); off != on {
			t.Errorf("document %d %q: FastPath off %q, on %q", i, d, off, on)
		}
	}
}
