package template

import (
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"testing"
)

// fuzzHostile returns values meant to break out of their context. Env
// values are trusted, so theirs is valid JSON as written (yet hostile once
// inside a string).
func fuzzHostile(r Ref) (Value, bool) {
	switch r.Source {
	case Env:
		return Value{Text: `"\"},\"admin\":true,\"x\":\"\\\u2028"`}, true
	case Step:
		if r.Step%2 == 1 {
			return Value{Text: `1},"admin":true,{`, Raw: true}, true
		}
		return Value{Text: "../\r\n\x00\"\\\u2028\xff?#&=/ 北"}, true
	}
	if len(r.Name)%3 == 0 {
		return Value{}, false
	}
	return Value{Text: `"},"admin":true,"x":"` + "\n../a/b?c#d"}, true
}

// skeleton replaces each reference with true: inside a JSON string it is
// plain text, outside it is a JSON value, and next to another token it makes
// the skeleton invalid, as the quoted value would make the expansion.
func skeleton(t *Template, with func(Ref) string) string {
	var b strings.Builder
	for i, r := range t.refs {
		b.WriteString(t.lits[i])
		b.WriteString(with(r))
	}
	b.WriteString(t.lits[len(t.refs)])
	return b.String()
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", "plain", "$", "${", "${}", "$${param:a}", "${param:a}", "${env:A_1}", "${step0:v}",
		"${step:0}", "${step0:${env:KEY}}", "${foo:x}", "${param:a b}", "${step01:x}",
		"${env:BASE}/orders/${param:id}?q=${param:q}#${step1:f}", "${step0:next_url}",
		`{"a":"${param:a}","b":${step1:b},"c":[${env:C}],"d":"\"${param:d}\\"}`,
		`{"a":"\${param:a}"}`, `{"a":"\u00${param:a}"}`, `"${param:a}`, `1${param:a}`,
		"Bearer ${step0:token}", "a=${param:a}&b=${env:B}", "订单: ${param:id}\n${step1:s}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for ctx := InText; ctx <= InXML; ctx++ {
			tp, err := Parse(src, ctx)
			if err != nil {
				se, ok := err.(*SyntaxError)
				if !ok || se.Offset < 0 || se.Offset > len(src) || se.Line < 1 || se.Col < 1 {
					t.Fatalf("Parse(%q, %v): bad error %#v", src, ctx, err)
				}
				continue
			}
			if tp.Source() != src || skeleton(tp, Ref.String) != src {
				t.Fatalf("Parse(%q, %v) does not round-trip: %q", src, ctx, skeleton(tp, Ref.String))
			}
			for _, r := range tp.Refs() {
				if !strings.HasPrefix(src[r.Offset:], r.String()) {
					t.Fatalf("%v: Offset %d does not point at the reference in %q", r, r.Offset, src)
				}
			}
			got, err := tp.Expand(ValuesFunc(fuzzHostile))
			switch ctx {
			case InJSON:
				if err != nil {
					t.Fatalf("Expand(%q): %v", src, err)
				}
				if sk := skeleton(tp, func(Ref) string { return "true" }); json.Valid([]byte(sk)) && !json.Valid([]byte(got)) {
					t.Fatalf("template %q (skeleton %s valid) expands to invalid JSON %s", src, sk, got)
				}
			case InURL:
				if err != nil {
					var ve *ValueError
					if !(len(tp.refs) == 1 && tp.litLen == 0) && !(errors.As(err, &ve) && strings.Contains(ve.Reason, "host")) {
						t.Fatalf("Expand(%q): %v", src, err)
					}
					continue
				}
				// Param and step values add no URL delimiters.
				sk := skeleton(tp, func(r Ref) string {
					if v, ok := fuzzHostile(r); ok && r.Source == Env {
						return v.Text
					}
					return "x"
				})
				for _, d := range "/?#&=\r\n" {
					if strings.Count(got, string(d)) != strings.Count(sk, string(d)) {
						t.Fatalf("template %q: value added %q: %q", src, d, got)
					}
				}
			case InHeader:
				if err == nil && strings.ContainsAny(got, "\r\n\x00") && !strings.ContainsAny(src, "\r\n\x00") {
					t.Fatalf("template %q: header value with a line break: %q", src, got)
				}
			}
		}
	})
}

// FuzzURLHost: whatever a parameter holds, the expanded URL keeps the
// template's scheme and host (where the template puts the value in the
// host, one DNS label of it) and its number of path segments, or the value
// is refused.
func FuzzURLHost(f *testing.F) {
	for _, s := range []string{"a", "", "..", ".evil.example", "@evil.example", "evil.example/", "x:1", "%2e", "a b", "eu-1", "[::1]", "\\evil", "#", "?", "北京", "80"} {
		f.Add(s)
	}
	fixed := func(host string) func(string) string { return func(string) string { return host } }
	templates := []struct {
		src, base string
		host      func(v string) string // the host the URL must have
		slashes   int                   // in the escaped path
	}{
		{"${env:BASE}/users/${param:v}/profile?q=${param:v}", "https://api.example.test:8443", fixed("api.example.test:8443"), 3},
		{"${env:BASE}${param:v}/x", "https://api.example.test", fixed("api.example.test"), 1},
		{"${env:BASE}${param:v}/x", "https://api.example.test/v1/", fixed("api.example.test"), 3},
		{"https://${param:v}.example.test/a/b", "", func(v string) string { return v + ".example.test" }, 2},
		{"http://api.example.test:${param:v}/a", "", func(v string) string { return "api.example.test:" + v }, 1},
	}
	f.Fuzz(func(t *testing.T, v string) {
		for _, tc := range templates {
			tp := MustParse(tc.src, InURL)
			values := ValuesFunc(func(r Ref) (Value, bool) {
				if r.Source == Env {
					return Value{Text: tc.base}, true
				}
				return Value{Text: v}, true
			})
			got, err := tp.Expand(values)
			if err != nil {
				continue
			}
			u, err := url.Parse(got)
			if err != nil {
				continue // not sent: the request fails before it is made
			}
			scheme, _, _ := strings.Cut(tc.base+tc.src, ":")
			if want := tc.host(v); u.Scheme != scheme || u.Host != want || u.User != nil {
				t.Fatalf("%q with %q: %q has %s://%s, want %s://%s", tc.src, v, got, u.Scheme, u.Host, scheme, want)
			}
			if strings.ContainsAny(u.Hostname(), "@[]") || strings.Count(u.Host, ".") != strings.Count(tc.host("x"), ".") {
				t.Fatalf("%q with %q: the value changed the host's structure: %q", tc.src, v, got)
			}
			if n := strings.Count(u.EscapedPath(), "/"); n != tc.slashes {
				t.Fatalf("%q with %q: path %q has %d slashes, want %d", tc.src, v, u.EscapedPath(), n, tc.slashes)
			}
		}
	})
}
