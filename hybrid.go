package toolkit

import (
	"cmp"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/toolkit-sdk/toolkit/internal/lru"
	"github.com/toolkit-sdk/toolkit/internal/search"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
	"github.com/toolkit-sdk/toolkit/internal/vecindex"
)

// An Embedder turns texts into vectors for hybrid ranking
// (Options.Embedder): the host plugs its provider's embeddings (OpenAI's
// text-embedding-3-small, a local model, ...). Embed returns one vector
// per text, in order, all of the same length; it is called from several
// goroutines at once. The Registry calls it at load, in batches
// (HybridOptions.Batch, Concurrency at once), for the capabilities whose text it has not
// embedded yet, and at search time for the query. The Registry copies the
// vectors it gets: Embed may reuse their memory once it has returned. Its errors reach the
// Observer and the log as they are: they must not hold a credential.
type Embedder interface {
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// ErrEmbedding marks a failure of the Embedder: Registry.Check reports it
// while capabilities have no vector because an Embed call at load failed
// (they are still found by keyword), and Observer.Embed sees it for every
// failed call.
var ErrEmbedding = errors.New("embedding failed")

// HybridOptions tune hybrid ranking (Options.Embedder); zero fields mean
// the defaults.
//
// A keyword search ranks the capabilities twice, by keyword (BM25F, as
// without an Embedder) and by the cosine of their vector with the
// query's, and fuses the two lists by reciprocal-rank fusion: a
// capability at rank r_lex among the best Window of the keyword list and
// r_vec among the best Window of the vector list scores
//
//	LexicalWeight/(K + r_lex) + VectorWeight/(K + r_vec)
//
// (a term only for a list it is in the window of; ranks from 1; ties by
// name). The keyword matches past the window follow in their keyword
// order. A capability whose vector points away from the query's (cosine
// at most 0) is not a vector match.
type HybridOptions struct {
	// Batch is how many texts one Embed call at load takes. Default 64.
	Batch int
	// Concurrency is how many Embed calls at load run at once. Default 4:
	// 10,000 capabilities are 157 calls of 64, and a provider's call takes
	// a few hundred milliseconds.
	Concurrency int
	// Timeout bounds one Embed call at load. Default 30 s.
	Timeout time.Duration
	// QueryTimeout bounds the Embed call of a query; past it, or when the
	// call fails, the search ranks by keyword alone. Default 2 s.
	QueryTimeout time.Duration
	// K is reciprocal-rank fusion's constant: the larger, the less the
	// first ranks dominate. Default 60 (Cormack, Clarke and Büttcher, 2009).
	K float64
	// LexicalWeight and VectorWeight weigh the two lists. Default 1 each,
	// plain reciprocal-rank fusion: a capability first in one list and
	// absent from the other (1/61) ranks below one within the first 61 of
	// both (2/121 or more). A larger VectorWeight lets meaning count more
	// than shared words.
	LexicalWeight, VectorWeight float64
	// Window is how many of each list are fused. Default 100.
	Window int
	// Zero and negative values mean the defaults; a K or weight that is
	// NaN or infinite is reported by Options.Check and the default used.
}

// Defaults of HybridOptions.
const (
	DefaultEmbedBatch        = 64
	DefaultEmbedConcurrency  = 4
	DefaultEmbedTimeout      = 30 * time.Second
	DefaultQueryEmbedTimeout = 2 * time.Second
	DefaultFusionK           = 60
	DefaultFusionWindow      = 100
)

// positiveOr returns v when it is a finite number above zero, else def.
func positiveOr(v, def float64) float64 {
	if v > 0 && !math.IsInf(v, 1) {
		return v
	}
	return def
}

// check reports the fields that are not numbers (NaN, infinities): they
// would make every fused score the same. Served anyway, with the defaults.
func (o HybridOptions) check() error {
	var err error
	for _, f := range []struct {
		name string
		v    float64
	}{{"K", o.K}, {"LexicalWeight", o.LexicalWeight}, {"VectorWeight", o.VectorWeight}} {
		if math.IsNaN(f.v) || math.IsInf(f.v, 0) {
			err = errors.Join(err, fmt.Errorf("option Hybrid.%s: %v is not a finite number (the default is used)", f.name, f.v))
		}
	}
	return err
}

// withDefaults returns o with its zero fields set to the defaults.
func (o HybridOptions) withDefaults() HybridOptions {
	o.Batch = cmp.Or(max(o.Batch, 0), DefaultEmbedBatch)
	o.Concurrency = cmp.Or(max(o.Concurrency, 0), DefaultEmbedConcurrency)
	o.Timeout = cmp.Or(max(o.Timeout, 0), DefaultEmbedTimeout)
	o.QueryTimeout = cmp.Or(max(o.QueryTimeout, 0), DefaultQueryEmbedTimeout)
	o.K = positiveOr(o.K, DefaultFusionK)
	o.LexicalWeight = positiveOr(o.LexicalWeight, 1)
	o.VectorWeight = positiveOr(o.VectorWeight, 1)
	o.Window = cmp.Or(max(o.Window, 0), DefaultFusionWindow)
	return o
}

// EmbedInfo describes a call of the Embedder: a batch of capabilities'
// texts at load, or a query (Query). Err and Elapsed are set.
type EmbedInfo struct {
	Texts   int  // how many texts the call took
	Query   bool // a search's query, not capabilities at load
	Err     error
	Elapsed time.Duration
}

// Bounds of the texts an Embedder gets.
const (
	maxEmbedText  = 8 << 10 // a capability's
	maxEmbedQuery = 1 << 10 // a query's
	queryVectors  = 256     // queries whose vectors are kept
	maxEmbedDims  = 1 << 14 // a vector's dimensions (the largest models have 4,096)
	maxAbandoned  = 8       // Embed calls left running past their timeout
)

// hybrid is a Registry's vector side; nil without an Embedder.
type hybrid struct {
	emb  Embedder
	opts HybridOptions
	exec *Executor // its Observer and Logger

	index *vecindex.Index // by capability name, under Registry.mu for writes

	mu      sync.Mutex
	cache   map[[32]byte][]float32 // vectors by the hash of their text
	byName  map[string][32]byte    // the hash of each capability's vector in index (or noVector's)
	pending map[string]embedText   // capabilities without a vector, their text
	err     error                  // the last failure at load, while pending
	queries *lru.Map[string, []float32]
	// abandoned counts the Embed calls still running past their timeout.
	abandoned atomic.Int32
}

// embedText is the text of a capability the Embedder gets, and its hash.
type embedText struct {
	text string
	hash [32]byte
}

func newHybrid(opts *Options, exec *Executor) *hybrid {
	if opts == nil || opts.Embedder == nil {
		return nil
	}
	return &hybrid{emb: opts.Embedder, opts: opts.Hybrid.withDefaults(), exec: exec, index: vecindex.New(),
		cache: map[[32]byte][]float32{}, byName: map[string][32]byte{}, pending: map[string]embedText{},
		queries: lru.NewMap[string, []float32](queryVectors)}
}

// capabilityText is what the Embedder reads of a capability: its name
// (words apart), category, description, tags and parameters, cut to
// maxEmbedText bytes.
func capabilityText(c *Capability) embedText {
	var b strings.Builder
	b.WriteString(search.NameWords(c.Name))
	b.WriteString(" (" + c.Category + ")\n" + c.Description)
	if len(c.Tags) > 0 {
		b.WriteString("\ntags: " + strings.Join(c.Tags, ", "))
	}
	var params []string
	for _, p := range c.Params {
		params = append(params, strings.TrimSpace(p.Name+": "+p.Description))
	}
	if props, ok := c.Schema["properties"].(map[string]any); ok {
		for _, name := range sortedKeys(props) {
			d, _ := props[name].(map[string]any)["description"].(string)
			params = append(params, strings.TrimSpace(name+": "+d))
		}
	}
	if len(params) > 0 {
		b.WriteString("\nparameters: " + strings.Join(params, "; "))
	}
	text, _ := textcut.Prefix(b.String(), maxEmbedText)
	return embedText{text: text, hash: sha256.Sum256([]byte(text))}
}

// vectors returns the vectors of texts, from the cache or embedded in
// batches; a text whose batch failed has none (nil), and the error says
// why.
func (h *hybrid) vectors(ctx context.Context, texts []embedText) ([][]float32, error) {
	out := make([][]float32, len(texts))
	var missing []int // the first index of each text not in the cache
	seen := map[[32]byte]bool{}
	h.mu.Lock()
	for i, t := range texts {
		if v, ok := h.cache[t.hash]; ok {
			out[i] = v
		} else if !seen[t.hash] {
			seen[t.hash] = true
			missing = append(missing, i)
		}
	}
	h.mu.Unlock()
	// The batches, Concurrency at a time; errors in batch order.
	nb := (len(missing) + h.opts.Batch - 1) / h.opts.Batch
	errs := make([]error, nb)
	got := map[[32]byte][]float32{}
	sem := make(chan struct{}, h.opts.Concurrency)
	var wg sync.WaitGroup
	for b := range nb {
		batch := missing[b*h.opts.Batch : min((b+1)*h.opts.Batch, len(missing))]
		in := make([]string, len(batch))
		for j, i := range batch {
			in[j] = texts[i].text
		}
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			vecs, err := h.embed(ctx, in, false)
			if err != nil {
				errs[b] = err
				return
			}
			h.mu.Lock()
			for j, i := range batch {
				h.cache[texts[i].hash] = vecs[j]
				got[texts[i].hash] = vecs[j]
			}
			h.mu.Unlock()
		})
	}
	wg.Wait()
	for i, t := range texts {
		if out[i] == nil {
			out[i] = got[t.hash]
		}
	}
	return out, errors.Join(errs...)
}

// embed calls the Embedder once, within its timeout, checks what it
// returned and reports the call to the Observer.
func (h *hybrid) embed(ctx context.Context, texts []string, query bool) (vecs [][]float32, err error) {
	timeout := h.opts.Timeout
	if query {
		timeout = h.opts.QueryTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	vecs, err = h.call(ctx, texts)
	if err == nil {
		err = checkVectors(vecs, len(texts), h.index.Dims())
	}
	if err == nil && len(vecs) > 0 {
		// The Registry's own copies, kept in the caches: the Embedder may
		// reuse its buffers for its next call. A vector of zeros becomes
		// noVector.
		own, flat := make([][]float32, len(vecs)), make([]float32, len(vecs)*len(vecs[0]))
		for i, v := range vecs {
			if isZero(v) {
				own[i] = noVector
				continue
			}
			own[i] = flat[:len(v):len(v)]
			flat = flat[copy(flat, v):]
		}
		vecs = own
	}
	if err != nil {
		err = fmt.Errorf("%w: %d texts: %w", ErrEmbedding, len(texts), err)
	}
	h.observe(ctx, EmbedInfo{Texts: len(texts), Query: query, Err: err, Elapsed: time.Since(start)})
	return vecs, err
}

// call runs Embed on its own goroutine, so that the context's end holds
// even for an Embedder that ignores it: the goroutine is then left to end
// when Embed returns, and while maxAbandoned are left so, no more calls
// are made.
func (h *hybrid) call(ctx context.Context, texts []string) ([][]float32, error) {
	if n := h.abandoned.Load(); n >= maxAbandoned {
		return nil, fmt.Errorf("%d calls of the Embedder have not returned past their timeout", n)
	}
	type answer struct {
		vecs [][]float32
		err  error
	}
	done := make(chan answer, 1)
	var state atomic.Int32 // 0 running, 1 returned, 2 abandoned
	go func() {
		var a answer
		defer func() {
			if p := recover(); p != nil {
				a = answer{err: fmt.Errorf("the Embedder panicked: %v", p)}
			}
			if !state.CompareAndSwap(0, 1) {
				h.abandoned.Add(-1)
			}
			done <- a
		}()
		a.vecs, a.err = h.emb.Embed(ctx, texts)
	}()
	select {
	case a := <-done:
		return a.vecs, a.err
	case <-ctx.Done():
		if state.CompareAndSwap(0, 2) {
			h.abandoned.Add(1)
			return nil, fmt.Errorf("the Embedder had not returned when its context ended: %w", context.Cause(ctx))
		}
		a := <-done // it returned meanwhile
		return a.vecs, a.err
	}
}

// noVector is the vector of a text the Embedder gave a vector of zeros:
// it saw no meaning in it (a word model given words it does not know,
// say). That is no failure: the capability or the query is ranked by
// keyword alone, without a warning, and not embedded again.
var noVector = []float32{}

func isZero(v []float32) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}

// checkVectors reports vectors that are not one per text, of the same
// length (dims, when not 0) and finite; a vector of zeros passes.
func checkVectors(vecs [][]float32, n, dims int) error {
	if len(vecs) != n {
		return fmt.Errorf("the Embedder returned %d vectors for %d texts", len(vecs), n)
	}
	for i, v := range vecs {
		if dims == 0 {
			dims = len(v)
		}
		if len(v) == 0 || len(v) != dims {
			return fmt.Errorf("%w: vector %d has %d dimensions, the others %d", vecindex.ErrDims, i, len(v), dims)
		}
		if len(v) > maxEmbedDims {
			return fmt.Errorf("%w: vector %d has %d dimensions, more than %d", vecindex.ErrDims, i, len(v), maxEmbedDims)
		}
		for _, x := range v {
			if f := float64(x); math.IsNaN(f) || math.IsInf(f, 0) {
				return fmt.Errorf("vector %d is not finite", i)
			}
		}
	}
	return nil
}

func (h *hybrid) observe(ctx context.Context, info EmbedInfo) {
	e := h.exec
	if o := e.opts.Observer; o != nil && o.Embed != nil {
		o.Embed(ctx, info)
	}
	if info.Err != nil {
		e.opts.Logger.WarnContext(ctx, "toolkit: embedding failed", "texts", info.Texts, "query", info.Query, "error", info.Err)
	} else if e.debug(ctx) {
		e.opts.Logger.LogAttrs(ctx, slog.LevelDebug, "toolkit: embed", slog.Int("texts", info.Texts),
			slog.Bool("query", info.Query), slog.Duration("duration", info.Elapsed))
	}
}

// prepare embeds the texts of capabilities about to be added (outside the
// Registry's lock): their vectors, nil for those that failed.
func (h *hybrid) prepare(regs []*registered) ([]embedText, [][]float32, error) {
	texts := make([]embedText, len(regs))
	for i, e := range regs {
		texts[i] = capabilityText(&e.cap)
	}
	vecs, err := h.vectors(context.Background(), texts)
	return texts, vecs, err
}

// set puts the capabilities' vectors in the index, or marks them pending
// (Check embeds them again); the caller holds the Registry's lock.
func (h *hybrid) set(names []string, texts []embedText, vecs [][]float32, err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for i, name := range names {
		if vecs[i] != nil && len(vecs[i]) == 0 { // noVector: found by keyword alone
			h.index.Remove(name)
			h.byName[name] = texts[i].hash
			delete(h.pending, name)
			continue
		}
		if vecs[i] != nil {
			if e := h.index.Set(name, vecs[i]); e == nil {
				h.byName[name] = texts[i].hash
				delete(h.pending, name)
				continue
			} else {
				err = fmt.Errorf("%w: capability %q: %w", ErrEmbedding, name, e)
				// Not kept: Check embeds the text again.
				delete(h.cache, texts[i].hash)
			}
		}
		h.index.Remove(name)
		delete(h.byName, name)
		h.pending[name] = texts[i]
	}
	if len(h.pending) == 0 {
		h.err = nil
	} else if err != nil {
		h.err = err
	}
	// Drop the vectors of texts no capability has any more, once they
	// are as many as the capabilities.
	if len(h.cache) > 2*len(h.byName)+64 {
		used := make(map[[32]byte]bool, len(h.byName))
		for _, hash := range h.byName {
			used[hash] = true
		}
		for hash := range h.cache {
			if !used[hash] {
				delete(h.cache, hash)
			}
		}
	}
}

// remove drops a capability's vector; the caller holds the Registry's
// lock.
func (h *hybrid) remove(name string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.index.Remove(name)
	delete(h.byName, name)
	delete(h.pending, name)
	if len(h.pending) == 0 {
		h.err = nil
	}
}

// checkEmbeddings embeds again the capabilities whose vector failed at
// load, for Check, and reports (ErrEmbedding) those that still have none.
func (r *Registry) checkEmbeddings() error {
	h := r.hybrid
	if h == nil {
		return nil
	}
	h.mu.Lock()
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range h.pending {
			if !yield(n) {
				return
			}
		}
	})
	texts := make([]embedText, len(names))
	for i, n := range names {
		texts[i] = h.pending[n]
	}
	h.mu.Unlock()
	if len(names) == 0 {
		return nil
	}
	vecs, err := h.vectors(context.Background(), texts)
	r.mu.Lock()
	h.mu.Lock()
	// Only those still pending with the same text: an Add or Remove may
	// have come meanwhile.
	var keep []int
	for i, n := range names {
		if t, ok := h.pending[n]; ok && t.hash == texts[i].hash {
			keep = append(keep, i)
		}
	}
	h.mu.Unlock()
	names2, texts2, vecs2 := make([]string, len(keep)), make([]embedText, len(keep)), make([][]float32, len(keep))
	for j, i := range keep {
		names2[j], texts2[j], vecs2[j] = names[i], texts[i], vecs[i]
	}
	h.set(names2, texts2, vecs2, err)
	r.mu.Unlock()
	h.mu.Lock()
	defer h.mu.Unlock()
	if n := len(h.pending); n > 0 {
		return fmt.Errorf("%d capabilities have no vector and are ranked by keyword alone: %w", n, cmp.Or(h.err, ErrEmbedding))
	}
	return nil
}

// queryVector returns the vector of a query, from the recent ones or
// embedded within QueryTimeout; nil when it fails (reported).
func (h *hybrid) queryVector(ctx context.Context, query string) []float32 {
	query, _ = textcut.Prefix(query, maxEmbedQuery)
	h.mu.Lock()
	v, ok := h.queries.Get(query)
	h.mu.Unlock()
	if ok {
		return v
	}
	vecs, err := h.embed(ctx, []string{query}, true)
	if err != nil {
		return nil
	}
	v = vecs[0]
	if len(v) == 0 { // noVector: kept so, ranked by keyword
		v = nil
	}
	h.mu.Lock()
	h.queries.Put(query, v)
	h.mu.Unlock()
	return v
}

// SearchContext is Search with a context: with an Embedder
// (Options.Embedder), the one the query's Embed call runs with.
func (r *Registry) SearchContext(ctx context.Context, query string, limit int) []string {
	hits, _ := r.rank(ctx, query, nil, limit)
	names := make([]string, len(hits))
	for i, h := range hits {
		names[i] = h.ID
	}
	return names
}

// rank returns the best k capabilities for query (all matches when
// k <= 0), and how many match: by keyword, or, with an Embedder, fused
// with the vector ranking (HybridOptions).
func (r *Registry) rank(ctx context.Context, query string, keep func(name string) bool, k int) ([]search.Hit, int) {
	if r.hybrid == nil || r.hybrid.index.Len() == 0 {
		return r.index.Search(query, keep, k)
	}
	q := r.hybrid.queryVector(ctx, query)
	if q == nil {
		return r.index.Search(query, keep, k)
	}
	return r.fused(query, q, keep, k)
}

// page is search.Index.Page over rank.
func (r *Registry) page(ctx context.Context, query string, keep func(name string) bool, start, budget int, page func(hits []search.Hit, total int) (shown int)) {
	h := r.hybrid
	var q []float32
	if h != nil && h.index.Len() > 0 {
		q = h.queryVector(ctx, query)
	}
	if q == nil {
		r.index.Page(query, keep, start, budget, page)
		return
	}
	for _, per := range []int{32, 6} {
		hits, total := r.fused(query, q, keep, start+budget/per+1)
		shown := page(hits, total)
		if per == 6 || len(hits) == total || min(start, total)+shown < len(hits) {
			return
		}
	}
}

// fused ranks by reciprocal-rank fusion of the keyword ranking and the
// vector ranking of q (see HybridOptions).
func (r *Registry) fused(query string, q []float32, keep func(name string) bool, k int) ([]search.Hit, int) {
	o := r.hybrid.opts
	vec, _, err := r.hybrid.index.Search(q, o.Window, 0, keep)
	if err != nil { // a query vector of other dimensions than the capabilities'
		r.hybrid.observe(context.Background(), EmbedInfo{Texts: 1, Query: true, Err: fmt.Errorf("%w: %w", ErrEmbedding, err)})
		return r.index.Search(query, keep, k)
	}
	// The keyword matches, noting which of the vector hits are among them.
	inVec := make(map[string]bool, len(vec))
	for _, h := range vec {
		inVec[h.ID] = false
	}
	lexKeep := func(name string) bool {
		if keep != nil && !keep(name) {
			return false
		}
		if _, ok := inVec[name]; ok {
			inVec[name] = true
		}
		return true
	}
	lexK := max(o.Window, k)
	if k <= 0 {
		lexK = 0
	}
	lex, lexTotal := r.index.Search(query, lexKeep, lexK)
	total := lexTotal
	for _, matched := range inVec {
		if !matched {
			total++
		}
	}
	return fuse(lex, vec, o, k), total
}

// fuse merges the keyword hits lex (best first, possibly past the
// window) and the vector hits vec (best first) by reciprocal-rank fusion,
// then the keyword hits past the window; at most k (all when k <= 0).
func fuse(lex []search.Hit, vec []vecindex.Hit, o HybridOptions, k int) []search.Hit {
	score := make(map[string]float64, 2*o.Window)
	for i, h := range lex[:min(len(lex), o.Window)] {
		score[h.ID] += o.LexicalWeight / (o.K + float64(i+1))
	}
	for i, h := range vec[:min(len(vec), o.Window)] {
		score[h.ID] += o.VectorWeight / (o.K + float64(i+1))
	}
	out := make([]search.Hit, 0, len(score)+max(len(lex)-o.Window, 0))
	for id, s := range score {
		out = append(out, search.Hit{ID: id, Score: s})
	}
	slices.SortFunc(out, func(a, b search.Hit) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), strings.Compare(a.ID, b.ID))
	})
	if len(lex) > o.Window {
		for _, h := range lex[o.Window:] {
			if _, ok := score[h.ID]; !ok {
				out = append(out, search.Hit{ID: h.ID, Score: 0})
			}
		}
	}
	if k > 0 && len(out) > k {
		out = out[:k]
	}
	return out
}
