package extract

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/ohler55/ojg/jp"
	"github.com/ohler55/ojg/oj"
)

var benchQueries = []string{"$.items[?@.price > 500].name", "$..login", "$.data.amount"}

// BenchmarkJSONPath runs each query over a fresh Doc of a 100 KB body
// against ojg alone (oj.Parse, jp Get, oj.JSON of the nodes, numbers losing
// their text), in alternating rounds; "ratio" is the median of
// extract/ojg per round.
func BenchmarkJSONPath(b *testing.B) {
	body := benchBody(100 << 10)
	for _, q := range benchQueries {
		e := MustCompile(q)
		x := jp.MustParseString(q)
		ours := func() {
			if _, err := e.Eval(NewDoc(body, nil)); err != nil {
				b.Fatal(err)
			}
		}
		theirs := func() {
			data, err := oj.Parse(body)
			if err != nil {
				b.Fatal(err)
			}
			if len(oj.JSON(x.Get(data))) == 0 {
				b.Fatal("no output")
			}
		}
		b.Run(q, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			const calls = 10
			var ratios []float64
			sides := [2]func(){ours, theirs}
			for b.Loop() {
				var el [2]time.Duration
				for _, i := range rand.Perm(2) {
					start := time.Now()
					for range calls {
						sides[i]()
					}
					el[i] = time.Since(start)
				}
				ratios = append(ratios, float64(el[0])/float64(el[1]))
			}
			slices.Sort(ratios)
			b.ReportMetric(ratios[len(ratios)/2], "ratio")
		})
	}
}
