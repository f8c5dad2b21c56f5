package redact

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// formSecrets returns secrets of every class of byte: letters of either
// case, digits, URL and JSON punctuation, control characters, non-ASCII.
func formSecrets() []string {
	alphabets := []string{"abcdef", "ABCdef012", "0123456789", "a-b_c.d~", `q1+w2/e3R4x==`, `<pa$$'w0rd>&=+/"\`, "tab\there\nnl", "clé-secrète-😀", "x y%z#?"}
	rnd := rand.New(rand.NewPCG(27, 4))
	var out []string
	for _, a := range alphabets {
		out = append(out, a)
		for range 20 {
			b := make([]byte, 4+rnd.IntN(40))
			for i := range b {
				b[i] = a[rnd.IntN(len(a))]
			}
			out = append(out, string(b))
		}
	}
	return out
}

func write(f *form, v string) []byte { return f.write(nil, v, []byte(v)) }

// TestFormsTable checks what Redact relies on of every entry of forms:
// the first is the secret as written; each form's size bounds its length
// (Cap's margin); a form not made for a secret is the secret itself or
// another form that is; its start, written from the bytes from allows,
// begins the form; and a twin comes before it, is made whenever it is,
// and folds to the same bytes.
func TestFormsTable(t *testing.T) {
	for _, v := range formSecrets() {
		if got := write(&forms[0], v); string(got) != v {
			t.Fatalf("forms[0] (%s) writes %q as %q, not as written", forms[0].name, v, got)
		}
		has, urlBytes, escBytes := classCounts(v)
		for k := range forms {
			f := &forms[k]
			full := write(f, v)
			if n := f.size(len(v), urlBytes, escBytes); len(full) > n {
				t.Errorf("%s of %q: %d bytes, size says at most %d", f.name, v, len(full), n)
			}
			if !f.differs(has) {
				same := string(full) == v
				for c := range forms {
					if forms[c].differs(has) && bytes.Equal(write(&forms[c], v), full) {
						same = true
					}
				}
				if !same {
					t.Errorf("%s of %q is not made, but is %q: neither the secret nor a form made", f.name, v, full)
				}
				continue
			}
			t0 := min(len(v), startLen)
			u := t0
			if f.from > 0 {
				u = min(t0, f.from)
			}
			start := write(f, v[:u])
			start = start[:min(len(start), startLen)]
			if !bytes.HasPrefix(full, start) || len(start) < t0 {
				t.Errorf("%s of %q: start %q (from %d bytes) does not begin %q with at least %d bytes", f.name, v, start, u, full, t0)
			}
			if c := twins[k]; c >= 0 {
				if !forms[c].differs(has) {
					t.Errorf("%s of %q is made, its twin %s is not", f.name, v, forms[c].name)
				}
				if !bytes.Equal(fold(full), fold(write(&forms[c], v))) {
					t.Errorf("%s of %q and its twin %s differ in more than case", f.name, v, forms[c].name)
				}
			}
		}
	}
	for k, f := range forms {
		if f.when == 0 || f.write == nil || f.size == nil || f.name == "" {
			t.Errorf("forms[%d] (%q) lacks a field", k, f.name)
		}
	}
}

func fold(b []byte) []byte {
	out := bytes.Clone(b)
	for i := range out {
		out[i] |= 0x20
	}
	return out
}
