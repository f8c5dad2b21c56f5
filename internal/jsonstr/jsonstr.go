// Package jsonstr escapes text for JSON string literals and recognizes
// JSON number text.
package jsonstr

import "unicode/utf8"

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

// IsNumber reports whether s is exactly one JSON number (RFC 8259).
func IsNumber(s string) bool {
	if s == "" {
		return false
	}
	i := 0
	if s[i] == '-' {
		i++
	}
	digits := func() int {
		j := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		return i - j
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}
