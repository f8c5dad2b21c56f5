package linkheader

import (
	"net/http"
	"strings"
	"testing"
)

func TestLinkTarget(t *testing.T) {
	tests := []struct {
		header []string
		rel    string
		want   string
	}{
		{[]string{`<https://a.test/p?page=2>; rel="next"`}, "next", "https://a.test/p?page=2"},
		{[]string{`<https://a.test/1>; rel="prev", <https://a.test/3>; rel="next"`}, "next", "https://a.test/3"},
		{[]string{`<https://a.test/1>; rel="prev"`, `<https://a.test/3>; rel=next`}, "next", "https://a.test/3"},
		{[]string{`</3>; title="a, rel=next"; rel="last", </4>; REL="NEXT"`}, "next", "/4"},
		{[]string{`</1>; rel="first next"`}, "next", "/1"},
		{[]string{`</1>; rel="last"; rel="next"`}, "next", ""}, // only the first rel counts
		{[]string{`</1>; title="say \"next\""; rel=next`}, "next", "/1"},
		{[]string{`</1>; rel="next`}, "next", "/1"}, // unterminated quote
		{[]string{`garbage, </1>; rel=next`}, "next", ""},
		{[]string{`</1>; rel=prev`}, "next", ""},
		{nil, "next", ""},
	}
	for _, tt := range tests {
		h := http.Header{"Link": tt.header}
		if got := Target(h, tt.rel); got != tt.want {
			t.Errorf("Target(%q) = %q, want %q", tt.header, got, tt.want)
		}
	}
}

func FuzzLinkTarget(f *testing.F) {
	f.Add(`<https://a.test/p?page=2>; rel="next", </3>; title="x, y"; rel=last`)
	f.Add(`</1>; rel="a \"b"`)
	f.Fuzz(func(t *testing.T, v string) {
		got := Target(http.Header{"Link": {v}}, "next")
		if !strings.Contains(v, got) {
			t.Fatalf("target %q is not in the header %q", got, v)
		}
	})
}
