package yqcloud

import (
	"github.com/dop251/goja"

	"github.com/toolkit-sdk/toolkit/internal/jsbox"
)

// The sandbox's helpers that this package's tests of the hooks' limits
// use, under their former names.

func substitute(vm *goja.Runtime, pattern goja.String, args []goja.Value) goja.Value {
	return jsbox.Substitute(vm, pattern, args)
}
func usesRegexp2(vm *goja.Runtime, re goja.Value) bool  { return jsbox.UsesRegexp2(vm, re) }
func indentExtra(js []byte, gap int, leak bool) float64 { return jsbox.IndentExtra(js, gap, leak) }
