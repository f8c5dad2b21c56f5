package extract

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ohler55/ojg/jp"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// JSONPath queries (RFC 9535) for expressions that start with "$". Parsing
// and selection are github.com/ohler55/ojg/jp's; this file gives jp a view
// of the Doc's index in which every node keeps its identity, so results
// render from the body's own text (numbers as written, keys in document
// order), and it walks descendant segments itself, in the RFC's order.

// DefaultMaxJSONPathDepth bounds the nesting of a body read by a JSONPath
// query.
const DefaultMaxJSONPathDepth = 100

// maxQueryNesting bounds brackets and parentheses in a JSONPath expression
// (jp's parser recurses on them).
const maxQueryNesting = 64

// query is a compiled JSONPath expression split at its descendant
// segments: parts[0] is $ and the segments before the first "..", each
// later part the segments after one "..".
type query struct {
	parts   []jp.Expr
	rootRef bool // a filter after a ".." reads $
}

var ojgPos = regexp.MustCompile(` at (\d+)$`)

func compileQuery(src string) (*query, error) {
	fail := func(off int, msg string) error {
		off = min(max(off, 0), len(src))
		return &SyntaxError{Expr: src, Col: utf8.RuneCountInString(src[:off]) + 1, Msg: msg}
	}
	if off, ok := nestingOK(src); !ok {
		return nil, fail(off, "JSONPath nested deeper than "+strconv.Itoa(maxQueryNesting)+" brackets")
	}
	x, err := jp.ParseString(src)
	if err != nil {
		msg := strings.TrimSuffix(err.Error(), " in "+src)
		off := 0
		if m := ojgPos.FindStringSubmatchIndex(msg); m != nil {
			n, _ := strconv.Atoi(msg[m[2]:m[3]])
			off, msg = n-1, msg[:m[0]]
		}
		return nil, fail(off, "bad JSONPath: "+msg)
	}
	q := &query{}
	cur := jp.Expr{}
	for i, f := range x {
		if _, ok := f.(jp.Descent); !ok {
			cur = append(cur, f)
			continue
		}
		if i == len(x)-1 {
			return nil, fail(strings.LastIndex(src, ".."), `bad JSONPath: ".." must be followed by a name, "*" or a bracket`)
		}
		q.parts = append(q.parts, cur)
		cur = jp.Expr{}
	}
	q.parts = append(q.parts, cur)
	for _, p := range q.parts[1:] {
		for _, f := range p {
			if fl, ok := f.(*jp.Filter); ok && strings.Contains(fl.String(), "$") {
				q.rootRef = true
			}
		}
	}
	return q, nil
}

// nestingOK reports whether brackets and parentheses outside string
// literals nest at most maxQueryNesting deep, and if not where.
func nestingOK(s string) (int, bool) {
	depth := 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '[' || c == '(':
			if depth++; depth > maxQueryNesting {
				return i, false
			}
		case c == ']' || c == ')':
			depth--
		}
	}
	return 0, true
}

// evalQuery runs q over d. One node gives its value, several a JSON
// array of them, none ErrNotFound.
func (e *Expr) evalQuery(d *Doc) (v Value, err error) {
	t := d.tree()
	if t == nil {
		return Value{}, fmt.Errorf("extract %q: %s: %w", e.src, d.reason, ErrNotStructured)
	}
	limit := 8*len(t.src) + 1<<20
	defer func() {
		r := recover()
		if r != nil {
			d.jt = nil // an object may be half converted: start again next time
		}
		switch r := r.(type) {
		case nil:
		case tooDeep:
			v, err = Value{}, fmt.Errorf("extract %q: the body is nested deeper than %d levels, the JSONPath limit: %w", e.src, r.limit, ErrNotFound)
		default: // jp compares arrays with ==, which panics
			v, err = Value{}, fmt.Errorf("extract %q: JSONPath evaluation failed: %v: %w", e.src, r, ErrNotFound)
		}
	}()
	if d.jt == nil {
		d.jt = newTree(t, d.opts.MaxJSONPathDepth)
	}
	jt := d.jt
	nodes, ok := e.q.run(jt, limit/2)
	switch {
	case !ok:
		return Value{}, fmt.Errorf("extract %q: over %d results: %w", e.src, limit/2, ErrNotFound)
	case len(nodes) == 0:
		return Value{}, fmt.Errorf("extract %q: no match: %w", e.src, ErrNotFound)
	case len(nodes) == 1:
		return jt.single(e, nodes[0])
	}
	out := []byte{'['}
	for i, n := range nodes {
		if i > 0 {
			out = append(out, ',')
		}
		if out = jt.appendJSON(out, n); len(out) > limit {
			return Value{}, fmt.Errorf("extract %q: result over %d bytes: %w", e.src, limit, ErrNotFound)
		}
	}
	out = append(out, ']')
	return Value{Text: string(out), Kind: Array}, nil
}

// run selects the nodes of q, at most maxNodes of them.
func (q *query) run(jt *jtree, maxNodes int) ([]any, bool) {
	nodes := q.parts[0].Get(jt.root)
	var stack []any
	for _, part := range q.parts[1:] {
		var next []any
		for _, n := range nodes {
			// Visit n and its descendants, parents before children and
			// children in order, applying part to each (RFC 9535 2.5.2.2).
			stack = append(stack[:0], n)
			for len(stack) > 0 {
				c := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				var kids []any
				switch c := c.(type) {
				case jobj:
					kids = c.members()
				case []any:
					kids = c
				}
				if len(kids) == 0 {
					continue // no children to select
				}
				if q.rootRef {
					next = append(next, jt.pathTo(c, part).Get(jt.root)...)
				} else {
					next = apply(next, part, c, kids)
				}
				if len(next) > maxNodes {
					return nil, false
				}
				for i := len(kids) - 1; i >= 0; i-- {
					switch kids[i].(type) {
					case jobj, []any:
						stack = append(stack, kids[i])
					}
				}
			}
		}
		nodes = next
	}
	return nodes, len(nodes) <= maxNodes
}

// apply appends what part selects from container c with children kids. A
// leading name or wildcard is applied here: a descendant segment visits
// every container, and one jp Get each would cost more than the lookup.
func apply(dst []any, part jp.Expr, c any, kids []any) []any {
	var one [1]any
	sel := kids
	switch f := part[0].(type) {
	case jp.Child:
		o, ok := c.(jobj)
		if !ok {
			return dst
		}
		if one[0], ok = o.ValueForKey(string(f)); !ok {
			return dst
		}
		sel = one[:]
	case jp.Wildcard:
	default:
		return append(dst, part.Get(c)...)
	}
	if len(part) == 1 {
		return append(dst, sel...)
	}
	for _, v := range sel {
		dst = append(dst, part[1:].Get(v)...)
	}
	return dst
}

// single renders the value of a query's only node.
func (jt *jtree) single(e *Expr, n any) (Value, error) {
	switch n := n.(type) {
	case nil:
		return Value{}, fmt.Errorf("extract %q: value is null: %w", e.src, ErrNotFound)
	case string:
		return Value{Text: n, Kind: String}, nil
	case bool:
		return Value{Text: strconv.FormatBool(n), Kind: Bool}, nil
	case jobj:
		return Value{Text: string(jt.appendJSON(nil, n)), Kind: Object}, nil
	case []any:
		return Value{Text: string(jt.appendJSON(nil, n)), Kind: Array}, nil
	}
	return Value{Text: string(jt.appendJSON(nil, n)), Kind: Number}, nil
}

// appendJSON appends node n as compact JSON, from the body's text where
// the node has one.
func (jt *jtree) appendJSON(dst []byte, n any) []byte {
	t := jt.t
	switch n := n.(type) {
	case nil:
		return append(dst, "null"...)
	case string:
		return jsonstr.Append(dst, n)
	case bool:
		return strconv.AppendBool(dst, n)
	case jobj:
		return t.appendCompact(dst, jt.conts[n.c].node)
	case []any:
		if len(n) == 0 {
			return append(dst, "[]"...)
		}
		return t.appendCompact(dst, jt.conts[jt.arrs[&n[0]]].node)
	}
	var i uint32
	switch n := n.(type) {
	case *int64:
		i = jt.inums[n]
	case *float64:
		i = jt.fnums[n]
	}
	return append(dst, t.text(i)...)
}

// jtree is the Doc's index as jp reads it: objects are jobj (keys in
// document order, the last of duplicate keys wins), arrays []any, strings,
// booleans and null as themselves, and numbers *int64 (integers that fit)
// or *float64, which jp's filters dereference to compare, and whose
// pointer finds the number's text. An object's members are converted when
// jp first reads it, so a query converts only what it visits (an array's
// elements are converted with it: jp's length() reads only []any).
type jtree struct {
	t        *tape
	maxDepth int
	root     any
	conts    []cont              // containers; jobj.c and arrs index it
	arrs     map[*any]int32      // first element of a non-empty array -> container
	inums    map[*int64]uint32   // number -> its node
	fnums    map[*float64]uint32 // number -> its node
	ints     []int64             // chunks the number pointers point into
	flts     []float64
}

// cont is one object or array: its node and how its parent reaches it.
type cont struct {
	node   uint32
	parent int32 // -1 for the root
	frag   jp.Frag
	depth  int32 // the root is at depth 1
}

// tooDeep is panicked, and recovered by evalQuery, when jp reaches a
// container nested deeper than the limit.
type tooDeep struct{ limit int }

// jobj is an object for jp (jp.Keyed). It is a comparable value, so jp's
// == on two objects compares identity instead of panicking.
type jobj struct{ *object }

type object struct {
	jt    *jtree
	c     int32
	built bool
	keys  []string
	vals  []any
	index map[string]int // for objects of more than 8 members
}

// members converts the object's members on first use.
func (o jobj) members() []any {
	if o.built {
		return o.vals
	}
	o.built = true
	jt := o.jt
	t, ct := jt.t, jt.conts[o.c]
	for c, end := ct.node+1, t.next(ct.node); c < end; c = t.next(c + 1) {
		key := t.stringText(c)
		o.set(key, jt.value(c+1, o.c, jp.Child(key), ct.depth+1))
	}
	return o.vals
}

func (o jobj) find(k string) (int, bool) {
	o.members()
	if o.index != nil {
		i, ok := o.index[k]
		return i, ok
	}
	for i, kk := range o.keys {
		if kk == k {
			return i, true
		}
	}
	return 0, false
}

// ValueForKey implements jp.Keyed. Before the object is converted whole,
// it converts only the member asked for (a filter reads one or two).
func (o jobj) ValueForKey(k string) (any, bool) {
	if !o.built {
		ct := o.jt.conts[o.c]
		found, why := o.jt.t.step(ct.node, &op{kind: opKey, key: k})
		if why != "" {
			return nil, false
		}
		return o.jt.value(found, o.c, jp.Child(k), ct.depth+1), true
	}
	if i, ok := o.find(k); ok {
		return o.vals[i], true
	}
	return nil, false
}

// Keys implements jp.Keyed.
func (o jobj) Keys() []string {
	o.members()
	return o.keys
}

// SetValueForKey implements jp.Keyed; the view is read-only.
func (o jobj) SetValueForKey(string, any) {}

// RemoveValueForKey implements jp.Keyed; the view is read-only.
func (o jobj) RemoveValueForKey(string) {}

func (o jobj) set(k string, v any) {
	if i, ok := o.find(k); ok {
		o.vals[i] = v // the last duplicate wins, like JSON.parse
		return
	}
	o.keys = append(o.keys, k)
	o.vals = append(o.vals, v)
	switch n := len(o.keys); {
	case n > 8 && o.index == nil:
		o.index = make(map[string]int, 2*n)
		for i, kk := range o.keys {
			o.index[kk] = i
		}
	case n > 8:
		o.index[k] = n - 1
	}
}

// pathTo returns $, the normalized path of container c, then part.
func (jt *jtree) pathTo(c any, part jp.Expr) jp.Expr {
	ci := int32(-1)
	switch c := c.(type) {
	case jobj:
		ci = c.c
	case []any:
		ci = jt.arrs[&c[0]]
	}
	n := 0
	for i := ci; i > 0; i = jt.conts[i].parent {
		n++
	}
	x := make(jp.Expr, 1+n, 1+n+len(part))
	x[0] = jp.Root('$')
	for i := ci; i > 0; i = jt.conts[i].parent {
		x[n] = jt.conts[i].frag
		n--
	}
	return append(x, part...)
}

func newTree(t *tape, maxDepth int) *jtree {
	jt := &jtree{t: t, maxDepth: maxDepth, arrs: map[*any]int32{}, inums: map[*int64]uint32{}, fnums: map[*float64]uint32{}}
	jt.root = jt.value(0, -1, nil, 1)
	return jt
}

// value converts node i, reached from container parent by frag: an
// object lazily, an array with its elements.
func (jt *jtree) value(i uint32, parent int32, frag jp.Frag, depth int32) any {
	t := jt.t
	k := t.kind(i)
	if !k.container() {
		return jt.scalar(i)
	}
	if int(depth) > jt.maxDepth {
		panic(tooDeep{jt.maxDepth})
	}
	ci := int32(len(jt.conts))
	jt.conts = append(jt.conts, cont{node: i, parent: parent, frag: frag, depth: depth})
	if k == nObject {
		return jobj{&object{jt: jt, c: ci}}
	}
	var arr []any
	for c, end := i+1, t.next(i); c < end; c = t.next(c) {
		arr = append(arr, jt.value(c, ci, jp.Nth(len(arr)), depth+1))
	}
	if len(arr) == 0 {
		return []any{}
	}
	jt.arrs[&arr[0]] = ci
	return arr
}

// scalar converts a string, number, boolean or null node.
func (jt *jtree) scalar(i uint32) any {
	t := jt.t
	switch t.kind(i) {
	case nString:
		return t.stringText(i)
	case nTrue:
		return true
	case nFalse:
		return false
	case nNull:
		return nil
	}
	text := string(t.text(i))
	if n, err := strconv.ParseInt(text, 10, 64); err == nil {
		p := push(&jt.ints, n)
		jt.inums[p] = i
		return p
	}
	f, _ := strconv.ParseFloat(text, 64) // beyond float64: ±Inf, text kept
	p := push(&jt.flts, f)
	jt.fnums[p] = i
	return p
}

// push stores v in the chunk and returns its address, which stays valid:
// a full chunk is replaced, never grown.
func push[T any](chunk *[]T, v T) *T {
	if len(*chunk) == cap(*chunk) {
		*chunk = make([]T, 0, 64)
	}
	*chunk = append(*chunk, v)
	return &(*chunk)[len(*chunk)-1]
}
