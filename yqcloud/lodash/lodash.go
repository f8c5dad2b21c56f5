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

// Install defines the global `_` in vm. The object and its functions are
// frozen and the binding is read-only, so a script cannot change `_` for
// later runs of a pooled runtime.
func Install(vm *goja.Runtime) error {
	if vm.GlobalObject().Get("_") != nil {
		return ErrDefined
	}
	if _, err := vm.RunProgram(Program()); err != nil {
		return fmt.Errorf("lodash: install: %w", err)
	}
	return nil
}
