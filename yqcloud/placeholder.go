package yqcloud

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/toolkit-sdk/toolkit"
)

// Names of the per-call values the YQCloud placeholders read. The host
// passes them with toolkit.WithValue for each call.
const (
	// ValueTenantID is ${tenantId}: the current tenant's id.
	ValueTenantID = "tenantId"
	// ValueAccessToken is ${yqAccessToken}: the current user's access
	// token. It is a secret: redacted from everything the model sees.
	ValueAccessToken = "yqAccessToken"
	// StaticPrefix starts the names of ${STATIC#name} values, which are
	// trusted configuration inserted as written.
	StaticPrefix = "STATIC#"
	// ValueBaseURL is ${STATIC#yqcloud_url}: the YQCloud API base URL,
	// such as https://api.yqcloud.com.
	ValueBaseURL = StaticPrefix + "yqcloud_url"
)

type segKind uint8

const (
	segLiteral segKind = iota
	segValue           // ${name}: a per-call value from the host
	segParam           // {name}: a path parameter from the arguments
)

type segment struct {
	kind segKind
	text string // literal text or the name
	off  int    // byte offset in the source
}

// tmpl is a url or header value with its placeholders, parsed once.
type tmpl struct {
	segs []segment
}

// placeholderError is a malformed placeholder at a byte offset.
type placeholderError struct {
	off int
	msg string
}

func (e *placeholderError) Error() string { return e.msg }

// parseTemplate parses ${name} placeholders and, when params is set,
// {name} path parameters.
func parseTemplate(src string, params bool) (*tmpl, error) {
	t := &tmpl{}
	lit := 0
	flush := func(end int) {
		if end > lit {
			t.segs = append(t.segs, segment{kind: segLiteral, text: src[lit:end], off: lit})
		}
	}
	for i := 0; i < len(src); {
		switch {
		case src[i] == '$' && i+1 < len(src) && src[i+1] == '{':
			end := strings.IndexByte(src[i+2:], '}')
			if end < 0 {
				return nil, &placeholderError{i, fmt.Sprintf("unterminated placeholder %q: missing '}'", src[i:])}
			}
			name := src[i+2 : i+2+end]
			if strings.TrimSpace(name) == "" || strings.ContainsAny(name, "{$ \t\r\n") {
				return nil, &placeholderError{i, fmt.Sprintf("invalid placeholder %q", src[i:i+3+end])}
			}
			flush(i)
			t.segs = append(t.segs, segment{kind: segValue, text: name, off: i})
			i += 3 + end
			lit = i
		case params && src[i] == '{':
			end := strings.IndexByte(src[i+1:], '}')
			if end > 0 && isParamName(src[i+1:i+1+end]) {
				flush(i)
				t.segs = append(t.segs, segment{kind: segParam, text: src[i+1 : i+1+end], off: i})
				i += 2 + end
				lit = i
				continue
			}
			i++
		default:
			i++
		}
	}
	flush(len(src))
	return t, nil
}

func isParamName(s string) bool {
	for i, r := range s {
		if r == '_' || r == '$' || r == '-' && i > 0 || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (i > 0 && r >= '0' && r <= '9') {
			continue
		}
		return false
	}
	return s != ""
}

// names returns the names of the segments of kind k, in order.
func (t *tmpl) names(k segKind) []string {
	var out []string
	for _, s := range t.segs {
		if s.kind == k {
			out = append(out, s.text)
		}
	}
	return out
}

// valueSource gives the per-call values.
type valueSource func(name string) (string, bool)

// missingValueError names a placeholder the host gave no value for.
func missingValue(name string) error {
	return fmt.Errorf("%w: ${%s} has no value: the host must pass toolkit.WithValue(%q, ...) with the call", ErrMissingValue, name, name)
}

// expandURL expands a url template. Host values are path- or
// query-escaped by where they land, except STATIC values (trusted, as
// written); path parameters are taken from params and removed from it.
//
// The scheme, host and port come from the trusted parts only: a path
// parameter may land only after the URL's authority has ended (a '/', '?'
// or '#' after its "://"), a host value other than STATIC that lands in
// the authority must be one DNS label, and the expanded URL must be an
// absolute http(s) URL whose scheme, host and port are those of the text
// written before the first path parameter.
func (t *tmpl) expandURL(values valueSource, params *object) (string, error) {
	var b strings.Builder
	inQuery := false
	trusted, first := "", "" // the URL before the first path parameter, and its name
	for _, s := range t.segs {
		start := b.Len()
		switch s.kind {
		case segLiteral:
			b.WriteString(s.text)
		case segValue:
			v, ok := values(s.text)
			if !ok {
				return "", missingValue(s.text)
			}
			if strings.HasPrefix(s.text, StaticPrefix) {
				b.WriteString(v)
				break
			}
			if !authorityEnded(b.String()) {
				if v == "" || !dnsLabel(v) {
					return "", fmt.Errorf("%w: ${%s} lands in the URL's scheme or host, where a value must be one DNS label (letters, digits and '-')", ErrInvalidValue, s.text)
				}
				b.WriteString(v)
				break
			}
			e, err := escapeURLPart(v, inQuery)
			if err != nil {
				return "", fmt.Errorf("${%s}: %w", s.text, err)
			}
			b.WriteString(e)
		case segParam:
			if !authorityEnded(b.String()) {
				return "", fmt.Errorf("%w: path parameter {%s} would land in the URL's scheme or host, which the definition and the host fix; "+
					"the url must have its host and a '/' before it (is ${%s} set to a base URL such as https://api.yqcloud.com?)", ErrInvalidArguments, s.text, ValueBaseURL)
			}
			raw, ok := params.get(s.text)
			if !ok || raw == nil {
				return "", fmt.Errorf("%w: path parameter {%s} has no value; pass %q in the arguments", ErrInvalidArguments, s.text, s.text)
			}
			v, err := scalarText(raw)
			if err != nil {
				return "", fmt.Errorf("%w: path parameter {%s} %v", ErrInvalidArguments, s.text, err)
			}
			e, err := escapeURLPart(v, inQuery)
			if err != nil {
				return "", fmt.Errorf("%w: path parameter {%s}: %v", ErrInvalidArguments, s.text, err)
			}
			if first == "" {
				trusted, first = b.String(), s.text
			}
			b.WriteString(e)
		}
		// What this segment wrote may start the query.
		inQuery = inQuery || strings.ContainsAny(b.String()[start:], "?#")
	}
	u := b.String()
	final, err := url.Parse(u)
	if err != nil || !httpScheme(final.Scheme) || final.Opaque != "" || final.Host == "" {
		return "", fmt.Errorf("%w: the expanded url is not an absolute http or https URL with a host (is ${%s} set to a base URL such as https://api.yqcloud.com?)", ErrInvalidValue, ValueBaseURL)
	}
	if first != "" {
		base, err := url.Parse(trusted)
		if err != nil || !strings.EqualFold(base.Scheme, final.Scheme) || !strings.EqualFold(base.Hostname(), final.Hostname()) || base.Port() != final.Port() {
			return "", fmt.Errorf("%w: path parameter {%s} would change the URL's scheme, host or port, which the definition and the host fix", ErrInvalidArguments, first)
		}
	}
	for _, s := range t.segs {
		if s.kind == segParam {
			params.del(s.text)
		}
	}
	return u, nil
}

// authorityEnded reports whether a URL being built has ended its
// authority: it has a "://" and a '/', '?' or '#' after it. Text written
// from then on lands in the path, query or fragment.
func authorityEnded(u string) bool {
	i := strings.Index(u, "://")
	return i >= 0 && strings.ContainsAny(u[i+3:], "/?#")
}

func httpScheme(s string) bool {
	return strings.EqualFold(s, "http") || strings.EqualFold(s, "https")
}

// dnsLabel reports whether s can stand in a host name without changing its
// structure: letters, digits and '-'.
func dnsLabel(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// literalQueryKeys returns the keys of the query the template writes
// itself: the literal keys after its first literal '?', unescaped. A key
// made of a placeholder is left out.
func (t *tmpl) literalQueryKeys() []string {
	var b strings.Builder
	for _, s := range t.segs {
		if s.kind == segLiteral {
			b.WriteString(s.text)
		} else {
			b.WriteByte(0)
		}
	}
	shape := b.String()
	i := strings.IndexByte(shape, '?')
	if i < 0 {
		return nil
	}
	shape, _, _ = strings.Cut(shape[i+1:], "#")
	var keys []string
	for _, pair := range strings.Split(shape, "&") {
		k, _, _ := strings.Cut(pair, "=")
		if k == "" || strings.IndexByte(k, 0) >= 0 {
			continue
		}
		if uk, err := url.QueryUnescape(k); err == nil {
			k = uk
		}
		keys = append(keys, k)
	}
	return keys
}

// queryKeys returns the keys of the query of an expanded URL, unescaped.
func queryKeys(u string) map[string]bool {
	u, _, _ = strings.Cut(u, "#")
	_, q, ok := strings.Cut(u, "?")
	if !ok {
		return nil
	}
	keys := map[string]bool{}
	for _, pair := range strings.Split(q, "&") {
		k, _, _ := strings.Cut(pair, "=")
		if uk, err := url.QueryUnescape(k); err == nil {
			k = uk
		}
		if k != "" {
			keys[k] = true
		}
	}
	return keys
}

// paramInAuthority returns the first path parameter the template's shape
// puts in the URL's scheme or authority: one before the literal '/', '?'
// or '#' that ends the authority, where a value written at the start (or
// before a literal "://") is taken to hold the scheme and host.
func (t *tmpl) paramInAuthority() (segment, bool) {
	const (
		scheme = iota
		authority
		rest
	)
	state := scheme
	for _, s := range t.segs {
		switch s.kind {
		case segValue:
			if state == scheme {
				state = authority // a base URL such as https://api.yqcloud.com, or a scheme
			}
		case segParam:
			if state != rest {
				return s, true
			}
		case segLiteral:
			text := s.text
			for state != rest && text != "" {
				if i := strings.Index(text, "://"); i >= 0 && (state == scheme || !strings.ContainsAny(text[:i], "/?#")) {
					state, text = authority, text[i+3:]
					continue
				}
				if state == authority && strings.ContainsAny(text, "/?#") {
					state = rest
				}
				break
			}
		}
	}
	return segment{}, false
}

// escapeURLPart escapes a value for the path or the query; a value that
// would be a whole "." or ".." path segment is refused.
func escapeURLPart(v string, inQuery bool) (string, error) {
	if inQuery {
		return url.QueryEscape(v), nil
	}
	switch v {
	case "":
		return "", fmt.Errorf("is empty")
	case ".", "..":
		return "", fmt.Errorf("%q is not allowed in a URL path", v)
	}
	return url.PathEscape(v), nil
}

// expandHeader expands a header value; values are inserted as written but
// CR, LF and NUL are refused.
func (t *tmpl) expandHeader(values valueSource) (string, error) {
	if len(t.segs) == 1 && t.segs[0].kind == segLiteral {
		return t.segs[0].text, nil
	}
	var b strings.Builder
	for _, s := range t.segs {
		if s.kind != segValue { // a literal: headers have no {path} parameters
			b.WriteString(s.text)
			continue
		}
		v, ok := values(s.text)
		if !ok {
			return "", missingValue(s.text)
		}
		if strings.ContainsAny(v, "\r\n\x00") {
			return "", fmt.Errorf("%w: the value of ${%s} holds a line break or NUL, refused in a header", ErrInvalidValue, s.text)
		}
		b.WriteString(v)
	}
	return b.String(), nil
}

// scalarText is the text of a string, number or boolean argument.
func scalarText(v any) (string, error) {
	if s, ok := toolkit.ScalarText(v); ok {
		return s, nil
	}
	return "", fmt.Errorf("must be a string, number or boolean, not %s", articleKind(kindOf(v)))
}

func articleKind(k string) string {
	switch k {
	case "array", "object", "integer":
		return "an " + k
	case "null":
		return "null"
	}
	return "a " + k
}
