package yqcloud

import (
	"fmt"
	"reflect"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"
	"github.com/dop251/goja/parser"

	"github.com/toolkit-sdk/toolkit/yqcloud/lodash"
)

// checkLodashMembers reports the first `_.name` (or `_['name']`) in a hook
// that reads a member `_` does not have: without the check such a hook
// loads and then fails every call with "Object has no member". Reads of a
// `_` the hook binds itself (a parameter, a variable, a function named _)
// are not checked in the scope of that binding. It returns nil for a body
// that does not parse: compileHook reports that.
func checkLodashMembers(fn, field, body string) error {
	src := hookPrefix + body + hookSuffix
	prg, err := parser.ParseFile(nil, fn+"."+field, src, 0)
	if err != nil {
		return nil
	}
	lit := hookLiteral(prg)
	if lit == nil || bindsUnderscore(lit.Body) {
		return nil
	}
	var bad *HookError
	walkAST(reflect.ValueOf(lit.Body), func(n any) bool {
		if bad != nil {
			return false
		}
		var name string
		var at file.Idx
		switch x := n.(type) {
		case *ast.FunctionLiteral:
			return !(x.Name != nil && x.Name.Name == "_") && !bindsUnderscore(x.ParameterList) && !bindsUnderscore(x.Body)
		case *ast.ArrowFunctionLiteral:
			return !bindsUnderscore(x.ParameterList) && !bindsUnderscore(x.Body)
		case *ast.CatchStatement:
			return !hasUnderscoreIdent(x.Parameter)
		case *ast.DotExpression:
			if !isUnderscore(x.Left) {
				return true
			}
			name, at = x.Identifier.Name.String(), x.Identifier.Idx
		case *ast.BracketExpression:
			s, ok := x.Member.(*ast.StringLiteral)
			if !ok || !isUnderscore(x.Left) {
				return true
			}
			name, at = s.Value.String(), s.Idx
		case *ast.Binding:
			// const {map, roundTo} = _
			if pat, ok := x.Target.(*ast.ObjectPattern); ok && isUnderscore(x.Initializer) {
				name, at = missingInPattern(pat)
			}
			if name == "" {
				return true
			}
		default:
			return true
		}
		if !lodash.Has(name) {
			p := prg.File.Position(int(at) - 1)
			bad = &HookError{Function: fn, Field: field, Line: p.Line - 1, Col: p.Column, err: ErrHook,
				Msg: fmt.Sprintf("_.%s is not a lodash function: `_` has no member %q", name, name)}
		}
		return true
	})
	if bad != nil {
		return bad
	}
	return nil
}

// missingInPattern returns the first name of an object pattern over `_`
// that `_` does not have, and its position; "" if there is none. A name
// with a default value may be missing.
func missingInPattern(pat *ast.ObjectPattern) (string, file.Idx) {
	for _, p := range pat.Properties {
		switch p := p.(type) {
		case *ast.PropertyShort:
			if p.Initializer == nil && !lodash.Has(p.Name.Name.String()) {
				return p.Name.Name.String(), p.Name.Idx
			}
		case *ast.PropertyKeyed:
			k, ok := p.Key.(*ast.StringLiteral)
			if _, dflt := p.Value.(*ast.AssignExpression); ok && !p.Computed && !dflt && !lodash.Has(k.Value.String()) {
				return k.Value.String(), k.Idx
			}
		}
	}
	return "", 0
}

func isUnderscore(e ast.Expression) bool {
	if o, ok := e.(*ast.Optional); ok {
		e = o.Expression
	}
	id, ok := e.(*ast.Identifier)
	return ok && id.Name == "_"
}

// bindsUnderscore reports whether n (parameters or a function body)
// declares `_` in the scope it opens, outside nested functions: a
// parameter, var, let, const, function, class or catch parameter named _
// (also inside a destructuring pattern). Any `_` identifier in a binding
// position counts, so a pattern key named _ does too: the check then
// leaves that scope alone.
func bindsUnderscore(n any) bool {
	found := false
	walkAST(reflect.ValueOf(n), func(n any) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral, *ast.ClassLiteral:
			return false
		case *ast.FunctionDeclaration:
			found = x.Function.Name != nil && x.Function.Name.Name == "_"
			return false
		case *ast.ClassDeclaration:
			found = x.Class.Name != nil && x.Class.Name.Name == "_"
			return false
		case *ast.Binding:
			found = hasUnderscoreIdent(x.Target)
		case *ast.ForDeclaration:
			found = hasUnderscoreIdent(x.Target)
		case *ast.ParameterList:
			found = x.Rest != nil && hasUnderscoreIdent(x.Rest)
		case *ast.Identifier:
			return false
		}
		return !found
	})
	return found
}

// hasUnderscoreIdent reports an identifier _ anywhere in a binding target.
func hasUnderscoreIdent(n any) bool {
	found := false
	walkAST(reflect.ValueOf(n), func(n any) bool {
		if id, ok := n.(*ast.Identifier); ok && id.Name == "_" {
			found = true
		}
		return !found
	})
	return found
}

// compileCheckedHook is compileHook with checkLodashMembers: a hook that
// reads a member `_` does not have is a load error.
func compileCheckedHook(fn, field, body string) (*hook, error) {
	h, err := compileHook(fn, field, body)
	if err == nil {
		err = checkLodashMembers(fn, field, body)
	}
	if err != nil {
		return nil, err
	}
	return h, nil
}
