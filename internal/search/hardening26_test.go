package search

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// A query of a megabyte is analysed for its first MaxQueryBytes bytes:
// at most maxQueryWords words (and their compounds) are looked up, and
// the analysis allocates no more than for a query of that size.
func TestHardening26_07_QueryTermsBounded(t *testing.T) {
	for _, tt := range []struct{ name, unit string }{
		{"ASCII", "create customer invoice payment "},
		{"one word", "x"},
		{"CJK", "查询商品目录价格"},
		{"camelCase", "createCustomerInvoice"},
		{"digits", "12345 "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			huge := strings.Repeat(tt.unit, (1<<20)/len(tt.unit))
			words, _ := parseQuery(huge, nil)
			if len(words) > 2*maxQueryWords {
				t.Errorf("%d words analysed", len(words))
			}
			p, cut := QueryPrefix(huge)
			if !cut || len(p) > MaxQueryBytes || !utf8.ValidString(p) || !strings.HasPrefix(huge, p) {
				t.Errorf("QueryPrefix = %d bytes, %v", len(p), cut)
			}
			small := huge[:len(p)]
			if a, b := testing.AllocsPerRun(5, func() { parseQuery(huge, nil) }), testing.AllocsPerRun(5, func() { parseQuery(small, nil) }); a > b {
				t.Errorf("%v allocations for a megabyte, %v for its first %d bytes", a, b, len(p))
			}
		})
	}
	// A word the cut would split is left out; a CJK run is cut between
	// characters.
	q := strings.Repeat("a", MaxQueryBytes-3) + " customer"
	if p, _ := QueryPrefix(q); p != strings.Repeat("a", MaxQueryBytes-3)+" " {
		t.Errorf("QueryPrefix kept part of a word: %q", p[len(p)-10:])
	}
}
