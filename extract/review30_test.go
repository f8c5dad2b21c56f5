package extract

import (
	"errors"
	"strings"
	"testing"
)

// A hostile server nests the elements a plausible expression tests with
// contains(., ...) around one large text: every element's string value
// is the whole text, so the evaluation would build depth x body bytes
// (near 1 GB for 9 MiB at depth 98) without one navigator move charged.
// Building string values is charged to the evaluation's budget, and
// past it the evaluation fails with ErrNotFound.
func TestReview30_XPathStringValueBudget(t *testing.T) {
	var b strings.Builder
	b.WriteString("<a>")
	for range 98 {
		b.WriteString("<book>")
	}
	b.WriteString(strings.Repeat("x", 4<<20))
	for range 98 {
		b.WriteString("</book>")
	}
	b.WriteString("</a>")
	d := NewDoc([]byte(b.String()), nil)
	root, _ := d.xmlTree()
	if root == nil {
		t.Fatal("not parsed")
	}
	e := MustCompile("//book[contains(., 'y')]")
	var budget *xpathBudget
	_, err := e.evalXPathBudget(d, func(b *xpathBudget) { budget = b })
	if !errors.Is(err, ErrNotFound) {
		t.Fatalf("err = %v, want ErrNotFound", err)
	}
	if budget.textLeft >= 0 {
		t.Errorf("text budget left %d: the string values were not charged", budget.textLeft)
	}
	// A flat document's string values fit: the same test over every book.
	flat := "<a>" + strings.Repeat("<book>x</book>", 1000) + "<book>y</book></a>"
	v, err := e.Eval(NewDoc([]byte(flat), nil))
	if err != nil || v.Text != "y" {
		t.Errorf("flat: %+v, %v", v, err)
	}
}

// XPath 1.0's string-value of a text node holds a CDATA section's text,
// and the root node's is all the document's text.
func TestReview30_XPathTextValues(t *testing.T) {
	for expr, want := range map[string]string{
		"/catalog/book[3]/note/text()": "<b>raw</b>",
		"//note/text()":                "<b>raw</b>",
	} {
		v, err := MustCompile(expr).Eval(NewDoc([]byte(catalog), nil))
		if err != nil || v.Text != want {
			t.Errorf("%s: %+v, %v; want %q", expr, v, err, want)
		}
	}
}

// XPath 1.0 (section 4.2) writes a number in decimal form, never with an
// exponent.
func TestReview30_XPathNumberForm(t *testing.T) {
	for v, want := range map[float64]string{1e21: "1000000000000000000000", 1e-7: "0.0000001", 0.5: "0.5", -2.25: "-2.25", 1: "1", 1.5e300: "15" + strings.Repeat("0", 299)} {
		if got := xpathNumber(v); got != want {
			t.Errorf("xpathNumber(%g) = %s, want %s", v, got, want)
		}
	}
}

// One element may carry millions of attributes (or namespace
// declarations) behind a single '<': 9 MiB of them cost 50 bytes a body
// byte and seconds to parse. Attributes count toward MaxXMLNodes ('=').
func TestReview30_XPathAttributeBound(t *testing.T) {
	var b strings.Builder
	b.WriteString("<a")
	for i := 0; i < 250_000; i++ {
		b.WriteString(" a")
		b.WriteString(strings.Repeat("x", i%7+1))
		b.WriteString(string(rune('a'+i%26)) + "=''")
	}
	b.WriteString("/>")
	_, err := MustCompile("/a/@*").Eval(NewDoc([]byte(b.String()), nil))
	if !errors.Is(err, ErrNotStructured) || !strings.Contains(err.Error(), "over 200000 XML nodes") {
		t.Errorf("got %v, want ErrNotStructured over 200000 XML nodes", err)
	}
	v, err := MustCompile("/a/@k").Eval(NewDoc([]byte(`<a k="v=1"/>`), &Options{MaxXMLNodes: 3}))
	if err != nil || v.Text != "v=1" {
		t.Errorf("small: %+v, %v", v, err)
	}
}
