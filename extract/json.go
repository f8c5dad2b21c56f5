package extract

import (
	"bytes"
	"math"
	"slices"
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
// children alternate key, value. The value's first byte tells its kind.
type node struct {
	start uint32 // src[start] is the value's first byte
	// x is a scalar's end (src[start:x] is its JSON text) and a
	// container's next: the index of the first node after its subtree.
	x uint32
}

// tape is a parsed JSON document: the source and its index.
type tape struct {
	src   []byte
	nodes []node
}

// kinds maps the first byte of a valid JSON value to its kind.
var kinds = func() (k [256]nkind) {
	for c := range k {
		k[c] = nNumber
	}
	k['"'], k['t'], k['f'], k['n'], k['['], k['{'] = nString, nTrue, nFalse, nNull, nArray, nObject
	return k
}()

// kind returns the kind of node i.
func (t *tape) kind(i uint32) nkind { return kinds[t.src[t.nodes[i].start]] }

func (k nkind) container() bool { return k == nArray || k == nObject }

// next returns the index of the first node after node i's subtree.
func (t *tape) next(i uint32) uint32 {
	if t.kind(i).container() {
		return t.nodes[i].x
	}
	return i + 1
}

// end returns the offset just past node i's JSON text. A container's is
// found after the last node of its subtree: its closing bracket follows,
// after those of the containers that end with it.
func (t *tape) end(i uint32) uint32 {
	if !t.kind(i).container() {
		return t.nodes[i].x
	}
	n := t.nodes[i].x
	c, closers := i, 0
	for t.kind(c).container() && c+1 < n { // c has children: down to its last
		closers++
		ch := c + 1
		for t.next(ch) != n {
			ch = t.next(ch)
		}
		c = ch
	}
	pos := t.nodes[c].x        // c's end if it is a scalar
	if t.kind(c).container() { // an empty one
		pos = t.nodes[c].start + 1
		closers++
	}
	for ; closers > 0; closers-- {
		for isWS(t.src[pos]) {
			pos++
		}
		pos++
	}
	return pos
}

// text returns node i's JSON text.
func (t *tape) text(i uint32) []byte { return t.src[t.nodes[i].start:t.end(i)] }

// push appends a node; pos is how far the scan is, to size the index.
func (t *tape) push(start, x uint32, pos int) {
	if len(t.nodes) == cap(t.nodes) {
		t.grow(pos)
	}
	t.nodes = append(t.nodes, node{start, x})
}

// grow makes room for the nodes of the rest of the source, assumed as
// dense as what pos bytes of it held, and an eighth more.
func (t *tape) grow(pos int) {
	n := len(t.nodes)
	rest := float64(len(t.src)-pos) * float64(n) / float64(max(pos, 1))
	t.nodes = slices.Grow(t.nodes, int(rest*1.125)+16)
}

func isWS(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// scanJSON indexes src if it is exactly one valid JSON value (RFC 8259,
// optional UTF-8 BOM). It never recurses, so nesting depth is unbounded.
// The index starts at one node per 16 bytes and grows by what the part
// scanned predicts for the rest.
func scanJSON(src []byte) (*tape, bool) {
	if len(src) >= math.MaxUint32 {
		return nil, false
	}
	i := 0
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		i = 3
	}
	t := &tape{src: src, nodes: make([]node, 0, 16+len(src)/16)}
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
				t.nodes[top].x = uint32(len(t.nodes))
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
			end, ok := scanString(src, i)
			if !ok {
				return nil, false
			}
			t.push(uint32(i), uint32(end), i)
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
			isObj := src[t.nodes[top].start] == '{'
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
				t.nodes[top].x = uint32(len(t.nodes))
			default:
				return nil, false
			}
			continue
		}
		// stValue
		if i >= n {
			return nil, false
		}
		switch c := src[i]; c {
		case '{', '[':
			st := stFirstKey
			if c == '[' {
				st = stFirstVal
			}
			stack = append(stack, uint32(len(t.nodes)))
			t.push(uint32(i), 0, i)
			i++
			state = st
			continue
		case '"':
			end, ok := scanString(src, i)
			if !ok {
				return nil, false
			}
			t.push(uint32(i), uint32(end), i)
			i = end
		case 't', 'f', 'n':
			lit := "null"
			if c == 't' {
				lit = "true"
			} else if c == 'f' {
				lit = "false"
			}
			if !bytes.HasPrefix(src[i:], []byte(lit)) {
				return nil, false
			}
			t.push(uint32(i), uint32(i+len(lit)), i)
			i += len(lit)
		default:
			end, ok := jsonstr.ScanNumber(src, i)
			if !ok {
				return nil, false
			}
			t.push(uint32(i), uint32(end), i)
			i = end
		}
		state = stAfter
	}
}

// scanString checks the JSON string starting at src[i] == '"' and returns
// the offset just past its closing quote.
func scanString(src []byte, i int) (end int, ok bool) {
	n := len(src)
	for j := i + 1; j < n; j++ {
		c := src[j]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		switch {
		case c == '"':
			return j + 1, true
		case c == '\\':
			j++
			if j >= n {
				return 0, false
			}
			switch src[j] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if j+4 >= n {
					return 0, false
				}
				for k := 1; k <= 4; k++ {
					if unhex(src[j+k]) < 0 {
						return 0, false
					}
				}
				j += 4
			default:
				return 0, false
			}
		case c < 0x20:
			return 0, false
		}
	}
	return 0, false
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

// stringText decodes string node i.
func (t *tape) stringText(i uint32) string {
	return decodeString(t.src[t.nodes[i].start:t.nodes[i].x])
}

// decodeString decodes a validated JSON string, quotes included. Like
// encoding/json, bad UTF-8 and lone surrogates become U+FFFD.
func decodeString(quoted []byte) string {
	raw := quoted[1 : len(quoted)-1]
	if bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
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

// keyIs reports whether the object key node i equals key.
func (t *tape) keyIs(i uint32, key string) bool {
	raw := t.src[t.nodes[i].start+1 : t.nodes[i].x-1]
	if string(raw) == key {
		return bytes.IndexByte(raw, '\\') < 0 || t.stringText(i) == key
	}
	return bytes.IndexByte(raw, '\\') >= 0 && t.stringText(i) == key
}

// appendCompact appends node i's JSON text without insignificant
// whitespace. Number and string text is kept byte for byte.
func (t *tape) appendCompact(dst []byte, i uint32) []byte {
	span := t.text(i)
	if !t.kind(i).container() {
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
