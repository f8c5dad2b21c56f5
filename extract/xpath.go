package extract

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strconv"

	"github.com/antchfx/xpath"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// Default XML bounds.
const (
	// DefaultMaxXMLBytes: larger bodies are not parsed as XML (10 MiB,
	// the default response body cap).
	DefaultMaxXMLBytes = 10 << 20
	// DefaultMaxXMLDepth bounds element nesting.
	DefaultMaxXMLDepth = 100
	// DefaultMaxXMLNodes bounds the markup of a body: its elements,
	// comments, processing instructions and CDATA sections (each '<')
	// and its attributes (each '=', which every attribute has: one
	// element may carry millions, and each costs as much as an element).
	DefaultMaxXMLNodes = 200_000
)

// isXPath reports an expression that is XPath: it starts with '/' and,
// unlike a /regex/, does not end with one.
func isXPath(expr string) bool {
	return len(expr) >= 2 && expr[0] == '/' && expr[len(expr)-1] != '/'
}

// compileXPath compiles an XPath 1.0 expression.
func compileXPath(expr string) (e *Expr, err error) {
	defer func() {
		if p := recover(); p != nil { // a library panic is a load error, not a crash
			e, err = nil, &SyntaxError{Expr: expr, Col: 1, Msg: fmt.Sprintf("bad XPath expression: %v", p)}
		}
	}()
	xp, err := xpath.Compile(expr)
	if err != nil {
		return nil, &SyntaxError{Expr: expr, Col: 1, Msg: "bad XPath expression: " + err.Error(), Err: err}
	}
	return &Expr{src: expr, xp: xp}, nil
}

// xmlTree parses d's body as XML once, within the bounds of d.opts; nil
// and the reason when it is not XML or is past a bound.
func (d *Doc) xmlTree() (*xmlArena, string) {
	if d.xmlParsed {
		return d.xml, d.xmlReason
	}
	d.xmlParsed = true
	d.xml, d.xmlReason = parseXML(d.body, &d.opts)
	return d.xml, d.xmlReason
}

// parseXML parses body as XML within opts' bounds into an arena
// (xmldoc.go): with its own tokenizer, or, for a body that tokenizer is
// not sure of, with encoding/xml. Neither expands an entity but the five
// predefined ones and character references (an entity a DTD declares is
// an error, so nothing is read from outside and nothing grows); a
// DOCTYPE is left to encoding/xml, which keeps it as a directive and
// does not read it.
func parseXML(body []byte, opts *Options) (*xmlArena, string) {
	if limit := min(opts.MaxXMLBytes, maxArenaBytes); len(body) > limit {
		return nil, fmt.Sprintf("over %d bytes, not parsed as XML", limit)
	}
	if limit := min(opts.MaxXMLNodes, maxArenaMarkup); markup(body) > limit {
		return nil, fmt.Sprintf("over %d XML nodes and attributes (each '<' or '=')", limit)
	}
	if a := parseArena(body, opts.MaxXMLDepth); a != nil {
		return a, ""
	}
	return decodeArena(body, opts.MaxXMLDepth)
}

// maxArenaBytes bounds an XML body whatever Options.MaxXMLBytes says: an
// arena's offsets are 32-bit, and its decoded texts may be three times
// the body (a single-byte charset converted to UTF-8).
const maxArenaBytes = 1 << 30

// maxArenaMarkup bounds the markup of an XML body whatever
// Options.MaxXMLNodes says: an arena's nodes (at most two a '<': an
// element or other markup and the text before it) and its names (at most
// one a '<' or '=') must fit the 26-bit indexes of xnode and xattr.
const maxArenaMarkup = xnMax/2 - 2

// markup is an upper bound of the nodes and attributes of an XML body:
// its '<' and '='.
func markup(body []byte) int { return bytes.Count(body, []byte{'<'}) + bytes.Count(body, []byte{'='}) }

// cutReason bounds a parser's message, which may quote the body.
func cutReason(s string) string {
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}

// evalXPath evaluates an XPath expression over d's body as XML: a number,
// string or boolean as its text; a node set of one node as that node's
// string value, of several as a JSON array of their string values; an
// empty node set, or a NaN, fails with ErrNotFound.
func (e *Expr) evalXPath(d *Doc) (Value, error) { return e.evalXPathBudget(d, nil) }

// evalXPathBudget is evalXPath; seen, if not nil, gets the budget (for
// tests).
func (e *Expr) evalXPathBudget(d *Doc, seen func(*xpathBudget)) (Value, error) {
	root, reason := d.xmlTree()
	if root == nil {
		return Value{}, fmt.Errorf("extract %q: body is %s: %w", e.src, reason, ErrNotStructured)
	}
	budget := &xpathBudget{left: 256*int64(markup(d.body)) + 4<<20, textLeft: 8*int64(len(d.body)) + 1<<20}
	if seen != nil {
		seen(budget)
	}
	nav := &arenaNav{ctx: &arenaCtx{a: root, budget: budget}, attr: -1}
	var (
		v   any
		err error
	)
	func() {
		defer func() {
			if p := recover(); p != nil { // antchfx/xpath panics on some type errors
				err = fmt.Errorf("extract %q: %v: %w", e.src, p, ErrNotFound)
			}
		}()
		v = e.xp.Evaluate(nav)
	}()
	if err != nil {
		return Value{}, err
	}
	switch v := v.(type) {
	case float64:
		if budget.left < 0 {
			break
		}
		if math.IsNaN(v) {
			return Value{}, fmt.Errorf("extract %q: the number is NaN: %w", e.src, ErrNotFound)
		}
		return Value{Text: xpathNumber(v), Kind: Number}, nil
	case bool:
		if budget.left < 0 {
			break
		}
		return Value{Text: strconv.FormatBool(v), Kind: Bool}, nil
	case string:
		if budget.left < 0 {
			break
		}
		return Value{Text: v, Kind: String}, nil
	case *xpath.NodeIterator:
		return e.nodeSet(v, budget, 8*len(d.body)+1<<20)
	default:
		return Value{}, fmt.Errorf("extract %q: unexpected XPath result %T: %w", e.src, v, ErrNotFound)
	}
	return Value{}, e.overBudget()
}

func (e *Expr) overBudget() error {
	return fmt.Errorf("extract %q: the XPath expression took too many steps over this body: %w", e.src, ErrNotFound)
}

// nodeSet renders the nodes of it, their texts at most maxBytes in all.
func (e *Expr) nodeSet(it *xpath.NodeIterator, budget *xpathBudget, maxBytes int) (Value, error) {
	var first string
	var out []byte
	n := 0
	for it.MoveNext() {
		text := it.Current().Value()
		switch n++; n {
		case 1:
			first = text
			continue
		case 2:
			out = jsonstr.Append(append(out, '['), first)
		}
		out = jsonstr.Append(append(out, ','), text)
		if len(out) > maxBytes {
			return Value{}, fmt.Errorf("extract %q: the node set's texts are over %d bytes: %w", e.src, maxBytes, ErrNotFound)
		}
	}
	switch {
	case budget.left < 0:
		return Value{}, e.overBudget()
	case n == 0:
		return Value{}, fmt.Errorf("extract %q: no node matches: %w", e.src, ErrNotFound)
	case n == 1:
		if len(first) > maxBytes {
			return Value{}, fmt.Errorf("extract %q: the node's text is over %d bytes: %w", e.src, maxBytes, ErrNotFound)
		}
		return Value{Text: first, Kind: String}, nil
	}
	return Value{Text: string(append(out, ']')), Kind: Array}, nil
}

// xpathNumber writes an XPath number as XPath's string() does: in
// decimal form without an exponent, an integer without a fraction, the
// shortest digits that read back as v, Infinity by name.
func xpathNumber(v float64) string {
	switch {
	case v == 0:
		return "0" // and -0
	case math.IsInf(v, 1):
		return "Infinity"
	case math.IsInf(v, -1):
		return "-Infinity"
	}
	return strconv.FormatFloat(v, 'f', -1, 64) // decimal form, no exponent (XPath 1.0, 4.2)
}

// xpathBudget is the work an evaluation may still do: every move of a
// navigator costs one step; once it is spent, every move fails, which
// ends the evaluation at once, and the result is refused.
//
// textLeft is the bytes of string values (an element's text, read by
// ., contains(), string(), a node set's result) the evaluation may still
// build: an element's string value is all the text under it, so a
// hostile body that nests the elements an expression tests around one
// large text would otherwise cost depth x body bytes with no move.
type xpathBudget struct{ left, textLeft int64 }

func (b *xpathBudget) take() bool {
	b.left--
	return b.left >= 0
}

// leafText is the text of a text node, CDATA section, comment or
// directive, charged to textLeft as arenaText's are: a hostile body
// nests a large text under many elements, and an expression such as
// //*//text()[contains(., 'x')] reads it once per ancestor.
func (b *xpathBudget) leafText(a *xmlArena, n *xnode) string {
	size := int64(n.b - n.a)
	if size > b.textLeft {
		b.left, b.textLeft = -1, -1
		return ""
	}
	b.textLeft -= size
	return string(a.text(n.w0, n.a, n.b))
}

// arenaText is text for an arena's element or document node i.
func (b *xpathBudget) arenaText(a *xmlArena, i int32) string {
	end := a.end(i)
	size, texts, only := int64(0), 0, int32(0)
	for j := i + 1; j < end; j++ {
		if k := a.nodes[j].kind(); k == xkText || k == xkCData {
			size += int64(a.nodes[j].b - a.nodes[j].a)
			texts++
			only = j
		}
	}
	if b.left -= int64(end - i - 1); b.left < 0 || size > b.textLeft {
		b.left, b.textLeft = -1, -1
		return ""
	}
	b.textLeft -= size
	switch texts {
	case 0:
		return ""
	case 1:
		n := &a.nodes[only]
		return string(a.text(n.w0, n.a, n.b))
	}
	out := make([]byte, 0, size)
	for j := i + 1; j < end; j++ {
		if n := &a.nodes[j]; n.kind() == xkText || n.kind() == xkCData {
			out = append(out, a.text(n.w0, n.a, n.b)...)
		}
	}
	return string(out)
}

// arenaNav is an xpath.NodeNavigator over an arena that moves as
// xmlquery's navigator moves over xmlquery's tree of the same body, each
// move charged to a budget. Its string values are XPath 1.0's where
// xmlquery's differ: an element's or the root's is its text and CDATA
// descendants' (charged to the budget, see arenaText), a CDATA section's
// is its text.
type arenaNav struct {
	ctx  *arenaCtx
	cur  int32
	attr int32 // -1, or the index of the current attribute among cur's
}

// arenaCtx is what the navigators of one evaluation share.
type arenaCtx struct {
	a      *xmlArena
	budget *xpathBudget
}

func (n *arenaNav) node() *xnode { return &n.ctx.a.nodes[n.cur] }

// attrAt returns cur's attribute k, if it has one.
func (n *arenaNav) attrAt(k int32) *xattr {
	if k < 0 || n.node().w0&xfAttrs == 0 {
		return nil
	}
	attrs := n.ctx.a.attrs
	first := sort.Search(len(attrs), func(i int) bool { return attrs[i].owner >= n.cur })
	if i := first + int(k); i < len(attrs) && attrs[i].owner == n.cur {
		return &attrs[i]
	}
	return nil
}

func (n *arenaNav) NodeType() xpath.NodeType {
	switch n.node().kind() {
	case xkComment:
		return xpath.CommentNode
	case xkText, xkCData, xkNotation:
		return xpath.TextNode
	case xkPI:
		return xpath.ElementNode
	case xkElem:
		if n.attr != -1 {
			return xpath.AttributeNode
		}
		return xpath.ElementNode
	}
	return xpath.RootNode
}

func (n *arenaNav) LocalName() string {
	if n.attr != -1 {
		if at := n.attrAt(n.attr); at != nil {
			return n.ctx.a.names[at.name&xnMask].local
		}
		return ""
	}
	switch nd := n.node(); nd.kind() {
	case xkElem, xkDecl, xkPI:
		return n.ctx.a.names[nd.w0&xnMask].local
	case xkText, xkCData, xkComment, xkNotation:
		return n.ctx.budget.leafText(n.ctx.a, nd)
	}
	return ""
}

func (n *arenaNav) Prefix() string {
	if n.NodeType() == xpath.AttributeNode {
		if at := n.attrAt(n.attr); at != nil {
			return n.ctx.a.names[at.name&xnMask].prefix
		}
		return ""
	}
	if nd := n.node(); nd.kind() == xkElem {
		return n.ctx.a.names[nd.w0&xnMask].prefix
	}
	return ""
}

// NamespaceURL is the namespace URI of the current node.
func (n *arenaNav) NamespaceURL() string {
	if n.attr != -1 {
		if at := n.attrAt(n.attr); at != nil {
			return n.ctx.a.names[at.name&xnMask].uri
		}
		return ""
	}
	if nd := n.node(); nd.kind() == xkElem {
		return n.ctx.a.names[nd.w0&xnMask].uri
	}
	return ""
}

// Value is the string value of the current node (see navigator.Value).
func (n *arenaNav) Value() string {
	nd := n.node()
	switch k := nd.kind(); {
	case k == xkElem && n.attr != -1:
		if at := n.attrAt(n.attr); at != nil {
			return string(n.ctx.a.text(at.name, at.vs, at.ve))
		}
		return ""
	case k == xkElem || k == xkDoc:
		return n.ctx.budget.arenaText(n.ctx.a, n.cur)
	case k == xkText || k == xkCData || k == xkComment:
		return n.ctx.budget.leafText(n.ctx.a, nd)
	}
	return ""
}

func (n *arenaNav) Copy() xpath.NodeNavigator { c := *n; return &c }

// MoveToRoot moves to the document node; like xmlquery's, it keeps the
// attribute index.
func (n *arenaNav) MoveToRoot() { n.cur = 0 }

func (n *arenaNav) MoveToParent() bool {
	if !n.ctx.budget.take() {
		return false
	}
	if n.attr != -1 {
		n.attr = -1
		return true
	}
	if p := n.node().parent(); p >= 0 {
		n.cur = p
		return true
	}
	return false
}

func (n *arenaNav) MoveToNextAttribute() bool {
	if !n.ctx.budget.take() || n.attrAt(n.attr+1) == nil {
		return false
	}
	n.attr++
	return true
}

func (n *arenaNav) MoveToChild() bool {
	if !n.ctx.budget.take() || n.attr != -1 {
		return false
	}
	if n.node().named() && n.ctx.a.end(n.cur) > n.cur+1 {
		n.cur++
		return true
	}
	return false
}

func (n *arenaNav) MoveToFirst() bool {
	if !n.ctx.budget.take() || n.attr != -1 {
		return false
	}
	if first := n.node().parent() + 1; first != n.cur {
		n.cur = first
		return true
	}
	return false
}

// skip reports a node xmlquery's navigator steps over between siblings:
// a text node (not CDATA) of white space.
func (n *arenaNav) skip() bool {
	nd := n.node()
	return nd.kind() == xkText && nd.w0&xfBlank != 0
}

// MoveToNext moves to the next sibling that is not white space; like
// xmlquery's, it stays on the last sibling it passed when there is none.
func (n *arenaNav) MoveToNext() bool {
	if !n.ctx.budget.take() || n.attr != -1 {
		return false
	}
	p := n.node().parent()
	if p < 0 {
		return false
	}
	pend := n.ctx.a.end(p)
	for next := n.ctx.a.end(n.cur); next < pend; next = n.ctx.a.end(n.cur) {
		n.cur = next
		if !n.skip() {
			return true
		}
	}
	return false
}

// MoveToPrevious is MoveToNext backwards.
func (n *arenaNav) MoveToPrevious() bool {
	if !n.ctx.budget.take() || n.attr != -1 {
		return false
	}
	p := n.node().parent()
	if p < 0 {
		return false
	}
	for n.cur != p+1 {
		j := n.cur - 1 // the previous sibling or a node under it
		for n.ctx.a.nodes[j].parent() != p {
			j = n.ctx.a.nodes[j].parent()
		}
		n.cur = j
		if !n.skip() {
			return true
		}
	}
	return false
}

func (n *arenaNav) MoveTo(other xpath.NodeNavigator) bool {
	o, ok := other.(*arenaNav)
	if !ok || o.ctx.a != n.ctx.a {
		return false
	}
	n.cur, n.attr = o.cur, o.attr
	return true
}
