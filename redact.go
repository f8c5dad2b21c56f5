package toolkit

import (
	"net/url"
	"slices"
	"strings"
)

// Redacted replaces a secret in text the model or the logs see.
const Redacted = "[REDACTED]"

// minSecretLen is the shortest value redacted: replacing shorter strings
// would corrupt ordinary text more than it protects.
const minSecretLen = 4

var secretMarkers = []string{"KEY", "SECRET", "TOKEN", "PASSWORD", "PASSWD", "AUTH", "CREDENTIAL", "PRIVATE", "SESSION", "COOKIE"}

// secretName reports whether an environment variable's name marks its value
// as a secret.
func secretName(name string) bool {
	up := strings.ToUpper(name)
	for _, m := range secretMarkers {
		if strings.Contains(up, m) {
			return true
		}
	}
	return false
}

// secretHeader reports whether a header carries credentials.
func secretHeader(name string) bool {
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
	r       *strings.Replacer
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
	r.secrets = append(r.secrets, v)
	if q := url.QueryEscape(v); q != v {
		r.secrets = append(r.secrets, q)
	}
	if p := url.PathEscape(v); p != v && p != url.QueryEscape(v) {
		r.secrets = append(r.secrets, p)
	}
	r.r = nil
}

// Redact returns s with every recorded secret replaced by [REDACTED].
func (r *Redactor) Redact(s string) string {
	if len(r.secrets) == 0 || s == "" {
		return s
	}
	if r.r == nil {
		// Longest first, so a secret containing another is replaced whole.
		sorted := slices.Clone(r.secrets)
		slices.SortFunc(sorted, func(a, b string) int { return len(b) - len(a) })
		pairs := make([]string, 0, 2*len(sorted))
		for _, v := range sorted {
			pairs = append(pairs, v, Redacted)
		}
		r.r = strings.NewReplacer(pairs...)
	}
	return r.r.Replace(s)
}
