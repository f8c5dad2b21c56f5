package yqcloud

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit"
)

// reachWalk is JavaScript that defines walk(root, path, into): every
// object reachable from root by own properties (string and symbol keys,
// getters and setters) and prototypes, into a Map from object to the
// first path found, not going into what stop holds. It is the test's own walk, not the lockdown's.
const reachWalk = `
function walk(root, path, into, stop) {
  const stack = [[root, path]];
  while (stack.length) {
    const [o, p] = stack.pop();
    if (o === null || (typeof o !== 'object' && typeof o !== 'function') || into.has(o) || (stop && stop.has(o))) continue;
    into.set(o, p);
    stack.push([Object.getPrototypeOf(o), p + '.[[Prototype]]']);
    for (const k of Reflect.ownKeys(o)) {
      const d = Object.getOwnPropertyDescriptor(o, k);
      if (!d) continue;
      const kp = p + '.' + String(k);
      if ('value' in d) stack.push([d.value, kp]);
      else { stack.push([d.get, kp + '<get>']); stack.push([d.set, kp + '<set>']); }
    }
  }
  return into;
}
`

// TestHardening26_03_IntrinsicsFrozen enumerates what a hook can reach
// and asserts that everything two runs could share is frozen:
//
//   - each named intrinsic (the iterator prototypes, %GeneratorFunction%,
//     %AsyncFunction%, %ThrowTypeError%, the arguments objects' iterator
//     and so on) is frozen;
//   - every object reachable from globalThis is frozen;
//   - every root a script gets from syntax or from calling `_` is made
//     twice, and every object reachable from both makes (shared between
//     them, so between runs) is frozen. What each make creates afresh
//     is its own and may stay open.
func TestHardening26_03_IntrinsicsFrozen(t *testing.T) {
	e := newSet(&Options{HookTimeout: time.Minute}).eng
	rt := e.acquire(context.Background(), nil, nil)
	defer e.release(rt)
	body := reachWalk + `
const named = {
  '%IteratorPrototype%': Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())),
  '%ArrayIteratorPrototype%': Object.getPrototypeOf([][Symbol.iterator]()),
  '%ArrayIteratorPrototype%.next': Object.getPrototypeOf([][Symbol.iterator]()).next,
  '%MapIteratorPrototype%': Object.getPrototypeOf(new Map().entries()),
  '%SetIteratorPrototype%': Object.getPrototypeOf(new Set().values()),
  '%StringIteratorPrototype%': Object.getPrototypeOf(''[Symbol.iterator]()),
  '%RegExpStringIteratorPrototype%': Object.getPrototypeOf('a'.matchAll(/a/g)),
  '%GeneratorFunction%': Object.getPrototypeOf(function* () {}).constructor,
  '%GeneratorFunction.prototype%': Object.getPrototypeOf(function* () {}),
  '%GeneratorPrototype%': Object.getPrototypeOf(function* () {}).prototype,
  '%AsyncFunction%': Object.getPrototypeOf(async function () {}).constructor,
  '%AsyncFunction.prototype%': Object.getPrototypeOf(async function () {}),
  '%ThrowTypeError%': Object.getOwnPropertyDescriptor(Function.prototype, 'caller').get,
  'arguments[Symbol.iterator]': (function () { return arguments; })()[Symbol.iterator],
  '%Promise.prototype%': Object.getPrototypeOf(Promise.resolve()),
  '%Function%': (function () {}).constructor,
  'Symbol.for': Symbol.for,
};
const open = [];
for (const [name, o] of Object.entries(named)) if (!Object.isFrozen(o)) open.push(name);

const global = walk(globalThis, 'globalThis', new Map());
for (const [o, p] of global) if (!Object.isFrozen(o)) open.push(p);

// Roots a script reaches by syntax or by calling: each is made twice.
const roots = {
  arrayIterator: () => [1][Symbol.iterator](), mapIterator: () => new Map([[1, 2]]).entries(),
  setIterator: () => new Set([1]).values(), stringIterator: () => 'ab'[Symbol.iterator](),
  matchAll: () => 'aa'.matchAll(/a/g), generatorFunction: () => function* () { yield 1; },
  generator: () => (function* () { yield 1; })(), generatorMethod: () => ({ *m() {} }).m,
  asyncFunction: () => async function () {}, asyncArrow: () => async () => {},
  asyncMethod: () => ({ async m() {} }).m, promise: () => (async function () {})(),
  arguments: () => (function () { return arguments; })(1), strictArguments: () => (function () { 'use strict'; return arguments; })(1),
  bound: () => (function () {}).bind(null), arrow: () => () => 1, class: () => class { static s() {} get g() { return 1; } },
  error: () => new TypeError('x'), caught: () => { try { null.x; } catch (e) { return e; } },
  proxy: () => new Proxy({}, {}), revocable: () => Proxy.revocable({}, {}), regexp: () => /a/g, date: () => new Date(0),
  weakMap: () => new WeakMap(), template: () => (s => s)` + "`a${1}b`" + `, function: () => Function('return 1'),
  evalFunction: () => eval('(function () {})'), symbol: () => Object(Symbol.for('k')), boxed: () => [Object(1), Object('s'), Object(true)],
  descriptor: () => Object.getOwnPropertyDescriptors(Object.prototype), json: () => JSON.parse('{"a": [1]}'),
  lodash: () => _, chain: () => _([1, 2]), chainMap: () => _([1, 2]).map(String), lazy: () => _([1, 2, 3]).filter(Boolean).take(2), explicit: () => _.chain({ a: 1 }),
};
// Every function of _, called with callbacks that keep what they get.
const fns = [];
for (let p = _; p; p = Object.getPrototypeOf(p)) for (const k of Object.getOwnPropertyNames(p)) if (typeof _[k] === 'function' && !fns.includes(k)) fns.push(k);
for (const k of fns) {
  roots['_.' + k] = () => {
    const got = [];
    const cb = function () { got.push(this, ...arguments); return arguments[0]; };
    const out = [];
    for (const args of [[{ a: [1, { b: 2 }], c: 'x' }, cb], [[1, [2, { d: 3 }]], cb, 1], ['a.b[0]', cb], [{ a: { b: [4] } }, 'a.b[0]', cb], [[{ a: 1 }, { a: 2 }], 'a', cb]]) {
      try { const r = _[k](...args); out.push(r); if (typeof r === 'function') out.push(r(1, 2), r.cache); } catch (e) { out.push(e); }
    }
    return [out, got];
  };
}
const shared = [];
for (const [name, make] of Object.entries(roots)) {
  const a = walk(make(), name, new Map(), global), b = walk(make(), name, new Map(), global);
  for (const [o, p] of a) if (b.has(o) && !Object.isFrozen(o)) shared.push(p);
}
return { open, shared, count: global.size };
`
	got, err := runHook(t, e, rt, body, `{}`)
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Open, Shared []string
		Count        int
	}
	if err := json.Unmarshal([]byte(got), &res); err != nil {
		t.Fatalf("%v: %s", err, got)
	}
	if len(res.Open) > 0 || len(res.Shared) > 0 {
		t.Errorf("not frozen: %d intrinsics or objects reachable from globalThis: %q; %d objects shared between two makes of a root: %q",
			len(res.Open), res.Open, len(res.Shared), res.Shared)
	}
	if res.Count < 300 {
		t.Errorf("the walk reached %d objects from globalThis: it did not walk", res.Count)
	}
}

// TestHardening26_03_CrossTenant runs, in one pooled runtime, definition
// A, whose hook tries every way it has to leave something behind (wrapping
// the iterators' next, stashing on intrinsics, on its own hoisted picks,
// through eval), then definition B with another tenant's data, then A
// again. B's result is what it is in a fresh runtime, and A's second run
// finds nothing of B's.
func TestHardening26_03_CrossTenant(t *testing.T) {
	const tricks = `
const stash = [];
const tries = {
  iterators: () => {
    for (const it of [[][Symbol.iterator](), new Map().entries(), new Set().values(), ''[Symbol.iterator](), 'a'.matchAll(/a/g), (function* () {})(), (function () { return arguments; })()[Symbol.iterator]()]) {
      const P = Object.getPrototypeOf(it), next = P.next;
      P.next = function () { const r = next.call(this); if (typeof r.value === 'string') { stash.push(r.value); r.value = 'tampered'; } return r; };
    }
  },
  iteratorPrototype: () => { const P = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())); P.stash = stash; P[Symbol.iterator] = function () { stash.push(this); return this; }; },
  arrayValues: () => { const v = (function () { return arguments; })()[Symbol.iterator]; v.stash = stash; },
  generatorFunction: () => { const G = Object.getPrototypeOf(function* () {}); G.stash = stash; G.constructor.stash = stash; G.prototype.stash = stash; },
  asyncFunction: () => { const A = Object.getPrototypeOf(async function () {}); A.stash = stash; A.constructor.stash = stash; },
  promise: () => { Object.getPrototypeOf(Promise.resolve()).stash = stash; },
  picks: () => { eval('$yq000').stash = stash; },
  pickMaker: () => { eval('$yqP').stash = stash; },
  globalVar: () => { (0, eval)('var stash = []'); },
  globalLet: () => { (0, eval)('let stashed = 1'); throw 'scoped to the eval'; },
  functionCtor: () => { Function.prototype.constructor.stash = stash; },
  symbolRegistry: () => { Symbol.for('stash'); throw 'a registry of the run'; },
};
const failed = [];
for (const [name, f] of Object.entries(tries)) try { f(); failed.push(name + ': no error'); } catch (e) {}
`
	const reads = `
const found = [];
const look = (name, o) => { try { if (o && o.stash) found.push(name); } catch (e) {} };
look('arrayIterator', Object.getPrototypeOf([][Symbol.iterator]()));
look('iteratorPrototype', Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())));
look('arrayValues', (function () { return arguments; })()[Symbol.iterator]);
look('generatorFunction', Object.getPrototypeOf(function* () {}));
look('asyncFunction', Object.getPrototypeOf(async function () {}));
look('promise', Object.getPrototypeOf(Promise.resolve()));
look('function', Function.prototype.constructor);
try { look('picks', eval('$yq000')); } catch (e) {}
look('global', globalThis);
if (RegExp.$1 || RegExp.lastMatch || RegExp.input || RegExp['$_'] || RegExp.leftContext) found.push('regexpStatics');
try { if (typeof stashed !== 'undefined') found.push('let'); } catch (e) {}
`
	// A: arms its tricks in its first run (data.arm) and reports what it
	// finds in its second. The _.pick is hoisted to $yq000.
	a := def("a", `{"type": "object", "properties": {"arm": {"type": "boolean"}}}`,
		fmt.Sprintf(`{"type": "call_url", "url": "/transparent", "responseParser": %s}`, mustJSON(
			`const picked = _.pick(data, ['arm']);
if (data.arm) {`+tricks+` return {armed: true, failed}; }`+reads+` return {found};`)))
	// B: walks another tenant's data every way a hook iterates.
	b := def("b", `{"type": "object", "properties": {"items": {"type": "array"}, "secret": {"type": "string"}}}`,
		fmt.Sprintf(`{"type": "call_url", "url": "/transparent", "responseParser": %s}`, mustJSON(
			`const out = [];
for (const x of data.items) out.push(x);
const m = new Map(data.items.map((x, i) => [i, x])), s = new Set(data.items);
function* g() { yield* data.items; }
return {loop: out, spread: [...data.items], map: [...m.values()], set: [...s], gen: [...g()], chars: [...data.secret].join(''),
  match: [...data.secret.matchAll(/\d+/g)].map(x => x[0]), exec: /\|(\w+)-HIV/.exec(data.secret)[1], args: (function () { return [...arguments]; })(...data.items), lodash: _.map(data.items, _.identity)};`)))
	set, reg := load(t, "["+a+","+b+"]", &Options{MaxIdleRuntimes: 1, HookTimeout: time.Minute})

	tenant := func(id string) toolkit.CallOption { return toolkit.WithValue(ValueTenantID, id) }
	const secret = "alice|4111-1111-1111-1111|diagnosis-HIV"
	bArgs := `{"items": ["` + secret + `", "bob"], "secret": "` + secret + `"}`
	items := `["` + secret + `","bob"]`
	bWant := `{"loop":` + items + `,"spread":` + items + `,"map":` + items + `,"set":` + items + `,"gen":` + items + `,"chars":"` + secret +
		`","match":["4111","1111","1111","1111"],"exec":"diagnosis","args":` + items + `,"lodash":` + items + `}`

	// B in a runtime A never ran in.
	checkResult(t, call(reg, "b", bArgs, tenant("t-2")), false, bWant)
	armed := call(reg, "a", `{"arm": true}`, tenant("t-1"))
	checkResult(t, armed, false, `{"armed":true,"failed":[]}`)
	checkResult(t, call(reg, "b", bArgs, tenant("t-2")), false, bWant)
	later := call(reg, "a", `{"arm": false}`, tenant("t-1"))
	checkResult(t, later, false, `{"found":[]}`)
	if strings.Contains(later.Text, "alice") {
		t.Errorf("A read B's data: %s", later.Text)
	}
	if n := set.eng.made.Load(); n != 1 {
		t.Errorf("%d runtimes made, want 1: the runs did not share a runtime", n)
	}
}

// TestHardening26_03_SymbolRegistry: Symbol.for keeps a registry per run;
// what one run registers is gone for the next, and within a run
// Symbol.for and Symbol.keyFor agree.
func TestHardening26_03_SymbolRegistry(t *testing.T) {
	e := newSet(nil).eng
	rt := e.acquire(context.Background(), nil, nil)
	got, err := runHook(t, e, rt, `for (let i = 0; i < 10000; i++) Symbol.for('k' + i);
return [Symbol.for('a') === Symbol.for('a'), Symbol.keyFor(Symbol.for('a')), Symbol.keyFor(Symbol('a')) === undefined, Symbol.for('a') !== Symbol('a')]`, `{}`)
	if err != nil || got != `[true,"a",true,true]` {
		t.Errorf("Symbol.for in a run: %s %v", got, err)
	}
	if n := rt.lim.Symbols(); n != 10001 {
		t.Errorf("%d symbols registered in the run, want 10001", n)
	}
	e.release(rt)
	if rt.lim.Symbols() != 0 {
		t.Errorf("%d symbols kept for the next run", rt.lim.Symbols())
	}
}

// pooledProbe is the hook FuzzHardening26_03_PooledRuns runs before and
// after the fuzzed one: what it returns depends on every built-in a hook
// commonly goes through, and on the data.
const pooledProbe = `
const items = data.items, out = {};
out.loop = []; for (const x of items) out.loop.push(x);
out.spread = [...items]; out.keys = [...items.keys()]; out.entries = [...items.entries()];
out.map = [...new Map(items.map((x, i) => [x, i]))]; out.set = [...new Set(items)];
out.gen = [...(function* () { yield* items; })()]; out.chars = [...items.join('|')];
out.match = [...items.join(' ').matchAll(/\w+/g)].map(m => m[0]); out.split = items.join(',').split(',');
out.json = JSON.parse(JSON.stringify({items})); out.sorted = [...items].sort(); out.flat = [items, [items]].flat(2);
out.lodash = [_.map(items, _.toUpper), _.groupBy(items, 'length'), _.sortBy(items), _.get({a: {b: items}}, 'a.b[0]'), _(items).map(x => x + '!').take(2).value(), _.cloneDeep({items})];
out.str = ['x'.padStart(3, items[0]), items[0].replace(/a/g, '$&$&'), String(items), Object.keys(items[0]), items[0].normalize('NFKC')];
out.proto = [typeof Object.getPrototypeOf([][Symbol.iterator]()).next, Object.getOwnPropertyNames(globalThis).length, typeof Symbol.keyFor(Symbol.for('p'))];
let n = 0; const walk = [globalThis], seen = new Set();
while (walk.length) { const o = walk.pop(); if (o === null || (typeof o !== 'object' && typeof o !== 'function') || seen.has(o)) continue; seen.add(o); if (!Object.isFrozen(o)) n++;
  walk.push(Object.getPrototypeOf(o)); for (const k of Reflect.ownKeys(o)) { const d = Object.getOwnPropertyDescriptor(o, k); if ('value' in d) walk.push(d.value); else walk.push(d.get, d.set); } }
out.open = n; out.reached = seen.size;
return out;
`

// FuzzHardening26_03_PooledRuns runs a fuzzed hook between two runs of a
// probe hook in the same pooled runtime: whatever the fuzzed hook does
// (it may fail, throw or time out), the probe's second run sees what its
// first saw.
func FuzzHardening26_03_PooledRuns(f *testing.F) {
	for _, seed := range []string{
		`const P = Object.getPrototypeOf([][Symbol.iterator]()); const n = P.next; P.next = function () { const r = n.call(this); r.value = 'x'; return r; }`,
		`Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()))[Symbol.iterator] = function () { return [][Symbol.iterator](); }`,
		`Object.getPrototypeOf(function* () {}).prototype.next = () => ({done: true})`,
		`Object.getPrototypeOf(new Map().entries()).next = () => ({done: true})`,
		`Object.getPrototypeOf('a'.matchAll(/a/g)).next = () => ({done: true})`,
		`(function () { return arguments; })()[Symbol.iterator].call = null`,
		`Object.getPrototypeOf(async function () {}).then = 1`,
		`(0, eval)('var items = 1; let x = 2')`,
		`Array.prototype.sort = function () { return this; }`,
		`for (let i = 0; i < 1e5; i++) Symbol.for('s' + i)`,
		`Promise.resolve().then(() => { Object.prototype.x = 1 }); for (;;) {}`,
		`eval('$yq000').x = 1; return _.pick(data, ['a'])`,
		`Function('return this')().items = 1`,
		`_.templateSettings.interpolate = /x/g`,
		`data.items.push('z'); data.items.length = 0; return data`,
		`throw new Error('x')`,
		`for (;;) {}`,
	} {
		f.Add(seed)
	}
	const data = `{"items": ["alpha", "beta", "gamma", "ﬁ"]}`
	f.Fuzz(func(t *testing.T, body string) {
		fuzzed, err := compileHook("fuzz", FieldResponseParser, body)
		if err != nil {
			return
		}
		e := newSet(&Options{HookTimeout: 50 * time.Millisecond, MaxIdleRuntimes: 1}).eng
		probe := mustCompileTB(t, pooledProbe)
		slow := newSet(&Options{HookTimeout: time.Minute}).eng // the probe's: a hang guard, not a limit
		rt := e.acquire(context.Background(), nil, nil)
		defer e.release(rt)
		want, err := runCompiled(t, slow, rt, probe, data)
		if err != nil {
			t.Fatalf("the probe failed in a fresh runtime: %v", err)
		}
		runCompiled(t, e, rt, fuzzed, data) // its outcome is its own
		got, err := runCompiled(t, slow, rt, probe, data)
		if err != nil {
			t.Fatalf("after %q the probe failed: %v", body, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("after %q the probe sees another world (-before +after):\n%s", body, diff)
		}
	})
}

func mustCompileTB(t testing.TB, body string) *hook {
	t.Helper()
	h, err := compileHook("probe", FieldResponseParser, body)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestHardening26Review_ResultInterrupted: a hook whose result's toJSON
// (or getter) runs past the hook timeout, or whose promise job does, ends
// with the timeout error, and the pooled runtime it ran in serves the next
// definition as a fresh one would: no halt left over from the run.
func TestHardening26Review_ResultInterrupted(t *testing.T) {
	for _, bomb := range []string{
		`return {toJSON() { for (;;) {} }}`,
		`return {a: {get b() { for (;;) {} }}}`,
		`return {toJSON() { Promise.resolve().then(() => { for (;;) {} }); return 1; }}`,
		`return {toJSON() { const f = () => f(); return f(); }}`,
	} {
		t.Run(bomb, func(t *testing.T) {
			a := def("a", "", fmt.Sprintf(`{"type": "call_url", "url": "/transparent", "responseParser": %s}`, mustJSON(bomb)))
			b := def("b", "", fmt.Sprintf(`{"type": "call_url", "url": "/transparent", "responseParser": %s}`,
				mustJSON(`return [/a+/.test('aa'), 'b,a'.split(',').sort().join(), 'x'.replace(/x/g, 'y')]`)))
			set, reg := load(t, "["+a+","+b+"]", &Options{MaxIdleRuntimes: 1, HookTimeout: 200 * time.Millisecond})
			res := call(reg, "a", `{}`)
			if !res.IsError || !(strings.Contains(res.Text, "did not finish within") || strings.Contains(res.Text, "call-stack limit")) {
				t.Errorf("a: %q, want the hook's timeout or stack error", res.Text)
			}
			for i := 0; i < 2; i++ {
				checkResult(t, call(reg, "b", `{}`), false, `[true,"a,b","y"]`)
			}
			if n := set.eng.made.Load(); n != 1 {
				t.Errorf("%d runtimes made, want 1: the runs did not share a runtime", n)
			}
		})
	}
}
