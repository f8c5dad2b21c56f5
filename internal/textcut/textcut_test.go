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
