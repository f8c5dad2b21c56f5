package redact

import (
	"slices"
	"strconv"
	"strings"

	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// Redactor removes known secret values from text. The zero value redacts
// nothing; it is not safe for concurrent use (one per call).
type Redactor struct {
	secrets []string   // recorded values, in the order added
	set     *secretSet // the forms of secrets, once Redact needed them
	scanned int        // bytes Redact looked through, for tests
}

// Secrets returns the values recorded, in the order added; the caller
// must not change them.
func (r *Redactor) Secrets() []string { return r.secrets }

// Reset forgets the recorded values; the next are recorded in buf's
// backing array while it has room.
func (r *Redactor) Reset(buf []string) { r.secrets = buf[:0] }

// Scanned returns how many bytes Redact looked through, for tests.
func (r *Redactor) Scanned() int { return r.scanned }

// Add records secret values. Values shorter than four bytes are ignored.
// A header value such as "Bearer abc123" also records its credential part.
func (r *Redactor) Add(values ...string) {
	for _, v := range values {
		if scheme, cred, ok := strings.Cut(v, " "); ok && !strings.Contains(scheme, "=") {
			r.add(strings.TrimSpace(cred))
		}
		r.add(v)
	}
}

// AddHeader records the values of a header sent with a request. A Cookie
// header also records each cookie's value on its own, since a server may
// echo one cookie without the others.
func (r *Redactor) AddHeader(name string, values ...string) {
	r.Add(values...)
	if !strings.EqualFold(name, "Cookie") {
		return
	}
	for _, v := range values {
		for pair := range strings.SplitSeq(v, ";") {
			if _, value, ok := strings.Cut(pair, "="); ok {
				r.add(strings.TrimSpace(value))
			}
		}
	}
}

func (r *Redactor) add(v string) {
	if len(v) < minSecretLen || slices.Contains(r.secrets, v) {
		return
	}
	r.secrets = append(r.secrets, v)
}

// Redact returns s with every recorded secret replaced by [REDACTED], in
// each of these forms:
//   - as written, and with its ASCII letters lower-cased or upper-cased;
//   - URL-encoded for a query or a path (Go's url.QueryEscape and
//     url.PathEscape), or as RFC 3986 a component (a space as %20), with
//     upper- or lower-case hex; as JavaScript's encodeURIComponent;
//   - base64, standard or URL-safe, with or without padding;
//   - hex, lower or upper case;
//   - any of these written with JSON escapes, by any encoder: each of its
//     characters as written or as \uXXXX (hex digits of either case; a
//     character outside ASCII as one, or as a surrogate pair), "/" also
//     as "\/", and " \ and control characters as JSON requires, in any
//     mix (Go's \u003c, Gson's \u003d, .NET's \u002B, PHP's \/, ...);
//     and so escaped twice, as a JSON text held in a JSON string is
//     (\\u003d, \u005cu003d).
//
// Longer forms are replaced first, so a form containing another is
// replaced whole. The first time any Redactor meets a list of secrets,
// the first bytes of each form are computed; the whole forms only once a
// text holds one of those starts. A text holding \u or \/ (or another
// escape a secret needs) has its escapes decoded once, into a reused
// buffer, and the forms are looked for in the decoded text the same way:
// linear work, however many ways a secret could be escaped. A decoded
// text that still holds such escapes is decoded once more, into another
// buffer, after a copy. Otherwise Redact allocates only when it replaces
// something.
func (r *Redactor) Redact(s string) string {
	if len(r.secrets) == 0 || len(s) < minSecretLen {
		return s
	}
	r.scanned += len(s)
	return r.lookup().redact(s)
}

// Holds reports whether a recorded secret contains byte c.
func (r *Redactor) Holds(c byte) bool {
	for _, v := range r.secrets {
		if strings.IndexByte(v, c) >= 0 {
			return true
		}
	}
	return false
}

// lookup makes r.set the set of r's secrets and returns it.
func (r *Redactor) lookup() *secretSet {
	if r.set == nil || !slices.Equal(r.set.secrets, r.secrets) {
		r.set = lookupSet(r.secrets)
	}
	return r.set
}

// Cap redacts s and cuts the result at n bytes on a UTF-8 boundary, with a
// note of how much is shown and of the size of the text. Only the part
// shown, and a margin past it that holds any secret the cut crosses, is
// redacted: the text shown is the start of the whole text redacted, so a
// cut can never leave the start of a secret behind, and the part cut away
// costs nothing. The size is the redacted text's, or, when only its start
// was redacted, the size of s.
func (r *Redactor) Cap(s string, n int) string { return capText(r, s, n) }

// CapBytes is Cap for a body as read, converting only what it shows.
func (r *Redactor) CapBytes(b []byte, n int) string { return capText(r, b, n) }

func capText[T string | []byte](r *Redactor, s T, n int) string {
	shown, size, cut := prefix(r, s, n)
	if !cut {
		return shown
	}
	return truncated(shown, size)
}

// Prefix is the start of b redacted, cut at n bytes on a UTF-8 boundary,
// as Cap shows it but without the note; cut reports a cut.
func (r *Redactor) Prefix(b []byte, n int) (shown string, cut bool) {
	shown, _, cut = prefix(r, b, n)
	return shown, cut
}

// prefix is Cap's work: the redacted start of s, at most n bytes, the size
// the note names, and whether it was cut.
func prefix[T string | []byte](r *Redactor, s T, n int) (shown string, size int, cut bool) {
	n = max(n, 0)
	if len(s) <= n { // shown whole unless replacing secrets lengthens it
		return prefixWhole(r.Redact(string(s)), n)
	}
	m := r.bound()
	if m == 0 { // no secrets
		head, cut := textcut.Prefix(s, n)
		if !cut {
			return string(s), len(s), false
		}
		return string(head), len(s), true
	}
	// Replacing a form changes the text only where the form is: the head
	// redacts like the whole text up to the place where a form crossing
	// its end begins, and each form replaced after it may have matched
	// across what the first one left, one form's length further back.
	// So the head redacts like the whole except in its last m bytes, which
	// redaction makes at most 2.5 m long ([REDACTED] for 4 bytes). The 4
	// bytes more let the cut see where a UTF-8 sequence ends.
	need := n + 4 + 3*m
	for h := need + n/32; ; { // n/32: room for the secrets replaced
		if h >= len(s) {
			return prefixWhole(r.Redact(string(s)), n)
		}
		head := r.Redact(string(s[:h]))
		if len(head) >= need {
			shown, _ := textcut.Prefix(head, n)
			return shown, len(s), true
		}
		// Secrets replaced made the head shorter: as much longer again.
		h += (need-len(head))*h/max(len(head), 1) + m
	}
}

// prefixWhole cuts text, redacted whole, at n bytes.
func prefixWhole(text string, n int) (string, int, bool) {
	shown, cut := textcut.Prefix(text, n)
	return shown, len(text), cut
}

// truncated is a text cut from one of size bytes, with the note saying so.
func truncated[T string | []byte](shown T, size int) string {
	return string(shown) + "\n[truncated: " + strconv.Itoa(len(shown)) + " of " + strconv.Itoa(size) + " bytes shown]"
}

// bound returns at least the length of every form of the secrets
// together: how far back from the end of a text its redaction may differ
// from that of a longer text it begins.
func (r *Redactor) bound() int {
	if len(r.secrets) == 0 {
		return 0
	}
	return r.lookup().bound
}
