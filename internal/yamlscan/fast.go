package yamlscan

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"
)

// fast parses the YAML most tool files are written in — block mappings
// and sequences of plain, quoted and block scalars, one-line flow
// collections, comments — into the tree goccy/go-yaml's parser builds for
// it, three to five times faster. It gives up (ok false) on anything else:
// anchors, aliases, tags, directives, multi-line flow collections or
// quoted scalars, tabs, empty values, duplicate keys, any doubt. Parse
// then runs goccy's parser, which also words every syntax error, so the
// fast path never has to.
func fast(src string) (ast.Node, *fastParser) {
	if src == "" || !simpleText(src) {
		return nil, nil
	}
	p := parsers.Get().(*fastParser)
	n, ok := p.parse(src)
	if !ok {
		p.release()
		return nil, nil
	}
	return n, p
}

// parse reads src into a tree of p's.
func (p *fastParser) parse(src string) (n ast.Node, ok bool) {
	p.src = src
	p.split()
	p.skipBlank()
	if p.i < len(p.lines) && p.lines[p.i].indent == 0 && p.text(p.i) == "---" {
		p.i++
		p.skipBlank()
	}
	for _, l := range p.lines[p.i:] {
		if t := p.src[l.start:l.end]; strings.HasPrefix(t, "---") || strings.HasPrefix(t, "...") {
			return nil, false // a document marker, or text that looks like one
		}
	}
	if p.i == len(p.lines) {
		return nil, false
	}
	l := p.lines[p.i]
	if l.indent != 0 {
		return nil, false
	}
	if isEntry(p.src[l.start:l.end]) {
		n, ok = p.sequence(0)
	} else {
		n, ok = p.mapping(p.i, l.start, 0)
	}
	if !ok {
		return nil, false
	}
	if p.skipBlank(); p.i != len(p.lines) {
		return nil, false // a second document, or text at a wrong indent
	}
	return n, true
}

// simpleText reports whether src is valid UTF-8 without tabs, carriage
// returns, control characters, byte order marks or the line and paragraph
// separators YAML readers treat specially.
func simpleText(src string) bool {
	for i := 0; i < len(src); {
		c := src[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\n' || c == 0x7f {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(src[i:])
		switch r {
		case utf8.RuneError, '\u0085', '\u2028', '\u2029', '\ufeff':
			return false
		}
		i += size
	}
	return true
}

type fastLine struct {
	start, end int  // offsets of the line's text in src, without "\n"
	indent     int  // leading spaces
	blank      bool // spaces only, or spaces and a comment
	ascii      bool // columns are byte offsets
}

type fastParser struct {
	src   string
	lines []fastLine
	i     int    // the next line to read
	uses  uint64 // counts resets: a Tree released twice is let be

	// The tree's nodes are the heap's; pairs and items are stacks of the
	// collections being read, kept from one file to the next (see
	// release).
	// base is the one BaseNode (path, comment) of every node the fast
	// path makes: the loader reads neither, and nothing sets them.
	base  ast.BaseNode
	doc   ast.DocumentNode
	docs  [1]*ast.DocumentNode
	file  ast.File
	pairs []*ast.MappingValueNode
	items []ast.Node
}

// parsers keeps fast parsers and their stacks for the next file.
var parsers = sync.Pool{New: func() any { return new(fastParser) }}

// maxKeptLines bounds the files whose parser goes back to the pool: one
// that read a larger file would hold its memory after it is done.
const maxKeptLines = 4096

// release clears what p handed out and pools p.
func (p *fastParser) release() {
	if p.reset() {
		parsers.Put(p)
	}
}

// reset clears p's stacks and the document it holds for the next file, and
// reports whether p kept its memory for it (not after a large one).
func (p *fastParser) reset() (kept bool) {
	p.uses++
	kept = len(p.lines) <= maxKeptLines
	p.src, p.i = "", 0
	p.base, p.doc, p.file = ast.BaseNode{}, ast.DocumentNode{}, ast.File{}
	p.docs[0] = nil
	clear(p.pairs[:cap(p.pairs)])
	clear(p.items[:cap(p.items)])
	if kept {
		p.lines = p.lines[:0]
	} else {
		p.lines, p.pairs, p.items = nil, nil, nil
	}
	return kept
}

// tree returns the file of one document, body, in p.
func (p *fastParser) tree(body ast.Node) *ast.File {
	p.doc = ast.DocumentNode{BaseNode: &p.base, Body: body}
	p.docs[0] = &p.doc
	p.file = ast.File{Docs: p.docs[:]}
	return &p.file
}

// tok returns a copy of t.
func (p *fastParser) tok(t token.Token) *token.Token {
	return &t
}

func (p *fastParser) str(tk *token.Token) *ast.StringNode {
	return &ast.StringNode{BaseNode: &p.base, Token: tk, Value: tk.Value}
}

func (p *fastParser) split() {
	p.lines = slices.Grow(p.lines[:0], strings.Count(p.src, "\n")+1)
	for start := 0; start <= len(p.src); {
		end := strings.IndexByte(p.src[start:], '\n')
		if end < 0 {
			end = len(p.src)
		} else {
			end += start
		}
		if start == len(p.src) && end == start {
			break // the text ends with "\n"
		}
		l := fastLine{start: start, end: end, ascii: true}
		for l.indent < end-start && p.src[start+l.indent] == ' ' {
			l.indent++
		}
		rest := p.src[start+l.indent : end]
		l.blank = strings.TrimRight(rest, " ") == "" || rest[0] == '#'
		for i := range len(rest) {
			if rest[i] >= utf8.RuneSelf {
				l.ascii = false
				break
			}
		}
		p.lines = append(p.lines, l)
		start = end + 1
	}
}

// text returns line i without indentation, trailing spaces or comment.
func (p *fastParser) text(i int) string {
	l := p.lines[i]
	return strings.TrimRight(cutComment(p.src[l.start+l.indent:l.end]), " ")
}

func (p *fastParser) skipBlank() {
	for p.i < len(p.lines) && p.lines[p.i].blank {
		p.i++
	}
}

// next returns the next non-blank line, if any, without reading it.
func (p *fastParser) next() (fastLine, bool) {
	p.skipBlank()
	if p.i == len(p.lines) {
		return fastLine{}, false
	}
	return p.lines[p.i], true
}

// pos is the position of byte offset off on line i.
func (p *fastParser) pos(i, off int) *token.Position {
	l := p.lines[i]
	col := off - l.start + 1
	if !l.ascii {
		col = utf8.RuneCountInString(p.src[l.start:off]) + 1
	}
	pos := new(token.Position)
	*pos = token.Position{Line: i + 1, Column: col, Offset: off + 1, IndentNum: l.indent}
	return pos
}

// isEntry reports whether s (indentation stripped) starts a sequence entry.
func isEntry(s string) bool {
	return s != "" && s[0] == '-' && (len(s) == 1 || s[1] == ' ')
}

// cutComment removes a comment from s: a '#' at its start or after a space.
func cutComment(s string) string {
	if strings.HasPrefix(s, "#") {
		return ""
	}
	if i := strings.Index(s, " #"); i >= 0 {
		return s[:i]
	}
	return s
}

// mapping reads a block mapping whose first key starts at offset off of
// line i; its keys sit at column col (0-based).
func (p *fastParser) mapping(i, off, col int) (ast.Node, bool) {
	first := len(p.pairs)
	defer func() { p.pairs = p.pairs[:first] }()
	for {
		key, colon, after, ok := p.key(i, off)
		if !ok {
			return nil, false
		}
		for _, mv := range p.pairs[first:] {
			if mv.Key.GetToken().Value == key.GetToken().Value {
				return nil, false // goccy words the error
			}
		}
		p.i = i + 1
		value, ok := p.value(i, after, col, true)
		if !ok {
			return nil, false
		}
		mv := new(ast.MappingValueNode)
		*mv = ast.MappingValueNode{BaseNode: &p.base, Start: colon, Key: key, Value: value}
		p.pairs = append(p.pairs, mv)
		l, more := p.next()
		if !more || l.indent < col {
			values := make([]*ast.MappingValueNode, len(p.pairs)-first)
			copy(values, p.pairs[first:])
			m := new(ast.MappingNode)
			*m = ast.MappingNode{BaseNode: &p.base, Start: values[0].Start, Values: values}
			return m, true
		}
		if l.indent > col || isEntry(p.src[l.start+l.indent:l.end]) {
			return nil, false
		}
		i, off = p.i, l.start+l.indent
	}
}

// key reads "key:" at offset off of line i: the key's node, the colon's
// token and the offset after the colon.
func (p *fastParser) key(i, off int) (ast.MapKeyNode, *token.Token, int, bool) {
	l := p.lines[i]
	s := p.src[off:l.end]
	var key ast.MapKeyNode
	var end int // offset just past the key's text
	switch s[0] {
	case '"', '\'':
		tk, n, ok := p.quoted(i, off)
		if !ok {
			return nil, nil, 0, false
		}
		key, end = p.str(tk), off+n
		for end < l.end && p.src[end] == ' ' {
			end++
		}
		if end == l.end || p.src[end] != ':' || end+1 < l.end && p.src[end+1] != ' ' {
			return nil, nil, 0, false
		}
	default:
		c := strings.Index(s, ":")
		for c >= 0 && c+1 < len(s) && s[c+1] != ' ' {
			next := strings.Index(s[c+1:], ":")
			if next < 0 {
				c = -1
				break
			}
			c += 1 + next
		}
		if c <= 0 {
			return nil, nil, 0, false
		}
		text := strings.TrimRight(s[:c], " ")
		if !plainKey(text) {
			return nil, nil, 0, false
		}
		n, ok := p.plain(i, off, text)
		if !ok {
			return nil, nil, 0, false
		}
		key, end = n.(ast.MapKeyNode), off+c
	}
	return key, p.colon(i, end), end + 1, true
}

// colon returns the token of a mapping's colon at offset off of line i.
func (p *fastParser) colon(i, off int) *token.Token {
	return p.tok(token.Token{Type: token.MappingValueType, CharacterType: token.CharacterTypeIndicator,
		Indicator: token.BlockStructureIndicator, Value: ":", Origin: ":", Position: p.pos(i, off)})
}

// plainKey reports whether s can be an implicit key the fast path reads.
func plainKey(s string) bool {
	if s == "" || len(s) > 1024 || s == "<<" || !plainStart(s) {
		return false
	}
	return !strings.ContainsAny(s, "#[]{},") && !strings.Contains(s, ": ")
}

// plainStart reports whether s starts as a plain scalar the fast path
// reads: not with an indicator.
func plainStart(s string) bool {
	switch s[0] {
	case '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`', '#', ',', '[', ']', '{', '}', '?', ':':
		return false
	case '-':
		return len(s) > 1 && s[1] != ' '
	}
	return true
}

// value reads the value that follows a key's colon or a sequence entry's
// dash at offset off of line i, inside a collection whose items sit at
// column col. seqHere allows a block sequence at col itself, which YAML
// permits for a mapping's value.
func (p *fastParser) value(i, off, col int, seqHere bool) (ast.Node, bool) {
	l := p.lines[i]
	for off < l.end && p.src[off] == ' ' {
		off++
	}
	if rest := p.src[off:l.end]; cutComment(rest) == "" || strings.TrimRight(rest, " ") == "" {
		if off > l.start && off < l.end && p.src[off-1] != ' ' {
			return nil, false // "key:#..."
		}
		return p.nested(col, seqHere)
	}
	var n ast.Node
	var end int
	switch c := p.src[off]; c {
	case '|', '>':
		return p.blockScalar(i, off, col)
	case '"', '\'':
		tk, w, ok := p.quoted(i, off)
		if !ok {
			return nil, false
		}
		n, end = p.str(tk), off+w
	case '[', '{':
		var ok bool
		if n, end, ok = p.flow(i, off); !ok {
			return nil, false
		}
	default:
		raw := cutComment(p.src[off:l.end])
		text := strings.TrimRight(raw, " ")
		if len(text) < len(raw) && len(raw) == l.end-off {
			return nil, false // goccy misplaces a plain scalar before trailing spaces
		}
		if !plainStart(text) || strings.Contains(text, ": ") || strings.HasSuffix(text, ":") {
			return nil, false
		}
		var ok bool
		if n, ok = p.plain(i, off, text); !ok {
			return nil, false
		}
		end = off + len(text)
	}
	if !p.restBlank(i, end) {
		return nil, false
	}
	// A more indented line after a scalar would continue or break it.
	if next, ok := p.next(); ok && next.indent > col {
		return nil, false
	}
	return n, true
}

// restBlank reports whether line i holds nothing but spaces and perhaps
// a comment after offset off.
func (p *fastParser) restBlank(i, off int) bool {
	rest := p.src[off:p.lines[i].end]
	t := strings.TrimLeft(rest, " ")
	return t == "" || t[0] == '#' && len(t) < len(rest)
}

// nested reads a collection on the lines after a key or dash with nothing
// after it.
func (p *fastParser) nested(col int, seqHere bool) (ast.Node, bool) {
	l, ok := p.next()
	if !ok {
		return nil, false
	}
	entry := isEntry(p.src[l.start+l.indent : l.end])
	switch {
	case l.indent == col && seqHere && entry:
		return p.sequence(col)
	case l.indent <= col:
		return nil, false // an empty value
	case entry:
		return p.sequence(l.indent)
	}
	return p.mapping(p.i, l.start+l.indent, l.indent)
}

// sequence reads a block sequence whose dashes sit at column col.
func (p *fastParser) sequence(col int) (ast.Node, bool) {
	var start *token.Token
	first := len(p.items)
	defer func() { p.items = p.items[:first] }()
	for {
		i := p.i
		l := p.lines[i]
		dash := l.start + l.indent
		if start == nil {
			start = p.tok(token.Token{Type: token.SequenceEntryType, CharacterType: token.CharacterTypeIndicator,
				Indicator: token.BlockStructureIndicator, Value: "-", Origin: "-", Position: p.pos(i, dash)})
		}
		off := dash + 1
		for off < l.end && p.src[off] == ' ' {
			off++
		}
		p.i = i + 1
		var item ast.Node
		var ok bool
		rest := p.src[off:l.end]
		switch {
		case isEntry(rest):
			return nil, false
		case strings.TrimRight(cutComment(rest), " ") != "" && p.isKey(rest):
			item, ok = p.mapping(i, off, off-l.start)
		default:
			item, ok = p.value(i, off, col, false)
		}
		if !ok {
			return nil, false
		}
		p.items = append(p.items, item)
		next, more := p.next()
		if more && next.indent > col {
			return nil, false
		}
		if !more || next.indent < col || !isEntry(p.src[next.start+next.indent:next.end]) {
			// The end, or the parent mapping's next key.
			values := make([]ast.Node, len(p.items)-first)
			copy(values, p.items[first:])
			seq := new(ast.SequenceNode)
			*seq = ast.SequenceNode{BaseNode: &p.base, Start: start, Values: values}
			return seq, true
		}
	}
}

// isKey reports whether s starts with an implicit key ("key: " or a
// quoted key and a colon).
func (p *fastParser) isKey(s string) bool {
	switch s[0] {
	case '"', '\'':
		q := s[0]
		for j := 1; j < len(s); j++ {
			if s[j] == q {
				if q == '\'' && j+1 < len(s) && s[j+1] == '\'' {
					j++
					continue
				}
				t := strings.TrimLeft(s[j+1:], " ")
				return t != "" && t[0] == ':'
			}
			if s[j] == '\\' && q == '"' {
				j++
			}
		}
		return false
	case '[', '{', '|', '>':
		return false
	}
	s = cutComment(s)
	return strings.Contains(s, ": ") || strings.HasSuffix(strings.TrimRight(s, " "), ":")
}

// plain makes the node for plain scalar text at offset off of line i, typed
// as goccy types it.
func (p *fastParser) plain(i, off int, text string) (ast.Node, bool) {
	if strings.Contains(text, "<<") {
		return nil, false // goccy reads a merge key inside a scalar
	}
	pos := p.pos(i, off)
	if !maybeTyped(text) {
		return p.str(p.tok(token.Token{Type: token.StringType, CharacterType: token.CharacterTypeMiscellaneous,
			Indicator: token.NotIndicator, Value: text, Origin: text, Position: pos})), true
	}
	tk := token.New(text, text, pos)
	switch tk.Type {
	case token.StringType:
		return p.str(tk), true
	case token.IntegerType, token.BinaryIntegerType, token.OctetIntegerType, token.HexIntegerType:
		return ast.Integer(tk), true
	case token.FloatType:
		return ast.Float(tk), true
	case token.BoolType:
		return ast.Bool(tk), true
	case token.NullType:
		return ast.Null(tk), true
	case token.InfinityType:
		return ast.Infinity(tk), true
	case token.NanType:
		return ast.Nan(tk), true
	}
	return nil, false
}

// maybeTyped reports whether plain scalar text may be more than a string
// to goccy: one of its keywords (token.New's null, bool, infinity and NaN
// words) or a number, which starts with a digit, a dot or a sign.
func maybeTyped(text string) bool {
	switch text {
	case "null", "Null", "NULL", "~", "true", "True", "TRUE", "false", "False", "FALSE":
		return true
	}
	c := text[0]
	return c >= '0' && c <= '9' || c == '.' || c == '+' || c == '-'
}

// quoted reads a quoted scalar that starts at offset off of line i and
// ends on it: its token and its width in bytes.
func (p *fastParser) quoted(i, off int) (*token.Token, int, bool) {
	end := p.lines[i].end
	q := p.src[off]
	var b []byte // the value, once an escape made it differ from the text
	for j := off + 1; j < end; j++ {
		c := p.src[j]
		if c == q && q == '\'' && j+1 < end && p.src[j+1] == '\'' || c == '\\' && q == '"' {
			if j+1 == end {
				return nil, 0, false
			}
			if b == nil {
				b = append(make([]byte, 0, end-off), p.src[off+1:j]...)
			}
			j++
			if c == '\'' {
				b = append(b, '\'')
				continue
			}
			r, ok := escapes[p.src[j]]
			if !ok {
				return nil, 0, false
			}
			b = append(b, r)
			continue
		}
		if c != q {
			if b != nil {
				b = append(b, c)
			}
			continue
		}
		org := p.src[off : j+1]
		value := org[1 : len(org)-1]
		if b != nil {
			value = string(b)
		}
		if q == '\'' {
			return token.SingleQuote(value, org, p.pos(i, off)), j + 1 - off, true
		}
		return token.DoubleQuote(value, org, p.pos(i, off)), j + 1 - off, true
	}
	return nil, 0, false // a quoted scalar over several lines
}

// escapes maps the double-quoted escapes the fast path reads to bytes.
var escapes = map[byte]byte{'\\': '\\', '"': '"', '/': '/', 'n': '\n', 't': '\t', 'r': '\r', '0': 0, ' ': ' '}

// flow reads a flow sequence or mapping that starts at offset off of
// line i and ends on it, of scalars and such collections: its node and
// the offset past it.
func (p *fastParser) flow(i, off int) (ast.Node, int, bool) {
	end := p.lines[i].end
	closer := byte(']')
	if p.src[off] == '{' {
		closer = '}'
	}
	start := p.pos(i, off)
	var seq *ast.SequenceNode
	var m *ast.MappingNode
	if closer == ']' {
		seq = ast.Sequence(token.SequenceStart("[", start), true)
	} else {
		m = ast.Mapping(token.MappingStart("{", start), true)
	}
	j := off + 1
	for first := true; ; first = false {
		for j < end && p.src[j] == ' ' {
			j++
		}
		if j == end {
			return nil, 0, false
		}
		if p.src[j] == closer {
			if !first {
				return nil, 0, false // a trailing comma
			}
			break
		}
		var item ast.Node
		var ok bool
		if seq != nil {
			item, j, ok = p.flowItem(i, j, closer)
		} else {
			item, j, ok = p.flowPair(i, j, m)
		}
		if !ok {
			return nil, 0, false
		}
		if seq != nil {
			seq.Values = append(seq.Values, item)
		} else {
			m.Values = append(m.Values, item.(*ast.MappingValueNode))
		}
		for j < end && p.src[j] == ' ' {
			j++
		}
		if j == end {
			return nil, 0, false
		}
		if p.src[j] == closer {
			break
		}
		if p.src[j] != ',' {
			return nil, 0, false
		}
		j++
	}
	if seq != nil {
		seq.End = token.SequenceEnd("]", p.pos(i, j))
		return seq, j + 1, true
	}
	m.End = token.MappingEnd("}", p.pos(i, j))
	return m, j + 1, true
}

// flowItem reads an item of a flow collection at offset off of line i, a
// scalar or a collection: its node and the offset past it.
func (p *fastParser) flowItem(i, off int, closer byte) (ast.Node, int, bool) {
	if c := p.src[off]; c == '[' || c == '{' {
		return p.flow(i, off)
	}
	n, w, ok := p.flowScalar(i, off, closer)
	return n, off + w, ok
}

// flowPair reads "key: value" of flow mapping m at offset off of line i.
func (p *fastParser) flowPair(i, off int, m *ast.MappingNode) (ast.Node, int, bool) {
	end := p.lines[i].end
	item, w, ok := p.flowScalar(i, off, '}')
	if !ok {
		return nil, 0, false
	}
	j := off + w
	for j < end && p.src[j] == ' ' {
		j++
	}
	if j+1 >= end || p.src[j] != ':' || p.src[j+1] != ' ' {
		return nil, 0, false
	}
	colon := p.colon(i, j)
	for j += 2; j < end && p.src[j] == ' '; j++ {
	}
	if j == end {
		return nil, 0, false
	}
	value, j, ok := p.flowItem(i, j, '}')
	if !ok {
		return nil, 0, false
	}
	key := item.(ast.MapKeyNode)
	for _, mv := range m.Values {
		if mv.Key.GetToken().Value == key.GetToken().Value {
			return nil, 0, false
		}
	}
	return ast.MappingValue(colon, key, value), j, true
}

// flowScalar reads a scalar inside a flow collection at offset off of
// line i: its node and width.
func (p *fastParser) flowScalar(i, off int, closer byte) (ast.Node, int, bool) {
	if off == p.lines[i].end {
		return nil, 0, false
	}
	if c := p.src[off]; c == '"' || c == '\'' {
		tk, w, ok := p.quoted(i, off)
		if !ok {
			return nil, 0, false
		}
		return p.str(tk), w, true
	}
	end := off
	for end < p.lines[i].end && !strings.ContainsRune(",[]{}:#", rune(p.src[end])) {
		end++
	}
	text := strings.TrimRight(p.src[off:end], " ")
	if text == "" || !plainStart(text) {
		return nil, 0, false
	}
	if end < p.lines[i].end && p.src[end] == ':' && closer != '}' {
		return nil, 0, false
	}
	n, ok := p.plain(i, off, text)
	return n, len(text), ok
}

// blockScalar reads a literal (|) or folded (>) block scalar whose header
// is at offset off of line i, inside a collection at column col.
func (p *fastParser) blockScalar(i, off, col int) (ast.Node, bool) {
	l := p.lines[i]
	header := strings.TrimRight(cutComment(p.src[off:l.end]), " ")
	if len(header) > 2 || !p.restBlank(i, off+len(header)) {
		return nil, false
	}
	chomp := byte(0)
	if len(header) == 2 {
		if chomp = header[1]; chomp != '-' && chomp != '+' {
			return nil, false // an indentation indicator
		}
	}
	folded := header[0] == '>'
	// The content: lines more indented than col, and blank lines.
	first, indent := -1, 0
	j := i + 1
	for ; j < len(p.lines); j++ {
		cl := p.lines[j]
		if strings.TrimRight(p.src[cl.start:cl.end], " ") == "" {
			continue
		}
		if first < 0 {
			if cl.indent <= col {
				break
			}
			first, indent = j, cl.indent
		}
		if cl.indent < indent {
			break
		}
	}
	if first < 0 {
		return nil, false // empty
	}
	last := j // one past the last content line
	lastText := p.lastNonBlank(first, last)
	var b strings.Builder
	for k := i + 1; k < last; k++ {
		cl := p.lines[k]
		text := ""
		if cl.end-cl.start > indent {
			text = p.src[cl.start+indent : cl.end]
		}
		if text != "" && text[len(text)-1] == ' ' {
			return nil, false // trailing spaces, which goccy trims on some lines
		}
		if folded && k >= first && k <= lastText {
			if text == "" || text[0] == ' ' || text[len(text)-1] == ' ' {
				return nil, false // folding around blank or more indented lines
			}
			if k > first {
				b.WriteByte(' ')
			}
			b.WriteString(text)
			if k == lastText {
				b.WriteByte('\n')
			}
			continue
		}
		b.WriteString(text)
		if cl.end < len(p.src) { // the file's last line may have no line break
			b.WriteByte('\n')
		}
	}
	value := b.String()
	if folded && p.lines[lastText].end == len(p.src) {
		return nil, false // goccy does not fold such text
	}
	switch trimmed := strings.TrimRight(value, "\n"); chomp {
	case '-':
		value = trimmed
	case 0:
		if trimmed != value {
			value = trimmed + "\n"
		}
	}
	p.i = last
	headerToken := token.Literal
	if folded {
		headerToken = token.Folded
	}
	lit := ast.Literal(headerToken(header, header, p.pos(i, off)))
	lit.Value = ast.String(token.String(value, value, contentPos(i, indent)))
	return lit, true
}

// contentPos is the position a block scalar's text starts at, whose
// header is on line i (0-based) and whose lines are indented by indent:
// the line after the header, so that the value's lines count from there.
// goccy's parser places the text elsewhere (often where it ends).
func contentPos(i, indent int) *token.Position {
	return &token.Position{Line: i + 2, Column: indent + 1}
}

// lastNonBlank returns the index of the last line in [from, to) with text.
func (p *fastParser) lastNonBlank(from, to int) int {
	for k := to - 1; k >= from; k-- {
		cl := p.lines[k]
		if strings.TrimRight(p.src[cl.start:cl.end], " ") != "" {
			return k
		}
	}
	return from
}

// placeLiterals moves the text of every block scalar in goccy's tree to
// contentPos, where the fast path puts it.
func placeLiterals(src string, n ast.Node) {
	var lines []int // offsets of line starts, made on the first block scalar
	var walk func(ast.Node)
	walk = func(n ast.Node) {
		switch x := n.(type) {
		case *ast.MappingNode:
			for _, mv := range x.Values {
				walk(mv)
			}
		case *ast.MappingValueNode:
			walk(x.Key)
			walk(x.Value)
		case *ast.MappingKeyNode:
			walk(x.Value)
		case *ast.SequenceNode:
			for _, v := range x.Values {
				walk(v)
			}
		case *ast.AnchorNode:
			walk(x.Value)
		case *ast.TagNode:
			walk(x.Value)
		case *ast.LiteralNode:
			if x.Start == nil || x.Start.Position == nil || x.Value == nil || x.Value.Token == nil {
				return
			}
			if lines == nil {
				lines = append(lines, 0)
				for i := range len(src) {
					if src[i] == '\n' {
						lines = append(lines, i+1)
					}
				}
			}
			header := x.Start.Position.Line - 1
			indent := 0
			for i := header + 1; i < len(lines); i++ {
				end := len(src)
				if i+1 < len(lines) {
					end = lines[i+1] - 1
				}
				text := src[lines[i]:end]
				if t := strings.TrimLeft(text, " "); strings.TrimRight(t, " \r") != "" {
					indent = len(text) - len(t)
					break
				}
			}
			tk := *x.Value.Token
			tk.Position = contentPos(header, indent)
			x.Value.Token = &tk
		}
	}
	walk(n)
}
