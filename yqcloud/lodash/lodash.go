package lodash

import (
	_ "embed"
	"errors"
	"fmt"
	"sync"

	"github.com/dop251/goja"
)

//go:embed lodash.js
var source string

// ErrDefined reports that a runtime already has a global `_`.
var ErrDefined = errors.New("lodash: global _ is already defined")

var compiled = sync.OnceValue(func() *goja.Program {
	return goja.MustCompile("lodash.js", source, false)
})

// Program returns the compiled library. It is compiled once and shared;
// running it in a runtime defines a frozen, read-only global `_`.
func Program() *goja.Program { return compiled() }

// Install defines the global `_` in vm, with the Go fast paths of
// native.go. The object and its functions are frozen and the binding is
// read-only, so a script cannot change `_` for later runs of a pooled
// runtime.
func Install(vm *goja.Runtime) error {
	_, err := New(vm)
	return err
}

// Lib is `_` as installed in one runtime.
type Lib struct {
	value  *goja.Object
	picker *picker
}

// New installs `_` in vm as Install does and returns it.
func New(vm *goja.Runtime) (*Lib, error) {
	if vm.GlobalObject().Get("_") != nil {
		return nil, ErrDefined
	}
	lib := &Lib{}
	native, err := natives(vm, lib)
	if err != nil {
		return nil, fmt.Errorf("lodash: install: %w", err)
	}
	global := vm.GlobalObject()
	if err := global.DefineDataProperty(nativeGlobal, native, goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
		return nil, fmt.Errorf("lodash: install: %w", err)
	}
	_, err = vm.RunProgram(Program())
	if derr := global.Delete(nativeGlobal); err == nil {
		err = derr
	}
	if err != nil {
		return nil, fmt.Errorf("lodash: install: %w", err)
	}
	lib.value, _ = global.Get("_").(*goja.Object)
	if lib.value == nil || lib.picker == nil {
		return nil, errors.New("lodash: install: the library did not define _ with its fast paths")
	}
	return lib, nil
}

// Value returns the installed `_`.
func (l *Lib) Value() goja.Value { return l.value }

// Has reports whether `_` has a member named name, its own or inherited
// (name in _): what a hook may read from `_` without getting undefined.
func Has(name string) bool { return members()[name] }

var members = sync.OnceValue(func() map[string]bool {
	vm := goja.New()
	if _, err := vm.RunProgram(Program()); err != nil {
		panic(err)
	}
	v, err := vm.RunString(`(function () {
		var out = [];
		for (var p = _; p; p = Object.getPrototypeOf(p)) out = out.concat(Object.getOwnPropertyNames(p));
		return out;
	})()`)
	if err != nil {
		panic(err)
	}
	var names []string
	if err := vm.ExportTo(v, &names); err != nil {
		panic(err)
	}
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
})
