package extract

import (
	"errors"
	"strings"
	"testing"
)

const catalog = `<?xml version="1.0" encoding="UTF-8"?>
<catalog xmlns:dc="http://purl.org/dc/elements/1.1/">
  <!-- books -->
  <book id="b1" year="1954"><title>The Fellowship of the Ring</title><price>12.50</price></book>
  <book id="b2" year="1965"><title>Dune</title><price>9</price><dc:creator>Frank Herbert</dc:creator></book>
  <book id="b3" year="1969"><title>Ubik &amp; Other &#x3C;Tales&#62;</title><price>7.25</price><note><![CDATA[<b>raw</b>]]></note></book>
</catalog>`

func TestXPath(t *testing.T) {
	tests := []struct {
		expr string
		want Value
	}{
		{"/catalog/book[2]/title", Value{Text: "Dune", Kind: String}},
		{"/catalog/book[@id='b3']/title", Value{Text: "Ubik & Other <Tales>", Kind: String}},
		{"/catalog/book/title", Value{Text: `["The Fellowship of the Ring","Dune","Ubik & Other <Tales>"]`, Kind: Array}},
		{"//book/@year", Value{Text: `["1954","1965","1969"]`, Kind: Array}},
		{"/catalog/book[1]/@id", Value{Text: "b1", Kind: String}},
		{"/catalog/book[1]/price + /catalog/book[3]/price", Value{Text: "19.75", Kind: Number}},
		{"//book[count(preceding-sibling::book) = 2]/@id", Value{Text: "b3", Kind: String}},
		{"/catalog/book[2]/price * 2", Value{Text: "18", Kind: Number}},
		{"/catalog/book[1]/price > 10", Value{Text: "true", Kind: Bool}},
		{"/catalog/book[3]/note", Value{Text: "<b>raw</b>", Kind: String}},
		{"//dc:creator", Value{Text: "Frank Herbert", Kind: String}},
		{"//comment()", Value{Text: " books ", Kind: String}},
		{"/catalog/book[2]", Value{Text: "Dune9Frank Herbert", Kind: String}},
		{"/catalog/book[last()]/title/text()", Value{Text: "Ubik & Other <Tales>", Kind: String}},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			v, err := MustCompile(tt.expr).Eval(NewDoc([]byte(catalog), nil))
			if err != nil {
				t.Fatal(err)
			}
			if v != tt.want {
				t.Errorf("got %+v, want %+v", v, tt.want)
			}
		})
	}
}

func TestXPathNotFound(t *testing.T) {
	for _, expr := range []string{"/catalog/book[9]/title", "/nothing", "//book[@id='b9']", "/catalog/book[1]/price div 0 - /catalog/book[1]/price div 0"} {
		_, err := MustCompile(expr).Eval(NewDoc([]byte(catalog), nil))
		if !errors.Is(err, ErrNotFound) {
			t.Errorf("%s: %v, want ErrNotFound", expr, err)
		}
	}
}

// Which engine an expression gets is read from its syntax: a leading '/'
// is XPath unless the expression ends with '/' too (a regex).
func TestXPathEngineChoice(t *testing.T) {
	for expr, xpath := range map[string]bool{
		"/a/b":         true,
		"//a":          true,
		"/a/b/":        false, // a regex "a/b"... without a group: a compile error
		"/(a)/":        false,
		"/":            false,
		"a.b":          false,
		"$.a":          false,
		"/a[1]/b/@c":   true,
		"/a | /b":      true,
		"/a[b='x/']/c": true,
	} {
		e, err := Compile(expr)
		if err != nil {
			if xpath {
				t.Errorf("%s: %v", expr, err)
			}
			continue
		}
		if got := e.xp != nil; got != xpath {
			t.Errorf("%s: XPath = %v, want %v", expr, got, xpath)
		}
	}
}

func TestXPathCompileError(t *testing.T) {
	_, err := Compile("/catalog/book[")
	var se *SyntaxError
	if !errors.As(err, &se) || se.Col != 1 || !strings.Contains(se.Msg, "bad XPath expression") {
		t.Fatalf("got %v", err)
	}
}

func TestXPathNotXML(t *testing.T) {
	for name, body := range map[string]string{
		"json":     `{"catalog": 1}`,
		"empty":    ``,
		"html-ish": `<p>unclosed`,
		"text":     `just words`,
	} {
		_, err := MustCompile("/catalog").Eval(NewDoc([]byte(body), nil))
		if !errors.Is(err, ErrNotStructured) {
			t.Errorf("%s: %v, want ErrNotStructured", name, err)
		}
	}
}

// Entities a DTD declares are never expanded and never read: the billion
// laughs and an external entity are refused as not XML, quickly and
// without growing.
func TestXPathEntities(t *testing.T) {
	laughs := `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<lolz>&lol9;</lolz>`
	xxe := `<?xml version="1.0"?>
<!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<foo>&xxe;</foo>`
	xxeParam := `<?xml version="1.0"?>
<!DOCTYPE foo [<!ENTITY % ext SYSTEM "file:///etc/passwd"> %ext;]>
<foo>x</foo>`
	for name, body := range map[string]string{"billion laughs": laughs, "external entity": xxe} {
		t.Run(name, func(t *testing.T) {
			var v Value
			var err error
			allocs := testing.AllocsPerRun(5, func() {
				v, err = MustCompile("/*").Eval(NewDoc([]byte(body), nil))
			})
			if !errors.Is(err, ErrNotStructured) || v.Text != "" {
				t.Fatalf("got %q, %v; want ErrNotStructured", v.Text, err)
			}
			if strings.Contains(err.Error(), "root:") {
				t.Errorf("the error quotes a local file: %v", err)
			}
			if allocs > 500 {
				t.Errorf("%v allocations to refuse it", allocs)
			}
		})
	}
	// A parameter entity in the internal subset is not read either: the
	// DOCTYPE is a directive the parser skips, and the element is read.
	v, err := MustCompile("/foo").Eval(NewDoc([]byte(xxeParam), nil))
	if err != nil || v.Text != "x" {
		t.Errorf("parameter entity: %q, %v", v.Text, err)
	}
}

func TestXPathBounds(t *testing.T) {
	deep := strings.Repeat("<a>", 150) + "x" + strings.Repeat("</a>", 150)
	wide := "<r>" + strings.Repeat("<i/>", 300) + "</r>"
	tests := []struct {
		name string
		body string
		opts Options
		want string
	}{
		{"depth", deep, Options{}, "nested deeper than 100"},
		{"depth option", "<a><b><c/></b></a>", Options{MaxXMLDepth: 2}, "nested deeper than 2"},
		{"nodes", wide, Options{MaxXMLNodes: 100}, "over 100 XML nodes"},
		{"bytes", wide, Options{MaxXMLBytes: 100}, "over 100 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := MustCompile("//a").Eval(NewDoc([]byte(tt.body), &tt.opts))
			if !errors.Is(err, ErrNotStructured) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want ErrNotStructured with %q", err, tt.want)
			}
		})
	}
	// Within the bounds, the same shapes are read.
	v, err := MustCompile("/r/i[300]/@missing | /r/i[last()]/following-sibling::*[1] | /r/i[300]").Eval(NewDoc([]byte(wide), nil))
	if err != nil || v.Text != "" || v.Kind != String {
		t.Errorf("wide: %q, %v", v.Text, err)
	}
}

// An expression whose work over the body passes the budget is refused,
// not run to its end.
func TestXPathWorkBudget(t *testing.T) {
	body := "<r>" + strings.Repeat("<i>x</i>", 3000) + "</r>"
	// Each i counts every i before it: millions of steps, past 256 per node + 4 Mi.
	_, err := MustCompile("//i[count(preceding::i) >= 0]").Eval(NewDoc([]byte(body), nil))
	if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "too many steps") {
		t.Errorf("got %v", err)
	}
}

// A node set's texts are bounded by 8 times the body plus 1 MiB.
func TestXPathResultBound(t *testing.T) {
	// Every a's string value is the whole text under it: 100 nested
	// levels over 40 KB of text is 4 MB of output, past 8 × 40 KB + 1 MiB.
	body := strings.Repeat("<a>", 99) + strings.Repeat("y", 40000) + strings.Repeat("</a>", 99)
	_, err := MustCompile("//a").Eval(NewDoc([]byte(body), nil))
	if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "over") {
		t.Errorf("got %v", err)
	}
}

func TestXPathParsesOnce(t *testing.T) {
	d := NewDoc([]byte(catalog), nil)
	for _, expr := range []string{"/catalog/book[1]/title", "/catalog/book[2]/title"} {
		if _, err := MustCompile(expr).Eval(d); err != nil {
			t.Fatal(err)
		}
	}
	first := d.xml
	if _, err := MustCompile("//price").Eval(d); err != nil || d.xml != first {
		t.Errorf("parsed again: %v", err)
	}
}
