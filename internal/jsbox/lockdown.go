package jsbox

import (
	"fmt"

	"github.com/dop251/goja"
)

// Lockdown freezes every object a script can reach that a later run
// could reach too: what the global object reaches (the global itself,
// built-ins, their prototypes, functions, getters and setters, by string
// and symbol keys), the intrinsics only syntax reaches (the iterator
// prototypes of arrays, maps, sets, strings and matchAll, the generator
// function, generator and async function prototypes and constructors,
// %IteratorPrototype%, the arguments objects' iterator: the built-in
// Array.prototype.values, which the bounded one replaced on the
// prototype), and what the array extra holds (a library's wrappers). goja
// has no async generators (they do not compile) and no
// %AsyncFromSyncIteratorPrototype%. The walk is a transitive closure over
// own properties and prototypes from all of these roots, skipping skip
// (an object frozen already; undefined for none), so no run can leave
// anything behind for the next.
func Lockdown(vm *goja.Runtime, extra, skip goja.Value) error {
	v, err := vm.RunProgram(lockdown)
	if err != nil {
		return err
	}
	fn, ok := goja.AssertFunction(v)
	if !ok {
		return fmt.Errorf("jsbox: lockdown is not a function")
	}
	if extra == nil {
		extra = vm.NewArray()
	}
	if skip == nil {
		skip = goja.Undefined()
	}
	_, err = fn(goja.Undefined(), extra, skip)
	return err
}

var lockdown = goja.MustCompile("lockdown.js", `(function (extra, skip) {
  'use strict';
  function* gen() {}
  async function afn() {}
  var roots = [globalThis,
    [][Symbol.iterator](), new Map().entries(), new Set().values(), ''[Symbol.iterator](), /x/g[Symbol.matchAll]('x'),
    gen, gen(), afn, async () => {}, ({ *m() {}, async n() {} }),
    (function () { return arguments; })(), (function () { 'use strict'; return arguments; })(),
    (function () {}).bind(null), () => {}, class {}, new Error('x'), Promise.resolve()].concat(extra);
  var seen = new Set(skip === undefined ? [] : [skip]), stack = roots;
  while (stack.length) {
    var o = stack.pop();
    if (o === null || (typeof o !== 'object' && typeof o !== 'function') || seen.has(o)) continue;
    seen.add(o);
    Object.freeze(o);
    stack.push(Object.getPrototypeOf(o));
    var keys = Reflect.ownKeys(o);
    for (var i = 0; i < keys.length; i++) {
      var d = Object.getOwnPropertyDescriptor(o, keys[i]);
      if (!d) continue;
      if ('value' in d) stack.push(d.value); else { stack.push(d.get); stack.push(d.set); }
    }
  }
})`, true)
