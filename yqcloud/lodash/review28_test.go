package lodash_test

import (
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
