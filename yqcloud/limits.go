package yqcloud

import (
	"reflect"

	"github.com/dop251/goja"
	"github.com/dop251/goja/file"

	"github.com/toolkit-sdk/toolkit/internal/jsbox"
)

// The size limits of a hook are the sandbox's (package internal/jsbox,
// which code mode's scripts run in too): goja runs a built-in such as
// 'x'.repeat(n) or new Array(n).fill(0) as one Go call that neither the
// time limit nor the caller's context can stop, so the built-ins that
// make strings and arrays check the size first.
const (
	maxStringLen    = jsbox.MaxStringLen
	maxArrayLen     = jsbox.MaxArrayLen
	maxSourceTokens = jsbox.MaxSourceTokens
)

func sourceTokens(src string) int                   { return jsbox.SourceTokens(src) }
func bigIntLiteral(n any) file.Idx                  { return jsbox.BigIntLiteral(n) }
func walkAST(v reflect.Value, visit func(any) bool) { jsbox.WalkAST(v, visit) }

// newBounds installs the sandbox's size checks in rt's fresh runtime,
// JSON.stringify writing with the runtime's JSON writer.
func newBounds(rt *jsRuntime) (*jsbox.Bounds, error) {
	return jsbox.New(rt.vm, "hooks", func() bool { return rt.cause.Load() != nil },
		func(b []byte, v goja.Value) ([]byte, bool) {
			w := jsonWriter{rt: rt, what: "JSON.stringify"}
			return w.value(b, "", v)
		})
}
