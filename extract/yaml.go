package extract

import (
	"bytes"
	"errors"
	"strconv"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/yamlscan"
)

// parseYAML converts a YAML body whose root is a collection to JSON and
// indexes it. reason says why the body is refused.
func parseYAML(body []byte, o *Options) (t *tape, reason string) {
	out, reason := yamlToJSON(body, o)
	if reason != "" {
		return nil, reason
	}
	t, ok := scanJSON(out)
	if !ok {
		return nil, "not valid JSON or YAML" // unreachable: conv emits valid JSON
	}
	return t, ""
}

// yamlToJSON converts body to compact JSON. On failure out holds what was
// written before the conversion stopped (for tests) and reason says why.
//
// yamlscan bounds the depth before goccy/go-yaml parses; that parser does
// not bound aliases, so what alias expansion copies is charged, in nodes and
// in bytes written, while converting.
func yamlToJSON(body []byte, o *Options) (out []byte, reason string) {
	c := conv{anchors: map[string]ast.Node{}, active: map[string]bool{},
		maxNodes: o.MaxYAMLAliases, maxBytes: o.MaxYAMLAliasBytes}
	defer func() {
		if recover() != nil { // never let a third-party parser bug escape
			out, reason = c.buf, "not valid JSON, and the YAML parser failed"
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
	tree, err := yamlscan.Parse(string(body), o.MaxYAMLDepth)
	defer tree.Release() // the JSON written holds no node
	f := tree.File
	var deep *yamlscan.DepthError
	switch {
	case errors.As(err, &deep):
		return nil, "not valid JSON, and as YAML " + deep.Error()
	case errors.Is(err, yamlscan.ErrParser):
		return nil, "not valid JSON, and " + err.Error()
	case err != nil || len(f.Docs) == 0 || f.Docs[0] == nil || f.Docs[0].Body == nil:
		return nil, "not valid JSON or YAML"
	}
	switch err := c.value(f.Docs[0].Body); {
	case errors.Is(err, errAliasNodes):
		return c.buf, "not valid JSON, and its YAML aliases expand to over " + strconv.Itoa(max(o.MaxYAMLAliases, 0)) + " nodes"
	case errors.Is(err, errAliasBytes):
		return c.buf, "not valid JSON, and its YAML aliases expand to over " + strconv.Itoa(max(o.MaxYAMLAliasBytes, 0)) + " bytes"
	case err != nil:
		return c.buf, "not valid JSON or YAML"
	}
	if c.buf[0] != '{' && c.buf[0] != '[' {
		return c.buf, "not valid JSON, and as YAML only a scalar"
	}
	return c.buf, ""
}

var (
	errAliasNodes = errors.New("alias expansion over the node limit")
	errAliasBytes = errors.New("alias expansion over the byte limit")
	errBadYAML    = errors.New("unsupported YAML")
)

// conv renders a YAML AST as compact JSON. What aliases and "<<" merge
// keys copy is charged to two budgets: nodes visited and bytes written.
type conv struct {
	buf      []byte
	anchors  map[string]ast.Node
	active   map[string]bool // anchors being expanded (recursion guard)
	expand   int             // > 0 while inside an alias expansion
	mark     int             // len(buf) when the outermost expansion began
	nodes    int             // nodes visited inside expansions
	written  int             // bytes written by finished expansions
	maxNodes int
	maxBytes int
}

// enter and leave bracket the copy of an alias's or merge source's content.
func (c *conv) enter() error {
	switch {
	case c.maxNodes < 0:
		return errAliasNodes
	case c.maxBytes < 0:
		return errAliasBytes
	}
	if c.expand == 0 {
		c.mark = len(c.buf)
	}
	c.expand++
	return nil
}

func (c *conv) leave() {
	c.expand--
	if c.expand == 0 {
		c.written += len(c.buf) - c.mark
	}
}

// charge adds n nodes to the node budget and checks the byte budget.
func (c *conv) charge(n int) error {
	if c.expand == 0 {
		return nil
	}
	c.nodes += n
	if c.nodes > c.maxNodes {
		return errAliasNodes
	}
	if c.written+len(c.buf)-c.mark > c.maxBytes {
		return errAliasBytes
	}
	return nil
}

func (c *conv) value(n ast.Node) error {
	if err := c.charge(1); err != nil {
		return err
	}
	if err := c.node(n); err != nil {
		return err
	}
	return c.charge(0) // the bytes n wrote
}

func (c *conv) node(n ast.Node) error {
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
		if err := c.enter(); err != nil {
			return err
		}
		c.active[name] = true
		err := c.value(target)
		c.active[name] = false
		c.leave()
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
		if e.viaAlias { // a copy: its key and value are charged
			if err := c.enter(); err != nil {
				return err
			}
		}
		c.buf = jsonstr.Append(c.buf, e.key)
		c.buf = append(c.buf, ':')
		err := c.value(e.val)
		if e.viaAlias {
			c.leave()
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
			// Every pair a merge lists is charged, kept or not: nested
			// merges of the same source otherwise cost work for free.
			if c.nodes += len(sub); c.nodes > c.maxNodes {
				return nil, errAliasNodes
			}
			for _, e := range sub {
				if explicit[e.key] || seen[e.key] {
					continue
				}
				seen[e.key] = true
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
// JSON text, collections as compact JSON. The key is rendered at the end
// of buf and cut off again, so the byte budget sees it.
func (c *conv) key(k ast.MapKeyNode) (string, error) {
	if s, ok := k.(*ast.StringNode); ok {
		return s.Value, nil
	}
	start, written := len(c.buf), c.written
	if err := c.value(k); err != nil {
		return "", err
	}
	out := c.buf[start:]
	var s string
	if len(out) > 0 && out[0] == '"' {
		s = decodeString(out)
	} else {
		s = string(out)
	}
	c.buf = c.buf[:start]
	if c.written != written {
		// An expansion inside a key outside any expansion: the key is
		// written again, quoted (at most twice its length plus quotes).
		if c.written += 2*len(s) + 2; c.written > c.maxBytes {
			return "", errAliasBytes
		}
	}
	return s, nil
}
