package search

import "strings"

// Unglue returns the words of q (see QueryPrefix) with each that is not
// indexed but is two indexed words glued together ("notionreject") or
// joined by a wrong character ("archiveqfile") written as the two, for
// finding what a misspelt name meant: a dropped or mistyped separator
// turns two words into one that matches nothing.
func (ix *Index) Unglue(q string) string {
	q, _ = QueryPrefix(q)
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	indexed := func(w string) bool { _, ok := ix.postings[stem(w)]; return ok }
	var out []string
	eachWord(q, func(w string, cjk, _ bool) {
		w = strings.ToLower(w)
		out = append(out, w)
		if cjk || len(w) < 6 || len(w) > 48 || !isASCIIWord(w) || indexed(w) {
			return
		}
		for i := 3; i <= len(w)-3; i++ {
			if !indexed(w[:i]) {
				continue
			}
			if indexed(w[i:]) {
				out[len(out)-1] = w[:i] + " " + w[i:]
				return
			}
			if i+4 <= len(w) && indexed(w[i+1:]) {
				out[len(out)-1] = w[:i] + " " + w[i+1:]
				return
			}
		}
	})
	return strings.Join(out, " ")
}
