package extract

import (
	"bytes"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// A query runs over the Doc's index directly: a node is its index in the
// tape and its depth. Nothing is converted, so a query costs what it
// visits, and every node keeps its text.

// jtree is the per-Doc state of JSONPath queries.
type jtree struct {
	t        *tape
	maxDepth int
	res      map[string]*ireg // patterns that were not literals
}

// jnode is a node of the body: its tape index and depth (the root is 1).
type jnode struct {
	i uint32
	d int32
}

// jval is a filter value: Nothing, a node, or a literal / function result.
type jval struct {
	k       nkind
	none    bool // Nothing
	node    bool // n is the value
	n       jnode
	s       string
	num     jnum
	logical bool // match/search result
}

// jnum is a number as filters compare it: exactly within int64, else as
// float64.
type jnum struct {
	isInt bool
	i     int64
	f     float64
}

func parseNum(text string) jnum {
	if n, err := strconv.ParseInt(text, 10, 64); err == nil {
		return jnum{isInt: true, i: n, f: float64(n)}
	}
	f, _ := strconv.ParseFloat(text, 64) // beyond float64: ±Inf
	return jnum{f: f}
}

func cmpNum(a, b jnum) int {
	if a.isInt && b.isInt {
		switch {
		case a.i < b.i:
			return -1
		case a.i > b.i:
			return 1
		}
		return 0
	}
	switch {
	case a.f < b.f:
		return -1
	case a.f > b.f:
		return 1
	case a.f == b.f:
		return 0
	}
	return 2 // NaN: unordered
}

// tooDeep is panicked, and recovered by evalQuery, when a query reaches a
// container nested deeper than the limit.
type tooDeep struct{ limit int }

// tooMany is panicked when a segment selects more nodes than the bound.
type tooMany struct{ limit int }

// tooCostly is panicked when a query has visited more nodes than its budget.
type tooCostly struct{ limit int }

// jrun is one evaluation.
type jrun struct {
	jt       *jtree
	t        *tape
	root     jnode
	maxNodes int // per segment
	maxBytes int // of a rendered result
	budget   int
	one      [1]jnode
	limit    int // the budget at the start
}

// evalQuery runs q over d. One node gives its value, several a JSON
// array of them, none ErrNotFound.
func (e *Expr) evalQuery(d *Doc) (Value, error) {
	r, nodes, err := e.queryNodes(d)
	if err != nil {
		return Value{}, err
	}
	switch len(nodes) {
	case 0:
		return Value{}, fmt.Errorf("extract %q: no match: %w", e.src, ErrNotFound)
	case 1:
		return r.value(e, nodes[0])
	}
	out := []byte{'['}
	for i, n := range nodes {
		if i > 0 {
			out = append(out, ',')
		}
		if out = r.appendNode(out, n.i); len(out) > r.maxBytes {
			return Value{}, fmt.Errorf("extract %q: result over %d bytes: %w", e.src, r.maxBytes, ErrNotFound)
		}
	}
	out = append(out, ']')
	return Value{Text: string(out), Kind: Array}, nil
}

// queryNodes selects the nodes of q over d, in the RFC's order.
func (e *Expr) queryNodes(d *Doc) (r *jrun, nodes []jnode, err error) {
	t := d.tree()
	if t == nil {
		return nil, nil, fmt.Errorf("extract %q: %s: %w", e.src, d.reason, ErrNotStructured)
	}
	if d.jt == nil {
		d.jt = &jtree{t: t, maxDepth: d.opts.MaxJSONPathDepth}
	}
	r = &jrun{jt: d.jt, t: t, root: jnode{0, 1}, maxBytes: 8*len(t.src) + 1<<20}
	r.maxNodes = r.maxBytes / 2
	r.budget = 256*len(t.nodes) + 4<<20
	r.limit = r.budget
	defer func() {
		switch p := recover().(type) {
		case nil:
		case tooDeep:
			nodes, err = nil, fmt.Errorf("extract %q: the body is nested deeper than %d levels, the JSONPath limit: %w", e.src, p.limit, ErrNotFound)
		case tooMany:
			nodes, err = nil, fmt.Errorf("extract %q: over %d results: %w", e.src, p.limit, ErrNotFound)
		case tooCostly:
			nodes, err = nil, fmt.Errorf("extract %q: the query visits over %d nodes: %w", e.src, p.limit, ErrNotFound)
		default:
			panic(p)
		}
	}()
	r.check(r.root)
	if !e.q.singular {
		return r, r.run(e.q, r.root), nil
	}
	n, ok := r.single(e.q, r.root)
	if !ok {
		return r, nil, nil
	}
	r.one[0] = n
	return r, r.one[:], nil
}

// value renders the value of a query's only node.
func (r *jrun) value(e *Expr, n jnode) (Value, error) {
	t := r.t
	switch t.kind(n.i) {
	case nNull:
		return Value{}, fmt.Errorf("extract %q: value is null: %w", e.src, ErrNotFound)
	case nString:
		return Value{Text: t.stringText(n.i), Kind: String}, nil
	case nTrue:
		return Value{Text: "true", Kind: Bool}, nil
	case nFalse:
		return Value{Text: "false", Kind: Bool}, nil
	case nNumber:
		return Value{Text: string(t.text(n.i)), Kind: Number}, nil
	case nArray:
		return Value{Text: string(t.appendCompact(nil, n.i)), Kind: Array}, nil
	}
	return Value{Text: string(t.appendCompact(nil, n.i)), Kind: Object}, nil
}

// appendNode appends node i as compact JSON: strings re-escaped from
// their decoded text, everything else from the body's text.
func (r *jrun) appendNode(dst []byte, i uint32) []byte {
	t := r.t
	if t.kind(i) != nString {
		return t.appendCompact(dst, i)
	}
	raw := t.src[t.nodes[i].start:t.nodes[i].x]
	if bytes.IndexByte(raw, '\\') < 0 && bytes.IndexByte(raw, 0xE2) < 0 && utf8.Valid(raw) {
		return append(dst, raw...) // what jsonstr.Append would write
	}
	return jsonstr.Append(dst, t.stringText(i))
}

// spend counts n steps of work: members or elements a lookup skipped.
func (r *jrun) spend(n int) {
	if r.budget -= n; r.budget < 0 {
		panic(tooCostly{r.limit})
	}
}

// check counts one step of work and bounds the depth of container n.
func (r *jrun) check(n jnode) jnode {
	if r.budget--; r.budget < 0 {
		panic(tooCostly{r.limit})
	}
	if int(n.d) > r.jt.maxDepth && r.t.kind(n.i).container() {
		panic(tooDeep{r.jt.maxDepth})
	}
	return n
}

// run selects the nodes of q from cur (or from the root for a $ query).
func (r *jrun) run(q *query, cur jnode) []jnode {
	if !q.rel {
		cur = r.root
	}
	nodes := []jnode{cur}
	var stack []jnode
	for si := range q.segs {
		s := &q.segs[si]
		var out []jnode
		for _, n := range nodes {
			if !s.desc {
				out = r.selectAll(s.sels, n, out)
				continue
			}
			// n and its descendants, parents before children and children
			// in order (RFC 9535 2.5.2.2).
			stack = append(stack[:0], n)
			for len(stack) > 0 {
				c := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if !r.t.kind(c.i).container() {
					continue
				}
				out = r.selectAll(s.sels, c, out)
				if len(out) > r.maxNodes {
					panic(tooMany{r.maxNodes})
				}
				from := len(stack)
				stack = r.children(c, stack)
				for a, b := from, len(stack)-1; a < b; a, b = a+1, b-1 {
					stack[a], stack[b] = stack[b], stack[a]
				}
			}
		}
		if len(out) > r.maxNodes {
			panic(tooMany{r.maxNodes})
		}
		nodes = out
	}
	return nodes
}

// single follows a singular query from cur.
func (r *jrun) single(q *query, cur jnode) (jnode, bool) {
	if !q.rel {
		cur = r.root
	}
	for si := range q.segs {
		s := &q.segs[si].sels[0]
		var ok bool
		if s.kind == selName {
			cur, ok = r.member(cur, s.name)
		} else {
			cur, ok = r.index(cur, s.n)
		}
		if !ok {
			return jnode{}, false
		}
	}
	return cur, true
}

// selectAll appends what the selectors select from n.
func (r *jrun) selectAll(sels []selector, n jnode, out []jnode) []jnode {
	t := r.t
	k := t.kind(n.i)
	if !k.container() {
		return out
	}
	for si := range sels {
		s := &sels[si]
		switch s.kind {
		case selName:
			if c, ok := r.member(n, s.name); ok {
				out = append(out, c)
			}
		case selWild:
			out = r.children(n, out)
		case selIndex:
			if c, ok := r.index(n, s.n); ok {
				out = append(out, c)
			}
		case selSlice:
			if k == nArray {
				out = r.slice(n, s, out)
			}
		case selFilter:
			from := len(out)
			out = r.children(n, out)
			keep := from
			for _, c := range out[from:] {
				if r.test(s.filter, c) {
					out[keep] = c
					keep++
				}
			}
			out = out[:keep]
		}
		if len(out) > r.maxNodes { // a long union grows out within a segment
			panic(tooMany{r.maxNodes})
		}
	}
	return out
}

// member finds the value of key in object n; the last duplicate wins.
func (r *jrun) member(n jnode, key string) (jnode, bool) {
	t := r.t
	if t.kind(n.i) != nObject {
		return jnode{}, false
	}
	found, ok, k := uint32(0), false, 0
	for c, end := n.i+1, t.nodes[n.i].x; c < end; c = t.next(c + 1) {
		if t.keyIs(c, key) {
			found, ok = c+1, true
		}
		k++
	}
	r.spend(k)
	if !ok {
		return jnode{}, false
	}
	return r.check(jnode{found, n.d + 1}), true
}

// index finds element i of array n (negative from the end).
func (r *jrun) index(n jnode, i int64) (jnode, bool) {
	t := r.t
	if t.kind(n.i) != nArray {
		return jnode{}, false
	}
	if i < 0 {
		i += int64(r.length(n))
		if i < 0 {
			return jnode{}, false
		}
	}
	k := int64(0)
	for c, end := n.i+1, t.nodes[n.i].x; c < end; c = t.next(c) {
		if k == i {
			r.spend(int(k))
			return r.check(jnode{c, n.d + 1}), true
		}
		k++
	}
	r.spend(int(k))
	return jnode{}, false
}

// length counts the elements of array n or the distinct members of
// object n.
func (r *jrun) length(n jnode) int {
	t := r.t
	k := 0
	if t.kind(n.i) == nArray {
		for c, end := n.i+1, t.nodes[n.i].x; c < end; c = t.next(c) {
			k++
		}
		r.spend(k)
		return k
	}
	var buf [16]jnode
	return len(r.children(n, buf[:0]))
}

// slice appends the elements of array n that slice s selects (RFC 9535
// 2.3.4.2.2).
func (r *jrun) slice(n jnode, s *selector, out []jnode) []jnode {
	step := int64(1)
	if s.hasS {
		step = s.step
	}
	if step == 0 {
		return out
	}
	from := len(out)
	out = r.children(n, out)
	elems := append([]jnode(nil), out[from:]...)
	out = out[:from]
	ln := int64(len(elems))
	norm := func(i int64) int64 {
		if i >= 0 {
			return i
		}
		return ln + i
	}
	var start, end int64
	if step > 0 {
		start, end = 0, ln
	} else {
		start, end = ln-1, -ln-1
	}
	if s.hasN {
		start = s.n
	}
	if s.hasEnd {
		end = s.end
	}
	nStart, nEnd := norm(start), norm(end)
	if step > 0 {
		lower, upper := min(max(nStart, 0), ln), min(max(nEnd, 0), ln)
		for i := lower; i < upper; i += step {
			out = append(out, elems[i])
		}
		return out
	}
	upper, lower := min(max(nStart, -1), ln-1), min(max(nEnd, -1), ln-1)
	for i := upper; lower < i; i += step {
		out = append(out, elems[i])
	}
	return out
}

// children appends the elements of array n, or the member values of
// object n in document order (a repeated key appears once, where it first
// appears, with its last value, as JSON.parse would have it).
func (r *jrun) children(n jnode, out []jnode) []jnode {
	t := r.t
	end := t.nodes[n.i].x
	if t.kind(n.i) == nArray {
		for c := n.i + 1; c < end; c = t.next(c) {
			out = append(out, r.check(jnode{c, n.d + 1}))
		}
		return out
	}
	from := len(out)
	for c := n.i + 1; c < end; c = t.next(c + 1) {
		out = append(out, r.check(jnode{c + 1, n.d + 1}))
	}
	members := out[from:]
	if len(members) < 2 || !r.hasDuplicate(members) {
		return out
	}
	// Rare: keep the first position of each key with its last value.
	seen := map[string]int{}
	keep := from
	for _, m := range members {
		key := t.stringText(m.i - 1)
		if at, ok := seen[key]; ok {
			out[at] = m
			continue
		}
		seen[key] = keep
		out[keep] = m
		keep++
	}
	return out[:keep]
}

// hasDuplicate reports whether two of the member values' keys are equal.
func (r *jrun) hasDuplicate(members []jnode) bool {
	t := r.t
	key := func(m jnode) []byte { return t.src[t.nodes[m.i-1].start+1 : t.nodes[m.i-1].x-1] }
	escaped := false
	for _, m := range members {
		if bytes.IndexByte(key(m), '\\') >= 0 {
			escaped = true
			break
		}
	}
	if len(members) <= 8 && !escaped {
		for i := range members {
			for j := i + 1; j < len(members); j++ {
				if bytes.Equal(key(members[i]), key(members[j])) {
					return true
				}
			}
		}
		return false
	}
	seen := make(map[string]struct{}, len(members))
	for _, m := range members {
		k := t.stringText(m.i - 1)
		if _, ok := seen[k]; ok {
			return true
		}
		seen[k] = struct{}{}
	}
	return false
}

// test evaluates a filter's logical expression with @ = cur.
func (r *jrun) test(x *lexpr, cur jnode) bool {
	switch x.kind {
	case lOr:
		for _, k := range x.kids {
			if r.test(k, cur) {
				return true
			}
		}
		return false
	case lAnd:
		for _, k := range x.kids {
			if !r.test(k, cur) {
				return false
			}
		}
		return true
	case lNot:
		return !r.test(x.kids[0], cur)
	case lExist:
		if x.q.singular {
			_, ok := r.single(x.q, cur)
			return ok
		}
		return len(r.run(x.q, cur)) > 0
	case lFunc:
		return r.call(x.fn, cur).logical
	}
	return r.compare(r.operand(x.l, cur), x.op, r.operand(x.r, cur))
}

// operand evaluates a comparable or a value argument.
func (r *jrun) operand(o *operand, cur jnode) jval {
	switch o.kind {
	case oLit:
		return o.lit
	case oQuery:
		n, ok := r.single(o.q, cur)
		if !ok {
			return jval{none: true}
		}
		return r.nodeVal(n)
	}
	return r.call(o.fn, cur)
}

func (r *jrun) nodeVal(n jnode) jval {
	return jval{k: r.t.kind(n.i), node: true, n: n}
}

func (r *jrun) num(v jval) jnum {
	if v.node {
		t := r.t
		return parseNum(string(t.src[t.nodes[v.n.i].start:t.nodes[v.n.i].x]))
	}
	return v.num
}

func (r *jrun) str(v jval) string {
	if v.node {
		return r.t.stringText(v.n.i)
	}
	return v.s
}

// call runs a function.
func (r *jrun) call(c *call, cur jnode) jval {
	switch c.name {
	case "length":
		v := r.operand(c.args[0], cur)
		switch {
		case v.none:
		case v.k == nString:
			return jval{k: nNumber, num: intNum(utf8.RuneCountInString(r.str(v)))}
		case v.node && v.k.container():
			return jval{k: nNumber, num: intNum(r.length(v.n))}
		}
		return jval{none: true}
	case "count":
		return jval{k: nNumber, num: intNum(len(r.run(c.args[0].q, cur)))}
	case "value":
		nodes := r.run(c.args[0].q, cur)
		if len(nodes) != 1 {
			return jval{none: true}
		}
		return r.nodeVal(nodes[0])
	}
	// match, search
	s := r.operand(c.args[0], cur)
	if s.none || s.k != nString {
		return jval{}
	}
	re := c.re
	if !c.reOK {
		p := r.operand(c.args[1], cur)
		if p.none || p.k != nString {
			return jval{}
		}
		re = r.regexp(r.str(p), c.name == "match")
	}
	if re == nil {
		return jval{}
	}
	str := r.str(s)
	r.spend((len(str) + 1) * re.size / 4)
	return jval{logical: re.re.MatchString(str)}
}

// regexp compiles a pattern read from the body, keeping up to 64.
func (r *jrun) regexp(pat string, anchored bool) *ireg {
	key := pat + "\x00m"
	if !anchored {
		key = pat + "\x00s"
	}
	if re, ok := r.jt.res[key]; ok {
		return re
	}
	r.spend(32 * len(pat)) // compiling a byte costs about 32 visits
	re := iregexp(pat, anchored)
	if r.jt.res == nil || len(r.jt.res) >= 64 {
		r.jt.res = map[string]*ireg{}
	}
	r.jt.res[key] = re
	return re
}

func intNum(n int) jnum { return jnum{isInt: true, i: int64(n), f: float64(n)} }

// compare applies a comparison operator (RFC 9535 2.3.5.2.2).
func (r *jrun) compare(a jval, op string, b jval) bool {
	switch op {
	case "==":
		return r.equal(a, b)
	case "!=":
		return !r.equal(a, b)
	case "<":
		return r.less(a, b)
	case ">":
		return r.less(b, a)
	case "<=":
		return r.less(a, b) || r.equal(a, b)
	}
	return r.less(b, a) || r.equal(a, b)
}

func (r *jrun) less(a, b jval) bool {
	if a.none || b.none || a.k != b.k {
		return false
	}
	switch a.k {
	case nNumber:
		return cmpNum(r.num(a), r.num(b)) == -1
	case nString:
		if a.node && b.node {
			return r.t.stringText(a.n.i) < r.t.stringText(b.n.i)
		}
		return r.str(a) < r.str(b)
	}
	return false
}

func (r *jrun) equal(a, b jval) bool {
	switch {
	case a.none || b.none:
		return a.none && b.none
	case a.k != b.k:
		return false
	}
	switch a.k {
	case nNumber:
		return cmpNum(r.num(a), r.num(b)) == 0
	case nString:
		switch {
		case a.node && b.node:
			return r.t.stringText(a.n.i) == r.t.stringText(b.n.i)
		case a.node:
			return r.strIs(a.n.i, b.s)
		case b.node:
			return r.strIs(b.n.i, a.s)
		}
		return a.s == b.s
	case nArray, nObject:
		return r.deepEqual(a.n, b.n) // only nodes are containers
	}
	return true // true, false, null
}

// strIs reports whether string node i decodes to s. Bad UTF-8 in the
// body decodes to U+FFFD, as the node's value renders.
func (r *jrun) strIs(i uint32, s string) bool {
	t := r.t
	if t.keyIs(i, s) {
		return true
	}
	return !utf8.Valid(t.src[t.nodes[i].start:t.nodes[i].x]) && t.stringText(i) == s
}

// deepEqual compares two containers: arrays element by element, objects
// as sets of members.
func (r *jrun) deepEqual(a, b jnode) bool {
	if a.i == b.i {
		return true
	}
	t := r.t
	ka, kb := r.children(a, nil), r.children(b, nil)
	if len(ka) != len(kb) {
		return false
	}
	if t.kind(a.i) == nArray {
		for i := range ka {
			if !r.equal(r.nodeVal(ka[i]), r.nodeVal(kb[i])) {
				return false
			}
		}
		return true
	}
	if len(kb) <= 8 {
		for _, m := range ka {
			o, ok := r.member(b, t.stringText(m.i-1))
			if !ok || !r.equal(r.nodeVal(m), r.nodeVal(o)) {
				return false
			}
		}
		return true
	}
	// Wide objects: one pass over b's members, not one per member of a.
	bm := make(map[string]jnode, len(kb))
	for _, m := range kb {
		bm[t.stringText(m.i-1)] = m
	}
	for _, m := range ka {
		o, ok := bm[t.stringText(m.i-1)]
		if !ok || !r.equal(r.nodeVal(m), r.nodeVal(o)) {
			return false
		}
	}
	return true
}
