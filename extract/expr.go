package extract

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/antchfx/xpath"
)

// Sentinel errors returned (wrapped) by Eval.
var (
	// ErrNotFound: the path or regex found no value (missing key, index out
	// of range, null, wrong type along the way, no regex match).
	ErrNotFound = errors.New("not found")
	// ErrNotStructured: a path was evaluated over a body that is neither
	// JSON nor YAML with a collection at its root.
	ErrNotStructured = errors.New("body is neither JSON nor YAML")
)

// SyntaxError is a compile error; Col is the 1-based character position.
type SyntaxError struct {
	Expr string
	Col  int
	Msg  string
	Err  error // underlying regexp error, if any
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("extract %q: col %d: %s", e.Expr, e.Col, e.Msg)
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// Kind is the JSON kind of an extracted value.
type Kind uint8

// Value kinds.
const (
	String Kind = iota
	Number
	Bool
	Array
	Object
)

func (k Kind) String() string {
	switch k {
	case String:
		return "string"
	case Number:
		return "number"
	case Bool:
		return "bool"
	case Array:
		return "array"
	case Object:
		return "object"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Value is an extracted value as text: strings as is, numbers as written,
// booleans as true/false, arrays and objects as compact JSON.
type Value struct {
	Text string
	Kind Kind
}

type opKind uint8

const (
	opKey opKind = iota
	opIndex
	opIter
	opPick // {a,b}: an object of those fields; always the last op
)

type op struct {
	kind opKind
	key  string
	keys []string // opPick's fields, in order
	n    int
	end  int // byte offset in the expression just past this op
}

// Expr is a compiled extraction expression. It is immutable and safe for
// concurrent use.
type Expr struct {
	src   string
	re    *regexp.Regexp
	q     *query      // a JSONPath ("$") expression
	xp    *xpath.Expr // an XPath expression (xpath.go)
	ops   []op
	multi bool // has an [] step: the result is always an array
}

// Compile parses a path, a /regex/, a JSONPath ($...) or an XPath (/...)
// expression.
func Compile(expr string) (*Expr, error) {
	if len(expr) >= 2 && expr[0] == '/' && expr[len(expr)-1] == '/' {
		re, err := regexp.Compile(expr[1 : len(expr)-1])
		if err != nil {
			return nil, &SyntaxError{Expr: expr, Col: 2, Msg: "bad regular expression: " + err.Error(), Err: err}
		}
		if re.NumSubexp() < 1 {
			return nil, &SyntaxError{Expr: expr, Col: 1, Msg: "regular expression has no capture group (the value is group 1)"}
		}
		return &Expr{src: expr, re: re}, nil
	}
	if isXPath(expr) {
		return compileXPath(expr)
	}
	if strings.HasPrefix(expr, "$") {
		q, err := compileQuery(expr)
		if err != nil {
			return nil, err
		}
		return &Expr{src: expr, q: q}, nil
	}
	ops, err := parsePath(expr)
	if err != nil {
		return nil, err
	}
	e := &Expr{src: expr, ops: ops}
	for _, o := range ops {
		if o.kind == opIter {
			e.multi = true
		}
	}
	return e, nil
}

// MustCompile is Compile that panics on error.
func MustCompile(expr string) *Expr {
	e, err := Compile(expr)
	if err != nil {
		panic(err)
	}
	return e
}

// String returns the source expression.
func (e *Expr) String() string { return e.src }

// IsRegex reports whether e is a /regex/ expression.
func (e *Expr) IsRegex() bool { return e.re != nil }

func parsePath(s string) ([]op, error) {
	fail := func(off int, msg string) error {
		return &SyntaxError{Expr: s, Col: utf8.RuneCountInString(s[:off]) + 1, Msg: msg}
	}
	if s == "" {
		return nil, fail(0, "empty expression")
	}
	var ops []op
	i := 0
	for seg := 0; ; seg++ {
		if isPick(s, i) {
			keys, err := parsePick(s, i)
			if err != nil {
				return nil, err
			}
			return append(ops, op{kind: opPick, keys: keys, end: len(s)}), nil
		}
		start := i
		for i < len(s) && s[i] != '.' && s[i] != '[' && s[i] != ']' {
			i++
		}
		if i > start {
			ops = append(ops, op{kind: opKey, key: s[start:i], end: i})
		} else if seg > 0 || i >= len(s) || s[i] != '[' {
			return nil, fail(i, "empty key")
		}
		for i < len(s) && s[i] == '[' {
			open := i
			i++
			for i < len(s) && s[i] != ']' {
				i++
			}
			if i >= len(s) || s[i] != ']' {
				return nil, fail(open, "unclosed '['")
			}
			text := s[open+1 : i]
			i++
			if text == "" {
				ops = append(ops, op{kind: opIter, end: i})
				continue
			}
			n := 0
			for k := 0; k < len(text); k++ {
				c := text[k]
				if c < '0' || c > '9' {
					return nil, fail(open+1+k, "index must be a non-negative integer or empty")
				}
				n = n*10 + int(c-'0')
				if n > math.MaxInt32 {
					return nil, fail(open+1, "index too large")
				}
			}
			ops = append(ops, op{kind: opIndex, n: n, end: i})
		}
		if i >= len(s) {
			return ops, nil
		}
		switch s[i] {
		case '.':
			i++
		case ']':
			return nil, fail(i, "unexpected ']'")
		case '{':
			if isPick(s, i) {
				return nil, fail(i, "a projection follows a '.': write ."+s[i:])
			}
			return nil, fail(i, "want '.' or '[' after ']'")
		default:
			return nil, fail(i, "want '.' or '[' after ']'")
		}
	}
}

// isPick reports whether the path's segment at s[i:] is a projection: it
// is the rest of the path, from a '{' to its '}', with no brace between. A
// key holding a brace or a comma elsewhere (paths./users/{id}.get, "a,b",
// "{x") stays a key, as it was before projections.
func isPick(s string, i int) bool {
	return i < len(s)-1 && s[i] == '{' && s[len(s)-1] == '}' && !strings.ContainsAny(s[i+1:len(s)-1], "{}")
}

// parsePick reads the projection {a,b,...} at s[open:], which ends the
// path (isPick): the names of the fields kept, each once.
func parsePick(s string, open int) ([]string, error) {
	fail := func(off int, msg string) error {
		return &SyntaxError{Expr: s, Col: utf8.RuneCountInString(s[:off]) + 1, Msg: msg}
	}
	end := len(s) - 1
	var keys []string
	off := open + 1
	for _, key := range strings.Split(s[open+1:end], ",") {
		k := strings.TrimSpace(key)
		switch {
		case k == "":
			return nil, fail(off, "empty field name in the projection")
		case !utf8.ValidString(k):
			return nil, fail(off, "field name of the projection is not valid UTF-8")
		case strings.ContainsAny(k, ".[]{\\\"") || strings.IndexFunc(k, func(r rune) bool { return r <= ' ' }) >= 0:
			return nil, fail(off, fmt.Sprintf("field %q of a projection is a plain key (no '.', '[', quotes or spaces)", k))
		case slices.Contains(keys, k):
			return nil, fail(off, fmt.Sprintf("field %q twice in the projection", k))
		}
		keys = append(keys, k)
		off += len(key) + 1
	}
	return keys, nil
}
