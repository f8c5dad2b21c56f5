package template

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseRefs(t *testing.T) {
	tests := []struct {
		src  string
		want []Ref
	}{
		{"", nil},
		{"plain text", nil},
		{"$ $x $$ {} }$ cost: 5$", nil},
		{"${param:city}", []Ref{{Source: Param, Name: "city"}}},
		{"${env:BASE_URL}/orders/${param:order_id}", []Ref{
			{Source: Env, Name: "BASE_URL"},
			{Source: Param, Name: "order_id", Offset: 23},
		}},
		{"Bearer ${step0:token}", []Ref{{Source: Step, Name: "token", Offset: 7}}},
		{"${step12:a.b-c_d}", []Ref{{Source: Step, Step: 12, Name: "a.b-c_d"}}},
		{"$${step1:amount}", []Ref{{Source: Step, Step: 1, Name: "amount", Offset: 1}}},
		{"订单: ${param:id}\n状态: ${step1:status}", []Ref{
			{Source: Param, Name: "id", Offset: 8},
			{Source: Step, Step: 1, Name: "status", Offset: 28},
		}},
		{"${env:_X1}${param:1}", []Ref{{Source: Env, Name: "_X1"}, {Source: Param, Name: "1", Offset: 10}}},
		{"tenant ${value:tenant.id}", []Ref{{Source: PerCall, Name: "tenant.id", Offset: 7}}},
		{"Bearer ${pre:token}", []Ref{{Source: Pre, Name: "token", Offset: 7}}},
		{"?cursor=${loop:cursor}", []Ref{{Source: Loop, Name: "cursor", Offset: 8}}},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			tp, err := Parse(tt.src, InText)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, tp.Refs()); diff != "" {
				t.Errorf("Refs() mismatch (-want +got):\n%s", diff)
			}
			if got := tp.IsLiteral(); got != (len(tt.want) == 0) {
				t.Errorf("IsLiteral() = %v", got)
			}
			if tp.Source() != tt.src {
				t.Errorf("Source() = %q", tp.Source())
			}
			for _, r := range tp.Refs() {
				if !strings.HasPrefix(tt.src[r.Offset:], r.String()) {
					t.Errorf("%v: Offset %d does not point at the reference", r, r.Offset)
				}
			}
		})
	}
}

func TestRefsIsCopy(t *testing.T) {
	tp := MustParse("${param:a}", InText)
	tp.Refs()[0].Name = "changed"
	if got := tp.Refs()[0].Name; got != "a" {
		t.Errorf("Refs() shares its slice: name now %q", got)
	}
}

func TestAppendRefs(t *testing.T) {
	tp := MustParse("${env:BASE}/items/${param:id}", InURL)
	dst := make([]Ref, 1, 8)
	dst[0] = Ref{Source: Step, Step: 0, Name: "token"}
	got := tp.AppendRefs(dst)
	want := append([]Ref{{Source: Step, Step: 0, Name: "token"}}, tp.Refs()...)
	if diff := cmp.Diff(want, got); diff != "" || &got[0] != &dst[0] {
		t.Errorf("AppendRefs (-want +got), or not in dst's array:\n%s", diff)
	}
	got[1].Name = "changed"
	if tp.Refs()[0].Name != "BASE" {
		t.Error("AppendRefs shares the template's references")
	}
	if n := len(MustParse("no references", InText).AppendRefs(nil)); n != 0 {
		t.Errorf("a literal template appends %d references", n)
	}
}

func TestRefString(t *testing.T) {
	tests := []struct {
		ref  Ref
		want string
	}{
		{Ref{Source: Param, Name: "x"}, "${param:x}"},
		{Ref{Source: Env, Name: "X"}, "${env:X}"},
		{Ref{Source: Step, Name: "v"}, "${step0:v}"},
		{Ref{Source: Step, Step: 3, Name: "v"}, "${step3:v}"},
		{Ref{Source: PerCall, Name: "tenant"}, "${value:tenant}"},
		{Ref{Source: Pre, Name: "token"}, "${pre:token}"},
		{Ref{Source: Loop, Name: "page"}, "${loop:page}"},
	}
	for _, tt := range tests {
		if got := tt.ref.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.ref, got, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		src    string
		offset int
		err    string // Error() text
	}{
		{"${param:x", 0, `col 1: unterminated reference: "${" without a closing "}"`},
		{"a ${", 2, `col 3: unterminated reference: "${" without a closing "}"`},
		{"${param:x\n}", 0, `col 1: unterminated reference: "${" without a closing "}"`},
		{"${step0\n:x}", 0, `col 1: unterminated reference: "${" without a closing "}"`},
		{"${}", 0, `col 1: empty reference "${}": want ${param:name}, ${env:NAME}, ${value:name} or ${stepN:name}`},
		{"${param}", 7, `col 8: missing ":" in ${param}: want ${source:name}, e.g. ${param:name}`},
		{"${:x}", 2, `col 3: empty source in ${:x}: want param, env, value, pre, loop or stepN`},
		{"${param:}", 8, `col 9: empty name in ${param:}`},
		{"${env:}", 6, `col 7: empty name in ${env:}`},
		{"${step1:}", 8, `col 9: empty name in ${step1:}`},
		{"x ${foo:x}", 4, `col 5: unknown source "foo" in ${foo:x}: want param, env, value, pre, loop or stepN`},
		{"${Param:x}", 2, `col 3: unknown source "Param" in ${Param:x}: want param, env, value, pre, loop or stepN (sources are lower case); did you mean ${param:x}?`},
		{"${ param:x}", 0, `col 1: spaces inside ${ param:x}: a reference holds none; write ${param:x}`},
		{"a ${ step0 : temp } b", 2, `col 3: spaces inside ${ step0 : temp }: a reference holds none; write ${step0:temp}`},
		{"${param.units}", 13, `col 14: missing ":" in ${param.units}: a reference is ${source:name}; write ${param:units}`},
		{"${step1.temp}", 12, `col 13: missing ":" in ${step1.temp}: a reference is ${source:name}; write ${step1:temp}`},
		{"${units}", 7, `col 8: missing ":" in ${units}: want ${source:name}, e.g. ${param:units}`},
		{"${params:city}", 2, `col 3: unknown source "params" in ${params:city}: want param, env, value, pre, loop or stepN; did you mean ${param:city}?`},
		{"${parm:city}", 2, `col 3: unknown source "parm" in ${parm:city}: want param, env, value, pre, loop or stepN; did you mean ${param:city}?`},
		{"${setp1:temp}", 2, `col 3: unknown source "setp1" in ${setp1:temp}: want param, env, value, pre, loop or stepN; did you mean ${step1:temp}?`},
		{"${step:0}", 2, `col 3: raw step reference ${step:0} is not allowed: extract a named var from step 0's response (var: - name: ...) and use ${step0:name}`},
		{"${step:x}", 2, `col 3: raw step reference ${step:x} is not allowed: write ${stepN:x} with N the index of the step whose var list extracts "x"`},
		{"${step:}", 2, `col 3: raw step reference ${step:} is not allowed: write ${stepN:name} with a var extracted by step N`},
		{"${step-1:x}", 6, `col 7: invalid step index in ${step-1:x}: want ${stepN:name} with N a decimal number, e.g. step0`},
		{"${step+1:x}", 6, `col 7: invalid step index in ${step+1:x}: want ${stepN:name} with N a decimal number, e.g. step0`},
		{"${step1a:x}", 6, `col 7: invalid step index in ${step1a:x}: want ${stepN:name} with N a decimal number, e.g. step0`},
		{"${step 1:x}", 6, `col 7: invalid step index in ${step 1:x}: want ${stepN:name} with N a decimal number, e.g. step0`},
		{"${step01:x}", 6, `col 7: invalid step index in ${step01:x}: want a decimal number without leading zeros`},
		{"${step1234567:x}", 6, `col 7: invalid step index in ${step1234567:x}: step index too large`},
		{"${step0:${env:KEY}}", 8, `col 9: nested reference: a reference cannot contain another reference`},
		{"${step0:a${env:KEY}}", 9, `col 10: nested reference: a reference cannot contain another reference`},
		{"${${env:K}:x}", 2, `col 3: nested reference: a reference cannot contain another reference`},
		{"${param:a b}", 9, `col 10: invalid character ' ' in the name of a reference; names use letters, digits, '_', '.' and '-'`},
		{"${param:a/b}", 9, `col 10: invalid character '/' in the name of a reference; names use letters, digits, '_', '.' and '-'`},
		{"${param:城市}", 8, `col 9: invalid character '城' in the name of a reference; names use letters, digits, '_', '.' and '-'`},
		{"${param:a$b}", 9, `col 10: invalid character '$' in the name of a reference; names use letters, digits, '_', '.' and '-'`},
		{"${env:1X}", 6, `col 7: invalid character '1' in env name "1X"; env names are letters, digits and '_', not starting with a digit`},
		{"${env:A.B}", 7, `col 8: invalid character '.' in env name "A.B"; env names are letters, digits and '_', not starting with a digit`},
		{"${env:A-B}", 7, `col 8: invalid character '-' in env name "A-B"; env names are letters, digits and '_', not starting with a digit`},
		{"ok ${param:a}\nline two ${bad:x}", 25, `line 2, col 12: unknown source "bad" in ${bad:x}: want param, env, value, pre, loop or stepN`},
		{"${param:a} ${param:b", 11, `col 12: unterminated reference: "${" without a closing "}"`},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			tp, err := Parse(tt.src, InText)
			if err == nil {
				t.Fatalf("Parse succeeded with refs %v", tp.Refs())
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %T is not *SyntaxError: %v", err, err)
			}
			if se.Offset != tt.offset {
				t.Errorf("Offset = %d, want %d", se.Offset, tt.offset)
			}
			if diff := cmp.Diff(tt.err, err.Error()); diff != "" {
				t.Errorf("Error() mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseErrorInEveryContext(t *testing.T) {
	for ctx := InText; ctx <= InXML; ctx++ {
		if _, err := Parse("${step0:${env:KEY}}", ctx); err == nil || !strings.Contains(err.Error(), "nested reference") {
			t.Errorf("%v: err = %v, want nested reference", ctx, err)
		}
	}
}

func TestParseJSONEscapeSequence(t *testing.T) {
	tests := []struct {
		src    string
		offset int // -1: parses
	}{
		{`{"a":"\${param:x}"}`, 7},
		{`{"a":"\u00${param:x}"}`, 10},
		{`{"a":"\\${param:x}"}`, -1},
		{`{"a":"\u0041${param:x}"}`, -1},
		{`{"a":"\"${param:x}"}`, -1},
		{`\${param:x}`, -1}, // outside a string a backslash escapes nothing
	}
	for _, tt := range tests {
		_, err := Parse(tt.src, InJSON)
		var se *SyntaxError
		switch {
		case tt.offset < 0 && err != nil:
			t.Errorf("Parse(%q): %v", tt.src, err)
		case tt.offset >= 0 && !errors.As(err, &se):
			t.Errorf("Parse(%q) err = %v, want *SyntaxError", tt.src, err)
		case tt.offset >= 0 && (se.Offset != tt.offset || !strings.Contains(se.Msg, "JSON escape sequence")):
			t.Errorf("Parse(%q) = %v at %d, want escape-sequence error at %d", tt.src, se, se.Offset, tt.offset)
		}
	}
}

func TestParseUnknownContext(t *testing.T) {
	if _, err := Parse("x", InXML+1); err == nil {
		t.Fatal("Parse with an unknown context succeeded")
	}
}

func TestMustParsePanics(t *testing.T) {
	defer func() {
		r := recover()
		if r == nil || !strings.Contains(r.(string), "unknown source") {
			t.Errorf("recover() = %v, want an unknown-source panic", r)
		}
	}()
	MustParse("${foo:x}", InText)
}

func TestStrings(t *testing.T) {
	got := []string{Param.String(), Env.String(), Step.String(), PerCall.String(), Pre.String(), Source(9).String(),
		InText.String(), InURL.String(), InHeader.String(), InJSON.String(), InForm.String(), InXML.String(), Context(9).String()}
	want := []string{"param", "env", "step", "value", "pre", "Source(9)", "text", "url", "header", "json", "form", "xml", "Context(9)"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("String() mismatch (-want +got):\n%s", diff)
	}
}
