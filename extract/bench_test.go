package extract

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/antchfx/xmlquery"
	"github.com/ohler55/ojg/oj"

	"github.com/toolkit-sdk/toolkit/internal/interleave"
)

// benchBody builds a JSON response of about size bytes.
func benchBody(size int) []byte {
	var b strings.Builder
	b.WriteString(`{"data": {"status": "paid", "amount": 1234567.89, "id": 12345678901234567890, "ok": true},` + "\n" + `"items": [`)
	for i := 0; b.Len() < size-200; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"id": %d, "name": "item %d", "price": %d.5, "tags": ["a", "b\n"], "owner": {"login": "u%d", "admin": false}}`, i, i, i, i)
	}
	b.WriteString("],\n" + `"meta": {"total": 42, "next": "/page/2"}}`)
	return []byte(b.String())
}

var benchExprs = []string{
	"data.status", "data.amount", "data.id", "data.ok", "items[0].name",
	"items[3].tags[1]", "items[5].owner.login", "meta.total", "meta.next", "items[1].price",
}

type benchResp struct {
	Data struct {
		Status string      `json:"status"`
		Amount json.Number `json:"amount"`
		ID     json.Number `json:"id"`
		OK     bool        `json:"ok"`
	} `json:"data"`
	Items []struct {
		ID    int      `json:"id"`
		Name  string   `json:"name"`
		Price float64  `json:"price"`
		Tags  []string `json:"tags"`
		Owner struct {
			Login string `json:"login"`
			Admin bool   `json:"admin"`
		} `json:"owner"`
	} `json:"items"`
	Meta struct {
		Total int    `json:"total"`
		Next  string `json:"next"`
	} `json:"meta"`
}

var benchSizes = []struct {
	name string
	size int
}{{"1KB", 1 << 10}, {"100KB", 100 << 10}, {"10MB", 10 << 20}}

// BenchmarkEval: one response per iteration, 1 or 10 vars read from it.
func BenchmarkEval(b *testing.B) {
	for _, sz := range benchSizes {
		body := benchBody(sz.size)
		for _, nvars := range []int{1, 10} {
			eval := evalVars(b, body, nvars)
			b.Run(fmt.Sprintf("%s/%dvars", sz.name, nvars), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(body)))
				for b.Loop() {
					eval()
				}
			})
		}
	}
}

// BenchmarkInterleaved: Extract10Vars is BenchmarkEval's 100 KB body read
// for 10 vars against 1, in alternating rounds (package interleave): what
// the other nine cost once the body is indexed.
func BenchmarkInterleaved(b *testing.B) {
	body := benchBody(100 << 10)
	b.Run("Extract10Vars", func(b *testing.B) {
		interleave.Run(b, 20, interleave.Wall, evalVars(b, body, 10), evalVars(b, body, 1))
	})
}

// evalVars returns one read of the first nvars of benchExprs from body.
func evalVars(b *testing.B, body []byte, nvars int) func() {
	exprs := make([]*Expr, nvars)
	for i := range exprs {
		exprs[i] = MustCompile(benchExprs[i])
	}
	return func() {
		doc := NewDoc(body, nil)
		for _, e := range exprs {
			if _, err := e.Eval(doc); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkBaselineEncodingJSON decodes the same bodies into a struct.
func BenchmarkBaselineEncodingJSON(b *testing.B) {
	for _, sz := range benchSizes {
		body := benchBody(sz.size)
		b.Run(sz.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				var r benchResp
				if err := json.Unmarshal(body, &r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkBaselineOJG parses the same bodies with ojg (numbers lose their text).
func BenchmarkBaselineOJG(b *testing.B) {
	for _, sz := range benchSizes {
		body := benchBody(sz.size)
		b.Run(sz.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				if _, err := oj.Parse(body); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkEvalYAML(b *testing.B) {
	var y strings.Builder
	y.WriteString("data:\n  status: paid\n  amount: 1234567.89\nitems:\n")
	for i := 0; y.Len() < 10<<10; i++ {
		fmt.Fprintf(&y, "  - id: %d\n    name: item %d\n    tags: [a, b]\n", i, i)
	}
	body := []byte(y.String())
	exprs := []*Expr{MustCompile("data.status"), MustCompile("data.amount"), MustCompile("items[3].name")}
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		doc := NewDoc(body, nil)
		for _, e := range exprs {
			if _, err := e.Eval(doc); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkEvalArray(b *testing.B) {
	body := benchBody(100 << 10)
	e := MustCompile("items[].name")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Eval(NewDoc(body, nil)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRegex(b *testing.B) {
	body := benchBody(100 << 10)
	e := MustCompile(`/"next": "([^"]+)"/`)
	doc := NewDoc(body, nil)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Eval(doc); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCompile(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range benchExprs {
			if _, err := Compile(s); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// xmlCatalogBody is a catalog of books of about size bytes (the body of
// benchmarks' Parts/XPath1MB).
func xmlCatalogBody(size int) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n<catalog>\n")
	for i := 1; b.Len() < size-200; i++ {
		fmt.Fprintf(&b, "  <book id=\"bk%d\" year=\"%d\">\n    <title>Book number %d</title>\n    <author>Author %d</author>\n    <price currency=\"EUR\">%d.99</price>\n    <tags><tag>new</tag><tag>sale</tag></tags>\n  </book>\n", i, 1900+i%120, i, i%500, i%100)
	}
	b.WriteString("</catalog>\n")
	return []byte(b.String())
}

// BenchmarkXPath1MB: /catalog/book[@id='bk2000']/title from a 1 MB XML
// body (parse and evaluate) beside the same work with xmlquery directly
// (xmlquery.Parse, xmlquery.Query, InnerText), in alternating rounds
// (package interleave); B/byte and base-B/byte are the bytes each side
// allocates per body byte. DOCTYPE is the same body with a DOCTYPE,
// which the arena's tokenizer leaves to encoding/xml.
func BenchmarkXPath1MB(b *testing.B) {
	catalog := xmlCatalogBody(1 << 20)
	withDoctype := bytes.Replace(catalog, []byte("\n<catalog>"), []byte("\n<!DOCTYPE catalog>\n<catalog>"), 1)
	for _, c := range []struct {
		name string
		body []byte
	}{{"Tokenizer", catalog}, {"DOCTYPE", withDoctype}} {
		b.Run(c.name, func(b *testing.B) { benchXPath(b, c.body) })
	}
}

func benchXPath(b *testing.B, body []byte) {
	const expr = "/catalog/book[@id='bk2000']/title"
	e := MustCompile(expr)
	ours := func() {
		v, err := e.Eval(NewDoc(body, nil))
		if err != nil || v.Text != "Book number 2000" {
			b.Fatalf("%+v, %v", v, err)
		}
	}
	twin := func() {
		root, err := xmlquery.Parse(bytes.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		n, err := xmlquery.Query(root, expr)
		if err != nil || n == nil || n.InnerText() != "Book number 2000" {
			b.Fatalf("%v, %v", n, err)
		}
	}
	var alloc [2]uint64
	n := 0
	const calls = 4
	interleave.RunAround(b, calls, interleave.CPU, ours, twin, func(side int, run func()) {
		before := allocatedBytes()
		run()
		alloc[side] += allocatedBytes() - before
		if side == 0 {
			n += calls
		}
	})
	b.ReportMetric(float64(alloc[0])/float64(n)/float64(len(body)), "B/byte")
	b.ReportMetric(float64(alloc[1])/float64(n)/float64(len(body)), "base-B/byte")
}

func allocatedBytes() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.TotalAlloc
}
