package lodash_test

import (
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"
	"github.com/toolkit-sdk/toolkit/yqcloud/lodash"
)

// TestCyclicInputs runs the recursive functions of `_` on cyclic values in
// a runtime with no call-stack limit (lodash.Install alone): each ends, as
// lodash's does, with a result (a stack of seen objects) or a RangeError.
func TestCyclicInputs(t *testing.T) {
	cases := []struct{ expr, want string }{
		{`var s = {a: {b: 1}}; s.a.c = s; s.self = s; var r = _.defaultsDeep({a: {b: 2}}, s);
		  [r.a.b, r.self === s, r.a.c === s, r.self.self === r.self, r.a.c.a === r.a.c.a].join()`, "2,false,false,true,true"},
		{`var s = {}; s.a = s; var r = _.defaultsDeep({a: {}}, s); [typeof r.a, r.a.a === s, r.a.a === r.a].join()`, "object,false,true"},
		{`var o = {a: 1}; o.o = o; var c = _.cloneDeep(o); [c.o === c, c !== o].join()`, "true,true"},
		{`var o = {a: 1}; o.o = o; var p = {a: 1}; p.o = p; _.isEqual(o, p)`, "true"},
		{`var o = {a: 1}; o.o = o; var r = _.merge({}, o); r.o.o.a`, "1"},
		{`var o = {a: 1}; o.o = o; var n = 0; _.mergeWith({}, o, function () { n++; }); n > 0`, "true"},
		{`var o = {a: 1}; o.o = o; _.isMatch(o, o)`, "true"},
		{`var a = [1]; a.push(a); _.flattenDepth(a, 3).length`, "5"},
		{`var a = [1]; a.push(a); try { _.flattenDeep(a); 'no error' } catch (e) { e.name }`, "RangeError"},
		{`var a = [1]; a.push(a); try { _.flatMapDeep(a); 'no error' } catch (e) { e.name }`, "RangeError"},
		{`var a = [1]; a.push(a); try { _.toString(a); 'no error' } catch (e) { e.name }`, "RangeError"},
		{`var a = [1]; a.push(a); try { String(_(a)); 'no error' } catch (e) { e.name }`, "RangeError"},
	}
	for _, c := range cases {
		vm := goja.New()
		if err := lodash.Install(vm); err != nil {
			t.Fatal(err)
		}
		// A safety net only: every case ends on its own in milliseconds.
		timer := time.AfterFunc(time.Minute, func() { vm.Interrupt("ran away") })
		v, err := vm.RunString(c.expr)
		timer.Stop()
		if err != nil {
			t.Errorf("%s: %v", strings.Join(strings.Fields(c.expr), " "), err)
			continue
		}
		if got := v.String(); got != c.want {
			t.Errorf("%s = %s, want %s", strings.Join(strings.Fields(c.expr), " "), got, c.want)
		}
	}
}
