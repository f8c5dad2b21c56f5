package template

import (
	"slices"
	"strings"

	"github.com/toolkit-sdk/toolkit/internal/suggest"
)

// ParseAll reads src as Parse does for ctx, but goes on past a malformed
// reference, for a loader that reports every problem of a field at once:
// it returns every reference that parses and every syntax error, each in
// source order. Reading resumes after the malformed reference's "}" (or at
// the next "${" inside it, so that a nested reference is read too).
func ParseAll(src string, ctx Context) ([]Ref, []*SyntaxError) {
	var refs []Ref
	var errs []*SyntaxError
	var sc scanState
	start := 0
	for i := 0; i < len(src); i++ {
		if !isOpen(src, i) {
			continue
		}
		sc.scan(src[start:i])
		ref, end, err := parseRef(src, i)
		if err != nil {
			errs = append(errs, err.(*SyntaxError))
			start = resume(src, i)
			sc.scan(src[i:start])
			i = start - 1
			continue
		}
		if _, err := sc.mode(ctx, ref, src); err != nil {
			errs = append(errs, err.(*SyntaxError))
		}
		refs = append(refs, ref)
		start = end
		i = end - 1
	}
	return refs, errs
}

// resume is where reading goes on after the malformed reference whose
// "${" is at src[at:]: past its "}", at a "${" inside it, or, when the
// line ends first, just past its "${".
func resume(src string, at int) int {
	for j := at + 2; j < len(src); j++ {
		switch {
		case src[j] == '}':
			return j + 1
		case src[j] == '\n':
			return at + 2
		case isOpen(src, j):
			return j
		}
	}
	return at + 2
}

// LookAlike is text of a template that looks like a reference written
// another way ({param:city}, $(step0:temp), $param:city), which is
// literal text: it is sent as written, never replaced by a value.
type LookAlike struct {
	Offset int    // byte offset in the template source
	Text   string // as written
	Fix    string // the reference it looks like, as a reference is written
}

// LookAlikes returns the look-alike references of src, in source order.
// A source must be one of the template's (or its plural, params, values,
// stepsN): {id} or $a:b are not taken for one.
func LookAlikes(src string) []LookAlike {
	var out []LookAlike
	for i := 0; i < len(src); i++ {
		var end int
		var fix string
		switch {
		case src[i] == '{' && (i == 0 || src[i-1] != '$'):
			end, fix = lookAlike(src, i+1, '}')
		case src[i] == '$' && i+1 < len(src) && src[i+1] == '(':
			end, fix = lookAlike(src, i+2, ')')
		case src[i] == '$' && i+1 < len(src) && isLetter(src[i+1]):
			end, fix = lookAlike(src, i+1, 0)
		}
		if fix != "" {
			out = append(out, LookAlike{Offset: i, Text: src[i:end], Fix: fix})
			i = end - 1
		}
	}
	return out
}

// lookAlike reads source:name from src[i:], then the closing byte (none
// when close is 0), and returns the end of the look-alike and the
// reference it stands for; fix is "" when src[i:] is not one.
func lookAlike(src string, i int, close byte) (end int, fix string) {
	j := i
	for j < len(src) && (isLetter(src[j]) || '0' <= src[j] && src[j] <= '9') {
		j++
	}
	source := canonicalSource(src[i:j])
	if source == "" || j == len(src) || src[j] != ':' {
		return 0, ""
	}
	k := j + 1
	for k < len(src) && isNameByte(src[k]) {
		k++
	}
	name := strings.TrimRight(src[j+1:k], ".-") // a sentence's full stop
	if name == "" || source == "env" && !isEnvName(name) {
		return 0, ""
	}
	k = j + 1 + len(name)
	if close != 0 {
		if k == len(src) || src[k] != close {
			return 0, ""
		}
		k++
	}
	return k, "${" + source + ":" + name + "}"
}

// canonicalSource is the source s stands for, as a reference writes it:
// "param" for param or params (any case), "step2" for step2 or steps2; ""
// when s names none.
func canonicalSource(s string) string {
	low := strings.ToLower(s)
	switch low {
	case "param", "params":
		return "param"
	case "value", "values":
		return "value"
	case "env", "pre", "loop":
		return low
	}
	digits := strings.TrimLeft(low, "abcdefghijklmnopqrstuvwxyz")
	word := low[:len(low)-len(digits)]
	if (word == "step" || word == "steps") && digits != "" && strings.Trim(digits, "0123456789") == "" {
		if _, msg := stepIndex(digits); msg == "" {
			return "step" + digits
		}
	}
	return ""
}

// sourceFix is the source an unknown one was likely meant to be: the
// canonical form (params, PARAM, steps0), or the closest source by
// spelling (parm, evn, setp1); "" when none is close.
func sourceFix(s string) string {
	if c := canonicalSource(s); c != "" {
		return c
	}
	digits := strings.TrimLeft(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
	if word := s[:len(s)-len(digits)]; digits != "" && strings.Trim(digits, "0123456789") == "" {
		if _, msg := stepIndex(digits); msg == "" && nearSource(word, "step") {
			return "step" + digits
		}
		return ""
	}
	for _, c := range []string{"param", "env", "value", "pre", "loop"} {
		if nearSource(s, c) {
			return c
		}
	}
	return ""
}

// nearSource reports whether s is a misspelling of the source c: one edit
// away, two for a word of five letters or more, or its letters swapped
// (evn). Looser would take foo for loop.
func nearSource(s, c string) bool {
	s = strings.ToLower(s)
	d := suggest.Distance(s, c)
	return d <= 1 || d == 2 && len(s) >= 5 || len(s) == len(c) && sortedBytes(s) == sortedBytes(c)
}

func sortedBytes(s string) string {
	b := []byte(s)
	slices.Sort(b)
	return string(b)
}

// spacedRef is how the reference at src[at:] is written without the
// spaces it holds (${ param:city }), or "" if it holds none or is
// malformed without them too.
func spacedRef(src string, at int) string {
	j := at + 2
	for j < len(src) && src[j] != '}' && src[j] != '\n' && !isOpen(src, j) {
		j++
	}
	if j == len(src) || src[j] != '}' || !strings.ContainsAny(src[at+2:j], " \t") {
		return ""
	}
	// Spaces around the source and the name, not inside either.
	source, name, _ := strings.Cut(src[at+2:j], ":")
	source, name = strings.TrimSpace(source), strings.TrimSpace(name)
	if strings.ContainsAny(source, " \t") || strings.ContainsAny(name, " \t") {
		return ""
	}
	fixed := "${" + source + ":" + name + "}"
	if _, _, err := parseRef(fixed, 0); err != nil {
		return ""
	}
	return fixed
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isEnvName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || isLetter(c) || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return s != ""
}
