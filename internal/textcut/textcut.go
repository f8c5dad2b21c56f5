// Package textcut cuts text to a byte budget without splitting a UTF-8
// sequence, and to the brief that discovery answers show.
package textcut

import "strings"

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
