package yqcloud

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/dop251/goja"
)

// TestReview27_PooledResultsStayTheirOwn runs tenants' hooks at once on
// pooled runtimes, each result written through toJSON's kept buffer:
// results under, at and over its 64 KiB, results whose write throws
// midway (after writing the tenant's text), and toJSON methods that log an
// object (a nested write). Every result kept to the end must be exactly
// its own tenant's: none aliases the buffer, none is overwritten by a
// later run, and a failed write leaves nothing behind for the next one.
func TestReview27_PooledResultsStayTheirOwn(t *testing.T) {
	logger := slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelDebug}))
	e := newSet(&Options{Logger: logger, MaxIdleRuntimes: 2}).eng
	h := mustCompile(t, `const t = data.t, n = data.n;
if (data.fail) return {a: t.repeat(n), b: {toJSON() { throw new Error('midway') }}};
return {t, pad: t.repeat(n), c: {toJSON() { console.log({inner: t.repeat(3)}); return t }}};`)
	sizes := []int{1, 100, 6000, 6553, 6554, 7000, 20000}
	type kept struct{ got, want string }
	const tenants, runs = 4, 14
	results := make([][]kept, tenants)
	var wg sync.WaitGroup
	for tn := range tenants {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range runs {
				tok := fmt.Sprintf("T%d-%03d|", tn, i) // 10 bytes
				n := sizes[(i+tn)%len(sizes)]
				fail := (i+tn)%3 == 0
				data := fmt.Sprintf(`{"t":%q,"n":%d,"fail":%v}`, tok, n, fail)
				rt := e.acquire(context.Background(), nil, nil)
				doc, err := parseDoc(context.Background(), []byte(data))
				if err != nil {
					t.Error(err)
					return
				}
				var out string
				err = e.run(context.Background(), rt, h, rt.toJS(doc, doc.root), func(r goja.Value) error {
					s, _, err := rt.toJSON(r)
					out = s
					return err
				})
				e.release(rt)
				want := fmt.Sprintf(`{"t":%q,"pad":%q,"c":%q}`, tok, strings.Repeat(tok, n), tok)
				if fail {
					if err == nil || !strings.Contains(err.Error(), "midway") {
						t.Errorf("tenant %d run %d: error %v, want the throw", tn, i, err)
					}
					want = ""
				} else if err != nil {
					t.Errorf("tenant %d run %d: %v", tn, i, err)
				}
				results[tn] = append(results[tn], kept{out, want})
			}
		}()
	}
	wg.Wait()
	for tn, rs := range results {
		for i, r := range rs {
			if r.got != r.want {
				t.Errorf("tenant %d run %d: result of %d bytes is not its own (want %d bytes; starts %.40q)", tn, i, len(r.got), len(r.want), r.got)
			}
		}
	}
}

// TestReview27_HoistBlanksReplacementChars: a U+FFFD written as such in
// the blanked part of a call (a comment; PickKeys refuses it in names) is blanked whole. blank
// took it for a byte that is not UTF-8 and left two of its three bytes in
// the rewritten script, which then did not compile, so the hook silently
// ran as written.
func TestReview27_HoistBlanksReplacementChars(t *testing.T) {
	e := newSet(nil).eng
	for _, body := range []string{
		"return _.pick(data, ['n' /* \uFFFD */])",
		"return data.content.map(i => _.pick(i, ['id', // \uFFFD\uFFFD\n'name']))",
		"return data.content.map(i => _.pick(i /* \uFFFD */, ['id']))",
	} {
		hoisted, plain := compileBoth(t, body)
		if len(hoisted.picks) != 1 {
			t.Errorf("%q: %d calls rewritten, want 1", body, len(hoisted.picks))
		}
		if got, want := outcome(t, e, hoisted), outcome(t, e, plain); got != want {
			t.Errorf("%q: rewritten %s, as written %s", body, got, want)
		}
	}
}
