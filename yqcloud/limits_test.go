package yqcloud

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"
	"github.com/google/go-cmp/cmp"
)

// runGuarded runs the hook body as a responseParser and returns the
// result; a call still running after 3 minutes fails the test (a hang
// guard, not a time limit: the calls here end in well under a second).
func runGuarded(t *testing.T, body string, opts *Options, ctxTimeout time.Duration) (string, bool) {
	t.Helper()
	_, reg := load(t, def("f", "", `{"type": "call_url", "url": "/transparent", "responseParser": `+string(mustJSON(body))+`}`), opts)
	ctx := context.Background()
	if ctxTimeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, ctxTimeout)
		defer cancel()
	}
	type result struct {
		text  string
		isErr bool
	}
	done := make(chan result, 1)
	go func() {
		res, _ := reg.Call(ctx, "f", json.RawMessage(`{}`))
		done <- result{res.Text, res.IsError}
	}()
	select {
	case r := <-done:
		return r.text, r.isErr
	case <-time.After(3 * time.Minute):
		t.Fatalf("the hook still runs after 3 minutes: %s", body)
		return "", false
	}
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// TestHookResourceBombs: built-ins that would make a string or an array
// past the limits in one Go call throw a RangeError that says which and
// how big, instead of taking gigabytes; a regular expression that
// backtracks without end stops at the hook timeout or the caller's
// context. The sizes are just over the limits.
//
// A match that backtracks gives up after regexMatchTimeout, as long as a
// hook timeout or a caller's deadline of that length: the hooks that are
// to stop at one of those catch the RangeError and match again, so the
// run ends only when it is halted, however late the halt comes.
func TestHookResourceBombs(t *testing.T) {
	const backtrackForever = "for (;;) try { /^(a+)+(?=b)/.test('a'.repeat(40)) } catch (e) { if (!(e instanceof RangeError)) throw e }"
	// Size checks, not time, stop these: a minute is room for -race on a
	// busy machine.
	slow := &Options{HookTimeout: time.Minute}
	overString := fmt.Sprintf("a string of %d characters is over the 16 MiB limit for hooks", maxStringLen+1)
	tests := []struct {
		name, body, want string
		opts             *Options
		ctx              time.Duration
	}{
		{"repeat", "return 'x'.repeat(2 ** 24 + 1).length", "String.prototype.repeat: " + overString, slow, 0},
		{"padStart", "return 'x'.padStart(2 ** 24 + 1).length", "String.prototype.padStart: " + overString, slow, 0},
		{"padEnd", "return ''.padEnd(2 ** 24 + 1, 'ab').length", "String.prototype.padEnd: " + overString, slow, 0},
		{"concat", "const s = 'x'.repeat(2 ** 23); return s.concat(s, 'y').length", "String.prototype.concat: " + overString, slow, 0},
		{"split", "return 'x'.repeat(2 ** 22 + 1).split('').length", "String.prototype.split: an array of 4194305 elements is over the limit of 4194304 for hooks", slow, 0},
		{"split by a string", "return ','.repeat(2 ** 22 + 1).split(',').length", "String.prototype.split: an array of 4194306 elements is over the limit of 4194304 for hooks", slow, 0},
		{"fill", "return new Array(2 ** 22 + 1).fill(0).length", "Array.prototype.fill: an array of 4194305 elements is over the limit of 4194304 for hooks", slow, 0},
		{"map over a long sparse array", "const a = []; a.length = 2 ** 30; return a.map(x => x).length", "Array.prototype.map: an array of 1073741824 elements is over the limit of 4194304 for hooks", slow, 0},
		{"spread", "const a = []; a.length = 2 ** 22 + 1; return [...a].length", "Array.prototype.values: an array of 4194305 elements is over the limit of 4194304 for hooks", slow, 0},
		{"spread of a string", "return [...'x'.repeat(2 ** 22 + 1)].length", "String.prototype[Symbol.iterator]: an array of 4194305 elements is over the limit of 4194304 for hooks", slow, 0},
		{"apply", "const a = []; a.length = 2 ** 22 + 1; return Math.max.apply(null, a)", "Function.prototype.apply: an array of 4194305 elements is over the limit of 4194304 for hooks", slow, 0},
		{"Reflect.apply", "const a = []; a.length = 2 ** 22 + 1; return Reflect.apply(Math.max, null, a)", "Reflect.apply: an array of 4194305 elements is over the limit of 4194304 for hooks", slow, 0},
		{"Object.keys of a string", "return Object.keys('x'.repeat(2 ** 22 + 1)).length", "Object.keys: an array of 4194305 elements is over the limit of 4194304 for hooks", slow, 0},
		{"replacement pattern", "return 'a'.repeat(2 ** 13).replaceAll('a', '$`').length", "String.prototype.replaceAll: a string of 16782321 characters is over the 16 MiB limit for hooks", slow, 0},
		{"replacement function", "const s = 'x'.repeat(2 ** 22); return 'aaaaa'.replace(/a/g, () => s).length", "String.prototype.replace: a string of 20971520 characters is over the 16 MiB limit for hooks", slow, 0},
		{"Array.from", "return Array.from({length: 2 ** 22 + 1}).length", "Array.from: an array of 4194305 elements is over the limit of 4194304 for hooks", slow, 0},
		{"array concat", "const a = []; a.length = 2 ** 21; return a.concat(a, [1]).length", "Array.prototype.concat: an array of 4194305 elements is over the limit of 4194304 for hooks", slow, 0},
		{"join", "return new Array(2 ** 12 + 1).fill('x'.repeat(2 ** 12)).join('').length", "Array.prototype.join: a string of 16781312 characters is over the 16 MiB limit for hooks", slow, 0},
		{"join of objects", "const o = {toString() { return 'x'.repeat(2 ** 12) }}; return new Array(2 ** 12 + 1).fill(o).join('').length", "Array.prototype.join: a string of 16781312 characters is over the 16 MiB limit for hooks", slow, 0},
		{"join through toString", "return String(new Array(2 ** 12).fill('x'.repeat(2 ** 12))).length", "Array.prototype.join: a string of 16781311 characters is over the 16 MiB limit for hooks", slow, 0},
		{"JSON.stringify", "return JSON.stringify(new Array(2 ** 12).fill('x'.repeat(2 ** 12))).length", "JSON.stringify: JSON of over 16 MiB is over the limit for hooks", slow, 0},
		{"JSON.stringify of a long sparse array", "const a = []; a.length = 2 ** 30; return JSON.stringify(a).length", "JSON.stringify: JSON of over 16 MiB is over the limit for hooks", slow, 0},
		{"JSON.stringify with an indent", "return JSON.stringify(new Array(2 ** 12).fill('x'.repeat(2 ** 12)), null, 2).length", "JSON.stringify: JSON of over 16 MiB is over the limit for hooks", slow, 0},
		{"the result", "const s = 'x'.repeat(2 ** 23); return [s, s, s]", "the result: JSON of over 16 MiB is over the limit for hooks", slow, 0},
		{"regex past the hook timeout", backtrackForever, `responseParser of "f": did not finish within 100ms (an endless loop?)`, &Options{HookTimeout: 100 * time.Millisecond}, 0},
		{"regex past the caller's deadline", backtrackForever, `responseParser of "f": stopped: the call was canceled (context deadline exceeded)`, &Options{HookTimeout: time.Hour}, 100 * time.Millisecond},
		{"regex with time left", "return /^(a+)+(?=b)/.test('a'.repeat(40))", "RegExp.prototype.test: /^(a+)+(?=b)/ did not finish one match within 100ms on a string of 40 characters (it backtracks too much; simplify the pattern or match a shorter string)", slow, 0},
		{"regex in replace", "return 'a'.repeat(40).replace(/^(a+)+(?=b)/g, '')", "RegExp.prototype.exec: /^(a+)+(?=b)/g did not finish one match within 100ms", slow, 0},
		{"regex in a loop", "for (;;) /(x+x+)+y/.exec('x'.repeat(30))", `responseParser of "f": did not finish within 100ms (an endless loop?)`, &Options{HookTimeout: 100 * time.Millisecond}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, isErr := runGuarded(t, tt.body, tt.opts, tt.ctx)
			if !isErr || !strings.Contains(text, tt.want) {
				t.Errorf("result %.300q, want an error holding %q", text, tt.want)
			}
		})
	}
}

// TestBoundedBuiltins: the size-checked built-ins keep their results.
func TestBoundedBuiltins(t *testing.T) {
	body := `const cyclic = [1, 2]; cyclic.push(cyclic);
return [
  'ab'.repeat(3), 'x'.padStart(4, 'ab'), 'x'.padEnd(3), 'a'.concat(1, null, [2, 3]), 'a,b,,c'.split(','), 'abc'.split(''), 'a1b2'.split(/\d/), 'a,b,c'.split(',', 2),
  [1, [2, [3, null]], undefined, {toString() { return 'o' }}].join('-'), String([1, [2, 3]]), cyclic.join(), [].join(), [1, 2].join(undefined),
  new Array(3).fill(7), [1, 2, 3, 4].fill(0, 1, -1), Array.from('abc'), Array.from({length: 2}, (_, i) => i * 2), Array.from(new Set([1, 1, 2])),
  [1, 2].concat(3, [4, [5]]), [3, 1, 2].sort(), [1, 2, 3].map(x => x * 2).filter(x => x > 2).reduce((a, b) => a + b, 0),
  JSON.stringify({a: [1, 'x', null, undefined], b: undefined, d: new Date(0)}), JSON.stringify({a: [1]}, null, 2), JSON.stringify({a: 1, b: 2}, ['b']),
  'a-b-c'.replace(/-/g, '+'), 'x1y22'.match(/\d+/g), [...'a1b2'.matchAll(/\d/g)].map(m => m[0]), /(?<=a)b/.test('ab'), '1234567'.replace(/\B(?=(\d{3})+(?!\d))/g, ','), 'abc'.search(/c/), 'a1b'.split(/(\d)/),
  'abc'.replace('b', "[$&|$\x60|$'|$$|$]"), '2024-01-02'.replace(/(\d+)-(\d+)-(\d+)/, '$3/$2/$1'), 'ab'.replace(/(?<x>b)/, '<$<x>>'), 'ab'.replace(/(?<x>b)/, '$<y>|$<x'), 'a'.replace('a', '$1'),
  'abc'.replace(/(b)/, '$01$2$10'), 'aaa'.replaceAll('a', (m, i) => i), 'a.b.c'.replaceAll('.', '$&$&'), 'xyz'.replace(/(?:)/g, '-'), 'ab'.replace(/(x)?b/, '[$1]'),
  JSON.stringify(undefined) === undefined, JSON.stringify('s'), typeof JSON.stringify(() => 1), String.prototype.repeat.name, Array.prototype.join.length,
  [...[1, 2], ...'ab'], Math.max.apply(null, [1, 3, 2]), Reflect.apply(Math.min, null, [4, 5]), Object.keys('ab'), Object.entries({a: 1}), Object.assign({}, 'x', {y: 1}), Array.prototype[Symbol.iterator] === Array.prototype.values,
]`
	text, isErr := runGuarded(t, body, nil, 0)
	want := `["ababab","abax","x  ","a1null2,3",["a","b","","c"],["a","b","c"],["a","b",""],["a","b"],"1-2,3,--o","1,2,3","1,2,","","1,2",[7,7,7],[1,0,0,4],["a","b","c"],[0,2],[1,2],[1,2,3,4,[5]],[1,2,3],10,` +
		`"{\"a\":[1,\"x\",null,null],\"d\":\"1970-01-01T00:00:00.000Z\"}","{\n  \"a\": [\n    1\n  ]\n}","{\"b\":2}","a+b+c",["1","22"],["1","2"],true,"1,234,567",2,["a","1","b"],"a[b|a|c|$|$]c","02/01/2024","a<b>","a|$<x","$1","ab$2b0c","012","a..b..c","-x-y-z-","a[]",true,"\"s\"","undefined","repeat",1,[1,2,"a","b"],3,4,["0","1"],[["a",1]],{"0":"x","y":1},true]`
	if diff := cmp.Diff(want, text); diff != "" || isErr {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestReplaceLikeGoja: substitute, which expands replacement patterns
// for the replacements the size check counts, expands them as goja's
// built-in does.
func TestReplaceLikeGoja(t *testing.T) {
	patterns := []string{"", "x", "$", "$$", "$&", "$`", "$'", "$0", "$1", "$2", "$01", "$10", "$12", "$99", "$<g>", "$<h>", "$<g", "[$1|$<g>|$&]", "$$1", "a$", "$\u4e2d$&"}
	calls := []string{
		"'abcabc'.replace('b', p)", "'abcabc'.replaceAll('b', p)", "'abcabc'.replace(/b/g, p)", "'abcabc'.replace(/(b)(c)?/g, p)",
		"'a1b22'.replace(/(?<g>\\d+)/g, p)", "'xyz'.replace(/(?:)/g, p)", "'\u4e2d\u6587\u4e2d'.replaceAll('\u4e2d', p)", "'abc'.replace('z', p)",
	}
	vm := goja.New()
	var pattern goja.String
	if err := vm.Set("expand", func(call goja.FunctionCall) goja.Value { return substitute(vm, pattern, call.Arguments) }); err != nil {
		t.Fatal(err)
	}
	for _, p := range patterns {
		pattern = vm.ToValue(p).(goja.String)
		for _, c := range calls {
			want, err := vm.RunString("(function (p) { return " + c + " })(" + marshalJSON(p) + ")")
			if err != nil {
				t.Fatal(err)
			}
			got, err := vm.RunString(strings.ReplaceAll(c, " p)", " expand)"))
			if err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("%s with %q: %q, goja's built-in gives %q", c, p, got, want)
			}
		}
	}
}

// TestUsesRegexp2 tells the expressions goja hands to regexp2 (the only
// ones whose slow matches are errors) from those RE2 runs.
func TestUsesRegexp2(t *testing.T) {
	vm := goja.New()
	tests := []struct {
		re   string
		want bool
	}{
		{`/^\w*$/`, false}, {`/a+b/gi`, false}, {`/[a-z.]+/s`, false},
		{`/^(a+)+(?=b)/`, true}, {`/(?<=a)b/`, true}, {`/(a)\1/`, true}, {`/a{1001}/`, true},
		{`/[\s\S]*/`, true}, // goja does not translate \S in a class
	}
	for _, tt := range tests {
		v, err := vm.RunString(tt.re)
		if err != nil {
			t.Fatal(err)
		}
		if got := usesRegexp2(vm, v); got != tt.want {
			t.Errorf("usesRegexp2(%s) = %v, want %v", tt.re, got, tt.want)
		}
	}
}
