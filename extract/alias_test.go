package extract

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFinding5aAliasBytes checks that alias expansion is bounded by the
// bytes it writes, not only by the nodes it visits: a few large anchored
// values referenced many times stay within a few nodes per copy.
func TestFinding5aAliasBytes(t *testing.T) {
	big := strings.Repeat("x", 200_000)
	var refs, merges, keys strings.Builder
	refs.WriteString("a: &a " + big + "\nb: [")
	for range 4000 {
		refs.WriteString("*a,")
	}
	refs.WriteString("]\n")
	merges.WriteString("a: &a {" + big + ": 1}\n")
	for i := range 1000 {
		fmt.Fprintf(&merges, "b%d: {<<: *a}\n", i)
	}
	keys.WriteString("a: &a " + big + "\n")
	for i := range 1000 {
		fmt.Fprintf(&keys, "b%d: {*a : 1}\n", i)
	}
	// Merges of merges: d lists 10^8 pairs to keep 100.
	var nested strings.Builder
	nested.WriteString("a: &a {")
	for i := range 100 {
		fmt.Fprintf(&nested, "k%d: %d, ", i, i)
	}
	nested.WriteString("}\n")
	for _, m := range []string{"b: &b {<<: [*a", "c: &c {<<: [*b", "d: {<<: [*c"} {
		nested.WriteString(m + strings.Repeat(", "+m[len(m)-2:], 99) + "]}\n")
	}
	tests := []struct {
		name string
		body string
		opts Options
		want string // reason; "" when the body converts
		json string // the JSON, when it converts
	}{
		{name: "scalar referenced 4000 times", body: refs.String(),
			want: "not valid JSON, and its YAML aliases expand to over 1048576 bytes"},
		{name: "large key merged 1000 times", body: merges.String(),
			want: "not valid JSON, and its YAML aliases expand to over 1048576 bytes"},
		{name: "alias as a key 1000 times", body: keys.String(),
			want: "not valid JSON, and its YAML aliases expand to over 1048576 bytes"},
		{name: "nested merges", body: nested.String(),
			want: "not valid JSON, and its YAML aliases expand to over 10000 nodes"},
		{name: "within the bound", body: "a: &x [1, 2, 3]\nb: *x\nc: {<<: {k: *x}}\n",
			opts: Options{MaxYAMLAliasBytes: 18}, json: `{"a":[1,2,3],"b":[1,2,3],"c":{"k":[1,2,3]}}`},
		{name: "over a small bound", body: "a: &x [1, 2, 3]\nb: *x\nc: *x\nd: *x\n",
			opts: Options{MaxYAMLAliasBytes: 18}, want: "not valid JSON, and its YAML aliases expand to over 18 bytes"},
		{name: "aliases refused", body: "a: &x 1\nb: *x\n",
			opts: Options{MaxYAMLAliasBytes: -1}, want: "not valid JSON, and its YAML aliases expand to over 0 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := NewDoc([]byte(tt.body), &tt.opts)
			out, reason := yamlToJSON(d.body, &d.opts)
			if diff := cmp.Diff(tt.want, reason); diff != "" {
				t.Errorf("reason (-want +got):\n%s", diff)
			}
			if tt.want == "" {
				if diff := cmp.Diff(tt.json, string(out)); diff != "" {
					t.Errorf("JSON (-want +got):\n%s", diff)
				}
				return
			}
			// Written: the body's own content, the budget, and at most
			// the one copy that crossed it.
			if limit := 3*len(tt.body) + max(d.opts.MaxYAMLAliasBytes, 0); len(out) > limit {
				t.Errorf("wrote %d bytes, want at most %d", len(out), limit)
			}
			_, err := MustCompile("b").Eval(d)
			if !errors.Is(err, ErrNotStructured) || !strings.HasSuffix(err.Error(), tt.want+": "+ErrNotStructured.Error()) {
				t.Errorf("Eval: %v, want ErrNotStructured saying %q", err, tt.want)
			}
		})
	}
}

// FuzzYAMLSize checks the size bound MaxYAMLAliasBytes documents: a body
// converts to a few times its size plus the alias budget, at most.
func FuzzYAMLSize(f *testing.F) {
	for _, s := range []string{"a: &x [1, 2]\nb: [*x, *x]\n", "{a, b, c}", "- \"\\0\\0\"\n-\n-\n", "a: &a {b: 1}\nc: {<<: *a, d: *a}\n"} {
		f.Add([]byte(s))
	}
	opts := &Options{MaxYAMLBytes: 16 << 10, MaxYAMLDepth: 20, MaxYAMLAliasBytes: 1000}
	f.Fuzz(func(t *testing.T, body []byte) {
		d := NewDoc(body, opts)
		out, _ := yamlToJSON(d.body, &d.opts)
		if limit := 8*len(body) + 1000; len(out) > limit {
			t.Fatalf("%d bytes of JSON from %d of YAML, want at most %d", len(out), len(body), limit)
		}
	})
}
