// Package vecindex is the vector side of hybrid ranking: normalized
// vectors kept in one contiguous []float32 and searched by brute force,
// the cosine of two vectors being the dot product of their normalized
// forms. At 10,000 vectors of 768 dimensions a search reads 30 MB once,
// which is fast enough that no approximate index is needed.
//
// An Index is safe for concurrent use.
package vecindex

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/toolkit-sdk/toolkit/internal/parallel"
)

// ErrDims is returned for a vector whose length differs from the
// Index's.
var ErrDims = errors.New("vector dimensions differ")

// Hit is a vector found by Search.
type Hit struct {
	ID    string
	Score float32 // the cosine with the query, in [-1, 1]
}

// Index holds vectors of one length by string id.
type Index struct {
	mu   sync.RWMutex
	dims int       // 0 until the first vector
	data []float32 // slot i is data[i*dims : (i+1)*dims]
	ids  []string  // by slot; "" for a free slot
	byID map[string]int
	free []int
}

// New returns an empty Index; its dimensions are those of the first
// vector Set while it is empty.
func New() *Index { return &Index{byID: map[string]int{}} }

// Dims returns the vectors' length, 0 while the Index holds none (an
// Index emptied by Remove takes the length of the next vector Set).
func (ix *Index) Dims() int {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return ix.dims
}

// Len returns the number of vectors.
func (ix *Index) Len() int {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return len(ix.byID)
}

// Set stores a normalized copy of vec under id, replacing the one there.
// It refuses (ErrDims) a vector whose length is not the Index's, and a
// vector of length zero or of zero norm.
func (ix *Index) Set(id string, vec []float32) error {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if len(vec) == 0 {
		return fmt.Errorf("%w: an empty vector", ErrDims)
	}
	if ix.dims != 0 && len(vec) != ix.dims {
		return fmt.Errorf("%w: %d, the index's are %d", ErrDims, len(vec), ix.dims)
	}
	if ix.dims == 0 {
		ix.dims = len(vec)
	}
	slot, ok := ix.byID[id]
	if !ok {
		if k := len(ix.free); k > 0 {
			slot, ix.free = ix.free[k-1], ix.free[:k-1]
		} else {
			slot = len(ix.ids)
			ix.ids = append(ix.ids, "")
			ix.data = append(ix.data, make([]float32, ix.dims)...)
		}
		ix.byID[id], ix.ids[slot] = slot, id
	}
	v := ix.data[slot*ix.dims : (slot+1)*ix.dims]
	if !Normalize(v, vec) {
		ix.remove(id)
		return fmt.Errorf("vector %q has norm zero", id)
	}
	return nil
}

// Remove drops vectors by id; unknown ids are ignored.
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
	delete(ix.byID, id)
	ix.ids[slot] = ""
	clear(ix.data[slot*ix.dims : (slot+1)*ix.dims])
	ix.free = append(ix.free, slot)
	if len(ix.byID) == 0 { // empty: the next vector sets the dimensions anew
		ix.dims, ix.data, ix.ids, ix.free = 0, nil, nil, nil
	}
}

// Normalize writes vec scaled to unit length into dst (of vec's length)
// and reports whether it could: false for a vector of norm zero, or one
// holding a NaN or an infinity.
func Normalize(dst, vec []float32) bool {
	var sum float64
	for _, x := range vec {
		sum += float64(x) * float64(x)
	}
	if sum == 0 || math.IsNaN(sum) || math.IsInf(sum, 0) {
		return false
	}
	inv := 1 / math.Sqrt(sum)
	for i, x := range vec {
		dst[i] = float32(float64(x) * inv)
	}
	return true
}

// Search returns the k vectors most similar to query (all of them when
// k <= 0) whose cosine with it is above floor, best first (ties by id),
// and how many are above floor. keep, when not nil, filters them by id;
// it runs after the Index is unlocked, so it may take the caller's locks.
// query need not be normalized; one of another length is refused
// (ErrDims).
func (ix *Index) Search(query []float32, k int, floor float32, keep func(id string) bool) ([]Hit, int, error) {
	if keep == nil && k > 0 {
		// The best k kept as they are scored: no list of every match.
		top := topK{k: k}
		total := 0
		err := ix.scan(query, floor, func(h Hit) {
			total++
			top.add(h)
		})
		return top.sorted(), total, err
	}
	var hits []Hit
	err := ix.scan(query, floor, func(h Hit) { hits = append(hits, h) })
	if keep != nil {
		hits = slices.DeleteFunc(hits, func(h Hit) bool { return !keep(h.ID) })
	}
	total := len(hits)
	if k > 0 && k < len(hits) {
		top := topK{k: k}
		for _, h := range hits {
			top.add(h)
		}
		hits = top.sorted()
	} else {
		slices.SortFunc(hits, better)
	}
	return hits, total, err
}

// better orders hits by score, ties by id.
func better(a, b Hit) int {
	switch {
	case a.Score > b.Score:
		return -1
	case a.Score < b.Score:
		return 1
	}
	return strings.Compare(a.ID, b.ID)
}

// scores are per-slot buffers of Search, pooled.
var scores = sync.Pool{New: func() any { return new([]float32) }}

// scan calls found, in slot order and under the Index's read lock, with
// the vectors whose cosine with query is above floor.
func (ix *Index) scan(query []float32, floor float32, found func(Hit)) error {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	if len(ix.byID) == 0 {
		return nil
	}
	if len(query) != ix.dims {
		return fmt.Errorf("%w: the query's %d, the index's %d", ErrDims, len(query), ix.dims)
	}
	q := make([]float32, len(query))
	if !Normalize(q, query) {
		return nil
	}
	// The cosines, a chunk of slots at a time on every core: at 10,000
	// vectors of 768 dimensions the dot products are nearly all the work.
	d := ix.dims
	buf := scores.Get().(*[]float32)
	defer scores.Put(buf)
	if cap(*buf) < len(ix.ids) {
		*buf = make([]float32, len(ix.ids))
	}
	sc := (*buf)[:len(ix.ids)]
	chunks := (len(ix.ids) + chunk - 1) / chunk
	score := func(c int) {
		slot, end := c*chunk, min((c+1)*chunk, len(ix.ids))
		for ; slot+4 <= end; slot += 4 { // free slots are zeros: scored 0
			sc[slot], sc[slot+1], sc[slot+2], sc[slot+3] = dot4(q, ix.data[slot*d:])
		}
		for ; slot < end; slot++ {
			sc[slot] = Dot(q, ix.data[slot*d:(slot+1)*d])
		}
	}
	if chunks == 1 {
		score(0)
	} else {
		parallel.For(chunks, score)
	}
	for slot, id := range ix.ids {
		if s := sc[slot]; id != "" && s > floor {
			found(Hit{ID: id, Score: s})
		}
	}
	return nil
}

// topK keeps the best k hits added, in a heap whose root is the worst.
type topK struct {
	k int
	h []Hit
}

func (t *topK) add(x Hit) {
	if len(t.h) < t.k {
		t.h = append(t.h, x)
		for i := len(t.h) - 1; i > 0; { // up
			p := (i - 1) / 2
			if better(t.h[i], t.h[p]) <= 0 {
				break
			}
			t.h[i], t.h[p] = t.h[p], t.h[i]
			i = p
		}
		return
	}
	if better(x, t.h[0]) >= 0 {
		return
	}
	t.h[0] = x
	for i := 0; ; { // down
		l := 2*i + 1
		if l >= len(t.h) {
			return
		}
		m := l
		if r := l + 1; r < len(t.h) && better(t.h[r], t.h[l]) > 0 {
			m = r
		}
		if better(t.h[m], t.h[i]) <= 0 {
			return
		}
		t.h[i], t.h[m] = t.h[m], t.h[i]
		i = m
	}
}

// sorted returns the hits kept, best first.
func (t *topK) sorted() []Hit {
	slices.SortFunc(t.h, better)
	return t.h
}

// chunk is how many vectors one core scores at a time.
const chunk = 512
