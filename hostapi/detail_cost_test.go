package hostapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// detailAlloc is the bytes query_api_docs allocates answering args.
func detailAlloc(t *testing.T, reg *toolkit.Registry, args string) uint64 {
	t.Helper()
	run(reg, ToolQueryDocs, args) // warm
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	res := run(reg, ToolQueryDocs, args)
	runtime.ReadMemStats(&m1)
	if res.IsError || len(res.Text) > toolkit.DefaultMaxDiscoveryBytes {
		t.Fatalf("%s: %d bytes: %.300s", args, len(res.Text), res.Text)
	}
	return m1.TotalAlloc - m0.TotalAlloc
}

// TestDetailCostBigValues: an endpoint's detail costs about the budget per
// view whatever the size of the enum values, defaults and consts of its
// schemas, which it shows as a note of their size: a value is measured
// only until it passes what a view shows (the detail and the body schema
// of 300 properties holding values of 39 KB allocated 57 MB, against 1.1
// MB without the values, when each was marshalled whole).
func TestDetailCostBigValues(t *testing.T) {
	big := make([]any, 5000)
	for i := range big {
		big[i] = float64(i * 1000)
	}
	alloc := func(withBig bool) uint64 {
		props := map[string]any{}
		for i := range 300 {
			p := map[string]any{"type": "array"}
			if withBig {
				p["default"], p["enum"], p["const"] = big, []any{map[string]any{"a": big}}, map[string]any{"a": big}
			}
			props[fmt.Sprintf("p%03d", i)] = p
		}
		c := NewCatalog()
		if err := c.Add(Endpoint{ID: "e", Method: "POST", Path: "/e", Body: &Body{Schema: map[string]any{"type": "object", "properties": props}}}); err != nil {
			t.Fatal(err)
		}
		reg := newRegistry(t, c, Options{Handler: http.NotFoundHandler()})
		return detailAlloc(t, reg, `{"endpoint": "e"}`) + detailAlloc(t, reg, `{"endpoint": "e", "schema": "#/body"}`)
	}
	plain, heavy := alloc(false), alloc(true)
	if heavy > 10*plain {
		t.Errorf("the detail of properties with values of 39 KB allocates %d KB, without them %d KB", heavy>>10, plain>>10)
	}
}

// TestDetailCostWide: an endpoint's detail costs about the budget per
// view whatever the number of a schema's properties, all required (each
// view sorted every name, and a page listed every field to count them:
// 84 MB for a body of 100,000 properties, 100 times that of 1,000).
func TestDetailCostWide(t *testing.T) {
	alloc := func(n int) uint64 {
		props, required := map[string]any{}, []any{}
		for i := range n {
			props[fmt.Sprintf("p%06d", i)] = map[string]any{"type": "string"}
			required = append(required, fmt.Sprintf("p%06d", i))
		}
		c := NewCatalog()
		if err := c.Add(Endpoint{ID: "e", Method: "POST", Path: "/e", Body: &Body{Schema: map[string]any{"type": "object", "properties": props, "required": required}}}); err != nil {
			t.Fatal(err)
		}
		reg := newRegistry(t, c, Options{Handler: http.NotFoundHandler()})
		return detailAlloc(t, reg, `{"endpoint": "e"}`)
	}
	few, many := alloc(1000), alloc(100000)
	t.Logf("the detail of a body of 1,000 properties allocates %d KB, of 100,000 %d KB", few>>10, many>>10)
	if many > 10*few {
		t.Errorf("the detail of a body of 100,000 properties allocates %d KB, of 1,000 %d KB", many>>10, few>>10)
	}
}

// TestJSONAtLeast: jsonAtLeast never counts more than the JSON text
// holds, whatever it stops at.
func TestJSONAtLeast(t *testing.T) {
	for _, v := range []any{
		nil, true, false, "", "a\"b\\c\u2028\x01\xff<>&", json.Number("-1.5e300"), 0.0, 1e21, 1e-7, 123456.789,
		map[string]any{}, []any{}, map[string]any{"k\"ey": []any{nil, 1.0, map[string]any{"": ""}}, "b": false},
		[]any{[]any{[]any{}}, map[string]any{"x": json.Number("12345678901234567890")}},
	} {
		b, err := jsonstr.Marshal(v) // as valueWithin measures
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{-1, 0, 1, 5, 20, 1000} {
			least, ok := jsonAtLeast(v, n)
			if !ok || least > len(b) {
				t.Errorf("%#v, %d: at least %d (%v), the text is %d bytes", v, n, least, ok, len(b))
			}
		}
	}
	if _, ok := jsonAtLeast([]any{3}, 100); ok {
		t.Error("an int counted")
	}
	// A number's text is written as it is: a long one is over the view
	// without being marshalled.
	long := json.Number("1" + strings.Repeat("0", 5000))
	if least, _ := jsonAtLeast([]any{long}, 100); least <= 100 {
		t.Errorf("a number of %d digits counted %d bytes", len(long), least)
	}
	if got := valueWithin([]any{long}, 100); got != "(a value of over 100 bytes, not shown)" {
		t.Errorf("valueWithin: %.80v", got)
	}
}
