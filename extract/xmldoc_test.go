package extract

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/antchfx/xmlquery"
	"github.com/antchfx/xpath"
	"github.com/google/go-cmp/cmp"
)

// Differential tests: the arena's tree (xmldoc.go) and its navigator
// must give what antchfx/xpath gives over xmlquery's tree of the same
// body with navigator, for every expression: the same value, and for a
// node set the same nodes (type, names, namespace, string value) in the
// same order.

// xmlDocs are bodies the arena reads (each is checked to be).
var xmlDocs = map[string]string{
	"catalog": catalog,
	"atom": `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
  <title type="text">Example Feed</title>
  <link href="http://example.org/"/>
  <updated>2003-12-13T18:30:02Z</updated>
  <entry>
    <title>Atom-Powered Robots Run Amok</title>
    <id>urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a</id>
    <summary>Some text &amp; more.</summary>
  </entry>
  <entry><title>Second</title><id>urn:2</id></entry>
</feed>`,
	"soap": `<?xml version="1.0"?>
<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" xmlns:m="http://www.example.org/stock">
 <soap:Header/>
 <soap:Body>
  <m:GetStockPriceResponse>
   <m:Price currency="USD" m:unit="share">34.5</m:Price>
   <Price>plain</Price>
  </m:GetStockPriceResponse>
 </soap:Body>
</soap:Envelope>`,
	"s3":       `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>bucket</Name><Contents><Key>a.txt</Key><Size>12</Size></Contents><Contents><Key>b &lt;c&gt;.txt</Key><Size>0</Size></Contents></ListBucketResult>`,
	"mixed":    `<r>one<b>two</b>three<![CDATA[four]]>five<!--c--><i/>  <i>  </i>&#160;<j>&#x41;&#66;&apos;&quot;</j></r>`,
	"redefine": `<a xmlns:p="u1"><p:b xmlns:p="u2"><p:c/></p:b><p:d/><e xmlns="u3"><f/></e><g/></a>`,
	"nbsp":     "<?xml version=\"1.0\"?>\n<!-- top -->\n<r>\u00a0<x>1</x>\u00a0\u3000<x>2</x> <y a='1' b=\"&lt;2&gt;\" c='tab\there'/></r>\n<!-- end -->\n",
	"deep":     strings.Repeat("<a n='x'>t", 40) + strings.Repeat("</a>", 40),
	"wide":     "<r>" + strings.Repeat("<i k='v'>x</i>\n", 200) + "</r>",
	"unicode":  `<?xml version='1.0' encoding='UTF-8' standalone='yes'?><data><e_x>é€😀</e_x><e_x>&#x1F600;</e_x></data>`,
}

var xpathExprs = []string{
	"/*", "/node()", "//node()", "//*", "//text()", "//@*", "//comment()", "/", "//*[1]",
	"count(//*)", "count(//node())", "count(//text())", "count(//@*)", "string(/)", "string(/*)",
	"//*[last()]", "//*/..", "//text()/..", "//*[not(*)]", "//*[text()]", "//@*/..",
	"//*/following-sibling::node()", "//*/preceding-sibling::node()", "//*/following::*", "//*/preceding::node()",
	"//*/ancestor::*", "//*/ancestor-or-self::node()", "//*/descendant::text()", "//*/self::*",
	"name(/*)", "local-name(/*)", "namespace-uri(/*)", "name(//*[2])", "name(//@*[1])",
	"//*[name()='m:Price']", "//*[local-name()='Price']", "//*[namespace-uri()='http://www.example.org/stock']",
	"//soap:Body", "//m:Price/@currency", "//m:Price/@m:unit", "//@xmlns:m", "//title", "//entry/title", "/feed/entry[2]/id",
	"//Contents[Size > 5]/Key", "sum(//Size)", "//Key[contains(., '.txt')]", "//x[. = '2']", "//*[@k='v'][3]",
	"//i/text()", "/r/text()", "/r/node()[3]", "/r/node()[last()]", "//j", "//y/@*", "//y/@c",
	"/node()[1]/@*", "/node()[1]/@version", "//@*[name()='version']", "count(/node()[1]/@*)",
	"//a[@n='x'][5]/text()", "count(//a)", "//p:c", "//*[local-name()='c']", "//f", "//g",
	"boolean(//nothing)", "//*[position() mod 2 = 0]", "//text()[normalize-space()]", "//*[count(*) > 1]",
	"//data/e_x", "string-length(//e_x)", "//*[starts-with(name(), 'e_')]",
	"//comment()/following-sibling::node()", "//comment()/..", "//node()[self::comment()]",
	"//i[1]/following-sibling::i[1]", "//i[last()]/preceding-sibling::*[1]", "(//text())[2]", "(//node())[last()]",
}

// navResult renders an evaluation's result, a node set node by node.
func navResult(v any) any {
	it, ok := v.(*xpath.NodeIterator)
	if !ok {
		if f, ok := v.(float64); ok && f != f {
			return "NaN"
		}
		return v
	}
	var out []string
	for it.MoveNext() {
		n := it.Current()
		ns := ""
		if u, ok := n.(interface{ NamespaceURL() string }); ok {
			ns = u.NamespaceURL()
		}
		name := n.LocalName()
		if n.NodeType() == xpath.TextNode || n.NodeType() == xpath.CommentNode {
			name = "-"
		}
		out = append(out, fmt.Sprintf("%d %s:%s {%s} %q", n.NodeType(), n.Prefix(), name, ns, n.Value()))
	}
	return out
}

// evalBoth evaluates expr over body with the arena's navigator and with
// xmlquery's; ok is false when the arena leaves the body to xmlquery.
func evalBoth(t testing.TB, body []byte, expr string) (arena, dom any, ok bool) {
	return evalWith(t, parseArena(body, 1000), body, expr)
}

// evalDecoded is evalBoth with the arena encoding/xml builds
// (decodeArena), for every body xmlquery reads.
func evalDecoded(t testing.TB, body []byte, expr string) (arena, dom any, ok bool) {
	a, reason := decodeArena(body, 1000)
	if _, err := xmlquery.Parse(bytes.NewReader(body)); (err == nil) != (a != nil) {
		t.Fatalf("xmlquery: %v; decodeArena: %s; over %q", err, reason, body)
	}
	return evalWith(t, a, body, expr)
}

func evalWith(t testing.TB, a *xmlArena, body []byte, expr string) (arena, dom any, ok bool) {
	if a == nil {
		return nil, nil, false
	}
	root, err := xmlquery.Parse(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("the arena reads a body xmlquery refuses (%v): %q", err, body)
	}
	xp, err := xpath.Compile(expr)
	if err != nil {
		return nil, nil, false
	}
	eval := func(nav xpath.NodeNavigator) (v any) {
		defer func() {
			if p := recover(); p != nil {
				v = fmt.Sprintf("panic: %v", p)
			}
		}()
		return navResult(xp.Evaluate(nav))
	}
	big := func() *xpathBudget { return &xpathBudget{left: 1 << 18, textLeft: 1 << 24} }
	arena = eval(&arenaNav{ctx: &arenaCtx{a: a, budget: big()}, attr: -1})
	dom = eval(&navigator{NodeNavigator: xmlquery.CreateXPathNavigator(root), budget: big()})
	return arena, dom, true
}

func TestXMLArenaMatchesXmlquery(t *testing.T) {
	for name, body := range xmlDocs {
		if parseArena([]byte(body), 1000) == nil {
			t.Errorf("%s: the arena leaves the body to xmlquery", name)
			continue
		}
		for _, expr := range xpathExprs {
			got, want, _ := evalBoth(t, []byte(body), expr)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: %s: arena vs xmlquery (-xmlquery +arena):\n%s", name, expr, diff)
			}
			got, want, _ = evalDecoded(t, []byte(body), expr)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: %s: decoded arena vs xmlquery (-xmlquery +arena):\n%s", name, expr, diff)
			}
		}
	}
}

// randomXML writes a random document from a small grammar that meets
// the arena's and xmlquery's corners: namespaces declared and
// redeclared, white space and CDATA siblings, entities, comments, empty
// elements, attributes with prefixes.
func randomXML(r *rand.Rand) []byte {
	var b bytes.Buffer
	switch r.IntN(12) {
	case 0:
		b.WriteString("<!DOCTYPE a>")
	case 1:
		b.WriteString("<!-- no declaration -->")
	case 2:
		b.WriteString("<?pi first?>")
	}
	if r.IntN(2) == 0 {
		b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>`)
		if r.IntN(2) == 0 {
			b.WriteString("\n<!-- head -->\n")
		}
	}
	names := []string{"a", "b", "c", "p:a", "q:b", "d"}
	texts := []string{"x", " ", "\n  ", "1", "2.5", "a&amp;b", "&lt;t&gt;", "&#65;", "\u00a0", "é", "x y"}
	var elem func(depth int, declared map[string]bool)
	elem = func(depth int, declared map[string]bool) {
		name := names[r.IntN(len(names))]
		local := map[string]bool{}
		for k := range declared {
			local[k] = true
		}
		var attrs strings.Builder
		if r.IntN(4) == 0 {
			fmt.Fprintf(&attrs, ` xmlns="urn:d%d"`, r.IntN(2))
		}
		for _, p := range []string{"p", "q"} {
			if r.IntN(5) == 0 || (strings.HasPrefix(name, p+":") && !local[p]) {
				fmt.Fprintf(&attrs, ` xmlns:%s="urn:%s%d"`, p, p, r.IntN(2))
				local[p] = true
			}
		}
		for i := r.IntN(3); i > 0; i-- {
			an := []string{"id", "k", "p:k", "xml:lang"}[r.IntN(4)]
			if strings.HasPrefix(an, "p:") && !local["p"] {
				continue
			}
			if strings.Contains(attrs.String(), " "+an+"=") {
				continue
			}
			fmt.Fprintf(&attrs, ` %s="%s"`, an, texts[r.IntN(len(texts))])
		}
		if depth > 4 || r.IntN(5) == 0 {
			fmt.Fprintf(&b, "<%s%s/>", name, attrs.String())
			return
		}
		fmt.Fprintf(&b, "<%s%s>", name, attrs.String())
		for i := r.IntN(5); i > 0; i-- {
			switch r.IntN(7) {
			case 6:
				b.WriteString([]string{"<?pi a='1' b=2?>", "\r\n", "<ü/>", "x\ry", "<?xml-x?>"}[r.IntN(5)])
			case 0, 1:
				elem(depth+1, local)
			case 2, 3:
				b.WriteString(texts[r.IntN(len(texts))])
			case 4:
				b.WriteString("<![CDATA[" + []string{"", "<raw>", " "}[r.IntN(3)] + "]]>")
			case 5:
				b.WriteString("<!--" + []string{"", " c ", "x"}[r.IntN(3)] + "-->")
			}
		}
		fmt.Fprintf(&b, "</%s>", name)
	}
	elem(0, map[string]bool{})
	if b.Len() > 0 && r.IntN(3) == 0 {
		b.WriteString("\n")
	}
	return b.Bytes()
}

// Bodies the arena's tokenizer is not sure of are read by encoding/xml
// (decodeArena) into the tree xmlquery builds.
func TestXMLArenaLeaves(t *testing.T) {
	for body, want := range map[string]string{
		"<?xml version=\"1.0\"?>\n<?xml-stylesheet href=\"a.xsl\" type=\"text/xsl\"?>\n<!DOCTYPE r SYSTEM \"r.dtd\">\n<r a=\"1\"><?pi k='v' k='w'?>x<![CDATA[y]]>\r\n<p:q xmlns:p=\"u\">z</p:q></r>": "xy\nz",
		"<?pi?><r><ö/>\u00e9</r>":                             "é",
		"\n<r>x</r><!-- after -->\n":                          "x",
		`<!DOCTYPE r><r>x</r>`:                                "x",
		`<?xml version="1.0" encoding="ISO-8859-1"?><r>x</r>`: "x",
		"<r>a\r\nb</r>":                                       "a\nb",
		`<r><?pi x?>x</r>`:                                    "x",
		`<données>x</données>`:                                "x",
		"<!-- before --><r>x</r>":                             "x",
	} {
		if parseArena([]byte(body), 100) != nil {
			t.Errorf("%q: read by the arena", body)
		}
		v, err := MustCompile("/*[last()]").Eval(NewDoc([]byte(body), nil))
		if err != nil || v.Text != want {
			t.Errorf("%q: %+v, %v; want %q", body, v, err, want)
		}
		for _, expr := range xpathExprs {
			got, want, _ := evalDecoded(t, []byte(body), expr)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%q: %s (-xmlquery +arena):\n%s", body, expr, diff)
			}
		}
	}
}

func TestXMLArenaRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 2))
	read := 0
	for i := 0; i < 300; i++ {
		body := randomXML(r)
		for _, expr := range xpathExprs {
			if got, want, ok := evalDecoded(t, body, expr); ok {
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("%s over %q (-xmlquery +decoded arena):\n%s", expr, body, diff)
				}
			}
			got, want, ok := evalBoth(t, body, expr)
			if !ok {
				continue
			}
			read++
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("%s over %q (-xmlquery +arena):\n%s", expr, body, diff)
			}
		}
	}
	if read < 120*len(xpathExprs) {
		t.Fatalf("the arena read %d of 300 documents", read/len(xpathExprs))
	}
}

// FuzzXMLTree: a body the arena's tokenizer reads, xmlquery reads too;
// encoding/xml's arena reads what xmlquery reads; and every expression
// gives the same result over the arenas and xmlquery's tree.
func FuzzXMLTree(f *testing.F) {
	for _, body := range xmlDocs {
		f.Add([]byte(body), uint8(0))
	}
	r := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 20; i++ {
		f.Add(randomXML(r), uint8(i))
	}
	f.Add([]byte("<a>]]></a>"), uint8(1))
	f.Add([]byte("<a x='1'y='2'/>"), uint8(2))
	f.Add([]byte("<?xml version='1.1'?><a/>"), uint8(3))
	f.Add([]byte("<a>&#0;</a>"), uint8(4))
	f.Add([]byte("<a><!-- a--b --></a>"), uint8(5))
	f.Fuzz(func(t *testing.T, body []byte, k uint8) {
		if len(body) > 2048 {
			return
		}
		for i := 0; i < 4; i++ {
			expr := xpathExprs[(int(k)+i*31)%len(xpathExprs)]
			if got, want, ok := evalDecoded(t, body, expr); ok {
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("%s over %q (-xmlquery +decoded arena):\n%s", expr, body, diff)
				}
			}
			got, want, ok := evalBoth(t, body, expr)
			if !ok {
				return
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("%s over %q (-xmlquery +arena):\n%s", expr, body, diff)
			}
		}
	})
}

// An XPath over a 1 MB body allocates at most 2 bytes per body byte
// (the arena, its names and the evaluation): with the body itself, a
// call stays within the 3 bytes per body byte of BenchmarkParts/XPath1MB.
// xmlquery's tree takes about 25.
func TestXPathAllocPerByte(t *testing.T) {
	body := xmlCatalogBody(1 << 20)
	e := MustCompile("/catalog/book[@id='bk2000']/title")
	if _, err := e.Eval(NewDoc(body, nil)); err != nil { // warm: compiled queries, pools
		t.Fatal(err)
	}
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	v, err := e.Eval(NewDoc(body, nil))
	runtime.ReadMemStats(&ms1)
	if err != nil || v.Text != "Book number 2000" {
		t.Fatalf("%+v, %v", v, err)
	}
	perByte := float64(ms1.TotalAlloc-ms0.TotalAlloc) / float64(len(body))
	t.Logf("%.2f bytes allocated per body byte", perByte)
	if perByte > 2 {
		t.Errorf("%.2f bytes allocated per body byte, want at most 2", perByte)
	}
}
