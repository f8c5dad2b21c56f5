package hostapi

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Parameter serialization as OpenAPI 3 defines it (style and explode,
// after RFC 6570), with the examples of the specification's style table:
// a value blue, an array [blue, black, brown], an object {R: 100, G: 200}.
// An object's members are written in the order of their names.

// Styles.
const (
	styleSimple = "simple"
	styleLabel  = "label"
	styleMatrix = "matrix"
	styleForm   = "form"
	styleSpace  = "spaceDelimited"
	stylePipe   = "pipeDelimited"
	styleDeep   = "deepObject"
	styleCookie = "cookie"
)

// validStyle reports a style that applies to a parameter in in ("" is the
// location's default).
func validStyle(in In, style string) bool {
	switch style {
	case "":
		return true
	case styleSimple:
		return in == InPath || in == InHeader
	case styleLabel, styleMatrix:
		return in == InPath
	case styleForm:
		return in == InQuery || in == InCookie
	case styleSpace, stylePipe, styleDeep:
		return in == InQuery
	case styleCookie:
		return in == InCookie
	}
	return false
}

// styleOf is a parameter's style and explode with their defaults.
func styleOf(in In, style string, explode *bool) (string, bool) {
	if style == "" {
		style = styleSimple
		if in == InQuery || in == InCookie {
			style = styleForm
		}
	}
	if explode != nil {
		return style, *explode
	}
	return style, style == styleForm || style == styleCookie
}

// scalarText is a scalar's text; ok is false for an array or object.
func scalarText(v any) (string, bool) {
	switch v.(type) {
	case nil:
		return "", true
	case []any, map[string]any:
		return "", false
	}
	return paramText(v), true
}

// parts are a value's texts: one for a scalar, the items of an array,
// or the names and values of an object's members in turn (keyed). The
// problem, if any, says what cannot be written.
func parts(v any, style string) (texts []string, keyed bool, problem string) {
	if s, ok := scalarText(v); ok {
		return []string{s}, false, ""
	}
	bad := func(what string) ([]string, bool, string) {
		return nil, false, fmt.Sprintf("%s: the %s style writes only strings, numbers and booleans there", what, style)
	}
	switch x := v.(type) {
	case []any:
		for i, item := range x {
			s, ok := scalarText(item)
			if !ok {
				return bad("item " + strconv.Itoa(i))
			}
			texts = append(texts, s)
		}
		return texts, false, ""
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			s, ok := scalarText(x[k])
			if !ok {
				return bad("member " + strconv.Quote(k))
			}
			texts = append(texts, k, s)
		}
		return texts, true, ""
	}
	return nil, false, "cannot be written"
}

// join writes texts escaped, pairs of a keyed value as k<kv>v, all
// separated by sep.
func join(texts []string, keyed bool, kv, sep string, esc func(string) string) string {
	var b strings.Builder
	for i, s := range texts {
		if i > 0 {
			if keyed && i%2 == 1 {
				b.WriteString(kv)
			} else {
				b.WriteString(sep)
			}
		}
		b.WriteString(esc(s))
	}
	return b.String()
}

// pathValue is the escaped text of a path parameter's value.
func pathValue(p Param, v any) (string, string) {
	s, problem := styledPath(p, v)
	if s == "" && problem == "" {
		return "", "must not be empty"
	}
	return s, problem
}

func styledPath(p Param, v any) (string, string) {
	style, explode := styleOf(InPath, p.Style, p.Explode)
	texts, keyed, problem := parts(v, style)
	if problem != "" {
		return "", problem
	}
	esc := pathEscape
	if p.MultiSegment {
		esc = func(s string) string {
			segs := strings.Split(s, "/")
			for i, seg := range segs {
				segs[i] = pathEscape(seg)
			}
			return strings.Join(segs, "/")
		}
	}
	for _, s := range texts {
		switch {
		case s == "." || s == "..":
			return "", fmt.Sprintf("must not be %q", s)
		case p.MultiSegment && s != "" && slices.ContainsFunc(strings.Split(s, "/"), func(seg string) bool { return seg == "" || seg == "." || seg == ".." }):
			return "", fmt.Sprintf("%q: its path segments must not be empty, \".\" or \"..\"", s)
		}
	}
	_, isArray := v.([]any)
	name := pathEscape(p.Name)
	switch style {
	case styleLabel:
		// RFC 6570 {.x}: an exploded list or object uses "." between items.
		if explode {
			return "." + join(texts, keyed, "=", ".", esc), ""
		}
		return "." + join(texts, keyed, ",", ",", esc), ""
	case styleMatrix:
		switch {
		case len(texts) == 1 && texts[0] == "":
			return ";" + name, ""
		case explode && keyed:
			return ";" + join(texts, true, "=", ";", esc), ""
		case explode && isArray:
			var b strings.Builder
			for _, s := range texts {
				b.WriteString(";" + name + "=" + esc(s))
			}
			return b.String(), ""
		}
		return ";" + name + "=" + join(texts, keyed, ",", ",", esc), ""
	}
	if explode {
		return join(texts, keyed, "=", ",", esc), ""
	}
	return join(texts, keyed, ",", ",", esc), ""
}

// headerValue is the text of a header parameter's value (simple style).
func headerValue(p Param, v any) (string, string) {
	_, explode := styleOf(InHeader, p.Style, p.Explode)
	texts, keyed, problem := parts(v, styleSimple)
	if problem != "" {
		return "", problem
	}
	same := func(s string) string { return s }
	if explode {
		return join(texts, keyed, "=", ",", same), ""
	}
	return join(texts, keyed, ",", ",", same), ""
}

// cookiePairs writes a cookie parameter as name=value pairs (several for
// an exploded array or object), as the style table's form and cookie rows
// do, but with the pairs of an exploded form value apart like cookies,
// not joined with &. The form style percent-encodes (space as %20, and ,
// and ; always); the cookie style sends texts as given, so a text holding
// a control character, a comma or a semicolon is refused: the caller
// encodes it first.
func cookiePairs(p Param, v any) ([]string, string) {
	style, explode := styleOf(InCookie, p.Style, p.Explode)
	texts, keyed, problem := parts(v, style)
	if problem != "" {
		return nil, problem
	}
	esc := func(s string) string {
		return escape(s, func(c byte) bool { return p.AllowReserved && strings.IndexByte(":/?@!$'()*[]", c) >= 0 }, false)
	}
	if style == styleCookie {
		for _, s := range texts {
			if i := strings.IndexFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f || r == ',' || r == ';' }); i >= 0 {
				return nil, fmt.Sprintf("%q holds %q, which a cookie value cannot hold: encode it first (the cookie style sends values as given)", s, s[i:i+1])
			}
		}
		esc = func(s string) string { return s }
	}
	_, isArray := v.([]any)
	switch {
	case explode && isArray:
		out := make([]string, len(texts))
		for i, s := range texts {
			out[i] = p.Name + "=" + esc(s)
		}
		return out, ""
	case explode && keyed:
		var out []string
		for i := 0; i < len(texts); i += 2 {
			if !isToken(texts[i]) {
				return nil, fmt.Sprintf("member %q is not a valid cookie name", texts[i])
			}
			out = append(out, texts[i]+"="+esc(texts[i+1]))
		}
		return out, ""
	}
	return []string{p.Name + "=" + join(texts, keyed, ",", ",", esc)}, ""
}

// rawQuery is a query or form body being written: escaped name=value
// pairs.
type rawQuery []string

// Add adds a pair, escaped.
func (q *rawQuery) Add(name, value string) {
	*q = append(*q, queryEscape(name, false)+"="+queryEscape(value, false))
}

// Encode joins the pairs sorted by name, pairs of one name in the order
// they were added.
func (q rawQuery) Encode() string {
	slices.SortStableFunc(q, func(a, b string) int {
		ka, _, _ := strings.Cut(a, "=")
		kb, _, _ := strings.Cut(b, "=")
		return strings.Compare(ka, kb)
	})
	return strings.Join(q, "&")
}

// add writes a query parameter (or a form property) in its style.
func (q *rawQuery) add(name string, v any, style string, explode, reserved bool) string {
	esc := func(s string) string { return queryEscape(s, reserved) }
	key := queryEscape(name, false)
	if style == styleDeep {
		if _, scalar := scalarText(v); !scalar {
			q.deep(key, v, esc)
			return ""
		}
	}
	texts, keyed, problem := parts(v, style)
	if problem != "" {
		return problem
	}
	_, isArray := v.([]any)
	switch {
	case !isArray && !keyed:
		*q = append(*q, key+"="+esc(texts[0]))
	case explode && isArray:
		for _, s := range texts {
			*q = append(*q, key+"="+esc(s))
		}
	case explode:
		for i := 0; i < len(texts); i += 2 {
			*q = append(*q, queryEscape(texts[i], false)+"="+esc(texts[i+1]))
		}
	default:
		sep := ","
		switch style {
		case styleSpace:
			sep = "%20"
		case stylePipe:
			sep = "%7C"
		}
		*q = append(*q, key+"="+join(texts, keyed, sep, sep, esc))
	}
	return ""
}

// deep writes v as deepObject pairs: key[name]=value for an object's
// members, key[i]=value for an array's items (as Stripe reads them),
// nested as deep as v is. The brackets are escaped, as in every query.
func (q *rawQuery) deep(key string, v any, esc func(string) string) {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			q.deep(key+"%5B"+queryEscape(k, false)+"%5D", x[k], esc)
		}
	case []any:
		for i, item := range x {
			q.deep(key+"%5B"+strconv.Itoa(i)+"%5D", item, esc)
		}
	default:
		s, _ := scalarText(v)
		*q = append(*q, key+"="+esc(s))
	}
}

const upperHex = "0123456789ABCDEF"

func unreserved(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

// queryEscape escapes a query name or value as url.QueryEscape does;
// with reserved, the reserved characters that cannot change the query's
// structure stay as they are (not ;, a pair separator to some servers).
func queryEscape(s string, reserved bool) string {
	return escape(s, func(c byte) bool {
		return reserved && strings.IndexByte(":/?@!$'()*,[]", c) >= 0
	}, true)
}

// pathEscape escapes a path segment: unlike url.PathEscape, also the
// delimiters of the styles (, ; =).
func pathEscape(s string) string {
	return escape(s, func(c byte) bool { return strings.IndexByte("$&+:@", c) >= 0 }, false)
}

func escape(s string, keep func(byte) bool, plus bool) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; !unreserved(c) && !keep(c) {
			n++
		}
	}
	if n == 0 {
		return s
	}
	b := make([]byte, 0, len(s)+2*n)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case unreserved(c) || keep(c):
			b = append(b, c)
		case c == ' ' && plus:
			b = append(b, '+')
		default:
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	return string(b)
}
