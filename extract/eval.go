package extract

import (
	"fmt"
	"strconv"
	"strings"
)

// Default YAML bounds.
const (
	DefaultMaxYAMLBytes   = 256 << 10
	DefaultMaxYAMLDepth   = 100
	DefaultMaxYAMLAliases = 10000
	// DefaultMaxYAMLAliasBytes is 4 × DefaultMaxYAMLBytes.
	DefaultMaxYAMLAliasBytes = 1 << 20
)

// Options bounds the YAML fallback. Zero fields take the defaults.
type Options struct {
	// MaxYAMLBytes: larger non-JSON bodies are not tried as YAML.
	// Default 256 KiB; negative turns YAML off.
	MaxYAMLBytes int
	// MaxYAMLDepth bounds collection nesting (flow brackets plus block
	// indentation levels, estimated before parsing). Default 100.
	MaxYAMLDepth int
	// MaxYAMLAliases bounds alias expansion: the number of nodes that
	// aliases and "<<" merge keys copy, nested expansions included.
	// Default 10000; negative refuses any alias.
	MaxYAMLAliases int
	// MaxYAMLAliasBytes bounds alias expansion by size: the bytes of JSON
	// that aliases and "<<" merge keys copy, nested expansions included.
	// Without aliases the JSON is a few times the body's size at most, so
	// a converted body stays within a few times its size plus this bound.
	// Default 1 MiB; negative refuses any alias.
	MaxYAMLAliasBytes int
	// MaxJSONPathDepth bounds the nesting a JSONPath ("$") expression
	// reaches in a body; one that reaches deeper fails with ErrNotFound.
	// Default 100.
	MaxJSONPathDepth int
	// MaxXMLBytes: larger bodies are not parsed as XML for an XPath
	// expression. Default 10 MiB (DefaultMaxXMLBytes); at most 1 GiB.
	MaxXMLBytes int
	// MaxXMLDepth bounds element nesting of an XML body. Default 100.
	MaxXMLDepth int
	// MaxXMLNodes bounds the markup of an XML body: its '<' (elements,
	// comments, processing instructions, CDATA sections) and '='
	// (attributes, namespace declarations). Default
	// 200,000 (DefaultMaxXMLNodes); at most 33,554,429.
	MaxXMLNodes int
}

// Doc is one response body. The JSON/YAML parse happens at most once,
// lazily, on the first path Eval. A Doc is not safe for concurrent use.
type Doc struct {
	body   []byte
	opts   Options
	parsed bool
	t      *tape
	reason string // why the body is not structured
	parses int    // for tests: parse count

	jt *jtree // JSONPath view of t, made on the first "$" Eval

	xml       *xmlArena // the XML tree, made on the first XPath Eval
	xmlParsed bool
	xmlReason string // why the body is not XML
}

// NewDoc wraps body (not copied; do not modify it while the Doc is in use).
// opts may be nil.
func NewDoc(body []byte, opts *Options) *Doc {
	d := &Doc{body: body}
	if opts != nil {
		d.opts = *opts
	}
	if d.opts.MaxYAMLBytes == 0 {
		d.opts.MaxYAMLBytes = DefaultMaxYAMLBytes
	}
	if d.opts.MaxYAMLDepth <= 0 {
		d.opts.MaxYAMLDepth = DefaultMaxYAMLDepth
	}
	if d.opts.MaxYAMLAliases == 0 {
		d.opts.MaxYAMLAliases = DefaultMaxYAMLAliases
	}
	if d.opts.MaxYAMLAliasBytes == 0 {
		d.opts.MaxYAMLAliasBytes = DefaultMaxYAMLAliasBytes
	}
	if d.opts.MaxJSONPathDepth <= 0 {
		d.opts.MaxJSONPathDepth = DefaultMaxJSONPathDepth
	}
	if d.opts.MaxXMLBytes <= 0 {
		d.opts.MaxXMLBytes = DefaultMaxXMLBytes
	}
	if d.opts.MaxXMLDepth <= 0 {
		d.opts.MaxXMLDepth = DefaultMaxXMLDepth
	}
	if d.opts.MaxXMLNodes <= 0 {
		d.opts.MaxXMLNodes = DefaultMaxXMLNodes
	}
	return d
}

// Body returns the raw body.
func (d *Doc) Body() []byte { return d.body }

func (d *Doc) tree() *tape {
	if !d.parsed {
		d.parsed = true
		d.parses++
		if t, ok := scanJSON(d.body); ok {
			d.t = t
		} else {
			d.t, d.reason = parseYAML(d.body, &d.opts)
		}
	}
	return d.t
}

// Eval evaluates e against d. Failures wrap ErrNotFound or
// ErrNotStructured and name the expression, never the body's content.
func (e *Expr) Eval(d *Doc) (Value, error) {
	if d == nil {
		d = NewDoc(nil, nil)
	}
	if e.re != nil {
		loc := e.re.FindSubmatchIndex(d.body)
		switch {
		case loc == nil:
			return Value{}, fmt.Errorf("extract %q: no match: %w", e.src, ErrNotFound)
		case loc[2] < 0:
			return Value{}, fmt.Errorf("extract %q: group 1 did not take part in the match: %w", e.src, ErrNotFound)
		}
		return Value{Text: string(d.body[loc[2]:loc[3]]), Kind: String}, nil
	}
	if e.q != nil {
		return e.evalQuery(d)
	}
	if e.xp != nil {
		return e.evalXPath(d)
	}
	t := d.tree()
	if t == nil {
		return Value{}, fmt.Errorf("extract %q: %s: %w", e.src, d.reason, ErrNotStructured)
	}
	i := uint32(0)
	k := 0
	for ; k < len(e.ops) && e.ops[k].kind < opIter; k++ {
		j, why := t.step(i, &e.ops[k])
		if why != "" {
			return Value{}, e.notFound(k, why)
		}
		i = j
	}
	if k < len(e.ops) && e.ops[k].kind == opPick {
		out, why := t.appendPick(nil, i, e.ops[k].keys)
		if why != "" {
			return Value{}, e.notFound(k, why)
		}
		return Value{Text: string(out), Kind: Object}, nil
	}
	if !e.multi {
		return t.value(i, e, k)
	}
	if t.kind(i) != nArray {
		return Value{}, e.notFound(k, "cannot iterate "+t.kind(i).article())
	}
	out := []byte{'['}
	out = e.each(t, i, k, out)
	out = append(out, ']')
	return Value{Text: string(out), Kind: Array}, nil
}

func (e *Expr) notFound(k int, why string) error {
	return fmt.Errorf("extract %q: at %q: %s: %w", e.src, e.src[:e.ops[k].end], why, ErrNotFound)
}

// each applies the [] at ops[k] to array node i and appends every result.
func (e *Expr) each(t *tape, i uint32, k int, out []byte) []byte {
	for c, n := i+1, t.next(i); c < n; c = t.next(c) {
		out = e.rest(t, c, k+1, out)
	}
	return out
}

// rest follows ops[k:] from node i; elements that lack the path are skipped.
func (e *Expr) rest(t *tape, i uint32, k int, out []byte) []byte {
	for ; k < len(e.ops); k++ {
		o := &e.ops[k]
		switch o.kind {
		case opIter:
			if t.kind(i) != nArray {
				return out
			}
			return e.each(t, i, k, out)
		case opPick:
			mark := len(out)
			if len(out) > 1 {
				out = append(out, ',')
			}
			picked, why := t.appendPick(out, i, o.keys)
			if why != "" { // an element without the fields is skipped
				return out[:mark]
			}
			return picked
		}
		j, why := t.step(i, o)
		if why != "" {
			return out
		}
		i = j
	}
	if len(out) > 1 {
		out = append(out, ',')
	}
	return t.appendCompact(out, i)
}

// step applies one key or index op to node i.
func (t *tape) step(i uint32, o *op) (uint32, string) {
	k := t.kind(i)
	switch o.kind {
	case opKey:
		if k != nObject {
			return 0, "cannot take a key of " + k.article()
		}
		found, ok := uint32(0), false
		for c, n := i+1, t.nodes[i].x; c < n; {
			v := c + 1
			if t.keyIs(c, o.key) {
				found, ok = v, true // last duplicate wins, like JSON.parse
			}
			c = t.next(v)
		}
		if !ok {
			return 0, "no key " + strconv.Quote(o.key)
		}
		return found, ""
	case opIndex:
		if k != nArray {
			return 0, "cannot index " + k.article()
		}
		n := 0
		for c, end := i+1, t.nodes[i].x; c < end; c = t.next(c) {
			if n == o.n {
				return c, ""
			}
			n++
		}
		return 0, "index " + strconv.Itoa(o.n) + " out of range (length " + strconv.Itoa(n) + ")"
	}
	return 0, "bad step"
}

// appendPick appends an object of the fields keys of object node i has, in
// the order of keys (of a repeated key, the last); why says why there is
// none: i is not an object, or has none of the fields.
func (t *tape) appendPick(dst []byte, i uint32, keys []string) (out []byte, why string) {
	if k := t.kind(i); k != nObject {
		return dst, "cannot take fields of " + k.article()
	}
	out = append(dst, '{')
	found := false
	for _, key := range keys {
		v, ok := uint32(0), false
		for c, n := i+1, t.nodes[i].x; c < n; c = t.next(c + 1) {
			if t.keyIs(c, key) {
				v, ok = c+1, true
			}
		}
		if !ok {
			continue
		}
		if found {
			out = append(out, ',')
		}
		found = true
		out = append(out, '"')
		out = append(out, key...)
		out = append(out, '"', ':')
		out = t.appendCompact(out, v)
	}
	if !found {
		return dst, "none of the fields " + strings.Join(keys, ", ")
	}
	return append(out, '}'), ""
}

// value renders a single result node.
func (t *tape) value(i uint32, e *Expr, k int) (Value, error) {
	switch t.kind(i) {
	case nString:
		return Value{Text: t.stringText(i), Kind: String}, nil
	case nNumber:
		return Value{Text: string(t.text(i)), Kind: Number}, nil
	case nTrue:
		return Value{Text: "true", Kind: Bool}, nil
	case nFalse:
		return Value{Text: "false", Kind: Bool}, nil
	case nArray:
		return Value{Text: string(t.appendCompact(nil, i)), Kind: Array}, nil
	case nObject:
		return Value{Text: string(t.appendCompact(nil, i)), Kind: Object}, nil
	}
	return Value{}, e.notFound(k-1, "value is null")
}

func (k nkind) article() string {
	switch k {
	case nString:
		return "a string"
	case nNumber:
		return "a number"
	case nTrue, nFalse:
		return "a boolean"
	case nNull:
		return "null"
	case nArray:
		return "an array"
	}
	return "an object"
}
