package extract

import (
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/toolkit-sdk/toolkit/internal/jsontok"
)

// JSONPath queries (RFC 9535) for expressions that start with "$". This
// file parses them into a small tree; jsonpath_eval.go runs that tree over
// the Doc's index, so results render from the body's own text (numbers as
// written, keys in document order).

// DefaultMaxJSONPathDepth bounds the nesting of a body read by a JSONPath
// query.
const DefaultMaxJSONPathDepth = 100

// maxQueryNesting bounds brackets and parentheses in a JSONPath expression
// (the parser recurses on them).
const maxQueryNesting = 64

// maxInt is the largest index or slice bound (I-JSON's exact integers).
const maxInt = 1<<53 - 1

// query is a compiled JSONPath query: $ (or @ inside a filter) and its
// segments.
type query struct {
	rel      bool // starts with @
	segs     []segment
	singular bool // names and indexes only, one selector a segment
}

type segment struct {
	desc bool // ".." descendant segment
	sels []selector
}

type selKind uint8

const (
	selName selKind = iota
	selWild
	selIndex
	selSlice
	selFilter
)

type selector struct {
	kind selKind
	name string
	// index; slice start, end and step
	n, end, step       int64
	hasN, hasEnd, hasS bool
	filter             *lexpr
}

type lexprKind uint8

const (
	lOr lexprKind = iota
	lAnd
	lNot
	lExist // a query: does it select anything
	lCmp
	lFunc // a function whose result is LogicalType
)

// lexpr is a logical expression of a filter.
type lexpr struct {
	kind lexprKind
	kids []*lexpr
	op   string // comparison: == != < > <= >=
	l, r *operand
	q    *query
	fn   *call
}

type operandKind uint8

const (
	oLit operandKind = iota
	oQuery
	oFunc
)

// operand is a comparable or a function argument.
type operand struct {
	kind operandKind
	lit  jval
	q    *query
	fn   *call
}

// funcType is a function's result type (RFC 9535 2.4.1).
type funcType uint8

const (
	tValue funcType = iota
	tLogical
	tNodes
)

type call struct {
	name string
	args []*operand
	re   *ireg // match/search with a literal pattern; nil if invalid
	reOK bool  // re was compiled from a literal
}

// functions: name -> parameter types and result type.
var functions = map[string]struct {
	params []funcType
	result funcType
}{
	"length": {[]funcType{tValue}, tValue},
	"count":  {[]funcType{tNodes}, tValue},
	"match":  {[]funcType{tValue, tValue}, tLogical},
	"search": {[]funcType{tValue, tValue}, tLogical},
	"value":  {[]funcType{tNodes}, tValue},
}

// parseError is panicked by the parser and recovered by compileQuery.
type parseError struct {
	off int
	msg string
}

type jpParser struct {
	src string
	pos int
}

func compileQuery(src string) (q *query, err error) {
	fail := func(off int, msg string) error {
		off = min(max(off, 0), len(src))
		return &SyntaxError{Expr: src, Col: utf8.RuneCountInString(src[:off]) + 1, Msg: msg}
	}
	if off, ok := nestingOK(src); !ok {
		return nil, fail(off, "JSONPath nested deeper than "+strconv.Itoa(maxQueryNesting)+" brackets")
	}
	if !utf8.ValidString(src) {
		return nil, fail(0, "bad JSONPath: not valid UTF-8")
	}
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(parseError)
			if !ok {
				panic(r)
			}
			q, err = nil, fail(pe.off, "bad JSONPath: "+pe.msg)
		}
	}()
	p := &jpParser{src: src}
	q = p.query()
	if p.pos < len(src) {
		p.fail(p.pos, "parse error: want '.', '..' or '[' (no space may end a query)")
	}
	return q, nil
}

// nestingOK reports whether brackets and parentheses outside string
// literals nest at most maxQueryNesting deep, and if not where.
func nestingOK(s string) (int, bool) {
	depth := 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '[' || c == '(':
			if depth++; depth > maxQueryNesting {
				return i, false
			}
		case c == ']' || c == ')':
			depth--
		}
	}
	return 0, true
}

func (p *jpParser) fail(off int, msg string) { panic(parseError{off, msg}) }

func (p *jpParser) eof() bool { return p.pos >= len(p.src) }

// peek returns the next byte, 0 at the end.
func (p *jpParser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

// skipS skips RFC 9535 blank space.
func (p *jpParser) skipS() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// query parses $ or @ and the segments after it.
func (p *jpParser) query() *query {
	q := &query{rel: p.src[p.pos] == '@'}
	p.pos++
	for {
		save := p.pos
		p.skipS()
		switch p.peek() {
		case '[':
			q.segs = append(q.segs, segment{sels: p.bracket()})
		case '.':
			q.segs = append(q.segs, p.dotted())
		default:
			p.pos = save
			q.singular = true
			for _, s := range q.segs {
				if s.desc || len(s.sels) != 1 || (s.sels[0].kind != selName && s.sels[0].kind != selIndex) {
					q.singular = false
				}
			}
			return q
		}
	}
}

// dotted parses .name, .*, ..name, ..* or ..[...].
func (p *jpParser) dotted() segment {
	start := p.pos
	p.pos++
	if p.peek() == '.' {
		p.pos++
		switch c := p.peek(); {
		case c == '[':
			return segment{desc: true, sels: p.bracket()}
		case c == '*':
			p.pos++
			return segment{desc: true, sels: []selector{{kind: selWild}}}
		case p.nameFirst():
			return segment{desc: true, sels: []selector{{kind: selName, name: p.shorthand()}}}
		}
		p.fail(start, `".." must be followed by a name, "*" or a bracket`)
	}
	switch {
	case p.peek() == '*':
		p.pos++
		return segment{sels: []selector{{kind: selWild}}}
	case p.nameFirst():
		return segment{sels: []selector{{kind: selName, name: p.shorthand()}}}
	}
	p.fail(p.pos, `parse error: "." must be followed by a name or "*"`)
	return segment{}
}

// nameFirst reports whether a member name shorthand starts here.
func (p *jpParser) nameFirst() bool {
	if p.eof() {
		return false
	}
	c := p.src[p.pos]
	if c >= utf8.RuneSelf {
		return true // %x80-D7FF / %xE000-10FFFF: valid UTF-8 has no surrogates
	}
	return c == '_' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

func (p *jpParser) shorthand() string {
	start := p.pos
	for p.nameFirst() || ('0' <= p.peek() && p.peek() <= '9') {
		if p.src[p.pos] >= utf8.RuneSelf {
			_, n := utf8.DecodeRuneInString(p.src[p.pos:])
			p.pos += n
		} else {
			p.pos++
		}
	}
	return p.src[start:p.pos]
}

// bracket parses a bracketed selection.
func (p *jpParser) bracket() []selector {
	p.pos++ // [
	var sels []selector
	for {
		p.skipS()
		if p.eof() {
			p.fail(p.pos, "not terminated")
		}
		sels = append(sels, p.selector())
		p.skipS()
		switch p.peek() {
		case ',':
			p.pos++
		case ']':
			p.pos++
			return sels
		default:
			p.fail(p.pos, "invalid bracket fragment: want ',' or ']'")
		}
	}
}

func (p *jpParser) selector() selector {
	switch c := p.peek(); {
	case c == '\'' || c == '"':
		return selector{kind: selName, name: p.stringLit()}
	case c == '*':
		p.pos++
		return selector{kind: selWild}
	case c == '?':
		p.pos++
		p.skipS()
		return selector{kind: selFilter, filter: p.or()}
	case c == '-' || c == ':' || ('0' <= c && c <= '9'):
		return p.indexOrSlice()
	}
	p.fail(p.pos, "parse error: want a name, an index, a slice, '*' or a filter")
	return selector{}
}

func (p *jpParser) intHere() bool {
	c := p.peek()
	return c == '-' || ('0' <= c && c <= '9')
}

func (p *jpParser) indexOrSlice() selector {
	var s selector
	if p.peek() != ':' {
		s.n, s.hasN = p.int(), true
		save := p.pos
		p.skipS()
		if p.peek() != ':' {
			p.pos = save
			s.kind = selIndex
			return s
		}
	}
	s.kind = selSlice
	p.pos++ // :
	p.skipS()
	if p.intHere() {
		s.end, s.hasEnd = p.int(), true
		p.skipS()
	}
	if p.peek() == ':' {
		p.pos++
		p.skipS()
		if p.intHere() {
			s.step, s.hasS = p.int(), true
		}
	}
	save := p.pos
	p.skipS()
	if p.peek() == ':' {
		p.fail(p.pos+1, "invalid slice syntax: a slice has at most three parts")
	}
	p.pos = save
	return s
}

// int parses an RFC 9535 int: no leading zeros, no -0, within ±(2^53-1).
func (p *jpParser) int() int64 {
	start := p.pos
	if p.peek() == '-' {
		p.pos++
	}
	d := p.pos
	for '0' <= p.peek() && p.peek() <= '9' {
		p.pos++
	}
	digits := p.src[d:p.pos]
	switch {
	case digits == "":
		p.fail(p.pos, "parse error: want a digit")
	case digits[0] == '0' && (len(digits) > 1 || d > start):
		p.fail(start, "parse error: an integer has no leading zero and is not -0")
	}
	n, err := strconv.ParseInt(p.src[start:p.pos], 10, 64)
	if err != nil || n > maxInt || n < -maxInt {
		p.fail(start, "integer out of range (at most 2^53-1 either way)")
	}
	return n
}

// stringLit parses a quoted string literal with RFC 9535's escapes.
func (p *jpParser) stringLit() string {
	start := p.pos
	quote := p.src[p.pos]
	p.pos++
	var b []byte
	for {
		if p.eof() {
			p.fail(start, "string literal not terminated")
		}
		c := p.src[p.pos]
		switch {
		case c == quote:
			p.pos++
			return string(b)
		case c < 0x20:
			p.fail(p.pos, "control character in a string literal (escape it)")
		case c == '\\':
			p.pos++
			e := p.peek()
			p.pos++
			switch e {
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case '/', '\\':
				b = append(b, e)
			case 'u':
				b = utf8.AppendRune(b, p.unicodeEscape())
			default:
				if e != quote {
					p.fail(p.pos-2, "bad escape in a string literal")
				}
				b = append(b, e)
			}
		default:
			b = append(b, c)
			p.pos++
		}
	}
}

// unicodeEscape reads the XXXX of \uXXXX (and a low surrogate's \uXXXX).
func (p *jpParser) unicodeEscape() rune {
	hex := func() rune {
		if p.pos+4 > len(p.src) {
			p.fail(p.pos, `bad \u escape`)
		}
		r := rune(0)
		for _, c := range []byte(p.src[p.pos : p.pos+4]) {
			v := jsontok.HexDigit(c)
			if v < 0 {
				p.fail(p.pos, `bad \u escape`)
			}
			r = r<<4 | v
		}
		p.pos += 4
		return r
	}
	r := hex()
	switch {
	case 0xDC00 <= r && r <= 0xDFFF:
		p.fail(p.pos-6, `lone low surrogate in a \u escape`)
	case 0xD800 <= r && r <= 0xDBFF:
		if !strings.HasPrefix(p.src[p.pos:], `\u`) {
			p.fail(p.pos-6, `high surrogate without a low one in a \u escape`)
		}
		p.pos += 2
		lo := hex()
		if lo < 0xDC00 || lo > 0xDFFF {
			p.fail(p.pos-6, `high surrogate without a low one in a \u escape`)
		}
		r = utf16.DecodeRune(r, lo)
	}
	return r
}

// or parses a logical-or-expr.
func (p *jpParser) or() *lexpr { return p.logical("||", lOr, p.and) }

// and parses a logical-and-expr.
func (p *jpParser) and() *lexpr { return p.logical("&&", lAnd, p.basic) }

// logical parses operands (next) joined by op into one expression of kind.
func (p *jpParser) logical(op string, kind lexprKind, next func() *lexpr) *lexpr {
	x := next()
	for {
		save := p.pos
		p.skipS()
		if !strings.HasPrefix(p.src[p.pos:], op) {
			p.pos = save
			return x
		}
		p.pos += len(op)
		p.skipS()
		if x.kind != kind {
			x = &lexpr{kind: kind, kids: []*lexpr{x}}
		}
		x.kids = append(x.kids, next())
	}
}

// basic parses a paren-expr, a comparison or a test.
func (p *jpParser) basic() *lexpr {
	not := false
	if p.peek() == '!' {
		not = true
		p.pos++
		p.skipS()
	}
	wrap := func(x *lexpr) *lexpr {
		if not {
			return &lexpr{kind: lNot, kids: []*lexpr{x}}
		}
		return x
	}
	if p.peek() == '(' {
		p.pos++
		p.skipS()
		x := p.or()
		p.skipS()
		if p.peek() != ')' {
			p.fail(p.pos, "parse error: want ')'")
		}
		p.pos++
		return wrap(x)
	}
	start := p.pos
	l := p.operand()
	save := p.pos
	p.skipS()
	if op := p.cmpOp(); op != "" {
		if not {
			p.fail(start-1, "parse error: '!' negates a test or a parenthesized expression, not a comparison")
		}
		p.comparable(l, start)
		p.skipS()
		rstart := p.pos
		r := p.operand()
		p.comparable(r, rstart)
		return &lexpr{kind: lCmp, op: op, l: l, r: r}
	}
	p.pos = save
	switch l.kind {
	case oQuery:
		return wrap(&lexpr{kind: lExist, q: l.q})
	case oFunc:
		if functions[l.fn.name].result == tValue {
			p.fail(start, "the result of "+l.fn.name+"() must be compared (it is a value, not a test)")
		}
		return wrap(&lexpr{kind: lFunc, fn: l.fn})
	}
	p.fail(start, "parse error: a literal alone is not a test")
	return nil
}

func (p *jpParser) cmpOp() string {
	rest := p.src[p.pos:]
	for _, op := range []string{"==", "!=", "<=", ">=", "<", ">"} {
		if strings.HasPrefix(rest, op) {
			p.pos += len(op)
			return op
		}
	}
	return ""
}

// comparable checks that o may be compared: a literal, a singular query
// or a function whose result is a value.
func (p *jpParser) comparable(o *operand, at int) {
	switch {
	case o.kind == oQuery && !o.q.singular:
		p.fail(at, "a query in a comparison must be singular (names and indexes only)")
	case o.kind == oFunc && functions[o.fn.name].result != tValue:
		p.fail(at, o.fn.name+"() is a test and cannot be compared")
	}
}

// operand parses a literal, a query or a function call.
func (p *jpParser) operand() *operand {
	start := p.pos
	switch c := p.peek(); {
	case c == '@' || c == '$':
		return &operand{kind: oQuery, q: p.query()}
	case c == '\'' || c == '"':
		s := p.stringLit()
		return &operand{kind: oLit, lit: jval{k: nString, s: s}}
	case c == '-' || ('0' <= c && c <= '9'):
		return &operand{kind: oLit, lit: p.number()}
	}
	for c := p.peek(); c == '_' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9' && p.pos > start); c = p.peek() {
		p.pos++
	}
	word := p.src[start:p.pos]
	if p.peek() == '(' {
		return &operand{kind: oFunc, fn: p.call(word, start)}
	}
	switch word {
	case "true":
		return &operand{kind: oLit, lit: jval{k: nTrue}}
	case "false":
		return &operand{kind: oLit, lit: jval{k: nFalse}}
	case "null":
		return &operand{kind: oLit, lit: jval{k: nNull}}
	}
	p.fail(start, "'"+word+"' is not a value or function")
	return nil
}

// number parses a number literal: (int / "-0") [frac] [exp].
func (p *jpParser) number() jval {
	start := p.pos
	if p.peek() == '-' {
		p.pos++
	}
	d := p.pos
	for '0' <= p.peek() && p.peek() <= '9' {
		p.pos++
	}
	switch digits := p.src[d:p.pos]; {
	case digits == "":
		p.fail(p.pos, "parse error: want a digit")
	case digits[0] == '0' && len(digits) > 1:
		p.fail(start, "parse error: a number has no leading zero")
	}
	if p.peek() == '.' {
		p.pos++
		if d := p.pos; true {
			for '0' <= p.peek() && p.peek() <= '9' {
				p.pos++
			}
			if p.pos == d {
				p.fail(p.pos, "parse error: want a digit after '.'")
			}
		}
	}
	if c := p.peek(); c == 'e' || c == 'E' {
		p.pos++
		if c := p.peek(); c == '+' || c == '-' {
			p.pos++
		}
		d := p.pos
		for '0' <= p.peek() && p.peek() <= '9' {
			p.pos++
		}
		if p.pos == d {
			p.fail(p.pos, "parse error: want a digit in the exponent")
		}
	}
	return jval{k: nNumber, num: parseNum(p.src[start:p.pos])}
}

// call parses a function call's arguments and checks their types.
func (p *jpParser) call(name string, start int) *call {
	sig, ok := functions[name]
	if !ok {
		p.fail(start, "unknown function "+strconv.Quote(name))
	}
	c := &call{name: name}
	p.pos++ // (
	p.skipS()
	if p.peek() != ')' {
		for {
			at := p.pos
			a := p.operand()
			p.skipS()
			if i := len(c.args); i < len(sig.params) {
				p.argType(name, a, sig.params[i], at)
			}
			c.args = append(c.args, a)
			if p.peek() == ',' {
				p.pos++
				p.skipS()
				continue
			}
			if p.peek() != ')' {
				p.fail(p.pos, "parse error: want ',' or ')' after a function argument (no built-in function takes a logical expression)")
			}
			break
		}
	}
	p.pos++ // )
	if len(c.args) != len(sig.params) {
		p.fail(start, name+"() takes "+strconv.Itoa(len(sig.params))+" argument(s), not "+strconv.Itoa(len(c.args)))
	}
	if (name == "match" || name == "search") && c.args[1].kind == oLit {
		c.reOK = true
		if c.args[1].lit.k == nString {
			c.re = iregexp(c.args[1].lit.s, name == "match")
		}
	}
	return c
}

func (p *jpParser) argType(name string, a *operand, want funcType, at int) {
	switch want {
	case tValue:
		switch {
		case a.kind == oQuery && !a.q.singular:
			p.fail(at, "argument of "+name+"() must be a value: a literal, a singular query or a function")
		case a.kind == oFunc && functions[a.fn.name].result != tValue:
			p.fail(at, "argument of "+name+"() must be a value, not the result of "+a.fn.name+"()")
		}
	case tNodes:
		if a.kind != oQuery {
			p.fail(at, "argument of "+name+"() must be a query")
		}
	}
}

// ireg is a compiled I-Regexp and the size of its program: matching a
// string of n bytes costs up to about n times that many steps (RE2 is
// linear in the input, times the pattern), which the work bound counts.
type ireg struct {
	re   *regexp.Regexp
	size int
}

// iregexp compiles an I-Regexp (RFC 9485) as RE2: "." matches any
// character but \n and \r; match is anchored at both ends. An invalid
// pattern gives nil.
func iregexp(pat string, anchored bool) *ireg {
	if !isIRegexp(pat) {
		return nil
	}
	re, err := syntax.Parse(pat, syntax.ClassNL|syntax.OneLine|syntax.UnicodeGroups|syntax.DotNL)
	if err != nil {
		return nil
	}
	var fix func(r *syntax.Regexp)
	fix = func(r *syntax.Regexp) {
		if r.Op == syntax.OpAnyChar || r.Op == syntax.OpAnyCharNotNL {
			r.Op = syntax.OpCharClass
			r.Rune = []rune{0, '\n' - 1, '\n' + 1, '\r' - 1, '\r' + 1, utf8.MaxRune}
		}
		for _, s := range r.Sub {
			fix(s)
		}
	}
	fix(re)
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return nil
	}
	s := re.String()
	if anchored {
		s = `^(?:` + s + `)$`
	}
	out, err := regexp.Compile(s)
	if err != nil {
		return nil
	}
	return &ireg{out, len(prog.Inst) + 4}
}

// isIRegexp reports whether pat is in RFC 9485's grammar (RE2 takes more:
// \d, \x41, \pL, \p{Greek}, [[:alpha:]], a**, []a] ...). "^" and "$" are
// normal characters there; as RE2 and the compliance suite read them, they
// anchor.
func isIRegexp(pat string) bool {
	rs := []rune(pat)
	i := 0
	peek := func() rune {
		if i < len(rs) {
			return rs[i]
		}
		return -1
	}
	// category reads the {X} of \p{X} or \P{X}.
	category := func() bool {
		if peek() != '{' {
			return false
		}
		i++
		c, subs := peek(), ""
		switch c {
		case 'L':
			subs = "lmotu"
		case 'M':
			subs = "cen"
		case 'N':
			subs = "dlo"
		case 'P':
			subs = "cdefios"
		case 'Z':
			subs = "lps"
		case 'S':
			subs = "ckmo"
		case 'C':
			subs = "cfno"
		default:
			return false
		}
		i++
		if c := peek(); c >= 0 && strings.ContainsRune(subs, c) {
			i++
		}
		if peek() != '}' {
			return false
		}
		i++
		return true
	}
	// escape reads what follows a backslash: a single-character escape, or
	// with classEsc a category escape too.
	escape := func(classEsc bool) bool {
		c := peek()
		i++
		switch {
		case strings.ContainsRune("()*+-.?[\\]^{|}nrt", c):
			return true
		case classEsc && (c == 'p' || c == 'P'):
			return category()
		}
		return false
	}
	// ccChar reads one character of a class, or an escape; cat reports a
	// category escape (which cannot start a range).
	ccChar := func() (ok, cat bool) {
		switch c := peek(); {
		case c == '\\':
			i++
			cat = peek() == 'p' || peek() == 'P'
			return escape(true), cat
		case c < 0 || c == '-' || c == '[' || c == ']':
			return false, false
		}
		i++
		return true, false
	}
	class := func() bool { // after "["
		if peek() == '^' {
			i++
		}
		first := true
		for {
			switch c := peek(); {
			case c < 0:
				return false
			case c == ']' && !first:
				i++
				return true
			case c == '-' && (first || (i+1 < len(rs) && rs[i+1] == ']')):
				i++
				first = false
				continue
			}
			first = false
			ok, cat := ccChar()
			if !ok {
				return false
			}
			if peek() == '-' && !cat && i+1 < len(rs) && rs[i+1] != ']' {
				i++
				if ok, cat := ccChar(); !ok || cat {
					return false
				}
			}
		}
	}
	var regexp func(depth int) bool
	regexp = func(depth int) bool {
		for {
			switch c := peek(); {
			case c < 0:
				return depth == 0
			case c == ')':
				if depth == 0 {
					return false
				}
				i++
				return true
			case c == '|':
				i++
				continue
			case c == '(':
				i++
				if !regexp(depth + 1) {
					return false
				}
			case c == '[':
				i++
				if !class() {
					return false
				}
			case c == '\\':
				i++
				if !escape(true) {
					return false
				}
			case c == '.':
				i++
			case strings.ContainsRune("*+?{}]", c):
				return false // a quantifier without an atom, or an unescaped ] or }
			default:
				i++
			}
			// An optional quantifier.
			switch peek() {
			case '*', '+', '?':
				i++
			case '{':
				i++
				digits := func() bool {
					n := 0
					for peek() >= '0' && peek() <= '9' {
						i++
						n++
					}
					return n > 0
				}
				if !digits() {
					return false
				}
				if peek() == ',' {
					i++
					digits()
				}
				if peek() != '}' {
					return false
				}
				i++
			}
		}
	}
	return regexp(0)
}
