package toolkit

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// detailSchema is an object schema of n parameters, each with a
// description of desc and, for depth > 0, nested objects that deep.
func detailSchema(n, depth int, desc string) map[string]any {
	props := map[string]any{}
	var req []any
	for i := range n {
		p := map[string]any{"type": "string", "description": desc}
		if i%3 == 1 && depth > 0 {
			p = detailSchema(3, depth-1, desc)
			p["description"] = desc
		}
		name := fmt.Sprintf("p%03d", i)
		props[name] = p
		if i%4 == 0 && i < 20 { // a few: argcheck lists a bounded number of missing ones
			req = append(req, name)
		}
	}
	s := map[string]any{"type": "object", "properties": props}
	if len(req) > 0 {
		s["required"] = req
	}
	return s
}

// detailAnswer registers c in a Registry of the budget given and returns
// its query_capability_detail answer.
func detailAnswer(t testing.TB, budget int, c *Capability) (Result, bool) {
	t.Helper()
	reg := NewRegistry(&Options{MaxDiscoveryBytes: budget, Logger: discardLogger()})
	c.Handler = func(context.Context, *Call) (Result, error) { return TextResult("ok"), nil }
	if err := reg.Add(c); err != nil {
		return Result{}, false
	}
	args, _ := json.Marshal(map[string]string{"name": c.Name})
	res, err := reg.Call(context.Background(), ToolQueryDetail, args)
	if err != nil {
		t.Fatal(err)
	}
	return res, true
}

// TestDetailBudget: a capability whose detail is over MaxDiscoveryBytes
// is shown trimmed, at the least trimming that fits, with a note; one
// that fits is shown whole.
func TestDetailBudget(t *testing.T) {
	long := strings.Repeat("a long parameter description ", 40) // 1,160 bytes
	for _, tc := range []struct {
		name   string
		budget int
		schema map[string]any
		desc   string
		want   string // in the trimmed note, "" when not trimmed
	}{
		{"fits", 6000, detailSchema(3, 1, "short"), "Small.", ""},
		{"nested", 6000, detailSchema(8, 3, long[:150]), "Nested.", "nested objects and arrays show their type only"},
		{"types", 2000, detailSchema(12, 1, long), "Long descriptions.", "names and types only"},
		{"names", 1024, detailSchema(200, 0, "x"), "Many parameters.", "of the 200 parameters show their names"},
		{"description", 1024, detailSchema(2, 0, "x"), strings.Repeat("é\"<", 2000), "names and types"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, ok := detailAnswer(t, tc.budget, &Capability{Name: "cap_" + tc.name, Category: "test", Description: tc.desc, Schema: tc.schema})
			if !ok {
				t.Fatal("not registered")
			}
			var got struct {
				Name       string
				Parameters map[string]any
				Trimmed    string
			}
			if err := json.Unmarshal([]byte(res.Text), &got); err != nil || res.IsError {
				t.Fatalf("answer %q: %v", res.Text, err)
			}
			if len(res.Text) > tc.budget {
				t.Errorf("answer of %d bytes, over %d", len(res.Text), tc.budget)
			}
			if got.Name != "cap_"+tc.name || got.Parameters["type"] != "object" {
				t.Errorf("answer %s", res.Text)
			}
			if tc.want == "" && got.Trimmed != "" || !strings.Contains(got.Trimmed, tc.want) {
				t.Errorf("trimmed %q, want it to say %q", got.Trimmed, tc.want)
			}
		})
	}
}

func TestMinDiscoveryBytes(t *testing.T) {
	if err := (&Options{MaxDiscoveryBytes: MinDiscoveryBytes}).Check(); err != nil {
		t.Errorf("MaxDiscoveryBytes %d: %v", MinDiscoveryBytes, err)
	}
	err := (&Options{MaxDiscoveryBytes: 400}).Check()
	if err == nil || !strings.Contains(err.Error(), "option MaxDiscoveryBytes: 400 is under MinDiscoveryBytes (1024)") {
		t.Errorf("MaxDiscoveryBytes 400: %v", err)
	}
}

// FuzzDetailBudget: no query_capability_detail answer exceeds
// MaxDiscoveryBytes (or MinDiscoveryBytes, when that is more), whatever
// the capability, and it is JSON naming the capability.
func FuzzDetailBudget(f *testing.F) {
	f.Add("Does things.", "a parameter", "test", uint16(3), uint8(1), uint16(6000))
	f.Add(strings.Repeat("\x01\"é", 3000), strings.Repeat("<x>", 500), strings.Repeat("\x02", 64), uint16(300), uint8(3), uint16(0))
	f.Add("d", strings.Repeat("long ", 300), "c", uint16(40), uint8(5), uint16(1500))
	f.Fuzz(func(t *testing.T, desc, pdesc, category string, n uint16, depth uint8, budget uint16) {
		schema := detailSchema(int(n%400), int(depth%6), pdesc)
		res, ok := detailAnswer(t, int(budget), &Capability{Name: "fuzzed_cap", Category: category, Description: desc, Schema: schema})
		if !ok {
			return
		}
		limit := DefaultMaxDiscoveryBytes
		if budget > 0 {
			limit = max(int(budget), MinDiscoveryBytes)
		}
		if len(res.Text) > limit {
			t.Fatalf("answer of %d bytes, over %d", len(res.Text), limit)
		}
		var got struct{ Name string }
		if err := json.Unmarshal([]byte(res.Text), &got); err != nil || got.Name != "fuzzed_cap" {
			t.Fatalf("answer %.200q: %v", res.Text, err)
		}
	})
}
