package benchmarks

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/toolkit-sdk/toolkit"
	interleaved "github.com/toolkit-sdk/toolkit/internal/interleave"
	"github.com/toolkit-sdk/toolkit/toolkittest"
)

// Hybrid ranking: query_capabilities' keyword over 10,000 capabilities
// with a 768-dimension test embedder (toolkittest.HashEmbedder), fused
// with the keyword ranking, beside the keyword ranking alone.
//
//	go test ./benchmarks -run XX -bench Hybrid

func hybridRegistry(b testing.TB, n int) *toolkit.Registry {
	reg := toolkit.NewRegistry(&toolkit.Options{Embedder: toolkittest.HashEmbedder{}})
	if err := reg.Add(genCapabilities(n)...); err != nil {
		b.Fatal(err)
	}
	if err := reg.Check(); err != nil {
		b.Fatal(err)
	}
	return reg
}

func BenchmarkHybrid(b *testing.B) {
	ctx := context.Background()
	fused, lexical := hybridRegistry(b, 10000), capRegistry(b, 10000)
	keyword := func(reg *toolkit.Registry, q string) string {
		args, _ := json.Marshal(map[string]string{"keyword": q})
		res, err := reg.Call(ctx, toolkit.ToolQueryCapabilities, args)
		if err != nil || res.IsError {
			b.Fatal(err, res.Text)
		}
		return res.Text
	}
	// The queries' vectors are kept: this is the ranking and the answer.
	b.Run("fused/query_capabilities/10000", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			keyword(fused, discoveryQueries[i%len(discoveryQueries)])
		}
	})
	// Every query new: HashEmbedder's embedding of it too.
	b.Run("fused-new-query/query_capabilities/10000", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			keyword(fused, fmt.Sprintf("%s %d", discoveryQueries[i%len(discoveryQueries)], i))
		}
	})
	// Alternating rounds, fused and keyword alone: the wall time, and the
	// CPU time the process used (both cores), which a busy machine
	// inflates less.
	for _, clock := range []struct {
		name  string
		clock interleaved.Clock
	}{{"wall", interleaved.Wall}, {"cpu", interleaved.CPU}} {
		if clock.clock == nil {
			continue
		}
		b.Run("fused-vs-keyword/"+clock.name+"/query_capabilities/10000", func(b *testing.B) {
			i, j := 0, 0
			interleaved.Run(b, 10, clock.clock, func() {
				keyword(fused, discoveryQueries[i%len(discoveryQueries)])
				i++
			}, func() {
				keyword(lexical, discoveryQueries[j%len(discoveryQueries)])
				j++
			})
		})
	}
	b.Run("embed-at-load/10000", func(b *testing.B) {
		caps := genCapabilities(10000)
		for b.Loop() {
			reg := toolkit.NewRegistry(&toolkit.Options{Embedder: toolkittest.HashEmbedder{}})
			if err := reg.Add(caps...); err != nil {
				b.Fatal(err)
			}
		}
	})
}
