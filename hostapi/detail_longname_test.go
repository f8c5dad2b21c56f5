package hostapi

import (
	"net/http"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// TestDetailLongNamesReached: every property of a body can be reached,
// whatever the length of its name: when the detail is paged, a field
// whose pointer is over a page item's cap (budget/8) still shows the
// pointer (it was shown as {"note":"too large to show"}, so the
// subschemas under a property named in 1,000 bytes were not reached),
// and fields whose names are cut to the same text are keys of their own.
func TestDetailLongNamesReached(t *testing.T) {
	long := strings.Repeat("n", 1000)
	object := func(name string, sub any) map[string]any {
		return map[string]any{"type": "object", "properties": map[string]any{name: sub}}
	}
	props := map[string]any{"x": map[string]any{"type": "string"}}
	for _, n := range []string{"1", "2", "3", "4"} {
		props[long+n] = object(long, object("leaf"+n, map[string]any{"type": "string"}))
	}
	c := NewCatalog()
	if err := c.Add(Endpoint{ID: "e", Method: "POST", Path: "/e", Body: &Body{Schema: map[string]any{"type": "object", "properties": props}}}); err != nil {
		t.Fatal(err)
	}
	reg := newRegistry(t, c, Options{Handler: http.NotFoundHandler()})
	if res := run(reg, ToolQueryDocs, `{"endpoint": "e"}`); strings.Count(res.Text, `[631 bytes cut]":`) > 1 {
		t.Errorf("fields written under the same key: %.400s", res.Text)
	}
	seen := reach(t, reg, "e", toolkit.DefaultMaxDiscoveryBytes)
	for _, n := range []string{"1", "2", "3", "4"} {
		if !seen["leaf"+n] {
			t.Errorf("leaf%s, under a property named in 1,000 bytes, is not reached", n)
		}
	}
}
