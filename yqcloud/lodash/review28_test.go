package lodash_test

import (
	"strings"
	"testing"

	"github.com/dop251/goja"
	"github.com/toolkit-sdk/toolkit/yqcloud/lodash"
)

// TestReview28_FromPairsProto: _.fromPairs assigns as lodash's
// baseAssignValue does, so a pair whose key is "__proto__" (an untrusted
// answer's keys) becomes an own property instead of replacing the
// result's prototype.
func TestReview28_FromPairsProto(t *testing.T) {
	for _, run := range []func(*goja.Runtime) error{lodash.Install, func(vm *goja.Runtime) error {
		_, err := vm.RunProgram(lodash.Program())
		return err
	}} {
		vm := goja.New()
		if err := run(vm); err != nil {
			t.Fatal(err)
		}
		v, err := vm.RunString(`var r = _.fromPairs([['__proto__', {p: 1}], ['a', 2]]);
			[Object.getPrototypeOf(r) === Object.prototype, Object.keys(r).join(), r.p === undefined, r.__proto__.p, ({}).p === undefined].join()`)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := v.String(), "true,__proto__,a,true,1,true"; got != want {
			t.Errorf("fromPairs with a __proto__ key: got %s, want %s", got, want)
		}
	}
}

// TestReview28_ReDoSResultChecked: a ReDoS test of the suite is unchecked
// for its wall-clock assertion only; a wrong result of the call it times
// still fails the suite.
func TestReview28_ReDoSResultChecked(t *testing.T) {
	const timed = "operation took 1234ms: ok (actual false, expected true)"
	cases := []struct {
		failures map[string]string
		problems int
	}{
		{map[string]string{"lodash.words: should prevent ReDoS": timed}, 0},
		{map[string]string{"lodash.words: should prevent ReDoS": "deepEqual, expected (actual [], expected [\"A\"])\n" + timed}, 1},
		{map[string]string{"lodash.trim: `_.trim` should prevent ReDoS": "strictEqual, expected (actual \"\", expected \"A A\")"}, 1},
		{map[string]string{"lodash.throttle: should trigger a call when invoked repeatedly": "strictEqual, expected (actual 1, expected 2)"}, 0},
		{map[string]string{"lodash.chunk: should return chunked arrays": "deepEqual, expected (actual [], expected [[0]])"}, 1},
	}
	for _, c := range cases {
		problems, _ := suiteProblems("Install", c.failures, map[string]string{}, suiteWallClock)
		if len(problems) != c.problems {
			t.Errorf("%v: %d problems %q, want %d", c.failures, len(problems), problems, c.problems)
		}
	}
}

// TestReview28_FlattenToStringBounded: flattening or stringifying an
// array that holds itself twice (or a deep DAG of shared arrays) doubles
// its result at each level; with Install alone (no call-stack limit) it
// ends in a RangeError at the hook limits instead of growing memory.
func TestReview28_FlattenToStringBounded(t *testing.T) {
	cases := []string{
		`var a = [1]; a.push(a, a); _.flattenDepth(a, 40)`,
	}
	for _, expr := range cases {
		vm := goja.New()
		if err := lodash.Install(vm); err != nil {
			t.Fatal(err)
		}
		v, err := vm.RunString(`(function () { try { ` + expr + `; return 'no error'; } catch (e) { return e.name + ': ' + e.message; } })()`)
		if err != nil {
			t.Fatal(err)
		}
		if got := v.String(); !strings.HasPrefix(got, "RangeError: lodash: a ") {
			t.Errorf("%s: %s, want a RangeError of the hook limits", expr, got)
		}
	}
}
