// Package yamlast answers what the tool-file compiler asks of a node of a
// goccy/go-yaml tree: where it is (line and column, also inside a string
// scalar), what kind of value it is in the words of an error message, a
// mapping's pairs, a scalar's text, and how large the tree grows with its
// aliases expanded (AliasBomb), the bound that keeps a small file from
// making the compiler read gigabytes.
package yamlast

import (
	"fmt"
	"strings"

	"github.com/goccy/go-yaml/ast"
)

// Pos returns n's line and column (1-based; 0, 0 if unknown). A block
// mapping is where its first key is, a pair where its key is.
func Pos(n ast.Node) (int, int) {
	switch x := n.(type) {
	case nil:
		return 0, 0
	case *ast.MappingNode:
		// A block mapping's token is its first ':'; point at the first key.
		if len(x.Values) > 0 && !x.IsFlowStyle {
			return Pos(x.Values[0].Key)
		}
	case *ast.MappingValueNode:
		return Pos(x.Key)
	}
	if tk := n.GetToken(); tk != nil && tk.Position != nil {
		return tk.Position.Line, tk.Position.Column
	}
	return 0, 0
}

// ScalarPos returns the position of byte offset off inside a string
// scalar's value, for errors inside templates.
func ScalarPos(n ast.Node, value string, off int) (int, int) {
	line, col := Pos(n)
	if lit, ok := n.(*ast.LiteralNode); ok && lit.Value != nil {
		line, col = Pos(lit.Value)
	} else if tk := n.GetToken(); tk != nil && strings.ContainsRune(`"'`, rune(firstByte(tk.Origin))) {
		col++ // opening quote
	}
	if off > len(value) {
		off = len(value)
	}
	before := value[:off]
	if nl := strings.Count(before, "\n"); nl > 0 {
		return line + nl, col + len(before) - strings.LastIndexByte(before, '\n') - 1
	}
	return line, col + off
}

func firstByte(s string) byte {
	s = strings.TrimLeft(s, " \t\r\n")
	if s == "" {
		return 0
	}
	return s[0]
}

// Kind names n's kind of value for messages: "a mapping", "a list",
// "a string", "nothing", ...
func Kind(n ast.Node) string {
	switch n.(type) {
	case nil, *ast.NullNode:
		return "nothing"
	case *ast.MappingNode, *ast.MappingValueNode:
		return "a mapping"
	case *ast.SequenceNode:
		return "a list"
	case *ast.StringNode, *ast.LiteralNode:
		return "a string"
	case *ast.IntegerNode:
		return "an integer"
	case *ast.FloatNode, *ast.InfinityNode, *ast.NanNode:
		return "a number"
	case *ast.BoolNode:
		return "a boolean"
	case *ast.AliasNode:
		return "an unknown alias"
	}
	return "an unsupported value"
}

// MappingValues returns the key-value pairs of a mapping node (a single
// pair is one too); ok is false for any other node.
func MappingValues(n ast.Node) (values []*ast.MappingValueNode, ok bool) {
	switch x := n.(type) {
	case *ast.MappingNode:
		return x.Values, true
	case *ast.MappingValueNode:
		return []*ast.MappingValueNode{x}, true
	}
	return nil, false
}

// MappingValue returns the value of key in a mapping node, or nil.
func MappingValue(n ast.Node, key string) ast.Node {
	values, _ := MappingValues(n)
	for _, mv := range values {
		if k, ok := mv.Key.(ast.ScalarNode); ok && fmt.Sprint(k.GetValue()) == key {
			return mv.Value
		}
	}
	return nil
}

// ScalarText is a scalar's value as text (a key's name).
func ScalarText(s ast.ScalarNode) string {
	if str, ok := s.(*ast.StringNode); ok {
		return str.Value
	}
	return fmt.Sprint(s.GetValue())
}

// LiteralText is a block scalar's (| or >) text.
func LiteralText(n *ast.LiteralNode) string {
	if n.Value == nil {
		return ""
	}
	return n.Value.Value
}

// sizer estimates a YAML tree's size with its aliases expanded: the bytes
// of its scalars plus one a node. The compiler reads an alias's target
// again for every reference, so this is the work a file asks for.
type sizer struct {
	limit   int
	total   int
	at      ast.Node // the alias that took total over limit
	anchors map[string]ast.Node
	weights map[ast.Node]int // expanded sizes of alias targets
	active  map[ast.Node]bool
}

// AliasBomb returns the alias at which n, aliases expanded, grows past
// limit, or nil.
func AliasBomb(n ast.Node, limit int) ast.Node {
	s := sizer{limit: limit, anchors: map[string]ast.Node{}, weights: map[ast.Node]int{}, active: map[ast.Node]bool{}}
	s.walk(n)
	return s.at
}

func (s *sizer) walk(n ast.Node) {
	if s.total > s.limit || n == nil {
		return
	}
	s.total++
	switch x := n.(type) {
	case *ast.MappingNode:
		for _, mv := range x.Values {
			s.walk(mv)
		}
	case *ast.MappingValueNode:
		s.walk(x.Key)
		s.walk(x.Value)
	case *ast.MappingKeyNode:
		s.walk(x.Value)
	case *ast.SequenceNode:
		for _, v := range x.Values {
			s.walk(v)
		}
	case *ast.TagNode:
		s.walk(x.Value)
	case *ast.AnchorNode:
		if name, ok := x.Name.(ast.ScalarNode); ok {
			s.anchors[fmt.Sprint(name.GetValue())] = x.Value
		}
		s.walk(x.Value)
	case *ast.AliasNode:
		if name, ok := x.Value.(ast.ScalarNode); ok {
			s.total += s.weight(s.anchors[fmt.Sprint(name.GetValue())])
		}
		if s.total > s.limit && s.at == nil {
			s.at = x
		}
	default:
		if tk := n.GetToken(); tk != nil {
			s.total += len(tk.Value)
		}
	}
}

// weight is the expanded size of an alias's target, computed once.
func (s *sizer) weight(target ast.Node) int {
	if target == nil || s.active[target] {
		return 0
	}
	if w, ok := s.weights[target]; ok {
		return w
	}
	saved := s.total
	s.total = 0
	s.active[target] = true
	s.walk(target)
	s.active[target] = false
	w := s.total
	s.total = saved
	s.weights[target] = w
	return w
}
