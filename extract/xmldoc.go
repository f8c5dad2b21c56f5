package extract

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
)

// An xmlArena is an XML body read into one slice of compact nodes, in
// document order, with texts as offsets into the body (or into dec, for
// a text with entity references) and names interned: a few bytes a body
// byte where a DOM costs tens.
//
// Its tree is the one xmlquery builds from the same body (the tree the
// XPath results were first defined by), node for node: a declaration
// node first (<?xml ...?>, or one with version="1.0" when the body has
// none), text nodes for whitespace too, a CDATA section a text node of
// its own, namespaces resolved the way xmlquery resolves them.
//
// parseArena's own tokenizer reads the bodies it is sure of, which is
// nearly every body an API sends; it leaves to decodeArena (encoding/xml's
// tokens, placed as xmlquery places them) a body it is not sure of: a
// DOCTYPE or other directive, a processing instruction past the
// declaration, an encoding other than UTF-8, a non-ASCII or undeclared
// name, a carriage return, any error. encoding/xml then refuses it or
// reads it into the same kind of arena. xmlquery itself is the reference
// of the tests (xmldoc_test.go), not a dependency.
type xmlArena struct {
	body  []byte
	dec   []byte // texts that had entity references, decoded
	nodes []xnode
	attrs []xattr
	names []xname
}

// Node kinds.
const (
	xkDoc uint32 = iota
	xkDecl
	xkElem
	xkText
	xkCData
	xkComment
)

// xnode is one node: 12 bytes.
type xnode struct {
	// w0: the kind in the top 3 bits, the flags below, then (low 26
	// bits) an element's or the declaration's name index in names, or
	// a text's, a CDATA section's or a comment's parent.
	w0 uint32
	// a, b: a text's, a CDATA section's or a comment's offsets (in body,
	// or in dec with xfDec); an element's, the declaration's or the
	// document's parent (^0 for none) and subtree end (exclusive).
	a, b uint32
}

const (
	xfDec   = 1 << 28 // the text is in dec
	xfBlank = 1 << 27 // a text node of only white space (strings.TrimSpace)
	xfAttrs = 1 << 26 // an element or declaration with attributes
	xnMask  = 1<<26 - 1
	// xnMax bounds the nodes of an arena (a body with more is left to
	// encoding/xml).
	xnMax = xnMask
)

func (n *xnode) kind() uint32 { return n.w0 >> 29 }

// named reports the kinds laid out with a name, a parent and a subtree
// end: the document, the declaration, elements, processing
// instructions.
func (n *xnode) named() bool {
	k := n.kind()
	return k == xkElem || k == xkDoc || k == xkDecl || k == xkPI
}

// parent returns the index of n's parent, -1 for the document.
func (n *xnode) parent() int32 {
	if n.named() {
		return int32(n.a)
	}
	return int32(n.w0 & xnMask)
}

// xattr is an attribute of the node owner.
type xattr struct {
	owner  int32
	name   uint32 // index in names, and xfDec when the value is in dec
	vs, ve uint32
}

// xname is an element's or attribute's name as xmlquery gives it.
type xname struct{ local, prefix, uri string }

// text returns the bytes of a text node, comment or attribute value.
func (a *xmlArena) text(flags, s, e uint32) []byte {
	if flags&xfDec != 0 {
		return a.dec[s:e]
	}
	return a.body[s:e]
}

// end is the index past n's subtree.
func (a *xmlArena) end(i int32) int32 {
	if n := &a.nodes[i]; n.named() {
		return int32(n.b)
	}
	return i + 1
}

// nsDecl is an undone namespace declaration: prefix was bound to old (or
// to nothing).
type nsDecl struct {
	prefix, old string
	had         bool
}

// xmlnsPrefix is xmlquery's record of the prefix of a namespace URI.
type xmlnsPrefix struct {
	name  string
	level int
}

const xmlURL = "http://www.w3.org/XML/1998/namespace"

type arenaParser struct {
	a       *xmlArena
	body    []byte
	pos     int
	max     int // depth bound
	open    []int32
	openRaw []string          // the names the open elements were written with
	raw     map[string]string // raw names and URIs, interned
	ids     map[xname]uint32
	ns      map[string]string // prefix -> URI in scope (encoding/xml's)
	nsUndo  []nsDecl
	nsMark  []int // len(nsUndo) at each open element
	s2p     map[string]xmlnsPrefix
	attrBuf []rawAttr
}

type rawAttr struct {
	name   string // interned raw name
	vs, ve uint32
	dec    bool
}

// parseArena reads body into an arena; nil when it leaves the body to
// encoding/xml (see xmlArena). maxDepth bounds the nesting as depth does.
func parseArena(body []byte, maxDepth int) *xmlArena {
	p := &arenaParser{body: body, max: maxDepth, raw: map[string]string{}, ids: map[xname]uint32{},
		s2p: map[string]xmlnsPrefix{xmlURL: {name: "xml"}}}
	p.a = &xmlArena{body: body}
	elems, texts := estimate(body)
	p.a.nodes = make([]xnode, 0, elems+texts+2)
	p.a.attrs = make([]xattr, 0, bytes.Count(body, []byte{'='})+2)
	if !p.parse() {
		return nil
	}
	return p.a
}

// estimate counts the elements of body (a '<' before a name) and the
// texts (a '<' not right after a '>'), which presizes the nodes.
func estimate(body []byte) (elems, texts int) {
	for i := 0; ; {
		j := bytes.IndexByte(body[i:], '<')
		if j < 0 {
			return elems, texts + 1
		}
		i += j
		if i > 0 && body[i-1] != '>' {
			texts++
		}
		if i+1 < len(body) {
			switch body[i+1] {
			case '/', '?':
			case '!':
				texts++
			default:
				elems++
			}
		}
		i++
	}
}

func (p *arenaParser) add(n xnode) int32 {
	p.a.nodes = append(p.a.nodes, n)
	return int32(len(p.a.nodes) - 1)
}

// leaf adds a text, CDATA section or comment under the open element.
func (p *arenaParser) leaf(kind, flags uint32, s, e uint32) bool {
	if len(p.a.nodes) >= xnMax {
		return false
	}
	p.add(xnode{w0: kind<<29 | flags | uint32(p.parent()), a: s, b: e})
	return true
}

func (p *arenaParser) parent() int32 {
	if len(p.open) == 0 {
		return 0
	}
	return p.open[len(p.open)-1]
}

func (p *arenaParser) parse() bool {
	body := p.body
	p.add(xnode{w0: xkDoc << 29, a: ^uint32(0)})
	realDecl := false
	if bytes.HasPrefix(body, []byte("<?xml")) && len(body) > 5 && (body[5] == ' ' || body[5] == '?' || body[5] == '\t' || body[5] == '\n') {
		if !p.decl() {
			return false
		}
		realDecl = true
	} else {
		if len(body) < 2 || body[0] != '<' || !nameStart(body[1]) {
			return false
		}
		p.declNode([][2]string{{"version", "1.0"}})
	}
	seenElem := false
	for p.pos < len(body) {
		if body[p.pos] != '<' {
			if !realDecl && !seenElem {
				return false // xmlquery puts it beside the document node
			}
			if !p.text() {
				return false
			}
			continue
		}
		rest := body[p.pos:]
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			if !realDecl && !seenElem {
				return false
			}
			if !p.comment() {
				return false
			}
		case bytes.HasPrefix(rest, []byte("<![CDATA[")):
			if len(p.open) == 0 || !p.cdata() {
				return false
			}
		case len(rest) > 1 && rest[1] == '/':
			if !p.endTag() {
				return false
			}
		case len(rest) > 1 && nameStart(rest[1]):
			seenElem = true
			if !p.startTag() {
				return false
			}
		default: // a directive, a processing instruction, an error
			return false
		}
	}
	if len(p.open) > 0 || !seenElem {
		return false
	}
	p.a.nodes[0].b = uint32(len(p.a.nodes))
	return true
}

// decl reads the XML declaration at the start of the body with
// encoding/xml, and keeps its pseudo-attributes as xmlquery does.
func (p *arenaParser) decl() bool {
	end := bytes.Index(p.body, []byte("?>"))
	if end < 0 {
		return false
	}
	end += 2
	tok, err := xml.NewDecoder(bytes.NewReader(p.body[:end])).RawToken()
	pi, ok := tok.(xml.ProcInst)
	if err != nil || !ok || pi.Target != "xml" {
		return false
	}
	var attrs [][2]string
	for _, pair := range strings.Split(string(pi.Inst), " ") {
		pair = strings.TrimSpace(pair)
		i := strings.Index(pair, "=")
		if i <= 0 {
			continue
		}
		name, value := pair[:i], strings.Trim(pair[i+1:], `"'`)
		switch name {
		case "version", "standalone":
		case "encoding":
			if !strings.EqualFold(value, "utf-8") {
				return false // encoding/xml reads it through a charset reader
			}
		default:
			return false
		}
		for _, a := range attrs {
			if a[0] == name {
				return false
			}
		}
		attrs = append(attrs, [2]string{name, value})
	}
	p.declNode(attrs)
	p.pos = end
	return true
}

func (p *arenaParser) declNode(attrs [][2]string) {
	a := p.a
	w0 := xkDecl<<29 | p.nameID(xname{local: "xml"})
	if len(attrs) > 0 {
		w0 |= xfAttrs
	}
	i := p.add(xnode{w0: w0, a: 0, b: uint32(len(a.nodes) + 1)})
	for _, kv := range attrs {
		vs := uint32(len(a.dec))
		a.dec = append(a.dec, kv[1]...)
		a.attrs = append(a.attrs, xattr{owner: i, name: p.nameID(xname{local: kv[0]}) | xfDec, vs: vs, ve: uint32(len(a.dec))})
	}
}

func (p *arenaParser) nameID(n xname) uint32 {
	id, ok := p.ids[n]
	if !ok {
		id = uint32(len(p.a.names))
		p.a.names = append(p.a.names, n)
		p.ids[n] = id
	}
	return id
}

func (p *arenaParser) intern(b []byte) string {
	if s, ok := p.raw[string(b)]; ok {
		return s
	}
	s := string(b)
	p.raw[s] = s
	return s
}

// depthOK reports whether a node under the open elements is within the
// depth bound (the root element is at depth 1, its text at 2).
func (p *arenaParser) depthOK() bool { return len(p.open)+1 <= p.max }

// text reads character data up to the next '<'.
func (p *arenaParser) text() bool {
	if !p.depthOK() {
		return false
	}
	s := p.pos
	e := bytes.IndexByte(p.body[s:], '<')
	if e < 0 {
		e = len(p.body)
	} else {
		e += s
	}
	flags, ds, de, ok := p.chars(s, e, -1)
	if !ok {
		return false
	}
	if isBlank(p.a.text(flags, ds, de)) {
		flags |= xfBlank
	}
	p.pos = e
	return p.leaf(xkText, flags, ds, de)
}

// chars checks body[s:e] as encoding/xml's text does (characters in
// XML's range, valid UTF-8, the five entities and character references,
// no "]]>", and, in an attribute value (quote >= 0), no '<') and returns
// where its decoded text is: body[s:e], or dec with xfDec. A carriage
// return (which encoding/xml rewrites) leaves the body to it.
func (p *arenaParser) chars(s, e int, quote int) (flags, ds, de uint32, ok bool) {
	b := p.body[s:e]
	amp := -1
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c >= 0x80:
			r, n := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && n == 1 || !inCharRange(r) {
				return 0, 0, 0, false
			}
			i += n
			continue
		case c < 0x20 && c != '\t' && c != '\n':
			return 0, 0, 0, false
		case c == '&':
			if amp < 0 {
				amp = i
			}
		case c == '<' && quote >= 0:
			return 0, 0, 0, false
		case c == '>' && quote < 0 && i >= 2 && b[i-1] == ']' && b[i-2] == ']':
			return 0, 0, 0, false
		}
		i++
	}
	if amp < 0 {
		return 0, uint32(s), uint32(e), true
	}
	ds = uint32(len(p.a.dec))
	dec := append(p.a.dec, b[:amp]...)
	for i := amp; i < len(b); {
		if b[i] != '&' {
			dec = append(dec, b[i])
			i++
			continue
		}
		j := bytes.IndexByte(b[i:], ';')
		if j < 0 {
			return 0, 0, 0, false
		}
		r, ok := entity(b[i+1 : i+j])
		if !ok {
			return 0, 0, 0, false
		}
		dec = utf8.AppendRune(dec, r)
		i += j + 1
	}
	p.a.dec = dec
	return xfDec, ds, uint32(len(dec)), true
}

// entity decodes the name of a reference between '&' and ';': one of the
// five XML predefines or a character reference to a character in XML's
// range.
func entity(name []byte) (rune, bool) {
	switch string(name) {
	case "lt":
		return '<', true
	case "gt":
		return '>', true
	case "amp":
		return '&', true
	case "apos":
		return '\'', true
	case "quot":
		return '"', true
	}
	if len(name) < 2 || name[0] != '#' {
		return 0, false
	}
	digits, base := name[1:], rune(10)
	if digits[0] == 'x' {
		digits, base = digits[1:], 16
	}
	if len(digits) == 0 || len(digits) > 8 {
		return 0, false
	}
	r := rune(0)
	for _, c := range digits {
		var d rune
		switch {
		case '0' <= c && c <= '9':
			d = rune(c - '0')
		case base == 16 && 'a' <= c && c <= 'f':
			d = rune(c-'a') + 10
		case base == 16 && 'A' <= c && c <= 'F':
			d = rune(c-'A') + 10
		default:
			return 0, false
		}
		r = r*base + d
	}
	return r, inCharRange(r)
}

// inCharRange is XML 1.0's Char production.
func inCharRange(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D || r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}

// isBlank is strings.TrimSpace(s) == "", which xmlquery's navigator
// uses to step over white space between siblings.
func isBlank(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return len(bytes.TrimSpace(b)) == 0
		}
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f' {
			return false
		}
	}
	return true
}

func (p *arenaParser) comment() bool {
	s := p.pos + 4
	e := bytes.Index(p.body[s:], []byte("-->"))
	if e < 0 || !p.depthOK() {
		return false
	}
	e += s
	c := p.body[s:e]
	if bytes.Contains(c, []byte("--")) || len(c) > 0 && c[len(c)-1] == '-' || !plainChars(c) {
		return false
	}
	p.pos = e + 3
	return p.leaf(xkComment, 0, uint32(s), uint32(e))
}

func (p *arenaParser) cdata() bool {
	s := p.pos + 9
	e := bytes.Index(p.body[s:], []byte("]]>"))
	if e < 0 || !p.depthOK() {
		return false
	}
	e += s
	if !plainChars(p.body[s:e]) {
		return false
	}
	p.pos = e + 3
	return p.leaf(xkCData, 0, uint32(s), uint32(e))
}

// plainChars reports characters in XML's range with no carriage return.
func plainChars(b []byte) bool {
	for i := 0; i < len(b); {
		c := b[i]
		if c >= 0x80 {
			r, n := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && n == 1 || !inCharRange(r) {
				return false
			}
			i += n
			continue
		}
		if c < 0x20 && c != '\t' && c != '\n' {
			return false
		}
		i++
	}
	return true
}

func nameStart(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }

func nameByte(c byte) bool {
	return nameStart(c) || '0' <= c && c <= '9' || c == '-' || c == '.' || c == ':'
}

// name reads an ASCII name at p.pos: at most one ':', not first or last.
func (p *arenaParser) name() (string, bool) {
	s := p.pos
	if s >= len(p.body) || !nameStart(p.body[s]) {
		return "", false
	}
	e := s + 1
	colons := 0
	for e < len(p.body) && nameByte(p.body[e]) {
		if p.body[e] == ':' {
			colons++
		}
		e++
	}
	if e < len(p.body) && p.body[e] >= 0x80 || colons > 1 || p.body[e-1] == ':' {
		return "", false
	}
	p.pos = e
	return p.intern(p.body[s:e]), true
}

func (p *arenaParser) space() {
	for p.pos < len(p.body) {
		switch p.body[p.pos] {
		case ' ', '\t', '\n':
			p.pos++
		default:
			return
		}
	}
}

func (p *arenaParser) endTag() bool {
	p.pos += 2
	name, ok := p.name()
	if !ok || len(p.open) == 0 {
		return false
	}
	p.space()
	if p.pos >= len(p.body) || p.body[p.pos] != '>' {
		return false
	}
	p.pos++
	if p.openRaw[len(p.openRaw)-1] != name {
		return false
	}
	p.close()
	return true
}

func (p *arenaParser) close() {
	top := p.open[len(p.open)-1]
	p.open = p.open[:len(p.open)-1]
	p.openRaw = p.openRaw[:len(p.openRaw)-1]
	p.a.nodes[top].b = uint32(len(p.a.nodes))
	if p.nsMark != nil {
		m := p.nsMark[len(p.nsMark)-1]
		p.nsMark = p.nsMark[:len(p.nsMark)-1]
		for i := len(p.nsUndo) - 1; i >= m; i-- {
			u := p.nsUndo[i]
			if u.had {
				p.ns[u.prefix] = u.old
			} else {
				delete(p.ns, u.prefix)
			}
		}
		p.nsUndo = p.nsUndo[:m]
	}
}

func (p *arenaParser) startTag() bool {
	if !p.depthOK() {
		return false
	}
	p.pos++
	raw, ok := p.name()
	if !ok {
		return false
	}
	attrs := p.attrBuf[:0]
	empty := false
	for {
		p.space()
		if p.pos >= len(p.body) {
			return false
		}
		c := p.body[p.pos]
		if c == '>' {
			p.pos++
			break
		}
		if c == '/' {
			if p.pos+1 >= len(p.body) || p.body[p.pos+1] != '>' {
				return false
			}
			p.pos += 2
			empty = true
			break
		}
		an, ok := p.name()
		if !ok {
			return false
		}
		p.space()
		if p.pos >= len(p.body) || p.body[p.pos] != '=' {
			return false
		}
		p.pos++
		p.space()
		if p.pos >= len(p.body) || p.body[p.pos] != '"' && p.body[p.pos] != '\'' {
			return false
		}
		q := p.body[p.pos]
		s := p.pos + 1
		e := bytes.IndexByte(p.body[s:], q)
		if e < 0 {
			return false
		}
		e += s
		flags, vs, ve, ok := p.chars(s, e, int(q))
		if !ok {
			return false
		}
		attrs = append(attrs, rawAttr{name: an, vs: vs, ve: ve, dec: flags&xfDec != 0})
		p.pos = e + 1
	}
	p.attrBuf = attrs
	level := len(p.open) + 1
	// Namespace declarations first: encoding/xml's scope, then xmlquery's
	// map from URI to prefix.
	if p.nsMark != nil {
		p.nsMark = append(p.nsMark, len(p.nsUndo))
	}
	for _, at := range attrs {
		prefix, local, isNS := "", "", false
		switch {
		case at.name == "xmlns":
			isNS = true
		case strings.HasPrefix(at.name, "xmlns:"):
			prefix, local, isNS = "xmlns", at.name[6:], true
		}
		if !isNS {
			continue
		}
		uri := p.intern(p.a.text(p.flag(at.dec), at.vs, at.ve))
		if p.ns == nil {
			p.ns = map[string]string{}
			p.nsMark = make([]int, len(p.open)+1)
		}
		if prefix == "" {
			old, had := p.ns[""]
			p.nsUndo = append(p.nsUndo, nsDecl{"", old, had})
			p.ns[""] = uri
			if v, ok := p.s2p[uri]; !ok || v.level >= level {
				p.s2p[uri] = xmlnsPrefix{name: "", level: level}
			}
		} else {
			if uri == "" || local == "xmlns" || local == "xml" {
				return false
			}
			old, had := p.ns[local]
			p.nsUndo = append(p.nsUndo, nsDecl{local, old, had})
			p.ns[local] = uri
			p.s2p[uri] = xmlnsPrefix{name: local, level: level}
		}
	}
	// The element's name.
	rawPrefix, local := "", raw
	if i := strings.IndexByte(raw, ':'); i >= 0 {
		rawPrefix, local = raw[:i], raw[i+1:]
		if rawPrefix == "xmlns" || rawPrefix == "xml" {
			return false
		}
	}
	en := xname{local: local}
	if p.ns != nil {
		uri, ok := p.ns[rawPrefix]
		if !ok && rawPrefix != "" {
			return false // xmlquery: namespace missing
		}
		if uri != "" {
			if _, found := p.s2p[uri]; !found {
				return false
			}
			en.uri = uri
			if v := p.s2p[uri]; v.name != "" && v.name == rawPrefix {
				en.prefix = rawPrefix
			}
		}
	} else if rawPrefix != "" {
		return false
	}
	if len(p.a.nodes) >= xnMax || len(p.a.names) >= xnMax {
		return false
	}
	w0 := xkElem<<29 | p.nameID(en)
	if len(attrs) > 0 {
		w0 |= xfAttrs
	}
	i := p.add(xnode{w0: w0, a: uint32(p.parent())})
	for _, at := range attrs {
		an := xname{local: at.name}
		if j := strings.IndexByte(at.name, ':'); j >= 0 {
			ap := at.name[:j]
			an.local = at.name[j+1:]
			switch {
			case ap == "xmlns":
				an.uri = "xmlns"
			case ap == "xml":
				an.uri = xmlURL
			default:
				uri, ok := p.ns[ap]
				if !ok {
					return false
				}
				an.uri = uri
			}
		}
		an.prefix = an.uri
		if an.uri != "" {
			if v, ok := p.s2p[an.uri]; ok {
				an.prefix = v.name
			}
		}
		p.a.attrs = append(p.a.attrs, xattr{owner: i, name: p.nameID(an) | p.flag(at.dec), vs: at.vs, ve: at.ve})
	}
	p.open = append(p.open, i)
	p.openRaw = append(p.openRaw, raw)
	if empty {
		p.close()
	}
	return true
}

func (p *arenaParser) flag(dec bool) uint32 {
	if dec {
		return xfDec
	}
	return 0
}

// More node kinds, from encoding/xml only.
const (
	xkPI       uint32 = 6 // a processing instruction: an element to XPath, as in xmlquery
	xkNotation uint32 = 7 // a directive (<!DOCTYPE ...>): a text node whose value is ""
)

// decodeArena reads body with encoding/xml into an arena, building the
// tree xmlquery's parser builds from the same tokens (node levels, a
// declaration node, the map from namespace URI to prefix); it reads
// every body xmlquery reads and refuses the others with encoding/xml's
// reason. A node xmlquery puts beside the document node (a comment or
// text before the root element of a body without a declaration) is left
// out: it is out of XPath's reach there too.
func decodeArena(body []byte, maxDepth int) (*xmlArena, string) {
	a := &xmlArena{body: body}
	b := &treeBuilder{a: a, s2p: map[string]xmlnsPrefix{xmlURL: {name: "xml"}}, ids: map[xname]uint32{}}
	elems, texts := estimate(body)
	a.nodes = make([]xnode, 1, elems+texts+2)
	a.nodes[0] = xnode{w0: xkDoc << 29, a: ^uint32(0)}
	a.attrs = make([]xattr, 0, bytes.Count(body, []byte{'='})+2)
	a.dec = make([]byte, 0, len(body)/2)
	b.levels = make([]int32, 1, cap(a.nodes))
	b.depths = make([]int32, 1, cap(a.nodes))
	d := xml.NewDecoder(bytes.NewReader(body))
	d.CharsetReader = func(label string, r io.Reader) (io.Reader, error) {
		b.charset = true
		return charset.NewReaderLabel(label, r)
	}
	level := 0
	for {
		off := int(d.InputOffset())
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, "not valid XML: " + cutReason(err.Error())
		}
		if len(a.nodes) >= xnMax || len(a.names) >= xnMax {
			return nil, "not valid XML: too many nodes"
		}
		if b.deepest > maxDepth {
			// At once: placing a node costs up to the depth of the last
			// element (parentFor), so a body nested past the bound with
			// many nodes after would cost depth x nodes.
			return nil, fmt.Sprintf("XML nested deeper than %d levels", maxDepth)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if level == 0 { // xmlquery's declaration node when the body has none
				b.add(1, xkDecl<<29|b.nameID(xname{local: "xml"}), [][2]string{{"version", "1.0"}})
				level = 1
			}
			for _, at := range tok.Attr {
				if at.Name.Local == "xmlns" && at.Name.Space == "" {
					if v, ok := b.s2p[at.Value]; !ok || v.level >= level {
						b.s2p[at.Value] = xmlnsPrefix{name: "", level: level}
					}
				} else if at.Name.Space == "xmlns" {
					b.s2p[at.Value] = xmlnsPrefix{name: at.Name.Local, level: level}
				}
			}
			if space := tok.Name.Space; space != "" {
				if _, ok := b.s2p[space]; !ok {
					return nil, "not valid XML: " + cutReason("namespace "+space+" is missing")
				}
			}
			en := xname{local: tok.Name.Local, uri: tok.Name.Space}
			if v, ok := b.s2p[en.uri]; ok && en.uri != "" && v.name != "" && rawPrefix(body, off, b.charset) == v.name {
				en.prefix = v.name
			}
			i := b.add(level, xkElem<<29|b.nameID(en), nil)
			for _, at := range tok.Attr {
				if i < 0 {
					break
				}
				an := xname{local: at.Name.Local, prefix: at.Name.Space, uri: at.Name.Space}
				if v, ok := b.s2p[at.Name.Space]; ok {
					an.prefix = v.name
				}
				b.attr(i, an, at.Value)
			}
			level++
		case xml.EndElement:
			level--
		case xml.CharData:
			kind := xkText
			if rest := body[min(off, len(body)):]; !b.charset && (bytes.HasPrefix(rest, []byte("<![CDATA[")) || bytes.HasPrefix(rest, []byte("![CDATA["))) {
				kind = xkCData
			}
			b.leaf(level, kind, tok)
		case xml.Comment:
			b.leaf(level, xkComment, tok)
		case xml.Directive:
			b.leaf(level, xkNotation, tok)
		case xml.ProcInst:
			l := level
			if b.prev == 0 {
				l = level + 1
			}
			var attrs [][2]string
			for _, pair := range strings.Split(string(tok.Inst), " ") {
				pair = strings.TrimSpace(pair)
				if i := strings.Index(pair, "="); i > 0 {
					attrs = append(attrs, [2]string{pair[:i], strings.Trim(pair[i+1:], `"'`)})
				}
			}
			kind := xkPI
			if tok.Target == "xml" {
				kind = xkDecl
			}
			b.add(l, kind<<29|b.nameID(xname{local: tok.Target}), attrs)
			level = l
		}
	}
	hasElem := false
	for i := range a.nodes {
		if a.nodes[i].kind() == xkElem {
			hasElem = true
			break
		}
	}
	if !hasElem {
		return nil, "not valid XML: no element"
	}
	if b.deepest > maxDepth {
		return nil, fmt.Sprintf("XML nested deeper than %d levels", maxDepth)
	}
	// Subtree ends, from the parents: nodes were added in document order.
	for i := range a.nodes {
		if a.nodes[i].named() {
			a.nodes[i].b = uint32(i + 1)
		}
	}
	for i := len(a.nodes) - 1; i > 0; i-- {
		p := a.nodes[i].parent()
		if e := uint32(a.end(int32(i))); e > a.nodes[p].b {
			a.nodes[p].b = e
		}
	}
	return a, ""
}

// rawPrefix is the prefix of the element name at off in body (after an
// optional '<'); "" when the body was converted from another charset,
// where offsets are not the body's.
func rawPrefix(body []byte, off int, converted bool) string {
	if converted || off >= len(body) {
		return ""
	}
	s := body[off:]
	if len(s) > 0 && s[0] == '<' {
		s = s[1:]
	}
	for i, c := range s {
		switch {
		case c == ':':
			return string(s[:i])
		case c == '>' || c == '/' || c == ' ' || c == '\t' || c == '\n' || c == '\r':
			return ""
		}
	}
	return ""
}

// treeBuilder places nodes as xmlquery's parser does: by their level
// against the last element or processing instruction (prev).
type treeBuilder struct {
	a       *xmlArena
	s2p     map[string]xmlnsPrefix
	ids     map[xname]uint32
	levels  []int32 // each node's level
	depths  []int32 // each node's depth under the document
	prev    int32
	deepest int
	charset bool // the decoder reads through a charset reader: its offsets are not the body's
}

func (b *treeBuilder) nameID(n xname) uint32 {
	id, ok := b.ids[n]
	if !ok {
		id = uint32(len(b.a.names))
		b.a.names = append(b.a.names, n)
		b.ids[n] = id
	}
	return id
}

// parentFor returns the parent of a node at level, or -1 when xmlquery
// puts it beside the document node.
func (b *treeBuilder) parentFor(level int) int32 {
	pl := int(b.levels[b.prev])
	switch {
	case level == pl:
		if b.prev == 0 {
			return -1
		}
		return b.a.nodes[b.prev].parent()
	case level > pl:
		return b.prev
	}
	n := b.prev
	for i := pl - level; i > 1; i-- {
		n = b.a.nodes[n].parent()
	}
	p := b.a.nodes[n].parent() // AddSibling(prev.Parent): its parent is ours
	if p < 0 {
		return -1
	}
	return b.a.nodes[p].parent()
}

func (b *treeBuilder) place(level int, n xnode, named bool) int32 {
	p := b.parentFor(level)
	if p < 0 {
		return -1
	}
	if named {
		n.a = uint32(p)
	} else {
		n.w0 |= uint32(p)
	}
	b.a.nodes = append(b.a.nodes, n)
	b.levels = append(b.levels, int32(level))
	d := b.depths[p] + 1
	b.depths = append(b.depths, d)
	b.deepest = max(b.deepest, int(d))
	return int32(len(b.a.nodes) - 1)
}

// add places an element, the declaration or a processing instruction
// (with attrs, deduplicated as xmlquery's AddAttr does) and makes it prev.
func (b *treeBuilder) add(level int, w0 uint32, attrs [][2]string) int32 {
	i := b.place(level, xnode{w0: w0}, true)
	if i < 0 {
		return -1
	}
	var seen map[xname]bool
	if len(attrs) > 0 {
		seen = map[xname]bool{}
	}
	for _, kv := range attrs {
		n := xname{local: kv[0]}
		if j := strings.IndexByte(kv[0], ':'); j > 0 {
			n.prefix, n.local = kv[0][:j], kv[0][j+1:]
		}
		if seen[n] {
			continue
		}
		seen[n] = true
		// Prefix() of a declaration's or instruction's attribute is "".
		b.attr(i, xname{local: n.local}, kv[1])
	}
	b.prev = i
	return i
}

func (b *treeBuilder) attr(owner int32, n xname, value string) {
	a := b.a
	vs := uint32(len(a.dec))
	a.dec = append(a.dec, value...)
	a.attrs = append(a.attrs, xattr{owner: owner, name: b.nameID(n) | xfDec, vs: vs, ve: uint32(len(a.dec))})
	a.nodes[owner].w0 |= xfAttrs
}

func (b *treeBuilder) leaf(level int, kind uint32, data []byte) {
	a := b.a
	s := uint32(len(a.dec))
	a.dec = append(a.dec, data...)
	flags := uint32(xfDec)
	if kind == xkText && len(bytes.TrimSpace(data)) == 0 {
		flags |= xfBlank
	}
	b.place(level, xnode{w0: kind<<29 | flags, a: s, b: uint32(len(a.dec))}, false)
}
