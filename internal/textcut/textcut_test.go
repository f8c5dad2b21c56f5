package textcut

import (
	"strings"
	"testing"
)

func TestPrefix(t *testing.T) {
	tests := []struct {
		s    string
		n    int
		want string
		cut  bool
	}{
		{"abc", 3, "abc", false},
		{"abc", 5, "abc", false},
		{"abcd", 2, "ab", true},
		{"aé", 2, "a", true},                      // é is two bytes: not split
		{"a€b", 3, "a", true},                     // € is three
		{"a€b", 4, "a€", true},                    // cut after it
		{"ab\x80\x80\x80\x80\x80", 6, "ab", true}, // not UTF-8: backs up four bytes at most
		{"abc", 0, "", true},
	}
	for _, tt := range tests {
		if got, cut := Prefix(tt.s, tt.n); got != tt.want || cut != tt.cut {
			t.Errorf("Prefix(%q, %d) = %q, %v; want %q, %v", tt.s, tt.n, got, cut, tt.want, tt.cut)
		}
	}
}

func TestBrief(t *testing.T) {
	long := strings.Repeat("word ", 30)
	for _, c := range []struct{ in, want string }{
		{"  Look up an order by its id: status and amount. Needs a token.\nMore.", "Look up an order by its id: status and amount."},
		{"Short. Then more", "Short. Then more"}, // a sentence end before 20 bytes is not cut at
		{"查询知识库中的文章。根据关键词返回列表。", "查询知识库中的文章。"},
		{"以关键词查询。", "以关键词查询。"},
		{long, strings.TrimSpace(string([]rune(long)[:99])) + "…"},
		{"", ""},
	} {
		if got := Brief(c.in); got != c.want {
			t.Errorf("Brief(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestHardening26_12_Quote(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"abc", `"abc"`},
		{strings.Repeat("x", QuoteBytes), `"` + strings.Repeat("x", QuoteBytes) + `"`},
		{strings.Repeat("x", 1<<20), `"` + strings.Repeat("x", QuoteBytes) + `…" (1,048,576 bytes)`},
		{strings.Repeat("名", 100), `"` + strings.Repeat("名", QuoteBytes/3) + `…" (300 bytes)`}, // cut between characters
		{"a\"\n" + strings.Repeat("y", 100), `"a\"\n` + strings.Repeat("y", QuoteBytes-3) + `…" (103 bytes)`},
	} {
		if got := Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%.20q…) = %s, want %s", tt.in, got, tt.want)
		}
	}
	names := make([]string, 100000)
	for i := range names {
		names[i] = strings.Repeat("n", i%200)
	}
	got := Names(names)
	if !strings.HasSuffix(got, " and 99,995 more") || len(got) > 400 {
		t.Errorf("Names: %d bytes: %s", len(got), got)
	}
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1048576: "1,048,576", -12345: "-12,345"} {
		if got := Count(n); got != want {
			t.Errorf("Count(%d) = %s, want %s", n, got, want)
		}
	}
	if got := Cut("héllo", 2); got != "h…" {
		t.Errorf("Cut = %q", got)
	}
}

func TestReview36_Printable(t *testing.T) {
	for in, want := range map[string]string{
		"401 Unauthorized":     "401 Unauthorized",
		"500 Ünïcødé ok 错误":    "500 Ünïcødé ok 错误",
		"500 a\x1b[31mb":       `500 a\x1b[31mb`,
		"500 \x00\x7f\t":       `500 \x00\x7f\x09`,
		"500 \u202eevil\u200b": `500 \u202eevil\u200b`,
		"500 \xff\xfe":         `500 \xff\xfe`,
		"500 \u0085":           `500 \x85`,
	} {
		if got := Printable(in); got != want {
			t.Errorf("Printable(%q) = %q, want %q", in, got, want)
		}
	}
}
