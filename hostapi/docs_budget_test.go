package hostapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// pageDocs follows the cursors of args to the end, checking every page
// against the default budget, and returns the members of field listed.
func pageDocs(t *testing.T, reg *toolkit.Registry, args map[string]string, field string) []string {
	t.Helper()
	var all []string
	for pages := 0; ; pages++ {
		a, _ := json.Marshal(args)
		res := run(reg, ToolQueryDocs, string(a))
		if res.IsError || len(res.Text) > toolkit.DefaultMaxDiscoveryBytes {
			t.Fatalf("%s: %d bytes: %.200s", a, len(res.Text), res.Text)
		}
		got := memberNames(t, res.Text, field)
		var out struct{ Cursor string }
		if err := json.Unmarshal([]byte(res.Text), &out); err != nil {
			t.Fatal(err)
		}
		all = append(all, got...)
		if out.Cursor == "" {
			return all
		}
		if len(got) == 0 || pages > 10000 {
			t.Fatalf("%s: paging does not move on: %.200s", a, res.Text)
		}
		args["cursor"] = out.Cursor
	}
}

func listedOnce(t *testing.T, what string, got []string, n int) {
	t.Helper()
	seen := map[string]bool{}
	for _, name := range got {
		if seen[name] {
			t.Errorf("%s: %s listed twice", what, name)
		}
		seen[name] = true
	}
	if len(seen) != n {
		t.Errorf("%s: %d listed, want %d", what, len(seen), n)
	}
}

// TestQueryDocs10000: 10,000 endpoints, 9,000 in one group and the rest in
// 250 small ones. Every answer stays within the budget, and paging to the
// end lists every group, every endpoint of the big group and every match
// of a keyword exactly once; a keyword matching nothing says so.
func TestQueryDocs10000(t *testing.T) {
	c := NewCatalog()
	const n, big = 10000, 9000
	eps := make([]Endpoint, n)
	for i := range eps {
		g := "big"
		if i >= big {
			g = fmt.Sprintf("small%03d", (i-big)/4)
		}
		eps[i] = Endpoint{Group: g, Method: "GET", Path: fmt.Sprintf("/items/%05d", i), ID: fmt.Sprintf("getItem%05d", i), Summary: fmt.Sprintf("Read item %d of the store.", i)}
	}
	if err := c.Add(eps...); err != nil {
		t.Fatal(err)
	}
	reg := newRegistry(t, c, Options{Handler: http.NotFoundHandler()})
	listedOnce(t, "root", pageDocs(t, reg, map[string]string{}, "groups"), 251)
	listedOnce(t, "group big", pageDocs(t, reg, map[string]string{"group": "big"}, "endpoints"), big)
	listedOnce(t, "keyword", pageDocs(t, reg, map[string]string{"keyword": "store item"}, "endpoints"), n)

	res := run(reg, ToolQueryDocs, `{"keyword":"zzzz qqqq"}`)
	var none struct {
		Matches   *int
		Endpoints map[string]string
		Cursor    string
		Hint      string
	}
	if err := json.Unmarshal([]byte(res.Text), &none); err != nil || none.Matches == nil || *none.Matches != 0 ||
		len(none.Endpoints) != 0 || none.Cursor != "" || !strings.Contains(none.Hint, "nothing matched") {
		t.Errorf("no match: %v %s", err, res.Text)
	}
	res = run(reg, ToolQueryDocs, `{"group":"big","cursor":"9000"}`)
	if got := memberNames(t, res.Text, "endpoints"); len(got) != 0 || strings.Contains(res.Text, `"cursor"`) {
		t.Errorf("cursor at the end: %s", res.Text)
	}
}
