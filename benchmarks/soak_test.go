package benchmarks

import (
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// TestSoak checks that calls leave no goroutines or memory behind: after a
// warm-up, many more calls keep the goroutine count and the live heap flat.
// CI runs 3,000 calls; TOOLKIT_SOAK_CALLS=100000 runs the full soak.
func TestSoak(t *testing.T) {
	calls := 3000
	if s := os.Getenv("TOOLKIT_SOAK_CALLS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		calls = n
	}
	srv := orderAPI()
	defer srv.Close()
	reg := newRegistry(t, srv.URL, "true")

	measure := func() (goroutines int, heap uint64) {
		var m runtime.MemStats
		for range 3 {
			runtime.GC()
			time.Sleep(10 * time.Millisecond)
		}
		runtime.ReadMemStats(&m)
		return runtime.NumGoroutine(), m.HeapAlloc
	}
	for range 200 {
		callToolkit(t, reg)
	}
	g0, h0 := measure()
	for range calls {
		callToolkit(t, reg)
	}
	g1, h1 := measure()
	t.Logf("%d calls: goroutines %d -> %d, live heap %d KiB -> %d KiB", calls, g0, g1, h0>>10, h1>>10)
	if g1 > g0+4 {
		t.Errorf("goroutines grew from %d to %d over %d calls", g0, g1, calls)
	}
	if h1 > h0+2<<20 {
		t.Errorf("live heap grew from %d KiB to %d KiB over %d calls", h0>>10, h1>>10, calls)
	}
}
