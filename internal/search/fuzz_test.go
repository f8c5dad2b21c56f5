package search

import (
	"testing"
	"unicode/utf8"
)

// FuzzTerms: any text tokenizes without panicking into non-empty, valid
// UTF-8 terms, and an Index holding it answers any query.
func FuzzTerms(f *testing.F) {
	for _, s := range []string{"createCustomer_v2", "<b>x</b> &amp; [a](b)", "创建工单", "HTTPServer", "\xff\xfe", "a<", "&;", "](", "ÀÉÎõü ĲǅǈǋǲΣ"} {
		f.Add(s, "customer")
	}
	f.Fuzz(func(t *testing.T, text, query string) {
		for _, term := range Terms(text) {
			if term == "" || !utf8.ValidString(term) && utf8.ValidString(text) {
				t.Fatalf("term %q of %q", term, text)
			}
		}
		ix := New()
		ix.Add("d", Field{Text: text, Weight: 1}, Field{Text: query, Weight: 0.5})
		if hs, _ := ix.Search(query, nil, 1); len(Terms(query)) > 0 && hasWord(query) && len(hs) == 0 {
			t.Fatalf("%q not found in a document holding it", query)
		}
		ix.Remove("d")
		if ix.Len() != 0 {
			t.Fatal("Remove left a document")
		}
	})
}

// hasWord reports whether query has a word that is searched as typed.
func hasWord(query string) bool {
	words, _ := parseQuery(query, nil)
	for _, w := range words {
		if !w.compound {
			return true
		}
	}
	return false
}
