package template

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParseAll: every malformed reference of a source is reported, and the
// well-formed ones around them are returned.
func TestParseAll(t *testing.T) {
	tests := []struct {
		src  string
		ctx  Context
		refs []string
		errs []string
	}{
		{"${param:a}/${env:B}", InURL, []string{"${param:a}", "${env:B}"}, nil},
		{"https://x/${params:a}/${param.b}/${step9:c}/${foo:d}/${param:a}", InURL,
			[]string{"${step9:c}", "${param:a}"},
			[]string{
				`col 13: unknown source "params" in ${params:a}: want param, env, value, pre, loop or stepN; did you mean ${param:a}?`,
				`col 32: missing ":" in ${param.b}: a reference is ${source:name}; write ${param:b}`,
				`col 47: unknown source "foo" in ${foo:d}: want param, env, value, pre, loop or stepN`,
			}},
		{`{"x": ${step0:${env:KEY}}, "y": "${step0:none}"}`, InJSON,
			[]string{"${env:KEY}", "${step0:none}"},
			[]string{`col 15: nested reference: a reference cannot contain another reference`}},
		{"a ${param:x b ${param:y}", InText, []string{"${param:y}"},
			[]string{`col 12: invalid character ' ' in the name of a reference; names use letters, digits, '_', '.' and '-'`}},
		{"${param:x", InText, nil, []string{`col 1: unterminated reference: "${" without a closing "}"`}},
		{`{"a": "\${param:x}"}`, InJSON, []string{"${param:x}"},
			[]string{`col 9: ${param:x} stands inside a JSON escape sequence; move it out of the \ escape`}},
	}
	for _, tt := range tests {
		refs, errs := ParseAll(tt.src, tt.ctx)
		var gotRefs, gotErrs []string
		for _, r := range refs {
			gotRefs = append(gotRefs, r.String())
		}
		for _, e := range errs {
			gotErrs = append(gotErrs, e.Error())
		}
		if diff := cmp.Diff(tt.refs, gotRefs); diff != "" {
			t.Errorf("%s: refs (-want +got):\n%s", tt.src, diff)
		}
		if diff := cmp.Diff(tt.errs, gotErrs); diff != "" {
			t.Errorf("%s: errors (-want +got):\n%s", tt.src, diff)
		}
		// Parse reports the first of them.
		if _, err := Parse(tt.src, tt.ctx); (err == nil) != (len(errs) == 0) || err != nil && err.Error() != gotErrs[0] {
			t.Errorf("%s: Parse error %v, ParseAll's first %v", tt.src, err, gotErrs)
		}
	}
}

func TestLookAlikes(t *testing.T) {
	tests := []struct {
		src  string
		want []LookAlike
	}{
		{"https://x/{param:city}?u=${param:units}", []LookAlike{{10, "{param:city}", "${param:city}"}}},
		{"$(step0:temp) degrees", []LookAlike{{0, "$(step0:temp)", "${step0:temp}"}}},
		{"q=$param:city.", []LookAlike{{2, "$param:city", "${param:city}"}}},
		{"{params:city} {Steps1:x} {env:API_KEY} {value:tenant}", []LookAlike{
			{0, "{params:city}", "${param:city}"}, {14, "{Steps1:x}", "${step1:x}"},
			{25, "{env:API_KEY}", "${env:API_KEY}"}, {39, "{value:tenant}", "${value:tenant}"}}},
		// Not references: JSON, placeholders, a price, a shell variable, a
		// real reference.
		{`{"a": "b"} {id} $5 $PATH:/bin {a:b} {step:x} {env:1x} ${param:x} $${step0:x}`, nil},
		{"{param:city", nil},
		{"$(param:x", nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, LookAlikes(tt.src)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.src, diff)
		}
	}
}

func FuzzLookAlikes(f *testing.F) {
	for _, s := range []string{"{param:x}", "$(step0:y)", "$env:A", "{{param:x}}", "${param:x}", "$(", "{"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, la := range LookAlikes(src) {
			if la.Offset < 0 || la.Offset+len(la.Text) > len(src) || src[la.Offset:la.Offset+len(la.Text)] != la.Text {
				t.Fatalf("%q: %+v is not in the source", src, la)
			}
			if _, err := Parse(la.Fix, InText); err != nil {
				t.Fatalf("%q: fix %q does not parse: %v", src, la.Fix, err)
			}
		}
		refs, errs := ParseAll(src, InJSON)
		if _, err := Parse(src, InJSON); (err == nil) != (len(errs) == 0) {
			t.Fatalf("%q: Parse %v, ParseAll %v", src, err, errs)
		}
		for _, r := range refs {
			if r.Offset < 0 || r.Offset >= len(src) {
				t.Fatalf("%q: ref %v off the source", src, r)
			}
		}
	})
}
