package toolkit_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/formdata"
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

// Review of the upload's base64 decoding.

// wantBase64 is what decoding s must give: encoding/base64's answer for
// the text formdata.Base64 keeps of s, a bad byte named at its offset.
func wantBase64(s string) ([]byte, string) {
	text, enc := formdata.Base64(s)
	data, err := enc.DecodeString(text)
	if err != nil {
		return nil, fmt.Sprintf(`parameter "p" is not valid base64 (%v)`, formdata.DecodeError(err))
	}
	return data, ""
}

// checkBase64 compares the upload's decoding of s, by bytes and by
// writeTo, with wantBase64.
func checkBase64(t *testing.T, s string) {
	t.Helper()
	want, wantErr := wantBase64(s)
	got, err := toolkit.DecodeFileBase64(s)
	body, werr := toolkit.WriteFileBase64("head", s)
	for _, r := range []struct {
		how  string
		data []byte
		err  error
	}{{"bytes", got, err}, {"writeTo", body[min(4, len(body)):], werr}} {
		switch {
		case wantErr != "" && r.err == nil:
			t.Errorf("%s of %.40q…%q: %d bytes, no error; want %s", r.how, s, s[max(0, len(s)-12):], len(r.data), wantErr)
		case wantErr != "" && !strings.Contains(r.err.Error(), wantErr):
			t.Errorf("%s of %.40q…%q: %v; want %s", r.how, s, s[max(0, len(s)-12):], r.err, wantErr)
		case wantErr == "" && (r.err != nil || !bytes.Equal(r.data, want)):
			t.Errorf("%s of %.40q…%q: %d bytes, %v; want %d bytes", r.how, s, s[max(0, len(s)-12):], len(r.data), r.err, len(want))
		}
	}
}

// TestReview34cBase64Forms: white space and newlines, URL-safe and
// standard, padded or not, a data: prefix, empty text, and what is not
// base64: padding before the end, a lone last character, trailing bytes
// after the padding, '=' in the middle — each decoded as encoding/base64
// decodes the whole text, or refused at the same byte.
func TestReview34cBase64Forms(t *testing.T) {
	block := strings.Repeat("QUFB", 256) // 1024 bytes: the stream decoder's chunk
	for _, s := range []string{
		"", " ", "\n", "====", "=", "QQ==", "QQ", "QUE=", "QUE", "QUFB", "Q", "QQ=", "QUFB=", "QUFBQQ=", "QUFBQUFBQ",
		"QQ==QQ==", "QQ==QUFB", "QU=B", "Q=FB", "QUFB\r\nQUFB\n", " QU FB\tQQ== ", "a-_b", "a+/b", "a-/b", "a-b+",
		"data:text/plain;base64,aGk=", "data:;base64,", "aGk=\x00", "aGk=\xff", "8J+Ygg", "8J-Ygg==",
		block[:1020] + "QQ==" + "QUFB", block[:1020] + "QQ==" + "QQ==", block + "QQ=", block + "Q", block + "QUFB=",
		strings.Repeat(block, 4)[:4092] + "QQ==" + "QUFB", strings.Repeat(block, 5) + "$", block + "\n" + block,
	} {
		checkBase64(t, s)
	}
}

// TestReview34cBase64Corrupted: valid base64 of every length near the
// decoders' chunk sizes, corrupted at random places (a byte replaced,
// inserted, dropped, the text cut), decodes as encoding/base64 does.
func TestReview34cBase64Corrupted(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 4))
	encs := []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding}
	for _, n := range []int{0, 1, 2, 3, 765, 766, 767, 768, 769, 3070, 3071, 3072, 3073, 6144, 6145} {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(rng.UintN(256))
		}
		for _, enc := range encs {
			s := enc.EncodeToString(data)
			checkBase64(t, s)
			for range 12 {
				b := []byte(s)
				at := rng.IntN(len(b) + 1)
				c := "=$-_+/ \nA"[rng.IntN(9)]
				switch rng.IntN(4) {
				case 0:
					if at < len(b) {
						b[at] = c
					}
				case 1:
					b = slices.Insert(b, at, c)
				case 2:
					if at < len(b) {
						b = slices.Delete(b, at, at+1)
					}
				case 3:
					b = b[:at]
				}
				checkBase64(t, string(b))
			}
		}
	}
}

// TestReview34cBase64Memory: decoding 32 MiB of base64 allocates the
// decoded bytes once, and refusing it for a bad last byte no more.
func TestReview34cBase64Memory(t *testing.T) {
	text := base64.StdEncoding.EncodeToString(make([]byte, 24<<20)) // 32 MiB of text
	for _, s := range []string{text, text[:len(text)-4] + "QQ=$"} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		data, err := toolkit.DecodeFileBase64(s)
		runtime.ReadMemStats(&after)
		if (err == nil) != (s == text) || err == nil && len(data) != 24<<20 {
			t.Fatalf("%d bytes, %v", len(data), err)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 24<<20+1<<20 {
			t.Errorf("err %v: %d MiB allocated, want the 24 MiB decoded and no more", err, n>>20)
		}
	}
}

// nanEmbedder gives HashEmbedder's vectors with a NaN in those of texts
// holding "nan", and counts its calls.
type nanEmbedder struct{ calls atomic.Int32 }

func (e *nanEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	e.calls.Add(1)
	vecs, err := toolkittest.HashEmbedder{Dims: 16}.Embed(ctx, texts)
	for i, t := range texts {
		if strings.Contains(t, "nan") {
			vecs[i][3] = float32(math.NaN())
		}
	}
	return vecs, err
}

// TestReview34cNaNStillRefused: a vector holding a NaN is refused at
// load (Check reports it) and for a query (embedded again next time, not
// kept as no vector), unlike a vector of zeros.
func TestReview34cNaNStillRefused(t *testing.T) {
	emb := &nanEmbedder{}
	caps := hybridCatalog(3)
	caps[0].Description += " nan"
	reg := toolkit.NewRegistry(&toolkit.Options{Embedder: emb, Logger: quiet, Hybrid: toolkit.HybridOptions{Batch: 1}})
	if err := reg.Add(caps...); err != nil {
		t.Fatal(err)
	}
	if err := reg.Check(); !errors.Is(err, toolkit.ErrEmbedding) || !strings.Contains(err.Error(), "not finite") {
		t.Errorf("Check = %v, want the NaN refused", err)
	}
	before := emb.calls.Load()
	reg.Search("nan refund", 3)
	reg.Search("nan refund", 3)
	if n := emb.calls.Load() - before; n != 2 {
		t.Errorf("a query refused for its NaN was embedded %d times in two searches, want 2", n)
	}
}
