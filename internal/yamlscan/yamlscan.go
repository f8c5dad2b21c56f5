// Package yamlscan parses YAML with goccy/go-yaml after bounding its
// nesting: that parser needs memory and time quadratic in nesting depth, so
// a byte pre-scan and a token scan refuse deep input before it runs.
//
// Most tool files keep to a subset of YAML (block mappings and sequences;
// plain, quoted and block scalars; one-line flow collections, nested too;
// comments), which a fast path reads three to five times faster than goccy's
// lexer and parser, into the same tree: goccy's node types, its typing of
// plain scalars (token.New) and its positions. Anything outside the subset
// or in doubt goes to goccy, which also words every syntax error. Tests
// compare the two trees on generated tool files, on every YAML file of the
// module and under the fuzzer (FuzzFast); a goccy upgrade that changes its
// tree shows up there.
package yamlscan

import (
	"errors"
	"fmt"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// DepthError reports input nested deeper than the limit, at the line and
// column (in bytes, 1-based) where the limit was crossed.
type DepthError struct {
	Line, Col int
	Max       int
}

func (e *DepthError) Error() string {
	return fmt.Sprintf("nests deeper than %d levels", e.Max)
}

// ErrParser reports a panic inside the parser.
var ErrParser = errors.New("the YAML parser failed")

// Tree is a parsed file. Its nodes may live in memory that Release hands
// back for the next Parse to reuse: nothing in File may be kept past
// Release (strings may: they are the source's or fresh). Release clears
// that memory, so a node kept by mistake reads as zero values, not as
// another file's.
type Tree struct {
	File *ast.File
	p    *fastParser // nil when goccy's parser built File
	use  uint64      // p's use that built File
}

// Release gives the tree's memory back; t.File is not to be used after.
// Releasing a Tree again, or a copy of one released, does nothing, as does
// the zero Tree's Release.
func (t Tree) Release() {
	if t.p != nil && t.p.uses == t.use {
		t.p.release()
	}
}

// FastPath is the off switch of the fast path (fast.go): false sends
// every document to goccy's lexer and parser, the plain path. It stays for
// the Load10000/cpu budget of docs/performance.md, which the plain path
// misses; tests compare the two paths (checkFast, FuzzFast) and flip the
// switch (TestFastPathSwitch), as benchmarks may. Not to be flipped while
// a Parse runs.
var FastPath = true

// Parse parses text (comments dropped) after checking that it nests at most
// maxDepth levels; deeper input gets a *DepthError. Other errors are the
// parser's. The text of a block scalar is placed on the line after its
// header, at its indentation (see contentPos). Most tool files take the
// fast path, which builds the same tree without goccy's lexer and parser.
// The caller releases the tree once done with it.
func Parse(text string, maxDepth int) (t Tree, err error) {
	defer func() {
		if recover() != nil { // never let a third-party parser bug escape
			t, err = Tree{}, ErrParser
		}
	}()
	if line, col, ok := bytesWithin(text, maxDepth); !ok {
		return Tree{}, &DepthError{Line: line, Col: col, Max: maxDepth}
	}
	if FastPath {
		if body, p := fast(text); p != nil {
			return Tree{File: p.tree(body), p: p, use: p.uses}, nil
		}
	}
	tokens := lexer.Tokenize(text)
	if tk, ok := tokensWithin(tokens, maxDepth); !ok {
		return Tree{}, &DepthError{Line: tk.Position.Line, Col: tk.Position.Column, Max: maxDepth}
	}
	f, err := parser.Parse(tokens, 0)
	if err == nil && strings.ContainsAny(text, "|>") {
		for _, d := range f.Docs {
			placeLiterals(text, d.Body)
		}
	}
	return Tree{File: f}, err
}

// bytesWithin is a cheap, conservative bound on nesting: indentation
// levels plus leading "- "/"? " markers plus open flow brackets (quotes are
// not tracked, so brackets inside strings count too). It returns the line
// and column where the bound is crossed.
func bytesWithin(b string, maxDepth int) (line, col int, ok bool) {
	flow := 0
	var stack []int // indentation columns of open block levels
	for pos := 0; pos < len(b); {
		line++
		eol := strings.IndexByte(b[pos:], '\n')
		var text string
		if eol < 0 {
			text, pos = b[pos:], len(b)
		} else {
			text, pos = b[pos:pos+eol], pos+eol+1
		}
		ind := 0
		for ind < len(text) && text[ind] == ' ' {
			ind++
		}
		rest := strings.TrimRight(text[ind:], " \t\r")
		if len(rest) == 0 || rest[0] == '#' {
			continue
		}
		if flow == 0 {
			for len(stack) > 0 && stack[len(stack)-1] >= ind {
				stack = stack[:len(stack)-1]
			}
			stack = append(stack, ind)
		}
		markers := 0
		j := 0
		for j < len(rest) && (rest[j] == '-' || rest[j] == '?') && (j+1 == len(rest) || rest[j+1] == ' ' || rest[j+1] == '\t') {
			markers++
			j++
			for j < len(rest) && (rest[j] == ' ' || rest[j] == '\t') {
				j++
			}
		}
		if len(stack)+markers+flow > maxDepth {
			return line, ind + 1, false
		}
		for k, c := range []byte(rest[j:]) {
			switch c {
			case '[', '{':
				flow++
				if len(stack)+markers+flow > maxDepth {
					return line, ind + j + k + 1, false
				}
			case ']', '}':
				if flow > 0 {
					flow--
				}
			}
		}
	}
	return 0, 0, true
}

// tokensWithin bounds nesting on the lexer's tokens (exact for flow
// brackets, approximate for block indentation). It returns the token that
// crosses the bound.
func tokensWithin(tokens token.Tokens, maxDepth int) (*token.Token, bool) {
	type level struct {
		col int
		seq bool
	}
	var stack []level
	flow, line, markers := 0, -1, 0
	for _, tk := range tokens {
		if tk == nil || tk.Position == nil || tk.Type == token.CommentType {
			continue
		}
		if tk.Position.Line != line {
			line, markers = tk.Position.Line, 0
			if flow == 0 {
				col, seq := tk.Position.Column, tk.Type == token.SequenceEntryType
				for len(stack) > 0 {
					top := stack[len(stack)-1]
					if top.col > col || (top.col == col && (top.seq || !seq)) {
						stack = stack[:len(stack)-1]
						continue
					}
					break
				}
				stack = append(stack, level{col, seq})
			}
		} else if flow == 0 && (tk.Type == token.SequenceEntryType || tk.Type == token.MappingKeyType) {
			markers++
		}
		switch tk.Type {
		case token.SequenceStartType, token.MappingStartType:
			flow++
		case token.SequenceEndType, token.MappingEndType:
			if flow > 0 {
				flow--
			}
		}
		if len(stack)+markers+flow > maxDepth {
			return tk, false
		}
	}
	return nil, true
}
