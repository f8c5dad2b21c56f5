package jsbox

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/parser"
)

// SyntaxError is a script that does not compile, at its own line and
// column (1-based).
type SyntaxError struct {
	Line, Col int
	Msg       string
}

func (e *SyntaxError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("script line %d:%d: %s", e.Line, e.Col, e.Msg)
	}
	return e.Msg
}

// CompileBody compiles body as the body of a strict function, head its
// head ("function (a, b)", "async function (x)"), under the source name
// ScriptName: its program evaluates to the function. It refuses a
// body of over MaxSourceLen bytes or MaxSourceTokens non-blank
// characters, one that closes the function to run code of its own, and
// BigInt literals.
func CompileBody(head, body string) (*goja.Program, error) {
	if len(body) > MaxSourceLen {
		return nil, &SyntaxError{Msg: fmt.Sprintf("the script is %d bytes, over the limit of %d", len(body), MaxSourceLen)}
	}
	if at := SourceTokens(body); at >= 0 {
		line, col := lineCol(body, at)
		return nil, &SyntaxError{Line: line, Col: col, Msg: fmt.Sprintf("the script is over %d characters (not counting blanks), the limit", MaxSourceTokens)}
	}
	src := "(" + head + " {\n" + body + "\n})"
	prg, err := parser.ParseFile(nil, ScriptName, src, 0)
	if err != nil {
		return nil, syntaxError(body, err)
	}
	lit := functionLiteral(prg)
	if lit == nil {
		return nil, &SyntaxError{Msg: "the script must be a function body; it closes the function it runs in"}
	}
	if at := BigIntLiteral(lit.Body); at > 0 {
		p := prg.File.Position(int(at) - 1)
		return nil, &SyntaxError{Line: p.Line - 1, Col: p.Column, Msg: "SyntaxError: BigInt is not available (its arithmetic is unbounded)"}
	}
	p, err := goja.CompileAST(prg, true)
	if err != nil {
		return nil, syntaxError(body, err)
	}
	return p, nil
}

// functionLiteral returns the function of a program that is one function
// expression, else nil.
func functionLiteral(prg *ast.Program) *ast.FunctionLiteral {
	if len(prg.Body) != 1 {
		return nil
	}
	st, ok := prg.Body[0].(*ast.ExpressionStatement)
	if !ok {
		return nil
	}
	lit, _ := st.Expression.(*ast.FunctionLiteral)
	return lit
}

func syntaxError(body string, err error) *SyntaxError {
	se := &SyntaxError{}
	var list parser.ErrorList
	var ce *goja.CompilerSyntaxError
	switch {
	case errors.As(err, &list) && len(list) > 0:
		se.Line, se.Col = list[0].Position.Line-1, list[0].Position.Column
		se.Msg = "SyntaxError: " + list[0].Message
	case errors.As(err, &ce):
		if ce.File != nil {
			p := ce.File.Position(ce.Offset)
			se.Line, se.Col = p.Line-1, p.Column
		}
		se.Msg = "SyntaxError: " + ce.Message
	default:
		se.Msg = err.Error()
	}
	// An error in the wrapper's closing line is at the end of the script.
	lines := strings.Split(body, "\n")
	if se.Line > len(lines) {
		se.Line, se.Col = len(lines), utf8.RuneCountInString(lines[len(lines)-1])+1
		se.Msg = "SyntaxError: unexpected end of the script (a bracket, brace or string left open?)"
	}
	if se.Line < 1 {
		se.Line, se.Col = 1, max(se.Col, 1)
	}
	return se
}

// lineCol is the 1-based line and column of byte offset off of s.
func lineCol(s string, off int) (line, col int) {
	line = strings.Count(s[:off], "\n") + 1
	return line, utf8.RuneCountInString(s[strings.LastIndexByte(s[:off], '\n')+1:off]) + 1
}
