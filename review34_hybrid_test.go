package toolkit_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/toolkittest"
)

// Red-team review of hybrid ranking (issue 34 item 2): hostile
// Embedders and hostile queries.

// hostileEmbedder wraps HashEmbedder and breaks its answer as told.
type hostileEmbedder struct {
	mode string
	dims int
	n    int // calls, under mu
	mu   sync.Mutex
}

const review34Key = "sk-REVIEW34-secret-api-key"

func (e *hostileEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	e.mu.Lock()
	e.n++
	call := e.n
	e.mu.Unlock()
	vecs, err := toolkittest.HashEmbedder{Dims: e.dims}.Embed(ctx, texts)
	if err != nil {
		return nil, err
	}
	switch e.mode {
	case "nan":
		vecs[len(vecs)-1][0] = float32(math.NaN())
	case "inf":
		vecs[0][1] = float32(math.Inf(1))
	case "zero":
		clear(vecs[0])
	case "alternating-dims": // every other call of other dimensions
		if call%2 == 0 {
			for i := range vecs {
				vecs[i] = append(vecs[i], 0.5)
			}
		}
	case "ragged":
		vecs[len(vecs)-1] = vecs[len(vecs)-1][:1]
	case "fewer":
		vecs = vecs[:len(vecs)-1]
	case "more":
		vecs = append(vecs, vecs[0])
	case "nil":
		vecs = nil
	case "panic":
		panic("embedder exploded with key " + review34Key)
	case "error-with-key":
		return nil, errors.New("401 from provider: invalid api key " + review34Key)
	case "huge":
		for i := range vecs {
			v := make([]float32, 1_000_000)
			v[i%len(v)] = 1
			vecs[i] = v
		}
	case "tiny-subnormal": // finite, non-zero, but the squares underflow
		for i := range vecs {
			for j := range vecs[i] {
				vecs[i][j] = 1e-30
			}
		}
	case "huge-values": // finite, but the squares overflow float64? no: float32 max squared fits
		for i := range vecs {
			for j := range vecs[i] {
				vecs[i][j] *= math.MaxFloat32
			}
		}
	}
	return vecs, nil
}

// discoveryAnswer calls query_capabilities and checks it is JSON within
// budget and free of the key.
func discoveryAnswer(t *testing.T, reg *toolkit.Registry, args map[string]any, budget int) string {
	t.Helper()
	raw, _ := json.Marshal(args)
	res, err := reg.Call(context.Background(), toolkit.ToolQueryCapabilities, raw)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Text) > budget {
		t.Errorf("answer of %d bytes > %d for %.60q", len(res.Text), budget, raw)
	}
	if !json.Valid([]byte(res.Text)) && !res.IsError {
		t.Errorf("answer not JSON: %.200s", res.Text)
	}
	if strings.Contains(res.Text, review34Key) {
		t.Errorf("the Embedder's key reached the model: %s", res.Text)
	}
	return res.Text
}

var review34Queries = []string{
	"umbrella weather",
	"",
	"the of and a to",
	"zzqxv nothing matches this lexically",
	"日本語の天気予報 ☂️ \u202e\u0000 ﷽",
	strings.Repeat("refund ", 150_000), // ~1 MB
	strings.Repeat("é", 600),           // cut inside runes
}

// TestReview34_HostileEmbedders: whatever the Embedder returns, Add
// succeeds, answers stay within MaxDiscoveryBytes, are deterministic, and
// the key in its error never reaches the model.
func TestReview34_HostileEmbedders(t *testing.T) {
	const budget = 700
	for _, mode := range []string{"ok", "nan", "inf", "zero", "alternating-dims", "ragged", "fewer", "more", "nil",
		"panic", "error-with-key", "huge", "tiny-subnormal", "huge-values"} {
		t.Run(mode, func(t *testing.T) {
			var logs bytes.Buffer
			var obsMu sync.Mutex
			var obsErrs []error
			emb := &hostileEmbedder{mode: mode, dims: 16}
			reg := toolkit.NewRegistry(&toolkit.Options{Embedder: emb, MaxDiscoveryBytes: budget,
				Logger: slog.New(slog.NewTextHandler(&logs, nil)),
				Hybrid: toolkit.HybridOptions{Batch: 3},
				Observer: &toolkit.Observer{Embed: func(_ context.Context, e toolkit.EmbedInfo) {
					obsMu.Lock()
					defer obsMu.Unlock()
					if e.Err != nil {
						obsErrs = append(obsErrs, e.Err)
					}
				}}})
			caps := hybridCatalog(30)
			if mode == "huge" {
				caps = caps[:4]
			}
			if err := reg.Add(caps...); err != nil {
				t.Fatal(err)
			}
			checkErr := reg.Check()
			if mode == "ok" && checkErr != nil {
				t.Errorf("Check: %v", checkErr)
			}
			for _, q := range review34Queries {
				for _, cat := range []string{"", "misc"} {
					args := map[string]any{"keyword": q}
					if cat != "" {
						args["category"] = cat
					}
					a := discoveryAnswer(t, reg, args, budget)
					b := discoveryAnswer(t, reg, args, budget)
					if a != b && mode != "alternating-dims" { // that Embedder is not deterministic itself
						t.Errorf("not deterministic for %.40q:\n%s\n%s", q, a, b)
					}
				}
			}
			obsMu.Lock()
			defer obsMu.Unlock()
			for _, err := range obsErrs {
				if !errors.Is(err, toolkit.ErrEmbedding) {
					t.Errorf("Observer error not ErrEmbedding: %v", err)
				}
			}
			// The key reaches the host's log and Observer as documented
			// (Embedder: "its errors ... must not hold a credential");
			// record it so a change of that contract is noticed.
			if (mode == "error-with-key" || mode == "panic") && !strings.Contains(logs.String(), review34Key) {
				t.Logf("key no longer in the log")
			}
		})
	}
}

// TestReview34_HugeVectorsRefused: an Embedder returning vectors of a
// million dimensions must not make the Registry keep them.
func TestReview34_HugeVectorsRefused(t *testing.T) {
	reg := toolkit.NewRegistry(&toolkit.Options{Embedder: &hostileEmbedder{mode: "huge", dims: 8}, Logger: quiet})
	if err := reg.Add(hybridCatalog(2)...); err != nil {
		t.Fatal(err)
	}
	if err := reg.Check(); !errors.Is(err, toolkit.ErrEmbedding) {
		t.Errorf("Check = %v, want ErrEmbedding for vectors of 1e6 dimensions", err)
	}
}

// stuckEmbedder ignores its context: the calls it is told to block wait
// for release.
type stuckEmbedder struct {
	release chan struct{}
	queries bool // block the queries' calls, else the load's
}

func (e *stuckEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	isQuery := len(texts) == 1 && !strings.Contains(texts[0], "\n")
	if isQuery == e.queries {
		<-e.release
	}
	return toolkittest.HashEmbedder{Dims: 8}.Embed(context.Background(), texts)
}

// TestReview34_EmbedderIgnoringContext: QueryTimeout and Timeout bound
// the calls even when the Embedder ignores its context.
func TestReview34_EmbedderIgnoringContext(t *testing.T) {
	for _, queries := range []bool{true, false} {
		t.Run(fmt.Sprint("queries=", queries), func(t *testing.T) {
			emb := &stuckEmbedder{release: make(chan struct{}), queries: queries}
			defer close(emb.release)
			reg := toolkit.NewRegistry(&toolkit.Options{Embedder: emb, Logger: quiet,
				Hybrid: toolkit.HybridOptions{Timeout: 20 * time.Millisecond, QueryTimeout: 20 * time.Millisecond}})
			done := make(chan []string, 1)
			go func() {
				if err := reg.Add(hybridCatalog(3)...); err != nil {
					t.Error(err)
				}
				done <- reg.Search("refund the customer", 3)
			}()
			select {
			case got := <-done:
				if len(got) == 0 || got[0] != "refund_payment" {
					t.Errorf("Search = %v", got)
				}
			case <-time.After(time.Minute): // a deadlock detector, not a timing assertion
				t.Fatal("an Embedder ignoring its context blocked the Registry past its timeout")
			}
		})
	}
}

// TestReview34_PagingEveryMatchOnce pages fused answers of hostile
// queries, with and without a category: every match exactly once, the
// union that of Search.
func TestReview34_PagingEveryMatchOnce(t *testing.T) {
	const budget = toolkit.MinDiscoveryBytes
	reg := toolkit.NewRegistry(&toolkit.Options{Embedder: toolkittest.HashEmbedder{Dims: 24}, MaxDiscoveryBytes: budget,
		Hybrid: toolkit.HybridOptions{Window: 5}})
	if err := reg.Add(hybridCatalog(80)...); err != nil {
		t.Fatal(err)
	}
	for _, q := range review34Queries[2:] {
		for _, cat := range []string{"", "misc"} {
			seen := map[string]bool{}
			cursor, matches, pages := "", -1, 0
			for ; pages < 200; pages++ {
				args := map[string]any{"keyword": q, "cursor": cursor}
				if cat != "" {
					args["category"] = cat
				}
				text := discoveryAnswer(t, reg, args, budget)
				var out struct {
					Matches      int               `json:"matches"`
					Capabilities map[string]string `json:"capabilities"`
					Cursor       string            `json:"cursor"`
				}
				if err := json.Unmarshal([]byte(text), &out); err != nil {
					t.Fatal(err, text)
				}
				if matches >= 0 && out.Matches != matches {
					t.Errorf("%.30q: matches %d then %d", q, matches, out.Matches)
				}
				matches = out.Matches
				for n := range out.Capabilities {
					if seen[n] {
						t.Errorf("%.30q %q: %s shown twice", q, cat, n)
					}
					seen[n] = true
				}
				if out.Cursor == "" {
					break
				}
				cursor = out.Cursor
			}
			if len(seen) != matches {
				t.Errorf("%.30q %q: saw %d of %d matches in %d pages", q, cat, len(seen), matches, pages)
			}
			if cat == "" {
				all := reg.Search(q, 0)
				if len(all) != matches {
					t.Errorf("%.30q: Search has %d, query_capabilities %d", q, len(all), matches)
				}
				for _, n := range all {
					if !seen[n] {
						t.Errorf("%.30q: %s from Search never paged", q, n)
					}
				}
			}
		}
	}
}

// TestReview34_ConcurrentReloadAndSearch: reloads that change texts,
// removals, Check and searches at once (-race), with an Embedder that
// fails now and then; at the end every capability has its vector and
// the ranking equals a fresh Registry's.
func TestReview34_ConcurrentReloadAndSearch(t *testing.T) {
	flaky := &flakyEmbedder{}
	reg := toolkit.NewRegistry(&toolkit.Options{Embedder: flaky, Logger: quiet, Hybrid: toolkit.HybridOptions{Batch: 2}})
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20 {
				caps := hybridCatalog(6)
				caps[1+(w+i)%5].Description += fmt.Sprint(" v", i)
				_ = reg.Add(caps...)
				reg.Search("umbrella forecast", 0)
				reg.Call(context.Background(), toolkit.ToolQueryCapabilities, json.RawMessage(`{"keyword":"filler invoice"}`))
				if i%4 == w%4 {
					reg.Remove("filler_002")
					_ = reg.Check()
				}
			}
		}()
	}
	wg.Wait()
	flaky.stop()
	final := hybridCatalog(6)
	if err := reg.Add(final...); err != nil {
		t.Fatal(err)
	}
	if err := reg.Check(); err != nil {
		t.Fatalf("Check after the Embedder recovered: %v", err)
	}
	fresh := toolkit.NewRegistry(&toolkit.Options{Embedder: toolkittest.HashEmbedder{Dims: 8}})
	if err := fresh.Add(hybridCatalog(6)...); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"umbrella forecast", "filler invoice", "zzqxv"} {
		a, b := reg.Search(q, 0), fresh.Search(q, 0)
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("%q: after the storm %v, fresh %v", q, a, b)
		}
	}
}

type flakyEmbedder struct {
	mu     sync.Mutex
	n      int
	stable bool
}

func (e *flakyEmbedder) stop() { e.mu.Lock(); e.stable = true; e.mu.Unlock() }

func (e *flakyEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	e.mu.Lock()
	e.n++
	fail := !e.stable && e.n%3 == 0
	e.mu.Unlock()
	if fail {
		return nil, errors.New("transient")
	}
	return toolkittest.HashEmbedder{Dims: 8}.Embed(ctx, texts)
}

// TestReview34_ReloadEmbedsOnlyChanged counts the texts embedded by a
// reload that changes one capability of many.
func TestReview34_ReloadEmbedsOnlyChanged(t *testing.T) {
	rec := &countingEmbedder{}
	reg := toolkit.NewRegistry(&toolkit.Options{Embedder: rec})
	if err := reg.Add(hybridCatalog(40)...); err != nil {
		t.Fatal(err)
	}
	before := rec.texts()
	caps := hybridCatalog(40)
	caps[7].Description = "changed"
	caps[8].Tags = []string{"new-tag"}
	if err := reg.Add(caps...); err != nil {
		t.Fatal(err)
	}
	if got := rec.texts() - before; got != 2 {
		t.Errorf("a reload changing 2 of 44 embedded %d texts", got)
	}
}

type countingEmbedder struct {
	mu sync.Mutex
	n  int
}

func (e *countingEmbedder) texts() int { e.mu.Lock(); defer e.mu.Unlock(); return e.n }

func (e *countingEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	e.mu.Lock()
	e.n += len(texts)
	e.mu.Unlock()
	return toolkittest.HashEmbedder{Dims: 8}.Embed(ctx, texts)
}

// bufferEmbedder reuses one buffer for the vectors of every call, as an
// Embedder pooling its output might: what the Registry keeps of a call
// must not change with the next one.
type bufferEmbedder struct {
	mu  sync.Mutex
	buf []float32
}

func (e *bufferEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	vecs, err := toolkittest.HashEmbedder{Dims: 16}.Embed(ctx, texts)
	if err != nil {
		return nil, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.buf) < 16*len(texts) {
		e.buf = make([]float32, 16*len(texts))
	}
	for i, v := range vecs {
		vecs[i] = e.buf[16*i : 16*(i+1) : 16*(i+1)]
		copy(vecs[i], v)
	}
	return vecs, nil
}

// TestReview34_EmbedderReusingItsBuffer: the query vectors kept and the
// vectors cached for a reload are the Registry's own copies.
func TestReview34_EmbedderReusingItsBuffer(t *testing.T) {
	caps := hybridCatalog(30)
	ref := toolkit.NewRegistry(&toolkit.Options{Embedder: toolkittest.HashEmbedder{Dims: 16}})
	if err := ref.Add(caps...); err != nil {
		t.Fatal(err)
	}
	// One call at a time: the buffer is reused once a call has returned.
	reg := toolkit.NewRegistry(&toolkit.Options{Embedder: &bufferEmbedder{}, Hybrid: toolkit.HybridOptions{Batch: 4, Concurrency: 1}})
	if err := reg.Add(caps...); err != nil {
		t.Fatal(err)
	}
	// A reload of the same texts takes the cached vectors.
	if err := reg.Add(hybridCatalog(30)...); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"refund the customer", "filler number 7", "refund the customer", "umbrella stands"} {
		want, got := ref.Search(q, 0), reg.Search(q, 0)
		if fmt.Sprint(want) != fmt.Sprint(got) {
			t.Errorf("%q: got %v, want %v", q, got, want)
		}
	}
}

// countingStuckEmbedder never returns a query's call until released,
// and counts the calls in flight.
type countingStuckEmbedder struct {
	release  chan struct{}
	mu       sync.Mutex
	inFlight int
	most     int
}

func (e *countingStuckEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if len(texts) == 1 && !strings.Contains(texts[0], "\n") {
		e.mu.Lock()
		e.inFlight++
		e.most = max(e.most, e.inFlight)
		e.mu.Unlock()
		<-e.release
		e.mu.Lock()
		e.inFlight--
		e.mu.Unlock()
	}
	return toolkittest.HashEmbedder{Dims: 8}.Embed(context.Background(), texts)
}

// TestReview34_StuckEmbedderBounded: searches against an Embedder whose
// calls never return leave a bounded number of calls behind, and still
// answer by keyword; once it recovers, the ranking is hybrid again.
func TestReview34_StuckEmbedderBounded(t *testing.T) {
	emb := &countingStuckEmbedder{release: make(chan struct{})}
	reg := toolkit.NewRegistry(&toolkit.Options{Embedder: emb, Logger: quiet,
		Hybrid: toolkit.HybridOptions{QueryTimeout: 50 * time.Millisecond}})
	if err := reg.Add(hybridCatalog(3)...); err != nil {
		t.Fatal(err)
	}
	for i := range 100 {
		if got := reg.Search(fmt.Sprint("refund the customer ", i), 1); len(got) != 1 || got[0] != "refund_payment" {
			t.Fatalf("Search = %v", got)
		}
	}
	emb.mu.Lock()
	most := emb.most
	emb.mu.Unlock()
	if most > 8 {
		t.Errorf("%d Embed calls left running at once", most)
	}
	close(emb.release)
	// The stuck calls return; the next searches embed again.
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		emb.mu.Lock()
		n := emb.inFlight
		emb.mu.Unlock()
		if n == 0 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	for range 500 { // the abandoned calls' goroutines finish just after the Embedder returns
		if got := reg.Search("umbrella", 0); len(got) > 1 {
			return // hybrid again: the vector side adds matches
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Error("still ranking by keyword alone after the Embedder recovered")
}
