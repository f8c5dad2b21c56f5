package extract

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/antchfx/xmlquery"
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
func (d *Doc) xmlTree() (*xmlquery.Node, string) {
	if d.xmlParsed {
		return d.xml, d.xmlReason
	}
	d.xmlParsed = true
	d.xml, d.xmlReason = parseXML(d.body, &d.opts)
	return d.xml, d.xmlReason
}

// parseXML parses body as XML within opts' bounds. encoding/xml, under
// xmlquery, expands no entity but the five predefined ones and character
// references (an entity a DTD declares is an error, so nothing is read
// from outside and nothing grows); a DOCTYPE is kept as a directive and
// not read.
func parseXML(body []byte, opts *Options) (*xmlquery.Node, string) {
	if len(body) > opts.MaxXMLBytes {
		return nil, fmt.Sprintf("over %d bytes, not parsed as XML", opts.MaxXMLBytes)
	}
	if n := markup(body); n > opts.MaxXMLNodes {
		return nil, fmt.Sprintf("over %d XML nodes and attributes (each '<' or '=')", opts.MaxXMLNodes)
	}
	root, err := xmlquery.Parse(bytes.NewReader(body))
	if err != nil {
		return nil, "not valid XML: " + cutReason(err.Error())
	}
	if depth(root, opts.MaxXMLDepth) > opts.MaxXMLDepth {
		return nil, fmt.Sprintf("XML nested deeper than %d levels", opts.MaxXMLDepth)
	}
	return root, ""
}

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

// depth returns the nesting depth of the tree under root, or limit+1 as
// soon as it passes limit; iterative, so that a deep tree costs no stack.
func depth(root *xmlquery.Node, limit int) int {
	deepest, d := 0, 0
	for n := root; n != nil; {
		if n.FirstChild != nil {
			n = n.FirstChild
			if d++; d > deepest {
				if deepest = d; deepest > limit {
					return deepest
				}
			}
			continue
		}
		for n != root && n.NextSibling == nil {
			n = n.Parent
			d--
		}
		if n == root {
			break
		}
		n = n.NextSibling
	}
	return deepest
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
	nav := &navigator{NodeNavigator: xmlquery.CreateXPathNavigator(root), budget: budget}
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

// text returns the string value of an element or the root: its text and
// CDATA descendants in document order; "" and the budget spent when they
// are past it.
func (b *xpathBudget) text(n *xmlquery.Node) string {
	size := int64(0)
	var count func(*xmlquery.Node) bool
	count = func(n *xmlquery.Node) bool {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if !b.take() {
				return false
			}
			switch c.Type {
			case xmlquery.TextNode, xmlquery.CharDataNode:
				size += int64(len(c.Data))
			case xmlquery.ElementNode:
				if !count(c) {
					return false
				}
			}
		}
		return true
	}
	if !count(n) || size > b.textLeft {
		b.left, b.textLeft = -1, -1
		return ""
	}
	b.textLeft -= size
	var sb strings.Builder
	sb.Grow(int(size))
	var write func(*xmlquery.Node)
	write = func(n *xmlquery.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.Type {
			case xmlquery.TextNode, xmlquery.CharDataNode:
				sb.WriteString(c.Data)
			case xmlquery.ElementNode:
				write(c)
			}
		}
	}
	write(n)
	return sb.String()
}

func (b *xpathBudget) take() bool {
	b.left--
	return b.left >= 0
}

// navigator is xmlquery's navigator with each move charged to a budget.
type navigator struct {
	*xmlquery.NodeNavigator
	budget *xpathBudget
}

func (n *navigator) Copy() xpath.NodeNavigator {
	return &navigator{NodeNavigator: n.NodeNavigator.Copy().(*xmlquery.NodeNavigator), budget: n.budget}
}

func (n *navigator) MoveTo(other xpath.NodeNavigator) bool {
	if o, ok := other.(*navigator); ok {
		return n.NodeNavigator.MoveTo(o.NodeNavigator)
	}
	return false
}

// Value is the string value of the current node as XPath 1.0 defines it:
// an element's or the root's text is charged to the budget (text), and a
// text node's is its text, a CDATA section's too (xmlquery gives "").
func (n *navigator) Value() string {
	cur := n.Current()
	switch {
	case n.NodeType() == xpath.AttributeNode:
	case cur.Type == xmlquery.ElementNode || cur.Type == xmlquery.DocumentNode:
		return n.budget.text(cur)
	case cur.Type == xmlquery.CharDataNode:
		return cur.Data
	}
	return n.NodeNavigator.Value()
}

func (n *navigator) MoveToParent() bool { return n.budget.take() && n.NodeNavigator.MoveToParent() }
func (n *navigator) MoveToNextAttribute() bool {
	return n.budget.take() && n.NodeNavigator.MoveToNextAttribute()
}
func (n *navigator) MoveToChild() bool    { return n.budget.take() && n.NodeNavigator.MoveToChild() }
func (n *navigator) MoveToFirst() bool    { return n.budget.take() && n.NodeNavigator.MoveToFirst() }
func (n *navigator) MoveToNext() bool     { return n.budget.take() && n.NodeNavigator.MoveToNext() }
func (n *navigator) MoveToPrevious() bool { return n.budget.take() && n.NodeNavigator.MoveToPrevious() }
