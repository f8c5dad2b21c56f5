package toolkit_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/toolkittest"
)

// conceptEmbedder embeds words by the concept they stand for, so that a
// query and a capability sharing no word can be close, as with a real
// model; words of no concept are feature-hashed (HashEmbedder).
type conceptEmbedder struct {
	mu     sync.Mutex
	calls  int // Embed calls
	texts  int // texts embedded
	fail   error
	block  bool // wait for the context to end
	dims   int  // 0: 768
	broken string
}

var concepts = map[string]string{"umbrella": "rain", "rain": "rain", "weather": "rain", "forecast": "rain", "wet": "rain"}

func (e *conceptEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	e.mu.Lock()
	e.calls++
	e.texts += len(texts)
	fail, block, dims, broken := e.fail, e.block, e.dims, e.broken
	e.mu.Unlock()
	if block {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	if fail != nil {
		return nil, fail
	}
	var in []string
	for _, t := range texts {
		var words []string
		for _, w := range strings.Fields(strings.ToLower(t)) {
			if c, ok := concepts[strings.Trim(w, ".,?:;()")]; ok {
				w = "concept-" + c
			}
			words = append(words, w)
		}
		in = append(in, strings.Join(words, " "))
	}
	vecs, err := toolkittest.HashEmbedder{Dims: dims}.Embed(ctx, in)
	switch broken {
	case "count":
		vecs = append(vecs, vecs[0])
	}
	return vecs, err
}

func (e *conceptEmbedder) set(f func(e *conceptEmbedder)) {
	e.mu.Lock()
	defer e.mu.Unlock()
	f(e)
}

func (e *conceptEmbedder) counts() (calls, texts int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.calls, e.texts
}

// quiet takes the warnings of the failures these tests cause.
var quiet = slog.New(slog.DiscardHandler)

func okHandler(context.Context, *toolkit.Call) (toolkit.Result, error) {
	return toolkit.TextResult("ok"), nil
}

// hybridCatalog is a few capabilities, and as many fillers as asked.
func hybridCatalog(fillers int) []*toolkit.Capability {
	caps := []*toolkit.Capability{
		{Name: "get_forecast", Description: "Weather forecast for a city: rain, temperature, wind.", Category: "weather"},
		{Name: "list_umbrella_stands", Description: "List the umbrella stands of a building.", Category: "facilities"},
		{Name: "create_invoice", Description: "Create an invoice for a customer.", Category: "billing"},
		{Name: "refund_payment", Description: "Refund a customer's payment.", Category: "billing"},
	}
	for i := range fillers {
		caps = append(caps, &toolkit.Capability{Name: fmt.Sprintf("filler_%03d", i), Description: fmt.Sprintf("Filler number %d of a catalog.", i), Category: "misc"})
	}
	for _, c := range caps {
		c.Handler = okHandler
	}
	return caps
}

func hybridRegistry(t testing.TB, emb toolkit.Embedder, obs *toolkit.Observer, caps []*toolkit.Capability) *toolkit.Registry {
	t.Helper()
	reg := toolkit.NewRegistry(&toolkit.Options{Embedder: emb, Observer: obs})
	if err := reg.Add(caps...); err != nil {
		t.Fatal(err)
	}
	return reg
}

// TestHybridFindsWhatKeywordsMiss: "do I need an umbrella" shares no word
// with the forecast; the vectors bring it in, fused with the keyword
// match on "umbrella".
func TestHybridFindsWhatKeywordsMiss(t *testing.T) {
	caps := hybridCatalog(20)
	lexical := hybridRegistry(t, nil, nil, caps).Search("do I need an umbrella today", 5)
	if diff := cmp.Diff([]string{"list_umbrella_stands"}, lexical); diff != "" {
		t.Fatalf("keyword alone (-want +got):\n%s", diff)
	}
	reg := hybridRegistry(t, &conceptEmbedder{}, nil, caps)
	got := reg.SearchContext(context.Background(), "do I need an umbrella today", 2)
	// The stands match both ways (1/61 + 1/62), the forecast by meaning (1/61).
	if diff := cmp.Diff([]string{"list_umbrella_stands", "get_forecast"}, got); diff != "" {
		t.Errorf("hybrid (-want +got):\n%s", diff)
	}
	// query_capabilities fuses too, and counts the vector matches.
	res, err := reg.Call(context.Background(), toolkit.ToolQueryCapabilities, json.RawMessage(`{"keyword":"umbrella weather"}`))
	if err != nil || res.IsError {
		t.Fatal(err, res.Text)
	}
	var out struct {
		Matches      int               `json:"matches"`
		Capabilities map[string]string `json:"capabilities"`
	}
	if err := json.Unmarshal([]byte(res.Text), &out); err != nil {
		t.Fatal(err)
	}
	if _, ok := out.Capabilities["get_forecast"]; !ok || out.Matches != len(out.Capabilities) {
		t.Errorf("query_capabilities: %s", res.Text)
	}
	// A category keeps only its capabilities, vector matches included.
	res, _ = reg.Call(context.Background(), toolkit.ToolQueryCapabilities, json.RawMessage(`{"keyword":"umbrella","category":"weather"}`))
	if !strings.Contains(res.Text, `"get_forecast"`) || strings.Contains(res.Text, "umbrella_stands") {
		t.Errorf("with a category: %s", res.Text)
	}
}

// TestHybridPagesEveryMatchOnce pages a fused answer to its end.
func TestHybridPagesEveryMatchOnce(t *testing.T) {
	reg := toolkit.NewRegistry(&toolkit.Options{Embedder: toolkittest.HashEmbedder{}, MaxDiscoveryBytes: 400,
		Hybrid: toolkit.HybridOptions{Window: 7}})
	if err := reg.Add(hybridCatalog(60)...); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	cursor, matches := "", -1
	for range 100 {
		args, _ := json.Marshal(map[string]string{"keyword": "filler catalog invoice", "cursor": cursor})
		res, _ := reg.Call(context.Background(), toolkit.ToolQueryCapabilities, args)
		var out struct {
			Matches      int               `json:"matches"`
			Capabilities map[string]string `json:"capabilities"`
			Cursor       string            `json:"cursor"`
		}
		if err := json.Unmarshal([]byte(res.Text), &out); err != nil {
			t.Fatal(err, res.Text)
		}
		if len(res.Text) > 400 {
			t.Errorf("answer of %d bytes", len(res.Text))
		}
		matches = out.Matches
		for n := range out.Capabilities {
			if seen[n] {
				t.Errorf("%s shown twice", n)
			}
			seen[n] = true
		}
		if out.Cursor == "" {
			break
		}
		cursor = out.Cursor
	}
	if len(seen) != matches || !seen["create_invoice"] || !seen["filler_059"] {
		t.Errorf("saw %d of %d matches", len(seen), matches)
	}
}

// TestHybridCacheAcrossReload: a reload embeds only what changed.
func TestHybridCacheAcrossReload(t *testing.T) {
	emb := &conceptEmbedder{}
	reg := toolkit.NewRegistry(&toolkit.Options{Embedder: emb, Hybrid: toolkit.HybridOptions{Batch: 10}})
	caps := hybridCatalog(96) // 100
	if err := reg.Add(caps...); err != nil {
		t.Fatal(err)
	}
	if calls, texts := emb.counts(); calls != 10 || texts != 100 {
		t.Fatalf("first load: %d calls, %d texts; want 10 batches of 10", calls, texts)
	}
	if err := reg.Add(hybridCatalog(96)...); err != nil { // the same again
		t.Fatal(err)
	}
	if calls, texts := emb.counts(); calls != 10 || texts != 100 {
		t.Errorf("reload of the same: %d calls, %d texts; want none more", calls, texts)
	}
	changed := hybridCatalog(96)
	changed[0].Description += " Hourly."
	changed[5].Description += " Changed."
	if err := reg.Add(changed...); err != nil {
		t.Fatal(err)
	}
	if calls, texts := emb.counts(); calls != 11 || texts != 102 {
		t.Errorf("reload with 2 changed: %d calls, %d texts; want one more call of 2", calls, texts)
	}
	// Removed and added back: the vector is still cached.
	reg.Remove("refund_payment")
	if err := reg.Add(changed[3]); err != nil {
		t.Fatal(err)
	}
	if _, texts := emb.counts(); texts != 102 {
		t.Errorf("added back: %d texts embedded, want 102", texts)
	}
	// Queries are embedded once each.
	reg.Search("umbrella", 3)
	reg.Search("umbrella", 3)
	if _, texts := emb.counts(); texts != 103 {
		t.Errorf("a query asked twice: %d texts embedded, want 103", texts)
	}
}

// TestHybridFallsBack: a query whose Embed call fails or times out is
// ranked by keyword alone, and the Observer is told.
func TestHybridFallsBack(t *testing.T) {
	caps := hybridCatalog(20)
	want := hybridRegistry(t, nil, nil, caps).Search("umbrella invoice", 0)
	for _, tt := range []struct {
		name string
		f    func(e *conceptEmbedder)
	}{
		{"error", func(e *conceptEmbedder) { e.fail = errors.New("provider down") }},
		{"timeout", func(e *conceptEmbedder) { e.block = true }},
		{"a vector too many", func(e *conceptEmbedder) { e.broken = "count" }},
		{"other dimensions", func(e *conceptEmbedder) { e.dims = 16 }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var mu sync.Mutex
			var infos []toolkit.EmbedInfo
			obs := &toolkit.Observer{Embed: func(_ context.Context, e toolkit.EmbedInfo) {
				mu.Lock()
				infos = append(infos, e)
				mu.Unlock()
			}}
			emb := &conceptEmbedder{}
			reg := toolkit.NewRegistry(&toolkit.Options{Embedder: emb, Observer: obs, Logger: quiet,
				Hybrid: toolkit.HybridOptions{QueryTimeout: time.Millisecond}}) // only a blocked call reaches it
			if err := reg.Add(caps...); err != nil {
				t.Fatal(err)
			}
			emb.set(tt.f)
			got := reg.SearchContext(context.Background(), "umbrella invoice", 0)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-keyword alone +got):\n%s", diff)
			}
			mu.Lock()
			defer mu.Unlock()
			last := infos[len(infos)-1]
			if !last.Query || !errors.Is(last.Err, toolkit.ErrEmbedding) || last.Texts != 1 {
				t.Errorf("observed %+v", last)
			}
		})
	}
}

// TestHybridLoadFailure: capabilities whose Embed call failed at load are
// found by keyword, Check reports them, and a later Check embeds them.
func TestHybridLoadFailure(t *testing.T) {
	emb := &conceptEmbedder{fail: errors.New("rate limited")}
	reg := toolkit.NewRegistry(&toolkit.Options{Embedder: emb, Logger: quiet})
	if err := reg.Add(hybridCatalog(3)...); err != nil {
		t.Fatalf("Add fails with the Embedder: %v", err)
	}
	err := reg.Check()
	if !errors.Is(err, toolkit.ErrEmbedding) || !strings.Contains(err.Error(), "rate limited") || !strings.Contains(err.Error(), "7 capabilities") {
		t.Errorf("Check: %v", err)
	}
	if got := reg.Search("umbrella", 1); len(got) != 1 || got[0] != "list_umbrella_stands" {
		t.Errorf("keyword search without vectors: %v", got)
	}
	emb.set(func(e *conceptEmbedder) { e.fail = nil })
	if err := reg.Check(); err != nil {
		t.Errorf("Check once the Embedder works: %v", err)
	}
	if got := reg.Search("do I need an umbrella", 2); !slices.Contains(got, "get_forecast") {
		t.Errorf("hybrid after Check: %v", got)
	}
	// Vectors of other dimensions than those indexed are refused.
	emb.set(func(e *conceptEmbedder) { e.dims = 16 })
	if err := reg.Add(&toolkit.Capability{Name: "new_one", Description: "A new one.", Handler: okHandler}); err != nil {
		t.Fatal(err)
	}
	if err := reg.Check(); !errors.Is(err, toolkit.ErrEmbedding) || !strings.Contains(err.Error(), "dimensions") {
		t.Errorf("Check with vectors of 16 dimensions among 768: %v", err)
	}
	reg.Remove("new_one")
	if err := reg.Check(); err != nil {
		t.Errorf("Check once it is removed: %v", err)
	}
}

// TestHybridDeterministic: the same catalog and question give the same
// bytes, whatever the order the capabilities were added in.
func TestHybridDeterministic(t *testing.T) {
	caps := hybridCatalog(200)
	rev := make([]*toolkit.Capability, len(caps))
	for i, c := range caps {
		rev[len(caps)-1-i] = c
	}
	a := hybridRegistry(t, toolkittest.HashEmbedder{}, nil, caps)
	b := hybridRegistry(t, toolkittest.HashEmbedder{}, nil, rev)
	for _, q := range []string{`{"keyword":"filler"}`, `{"keyword":"refund a customer's umbrella","cursor":"3"}`, `{"keyword":"number 7 of a catalog"}`} {
		ra, _ := a.Call(context.Background(), toolkit.ToolQueryCapabilities, json.RawMessage(q))
		ra2, _ := a.Call(context.Background(), toolkit.ToolQueryCapabilities, json.RawMessage(q))
		rb, _ := b.Call(context.Background(), toolkit.ToolQueryCapabilities, json.RawMessage(q))
		if ra.Text != rb.Text || ra.Text != ra2.Text {
			t.Errorf("%s:\n%s\n%s", q, ra.Text, rb.Text)
		}
	}
}

func TestHashEmbedder(t *testing.T) {
	e := toolkittest.HashEmbedder{}
	v, err := e.Embed(context.Background(), []string{"refund a payment", "Refund a payment!", "list the weather"})
	if err != nil || len(v) != 3 || len(v[0]) != 768 {
		t.Fatal(err, len(v))
	}
	if diff := cmp.Diff(v[0], v[1]); diff != "" {
		t.Errorf("case and punctuation change the vector:\n%s", diff)
	}
	dot := func(a, b []float32) (s float32) {
		for i := range a {
			s += a[i] * b[i]
		}
		return s
	}
	if d := dot(v[0], v[0]); d < 0.999 || d > 1.001 {
		t.Errorf("norm² %v", d)
	}
	if dot(v[0], v[2]) > 0.5 {
		t.Errorf("unrelated texts: cosine %v", dot(v[0], v[2]))
	}
}

// recordingEmbedder keeps the texts it gets.
type recordingEmbedder struct {
	mu    sync.Mutex
	texts []string
}

func (e *recordingEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	e.mu.Lock()
	e.texts = append(e.texts, texts...)
	e.mu.Unlock()
	return toolkittest.HashEmbedder{Dims: 8}.Embed(ctx, texts)
}

// TestHybridTextBounds: the Embedder gets at most 8 KiB of a capability
// and 1 KiB of a query, in batches of Batch.
func TestHybridTextBounds(t *testing.T) {
	emb := &recordingEmbedder{}
	reg := toolkit.NewRegistry(&toolkit.Options{Embedder: emb})
	long := &toolkit.Capability{Name: "long_one", Description: strings.Repeat("word ", 5000), Handler: okHandler}
	if err := reg.Add(long); err != nil {
		t.Fatal(err)
	}
	reg.Search(strings.Repeat("query ", 1000), 1)
	emb.mu.Lock()
	defer emb.mu.Unlock()
	if len(emb.texts) != 2 || len(emb.texts[0]) != 8<<10 || len(emb.texts[1]) != 1<<10 {
		t.Errorf("texts of %d bytes", func() (n []int) {
			for _, s := range emb.texts {
				n = append(n, len(s))
			}
			return n
		}())
	}
	if !strings.HasPrefix(emb.texts[0], "long one (go)\nword word") {
		t.Errorf("text: %.40q", emb.texts[0])
	}
}

// A Registry with an Embedder ranks a keyword by keyword and by meaning;
// toolkittest.HashEmbedder stands for a provider's embeddings here.
func ExampleEmbedder() {
	reg := toolkit.NewRegistry(&toolkit.Options{Embedder: toolkittest.HashEmbedder{}})
	err := reg.Add(
		&toolkit.Capability{Name: "refund_payment", Description: "Refund a customer's payment.", Handler: okHandler},
		&toolkit.Capability{Name: "create_invoice", Description: "Create an invoice for a customer.", Handler: okHandler},
		&toolkit.Capability{Name: "get_forecast", Description: "Weather forecast for a city.", Handler: okHandler},
	)
	if err != nil {
		panic(err)
	}
	if err := reg.Check(); err != nil { // ErrEmbedding if an Embed call failed
		panic(err)
	}
	fmt.Println(reg.SearchContext(context.Background(), "refund the customer", 2))
	// Output: [refund_payment create_invoice]
}

// TestHybridConcurrent adds, removes, checks and searches at once (run
// with -race).
func TestHybridConcurrent(t *testing.T) {
	reg := toolkit.NewRegistry(&toolkit.Options{Embedder: toolkittest.HashEmbedder{Dims: 32}, Hybrid: toolkit.HybridOptions{Batch: 3}})
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 30 {
				caps := hybridCatalog(5)
				caps[0].Description += fmt.Sprint(" ", w, i) // a new text each time
				if err := reg.Add(caps...); err != nil {
					t.Error(err)
					return
				}
				reg.Search("refund the umbrella", 3)
				reg.Call(context.Background(), toolkit.ToolQueryCapabilities, json.RawMessage(`{"keyword":"filler","category":"misc"}`))
				if i%5 == 0 {
					reg.Remove("filler_001", "refund_payment")
					_ = reg.Check()
				}
			}
		}()
	}
	wg.Wait()
	if err := reg.Check(); err != nil {
		t.Error(err)
	}
}

// barrierEmbedder holds each call until want calls are in flight (or its
// context ends), and records the most it saw at once.
type barrierEmbedder struct {
	toolkittest.HashEmbedder
	want     int
	mu       sync.Mutex
	inFlight int
	most     int
	all      chan struct{} // closed when want calls were in flight at once
}

func (e *barrierEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	e.mu.Lock()
	e.inFlight++
	e.most = max(e.most, e.inFlight)
	if e.inFlight == e.want {
		select {
		case <-e.all:
		default:
			close(e.all)
		}
	}
	e.mu.Unlock()
	defer func() {
		e.mu.Lock()
		e.inFlight--
		e.mu.Unlock()
	}()
	select {
	case <-e.all:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return e.HashEmbedder.Embed(ctx, texts)
}

// TestHybridLoadConcurrency: the batches at load run Concurrency at once,
// not one after another, and never more.
func TestHybridLoadConcurrency(t *testing.T) {
	emb := &barrierEmbedder{want: 3, all: make(chan struct{})}
	reg := toolkit.NewRegistry(&toolkit.Options{Embedder: emb, Logger: quiet,
		Hybrid: toolkit.HybridOptions{Batch: 2, Concurrency: 3, Timeout: 20 * time.Second}})
	if err := reg.Add(hybridCatalog(30)...); err != nil { // 34 capabilities: 17 batches
		t.Fatal(err)
	}
	if err := reg.Check(); err != nil {
		t.Fatalf("Check: %v (a load embedding one batch at a time waits for the barrier until its timeout)", err)
	}
	if emb.most != 3 {
		t.Errorf("at most %d Embed calls at once, want 3", emb.most)
	}
}

// zeroQueryEmbedder gives HashEmbedder's vectors, but zeros for texts
// holding "qqq", and counts its calls.
type zeroQueryEmbedder struct {
	toolkittest.HashEmbedder
	calls atomic.Int32
}

func (e *zeroQueryEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	e.calls.Add(1)
	vecs, err := e.HashEmbedder.Embed(ctx, texts)
	for i, t := range texts {
		if strings.Contains(t, "qqq") {
			vecs[i] = make([]float32, len(vecs[i]))
		}
	}
	return vecs, err
}

// TestHybridZeroQueryVector: a query the Embedder sees no meaning in (a
// vector of zeros) is ranked by keyword alone, embedded once, and logs
// no warning.
func TestHybridZeroQueryVector(t *testing.T) {
	var logs strings.Builder
	emb := &zeroQueryEmbedder{}
	reg := toolkit.NewRegistry(&toolkit.Options{Embedder: emb, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err := reg.Add(hybridCatalog(10)...); err != nil {
		t.Fatal(err)
	}
	plain := toolkit.NewRegistry(nil)
	if err := plain.Add(hybridCatalog(10)...); err != nil {
		t.Fatal(err)
	}
	before := emb.calls.Load()
	for range 3 {
		if got, want := reg.Search("qqq refund", 0), plain.Search("qqq refund", 0); !slices.Equal(got, want) {
			t.Errorf("got %v, want the keyword ranking %v", got, want)
		}
	}
	if n := emb.calls.Load() - before; n != 1 {
		t.Errorf("the query was embedded %d times, want once", n)
	}
	if strings.Contains(logs.String(), "WARN") {
		t.Errorf("a zero query vector logged a warning:\n%s", logs.String())
	}
}
