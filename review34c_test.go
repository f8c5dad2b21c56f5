package toolkit_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/toolkittest"
)

// Review of the load's concurrent Embed calls and of zero vectors.

// scriptedEmbedder gives HashEmbedder's vectors of 16 dimensions, except
// as fail says for a batch (its texts): an error, a panic, vectors of
// other dimensions or zeros; each call sleeps a random while first, so
// the batches finish in any order.
type scriptedEmbedder struct {
	fail  func(texts []string, call int) string // "", "error", "panic", "dims", "zero-first"
	calls atomic.Int32
}

func (e *scriptedEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	call := int(e.calls.Add(1))
	time.Sleep(time.Duration(rand.IntN(300)) * time.Microsecond)
	dims := 16
	switch e.fail(texts, call) {
	case "error":
		return nil, fmt.Errorf("batch of %s refused", texts[0][:strings.IndexByte(texts[0], '(')])
	case "panic":
		panic("batch of " + texts[0][:strings.IndexByte(texts[0], '(')])
	case "dims":
		dims = 8
	case "zero-first":
		vecs, err := toolkittest.HashEmbedder{Dims: dims}.Embed(ctx, texts)
		vecs[0] = make([]float32, dims)
		return vecs, err
	}
	return toolkittest.HashEmbedder{Dims: dims}.Embed(ctx, texts)
}

func holds(texts []string, s string) bool {
	return slices.ContainsFunc(texts, func(t string) bool { return strings.Contains(t, s) })
}

// TestReview34cCheckDeterministic: batches failing and panicking while
// others run report the same error from Check in every run, in batch
// order, and once the Embedder heals Check embeds them and reports none.
func TestReview34cCheckDeterministic(t *testing.T) {
	var first string
	for run := range 6 {
		var healed atomic.Bool
		emb := &scriptedEmbedder{fail: func(texts []string, _ int) string {
			switch {
			case healed.Load():
				return ""
			case holds(texts, "filler 011"), holds(texts, "filler 003"):
				return "error"
			case holds(texts, "filler 020"):
				return "panic"
			}
			return ""
		}}
		reg := toolkit.NewRegistry(&toolkit.Options{Embedder: emb, Logger: quiet,
			Hybrid: toolkit.HybridOptions{Batch: 3, Concurrency: 4}})
		if err := reg.Add(hybridCatalog(30)...); err != nil {
			t.Fatal(err)
		}
		err := reg.Check()
		if !errors.Is(err, toolkit.ErrEmbedding) {
			t.Fatalf("Check = %v, want ErrEmbedding", err)
		}
		if run == 0 {
			first = err.Error()
			t.Logf("Check: %v", err)
		} else if err.Error() != first {
			t.Fatalf("run %d: Check = %q, run 0 %q", run, err, first)
		}
		healed.Store(true)
		if err := reg.Check(); err != nil {
			t.Fatalf("Check after the Embedder healed: %v", err)
		}
	}
}

// TestReview34cMixedDimsRecovers: a batch that got vectors of other
// dimensions than the rest (a provider switching models for a moment)
// leaves its capabilities without vectors; Check embeds them again rather
// than reusing the refused vectors forever.
func TestReview34cMixedDimsRecovers(t *testing.T) {
	for _, conc := range []int{1, 4} {
		var odd atomic.Bool
		odd.Store(true)
		emb := &scriptedEmbedder{fail: func(texts []string, _ int) string {
			if holds(texts, "filler 010") && odd.Load() {
				return "dims"
			}
			return ""
		}}
		reg := toolkit.NewRegistry(&toolkit.Options{Embedder: emb, Logger: quiet,
			Hybrid: toolkit.HybridOptions{Batch: 4, Concurrency: conc}})
		if err := reg.Add(hybridCatalog(30)...); err != nil {
			t.Fatal(err)
		}
		if err := reg.Check(); !errors.Is(err, toolkit.ErrEmbedding) {
			t.Fatalf("Concurrency %d: Check = %v, want the vectors of 8 dimensions refused", conc, err)
		}
		odd.Store(false)
		if err := reg.Check(); err != nil {
			t.Errorf("Concurrency %d: Check once the Embedder gives 16 dimensions again: %v", conc, err)
		}
	}
}

// TestReview34cZeroCapabilityVector: a capability whose text the
// Embedder gives a vector of zeros (it saw no meaning in it, as it may in
// a query) has no vector and is found by keyword; it costs the other
// capabilities of its batch nothing, and it is no failure for Check.
func TestReview34cZeroCapabilityVector(t *testing.T) {
	emb := &scriptedEmbedder{fail: func(texts []string, _ int) string {
		if holds(texts, "get forecast") {
			return "zero-first"
		}
		return ""
	}}
	obsErr := atomic.Int32{}
	reg := toolkit.NewRegistry(&toolkit.Options{Embedder: emb, Logger: quiet,
		Observer: &toolkit.Observer{Embed: func(_ context.Context, e toolkit.EmbedInfo) {
			if e.Err != nil {
				obsErr.Add(1)
			}
		}}})
	caps := hybridCatalog(20)
	if err := reg.Add(caps...); err != nil {
		t.Fatal(err)
	}
	if err := reg.Check(); err != nil {
		t.Errorf("Check: %v", err)
	}
	calls := emb.calls.Load()
	if err := reg.Check(); err != nil || emb.calls.Load() != calls {
		t.Errorf("a second Check: %v, %d Embed calls", err, emb.calls.Load()-calls)
	}
	if n := obsErr.Load(); n != 0 {
		t.Errorf("the Observer saw %d failures", n)
	}
	// The batch's other capabilities have their vectors: the fused
	// ranking brings in the forecast's batch-mates by meaning.
	plain := toolkit.NewRegistry(nil)
	if err := plain.Add(hybridCatalog(20)...); err != nil {
		t.Fatal(err)
	}
	if got, lex := reg.Search("umbrella stands building", 0), plain.Search("umbrella stands building", 0); len(got) <= len(lex) {
		t.Errorf("fused %v, keyword %v: the vectors of the forecast's batch are lost", got, lex)
	}
}

// TestReview34cAddRemoveDuringLoad: Adds, Removes and Checks racing with
// slow concurrent Embed calls leave no capability pending that is not
// registered, and every registered one with a vector once all is done.
func TestReview34cAddRemoveDuringLoad(t *testing.T) {
	var failing atomic.Bool
	failing.Store(true)
	emb := &scriptedEmbedder{fail: func(texts []string, call int) string {
		if failing.Load() && call%3 == 0 {
			return "error"
		}
		return ""
	}}
	reg := toolkit.NewRegistry(&toolkit.Options{Embedder: emb, Logger: quiet,
		Hybrid: toolkit.HybridOptions{Batch: 2, Concurrency: 3}})
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 15 {
				caps := hybridCatalog(12)
				for _, c := range caps {
					c.Description += fmt.Sprintf(" Version %d.", (g+i)%3)
				}
				if err := reg.Add(caps...); err != nil {
					t.Error(err)
				}
				if i%4 == g {
					reg.Remove("filler_003", "filler_007", "get_forecast")
				}
				if i%5 == 0 {
					_ = reg.Check()
				}
				reg.Search("refund a customer", 3)
			}
		})
	}
	wg.Wait()
	failing.Store(false)
	if err := reg.Check(); err != nil {
		t.Errorf("Check once the Embedder works: %v", err)
	}
	for _, c := range reg.Capabilities() {
		reg.Remove(c.Name)
	}
	if err := reg.Check(); err != nil {
		t.Errorf("Check of an empty Registry: %v", err)
	}
}
