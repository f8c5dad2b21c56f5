package extract

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Red-team review of XPath over XML bodies (issue 30 item 2): the body is
// a hostile server's, the expression the tool file author's.

// evalX evaluates expr over body with opts (nil: the defaults).
func evalX(t *testing.T, expr, body string, opts *Options) (Value, error) {
	t.Helper()
	e, err := Compile(expr)
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	if e.xp == nil {
		t.Fatalf("%s: not compiled as XPath", expr)
	}
	return e.Eval(NewDoc([]byte(body), opts))
}

// refused: the body is not read as XML (ErrNotStructured), with a reason
// holding want.
func refused(t *testing.T, name, expr, body, want string, opts *Options) {
	t.Helper()
	v, err := evalX(t, expr, body, opts)
	if !errors.Is(err, ErrNotStructured) || !strings.Contains(err.Error(), want) {
		t.Errorf("%s: %+v, %v; want ErrNotStructured with %q", name, v, err, want)
	}
}

func read(t *testing.T, name, expr, body, want string, opts *Options) {
	t.Helper()
	v, err := evalX(t, expr, body, opts)
	if err != nil || v.Text != want {
		t.Errorf("%s: %+v, %v; want %q", name, v, err, want)
	}
}

// Entities a DTD declares are never expanded: billion laughs, one large
// entity used many times, parameter entities; the body is refused at
// the first reference, or read with the DTD left unread.
func TestReview30x_EntityBombs(t *testing.T) {
	var laughs strings.Builder
	laughs.WriteString(`<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">`)
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&laughs, `<!ENTITY lol%d "%s">`, i, strings.Repeat(fmt.Sprintf("&lol%d;", i-1), 10))
	}
	laughs.WriteString(`]><lolz>&lol9;</lolz>`)
	refused(t, "billion laughs", "/lolz", strings.Replace(laughs.String(), "&lol0;", "&lol;", -1), "invalid character entity &lol9;", nil)

	quad := `<!DOCTYPE a [<!ENTITY big "` + strings.Repeat("x", 100_000) + `">]><a>` + strings.Repeat("&big;", 10_000) + `</a>`
	refused(t, "quadratic blowup", "/a", quad, "invalid character entity &big;", nil)

	// In an attribute value too.
	refused(t, "entity in attribute", "/a/@v", `<!DOCTYPE a [<!ENTITY e "x">]><a v="&e;"/>`, "invalid character entity", nil)

	// A parameter entity in the internal subset is not read: the DTD is a
	// directive kept as text.
	read(t, "parameter entity", "/a", `<!DOCTYPE a [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]><a>x</a>`, "x", nil)
	refused(t, "parameter entity used as general", "/a", `<!DOCTYPE a [<!ENTITY % p "<!ENTITY e 'boom'>"> %p;]><a>&e;</a>`, "invalid character entity &e;", nil)
}

// External entities and an external DTD are never fetched or read.
func TestReview30x_ExternalEntities(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		fmt.Fprint(w, `<!ENTITY e "fetched">`)
	}))
	defer srv.Close()
	for name, body := range map[string]string{
		"file":         `<?xml version="1.0"?><!DOCTYPE a [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><a>&xxe;</a>`,
		"http":         `<!DOCTYPE a [<!ENTITY xxe SYSTEM "` + srv.URL + `/e">]><a>&xxe;</a>`,
		"public":       `<!DOCTYPE a [<!ENTITY xxe PUBLIC "-//X//Y" "` + srv.URL + `/p">]><a>&xxe;</a>`,
		"external dtd": `<!DOCTYPE a SYSTEM "` + srv.URL + `/dtd"><a>&e;</a>`,
		"parameter":    `<!DOCTYPE a [<!ENTITY % dtd SYSTEM "` + srv.URL + `/pe"> %dtd;]><a>&e;</a>`,
	} {
		refused(t, name, "/a", body, "invalid character entity", nil)
	}
	// An external DTD with no reference: read, the DTD not fetched.
	read(t, "unused external dtd", "/a", `<!DOCTYPE a SYSTEM "`+srv.URL+`/dtd"><a>x</a>`, "x", nil)
	if n := hits.Load(); n != 0 {
		t.Errorf("the server was asked %d times", n)
	}
}

// Nesting exactly at MaxXMLDepth is read, one past it refused, through
// both parsers (the arena's tokenizer; encoding/xml, forced by a DOCTYPE)
// and for an element and for a text at the bottom.
func TestReview30x_DepthAtLimit(t *testing.T) {
	opts := &Options{MaxXMLDepth: 10}
	nest := func(n int, inner string) string {
		return strings.Repeat("<a>", n) + inner + strings.Repeat("</a>", n)
	}
	for _, c := range []struct {
		prefix string
		n      int
		inner  string
		ok     bool
	}{
		{"", 10, "", true}, {"", 11, "", false}, {"", 9, "t", true}, {"", 10, "t", false},
		{"", 9, "<!--c-->", true}, {"", 10, "<!--c-->", false}, {"", 9, "<![CDATA[c]]>", true}, {"", 10, "<![CDATA[c]]>", false},
		{"<!DOCTYPE a>", 10, "", true}, {"<!DOCTYPE a>", 11, "", false}, {"<!DOCTYPE a>", 9, "t", true}, {"<!DOCTYPE a>", 10, "t", false},
		{"<!DOCTYPE a>", 9, "<?pi x?>", true}, {"<!DOCTYPE a>", 10, "<?pi x?>", false},
	} {
		name := fmt.Sprintf("%q depth %d with %q", c.prefix, c.n, c.inner)
		body := c.prefix + nest(c.n, c.inner)
		if c.ok {
			want := map[string]string{"t": "t", "<![CDATA[c]]>": "c"}[c.inner]
			read(t, name, fmt.Sprintf("/a[count(//a) = %d]", c.n), body, want, opts)
		} else {
			refused(t, name, "/a", body, "nested deeper than 10 levels", opts)
		}
	}
}

// A body nested past the bound is refused as soon as the bound is
// passed, not after the whole body: encoding/xml places each node by
// walking up from the last element, which over a body nested 50,000 deep
// followed by 100,000 comments cost 5e9 steps (81 s) before the depth
// was checked. Here the rest of the body is malformed: an early refusal
// names the depth, a late one the syntax error.
func TestReview30x_DepthRefusedEarly(t *testing.T) {
	body := "<!DOCTYPE r><r>" + strings.Repeat("<a>", 200) + strings.Repeat("</a>", 200) + strings.Repeat("<!---->", 1000) + "<bad"
	a, reason := decodeArena([]byte(body), 100)
	if a != nil || !strings.Contains(reason, "nested deeper than 100") {
		t.Errorf("decodeArena: %v, %q; want the depth refused", a != nil, reason)
	}
	// Within the bounds the deep-then-wide shape still costs only depth
	// steps a node: read.
	ok := "<r>" + strings.Repeat("<a>", 98) + strings.Repeat("</a>", 98) + strings.Repeat("<!---->", 1000) + "</r>"
	read(t, "deep then wide", "/r[count(comment()) = 1000]", ok, "", nil)
}

// Markup bounds exactly at and one past MaxXMLNodes and MaxXMLBytes.
func TestReview30x_SizeAtLimit(t *testing.T) {
	// "<a" + attributes + "/>": 1 '<' and n '='.
	attrs := func(n int) string {
		var b strings.Builder
		b.WriteString("<a")
		for i := range n {
			fmt.Fprintf(&b, " x%d='%d'", i, i)
		}
		b.WriteString("/>")
		return b.String()
	}
	opts := &Options{MaxXMLNodes: 1000}
	v, err := evalX(t, "/a/@x998", attrs(999), opts)
	if err != nil || v.Text != "998" {
		t.Errorf("999 attributes under 1000: %+v, %v", v, err)
	}
	refused(t, "nodes past limit", "/a/@x0", attrs(1000), "over 1000 XML nodes", opts)

	body := "<a>" + strings.Repeat("x", 93) + "</a>" // 100 bytes
	if v, err := evalX(t, "/a", body, &Options{MaxXMLBytes: 100}); err != nil || len(v.Text) != 93 {
		t.Errorf("100 bytes under 100: %+v, %v", v, err)
	}
	refused(t, "bytes past limit", "/a", body, "over 99 bytes", &Options{MaxXMLBytes: 99})
	// A host's MaxXMLBytes past the arena's 32-bit offsets is capped at
	// maxArenaBytes, whose decoded texts (at most three times the body)
	// fit them.
	read(t, "huge MaxXMLBytes", "/a", body, strings.Repeat("x", 93), &Options{MaxXMLBytes: math.MaxInt})
	if 3*maxArenaBytes+1<<20 > math.MaxUint32 {
		t.Errorf("maxArenaBytes %d: three times it overflows the arena's offsets", maxArenaBytes)
	}
}

// A text node's string value (and its "local name", which antchfx/xpath
// reads for node() name tests) is charged to the text budget as an
// element's is: a 4 MiB text under 98 elements read by
// //*//text()[contains(., 'y')] was copied once per ancestor, 400 MB
// allocated without one charged move (925 MB for a 9 MiB body).
func TestReview30x_TextNodeValueBudget(t *testing.T) {
	body := []byte(strings.Repeat("<b>", 98) + strings.Repeat("x", 4<<20) + strings.Repeat("</b>", 98))
	for _, expr := range []string{"//*//text()[contains(., 'y')]", "//*//node()[local-name() = 'y']", "//*//comment()[contains(., 'y')]"} {
		b := body
		if strings.Contains(expr, "comment") {
			b = []byte(strings.Repeat("<b>", 98) + "<!--" + strings.Repeat("x", 4<<20) + "-->" + strings.Repeat("</b>", 98))
		}
		var budget *xpathBudget
		_, err := MustCompile(expr).evalXPathBudget(NewDoc(b, nil), func(x *xpathBudget) { budget = x })
		if !errors.Is(err, ErrNotFound) || budget.textLeft >= 0 {
			t.Errorf("%s: %v, text budget left %d; want it spent", expr, err, budget.textLeft)
		}
	}
	// Reading every text once fits.
	read(t, "one pass", "//text()[contains(., 'x')]/..", string(body[98*3-3:len(body)-97*4]), strings.Repeat("x", 4<<20), nil)
}

// Expressions that cost the square of the body stop at the step budget
// with ErrNotFound, whatever the result type.
func TestReview30x_ExpensiveXPath(t *testing.T) {
	flat := "<r>" + strings.Repeat("<i>x</i>", 20_000) + "</r>"
	deepWide := strings.Repeat("<b>", 95) + strings.Repeat("<i/>", 20_000) + strings.Repeat("</b>", 95)
	for _, c := range []struct{ expr, body string }{
		{"//*[count(//*) > 0]", flat},
		{"/r[count(//*[count(//*) > 0]) > 0]", flat},
		{"//node()//node()//node()", deepWide},
		{"/b[count(//node()//node()//node()) > 0]", deepWide},
		{"//i[preceding-sibling::i[last()]]", deepWide},
		{"//*[. = //*]", flat},
	} {
		var budget *xpathBudget
		v, err := MustCompile(c.expr).evalXPathBudget(NewDoc([]byte(c.body), nil), func(x *xpathBudget) { budget = x })
		if !errors.Is(err, ErrNotFound) || budget.left >= 0 {
			t.Errorf("%s: %.40q, %v, budget left %d; want it spent", c.expr, v.Text, err, budget.left)
		}
	}
}

// hostileXML is randomXML with a hostile server's tokens spliced in at
// random tag boundaries: duplicate and undeclared-prefix attributes,
// prefixes bound to one URI at several levels or undeclared, xml and
// xmlns rebound, carriage returns, references to surrogates and NUL,
// stray "]]>", unterminated constructs, a second root.
func hostileXML(r *rand.Rand) []byte {
	body := randomXML(r)
	bits := []string{
		` x="1" x="2"`, ` z:k="v"`, ` xmlns:p=""`, ` xmlns:p="urn:p0" xmlns:q="urn:p0"`, ` xmlns="urn:p0"`,
		` xmlns:xml="urn:x"`, ` xmlns:xmlns="urn:x"`, ` xml:space="preserve"`, ` a="&#xD800;"`, ` a="]]>"`, ` a='<'`,
	}
	inner := []string{
		"&#xD800;", "&#0;", "&#x110000;", "&#x0041;", "&#00000000065;", "]]>", "]]&gt;", "\r", "<![CDATA[", "<!--", "<?x",
		"<z:u/>", "<p:u xmlns:p='urn:q1'/>", "<u xmlns=''/>", "&e;", "<!DOCTYPE a>", "\xff", "\xed\xa0\x80", "<a>", "</a>",
	}
	out := make([]byte, 0, len(body)+64)
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c == '>' && i > 0 && body[i-1] != '/' && body[i-1] != '?' && body[i-1] != '-' && body[i-1] != ']' && r.IntN(6) == 0 {
			// inside a start tag? only when the tag began with "<" + name
			j := bytes.LastIndexByte(body[:i], '<')
			if j >= 0 && j+1 < i && nameStart(body[j+1]) {
				out = append(out, bits[r.IntN(len(bits))]...)
			}
		}
		out = append(out, c)
		if c == '>' && r.IntN(8) == 0 {
			out = append(out, inner[r.IntN(len(inner))]...)
		}
	}
	if r.IntN(8) == 0 {
		out = append(out, "<second/>"...)
	}
	return out
}

// Differential: over hostile bodies, the arena's tokenizer reads only
// what xmlquery reads, encoding/xml's arena reads exactly what xmlquery
// reads, and both give xmlquery's results.
func TestReview30x_HostileDifferential(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 30))
	readArena, readDecoded := 0, 0
	for i := 0; i < 1500; i++ {
		body := hostileXML(r)
		for k := 0; k < 3; k++ {
			expr := xpathExprs[r.IntN(len(xpathExprs))]
			if got, want, ok := evalDecoded(t, body, expr); ok {
				readDecoded++
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("%s over %q (-xmlquery +decoded arena):\n%s", expr, body, diff)
				}
			}
			if got, want, ok := evalBoth(t, body, expr); ok {
				readArena++
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("%s over %q (-xmlquery +arena):\n%s", expr, body, diff)
				}
			}
		}
	}
	t.Logf("read by the arena's tokenizer %d, by encoding/xml %d, of 4500 evaluations", readArena, readDecoded)
}
