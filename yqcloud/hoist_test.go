package yqcloud

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/dop251/goja"
	"github.com/dop251/goja/file"
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
			got, picks := hoistPicks(src, "t", lit, FieldResponseParser)
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
			hoisted, plain := compileBoth(t, tt.body)
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

// compileBoth compiles body as a response parser, rewritten and as
// written.
func compileBoth(t *testing.T, body string) (hoisted, plain *hook) {
	t.Helper()
	hoisted, err := compileHook("f", FieldResponseParser, body)
	if err != nil {
		t.Fatal(err)
	}
	plain, err = compileHookWith("f", FieldResponseParser, body, false)
	if err != nil {
		t.Fatal(err)
	}
	return hoisted, plain
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
	f.Add("const list = data.content.map(i => _.pick(i, ['id', 'name'])); data.content[0].name = 1; return {list, n: data.n}")
	f.Add("const list = (data?.content || []).filter(i => i.type === 'SERVICE').map(i => _.pick(i, ['id', 'name'])); return { items: list, n: 1 };")
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

// viewData is the data TestPickViews runs hooks on: strings with escapes,
// non-ASCII text and lone surrogates, numbers JavaScript writes otherwise,
// literals and nested values.
const viewData = `{"content":[` +
	`{"id":"1","name":"服务项 \u00e9\"q\"\ud800","type":"SERVICE","n":1.50,"big":12345678901234567890,"neg":-0,"e":1e2,"t":true,"f":false,"z":null,"o":{"x":[1,{"y":"v"}]},"a":[1,2],"toString":"s","shortDescription":"s1","description":"d1","7":"seven"},` +
	`{"id":"2","name":"b\n\u2028","type":"RECORD","n":2,"big":1,"neg":0,"e":3,"t":false,"f":true,"z":null,"o":{"x":[]},"a":[],"toString":"t","shortDescription":"s2","description":"d2","7":7},` +
	`{"id":"3","type":"CATALOG"}],"other":[{"id":"4"}]}`

// TestPickViews runs map-pick hooks as rewritten and as written: the same
// outcome, and the picked objects are data objects (views) exactly where
// resultMaps and pickView allow.
func TestPickViews(t *testing.T) {
	const pick = "_.pick(i, ['id', 'name', 'n', 'big', 'neg', 'e', 't', 'f', 'z', 'o', 'a'])"
	tests := []struct {
		name, body string
		views      bool
	}{
		{"the spec's parser", "const list = (data?.content || []).filter(i => i.type === 'SERVICE' || i.type === 'RECORD').map(i => _.pick(i, ['id','name','shortDescription','description'])); return { allServiceItemList: list };", true},
		{"returned as it is", "return data.content.slice(0, 2).map(i => " + pick + ")", true},
		{"nested in literals, with other members", "return {a: 1, b: {c: data.content.slice(0, 2).map(i => " + pick + "), d: [data.other]}, 'e': 2}", true},
		{"not the first member", "return {a: data.other, b: data.content.slice(0, 2).map(i => " + pick + ")}", false},
		{"a shorthand member", "const list = data.content.slice(0, 2).map(i => " + pick + "); return {list}", true},
		{"members changed before and after", "const l = data.content.slice(0, 2).filter(i => { if (i.id === '1') { i.name = 'changed'; i.o.x.push('before') } else { i.n = 5; delete i.a; i.added = 1 } return true }).map(i => _.pick(i, ['id', 'name', 'n', 'o', 'added'])); const c = data.content; c[0].o.x.push('after'); c[0].id = 'after'; c[1].name = 'after'; return {l}", true},
		{"an object read later", "const l = data.content.slice(0, 2).map(i => _.pick(i, ['id', 'o'])); const c = data.content; c[0].o.x.push('after'); c[0].o = 'after'; c[0].id = 'after'; return {l}", true},
		{"members changed in an earlier statement", "const c = data.content; c[0].name = 'changed'; const l = c.slice(0, 2).map(i => _.pick(i, ['id', 'name'])); return {l}", false},
		{"the array changed in an earlier statement", "Object.setPrototypeOf(data.content, Object.create(Array.prototype)); return data.content.map(i => _.pick(i, ['id']))", false},
		{"the array changed by an earlier member", "return {b: Object.setPrototypeOf(data.content, Object.create(Array.prototype)), l: data.content.map(i => _.pick(i, ['id']))}", false},
		{"the array changed by an argument", "return data.content.concat((Object.setPrototypeOf(data.content, Object.create(Array.prototype)), [])).map(i => _.pick(i, ['id']))", false},
		{"a member named by code", "return data[(() => 'content')()].map(i => _.pick(i, ['id']))", false},
		{"an array of the script's class", "class A extends Array {}\nreturn A.from(data.content).map(i => _.pick(i, ['id']))", false},
		{"a species of the script's", "return Array.from.call(F, data.content.slice(0, 2)).map(i => _.pick(i, ['id']));\n" +
			"function F() { return new Proxy([], {get(t, k) { return k === 'constructor' ? {[Symbol.species]: H} : t[k] }}) }\n" +
			"function H() { return new Proxy([], {defineProperty(t, k, d) { if (k === '0') Object.freeze(d.value); return Reflect.defineProperty(t, k, d) }}) }", false},
		{"a function named data", "return data.content.slice(0, 2).map(i => _.pick(i, ['id'])); function data() {}", false},
		{"members and literals before", "return {a: 1, 'b': 'x', c: (data.content || []).slice(0, 2).map(i => _.pick(i, ['id'])), d: data.other}", true},
		{"the map on a later line", "const list = data.content\r\n  // \u2028\n  /* 名\r */ .slice(0, 2)\u2029.map(i => _.pick(i, ['id']));\nreturn {list}", true},
		{"an optional chain", "return data?.content?.slice(0, 2).map(i => _.pick(i, ['id', 'name']))", true},
		{"items changed by the filter with defineProperty", "return data.content.slice(0, 2).filter(i => { i.e1 = i.e2 = ''; try { Object.defineProperty(i, 'id', {get() { return 'g' }}) } catch (e) { i.e1 = String(e) } try { Object.defineProperty(i, 'name', {value: 'v', enumerable: false}) } catch (e) { i.e2 = String(e) } Object.defineProperty(i, 'n', {value: 'nv', enumerable: true, writable: true, configurable: true}); return true }).map(i => _.pick(i, ['id', 'name', 'n', 'e1', 'e2']))", true},
		{"items given another prototype by the filter", "return data.content.slice(0, 2).filter(i => Object.setPrototypeOf(i, {id: 'proto', extra: 1})).map(i => _.pick(i, ['id', 'name']))", true},
		{"an index-like name (written first)", "return data.content.slice(0, 2).map(i => _.pick(i, ['name', '7', 'id']))", true},
		{"a name given twice", "return data.content.slice(0, 2).map(i => _.pick(i, ['id', 'name', 'id']))", true},
		{"a missing name (the third item)", "return data.content.map(i => _.pick(i, ['id', 'name']))", true},
		{"missing everywhere", "return data.content.map(i => _.pick(i, ['id', 'nope']))", false},
		{"a path", "return data.content.slice(0, 1).map(i => _.pick(i, ['o.x', 'id']))", false},
		{"a name of Object.prototype", "return data.content.slice(0, 2).map(i => _.pick(i, ['id', 'toString']))", false},
		{"ordinary objects", "return [{id: 1, name: 'x'}].map(i => _.pick(i, ['id', 'name']))", false},
		{"the binding read twice", "const l = data.content.slice(0, 2).map(i => _.pick(i, ['id'])); l[0].x = 1; return {l}", false},
		{"a let binding", "let l = data.content.slice(0, 2).map(i => _.pick(i, ['id'])); return {l}", false},
		{"a method in the literal", "return {toJSON() { return this.l.map(x => Object.isFrozen(Object.freeze(x))) }, l: data.content.slice(0, 2).map(i => _.pick(i, ['id']))}", false},
		{"a getter in the literal", "return {get g() { return Object.isFrozen(Object.freeze(this.l[0])) }, l: data.content.slice(0, 2).map(i => _.pick(i, ['id']))}", false},
		{"a spread in the literal", "return {...{}, l: data.content.slice(0, 2).map(i => _.pick(i, ['id']))}", false},
		{"eval named", "const l = data.content.slice(0, 2).map(i => _.pick(i, ['id'])); const f = () => eval('1'); return {l, v: f()}", false},
		{"a map of the script's own", "const o = {map(f) { const r = f(data.content[0]); return [Object.isFrozen(Object.freeze(r)), r] }}; return o.map(i => _.pick(i, ['id']))", false},
		{"a map of the script's own calling the built-in", "const o = {map(f) { const r = data.content.slice(0, 1).map(f); Object.defineProperty(r[0], 'q', {value: 1, enumerable: true}); return r }}; return o.map(i => _.pick(i, ['id']))", false},
		{"the built-in called through call", "return Array.prototype.map.call(data.content.slice(0, 2), i => _.pick(i, ['id']))", false},
		{"inside a nested function", "function f() { return data.content.slice(0, 2).map(i => _.pick(i, ['id'])) } const l = f(); return {l, frozen: Object.isFrozen(Object.freeze(l[0]))}", false},
		{"a block body", "return data.content.slice(0, 2).map(i => { return _.pick(i, ['id']) })", false},
		{"_ rebound", "_ = {pick: (o, k) => k}; return data.content.slice(0, 2).map(i => _.pick(i, ['id']))", false},
	}
	e := newSet(nil).eng
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hoisted, plain := compileBoth(t, tt.body)
			got, views := viewOutcome(t, e, hoisted)
			want, _ := viewOutcome(t, e, plain)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-as written +rewritten)\n%s", diff)
			}
			if views != tt.views {
				t.Errorf("picked into views: %v, want %v", views, tt.views)
			}
			// A later hook of the definition gets the result: no views.
			hoisted.keepsResult = true
			if got, views := viewOutcome(t, e, hoisted); views || got != want {
				t.Errorf("result kept: views %v, outcome %s", views, got)
			}
		})
	}
}

// viewOutcome runs h on viewData in a pooled runtime and reports its
// outcome and whether the result holds a data object made by pickView.
func viewOutcome(t *testing.T, e *engine, h *hook) (string, bool) {
	t.Helper()
	rt := e.acquire(context.Background(), nil, nil) // pooled, as a call's
	defer e.release(rt)
	v, err := parseDoc(context.Background(), []byte(viewData))
	if err != nil {
		t.Fatal(err)
	}
	var out string
	views := false
	err = e.run(context.Background(), rt, h, rt.toJS(v, v.root), func(r goja.Value) error {
		views = holdsView(r, 0)
		s, _, err := rt.toJSON(r)
		out = s
		return err
	})
	if err != nil {
		return "error: " + err.Error(), views
	}
	return out, views
}

// holdsView looks for a pickView's data object in v's arrays and plain
// objects.
func holdsView(v goja.Value, depth int) bool {
	o, ok := v.(*goja.Object)
	if !ok || depth > 5 {
		return false
	}
	if o.ExportType() == jsObjectType {
		return o.Export().(*jsObject).c == &noMembers
	}
	if o.ClassName() != "Array" && o.ClassName() != "Object" {
		return false
	}
	for _, k := range o.Keys() {
		if holdsView(o.Get(k), depth+1) {
			return true
		}
	}
	return false
}

// TestPickViewsLaterHooks: a definition whose later hooks get the
// response parser's result gets ordinary picked objects, which these hooks
// can freeze (a data object cannot be frozen).
func TestPickViewsLaterHooks(t *testing.T) {
	m := newMock(t)
	const url = `"${STATIC#yqcloud_url}/itsm/v1/${tenantId}/service_items/catalog/page/all", "headers": {"Authorization": "bearer ${yqAccessToken}"}`
	const parser = `"responseParser": "const list = data.content.map(i => _.pick(i, ['id', 'name'])); return {list};"`
	src := "[" +
		def("stopFreezes", "", `{"type": "call_url", "method": "GET", "url": `+url+`, `+parser+`, "stopAfterFunctionCallCondition": "return Object.isFrozen(Object.freeze(data.list[0]))"}`) + "," +
		def("extraFreezes", "", `{"type": "call_url", "method": "GET", "url": `+url+`, `+parser+`, "extraParamsBuilder": "return {frozen: Object.isFrozen(Object.freeze(data.list[0]))}"}`) + "," +
		def("alone", "", `{"type": "call_url", "method": "GET", "url": `+url+`, `+parser+`}`) + "]"
	set, reg := load(t, src, nil)
	want := `{"list":[` + pickedItem(0)[:strings.Index(pickedItem(0), `,"shortDescription"`)] + "}"
	for name, keeps := range map[string]bool{"stopFreezes": true, "extraFreezes": true, "alone": false} {
		d, _ := set.Lookup(name)
		if got := d.hooks[hookResponse].keepsResult; got != keeps {
			t.Errorf("%s: keepsResult %v, want %v", name, got, keeps)
		}
		res := call(reg, name, `{}`, m.values()...)
		if res.IsError || !strings.HasPrefix(res.Text, want) {
			t.Errorf("%s: %v %s", name, res.IsError, res.Text)
		}
		switch name {
		case "stopFreezes":
			if !res.Signals.StopGeneration {
				t.Errorf("%s: the stop condition did not freeze the item", name)
			}
		case "extraFreezes":
			if string(res.Signals.ExtraParams) != `{"frozen":true}` {
				t.Errorf("%s: extra params %s", name, res.Signals.ExtraParams)
			}
		}
	}
}

// TestPosition checks position against goja's file.File.Position.
func TestPosition(t *testing.T) {
	for _, src := range []string{"", "abc", "a\nb\r\nc\rd\u2028e\u2029f", "\r\n\r\n", "名前\n\r名", "\n\n\r"} {
		f := file.NewFile("p", src, 1)
		for i := 0; i <= len(src); i++ {
			if got, want := position("p", src, i), f.Position(i); got != want {
				t.Errorf("%q at %d: %v, want %v", src, i, got, want)
			}
		}
	}
}

// TestPickViewsCombinations runs map-pick parsers built from parts (the
// receiver, what the items are picked for, the result's shape, what runs
// after) as rewritten and as written: the same outcome every time.
func TestPickViewsCombinations(t *testing.T) {
	receivers := []string{
		"data.content", "data?.content", "(data.content || [])", "(data?.missing ?? [])", "data['content']",
		"data.content.filter(i => i.type !== 'CATALOG')", "data.content.slice(1)", "data.content.concat([])",
		"data.content.map(i => i)", "data.other", "data.content[0].a", "data.content[0]",
	}
	names := []string{"'id'", "'id', 'name'", "'name', 'n', 'big', 'e', 't', 'z'", "'o', 'a', 'id'", "'7', 'id'", "'id', 'nope'", "'o.x'"}
	shapes := []string{
		"return %s;",
		"return {items: %s};",
		"return {k: 1, items: %s, n: data.content.length};",
		"const list = %s;\nreturn {list};",
		"const list = %s;\nreturn {total: list.length, list};",
		"const list = %s;\ndata.content[0].name = 'after'; data.content[0].o.x.push(9);\nreturn {list};",
	}
	e := newSet(nil).eng
	n, views := 0, 0
	for _, r := range receivers {
		for _, k := range names {
			for _, shape := range shapes {
				body := fmt.Sprintf(shape, r+".map(i => _.pick(i, ["+k+"]))")
				hoisted, plain := compileBoth(t, body)
				got, v := viewOutcome(t, e, hoisted)
				want, _ := viewOutcome(t, e, plain)
				if got != want {
					t.Errorf("%s\nrewritten  %s\nas written %s", body, got, want)
				}
				n++
				if v {
					views++
				}
			}
		}
	}
	// Most of them take the data objects; the cases above tell which not.
	if views < n/3 {
		t.Errorf("data objects in %d of %d results", views, n)
	}
	t.Logf("data objects in %d of %d results", views, n)
}

// TestFastPicksSwitch flips fastPicks: off, compileHook rewrites nothing
// and every hook of TestHoistSameOutcome's and TestPickViews' kind runs
// as written, with the outcome the switch on gives.
func TestFastPicksSwitch(t *testing.T) {
	bodies := []string{
		"const list = (data?.content || []).filter(i => i.type === 'SERVICE' || i.type === 'RECORD').map(i => _.pick(i, ['id','name','shortDescription','description'])); return { allServiceItemList: list };",
		"return data.content.map(i => _.pick(i, ['id', 'name']))",
		"return {a: 1, b: {c: data.content.slice(0, 2).map(i => _.pick(i, ['id', 'type'])), d: [data.n]}}",
		"const list = data.content.map(i => _.pick(i, ['id', 'name'])); data.content[0].name = 1; return {list, n: data.n}",
		"return _.pick(data, ['n.x', 'zz', 'content[0].id'])",
		"_ = {pick: (o, k) => k}; return _.pick(data, ['a'])",
		"const o = {get a() { throw new Error('boom') }};\n  return [1, _.pick(o, ['a'])]",
	}
	e := newSet(nil).eng
	compile := func(on bool, body string) *hook {
		defer func(was bool) { fastPicks = was }(fastPicks)
		fastPicks = on
		h, err := compileHook("f", FieldResponseParser, body)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	for i, body := range bodies {
		fast, plain := compile(true, body), compile(false, body)
		if fast.picks == nil {
			t.Errorf("body %d: not rewritten with the switch on", i)
		}
		if plain.picks != nil {
			t.Errorf("body %d: rewritten with the switch off", i)
		}
		if got, want := outcome(t, e, fast), outcome(t, e, plain); got != want {
			t.Errorf("body %d: switch on %s, off %s", i, got, want)
		}
	}
}
