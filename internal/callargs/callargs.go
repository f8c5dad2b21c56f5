// Package callargs decodes the JSON arguments of tool calls: a fast path
// on the shared tokenizer (Object, Call) for their common shape, beside
// encoding/json (Decode, DecodeJSON, Strict), whose error texts it cuts
// for the model (ErrorText), and converts an argument to its parameter's
// type (Convert) or to the text templates insert (Text, ScalarText).
package callargs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/jsontok"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
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

// Object decodes data, already trimmed, when it is exactly one JSON
// object in the supported shape; ok is false otherwise.
func Object(data []byte) (m map[string]any, ok bool) {
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

// Call decodes call_capability's arguments, already trimmed, in
// one pass: the name, the parameters' raw bytes (a copy) and, when the
// parameters are an object, their decoded map. ok is false for anything
// Strict might treat differently (other keys, a name that is not a
// plain string, unsupported values).
func Call(data []byte) (name string, params json.RawMessage, decoded map[string]any, ok bool) {
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

// Decode decodes a capability's arguments: a JSON object, or nothing.
func Decode(raw json.RawMessage) (map[string]any, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return map[string]any{}, nil
	}
	if args, ok := Object(raw); ok {
		return args, nil
	}
	return DecodeJSON(raw)
}

// DecodeJSON is Decode with encoding/json, for raw (trimmed, not empty)
// that Object does not handle.
func DecodeJSON(raw json.RawMessage) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var args map[string]any
	if err := dec.Decode(&args); err != nil || args == nil {
		return nil, fmt.Errorf("arguments must be a JSON object: %s", ErrorText(err))
	}
	if dec.More() {
		return nil, fmt.Errorf("arguments must be a single JSON object")
	}
	return args, nil
}

// ErrorText is the text of an encoding/json error as the model is shown it.
func ErrorText(err error) string {
	if err == nil {
		return "got null"
	}
	// encoding/json quotes an unknown field's name in full: the model is
	// shown it briefly, and the start of any other message.
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if q, ok := strings.CutPrefix(msg, "unknown field "); ok {
		if name, err := strconv.Unquote(q); err == nil {
			return "unknown field " + textcut.Quote(name)
		}
	}
	return textcut.Cut(msg, 200)
}

// Unwrap accepts parameters a model sent as a JSON string holding
// the object.
func Unwrap(args json.RawMessage) json.RawMessage {
	t := bytes.TrimSpace(args)
	if len(t) == 0 || t[0] != '"' {
		return args
	}
	var s string
	if json.Unmarshal(t, &s) == nil && strings.HasPrefix(strings.TrimSpace(s), "{") {
		return json.RawMessage(s)
	}
	return args
}

// Strict decodes an entry tool's arguments, refusing unknown fields.
func Strict(args json.RawMessage, v any) error {
	t := bytes.TrimSpace(args)
	if len(t) == 0 || string(t) == "null" {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(t))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("invalid arguments: %s", ErrorText(err))
	}
	if dec.More() {
		return fmt.Errorf("invalid arguments: a single JSON object is expected")
	}
	return nil
}

// MaxNumberText is the longest JSON number, in characters, that Convert
// takes as the text of a string parameter. A number is short; a longer
// one is refused rather than written out into a request.
const MaxNumberText = 100

// Convert converts v, an argument decoded with UseNumber, to typ (a
// parameter type: string, number, integer or boolean; any other keeps v),
// accepting lossless string forms and, for a string, a number of at most
// MaxNumberText characters; validate, when set, must match the result's
// text. name names the parameter in errors.
func Convert(name, typ string, validate *regexp.Regexp, v any) (any, error) {
	bad := func(why string) error {
		return fmt.Errorf("parameter %q must be %s: %s", name, article(typ), why)
	}
	var out any
	switch typ {
	case "string":
		switch x := v.(type) {
		case string:
			out = v // already a string: no new interface value
		case json.Number:
			if len(x) > MaxNumberText {
				return nil, bad(fmt.Sprintf("got a number of %d characters (at most %d are taken as text)", len(x), MaxNumberText))
			}
			out = x.String()
		case bool:
			out = strconv.FormatBool(x)
		default:
			return nil, bad("got " + jsonKind(v))
		}
	case "number", "integer":
		var text string
		switch x := v.(type) {
		case json.Number:
			text = x.String()
		case string:
			text = strings.TrimSpace(x)
			if !jsonstr.IsNumber(text) {
				return nil, bad(fmt.Sprintf("%q is not a number", x))
			}
		default:
			return nil, bad("got " + jsonKind(v))
		}
		if typ == "integer" {
			i, err := jsonstr.IntegerText(text)
			if err != nil {
				return nil, bad(text + " " + err.Error())
			}
			text = i
		}
		out = json.Number(text)
	case "boolean":
		switch x := v.(type) {
		case bool:
			out = x
		case string:
			b, err := strconv.ParseBool(strings.TrimSpace(x))
			if err != nil || (x != "true" && x != "false") {
				return nil, bad(fmt.Sprintf("%q is not true or false", x))
			}
			out = b
		default:
			return nil, bad("got " + jsonKind(v))
		}
	default:
		out = v
	}
	if validate != nil {
		if text := Text(out); !validate.MatchString(text) {
			return nil, fmt.Errorf("parameter %q does not match the pattern /%s/", name, validate)
		}
	}
	return out, nil
}

// ScalarText returns the text of a string, json.Number or bool argument
// as templates insert it ("abc", "12.50", "true"); ok is false for other
// values.
func ScalarText(v any) (text string, ok bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case json.Number:
		return x.String(), true
	case bool:
		return strconv.FormatBool(x), true
	}
	return "", false
}

// Text is the text form of a normalized argument, as templates insert
// it: scalars as ScalarText, nil as "", arrays and objects as compact JSON.
func Text(v any) string {
	if s, ok := ScalarText(v); ok || v == nil {
		return s
	}
	b, _ := jsonstr.Marshal(v)
	return string(b)
}

func jsonKind(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case json.Number, float64:
		return "a number"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "null"
}

func article(t string) string {
	if t == "integer" {
		return "an integer"
	}
	return "a " + t
}
