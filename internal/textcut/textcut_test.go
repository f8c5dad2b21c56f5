package textcut

import "testing"

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
