package lodash

import (
	"strings"
	"unicode/utf8"

	"github.com/dop251/goja"
)

// What lodash.js takes from Go while Install runs it: `_.pick` is
// lodash.js's pick behind a Go function that forwards every call, so that
// Lib.Pick (the yqcloud hook rewriter's entry) and `_.pick` called as
// written reach lodash.js through the same frames. There is no Go copy of
// pick's semantics: no budget of docs/performance.md needs one (the hook
// rewriter's pick views do not call pick at all).

// nativeGlobal is where Install hands the Go functions to lodash.js for
// the time the program runs (and deletes them after).
const nativeGlobal = "__lodashNative"

// natives returns the object lodash.js finds under nativeGlobal: for each
// Go function, one that takes the lodash.js functions it calls and
// returns the `_` function.
func natives(vm *goja.Runtime, lib *Lib) (*goja.Object, error) {
	obj := vm.NewObject()
	err := obj.Set("pick", func(call goja.FunctionCall) goja.Value {
		p := &picker{vm: vm, slow: callable(vm, call.Argument(0))}
		lib.picker = p
		return like(vm, p.pick, call.Argument(0))
	})
	return obj, err
}

func callable(vm *goja.Runtime, v goja.Value) goja.Callable {
	fn, ok := goja.AssertFunction(v)
	if !ok {
		panic(vm.NewTypeError("lodash: a native function needs its JavaScript one"))
	}
	return fn
}

// like makes fn a function object with the name and length of js.
func like(vm *goja.Runtime, fn func(goja.FunctionCall) goja.Value, js goja.Value) *goja.Object {
	f := vm.ToValue(fn).(*goja.Object)
	for _, p := range []string{"name", "length"} {
		if err := f.DefineDataProperty(p, js.(*goja.Object).Get(p), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
			panic(err)
		}
	}
	return f
}

// picker is _.pick: lodash.js's pick(o, ...paths), called from Go.
type picker struct {
	vm   *goja.Runtime
	slow goja.Callable // pick(o, ...paths)
}

func (p *picker) pick(call goja.FunctionCall) goja.Value {
	return p.js(call.This, call.Arguments...)
}

// Keys are the property names of a literal array of strings, ready for
// Lib.Pick.
type Keys struct {
	names []string
}

// Names returns the names, in order; the caller must not change them.
func (k Keys) Names() []string { return k.names }

// PickKeys checks names for Lib.Pick: false if one of them is a name
// Pick does not take (__proto__, constructor, prototype, or a string
// with U+FFFD, which may stand for a lone surrogate); call _.pick with an
// array then.
func PickKeys(names []string) (Keys, bool) {
	for _, k := range names {
		if !plainKey(k) {
			return Keys{}, false
		}
	}
	return Keys{names: names}, true
}

// Pick is _.pick(o, [k1, k2, ...]) for an array literal of strings known
// ahead: lodash.js's pick called with an array of them, so the same
// result, calls and errors. Errors are thrown as JavaScript exceptions (a
// panic, as in a goja native function), so call it from a function
// JavaScript calls.
func (l *Lib) Pick(o goja.Value, keys Keys) goja.Value {
	p := l.picker
	paths := make([]any, len(keys.names))
	for i, k := range keys.names {
		paths[i] = k
	}
	return p.js(l.value, o, p.vm.NewArray(paths...))
}

// js calls lodash.js's pick, rethrowing what it throws.
func (p *picker) js(this goja.Value, args ...goja.Value) goja.Value {
	v, err := p.slow(this, args...)
	if err != nil {
		panic(err)
	}
	return v
}

// plainKey reports whether k is a name PickKeys takes: not __proto__,
// constructor or prototype, and one that survives the trip through a Go
// string (no lone surrogates).
func plainKey(k string) bool {
	switch k {
	case "__proto__", "constructor", "prototype":
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] >= utf8.RuneSelf {
			// U+FFFD may stand for a lone surrogate.
			return !strings.ContainsRune(k[i:], utf8.RuneError)
		}
	}
	return true
}
