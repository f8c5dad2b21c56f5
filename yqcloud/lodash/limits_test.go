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
