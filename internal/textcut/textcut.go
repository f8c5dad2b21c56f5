// Package textcut cuts text to a byte budget without splitting a UTF-8
// sequence, and to the brief that discovery answers show.
package textcut

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Prefix returns s cut to at most n bytes, backing up to the start of a
// UTF-8 sequence the cut would split (four bytes at most, so text that is
// not UTF-8 is still cut near n), and whether it cut anything.
func Prefix[T string | []byte](s T, n int) (T, bool) {
	if len(s) <= n {
		return s, false
	}
	cut := max(n, 0)
	for cut > 0 && cut > n-4 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut], true
}

// Brief is the first sentence of a text's first line, at most 100
// characters: what discovery answers show of a description.
func Brief(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if i := strings.Index(s, ". "); i >= 20 {
		s = s[:i+1]
	}
	if i := strings.Index(s, "。"); i >= 10 && i+len("。") < len(s) {
		s = s[:i+len("。")]
	}
	if r := []rune(s); len(r) > 100 {
		s = strings.TrimSpace(string(r[:99])) + "…"
	}
	return strings.TrimSpace(s)
}

// QuoteBytes is how many bytes of one untrusted string a message quotes.
const QuoteBytes = 64

// Quote is strconv.Quote of s cut to QuoteBytes (on a UTF-8 boundary): a
// message quotes model or upstream input briefly, whatever its size. A cut
// is marked inside the quotes and followed by the full length:
// "aaaa…" (1,048,576 bytes).
func Quote(s string) string { return QuoteN(s, QuoteBytes) }

// QuoteN is Quote with at most n bytes shown.
func QuoteN(s string, n int) string {
	shown, cut := Prefix(s, n)
	if !cut {
		return strconv.Quote(s)
	}
	q := strconv.Quote(shown)
	return q[:len(q)-1] + `…" (` + Count(len(s)) + " bytes)"
}

// Cut is s cut to n bytes (on a UTF-8 boundary) with "…" appended when it
// was cut, for text a message shows unquoted.
func Cut(s string, n int) string {
	shown, cut := Prefix(s, n)
	if !cut {
		return s
	}
	return shown + "…"
}

// ListNames is how many names a message lists before it counts the rest.
const ListNames = 5

// Names quotes the first ListNames of names (each with Quote), joined by
// ", ", and counts the others: "a", "b", "c", "d", "e" and 99,995 more.
func Names(names []string) string {
	return Join(names, ListNames, Quote)
}

// Join writes the first n of items with f, joined by ", ", and counts the
// rest (" and 12 more"); f runs on those shown only.
func Join[T any](items []T, n int, f func(T) string) string {
	var b strings.Builder
	for i, it := range items[:min(n, len(items))] {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(f(it))
	}
	if more := len(items) - n; more > 0 {
		b.WriteString(" and " + Count(more) + " more")
	}
	return b.String()
}

// Count writes n in decimal with thousands separators: 1,048,576.
func Count(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b []byte
	if neg {
		b = append(b, '-')
	}
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[i])
	}
	return string(b)
}

// Printable is s with every character that is not graphic written as an
// escape: control characters (an ANSI escape, a line break, NUL), format
// characters (a bidirectional override) and bytes that are not UTF-8, as
// \x1b or \u202e. For a line a server wrote that a message shows
// unquoted, such as a status line's reason phrase.
func Printable(s string) string {
	i := strings.IndexFunc(s, func(r rune) bool { return r == utf8.RuneError || r != ' ' && !unicode.IsGraphic(r) })
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == ' ' || unicode.IsGraphic(r):
			b.WriteString(s[i : i+size])
		case r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		i += size
	}
	return b.String()
}
