package toolkit

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// Redacted replaces a secret in text the model or the logs see.
const Redacted = "[REDACTED]"

// minSecretLen is the shortest value redacted: replacing shorter strings
// would corrupt ordinary text more than it protects.
const minSecretLen = 4

var secretMarkers = []string{"KEY", "SECRET", "TOKEN", "PASSWORD", "PASSWD", "AUTH", "CREDENTIAL", "PRIVATE", "SESSION", "COOKIE"}

// IsSecretName reports whether a variable's name marks its value as a
// secret: it contains KEY, SECRET, TOKEN, PASSWORD, PASSWD, AUTH,
// CREDENTIAL, PRIVATE, SESSION or COOKIE, in any case.
func IsSecretName(name string) bool {
	up := strings.ToUpper(name)
	for _, m := range secretMarkers {
		if strings.Contains(up, m) {
			return true
		}
	}
	return false
}

// IsSecretHeader reports whether a header carries credentials:
// Authorization, Proxy-Authorization, Cookie, Set-Cookie, or a name ending
// in -Key, -Token or -Secret.
func IsSecretHeader(name string) bool {
	n := strings.ToLower(name)
	switch n {
	case "authorization", "proxy-authorization", "cookie", "set-cookie":
		return true
	}
	return strings.HasSuffix(n, "-key") || strings.HasSuffix(n, "-token") || strings.HasSuffix(n, "-secret")
}

// Redactor removes known secret values from text. The zero value redacts
// nothing; it is not safe for concurrent use (one per call).
type Redactor struct {
	secrets []string
}

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

func (r *Redactor) add(v string) {
	if len(v) < minSecretLen || slices.Contains(r.secrets, v) {
		return
	}
	// Longest first, so a secret containing another is replaced whole.
	i, _ := slices.BinarySearchFunc(r.secrets, v, func(a, b string) int { return len(b) - len(a) })
	r.secrets = slices.Insert(r.secrets, i, v)
}

// Redact returns s with every recorded secret, and its URL-encoded forms,
// replaced by [REDACTED]. It allocates only when it replaces something.
func (r *Redactor) Redact(s string) string {
	encoded := strings.ContainsAny(s, "%+") // an encoded form needs one of these
	for _, v := range r.secrets {
		s = replaceAll(s, v)
		if encoded && !plainURLText(v) {
			s = replaceAll(s, url.QueryEscape(v))
			s = replaceAll(s, url.PathEscape(v))
		}
	}
	return s
}

func replaceAll(s, secret string) string {
	if !strings.Contains(s, secret) {
		return s
	}
	return strings.ReplaceAll(s, secret, Redacted)
}

// plainURLText reports whether v reads the same URL-encoded.
func plainURLText(v string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~') {
			return false
		}
	}
	return true
}

// Cap redacts s and cuts the result at n bytes on a UTF-8 boundary, with a
// note of how much is shown. Redacting first means a cut can never leave
// the start of a secret behind.
func (r *Redactor) Cap(s string, n int) string {
	s = r.Redact(s)
	shown, cut := textcut.Prefix(s, n)
	if !cut {
		return s
	}
	return shown + fmt.Sprintf("\n[truncated: %d of %d bytes shown]", len(shown), len(s))
}
