package search

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolkit-sdk/toolkit/internal/interleave"
)

// genIndex indexes n documents doc00000, doc00001, … (in that order) with
// a few dozen distinct texts, so that most scores are tied.
func genIndex(n int) *Index {
	verbs := strings.Fields("create get list update delete archive export search")
	nouns := strings.Fields("customer invoice ticket payment refund contact file channel order webhook")
	ix := New()
	for i := range n {
		v, o := verbs[i%len(verbs)], nouns[i/len(verbs)%len(nouns)]
		desc := fmt.Sprintf("%s a %s of the workspace.", v, o)
		if i%7 == 0 {
			desc += " Refunds the customer's payment when asked."
		}
		ix.Add(fmt.Sprintf("doc%05d", i), Field{Text: fmt.Sprintf("svc%d_%s_%s", i%13, v, o), Weight: 3}, Field{Text: desc, Weight: 1})
	}
	return ix
}

// TestSearchTop: the best k hits are the first k of the whole ranking,
// which is by score and then by id; the total
// counts every match (those keep keeps, when given).
func TestSearchTop(t *testing.T) {
	ix := genIndex(3000)
	ix.Remove("doc00010", "doc00500")
	ix.Add("doc00500", Field{Text: "late_customer_refund", Weight: 3}) // reuses a slot: ranks where its slot is
	odd := func(id string) bool { return id[len(id)-1]%2 == 1 }
	for _, q := range []string{"refund a customer's payment", "invoice", "custmer", "zzzz", "list"} {
		for _, keep := range []func(string) bool{nil, odd} {
			all, total := ix.Search(q, keep, 0)
			if total != len(all) {
				t.Fatalf("%q: total %d, %d hits", q, total, len(all))
			}
			for i := 1; i < len(all); i++ {
				if a, b := all[i-1], all[i]; a.Score < b.Score || keep != nil && !keep(b.ID) {
					t.Fatalf("%q: %v before %v", q, a, b)
				}
			}
			for _, k := range []int{1, 2, 17, 1001, len(all) - 1, len(all), len(all) + 5} {
				hits, n := ix.Search(q, keep, k)
				if diff := cmp.Diff(all[:min(max(k, 0), len(all))], hits); diff != "" || n != total {
					t.Fatalf("%q k=%d: total %d (want %d), hits (-want +got):\n%s", q, k, n, total, diff)
				}
			}
		}
	}
	// Ties are in the order of their ids.
	hits, _ := ix.Search("invoice", nil, 0)
	var tied []string
	for _, h := range hits {
		if h.Score == hits[0].Score {
			tied = append(tied, h.ID)
		}
	}
	if len(tied) < 2 || !slices.IsSorted(tied) {
		t.Errorf("tied hits out of order: %v", tied)
	}
}

// searchAll is Search as it was before it selected the best k: every
// match became a Hit, in fresh slices (of matches with their ids, then of
// Hits), the first need of them ordered.
func (ix *Index) searchAll(query string, keep func(id string) bool, need int) []Hit {
	sc := scratchPool.Get().(*scratch)
	type match struct {
		scored
		id string
	}
	var ms []match
	for _, h := range ix.score(sc, query) {
		ms = append(ms, match{h, sc.ids[h.idx]})
	}
	clear(sc.ids)
	scratchPool.Put(sc)
	if keep != nil {
		ms = slices.DeleteFunc(ms, func(m match) bool { return !keep(m.id) })
	}
	hs := make([]scored, len(ms))
	for i, m := range ms {
		hs[i] = scored{prefix: m.prefix, idx: int32(i), score: m.score}
	}
	ids := make([]string, len(ms))
	for i, m := range ms {
		ids[i] = m.id
	}
	selectTop(hs, need, ids)
	out := make([]Hit, len(hs))
	for i, h := range hs {
		out[i] = Hit{ID: ms[h.idx].id, Score: h.score}
	}
	return out
}

// BenchmarkSearch ranks 10,000 documents, 1,000 to 4,000 of which match,
// and keeps the best 188 (what a first page of the default budget asks
// for), beside searchAll, in alternating rounds: "ratio" is
// Search/searchAll.
func BenchmarkSearch(b *testing.B) {
	ix := genIndex(10000)
	for _, q := range []string{"refund a customer's payment", "invoice", "custmer"} {
		const k = 6000/32 + 1
		all := ix.searchAll(q, nil, k)
		hits, total := ix.Search(q, nil, k)
		if total != len(all) || !cmp.Equal(hits, all[:len(hits)]) {
			b.Fatalf("%q: Search and searchAll differ", q)
		}
		b.Run(fmt.Sprintf("%s/%d", q, total), func(b *testing.B) {
			interleave.Run(b, 20, interleave.Wall,
				func() { ix.Search(q, nil, k) },
				func() { ix.searchAll(q, nil, k) })
		})
	}
}

// TestPage: a page is rendered once from the hits of the first Search
// when it shows fewer than it got, or when no more matched; a page that
// showed all it got while more matched is rendered again from more.
func TestPage(t *testing.T) {
	ix := genIndex(3000)
	total := len(first(ix.Search("invoice", nil, 0)))
	for _, c := range []struct {
		name      string
		start     int
		shown     func(hits int) int
		wantCalls []int // the number of hits of each call
	}{
		{"fewer shown", 0, func(h int) int { return h - 1 }, []int{1000/32 + 1}},
		{"fewer shown, from a cursor", 40, func(h int) int { return h - 41 }, []int{40 + 1000/32 + 1}},
		{"all shown", 0, func(h int) int { return h }, []int{1000/32 + 1, 1000/6 + 1}},
		{"all shown, from a cursor", 40, func(h int) int { return h - 40 }, []int{40 + 1000/32 + 1, 40 + 1000/6 + 1}},
		{"cursor past the end", total + 5, func(int) int { return 0 }, []int{total}},
	} {
		var calls []int
		ix.Page("invoice", nil, c.start, 1000, func(hits []Hit, n int) int {
			if n != total {
				t.Errorf("%s: total %d, want %d", c.name, n, total)
			}
			calls = append(calls, len(hits))
			return c.shown(len(hits))
		})
		if !cmp.Equal(calls, c.wantCalls) {
			t.Errorf("%s: calls with %v hits, want %v", c.name, calls, c.wantCalls)
		}
	}
}
