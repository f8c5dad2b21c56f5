// Package jsonstr escapes text for JSON string literals, reads JSON number
// text and writes compact JSON.
package jsonstr

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

const upperHex = "0123456789ABCDEF"

// AppendContent appends s escaped as the contents of a JSON string (no
// quotes), without HTML escaping. Invalid UTF-8 becomes U+FFFD; U+2028 and U+2029 are escaped.
func AppendContent(dst []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', upperHex[c>>4], upperHex[c&15])
			}
			i++
			start = i
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', upperHex[r&15])
		default:
			i += n
			continue
		}
		i += n
		start = i
	}
	return append(dst, s[start:]...)
}

// Append appends s as a quoted JSON string.
func Append(dst []byte, s string) []byte {
	return append(AppendContent(append(dst, '"'), s), '"')
}

// AppendMarshal appends s as a JSON string the way Marshal writes it (a
// map key or a string value): as Append does, but for control
// characters, which it escapes as encoding/json does.
func AppendMarshal(dst []byte, s string) []byte {
	if plainText(s) {
		return Append(dst, s)
	}
	b, _ := Marshal(s)
	return append(dst, b...)
}

// IsNumber reports whether s is exactly one JSON number (RFC 8259).
func IsNumber(s string) bool {
	end, ok := ScanNumber(s, 0)
	return ok && end == len(s)
}

// ScanNumber reads the JSON number (RFC 8259) that starts at s[i] and
// returns where it ends; ok is false if no number starts there (end is
// then where the grammar failed).
func ScanNumber[T string | []byte](s T, i int) (end int, ok bool) {
	n := len(s)
	digits := func(j int) int {
		for j < n && '0' <= s[j] && s[j] <= '9' {
			j++
		}
		return j
	}
	if i < n && s[i] == '-' {
		i++
	}
	switch {
	case i < n && s[i] == '0':
		i++
	case i < n && '1' <= s[i] && s[i] <= '9':
		i = digits(i + 1)
	default:
		return i, false
	}
	if i < n && s[i] == '.' {
		j := digits(i + 1)
		if j == i+1 {
			return j, false
		}
		i = j
	}
	if i < n && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < n && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := digits(i)
		if j == i {
			return j, false
		}
		i = j
	}
	return i, true
}

// Why IntegerText refuses a number.
var (
	ErrFraction = errors.New("has a fractional part")
	ErrExponent = errors.New("has an exponent beyond ±1000")
)

// IntegerText returns the integer form of JSON number text that is
// losslessly an integer ("42", "42.0", "4.2e1" give "42"). An exponent
// beyond ±1000 is refused before any arithmetic: "1e1000000" would
// otherwise be written out in a million digits.
func IntegerText(text string) (string, error) {
	if !strings.ContainsAny(text, ".eE") {
		return text, nil
	}
	if _, exp, ok := strings.Cut(strings.ToLower(text), "e"); ok {
		if n, err := strconv.Atoi(exp); err != nil || n > 1000 || n < -1000 {
			return "", ErrExponent
		}
	}
	r, ok := new(big.Rat).SetString(text)
	if !ok || !r.IsInt() {
		return "", ErrFraction
	}
	return r.Num().String(), nil
}

// Marshal encodes v as compact JSON without HTML escaping.
func Marshal(v any) ([]byte, error) {
	if b, ok := appendSimple(nil, v); ok {
		return b, nil
	}
	return marshal(v)
}

// appendSimple appends v as Marshal writes it, for the values schemas are
// made of (an Object, a string without control characters, a bool, nil, a
// list of strings); ok is false for any other value, left to
// encoding/json.
func appendSimple(dst []byte, v any) (_ []byte, ok bool) {
	switch x := v.(type) {
	case nil:
		return append(dst, "null"...), true
	case bool:
		return strconv.AppendBool(dst, x), true
	case string:
		if !plainText(x) {
			return dst, false
		}
		return Append(dst, x), true
	case []string:
		dst = append(dst, '[')
		for i, s := range x {
			if !plainText(s) {
				return dst, false
			}
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = Append(dst, s)
		}
		return append(dst, ']'), true
	case Object:
		return x.append(dst)
	}
	return dst, false
}

// plainText reports whether s has no control characters, which Append
// escapes differently from encoding/json.
func plainText(s string) bool {
	for i := range len(s) {
		if s[i] < 0x20 {
			return false
		}
	}
	return true
}

func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// Member is one member of an Object.
type Member struct {
	Key   string
	Value any
}

// Object is a JSON object that keeps its members' order.
type Object []Member

// MarshalJSON writes the members in order, values as Marshal writes them.
func (o Object) MarshalJSON() ([]byte, error) {
	if b, ok := o.append(nil); ok {
		return b, nil
	}
	buf := []byte{'{'}
	for i, m := range o {
		if i > 0 {
			buf = append(buf, ',')
		}
		v, err := Marshal(m.Value)
		if err != nil {
			return nil, err
		}
		buf = append(append(Append(buf, m.Key), ':'), v...)
	}
	return append(buf, '}'), nil
}

// append appends o when all its values are ones appendSimple writes.
func (o Object) append(dst []byte) ([]byte, bool) {
	dst = append(dst, '{')
	for i, m := range o {
		if i > 0 {
			dst = append(dst, ',')
		}
		var ok bool
		if dst, ok = appendSimple(append(Append(dst, m.Key), ':'), m.Value); !ok {
			return dst, false
		}
	}
	return append(dst, '}'), true
}

// Prefix returns the longest prefix of s, not splitting a UTF-8 sequence,
// whose escaped form (AppendContent) is at most n bytes, and whether it
// cut anything: a bound on the bytes s takes in a JSON answer, whatever
// share of it is control characters or invalid UTF-8 (six bytes each).
func Prefix(s string, n int) (string, bool) {
	size := 0
	for i := 0; i < len(s); {
		c, w, k := s[i], 1, 1
		switch {
		case c < utf8.RuneSelf:
			if c < 0x20 || c == '"' || c == '\\' {
				k = 2
				if c != '"' && c != '\\' && c != '\n' && c != '\r' && c != '\t' {
					k = 6
				}
			}
		default:
			r, rw := utf8.DecodeRuneInString(s[i:])
			w, k = rw, rw
			if r == utf8.RuneError && rw == 1 || r == '\u2028' || r == '\u2029' {
				k = 6
			}
		}
		if size+k > n {
			return s[:i], true
		}
		size += k
		i += w
	}
	return s, false
}
