package redact

import (
	"bytes"
	"slices"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// hasEscape reports whether s holds a JSON escape that may stand for a
// byte of a form (see secretSet.escapes), or such an escape escaped again
// (\\\\u). It may report one where there is none.
func (set *secretSet) hasEscape(s string) bool {
	for i, skipped := 0, 0; ; skipped++ {
		j := strings.IndexByte(s[i:], '\\')
		if j < 0 || i+j+1 >= len(s) {
			return false
		}
		i += j + 1
		if set.escapes[s[i]/64]&(1<<(s[i]%64)) != 0 {
			return true
		}
		if s[i] == '\\' && i+1 < len(s) && set.escapes[s[i+1]/64]&(1<<(s[i+1]%64)) != 0 {
			return true
		}
		i++ // past the escaped byte: the second \ of \\ starts nothing
		if skipped > 16+i/32 && set.escapes == unicodeAndSlash {
			// Backslashes close together (\" in a JSON text held in a
			// string): one search for \u and one for \/ over the rest
			// are faster than a search for each backslash. They also
			// find \\u and \\/.
			return strings.Contains(s[i:], `\u`) || strings.Contains(s[i:], `\/`)
		}
	}
}

// unicodeAndSlash is secretSet.escapes when only \u and \/ matter: no
// secret holds " \ or a control character.
var unicodeAndSlash = func() (e [4]uint64) {
	for _, c := range []byte{'u', '/'} {
		e[c/64] |= 1 << (c % 64)
	}
	return e
}()

// unescapeBufs holds the buffers redactEscaped decodes texts into, of at
// most maxPooledBuf bytes.
var unescapeBufs = sync.Pool{New: func() any { return new([]byte) }}

const maxPooledBuf = 4 << 20

// maxEscapeDepth is how many times redactEscaped decodes a text's escapes:
// twice finds a secret in a JSON text held in a JSON string
// ("{\"t\":\"a\\u003db\"}"), as APIs that wrap a document in another write
// it. escapeGrowth is how much longer a form may be written so: each
// byte as \u00XX, each of whose bytes as \u00XX again.
const maxEscapeDepth, escapeGrowth = 2, 6 * 6

// redactEscaped replaces the forms written with JSON escapes in s: any of
// their bytes as \uXXXX in either case (a character outside ASCII as
// one, or a surrogate pair), / also as \/, and " \ and the control
// characters as JSON requires, in any mix, and such a text escaped again
// (maxEscapeDepth). It decodes s's escapes, looks for the forms in the
// decoded text as Redact does in s, and replaces, in s, each place a form
// was decoded from. Every decoded byte comes from one place in s, so the
// work is linear in the length of s for each decoding, however many ways
// a form could be written.
func (set *secretSet) redactEscaped(s string) string {
	spans := set.escapedSpans(s, 1)
	if len(spans) == 0 {
		return s
	}
	slices.SortFunc(spans, func(x, y span) int { return x.start - y.start })
	var out strings.Builder
	out.Grow(len(s))
	last := 0 // s[:last] is written
	for i := 0; i < len(spans); {
		start, end := spans[i].start, spans[i].end
		for i++; i < len(spans) && spans[i].start < end; i++ {
			end = max(end, spans[i].end)
		}
		start = max(start, last)
		out.WriteString(s[last:start])
		out.WriteString(Redacted)
		last = end
	}
	out.WriteString(s[last:])
	return out.String()
}

// escapedSpans returns the places in s of the forms found in s with its
// escapes decoded, and, below maxEscapeDepth, decoded again.
func (set *secretSet) escapedSpans(s string, depth int) []span {
	bp := unescapeBufs.Get().(*[]byte)
	d := appendUnescaped((*bp)[:0], s)
	if cap(d) <= maxPooledBuf {
		*bp = d
		defer unescapeBufs.Put(bp)
	}
	var spans []span // the decoded places of the forms found
	var hits [maxHits / 64]uint64
	ds := "" // d, copied once needed
	if scan(set, d, &hits) || len(set.starts) > maxHits {
		set.build()
		ds = string(d)
		for k, f := range set.forms {
			if !set.hit(&hits, k) {
				continue
			}
			for off := 0; ; {
				i := strings.Index(ds[off:], f)
				if i < 0 {
					break
				}
				spans = append(spans, span{start: off + i, end: off + i + len(f)})
				off += i + len(f)
			}
		}
	}
	// Decoded again only if escapes were decoded, and some remain.
	if depth < maxEscapeDepth && len(d) < len(s) && bytes.IndexByte(d, '\\') >= 0 {
		if ds == "" {
			ds = string(d)
		}
		if set.hasEscape(ds) {
			spans = append(spans, set.escapedSpans(ds, depth+1)...)
		}
	}
	if len(spans) == 0 {
		return nil
	}
	// unit[k]: where in s the escape (or byte) that decoded byte k comes
	// from begins; unit[len(d)] = len(s).
	unit := make([]int32, 0, len(d)+1)
	for i := 0; i < len(s); {
		end, _, n := unescapeAt(s, i)
		for range n {
			unit = append(unit, int32(i))
		}
		i = end
	}
	unit = append(unit, int32(len(s)))
	for i := range spans {
		a, b := spans[i].start, spans[i].end
		end := b
		for end < len(d) && unit[end] == unit[b-1] { // the rest of a character's escape
			end++
		}
		spans[i].start, spans[i].end = int(unit[a]), int(unit[end])
	}
	return spans
}

// appendUnescaped appends s to buf with its JSON escapes decoded; a
// backslash that starts no valid escape stays as it is.
func appendUnescaped(buf []byte, s string) []byte {
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '\\')
		if j < 0 {
			return append(buf, s[i:]...)
		}
		buf = append(buf, s[i:i+j]...)
		i += j
		if i+6 <= len(s) && s[i+1] == 'u' { // the common escape, inline
			if r, ok := hex4(s, i+2); ok && !utf16.IsSurrogate(r) {
				if r < utf8.RuneSelf {
					buf = append(buf, byte(r))
				} else {
					buf = utf8.AppendRune(buf, r)
				}
				i += 6
				continue
			}
		}
		end, b, n := unescapeAt(s, i)
		buf = append(buf, b[:n]...)
		i = end
	}
	return buf
}

// unescapeAt decodes the byte, or JSON escape, at s[i]: it returns where
// it ends and the n bytes it stands for.
func unescapeAt(s string, i int) (end int, b [utf8.UTFMax]byte, n int) {
	b[0] = s[i]
	if s[i] != '\\' || i+1 >= len(s) {
		return i + 1, b, 1
	}
	switch c := s[i+1]; c {
	case '"', '\\', '/':
		b[0] = c
		return i + 2, b, 1
	case 'b', 'f', 'n', 'r', 't':
		b[0] = jsonControls[strings.IndexByte(jsonControlEscapes, c)]
		return i + 2, b, 1
	case 'u':
		r, ok := hex4(s, i+2)
		end = i + 6
		switch {
		case !ok:
			return i + 1, b, 1
		case utf16.IsSurrogate(r):
			r2, ok := hex4(s, i+8)
			if !ok || s[i+6] != '\\' || s[i+7] != 'u' {
				return i + 1, b, 1
			}
			if r = utf16.DecodeRune(r, r2); r == utf8.RuneError {
				return i + 1, b, 1
			}
			end = i + 12
		}
		return end, b, utf8.EncodeRune(b[:], r)
	}
	return i + 1, b, 1
}

// The control characters JSON writes with a letter, and the letters.
const jsonControls, jsonControlEscapes = "\b\f\n\r\t", "bfnrt"

// hex4 decodes the four hex digits, of either case, at s[i:].
func hex4(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	a, b, c, d := hexValue[s[i]], hexValue[s[i+1]], hexValue[s[i+2]], hexValue[s[i+3]]
	if a|b|c|d < 0 {
		return 0, false
	}
	return rune(a)<<12 | rune(b)<<8 | rune(c)<<4 | rune(d), true
}

// hexValue holds each byte's value as a hex digit of either case, or -1.
var hexValue = func() (t [256]int8) {
	for c := range t {
		switch {
		case '0' <= c && c <= '9':
			t[c] = int8(c - '0')
		case 'a' <= c|0x20 && c|0x20 <= 'f':
			t[c] = int8(c | 0x20 - 'a' + 10)
		default:
			t[c] = -1
		}
	}
	return t
}()
