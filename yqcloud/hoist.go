package yqcloud

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"
	"github.com/dop251/goja/token"

	"github.com/toolkit-sdk/toolkit/yqcloud/lodash"
)

// Hooks pick fields from every item of a list with an array literal of
// names: `list.map(i => _.pick(i, ['id', 'name']))`. compileHook rewrites
// such calls into calls of a Go function that knows the names:
//
//	_.pick(i, ['id', 'name'])   becomes   $yq000(i,_                 )
//
// so that a response parser's map of picks can make its objects as data
// objects over the item's members (pick views, resultMap and pickView
// below), which the result's writer copies from the body. $yq000 is a Go
// function made per runtime. When its second argument is the runtime's
// `_` it makes a view where one applies, and otherwise calls lodash.js's
// pick with the names (lodash.Lib.Pick: the same result, calls and
// errors as _.pick with the array). Otherwise (`_` shadowed or rebound) it
// calls `(o, _) => _.pick(o, ['id','name'])`, which is the call as
// written. The rewrite keeps every other byte of the script at its offset
// and every line break, so positions in errors and stack traces do not
// move. fastPicks switches all of this off.
//
// What one can tell apart, all in scripts that rebind `_` or inspect
// stacks:
//   - the call as written reads `_` and its `pick` before evaluating i,
//     the rewrite after; i must be a plain identifier, so this shows only
//     when reading i throws (i in its temporal dead zone) too;
//   - when `_` is not an object, or reading its pick fails in the engine
//     (a Proxy's invariant), the TypeError points at the call's
//     parenthesis instead of at `_`;
//   - Error.prototype.stack shows other bytecode offsets (the numbers in
//     parentheses after line:column), and when `_` is not lodash, two
//     more frames (the fallback).

// fastPicks is the off switch of this file's fast path, the rewrite and
// the pick views it makes: false compiles every hook as written (the
// plain path; lodash.js's _.pick makes ordinary objects). It stays for
// the budgets of the ResponseParser, ResponseParserNode and YQCloudCall
// rows of docs/performance.md, which the plain path misses; tests compare
// the two paths (TestHoistSameOutcome, FuzzHoist, TestPickViews) and flip
// the switch (TestFastPicksSwitch). Not to be flipped while hooks compile.
var fastPicks = true

// hoistPrefix names the rewrite's bindings; a script that names anything
// so is not rewritten.
const hoistPrefix = "$yq"

// maxHoisted bounds the calls rewritten in one hook ($yq000 ... $yq999).
const maxHoisted = 1000

// hoistedPick is one rewritten call.
type hoistedPick struct {
	keys    lodash.Keys
	literal string // the names as a JavaScript array literal
	// mapAt is, for a call that is the whole of `i => _.pick(i, [...])`
	// passed to a `.map(...)` whose value only reaches the hook's result
	// (resultMap), where that map call opens its parenthesis; zero for
	// other calls.
	mapAt file.Position
}

// hoistPicks returns the hook's body with its `_.pick(identifier,
// [strings])` calls rewritten, and the calls in the order of their $yq
// names; no calls when there is nothing to rewrite. src is the hook's
// source (hookPrefix, body, hookSuffix) and lit its parsed function; the
// rewritten body runs in hoistWrapper(calls) + body + hoistSuffix. name
// is the program's, for the positions of map calls; field the hook's
// (resultMap applies to response parsers).
func hoistPicks(src, name string, lit *ast.FunctionLiteral, field string) (string, []hoistedPick) {
	if !strings.Contains(src, "_.pick(") {
		return "", nil
	}
	// What the walk finds, in one variable the walk's function shares.
	var seen struct {
		calls       []*ast.CallExpression
		clash       bool
		uses, evals int // of the first statement's const and of eval, for resultMap
	}
	bound := firstConst(lit)
	walkAST(reflect.ValueOf(lit.Body), func(n any) bool {
		switch x := n.(type) {
		case *ast.CallExpression:
			seen.calls = append(seen.calls, x)
		case *ast.Identifier:
			seen.clash = seen.clash || strings.HasPrefix(x.Name.String(), hoistPrefix)
			switch x.Name.String() {
			case "eval":
				seen.evals++
			case bound:
				seen.uses++
			}
		}
		return true
	})
	if seen.clash {
		return "", nil
	}
	var viewPick, viewMap *ast.CallExpression
	if field == FieldResponseParser && seen.evals == 0 {
		viewPick, viewMap = resultMap(lit, bound, seen.uses)
	}
	out := []byte(src)
	var picks []hoistedPick
	for _, c := range seen.calls {
		if len(picks) == maxHoisted {
			break
		}
		p, ok := pickCall(src, c)
		if !ok {
			continue
		}
		start, arg, end := int(c.Idx0())-1, int(c.ArgumentList[0].Idx1())-1, int(c.RightParenthesis)-1
		copy(out[start:], fmt.Sprintf("%s%03d(", hoistPrefix, len(picks)))
		blank(out[arg:end], src[arg:end])
		copy(out[arg:], ",_")
		if c == viewPick {
			p.mapAt = position(name, src, int(viewMap.LeftParenthesis)-1)
		}
		picks = append(picks, p)
	}
	if len(picks) == 0 {
		return "", nil
	}
	return string(out[len(hookPrefix) : len(out)-len(hookSuffix)]), picks
}

// pickCall reports whether c is `_.pick(identifier, [string, ...])`,
// written so (no spaces or comments before the parenthesis, no escapes in
// the names), with names lodash.Lib.Pick takes.
func pickCall(src string, c *ast.CallExpression) (hoistedPick, bool) {
	dot, ok := c.Callee.(*ast.DotExpression)
	if !ok || len(c.ArgumentList) != 2 {
		return hoistedPick{}, false
	}
	if l, ok := dot.Left.(*ast.Identifier); !ok || l.Name != "_" || src[int(c.Idx0())-1:int(c.LeftParenthesis)] != "_.pick(" {
		return hoistedPick{}, false
	}
	arg, ok := c.ArgumentList[0].(*ast.Identifier)
	if !ok || src[int(arg.Idx0())-1:int(arg.Idx1())-1] != arg.Name.String() {
		return hoistedPick{}, false
	}
	arr, ok := c.ArgumentList[1].(*ast.ArrayLiteral)
	if !ok {
		return hoistedPick{}, false
	}
	names := make([]string, len(arr.Value))
	for i, e := range arr.Value {
		s, ok := e.(*ast.StringLiteral)
		if !ok {
			return hoistedPick{}, false
		}
		names[i] = s.Value.String()
	}
	keys, ok := lodash.PickKeys(names)
	if !ok {
		return hoistedPick{}, false
	}
	literal, err := json.Marshal(names) // escapes U+2028 and U+2029: one line
	if err != nil {
		return hoistedPick{}, false
	}
	return hoistedPick{keys: keys, literal: string(literal)}, true
}

// blank writes src into dst as spaces, keeping line terminators, so that
// every later byte keeps its line and column.
func blank(dst []byte, src string) {
	for i, r := range src {
		// The bytes the loop read: 1 for a byte that is not UTF-8, 3 for
		// a U+FFFD written as such.
		_, n := utf8.DecodeRuneInString(src[i:])
		switch r {
		case '\n', '\r', '\u2028', '\u2029':
			copy(dst[i:], src[i:i+n])
		default:
			for j := range n {
				dst[i+j] = ' '
			}
		}
	}
}

// hoistSuffix closes hoistWrapper: the hook, then the wrapper.
const hoistSuffix = "\n}})"

// hoistWrapper is what a rewritten hook runs in: a function of the Go
// maker ($yqP) that binds $yq000... and returns the hook. One line, as
// hookPrefix.
func hoistWrapper(picks []hoistedPick) string {
	var b strings.Builder
	b.WriteString("(function ($yqP) {")
	for i, p := range picks {
		fmt.Fprintf(&b, "const %s%03d = $yqP(%d, (o, _) => _.pick(o, %s)); ", hoistPrefix, i, i, p.literal)
	}
	b.WriteString("return function (data, _) {\n")
	return b.String()
}

// pickMaker returns the $yqP of h's wrapper in rt.
func (rt *jsRuntime) pickMaker(picks []hoistedPick) goja.Value {
	return rt.vm.ToValue(func(call goja.FunctionCall) goja.Value {
		p := &picks[call.Argument(0).ToInteger()]
		fallback, ok := goja.AssertFunction(call.Argument(1))
		if !ok {
			panic(rt.vm.NewTypeError("yqcloud: $yqP needs a fallback"))
		}
		// A name Object.prototype has is not set on an ordinary object
		// (its properties are read-only in hook runtimes).
		view := p.mapAt.Line > 0 && !slices.ContainsFunc(p.keys.Names(), func(k string) bool { return rt.objectProto.Get(k) != nil })
		f := rt.vm.ToValue(func(call goja.FunctionCall) goja.Value {
			o, l := call.Argument(0), call.Argument(1)
			if l == rt.lib.Value() {
				if view {
					if v := rt.pickView(o, p); v != nil {
						return v
					}
				}
				return rt.lib.Pick(o, p.keys)
			}
			v, err := fallback(goja.Undefined(), o, l)
			if err != nil {
				panic(err)
			}
			return v
		}).(*goja.Object)
		// Stack traces name it as they name _.pick.
		if err := f.DefineDataProperty("name", rt.vm.ToValue("pick"), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
			panic(err)
		}
		return f
	})
}

// A map of picks whose value reaches nothing but the response parser's
// result:
//
//	const list = (data?.content || []).filter(i => i.enabled).map(i => _.pick(i, ['id', 'name']));
//	return { items: list };
//
// No script code can see the picked objects: only the built-in map (which
// stores each into the array it makes) and the writer of the result do.
// There they need not be ordinary objects; the rewritten call makes them
// data objects over the item's members (pickView), which the writer
// copies from the response body instead of converting each string into
// the runtime and back.
//
// resultMap finds such a call in a response parser (whose data is the
// body): a `.map(` whose only argument is an arrow `i => _.pick(i,
// [...])`, evaluated before any other code of the hook's first statement,
// on an array no code has had in hand (pristine), and either returned by
// that statement (a `return`), as it is or as a member of object literals
// of plain `key: value` members (no methods, accessors, spreads, computed
// keys, __proto__ or toJSON: nothing that could run with the literal as
// this), or bound by it (a `const`) and named nowhere else but in such a
// place of a top-level `return`. bound is the first statement's const
// (firstConst) and uses how often the body names it; a hook that names
// eval, which could read the binding, has none, nor one that declares a
// function named data. It returns the pick call and its map call, or nils.
//
// At run time the call checks the rest (pickView): that the built-in map
// called it from that map call (the stack), on a data object, and that
// no later hook of the definition gets the result (hook.keepsResult).
func resultMap(lit *ast.FunctionLiteral, bound string, uses int) (pick, mapCall *ast.CallExpression) {
	list := lit.Body.List
	if len(list) == 0 {
		return nil, nil
	}
	for _, st := range list {
		if f, ok := st.(*ast.FunctionDeclaration); ok && f.Function.Name != nil && f.Function.Name.Name == "data" {
			return nil, nil
		}
	}
	var e ast.Expression
	switch st := list[0].(type) {
	case *ast.ReturnStatement:
		if st.Argument == nil {
			return nil, nil
		}
		e = firstEvaluated(st.Argument)
		if !inResult(st.Argument, e, "") {
			return nil, nil
		}
	case *ast.LexicalDeclaration:
		if bound == "" || uses != 2 { // the binding and one use
			return nil, nil
		}
		e = st.List[0].Initializer
		returned := false
		for _, st := range list[1:] {
			if r, ok := st.(*ast.ReturnStatement); ok && r.Argument != nil {
				returned = returned || inResult(r.Argument, nil, bound)
			}
		}
		if !returned {
			return nil, nil
		}
	default:
		return nil, nil
	}
	m, p := mapOfPick(e)
	if m == nil || !pristine(m.Callee.(*ast.DotExpression).Left) {
		return nil, nil
	}
	return p, m
}

// firstConst returns the name a hook's first statement binds when it is
// `const name = ...` (one binding), or "".
func firstConst(lit *ast.FunctionLiteral) string {
	if len(lit.Body.List) == 0 {
		return ""
	}
	d, ok := lit.Body.List[0].(*ast.LexicalDeclaration)
	if !ok || d.Token != token.CONST || len(d.List) != 1 || d.List[0].Initializer == nil {
		return ""
	}
	id, ok := d.List[0].Target.(*ast.Identifier)
	if !ok {
		return ""
	}
	return id.Name.String()
}

// firstEvaluated returns the part of e evaluated before any script code
// runs: in an object literal, the value of the first member that is not a
// literal string or number, and so on down.
func firstEvaluated(e ast.Expression) ast.Expression {
	if c, ok := e.(*ast.OptionalChain); ok {
		e = c.Expression
	}
	lit, ok := e.(*ast.ObjectLiteral)
	if !ok {
		return e
	}
	for _, p := range lit.Value {
		switch p := p.(type) {
		case *ast.PropertyKeyed:
			if p.Computed {
				return e
			}
			if !inert(p.Value) {
				return firstEvaluated(p.Value)
			}
		case *ast.PropertyShort:
			return &p.Name
		default:
			return e
		}
	}
	return e
}

// inResult reports whether returning root returns e, or the variable
// named name, as it is or as a member of object literals of plain members.
func inResult(root, e ast.Expression, name string) bool {
	if c, ok := root.(*ast.OptionalChain); ok { // undefined or the value
		root = c.Expression
	}
	lit, ok := root.(*ast.ObjectLiteral)
	if !ok {
		id, isID := root.(*ast.Identifier)
		return root == e || name != "" && isID && id.Name.String() == name
	}
	found := false
	for _, p := range lit.Value {
		switch p := p.(type) {
		case *ast.PropertyKeyed:
			key, ok := p.Key.(*ast.StringLiteral)
			if !ok || p.Computed || p.Kind != ast.PropertyKindValue || key.Value == "__proto__" || key.Value == "toJSON" {
				return false
			}
			found = found || inResult(p.Value, e, name)
		case *ast.PropertyShort:
			if p.Initializer != nil || p.Name.Name == "toJSON" {
				return false
			}
			found = found || inResult(&p.Name, e, name)
		default:
			return false
		}
	}
	return found
}

// pristine reports whether e, evaluated in a response parser's first
// statement, makes an array no script code has had in hand (or no array
// at all), so that map makes its result as the built-in Array does: the
// body's data and its members, array literals, and what filter, map,
// slice, concat, flat and flatMap make of a pristine array with
// arguments whose evaluation runs no code. (A callback gets the array
// the method was called on, never the one it makes.)
func pristine(e ast.Expression) bool {
	switch x := e.(type) {
	case *ast.Identifier:
		return x.Name == "data"
	case *ast.Optional:
		return pristine(x.Expression)
	case *ast.OptionalChain:
		return pristine(x.Expression)
	case *ast.DotExpression:
		return pristine(x.Left)
	case *ast.BracketExpression:
		return inert(x.Member) && pristine(x.Left)
	case *ast.ArrayLiteral:
		return true
	case *ast.BinaryExpression:
		return (x.Operator == token.LOGICAL_OR || x.Operator == token.COALESCE) && pristine(x.Left) && pristine(x.Right)
	case *ast.CallExpression:
		dot, ok := x.Callee.(*ast.DotExpression)
		if !ok || !slices.Contains([]string{"filter", "map", "slice", "concat", "flat", "flatMap"}, dot.Identifier.Name.String()) {
			return false
		}
		for _, a := range x.ArgumentList {
			switch a.(type) {
			case *ast.ArrowFunctionLiteral, *ast.FunctionLiteral:
			default:
				if !inert(a) {
					return false
				}
			}
		}
		return pristine(dot.Left)
	}
	return false
}

// inert reports an expression whose evaluation runs no script code: a
// literal string or number.
func inert(e ast.Expression) bool {
	switch e.(type) {
	case *ast.StringLiteral, *ast.NumberLiteral:
		return true
	}
	return false
}

// mapOfPick returns e and its pick call when e is `x.map(i => f(i, y))`;
// hoistPicks makes it a view site only if that call is one pickCall
// rewrites (`_.pick(i, [strings])`).
func mapOfPick(e ast.Expression) (*ast.CallExpression, *ast.CallExpression) {
	m, ok := e.(*ast.CallExpression)
	if !ok || len(m.ArgumentList) != 1 {
		return nil, nil
	}
	if dot, ok := m.Callee.(*ast.DotExpression); !ok || dot.Identifier.Name != "map" {
		return nil, nil
	}
	fn, ok := m.ArgumentList[0].(*ast.ArrowFunctionLiteral)
	if !ok || fn.Async || fn.ParameterList.Rest != nil || len(fn.ParameterList.List) != 1 || fn.ParameterList.List[0].Initializer != nil {
		return nil, nil
	}
	param, ok := fn.ParameterList.List[0].Target.(*ast.Identifier)
	if !ok {
		return nil, nil
	}
	body, ok := fn.Body.(*ast.ExpressionBody)
	if !ok {
		return nil, nil
	}
	p, ok := body.Expression.(*ast.CallExpression)
	if !ok || len(p.ArgumentList) != 2 {
		return nil, nil
	}
	if arg, ok := p.ArgumentList[0].(*ast.Identifier); !ok || arg.Name != param.Name {
		return nil, nil
	}
	return m, p
}

// pickView returns _.pick(o, p's names) as a data object when o is a data
// object that has every name as a member and the built-in map called the
// pick from p's map call (see resultMap); nil when it does not apply, and
// the pick is made as an ordinary object. Members the script has not
// changed stay the response body's; numbers and objects are read as
// _.pick reads them (a number read is written as JavaScript writes it, an
// object is shared), strings and literals need no reading.
func (rt *jsRuntime) pickView(o goja.Value, p *hoistedPick) goja.Value {
	obj, ok := o.(*goja.Object)
	if !ok || obj.ExportType() != jsObjectType || rt.cur == nil || rt.cur.keepsResult || !rt.calledByMap(p.mapAt) {
		return nil
	}
	src := obj.Export().(*jsObject)
	n := len(p.keys.Names())
	if len(rt.viewKeys) < n {
		rt.viewKeys, rt.viewVals = make([]string, max(n, 64)), make([]jval, max(n, 64))
	}
	keys, vals := rt.viewKeys[:0:n], rt.viewVals[:0:n]
	var js []goja.Value
	for _, k := range p.keys.Names() {
		i := src.index(k)
		if i < 0 { // a path, or nothing to pick: as lodash does it
			return nil
		}
		if slices.Contains(keys, k) {
			continue
		}
		v, m := src.jsAt(i), src.val(i)
		if v == nil && m.kind != jNull && m.kind != jFalse && m.kind != jTrue && m.kind != jString {
			v = src.Get(k)
		}
		if v != nil {
			if js == nil {
				js = make([]goja.Value, n)
			}
			js[len(keys)] = v
		}
		keys, vals = append(keys, k), append(vals, m)
	}
	// Capped: a member added to the view must not grow into the next.
	n = len(keys)
	keys, vals = keys[:n:n], vals[:n:n]
	rt.viewKeys, rt.viewVals = rt.viewKeys[n:], rt.viewVals[n:]
	if js != nil {
		js = js[:n:n]
	}
	view := rt.newObject()
	*view = jsObject{dv: src.dv, c: &noMembers, m: &jsMembers{keys: keys, vals: vals}, js: js}
	return rt.vm.NewDynamicObject(view)
}

// position returns where offset is in src as goja's file.File.Position
// does (lines end at \n, \r, \r\n, U+2028 and U+2029; columns count
// bytes), without the line table it keeps.
func position(name, src string, offset int) file.Position {
	line, start := 1, 0
	for i := 0; i < offset; {
		r, n := utf8.DecodeRuneInString(src[i:])
		switch {
		case r == '\r' && i+1 < len(src) && src[i+1] == '\n':
			n = 2
			fallthrough
		case r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029':
			if i+n <= offset {
				line, start = line+1, i+n
			}
		}
		i += n
	}
	return file.Position{Filename: name, Line: line, Column: offset - start + 1}
}

// noMembers is the doc object of a pickView: its members are its own.
var noMembers jcont

// calledByMap reports whether the function that called the running Go
// function was called by the built-in map from the call whose
// parenthesis is at.
func (rt *jsRuntime) calledByMap(at file.Position) bool {
	rt.frames = rt.vm.CaptureCallStack(4, rt.frames[:0])
	if len(rt.frames) < 4 {
		return false
	}
	m, site := &rt.frames[2], &rt.frames[3]
	return m.SrcName() == "<native>" && m.FuncName() == "map" && site.Position() == at
}
