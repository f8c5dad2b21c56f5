package lodash_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dop251/goja"
	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit/yqcloud/lodash"
)

func newRuntime(tb testing.TB) *goja.Runtime {
	tb.Helper()
	vm := goja.New()
	if err := lodash.Install(vm); err != nil {
		tb.Fatal(err)
	}
	return vm
}

type corpusCase struct {
	Name string `json:"name"`
	Expr string `json:"expr"`
}

type goldenFile struct {
	Lodash  string                     `json:"lodash"`
	Results map[string]json.RawMessage `json:"results"`
}

// member and object keep JSON object keys in order, so key order is compared too.
type member struct {
	Key   string
	Value any
}

type object []member

func decodeOrdered(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := readValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("trailing data after JSON value")
	}
	return v, nil
}

func readValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
	switch d {
	case '[':
		arr := []any{}
		for dec.More() {
			v, err := readValue(dec)
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		_, err = dec.Token()
		return arr, err
	case '{':
		obj := object{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := readValue(dec)
			if err != nil {
				return nil, err
			}
			obj = append(obj, member{Key: k.(string), Value: v})
		}
		_, err = dec.Token()
		return obj, err
	}
	return nil, fmt.Errorf("unexpected delimiter %v", d)
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// programRuntime returns a runtime with `_` from Program alone: lodash.js
// without the Go fast paths that Install adds.
func programRuntime(tb testing.TB) *goja.Runtime {
	tb.Helper()
	vm := goja.New()
	if _, err := vm.RunProgram(lodash.Program()); err != nil {
		tb.Fatal(err)
	}
	return vm
}

// caseRunner returns encode.js's __lodashCase in vm: it evaluates an
// expression with `_` and encodes the result as JSON text.
func caseRunner(tb testing.TB, vm *goja.Runtime) func(expr string) (string, error) {
	tb.Helper()
	enc, err := os.ReadFile("testdata/encode.js")
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := vm.RunScript("encode.js", string(enc)); err != nil {
		tb.Fatal(err)
	}
	run, ok := goja.AssertFunction(vm.Get("__lodashCase"))
	if !ok {
		tb.Fatal("encode.js did not define __lodashCase")
	}
	lib := vm.Get("_")
	return func(expr string) (string, error) {
		timer := time.AfterFunc(5*time.Second, func() { vm.Interrupt("case timed out") })
		defer func() {
			timer.Stop()
			vm.ClearInterrupt()
		}()
		v, err := run(goja.Undefined(), lib, vm.ToValue(expr))
		if err != nil {
			return "", err
		}
		return v.String(), nil
	}
}

// TestCorpus runs every case of testdata/corpus.json with our _ in goja and
// compares the encoded result with real lodash's (testdata/golden.json):
// as Install sets it up (Go fast paths) and as Program alone does.
func TestCorpus(t *testing.T) {
	var cases []corpusCase
	readJSON(t, "testdata/corpus.json", &cases)
	var golden goldenFile
	readJSON(t, "testdata/golden.json", &golden)
	if len(cases) < 400 {
		t.Errorf("corpus has %d cases, want at least 400", len(cases))
	}
	for _, impl := range []struct {
		name string
		vm   func(testing.TB) *goja.Runtime
	}{{"Install", newRuntime}, {"Program", programRuntime}} {
		t.Run(impl.name, func(t *testing.T) {
			run := caseRunner(t, impl.vm(t))
			seen := make(map[string]bool, len(cases))
			for _, c := range cases {
				if seen[c.Name] {
					t.Errorf("%s: duplicate case name", c.Name)
					continue
				}
				seen[c.Name] = true
				want, ok := golden.Results[c.Name]
				if !ok {
					t.Errorf("%s: no golden result; run testdata/gen_golden.js", c.Name)
					continue
				}
				out, err := run(c.Expr)
				if err != nil {
					t.Errorf("%s: %s: %v", c.Name, c.Expr, err)
					continue
				}
				got, err := decodeOrdered([]byte(out))
				if err != nil {
					t.Errorf("%s: decoding our result %s: %v", c.Name, out, err)
					continue
				}
				wantV, err := decodeOrdered(want)
				if err != nil {
					t.Errorf("%s: decoding golden result: %v", c.Name, err)
					continue
				}
				if diff := cmp.Diff(wantV, got); diff != "" {
					t.Errorf("%s: %s\n(-lodash %s +ours)\n%s", c.Name, c.Expr, golden.Lodash, diff)
				}
			}
			for name := range golden.Results {
				if !seen[name] {
					t.Errorf("golden.json has a result for %q, which is not in corpus.json", name)
				}
			}
		})
	}
}

// TestPickFastPath checks Install's _.pick (lodash.js's pick behind a Go
// function that forwards each call) against lodash.js alone on the path
// shapes a key list does not show (TestPickKeyLists has the objects):
// results, key order and thrown errors must all match.
func TestPickFastPath(t *testing.T) {
	tests := []struct {
		name   string
		frozen bool // Object.prototype frozen first, as in hook runtimes
		expr   string
	}{
		{"paths that are not strings", false, `_.pick({1: 'one', true: 't', null: 'n', undefined: 'u', a: {b: 1}}, [1, true, null, undefined, ['a', 'b'], Symbol.iterator])`},
		{"holes", false, `_.pick({undefined: 1, a: 2}, [, 'a', , ])`},
		{"unsafe keys", false, `_.pick(JSON.parse('{"__proto__": {"x": 1}, "constructor": 2, "prototype": 3, "a": 4}'), ['__proto__', 'constructor', 'prototype', 'a'])`},
		{"proxy paths", false, `(() => { const log = []; const paths = new Proxy(['a'], {get(t, k) { log.push('get ' + String(k)); return t[k]; }}); return [_.pick({a: 1}, paths), log]; })()`},
		{"getter in the paths", false, `(() => { const log = []; const paths = ['a', 'b']; Object.defineProperty(paths, 1, {get() { log.push('path 1'); return 'b'; }}); const o = {get a() { log.push('a'); return 1; }, b: 2}; return [_.pick(o, paths), log]; })()`},
		{"varargs", false, `_.pick({a: 1, b: 2, c: 3}, 'a', ['b'], 'c')`},
		{"one string", false, `_.pick({a: 1, b: 2}, 'b')`},
		{"no paths", false, `_.pick({a: 1})`},
		{"array-like paths", false, `_.pick({a: 1, b: 2}, {0: 'a', length: 1})`},
		{"arrays, strings and functions", false, `[_.pick([1, 2, 3], ['0', 'length', 2]), _.pick('abc', ['length', 0]), _.pick(Object.assign(function f() {}, {x: 1}), ['x', 'name'])]`},
		{"non-ASCII and lone surrogate keys", false, `JSON.stringify(_.pick({'名称': 1, '\ud800': 2, '\ufffd': 3, 'a\ud800': 4}, ['名称', '\ud800', '\ufffd', 'a\ud800']))`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkSameAsLodashJS(t, newRuntime(t), programRuntime(t), tt.frozen, tt.expr, "Go fast path")
		})
	}

	// The forwarding function is there, and looks like the function it
	// stands for.
	const probe = `[Function.prototype.toString.call(_.pick).includes('[native code]'), _.pick.name, _.pick.length, Object.isFrozen(_.pick)]`
	for _, c := range []struct {
		vm   *goja.Runtime
		want string
	}{{newRuntime(t), `[true,"pick",1,true]`}, {programRuntime(t), `[false,"pick",1,true]`}} {
		got, err := caseRunner(t, c.vm)(probe)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("%s = %s, want %s", probe, got, c.want)
		}
	}
}

// TestPickKeyLists checks _.pick(o, [keys]) on every kind of object two
// ways against lodash.js alone: Install's forwarding _.pick and Lib.Pick
// (keys known ahead). Results, key order, thrown errors and the order of getter,
// setter and trap calls must all match.
func TestPickKeyLists(t *testing.T) {
	tests := []struct {
		name   string
		frozen bool
		expr   string // calls pick(o, key, ...)
	}{
		{"keys", false, `pick({a: 1, b: 2, c: 3}, 'c', 'a')`},
		{"no keys", false, `pick({a: 1})`},
		{"missing, undefined and repeated keys", false, `pick({a: 1, b: undefined}, 'zz', 'a', 'b', 'a')`},
		{"paths", false, `pick({a: {b: [{c: 1}]}, 'a.b': 2, d: 3}, 'a.b[0].c', 'a.b', 'x.y', 'd')`},
		{"inherited keys", false, `pick(Object.create({x: 1}), 'x', 'toString', 'hasOwnProperty')`},
		{"inherited keys, frozen Object.prototype", true, `(() => { const r = pick({toString: 1, a: 2}, 'toString', 'valueOf', 'a'); return [r, Object.keys(r)]; })()`},
		{"null prototype", false, `pick(Object.assign(Object.create(null), {a: 1}), 'a', 'toString')`},
		{"getters run once each, in order", false, `(() => { const log = []; const o = {get a() { log.push('a'); return 1; }, get b() { log.push('b'); return 2; }}; return [pick(o, 'b', 'zz', 'a'), log]; })()`},
		{"getter on a class", false, `(() => { const log = []; class C { constructor() { this.a = 1; } get g() { log.push('g'); return 2; } } return [pick(new C(), 'g', 'a', 'g'), log]; })()`},
		{"getter throws", false, `(() => { try { pick({get a() { throw new Error('boom'); }}, 'a'); return 'no throw'; } catch (e) { return e.message; } })()`},
		{"proxy", false, `(() => { const log = []; const p = new Proxy({a: 1}, {has(t, k) { log.push('has ' + String(k)); return k in t; }, get(t, k) { log.push('get ' + String(k)); return t[k]; }}); return [pick(p, 'a', 'b'), log]; })()`},
		{"proxy on the prototype chain", false, `(() => { const log = []; const p = new Proxy({x: 1}, {has(t, k) { log.push('has ' + String(k)); return k in t; }, get(t, k, r) { log.push('get ' + String(k)); return t[k]; }}); return [pick(Object.create(p), 'x', 'y'), log]; })()`},
		{"arrays, strings and functions", false, `[pick([1, 2, 3], '0', 'length', '2'), pick('abc', 'length', '0'), pick(Object.assign(function f() {}, {x: 1}), 'x', 'name')]`},
		{"null and primitives", false, `[pick(null, 'a'), pick(undefined, 'a'), pick(5, 'toFixed')]`},
		{"boxed and exotic objects", false, `[pick(new String('ab'), '0', 'length'), pick(new Map([[1, 2]]), 'size'), pick(new Error('e'), 'message')]`},
		{"integer keys come first", false, `Object.keys(pick({b: 1, 2: 2, a: 3, 1: 4}, 'a', 'b', '2', '1'))`},
		{"the result is a plain object", false, `(() => { const r = pick({a: 1}, 'a'); return [Object.getPrototypeOf(r) === Object.prototype, Object.isExtensible(r), Object.getOwnPropertyDescriptor(r, 'a')]; })()`},
		{"non-ASCII keys", false, `JSON.stringify(pick({'名称': 1, 'ü': 2}, 'ü', '名称'))`},
		{"Object.prototype setter", false, `(() => { const log = []; Object.defineProperty(Object.prototype, 'zz', {set(v) { log.push('set ' + v); }, get() { return 'g'; }, configurable: true}); const r = [pick({zz: 1}, 'zz'), pick({}, 'zz'), log]; delete Object.prototype.zz; return r; })()`},
		{"Object.prototype setter throws", false, `(() => { let calls = 0; Object.defineProperty(Object.prototype, 'zz', {set(v) { calls++; throw new Error('no ' + v); }, configurable: true}); let r; try { r = pick({zz: 1}, 'zz'); } catch (e) { r = e.message; } delete Object.prototype.zz; return [r, calls]; })()`},
		{"Object.prototype read-only and getter-only", false, `(() => { Object.defineProperty(Object.prototype, 'ro', {value: 0, configurable: true}); Object.defineProperty(Object.prototype, 'go', {get() { return 0; }, configurable: true}); const r = pick({ro: 1, go: 2, a: 3}, 'ro', 'go', 'a'); delete Object.prototype.ro; delete Object.prototype.go; return [r, Object.keys(r)]; })()`},
		{"Go map", false, `pick(goMap, 'b', 'a', 'zz')`},
		{"dynamic object", false, `(() => { const r = pick(dynamic, 'b', 'a', 'zz', 'a.b'); return [r, Object.keys(r)]; })()`},
	}
	// pick(o, key, ...) is _.pick(o, [key, ...]) where _ is installed.
	withPick := func(vm *goja.Runtime) *goja.Runtime {
		if _, err := vm.RunString(`var pick = (o, ...keys) => _.pick(o, keys)`); err != nil {
			t.Fatal(err)
		}
		return vm
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkSameAsLodashJS(t, withPick(newRuntime(t)), withPick(programRuntime(t)), tt.frozen, tt.expr, "Go fast path")
			checkSameAsLodashJS(t, libPickRuntime(t), withPick(programRuntime(t)), tt.frozen, tt.expr, "Lib.Pick")
		})
	}

	for _, names := range [][]string{{"a", "__proto__"}, {"constructor"}, {"prototype"}, {"\ufffd"}, {"a\ufffdb"}} {
		if _, ok := lodash.PickKeys(names); ok {
			t.Errorf("PickKeys(%q) took them", names)
		}
	}
	if _, ok := lodash.PickKeys([]string{"a", "名称", "a.b", ""}); !ok {
		t.Error("PickKeys refused plain names")
	}
}

// checkSameAsLodashJS evaluates expr in vm and in js (lodash.js alone),
// both with the pick fixtures, and reports a difference; what names vm's
// side.
func checkSameAsLodashJS(t *testing.T, vm, js *goja.Runtime, frozen bool, expr, what string) {
	t.Helper()
	pickFixtures(t, vm, frozen)
	pickFixtures(t, js, frozen)
	want, err := caseRunner(t, js)(expr)
	if err != nil {
		t.Fatal(err)
	}
	got, err := caseRunner(t, vm)(expr)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s\n(-lodash.js +%s)\n%s", expr, what, diff)
	}
}

// libPickRuntime returns a runtime with `_` from lodash.New and a global
// pick(o, name, ...) that calls Lib.Pick with those names (a TypeError
// for names PickKeys refuses).
func libPickRuntime(tb testing.TB) *goja.Runtime {
	tb.Helper()
	vm := goja.New()
	lib, err := lodash.New(vm)
	if err != nil {
		tb.Fatal(err)
	}
	err = vm.Set("pick", func(call goja.FunctionCall) goja.Value {
		names := make([]string, max(len(call.Arguments)-1, 0))
		for i := range names {
			names[i] = call.Arguments[i+1].String()
		}
		keys, ok := lodash.PickKeys(names)
		if !ok {
			panic(vm.NewTypeError("PickKeys refused %q", names))
		}
		return lib.Pick(call.Argument(0), keys)
	})
	if err != nil {
		tb.Fatal(err)
	}
	return vm
}

// pickFixtures defines the objects the pick tests use (goMap, dynamic)
// and freezes Object.prototype if frozen, as hook runtimes do.
func pickFixtures(t *testing.T, vm *goja.Runtime, frozen bool) {
	t.Helper()
	if err := vm.Set("goMap", map[string]any{"a": 1, "b": "two"}); err != nil {
		t.Fatal(err)
	}
	if err := vm.Set("dynamic", vm.NewDynamicObject(&dynObject{vm: vm, keys: []string{"a", "b"}, vals: map[string]any{"a": 1, "b": 2}})); err != nil {
		t.Fatal(err)
	}
	if frozen {
		if _, err := vm.RunString(`Object.freeze(Object.prototype)`); err != nil {
			t.Fatal(err)
		}
	}
}

// dynObject is a goja.DynamicObject over a Go map, in key order.
type dynObject struct {
	vm   *goja.Runtime
	keys []string
	vals map[string]any
}

func (d *dynObject) Get(k string) goja.Value {
	if v, ok := d.vals[k]; ok {
		return d.vm.ToValue(v)
	}
	return nil
}
func (d *dynObject) Set(k string, v goja.Value) bool { return false }
func (d *dynObject) Has(k string) bool               { _, ok := d.vals[k]; return ok }
func (d *dynObject) Delete(k string) bool            { return false }
func (d *dynObject) Keys() []string                  { return d.keys }

// FuzzPick compares Install's _.pick with lodash.js's on JSON objects and
// comma-separated keys, as one array (the fast path's shape) or spread.
func FuzzPick(f *testing.F) {
	for _, s := range []struct{ obj, keys string }{
		{`{"a":1,"b":{"c":2}}`, "a,b.c,zz"},
		{`{"__proto__":{"x":1},"constructor":1,"toString":2}`, "__proto__,constructor,toString,valueOf"},
		{`{"1":1,"a":2,"a.b":3}`, "a.b,1,,a[0]"},
		{`[1,2,3]`, "0,length,2"},
	} {
		f.Add(s.obj, s.keys, false)
		f.Add(s.obj, s.keys, true)
	}
	const expr = `(function (src, keys, spread) {
		var o = JSON.parse(src), paths = keys.split(',');
		var r = spread ? _.pick.apply(null, [o].concat(paths)) : _.pick(o, paths);
		return JSON.stringify([r, Object.keys(r)]);
	})`
	vms := []*goja.Runtime{newRuntime(f), programRuntime(f)}
	fns := make([]goja.Callable, len(vms))
	for i, vm := range vms {
		v, err := vm.RunString(expr)
		if err != nil {
			f.Fatal(err)
		}
		fns[i], _ = goja.AssertFunction(v)
	}
	libVM := libPickRuntime(f)
	v, err := libVM.RunString(`(function (src, keys) { var r = pick.apply(null, [JSON.parse(src)].concat(keys.split(','))); return JSON.stringify([r, Object.keys(r)]); })`)
	if err != nil {
		f.Fatal(err)
	}
	libPick, _ := goja.AssertFunction(v)
	f.Fuzz(func(t *testing.T, obj, keys string, spread bool) {
		if !json.Valid([]byte(obj)) {
			return
		}
		var out [2]string
		for i, fn := range fns {
			vm := vms[i]
			v, err := fn(goja.Undefined(), vm.ToValue(obj), vm.ToValue(keys), vm.ToValue(spread))
			if err != nil {
				out[i] = "throws " + err.Error()
				continue
			}
			out[i] = v.String()
		}
		if out[0] != out[1] {
			t.Errorf("_.pick(%s, %q) spread=%v:\nGo fast path %s\nlodash.js    %s", obj, keys, spread, out[0], out[1])
		}
		// Lib.Pick with the same names as one array, when PickKeys takes
		// them (with spread lodash.js had them as separate arguments).
		if _, ok := lodash.PickKeys(strings.Split(keys, ",")); spread || !ok {
			return
		}
		got := "throws"
		if v, err := libPick(goja.Undefined(), libVM.ToValue(obj), libVM.ToValue(keys)); err == nil {
			got = v.String()
		} else {
			got += " " + err.Error()
		}
		if got != out[1] {
			t.Errorf("Lib.Pick(%s, %q):\nLib.Pick  %s\nlodash.js %s", obj, keys, got, out[1])
		}
	})
}

const intactProbe = `JSON.stringify([typeof _.map, typeof _.filter, _.pick({a: 1, b: 2}, ['a']),
	_.map([1, 2], x => x * 2), Object.isFrozen(_), Object.isFrozen(_.pick), _.extra === undefined,
	_([1, 2]).map(x => x + 1).value(), _([1]).extra === undefined, Object.isFrozen(_([]).map),
	_.templateSettings.interpolate.source, _.round.extra === undefined])`

const intact = `["function","function",{"a":1},[2,4],true,true,true,[2,3],true,true,"<%=([\\s\\S]+?)%>",true]`

// checkIntact reports a `_` in vm that no longer works as installed
// after running src.
func checkIntact(t *testing.T, vm *goja.Runtime, src string) {
	t.Helper()
	v, err := vm.RunString(intactProbe)
	if err != nil {
		t.Fatalf("after %s: %v", src, err)
	}
	if diff := cmp.Diff(intact, v.String()); diff != "" {
		t.Errorf("after %s: _ changed (-want +got)\n%s", src, diff)
	}
}

// tamper are writes to the installed `_` that it must not take: sloppy
// code sees them do nothing, strict code gets a TypeError.
var tamper = []string{
	`_.map = null`,
	`delete _.filter`,
	`_.extra = 1`,
	`_ = null`,
	`globalThis._ = {}`,
	`_.pick.extra = 1`,
	`_.prototype.extra = 1`,
	`_([]).constructor.prototype.map = null`,
	`Object.getPrototypeOf(_([])).value = null`,
	`_([]).map.extra = 1`,
	`_.templateSettings.interpolate = /x/g`,
	`_.templateSettings.imports.extra = 1`,
	`_.round.extra = 1`,
}

func TestFrozenSloppyWritesHaveNoEffect(t *testing.T) {
	vm := newRuntime(t)
	for _, src := range append(slices.Clone(tamper),
		`_.pick.call = null`,
		`(function (data, _) { _.pick = () => 'hacked'; })({}, _)`,
	) {
		if _, err := vm.RunString(src); err != nil {
			t.Errorf("%s: %v", src, err)
		}
		checkIntact(t, vm, src)
	}
}

func TestFrozenStrictWritesThrow(t *testing.T) {
	vm := newRuntime(t)
	for _, src := range append(slices.Clone(tamper),
		`Object.defineProperty(_, 'map', {value: 1})`,
		`Object.setPrototypeOf(_, null)`,
		`Object.defineProperty(globalThis, '_', {value: {}})`,
	) {
		_, err := vm.RunString(`'use strict';` + src)
		if err == nil || !strings.Contains(err.Error(), "TypeError") {
			t.Errorf("%s: err = %v, want a TypeError", src, err)
		}
		checkIntact(t, vm, src)
	}
}

func TestInstall(t *testing.T) {
	if p1, p2 := lodash.Program(), lodash.Program(); p1 != p2 {
		t.Error("Program() compiled twice")
	}

	vm := newRuntime(t)
	if err := lodash.Install(vm); !errors.Is(err, lodash.ErrDefined) {
		t.Errorf("second Install: err = %v, want ErrDefined", err)
	}

	other := goja.New()
	if err := other.Set("_", 1); err != nil {
		t.Fatal(err)
	}
	if err := lodash.Install(other); !errors.Is(err, lodash.ErrDefined) {
		t.Errorf("Install over an existing _: err = %v, want ErrDefined", err)
	}
	if got := other.Get("_").Export(); got != int64(1) {
		t.Errorf("existing _ was replaced: %v", got)
	}

	// Running the program directly gives the same frozen library.
	direct := goja.New()
	if _, err := direct.RunProgram(lodash.Program()); err != nil {
		t.Fatal(err)
	}
	checkIntact(t, direct, "RunProgram")
}

func TestConcurrentRuntimes(t *testing.T) {
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			vm := goja.New()
			if err := lodash.Install(vm); err != nil {
				t.Error(err)
				return
			}
			v, err := vm.RunString(fmt.Sprintf(`_.sum(_.range(%d))`, i+1))
			if err != nil {
				t.Error(err)
				return
			}
			if got, want := v.ToInteger(), int64(i*(i+1)/2); got != want {
				t.Errorf("runtime %d: sum = %d, want %d", i, got, want)
			}
		})
	}
	wg.Wait()
}

// Hook data may arrive as Go values wrapped by vm.ToValue instead of JSON.parse output.
func TestGoBackedValues(t *testing.T) {
	data := map[string]any{
		"content": []any{
			map[string]any{"id": 1, "name": "VPN", "type": "SERVICE", "tags": []any{"net", "vpn"}},
			map[string]any{"id": 2, "name": "Doc", "type": "LINK", "tags": []any{}},
			map[string]any{"id": 3, "name": "Log", "type": "RECORD", "meta": map[string]any{"owner": "ops"}},
		},
		"total": 3,
	}
	tests := []struct {
		name, script string
		want         any
	}{
		{"pick", `_.pick(data.content[0], ['id', 'name', 'missing'])`, map[string]any{"id": int64(1), "name": "VPN"}},
		{"map property", `_.map(data.content, 'name')`, []any{"VPN", "Doc", "Log"}},
		{"filter matches", `_.map(_.filter(data.content, {type: 'RECORD'}), 'id')`, []any{int64(3)}},
		{"filter pair", `_.map(_.filter(data.content, ['type', 'SERVICE']), 'id')`, []any{int64(1)}},
		{"get deep", `_.get(data, 'content[2].meta.owner')`, "ops"},
		{"get default", `_.get(data, 'content[1].meta.owner', 'none')`, "none"},
		{"has", `[_.has(data, 'content[0].tags[1]'), _.has(data, 'content[1].tags[0]')]`, []any{true, false}},
		{"sortBy desc", `_.map(_.orderBy(data.content, 'id', 'desc'), 'id')`, []any{int64(3), int64(2), int64(1)}},
		{"groupBy", `_.mapValues(_.groupBy(data.content, 'type'), 'length')`, map[string]any{"SERVICE": int64(1), "LINK": int64(1), "RECORD": int64(1)}},
		{"flatMap", `_.flatMap(data.content, i => i.tags || [])`, []any{"net", "vpn"}},
		{"predicates", `[_.isArray(data.content), _.isPlainObject(data), _.isEmpty(data.content[1].tags), _.size(data)]`, []any{true, true, true, int64(2)}},
		{"keys sorted", `_.sortBy(_.keys(data))`, []any{"content", "total"}},
		{"isEqual", `_.isEqual(data.content[2].meta, {owner: 'ops'})`, true},
		{"cloneDeep", `(() => { const c = _.cloneDeep(data.content[0]); c.tags.push('x'); return [c.tags.length, data.content[0].tags.length]; })()`, []any{int64(3), int64(2)}},
		{"merge", `_.merge({}, data.content[2], {meta: {team: 'a'}}).meta`, map[string]any{"owner": "ops", "team": "a"}},
	}
	vm := newRuntime(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := vm.Set("data", vm.ToValue(data)); err != nil {
				t.Fatal(err)
			}
			v, err := vm.RunString(tt.script)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, v.Export()); diff != "" {
				t.Errorf("%s (-want +got)\n%s", tt.script, diff)
			}
		})
	}
}

// FuzzPath checks that any path string reads back what set wrote and unset removes it, without throwing.
func FuzzPath(f *testing.F) {
	for _, s := range []string{"a", "a.b[0].c", "a['x.y']", `a["q\"r"]`, "a..b", ".a", "a[]", "[0][1]", "a[-1.5]", "", "[.]", "constructor.x", "__proto__"} {
		f.Add(s)
	}
	vm := newRuntime(f)
	check, err := vm.RunString(`(function (p) {
		var parts = _.toPath(p);
		// An empty path ('[.]') writes nothing; unsafe keys are never written.
		if (!parts.length || parts.some(k => k === '__proto__' || k === 'constructor' || k === 'prototype')) return 'skip';
		var o = _.set({}, p, 'v');
		return [_.get(o, p), _.has(o, p), _.hasIn(o, p), _.unset(o, p), _.get(o, p) === undefined].join();
	})`)
	if err != nil {
		f.Fatal(err)
	}
	fn, _ := goja.AssertFunction(check)
	f.Fuzz(func(t *testing.T, path string) {
		v, err := fn(goja.Undefined(), vm.ToValue(path))
		if err != nil {
			t.Fatalf("path %q: %v", path, err)
		}
		if got := v.String(); got != "skip" && got != "v,true,true,true,true" {
			t.Errorf("path %q: get,has,hasIn,unset,gone = %s", path, got)
		}
	})
}

func ExampleInstall() {
	vm := goja.New()
	if err := lodash.Install(vm); err != nil {
		panic(err)
	}
	v, err := vm.RunString(`
		const items = [
			{id: 1, name: 'VPN', type: 'SERVICE'},
			{id: 2, name: 'Wiki', type: 'LINK'},
			{id: 3, name: 'Laptop', type: 'SERVICE'},
		];
		JSON.stringify({
			names: _.map(_.filter(items, {type: 'SERVICE'}), 'name'),
			byType: _.countBy(items, 'type'),
			key: _.camelCase('service_item-list'),
		});
	`)
	if err != nil {
		panic(err)
	}
	fmt.Println(v)
	// Output: {"names":["VPN","Laptop"],"byType":{"SERVICE":2,"LINK":1},"key":"serviceItemList"}
}

const (
	parserWithLodash = `(function (data, _) {
		const list = (data?.content || []).filter(i => i.type === 'SERVICE' || i.type === 'RECORD').map(i => _.pick(i, ['id','name','shortDescription','description']));
		return { allServiceItemList: list };
	})`
	parserPlain = `(function (data) {
		const pick = (o, keys) => { const r = {}; for (let j = 0; j < keys.length; j++) { const k = keys[j]; if (k in o) r[k] = o[k]; } return r; };
		const list = (data?.content || []).filter(i => i.type === 'SERVICE' || i.type === 'RECORD').map(i => pick(i, ['id','name','shortDescription','description']));
		return { allServiceItemList: list };
	})`
)

func serviceItems(n int) map[string]any {
	types := []string{"SERVICE", "RECORD", "LINK", "SERVICE"}
	content := make([]any, n)
	for i := range content {
		content[i] = map[string]any{
			"id":               fmt.Sprintf("%d", 1000+i),
			"name":             fmt.Sprintf("Service item %d", i),
			"type":             types[i%len(types)],
			"shortDescription": "Short description",
			"description":      "A longer description of the service item that the model reads.",
			"icon":             "icon.png",
			"catalogId":        42,
			"enabled":          true,
		}
	}
	return map[string]any{"content": content, "totalElements": n}
}

func runParser(b *testing.B, vm *goja.Runtime, src string) {
	fv, err := vm.RunString(src)
	if err != nil {
		b.Fatal(err)
	}
	fn, _ := goja.AssertFunction(fv)
	data := serviceItems(50)
	lib := vm.Get("_")
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		v, err := fn(goja.Undefined(), vm.ToValue(data), lib)
		if err != nil {
			b.Fatal(err)
		}
		out := v.Export().(map[string]any)
		if got := len(out["allServiceItemList"].([]any)); got != 38 {
			b.Fatalf("got %d items, want 38", got)
		}
	}
}

// BenchmarkResponseParser compares the spec's getAllServiceItem responseParser
// over 50 items using _.pick (Install's Go fast path, and lodash.js alone)
// with the same parser using a hand-written pick.
func BenchmarkResponseParser(b *testing.B) {
	b.Run("lodash", func(b *testing.B) { runParser(b, newRuntime(b), parserWithLodash) })
	b.Run("lodash-js", func(b *testing.B) { runParser(b, programRuntime(b), parserWithLodash) })
	b.Run("plain", func(b *testing.B) { runParser(b, newRuntime(b), parserPlain) })
}

func BenchmarkInstall(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if err := lodash.Install(goja.New()); err != nil {
			b.Fatal(err)
		}
	}
}
