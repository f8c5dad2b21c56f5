package toolkit

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/toolkit-sdk/toolkit/internal/slab"
	"github.com/toolkit-sdk/toolkit/internal/suggest"
)

// nodeReader reads a YAML AST strictly, collecting positioned diagnostics.
type nodeReader struct {
	file    string
	diags   Diagnostics
	anchors map[string]ast.Node
	fields  *slab.Slab[field] // where mapping's fields are made; nil: the heap
}

type field struct {
	key   string
	keyN  ast.Node
	value ast.Node
}

func (r *nodeReader) report(sev Severity, n ast.Node, path, format string, args ...any) {
	line, col := nodePos(n)
	r.diags = append(r.diags, Diagnostic{
		Severity: sev, File: r.file, Line: line, Col: col, Field: path,
		Msg: fmt.Sprintf(format, args...),
	})
}

func (r *nodeReader) errorf(n ast.Node, path, format string, args ...any) {
	r.report(SeverityError, n, path, format, args...)
}

func (r *nodeReader) warnf(n ast.Node, path, format string, args ...any) {
	r.report(SeverityWarning, n, path, format, args...)
}

func nodePos(n ast.Node) (int, int) {
	switch x := n.(type) {
	case nil:
		return 0, 0
	case *ast.MappingNode:
		// A block mapping's token is its first ':'; point at the first key.
		if len(x.Values) > 0 && !x.IsFlowStyle {
			return nodePos(x.Values[0].Key)
		}
	case *ast.MappingValueNode:
		return nodePos(x.Key)
	}
	if tk := n.GetToken(); tk != nil && tk.Position != nil {
		return tk.Position.Line, tk.Position.Column
	}
	return 0, 0
}

// resolve strips anchors and tags and follows aliases.
func (r *nodeReader) resolve(n ast.Node) ast.Node {
	for depth := 0; n != nil && depth < 32; depth++ {
		switch x := n.(type) {
		case *ast.AnchorNode:
			if name, ok := x.Name.(ast.ScalarNode); ok {
				if r.anchors == nil {
					r.anchors = map[string]ast.Node{}
				}
				r.anchors[fmt.Sprint(name.GetValue())] = x.Value
			}
			n = x.Value
		case *ast.AliasNode:
			name := ""
			if s, ok := x.Value.(ast.ScalarNode); ok {
				name = fmt.Sprint(s.GetValue())
			}
			target, ok := r.anchors[name]
			if !ok {
				return x
			}
			n = target
		case *ast.TagNode:
			n = x.Value
		default:
			return n
		}
	}
	return n
}

// mapping returns the fields of a mapping node, reporting a node that is not
// a mapping, duplicate keys and keys outside known.
func (r *nodeReader) mapping(n ast.Node, path string, known []string) ([]field, bool) {
	n = r.resolve(n)
	values, ok := mappingValues(n)
	if !ok {
		r.errorf(n, path, "must be a mapping, got %s", nodeKind(n))
		return nil, false
	}
	var fields []field
	if r.fields != nil {
		fields = r.fields.List(len(values))[:0]
	} else {
		fields = make([]field, 0, len(values))
	}
	var seen map[string]bool // the keys, once there are many
	for _, mv := range values {
		keyNode := r.resolve(mv.Key)
		if mk, ok := keyNode.(*ast.MappingKeyNode); ok {
			keyNode = r.resolve(mk.Value)
		}
		s, ok := keyNode.(ast.ScalarNode)
		if !ok {
			r.errorf(keyNode, path, "keys must be plain strings")
			continue
		}
		key := scalarText(s)
		if _, merge := keyNode.(*ast.MergeKeyNode); merge {
			r.errorf(keyNode, path, "merge keys (<<) are not supported")
			continue
		}
		fpath := joinPath(path, key)
		if known != nil && !slices.Contains(known, key) {
			msg := fmt.Sprintf("unknown field %q", key)
			if s := suggest.Closest(key, known); s != "" {
				msg += fmt.Sprintf("; did you mean %q?", s)
			}
			r.errorf(keyNode, path, "%s", msg)
			continue
		}
		if seen[key] || seen == nil && slices.ContainsFunc(fields, func(f field) bool { return f.key == key }) {
			r.errorf(keyNode, fpath, "duplicate field")
			continue
		}
		fields = append(fields, field{key: key, keyN: keyNode, value: mv.Value})
		if seen != nil || len(fields) == 16 {
			if seen == nil {
				seen = make(map[string]bool, len(values))
				for _, f := range fields {
					seen[f.key] = true
				}
			}
			seen[key] = true
		}
	}
	return fields, true
}

// scalarText is a scalar's value as text (a key's name).
func scalarText(s ast.ScalarNode) string {
	if str, ok := s.(*ast.StringNode); ok {
		return str.Value
	}
	return fmt.Sprint(s.GetValue())
}

// mappingValues returns the key-value pairs of a mapping node (a single
// pair is one too); ok is false for any other node.
func mappingValues(n ast.Node) (values []*ast.MappingValueNode, ok bool) {
	switch x := n.(type) {
	case *ast.MappingNode:
		return x.Values, true
	case *ast.MappingValueNode:
		return []*ast.MappingValueNode{x}, true
	}
	return nil, false
}

// indexPath is the path of item i of the list at path.
func indexPath(path string, i int) string {
	return path + "[" + strconv.Itoa(i) + "]"
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func (r *nodeReader) str(n ast.Node, path string) (string, bool) {
	n = r.resolve(n)
	switch x := n.(type) {
	case *ast.StringNode:
		return x.Value, true
	case *ast.LiteralNode:
		return literalText(x), true
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode:
		// A plain scalar such as 42 is still text to a string field.
		return x.GetToken().Value, true
	}
	r.errorf(n, path, "must be a string, got %s", nodeKind(n))
	return "", false
}

func (r *nodeReader) boolean(n ast.Node, path string) (bool, bool) {
	n = r.resolve(n)
	if b, ok := n.(*ast.BoolNode); ok {
		return b.Value, true
	}
	r.errorf(n, path, "must be true or false, got %s", nodeKind(n))
	return false, false
}

func (r *nodeReader) integer(n ast.Node, path string) (int, bool) {
	n = r.resolve(n)
	if x, ok := n.(*ast.IntegerNode); ok {
		switch v := x.Value.(type) {
		case int64:
			if v >= math.MinInt32 && v <= math.MaxInt32 {
				return int(v), true
			}
		case uint64:
			if v <= math.MaxInt32 {
				return int(v), true
			}
		}
		r.errorf(n, path, "integer %s is out of range", x.GetToken().Value)
		return 0, false
	}
	r.errorf(n, path, "must be an integer, got %s", nodeKind(n))
	return 0, false
}

func (r *nodeReader) number(n ast.Node, path string) (float64, bool) {
	n = r.resolve(n)
	switch x := n.(type) {
	case *ast.IntegerNode, *ast.FloatNode:
		f, err := strconv.ParseFloat(x.GetToken().Value, 64)
		if err == nil && f >= 0 && !math.IsInf(f, 0) {
			return f, true
		}
	}
	r.errorf(n, path, "must be a non-negative number, got %s", nodeKind(n))
	return 0, false
}

func (r *nodeReader) seq(n ast.Node, path string) ([]ast.Node, bool) {
	n = r.resolve(n)
	if s, ok := n.(*ast.SequenceNode); ok {
		return s.Values, true
	}
	r.errorf(n, path, "must be a list, got %s", nodeKind(n))
	return nil, false
}

// scalar returns a scalar node's value as the Go value YAML means by it.
func (r *nodeReader) scalar(n ast.Node, path string) (any, bool) {
	n = r.resolve(n)
	switch x := n.(type) {
	case *ast.StringNode:
		return x.Value, true
	case *ast.LiteralNode:
		return literalText(x), true
	case *ast.BoolNode:
		return x.Value, true
	case *ast.IntegerNode, *ast.FloatNode:
		return x.GetToken().Value, true
	case *ast.NullNode:
		return nil, true
	}
	r.errorf(n, path, "must be a scalar, got %s", nodeKind(n))
	return nil, false
}

func literalText(n *ast.LiteralNode) string {
	if n.Value == nil {
		return ""
	}
	return n.Value.Value
}

func nodeKind(n ast.Node) string {
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

// scalarPos returns the position of byte offset off inside a string
// scalar's value, for errors inside templates.
func scalarPos(n ast.Node, value string, off int) (int, int) {
	line, col := nodePos(n)
	if lit, ok := n.(*ast.LiteralNode); ok && lit.Value != nil {
		line, col = nodePos(lit.Value)
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

// short reports a string over limit bytes, for fields the model reads whole
// or that make no sense long.
func (r *nodeReader) short(n ast.Node, path, s string, limit int) bool {
	if len(s) <= limit {
		return true
	}
	r.errorf(n, path, "is %d bytes; at most %d are allowed", len(s), limit)
	return false
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

// aliasBomb returns the alias at which n, aliases expanded, grows past
// limit, or nil.
func aliasBomb(n ast.Node, limit int) ast.Node {
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

// mappingValue returns the value of key in a mapping node, or nil.
func mappingValue(n ast.Node, key string) ast.Node {
	values, _ := mappingValues(n)
	for _, mv := range values {
		if k, ok := mv.Key.(ast.ScalarNode); ok && fmt.Sprint(k.GetValue()) == key {
			return mv.Value
		}
	}
	return nil
}
