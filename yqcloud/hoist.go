package yqcloud

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"

	"github.com/toolkit-sdk/toolkit/yqcloud/lodash"
)

// Hooks pick fields from every item of a list with an array literal of
// names: `list.map(i => _.pick(i, ['id', 'name']))`. Built as written,
// each call makes a fresh array and reads it back; compileHook rewrites
// such calls so the names are read once, at compile time:
//
//	_.pick(i, ['id', 'name'])   becomes   $yq000(i,_                 )
//
// $yq000 is a Go function made per runtime. When its second argument is
// the runtime's `_` it picks the names straight from i (lodash.Lib.Pick:
// the same result, calls and errors as _.pick with the array). Otherwise
// (`_` shadowed or rebound) it calls `(o, _) => _.pick(o, ['id','name'])`,
// which is the call as written. The rewrite keeps every other byte of the
// script at its offset and every line break, so positions in errors and
// stack traces do not move.
//
// What one can tell apart, all in scripts that rebind `_` or inspect
// stacks:
//   - the call as written reads `_` and its `pick` before evaluating i,
//     the rewrite after; i must be a plain identifier, so this shows only
//     when reading i throws (i in its temporal dead zone) too;
//   - when `_` is not an object, the TypeError points at the call's
//     parenthesis instead of at `_`;
//   - Error.prototype.stack shows other bytecode offsets (the numbers in
//     parentheses after line:column), and when `_` is not lodash, two
//     more frames (the fallback).

// hoistPrefix names the rewrite's bindings; a script that names anything
// so is not rewritten.
const hoistPrefix = "$yq"

// maxHoisted bounds the calls rewritten in one hook ($yq000 ... $yq999).
const maxHoisted = 1000

// hoistedPick is one rewritten call.
type hoistedPick struct {
	keys    lodash.Keys
	literal string // the names as a JavaScript array literal
}

// hoistPicks returns the hook's body with its `_.pick(identifier,
// [strings])` calls rewritten, and the calls in the order of their $yq
// names; no calls when there is nothing to rewrite. src is the hook's
// source (hookPrefix, body, hookSuffix) and lit its parsed function; the
// rewritten body runs in hoistWrapper(calls) + body + hoistSuffix.
func hoistPicks(src string, lit *ast.FunctionLiteral) (string, []hoistedPick) {
	if !strings.Contains(src, "_.pick(") {
		return "", nil
	}
	var calls []*ast.CallExpression
	clash := false
	walkAST(reflect.ValueOf(lit.Body), func(n any) bool {
		switch x := n.(type) {
		case *ast.CallExpression:
			calls = append(calls, x)
		case *ast.Identifier:
			clash = clash || strings.HasPrefix(x.Name.String(), hoistPrefix)
		}
		return true
	})
	if clash {
		return "", nil
	}
	out := []byte(src)
	var picks []hoistedPick
	for _, c := range calls {
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
		n := utf8.RuneLen(r)
		if r == utf8.RuneError {
			n = 1
		}
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
		p := picks[call.Argument(0).ToInteger()]
		fallback, ok := goja.AssertFunction(call.Argument(1))
		if !ok {
			panic(rt.vm.NewTypeError("yqcloud: $yqP needs a fallback"))
		}
		f := rt.vm.ToValue(func(call goja.FunctionCall) goja.Value {
			o, l := call.Argument(0), call.Argument(1)
			if l == rt.lib.Value() {
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

// walkAST calls visit for every node under v, depth first, and skips a
// node's children when visit returns false.
func walkAST(v reflect.Value, visit func(any) bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			walkAST(v.Elem(), visit)
		}
	case reflect.Interface:
		if !v.IsNil() {
			walkAST(v.Elem(), visit)
		}
	case reflect.Slice:
		for i := range v.Len() {
			walkAST(v.Index(i), visit)
		}
	case reflect.Struct:
		if v.Type().PkgPath() != astPkg {
			return
		}
		if v.CanAddr() && !visit(v.Addr().Interface()) {
			return
		}
		for i := range v.NumField() {
			// Declaration lists repeat declarations found in the body.
			if f := v.Type().Field(i); f.IsExported() && f.Name != "DeclarationList" {
				walkAST(v.Field(i), visit)
			}
		}
	}
}

var astPkg = reflect.TypeOf(ast.Identifier{}).PkgPath()
