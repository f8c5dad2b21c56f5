package hostapi

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"sync"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// TestKeyOrderSharedArray: required lists that share their first element
// (one a prefix of the other, the same data pointer) each get their own
// set, in whatever order they are asked for.
func TestKeyOrderSharedArray(t *testing.T) {
	all := make([]any, 600)
	for i := range all {
		all[i] = fmt.Sprintf("n%03d", i)
	}
	var o keyOrder
	for _, n := range []int{300, 600, 300, 256, 600, 599, 300} {
		set := o.set(all[:n])
		if len(set) != n || !set[fmt.Sprintf("n%03d", n-1)] || set[fmt.Sprintf("n%03d", n)] {
			t.Fatalf("the set of the first %d names has %d names", n, len(set))
		}
	}
}

// TestKeyOrderBounded: the names kept stay within maxOrdered entries
// however many large maps and lists are asked for, and each answer is
// the map's own names.
func TestKeyOrderBounded(t *testing.T) {
	var o keyOrder
	for i := range 3 * maxOrdered {
		m := map[string]any{}
		for j := range minOrdered {
			m[fmt.Sprintf("%d-%03d", i, j)] = true
		}
		if got := o.sorted(m); !slices.Equal(got, slices.Sorted(maps.Keys(m))) {
			t.Fatalf("map %d: %d names, first %q", i, len(got), got[0])
		}
		if len(o.m) > maxOrdered {
			t.Fatalf("%d entries kept", len(o.m))
		}
	}
}

// TestDetailConcurrentPages: query_api_docs answers many schemas of many
// properties at once, through two registries of one API (which share its
// kept names), as one at a time from an API of its own: more schemas
// than are kept, so the names kept are dropped while others read them
// (run with -race).
func TestDetailConcurrentPages(t *testing.T) {
	n := maxOrdered + 40
	if testing.Short() {
		n = 300
	}
	defs := map[string]any{}
	for i := range n {
		props, required := map[string]any{}, []any{}
		for j := range minOrdered + i%5 {
			name := fmt.Sprintf("p%d_%03d", i, j)
			props[name] = map[string]any{"type": "string"}
			if j%2 == 0 {
				required = append(required, name)
			}
		}
		defs[fmt.Sprintf("d%04d", i)] = map[string]any{"type": "object", "properties": props, "required": required}
	}
	c := NewCatalog()
	if err := c.Add(Endpoint{ID: "e", Method: "POST", Path: "/e", Body: &Body{Schema: map[string]any{"type": "object", "$defs": defs}}}); err != nil {
		t.Fatal(err)
	}
	args := func(i, cursor int) string {
		if cursor == 0 {
			return fmt.Sprintf(`{"endpoint": "e", "schema": "#/body/$defs/d%04d"}`, i)
		}
		return fmt.Sprintf(`{"endpoint": "e", "schema": "#/body/$defs/d%04d", "cursor": "%d"}`, i, cursor)
	}
	cursors := []int{0, 40, 255}
	want := map[string]string{}
	alone := newRegistry(t, c, Options{Handler: http.NotFoundHandler()})
	for i := range n {
		for _, cur := range cursors {
			res := run(alone, ToolQueryDocs, args(i, cur))
			if res.IsError || len(res.Text) > toolkit.DefaultMaxDiscoveryBytes {
				t.Fatalf("%s: %.300s", args(i, cur), res.Text)
			}
			want[args(i, cur)] = res.Text
		}
	}
	a, err := New(c, &Options{Handler: http.NotFoundHandler()})
	if err != nil {
		t.Fatal(err)
	}
	var regs [2]*toolkit.Registry
	for r := range regs {
		regs[r] = toolkit.NewRegistry(nil)
		if err := a.Register(regs[r]); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for g := range 6 {
		wg.Go(func() {
			for k := range n {
				i := (k*(2*g+1) + g*97) % n
				q := args(i, cursors[(k+g)%len(cursors)])
				if got := run(regs[g%2], ToolQueryDocs, q); got.Text != want[q] {
					t.Errorf("%s: %.200s, alone: %.200s", q, got.Text, want[q])
					return
				}
			}
		})
	}
	wg.Wait()
}
