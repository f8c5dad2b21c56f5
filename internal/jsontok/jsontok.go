// Package jsontok is the JSON tokenizer under every JSON reader of the
// library: the argument decoder, DetectFile's key sniffing, extract's
// index, YQCloud's ordered values and hostapi's raw document. It holds the
// rules they share, written once: RFC 8259's grammar as encoding/json
// accepts it (a leading BOM is the caller's choice), invalid UTF-8 and
// lone surrogates decoded to U+FFFD, U+2028 and U+2029 decoded as they
// are (jsonstr escapes them when writing), number text kept as written
// (jsonstr.ScanNumber), a nesting limit (encoding/json's 10,000 unless
// set), optional // and /* */ comments, and the wording of syntax errors.
//
// A reader builds what it needs from the tokens: a Scanner is a cursor
// over the source whose methods each read one token and say whether it
// was well formed; the first failure is kept (Scanner.Err). Nothing here
// allocates but a decoded string with escapes or invalid UTF-8 (Unquote)
// and an error's message.
package jsontok

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// BOM is the UTF-8 byte order mark some writers put first.
const BOM = "\xef\xbb\xbf"

// MaxDepth is the nesting a Scanner accepts unless told otherwise: that
// of encoding/json.
const MaxDepth = 10000

// Code tells what went wrong.
type Code uint8

// Syntax errors. Error words each as YQCloud's diagnostics have it.
const (
	OK           Code = iota
	EndOfInput        // unexpected end of input, expecting a value
	NotValue          // unexpected X, expecting a value
	NotName           // unexpected X, expecting a member name in double quotes
	NoColon           // unexpected X, expecting ':' after member "k"
	NoComma           // unexpected X, expecting ',' or '}'
	Trailing          // unexpected X after the JSON value
	TooDeep           // nested too deeply (over N levels)
	NoFraction        // invalid number: expecting a digit after '.'
	NoExponent        // invalid number: expecting a digit in the exponent
	NoDigit           // invalid number: expecting a digit, got X
	Unterminated      // unterminated string
	Control           // invalid control character in string
	EscapeEnd         // unexpected end of input in string escape
	BadEscape         // invalid escape in string
	BadUnicode        // invalid \u escape
	OpenComment       // unterminated /* comment
)

// Error is a syntax error at a byte offset of the source.
type Error struct {
	Off  int
	Code Code
	got  rune   // the rune at Off; -1 at the end of input
	c    byte   // the closer expected (NoComma), the control character or escape
	name string // the member before a missing ':'
	max  int    // the depth limit (TooDeep)
}

func (e *Error) describe() string {
	if e.got < 0 {
		return "end of input"
	}
	return strconv.QuoteRune(e.got)
}

func (e *Error) Error() string {
	switch e.Code {
	case EndOfInput:
		return "unexpected end of input, expecting a value"
	case NotValue:
		return "unexpected " + e.describe() + ", expecting a value"
	case NotName:
		return "unexpected " + e.describe() + ", expecting a member name in double quotes"
	case NoColon:
		return fmt.Sprintf("unexpected %s, expecting ':' after member %q", e.describe(), e.name)
	case NoComma:
		return fmt.Sprintf("unexpected %s, expecting ',' or '%c'", e.describe(), e.c)
	case Trailing:
		return "unexpected " + e.describe() + " after the JSON value"
	case TooDeep:
		return fmt.Sprintf("nested too deeply (over %d levels)", e.max)
	case NoFraction:
		return "invalid number: expecting a digit after '.'"
	case NoExponent:
		return "invalid number: expecting a digit in the exponent"
	case NoDigit:
		return "invalid number: expecting a digit, got " + e.describe()
	case Unterminated:
		return "unterminated string"
	case Control:
		return fmt.Sprintf("invalid control character %q in string", e.c)
	case EscapeEnd:
		return "unexpected end of input in string escape"
	case BadEscape:
		return fmt.Sprintf("invalid escape '\\%c' in string", e.c)
	case BadUnicode:
		return `invalid \u escape`
	case OpenComment:
		return "unterminated /* comment"
	}
	return "no error"
}

// Kind is the kind of a JSON value, told by its first byte.
type Kind uint8

// Value kinds. Invalid is a byte no value starts with.
const (
	Invalid Kind = iota
	String
	Number
	True
	False
	Null
	Array
	Object
)

var kinds = func() (k [256]Kind) {
	for c := '0'; c <= '9'; c++ {
		k[c] = Number
	}
	k['-'], k['"'], k['t'], k['f'], k['n'], k['['], k['{'] = Number, String, True, False, Null, Array, Object
	return k
}()

// IsSpace reports JSON white space.
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// SkipSpace returns the offset of the first byte at or after i that is
// not white space.
func SkipSpace(src []byte, i int) int {
	for i < len(src) && IsSpace(src[i]) {
		i++
	}
	return i
}

// CommentEnd returns the end of the comment starting at src[i] == '/':
// a // comment ends before its newline (at the end of src if it has
// none), a /* one after its */. ok is false if none starts there or a /*
// one is not closed (end is then len(src)).
func CommentEnd(src []byte, i int) (end int, ok bool) {
	if i+1 >= len(src) || src[i] != '/' {
		return i, false
	}
	switch src[i+1] {
	case '/':
		if nl := bytes.IndexByte(src[i:], '\n'); nl >= 0 {
			return i + nl, true
		}
		return len(src), true
	case '*':
		if j := bytes.Index(src[i+2:], []byte("*/")); j >= 0 {
			return i + 2 + j + 2, true
		}
		return len(src), false
	}
	return i, false
}

// Quoted returns the offset just past the run quoted by src[i] (a double
// or single quote) that starts at i, a backslash escaping the byte after
// it, without checking what it holds; ok is false if it is not closed.
// On valid JSON it is where the string starting at i ends.
func Quoted(src []byte, i int) (end int, ok bool) { return quoted(src, i, bytes.IndexByte) }

// QuotedString is Quoted on a string (package redact reads its texts as
// strings); FuzzQuotedString keeps the two the same.
func QuotedString(src string, i int) (end int, ok bool) { return quoted(src, i, strings.IndexByte) }

// quoted is Quoted for either kind of text, index its IndexByte.
func quoted[T string | []byte](src T, i int, index func(T, byte) int) (end int, ok bool) {
	q := src[i]
	for i++; i < len(src); {
		j := index(src[i:], q)
		if j < 0 {
			return len(src), false
		}
		i += j
		n := 0 // escaped if preceded by an odd number of backslashes
		for k := i - 1; k >= 0 && src[k] == '\\'; k-- {
			n++
		}
		if n%2 == 0 {
			return i + 1, true
		}
		i++
	}
	return len(src), false
}

// QuotedEnd is Quoted's end: len(src) for a run not closed.
func QuotedEnd(src []byte, i int) int {
	end, _ := Quoted(src, i)
	return end
}

// ValueEnd returns the offset just past the value of valid JSON that
// starts at src[i] (white space before it is not skipped).
func ValueEnd(src []byte, i int) int {
	if i >= len(src) {
		return i
	}
	switch src[i] {
	case '"':
		return QuotedEnd(src, i)
	case '{', '[':
		depth := 0
		for ; i < len(src); i++ {
			switch src[i] {
			case '"':
				i = QuotedEnd(src, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return len(src)
	}
	for i < len(src) && !IsSpace(src[i]) && src[i] != ',' && src[i] != '}' && src[i] != ']' {
		i++
	}
	return i
}

// plainByte holds the bytes a string holds as they are, ASCII only: not
// a quote, a backslash or a control character.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// Unquote decodes the contents of a valid JSON string (between its
// quotes) as encoding/json does: invalid UTF-8 and lone surrogates
// become U+FFFD.
func Unquote(raw []byte) string {
	i := bytes.IndexByte(raw, '\\')
	if i < 0 && utf8.Valid(raw) {
		return string(raw)
	}
	if i < 0 || !utf8.Valid(raw[:i]) {
		i = 0
	}
	var b strings.Builder
	b.Grow(len(raw))
	b.Write(raw[:i])
	for i < len(raw) {
		c := raw[i]
		switch {
		case c == '\\':
			switch e := raw[i+1]; e {
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r := hex4(raw[i+2:])
				i += 6
				if utf16.IsSurrogate(r) {
					r2 := rune(-1)
					if i+6 <= len(raw) && raw[i] == '\\' && raw[i+1] == 'u' {
						r2 = hex4(raw[i+2:])
					}
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						i += 6
						r = dec
					} else {
						r = utf8.RuneError
					}
				}
				b.WriteRune(r)
				continue
			default: // " \ /
				b.WriteByte(e)
			}
			i += 2
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			i++
		default:
			r, n := utf8.DecodeRune(raw[i:])
			if r == utf8.RuneError && n == 1 {
				b.WriteString("\uFFFD")
			} else {
				b.Write(raw[i : i+n])
			}
			i += n
		}
	}
	return b.String()
}

// HexDigit is the value of the hex digit c, or -1.
func HexDigit(c byte) rune {
	switch {
	case '0' <= c && c <= '9':
		return rune(c - '0')
	case 'a' <= c && c <= 'f':
		return rune(c - 'a' + 10)
	case 'A' <= c && c <= 'F':
		return rune(c - 'A' + 10)
	}
	return -1
}

// hex4 reads four hex digits; negative if one is not.
func hex4(b []byte) rune {
	if len(b) < 4 {
		return -1
	}
	return HexDigit(b[0])<<12 | HexDigit(b[1])<<8 | HexDigit(b[2])<<4 | HexDigit(b[3])
}

// Scanner reads the tokens of Src from Pos. Each method reads one token
// where the caller expects it and reports whether it was well formed;
// the first failure is kept and Pos stays where it was found. White space
// is skipped by Space, and around the punctuation (Open, Colon, Next).
type Scanner struct {
	Src []byte
	Pos int
	// Comments accepts // and /* */ comments where white space may be.
	Comments bool
	// MaxDepth bounds the nesting of Open: 0 means MaxDepth, a negative
	// value no bound.
	MaxDepth int

	depth int
	// The first failure: its code, offset, the byte it concerns (NoComma,
	// Control, BadEscape) and the member before a missing ':'.
	code    Code
	errOff  int
	errByte byte
	errName string
}

// Err returns the first failure, or nil.
func (s *Scanner) Err() *Error {
	if s.code == OK {
		return nil
	}
	e := &Error{Off: s.errOff, Code: s.code, got: -1, c: s.errByte, name: s.errName, max: s.limit()}
	if e.Off < len(s.Src) {
		e.got, _ = utf8.DecodeRune(s.Src[e.Off:])
	}
	return e
}

func (s *Scanner) limit() int {
	if s.MaxDepth == 0 {
		return MaxDepth
	}
	return s.MaxDepth
}

func (s *Scanner) fail(code Code, off int) bool {
	if s.code == OK {
		s.code, s.errOff = code, off
	}
	s.Pos = off
	return false
}

// failByte is fail for the errors that name a byte (or a member).
func (s *Scanner) failByte(code Code, off int, c byte, name string) bool {
	if s.code == OK {
		s.code, s.errOff, s.errByte, s.errName = code, off, c, name
	}
	s.Pos = off
	return false
}

// Peek returns the byte at Pos, 0 at the end.
func (s *Scanner) Peek() byte {
	if s.Pos < len(s.Src) {
		return s.Src[s.Pos]
	}
	return 0
}

// Space skips white space (and comments, if accepted).
func (s *Scanner) Space() bool {
	if s.Pos < len(s.Src) && !spaceOrSlash[s.Src[s.Pos]] {
		return true // the common case, inlined
	}
	return s.spaces()
}

// spaceOrSlash holds the bytes Space may skip or stop at: control
// characters and the space, and '/'.
var spaceOrSlash = func() (t [256]bool) {
	for c := 0; c <= ' '; c++ {
		t[c] = true
	}
	t['/'] = true
	return t
}()

func (s *Scanner) spaces() bool {
	i := s.Pos
	for i < len(s.Src) && IsSpace(s.Src[i]) {
		i++
	}
	if s.Pos = i; i == len(s.Src) || s.Src[i] != '/' || !s.Comments {
		return true
	}
	for s.Pos < len(s.Src) {
		switch c := s.Src[s.Pos]; c {
		case ' ', '\t', '\n', '\r':
			s.Pos++
		case '/':
			if !s.Comments {
				return true
			}
			end, ok := CommentEnd(s.Src, s.Pos)
			if !ok {
				if end > s.Pos {
					return s.fail(OpenComment, s.Pos)
				}
				return true
			}
			s.Pos = end
		default:
			return true
		}
	}
	return true
}

// Value returns the kind of the value at Pos; at the end of input or at a
// byte no value starts with, it fails.
func (s *Scanner) Value() (Kind, bool) {
	if k := kinds[s.Peek()]; k != Invalid {
		return k, true
	}
	return Invalid, s.notValue()
}

func (s *Scanner) notValue() bool {
	if s.Pos >= len(s.Src) {
		return s.fail(EndOfInput, s.Pos)
	}
	return s.fail(NotValue, s.Pos)
}

// Open reads the '{' or '[' at Pos and the white space after it, and the
// closing bracket if the container is empty (empty is then true).
func (s *Scanner) Open() (empty, ok bool) {
	if s.depth++; s.depth > MaxDepth && s.MaxDepth == 0 || s.MaxDepth > 0 && s.depth > s.MaxDepth {
		return false, s.fail(TooDeep, s.Pos)
	}
	closer := s.Src[s.Pos] + 2 // '{'+2 == '}', '['+2 == ']'
	s.Pos++
	if !s.Space() {
		return false, false
	}
	if s.Pos < len(s.Src) && s.Src[s.Pos] == closer {
		s.Pos++
		s.depth--
		return true, true
	}
	return false, true
}

// Colon reads the ':' after the member name (named in the error) and
// the white space around it.
func (s *Scanner) Colon(name string) bool {
	if s.Pos >= len(s.Src) || s.Src[s.Pos] != ':' {
		if !s.Space() {
			return false
		}
		if s.Pos >= len(s.Src) || s.Src[s.Pos] != ':' {
			return s.failByte(NoColon, s.Pos, 0, name)
		}
	}
	s.Pos++
	return s.Space()
}

// Next reads what follows a member or an element: a ',' (more is true)
// and the white space after it, or closer ('}' or ']'), which closes the
// container.
func (s *Scanner) Next(closer byte) (more, ok bool) {
	if !s.Space() {
		return false, false
	}
	if s.Pos < len(s.Src) {
		switch s.Src[s.Pos] {
		case ',':
			s.Pos++
			return true, s.Space()
		case closer:
			s.Pos++
			s.depth--
			return false, true
		}
	}
	return false, s.failByte(NoComma, s.Pos, closer, "")
}

// End reads the white space after the document's value and fails if
// anything else is left.
func (s *Scanner) End() bool {
	if !s.Space() {
		return false
	}
	if s.Pos < len(s.Src) {
		return s.fail(Trailing, s.Pos)
	}
	return true
}

// Name reads a member name: a string, or a failure naming what stands
// where one is expected.
func (s *Scanner) Name() (start, end int, plain, ok bool) {
	if s.Pos >= len(s.Src) || s.Src[s.Pos] != '"' {
		return 0, 0, false, s.fail(NotName, s.Pos)
	}
	return s.String()
}

// String reads the string at Pos (Src[Pos] == '"') and returns the span of
// its contents, between the quotes; plain reports contents that are
// their own decoding (no escape, valid UTF-8), else Unquote decodes them.
func (s *Scanner) String() (start, end int, plain, ok bool) {
	src := s.Src
	start = s.Pos + 1
	ascii := true
	i := start
	for {
		for i < len(src) && plainByte[src[i]] {
			i++
		}
		if i >= len(src) {
			return 0, 0, false, s.fail(Unterminated, len(src))
		}
		switch c := src[i]; {
		case c == '"':
			s.Pos = i + 1
			return start, i, ascii || utf8.Valid(src[start:i]), true
		case c == '\\':
			if end, ok := s.escaped(i); ok {
				return start, end, false, true
			}
			return 0, 0, false, false
		case c < 0x20:
			return 0, 0, false, s.failByte(Control, i, c, "")
		default:
			ascii = false
			i++
		}
	}
}

// escaped checks the rest of a string from its first escape, at i.
func (s *Scanner) escaped(i int) (end int, ok bool) {
	src := s.Src
	for i < len(src) {
		switch c := src[i]; {
		case c == '"':
			s.Pos = i + 1
			return i, true
		case c == '\\':
			if i+1 >= len(src) {
				return 0, s.fail(EscapeEnd, i+1)
			}
			switch e := src[i+1]; e {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if hex4(src[i+2:]) < 0 {
					return 0, s.fail(BadUnicode, i+2)
				}
				i += 6
			default:
				return 0, s.failByte(BadEscape, i, e, "")
			}
		case c < 0x20:
			return 0, s.failByte(Control, i, c, "")
		default:
			i++
		}
	}
	return 0, s.fail(Unterminated, len(src))
}

// Number reads the number at Pos and returns its text's span.
func (s *Scanner) Number() (start, end int, ok bool) {
	start = s.Pos
	end, ok = jsonstr.ScanNumber(s.Src, start)
	if ok {
		s.Pos = end
		return start, end, true
	}
	switch prev := s.Src[max(end-1, start)]; {
	case prev == '.':
		return 0, 0, s.fail(NoFraction, end)
	case prev == 'e' || prev == 'E' || (prev == '+' || prev == '-') && end-1 > start:
		return 0, 0, s.fail(NoExponent, end)
	}
	return 0, 0, s.fail(NoDigit, end)
}

// Literal reads the true, false or null at Pos, k its kind.
func (s *Scanner) Literal(k Kind) bool {
	lit := "null"
	switch k {
	case True:
		lit = "true"
	case False:
		lit = "false"
	}
	if len(s.Src)-s.Pos < len(lit) || string(s.Src[s.Pos:s.Pos+len(lit)]) != lit {
		return s.fail(NotValue, s.Pos)
	}
	s.Pos += len(lit)
	return true
}

// Skip reads one value of any kind, checking it, without recursion.
func (s *Scanner) Skip() bool {
	var buf [32]byte
	open := buf[:0] // closers of the containers Skip opened
	for {
		k, ok := s.Value()
		if !ok {
			return false
		}
		switch k {
		case Object, Array:
			closer := s.Src[s.Pos] + 2
			empty, ok := s.Open()
			if !ok {
				return false
			}
			if !empty {
				open = append(open, closer)
				if closer == '}' && !s.member() {
					return false
				}
				continue
			}
		case String:
			if _, _, _, ok := s.String(); !ok {
				return false
			}
		case Number:
			if _, _, ok := s.Number(); !ok {
				return false
			}
		default:
			if !s.Literal(k) {
				return false
			}
		}
		for {
			if len(open) == 0 {
				return true
			}
			closer := open[len(open)-1]
			more, ok := s.Next(closer)
			if !ok {
				return false
			}
			if more {
				if closer == '}' && !s.member() {
					return false
				}
				break
			}
			open = open[:len(open)-1]
		}
	}
}

// Member reads a member's name (as Name) and the ':' after it (as Colon).
func (s *Scanner) Member() (start, end int, plain, ok bool) {
	if s.Pos >= len(s.Src) || s.Src[s.Pos] != '"' {
		return 0, 0, false, s.fail(NotName, s.Pos)
	}
	if start, end, plain, ok = s.String(); !ok {
		return 0, 0, false, false
	}
	if s.Pos < len(s.Src) && s.Src[s.Pos] == ':' {
		s.Pos++
		return start, end, plain, s.Space()
	}
	name := ""
	if s.Space() && (s.Pos >= len(s.Src) || s.Src[s.Pos] != ':') {
		if name = string(s.Src[start:end]); !plain {
			name = Unquote(s.Src[start:end])
		}
	}
	return start, end, plain, s.Colon(name)
}

func (s *Scanner) member() bool {
	_, _, _, ok := s.Member()
	return ok
}

// Valid reports whether src is exactly one JSON value, as json.Valid does.
func Valid(src []byte) bool {
	s := Scanner{Src: src}
	return s.Space() && s.Skip() && s.End()
}
