package toolkit

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit/internal/golden"
	"github.com/toolkit-sdk/toolkit/internal/interleave"
)

// variedRegistry holds n capabilities over categories that differ only in
// case ("crm", "CRM") as well as plain ones, with varied names, English
// and Chinese descriptions and parameters, and many equal scores for a
// keyword (ties are ordered too).
func variedRegistry(t testing.TB, n, budget int) *Registry {
	t.Helper()
	cats := []string{"crm", "billing", "CRM", "tickets", "Billing", "storage", "chat", "itsm"}
	verbs := []string{"create", "get", "list", "update", "delete", "archive", "export"}
	nouns := []string{"customer", "invoice", "ticket", "payment", "refund", "contact", "file", "channel", "order"}
	zh := []string{"创建", "查询", "删除", "审批"}
	reg := NewRegistry(&Options{MaxDiscoveryBytes: budget, Logger: discardLogger()})
	caps := make([]*Capability, n)
	for i := range caps {
		k := i * 7919 % 10007
		cat, verb, noun := cats[k%len(cats)], verbs[k/len(cats)%len(verbs)], nouns[k/(len(cats)*len(verbs))%len(nouns)]
		desc := fmt.Sprintf("%s a %s. Part of the %s tools.", strings.ToUpper(verb[:1])+verb[1:], noun, cat)
		if cat == "itsm" {
			desc = zh[k%len(zh)] + "服务请求工单。"
		}
		if k%5 == 0 {
			desc += " Refunds are processed within a day."
		}
		caps[i] = &Capability{
			Name:        fmt.Sprintf("%s_%s_%s_%d", strings.ToLower(cat), verb, noun, i),
			Category:    cat,
			Description: desc,
			Params:      []Param{{Name: noun + "_id", Type: TypeString, Description: "the " + noun}},
			Handler:     func(context.Context, *Call) (Result, error) { return TextResult("ok"), nil },
		}
	}
	if err := reg.Add(caps...); err != nil {
		t.Fatal(err)
	}
	return reg
}

// TestDiscoveryAnswers records query_capabilities' answers over generated
// catalogs (overviews in each of their forms, categories matched
// regardless of case, unknown categories, cursors, keyword pages with and
// without a category, each paged to the end) in a golden file: how the
// answers are computed may change, what they say may not.
func TestDiscoveryAnswers(t *testing.T) {
	var out strings.Builder
	call := func(reg *Registry, args string) string {
		res, err := reg.Call(context.Background(), ToolQueryCapabilities, json.RawMessage(args))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&out, "%s\n%s\n\n", args, res.Text)
		return res.Text
	}
	// pages calls args and then each cursor its answers give.
	pages := func(reg *Registry, args string) {
		for text, n := call(reg, args), 0; ; n++ {
			var a struct {
				Cursor string `json:"cursor"`
			}
			if err := json.Unmarshal([]byte(text), &a); err != nil || a.Cursor == "" || n > 500 {
				return
			}
			text = call(reg, strings.TrimSuffix(args, "}")+fmt.Sprintf(`,"cursor":%q}`, a.Cursor))
		}
	}
	for _, c := range []struct{ n, budget int }{{12, 2000}, {60, 2000}, {400, 2000}, {900, 400}, {900, 290}} {
		fmt.Fprintf(&out, "## %d capabilities, budget %d\n\n", c.n, c.budget)
		reg := variedRegistry(t, c.n, c.budget)
		call(reg, `{}`)
		call(reg, `{"category":"nope"}`)
		call(reg, `{"category":"biling"}`)
		for _, cursor := range []string{"0", "7", "399", "400", "5000"} {
			call(reg, fmt.Sprintf(`{"cursor":%q}`, cursor))
		}
		if c.n > 100 && c.budget > 1000 {
			pages(reg, `{"category":"crm"}`)
			pages(reg, `{"category":"BILLING"}`)
			pages(reg, `{"keyword":"refund a customer's payment"}`)
			pages(reg, `{"keyword":"invoice","category":"Billing"}`)
			call(reg, `{"keyword":"custmer"}`)
			call(reg, `{"keyword":"删除工单"}`)
			call(reg, `{"keyword":"zzzz"}`)
		} else {
			call(reg, `{"category":"itsm"}`)
			call(reg, `{"keyword":"create invoice"}`)
			call(reg, `{"keyword":"create invoice","cursor":"3"}`)
		}
	}
	// Items shorter than most (names without descriptions): a page holds
	// more of them than a first search ranks.
	fmt.Fprintf(&out, "## 600 short items, budget 2000\n\n")
	short := NewRegistry(&Options{MaxDiscoveryBytes: 2000, Logger: discardLogger()})
	for i := range 600 {
		if err := short.Add(&Capability{Name: fmt.Sprintf("ping_%d", i), Category: fmt.Sprint("c", i%3),
			Handler: func(context.Context, *Call) (Result, error) { return Result{}, nil }}); err != nil {
			t.Fatal(err)
		}
	}
	pages(short, `{"keyword":"ping"}`)
	pages(short, `{"keyword":"ping","category":"c1"}`)
	golden.Check(t, filepath.Join("testdata", "discovery", "answers.golden.txt"), out.String())
}

// BenchmarkListing answers query_capabilities without a keyword over
// 10,000 capabilities from the Registry's sorted view, kept until a
// change, beside the same answer from a view built for the call (what
// each call did before: collect and sort every capability), in
// alternating rounds: "ratio" is kept/built.
func BenchmarkListing(b *testing.B) {
	reg := itemRegistry(b, 10000, 0)
	budget := reg.exec.DiscoveryBudget()
	built := func() *view {
		reg.mu.RLock()
		entries := slices.Collect(maps.Values(reg.caps))
		reg.mu.RUnlock()
		return newView(entries)
	}
	for _, c := range []struct {
		name, args, category string
		cursor               bool
		start                int
	}{
		{"overview", `{}`, "", false, 0},
		{"category", `{"category":"SHOP3"}`, "SHOP3", false, 0},
		{"cursor", `{"cursor":"5000"}`, "", true, 5000},
	} {
		kept := listCapabilities(reg.sorted(), reg.categoryAbout, c.category, c.cursor, c.start, budget)
		res, _ := reg.Call(context.Background(), ToolQueryCapabilities, json.RawMessage(c.args))
		if kept.Text != listCapabilities(built(), reg.categoryAbout, c.category, c.cursor, c.start, budget).Text || kept.Text != res.Text {
			b.Fatalf("%s: the answers differ", c.args)
		}
		b.Run(c.name+"/10000", func(b *testing.B) {
			interleave.Run(b, 5, interleave.Wall,
				func() { listCapabilities(reg.sorted(), reg.categoryAbout, c.category, c.cursor, c.start, budget) },
				func() { listCapabilities(built(), reg.categoryAbout, c.category, c.cursor, c.start, budget) })
		})
	}
}

// TestListingCurrent: listings without a keyword see every Add and
// Remove, also while other goroutines list (run with -race).
func TestListingCurrent(t *testing.T) {
	reg := itemRegistry(t, 50, 0)
	handler := func(context.Context, *Call) (Result, error) { return Result{}, nil }
	if a, _ := ask(t, reg, `{"cursor":"0"}`); a.Total != 50 {
		t.Fatalf("total %d", a.Total)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range 200 {
			name := fmt.Sprintf("extra_%03d", i)
			_ = reg.Add(&Capability{Name: name, Category: "extra", Description: "Another.", Handler: handler})
			if i%2 == 0 {
				reg.Remove(name)
			}
		}
	}()
	for range 200 {
		for _, args := range []string{`{}`, `{"category":"EXTRA"}`, `{"cursor":"40"}`} {
			if res, _ := reg.Call(context.Background(), ToolQueryCapabilities, json.RawMessage(args)); res.IsError || !json.Valid([]byte(res.Text)) {
				t.Fatal(res.Text)
			}
		}
	}
	<-done
	if a, _ := ask(t, reg, `{"category":"extra"}`); a.Total != 100 {
		t.Errorf("category total %d, want 100", a.Total)
	}
	reg.Remove("get_item_00000", "extra_001")
	a, text := ask(t, reg, `{"cursor":"0"}`)
	if got := names(t, a.Capabilities); a.Total != 148 || slices.Contains(got, "get_item_00000") || slices.Contains(got, "extra_001") {
		t.Errorf("after Remove: %.300s", text)
	}
	if len(reg.Capabilities()) != 148 {
		t.Errorf("Capabilities: %d", len(reg.Capabilities()))
	}
}
