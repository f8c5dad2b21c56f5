package benchmarks

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ohler55/ojg/jp"
	"github.com/ohler55/ojg/oj"

	"github.com/toolkit-sdk/toolkit/extract"
)

// jsonPathBody is a 100 KB response: a few fields and many items.
func jsonPathBody() []byte {
	var b strings.Builder
	b.WriteString(`{"data": {"status": "paid", "amount": 1234567.89, "id": 12345678901234567890}, "items": [`)
	for i := 0; b.Len() < 100<<10; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"id": %d, "name": "item %d", "price": %d.5, "owner": {"login": "u%d", "admin": false}}`, i, i, i, i)
	}
	b.WriteString("]}")
	return []byte(b.String())
}

// BenchmarkJSONPath runs a query over a fresh extract.Doc per call against
// ojg alone (oj.Parse, jp's Get, oj.JSON of the nodes: numbers lose their
// text, descendants come in jp's order) in alternation (see interleave).
func BenchmarkJSONPath(b *testing.B) {
	body := jsonPathBody()
	for _, q := range []string{"$.items[?@.price > 500].name", "$..login", "$.data.amount"} {
		e := extract.MustCompile(q)
		x := jp.MustParseString(q)
		b.Run(q, func(b *testing.B) {
			b.ReportAllocs()
			interleave(b, func() {
				if _, err := e.Eval(extract.NewDoc(body, nil)); err != nil {
					b.Fatal(err)
				}
			}, func() {
				data, err := oj.Parse(body)
				if err != nil || len(oj.JSON(x.Get(data))) == 0 {
					b.Fatal("ojg failed", err)
				}
			})
		})
	}
}
