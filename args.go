package toolkit

import (
	"encoding/json"
	"unicode/utf8"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// Tool arguments are small JSON objects decoded on every call. argParser
// decodes their common shape (strings without escapes, numbers, booleans,
// null, shallow objects and arrays) straight into the values encoding/json
// with UseNumber produces. It gives up on anything else — escapes, invalid
// UTF-8, deep nesting, any syntax error — and the caller then falls back to
// encoding/json, which also writes the error messages.

// maxFastDepth is the nesting argParser handles; deeper input falls back.
const maxFastDepth = 32

type argParser struct {
	s     string // the input, copied once: keys and values are substrings of it
	off   int
	depth int
}

func newArgParser(data []byte) *argParser {
	return &argParser{s: string(data)}
}

// fastObject decodes data, already trimmed, when it is exactly one JSON
// object in the supported shape; ok is false otherwise.
func fastObject(data []byte) (m map[string]any, ok bool) {
	if len(data) == 0 || data[0] != '{' {
		return nil, false
	}
	p := newArgParser(data)
	m, ok = p.object()
	if !ok || !p.atEnd() {
		return nil, false
	}
	return m, true
}

// fastCallArgs decodes call_capability's arguments, already trimmed, in
// one pass: the name, the parameters' raw bytes (a copy) and, when the
// parameters are an object, their decoded map. ok is false for anything
// decodeStrict might treat differently (other keys, a name that is not a
// plain string, unsupported values).
func fastCallArgs(data []byte) (name string, params json.RawMessage, decoded map[string]any, ok bool) {
	if len(data) == 0 || data[0] != '{' {
		return "", nil, nil, false
	}
	p := newArgParser(data)
	p.off++
	p.depth++
	p.ws()
	if p.peek() == '}' {
		p.off++
		return "", nil, nil, p.atEnd()
	}
	var start, end int
	for {
		key, ok := p.str()
		if !ok || !p.colon() {
			return "", nil, nil, false
		}
		switch key {
		case "name":
			if p.peek() != '"' {
				return "", nil, nil, false
			}
			if name, ok = p.str(); !ok {
				return "", nil, nil, false
			}
		case "parameters":
			start = p.off
			v, ok := p.value()
			if !ok {
				return "", nil, nil, false
			}
			end = p.off
			decoded, _ = v.(map[string]any)
		default:
			return "", nil, nil, false
		}
		more, ok := p.next('}')
		if !ok {
			return "", nil, nil, false
		}
		if !more {
			break
		}
	}
	if !p.atEnd() {
		return "", nil, nil, false
	}
	if end > start {
		params = append(json.RawMessage(nil), data[start:end]...)
	}
	return name, params, decoded, true
}

func (p *argParser) peek() byte {
	if p.off < len(p.s) {
		return p.s[p.off]
	}
	return 0
}

func (p *argParser) ws() {
	for p.off < len(p.s) {
		switch p.s[p.off] {
		case ' ', '\t', '\n', '\r':
			p.off++
		default:
			return
		}
	}
}

// atEnd reports whether only JSON whitespace is left.
func (p *argParser) atEnd() bool {
	p.ws()
	return p.off == len(p.s)
}

// colon reads the ':' after a key and the whitespace around it.
func (p *argParser) colon() bool {
	p.ws()
	if p.peek() != ':' {
		return false
	}
	p.off++
	p.ws()
	return true
}

// next reads the ',' or closing byte after a member or element; more is
// true after a ',' (whitespace skipped).
func (p *argParser) next(closing byte) (more, ok bool) {
	p.ws()
	switch p.peek() {
	case ',':
		p.off++
		p.ws()
		return true, true
	case closing:
		p.off++
		return false, true
	}
	return false, false
}

func (p *argParser) value() (any, bool) {
	switch c := p.peek(); {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		return p.str()
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	case c == 't':
		return true, p.literal("true")
	case c == 'f':
		return false, p.literal("false")
	case c == 'n':
		return nil, p.literal("null")
	}
	return nil, false
}

func (p *argParser) object() (map[string]any, bool) {
	if p.depth++; p.depth > maxFastDepth {
		return nil, false
	}
	p.off++ // '{'
	p.ws()
	m := make(map[string]any)
	if p.peek() == '}' {
		p.off++
		p.depth--
		return m, true
	}
	for {
		key, ok := p.str()
		if !ok || !p.colon() {
			return nil, false
		}
		v, ok := p.value()
		if !ok {
			return nil, false
		}
		m[key] = v
		more, ok := p.next('}')
		if !ok {
			return nil, false
		}
		if !more {
			p.depth--
			return m, true
		}
	}
}

func (p *argParser) array() ([]any, bool) {
	if p.depth++; p.depth > maxFastDepth {
		return nil, false
	}
	p.off++ // '['
	p.ws()
	a := []any{}
	if p.peek() == ']' {
		p.off++
		p.depth--
		return a, true
	}
	for {
		v, ok := p.value()
		if !ok {
			return nil, false
		}
		a = append(a, v)
		more, ok := p.next(']')
		if !ok {
			return nil, false
		}
		if !more {
			p.depth--
			return a, true
		}
	}
}

// str reads a string that needs no unquoting: no escapes, no control
// bytes, valid UTF-8.
func (p *argParser) str() (string, bool) {
	if p.peek() != '"' {
		return "", false
	}
	start := p.off + 1
	for i := start; i < len(p.s); {
		c := p.s[i]
		switch {
		case c == '"':
			p.off = i + 1
			return p.s[start:i], true
		case c == '\\' || c < ' ':
			return "", false
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRuneInString(p.s[i:])
			if r == utf8.RuneError && size == 1 {
				return "", false
			}
			i += size
		}
	}
	return "", false
}

// number reads a number in JSON's grammar and keeps its text.
func (p *argParser) number() (json.Number, bool) {
	end, ok := jsonstr.ScanNumber(p.s, p.off)
	if !ok {
		return "", false
	}
	n := json.Number(p.s[p.off:end])
	p.off = end
	return n, true
}

func (p *argParser) literal(word string) bool {
	if len(p.s)-p.off < len(word) || p.s[p.off:p.off+len(word)] != word {
		return false
	}
	p.off += len(word)
	return true
}
