// Package suggest finds the names closest to a misspelt one, for "did you
// mean" hints in error messages.
package suggest

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// Distance is the Levenshtein distance of two strings' bytes. Strings over
// 200 bytes are not compared: their distance is the longer length.
func Distance(a, b string) int {
	if len(a) > 200 || len(b) > 200 {
		return max(len(a), len(b))
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// maxName is the longest name suggestions are looked for: a longer one
// (a model's or a caller's text, maybe megabytes) is near no name, and
// comparing it with every candidate would cost its length each time.
const maxName = 256

// Closest returns the candidate nearest to s (ignoring case) if it is at
// most two edits away, else "". It suits short fixed vocabularies such as
// field names.
func Closest(s string, candidates []string) string {
	if len(s) > maxName {
		return ""
	}
	best, bestD := "", 3
	for _, c := range candidates {
		if d := Distance(strings.ToLower(s), strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// Close returns up to limit candidates near name, best first: those a few
// edits away (a quarter of the length, at least two) and those that
// contain name or are contained in it.
func Close(name string, candidates []string, limit int) []string {
	if len(name) > maxName {
		return nil
	}
	low := strings.ToLower(name)
	if low == "" {
		return nil
	}
	type scored struct {
		s string
		d int
	}
	var found []scored
	for _, c := range candidates {
		cl := strings.ToLower(c)
		d := Distance(low, cl)
		if d <= max(2, len(low)/4) || (len(low) >= 3 && strings.Contains(cl, low)) || (len(cl) >= 3 && strings.Contains(low, cl)) {
			found = append(found, scored{c, d})
		}
	}
	slices.SortStableFunc(found, func(a, b scored) int { return cmp.Compare(a.d, b.d) })
	out := make([]string, 0, min(limit, len(found)))
	for _, f := range found[:min(limit, len(found))] {
		out = append(out, f.s)
	}
	return out
}

// DidYouMean returns "; did you mean "a", "b"?" naming up to five close
// candidates (see Close), or "" when none is close.
func DidYouMean(name string, candidates []string) string {
	close := Close(name, candidates, 5)
	if len(close) == 0 {
		return ""
	}
	return "; did you mean " + QuoteJoin(close) + "?"
}

// QuoteJoin quotes each name as a Go string and joins them with ", ".
func QuoteJoin(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}
