package yqcloud

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/jsontok"
)

// JSON values inside the package: nil, bool, string, json.Number, []any
// and *object. Objects keep their members' order, as JavaScript does, so
// what the model reads matches the YQCloud runtime.

// object is a JSON object in member order. An object of more than
// smallObject members has an index by name, built when it is made (the
// parser) or grows (set), never when it is read: Definitions share their
// objects between goroutines. Objects of the same members may share keys
// (jsonParser.shape), with no room to append in place: keys are never
// written, only replaced.
type object struct {
	keys []string
	vals []any
	idx  map[string]int // name -> position; nil for small objects
}

// smallObject is the most members an object looks up by a linear scan.
const smallObject = 16

func (o *object) index(k string) int {
	if o == nil {
		return -1
	}
	if o.idx != nil {
		if i, ok := o.idx[k]; ok {
			return i
		}
		return -1
	}
	return slices.Index(o.keys, k)
}

func (o *object) get(k string) (any, bool) {
	if i := o.index(k); i >= 0 {
		return o.vals[i], true
	}
	return nil, false
}

// set replaces k's value in place or appends it (JSON.parse semantics for
// duplicate keys: the first position, the last value).
func (o *object) set(k string, v any) {
	if i := o.index(k); i >= 0 {
		o.vals[i] = v
		return
	}
	o.keys = append(o.keys, k)
	o.vals = append(o.vals, v)
	switch {
	case o.idx != nil:
		o.idx[k] = len(o.keys) - 1
	case len(o.keys) > smallObject:
		o.idx = indexKeys(o.keys)
	}
}

func (o *object) del(k string) {
	if i := o.index(k); i >= 0 {
		o.keys = slices.Delete(slices.Clone(o.keys), i, i+1) // keys may be shared (jsonParser.shape)
		o.vals = slices.Delete(o.vals, i, i+1)
		if o.idx != nil {
			o.idx = indexKeys(o.keys)
		}
	}
}

func (o *object) clone() *object {
	c := &object{keys: slices.Clone(o.keys), vals: slices.Clone(o.vals)}
	if o.idx != nil {
		c.idx = maps.Clone(o.idx)
	}
	return c
}

// indexKeys maps unique names to their positions.
func indexKeys(keys []string) map[string]int {
	idx := make(map[string]int, len(keys))
	for i, k := range keys {
		idx[k] = i
	}
	return idx
}

// maxDepth bounds nesting, like encoding/json.
const maxDepth = 10000

// syntaxError is a JSON syntax error at a byte offset.
type syntaxError struct {
	off int
	msg string
}

func (e *syntaxError) Error() string { return e.msg }

// jsonParser parses JSON into ordered values. With paths set it records
// the offset of every value (of the key, for object members) by JSON path.
type jsonParser struct {
	src      []byte
	pos      int  // where space and string read (compiler.valueOffset)
	comments bool // accept // and /* */ comments
	sc       jsontok.Scanner
	paths    map[string]int // JSON path -> offset
	dups     []dupKey       // duplicate keys seen (paths mode)
	ctx      context.Context
	values   int // values parsed, for the context checks
	work     int // member names compared when looking for duplicates (tests)

	names map[string]string // interned member names
	// text is src as a string, which strings are cut from (one copy of
	// the document instead of one per string); document makes it if unset.
	text   string
	doc    *doc        // the document being parsed
	shapes [4][]string // the member lists of the last objects, shared by those alike
	plains [4]bool     // shapes' names are all plainName
	shaped int         // the next of shapes to replace
	last   []string    // the members of the object parsed last
	plain  bool        // last's names are all plainName
	keys   []string    // scratch: members of the objects being parsed
	vals   []jval      // scratch: members and elements of the containers being parsed
}

type dupKey struct {
	path string
	off  int
}

// parseJSON parses one JSON document. Its strings share one copy of src.
func parseJSON(src []byte) (any, error) {
	p := &jsonParser{src: src}
	return p.document()
}

// parseJSONContext parses one JSON document, stopping with ctx's error
// when ctx ends. Its strings share one copy of src.
func parseJSONContext(ctx context.Context, src []byte) (any, error) {
	p := &jsonParser{src: src, ctx: ctx}
	return p.document()
}

// parseDoc parses one JSON document into a doc, stopping with ctx's error
// when ctx ends. The doc's strings are cut from src, not copied: src must
// not change after.
func parseDoc(ctx context.Context, src []byte) (*doc, error) {
	p := &jsonParser{src: src, ctx: ctx, text: unsafe.String(unsafe.SliceData(src), len(src))}
	return p.parse(nil)
}

// checkEvery is how many values the parser reads between two looks at
// its context.
const checkEvery = 1 << 12

// document parses one JSON document into ordered values.
func (p *jsonParser) document() (any, error) {
	// The values share nothing with the doc's arrays but keys and
	// indexes, so the arrays serve the next document.
	d := treeDocs.Get().(*doc)
	defer func() {
		clear(d.conts[:cap(d.conts)])
		clear(d.strs[:cap(d.strs)])
		*d = doc{vals: d.vals[:0], conts: d.conts[:0], strs: d.strs[:0]}
		treeDocs.Put(d)
	}()
	if _, err := p.parse(d); err != nil {
		return nil, err
	}
	return d.tree(d.root), nil
}

var treeDocs = sync.Pool{New: func() any { return new(doc) }}

// parse parses one JSON document into d, or into a new doc if d is nil.
func (p *jsonParser) parse(d *doc) (*doc, error) {
	if uint64(len(p.src)) > math.MaxUint32 {
		return nil, p.errf("a document of over 4 GiB")
	}
	if p.text == "" {
		p.text = string(p.src)
	}
	sc := scratches.Get().(*parseScratch)
	p.keys, p.vals, p.names = sc.keys[:0], sc.vals[:0], sc.names
	defer func() {
		if cap(p.keys) <= maxScratch && cap(p.vals) <= maxScratch && len(p.names) <= maxScratch {
			clear(p.keys[:cap(p.keys)]) // names of this document: its text stays referenced otherwise
			clear(p.names)
			sc.keys, sc.vals = p.keys[:0], p.vals[:0]
			scratches.Put(sc)
		}
	}()
	if d == nil {
		// Room for every value up front: one allocation, not a growing
		// array copied as it grows. Commas and brackets count values and
		// containers from above (those in strings too), so the room is
		// cut at what a body of that size could hold in the common case.
		src := p.src
		brackets := bytes.Count(src, []byte("{")) + bytes.Count(src, []byte("["))
		d = &doc{vals: make([]jval, 0, min(bytes.Count(src, []byte(","))+brackets, len(src)/8+1)),
			conts: make([]jcont, 0, min(brackets, len(src)/32+1))}
	}
	d.text = p.text
	p.doc = d
	p.sc = jsontok.Scanner{Src: p.src, Pos: p.pos, Comments: p.comments, MaxDepth: maxDepth}
	if !p.sc.Space() {
		return nil, p.fail()
	}
	v, err := p.value("")
	if err != nil {
		return nil, err
	}
	if !p.sc.End() {
		return nil, p.fail()
	}
	p.doc.root = v
	return p.doc, nil
}

// parseScratch is what a parse uses only while it runs, kept for the
// next one.
type parseScratch struct {
	keys  []string
	vals  []jval
	names map[string]string
}

var scratches = sync.Pool{New: func() any { return &parseScratch{names: map[string]string{}} }}

// maxScratch bounds the scratch arrays and maps kept for the next parse.
const maxScratch = 4096

func (p *jsonParser) errf(format string, args ...any) error {
	return &syntaxError{off: p.sc.Pos, msg: fmt.Sprintf(format, args...)}
}

// fail returns the tokenizer's failure.
func (p *jsonParser) fail() error {
	e := p.sc.Err()
	return &syntaxError{off: e.Off, msg: e.Error()}
}

// space and string read at pos, for a reader that places the parser by
// hand (compiler.valueOffset).
func (p *jsonParser) space() error {
	p.sc = jsontok.Scanner{Src: p.src, Pos: p.pos, Comments: p.comments}
	ok := p.sc.Space()
	p.pos = p.sc.Pos
	if !ok {
		return p.fail()
	}
	return nil
}

func (p *jsonParser) string() (string, error) {
	p.sc = jsontok.Scanner{Src: p.src, Pos: p.pos, Comments: p.comments}
	s, _, err := p.str()
	p.pos = p.sc.Pos
	return s, err
}

func (p *jsonParser) record(path string, off int) {
	if p.paths != nil {
		if _, dup := p.paths[path]; !dup {
			p.paths[path] = off
		}
	}
}

func (p *jsonParser) value(path string) (jval, error) {
	if p.values++; p.values%checkEvery == 0 && p.ctx != nil {
		if err := p.ctx.Err(); err != nil {
			return jval{}, err
		}
	}
	k, ok := p.sc.Value()
	if !ok {
		return jval{}, p.fail()
	}
	switch k {
	case jsontok.Object:
		return p.object(path)
	case jsontok.Array:
		return p.array(path)
	case jsontok.String:
		start, end, plain, ok := p.sc.String()
		if !ok {
			return jval{}, p.fail()
		}
		if plain {
			return jval{kind: jString, a: uint32(start), b: uint32(end)}, nil
		}
		p.doc.strs = append(p.doc.strs, jsontok.Unquote(p.src[start:end]))
		return jval{kind: jDecoded, a: uint32(len(p.doc.strs) - 1)}, nil
	case jsontok.Number:
		start, end, ok := p.sc.Number()
		if !ok {
			return jval{}, p.fail()
		}
		return jval{kind: jNumber, a: uint32(start), b: uint32(end)}, nil
	}
	if !p.sc.Literal(k) {
		return jval{}, p.fail()
	}
	return jval{kind: literals[k]}, nil
}

var literals = [...]jkind{jsontok.True: jTrue, jsontok.False: jFalse, jsontok.Null: jNull}

func (p *jsonParser) object(path string) (jval, error) {
	empty, ok := p.sc.Open()
	if !ok {
		return jval{}, p.fail()
	}
	if empty {
		return p.doc.add(jObject, nil, nil, nil), nil
	}
	base, vbase := len(p.keys), len(p.vals)
	defer func() { p.keys, p.vals = p.keys[:base], p.vals[:vbase] }()
	like, plain := p.last, p.plain // the members of the object parsed last, likely this one's too
	onShape := true                // the names so far are like's (not in p.keys yet), so none is repeated
	var idx map[string]int         // name -> position, past smallObject members
	for {
		keyOff := p.sc.Pos
		if p.sc.Peek() != '"' {
			p.sc.Name()
			return jval{}, p.fail()
		}
		n := len(p.vals) - vbase // members so far
		var guess string
		if onShape && n < len(like) {
			guess = like[n]
		}
		k, hit, err := p.name(guess, plain)
		if err != nil {
			return jval{}, err
		}
		if onShape && !hit {
			onShape = false
			p.keys = append(p.keys, like[:n]...)
			if n > smallObject {
				idx = indexKeys(p.keys[base:])
			}
		}
		dup := -1
		switch {
		case onShape: // like's names are those of one object: no repeats
		case idx != nil:
			p.work++
			if i, ok := idx[k]; ok {
				dup = i
			}
		default:
			p.work += len(p.keys) - base
			dup = slices.Index(p.keys[base:], k)
		}
		var sub string
		if p.paths != nil {
			sub = joinPath(path, k)
			if dup >= 0 {
				p.dups = append(p.dups, dupKey{sub, keyOff})
			}
			p.record(sub, keyOff)
		}
		if !p.sc.Colon(k) {
			return jval{}, p.fail()
		}
		v, err := p.value(sub)
		if err != nil {
			return jval{}, err
		}
		if dup >= 0 {
			p.vals[vbase+dup] = v // JSON.parse: the first position, the last value
		} else {
			p.vals = append(p.vals, v)
			if !onShape {
				p.keys = append(p.keys, k)
				switch m := len(p.keys) - base; {
				case idx != nil:
					idx[k] = m - 1
				case m > smallObject:
					idx = indexKeys(p.keys[base:])
				}
			}
		}
		more, ok := p.sc.Next('}')
		if !ok {
			return jval{}, p.fail()
		}
		if more {
			continue
		}
		if n := len(p.vals) - vbase; onShape && n == len(like) { // like's names, all of them
			if n > smallObject {
				idx = indexKeys(like)
			}
			p.last, p.plain = like, plain
			return p.doc.add(jObject, like, idx, p.vals[vbase:]), nil
		} else if onShape {
			p.keys = append(p.keys, like[:n]...)
			if n > smallObject {
				idx = indexKeys(p.keys[base:])
			}
		}
		return p.doc.add(jObject, p.shape(p.keys[base:]), idx, p.vals[vbase:]), nil
	}
}

// shape returns a copy of keys, the members of an object, or the copy
// made for a recent object of the same members (a list of like items
// shares one), without room to append in place.
func (p *jsonParser) shape(keys []string) []string {
	if len(keys) <= smallObject {
		for i, s := range p.shapes {
			if slices.Equal(s, keys) {
				p.last, p.plain = s, p.plains[i]
				return s
			}
		}
	}
	s := slices.Clip(slices.Clone(keys))
	plain := !slices.ContainsFunc(s, func(k string) bool { return !plainName(k) })
	if len(keys) <= smallObject {
		p.shapes[p.shaped], p.plains[p.shaped] = s, plain
		p.shaped = (p.shaped + 1) % len(p.shapes)
	}
	p.last, p.plain = s, plain
	return s
}

// plainName reports a name written as it is in JSON: no quote, backslash
// or control character.
func plainName(k string) bool {
	for i := 0; i < len(k); i++ {
		if c := k[i]; c < 0x20 || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// unescaped holds the bytes appendString writes as they are in valid
// UTF-8: not a quote, a backslash or a control character.
var unescaped = func() (t [256]bool) {
	for c := 0x20; c < len(t); c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// name parses a member name, interning names without escapes; guess is
// the name a like object had there, taken (hit) if it is the same, and
// compared as written if plain (plainName).
func (p *jsonParser) name(guess string, plain bool) (k string, hit bool, err error) {
	start := p.sc.Pos + 1
	if plain && guess != "" {
		if end := start + len(guess); end < len(p.src) && p.src[end] == '"' && string(p.src[start:end]) == guess {
			p.sc.Pos = end + 1
			return guess, true, nil
		}
	}
	for i := start; i < len(p.src) && i-start < 64; i++ {
		c := p.src[i]
		if c == '"' {
			if guess != "" && string(p.src[start:i]) == guess {
				p.sc.Pos = i + 1
				return guess, true, nil
			}
			if p.names == nil {
				p.names = map[string]string{}
			}
			if k, ok := p.names[string(p.src[start:i])]; ok {
				p.sc.Pos = i + 1
				return k, false, nil
			}
			k, _, err := p.str()
			if err == nil && len(p.names) < 1024 {
				p.names[k] = k
			}
			return k, false, err
		}
		if c == '\\' || c < 0x20 || c >= utf8.RuneSelf {
			break
		}
	}
	k, _, err = p.str()
	return k, false, err
}

func (p *jsonParser) array(path string) (jval, error) {
	empty, ok := p.sc.Open()
	if !ok {
		return jval{}, p.fail()
	}
	if empty {
		return p.doc.add(jArray, nil, nil, nil), nil
	}
	base := len(p.vals)
	defer func() { p.vals = p.vals[:base] }()
	for {
		var sub string
		if p.paths != nil {
			sub = path + "[" + strconv.Itoa(len(p.vals)-base) + "]"
			p.record(sub, p.sc.Pos)
		}
		v, err := p.value(sub)
		if err != nil {
			return jval{}, err
		}
		p.vals = append(p.vals, v)
		more, ok := p.sc.Next(']')
		if !ok {
			return jval{}, p.fail()
		}
		if !more {
			return p.doc.add(jArray, nil, nil, p.vals[base:]), nil
		}
	}
}

// str reads a string, cut from text (spanned) when it is its own
// decoding.
func (p *jsonParser) str() (s string, spanned bool, err error) {
	start, end, plain, ok := p.sc.String()
	switch {
	case !ok:
		return "", false, p.fail()
	case !plain:
		return jsontok.Unquote(p.src[start:end]), false, nil
	case p.text != "":
		return p.text[start:end], true, nil
	}
	return string(p.src[start:end]), false, nil
}

// joinPath appends a member name to a JSON path: a.b, or a["x-y"] for
// names that are not identifiers.
func joinPath(path, key string) string {
	if isIdent(key) {
		if path == "" {
			return key
		}
		return path + "." + key
	}
	return path + "[" + strconv.Quote(key) + "]"
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || r == '$' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (i > 0 && r >= '0' && r <= '9') {
			continue
		}
		return false
	}
	return true
}

// tooDeep scans JSON with comments for arrays and objects nested more
// than limit levels, without decoding, and returns the offset of the
// first bracket past the limit. Malformed input is left to the parser.
func tooDeep(src []byte, limit int) (off int, deep bool) {
	depth := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '{', '[':
			if depth++; depth > limit {
				return i, true
			}
		case '}', ']':
			depth--
		case '"':
			i = jsontok.QuotedEnd(src, i) - 1
		case '/':
			if end, _ := jsontok.CommentEnd(src, i); end > i {
				i = end - 1
			}
		}
	}
	return 0, false
}

// lineCol returns the 1-based line and column (in runes) of off in src.
func lineCol(src []byte, off int) (line, col int) {
	off = min(max(off, 0), len(src))
	line = 1 + bytes.Count(src[:off], []byte("\n"))
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	return line, 1 + utf8.RuneCount(src[start:off])
}

// appendJSON appends v as compact JSON, as JSON.stringify writes it
// (no HTML escaping, U+2028/U+2029 as they are).
func appendJSON(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case bool:
		return strconv.AppendBool(b, x)
	case json.Number:
		return append(b, x...)
	case string:
		return appendString(b, x)
	case []any:
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSON(b, e)
		}
		return append(b, ']')
	case *object:
		b = append(b, '{')
		for i, k := range x.keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, k)
			b = append(b, ':')
			b = appendJSON(b, x.vals[i])
		}
		return append(b, '}')
	}
	panic(fmt.Sprintf("yqcloud: not a JSON value: %T", v))
}

const hexDigits = "0123456789abcdef"

func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	i := 0
	for i < len(s) && unescaped[s[i]] {
		i++
	}
	if i == len(s) && utf8.ValidString(s) { // nothing to escape: the common case
		b = append(b, s...)
		return append(b, '"')
	}
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				b = append(b, s[start:i]...)
				b = append(b, `\ufffd`...)
				i++
				start = i
				continue
			}
			i += n
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, `\n`...)
		case '\r':
			b = append(b, `\r`...)
		case '\t':
			b = append(b, `\t`...)
		case '\b':
			b = append(b, `\b`...)
		case '\f':
			b = append(b, `\f`...)
		default:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		i++
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

func marshalJSON(v any) string { return string(appendJSON(nil, v)) }

// plain converts ordered values to encoding/json's shapes (map[string]any),
// numbers staying json.Number.
func plain(v any) any {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plain(e)
		}
		return out
	case *object:
		out := make(map[string]any, len(x.keys))
		for i, k := range x.keys {
			out[k] = plain(x.vals[i])
		}
		return out
	}
	return v
}

// kindOf names a JSON value's type as JSON Schema does.
func kindOf(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		if isInteger(x) {
			return "integer"
		}
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case *object:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// isInteger reports a number that is losslessly an integer ("4.0", "4e1").
func isInteger(n json.Number) bool {
	_, err := jsonstr.IntegerText(string(n))
	return err == nil
}
