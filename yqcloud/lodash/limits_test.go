package lodash_test

import (
	"strings"
	"testing"
)

// TestSizeLimits checks that functions building a string or an array in one
// call stop at the hook limits (16 Mi characters, 4 Mi elements) with a
// RangeError, as yqcloud's size-checked built-ins do, and work up to them.
func TestSizeLimits(t *testing.T) {
	vm := newRuntime(t)
	for _, expr := range []string{
		`_.repeat('ab', 8 * 1024 * 1024 + 1)`,
		`_.padStart('', 16 * 1024 * 1024 + 1)`,
		`_.padEnd('x', 16 * 1024 * 1024 + 1, 'ab')`,
		`_.pad('x', 2 ** 40)`,
		`_.range(4 * 1024 * 1024 + 1)`,
		`_.rangeRight(0, 1e12, 1)`,
		`_.times(4 * 1024 * 1024 + 1)`,
		`_.fill({length: 2 ** 32 - 1}, 0)`,
		`_.unzip([{length: 2 ** 31}])`,
	} {
		_, err := vm.RunString(expr)
		if err == nil || !strings.Contains(err.Error(), "RangeError") {
			t.Errorf("%s: err = %v, want a RangeError", expr, err)
		}
	}
	for _, expr := range []string{
		`_.repeat('ab', 8 * 1024 * 1024).length === 16 * 1024 * 1024`,
		`_.range(4 * 1024 * 1024).length === 4 * 1024 * 1024`,
		`_.fill(new Array(1000), 1).length === 1000`,
	} {
		v, err := vm.RunString(expr)
		if err != nil || !v.ToBoolean() {
			t.Errorf("%s: %v, %v", expr, v, err)
		}
	}
}

// TestTimers checks what the timer functions do in a synchronous hook: no
// timer ever fires before a run ends (in Node neither would one fire while
// a synchronous hook runs), so delay and defer never call func, and
// debounce and throttle call it on the leading edge and from flush() only.
func TestTimers(t *testing.T) {
	vm := newRuntime(t)
	v, err := vm.RunString(`(() => {
		const calls = [];
		const d = _.delay(x => calls.push('delay ' + x), 0, 1);
		const e = _.defer(x => calls.push('defer ' + x), 2);
		const deb = _.debounce(x => { calls.push('debounce ' + x); return x; }, 0);
		deb(1); deb(2);
		const before = calls.length;
		const flushed = deb.flush();
		const thr = _.throttle(x => { calls.push('throttle ' + x); return x; }, 1000);
		thr(3); thr(4); thr.cancel(); thr(5); thr.flush();
		return JSON.stringify([typeof d, typeof e, d !== e, before, flushed, calls]);
	})()`)
	if err != nil {
		t.Fatal(err)
	}
	const want = `["number","number",true,0,2,["debounce 2","throttle 3","throttle 5"]]`
	if got := v.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestDeepFrozen checks that everything reachable from `_` is frozen by
// Install itself: the global `_` is an accessor, so a walk that freezes
// what the globals reach (yqcloud's lockdown, run here first) does not go
// through `_`. Chains made and iterated before the check must not leave
// anything unfrozen behind either (their methods are made on first use).
func TestDeepFrozen(t *testing.T) {
	vm := newRuntime(t)
	v, err := vm.RunString(`(function () {
		function walk(roots, visit) {
			var seen = new Set(), stack = roots.slice();
			while (stack.length) {
				var o = stack.pop();
				if (o === null || (typeof o !== 'object' && typeof o !== 'function') || seen.has(o)) continue;
				seen.add(o);
				visit(o);
				stack.push(Object.getPrototypeOf(o));
				var keys = Reflect.ownKeys(o);
				for (var i = 0; i < keys.length; i++) {
					var d = Object.getOwnPropertyDescriptor(o, keys[i]);
					if (!d) continue;
					if ('value' in d) stack.push(d.value); else { stack.push(d.get); stack.push(d.set); }
				}
			}
			return seen.size;
		}
		walk([globalThis], Object.freeze);
		var w = _([3, 1, 2]).map(x => x).filter(x => x).push(4).sort().reverse().at(0);
		w.value(); _.chain([1]).pop(); Array.from(_([1, 2]));
		// What runs share: _, the chain prototype, its methods and the array
		// methods' actions (the 'at' action is made per call).
		var roots = [_, Object.getPrototypeOf(w)].concat(w.__actions__.filter(a => a.name !== 'at').map(a => a.fn));
		['map', 'filter', 'push', 'sort', 'pop', 'sum', 'chain', 'value'].forEach(k => roots.push(w[k]));
		var open = [];
		var n = walk(roots, function (o) { if (!Object.isFrozen(o)) open.push(String(o.name || Object.prototype.toString.call(o))); });
		return JSON.stringify([n > 300, open]);
	})()`)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.String(); got != `[true,[]]` {
		t.Errorf("reachable from _ and not frozen: %s", got)
	}
}
