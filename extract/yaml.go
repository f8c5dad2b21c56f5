package extract

import (
	"bytes"
	"errors"
	"strconv"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// parseYAML converts a YAML body whose root is a collection to JSON and
// indexes it. reason says why the body is refused.
//
// goccy/go-yaml needs memory quadratic in nesting depth and does not bound
// aliases, so: a byte pre-scan and a token scan bound the depth before the
// parser runs, and alias expansion is counted while converting.
func parseYAML(body []byte, o *Options) (t *tape, reason string) {
	defer func() {
		if recover() != nil { // never let a third-party parser bug escape
			t, reason = nil, "not valid JSON, and the YAML parser failed"
		}
	}()
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, "the body is empty"
	}
	if o.MaxYAMLBytes < 0 {
		return nil, "not valid JSON (YAML is off)"
	}
	if len(body) > o.MaxYAMLBytes {
		return nil, "not valid JSON, and over " + strconv.Itoa(o.MaxYAMLBytes) + " bytes, the YAML limit"
	}
	tooDeep := "not valid JSON, and as YAML nests deeper than " + strconv.Itoa(o.MaxYAMLDepth) + " levels"
	if !prescanDepth(body, o.MaxYAMLDepth) {
		return nil, tooDeep
	}
	tokens := lexer.Tokenize(string(body))
	if !tokenDepth(tokens, o.MaxYAMLDepth) {
		return nil, tooDeep
	}
	f, err := parser.Parse(tokens, 0)
	if err != nil || len(f.Docs) == 0 || f.Docs[0] == nil || f.Docs[0].Body == nil {
		return nil, "not valid JSON or YAML"
	}
	c := conv{anchors: map[string]ast.Node{}, active: map[string]bool{}, maxAlias: o.MaxYAMLAliases}
	if err := c.value(f.Docs[0].Body); err != nil {
		if errors.Is(err, errAliasBudget) {
			return nil, "not valid JSON, and its YAML aliases expand to over " + strconv.Itoa(max(o.MaxYAMLAliases, 0)) + " nodes"
		}
		return nil, "not valid JSON or YAML"
	}
	if c.buf[0] != '{' && c.buf[0] != '[' {
		return nil, "not valid JSON, and as YAML only a scalar"
	}
	t, ok := scanJSON(c.buf)
	if !ok {
		return nil, "not valid JSON or YAML" // unreachable: conv emits valid JSON
	}
	return t, ""
}

// prescanDepth is a cheap, conservative bound on nesting: indentation
// levels plus leading "- "/"? " markers plus open flow brackets (quotes are
// not tracked, so brackets inside strings count too).
func prescanDepth(b []byte, maxDepth int) bool {
	flow := 0
	var stack []int // indentation columns of open block levels
	for pos := 0; pos < len(b); {
		eol := bytes.IndexByte(b[pos:], '\n')
		var line []byte
		if eol < 0 {
			line, pos = b[pos:], len(b)
		} else {
			line, pos = b[pos:pos+eol], pos+eol+1
		}
		ind := 0
		for ind < len(line) && line[ind] == ' ' {
			ind++
		}
		rest := bytes.TrimRight(line[ind:], " \t\r")
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
			return false
		}
		for _, c := range rest[j:] {
			switch c {
			case '[', '{':
				flow++
				if len(stack)+markers+flow > maxDepth {
					return false
				}
			case ']', '}':
				if flow > 0 {
					flow--
				}
			}
		}
	}
	return true
}

// tokenDepth bounds nesting on the lexer's tokens (exact for flow
// brackets, approximate for block indentation).
func tokenDepth(tokens token.Tokens, maxDepth int) bool {
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
			return false
		}
	}
	return true
}

var (
	errAliasBudget = errors.New("alias expansion over limit")
	errBadYAML     = errors.New("unsupported YAML")
)

// conv renders a YAML AST as compact JSON.
type conv struct {
	buf        []byte
	anchors    map[string]ast.Node
	active     map[string]bool // anchors being expanded (recursion guard)
	aliasDepth int             // > 0 while inside an alias expansion
	aliasNodes int
	maxAlias   int
}

// count charges one node to the alias budget when inside an expansion.
func (c *conv) count() error {
	if c.aliasDepth > 0 {
		c.aliasNodes++
		if c.aliasNodes > c.maxAlias {
			return errAliasBudget
		}
	}
	return nil
}

func (c *conv) value(n ast.Node) error {
	if err := c.count(); err != nil {
		return err
	}
	switch n := n.(type) {
	case nil, *ast.NullNode:
		c.buf = append(c.buf, "null"...)
	case *ast.StringNode:
		if n.Token != nil && n.Token.Type == token.StringType && jsonstr.IsNumber(n.Value) {
			// A plain scalar in JSON number form (big ints, 1e3): a number.
			c.buf = append(c.buf, n.Value...)
		} else {
			c.buf = jsonstr.Append(c.buf, n.Value)
		}
	case *ast.IntegerNode:
		switch {
		case n.Token != nil && jsonstr.IsNumber(n.Token.Value):
			c.buf = append(c.buf, n.Token.Value...)
		default:
			switch v := n.Value.(type) {
			case int64:
				c.buf = strconv.AppendInt(c.buf, v, 10)
			case uint64:
				c.buf = strconv.AppendUint(c.buf, v, 10)
			default:
				return errBadYAML
			}
		}
	case *ast.FloatNode:
		if n.Token != nil && jsonstr.IsNumber(n.Token.Value) {
			c.buf = append(c.buf, n.Token.Value...)
		} else {
			c.buf = append(c.buf, formatFloat(n.Value)...)
		}
	case *ast.InfinityNode, *ast.NanNode:
		// JSON has no such numbers: keep the YAML text as a string.
		c.buf = jsonstr.Append(c.buf, n.GetToken().Value)
	case *ast.BoolNode:
		c.buf = strconv.AppendBool(c.buf, n.Value)
	case *ast.LiteralNode:
		if n.Value == nil {
			return errBadYAML
		}
		c.buf = jsonstr.Append(c.buf, n.Value.Value)
	case *ast.TagNode:
		return c.tagged(n)
	case *ast.AnchorNode:
		name := n.Name.GetToken().Value
		c.anchors[name] = n.Value
		was := c.active[name]
		c.active[name] = true
		err := c.value(n.Value)
		c.active[name] = was
		return err
	case *ast.AliasNode:
		name := n.Value.GetToken().Value
		if c.active[name] {
			c.buf = append(c.buf, "null"...) // recursive alias
			return nil
		}
		target, ok := c.anchors[name]
		if !ok {
			return errBadYAML
		}
		if c.maxAlias < 0 {
			return errAliasBudget
		}
		c.active[name] = true
		c.aliasDepth++
		err := c.value(target)
		c.aliasDepth--
		c.active[name] = false
		return err
	case *ast.MappingNode:
		return c.mapping(n.Values)
	case *ast.MappingValueNode:
		return c.mapping([]*ast.MappingValueNode{n})
	case *ast.MappingKeyNode:
		return c.value(n.Value)
	case *ast.SequenceNode:
		c.buf = append(c.buf, '[')
		for i, v := range n.Values {
			if i > 0 {
				c.buf = append(c.buf, ',')
			}
			if err := c.value(v); err != nil {
				return err
			}
		}
		c.buf = append(c.buf, ']')
	default:
		return errBadYAML
	}
	return nil
}

// tagged honours !!str and !!null; other tags keep the tagged value.
func (c *conv) tagged(n *ast.TagNode) error {
	tag := ""
	if n.Start != nil {
		tag = n.Start.Value
	}
	switch tag {
	case string(token.StringTag), "!<tag:yaml.org,2002:str>":
		switch v := n.Value.(type) {
		case nil:
			c.buf = jsonstr.Append(c.buf, "")
			return nil
		case *ast.StringNode:
			c.buf = jsonstr.Append(c.buf, v.Value)
			return nil
		case *ast.LiteralNode:
			return c.value(v)
		case ast.ScalarNode:
			c.buf = jsonstr.Append(c.buf, v.GetToken().Value)
			return nil
		}
	case string(token.NullTag), "!<tag:yaml.org,2002:null>":
		c.buf = append(c.buf, "null"...)
		return nil
	}
	return c.value(n.Value)
}

type entry struct {
	key      string
	val      ast.Node
	viaAlias bool // copied by a merge key: charged to the alias budget
}

func (c *conv) mapping(values []*ast.MappingValueNode) error {
	merge := false
	for _, mv := range values {
		if mv == nil || mv.Key == nil {
			return errBadYAML
		}
		merge = merge || mv.Key.IsMergeKey()
	}
	c.buf = append(c.buf, '{')
	if !merge {
		for i, mv := range values {
			if i > 0 {
				c.buf = append(c.buf, ',')
			}
			k, err := c.key(mv.Key)
			if err != nil {
				return err
			}
			c.buf = jsonstr.Append(c.buf, k)
			c.buf = append(c.buf, ':')
			if err := c.value(mv.Value); err != nil {
				return err
			}
		}
		c.buf = append(c.buf, '}')
		return nil
	}
	entries, err := c.entries(values, false)
	if err != nil {
		return err
	}
	for i, e := range entries {
		if i > 0 {
			c.buf = append(c.buf, ',')
		}
		c.buf = jsonstr.Append(c.buf, e.key)
		c.buf = append(c.buf, ':')
		if e.viaAlias {
			c.aliasDepth++
		}
		err := c.value(e.val)
		if e.viaAlias {
			c.aliasDepth--
		}
		if err != nil {
			return err
		}
	}
	c.buf = append(c.buf, '}')
	return nil
}

// entries lists a mapping's pairs with "<<" merge keys resolved: explicit
// keys win, then earlier merge sources; merged pairs sit where "<<" was.
func (c *conv) entries(values []*ast.MappingValueNode, viaAlias bool) ([]entry, error) {
	keys := make([]string, len(values))
	explicit := map[string]bool{}
	for i, mv := range values {
		if mv == nil || mv.Key == nil {
			return nil, errBadYAML
		}
		if mv.Key.IsMergeKey() {
			continue
		}
		k, err := c.key(mv.Key)
		if err != nil {
			return nil, err
		}
		keys[i] = k
		explicit[k] = true
	}
	seen := map[string]bool{}
	var out []entry
	for i, mv := range values {
		if !mv.Key.IsMergeKey() {
			out = append(out, entry{keys[i], mv.Value, viaAlias})
			continue
		}
		srcs := []ast.Node{mv.Value}
		if seq, ok := unwrapNode(mv.Value).(*ast.SequenceNode); ok {
			srcs = seq.Values
		}
		for _, src := range srcs {
			name, m := c.resolveMap(src)
			if m == nil || (name != "" && c.active[name]) {
				continue // not a mapping, or recursive: nothing to merge
			}
			if name != "" {
				c.active[name] = true
			}
			sub, err := c.entries(m, true)
			if name != "" {
				c.active[name] = false
			}
			if err != nil {
				return nil, err
			}
			for _, e := range sub {
				if explicit[e.key] || seen[e.key] {
					continue
				}
				seen[e.key] = true
				c.aliasDepth++
				err := c.count()
				c.aliasDepth--
				if err != nil {
					return nil, err
				}
				out = append(out, entry{e.key, e.val, true})
			}
		}
	}
	return out, nil
}

// unwrapNode strips tags and anchors.
func unwrapNode(n ast.Node) ast.Node {
	for {
		switch v := n.(type) {
		case *ast.TagNode:
			n = v.Value
		case *ast.AnchorNode:
			n = v.Value
		default:
			return n
		}
	}
}

// resolveMap follows tags, anchors and one alias to a mapping's pairs.
func (c *conv) resolveMap(n ast.Node) (alias string, values []*ast.MappingValueNode) {
	for range 64 {
		switch v := n.(type) {
		case *ast.TagNode:
			n = v.Value
		case *ast.AnchorNode:
			c.anchors[v.Name.GetToken().Value] = v.Value
			n = v.Value
		case *ast.AliasNode:
			if alias != "" {
				return "", nil
			}
			alias = v.Value.GetToken().Value
			n = c.anchors[alias]
		case *ast.MappingNode:
			return alias, v.Values
		case *ast.MappingValueNode:
			return alias, []*ast.MappingValueNode{v}
		default:
			return "", nil
		}
	}
	return "", nil
}

// key stringifies a mapping key: strings as is, other scalars by their
// JSON text, collections as compact JSON.
func (c *conv) key(k ast.MapKeyNode) (string, error) {
	if s, ok := k.(*ast.StringNode); ok {
		return s.Value, nil
	}
	saved := c.buf
	c.buf = nil
	err := c.value(k)
	out := c.buf
	c.buf = saved
	if err != nil {
		return "", err
	}
	if len(out) > 0 && out[0] == '"' {
		t := tape{src: out}
		return t.stringText(&node{start: 0, end: uint32(len(out)), esc: true}), nil
	}
	return string(out), nil
}
