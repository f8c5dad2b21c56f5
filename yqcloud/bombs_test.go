package yqcloud

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dop251/goja"
)

// peakHeap returns how far the heap's objects (live, or dead and not yet
// swept) grew over what they were before f, sampled every millisecond.
func peakHeap(f func()) uint64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	runtime.GC()
	base := read()
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			if v := read(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	f()
	close(stop)
	<-sampled
	if p := peak.Load(); p > base {
		return p - base
	}
	return 0
}

// TestHardening26_08_HookBombs: what made gigabytes, or ran for seconds,
// in one instruction is refused with an error that says why, and the run
// heap stays within a bound. The typed arrays, ArrayBuffer, DataView
// and BigInt are not in the hook realm; eval and the Function
// constructors refuse BigInt literals and huge sources; normalize, flat,
// flatMap and JSON.parse check what they would make first; join and
// toLocaleString count what they visit in nested arrays and how deep they
// go (on the old code String(x) of an array nested 10^6 deep ended the
// process with a Go stack overflow; the test nests 10^5, a hundred times
// the limit, which costs a tenth, and of an array of itself twice, 40
// deep, ran a minute past a 5 s limit).
func TestHardening26_08_HookBombs(t *testing.T) {
	slow := &Options{HookTimeout: time.Minute} // sizes stop these, not time
	const maxHeap = 512 << 20
	tests := []struct{ name, body, want string }{
		{"Float64Array", "return new Float64Array(2 ** 27).fill(1.5).length", "Float64Array is not defined"},
		{"Uint8Array.from", "return Uint8Array.from({length: 2 ** 30}).length", "Uint8Array is not defined"},
		{"typed array through a prototype", "return Object.getPrototypeOf(Int8Array)", "Int8Array is not defined"},
		{"ArrayBuffer", "return new ArrayBuffer(2 ** 30).byteLength", "TypeError: ArrayBuffer is not available in hooks"},
		{"DataView", "return new DataView(null)", "DataView is not defined"},
		{"BigInt", "return String(BigInt(2) ** BigInt(100000000)).length", "BigInt is not defined"},
		{"eval of a BigInt", "return String(eval('2n ** 100000000n')).length", "SyntaxError: eval: BigInt is not available in hooks"},
		{"Function of a BigInt", "return Function('return String(2n ** 100000000n)')().length", "SyntaxError: Function: BigInt is not available in hooks"},
		{"new Function of a BigInt", "return new Function('a', 'return a ** 100000000n')(2)", "SyntaxError: Function: BigInt is not available in hooks"},
		{"a function's constructor", "return (() => 1).constructor('return 1n << 1000000000n')()", "SyntaxError: Function: BigInt is not available in hooks"},
		{"GeneratorFunction", "return Object.getPrototypeOf(function* () {}).constructor('yield 2n ** 100000000n')().next()", "SyntaxError: GeneratorFunction: BigInt is not available in hooks"},
		{"AsyncFunction", "return Object.getPrototypeOf(async function () {}).constructor('return 2n ** 100000000n')()", "SyntaxError: AsyncFunction: BigInt is not available in hooks"},
		{"a lodash template", "return _.template('<%= String(2n ** 100000000n).length %>')()", "SyntaxError: Function: BigInt is not available in hooks"},
		{"eval of a huge source", "return eval('[' + '0,'.repeat(2 ** 20) + ']').length", "eval: a source of 2097154 bytes is over the 1 MiB limit for hooks"},
		{"Function of a huge source", "return Function('return [' + '0,'.repeat(2 ** 20) + ']')().length", "RangeError: Function: a source of 2097189 bytes is over the 1 MiB limit for hooks"},
		{"JSON.parse of many objects", "return JSON.parse('[' + '{},'.repeat(2 ** 19) + '{}]').length", "JSON.parse: 524290 objects and arrays are over the limit of 524288 for hooks"},
		{"JSON.parse of many values", "return JSON.parse('[' + '0,'.repeat(2 ** 22) + '0]').length", "JSON.parse: an array of 4194306 elements is over the limit of 4194304 for hooks"},
		{"normalize", "return '\\uFDFA'.repeat(2 ** 20).normalize('NFKC').length", "String.prototype.normalize: a string of 18874368 characters is over the 16 MiB limit for hooks"},
		{"flat of a shared tree", "let x = []; for (let i = 0; i < 40; i++) x = [x, x]; return x.flat(Infinity).length", "Array.prototype.flat: flattening visits over 4194304 elements, the limit for hooks"},
		{"flat of a cycle", "const a = [1]; a.push(a); return a.flat(Infinity).length", "Array.prototype.flat: arrays nested over 1000 deep are over the limit for hooks"},
		{"flat of a deep nest", "let x = [1]; for (let i = 0; i < 5000; i++) x = [x]; return x.flat(Infinity).length", "Array.prototype.flat: arrays nested over 1000 deep are over the limit for hooks"},
		{"flat of wide arrays", "const a = new Array(2 ** 12).fill(0); return new Array(2 ** 12).fill(a).flat().length", "Array.prototype.flat: flattening visits over 4194304 elements, the limit for hooks"},
		{"String of a deep nest", "let x = []; for (let i = 0; i < 1e5; i++) x = [x]; return String(x).length", "Array.prototype.join: arrays nested over 1000 deep are over the limit for hooks"},
		{"join of a shared tree", "let x = []; for (let i = 0; i < 40; i++) x = [x, x]; return x.join().length", "Array.prototype.join: joining visits over 4194304 elements, the limit for hooks"},
		{"toLocaleString of a deep nest", "let x = []; for (let i = 0; i < 1e5; i++) x = [x]; return x.toLocaleString().length", "Array.prototype.toLocaleString: arrays nested over 1000 deep are over the limit for hooks"},
		{"toLocaleString of a shared tree", "let x = []; for (let i = 0; i < 40; i++) x = [x, x]; return x.toLocaleString().length", "Array.prototype.toLocaleString: it visits over 4194304 elements, the limit for hooks"},
		{"Object.entries", "return Object.entries(Object.keys('x'.repeat(2 ** 20 + 1))).length", "Object.entries: 1048577 properties or entries are over the limit of 1048576 for hooks"},
		{"Object.assign", "return Object.keys(Object.assign({}, 'x'.repeat(2 ** 20 + 1))).length", "Object.assign: 1048577 properties or entries are over the limit of 1048576 for hooks"},
		{"Object.fromEntries", "return Object.keys(Object.fromEntries(new Array(2 ** 20 + 1).fill(['a', 1]))).length", "Object.fromEntries: 1048577 properties or entries are over the limit of 1048576 for hooks"},
		{"encodeURIComponent", "return encodeURIComponent('\u4e2d'.repeat(2 ** 21)).length", "encodeURIComponent: a string of 18874368 characters is over the 16 MiB limit for hooks"},
		{"escape", "return escape('\u4e2d'.repeat(2 ** 22)).length", "escape: a string of 25165824 characters is over the 16 MiB limit for hooks"},
		{"flatMap", "const a = new Array(2 ** 12).fill(0); return a.flatMap(() => a).length", "Array.prototype.flatMap: an array of 4198400 elements is over the limit of 4194304 for hooks"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var text string
			var isErr bool
			n := peakHeap(func() { text, isErr = runGuarded(t, tt.body, slow, 0) })
			if !isErr || !strings.Contains(text, tt.want) {
				t.Errorf("result %.300q, want an error holding %q", text, tt.want)
			}
			t.Logf("the heap grew by %d MiB", n>>20)
			limit := uint64(maxHeap)
			if n > limit {
				t.Errorf("the heap grew by %d MiB in the run, want at most %d MiB", n>>20, limit>>20)
			}
		})
	}
}

// TestHardening26_08_BigIntAtLoad: a hook with a BigInt literal does not
// load; the diagnostic names the script position.
func TestHardening26_08_BigIntAtLoad(t *testing.T) {
	src := def("f", "", fmt.Sprintf(`{"type": "call_url", "url": "/transparent", "responseParser": %s}`, mustJSON("const n = 2;\nreturn String(2n ** 100000000n)")))
	_, diags := Parse("test.json", []byte(src), nil)
	if want := `script line 2:15: SyntaxError: BigInt is not available in hooks`; !diags.HasErrors() || !strings.Contains(diags.Error(), want) {
		t.Errorf("diagnostics %q, want an error holding %q", diags, want)
	}
}

// TestHardening26_08_SortStops: sort without a comparator, which goja runs
// in one Go call, stops when the caller's context ends: the array is left
// part sorted (all of it sorted means the sort ran to its end).
func TestHardening26_08_SortStops(t *testing.T) {
	e := newSet(&Options{HookTimeout: time.Hour}).eng
	rt := e.acquire(context.Background(), nil, nil)
	defer e.release(rt)
	const n = 1 << 21
	elems := make([]any, n)
	for i := range elems {
		elems[i] = fmt.Sprintf("%08d", n-i) // descending
	}
	arr := rt.vm.NewArray(elems...)
	h := mustCompile(t, "data.sort(); return 1")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	done := make(chan error, 1)
	go func() { done <- e.run(ctx, rt, h, arr, nil) }()
	var err error
	select {
	case err = <-done:
	case <-time.After(3 * time.Minute):
		t.Fatal("the sort still runs after 3 minutes")
	}
	if err == nil || !strings.Contains(err.Error(), "stopped: the call was canceled") {
		t.Errorf("error %v, want the call canceled", err)
	}
	sorted := true
	for i := 1; i < n && sorted; i++ {
		sorted = arr.Get(fmt.Sprint(i-1)).String() <= arr.Get(fmt.Sprint(i)).String()
	}
	if sorted {
		t.Error("the array is sorted: the sort ran to its end after the call was canceled")
	}
}

// TestHardening26_08_RealmKeeps: what hooks use still works without the
// removed built-ins, and the bounded ones keep their results.
func TestHardening26_08_RealmKeeps(t *testing.T) {
	body := `return [_.isTypedArray([]), _.isEmpty([]), _.isEmpty({a: 1}), _.cloneDeep({a: [1, {b: 2}]}), _.template('<%= a %>!')({a: 'x'}),
  typeof ArrayBuffer.isView, ArrayBuffer.isView([]), typeof BigInt, typeof Uint8Array, eval('1 + 1'), Function('a', 'b', 'return a + b')(1, 2), new Function('return 3')(),
  (function () {}) instanceof Function, Function.prototype.constructor === Function, Function.name, Object.getPrototypeOf(function* () {}).constructor('yield 4')().next().value,
  [3, 1, 10, 2, undefined, 'b', 'a'].sort(), [1, [2, [3, [4]]]].flat(), [1, [2, [3, [4]]]].flat(Infinity), [1, 2].flatMap(x => [x, [x * 10]]), [[1], 2].flat(0),
  JSON.parse('{"a": [1, "x,{"], "b": {}}'), JSON.parse('[1, 2]', (k, v) => typeof v === 'number' ? v * 2 : v), 'Å'.normalize('NFD').length, '\uFB01'.normalize('NFKC'), 'x'.normalize(),
  [2, 1].toSorted ? [2, 1].toSorted() : [1, 2], encodeURIComponent('a b\u4e2d'), encodeURI('/a b?'), escape('a b\u4e2d@'),
  Object.entries([1]), Object.fromEntries([['a', 1]]), Object.assign({}, [1], 'x', {y: 1})]`
	text, isErr := runGuarded(t, body, nil, 0)
	want := `[false,true,false,{"a":[1,{"b":2}]},"x!","function",false,"undefined","undefined",2,3,3,true,true,"Function",4,` +
		`[1,10,2,3,"a","b",null],[1,2,[3,[4]]],[1,2,3,4],[1,[10],2,[20]],[[1],2],{"a":[1,"x,{"],"b":{}},[2,4],2,"fi","x",[1,2],"a%20b%E4%B8%AD","/a%20b?","a%20b%u4E2D@",[["0",1]],{"a":1},{"0":"x","y":1}]`
	if isErr || text != want {
		t.Errorf("got  %s\nwant %s", text, want)
	}
}

// TestHardening26_08_RawAndIndent: String.raw, which goes over
// raw.length segments in one Go call, and JSON.stringify with an indent,
// which indents every value as deep as it is nested, check what they
// make (on the old code String.raw({raw: {length: 2 ** 30}}) took
// gigabytes, and an array of 2^16 zeros 990 deep with an indent of 10
// made 650 Mi characters); what they make within the limits is as before.
func TestHardening26_08_RawAndIndent(t *testing.T) {
	tests := []struct{ name, body, want string }{
		{"String.raw of a long raw", "return String.raw({raw: {length: 2 ** 23}}).length", "String.raw: an array of 8388608 elements is over the limit of 4194304 for hooks"},
		{"String.raw of long segments", "return String.raw({raw: new Array(2 ** 12 + 1).fill('x'.repeat(2 ** 12))}).length", "String.raw: a string of 16781312 characters is over the 16 MiB limit for hooks"},
		{"String.raw of long substitutions", "const s = 'x'.repeat(2 ** 23); return String.raw({raw: ['', '', '', '']}, s, s, s).length", "String.raw: a string of 25165824 characters is over the 16 MiB limit for hooks"},
		{"an indent deep down", "let x = new Array(2 ** 16).fill(0); for (let i = 0; i < 990; i++) x = [x]; return JSON.stringify(x, null, 10).length", "JSON.stringify: a string of 659473230 characters is over the 16 MiB limit for hooks"},
		{"an indent after empty arrays, with a replacer", "return JSON.stringify([...new Array(2 ** 12).fill([]), new Array(2 ** 12).fill(0)], (k, v) => v, 10).length", "JSON.stringify: a string of 167964698 characters is over the 16 MiB limit for hooks"},
		{"a string indent", "let x = new Array(2 ** 16).fill({a: 'b'}); for (let i = 0; i < 300; i++) x = {x}; return JSON.stringify(x, null, new String('\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t\\t')).length", "JSON.stringify: a string of"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, isErr := runGuarded(t, tt.body, &Options{HookTimeout: time.Minute}, 0)
			if !isErr || !strings.Contains(text, tt.want) {
				t.Errorf("result %.300q, want an error holding %q", text, tt.want)
			}
		})
	}
	body := "const o = {a: [1, {}, [], {b: 'x,[{:'}], c: {d: null}, e: ''};\n" +
		"return [String.raw`a\\n${1}b${2}`, String.raw({raw: 'abc'}, 1, 2, 3), String.raw({raw: ['x']}), String.raw({raw: {length: 0}}), String.raw({raw: {length: 2, 1: 'z'}}, 'y'),\n" +
		"  JSON.stringify(o, null, 2), JSON.stringify(o, null, '\\t'), JSON.stringify([[[1]]], null, new Number(3)), JSON.stringify(o, null, 0), JSON.stringify(o, null, 'x'.repeat(20)) === JSON.stringify(o, null, 'x'.repeat(10)), JSON.stringify([], null, 4)]"
	text, isErr := runGuarded(t, body, nil, 0)
	want, _ := json.Marshal([]any{`a\n1b2`, "a1b2c", "x", "", "undefinedyz",
		"{\n  \"a\": [\n    1,\n    {},\n    [],\n    {\n      \"b\": \"x,[{:\"\n    }\n  ],\n  \"c\": {\n    \"d\": null\n  },\n  \"e\": \"\"\n}",
		"{\n\t\"a\": [\n\t\t1,\n\t\t{},\n\t\t[],\n\t\t{\n\t\t\t\"b\": \"x,[{:\"\n\t\t}\n\t],\n\t\"c\": {\n\t\t\"d\": null\n\t},\n\t\"e\": \"\"\n}",
		"[\n   [\n      [\n         1\n      ]\n   ]\n]", `{"a":[1,{},[],{"b":"x,[{:"}],"c":{"d":null},"e":""}`, true, "[]"})
	if isErr || text != string(want) {
		t.Errorf("got  %s\nwant %s", text, want)
	}
	// What the count with a replacer goes by: goja's own writer.
	vm := goja.New()
	for _, src := range []string{`[...new Array(2 ** 10).fill([]), new Array(2 ** 10).fill(0)]`, `[[], [[], [1, []], {}, [2]], [3]]`,
		`[[], {}, [1, [], {a: {}}, [[]]], {b: [[], 2]}, 3]`, `{a: [], b: {c: {}, d: [1]}, e: 1}`, `[1, {}]`, `{"a:[": "]}", b: ["\\\\\"", {}]}`} {
		v, err := vm.RunString(`var x = ` + src + `; [JSON.stringify(x), JSON.stringify(x, (k, v) => v, 10).length]`)
		if err != nil {
			t.Fatal(err)
		}
		o := v.ToObject(vm)
		js := o.Get("0").String()
		if got, want := float64(len(js))+indentExtra([]byte(js), 10, true), o.Get("1").ToFloat(); got != want {
			t.Errorf("%s: counted %v characters, goja writes %v", src, got, want)
		}
	}
}

// TestHardening26_08_OwnKeys: what lists or copies every own property in
// one Go call (a String object's are its indexes) checks how many first,
// whatever spells the object: a String object, a proxy of a string or of
// an array whose get trap lies about its length. On the old code
// Object.getOwnPropertyDescriptors of a string of 8 Mi characters took
// 4 GiB and 40 s past a 3 s limit, and of an array of 4 Mi elements
// 3.4 GiB and 27 s.
func TestHardening26_08_OwnKeys(t *testing.T) {
	const big, bigger = "'x'.repeat(2 ** 20 + 1)", "'x'.repeat(2 ** 22 + 1)"
	tests := []struct{ name, body, want string }{
		{"Object.entries of a String", "return Object.entries(new String(" + big + ")).length", "Object.entries: 1048577 properties or entries are over the limit of 1048576 for hooks"},
		{"Object.assign of a proxy of a String", "return Object.keys(Object.assign({}, new Proxy(new String(" + big + "), {}))).length", "Object.assign: 1048577 properties or entries are over the limit"},
		{"Object.getOwnPropertyDescriptors of a string", "return Object.getOwnPropertyDescriptors(" + big + ").length", "Object.getOwnPropertyDescriptors: 1048577 properties or entries are over the limit"},
		{"Object.getOwnPropertyDescriptors of a lying proxy", "return Object.getOwnPropertyDescriptors(new Proxy(new Array(2 ** 20 + 1).fill(0), {get: () => 0})).length", "Object.getOwnPropertyDescriptors: 1048577 properties or entries are over the limit"},
		{"Reflect.ownKeys of a String", "return Reflect.ownKeys(new String(" + bigger + ")).length", "Reflect.ownKeys: an array of 4194305 elements is over the limit of 4194304 for hooks"},
		{"Object.keys of a proxy of a String", "return Object.keys(new Proxy(new String(" + bigger + "), {})).length", "Object.keys: an array of 4194305 elements is over the limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, isErr := runGuarded(t, tt.body, &Options{HookTimeout: time.Minute}, 0)
			if !isErr || !strings.Contains(text, tt.want) {
				t.Errorf("result %.300q, want an error holding %q", text, tt.want)
			}
		})
	}
	text, isErr := runGuarded(t, `return [Object.keys(Object.getOwnPropertyDescriptors('ab')), Object.entries(new String('ab')), Reflect.ownKeys(new String('ab')),
  Object.keys(new Proxy(new String('ab'), {})), Object.getOwnPropertyDescriptors([1]), Object.entries(new Proxy([5], {})), Reflect.ownKeys({a: 1, [Symbol.iterator]: 2}).length]`, nil, 0)
	const want = `[["0","1","length"],[["0","a"],["1","b"]],["0","1","length"],["0","1"],{"0":{"value":1,"writable":true,"enumerable":true,"configurable":true},"length":{"value":1,"writable":true,"enumerable":false,"configurable":false}},[["0",5]],2]`
	if isErr || text != want {
		t.Errorf("got  %s\nwant %s", text, want)
	}
}

// TestHardening26_08_DeepSource: a source that nests deeper than goja's
// parser and compiler can recurse in Go (on the old code 300 000
// parentheses, or 1+1+...+1 of half a million terms, ended the process
// with a Go stack overflow, at load or in eval) is refused, at load with
// a diagnostic and at run time with a RangeError; blanks do not count.
func TestHardening26_08_DeepSource(t *testing.T) {
	for _, body := range []string{
		"return " + strings.Repeat("(", 300000) + "1" + strings.Repeat(")", 300000),
		"return " + strings.Repeat("1+", 500000) + "1",
		"return data" + strings.Repeat(".a", 500000),
	} {
		src := def("f", "", fmt.Sprintf(`{"type": "call_url", "url": "/transparent", "responseParser": %s}`, mustJSON(body)))
		_, diags := Parse("test.json", []byte(src), nil)
		if want := "characters (not counting blanks), the limit for hooks"; !diags.HasErrors() || !strings.Contains(diags.Error(), want) {
			t.Errorf("%.20s...: diagnostics %.300q, want an error holding %q", body, diags, want)
		}
	}
	tests := []struct{ name, body, want string }{
		{"eval", "return eval('('.repeat(4e5) + '1' + ')'.repeat(4e5))", "RangeError: eval: a source of over 32768 characters (not counting blanks)"},
		{"Function", "return Function('return ' + '1+'.repeat(5e5) + '1')()", "RangeError: Function: a source of over 32768 characters"},
		{"Function parameters", "return Function('a,'.repeat(2e4) + 'b', 'return b')()", "RangeError: Function: a source of over 32768 characters"},
		{"GeneratorFunction", "return Object.getPrototypeOf(function* () {}).constructor('yield ' + '!'.repeat(5e5) + '1')().next()", "RangeError: GeneratorFunction: a source of over 32768 characters"},
		{"a lodash template", "return _.template('<%= a %>'.repeat(9000))({a: 1})", "RangeError: Function: a source of over 32768 characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, isErr := runGuarded(t, tt.body, &Options{HookTimeout: time.Minute}, 0)
			if !isErr || !strings.Contains(text, tt.want) {
				t.Errorf("result %.300q, want an error holding %q", text, tt.want)
			}
		})
	}
	// Within the limit, and blanks, which do not count.
	body := "const n = " + strings.Repeat("1 +\n ", 8000) + "1;\nreturn [n, eval('" + strings.Repeat("1 + ", 8000) + "1'), Function('x', '" + strings.Repeat(" ", 1<<16) + "return x')(2)]"
	if text, isErr := runGuarded(t, body, &Options{HookTimeout: time.Minute}, 0); isErr || text != "[8001,8001,2]" {
		t.Errorf("got %.300s, want [8001,8001,2]", text)
	}
}

// TestHardening26_08_BindChain: a chain of binds, whose names grow by
// "bound " a link (on the old code 10^6 links took 1.3 GiB within the
// default 1 s timeout, 10^5 took 10 GiB in 20 s), stops at a bound name
// length; short chains bind as before.
func TestHardening26_08_BindChain(t *testing.T) {
	text, isErr := runGuarded(t, "let f = function g() { return 1; }; for (let i = 0; i < 1e5; i++) f = f.bind(null); return f()", &Options{HookTimeout: time.Minute}, 0)
	if want := "RangeError: Function.prototype.bind: a function named with 1027 characters is over the limit of 1024 for hooks"; !isErr || !strings.Contains(text, want) {
		t.Errorf("result %.300q, want an error holding %q", text, want)
	}
	text, isErr = runGuarded(t, "function g(a, b) { return [this.x, a, b]; } function C() {} const f = g.bind({x: 1}, 2).bind(null, 3); return [f.name, f.length, f(), new (C.bind(null, 1))() instanceof C]", nil, 0)
	if want := `["bound bound g",0,[1,2,3],true]`; isErr || text != want {
		t.Errorf("got %s, want %s", text, want)
	}
}

// TestHardening26_08_ThrownObject: what a hook throws is read for its
// error while the run's limits hold: an object whose toString loops ran,
// after the run, with no limit at all (the call never returned), and a
// thrown string of megabytes was the model's error text. The error quotes
// at most a KiB, and a run that ends so leaves the next run unharmed.
func TestHardening26_08_ThrownObject(t *testing.T) {
	// Only the loop waits for the limit; the others get a long one, a
	// hang guard on a slow machine, not a bound they are held to.
	short, long := &Options{HookTimeout: 300 * time.Millisecond}, &Options{HookTimeout: time.Minute}
	for _, tt := range []struct{ name, body, want string }{
		{"a huge string", "throw 'x'.repeat(2 ** 22)", "threw " + strings.Repeat("x", 1024) + "… (4,194,304 bytes)"},
		{"a toString that loops", "throw {toString() { for (;;) {} }}", "did not finish within 300ms"},
		{"a toString that throws", "throw {toString() { throw 1 }}", "threw an error whose text could not be read"},
		{"a toString of megabytes", "throw {toString() { return 'y'.repeat(2 ** 22) }}", "threw " + strings.Repeat("y", 1024) + "… (4,194,304 bytes)"},
		{"an Error of megabytes", "throw new Error('z'.repeat(2 ** 22))", "threw Error: " + strings.Repeat("z", 1017) + "… (4,194,311 bytes)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			opts := long
			if strings.Contains(tt.want, "did not finish") {
				opts = short
			}
			text, isErr := runGuarded(t, tt.body, opts, 0)
			if !isErr || !strings.Contains(text, tt.want) || len(text) > 1200 {
				t.Errorf("%v, %d bytes: %.200q…\nwant an error holding %.80q…", isErr, len(text), text, tt.want)
			}
		})
	}
	// One runtime, pooled: the run after a looping toString is a clean one.
	_, reg := load(t, def("f", `{"type": "object", "properties": {"bad": {"type": "boolean"}}}`,
		`{"type": "call_url", "url": "/transparent", "responseParser": "if (data.bad) throw {toString() { for (;;) {} }}; return 'ok'"}`),
		&Options{HookTimeout: time.Second, MaxIdleRuntimes: 1})
	for i, args := range []string{`{"bad": true}`, `{}`, `{"bad": true}`, `{}`} {
		res := call(reg, "f", args)
		if want := i%2 == 0; res.IsError != want || !want && res.Text != "ok" {
			t.Errorf("run %d (%s): %v %s", i, args, res.IsError, res.Text)
		}
	}
}

// TestHardening26Review_StringifyWrappers: JSON.stringify writes a Boolean
// object by the value it wraps, as Node does (the writer of our own took
// its truthiness: new Boolean(false) was written true).
func TestHardening26Review_StringifyWrappers(t *testing.T) {
	body := "return [JSON.stringify(new Boolean(false)), JSON.stringify([new Boolean(false), new Boolean(true)], null, 1), JSON.stringify({a: new Boolean(false)}, (k, v) => v), JSON.stringify([new Number(-0), new String('s')])]"
	text, isErr := runGuarded(t, body, nil, 0)
	want, _ := json.Marshal([]string{"false", "[\n false,\n true\n]", `{"a":false}`, `[0,"s"]`})
	if isErr || text != string(want) {
		t.Errorf("got  %s\nwant %s", text, want)
	}
}
