package toolkit

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit/internal/search"
)

// itemRegistry holds n capabilities in 7 categories, every one matching
// the keyword "item".
func itemRegistry(t testing.TB, n, budget int) *Registry {
	t.Helper()
	reg := NewRegistry(&Options{MaxDiscoveryBytes: budget, Logger: discardLogger()})
	caps := make([]*Capability, n)
	for i := range caps {
		caps[i] = &Capability{
			Name:        fmt.Sprintf("get_item_%05d", i),
			Category:    fmt.Sprintf("shop%d", i%7),
			Description: fmt.Sprintf("Look up item %d of the shop's catalogue by its id. Returns its price.", i),
			Params:      []Param{{Name: "id", Type: TypeString, Description: "the item id"}},
			Handler:     func(context.Context, *Call) (Result, error) { return TextResult("ok"), nil },
		}
	}
	if err := reg.Add(caps...); err != nil {
		t.Fatal(err)
	}
	return reg
}

type discoveryAnswer struct {
	Total        int             `json:"total"`
	Matches      int             `json:"matches"`
	Capabilities json.RawMessage `json:"capabilities"`
	Categories   json.RawMessage `json:"categories"`
	More         int             `json:"more"`
	Cursor       string          `json:"cursor"`
	Hint         string          `json:"hint"`
}

func ask(t *testing.T, reg *Registry, args string) (discoveryAnswer, string) {
	t.Helper()
	res, err := reg.Call(context.Background(), ToolQueryCapabilities, json.RawMessage(args))
	if err != nil || res.IsError {
		t.Fatalf("%s: %v %s", args, err, res.Text)
	}
	var a discoveryAnswer
	if err := json.Unmarshal([]byte(res.Text), &a); err != nil {
		t.Fatalf("%s: not JSON: %v\n%s", args, err, res.Text)
	}
	return a, res.Text
}

// names returns the keys of a capabilities object, in order.
func names(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	var out []string
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	for dec.More() {
		k, _ := dec.Token()
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, k.(string))
	}
	return out
}

// pageAll follows the cursors of args to the end, checking every page
// against the budget, and returns the names listed.
func pageAll(t *testing.T, reg *Registry, args string, budget int) []string {
	t.Helper()
	var all []string
	cursor := ""
	for pages := 0; ; pages++ {
		a := args
		if cursor != "" {
			a = strings.TrimSuffix(args, "}")
			if a != "{" {
				a += ","
			}
			a += fmt.Sprintf(`"cursor":%q}`, cursor)
		}
		ans, text := ask(t, reg, a)
		if len(text) > budget {
			t.Fatalf("%s: %d bytes, budget %d", a, len(text), budget)
		}
		got := names(t, ans.Capabilities)
		if len(got) == 0 && ans.More > 0 {
			t.Fatalf("%s: empty page with %d more", a, ans.More)
		}
		all = append(all, got...)
		if ans.More == 0 {
			if ans.Cursor != "" {
				t.Errorf("last page has a cursor: %s", text)
			}
			return all
		}
		cursor = ans.Cursor
		if pages > 10000 {
			t.Fatal("paging does not end")
		}
	}
}

func checkOnce(t *testing.T, got []string, n int) {
	t.Helper()
	seen := map[string]bool{}
	for _, name := range got {
		if seen[name] {
			t.Errorf("%s listed twice", name)
		}
		seen[name] = true
	}
	if len(seen) != n {
		t.Errorf("%d listed, want %d", len(seen), n)
	}
}

func TestDiscoveryBudgetEdges(t *testing.T) {
	const n = 20
	full := func(reg *Registry, args string) string {
		res, _ := reg.Call(context.Background(), ToolQueryCapabilities, json.RawMessage(args))
		return res.Text
	}
	for _, args := range []string{`{"cursor":"0"}`, `{"keyword":"item"}`, `{"category":"shop3"}`, `{}`} {
		size := len(full(itemRegistry(t, n, 1<<20), args))
		t.Run(args+" exactly at the budget", func(t *testing.T) {
			reg := itemRegistry(t, n, size)
			ans, text := ask(t, reg, args)
			if len(text) != size || ans.More != 0 || strings.Contains(text, `"more"`) {
				t.Errorf("%d bytes (budget %d): %s", len(text), size, text)
			}
		})
		t.Run(args+" one over", func(t *testing.T) {
			reg := itemRegistry(t, n, size-1)
			ans, text := ask(t, reg, args)
			if len(text) > size-1 {
				t.Errorf("%d bytes over budget %d", len(text), size-1)
			}
			if args == `{}` {
				if !strings.Contains(text, `"hint":"names only`) {
					t.Errorf("no names-only form: %s", text)
				}
				return
			}
			if ans.More == 0 || ans.Cursor == "" {
				t.Errorf("no more/cursor: %s", text)
			}
		})
	}
	t.Run("0 results", func(t *testing.T) {
		reg := itemRegistry(t, n, 0)
		ans, text := ask(t, reg, `{"keyword":"zzzz qqqq"}`)
		if ans.Matches != 0 || ans.More != 0 || !strings.Contains(ans.Hint, "nothing matched") {
			t.Errorf("%s", text)
		}
		ans, text = ask(t, NewRegistry(nil), `{}`)
		if ans.Total != 0 || !strings.Contains(ans.Hint, "no capabilities") {
			t.Errorf("%s", text)
		}
		ans, text = ask(t, reg, `{"cursor":"99"}`)
		if ans.Total != n || ans.More != 0 || string(ans.Capabilities) != "{}" {
			t.Errorf("cursor past the end: %s", text)
		}
	})
	t.Run("a budget smaller than one item still moves forward", func(t *testing.T) {
		reg := itemRegistry(t, 3, 10)
		checkOnce(t, pageAll(t, reg, `{"cursor":"0"}`, 1<<20), 3)
	})
}

func TestDiscovery10000(t *testing.T) {
	const n = 10000
	budget := DefaultMaxDiscoveryBytes
	reg := itemRegistry(t, n, 0)
	ans, text := ask(t, reg, `{}`)
	if len(text) > budget || ans.Total != n || !strings.Contains(text, `"shop0":1429`) || !strings.Contains(ans.Hint, "keyword") {
		t.Errorf("overview, %d bytes: %s", len(text), text)
	}
	ans, text = ask(t, reg, `{"keyword":"item"}`)
	if len(text) > budget || ans.Matches != n || ans.More == 0 {
		t.Errorf("keyword, %d bytes: %.300s", len(text), text)
	}
	checkOnce(t, pageAll(t, reg, `{"keyword":"item"}`, budget), n)
	checkOnce(t, pageAll(t, reg, `{"cursor":"0"}`, budget), n)
	checkOnce(t, pageAll(t, reg, `{"category":"shop2"}`, budget), 1429)
}

func TestDiscoveryIndexCurrent(t *testing.T) {
	reg := itemRegistry(t, 10, 0)
	reg.Remove("get_item_00003")
	if err := reg.Add(&Capability{Name: "get_item_00004", Description: "Send a parcel.", Handler: func(context.Context, *Call) (Result, error) { return Result{}, nil }}); err != nil {
		t.Fatal(err)
	}
	ans, _ := ask(t, reg, `{"keyword":"catalogue"}`)
	got := names(t, ans.Capabilities)
	for _, name := range got {
		if name == "get_item_00003" || name == "get_item_00004" {
			t.Errorf("%s found after Remove/replace: %v", name, got)
		}
	}
	if len(got) != 8 {
		t.Errorf("%d found, want 8", len(got))
	}
	ans, _ = ask(t, reg, `{"keyword":"parcel"}`)
	if got := names(t, ans.Capabilities); len(got) != 1 || got[0] != "get_item_00004" {
		t.Errorf("parcel: %v", got)
	}
}

// TestDiscoveryConcurrent searches by keyword and category while
// capabilities are added and removed (run with -race).
func TestDiscoveryConcurrent(t *testing.T) {
	reg := itemRegistry(t, 200, 0)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range 300 {
			name := fmt.Sprintf("extra_item_%d", i)
			_ = reg.Add(&Capability{Name: name, Category: "shop1", Description: "Another item.", Handler: func(context.Context, *Call) (Result, error) { return Result{}, nil }})
			if i%2 == 0 {
				reg.Remove(name)
			}
		}
	}()
	for range 300 {
		if res, _ := reg.Call(context.Background(), ToolQueryCapabilities, json.RawMessage(`{"keyword":"item","category":"shop1"}`)); res.IsError || !json.Valid([]byte(res.Text)) {
			t.Fatal(res.Text)
		}
	}
	<-done
	ans, _ := ask(t, reg, `{"keyword":"another","category":"shop1"}`)
	if ans.Matches != 150 {
		t.Errorf("%d matches, want 150", ans.Matches)
	}
}

// BenchmarkCapabilityIndex builds the discovery index of 10,000
// capabilities from the fields Add indexes (README: "building the index").
func BenchmarkCapabilityIndex(b *testing.B) {
	caps := itemRegistry(b, 10000, 0).Capabilities()
	for b.Loop() {
		ix := search.New()
		for i := range caps {
			ix.Add(caps[i].Name, capabilityFields(&caps[i])...)
		}
	}
}

// TestKeywordFindsExamples: the text of a capability's examples is
// indexed, below everything else: a value only an example holds finds
// the capability, and a capability naming the word ranks above one whose
// example alone holds it.
func TestKeywordFindsExamples(t *testing.T) {
	noop := func(context.Context, *Call) (Result, error) { return TextResult("ok"), nil }
	params := []Param{{Name: "channel", Type: TypeString}, {Name: "text", Type: TypeString}}
	reg := NewRegistry(&Options{Logger: discardLogger()})
	if err := reg.Add(
		&Capability{Name: "post_message", Description: "Post a message to a channel.", Params: params, Handler: noop,
			Examples: []map[string]any{{"channel": "#onboarding", "text": "Welcome aboard"}}},
		&Capability{Name: "onboarding_checklist", Description: "The checklist of a new hire.", Handler: noop},
		&Capability{Name: "send_sms", Description: "Send a text message to a phone.", Handler: noop},
	); err != nil {
		t.Fatal(err)
	}
	a, text := ask(t, reg, `{"keyword":"welcome aboard"}`)
	if a.Matches != 1 || !strings.Contains(text, `"post_message"`) {
		t.Errorf("an example's text not found: %s", text)
	}
	_, text = ask(t, reg, `{"keyword":"onboarding"}`)
	if i, j := strings.Index(text, `"onboarding_checklist"`), strings.Index(text, `"post_message"`); i < 0 || j < 0 || i > j {
		t.Errorf("want onboarding_checklist, then post_message: %s", text)
	}
}
