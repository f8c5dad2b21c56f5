package jsbox

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dlclark/regexp2/v2"
	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"
	"golang.org/x/text/unicode/norm"
)

// Size limits of a hook. goja runs a built-in such as 'x'.repeat(n) or
// new Array(n).fill(0) as one Go call that neither the time limit nor the
// caller's context can stop, so the built-ins that make strings and
// arrays check the size first.
const (
	// MaxStringLen bounds a string a built-in makes, in UTF-16 units
	// (16 to 32 MiB of memory), and the JSON a hook returns, in bytes.
	MaxStringLen = 16 << 20
	// MaxArrayLen bounds the length of an array a built-in makes or runs
	// over (about 64 MiB of element values).
	MaxArrayLen = 1 << 22
	// MaxSourceLen bounds the source eval and the Function constructors
	// compile at run time, in bytes: goja parses and compiles it in one
	// Go call, with an AST many times its size.
	MaxSourceLen = 1 << 20
	// MaxJSONContainers bounds the objects and arrays JSON.parse makes
	// (each takes a few hundred bytes); MaxArrayLen bounds its values.
	MaxJSONContainers = 1 << 19
	// MaxKeys bounds the properties or entries Object.assign,
	// Object.entries and Object.fromEntries make.
	MaxKeys = 1 << 20
	// MaxNesting bounds the nesting of arrays that flat, join (and
	// toString) and toLocaleString go into: they recurse in Go, and a Go
	// stack overflow ends the process (String(x) of an array nested 10^6
	// deep did).
	MaxNesting = 1000
	// NormalizeGrowth is the most String.prototype.normalize can grow a
	// string by (NFKC of U+FDFA gives 18 characters).
	NormalizeGrowth = 18
	// MaxBoundName bounds the name of a function bind binds: "bound "
	// 170 times over, a chain no script needs.
	MaxBoundName = 1 << 10
	// RegexMatchTimeout bounds one match of a regular expression that
	// goja runs with regexp2 (lookaround, backreferences): such a match
	// does not see goja's interrupt.
	RegexMatchTimeout = 100 * time.Millisecond
)

// goja builds its regexp2 expressions with regexp2's default match
// timeout, which is "forever"; there is no per-runtime setting, so this
// sets the package default, for the whole process. A match that times out
// counts as no match in goja; RegExp.prototype.exec and test, which every
// RegExp method goes through in a hook, make it an error. A host that
// set the default itself keeps its value.
func init() {
	if regexp2.DefaultMatchTimeout == time.Duration(math.MaxInt64) {
		regexp2.DefaultMatchTimeout = RegexMatchTimeout
	}
}

// Bounds are the size checks of a runtime's built-ins: New installs them
// in a fresh runtime, before its globals are frozen.
type Bounds struct {
	vm         *goja.Runtime
	rangeError *goja.Object          // the RangeError constructor
	joining    map[*goja.Object]bool // arrays being joined
	// Elements the outermost join or toLocaleString visited, with the
	// nested ones: an array of itself twice, 40 deep, is 2^40.
	joinVisits, localeVisits float64
	localeDepth              int // toLocaleString calls under way
	origJoin                 goja.Callable
	// Stopped reports that the run has been halted: the long Go loops of
	// the built-ins check it.
	Stopped func() bool
	// write appends v as compact JSON, checking the size as it goes
	// (JSON.stringify writes with it); ok is false when v has no JSON
	// form.
	write func(b []byte, v goja.Value) (out []byte, ok bool)
	// what names the sandbox in errors: "hooks", "scripts".
	what string

	syntaxError *goja.Object // the SyntaxError constructor
	isArray     goja.Callable
	compares    int // calls of sortCompare, for its checks of stopped

	// The run's Symbol.for registry (goja's own is the runtime's, kept
	// from run to run).
	symbols    map[string]*goja.Symbol
	symbolKeys map[*goja.Symbol]string
}

// New installs the size checks in vm, a fresh runtime: what names the
// sandbox in the errors ("hooks"), stopped reports a halted run, and write
// is the JSON writer of JSON.stringify (Writer's, or the host's own).
func New(vm *goja.Runtime, what string, stopped func() bool, write func(b []byte, v goja.Value) ([]byte, bool)) (*Bounds, error) {
	b := &Bounds{vm: vm, what: what, Stopped: stopped, write: write,
		rangeError: vm.Get("RangeError").ToObject(vm)}
	if err := b.install(); err != nil {
		return nil, err
	}
	return b, nil
}

// Reset forgets what a run left: its Symbol.for registry.
func (b *Bounds) Reset() { b.symbols, b.symbolKeys = nil, nil }

// Symbols is the size of the run's Symbol.for registry.
func (b *Bounds) Symbols() int { return len(b.symbols) }

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
func (b *Bounds) Throw(builtin, format string, args ...any) {
	msg := builtin + ": " + fmt.Sprintf(format, args...)
	if b.what != "hooks" {
		msg = strings.ReplaceAll(msg, "for hooks", "for "+b.what)
	}
	obj, err := b.vm.New(b.rangeError, b.vm.ToValue(msg))
	if err != nil {
		panic(err)
	}
	panic(obj)
}

func (b *Bounds) CheckString(builtin string, n float64) {
	if n > MaxStringLen {
		b.Throw(builtin, "a string of %.0f characters is over the %d MiB limit for hooks", n, MaxStringLen>>20)
	}
}

func (b *Bounds) CheckArray(builtin string, n float64) {
	if n > MaxArrayLen {
		b.Throw(builtin, "an array of %.0f elements is over the limit of %d for hooks", n, MaxArrayLen)
	}
}

// strLen is the length of a value as a string (its ToString).
func StrLen(v goja.Value) int {
	if s, ok := v.(goja.String); ok {
		return s.Length()
	}
	if s, ok := v.ToString().(goja.String); ok {
		return s.Length()
	}
	return len(v.String())
}

// arrayLen is an object's length property as ToLength reads it.
func (b *Bounds) arrayLen(v goja.Value) float64 {
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
func (b *Bounds) install() error {
	vm := b.vm
	proto := func(name string) *goja.Object {
		return vm.Get(name).ToObject(vm).Get("prototype").ToObject(vm)
	}
	str, arr := proto("String"), proto("Array")
	wrap := func(o *goja.Object, name string, check func(call *goja.FunctionCall)) error {
		orig, ok := goja.AssertFunction(o.Get(name))
		if !ok {
			return fmt.Errorf("jsbox: %s is not a function", name)
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
		return float64(StrLen(call.This))
	}

	// Strings.
	if err := wrap(str, "repeat", func(call *goja.FunctionCall) {
		n := call.Argument(0).ToFloat()
		if l := thisLen(*call); l > 0 && n > 0 && !math.IsInf(n, 1) {
			b.CheckString("String.prototype.repeat", l*math.Trunc(n))
		}
	}); err != nil {
		return err
	}
	for _, name := range []string{"padStart", "padEnd"} {
		if err := wrap(str, name, func(call *goja.FunctionCall) {
			if n := call.Argument(0).ToFloat(); n > float64(thisLen(*call)) {
				b.CheckString("String.prototype."+name, n)
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
			n += float64(StrLen(args[i]))
		}
		call.Arguments = args
		b.CheckString("String.prototype.concat", n)
	}); err != nil {
		return err
	}
	// replace and replaceAll: each replacement goes through a Go function
	// that counts what it adds (a pattern such as $` repeats the string at
	// every match).
	for _, name := range []string{"replace", "replaceAll"} {
		if err := wrap(str, name, func(call *goja.FunctionCall) {
			if len(call.Arguments) < 2 || IsNullish(call.This) {
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
				r, dollars := float64(StrLen(repl)), float64(strings.Count(repl.String(), "$"))
				if l+(l+1)*(r+dollars*l) <= MaxStringLen {
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
		if l < MaxArrayLen {
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
		b.CheckArray("String.prototype.split", n)
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
			b.CheckArray("Array.prototype."+name, b.arrayLen(call.This))
		}); err != nil {
			return err
		}
	}
	if err := wrap(arr, "fill", func(call *goja.FunctionCall) {
		n := b.arrayLen(call.This)
		b.CheckArray("Array.prototype.fill", relIndex(call.Argument(2), n, n)-relIndex(call.Argument(1), n, 0))
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
		b.CheckArray("Array.prototype.concat", n)
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
	}{{str, "String.prototype[Symbol.iterator]", func(v goja.Value) float64 { return float64(StrLen(v)) }}} {
		orig, ok := goja.AssertFunction(o.obj.GetSymbol(goja.SymIterator))
		if !ok {
			return fmt.Errorf("jsbox: %s is not a function", o.name)
		}
		fn := func(call goja.FunctionCall) goja.Value {
			if !IsNullish(call.This) {
				b.CheckArray(o.name, o.size(call.This))
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
		b.CheckArray("Function.prototype.apply", b.arrayLen(call.Argument(1)))
	}); err != nil {
		return err
	}
	// bind names the bound function "bound " + the target's name: a chain
	// of binds keeps names that grow by 6 characters a link, so memory
	// grows with the square of the chain (10^5 links took 10 GiB).
	if err := wrap(fnProto, "bind", func(call *goja.FunctionCall) {
		if o, ok := call.This.(*goja.Object); ok {
			if n, ok := o.Get("name").(goja.String); ok && n.Length() > MaxBoundName {
				b.Throw("Function.prototype.bind", "a function named with %d characters is over the limit of %d for hooks (a chain of binds?)", n.Length(), MaxBoundName)
			}
		}
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
			b.CheckArray("Reflect."+name, b.arrayLen(call.Argument(arg)))
		}); err != nil {
			return err
		}
	}
	objCtor := vm.Get("Object").ToObject(vm)
	for _, name := range []string{"keys", "values", "entries", "getOwnPropertyNames", "assign"} {
		if err := wrap(objCtor, name, func(call *goja.FunctionCall) {
			for _, a := range call.Arguments {
				if n, ok := stringLike(a); ok {
					b.CheckArray("Object."+name, float64(n))
				}
			}
		}); err != nil {
			return err
		}
	}
	if err := wrap(reflect, "ownKeys", func(call *goja.FunctionCall) {
		if n, ok := stringLike(call.Argument(0)); ok {
			b.CheckArray("Reflect.ownKeys", float64(n))
		}
	}); err != nil {
		return err
	}

	// toLocaleString recurses into nested arrays in Go, as join does.
	if origLocale, ok := goja.AssertFunction(arr.Get("toLocaleString")); ok {
		if err := arr.Set("toLocaleString", like(vm, func(call goja.FunctionCall) goja.Value {
			if b.localeDepth >= MaxNesting {
				b.Throw("Array.prototype.toLocaleString", "arrays nested over %d deep are over the limit for hooks", MaxNesting)
			}
			if b.Stopped() {
				b.Throw("Array.prototype.toLocaleString", "stopped")
			}
			if b.localeDepth == 0 {
				b.localeVisits = 0
			}
			if b.localeVisits += b.arrayLen(call.This); b.localeVisits > MaxArrayLen {
				b.Throw("Array.prototype.toLocaleString", "it visits over %d elements, the limit for hooks", MaxArrayLen)
			}
			b.localeDepth++
			defer func() { b.localeDepth-- }()
			v, err := origLocale(call.This, call.Arguments...)
			if err != nil {
				panic(err)
			}
			return v
		}, arr.Get("toLocaleString"))); err != nil {
			return err
		}
	}
	b.origJoin, _ = goja.AssertFunction(arr.Get("join"))
	if err := arr.Set("join", like(vm, b.join, arr.Get("join"))); err != nil {
		return err
	}
	ctor := vm.Get("Array").ToObject(vm)
	if err := wrap(ctor, "from", func(call *goja.FunctionCall) {
		b.CheckArray("Array.from", b.arrayLen(call.Argument(0)))
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
			return fmt.Errorf("jsbox: RegExp.prototype.%s is not a function", name)
		}
		fn := func(call goja.FunctionCall) goja.Value {
			if b.Stopped() {
				b.Throw("RegExp.prototype."+name, "stopped")
			}
			start := time.Now()
			v, err := orig(call.This, call.Arguments...)
			if err != nil {
				panic(err)
			}
			// A match regexp2 gave up on is no match, after the timeout; a
			// slow match of RE2 (never stopped), or one that found
			// something, is left alone.
			if time.Since(start) >= RegexMatchTimeout && (goja.IsNull(v) || !v.ToBoolean()) && UsesRegexp2(vm, call.This) {
				b.Throw("RegExp.prototype."+name, "%s did not finish one match within %s on a string of %d characters (it backtracks too much; simplify the pattern or match a shorter string)",
					call.This.String(), RegexMatchTimeout, StrLen(call.Argument(0)))
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
	if err := json.Set("stringify", like(vm, func(call goja.FunctionCall) goja.Value {
		return b.stringify(orig, call)
	}, json.Get("stringify"))); err != nil {
		return err
	}
	return b.installRealm(wrap)
}

// replacer returns the replacement function a replace call runs with:
// the script's function, or the expansion of its replacement pattern, and
// a count of the characters they add, which throws past the limit. The
// rest of the result is at most the original string.
func (b *Bounds) replacer(rv goja.Value, builtin string) goja.Value {
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
			out = Substitute(b.vm, pattern, call.Arguments)
		}
		total += StrLen(out)
		b.CheckString(builtin, float64(total))
		return out
	})
}

// substitute expands a replacement pattern for one match, as the
// specification's GetSubstitution: $$, $&, $`, $', $n, $nn and $<name>.
// args are what a replacement function gets: the match, the captures,
// the position, the string and, if there are named groups, them.
func Substitute(vm *goja.Runtime, pattern goja.String, args []goja.Value) goja.Value {
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
	if len(args) > 0 && IsObject(args[len(args)-1]) {
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
		if !IsNullish(v) {
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
func UsesRegexp2(vm *goja.Runtime, re goja.Value) bool {
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

// countIn counts the non-overlapping sep in s, up to MaxArrayLen.
func countIn(s, sep string) int {
	n := 0
	for i := 0; n <= MaxArrayLen; n++ {
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
func (b *Bounds) join(call goja.FunctionCall) goja.Value {
	vm := b.vm
	o := call.This.ToObject(vm)
	if b.joining[o] {
		return vm.ToValue("")
	}
	if len(b.joining) >= MaxNesting {
		b.Throw("Array.prototype.join", "arrays nested over %d deep are over the limit for hooks", MaxNesting)
	}
	if b.Stopped() {
		b.Throw("Array.prototype.join", "stopped")
	}
	n := b.arrayLen(o)
	b.CheckArray("Array.prototype.join", n)
	if len(b.joining) == 0 {
		b.joinVisits = 0
	}
	if b.joinVisits += n; b.joinVisits > MaxArrayLen {
		b.Throw("Array.prototype.join", "joining visits over %d elements, the limit for hooks", MaxArrayLen)
	}
	sep := call.Argument(0)
	if !goja.IsUndefined(sep) {
		sep = sep.ToString()
	}
	sepLen := 1.0
	if !goja.IsUndefined(sep) {
		sepLen = float64(StrLen(sep))
	}
	if b.joining == nil {
		b.joining = map[*goja.Object]bool{}
	}
	b.joining[o] = true
	defer delete(b.joining, o)
	var parts []any // the elements as strings, once an object is met
	total := sepLen * math.Max(n-1, 0)
	for i := 0; i < int(n); i++ {
		if i&0xfff == 0xfff && b.Stopped() {
			b.Throw("Array.prototype.join", "stopped")
		}
		e := o.Get(strconv.Itoa(i))
		var s goja.Value
		switch {
		case IsNullish(e):
			s = vm.ToValue("")
		case IsObject(e):
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
		total += float64(StrLen(s))
		b.CheckString("Array.prototype.join", total)
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

func IsObject(v goja.Value) bool { _, ok := v.(*goja.Object); return ok }

// stringify is JSON.stringify with the size limit: a call with only a
// value, or a value and an indent, is written by the runtime's JSON writer
// (which checks the size as it goes, and the indented size before it
// indents); with a replacer the writer checks the size of the value
// (indented if there is an indent) first and the built-in writes. A
// replacer can return more than it was given: that output is bounded by
// the run's time only.
func (b *Bounds) stringify(orig goja.Callable, call goja.FunctionCall) goja.Value {
	buf, ok := b.write(make([]byte, 0, 64), call.Argument(0))
	if len(call.Arguments) <= 1 || (IsNullish(call.Argument(1)) && IsNullish(call.Argument(2))) {
		if !ok {
			return goja.Undefined()
		}
		return b.vm.ToValue(string(buf))
	}
	// An indent puts every value on a line of its own, indented as deep
	// as it is nested (a thousand levels of ten spaces each, for every
	// element of an array at the bottom). Without a replacer the compact
	// text, which is within the limit, is indented here, its size counted
	// first. With one, the built-in writes, after the same count, which
	// also counts what goja's writer adds: it leaves the indent one step
	// deeper after each empty array or object until the container around
	// them ends ([[], [], ...] indents the nth element n steps).
	gap := b.gap(call.Argument(2))
	if gap != "" && ok {
		replacer := !IsNullish(call.Argument(1))
		b.CheckString("JSON.stringify", float64(len(buf))+IndentExtra(buf, len(gap), replacer))
		if !replacer {
			// encoding/json indents as JSON.stringify specifies: a member's
			// colon followed by one space, empty containers kept closed.
			var out bytes.Buffer
			out.Grow(len(buf) + int(IndentExtra(buf, len(gap), false)))
			if err := json.Indent(&out, buf, "", gap); err != nil {
				panic(b.vm.NewGoError(err))
			}
			return b.vm.ToValue(out.String())
		}
	}
	v, err := orig(goja.Undefined(), call.Arguments...)
	if err != nil {
		panic(err)
	}
	return v
}

// gap is the indent JSON.stringify writes for space: up to 10 spaces for
// a number, the first 10 units of a string.
func (b *Bounds) gap(space goja.Value) string {
	if o, ok := space.(*goja.Object); ok {
		switch o.ClassName() {
		case "Number":
			space = o.ToNumber()
		case "String":
			space = b.toStr(o)
		}
	}
	switch {
	case goja.IsNumber(space):
		if n := space.ToFloat(); n >= 1 {
			return strings.Repeat(" ", int(math.Min(10, math.Trunc(n))))
		}
	case goja.IsString(space):
		s := b.toStr(space)
		return s.Substring(0, min(10, s.Length())).String()
	}
	return ""
}

// indentExtra is what an indent of gap characters adds to the compact
// JSON js: a newline and the indent before each member and before the
// end of each non-empty container, and a space after each colon. leak:
// as goja's writer indents, an empty container leaving the indent a step
// deeper, for the containers after it, until the one around it ends (its
// own members keep the indent they started with).
func IndentExtra(js []byte, gap int, leak bool) float64 {
	type container struct{ outer, members int } // indent levels
	extra, level := 0.0, 0
	var open []container
	var str jsonString
	for i, c := range js {
		if str.holds(c) {
			continue
		}
		switch c {
		case '[', '{':
			open = append(open, container{level, level + 1})
			level++
			if i+1 < len(js) && js[i+1] != ']' && js[i+1] != '}' {
				extra += 1 + float64(gap*level)
			}
		case ',':
			extra += 1 + float64(gap*open[len(open)-1].members)
		case ':':
			extra++
		case ']', '}':
			top := open[len(open)-1]
			open = open[:len(open)-1]
			if i > 0 && (js[i-1] == '[' || js[i-1] == '{') {
				if !leak {
					level = top.outer
				}
				continue
			}
			extra += 1 + float64(gap*top.outer)
			level = top.outer
		}
	}
	return extra
}

// raw is String.raw with the size checked as it is made: it goes over
// raw.length segments (String.raw({raw: {length: 2 ** 30}}) wrote
// "undefined" a billion times in one Go call).
func (b *Bounds) raw(call goja.FunctionCall) goja.Value {
	vm := b.vm
	raw := call.Argument(0).ToObject(vm).Get("raw")
	if raw == nil {
		raw = goja.Undefined()
	}
	segs := raw.ToObject(vm)
	n := b.arrayLen(segs)
	if n < 1 {
		return vm.ToValue("")
	}
	b.CheckArray("String.raw", n)
	var sb goja.StringBuilder
	total := 0.0
	add := func(v goja.Value) {
		if v == nil {
			v = goja.Undefined()
		}
		s := b.toStr(v)
		if total += float64(s.Length()); total > MaxStringLen {
			b.CheckString("String.raw", total)
		}
		sb.WriteString(s)
	}
	for i := 0; ; i++ {
		if i&0xfff == 0xfff && b.Stopped() {
			b.Throw("String.raw", "stopped")
		}
		add(segs.Get(strconv.Itoa(i)))
		if float64(i+1) >= n {
			return sb.String()
		}
		if i+1 < len(call.Arguments) {
			add(call.Arguments[i+1])
		}
	}
}

func IsNullish(v goja.Value) bool { return v == nil || goja.IsUndefined(v) || goja.IsNull(v) }

// installRealm removes what hooks do not need and cannot be bounded, and
// bounds the rest of the built-ins that allocate or loop in one Go call:
//
//   - BigInt: its operators (2n ** 100000000n, a product, a shift, a
//     toString) run in one instruction for as long as they like. The
//     global is removed, and BigInt literals are refused where code is
//     compiled: the hooks at load (compileHook), eval and the Function,
//     GeneratorFunction and AsyncFunction constructors at run time. The
//     typed arrays and DataView go too (BigInt64Array and the DataView
//     getters make BigInts; new Float64Array(2 ** 27) takes 1 GiB in one
//     instruction), and ArrayBuffer keeps only isView (lodash's
//     isTypedArray asks it; it is false for everything now).
//   - eval and the Function constructors refuse sources over
//     MaxSourceLen. eval is a wrapper, so every eval is an indirect one
//     (global scope).
//   - Symbol.for keeps a registry per run: goja's is the runtime's, which
//     a run could fill for every later one.
//   - normalize, flat, flatMap, sort and toSorted without a comparator,
//     String.raw, and JSON.parse check the size (or the time) of what
//     they make.
func (b *Bounds) installRealm(wrap func(o *goja.Object, name string, check func(call *goja.FunctionCall)) error) error {
	vm := b.vm
	global := vm.GlobalObject()
	b.syntaxError = vm.Get("SyntaxError").ToObject(vm)
	arrCtor := vm.Get("Array").ToObject(vm)
	b.isArray, _ = goja.AssertFunction(arrCtor.Get("isArray"))

	// What goes.
	ab := vm.Get("ArrayBuffer").ToObject(vm)
	stubFn, err := vm.RunProgram(arrayBufferStub)
	if err != nil {
		return err
	}
	stub := stubFn.ToObject(vm)
	if err := stub.Set("isView", ab.Get("isView")); err != nil {
		return err
	}
	for _, name := range []string{"BigInt", "DataView", "Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array",
		"Int32Array", "Uint32Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array"} {
		if err := global.Delete(name); err != nil {
			return err
		}
	}
	if err := global.Set("ArrayBuffer", stub); err != nil {
		return err
	}

	// Symbol.for and Symbol.keyFor over the run's registry.
	sym := vm.Get("Symbol").ToObject(vm)
	if err := sym.Set("for", like(vm, func(call goja.FunctionCall) goja.Value {
		if _, ok := call.Argument(0).(*goja.Symbol); ok {
			panic(vm.NewTypeError("Cannot convert a Symbol value to a string"))
		}
		key := call.Argument(0).String()
		if s, ok := b.symbols[key]; ok {
			return s
		}
		if b.symbols == nil {
			b.symbols, b.symbolKeys = map[string]*goja.Symbol{}, map[*goja.Symbol]string{}
		}
		s := goja.NewSymbol(key)
		b.symbols[key], b.symbolKeys[s] = s, key
		return s
	}, sym.Get("for"))); err != nil {
		return err
	}
	if err := sym.Set("keyFor", like(vm, func(call goja.FunctionCall) goja.Value {
		s, ok := call.Argument(0).(*goja.Symbol)
		if !ok {
			panic(vm.NewTypeError("%s is not a symbol", call.Argument(0).String()))
		}
		if k, ok := b.symbolKeys[s]; ok {
			return vm.ToValue(k)
		}
		return goja.Undefined()
	}, sym.Get("keyFor"))); err != nil {
		return err
	}

	// eval and the Function constructors check what they compile.
	origEval, ok := goja.AssertFunction(global.Get("eval"))
	if !ok {
		return fmt.Errorf("jsbox: eval is not a function")
	}
	if err := global.Set("eval", like(vm, func(call goja.FunctionCall) goja.Value {
		src, ok := call.Argument(0).(goja.String)
		if !ok {
			return call.Argument(0)
		}
		b.checkSource("eval", src.String())
		v, err := origEval(goja.Undefined(), src)
		if err != nil {
			panic(err)
		}
		return v
	}, global.Get("eval"))); err != nil {
		return err
	}
	installer, err := vm.RunProgram(functionWrappers)
	if err != nil {
		return err
	}
	inst, _ := goja.AssertFunction(installer)
	check := vm.ToValue(func(call goja.FunctionCall) goja.Value {
		kind := call.Argument(0).String()
		var parts []string
		if err := vm.ExportTo(call.Argument(1), &parts); err != nil {
			panic(err)
		}
		var src strings.Builder
		src.WriteString("(" + kind + " anonymous(")
		if len(parts) > 1 {
			src.WriteString(strings.Join(parts[:len(parts)-1], ","))
		}
		src.WriteString("\n) {\n")
		if len(parts) > 0 {
			src.WriteString(parts[len(parts)-1])
		}
		src.WriteString("\n})")
		b.checkSource(map[string]string{"function": "Function", "function*": "GeneratorFunction", "async function": "AsyncFunction"}[kind], src.String())
		return goja.Undefined()
	})
	if _, err := inst(goja.Undefined(), check, vm.Get("Reflect").ToObject(vm).Get("apply")); err != nil {
		return err
	}

	strCtor := vm.Get("String").ToObject(vm)
	if err := strCtor.Set("raw", like(vm, b.raw, strCtor.Get("raw"))); err != nil {
		return err
	}

	// String.prototype.normalize: a string of L characters can become
	// 18 L; past the limit the result's length is counted first.
	str := vm.Get("String").ToObject(vm).Get("prototype").ToObject(vm)
	if err := wrap(str, "normalize", func(call *goja.FunctionCall) {
		if IsNullish(call.This) {
			return
		}
		s := b.toStr(call.This)
		call.This = s
		if float64(StrLen(s))*NormalizeGrowth <= MaxStringLen {
			return
		}
		forms := map[string]norm.Form{"NFC": norm.NFC, "NFD": norm.NFD, "NFKC": norm.NFKC, "NFKD": norm.NFKD}
		form := "NFC"
		if f := call.Argument(0); !goja.IsUndefined(f) {
			form = f.String()
		}
		nf, ok := forms[form]
		if !ok {
			return // the built-in throws its RangeError
		}
		// An upper bound of the result: every character's full
		// decomposition (composing only shortens it), a Hangul syllable
		// as its three jamo.
		str, units := s.String(), 0.0
		for i := 0; i < len(str); i++ {
			if i&0xffff == 0xffff && b.Stopped() {
				b.Throw("String.prototype.normalize", "stopped")
			}
			p := nf.PropertiesString(str[i:])
			n := 1.0
			if d := p.Decomposition(); len(d) > 0 {
				n = 0
				for len(d) > 0 {
					r, size := utf8.DecodeRune(d)
					d = d[size:]
					n += float64(utf16.RuneLen(r))
				}
			} else if r, _ := utf8.DecodeRuneInString(str[i:]); r >= 0xAC00 && r <= 0xD7A3 {
				n = 3
			}
			units += n
			if sz := p.Size(); sz > 1 {
				i += sz - 1
			}
		}
		b.CheckString("String.prototype.normalize", units)
	}); err != nil {
		return err
	}

	// flat goes through nested arrays in Go, however many times an array
	// is shared: what it would visit is counted first.
	arr := arrCtor.Get("prototype").ToObject(vm)
	if err := wrap(arr, "flat", func(call *goja.FunctionCall) {
		if IsNullish(call.This) {
			return
		}
		depth := 1.0
		if d := call.Argument(0); !goja.IsUndefined(d) {
			if depth = d.ToFloat(); math.IsNaN(depth) {
				depth = 0
			}
		}
		b.checkFlat(call.This.ToObject(vm), math.Trunc(depth))
	}); err != nil {
		return err
	}
	if err := wrap(arr, "flatMap", func(call *goja.FunctionCall) {
		fn, ok := goja.AssertFunction(call.Argument(0))
		if !ok {
			return
		}
		total := 0.0
		args := slices.Clone(call.Arguments)
		args[0] = vm.ToValue(func(c goja.FunctionCall) goja.Value {
			v, err := fn(c.This, c.Arguments...)
			if err != nil {
				panic(err)
			}
			if b.arrayLike(v) {
				total += b.arrayLen(v)
			} else {
				total++
			}
			b.CheckArray("Array.prototype.flatMap", total)
			return v
		})
		call.Arguments = args
	}); err != nil {
		return err
	}

	// sort without a comparator compares ToString of the elements in one
	// Go call (seconds for a million numbers): it gets a Go comparator
	// that does the same and stops when the run is halted.
	compare := vm.ToValue(func(call goja.FunctionCall) goja.Value {
		if b.compares++; b.compares&0x3ff == 0 && b.Stopped() {
			b.Throw("Array.prototype.sort", "stopped")
		}
		return vm.ToValue(b.toStr(call.Argument(0)).CompareTo(b.toStr(call.Argument(1))))
	})
	for _, name := range []string{"sort", "toSorted"} {
		if goja.IsUndefined(arr.Get(name)) {
			continue
		}
		if err := wrap(arr, name, func(call *goja.FunctionCall) {
			if goja.IsUndefined(call.Argument(0)) {
				call.Arguments = []goja.Value{compare}
			}
		}); err != nil {
			return err
		}
	}

	// What makes a property, an [key, value] pair or a descriptor for
	// each element of an array (or unit of a string, a String object or
	// a proxy of either) in one Go call: a few hundred bytes an element
	// (Object.entries of 2 Mi elements took 1.4 GiB).
	obj := vm.Get("Object").ToObject(vm)
	for _, name := range []string{"entries", "fromEntries", "assign", "getOwnPropertyDescriptors"} {
		if goja.IsUndefined(obj.Get(name)) {
			continue
		}
		if err := wrap(obj, name, func(call *goja.FunctionCall) {
			args := call.Arguments
			if name == "assign" && len(args) > 0 {
				args = args[1:] // the target's own keys are there already
			}
			n := 0.0
			for _, a := range args {
				a = unproxy(a)
				l, isStr := stringLike(a)
				switch {
				case isStr:
					n += float64(l)
				case IsObject(a) && b.arrayLike(a):
					n += b.arrayLen(a)
				}
			}
			if n > MaxKeys {
				b.Throw("Object."+name, "%.0f properties or entries are over the limit of %d for hooks", n, MaxKeys)
			}
		}); err != nil {
			return err
		}
	}

	// encodeURI, encodeURIComponent and escape make up to 9 characters of
	// one: past the limit, what they would make is counted first.
	for name, kept := range map[string]string{"encodeURI": "-_.!~*'();/?:@&=+$,#", "encodeURIComponent": "-_.!~*'()", "escape": "@*_+-./"} {
		if err := wrap(global, name, func(call *goja.FunctionCall) {
			if len(call.Arguments) == 0 {
				return
			}
			args := slices.Clone(call.Arguments)
			s := b.toStr(args[0])
			args[0] = s
			call.Arguments = args
			l := s.Length()
			if float64(l)*9 <= MaxStringLen {
				return
			}
			out := 0.0
			for i := 0; i < l; i++ {
				if i&0xffff == 0xffff && b.Stopped() {
					b.Throw(name, "stopped")
				}
				switch c := s.CharAt(i); {
				case c < 0x80 && ('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte(kept, byte(c)) >= 0):
					out++
				case c < 0x80:
					out += 3
				case name == "escape":
					out += 6
				case c < 0x800 || (c >= 0xd800 && c < 0xe000):
					out += 6
				default:
					out += 9
				}
			}
			b.CheckString(name, out)
		}); err != nil {
			return err
		}
	}

	// JSON.parse makes every value of its text in one Go call.
	json := vm.Get("JSON").ToObject(vm)
	return wrap(json, "parse", func(call *goja.FunctionCall) {
		if len(call.Arguments) == 0 {
			return
		}
		args := slices.Clone(call.Arguments)
		args[0] = b.toStr(args[0])
		call.Arguments = args
		if StrLen(args[0]) < 1<<16 {
			return
		}
		containers, values := jsonCounts(args[0].String())
		if containers > MaxJSONContainers {
			b.Throw("JSON.parse", "%d objects and arrays are over the limit of %d for hooks", containers, MaxJSONContainers)
		}
		b.CheckArray("JSON.parse", float64(values))
	})
}

// unproxy is the innermost target of v if v is a proxy (what a proxy
// without traps lists and copies in Go), v itself otherwise.
func unproxy(v goja.Value) goja.Value {
	for range MaxNesting {
		o, ok := v.(*goja.Object)
		if !ok {
			return v
		}
		p, ok := o.Export().(goja.Proxy)
		if !ok || p.Target() == nil {
			return v
		}
		v = p.Target()
	}
	return v
}

// stringLike reports whether v is a string, a String object or a proxy
// of one (whose own keys are its indexes), and its length.
func stringLike(v goja.Value) (int, bool) {
	v = unproxy(v)
	if goja.IsString(v) {
		return StrLen(v), true
	}
	if o, ok := v.(*goja.Object); ok && o.ClassName() == "String" {
		return int(o.Get("length").ToInteger()), true
	}
	return 0, false
}

// toStr is ToString(v) as a goja.String (Value.ToString keeps a number a
// number).
func (b *Bounds) toStr(v goja.Value) goja.String {
	switch x := v.(type) {
	case goja.String:
		return x
	case *goja.Symbol:
		panic(b.vm.NewTypeError("Cannot convert a Symbol value to a string"))
	case *goja.Object:
		if s, ok := x.ToString().(goja.String); ok {
			return s
		}
	}
	s, _ := b.vm.ToValue(v.String()).(goja.String)
	return s
}

// arrayBufferStub is the hooks' ArrayBuffer: not a constructor, with
// isView.
var arrayBufferStub = goja.MustCompile("arraybuffer.js", `(function ArrayBuffer() { throw new TypeError('ArrayBuffer is not available in hooks'); })`, true)

// functionWrappers replaces the Function, GeneratorFunction and
// AsyncFunction constructors, wherever a script finds them (globalThis,
// the constructor of their prototypes), with wrappers that call check on
// the arguments' strings before the constructor compiles them.
var functionWrappers = goja.MustCompile("functions.js", `(function (check, apply) {
  'use strict';
  function wrap(C, name, kind) {
    var W = function () {
      var a = [];
      for (var i = 0; i < arguments.length; i++) a.push('' + arguments[i]);
      check(kind, a);
      return apply(C, undefined, a);
    };
    Object.defineProperty(W, 'name', {value: name});
    Object.defineProperty(W, 'length', {value: 1});
    W.prototype = C.prototype;
    Object.defineProperty(C.prototype, 'constructor', {value: W});
    return W;
  }
  globalThis.Function = wrap(Function, 'Function', 'function');
  wrap(Object.getPrototypeOf(function* () {}).constructor, 'GeneratorFunction', 'function*');
  wrap(Object.getPrototypeOf(async function () {}).constructor, 'AsyncFunction', 'async function');
})`, true)

// jsonCounts counts the objects and arrays of a JSON text, and its values
// (about: the commas and containers outside strings, plus one).
func jsonCounts(s string) (containers, values int) {
	values = 1
	var str jsonString
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case str.holds(c):
		case c == '[' || c == '{':
			containers++
			values++
		case c == ',':
			values++
		}
	}
	return containers, values
}

// jsonString follows JSON text byte by byte to tell its strings apart.
type jsonString struct{ in, esc bool }

// holds reports whether c, the next byte, belongs to a string (its quotes
// included).
func (s *jsonString) holds(c byte) bool {
	switch {
	case s.esc:
		s.esc = false
	case !s.in:
		if c != '"' {
			return false
		}
		s.in = true
	case c == '\\':
		s.esc = true
	case c == '"':
		s.in = false
	}
	return true
}

// arrayLike reports whether v is an array as Array.isArray says (a proxy
// of one too).
func (b *Bounds) arrayLike(v goja.Value) bool {
	r, err := b.isArray(goja.Undefined(), v)
	return err == nil && r.ToBoolean()
}

// checkFlat counts what flat would visit in o down to depth, and throws
// past MaxArrayLen elements or MaxNesting levels, before the built-in
// runs.
func (b *Bounds) checkFlat(o *goja.Object, depth float64) {
	type level struct {
		o     *goja.Object
		depth int
	}
	stack := []level{{o, 0}}
	visits := 0.0
	for len(stack) > 0 {
		l := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := b.arrayLen(l.o)
		if visits += n; visits > MaxArrayLen {
			b.Throw("Array.prototype.flat", "flattening visits over %d elements, the limit for hooks", MaxArrayLen)
		}
		if float64(l.depth) >= depth {
			continue
		}
		for i := 0; i < int(n); i++ {
			if i&0xfff == 0xfff && b.Stopped() {
				b.Throw("Array.prototype.flat", "stopped")
			}
			e, ok := l.o.Get(strconv.Itoa(i)).(*goja.Object)
			if !ok || !b.arrayLike(e) {
				continue
			}
			if l.depth+1 > MaxNesting {
				b.Throw("Array.prototype.flat", "arrays nested over %d deep are over the limit for hooks", MaxNesting)
			}
			stack = append(stack, level{e, l.depth + 1})
		}
	}
}

// checkSource throws unless src, which what is to compile, is within
// MaxSourceLen and has no BigInt literal. A source that does not parse is
// left to the built-in's SyntaxError.
func (b *Bounds) checkSource(what, src string) {
	if len(src) > MaxSourceLen {
		b.Throw(what, "a source of %d bytes is over the %d MiB limit for hooks", len(src), MaxSourceLen>>20)
	}
	if SourceTokens(src) >= 0 {
		b.Throw(what, "a source of over %d characters (not counting blanks) is over the limit for hooks", MaxSourceTokens)
	}
	prg, err := parser.ParseFile(nil, "", src, 0)
	if err != nil {
		return
	}
	if BigIntLiteral(prg.Body) > 0 {
		obj, err := b.vm.New(b.syntaxError, b.vm.ToValue(what+": BigInt is not available in "+b.what+" (its arithmetic is unbounded)"))
		if err != nil {
			panic(err)
		}
		panic(obj)
	}
}
