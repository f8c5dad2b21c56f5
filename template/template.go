package template

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Source is where a reference takes its value from.
type Source uint8

// Reference sources.
const (
	Param   Source = iota // ${param:key}: a capability parameter
	Env                   // ${env:VAR}: an environment variable (trusted configuration)
	Step                  // ${stepN:var}: a var extracted by step N
	PerCall               // ${value:name}: a per-call value the host passes
	Pre                   // ${pre:var}: a var extracted by the pre_request
	Loop                  // ${loop:name}: the state of the step's loop (cursor, page, offset)
)

// String returns the source as written in a reference ("step" for Step).
func (s Source) String() string {
	switch s {
	case Param:
		return "param"
	case Env:
		return "env"
	case Step:
		return "step"
	case PerCall:
		return "value"
	case Pre:
		return "pre"
	case Loop:
		return "loop"
	}
	return "Source(" + strconv.Itoa(int(s)) + ")"
}

// Ref is one reference in a template.
type Ref struct {
	Source Source
	Step   int    // N in ${stepN:var}; 0 for other sources
	Name   string // param key, env var name, var name or value name
	Offset int    // byte offset of "${" in the template source
}

// String renders the reference as written: "${param:x}", "${env:X}", "${step0:v}".
func (r Ref) String() string {
	if r.Source == Step {
		return "${step" + strconv.Itoa(r.Step) + ":" + r.Name + "}"
	}
	return "${" + r.Source.String() + ":" + r.Name + "}"
}

// Context is where an expanded template is used; it decides the escaping.
type Context uint8

// Expansion contexts.
const (
	InText   Context = iota // values as is (result templates, values the caller encodes)
	InURL                   // a whole request URL
	InHeader                // a header value
	InJSON                  // a JSON request body
	InForm                  // an application/x-www-form-urlencoded body
	InXML                   // an XML body: values are escaped as character data
)

// String returns the context name.
func (c Context) String() string {
	switch c {
	case InText:
		return "text"
	case InURL:
		return "url"
	case InHeader:
		return "header"
	case InJSON:
		return "json"
	case InForm:
		return "form"
	case InXML:
		return "xml"
	}
	return "Context(" + strconv.Itoa(int(c)) + ")"
}

// SyntaxError is a malformed template, positioned in its source.
type SyntaxError struct {
	Offset int    // byte offset in the template source
	Line   int    // 1-based line of Offset
	Col    int    // 1-based byte column of Offset within Line
	Msg    string // what is wrong; never holds expanded values
}

// Error renders "col N: msg", or "line L, col N: msg" past the first line.
func (e *SyntaxError) Error() string {
	if e.Line > 1 {
		return "line " + strconv.Itoa(e.Line) + ", col " + strconv.Itoa(e.Col) + ": " + e.Msg
	}
	return "col " + strconv.Itoa(e.Col) + ": " + e.Msg
}

func syntaxErr(src string, off int, format string, args ...any) *SyntaxError {
	before := src[:off]
	line := 1 + strings.Count(before, "\n")
	col := off + 1
	if i := strings.LastIndexByte(before, '\n'); i >= 0 {
		col = off - i
	}
	return &SyntaxError{Offset: off, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// mode is the escaping of one reference, fixed at Parse time.
type mode uint8

const (
	mRaw          mode = iota // as is
	mHeader                   // as is; CR, LF, NUL refused
	mWholeURL                 // absolute http(s) URL required, as is
	mHost                     // in the URL's host, as the template wrote it: one DNS label
	mPath                     // percent-escape all but unreserved; all-dot values escaped
	mPathAfterEnv             // mPath, and refused if an env value before left it in the host
	mQuery                    // percent-escape all but unreserved
	mJSONStr                  // JSON string contents, no quotes
	mJSONValue                // valid raw JSON as is, else a quoted JSON string
	mJSONEnv                  // as written; missing or empty -> ""
	mXML                      // XML character data: & < > " ' escaped
)

// Template is a parsed template. It is immutable and safe for concurrent use.
type Template struct {
	src    string
	ctx    Context
	lits   []string // len(refs)+1 literal chunks around the references
	refs   []Ref
	modes  []mode
	litLen int
}

// Parse parses src for use in ctx. Errors are *SyntaxError.
func Parse(src string, ctx Context) (*Template, error) {
	if ctx > InXML {
		return nil, fmt.Errorf("template: unknown context %d", ctx)
	}
	t := &Template{src: src, ctx: ctx}
	if n := strings.Count(src, "${"); n > 0 { // at least as many as the references
		t.lits, t.refs, t.modes = make([]string, 0, n+1), make([]Ref, 0, n), make([]mode, 0, n)
	}
	var sc scanState
	start := 0 // start of the current literal chunk
	for i := 0; i < len(src); i++ {
		if src[i] != '$' || i+1 >= len(src) || src[i+1] != '{' {
			continue
		}
		lit := src[start:i]
		ref, end, err := parseRef(src, i)
		if err != nil {
			return nil, err
		}
		sc.scan(lit)
		m, err := sc.mode(ctx, ref, src)
		if err != nil {
			return nil, err
		}
		t.lits = append(t.lits, lit)
		t.refs = append(t.refs, ref)
		t.modes = append(t.modes, m)
		t.litLen += len(lit)
		start = end
		i = end - 1
	}
	t.lits = append(t.lits, src[start:])
	t.litLen += len(src) - start
	if ctx == InURL && len(t.refs) == 1 && t.litLen == 0 && t.refs[0].Source != Env {
		t.modes[0] = mWholeURL
	}
	return t, nil
}

// MustParse is Parse that panics on error, for templates known at compile time.
func MustParse(src string, ctx Context) *Template {
	t, err := Parse(src, ctx)
	if err != nil {
		panic("template: MustParse(" + strconv.Quote(src) + "): " + err.Error())
	}
	return t
}

// Refs returns the references in source order (a copy).
func (t *Template) Refs() []Ref { return slices.Clone(t.refs) }

// AppendRefs appends the references, in source order, to dst.
func (t *Template) AppendRefs(dst []Ref) []Ref { return append(dst, t.refs...) }

// Source returns the template source as given to Parse.
func (t *Template) Source() string { return t.src }

// Context returns the context the template was parsed for.
func (t *Template) Context() Context { return t.ctx }

// IsLiteral reports whether the template has no references.
func (t *Template) IsLiteral() bool { return len(t.refs) == 0 }

// scanState follows the literal text to learn where the next reference stands.
type scanState struct {
	afterQuery bool // URL: a literal '?' or '#' was seen
	slashes    int  // URL: how much of "://" the literal text has just shown
	authority  bool // URL: the literal text since "://" stands in the host
	afterEnv   bool // URL: an env reference came before
	inString   bool // JSON: inside a string literal
	escaped    bool // JSON: after a backslash in a string
	hex        int  // JSON: hex digits still due after \u
}

func (s *scanState) scan(lit string) {
	for i := 0; i < len(lit); i++ {
		c := lit[i]
		if c == '?' || c == '#' {
			s.afterQuery = true
		}
		switch {
		case c == '/' && s.slashes == 2:
			s.authority, s.slashes = true, 0
			continue
		case c == '/' && s.slashes == 1:
			s.slashes = 2
		case c == ':':
			s.slashes = 1
		default:
			s.slashes = 0
		}
		if c == '/' || c == '?' || c == '#' {
			s.authority = false
		}
		switch {
		case s.hex > 0:
			s.hex--
		case s.escaped:
			s.escaped = false
			if c == 'u' {
				s.hex = 4
			}
		case s.inString && c == '\\':
			s.escaped = true
		case c == '"':
			s.inString = !s.inString
		}
	}
}

func (s *scanState) mode(ctx Context, r Ref, src string) (mode, error) {
	env := r.Source == Env
	switch ctx {
	case InHeader:
		return mHeader, nil
	case InURL:
		switch {
		case env:
			s.authority, s.afterEnv = false, true // where its value ends is known when expanded
			return mRaw, nil
		case s.afterQuery:
			return mQuery, nil
		case s.authority:
			return mHost, nil
		case s.afterEnv:
			return mPathAfterEnv, nil
		}
		return mPath, nil
	case InForm:
		if env {
			return mRaw, nil
		}
		return mQuery, nil
	case InXML:
		if env {
			return mRaw, nil
		}
		return mXML, nil
	case InJSON:
		switch {
		case s.escaped || s.hex > 0:
			return 0, syntaxErr(src, r.Offset, "%s stands inside a JSON escape sequence; move it out of the \\ escape", r)
		case s.inString:
			return mJSONStr, nil
		case env:
			return mJSONEnv, nil
		}
		return mJSONValue, nil
	}
	return mRaw, nil
}

// sourceList names the sources in syntax errors.
const sourceList = "param, env, value, pre, loop or stepN"

// parseRef parses the reference whose "${" is at src[at:]. end is the
// offset just past its "}".
func parseRef(src string, at int) (ref Ref, end int, err error) {
	if fixed := spacedRef(src, at); fixed != "" {
		j := strings.IndexByte(src[at:], '}') + at
		return ref, 0, syntaxErr(src, at, "spaces inside %s: a reference holds none; write %s", src[at:j+1], fixed)
	}
	i := at + 2
	// Source: up to ':' or '}'.
	for i < len(src) && src[i] != ':' && src[i] != '}' && src[i] != '\n' && !isOpen(src, i) {
		i++
	}
	switch {
	case i == len(src) || src[i] == '\n':
		return ref, 0, syntaxErr(src, at, `unterminated reference: "${" without a closing "}"`)
	case isOpen(src, i):
		return ref, 0, syntaxErr(src, i, "nested reference: a reference cannot contain another reference")
	case src[i] == '}':
		if i == at+2 {
			return ref, 0, syntaxErr(src, at, `empty reference "${}": want ${param:name}, ${env:NAME}, ${value:name} or ${stepN:name}`)
		}
		if head, rest, ok := strings.Cut(src[at+2:i], "."); ok && rest != "" {
			if fix := sourceFix(head); fix != "" {
				return ref, 0, syntaxErr(src, i, `missing ":" in %s: a reference is ${source:name}; write ${%s:%s}`, src[at:i+1], fix, rest)
			}
		}
		example := src[at+2 : i]
		if canonicalSource(example) != "" { // ${param}: the name is missing
			example = "name"
		}
		return ref, 0, syntaxErr(src, i, `missing ":" in %s: want ${source:name}, e.g. ${param:%s}`, src[at:i+1], example)
	}
	source := src[at+2 : i]
	colon := i
	i++
	for i < len(src) && isNameByte(src[i]) {
		i++
	}
	switch {
	case i == len(src) || src[i] == '\n':
		return ref, 0, syntaxErr(src, at, `unterminated reference: "${" without a closing "}"`)
	case isOpen(src, i):
		return ref, 0, syntaxErr(src, i, "nested reference: a reference cannot contain another reference")
	case src[i] != '}':
		return ref, 0, syntaxErr(src, i, "invalid character %s in the name of a reference; names use letters, digits, '_', '.' and '-'", quoteChar(src[i:]))
	}
	end = i + 1
	text := src[at:end]
	name := src[colon+1 : i]
	ref = Ref{Name: name, Offset: at}

	switch {
	case source == "param":
		ref.Source = Param
	case source == "env":
		ref.Source = Env
	case source == "value":
		ref.Source = PerCall
	case source == "pre":
		ref.Source = Pre
	case source == "loop":
		ref.Source = Loop
	case source == "":
		return ref, 0, syntaxErr(src, at+2, "empty source in %s: want %s", text, sourceList)
	case source == "step":
		switch {
		case name == "":
			return ref, 0, syntaxErr(src, at+2, "raw step reference %s is not allowed: write ${stepN:name} with a var extracted by step N", text)
		case strings.Trim(name, "0123456789") == "":
			return ref, 0, syntaxErr(src, at+2, "raw step reference %s is not allowed: extract a named var from step %s's response (var: - name: ...) and use ${step%s:name}", text, name, name)
		}
		return ref, 0, syntaxErr(src, at+2, "raw step reference %s is not allowed: write ${stepN:%s} with N the index of the step whose var list extracts %q", text, name, name)
	case strings.HasPrefix(source, "step"):
		n, msg := stepIndex(source[4:])
		if msg != "" {
			return ref, 0, syntaxErr(src, at+6, "invalid step index in %s: %s", text, msg)
		}
		ref.Source, ref.Step = Step, n
	default:
		hint := ""
		if fix := sourceFix(source); fix != "" {
			hint = "; did you mean ${" + fix + ":" + name + "}?"
			if strings.EqualFold(fix, source) {
				hint = " (sources are lower case)" + hint
			}
		}
		return ref, 0, syntaxErr(src, at+2, "unknown source %q in %s: want %s%s", source, text, sourceList, hint)
	}

	if name == "" {
		return ref, 0, syntaxErr(src, i, "empty name in %s", text)
	}
	if ref.Source == Env {
		for j := 0; j < len(name); j++ {
			c := name[j]
			if c == '_' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || j > 0 && '0' <= c && c <= '9' {
				continue
			}
			return ref, 0, syntaxErr(src, colon+1+j, "invalid character %s in env name %q; env names are letters, digits and '_', not starting with a digit", quoteChar(name[j:]), name)
		}
	}
	return ref, end, nil
}

// stepIndex parses N of stepN; msg is non-empty when N is malformed.
func stepIndex(s string) (n int, msg string) {
	switch {
	case s == "":
		return 0, "want ${stepN:name}"
	case len(s) > 1 && s[0] == '0':
		return 0, "want a decimal number without leading zeros"
	case len(s) > 6:
		return 0, "step index too large"
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, "want ${stepN:name} with N a decimal number, e.g. step0"
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, ""
}

func isOpen(src string, i int) bool { return src[i] == '$' && i+1 < len(src) && src[i+1] == '{' }

func isNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.' || c == '-'
}

// quoteChar quotes the first character of s (a rune if valid UTF-8).
func quoteChar(s string) string {
	for _, r := range s {
		return strconv.QuoteRune(r)
	}
	return `''`
}
