package search

import (
	"encoding/json"
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

// The echo of a query holds at most maxEchoBytes escaped bytes and "…",
// whatever the runes at the cut: multi-byte, control, invalid UTF-8.
func TestReview34lEchoBound(t *testing.T) {
	for _, unit := range []string{"a", "é", "工", "😀", "\x01", "\"", "\xff", "\xe5\xb7", "\u2028", "<"} {
		for pad := range 4 {
			for _, size := range []int{250, 256, 257, 300, 4095, 4096, 4097, 9000} {
				q := strings.Repeat("a", pad) + strings.Repeat(unit, size/len(unit)+1)
				b := AppendQuery([]byte("{"), q)
				b = append(b, '}')
				var m struct {
					Keyword string `json:"keyword"`
					Cut     string `json:"keyword_cut"`
				}
				if err := jsonUnmarshal(b, &m); err != nil {
					t.Fatalf("%q×%d: %v: %s", unit, size, err, b)
				}
				body := b[len(`{"keyword":`):]
				if i := strings.Index(string(body), `,"keyword_cut"`); i >= 0 {
					body = body[:i]
				} else {
					body = body[:len(body)-1]
				}
				if len(body) > maxEchoBytes+2+len("…") {
					t.Errorf("%q×%d pad %d: echo of %d bytes", unit, size, pad, len(body))
				}
				if (m.Cut != "") != (len(q) > MaxQueryBytes) {
					t.Errorf("%q×%d pad %d (%d bytes): keyword_cut %q", unit, size, pad, len(q), m.Cut)
				}
			}
		}
	}
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// A term that a removed document held as a word and a live one holds
// only as a pair of words is not found by misspellings or families: the
// index answers as one built without the removed document.
func TestReview34lPairAfterWordRemoved(t *testing.T) {
	pairDoc := []Field{{Text: "get_pull_request", Weight: 3, Name: true, Pairs: true}, {Text: "Reads a pull request.", Weight: 1, Pairs: true}}
	fresh := New()
	fresh.Add("b", pairDoc...)
	churned := New()
	churned.Add("a", Field{Text: "pullrequests", Weight: 3, Name: true}, Field{Text: "pullrequestment pullrequest", Weight: 1})
	churned.Add("b", pairDoc...)
	churned.Remove("a")
	for _, q := range []string{"pullrequst", "pullrequset", "pullrequests", "pullrequestment", "pull request", "pullrequest"} {
		hf, nf := fresh.Search(q, nil, 0)
		hc, nc := churned.Search(q, nil, 0)
		if nf != nc || fmt.Sprint(hf) != fmt.Sprint(hc) {
			t.Errorf("%q: %v (%d) fresh, %v (%d) after the word's document was removed", q, hf, nf, hc, nc)
		}
	}
}

// Documents with pairs of words, added in two orders, the second with
// most removed (compaction) and added back, and long queries (reduced to
// their informative words): the answers are the same.
func TestReview34lPairsChurnDeterminism(t *testing.T) {
	verbs := strings.Fields("create get list update delete archive pull merge")
	nouns := strings.Fields("customer invoice ticket payment request webhook")
	type d struct {
		id     string
		fields []Field
	}
	var docs []d
	for i := range 1200 {
		v, o := verbs[i%len(verbs)], nouns[i/len(verbs)%len(nouns)]
		docs = append(docs, d{fmt.Sprintf("%s_%s_%d", v, o, i), []Field{
			{Text: v + "_" + o, Weight: 3, Name: true, Pairs: true},
			{Text: fmt.Sprintf("%s a %s %s. w%c%c", v, o, verbs[i%5], 'a'+i%26, 'a'+i/26%26), Weight: 1, Pairs: true}}})
	}
	queries := []string{"pull request", "pullrequest", "pullrequst", "createcustomer", "creat customr",
		strings.Repeat("please could you create the customer invoice for me and then list payments merge request ", 8),
		strings.Repeat("wab wac wad wae waf wag wah wai waj wak wal wam wan wao wap waq war was wat ", 3)}
	answer := func(ix *Index) string {
		var b strings.Builder
		for _, q := range queries {
			hs, n := ix.Search(q, nil, 10)
			fmt.Fprintf(&b, "%q %d %v\n", q, n, hs)
		}
		return b.String()
	}
	a := New()
	for _, x := range docs {
		a.Add(x.id, x.fields...)
	}
	b := New()
	for i := len(docs) - 1; i >= 0; i-- {
		b.Add(docs[i].id, docs[i].fields...)
	}
	for _, x := range docs[:1100] {
		b.Remove(x.id)
	}
	for _, x := range docs[:1100] {
		b.Add(x.id, x.fields...)
	}
	if wa, wb := answer(a), answer(b); wa != wb {
		t.Fatalf("answers differ:\n%s\n%s", wa, wb)
	}
}

// FuzzReview34lPairsOrder: fuzzed documents whose fields index pairs of
// words, added in two orders (the second with half removed and added
// back), answer a fuzzed query, a misspelling of it and a long query of
// their words alike.
func FuzzReview34lPairsOrder(f *testing.F) {
	f.Add("get pull request\x00pullrequests\x00list pull requests\x00merge request", "pullrequst", uint64(7))
	f.Fuzz(func(t *testing.T, texts, query string, seed uint64) {
		parts := strings.Split(texts, "\x00")
		if len(parts) > 64 {
			parts = parts[:64]
		}
		add := func(ix *Index, i int) {
			ix.Add(fmt.Sprint(i), Field{Text: parts[i], Weight: 3, Name: true, Pairs: true}, Field{Text: parts[(i+1)%len(parts)], Weight: 1, Pairs: true})
		}
		a, b := twoOrders(len(parts), seed, func(i int) string { return fmt.Sprint(i) }, add)
		for _, q := range []string{query, parts[0], strings.Join(parts, " ")} {
			ha, na := a.Search(q, nil, 5)
			hb, nb := b.Search(q, nil, 5)
			if na != nb || fmt.Sprint(ha) != fmt.Sprint(hb) {
				t.Fatalf("%q: %v (%d) in one order, %v (%d) in another", q, ha, na, hb, nb)
			}
		}
	})
}
