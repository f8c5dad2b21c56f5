// Package search is the ranked keyword search behind the discovery tools:
// query_capabilities (the Registry) and query_api_docs (hostapi), and the
// answers they page within a budget (Fit, Listing, Overview).
//
// Documents are made of weighted fields. Text is split into words (on
// punctuation, '_', '-', '/', and camelCase), lower-cased, stripped of HTML
// tags and Markdown link targets, and reduced to a light stem (plural and
// common verb forms: "customers", "created", "creating" -> "customer",
// "creat"); a short hyphenated word is also indexed whole ("on-call").
// CJK text is indexed by character bigrams. A query ranks every document
// holding any of its words with BM25F; a word that matches nothing is
// ignored, a number weighs little, adjacent words are also tried joined
// ("look up"), a word finds its morphological family ("assignment",
// "reassign" -> "assign"), a misspelled word (one edit away, two for long
// words) stands for the indexed words it is close to, and a few API verbs
// and nouns stand for their common synonyms, all at lower weights. A
// document scores the best of what stands for a word, not their sum, and
// no more than the word itself would (its idf at most the word's). A file
// name in a query ("notes.txt") also asks for "file"; a document whose
// Name field's words the query covers more of ranks higher (nameBoost).
// A field may also index its adjacent words joined (Field.Pairs), which a
// query's joined adjacent words find: words side by side count more than
// apart. A long query (a message around the request) is looked up for its
// words found in fewest documents only (informative).
//
// An Index is safe for concurrent use; Add and Remove update it in place.
package search

import (
	"math"
	"runtime"
	"slices"
	"sync"

	"github.com/toolkit-sdk/toolkit/internal/parallel"
)

// Field is one weighted part of a document: a name weighs more than a
// parameter's description. Fields weighing less than 1 (parameters, say)
// are normalised by their own length (BM25F over two classes of fields),
// so a long parameter list neither pushes a document down nor, by
// repeating a word, up.
type Field struct {
	Text   string
	Weight float64
	// Name marks the document's name ("jira_create_issue"): of two
	// documents matching a query alike, the one whose name's words the
	// query covers more of ranks higher (see nameBoost).
	Name bool
	// Pairs also indexes each two adjacent words of the field joined, as
	// a query joins them ("pull request": "pullrequest"), at pairWeight:
	// a document holding a query's words side by side ranks above one
	// holding them apart. The pairs count in neither the field's length
	// nor the document's name.
	Pairs bool
}

// pairWeight is the weight of two adjacent words of a field that indexes
// them (Field.Pairs) relative to its words.
const pairWeight = 0.5

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
	postings map[string]*postingList
	deletes  map[string][]string // a word with one letter deleted -> indexed words
	families map[string][]string // familyKey -> indexed words (see variants)
	stale    int                 // postings of removed documents not yet dropped
	total    int                 // postings in all lists
	totalLen [2]float64          // of the main and the minor fields
	n        int
}

type doc struct {
	// First what scoring a posting reads, in 16 bytes: most documents'
	// are within one cache line.
	len  [2]float32 // of the main (weight >= 1) and the minor fields
	gen  uint32     // incremented when the slot is freed: older postings are stale
	live bool
	// pending: placed by AddDocs, which has yet to add its postings.
	pending bool
	names   uint16 // distinct terms of the Name fields
	id      string
	terms   []string // distinct terms, for Remove
	pair    []bool   // by term: only a pair of words, for Remove
	prefix  uint64   // idPrefix(id)
}

type posting struct {
	slot int32
	gen  uint32     // the slot's gen, with inName set for a term of the document's name
	tf   [2]float32 // weighted term frequency in the main and the minor fields
}

// inName is the bit of posting.gen that marks a term of a Name field.
const inName = 1 << 31

type postingList struct {
	items []posting
	live  int    // postings of live documents: the document frequency
	shard uint32 // which of AddDocs' workers adds to the list
	// adding counts the postings AddDocs is about to add.
	adding int32
	// words counts the live documents holding the term as a word, not
	// only as a pair of words (Field.Pairs); only words are found by
	// misspellings and families (addDeletes, isWord).
	words int32
}

// New returns an empty Index.
func New() *Index {
	return &Index{byID: map[string]int32{}, postings: map[string]*postingList{}, deletes: map[string][]string{}, families: map[string][]string{}}
}

// Len returns the number of documents.
func (ix *Index) Len() int {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return ix.n
}

// Add indexes a document, replacing the one of the same id.
func (ix *Index) Add(id string, fields ...Field) { ix.AddDoc(id, Analyze(fields...)) }

// Doc is a document's terms with their weights, as Analyze finds them.
type Doc struct {
	terms  []string     // distinct
	tf     [][2]float32 // by term, by field class: weight >= 1, and < 1
	name   []bool       // by term: in a Name field
	pair   []bool       // by term: only a pair of words (Field.Pairs)
	names  uint16       // terms in a Name field
	length [2]float32
}

// Analyze finds the terms of a document's fields: the work of Add that
// needs no lock, for callers that index many documents in parallel.
func Analyze(fields ...Field) Doc {
	var d Doc
	var at map[string]int // terms' places in d, once there are many
	var terms []string    // a field's
	for _, f := range fields {
		w := float32(f.Weight)
		class := 0
		if f.Weight < 1 {
			class = 1
		}
		terms = appendTerms(terms[:0], f.Text)
		// seen holds a long field's terms: finding each in those before
		// it would take quadratic time (a description of 40,000 words,
		// seconds).
		var seen map[string]bool
		if len(terms) > 32 {
			seen = make(map[string]bool, len(terms)+maxPairs)
		}
		again := func(i int) bool {
			if seen == nil {
				return slices.Contains(terms[:i], terms[i])
			}
			if seen[terms[i]] {
				return true
			}
			seen[terms[i]] = true
			return false
		}
		for i, t := range terms {
			if again(i) {
				continue // once per field: PostCustomersCustomerCards is not more about customers
			}
			k := d.add(t, &at)
			d.pair[k] = false
			if f.Name && !d.name[k] {
				d.name[k] = true
				d.names = min(d.names+1, 1<<16-1)
			}
			tw := w * termWeight(t)
			d.tf[k][class] += tw
			d.length[class] += tw
		}
		if !f.Pairs {
			continue
		}
		n := len(terms)
		terms = appendPairs(terms, f.Text)
		for i := n; i < len(terms); i++ {
			t := terms[i]
			if again(i) {
				continue // a word of the field already, or a pair again
			}
			n := len(d.terms)
			k := d.add(t, &at)
			if k == n {
				d.pair[k] = true
			}
			d.tf[k][class] += w * pairWeight
		}
	}
	return d
}

// add returns the place of term t in d, adding it if new; *at maps terms
// to their places once there are many.
func (d *Doc) add(t string, at *map[string]int) int {
	if *at != nil {
		if k, ok := (*at)[t]; ok {
			return k
		}
	} else if k := slices.Index(d.terms, t); k >= 0 {
		return k
	}
	k := len(d.terms)
	d.terms = append(d.terms, t)
	d.tf = append(d.tf, [2]float32{})
	d.name = append(d.name, false)
	d.pair = append(d.pair, false)
	if *at != nil {
		(*at)[t] = k
	} else if len(d.terms) == 32 {
		*at = make(map[string]int, 64)
		for j, t := range d.terms {
			(*at)[t] = j
		}
	}
	return k
}

// AddDoc indexes a document Analyze read, replacing the one of the same
// id.
func (ix *Index) AddDoc(id string, d Doc) { ix.AddDocs([]string{id}, []Doc{d}) }

// parallelPostings is the number of postings from which AddDocs spreads
// its work over the cores.
const parallelPostings = 4096

// AddDocs indexes documents Analyze read, ids[i] the id of docs[i], each
// replacing the one of the same id (a later one of docs, the earlier).
// Their postings go in in order, as AddDoc would put them; most of the
// work runs on every core.
func (ix *Index) AddDocs(ids []string, docs []Doc) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.n == 0 && len(ids) > 64 {
		ix.byID = make(map[string]int32, len(ids))
	}
	ix.slots = slices.Grow(ix.slots, max(len(ids)-len(ix.free), 0))
	// The documents take their slots; an id given twice keeps the later.
	slots := make([]int32, len(ids))
	start := make([]int, len(ids)+1) // docs[i]'s postings are [start[i], start[i+1])
	for i, id := range ids {
		if s, ok := ix.byID[id]; ok {
			if ix.slots[s].pending { // an earlier document of docs
				j := slices.Index(slots[:i], s)
				ix.unplace(id, s, docs[j].length)
				slots[j] = -1
			} else {
				ix.remove(id)
			}
		}
		slots[i] = ix.place(id, docs[i])
		start[i+1] = start[i] + len(docs[i].terms)
	}
	// Postings go in list by list, each list's in the documents' order:
	// worker w adds to the lists whose shard is w.
	workers := 1
	if start[len(ids)] >= parallelPostings {
		workers = min(runtime.GOMAXPROCS(0), 256)
	}
	// Each posting's list, looked up in parallel (the map is only read)...
	lists := make([]*postingList, start[len(ids)])
	owner := make([]uint8, len(lists)) // which worker adds to lists[k]
	spread(workers, len(ids), func(i int) {
		if slots[i] < 0 {
			return
		}
		for k, t := range docs[i].terms {
			if p := ix.postings[t]; p != nil {
				lists[start[i]+k], owner[start[i]+k] = p, uint8(p.shard%uint32(workers))
			}
		}
	})
	// ...then made for new terms.
	var made []postingList // lists made together, a chunk at a time
	for i := range ids {
		if slots[i] < 0 {
			continue
		}
		for k, t := range docs[i].terms {
			word := !docs[i].pair[k]
			if p := lists[start[i]+k]; p != nil {
				if word {
					ix.addWord(p, t)
				}
				continue
			}
			p := ix.postings[t]
			if p == nil {
				if len(made) == cap(made) {
					made = make([]postingList, 0, 64)
				}
				made = append(made, postingList{shard: uint32(len(ix.postings))})
				p = &made[len(made)-1]
				ix.postings[t] = p
			}
			if word {
				ix.addWord(p, t)
			}
			lists[start[i]+k], owner[start[i]+k] = p, uint8(p.shard%uint32(workers))
		}
	}
	parallel.For(workers, func(w int) {
		// Count each list's new postings, to grow it once...
		for i, slot := range slots {
			if slot >= 0 {
				for k := start[i]; k < start[i+1]; k++ {
					if int(owner[k]) == w {
						lists[k].adding++
					}
				}
			}
		}
		// ...and add them.
		for i, slot := range slots {
			if slot < 0 {
				continue
			}
			gen := ix.slots[slot].gen
			for k := start[i]; k < start[i+1]; k++ {
				if int(owner[k]) != w {
					continue
				}
				p := lists[k]
				if p.adding > 0 {
					p.items = slices.Grow(p.items, int(p.adding))
					p.adding = 0
				}
				g := gen
				if docs[i].name[k-start[i]] {
					g |= inName
				}
				p.items = append(p.items, posting{slot: slot, gen: g, tf: docs[i].tf[k-start[i]]})
				p.live++
			}
		}
	})
	for _, slot := range slots {
		if slot >= 0 {
			d := &ix.slots[slot]
			d.pending = false
			ix.total += len(d.terms)
		}
	}
}

// spread calls f(i) for i in [0, n), on the workers given.
func spread(workers, n int, f func(i int)) {
	if workers == 1 {
		for i := range n {
			f(i)
		}
		return
	}
	parallel.For(n, f)
}

// place gives document id a slot, its postings not yet in the lists.
func (ix *Index) place(id string, d Doc) int32 {
	var slot int32
	if k := len(ix.free); k > 0 {
		slot = ix.free[k-1]
		ix.free = ix.free[:k-1]
	} else {
		slot = int32(len(ix.slots))
		ix.slots = append(ix.slots, doc{})
	}
	ix.slots[slot] = doc{id: id, prefix: idPrefix(id), len: d.length, names: d.names, gen: ix.slots[slot].gen, terms: d.terms, pair: d.pair, live: true, pending: true}
	ix.byID[id] = slot
	ix.totalLen[0] += float64(d.length[0])
	ix.totalLen[1] += float64(d.length[1])
	ix.n++
	return slot
}

// unplace undoes place: slot holds no posting yet.
func (ix *Index) unplace(id string, slot int32, length [2]float32) {
	ix.totalLen[0] -= float64(length[0])
	ix.totalLen[1] -= float64(length[1])
	ix.n--
	ix.slots[slot] = doc{gen: ix.slots[slot].gen}
	delete(ix.byID, id)
	ix.free = append(ix.free, slot)
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
	for k, t := range d.terms {
		p := ix.postings[t]
		p.live--
		if !d.pair[k] {
			p.words--
		}
		ix.stale++
		if p.live == 0 {
			ix.stale -= len(p.items)
			ix.total -= len(p.items)
			p.items = nil          // lists are made in chunks: the chunk outlives p
			delete(ix.postings, t) // its deletes entries are dropped lazily by fuzzy
		}
	}
	ix.totalLen[0] -= float64(d.len[0])
	ix.totalLen[1] -= float64(d.len[1])
	ix.n--
	*d = doc{gen: (d.gen + 1) &^ inName}
	delete(ix.byID, id)
	ix.free = append(ix.free, slot)
	if ix.stale > 1024 && ix.stale > ix.total/2 {
		ix.compact()
	}
}

// compact drops the postings of removed documents.
func (ix *Index) compact() {
	for _, p := range ix.postings {
		items := p.items[:0]
		for _, it := range p.items {
			if d := &ix.slots[it.slot]; d.live && d.gen == it.gen&^inName {
				items = append(items, it)
			}
		}
		clear(p.items[len(items):])
		p.items = items
	}
	ix.total -= ix.stale
	ix.stale = 0
}

// addWord counts a document holding t as a word in p.
func (ix *Index) addWord(p *postingList, t string) {
	if p.words == 0 {
		ix.addDeletes(t)
	}
	p.words++
}

// isWord reports whether a live document holds t as a word.
func (ix *Index) isWord(t string) bool {
	p, ok := ix.postings[t]
	return ok && p.words > 0
}

// addDeletes records t under each of its one-letter deletions, so a
// misspelling finds it (symmetric delete search), and under its family key.
func (ix *Index) addDeletes(t string) {
	k, ok := familyKey(t)
	if !ok {
		return
	}
	if !slices.Contains(ix.families[k], t) {
		ix.families[k] = append(ix.families[k], t)
	}
	for i := range len(t) {
		k := t[:i] + t[i+1:]
		if !slices.Contains(ix.deletes[k], t) {
			ix.deletes[k] = append(ix.deletes[k], t)
		}
	}
}

// nameBoost is how much more a document scores whose name's words a
// query covers all of (in proportion for some of them): a query that says
// "create" and "issue" is about jira_create_issue more than about
// jira_add_comment, whose description holds "issue" too.
const nameBoost = 1.0

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

// scratch is the per-query score table and list of matches, pooled: a
// query allocates only the hits it returns.
type scratch struct {
	acc     []acc    // by slot
	touched []int32  // the documents matched
	held    []int32  // the documents holding the query word being scored
	hits    []scored // the matches
	ids     []string // their ids, by scored.idx: moving hits moves no pointer
}

// acc is a document's score so far, its fields together: a posting's
// document is one cache line.
type acc struct {
	score    float64
	words    uint64  // the query words matched
	best     float64 // the best term of the query word being scored
	nameHits uint16  // the query words found in the document's name
	named    uint8   // 1 when the query word being scored is in its name
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// Search ranks the documents matching any word of query and returns the
// best k of them in order (by score, ties by id; all of them
// when k <= 0) and the number of matches. keep, when not nil, filters the
// documents by id: it sees every match (total counts those it keeps) and
// runs after the Index is unlocked, so it may take the caller's locks.
func (ix *Index) Search(query string, keep func(id string) bool, k int) (hits []Hit, total int) {
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	hs := ix.score(sc, query)
	if keep != nil {
		hs = slices.DeleteFunc(hs, func(h scored) bool { return !keep(sc.ids[h.idx]) })
	}
	selectTop(hs, k, sc.ids)
	n := len(hs)
	if k > 0 {
		n = min(n, k)
	}
	hits = make([]Hit, n)
	for i, h := range hs[:n] {
		hits[i] = Hit{ID: sc.ids[h.idx], Score: h.score}
	}
	clear(sc.ids) // the pool keeps no ids
	return hits, len(hs)
}

// Page renders a page of budget bytes of query's matches from the
// start-th: page gets the best hits and the number of matches and
// returns how many hits it showed. It is first given enough hits for
// items of 32 bytes or more (most pages: sorting fewer hits is cheaper);
// a page that showed all of them while more matched is rendered again
// from enough for any page (an item takes 6 bytes or more).
func (ix *Index) Page(query string, keep func(id string) bool, start, budget int, page func(hits []Hit, total int) (shown int)) {
	for _, per := range []int{32, 6} {
		hits, total := ix.Search(query, keep, start+budget/per+1)
		shown := page(hits, total)
		if per == 6 || len(hits) == total || min(start, total)+shown < len(hits) {
			return
		}
	}
}

// score returns the documents matching query with their scores, in
// sc.hits, and their ids in sc.ids.
func (ix *Index) score(sc *scratch, query string) []scored {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	if ix.n == 0 {
		return nil
	}
	words, counted := parseQuery(query, ix.df)
	if len(words) == 0 {
		return nil
	}
	// Each query word stands for the indexed words it finds: itself, its
	// family, its misspellings and synonyms, at their weights. A document
	// scores the best of them for the word, not their sum, so a word with
	// many synonyms counts no more than one word.
	type term struct {
		p      *postingList
		weight float64
	}
	type group struct {
		terms  []term
		weight float64
		words  uint64
		df     int // of the word itself, when indexed
	}
	groups := make([]group, 0, len(words))
	for _, w := range words {
		g := group{weight: w.weight, words: w.words}
		add := func(t string, weight float64) {
			p, ok := ix.postings[t]
			if !ok {
				return
			}
			for i := range g.terms {
				if g.terms[i].p == p {
					g.terms[i].weight = max(g.terms[i].weight, weight)
					return
				}
			}
			g.terms = append(g.terms, term{p, weight})
		}
		p, indexed := ix.postings[w.term]
		switch {
		case indexed:
			add(w.term, 1)
			g.df = p.live
		case !w.compound:
			for _, f := range ix.fuzzy(w.term) {
				add(f, fuzzyWeight)
			}
		}
		if !w.compound {
			ix.variants(w.term, func(v string) { add(v, variantWeight) })
		}
		for _, s := range synonyms[w.term] {
			add(s, synonymWeight)
		}
		if len(g.terms) > 0 {
			groups = append(groups, g)
		}
	}
	if len(groups) == 0 {
		return nil
	}
	if len(sc.acc) < len(ix.slots) {
		sc.acc = make([]acc, len(ix.slots))
	}
	sc.touched = sc.touched[:0]
	avg := [2]float64{max(ix.totalLen[0]/float64(ix.n), 1), max(ix.totalLen[1]/float64(ix.n), 1)}
	bAvg := [2]float64{b / avg[0], b / avg[1]} // a field class's length normalisation is 1 - b + len*bAvg
	for _, g := range groups {
		sc.held = sc.held[:0]
		// What stands for a word is no more telling than the word: its
		// idf is at most the word's (a rare synonym must not outrank it).
		idfCap := math.Inf(1)
		if g.df > 0 {
			idfCap = ix.idf(g.df)
		}
		for _, t := range g.terms {
			idf := ix.idf(t.p.live)
			if t.weight < 1 {
				idf = min(idf, idfCap)
			}
			w := t.weight * idf * (k1 + 1)
			for _, it := range t.p.items {
				d := &ix.slots[it.slot]
				if !d.live || d.gen != it.gen&^inName {
					continue
				}
				// BM25F: each class of fields normalised by its own length.
				var f float64
				if it.tf[0] > 0 {
					f = float64(it.tf[0]) / (1 - b + float64(d.len[0])*bAvg[0])
				}
				if it.tf[1] > 0 {
					f += float64(it.tf[1]) / (1 - b + float64(d.len[1])*bAvg[1])
				}
				v := w * f / (f + k1)
				a := &sc.acc[it.slot]
				if a.best == 0 {
					sc.held = append(sc.held, it.slot)
				}
				a.best = max(a.best, v)
				a.named |= uint8(it.gen >> 31) // inName
			}
		}
		for _, slot := range sc.held {
			a := &sc.acc[slot]
			a.nameHits += uint16(a.named)
			if a.words == 0 {
				sc.touched = append(sc.touched, slot)
			}
			a.score += g.weight * a.best
			a.words |= g.words
			a.best, a.named = 0, 0
		}
	}
	hits, ids := sc.hits[:0], sc.ids[:0]
	for _, slot := range sc.touched {
		a := &sc.acc[slot]
		s, w, nh := a.score, a.words, a.nameHits
		*a = acc{}
		// A document matching more of the query's words ranks higher, and
		// one whose name the query covers more of.
		coord := coordination(w, counted)
		s *= 0.5 + coord
		if names := ix.slots[slot].names; names > 0 && nh > 0 {
			s *= 1 + nameBoost*min(float64(nh)/float64(names), 1)
		}
		d := &ix.slots[slot]
		hits = append(hits, scored{prefix: d.prefix, idx: int32(len(ids)), score: s})
		ids = append(ids, d.id)
	}
	sc.hits, sc.ids = hits, ids
	return hits
}

// df is the number of documents holding term t.
func (ix *Index) df(t string) int {
	if p, ok := ix.postings[t]; ok {
		return p.live
	}
	return 0
}

// idf is the BM25 inverse document frequency of a term in df documents.
func (ix *Index) idf(df int) float64 {
	return math.Log(1 + (float64(ix.n)-float64(df)+0.5)/(float64(df)+0.5))
}

type scored struct {
	prefix uint64 // the id's first eight bytes, big-endian, zero-padded
	idx    int32  // of the id in scratch.ids
	score  float64
}

// idPrefix is the first eight bytes of id as a number that orders as the
// ids do: most ties between equal scores are told apart without reading
// the ids (BenchmarkDiscovery/query_capabilities/keyword, whose generated
// catalog has many equal scores).
func idPrefix(id string) uint64 {
	var p uint64
	for i := range 8 {
		p <<= 8
		if i < len(id) {
			p |= uint64(id[i])
		}
	}
	return p
}

// ahead reports whether hit a comes before hit b: by score, ties by id
// (ids[idx], told apart by their prefixes first). The order does not
// depend on the order in which the documents were added, so the same
// catalog gives the same answer in every process.
func ahead(a, b *scored, ids []string) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	if a.prefix != b.prefix {
		return a.prefix < b.prefix
	}
	return ids[a.idx] < ids[b.idx]
}

// better is ahead as a comparison function for slices.SortFunc.
func better(ids []string) func(a, b scored) int {
	return func(a, b scored) int {
		switch {
		case ahead(&a, &b, ids):
			return -1
		case ahead(&b, &a, ids):
			return 1
		}
		return 0
	}
}

// selectTop puts the best k of hs first, in order (see ahead). The k best
// are chosen by score alone, comparing ids only among the hits that tie
// with the k-th: generated and real catalogs hold many equal scores, and
// comparing ids in every step of the selection made a keyword search over
// 10,000 capabilities 10-15% slower (BenchmarkDiscovery's
// query_capabilities/keyword row, against the ranking before ties were
// ordered by id).
func selectTop(hs []scored, k int, ids []string) {
	better := better(ids)
	if k <= 0 || k >= len(hs) {
		slices.SortFunc(hs, better)
		return
	}
	t := kthScore(hs, k)
	// Scores above t first (all of them are in hs[:k]), then those at t.
	g := 0
	for i := range hs[:k] {
		if hs[i].score > t {
			hs[g], hs[i] = hs[i], hs[g]
			g++
		}
	}
	e := g
	for i := g; i < len(hs); i++ {
		if hs[i].score == t {
			hs[e], hs[i] = hs[i], hs[e]
			e++
		}
	}
	if e > k {
		selectIDs(hs[g:e], k-g, ids)
	}
	slices.SortFunc(hs[:k], better)
}

// kthScore moves the k hits of the highest scores to hs[:k] (0 < k <
// len(hs)), in no order, and returns the lowest of their scores.
func kthScore(hs []scored, k int) float64 {
	lo, hi := 0, len(hs)-1
	for lo < hi {
		p := hs[lo+(hi-lo)/2].score
		i, j := lo, hi
		for i <= j {
			for hs[i].score > p {
				i++
			}
			for p > hs[j].score {
				j--
			}
			if i <= j {
				hs[i], hs[j] = hs[j], hs[i]
				i++
				j--
			}
		}
		switch {
		case k-1 <= j:
			hi = j
		case k-1 >= i:
			lo = i
		default:
			lo = hi
		}
	}
	t := hs[0].score
	for _, h := range hs[1:k] {
		t = min(t, h.score)
	}
	return t
}

// selectIDs moves the first k of hs in ahead's order to hs[:k] (0 < k <
// len(hs)), in no order: a quickselect comparing ids, for hits of equal
// scores. It is kthScore's loop with another comparison, on purpose: one
// quickselect taking the comparison as a func made a search 18% slower
// (paired runs of a 10,000-document Search, the way BenchmarkSearch
// calls it), and sorting the ties instead of selecting them 35% slower.
func selectIDs(hs []scored, k int, ids []string) {
	lo, hi := 0, len(hs)-1
	for lo < hi {
		p := hs[lo+(hi-lo)/2]
		i, j := lo, hi
		for i <= j {
			for ahead(&hs[i], &p, ids) {
				i++
			}
			for ahead(&p, &hs[j], ids) {
				j--
			}
			if i <= j {
				hs[i], hs[j] = hs[j], hs[i]
				i++
				j--
			}
		}
		switch {
		case k-1 <= j:
			hi = j
		case k-1 >= i:
			lo = i
		default:
			lo = hi
		}
	}
}

// fuzzy returns indexed words within one edit of w (two for words of 8
// letters or more, where one of the edits is a deletion on each side).
func (ix *Index) fuzzy(w string) []string {
	if len(w) < 4 || len(w) > 25 || !isASCIIWord(w) { // indexed words have at most 24 letters
		return nil
	}
	var out []string
	try := func(cands []string) {
		for _, c := range cands {
			if ix.isWord(c) && !slices.Contains(out, c) && editDistance(w, c) <= maxEdits(len(w)) {
				out = append(out, c)
			}
		}
	}
	try(ix.deletes[w]) // w lacks a letter
	for i := range len(w) {
		k := w[:i] + w[i+1:]
		if ix.isWord(k) {
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
