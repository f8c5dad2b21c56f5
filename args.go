package toolkit

import (
	"encoding/json"

	"github.com/toolkit-sdk/toolkit/internal/jsontok"
)

// Tool arguments are small JSON objects decoded on every call. argParser
// decodes their common shape (strings without escapes, numbers, booleans,
// null, shallow objects and arrays) with the shared tokenizer straight into
// the values encoding/json with UseNumber produces. It gives up on anything
// else — escapes, invalid UTF-8, deep nesting, any syntax error — and the
// caller then falls back to encoding/json, which also writes the error
// messages.

// maxFastDepth is the nesting argParser handles; deeper input falls back.
const maxFastDepth = 32

type argParser struct {
	jsontok.Scanner
	s string // the input, copied once: keys and values are substrings of it
}

func newArgParser(data []byte) *argParser {
	return &argParser{Scanner: jsontok.Scanner{Src: data, MaxDepth: maxFastDepth}, s: string(data)}
}

// fastObject decodes data, already trimmed, when it is exactly one JSON
// object in the supported shape; ok is false otherwise.
func fastObject(data []byte) (m map[string]any, ok bool) {
	if len(data) == 0 || data[0] != '{' {
		return nil, false
	}
	p := newArgParser(data)
	m, ok = p.object()
	if !ok || !p.End() {
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
	empty, _ := p.Open()
	if empty {
		return "", nil, nil, p.End()
	}
	var start, end int
	for {
		key, ok := p.str(true)
		if !ok || !p.Colon("") {
			return "", nil, nil, false
		}
		switch key {
		case "name":
			if p.Peek() != '"' {
				return "", nil, nil, false
			}
			if name, ok = p.str(false); !ok {
				return "", nil, nil, false
			}
		case "parameters":
			start = p.Pos
			v, ok := p.value()
			if !ok {
				return "", nil, nil, false
			}
			end = p.Pos
			decoded, _ = v.(map[string]any)
		default:
			return "", nil, nil, false
		}
		more, ok := p.Next('}')
		if !ok {
			return "", nil, nil, false
		}
		if !more {
			break
		}
	}
	if !p.End() {
		return "", nil, nil, false
	}
	if end > start {
		params = append(json.RawMessage(nil), data[start:end]...)
	}
	return name, params, decoded, true
}

func (p *argParser) value() (any, bool) {
	k, ok := p.Value()
	if !ok {
		return nil, false
	}
	switch k {
	case jsontok.Object:
		return p.object()
	case jsontok.Array:
		return p.array()
	case jsontok.String:
		return p.str(false)
	case jsontok.Number:
		start, end, ok := p.Number()
		return json.Number(p.s[start:end]), ok
	case jsontok.Null:
		return nil, p.Literal(k)
	}
	return k == jsontok.True, p.Literal(k)
}

func (p *argParser) object() (map[string]any, bool) {
	empty, ok := p.Open()
	if !ok {
		return nil, false
	}
	m := make(map[string]any)
	for more := !empty; more; {
		key, ok := p.str(true)
		if !ok || !p.Colon("") {
			return nil, false
		}
		v, ok := p.value()
		if !ok {
			return nil, false
		}
		m[key] = v
		if more, ok = p.Next('}'); !ok {
			return nil, false
		}
	}
	return m, true
}

func (p *argParser) array() ([]any, bool) {
	empty, ok := p.Open()
	if !ok {
		return nil, false
	}
	a := []any{}
	for more := !empty; more; {
		v, ok := p.value()
		if !ok {
			return nil, false
		}
		a = append(a, v)
		if more, ok = p.Next(']'); !ok {
			return nil, false
		}
	}
	return a, true
}

// str reads a string (a member name if name) that needs no unquoting: no
// escapes, valid UTF-8; any other falls back to encoding/json.
func (p *argParser) str(name bool) (string, bool) {
	start, end, plain, ok := p.read(name)
	if !ok || !plain {
		return "", false
	}
	return p.s[start:end], true
}

func (p *argParser) read(name bool) (start, end int, plain, ok bool) {
	if name {
		return p.Name()
	}
	return p.String()
}
