package toolkit

import (
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolkit-sdk/toolkit/internal/search"
	"github.com/toolkit-sdk/toolkit/internal/vecindex"
)

// TestFuse holds the reciprocal-rank fusion to its formula: w_lex/(K +
// r_lex) + w_vec/(K + r_vec), ranks from 1, only within the window, ties
// by name, keyword hits past the window after.
func TestFuse(t *testing.T) {
	lex := func(ids ...string) []search.Hit {
		hs := make([]search.Hit, len(ids))
		for i, id := range ids {
			hs[i] = search.Hit{ID: id, Score: float64(100 - i)}
		}
		return hs
	}
	vec := func(ids ...string) []vecindex.Hit {
		hs := make([]vecindex.Hit, len(ids))
		for i, id := range ids {
			hs[i] = vecindex.Hit{ID: id, Score: 1 - float32(i)/10}
		}
		return hs
	}
	def := HybridOptions{}.withDefaults()
	tests := []struct {
		name string
		lex  []search.Hit
		vec  []vecindex.Hit
		opts HybridOptions
		k    int
		want []search.Hit
	}{{
		name: "in both lists beats first in one",
		lex:  lex("a", "b", "c"), vec: vec("c", "d"), opts: def,
		want: []search.Hit{
			{ID: "c", Score: 1.0/63 + 1.0/61},
			{ID: "a", Score: 1.0 / 61},
			{ID: "b", Score: 1.0 / 62},
			{ID: "d", Score: 1.0 / 62},
		},
	}, {
		name: "ties by name",
		lex:  lex("b"), vec: vec("a"), opts: def,
		want: []search.Hit{{ID: "a", Score: 1.0 / 61}, {ID: "b", Score: 1.0 / 61}},
	}, {
		name: "weights and K",
		lex:  lex("a", "b"), vec: vec("b", "a"),
		opts: HybridOptions{K: 1, LexicalWeight: 1, VectorWeight: 3, Window: 10},
		want: []search.Hit{{ID: "b", Score: 1.0/3 + 3.0/2}, {ID: "a", Score: 1.0/2 + 3.0/3}},
	}, {
		name: "window: past it, keyword order, no fusion",
		lex:  lex("a", "b", "c", "d"), vec: vec("d", "e", "f"),
		opts: HybridOptions{K: 60, LexicalWeight: 1, VectorWeight: 1, Window: 2},
		want: []search.Hit{
			{ID: "a", Score: 1.0 / 61}, {ID: "d", Score: 1.0 / 61},
			{ID: "b", Score: 1.0 / 62}, {ID: "e", Score: 1.0 / 62},
			{ID: "c"}, // d, in the window of vectors, is not repeated
		},
	}, {
		name: "k cuts",
		lex:  lex("a", "b", "c"), vec: vec("c"), opts: def, k: 2,
		want: []search.Hit{{ID: "c", Score: 1.0/63 + 1.0/61}, {ID: "a", Score: 1.0 / 61}},
	}, {
		name: "no vector hit: the keyword order",
		lex:  lex("z", "y", "x"), opts: def,
		want: []search.Hit{{ID: "z", Score: 1.0 / 61}, {ID: "y", Score: 1.0 / 62}, {ID: "x", Score: 1.0 / 63}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := fuse(tt.lex, tt.vec, tt.opts, tt.k)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("fuse (-want +got):\n%s", diff)
			}
		})
	}
}

func TestHybridOptionsDefaults(t *testing.T) {
	got := HybridOptions{Batch: -1, K: 10}.withDefaults()
	want := HybridOptions{Batch: 64, Concurrency: DefaultEmbedConcurrency, Timeout: DefaultEmbedTimeout, QueryTimeout: DefaultQueryEmbedTimeout, K: 10,
		LexicalWeight: 1, VectorWeight: 1, Window: 100}
	if got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

// TestHybridOptionsNotNumbers: NaN and infinite K or weights would make
// every fused score the same (the ranking falling back to name order);
// Check names them, and the defaults are used.
func TestHybridOptionsNotNumbers(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	got := HybridOptions{K: nan, LexicalWeight: inf, VectorWeight: math.Inf(-1)}.withDefaults()
	want := HybridOptions{}.withDefaults()
	if got != want {
		t.Errorf("got %+v, want the defaults %+v", got, want)
	}
	err := (&Options{Hybrid: HybridOptions{K: nan, VectorWeight: inf}}).Check()
	for _, w := range []string{"option Hybrid.K: NaN", "option Hybrid.VectorWeight: +Inf"} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("Check() = %v, want %q", err, w)
		}
	}
	if err := (&Options{Hybrid: HybridOptions{K: 10, VectorWeight: 2}}).Check(); err != nil {
		t.Errorf("Check() of finite options = %v", err)
	}
}
