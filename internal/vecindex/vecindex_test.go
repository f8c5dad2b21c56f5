package vecindex

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSearchOrder(t *testing.T) {
	ix := New()
	for id, v := range map[string][]float32{
		"east":  {1, 0},
		"north": {0, 2}, // normalized at Set
		"ne":    {1, 1},
		"ne2":   {3, 3}, // the same direction as ne: a tie, broken by id
		"west":  {-1, 0},
	} {
		if err := ix.Set(id, v); err != nil {
			t.Fatal(err)
		}
	}
	hits, total, err := ix.Search([]float32{2, 1}, 3, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, h := range hits {
		ids = append(ids, h.ID)
	}
	// east cos .894, ne and ne2 .949, north .447, west below 0 (not counted).
	if diff := cmp.Diff([]string{"ne", "ne2", "east"}, ids); diff != "" || total != 4 {
		t.Errorf("hits (-want +got):\n%s\ntotal %d, want 4", diff, total)
	}
	hits, total, _ = ix.Search([]float32{2, 1}, 0, 0, func(id string) bool { return id != "ne" })
	if len(hits) != 3 || total != 3 || hits[0].ID != "ne2" {
		t.Errorf("kept: %v, %d", hits, total)
	}
}

func TestSetReplaceRemove(t *testing.T) {
	ix := New()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(ix.Set("a", []float32{1, 0, 0}))
	must(ix.Set("b", []float32{0, 1, 0}))
	must(ix.Set("a", []float32{0, 0, 1})) // replaced in place
	if ix.Len() != 2 || ix.Dims() != 3 {
		t.Fatalf("len %d dims %d", ix.Len(), ix.Dims())
	}
	ix.Remove("b", "unknown")
	must(ix.Set("c", []float32{0, 1, 0})) // takes b's slot
	hits, _, _ := ix.Search([]float32{0, 0, 1}, 0, 0, nil)
	if len(hits) != 1 || hits[0].ID != "a" {
		t.Errorf("hits %v", hits)
	}
	if err := ix.Set("d", []float32{1, 2}); !errors.Is(err, ErrDims) {
		t.Errorf("a vector of 2 dimensions in an index of 3: %v", err)
	}
	if _, _, err := ix.Search([]float32{1, 2}, 1, 0, nil); !errors.Is(err, ErrDims) {
		t.Errorf("a query of 2 dimensions: %v", err)
	}
	if err := ix.Set("z", []float32{0, 0, 0}); err == nil || ix.Len() != 2 {
		t.Errorf("a zero vector: %v, len %d", err, ix.Len())
	}
}

// TestTopK holds the heap selection to a full sort.
func TestTopK(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	ix := New()
	for i := range 500 {
		_ = ix.Set(fmt.Sprintf("v%03d", i), randVec(r, 16))
	}
	q := randVec(r, 16)
	all, _, _ := ix.Search(q, 0, -2, nil)
	for _, k := range []int{1, 2, 10, 499, 500, 600} {
		top, total, _ := ix.Search(q, k, -2, nil)
		if diff := cmp.Diff(all[:min(k, 500)], top); diff != "" || total != 500 {
			t.Errorf("k=%d (-sort +top):\n%s", k, diff)
		}
		// With a filter, the same selection over what it keeps.
		odd := func(id string) bool { return id[len(id)-1]%2 == 1 }
		kept := slices.DeleteFunc(slices.Clone(all), func(h Hit) bool { return !odd(h.ID) })
		top, total, _ = ix.Search(q, k, -2, odd)
		if diff := cmp.Diff(kept[:min(k, len(kept))], top); diff != "" || total != 250 {
			t.Errorf("k=%d kept (-sort +top):\n%s", k, diff)
		}
	}
}

func BenchmarkSearch10k(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	ix := New()
	for i := range 10000 {
		_ = ix.Set(fmt.Sprint(i), randVec(r, 768))
	}
	q := randVec(r, 768)
	for b.Loop() {
		_, _, _ = ix.Search(q, 100, 0, nil)
	}
}

// TestEmptiedIndexTakesNewDims: once every vector is removed, the Index
// takes the dimensions of the next one (a host changing its embedding
// model re-adds its catalog); while it holds one, others are refused.
func TestEmptiedIndexTakesNewDims(t *testing.T) {
	ix := New()
	if err := ix.Set("a", []float32{1, 2, 3}); err != nil {
		t.Fatal(err)
	}
	if err := ix.Set("b", []float32{1, 2}); !errors.Is(err, ErrDims) {
		t.Errorf("a vector of 2 among 3: %v", err)
	}
	ix.Remove("a")
	if d := ix.Dims(); d != 0 {
		t.Errorf("emptied index has %d dims", d)
	}
	if err := ix.Set("b", []float32{1, 2}); err != nil {
		t.Fatalf("a vector of 2 in the emptied index: %v", err)
	}
	hits, n, err := ix.Search([]float32{0, 1}, 5, 0, nil)
	if err != nil || n != 1 || len(hits) != 1 || hits[0].ID != "b" {
		t.Errorf("search after re-dimensioning: %v %d %v", hits, n, err)
	}
}
