package yqcloud

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseTemplate(t *testing.T) {
	tests := []struct {
		src  string
		segs []segment
		err  string
	}{
		{"${STATIC#yqcloud_url}/a/${tenantId}/b/{knowId}?x={y}", []segment{
			{segValue, "STATIC#yqcloud_url", 0}, {segLiteral, "/a/", 21}, {segValue, "tenantId", 24}, {segLiteral, "/b/", 35},
			{segParam, "knowId", 38}, {segLiteral, "?x=", 46}, {segParam, "y", 49}}, ""},
		{"$x {} {a b} {-a} price: $5 {a-b_c$1}", []segment{{segLiteral, "$x {} {a b} {-a} price: $5 ", 0}, {segParam, "a-b_c$1", 27}}, ""},
		{"a${b", nil, `unterminated placeholder "${b": missing '}'`},
		{"${}", nil, `invalid placeholder "${}"`},
		{"${a b}", nil, `invalid placeholder "${a b}"`},
		{"", nil, ""},
	}
	for _, tt := range tests {
		got, err := parseTemplate(tt.src, true)
		if tt.err != "" {
			var pe *placeholderError
			if !errors.As(err, &pe) || pe.msg != tt.err {
				t.Errorf("%q: error %v, want %s", tt.src, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", tt.src, err)
		}
		if diff := cmp.Diff(tt.segs, got.segs, cmp.AllowUnexported(segment{})); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tt.src, diff)
		}
	}
	// Header values have no path parameters.
	h, _ := parseTemplate("{a} ${b}", false)
	if len(h.segs) != 2 || h.segs[0].text != "{a} " {
		t.Errorf("header: %+v", h.segs)
	}
}

func TestExpandURL(t *testing.T) {
	values := func(name string) (string, bool) {
		v, ok := map[string]string{"STATIC#base": "https://h/x?y", "tenantId": "a b/c"}[name]
		return v, ok
	}
	tm, _ := parseTemplate("https://h/${tenantId}/{id}?q=${tenantId}&id={id}", true)
	params := &object{keys: []string{"id", "other"}, vals: []any{"1/2 3", "x"}}
	got, err := tm.expandURL(values, params)
	if err != nil {
		t.Fatal(err)
	}
	if want := "https://h/a%20b%2Fc/1%2F2%203?q=a+b%2Fc&id=1%2F2+3"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if diff := cmp.Diff([]string{"other"}, params.keys); diff != "" {
		t.Errorf("path parameters not removed: %s", diff)
	}
	// A STATIC value's '?' starts the query.
	tm, _ = parseTemplate("${STATIC#base}&t=${tenantId}", true)
	if got, _ := tm.expandURL(values, &object{}); got != "https://h/x?y&t=a+b%2Fc" {
		t.Errorf("got %s", got)
	}
	tm, _ = parseTemplate("https://h/{id}", true)
	if _, err := tm.expandURL(values, &object{keys: []string{"id"}, vals: []any{[]any{"a"}}}); err == nil || !strings.Contains(err.Error(), "must be a string, number or boolean, not an array") {
		t.Errorf("array path parameter: %v", err)
	}
}

// FuzzTemplate: parsing never panics and the segments spell the source.
func FuzzTemplate(f *testing.F) {
	for _, s := range []string{"${STATIC#yqcloud_url}/a/{id}", "${", "{}", "${a}${b}{c}{d}", "$${x}}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		tm, err := parseTemplate(src, true)
		if err != nil {
			var pe *placeholderError
			if !errors.As(err, &pe) || pe.off < 0 || pe.off >= len(src) {
				t.Fatalf("bad error %v", err)
			}
			return
		}
		var b strings.Builder
		for _, s := range tm.segs {
			switch s.kind {
			case segLiteral:
				b.WriteString(s.text)
			case segValue:
				b.WriteString("${" + s.text + "}")
			case segParam:
				b.WriteString("{" + s.text + "}")
			}
		}
		if b.String() != src {
			t.Fatalf("segments spell %q", b.String())
		}
	})
}
