package topkeys

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func keys(scan func([]byte, func(string, bool) bool), src string) []string {
	var got []string
	scan([]byte(src), func(key string, inArray bool) bool {
		if inArray {
			key = "[]" + key
		}
		got = append(got, key)
		return true
	})
	return got
}

func TestJSON(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want []string
	}{
		{`{"a": 1, "b": {"c": 2}, bare: 3}`, []string{"a", "b", "bare"}},
		{`[{"function": {}}, {'x': 1}]`, []string{"[]function", "[]x"}},
		{"{/* \"no\": 1 */ // \"nor\": 2\n \"yes\": 3}", []string{"yes"}},
		{`{"a": "b", "c`, []string{"a"}}, // an unclosed string ends the scan
	} {
		if diff := cmp.Diff(tt.want, keys(JSON, tt.src)); diff != "" {
			t.Errorf("JSON(%q) (-want +got):\n%s", tt.src, diff)
		}
	}
}

func TestYAML(t *testing.T) {
	got := keys(YAML, "# c\nsteps:\n  - x: 1\n\"desc\": d\n-list\nbad line\n'env' : {}\n")
	if diff := cmp.Diff([]string{"steps", "desc", "env"}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestFirstSignificant(t *testing.T) {
	for src, want := range map[string]byte{
		"  # c\n{":       '{',
		"/* x */ [":      '[',
		"// x\n a: 1":    'a',
		"/* unclosed":    0,
		"# only comment": 0,
		"/x":             '/',
	} {
		if got := FirstSignificant([]byte(src)); got != want {
			t.Errorf("FirstSignificant(%q) = %q, want %q", src, got, want)
		}
	}
}
