// Package textcut cuts text to a byte budget without splitting a UTF-8
// sequence.
package textcut

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
