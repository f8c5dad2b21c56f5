package benchmarks

import (
	"net/http"
	"testing"

	interleaved "github.com/toolkit-sdk/toolkit/internal/interleave"
	"github.com/toolkit-sdk/toolkit/internal/parallel"
)

// interleave measures two functions in alternation, 100 calls a side per
// round (see package interleave): it reports the median per-round time of
// toolkit as ns/op and the median of the per-round ratios
// toolkit/baseline as "ratio". A machine whose speed drifts between
// sub-benchmarks moves both sides of a round alike, so the ratio holds
// still where two separate medians would not.
func interleave(b *testing.B, toolkit, baseline func()) {
	interleaveN(b, 100, toolkit, baseline, nil)
}

// interleaveN is interleave with `calls` calls per side and round; around,
// when not nil, is called with each side's timed run of a round (side 0 is
// toolkit) and must call it once, to measure what the timing leaves out.
func interleaveN(b *testing.B, calls int, toolkit, baseline func(), around func(side int, run func())) {
	interleaved.RunAround(b, calls, interleaved.Wall, toolkit, baseline, around)
}

// BenchmarkInterleaved runs the pairs with a time budget in alternation
// (see interleave): the token chain, the cached token, the token chain
// on every core and the load of 1,000 files.
func BenchmarkInterleaved(b *testing.B) {
	srv := orderAPI()
	defer srv.Close()
	for _, c := range []struct{ name, cache, token string }{
		{"TokenChain", "true", ""},
		{"CachedToken", "{ttl: 3600}", "tok-7f3a9c"},
	} {
		reg := newRegistry(b, srv.URL, c.cache)
		callToolkit(b, reg)
		h := &handwritten{client: &http.Client{Transport: newTransport()}, base: srv.URL, token: c.token}
		b.Run(c.name, func(b *testing.B) {
			interleave(b, func() { callToolkit(b, reg) }, func() { callHandwritten(b, h) })
		})
	}
	// BenchmarkTokenChainParallel's pair: a round's calls spread over
	// every core.
	reg := newRegistry(b, srv.URL, "true")
	h := &handwritten{client: &http.Client{Transport: newTransport()}, base: srv.URL}
	spread := func(f func()) func(int) {
		return func(n int) { parallel.For(n, func(int) { f() }) }
	}
	b.Run("TokenChainParallel", func(b *testing.B) {
		interleaved.RunBatch(b, 200, interleaved.Wall, spread(func() { callToolkit(b, reg) }), spread(func() { callHandwritten(b, h) }))
	})
	b.Run("Load1000", func(b *testing.B) {
		load, unmarshal := load1000(b)
		interleaved.Run(b, 1, interleaved.Wall, load, unmarshal)
	})
}
