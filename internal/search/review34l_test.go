package search

import (
	"fmt"
	"strings"
	"testing"
)

// review34lWords is n distinct ASCII words ("wab wac …"), which pair.
func review34lWords(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "w%c%c%c ", 'a'+i/676%26, 'a'+i/26%26, 'a'+i%26)
	}
	return b.String()
}

// A long field's words count once each, as a short field's do, and its
// pairs are at most maxPairs.
func TestReview34lLongFieldOncePerWord(t *testing.T) {
	for _, n := range []int{10, 100, 10000} {
		text := review34lWords(n) + review34lWords(n) // each word twice
		d := Analyze(Field{Text: text, Weight: 1, Pairs: true})
		want := map[string]bool{}
		for _, t := range appendTerms(nil, text) {
			want[t] = true
		}
		words, pairs := 0, 0
		for k, p := range d.pair {
			if p {
				pairs++
				continue
			}
			words++
			if d.tf[k][0] != termWeight(d.terms[k]) {
				t.Fatalf("%d words: %q has tf %v, want %v", n, d.terms[k], d.tf[k][0], termWeight(d.terms[k]))
			}
		}
		if words != len(want) || pairs > maxPairs || n > maxPairs && pairs != maxPairs {
			t.Errorf("%d words: %d words (want %d), %d pairs", n, words, len(want), pairs)
		}
	}
}

// BenchmarkReview34lAnalyzeLongField: a description of 10,000 words
// (quadratic before a long field's terms were found in a map: 0.4 s).
func BenchmarkReview34lAnalyzeLongField(b *testing.B) {
	text := review34lWords(10000)
	for b.Loop() {
		Analyze(Field{Text: text, Weight: 1, Pairs: true})
	}
}
