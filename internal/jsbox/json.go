package jsbox

import (
	"slices"
	"strconv"

	"github.com/dop251/goja"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// MaxJSONDepth bounds the nesting of the JSON a Writer writes.
const MaxJSONDepth = 1000

// Writer writes a runtime's values as JSON.stringify does (member order,
// toJSON, boxed primitives, undefined and functions dropped, cycles and
// BigInt refused), checking the size against MaxStringLen as it goes and
// every few thousand values whether the run was halted: it throws in the
// runtime past either. What names the output in errors ("the result").
type Writer struct {
	B     *Bounds
	What  string
	stack []*goja.Object
	n     int
}

// Append appends v as JSON and reports whether it had a JSON form
// (undefined has none). It throws (panics with a JavaScript error): call
// it from the runtime (a Go function a script calls) or through vm.Try.
func (w *Writer) Append(b []byte, v goja.Value) ([]byte, bool) { return w.value(b, "", v) }

func (w *Writer) grew(b []byte) {
	if len(b) > MaxStringLen {
		w.B.Throw(w.What, "JSON of over %d MiB is over the limit for hooks", MaxStringLen>>20)
	}
	if w.n++; w.n&0xfff == 0 && w.B.Stopped() {
		w.B.Throw(w.What, "stopped")
	}
}

func (w *Writer) throw(msg string) { panic(w.B.vm.NewTypeError(msg)) }

// value appends v (the member key of its holder) and reports whether it
// had a JSON form.
func (w *Writer) value(b []byte, key string, v goja.Value) ([]byte, bool) {
	if v == nil || goja.IsUndefined(v) {
		return b, false
	}
	o, isObj := v.(*goja.Object)
	if isObj || goja.IsBigInt(v) {
		if o == nil {
			o = v.ToObject(w.B.vm)
		}
		if tj, ok := goja.AssertFunction(o.Get("toJSON")); ok {
			r, err := tj(v, w.B.vm.ToValue(key))
			if err != nil {
				panic(err)
			}
			if v = r; v == nil || goja.IsUndefined(v) {
				return b, false
			}
		}
		o, isObj = v.(*goja.Object)
	}
	if !isObj {
		b, ok := w.primitive(b, v)
		w.grew(b)
		return b, ok
	}
	switch o.ClassName() {
	case "Function":
		return b, false
	case "Number":
		return w.primitive(b, o.ToNumber())
	case "String":
		b = jsonstr.Append(b, o.String())
		w.grew(b)
		return b, true
	case "Boolean":
		v, _ := o.Export().(bool)
		return strconv.AppendBool(b, v), true
	case "BigInt":
		w.throw("Do not know how to serialize a BigInt")
	}
	if _, callable := goja.AssertFunction(o); callable {
		return b, false
	}
	if slices.Contains(w.stack, o) {
		w.throw("Converting circular structure to JSON")
	}
	if len(w.stack) >= MaxJSONDepth {
		w.throw(w.What + " is nested too deeply")
	}
	w.stack = append(w.stack, o)
	defer func() { w.stack = w.stack[:len(w.stack)-1] }()
	if o.ClassName() == "Array" {
		n := o.Get("length").ToInteger()
		w.B.CheckArray(w.What, float64(n))
		b = append(b, '[')
		for i := int64(0); i < n; i++ {
			if i > 0 {
				b = append(b, ',')
			}
			k := strconv.FormatInt(i, 10)
			var ok bool
			if b, ok = w.value(b, k, o.Get(k)); !ok {
				b = append(b, "null"...)
			}
			w.grew(b)
		}
		return append(b, ']'), true
	}
	b = append(b, '{')
	first := true
	for _, k := range o.Keys() {
		mark := len(b)
		if !first {
			b = append(b, ',')
		}
		b = append(jsonstr.Append(b, k), ':')
		var ok bool
		if b, ok = w.value(b, k, o.Get(k)); !ok {
			b = b[:mark]
		} else {
			first = false
		}
		w.grew(b)
	}
	return append(b, '}'), true
}

func (w *Writer) primitive(b []byte, v goja.Value) ([]byte, bool) {
	switch {
	case goja.IsNull(v):
		return append(b, "null"...), true
	case goja.IsString(v):
		return jsonstr.Append(b, v.String()), true
	case goja.IsNumber(v):
		if goja.IsNaN(v) || goja.IsInfinity(v) {
			return append(b, "null"...), true
		}
		return append(b, v.String()...), true
	case goja.IsBigInt(v):
		w.throw("Do not know how to serialize a BigInt")
	}
	if x, ok := v.Export().(bool); ok {
		return strconv.AppendBool(b, x), true
	}
	return b, false // symbols
}
