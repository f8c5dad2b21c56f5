package extract

import (
	"bytes"
	"math"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// nkind is the kind of one indexed JSON node.
type nkind uint8

const (
	nString nkind = iota
	nNumber
	nTrue
	nFalse
	nNull
	nArray
	nObject
)

// node is one JSON value indexed in document order (a "tape"). Object
// children alternate key, value.
type node struct {
	start, end uint32 // src[start:end] is the value's JSON text
	next       uint32 // index of the first node after this subtree
	kind       nkind
	esc        bool // string holds a backslash escape
}

// tape is a parsed JSON document: the source and its index.
type tape struct {
	src   []byte
	nodes []node
}

func isWS(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// scanJSON indexes src if it is exactly one valid JSON value (RFC 8259,
// optional UTF-8 BOM). It never recurses, so nesting depth is unbounded.
func scanJSON(src []byte) (*tape, bool) {
	if len(src) >= math.MaxUint32 {
		return nil, false
	}
	i := 0
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		i = 3
	}
	t := &tape{src: src, nodes: make([]node, 0, 16+len(src)/8)}
	var stack []uint32 // open containers
	n := len(src)

	const (
		stValue    = iota // a value is expected
		stKey             // an object key is expected
		stAfter           // a value ended
		stFirstKey        // after '{': key or '}'
		stFirstVal        // after '[': value or ']'
	)
	state := stValue
	for {
		for i < n && isWS(src[i]) {
			i++
		}
		switch state {
		case stFirstKey, stFirstVal:
			closer := byte('}')
			if state == stFirstVal {
				closer = ']'
			}
			if i < n && src[i] == closer {
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				i++
				t.nodes[top].end = uint32(i)
				t.nodes[top].next = uint32(len(t.nodes))
				state = stAfter
				continue
			}
			if state == stFirstKey {
				state = stKey
			} else {
				state = stValue
			}
			continue
		case stKey:
			if i >= n || src[i] != '"' {
				return nil, false
			}
			end, esc, ok := scanString(src, i)
			if !ok {
				return nil, false
			}
			t.nodes = append(t.nodes, node{start: uint32(i), end: uint32(end), next: uint32(len(t.nodes) + 1), kind: nString, esc: esc})
			i = end
			for i < n && isWS(src[i]) {
				i++
			}
			if i >= n || src[i] != ':' {
				return nil, false
			}
			i++
			state = stValue
			continue
		case stAfter:
			if len(stack) == 0 {
				return t, i == n
			}
			if i >= n {
				return nil, false
			}
			top := stack[len(stack)-1]
			isObj := t.nodes[top].kind == nObject
			switch c := src[i]; {
			case c == ',':
				i++
				if isObj {
					state = stKey
				} else {
					state = stValue
				}
			case (c == '}' && isObj) || (c == ']' && !isObj):
				stack = stack[:len(stack)-1]
				i++
				t.nodes[top].end = uint32(i)
				t.nodes[top].next = uint32(len(t.nodes))
			default:
				return nil, false
			}
			continue
		}
		// stValue
		if i >= n {
			return nil, false
		}
		idx := uint32(len(t.nodes))
		switch c := src[i]; c {
		case '{', '[':
			k, st := nObject, stFirstKey
			if c == '[' {
				k, st = nArray, stFirstVal
			}
			t.nodes = append(t.nodes, node{start: uint32(i), kind: k})
			stack = append(stack, idx)
			i++
			state = st
			continue
		case '"':
			end, esc, ok := scanString(src, i)
			if !ok {
				return nil, false
			}
			t.nodes = append(t.nodes, node{start: uint32(i), end: uint32(end), next: idx + 1, kind: nString, esc: esc})
			i = end
		case 't', 'f', 'n':
			lit, k := "null", nNull
			if c == 't' {
				lit, k = "true", nTrue
			} else if c == 'f' {
				lit, k = "false", nFalse
			}
			if !bytes.HasPrefix(src[i:], []byte(lit)) {
				return nil, false
			}
			t.nodes = append(t.nodes, node{start: uint32(i), end: uint32(i + len(lit)), next: idx + 1, kind: k})
			i += len(lit)
		default:
			end, ok := jsonstr.ScanNumber(src, i)
			if !ok {
				return nil, false
			}
			t.nodes = append(t.nodes, node{start: uint32(i), end: uint32(end), next: idx + 1, kind: nNumber})
			i = end
		}
		state = stAfter
	}
}

// scanString checks the JSON string starting at src[i] == '"' and returns
// the offset just past its closing quote.
func scanString(src []byte, i int) (end int, esc, ok bool) {
	n := len(src)
	for j := i + 1; j < n; j++ {
		c := src[j]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		switch {
		case c == '"':
			return j + 1, esc, true
		case c == '\\':
			esc = true
			j++
			if j >= n {
				return 0, false, false
			}
			switch src[j] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if j+4 >= n {
					return 0, false, false
				}
				for k := 1; k <= 4; k++ {
					if unhex(src[j+k]) < 0 {
						return 0, false, false
					}
				}
				j += 4
			default:
				return 0, false, false
			}
		case c < 0x20:
			return 0, false, false
		}
	}
	return 0, false, false
}

func unhex(c byte) rune {
	switch {
	case '0' <= c && c <= '9':
		return rune(c - '0')
	case 'a' <= c && c <= 'f':
		return rune(c - 'a' + 10)
	case 'A' <= c && c <= 'F':
		return rune(c - 'A' + 10)
	}
	return -1
}

// stringText decodes a validated JSON string node. Like encoding/json, bad
// UTF-8 and lone surrogates become U+FFFD.
func (t *tape) stringText(nd *node) string {
	raw := t.src[nd.start+1 : nd.end-1]
	if !nd.esc && utf8.Valid(raw) {
		return string(raw)
	}
	b := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); {
		c := raw[i]
		if c == '\\' {
			switch raw[i+1] {
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
			case 'u':
				r := hex4(raw[i+2:])
				i += 6
				if utf16.IsSurrogate(r) {
					r2 := rune(-1)
					if i+6 <= len(raw) && raw[i] == '\\' && raw[i+1] == 'u' {
						r2 = hex4(raw[i+2:])
					}
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						i += 6
						r = dec
					} else {
						r = utf8.RuneError
					}
				}
				b = utf8.AppendRune(b, r)
				continue
			default: // " \ /
				b = append(b, raw[i+1])
			}
			i += 2
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(raw[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, "\uFFFD"...)
		} else {
			b = append(b, raw[i:i+size]...)
		}
		i += size
	}
	return string(b)
}

func hex4(b []byte) rune {
	return unhex(b[0])<<12 | unhex(b[1])<<8 | unhex(b[2])<<4 | unhex(b[3])
}

// keyIs reports whether the object key node equals key.
func (t *tape) keyIs(nd *node, key string) bool {
	if !nd.esc {
		return string(t.src[nd.start+1:nd.end-1]) == key
	}
	return t.stringText(nd) == key
}

// appendCompact appends the node's JSON text without insignificant
// whitespace. Number and string text is kept byte for byte.
func (t *tape) appendCompact(dst []byte, nd *node) []byte {
	span := t.src[nd.start:nd.end]
	if nd.kind != nArray && nd.kind != nObject {
		return append(dst, span...)
	}
	inStr := false
	from := 0
	for i := 0; i < len(span); i++ {
		c := span[i]
		if inStr {
			if c == '\\' {
				i++
			} else if c == '"' {
				inStr = false
			}
			continue
		}
		if c == '"' {
			inStr = true
		} else if isWS(c) {
			dst = append(dst, span[from:i]...)
			from = i + 1
		}
	}
	return append(dst, span[from:]...)
}

// formatFloat renders f like JavaScript's Number#toString for finite values.
func formatFloat(f float64) string {
	abs := math.Abs(f)
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}
