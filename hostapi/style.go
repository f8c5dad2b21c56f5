package hostapi

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// Parameter serialization as OpenAPI 3 defines it (style and explode,
// after RFC 6570), with the examples of the specification's style table:
// a value blue, an array [blue, black, brown], an object {R: 100, G: 200}.
// An object's members are written in the order of their names.

// A style is one OpenAPI parameter style, with all the package knows of
// it: where it applies, its default explode and how it writes a value.
// The styles table below is the only place that names a style: checking
// an Endpoint (validStyle, formStyle), choosing a default (styleOf) and
// writing a value (pathValue, headerValue, cookiePairs, rawQuery.add)
// all read it, so a new style is one entry there (TestStyleDescriptors
// then asks for its rows of the specification's examples).
type style struct {
	name string
	// in lists the locations the style applies in; defaultIn those whose
	// default style it is (each location has one).
	in, defaultIn []In
	// form: the style also writes a property of a form body (an
	// Encoding), as it writes a query parameter (OpenAPI's encodings
	// take the query's styles, so every query style is one).
	form bool
	// explode is the default of Explode.
	explode bool
	// nests: the style writes nested arrays and objects, so write gets an
	// array or object whole (x.whole); the others write only strings,
	// numbers and booleans inside one, and get its texts. Query only: a
	// path's checks read the texts.
	nests bool
	// write writes x for t, appending to t.out: texts that are
	// concatenated in a path or header, name=value pairs in a query, form
	// body or cookie. It returns t.out and what cannot be written, if
	// anything.
	write func(t target, x split) (out []string, problem string)
}

// A target is where a value is written: the parameter's name and the
// escaping of its location, and whether it explodes.
type target struct {
	// name is the parameter's name as the location writes it.
	name    string
	explode bool
	// esc escapes a text (reserved: allowReserved is set).
	esc      func(s string, reserved bool) string
	reserved bool
	// member is an exploded object's member name as a query or cookie
	// pair writes it, or a problem.
	member func(string) (string, string)
	out    []string
	// size is the bytes of the pairs deep wrote.
	size int
}

// maxDeepBytes bounds what a deepObject parameter's pairs take: each
// leaf repeats its path of names, so a value of a few kilobytes nested
// deep would otherwise make a query of many megabytes.
const maxDeepBytes = 64 << 10

var deepTooBig = fmt.Sprintf("its key[name]=value pairs take more than %s bytes: send fewer or shallower members", textcut.Count(maxDeepBytes))

// text is s escaped for t.
func (t *target) text(s string) string { return t.esc(s, t.reserved) }

// A split is a value as a style gets it: its texts (see parts), or, for
// a style that nests, an array or object whole.
type split struct {
	v     any
	texts []string
	// keyed: texts are an object's names and values in turn; array: v
	// is an array; whole: v is an array or object left to write.
	keyed, array, whole bool
}

// styles are the OpenAPI 3.2 styles (3.2 adds cookie). Each entry's
// examples are in specStyleExamples (style_test.go).
var styles = []style{
	{
		name: "simple", in: []In{InPath, InHeader}, defaultIn: []In{InPath, InHeader},
		// blue,black,brown; R,100,G,200 (exploded R=100,G=200).
		write: func(t target, x split) ([]string, string) {
			return append(t.out, t.join(x, t.kv(), ",")), ""
		},
	},
	{
		name: "label", in: []In{InPath},
		// RFC 6570 {.x}: .blue,black,brown; an exploded array or object
		// uses "." between items (.blue.black.brown, .R=100.G=200).
		write: func(t target, x split) ([]string, string) {
			sep := ","
			if t.explode {
				sep = "."
			}
			return append(t.out, "."+t.join(x, t.kv(), sep)), ""
		},
	},
	{
		name: "matrix", in: []In{InPath},
		// RFC 6570 {;x}: ;color=blue,black,brown, ;color for an empty
		// value; exploded ;color=blue;color=black, ;R=100;G=200.
		write: func(t target, x split) ([]string, string) {
			switch {
			case len(x.texts) == 1 && x.texts[0] == "":
				return append(t.out, ";"+t.name), ""
			case t.explode && x.keyed:
				return append(t.out, ";"+t.join(x, "=", ";")), ""
			case t.explode && x.array:
				for _, s := range x.texts {
					t.out = append(t.out, ";"+t.name+"="+t.text(s))
				}
				return t.out, ""
			}
			return append(t.out, ";"+t.name+"="+t.join(x, ",", ",")), ""
		},
	},
	{
		name: "form", in: []In{InQuery, InCookie}, defaultIn: []In{InQuery, InCookie}, form: true, explode: true,
		// color=blue,black,brown; exploded color=blue&color=black,
		// R=100&G=200.
		write: delimited(","),
	},
	{
		name: "spaceDelimited", in: []In{InQuery}, form: true,
		// color=blue%20black%20brown; exploded is n/a in the table.
		write: unexploded("spaceDelimited", delimited("%20")),
	},
	{
		name: "pipeDelimited", in: []In{InQuery}, form: true,
		// color=blue%7Cblack%7Cbrown; exploded is n/a in the table.
		write: unexploded("pipeDelimited", delimited("%7C")),
	},
	{
		name: "deepObject", in: []In{InQuery}, form: true, nests: true,
		// color[R]=100&color[G]=200, brackets escaped; an array's items
		// as color[0]=blue (as Stripe reads them), nested as deep as the
		// value is. A scalar is written as by form.
		write: func(t target, x split) ([]string, string) {
			if !x.whole {
				return delimited(",")(t, x)
			}
			if problem := t.deep(t.name, x.v); problem != "" {
				return nil, problem
			}
			return t.out, ""
		},
	},
	{
		name: "cookie", in: []In{InCookie}, explode: true,
		// As form in a cookie, but with the texts sent as given: one
		// holding a control character, a comma or a semicolon is refused
		// (the caller encodes it first).
		write: func(t target, x split) ([]string, string) {
			for _, s := range x.texts {
				if i := strings.IndexFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f || r == ',' || r == ';' }); i >= 0 {
					return nil, fmt.Sprintf("%q holds %q, which a cookie value cannot hold: encode it first (the cookie style sends values as given)", s, s[i:i+1])
				}
			}
			t.esc = asGiven
			return delimited(",")(t, x)
		},
	},
}

// delimited writes name=value pairs: an array's items or an object's
// names and values joined with sep, or, exploded, one pair per item
// (name=item) or member (member=value).
func delimited(sep string) func(t target, x split) ([]string, string) {
	return func(t target, x split) ([]string, string) {
		switch {
		case t.explode && x.array:
			for _, s := range x.texts {
				t.out = append(t.out, t.name+"="+t.text(s))
			}
		case t.explode && x.keyed:
			for i := 0; i < len(x.texts); i += 2 {
				k, problem := t.member(x.texts[i])
				if problem != "" {
					return nil, problem
				}
				t.out = append(t.out, k+"="+t.text(x.texts[i+1]))
			}
		default:
			t.out = append(t.out, t.name+"="+t.join(x, sep, sep))
		}
		return t.out, ""
	}
}

// unexploded refuses an exploded array or object, which the
// specification's style table leaves undefined (n/a) for the style.
func unexploded(name string, write func(t target, x split) ([]string, string)) func(t target, x split) ([]string, string) {
	return func(t target, x split) ([]string, string) {
		if t.explode && (x.array || x.keyed) {
			return nil, fmt.Sprintf("cannot be sent: OpenAPI leaves the %s style with explode: true undefined (n/a in its style table); the document should say explode: false", name)
		}
		return write(t, x)
	}
}

// deep writes v as key[name]=value pairs for an object's members and
// key[i]=value for an array's items, nested as deep as v is. The
// brackets are escaped, as in every query. A member name that is empty
// or holds a bracket is refused: the server, which decodes before it
// reads the brackets, would read another value (name[]=1 an array's
// item, name[a][b]=1 for a member "a][b"). The key of an object or
// array counts toward maxDeepBytes as a pair does, though it writes
// none when empty.
func (t *target) deep(key string, v any) (problem string) {
	switch v.(type) {
	case map[string]any, []any:
		if t.size += len(key); t.size > maxDeepBytes {
			return deepTooBig
		}
	}
	switch x := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if k == "" {
				return `member "" is empty, which the deepObject style cannot send: the server would read name[]=value as an array's item`
			}
			if i := strings.IndexAny(k, "[]"); i >= 0 {
				return fmt.Sprintf("member %s holds %q, which the deepObject style cannot send: the server would read it as nesting (name[member][member]=value)", textcut.Quote(k), k[i:i+1])
			}
			m, problem := t.member(k)
			if problem == "" {
				problem = t.deep(key+"%5B"+m+"%5D", x[k])
			}
			if problem != "" {
				return problem
			}
		}
	case []any:
		for i, item := range x {
			if problem := t.deep(key+"%5B"+strconv.Itoa(i)+"%5D", item); problem != "" {
				return problem
			}
		}
	default:
		s, _ := scalarText(v)
		pair := key + "=" + t.text(s)
		if t.size += len(pair) + 1; t.size > maxDeepBytes {
			return deepTooBig
		}
		t.out = append(t.out, pair)
	}
	return ""
}

// kv is what separates an object member's name from its value: = when
// exploded, else the items' comma.
func (t *target) kv() string {
	if t.explode {
		return "="
	}
	return ","
}

// join writes x's texts escaped, the pairs of an object as k<kv>v, all
// separated by sep.
func (t *target) join(x split, kv, sep string) string {
	if len(x.texts) == 1 {
		return t.text(x.texts[0]) // no copy when nothing is escaped
	}
	var b strings.Builder
	for i, s := range x.texts {
		if i > 0 {
			if x.keyed && i%2 == 1 {
				b.WriteString(kv)
			} else {
				b.WriteString(sep)
			}
		}
		b.WriteString(t.text(s))
	}
	return b.String()
}

// styleNamed is the style of that name in in ("" is the location's
// default), or nil when it does not apply there.
func styleNamed(in In, name string) *style {
	for i := range styles {
		st := &styles[i]
		if name == "" && slices.Contains(st.defaultIn, in) || name != "" && st.name == name && slices.Contains(st.in, in) {
			return st
		}
	}
	return nil
}

// validStyle reports a style that applies to a parameter in in ("" is the
// location's default).
func validStyle(in In, style string) bool { return styleNamed(in, style) != nil }

// formStyle reports a style that writes a property of a form body ("" is
// the query's default, form).
func formStyle(style string) bool {
	if style == "" {
		return true
	}
	st := styleNamed(InQuery, style)
	return st != nil && st.form
}

// styleOf is a parameter's style and explode with their defaults; the
// style applies in in (the Endpoint was checked).
func styleOf(in In, style string, explode *bool) (*style, bool) {
	st := styleNamed(in, style)
	if explode != nil {
		return st, *explode
	}
	return st, st.explode
}

// split splits v as st writes it; the problem, if any, says what cannot
// be written.
func (st *style) split(v any) (split, string) {
	switch v.(type) {
	case []any, map[string]any:
		if st.nests {
			return split{v: v, whole: true}, ""
		}
	}
	texts, keyed, problem := parts(v, st.name)
	_, array := v.([]any)
	return split{v: v, texts: texts, keyed: keyed, array: array}, problem
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
				return nil, false, nestedItem(i, item, style)
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

// nestedItem refuses an array's item that is an object or an array: the
// specification's style table has no row for an array of them in any
// style but deepObject (its own examples are arrays of strings), and
// RFC 6570 none either.
func nestedItem(i int, item any, style string) string {
	what := "object"
	if _, ok := item.([]any); ok {
		what = "array"
	}
	return fmt.Sprintf("cannot be sent: item %d is an %s, and OpenAPI leaves an array of %ss undefined in the %s style (its style table writes only strings, numbers and booleans there); %s", i, what, what, style, jsonParamFix)
}

// jsonParamFix is nestedItem's fix for a parameter; a form body's
// property is described by its encoding, whose fix is jsonPropertyFix
// (encodeBody).
const (
	jsonParamFix    = "the document should say content: application/json"
	jsonPropertyFix = "the document's encoding of it should say contentType: application/json, without a style"
)

// undefinedItems says why an array parameter of objects or arrays
// cannot be sent in its style (see nestedItem), or "" when it can: in
// deepObject, as JSON (ContentType), or of scalar items. ParseOpenAPI
// warns with it; swagger words it for a Swagger 2.0 document, which has
// neither content nor deepObject.
func undefinedItems(p Param, swagger bool) string {
	if p.Type != toolkit.TypeArray || p.Items != toolkit.TypeObject && p.Items != toolkit.TypeArray || p.ContentType != "" {
		return ""
	}
	st, _ := styleOf(p.In, p.Style, p.Explode)
	switch {
	case st == nil || st.nests:
		return ""
	case swagger && p.Items == toolkit.TypeObject:
		return fmt.Sprintf("%s parameter %q: its items are objects, which Swagger 2.0 allows in no collectionFormat (a parameter's items are strings, numbers, booleans or arrays): a call giving it one is refused", p.In, p.Name)
	case swagger:
		return fmt.Sprintf("%s parameter %q: its items are arrays, whose own collectionFormat is not read: a call giving it one is refused", p.In, p.Name)
	}
	return fmt.Sprintf("%s parameter %q: its items are %ss, which OpenAPI leaves undefined in the %s style (its style table writes only strings, numbers and booleans in an array): a call giving it one is refused; the document should say content: application/json, or style: deepObject for a query (name[0][field]=value)",
		p.In, p.Name, p.Items, st.name)
}

// undefinedStyle says why a parameter's value cannot be sent in its
// style, where the style table leaves it undefined whatever the value
// holds, or "": an exploded array or object in a style that refuses one
// (spaceDelimited, pipeDelimited), and, but in deepObject, an object
// whose Schema gives a member that is an object or an array (by its
// properties, else its additionalProperties). ParseOpenAPI warns with
// it, as with undefinedItems.
func undefinedStyle(p Param) string {
	if p.ContentType != "" || p.Type != toolkit.TypeArray && p.Type != toolkit.TypeObject {
		return ""
	}
	st, explode := styleOf(p.In, p.Style, p.Explode)
	if st == nil || st.nests {
		return ""
	}
	// Whether the style refuses the value is asked of its writer, the
	// one that sends it.
	x := split{texts: []string{"a"}, array: true}
	if p.Type == toolkit.TypeObject {
		x = split{texts: []string{"a", "b"}, keyed: true}
	}
	if _, problem := st.write(target{name: "p", explode: explode, esc: asGiven, member: queryMember}, x); problem != "" && explode {
		return fmt.Sprintf("%s parameter %q: OpenAPI leaves the %s style with explode: true undefined (n/a in its style table): a call giving an %s is refused; the document should say explode: false",
			p.In, p.Name, st.name, p.Type)
	}
	if p.Type != toolkit.TypeObject {
		return ""
	}
	what := ""
	props, _ := p.Schema["properties"].(map[string]any)
	for _, k := range slices.Sorted(maps.Keys(props)) {
		if t := containerType(props[k]); t != "" {
			what = fmt.Sprintf("its member %q is an %s", k, t)
			break
		}
	}
	if t := containerType(p.Schema["additionalProperties"]); what == "" && t != "" {
		what = fmt.Sprintf("its members are %ss", t)
	}
	if what == "" {
		return ""
	}
	return fmt.Sprintf("%s parameter %q: %s, which OpenAPI leaves undefined in the %s style (its style table writes only strings, numbers and booleans in an object): a call giving one is refused; the document should say content: application/json, or style: deepObject for a query (name[field][key]=value)",
		p.In, p.Name, what, st.name)
}

// containerType is "object" or "array" for a schema whose value is
// always one (null aside: a type of [object, null]), else "".
func containerType(schema any) string {
	s, _ := schema.(map[string]any)
	var types []string
	switch t := s["type"].(type) {
	case string:
		types = []string{t}
	case []any:
		for _, x := range t {
			if x, ok := x.(string); ok && x != "null" {
				types = append(types, x)
			}
		}
	case nil:
		if _, ok := s["properties"]; ok {
			types = []string{"object"}
		} else if _, ok := s["items"]; ok {
			types = []string{"array"}
		}
	}
	if len(types) == 1 && (types[0] == "object" || types[0] == "array") {
		return types[0]
	}
	return ""
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
	st, explode := styleOf(InPath, p.Style, p.Explode)
	x, problem := st.split(v)
	if problem != "" {
		return "", problem
	}
	for _, s := range x.texts {
		switch {
		case s == "." || s == "..":
			return "", fmt.Sprintf("must not be %q", s)
		case p.MultiSegment && s != "" && slices.ContainsFunc(strings.Split(s, "/"), func(seg string) bool { return seg == "" || seg == "." || seg == ".." }):
			return "", fmt.Sprintf("%q: its path segments must not be empty, \".\" or \"..\"", s)
		}
	}
	t := target{name: pathEscape(p.Name), explode: explode, esc: pathText}
	if p.MultiSegment {
		t.esc = pathSegments
	}
	out, problem := st.write(t, x)
	if problem != "" {
		return "", problem
	}
	return strings.Join(out, ""), ""
}

// headerValue is the text of a header parameter's value.
func headerValue(p Param, v any) (string, string) {
	st, explode := styleOf(InHeader, p.Style, p.Explode)
	x, problem := st.split(v)
	if problem != "" {
		return "", problem
	}
	out, problem := st.write(target{name: p.Name, explode: explode, esc: asGiven}, x)
	if problem != "" {
		return "", problem
	}
	return strings.Join(out, ""), ""
}

// cookiePairs writes a cookie parameter as name=value pairs (several for
// an exploded array or object), as the style table's form and cookie rows
// do, but with the pairs of an exploded form value apart like cookies,
// not joined with &. The form style percent-encodes (space as %20, and ,
// and ; always); the cookie style sends texts as given, so a text holding
// a control character, a comma or a semicolon is refused: the caller
// encodes it first.
func cookiePairs(p Param, v any) ([]string, string) {
	st, explode := styleOf(InCookie, p.Style, p.Explode)
	x, problem := st.split(v)
	if problem != "" {
		return nil, problem
	}
	return st.write(target{name: p.Name, explode: explode, esc: cookieText, reserved: p.AllowReserved, member: cookieMember}, x)
}

// cookieMember is an exploded object's member as a cookie's name.
func cookieMember(k string) (string, string) {
	if !isToken(k) {
		return "", fmt.Sprintf("member %q is not a valid cookie name", k)
	}
	return k, ""
}

// rawQuery is a query being written: escaped name=value pairs, a space
// as %20 (queryEscape).
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

// add writes a query parameter in its style, with explode and
// allowReserved (reserved) resolved.
func (q *rawQuery) add(name string, v any, style string, explode, reserved bool) string {
	return q.write(queryEscape, queryMember, name, v, style, explode, reserved)
}

// write writes a pair or pairs of name in a style, escaped by esc, an
// exploded object's member names by member.
func (q *rawQuery) write(esc func(string, bool) string, member func(string) (string, string), name string, v any, style string, explode, reserved bool) string {
	st, _ := styleOf(InQuery, style, nil)
	x, problem := st.split(v)
	if problem != "" {
		return problem
	}
	out, problem := st.write(target{name: esc(name, false), explode: explode, esc: esc, reserved: reserved, member: member, out: *q}, x)
	if problem != "" {
		return problem
	}
	*q = out
	return ""
}

// formBody is an application/x-www-form-urlencoded body being written:
// as a query, but escaped as that media type writes it (formEscape, a
// space as +).
type formBody struct{ rawQuery }

// Add adds a pair, escaped.
func (f *formBody) Add(name, value string) {
	f.rawQuery = append(f.rawQuery, formEscape(name, false)+"="+formEscape(value, false))
}

// add writes a property whose Encoding gives a style, as a query
// parameter in it (explode and allowReserved resolved).
func (f *formBody) add(name string, v any, style string, explode, reserved bool) string {
	return f.write(formEscape, formMember, name, v, style, explode, reserved)
}

// queryMember is an exploded object's member as a query pair's name.
func queryMember(k string) (string, string) { return queryEscape(k, false), "" }

// formMember is an exploded object's member as a form body pair's name.
func formMember(k string) (string, string) { return formEscape(k, false), "" }

const upperHex = "0123456789ABCDEF"

func unreserved(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

// queryEscape escapes a query name or value as RFC 6570 expands one
// (RFC 3986's percent-encoding, which OpenAPI's query styles take): every
// byte but the unreserved ones as %XX, a space as %20 and a + as %2B,
// which read back the same whether the server decodes the query as a
// form (url.ParseQuery) or as RFC 3986 does. With reserved
// (allowReserved), the reserved characters that cannot change the
// query's structure stay as they are (not ;, a pair separator to some
// servers, nor & = + #).
func queryEscape(s string, reserved bool) string {
	return escape(s, keepReserved(reserved), false)
}

// formEscape escapes a name or value of an
// application/x-www-form-urlencoded body as queryEscape does, but a space
// as +, as that media type writes it.
func formEscape(s string, reserved bool) string {
	return escape(s, keepReserved(reserved), true)
}

// keepReserved is what queryEscape and formEscape keep with reserved.
func keepReserved(reserved bool) func(byte) bool {
	if !reserved {
		return keepNone
	}
	return func(c byte) bool { return strings.IndexByte(":/?@!$'()*,[]", c) >= 0 }
}

func keepNone(byte) bool { return false }

// queryText escapes in s, a query pair as its source wrote it, what a
// query cannot hold or would read otherwise: a byte neither unreserved,
// nor a sub-delimiter but & (one pair), nor : @ / ?, and a % that begins
// no escape. The rest, + and its escapes, stays as written.
func queryText(s string) string {
	keep := func(c byte) bool { return strings.IndexByte("!$'()*+,;=:@/?", c) >= 0 }
	n := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; !unreserved(c) && !keep(c) && !validEscape(s, i) {
			n++
		}
	}
	if n == 0 {
		return s
	}
	b := make([]byte, 0, len(s)+2*n)
	for i := 0; i < len(s); i++ {
		if c := s[i]; unreserved(c) || keep(c) || validEscape(s, i) {
			b = append(b, c)
		} else {
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	return string(b)
}

// validEscape reports whether s[i] is the % of an escape %XX.
func validEscape(s string, i int) bool {
	return s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2])
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// cookieText escapes a form-style cookie value: space as %20, and , and
// ; always, even with reserved.
func cookieText(s string, reserved bool) string {
	return escape(s, func(c byte) bool { return reserved && strings.IndexByte(":/?@!$'()*[]", c) >= 0 }, false)
}

// pathEscape escapes a path segment: unlike url.PathEscape, also the
// delimiters of the styles (, ; =).
func pathEscape(s string) string {
	return escape(s, func(c byte) bool { return strings.IndexByte("$&+:@", c) >= 0 }, false)
}

// pathText escapes a path value: one segment.
func pathText(s string, _ bool) string { return pathEscape(s) }

// pathSegments escapes a multi-segment path value: its segments one by
// one, the slashes kept.
func pathSegments(s string, _ bool) string {
	segs := strings.Split(s, "/")
	for i, seg := range segs {
		segs[i] = pathEscape(seg)
	}
	return strings.Join(segs, "/")
}

// asGiven is a text not escaped: a header's, a cookie-style cookie's.
func asGiven(s string, _ bool) string { return s }

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
