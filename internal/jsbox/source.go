package jsbox

import (
	"math/big"
	"reflect"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"
)

// MaxSourceTokens bounds the non-blank characters of the JavaScript
// source goja parses (a hook at load, eval and the Function constructors
// at run time): goja's parser and compiler, and this package's walks of
// a syntax tree, recurse in Go for every level of an expression (a few KiB
// of stack a level), and a Go stack overflow ends the process: 300 000
// parentheses, or 1+1+...+1 of half a million terms, within the size
// limits, did. An expression nests at most as deep as it has tokens, and
// it has at most as many tokens as non-blank characters, whatever the
// lexer makes of them: 32 Ki of them keep a parse within about 100 MiB
// of stack.
const MaxSourceTokens = 1 << 15

// SourceTokens counts the non-blank characters of src up to past
// MaxSourceTokens, and returns the offset where it goes past it (-1 if it
// does not).
func SourceTokens(src string) int {
	n := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case ' ', '\t', '\n', '\r':
		default:
			if n++; n > MaxSourceTokens {
				return i
			}
		}
	}
	return -1
}

// BigIntLiteral returns the position of the first BigInt literal (1n)
// in n, 0 if there is none. Hooks have no BigInt: one instruction such as
// 2n ** 100000000n runs for as long as it likes, outside every limit.
func BigIntLiteral(n any) file.Idx {
	var at file.Idx
	WalkAST(reflect.ValueOf(n), func(n any) bool {
		if x, ok := n.(*ast.NumberLiteral); ok && at == 0 {
			if _, big := x.Value.(*big.Int); big {
				at = x.Idx
			}
		}
		return at == 0
	})
	return at
}

// WalkAST calls visit for every node under v, depth first, and skips a
// node's children when visit returns false.
func WalkAST(v reflect.Value, visit func(any) bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			WalkAST(v.Elem(), visit)
		}
	case reflect.Interface:
		if !v.IsNil() {
			WalkAST(v.Elem(), visit)
		}
	case reflect.Slice:
		for i := range v.Len() {
			WalkAST(v.Index(i), visit)
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
				WalkAST(v.Field(i), visit)
			}
		}
	}
}

// astPkg is the package of goja's syntax tree, the nodes WalkAST visits.
var astPkg = reflect.TypeOf(ast.Identifier{}).PkgPath()
