package yqcloud

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/dop251/goja/parser"
	"github.com/google/go-cmp/cmp"
)

// TestHoistPicks shows the rewrite of _.pick calls: which are rewritten,
// and that every other byte keeps its offset.
func TestHoistPicks(t *testing.T) {
	tests := []struct {
		name, body string
		want       string   // the rewritten body; "" if left as written
		names      []string // each call's names, as the fallback's array literal
	}{
		{"one call", "return data.content.map(i => _.pick(i, ['id', 'name']))",
			"return data.content.map(i => $yq000(i,_              ))", []string{`["id","name"]`}},
		{"two calls, nested functions", "const a = _.pick(data, ['x']);\nfunction f(o) { return _.pick(o, [\"y\", 'z',]) }\nreturn [a, f(data)]",
			"const a = $yq000(data,_     );\nfunction f(o) { return $yq001(o,_           ) }\nreturn [a, f(data)]", []string{`["x"]`, `["y","z"]`}},
		{"line breaks, comments and non-ASCII names kept in place", "return _.pick(data, [\n  'id', // 编号\n  '名称' /* \u2028 */\r\n])",
			"return $yq000(data,_ \n                 \n              \u2028   \r\n )", []string{`["id","名称"]`}},
		{"spaces after the callee", "return _.pick (data, ['a'])", "", nil},
		{"a comment in the callee", "return _./**/pick(data, ['a'])", "", nil},
		{"an expression to pick from", "return _.pick(data.a, ['a'])", "", nil},
		{"names that are not all strings", "return _.pick(data, ['a', 1])", "", nil},
		{"a name in a variable", "const k = 'a'; return _.pick(data, [k])", "", nil},
		{"a spread", "return _.pick(data, [...['a']])", "", nil},
		{"a hole", "return _.pick(data, ['a', , 'b'])", "", nil},
		{"a template", "return _.pick(data, [`a`])", "", nil},
		{"one argument more", "return _.pick(data, ['a'], 'b')", "", nil},
		{"names pick cannot take", "return _.pick(data, ['__proto__'])", "", nil},
		{"an escaped argument", "return _.pick(\\u0064ata, ['a'])", "", nil},
		{"another object's pick", "return lodash.pick(data, ['a'])", "", nil},
		{"the script names $yq…", "const $yq000 = 1; return _.pick(data, ['a'])", "", nil},
		{"the script names $yq… with an escape", "const \\u0024yq1 = 1; return _.pick(data, ['a'])", "", nil},
		{"the script reads a member named $yq…", "return [data.$yq, _.pick(data, ['a'])]", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := hookPrefix + tt.body + hookSuffix
			prg, err := parser.ParseFile(nil, "t", src, 0)
			if err != nil {
				t.Fatal(err)
			}
			lit := hookLiteral(prg)
			if lit == nil {
				t.Fatal("no hook function")
			}
			got, picks := hoistPicks(src, lit)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
			var names []string
			for _, p := range picks {
				names = append(names, p.literal)
			}
			if diff := cmp.Diff(tt.names, names); diff != "" {
				t.Errorf("names (-want +got)\n%s", diff)
			}
			if got != "" && len(got) != len(tt.body) {
				t.Errorf("rewritten body is %d bytes, the body %d", len(got), len(tt.body))
			}
		})
	}
}

// hoistData is the data the hoisting tests run hooks on.
const hoistData = `{"content":[{"id":"1","name":"a","type":"SERVICE"},{"id":"2","name":"b","type":"CATALOG"}],"n":{"x":1}}`

// TestHoistSameOutcome runs hooks as rewritten and as written: results,
// errors and their script positions must be the same.
func TestHoistSameOutcome(t *testing.T) {
	tests := []struct {
		name, body string
		moves      bool // the error's column moves (see hoist.go)
	}{
		{"the spec's parser", "const list = (data?.content || []).filter(i => i.type === 'SERVICE').map(i => _.pick(i, ['id','name','shortDescription','description'])); return { allServiceItemList: list };", false},
		{"missing keys and paths", "return _.pick(data, ['n.x', 'zz', 'content[0].id'])", false},
		{"_ shadowed", "return data.content.map(_ => _.pick(_, ['id']))", false},
		{"_ shadowed by a variable", "{ const _ = {pick: (o, k) => k}; return _.pick(data, ['a']); }", false},
		{"_ rebound: a fresh array per call", "const seen = []; _ = {pick(o, k) { k.push('x'); seen.push(k.length, this === _); return k; }}; _.pick(data, ['a']); _.pick(data, ['a']); return seen", false},
		{"_ rebound to null", "const i = data;\n_ = null;\n  return _.pick(i, ['a'])", true},
		{"_ rebound to an object without pick", "const i = data; _ = {}; return _.pick(i, ['a'])", false},
		{"_ with a pick getter", "const log = []; const i = data; _ = {get pick() { log.push('get'); return () => log; }}; return _.pick(i, ['a'])", false},
		{"a getter throws", "const o = {get id() { throw new Error('boom') }};\n  return [1, _.pick(o, ['id'])]", false},
		{"a proxy", "const log = []; const p = new Proxy({id: 1}, {has(t, k) { log.push('has ' + k); return k in t }, get(t, k) { log.push('get ' + String(k)); return t[k] }}); return [_.pick(p, ['id', 'x']), log]", false},
		{"a primitive and null", "const s = 'abc', n = null; return [_.pick(s, ['length', '0']), _.pick(n, ['a'])]", false},
		{"an error after a pick on the same line", "const i = data; return [_.pick(i, ['content']), nope]", false},
		{"an error on a later line of a multi-line call", "const i = data;\nreturn [_.pick(i, [\n'n'\n]), i.n.x.y.z]", false},
		{"the argument not defined yet", "return _.pick(later, ['a']); let later = 1", false},
		{"an undefined argument", "return _.pick(nothing, ['a'])", false},
		{"in optional chains, templates, classes and generators", "class C { m(i) { return _.pick(i, ['id']) } }\nfunction* g(l) { for (const i of l) yield _.pick(i, ['name']) }\nreturn [data?.content?.map(i => _.pick(i, ['id', 'type'])), `${JSON.stringify(_.pick(data, ['n']))}`, new C().m(data.content[1]), [...g(data.content)]]", false},
		{"data objects: written, deleted, inherited and undefined members", "const i = data.content[0]; i.extra = undefined; delete i.id; i.type = 'X'; const j = Object.setPrototypeOf(data.content[1], {inherited: 1, get g() { return this.id }}); return [_.pick(i, ['id', 'type', 'extra', 'toString', 'name']), _.pick(j, ['inherited', 'g', 'id', 'nope']), 'extra' in _.pick(i, ['extra'])]", false},
		{"a data object with a proxy for prototype", "const log = []; const i = Object.setPrototypeOf(data.content[0], new Proxy({}, {get(t, k) { log.push('get ' + String(k)); return 7 }, has(t, k) { log.push('has ' + String(k)); return k === 'p' }})); return [_.pick(i, ['id', 'p', 'q']), log]", false},
		{"a stack trace", "function f(i) { return _.pick(i, ['a', 'b']) }\n  try { f({get a() { throw new Error('x') }}) } catch (e) { return e.stack }", false},
	}
	e := newSet(nil).eng
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hoisted, err := compileHook("f", FieldResponseParser, tt.body)
			if err != nil {
				t.Fatal(err)
			}
			plain, err := compileHookWith("f", FieldResponseParser, tt.body, false)
			if err != nil {
				t.Fatal(err)
			}
			got, want := outcome(t, e, hoisted), outcome(t, e, plain)
			if tt.moves {
				got, want = scriptPos.ReplaceAllString(got, ""), scriptPos.ReplaceAllString(want, "")
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-as written +rewritten)\n%s", diff)
			}
		})
	}

	// The tests above exercise rewritten hooks: every call is rewritten.
	for _, tt := range tests {
		h, _ := compileHook("f", FieldResponseParser, tt.body)
		if want := strings.Count(tt.body, "_.pick("); len(h.picks) != want {
			t.Errorf("%s: %d of %d calls rewritten", tt.name, len(h.picks), want)
		}
	}
}

// scriptPos is the position in a HookError's text.
var scriptPos = regexp.MustCompile(`\(script line \d+:\d+\)`)

// bytecodePC is the bytecode offset after line:column in a stack trace.
var bytecodePC = regexp.MustCompile(`(:\d+:\d+)\(\d+\)`)

// outcome runs h on hoistData in a fresh runtime and describes what
// happened.
func outcome(t testing.TB, e *engine, h *hook) string {
	rt, err := e.newRuntime()
	if err != nil {
		t.Fatal(err)
	}
	rt.ctx = context.Background()
	out, err := runCompiled(t, e, rt, h, hoistData)
	if err != nil {
		var he *HookError
		if !errors.As(err, &he) {
			t.Fatalf("not a HookError: %v", err)
		}
		return "error: " + err.Error()
	}
	return bytecodePC.ReplaceAllString(out, "$1")
}

// FuzzHoist compares hooks as rewritten and as written.
func FuzzHoist(f *testing.F) {
	f.Add("return data.content.map(i => _.pick(i, ['id', 'name']))")
	f.Add("_ = {pick: (o, k) => k}; return _.pick(data, ['a'])")
	f.Add("return _.pick(data, [\n'n', // x\n'content'])")
	f.Add("const o = {get a() { throw 1 }}; return _.pick(o, ['a'])")
	e := newSet(nil).eng
	f.Fuzz(func(t *testing.T, body string) {
		hoisted, err := compileHook("f", FieldResponseParser, body)
		plain, perr := compileHookWith("f", FieldResponseParser, body, false)
		if (err == nil) != (perr == nil) {
			t.Fatalf("compile: rewritten %v, as written %v", err, perr)
		}
		if err != nil {
			if err.Error() != perr.Error() {
				t.Fatalf("compile errors differ: rewritten %v, as written %v", err, perr)
			}
			return
		}
		if got, want := outcome(t, e, hoisted), outcome(t, e, plain); got != want {
			t.Errorf("%q:\nrewritten  %s\nas written %s", body, got, want)
		}
	})
}
