package hostapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
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

// TestDetailPagesWalkOnce: the pages of an endpoint's detail, walked by
// their cursors, show each parameter and subschema once, in order
// (parameters, then the body's keywords in order, a map's names in
// order), a required property marked, and alike the second time, when
// the names of its large maps are kept.
func TestDetailPagesWalkOnce(t *testing.T) {
	props, defs, required := map[string]any{}, map[string]any{}, []any{}
	for i := range 1000 {
		name := fmt.Sprintf("p%04d", (i*7919)%1000)
		props[name] = map[string]any{"type": "string", "description": "a property"}
		if i%3 == 0 {
			required = append(required, name)
		}
	}
	for i := range 300 {
		defs[fmt.Sprintf("d%03d", i)] = map[string]any{"type": "object", "properties": map[string]any{"x": map[string]any{"type": "integer"}}}
	}
	allOf := []any{map[string]any{"type": "object"}, map[string]any{"title": "t"}}
	c := NewCatalog()
	if err := c.Add(Endpoint{ID: "e", Method: "POST", Path: "/e",
		Params: []Param{{Name: "b", In: InQuery, Type: "string"}, {Name: "a", In: InQuery, Type: "string"}},
		Body:   &Body{Schema: map[string]any{"type": "object", "$defs": defs, "allOf": allOf, "properties": props, "required": required}}}); err != nil {
		t.Fatal(err)
	}
	want := []string{"query.b", "query.a"}
	want = append(want, slices.Sorted(maps.Keys(defs))...)
	for i := range want[2:] {
		want[2+i] = "body.$defs." + want[2+i]
	}
	want = append(want, "body.allOf[0]", "body.allOf[1]")
	for _, name := range slices.Sorted(maps.Keys(props)) {
		want = append(want, "body."+name)
	}
	isRequired := namesOf(required)
	reg := newRegistry(t, c, Options{Handler: http.NotFoundHandler()})
	// walk follows the cursors from query, whose fields' names are
	// prefixed with prefix.
	walk := func(query, prefix string, want []string) []string {
		var got []string
		args := query + `}`
		for range 1000 {
			res := run(reg, ToolQueryDocs, args)
			if res.IsError || len(res.Text) > toolkit.DefaultMaxDiscoveryBytes {
				t.Fatalf("%s: %d bytes: %.300s", args, len(res.Text), res.Text)
			}
			var page struct {
				Total  int         `json:"total_fields"`
				Fields jsonOrdered `json:"fields"`
				Cursor string      `json:"cursor"`
			}
			if err := json.Unmarshal([]byte(res.Text), &page); err != nil {
				t.Fatal(err)
			}
			if page.Total != len(want) {
				t.Fatalf("total_fields %d, want %d", page.Total, len(want))
			}
			for _, m := range page.Fields {
				name := prefix + m.Key
				got = append(got, name)
				var v struct{ Required bool }
				json.Unmarshal(m.Value, &v)
				if p, ok := strings.CutPrefix(name, "body."); ok && props[p] != nil && v.Required != isRequired[p] {
					t.Errorf("%s: required %v", name, v.Required)
				}
			}
			if page.Cursor == "" {
				return got
			}
			args = fmt.Sprintf(`%s, "cursor": %q}`, query, page.Cursor)
		}
		t.Fatal("the cursors do not end")
		return nil
	}
	for _, q := range []struct {
		query, prefix string
		want          []string
	}{
		{`{"endpoint": "e"`, "", want},
		{`{"endpoint": "e", "schema": "#/body"`, "body.", want[2:]},
	} {
		for range 2 {
			if got := walk(q.query, q.prefix, q.want); !slices.Equal(got, q.want) {
				t.Fatalf("%s: the pages show %d fields (first %q), want %d", q.query, len(got), got[:min(3, len(got))], len(q.want))
			}
		}
	}
}

// jsonOrdered is a JSON object's members in their order.
type jsonOrdered []struct {
	Key   string
	Value json.RawMessage
}

func (o *jsonOrdered) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	if _, err := dec.Token(); err != nil {
		return err
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return err
		}
		*o = append(*o, struct {
			Key   string
			Value json.RawMessage
		}{k.(string), v})
	}
	return nil
}
