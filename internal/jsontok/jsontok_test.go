package jsontok

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var seeds = []string{
	`{}`, `[]`, `0`, `-0`, `1.5e+3`, `"x"`, `true`, `false`, `null`, ` {"a" : [1, {"b": null}] } `,
	`{"a":1,}`, `[1,]`, `[1 2]`, `{"a" 1}`, `{a:1}`, `01`, `1.`, `.5`, `1e`, `-`, `+1`, `"\x"`, `"\u12"`,
	"\"a\tb\"", `"\ud83d\ude00"`, `"\ud83d"`, `"\udc00\ud83d"`, `"\ud83d\u0041"`, `"\ud83dx"`, "\"\xff\xfe\"", `[[[]]]`, `[`, `]`, `{"a":}`,
	`nul`, `truex`, `"abc`, `[1]x`, "\xef\xbb\xbf[1]", `{"a":1}{"b":2}`, `{"\u0061":1}`, `1E+2`, `[-]`,
	`{"k\"y":{"\\":[ ]}}`, "\"\u2028\u2029\"", `"\u2028"`, `"\/\b\f\n\r\t"`, "\"\xed\xa0\x80\"", "\"\xc0\xaf\"",
	`{"a":1,"a":2}`, `-01`, `1e+`, `1.5E-07`, `12345678901234567890`, `[1,2.50,-0e0]`, ` `, ``, `"\`, `"\u"`,
	strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth),
	strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1),
	strings.Repeat(`{"a":`, MaxDepth+1) + "1" + strings.Repeat("}", MaxDepth+1),
}

// tokens walks one document with a Scanner into the tokens
// json.Decoder.Token gives (UseNumber): delimiters, strings (names too),
// json.Number, bool, nil.
func tokens(src []byte) ([]any, *Error) {
	s := Scanner{Src: src}
	var out []any
	var value func() bool
	value = func() bool {
		k, ok := s.Value()
		if !ok {
			return false
		}
		switch k {
		case Object, Array:
			opener, closer := s.Src[s.Pos], s.Src[s.Pos]+2
			out = append(out, json.Delim(opener))
			empty, ok := s.Open()
			if !ok {
				return false
			}
			for more := !empty; more; {
				if closer == '}' {
					start, end, plain, ok := s.Name()
					if !ok {
						return false
					}
					name := decoded(src, start, end, plain)
					out = append(out, name)
					if !s.Colon(name) {
						return false
					}
				}
				if !value() {
					return false
				}
				if more, ok = s.Next(closer); !ok {
					return false
				}
			}
			out = append(out, json.Delim(closer))
		case String:
			start, end, plain, ok := s.String()
			if !ok {
				return false
			}
			out = append(out, decoded(src, start, end, plain))
		case Number:
			start, end, ok := s.Number()
			if !ok {
				return false
			}
			out = append(out, json.Number(src[start:end]))
		default:
			if !s.Literal(k) {
				return false
			}
			out = append(out, map[Kind]any{True: true, False: false, Null: nil}[k])
		}
		return true
	}
	if s.Space() && value() && s.End() {
		return out, nil
	}
	return nil, s.Err()
}

func decoded(src []byte, start, end int, plain bool) string {
	if plain {
		return string(src[start:end])
	}
	return Unquote(src[start:end])
}

func stdTokens(src []byte) ([]any, error) {
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	var out []any
	for {
		t, err := dec.Token()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
}

// check compares the tokenizer with encoding/json on src: the same
// verdict (Valid, a walk of the tokens, Skip), the same tokens (strings
// decoded alike, numbers' text as written) and, on valid text, ValueEnd
// and QuotedEnd finding the ends the checking reads find.
func check(t *testing.T, src []byte) {
	t.Helper()
	want := json.Valid(src)
	if got := Valid(src); got != want {
		t.Fatalf("Valid(%q) = %v, json.Valid %v", src, got, want)
	}
	toks, err := tokens(src)
	if (err == nil) != want {
		t.Fatalf("tokens(%q): error %v, json.Valid %v", src, err, want)
	}
	if err != nil {
		if err.Off < 0 || err.Off > len(src) || err.Error() == "" || err.Error() == "no error" {
			t.Fatalf("tokens(%q): bad error %+v", src, err)
		}
		return
	}
	std, serr := stdTokens(src)
	if serr != nil {
		t.Fatalf("encoding/json tokens of valid %q: %v", src, serr)
	}
	if diff := cmp.Diff(std, toks); diff != "" {
		t.Fatalf("tokens of %q (-encoding/json +jsontok):\n%s", src, diff)
	}
	i := SkipSpace(src, 0)
	s := Scanner{Src: src, Pos: i}
	if !s.Skip() {
		t.Fatalf("Skip(%q): %v", src, s.Err())
	}
	if end := ValueEnd(src, i); end != s.Pos {
		t.Fatalf("ValueEnd(%q) = %d, Skip ends at %d", src, end, s.Pos)
	}
	if src[i] == '"' {
		if end := QuotedEnd(src, i); end != s.Pos {
			t.Fatalf("QuotedEnd(%q) = %d, want %d", src, end, s.Pos)
		}
	}
}

func TestMatchesEncodingJSON(t *testing.T) {
	for _, s := range seeds {
		check(t, []byte(s))
	}
}

// FuzzTokens: the tokenizer accepts exactly what encoding/json accepts,
// and reads the same tokens from it.
func FuzzTokens(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) { check(t, src) })
}

// FuzzUnquote: a string's contents decode as encoding/json decodes the
// string, whatever bytes they hold.
func FuzzUnquote(f *testing.F) {
	for _, s := range []string{`a`, `\u00e9`, `\ud83d\ude00`, `\ud83d`, `\udc00\ud83d`, "\xff", "\u2028", `\"\\\/\b\f\n\r\t`, "caf\xc3\xa9\\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q := []byte(`"` + raw + `"`)
		var want string
		if json.Unmarshal(q, &want) != nil {
			return
		}
		s := Scanner{Src: q}
		start, end, plain, ok := s.String()
		if !ok || s.Pos != len(q) {
			t.Fatalf("String(%q): ok %v at %d: %v", q, ok, s.Pos, s.Err())
		}
		if got := decoded(q, start, end, plain); got != want {
			t.Fatalf("%q decodes to %q, encoding/json %q", q, got, want)
		}
		if plain && want != raw {
			t.Fatalf("%q reported plain, decodes to %q", q, want)
		}
	})
}

func TestErrors(t *testing.T) {
	tests := []struct {
		in  string
		off int
		msg string
	}{
		{``, 0, "unexpected end of input, expecting a value"},
		{`{"a": 1,}`, 8, `unexpected '}', expecting a member name in double quotes`},
		{"[1,\n 2 3]", 7, `unexpected '3', expecting ',' or ']'`},
		{`{"a" 1}`, 5, `unexpected '1', expecting ':' after member "a"`},
		{`{"\u0061" 1}`, 10, `unexpected '1', expecting ':' after member "a"`},
		{`01`, 1, `unexpected '1' after the JSON value`},
		{`-`, 1, `invalid number: expecting a digit, got end of input`},
		{`1.`, 2, `invalid number: expecting a digit after '.'`},
		{`1e`, 2, `invalid number: expecting a digit in the exponent`},
		{`"abc`, 4, `unterminated string`},
		{"\"a\nb\"", 2, `invalid control character '\n' in string`},
		{`"\x"`, 1, `invalid escape '\x' in string`},
		{`"\u12"`, 3, `invalid \u escape`},
		{`"\`, 2, `unexpected end of input in string escape`},
		{`tru`, 0, `unexpected 't', expecting a value`},
		{"\xff", 0, `unexpected '` + "\uFFFD" + `', expecting a value`},
		{`// c` + "\n1", 0, `unexpected '/', expecting a value`},
		{strings.Repeat("[", MaxDepth+1), MaxDepth, `nested too deeply (over 10000 levels)`},
	}
	for _, tt := range tests {
		_, err := tokens([]byte(tt.in))
		if err == nil || err.Off != tt.off || err.Error() != tt.msg {
			t.Errorf("%q: %+v (%v), want %d %s", tt.in, err, err, tt.off, tt.msg)
		}
		var e error = err
		var je *Error
		if !errors.As(e, &je) {
			t.Errorf("%q: not an *Error", tt.in)
		}
	}
}

func TestComments(t *testing.T) {
	s := Scanner{Src: []byte("/* a */ [1, // b\n 2 /**/] // end"), Comments: true}
	if !s.Space() || !s.Skip() || !s.End() {
		t.Fatalf("comments: %v", s.Err())
	}
	s = Scanner{Src: []byte("[1 /* open"), Comments: true}
	if s.Space() && s.Skip() {
		t.Fatal("an unterminated comment passed")
	}
	if err := s.Err(); err == nil || err.Code != OpenComment || err.Off != 3 {
		t.Fatalf("unterminated comment: %+v", err)
	}
	s = Scanner{Src: []byte("[1 / 2]"), Comments: true}
	if s.Space() && s.Skip() {
		t.Fatal("a lone slash passed")
	}
}

func TestMaxDepth(t *testing.T) {
	deep := []byte(strings.Repeat("[", 3*MaxDepth) + strings.Repeat("]", 3*MaxDepth))
	s := Scanner{Src: deep, MaxDepth: -1}
	if !s.Skip() || !s.End() {
		t.Fatalf("unbounded: %v", s.Err())
	}
	s = Scanner{Src: []byte("[[[]]]"), MaxDepth: 2}
	if s.Skip() || s.Err().Code != TooDeep || s.Err().Off != 2 || s.Err().Error() != "nested too deeply (over 2 levels)" {
		t.Fatalf("depth 2: %v", s.Err())
	}
}

// TestFailedStringSpan: a string that fails reads as an empty span, so that
// a reader cutting it before checking ok cuts nothing.
func TestFailedStringSpan(t *testing.T) {
	for _, in := range []string{`"\`, `"\x"`, `"a\u12"`, "\"a\\n\x01\"", `"abc`, "\"\x01\""} {
		s := Scanner{Src: []byte(in)}
		if start, end, plain, ok := s.String(); ok || start != 0 || end != 0 || plain {
			t.Errorf("String(%q) = %d, %d, %v, %v", in, start, end, plain, ok)
		}
	}
}

// FuzzQuotedString: QuotedString is Quoted on a string, and a backslash
// escapes the byte after it (the rule package redact's field scan had
// on its own: `\` skips a byte, the first quote left ends the string).
func FuzzQuotedString(f *testing.F) {
	for _, s := range []string{`"a"`, `"a\"b"`, `"\\"`, `"\\\"`, `"\`, `"abc`, `"\\\\\"x"y`, `x"\"\\"`, `'a\'b'`} {
		f.Add(s, 0)
	}
	f.Fuzz(func(t *testing.T, src string, i int) {
		if i < 0 || i >= len(src) {
			i = 0
		}
		if len(src) == 0 || src[i] != '"' && src[i] != '\'' {
			return
		}
		end, ok := QuotedString(src, i)
		if bend, bok := Quoted([]byte(src), i); end != bend || ok != bok {
			t.Fatalf("%q at %d: QuotedString %d %v, Quoted %d %v", src, i, end, ok, bend, bok)
		}
		want, wantOK := len(src), false
		for j := i + 1; j < len(src); j++ {
			if src[j] == '\\' {
				j++
			} else if src[j] == src[i] {
				want, wantOK = j+1, true
				break
			}
		}
		if end != want || ok != wantOK {
			t.Fatalf("%q at %d: QuotedString %d %v, the skip rule %d %v", src, i, end, ok, want, wantOK)
		}
	})
}
