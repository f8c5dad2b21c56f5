package extract

import (
	"strings"

	"github.com/antchfx/xmlquery"
	"github.com/antchfx/xpath"
)

// The reference the arena is tested against (xmldoc_test.go): xmlquery's
// tree and navigator, with XPath 1.0's string values and the budget, as
// extract evaluated XPath before the arena.

// domText returns the string value of an element or the root: its text and
// CDATA descendants in document order; "" and the budget spent when they
// are past it.
func (b *xpathBudget) domText(n *xmlquery.Node) string {
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
		return n.budget.domText(cur)
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
