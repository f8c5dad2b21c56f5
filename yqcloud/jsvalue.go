package yqcloud

import (
	"errors"
	"reflect"
	"slices"
	"strconv"

	"github.com/dop251/goja"
)

// Data enters a hook as dynamic objects over a parsed document (doc):
// decoded lazily, member by member, when the script reads them (a parser
// that keeps 4 fields of 9 never pays for the other 5), in JSON.parse's
// member order. An object, array or number read twice is the same JavaScript
// value; strings, booleans and null are converted at each read (nothing
// to keep: JavaScript cannot tell two equal primitives apart).

// toJS converts a value of d for the runtime.
func (rt *jsRuntime) toJS(d *doc, v jval) goja.Value {
	if rt.view == nil || rt.view.d != d {
		rt.view = &docView{rt: rt, d: d}
	}
	return rt.view.toJS(v)
}

// docView is a doc as one runtime reads it.
type docView struct {
	rt *jsRuntime
	d  *doc
}

func (dv *docView) toJS(v jval) goja.Value {
	rt, d := dv.rt, dv.d
	switch v.kind {
	case jNull:
		return goja.Null()
	case jFalse:
		return rt.vm.ToValue(false)
	case jTrue:
		return rt.vm.ToValue(true)
	case jString, jDecoded:
		return rt.stringValue(d.str(v))
	case jNumber:
		return rt.vm.ToValue(d.number(v))
	case jArray:
		vals := d.members(&d.conts[v.a])
		return rt.vm.NewDynamicArray(&jsArray{dv: dv, vals: vals, js: make([]goja.Value, len(vals))})
	}
	o := rt.newObject()
	*o = jsObject{dv: dv, c: &d.conts[v.a]}
	return rt.vm.NewDynamicObject(o)
}

// newObject returns the run's next data object (see jsRuntime.objs).
func (rt *jsRuntime) newObject() *jsObject {
	if len(rt.objs) == 0 {
		rt.objChunk = min(max(2*rt.objChunk, 4), 64)
		rt.objs = make([]jsObject, rt.objChunk)
	}
	o := &rt.objs[0]
	rt.objs = rt.objs[1:]
	return o
}

// stringValue returns s as a JavaScript string. Short strings read again
// in a run (the values of a field such as a type or a status) come from
// a small cache, which release empties.
func (rt *jsRuntime) stringValue(s string) goja.Value {
	if len(s) == 0 || len(s) > shortString {
		return rt.vm.ToValue(s)
	}
	e := &rt.shortStrs[(len(s)*31+int(s[0])+int(s[len(s)-1])*7)%len(rt.shortStrs)]
	if e.v == nil || e.s != s {
		e.s, e.v = s, rt.vm.ToValue(s)
	}
	return e.v
}

// shortString is the longest string stringValue caches.
const shortString = 16

// shortStr is an entry of stringValue's cache.
type shortStr struct {
	s string
	v goja.Value
}

// jsObject is a JSON object seen from JavaScript: the doc's object c,
// whose members it shares until the script adds or deletes one (copy on
// write, into m).
type jsObject struct {
	dv *docView
	c  *jcont
	m  *jsMembers
	js []goja.Value // members kept or written as JavaScript values; nil until one is
}

// jsMembers are the members of a data object the script has changed.
type jsMembers struct {
	keys []string
	vals []jval
	idx  map[string]int // made when needed, for over smallObject members
}

func (o *jsObject) keys() []string {
	if o.m != nil {
		return o.m.keys
	}
	return o.c.keys
}

// val returns member i's value in the doc.
func (o *jsObject) val(i int) jval {
	if o.m != nil {
		return o.m.vals[i]
	}
	return o.dv.d.vals[int(o.c.first)+i]
}

func (o *jsObject) index(k string) int {
	keys, idx := o.c.keys, o.c.idx // the parser indexes objects over smallObject members
	if o.m != nil {
		if keys = o.m.keys; len(keys) > smallObject && o.m.idx == nil {
			o.m.idx = indexKeys(keys) // keys are unique
		}
		idx = o.m.idx
	}
	if len(keys) > smallObject && idx != nil {
		if i, ok := idx[k]; ok {
			return i
		}
		return -1
	}
	return slices.Index(keys, k)
}

func (o *jsObject) own() {
	if o.m == nil {
		o.m = &jsMembers{keys: slices.Clone(o.c.keys), vals: slices.Clone(o.dv.d.members(o.c))}
	}
}

// jsAt returns member i's JavaScript value if one is kept.
func (o *jsObject) jsAt(i int) goja.Value {
	if o.js == nil {
		return nil
	}
	return o.js[i]
}

// keep stores member i's JavaScript value.
func (o *jsObject) keep(i int, v goja.Value) {
	if o.js == nil {
		o.js = make([]goja.Value, len(o.keys()))
	}
	o.js[i] = v
}

// Get implements goja.DynamicObject.
func (o *jsObject) Get(k string) goja.Value {
	i := o.index(k)
	if i < 0 {
		return nil
	}
	if v := o.jsAt(i); v != nil {
		return v
	}
	m := o.val(i)
	v := o.dv.toJS(m)
	switch m.kind {
	case jArray, jObject, jNumber:
		o.keep(i, v)
	}
	return v
}

// Set implements goja.DynamicObject.
func (o *jsObject) Set(k string, v goja.Value) bool {
	if i := o.index(k); i >= 0 {
		o.keep(i, v)
		return true
	}
	o.own()
	m := o.m
	m.keys = append(m.keys, k)
	m.vals = append(m.vals, jval{})
	if o.js != nil {
		o.js = append(o.js, v)
	} else {
		o.keep(len(m.keys)-1, v)
	}
	if m.idx != nil {
		m.idx[k] = len(m.keys) - 1
	}
	return true
}

// Has implements goja.DynamicObject.
func (o *jsObject) Has(k string) bool { return o.index(k) >= 0 }

// Delete implements goja.DynamicObject.
func (o *jsObject) Delete(k string) bool {
	i := o.index(k)
	if i < 0 {
		return true
	}
	o.own()
	m := o.m
	m.keys = slices.Delete(m.keys, i, i+1)
	m.vals = slices.Delete(m.vals, i, i+1)
	if o.js != nil {
		o.js = slices.Delete(o.js, i, i+1)
	}
	m.idx = nil
	return true
}

// Keys implements goja.DynamicObject: array-index keys first in
// ascending order, then the others in insertion order, as for ordinary
// objects.
func (o *jsObject) Keys() []string {
	keys := o.keys()
	if !slices.ContainsFunc(keys, isArrayIndex) {
		return slices.Clone(keys)
	}
	var ints, strs []string
	for _, k := range keys {
		if isArrayIndex(k) {
			ints = append(ints, k)
		} else {
			strs = append(strs, k)
		}
	}
	slices.SortFunc(ints, func(a, b string) int {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		if a < b {
			return -1
		}
		if a > b {
			return 1
		}
		return 0
	})
	return append(ints, strs...)
}

// isArrayIndex reports a canonical array index ("0", "42"; not "01").
func isArrayIndex(k string) bool {
	if k == "" || len(k) > 10 || (len(k) > 1 && k[0] == '0') {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] < '0' || k[i] > '9' {
			return false
		}
	}
	n, err := strconv.ParseUint(k, 10, 64)
	return err == nil && n < 1<<32-1
}

// jsArray is a JSON array seen from JavaScript. vals are the doc's.
type jsArray struct {
	dv   *docView
	vals []jval
	js   []goja.Value
}

// Len implements goja.DynamicArray.
func (a *jsArray) Len() int { return len(a.js) }

// Get implements goja.DynamicArray.
func (a *jsArray) Get(i int) goja.Value {
	if i < 0 || i >= len(a.js) {
		return nil
	}
	if a.js[i] == nil { // not converted yet: only data (SetLen fills with undefined)
		a.js[i] = a.dv.toJS(a.vals[i])
	}
	return a.js[i]
}

// Set implements goja.DynamicArray.
func (a *jsArray) Set(i int, v goja.Value) bool {
	if i < 0 {
		return false
	}
	if i >= len(a.js) && !a.SetLen(i+1) {
		return false
	}
	a.js[i] = v
	return true
}

// SetLen implements goja.DynamicArray.
func (a *jsArray) SetLen(n int) bool {
	if n < 0 || n > maxArrayLen {
		return false
	}
	if n <= len(a.js) {
		a.js = a.js[:n]
		if n < len(a.vals) {
			a.vals = a.vals[:n]
		}
		return true
	}
	grown := make([]goja.Value, n)
	copy(grown, a.js)
	for i := len(a.js); i < n; i++ {
		grown[i] = goja.Undefined()
	}
	a.js = grown
	return true
}

var (
	jsObjectType = reflect.TypeOf((*jsObject)(nil))
	jsArrayType  = reflect.TypeOf((*jsArray)(nil))
)

// maxJSONDepth bounds the nesting of a hook's result.
const maxJSONDepth = 1000

// toJSON serializes v as JSON.stringify does (member order, toJSON,
// boxed primitives, undefined and functions dropped, cycles and BigInt
// refused); ok is false when v has no JSON form (undefined). Values the
// script never read are written from the document, numbers keeping their
// digits.
func (rt *jsRuntime) toJSON(v goja.Value) (s string, ok bool, err error) {
	w := jsonWriter{rt: rt, what: "the result"}
	// The runtime's buffer, taken out for the time of the write (a toJSON
	// method the write runs may log an object, which writes it too), or
	// one the size of the last result.
	b := rt.jsonBuf
	rt.jsonBuf = nil
	if b == nil {
		b = make([]byte, 0, min(max(rt.jsonSize, 64), maxJSONHint))
	}
	// Try turns what the script throws into ex; an interrupt or a stack
	// overflow in a toJSON method, getter or promise job that runs here is
	// not an exception and goes through Try as a panic: it is the error.
	defer func() {
		if x := recover(); x != nil {
			var ie *goja.InterruptedError
			var so *goja.StackOverflowError
			if e, isErr := x.(error); isErr && (errors.As(e, &ie) || errors.As(e, &so)) {
				s, ok, err = "", false, e
				return
			}
			panic(x)
		}
	}()
	if ex := rt.vm.Try(func() { b, ok = w.value(b[:0], "", v) }); ex != nil {
		return "", false, ex
	}
	rt.jsonSize = len(b) + len(b)/8
	s = string(b)
	if cap(b) <= maxJSONBuf {
		rt.jsonBuf = b[:0]
	}
	return s, ok, nil
}

// maxJSONBuf bounds the buffer a runtime keeps for toJSON.
const maxJSONBuf = 64 << 10

// maxJSONHint bounds the buffer toJSON starts with.
const maxJSONHint = 1 << 20

type jsonWriter struct {
	rt    *jsRuntime
	what  string // "the result", "JSON.stringify": for errors
	stack []*goja.Object
	n     int // values written, for the stop checks
}

// grew checks what the writer wrote so far against the size limit, and
// every few thousand values whether the run was halted.
func (w *jsonWriter) grew(b []byte) {
	if len(b) > maxStringLen {
		w.rt.lim.Throw(w.what, "JSON of over %d MiB is over the limit for hooks", maxStringLen>>20)
	}
	if w.n++; w.n&0xfff == 0 && w.rt.lim.Stopped() {
		w.rt.lim.Throw(w.what, "stopped")
	}
}

func (w *jsonWriter) throw(msg string) {
	panic(w.rt.vm.NewTypeError(msg))
}

// value appends v (the member key of its holder) and reports whether it
// had a JSON form.
func (w *jsonWriter) value(b []byte, key string, v goja.Value) ([]byte, bool) {
	if v == nil || goja.IsUndefined(v) {
		return b, false
	}
	o, isObj := v.(*goja.Object)
	if isObj || goja.IsBigInt(v) {
		if tj, ok := goja.AssertFunction(w.getToJSON(v, o)); ok {
			r, err := tj(v, w.rt.vm.ToValue(key))
			if err != nil {
				panic(err)
			}
			v = r
			if v == nil || goja.IsUndefined(v) {
				return b, false
			}
			o, isObj = v.(*goja.Object)
		}
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
		return appendString(b, o.String()), true
	case "Boolean":
		// The value it wraps: an object's truthiness is always true.
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
	if len(w.stack) >= maxJSONDepth {
		w.throw("the result is nested too deeply")
	}
	w.stack = append(w.stack, o)
	defer func() { w.stack = w.stack[:len(w.stack)-1] }()
	switch t := o.ExportType(); t {
	case jsObjectType:
		return w.dynObject(b, o.Export().(*jsObject)), true
	case jsArrayType:
		return w.dynArray(b, o.Export().(*jsArray)), true
	}
	if o.ClassName() == "Array" {
		n := o.Get("length").ToInteger()
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
		b = w.member(b, k, o.Get(k), &first)
		w.grew(b)
	}
	return append(b, '}'), true
}

func (w *jsonWriter) getToJSON(v goja.Value, o *goja.Object) goja.Value {
	if o == nil {
		o = v.ToObject(w.rt.vm)
	}
	return o.Get("toJSON")
}

// member appends "key":value unless the value has no JSON form.
func (w *jsonWriter) member(b []byte, k string, v goja.Value, first *bool) []byte {
	mark := len(b)
	if !*first {
		b = append(b, ',')
	}
	b = appendString(b, k)
	b = append(b, ':')
	b, ok := w.value(b, k, v)
	if !ok {
		return b[:mark]
	}
	*first = false
	return b
}

func (w *jsonWriter) primitive(b []byte, v goja.Value) ([]byte, bool) {
	switch {
	case goja.IsNull(v):
		return append(b, "null"...), true
	case goja.IsString(v):
		return appendString(b, v.String()), true
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

// dynObject writes a data object: members the script never read straight
// from the document.
func (w *jsonWriter) dynObject(b []byte, o *jsObject) []byte {
	b = append(b, '{')
	first := true
	// Insertion order unless array-index keys come first; only then is a
	// member's place looked up by name.
	keys := o.keys()
	ordered := !slices.ContainsFunc(keys, isArrayIndex)
	if !ordered {
		keys = o.Keys()
	}
	for j, k := range keys {
		i := j
		if !ordered {
			i = o.index(k)
		}
		v := o.jsAt(i)
		if v == nil {
			if !first {
				b = append(b, ',')
			}
			b = appendString(b, k)
			b = append(b, ':')
			b = o.dv.d.appendJSON(b, o.val(i))
			first = false
			w.grew(b)
			continue
		}
		b = w.member(b, k, v, &first)
		w.grew(b)
	}
	return append(b, '}')
}

func (w *jsonWriter) dynArray(b []byte, a *jsArray) []byte {
	b = append(b, '[')
	for i := range a.js {
		if i > 0 {
			b = append(b, ',')
		}
		if a.js[i] == nil { // never read: written from the data
			b = a.dv.d.appendJSON(b, a.vals[i])
			w.grew(b)
			continue
		}
		var ok bool
		if b, ok = w.value(b, strconv.Itoa(i), a.js[i]); !ok {
			b = append(b, "null"...)
		}
		w.grew(b)
	}
	return append(b, ']')
}
