// Package linkheader reads the Link header of an HTTP response (RFC 8288),
// for a loop step that follows rel="next".
package linkheader

import (
	"net/http"
	"strings"
)

// Target returns the target of the first link of relation rel in the
// Link headers (RFC 8288), "" if there is none. The target is as written:
// a relative reference resolves against the page's URL.
func Target(h http.Header, rel string) string {
	for _, v := range h.Values("Link") {
		for v != "" {
			var target, rels string
			var ok bool
			target, rels, v, ok = nextLink(v)
			if !ok {
				break
			}
			for _, r := range strings.Fields(rels) {
				if strings.EqualFold(r, rel) {
					return target
				}
			}
		}
	}
	return ""
}

// nextLink reads one link-value of a Link header: "<target>" and its
// parameters up to the next top-level comma. rels is its rel parameter;
// ok is false when s holds no well-formed link.
func nextLink(s string) (target, rels, rest string, ok bool) {
	s = strings.TrimLeft(s, " \t,")
	if s == "" || s[0] != '<' {
		return "", "", "", false
	}
	end := strings.IndexByte(s, '>')
	if end < 0 {
		return "", "", "", false
	}
	target, s = s[1:end], s[end+1:]
	haveRel := false
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" || s[0] == ',' {
			return target, rels, s, true
		}
		if s[0] != ';' {
			return "", "", "", false
		}
		s = strings.TrimLeft(s[1:], " \t")
		i := strings.IndexAny(s, "=;, \t")
		if i < 0 {
			i = len(s)
		}
		name := s[:i]
		s = strings.TrimLeft(s[i:], " \t")
		var value string
		if s != "" && s[0] == '=' {
			s = strings.TrimLeft(s[1:], " \t")
			value, s = paramValue(s)
		}
		if strings.EqualFold(name, "rel") && !haveRel { // only the first rel counts (RFC 8288, 3.3)
			rels, haveRel = value, true
		}
	}
}

// paramValue reads a token or a quoted-string from the start of s.
func paramValue(s string) (value, rest string) {
	if s == "" || s[0] != '"' {
		i := strings.IndexAny(s, ";, \t")
		if i < 0 {
			return s, ""
		}
		return s[:i], s[i:]
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s):
			i++
			b.WriteByte(s[i])
		case c == '"':
			return b.String(), s[i+1:]
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), "" // unterminated: the rest is the value
}
