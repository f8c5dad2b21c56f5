package extract

import (
	"bytes"
	"math"
	"slices"
	"strconv"

	"github.com/toolkit-sdk/toolkit/internal/jsontok"
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

func isWS(c byte) bool { return jsontok.IsSpace(c) }

// scanJSON indexes src if it is exactly one valid JSON value (RFC 8259,
// optional UTF-8 BOM), as read by the shared tokenizer. It never recurses,
// and its nesting depth is unbounded. The index starts at one node per 16
// bytes and grows by what the part scanned predicts for the rest.
func scanJSON(src []byte) (*tape, bool) {
	if len(src) >= math.MaxUint32 {
		return nil, false
	}
	s := jsontok.Scanner{Src: src, MaxDepth: -1}
	if bytes.HasPrefix(src, []byte(jsontok.BOM)) {
		s.Pos = len(jsontok.BOM)
	}
	t := &tape{src: src, nodes: make([]node, 0, 16+len(src)/16)}
	var stack []uint32 // open containers
	s.Space()
	for {
		// A value is expected.
		start := s.Pos
		k, ok := s.Value()
		if !ok {
			return nil, false
		}
		end := 0
		switch k {
		case jsontok.Object, jsontok.Array:
			stack = append(stack, uint32(len(t.nodes)))
			t.push(uint32(start), 0, start)
			empty, _ := s.Open()
			if !empty {
				if k == jsontok.Object && !t.key(&s) {
					return nil, false
				}
				continue
			}
			t.nodes[len(t.nodes)-1].x = uint32(len(t.nodes))
			stack = stack[:len(stack)-1]
		case jsontok.String:
			_, e, _, ok := s.String()
			if !ok {
				return nil, false
			}
			end = e + 1
		case jsontok.Number:
			_, end, ok = s.Number()
			if !ok {
				return nil, false
			}
		default:
			if !s.Literal(k) {
				return nil, false
			}
			end = s.Pos
		}
		if end > 0 {
			t.push(uint32(start), uint32(end), start)
		}
		// A value ended: close the containers it ends.
		for {
			if len(stack) == 0 {
				return t, s.End()
			}
			top := stack[len(stack)-1]
			isObj := src[t.nodes[top].start] == '{'
			closer := byte(']')
			if isObj {
				closer = '}'
			}
			more, ok := s.Next(closer)
			if !ok {
				return nil, false
			}
			if more {
				if isObj && !t.key(&s) {
					return nil, false
				}
				break
			}
			stack = stack[:len(stack)-1]
			t.nodes[top].x = uint32(len(t.nodes))
		}
	}
}

// key indexes a member's name and reads the colon after it.
func (t *tape) key(s *jsontok.Scanner) bool {
	start := s.Pos
	_, end, _, ok := s.Member()
	t.push(uint32(start), uint32(end+1), start)
	return ok
}

// stringText decodes string node i.
func (t *tape) stringText(i uint32) string {
	return decodeString(t.src[t.nodes[i].start:t.nodes[i].x])
}

// decodeString decodes a validated JSON string, quotes included. Like
// encoding/json, bad UTF-8 and lone surrogates become U+FFFD.
func decodeString(quoted []byte) string {
	return jsontok.Unquote(quoted[1 : len(quoted)-1])
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
	from := 0
	for i := 0; i < len(span); i++ {
		if c := span[i]; c == '"' {
			i = jsontok.QuotedEnd(span, i) - 1
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
