package toolkit

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/goccy/go-yaml/ast"

	"github.com/toolkit-sdk/toolkit/internal/suggest"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
	"github.com/toolkit-sdk/toolkit/internal/yamlast"
)

// nodeReader reads a YAML AST strictly, collecting positioned diagnostics.
type nodeReader struct {
	file    string
	diags   Diagnostics
	anchors map[string]ast.Node
}

type field struct {
	key   string
	keyN  ast.Node
	value ast.Node
}

func (r *nodeReader) report(sev Severity, n ast.Node, path, format string, args ...any) {
	line, col := yamlast.Pos(n)
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
	values, ok := yamlast.MappingValues(n)
	if !ok {
		r.errorf(n, path, "must be a mapping, got %s", yamlast.Kind(n))
		return nil, false
	}
	fields := make([]field, 0, len(values))
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
		key := yamlast.ScalarText(s)
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
		return yamlast.LiteralText(x), true
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode:
		// A plain scalar such as 42 is still text to a string field.
		return x.GetToken().Value, true
	}
	r.errorf(n, path, "must be a string, got %s", yamlast.Kind(n))
	return "", false
}

func (r *nodeReader) boolean(n ast.Node, path string) (bool, bool) {
	n = r.resolve(n)
	if b, ok := n.(*ast.BoolNode); ok {
		return b.Value, true
	}
	r.errorf(n, path, "must be true or false, got %s", yamlast.Kind(n))
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
	r.errorf(n, path, "must be an integer, got %s", yamlast.Kind(n))
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
	r.errorf(n, path, "must be a non-negative number, got %s", yamlast.Kind(n))
	return 0, false
}

func (r *nodeReader) seq(n ast.Node, path string) ([]ast.Node, bool) {
	n = r.resolve(n)
	if s, ok := n.(*ast.SequenceNode); ok {
		return s.Values, true
	}
	r.errorf(n, path, "must be a list, got %s", yamlast.Kind(n))
	return nil, false
}

// scalar returns a scalar node's value as the Go value YAML means by it.
func (r *nodeReader) scalar(n ast.Node, path string) (any, bool) {
	n = r.resolve(n)
	switch x := n.(type) {
	case *ast.StringNode:
		return x.Value, true
	case *ast.LiteralNode:
		return yamlast.LiteralText(x), true
	case *ast.BoolNode:
		return x.Value, true
	case *ast.IntegerNode, *ast.FloatNode:
		return x.GetToken().Value, true
	case *ast.NullNode:
		return nil, true
	}
	r.errorf(n, path, "must be a scalar, got %s", yamlast.Kind(n))
	return nil, false
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

// cutLong returns s, or when it is over limit bytes its first bytes with
// a note saying it was cut, limit bytes in all, and a warning: a long
// description is what the model reads whole, not a reason to refuse the
// file.
func (r *nodeReader) cutLong(n ast.Node, path, s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	note := " … (cut: " + textcut.Count(len(s)) + " bytes in the tool file)"
	head, _ := textcut.Prefix(s, limit-len(note))
	r.warnf(n, path, "is %d bytes; cut to %d, with a note", len(s), limit)
	return strings.TrimRightFunc(head, unicode.IsSpace) + note
}
