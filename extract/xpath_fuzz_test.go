package extract

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/antchfx/xmlquery"
	"github.com/antchfx/xpath"
)

// FuzzXPath evaluates XPath expressions over any body: never a panic,
// every failure is ErrNotFound or ErrNotStructured, the result is within
// its bound, and over a body within the bounds the value is what
// antchfx/xpath gives over xmlquery's tree without our navigator.
func FuzzXPath(f *testing.F) {
	for _, s := range []struct{ expr, body string }{
		{"/catalog/book[2]/title", catalog}, {"//book/@year", catalog}, {"/catalog/book[1]/price * 2", catalog},
		{"/a", "<a>x</a>"}, {"//b", "<a><b>1</b><b>2</b></a>"}, {"/a/text()", "<a>&lt;&#65;</a>"},
		{"/a", `<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>`}, {"/a", "<a><![CDATA[]]></a>"},
		{"//*", "<a><b><c/></b></a>"}, {"/a", "\xff\xfe<\x00a\x00>"}, {"/a/@x = 1", `<a x="1"/>`},
		{"//x:b", `<a xmlns:x="u"><x:b>1</x:b></a>`}, {"/a/preceding::*", "<r><a/></r>"},
	} {
		f.Add(s.expr, []byte(s.body))
	}
	opts := &Options{MaxXMLBytes: 64 << 10, MaxXMLDepth: 30, MaxXMLNodes: 2000}
	f.Fuzz(func(t *testing.T, expr string, body []byte) {
		if !strings.HasPrefix(expr, "/") {
			expr = "/" + expr
		}
		e, err := Compile(expr)
		if err != nil || e.xp == nil {
			return
		}
		got, err := e.Eval(NewDoc(body, opts))
		if err != nil {
			if !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrNotStructured) {
				t.Fatalf("%s: error %v wraps neither sentinel", expr, err)
			}
			return
		}
		if len(got.Text) > 8*len(body)+1<<20 {
			t.Fatalf("%s: a result of %d bytes over a body of %d", expr, len(got.Text), len(body))
		}
		root, perr := xmlquery.Parse(bytes.NewReader(body))
		if perr != nil {
			t.Fatalf("%s: we read a body xmlquery refuses: %v", expr, perr)
		}
		want := xpath.MustCompile(expr).Evaluate(xmlquery.CreateXPathNavigator(root))
		if it, ok := want.(*xpath.NodeIterator); ok {
			var texts []string
			for it.MoveNext() {
				texts = append(texts, stringValue(it.Current()))
			}
			switch {
			case len(texts) == 1 && got.Text != texts[0]:
				t.Fatalf("%s: got %q, xmlquery %q", expr, got.Text, texts[0])
			case len(texts) > 1 && got.Kind != Array:
				t.Fatalf("%s: got %q, xmlquery %d nodes", expr, got.Text, len(texts))
			}
		}
	})
}

// stringValue is XPath 1.0's string value of the node nav is on, where
// xmlquery's Value gives "" (a CDATA text node, the root node).
func stringValue(nav xpath.NodeNavigator) string {
	n := nav.(*xmlquery.NodeNavigator).Current()
	switch {
	case nav.NodeType() == xpath.AttributeNode:
	case n.Type == xmlquery.CharDataNode:
		return n.Data
	case n.Type == xmlquery.DocumentNode:
		return n.InnerText()
	}
	return nav.Value()
}
