package template

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/url"
	"slices"
	"strings"
	"unsafe"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// Value is the value of one reference at expansion time.
type Value struct {
	Text string
	// Raw marks Text as a JSON literal (number, boolean, array, object)
	// that may stand as a JSON value as is.
	Raw bool
}

// Values supplies reference values at expansion time. ok=false means the
// value is missing: "" is inserted and the caller logs the warning.
type Values interface {
	Lookup(r Ref) (v Value, ok bool)
}

// ValuesFunc adapts a function to Values.
type ValuesFunc func(r Ref) (Value, bool)

// Lookup calls f(r).
func (f ValuesFunc) Lookup(r Ref) (Value, bool) { return f(r) }

// ErrUnsafeValue is returned (wrapped in a *ValueError) when a value
// would change the structure around it: a line break in a header, or a
// whole-URL value that is not an absolute http(s) URL.
var ErrUnsafeValue = errors.New("unsafe value")

// ValueError reports a value refused at expansion. It names the reference,
// never the value.
type ValueError struct {
	Ref    Ref
	Reason string
}

func (e *ValueError) Error() string {
	return e.Ref.String() + ": " + ErrUnsafeValue.Error() + ": " + e.Reason
}

// Unwrap returns ErrUnsafeValue.
func (e *ValueError) Unwrap() error { return ErrUnsafeValue }

// slot is a looked-up value.
type slot struct {
	v  Value
	ok bool
}

// Expand expands the template with values from v.
func (t *Template) Expand(v Values) (string, error) {
	switch {
	case len(t.refs) == 0:
		return t.lits[0], nil
	case len(t.refs) == 1 && t.litLen == 0:
		// A lone reference inserted as is needs no buffer.
		if m := t.modes[0]; m == mRaw || m == mHeader || m == mWholeURL {
			val, ok := v.Lookup(t.refs[0])
			if !ok {
				return "", nil
			}
			if err := check(m, t.refs[0], val.Text); err != nil {
				return "", err
			}
			return val.Text, nil
		}
	}
	b, err := t.AppendExpand(nil, v)
	if err != nil || len(b) == 0 {
		return "", err
	}
	// b is new and never written again: share its bytes, as strings.Builder does.
	return unsafe.String(unsafe.SliceData(b), len(b)), nil
}

// AppendExpand appends the expansion to dst. On error dst is returned unchanged.
func (t *Template) AppendExpand(dst []byte, v Values) ([]byte, error) {
	var arr [8]slot
	slots := arr[:0]
	if len(t.refs) > len(arr) {
		slots = make([]slot, 0, len(t.refs))
	}
	need := t.litLen
	for i, r := range t.refs {
		val, ok := v.Lookup(r)
		if ok {
			if err := check(t.modes[i], r, val.Text); err != nil {
				return dst, err
			}
		}
		slots = append(slots, slot{val, ok})
		need += size(t.modes[i], val.Text)
	}
	dst = slices.Grow(dst, need)
	start := len(dst)
	for i, s := range slots {
		dst = append(dst, t.lits[i]...)
		if t.modes[i] == mPathAfterEnv && s.v.Text != "" && inAuthority(dst[start:]) {
			return dst[:start], &ValueError{Ref: t.refs[i], Reason: "the value would extend the URL's host, which the template takes from configuration"}
		}
		dst = appendValue(dst, t.modes[i], s)
	}
	return append(dst, t.lits[len(slots)]...), nil
}

// check refuses values that would change the structure around them.
func check(m mode, r Ref, s string) error {
	switch m {
	case mHeader:
		for i := 0; i < len(s); i++ {
			if c := s[i]; c == '\r' || c == '\n' || c == 0 {
				return &ValueError{Ref: r, Reason: "a header value cannot contain CR, LF or NUL"}
			}
		}
	case mHost:
		if !dnsLabel(s) {
			return &ValueError{Ref: r, Reason: "a value in the URL's host must be a single DNS label (letters, digits and '-')"}
		}
	case mWholeURL:
		if !absHTTP(s) {
			return &ValueError{Ref: r, Reason: "a whole URL must be an absolute http or https URL with a host and no user:password@"}
		}
	}
	return nil
}

func absHTTP(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (strings.EqualFold(u.Scheme, "http") || strings.EqualFold(u.Scheme, "https")) &&
		u.Opaque == "" && u.Host != "" && u.User == nil
}

// inAuthority reports whether a URL being built ends in its authority:
// after the "://" of its scheme and before its path, query or fragment.
func inAuthority(u []byte) bool {
	i := bytes.Index(u, []byte("://"))
	return i >= 0 && !bytes.ContainsAny(u[i+3:], "/?#")
}

// dnsLabel reports whether s can stand in a host name without changing
// its structure: letters, digits and '-', or nothing.
func dnsLabel(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(unreserved[c] && c != '.' && c != '_' && c != '~') {
			return false
		}
	}
	return true
}

// size is the expanded length of s in mode m (a close estimate for JSON).
func size(m mode, s string) int {
	switch m {
	case mPath, mPathAfterEnv, mQuery:
		n := len(s)
		for i := 0; i < len(s); i++ {
			if !unreserved[s[i]] {
				n += 2
			}
		}
		if m != mQuery && allDots(s) {
			n = 3 * len(s)
		}
		return n
	case mJSONStr, mJSONValue, mJSONEnv:
		return len(s) + 2 + len(s)/8
	case mXML:
		return len(s) + len(s)/8
	}
	return len(s)
}

func appendValue(dst []byte, m mode, s slot) []byte {
	text := s.v.Text
	switch m {
	case mPath, mPathAfterEnv:
		if allDots(text) {
			for range len(text) {
				dst = append(dst, "%2E"...)
			}
			return dst
		}
		return appendPercent(dst, text)
	case mQuery:
		return appendPercent(dst, text)
	case mJSONStr:
		return jsonstr.AppendContent(dst, text)
	case mJSONValue:
		if s.ok && s.v.Raw && validRaw(text) {
			return append(dst, text...)
		}
		dst = append(dst, '"')
		dst = jsonstr.AppendContent(dst, text)
		return append(dst, '"')
	case mJSONEnv:
		if text == "" {
			return append(dst, `""`...)
		}
	case mXML:
		return appendXML(dst, text)
	}
	return append(dst, text...)
}

// appendXML appends s escaped for XML character data and attribute values.
func appendXML(dst []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		var esc string
		switch s[i] {
		case '&':
			esc = "&amp;"
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '"':
			esc = "&quot;"
		case '\'':
			esc = "&apos;"
		default:
			continue
		}
		dst = append(append(dst, s[start:i]...), esc...)
		start = i + 1
	}
	return append(dst, s[start:]...)
}

func allDots(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '.' {
			return false
		}
	}
	return true
}

const upperHex = "0123456789ABCDEF"

// unreserved marks the RFC 3986 unreserved bytes.
var unreserved = func() (t [256]bool) {
	for c := 'A'; c <= 'Z'; c++ {
		t[c], t[c+'a'-'A'] = true, true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	t['-'], t['.'], t['_'], t['~'] = true, true, true, true
	return t
}()

// appendPercent appends s with every byte but the unreserved ones percent-encoded.
func appendPercent(dst []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if unreserved[c] {
			continue
		}
		dst = append(dst, s[start:i]...)
		dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
		start = i + 1
	}
	return append(dst, s[start:]...)
}

// validRaw reports whether s is one valid JSON value.
func validRaw(s string) bool {
	switch s {
	case "true", "false", "null":
		return true
	case "":
		return false
	}
	if c := s[0]; c == '-' || '0' <= c && c <= '9' {
		return jsonstr.IsNumber(s)
	}
	return json.Valid([]byte(s))
}
