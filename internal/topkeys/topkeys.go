// Package topkeys finds the top-level keys of a JSON or YAML document
// without parsing it, tolerating syntax errors, so that a file is still
// recognised (toolkit.DetectFile) and its loader can report them.
package topkeys

import (
	"bytes"
	"strings"

	"github.com/toolkit-sdk/toolkit/internal/jsontok"
)

// FirstSignificant returns the first byte of src that is not white space
// or inside a comment (#, // or /* */), or 0.
func FirstSignificant(src []byte) byte {
	for i := 0; i < len(src); {
		switch c := src[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case c == '#':
			nl := bytes.IndexByte(src[i:], '\n')
			if nl < 0 {
				return 0
			}
			i += nl
		case c == '/':
			end, ok := jsontok.CommentEnd(src, i)
			switch {
			case end == i:
				return c
			case !ok:
				return 0
			}
			i = end
		default:
			return c
		}
	}
	return 0
}

// YAML calls fn with the keys of a YAML block mapping at column 0,
// until fn returns false.
func YAML(src []byte, fn func(key string, inArray bool) bool) {
	for len(src) > 0 {
		line := src
		if nl := bytes.IndexByte(src, '\n'); nl >= 0 {
			line, src = src[:nl], src[nl+1:]
		} else {
			src = nil
		}
		if len(line) == 0 || strings.IndexByte(" \t#-[{%\r", line[0]) >= 0 {
			continue
		}
		colon := bytes.IndexByte(line, ':')
		if colon <= 0 {
			continue
		}
		key := strings.Trim(string(bytes.TrimSpace(line[:colon])), `"'`)
		if !fn(key, false) {
			return
		}
	}
}

// JSON calls fn with the keys of a JSON object (inArray false) or of
// the objects of a JSON array (inArray true), tolerating comments, bare
// keys and syntax errors, until fn returns false.
func JSON(src []byte, fn func(key string, inArray bool) bool) {
	var stack []byte // open containers: '{' or '['
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '{', '[':
			stack = append(stack, c)
		case '}', ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case '/':
			end, ok := jsontok.CommentEnd(src, i)
			if !ok && end > i {
				return
			}
			i = max(end-1, i)
		case '"', '\'':
			end, ok := jsontok.Quoted(src, i)
			if !ok {
				return
			}
			key, top := string(src[i+1:end-1]), topObject(stack)
			if i = end - 1; top != 0 && followedByColon(src[end:]) && !fn(key, top == 2) {
				return
			}
		default:
			if isBareKeyByte(c) && (i == 0 || !isBareKeyByte(src[i-1])) {
				end := i
				for end < len(src) && isBareKeyByte(src[end]) {
					end++
				}
				key, top := string(src[i:end]), topObject(stack)
				if top != 0 && followedByColon(src[end:]) && !fn(key, top == 2) {
					return
				}
				i = end - 1
			}
		}
	}
}

// topObject reports whether the innermost container is the top-level
// object (1) or an object of a top-level array (2), else 0.
func topObject(stack []byte) int {
	switch {
	case len(stack) == 1 && stack[0] == '{':
		return 1
	case len(stack) == 2 && stack[0] == '[' && stack[1] == '{':
		return 2
	}
	return 0
}

func followedByColon(rest []byte) bool {
	rest = bytes.TrimLeft(rest, " \t\r\n")
	return len(rest) > 0 && rest[0] == ':'
}

func isBareKeyByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
