package lodash

import (
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dop251/goja"
)

// Go fast paths for hot `_` functions. Each one answers the argument shapes
// it can answer exactly as lodash.js does and hands everything else to the
// JavaScript function, so the golden corpus checks both.

// nativeGlobal is where Install hands the fast paths to lodash.js for the
// time the program runs (and deletes them after).
const nativeGlobal = "__lodashNative"

var proxyType = reflect.TypeOf(goja.Proxy{})

// natives returns the object lodash.js finds under nativeGlobal: for each
// fast path, a function that takes the lodash.js functions it falls back
// on and returns the `_` function.
func natives(vm *goja.Runtime, lib *Lib) (*goja.Object, error) {
	obj := vm.NewObject()
	err := obj.Set("pick", func(call goja.FunctionCall) goja.Value {
		p := &picker{vm: vm, slow: callable(vm, call.Argument(0)), key: callable(vm, call.Argument(1)), hasSetter: callable(vm, call.Argument(2))}
		lib.picker = p
		return like(vm, p.pick, call.Argument(0))
	})
	return obj, err
}

func callable(vm *goja.Runtime, v goja.Value) goja.Callable {
	fn, ok := goja.AssertFunction(v)
	if !ok {
		panic(vm.NewTypeError("lodash: a native fast path needs its JavaScript fallbacks"))
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

// picker is _.pick. For an object and one array of keys it copies the
// keys present on the object in Go; any other key, and any other call,
// goes to lodash.js (pickKey for one key, pick for the whole call).
type picker struct {
	vm        *goja.Runtime
	slow      goja.Callable // pick(o, ...paths)
	key       goja.Callable // pickKey(o, path, out)
	hasSetter goja.Callable // hasSetter(o, key): does o[key] = v run a setter
}

func (p *picker) pick(call goja.FunctionCall) goja.Value {
	if len(call.Arguments) == 2 {
		o, paths := call.Arguments[0], call.Arguments[1]
		if plainObject(o) && isArray(paths) {
			return p.fast(o.(*goja.Object), paths.(*goja.Object))
		}
	}
	return p.js(p.slow, call.This, call.Arguments...)
}

// fast is pick's loop with pickKey's hot path (`p in o`, then `out[p] =
// o[p]`) done as one o.Get and one out.Set: for the objects plainObject
// accepts, p is in o exactly when Get finds it.
func (p *picker) fast(o, paths *goja.Object) *goja.Object {
	out := p.vm.NewObject()
	n := paths.Get("length").ToInteger()
	for i := int64(0); i < n; i++ {
		path := paths.Get(strconv.FormatInt(i, 10))
		if path == nil {
			path = goja.Undefined()
		}
		var v goja.Value
		k, ok := literalKey(path)
		if ok {
			v = o.Get(k)
		}
		p.put(o, out, k, v, path)
	}
	return out
}

// put picks one path into out: v is o's value under the literal key k,
// nil if o has none or the path is no literal key; path is the path as
// given, nil if it is k.
func (p *picker) put(o, out *goja.Object, k string, v, path goja.Value) {
	if v == nil {
		if path == nil {
			path = p.vm.ToValue(k)
		}
		p.js(p.key, goja.Undefined(), o, path, out)
		return
	}
	// Set is strict: it fails where Object.prototype has k read-only
	// or getter-only (all of it is read-only once frozen, as in hook
	// runtimes), and where a setter throws. lodash.js assigns in
	// sloppy mode: nothing happens in the first case, the throw
	// stands in the second.
	if err := out.Set(k, v); err != nil {
		if path == nil {
			path = p.vm.ToValue(k)
		}
		if p.js(p.hasSetter, goja.Undefined(), out, path).ToBoolean() {
			panic(err)
		}
	}
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
// ahead: the same result, the same getter, setter and trap calls in the
// same order and the same errors, without the array on the common path (a
// plain object). Errors are thrown as JavaScript exceptions (a panic, as
// in a goja native function), so call it from a function JavaScript
// calls.
func (l *Lib) Pick(o goja.Value, keys Keys) goja.Value {
	p := l.picker
	if plainObject(o) {
		src, out := o.(*goja.Object), p.vm.NewObject()
		for _, k := range keys.names {
			p.put(src, out, k, src.Get(k), nil)
		}
		return out
	}
	paths := make([]any, len(keys.names))
	for i, k := range keys.names {
		paths[i] = k
	}
	return p.js(p.slow, l.value, o, p.vm.NewArray(paths...))
}

// js calls a lodash.js function, rethrowing what it throws.
func (p *picker) js(fn goja.Callable, this goja.Value, args ...goja.Value) goja.Value {
	v, err := fn(this, args...)
	if err != nil {
		panic(err)
	}
	return v
}

// literalKey returns a string path that the fast path may read and write
// as a property name: not __proto__, constructor or prototype, and one
// that survives the trip through a Go string (no lone surrogates).
func literalKey(v goja.Value) (string, bool) {
	if !goja.IsString(v) {
		return "", false
	}
	k := v.String()
	return k, plainKey(k)
}

// plainKey reports whether k may be read and written as a property name
// on the fast path.
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

// plainObject reports an object (class Object: ordinary objects and class
// instances, and Go maps, structs and dynamic objects wrapped by goja)
// with no Proxy on its prototype chain. For those `p in o` holds exactly
// when o.Get(p) is not nil, and neither test has side effects of its own.
func plainObject(v goja.Value) bool {
	o, ok := v.(*goja.Object)
	if !ok || o.ExportType() == proxyType || o.ClassName() != "Object" {
		return false
	}
	for p := o.Prototype(); p != nil; p = p.Prototype() {
		if p.ExportType() == proxyType {
			return false
		}
	}
	return true
}

// isArray reports an Array that is not a Proxy.
func isArray(v goja.Value) bool {
	o, ok := v.(*goja.Object)
	return ok && o.ExportType() != proxyType && o.ClassName() == "Array"
}
