// Package search is the ranked keyword search behind the discovery tools:
// query_capabilities (the Registry) and query_api_docs (hostapi).
//
// Documents are made of weighted fields. Text is split into words (on
// punctuation, '_', '-', '/', and camelCase), lower-cased, stripped of HTML
// tags and Markdown link targets, and reduced to a light stem (plural and
// common verb forms: "customers", "created", "creating" -> "customer",
// "creat"). CJK text is indexed by character bigrams. A query ranks every
// document holding any of its words with BM25F; a word that matches nothing
// is ignored, a misspelled word (one edit away, two for long words) stands
// for the indexed words it is close to, and a few API verbs and nouns
// stand for their common synonyms at a lower weight.
//
// An Index is safe for concurrent use; Add and Remove update it in place.
package search

import (
	"math"
	"slices"
	"strings"
	"sync"
)

// Field is one weighted part of a document: a name weighs more than a
// parameter's description.
type Field struct {
	Text   string
	Weight float64
}

// Hit is a document found by Search.
type Hit struct {
	ID    string
	Score float64
}

// Index is an inverted index over documents identified by string ids.
type Index struct {
	mu       sync.RWMutex
	slots    []doc            // by slot; a removed document leaves a free slot
	free     []int32          // free slots
	byID     map[string]int32 // id -> slot
	postings map[string]map[int32]float32
	deletes  map[string][]string // a word with one letter deleted -> indexed words
	totalLen float64
	n        int
}

type doc struct {
	id    string
	len   float32
	terms []string // distinct terms, for Remove
	live  bool
}

// New returns an empty Index.
func New() *Index {
	return &Index{byID: map[string]int32{}, postings: map[string]map[int32]float32{}, deletes: map[string][]string{}}
}

// Len returns the number of documents.
func (ix *Index) Len() int {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return ix.n
}

// Add indexes a document, replacing the one of the same id.
func (ix *Index) Add(id string, fields ...Field) {
	tf := map[string]float32{}
	var length float32
	for _, f := range fields {
		w := float32(f.Weight)
		for _, t := range Terms(f.Text) {
			tf[t] += w
			length += w
		}
	}
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ix.remove(id)
	var slot int32
	if k := len(ix.free); k > 0 {
		slot = ix.free[k-1]
		ix.free = ix.free[:k-1]
	} else {
		slot = int32(len(ix.slots))
		ix.slots = append(ix.slots, doc{})
	}
	terms := make([]string, 0, len(tf))
	for t, w := range tf {
		terms = append(terms, t)
		p := ix.postings[t]
		if p == nil {
			p = map[int32]float32{}
			ix.postings[t] = p
			ix.addDeletes(t)
		}
		p[slot] = w
	}
	ix.slots[slot] = doc{id: id, len: length, terms: terms, live: true}
	ix.byID[id] = slot
	ix.totalLen += float64(length)
	ix.n++
}

// Remove drops documents by id; unknown ids are ignored.
func (ix *Index) Remove(ids ...string) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	for _, id := range ids {
		ix.remove(id)
	}
}

func (ix *Index) remove(id string) {
	slot, ok := ix.byID[id]
	if !ok {
		return
	}
	d := &ix.slots[slot]
	for _, t := range d.terms {
		p := ix.postings[t]
		delete(p, slot)
		if len(p) == 0 {
			delete(ix.postings, t) // its deletes entries are dropped lazily by fuzzy
		}
	}
	ix.totalLen -= float64(d.len)
	ix.n--
	*d = doc{}
	delete(ix.byID, id)
	ix.free = append(ix.free, slot)
}

// addDeletes records t under each of its one-letter deletions, so a
// misspelling finds it (symmetric delete search).
func (ix *Index) addDeletes(t string) {
	r := []rune(t)
	if len(r) < 4 || len(r) > 24 || isCJK(r[0]) {
		return
	}
	for i := range r {
		k := string(r[:i]) + string(r[i+1:])
		if !slices.Contains(ix.deletes[k], t) {
			ix.deletes[k] = append(ix.deletes[k], t)
		}
	}
}

// BM25 parameters.
const (
	k1 = 1.2
	b  = 0.75
)

// Weights of query words that are not what was typed.
const (
	fuzzyWeight   = 0.6
	synonymWeight = 0.5
)

// Search returns the documents matching any word of query, best first (ties
// by id). keep, when not nil, filters the documents by id.
func (ix *Index) Search(query string, keep func(id string) bool) []Hit {
	words := queryTerms(query)
	if len(words) == 0 {
		return nil
	}
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	if ix.n == 0 {
		return nil
	}
	weighted := map[string]float64{}
	add := func(t string, w float64) {
		if _, ok := ix.postings[t]; ok && w > weighted[t] {
			weighted[t] = w
		}
	}
	for _, w := range words {
		if _, ok := ix.postings[w]; ok {
			add(w, 1)
		} else {
			for _, f := range ix.fuzzy(w) {
				add(f, fuzzyWeight)
			}
		}
		for _, s := range synonyms[w] {
			add(s, synonymWeight)
		}
	}
	if len(weighted) == 0 {
		return nil
	}
	avg := ix.totalLen / float64(ix.n)
	scores := map[int32]float64{}
	for t, qw := range weighted {
		p := ix.postings[t]
		df := float64(len(p))
		idf := math.Log(1 + (float64(ix.n)-df+0.5)/(df+0.5))
		for slot, tf := range p {
			dl := float64(ix.slots[slot].len)
			f := float64(tf)
			scores[slot] += qw * idf * f * (k1 + 1) / (f + k1*(1-b+b*dl/avg))
		}
	}
	hits := make([]Hit, 0, len(scores))
	for slot, s := range scores {
		id := ix.slots[slot].id
		if keep != nil && !keep(id) {
			continue
		}
		hits = append(hits, Hit{ID: id, Score: s})
	}
	slices.SortFunc(hits, func(a, b Hit) int {
		if a.Score != b.Score {
			if a.Score > b.Score {
				return -1
			}
			return 1
		}
		return strings.Compare(a.ID, b.ID)
	})
	return hits
}

// fuzzy returns indexed words within one edit of w (two for words of 8
// letters or more, where one of the edits is a deletion on each side).
func (ix *Index) fuzzy(w string) []string {
	r := []rune(w)
	if len(r) < 4 || isCJK(r[0]) {
		return nil
	}
	var out []string
	try := func(cands []string) {
		for _, c := range cands {
			if _, ok := ix.postings[c]; ok && !slices.Contains(out, c) && editDistance(w, c) <= maxEdits(len(r)) {
				out = append(out, c)
			}
		}
	}
	try(ix.deletes[w]) // w lacks a letter
	for i := range r {
		k := string(r[:i]) + string(r[i+1:])
		if _, ok := ix.postings[k]; ok {
			try([]string{k}) // w has a letter too many
		}
		try(ix.deletes[k]) // a letter differs, or two are swapped
	}
	return out
}

func maxEdits(n int) int {
	if n >= 8 {
		return 2
	}
	return 1
}

// editDistance is the optimal string alignment distance (Levenshtein with
// adjacent transpositions) over runes.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	prev2 := make([]int, len(y)+1)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(y)]
}
