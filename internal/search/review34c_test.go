package search

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// refTop is the ranking selectTop must match, built without ahead or
// idPrefix: score descending, then id ascending.
func refTop(hs []scored, ids []string) []scored {
	want := slices.Clone(hs)
	slices.SortStableFunc(want, func(a, b scored) int {
		if a.score != b.score {
			if a.score > b.score {
				return -1
			}
			return 1
		}
		return strings.Compare(ids[a.idx], ids[b.idx])
	})
	return want
}

// checkTop runs selectTop on hs and compares its first k with refTop.
func checkTop(t *testing.T, hs []scored, ids []string, k int) {
	t.Helper()
	want := refTop(hs, ids)
	got := slices.Clone(hs)
	selectTop(got, k, ids)
	m := len(got)
	if k > 0 {
		m = min(k, m)
	}
	for i := range m {
		if ids[got[i].idx] != ids[want[i].idx] || math.Float64bits(got[i].score) != math.Float64bits(want[i].score) && got[i].score != want[i].score {
			t.Fatalf("n=%d k=%d: at %d got %q %v, want %q %v", len(hs), k, i, ids[got[i].idx], got[i].score, ids[want[i].idx], want[i].score)
		}
	}
	// The rest is hs's other hits.
	seen := map[int32]bool{}
	for _, h := range got {
		if seen[h.idx] {
			t.Fatalf("n=%d k=%d: hit %d twice", len(hs), k, h.idx)
		}
		seen[h.idx] = true
	}
}

// adversarialIDs are distinct ids that tie in their first eight bytes,
// are shorter than eight bytes, hold NUL bytes or bytes past ASCII.
var adversarialIDs = []string{
	"", "\x00", "\x00\x00", "a", "a\x00", "a\x00\x00\x00\x00\x00\x00\x00", "a\x00\x00\x00\x00\x00\x00\x00\x00",
	"abcdefgh", "abcdefgh\x00", "abcdefghi", "abcdefgha", "abcdefg", "abcdefg\x00", "abcdefg\xff",
	"abcdefgh\xff", "\xff\xff\xff\xff\xff\xff\xff\xff", "\xff\xff\xff\xff\xff\xff\xff\xff\x00", "\xff",
	"b", "ab", "abcdefgz", "samesame_1", "samesame_2", "samesame_10", "samesame", "samesam",
}

// TestReview34cSelectTopAdversarial: all-equal scores, ids sharing their
// eight-byte prefixes, shorter than eight bytes or holding NULs, -0 and
// +0, every k, with hits filtered out as keep would.
func TestReview34cSelectTopAdversarial(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 3))
	scoreSets := [][]float64{{1}, {0, math.Copysign(0, -1)}, {1, 2}, {1, 1, 1, 2, 3}, {0.1, 0.2, 0.30000000000000004, 0.3}, {math.MaxFloat64, math.SmallestNonzeroFloat64, math.Inf(1)}}
	for _, scores := range scoreSets {
		for n := 0; n <= len(adversarialIDs); n++ {
			for range 20 {
				ids := slices.Clone(adversarialIDs)
				rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
				ids = ids[:n]
				hs := make([]scored, 0, n)
				for i := range ids {
					if rng.IntN(5) == 0 {
						continue // filtered out by keep: its idx is skipped
					}
					hs = append(hs, scored{prefix: idPrefix(ids[i]), idx: int32(i), score: scores[rng.IntN(len(scores))]})
				}
				for k := -1; k <= len(hs)+1; k++ {
					checkTop(t, hs, ids, k)
				}
			}
		}
	}
}

// FuzzReview34cSelectTop: selectTop's first k are a full sort's, for
// scores and ids the fuzzer picks.
func FuzzReview34cSelectTop(f *testing.F) {
	f.Add([]byte("abcdefgh\x00abcdefghi\x00a\x00\x00\x00"), []byte{1, 1, 1, 0}, 2)
	f.Add([]byte("x\x00y\x00z"), []byte{0, 0, 0}, 1)
	f.Fuzz(func(t *testing.T, idText []byte, scoreBytes []byte, k int) {
		parts := strings.Split(string(idText), "\x00\x00") // single NULs stay in ids
		var ids []string
		for _, p := range parts {
			if !slices.Contains(ids, p) {
				ids = append(ids, p)
			}
		}
		if len(ids) > 200 {
			ids = ids[:200]
		}
		hs := make([]scored, len(ids))
		for i := range ids {
			s := 0.0
			if len(scoreBytes) > 0 {
				s = float64(scoreBytes[i%len(scoreBytes)] % 4)
				if scoreBytes[i%len(scoreBytes)]&0x80 != 0 {
					s = -s // -0 among them
				}
			}
			hs[i] = scored{prefix: idPrefix(ids[i]), idx: int32(i), score: s}
		}
		checkTop(t, hs, ids, k%(len(hs)+3))
	})
}

// TestReview34cPrefixOrdersAsIDs: idPrefix never orders two ids against
// their string order.
func TestReview34cPrefixOrdersAsIDs(t *testing.T) {
	for _, a := range adversarialIDs {
		for _, b := range adversarialIDs {
			if pa, pb := idPrefix(a), idPrefix(b); pa != pb && cmp.Compare(pa, pb) != strings.Compare(a, b) {
				t.Errorf("%q %q: prefixes %x %x order against the ids", a, b, pa, pb)
			}
		}
	}
}

// TestReview34cInsertionOrder: the same documents added in any order, and
// after removals and re-additions, answer Search and Page alike.
func TestReview34cInsertionOrder(t *testing.T) {
	type d struct {
		id     string
		fields []Field
	}
	var docs []d
	verbs := strings.Fields("create get list update delete archive")
	nouns := strings.Fields("customer invoice ticket payment")
	for i := range 300 {
		v, o := verbs[i%len(verbs)], nouns[i/len(verbs)%len(nouns)]
		id := fmt.Sprintf("svc_%s_%s", v, o)
		switch i % 5 {
		case 1:
			id += fmt.Sprintf("\x00%d", i)
		case 2:
			id = fmt.Sprintf("%d", i)
		default:
			id += fmt.Sprintf("_%d", i)
		}
		docs = append(docs, d{id, []Field{{Text: v + "_" + o, Weight: 3, Name: true}, {Text: fmt.Sprintf("%s a %s. Refunds it.", v, o), Weight: 1}, {Text: "the " + o + " id", Weight: 0.3}}})
	}
	queries := []string{"invoice", "create customer", "refund", "custmer", "list payments", "ticket id"}
	answer := func(ix *Index) string {
		var b strings.Builder
		for _, q := range queries {
			for _, k := range []int{0, 1, 7, 100} {
				hs, n := ix.Search(q, func(id string) bool { return !strings.HasSuffix(id, "3") }, k)
				fmt.Fprintf(&b, "%q %d %d %v\n", q, k, n, hs)
			}
			ix.Page(q, nil, 5, 300, func(hits []Hit, total int) int {
				fmt.Fprintf(&b, "page %q %d %v\n", q, total, hits)
				return len(hits) / 2
			})
		}
		return b.String()
	}
	build := func(order []int, churn bool) *Index {
		ix := New()
		for _, i := range order {
			if churn && i%3 == 0 {
				ix.Add(docs[i].id, Field{Text: "placeholder words here", Weight: 1})
			}
			ix.Add(docs[i].id, docs[i].fields...)
		}
		if churn {
			for _, i := range order[:50] {
				ix.Remove(docs[i].id)
			}
			for _, i := range order[:50] {
				ix.Add(docs[i].id, docs[i].fields...)
			}
		}
		return ix
	}
	order := make([]int, len(docs))
	for i := range order {
		order[i] = i
	}
	want := answer(build(order, false))
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 10 {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		if got := answer(build(order, round%2 == 1)); got != want {
			t.Fatalf("round %d: answers differ with the order of addition", round)
		}
	}
	// AddDocs in one batch, in a shuffled order.
	ids := make([]string, len(docs))
	ds := make([]Doc, len(docs))
	for i, j := range order {
		ids[i], ds[i] = docs[j].id, Analyze(docs[j].fields...)
	}
	ix := New()
	ix.AddDocs(ids, ds)
	if got := answer(ix); got != want {
		t.Fatal("AddDocs answers differ from Add's")
	}
}

// FuzzReview34cInsertionOrder: documents whose texts and ids the fuzzer
// picks, added in two orders (the second with some removed and added
// back), answer every query alike.
func FuzzReview34cInsertionOrder(f *testing.F) {
	f.Add("create customer\x00refund payment\x00list invoices\x00create invoice", "customer invoice", uint64(7))
	f.Add("a\x00a\x00b b\x00abcdefgh1\x00abcdefgh2", "a b", uint64(1))
	f.Fuzz(func(t *testing.T, texts, query string, seed uint64) {
		parts := strings.Split(texts, "\x00")
		if len(parts) > 64 {
			parts = parts[:64]
		}
		ids := make([]string, len(parts))
		for i, p := range parts {
			ids[i] = fmt.Sprintf("%.8s\x00%d", p, i) // ids sharing their first bytes
		}
		a, b := twoOrders(len(parts), seed, func(i int) string { return ids[i] }, func(ix *Index, i int) {
			ix.Add(ids[i], Field{Text: parts[i], Weight: 3, Name: true}, Field{Text: parts[(i+1)%len(parts)], Weight: 0.5})
		})
		for _, q := range []string{query, parts[0]} {
			for _, k := range []int{0, 1, 3} {
				ha, na := a.Search(q, nil, k)
				hb, nb := b.Search(q, nil, k)
				if na != nb || fmt.Sprint(ha) != fmt.Sprint(hb) {
					t.Fatalf("%q k=%d: %v (%d) in one order, %v (%d) in another", q, k, ha, na, hb, nb)
				}
			}
		}
	})
}

// twoOrders builds an index of n documents twice, add adding document i
// (named id(i)): in order, and in an order shuffled by seed with half of
// them removed and added back.
func twoOrders(n int, seed uint64, id func(int) string, add func(ix *Index, i int)) (a, b *Index) {
	build := func(order []int, churn bool) *Index {
		ix := New()
		for _, i := range order {
			add(ix, i)
		}
		if churn {
			for _, i := range order[:len(order)/2] {
				ix.Remove(id(i))
			}
			for _, i := range order[:len(order)/2] {
				add(ix, i)
			}
		}
		return ix
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	a = build(order, false)
	rng := rand.New(rand.NewPCG(seed, 34))
	rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
	return a, build(order, true)
}
