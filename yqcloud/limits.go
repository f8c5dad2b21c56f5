package yqcloud

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dlclark/regexp2/v2"
	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"
)

// Size limits of a hook. goja runs a built-in such as 'x'.repeat(n) or
// new Array(n).fill(0) as one Go call that neither the time limit nor the
// caller's context can stop, so the built-ins that make strings and
// arrays check the size first.
const (
	// maxStringLen bounds a string a built-in makes, in UTF-16 units
	// (16 to 32 MiB of memory), and the JSON a hook returns, in bytes.
	maxStringLen = 16 << 20
	// maxArrayLen bounds the length of an array a built-in makes or runs
	// over (about 64 MiB of element values).
	maxArrayLen = 1 << 22
	// regexMatchTimeout bounds one match of a regular expression that
	// goja runs with regexp2 (lookaround, backreferences): such a match
	// does not see goja's interrupt.
	regexMatchTimeout = 100 * time.Millisecond
)

// goja builds its regexp2 expressions with regexp2's default match
// timeout, which is "forever"; there is no per-runtime setting, so this
// sets the package default, for the whole process. A match that times out
// counts as no match in goja; RegExp.prototype.exec and test, which every
// RegExp method goes through in a hook, make it an error. A host that
// set the default itself keeps its value.
func init() {
	if regexp2.DefaultMatchTimeout == time.Duration(math.MaxInt64) {
		regexp2.DefaultMatchTimeout = regexMatchTimeout
	}
}

// bounds holds what the size checks need of a runtime.
type bounds struct {
	rt         *jsRuntime
	vm         *goja.Runtime
	rangeError *goja.Object          // the RangeError constructor
	joining    map[*goja.Object]bool // arrays being joined
	origJoin   goja.Callable
	stopped    func() bool // the run has been halted
}

// like makes fn a function object with the name and length of js.
func like(vm *goja.Runtime, fn func(goja.FunctionCall) goja.Value, js goja.Value) *goja.Object {
	f := vm.ToValue(fn).(*goja.Object)
	for _, p := range []string{"name", "length"} {
		if err := f.DefineDataProperty(p, js.(*goja.Object).Get(p), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE); err != nil {
			panic(err)
		}
	}
	return f
}

// throw throws a RangeError naming the built-in.
func (b *bounds) throw(builtin, format string, args ...any) {
	msg := builtin + ": " + fmt.Sprintf(format, args...)
	obj, err := b.vm.New(b.rangeError, b.vm.ToValue(msg))
	if err != nil {
		panic(err)
	}
	panic(obj)
}

func (b *bounds) checkString(builtin string, n float64) {
	if n > maxStringLen {
		b.throw(builtin, "a string of %.0f characters is over the %d MiB limit for hooks", n, maxStringLen>>20)
	}
}

func (b *bounds) checkArray(builtin string, n float64) {
	if n > maxArrayLen {
		b.throw(builtin, "an array of %.0f elements is over the limit of %d for hooks", n, maxArrayLen)
	}
}

// strLen is the length of a value as a string (its ToString).
func strLen(v goja.Value) int {
	if s, ok := v.(goja.String); ok {
		return s.Length()
	}
	if s, ok := v.ToString().(goja.String); ok {
		return s.Length()
	}
	return len(v.String())
}

// arrayLen is an object's length property as ToLength reads it.
func (b *bounds) arrayLen(v goja.Value) float64 {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return 0
	}
	o := v.ToObject(b.vm)
	n := o.Get("length")
	if n == nil {
		return 0
	}
	f := n.ToFloat()
	if math.IsNaN(f) || f < 0 {
		return 0
	}
	return f
}

// relIndex resolves a relative index argument (slice, fill) against n.
func relIndex(v goja.Value, n, def float64) float64 {
	if v == nil || goja.IsUndefined(v) {
		return def
	}
	i := math.Trunc(v.ToFloat())
	if math.IsNaN(i) {
		i = 0
	}
	if i < 0 {
		return math.Max(n+i, 0)
	}
	return math.Min(i, n)
}

// install wraps the built-ins that can make huge strings or arrays, or run
// a long Go loop, with size checks. It runs before `_` is installed and
// the built-ins are frozen.
func (b *bounds) install() error {
	vm := b.vm
	proto := func(name string) *goja.Object {
		return vm.Get(name).ToObject(vm).Get("prototype").ToObject(vm)
	}
	str, arr := proto("String"), proto("Array")
	wrap := func(o *goja.Object, name string, check func(call *goja.FunctionCall)) error {
		orig, ok := goja.AssertFunction(o.Get(name))
		if !ok {
			return fmt.Errorf("yqcloud: %s is not a function", name)
		}
		fn := func(call goja.FunctionCall) goja.Value {
			check(&call)
			v, err := orig(call.This, call.Arguments...)
			if err != nil {
				panic(err)
			}
			return v
		}
		return o.Set(name, like(vm, fn, o.Get(name)))
	}
	thisLen := func(call goja.FunctionCall) float64 {
		if goja.IsUndefined(call.This) || goja.IsNull(call.This) {
			return 0 // the built-in throws its own TypeError
		}
		return float64(strLen(call.This))
	}

	// Strings.
	if err := wrap(str, "repeat", func(call *goja.FunctionCall) {
		n := call.Argument(0).ToFloat()
		if l := thisLen(*call); l > 0 && n > 0 && !math.IsInf(n, 1) {
			b.checkString("String.prototype.repeat", l*math.Trunc(n))
		}
	}); err != nil {
		return err
	}
	for _, name := range []string{"padStart", "padEnd"} {
		if err := wrap(str, name, func(call *goja.FunctionCall) {
			if n := call.Argument(0).ToFloat(); n > float64(thisLen(*call)) {
				b.checkString("String.prototype."+name, n)
			}
		}); err != nil {
			return err
		}
	}
	if err := wrap(str, "concat", func(call *goja.FunctionCall) {
		n := thisLen(*call)
		args := make([]goja.Value, len(call.Arguments))
		for i, a := range call.Arguments {
			args[i] = a.ToString() // once: the built-in gets the strings
			n += float64(strLen(args[i]))
		}
		call.Arguments = args
		b.checkString("String.prototype.concat", n)
	}); err != nil {
		return err
	}
	// replace and replaceAll: each replacement goes through a Go function
	// that counts what it adds (a pattern such as $` repeats the string at
	// every match).
	for _, name := range []string{"replace", "replaceAll"} {
		if err := wrap(str, name, func(call *goja.FunctionCall) {
			if len(call.Arguments) < 2 || isNullish(call.This) {
				return
			}
			if _, isFn := goja.AssertFunction(call.Arguments[1]); !isFn {
				// A replacement pattern adds at most its length, plus the
				// string for each $, at each of at most l+1 matches: when
				// that is small the built-in runs as it is.
				l := thisLen(*call)
				repl := call.Arguments[1].ToString()
				call.Arguments = slices.Clone(call.Arguments)
				call.Arguments[1] = repl
				r, dollars := float64(strLen(repl)), float64(strings.Count(repl.String(), "$"))
				if l+(l+1)*(r+dollars*l) <= maxStringLen {
					return
				}
			}
			args := slices.Clone(call.Arguments)
			args[1] = b.replacer(args[1], "String.prototype."+name)
			call.Arguments = args
		}); err != nil {
			return err
		}
	}
	if err := wrap(str, "split", func(call *goja.FunctionCall) {
		l := float64(thisLen(*call))
		if l < maxArrayLen {
			return
		}
		n := l + 1 // a regular expression can split at every unit
		if sep, ok := call.Argument(0).(goja.String); ok {
			if n = l; sep.Length() > 0 {
				n = float64(countIn(call.This.String(), sep.String()) + 1)
			}
		}
		if lim := call.Argument(1); !goja.IsUndefined(lim) {
			n = math.Min(n, float64(uint32(lim.ToInteger())))
		}
		b.checkArray("String.prototype.split", n)
	}); err != nil {
		return err
	}

	// Arrays: every method that runs over this.length in Go.
	for _, name := range []string{"map", "forEach", "filter", "reduce", "reduceRight", "every", "some",
		"find", "findIndex", "findLast", "findLastIndex", "indexOf", "lastIndexOf", "includes",
		"slice", "splice", "reverse", "sort", "flat", "flatMap", "copyWithin", "toLocaleString",
		"toReversed", "toSorted", "toSpliced", "with", "keys", "values", "entries", "shift", "unshift"} {
		if goja.IsUndefined(arr.Get(name)) {
			continue
		}
		if err := wrap(arr, name, func(call *goja.FunctionCall) {
			b.checkArray("Array.prototype."+name, b.arrayLen(call.This))
		}); err != nil {
			return err
		}
	}
	if err := wrap(arr, "fill", func(call *goja.FunctionCall) {
		n := b.arrayLen(call.This)
		b.checkArray("Array.prototype.fill", relIndex(call.Argument(2), n, n)-relIndex(call.Argument(1), n, 0))
	}); err != nil {
		return err
	}
	if err := wrap(arr, "concat", func(call *goja.FunctionCall) {
		n := b.arrayLen(call.This)
		for _, a := range call.Arguments {
			if o, ok := a.(*goja.Object); ok && o.ClassName() == "Array" {
				n += b.arrayLen(o)
			} else {
				n++
			}
		}
		b.checkArray("Array.prototype.concat", n)
	}); err != nil {
		return err
	}
	// Spreading and for-of go through the iterators: an array's is its
	// (checked) values.
	if err := arr.SetSymbol(goja.SymIterator, arr.Get("values")); err != nil {
		return err
	}
	for _, o := range []struct {
		obj  *goja.Object
		name string
		size func(goja.Value) float64
	}{{str, "String.prototype[Symbol.iterator]", func(v goja.Value) float64 { return float64(strLen(v)) }}} {
		orig, ok := goja.AssertFunction(o.obj.GetSymbol(goja.SymIterator))
		if !ok {
			return fmt.Errorf("yqcloud: %s is not a function", o.name)
		}
		fn := func(call goja.FunctionCall) goja.Value {
			if !isNullish(call.This) {
				b.checkArray(o.name, o.size(call.This))
			}
			v, err := orig(call.This, call.Arguments...)
			if err != nil {
				panic(err)
			}
			return v
		}
		if err := o.obj.SetSymbol(goja.SymIterator, like(vm, fn, o.obj.GetSymbol(goja.SymIterator))); err != nil {
			return err
		}
	}
	// Calls with an array of arguments, and what lists a string's indexes.
	fnProto := proto("Function")
	if err := wrap(fnProto, "apply", func(call *goja.FunctionCall) {
		b.checkArray("Function.prototype.apply", b.arrayLen(call.Argument(1)))
	}); err != nil {
		return err
	}
	reflect := vm.Get("Reflect").ToObject(vm)
	for _, name := range []string{"apply", "construct"} {
		arg := 2
		if name == "construct" {
			arg = 1
		}
		if err := wrap(reflect, name, func(call *goja.FunctionCall) {
			b.checkArray("Reflect."+name, b.arrayLen(call.Argument(arg)))
		}); err != nil {
			return err
		}
	}
	objCtor := vm.Get("Object").ToObject(vm)
	for _, name := range []string{"keys", "values", "entries", "getOwnPropertyNames", "assign"} {
		if err := wrap(objCtor, name, func(call *goja.FunctionCall) {
			for _, a := range call.Arguments {
				if goja.IsString(a) || (isObject(a) && a.(*goja.Object).ClassName() == "String") {
					b.checkArray("Object."+name, float64(strLen(a)))
				}
			}
		}); err != nil {
			return err
		}
	}

	b.origJoin, _ = goja.AssertFunction(arr.Get("join"))
	if err := arr.Set("join", like(vm, b.join, arr.Get("join"))); err != nil {
		return err
	}
	ctor := vm.Get("Array").ToObject(vm)
	if err := wrap(ctor, "from", func(call *goja.FunctionCall) {
		b.checkArray("Array.from", b.arrayLen(call.Argument(0)))
	}); err != nil {
		return err
	}

	// Regular expressions: exec and test stop a run that was halted (a
	// global replace calls exec in Go for each match) and turn a match
	// regexp2 gave up on, which goja reads as no match, into an error.
	// Replacing exec makes every RegExp method go through it.
	re := proto("RegExp")
	for _, name := range []string{"exec", "test"} {
		orig, ok := goja.AssertFunction(re.Get(name))
		if !ok {
			return fmt.Errorf("yqcloud: RegExp.prototype.%s is not a function", name)
		}
		fn := func(call goja.FunctionCall) goja.Value {
			if b.stopped() {
				b.throw("RegExp.prototype."+name, "stopped")
			}
			start := time.Now()
			v, err := orig(call.This, call.Arguments...)
			if err != nil {
				panic(err)
			}
			// A match regexp2 gave up on is no match, after the timeout; a
			// slow match of RE2 (never stopped), or one that found
			// something, is left alone.
			if time.Since(start) >= regexMatchTimeout && (goja.IsNull(v) || !v.ToBoolean()) && usesRegexp2(vm, call.This) {
				b.throw("RegExp.prototype."+name, "%s did not finish one match within %s on a string of %d characters (it backtracks too much; simplify the pattern or match a shorter string)",
					call.This.String(), regexMatchTimeout, strLen(call.Argument(0)))
			}
			return v
		}
		if err := re.Set(name, like(vm, fn, re.Get(name))); err != nil {
			return err
		}
	}

	// JSON.stringify writes with the size limit.
	json := vm.Get("JSON").ToObject(vm)
	orig, _ := goja.AssertFunction(json.Get("stringify"))
	return json.Set("stringify", like(vm, func(call goja.FunctionCall) goja.Value {
		return b.stringify(orig, call)
	}, json.Get("stringify")))
}

// replacer returns the replacement function a replace call runs with:
// the script's function, or the expansion of its replacement pattern, and
// a count of the characters they add, which throws past the limit. The
// rest of the result is at most the original string.
func (b *bounds) replacer(rv goja.Value, builtin string) goja.Value {
	fn, isFn := goja.AssertFunction(rv)
	var pattern goja.String
	if !isFn {
		pattern, _ = rv.ToString().(goja.String)
	}
	total := 0
	return b.vm.ToValue(func(call goja.FunctionCall) goja.Value {
		var out goja.Value
		if isFn {
			v, err := fn(goja.Undefined(), call.Arguments...)
			if err != nil {
				panic(err)
			}
			out = v.ToString()
		} else {
			out = substitute(b.vm, pattern, call.Arguments)
		}
		total += strLen(out)
		b.checkString(builtin, float64(total))
		return out
	})
}

// substitute expands a replacement pattern for one match, as the
// specification's GetSubstitution: $$, $&, $`, $', $n, $nn and $<name>.
// args are what a replacement function gets: the match, the captures,
// the position, the string and, if there are named groups, them.
func substitute(vm *goja.Runtime, pattern goja.String, args []goja.Value) goja.Value {
	if pattern == nil {
		return vm.ToValue("")
	}
	n := pattern.Length()
	dollar := false
	for i := 0; i < n && !dollar; i++ {
		dollar = pattern.CharAt(i) == '$'
	}
	if !dollar {
		return pattern
	}
	var groups goja.Value
	if len(args) > 0 && isObject(args[len(args)-1]) {
		groups, args = args[len(args)-1], args[:len(args)-1]
	}
	if len(args) < 3 {
		return pattern
	}
	str, _ := args[len(args)-1].ToString().(goja.String)
	pos := int(args[len(args)-2].ToInteger())
	matched, _ := args[0].ToString().(goja.String)
	captures := args[1 : len(args)-2]
	if str == nil || matched == nil {
		return pattern
	}
	var sb goja.StringBuilder
	write := func(v goja.Value) {
		if !isNullish(v) {
			if s, ok := v.ToString().(goja.String); ok {
				sb.WriteString(s)
			}
		}
	}
	digit := func(i int) (int, bool) {
		if i < n {
			if c := pattern.CharAt(i); c >= '0' && c <= '9' {
				return int(c - '0'), true
			}
		}
		return 0, false
	}
	last := 0
	for i := 0; i < n-1; i++ {
		if pattern.CharAt(i) != '$' {
			continue
		}
		sb.WriteSubstring(pattern, last, i)
		last = i + 2
		switch c := pattern.CharAt(i + 1); {
		case c == '$':
			sb.WriteSubstring(pattern, i+1, i+2)
		case c == '&':
			sb.WriteString(matched)
		case c == '`':
			sb.WriteSubstring(str, 0, min(max(pos, 0), str.Length()))
		case c == '\'':
			sb.WriteSubstring(str, min(max(pos+matched.Length(), 0), str.Length()), str.Length())
		case c >= '0' && c <= '9':
			d1, _ := digit(i + 1)
			if d2, ok := digit(i + 2); ok && d1*10+d2 >= 1 && d1*10+d2 <= len(captures) {
				write(captures[d1*10+d2-1])
				last = i + 3
			} else if d1 >= 1 && d1 <= len(captures) {
				write(captures[d1-1])
			} else {
				last = i // not a capture: as written
			}
		case c == '<' && groups != nil:
			end := -1
			for j := i + 2; j < n; j++ {
				if pattern.CharAt(j) == '>' {
					end = j
					break
				}
			}
			if end < 0 {
				last = i
				break
			}
			write(groups.ToObject(vm).Get(pattern.Substring(i+2, end).String()))
			last = end + 1
		default:
			last = i // a lone $: as written
		}
		if last > i+1 {
			i = last - 1
		}
	}
	sb.WriteSubstring(pattern, last, n)
	return sb.String()
}

// usesRegexp2 reports whether goja runs the regular expression re with
// regexp2 (it cannot with RE2), as goja decides: by the pattern's
// translation to RE2 syntax. Unsure is yes.
func usesRegexp2(vm *goja.Runtime, re goja.Value) bool {
	o, ok := re.(*goja.Object)
	if !ok {
		return true
	}
	src, flags := o.Get("source"), o.Get("flags")
	if src == nil || flags == nil {
		return true
	}
	f := flags.String()
	re2, err := parser.TransformRegExp(src.String(), strings.Contains(f, "s"), strings.Contains(f, "u"))
	if err != nil {
		return true
	}
	_, err = regexp.Compile(re2)
	return err != nil
}

// countIn counts the non-overlapping sep in s, up to maxArrayLen.
func countIn(s, sep string) int {
	n := 0
	for i := 0; n <= maxArrayLen; n++ {
		j := strings.Index(s[i:], sep)
		if j < 0 {
			break
		}
		i += j + len(sep)
	}
	return n
}

// join is Array.prototype.join with the result's size checked before it
// is made. Primitives are measured where they are; if an element is an
// object it is converted once and the built-in joins the strings. An
// array met again while it is joined is "", as in V8.
func (b *bounds) join(call goja.FunctionCall) goja.Value {
	vm := b.vm
	o := call.This.ToObject(vm)
	if b.joining[o] {
		return vm.ToValue("")
	}
	n := b.arrayLen(o)
	b.checkArray("Array.prototype.join", n)
	sep := call.Argument(0)
	if !goja.IsUndefined(sep) {
		sep = sep.ToString()
	}
	sepLen := 1.0
	if !goja.IsUndefined(sep) {
		sepLen = float64(strLen(sep))
	}
	if b.joining == nil {
		b.joining = map[*goja.Object]bool{}
	}
	b.joining[o] = true
	defer delete(b.joining, o)
	var parts []any // the elements as strings, once an object is met
	total := sepLen * math.Max(n-1, 0)
	for i := 0; i < int(n); i++ {
		if i&0xfff == 0xfff && b.stopped() {
			b.throw("Array.prototype.join", "stopped")
		}
		e := o.Get(strconv.Itoa(i))
		var s goja.Value
		switch {
		case isNullish(e):
			s = vm.ToValue("")
		case isObject(e):
			if parts == nil {
				parts = make([]any, i, int(n))
				for j := range parts {
					parts[j] = o.Get(strconv.Itoa(j)) // primitives: converted by the built-in
				}
			}
			s = e.ToString()
		default:
			s = e
			if !goja.IsString(e) {
				s = e.ToString()
			}
		}
		total += float64(strLen(s))
		b.checkString("Array.prototype.join", total)
		if parts != nil {
			parts = append(parts, s)
		}
	}
	target := goja.Value(o)
	if parts != nil {
		target = vm.NewArray(parts...)
	}
	v, err := b.origJoin(target, sep)
	if err != nil {
		panic(err)
	}
	return v
}

func isObject(v goja.Value) bool { _, ok := v.(*goja.Object); return ok }

// stringify is JSON.stringify with the size limit: a call with only a
// value is written by the runtime's JSON writer (which checks the size as
// it goes); with a replacer or an indent the writer checks the size first
// and the built-in writes.
func (b *bounds) stringify(orig goja.Callable, call goja.FunctionCall) goja.Value {
	w := jsonWriter{rt: b.rt, what: "JSON.stringify"}
	buf, ok := w.value(make([]byte, 0, 64), "", call.Argument(0))
	if len(call.Arguments) <= 1 || (isNullish(call.Argument(1)) && isNullish(call.Argument(2))) {
		if !ok {
			return goja.Undefined()
		}
		return b.vm.ToValue(string(buf))
	}
	v, err := orig(goja.Undefined(), call.Arguments...)
	if err != nil {
		panic(err)
	}
	return v
}

func isNullish(v goja.Value) bool { return v == nil || goja.IsUndefined(v) || goja.IsNull(v) }
