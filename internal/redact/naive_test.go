package redact

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// jsonUnit is one byte or character of a text, or one JSON escape: a
// surrogate pair, another \uXXXX, or a short escape.
var jsonUnit = regexp.MustCompile(`(?s)\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\u(?:[0-9a-cA-CefEF][0-9a-fA-F]{3}|[dD][0-7][0-9a-fA-F]{2})|\\["\\/bfnrt]|.`)

// naiveRedact is what Redact does, the slow way: every form replaced in
// turn, then every form found in the text with its JSON escapes decoded,
// once or twice (maxEscapeDepth), replaced where it was decoded from.
func naiveRedact(forms []string, text string) string {
	for _, f := range forms {
		text = strings.ReplaceAll(text, f, Redacted)
	}
	if !strings.Contains(text, `\`) {
		return text
	}
	type place struct{ start, end int }
	var places []place
	decoded := text
	from, to := make([]int, len(text)), make([]int, len(text)) // the place in text of each decoded byte
	for i := range text {
		from[i], to[i] = i, i+1
	}
	for range maxEscapeDepth {
		d, f, t := naiveUnescape(decoded)
		for i := range f { // composed with the levels above
			f[i], t[i] = from[f[i]], to[t[i]-1]
		}
		decoded, from, to = d, f, t
		for _, form := range forms {
			for off := 0; ; {
				i := strings.Index(decoded[off:], form)
				if i < 0 {
					break
				}
				places = append(places, place{from[off+i], to[off+i+len(form)-1]})
				off += i + len(form)
			}
		}
	}
	slices.SortFunc(places, func(a, b place) int { return a.start - b.start })
	var out strings.Builder
	last := 0
	for i := 0; i < len(places); {
		start, end := places[i].start, places[i].end
		for i++; i < len(places) && places[i].start < end; i++ {
			end = max(end, places[i].end)
		}
		out.WriteString(text[last:max(start, last)])
		out.WriteString(Redacted)
		last = end
	}
	out.WriteString(text[last:])
	return out.String()
}

// naiveUnescape decodes text's JSON escapes and returns, for each byte
// decoded, where in text its unit begins and ends.
func naiveUnescape(text string) (string, []int, []int) {
	var decoded []byte
	var from, to []int
	for _, loc := range jsonUnit.FindAllStringIndex(text, -1) {
		u := text[loc[0]:loc[1]]
		var b []byte
		switch {
		case len(u) == 12:
			hi, _ := strconv.ParseUint(u[2:6], 16, 16)
			lo, _ := strconv.ParseUint(u[8:12], 16, 16)
			b = utf8.AppendRune(nil, utf16.DecodeRune(rune(hi), rune(lo)))
		case len(u) == 6 && u[0] == '\\':
			r, _ := strconv.ParseUint(u[2:], 16, 16)
			b = utf8.AppendRune(nil, rune(r))
		case len(u) == 2 && u[0] == '\\':
			b = []byte{map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}[u[1]]}
		default:
			b = []byte(u)
		}
		for range b {
			from, to = append(from, loc[0]), append(to, loc[1])
		}
		decoded = append(decoded, b...)
	}
	return string(decoded), from, to
}
