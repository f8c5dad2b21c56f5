package toolkit

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
)

// TestCapabilityTools: one tool per capability whatever Options.Flat says,
// sorted by category and name, with its category and its schema as
// query_capability_detail shows it; the locale picks descriptions; Tools
// with Flat is the same list; CapabilityTool finds one by name.
func TestCapabilityTools(t *testing.T) {
	noop := func(context.Context, *Call) (Result, error) { return TextResult(""), nil }
	caps := []*Capability{
		{Name: "refund", Category: "billing", Description: "Refund a payment.", Descriptions: map[string]string{"zh_CN": "退款"}, Params: []Param{{Name: "id", Type: TypeString, Required: true}}, Handler: noop},
		{Name: "get_order", Category: "shop", Description: "Look up an order.", Params: []Param{}, Handler: noop},
		{Name: "add", Description: "Add.", Schema: map[string]any{"type": "object", "properties": map[string]any{"a": map[string]any{"type": "integer"}}}, Handler: noop},
	}
	for _, flat := range []bool{false, true} {
		reg := NewRegistry(&Options{Flat: flat})
		if err := reg.Add(caps...); err != nil {
			t.Fatal(err)
		}
		tools := reg.CapabilityTools(WithLocale("zh-CN"))
		var got []string
		for _, tl := range tools {
			got = append(got, tl.Category+"/"+tl.Name+": "+tl.Description)
		}
		want := []string{"billing/refund: 退款", "go/add: Add.", "shop/get_order: Look up an order."}
		if !slices.Equal(got, want) {
			t.Errorf("flat %v: %q, want %q", flat, got, want)
		}
		detail, err := reg.Call(context.Background(), ToolQueryDetail, json.RawMessage(`{"name":"refund"}`))
		if err != nil {
			t.Fatal(err)
		}
		var d struct{ Parameters json.RawMessage }
		if err := json.Unmarshal([]byte(detail.Text), &d); err != nil {
			t.Fatal(err)
		}
		if string(tools[0].InputSchema) != string(d.Parameters) {
			t.Errorf("schema %s, detail shows %s", tools[0].InputSchema, d.Parameters)
		}
		one, ok := reg.CapabilityTool("get_order")
		if !ok || one.Name != "get_order" || one.Category != "shop" || one.Description != "Look up an order." {
			t.Errorf("CapabilityTool = %+v, %v", one, ok)
		}
		if _, ok := reg.CapabilityTool(ToolCallCapability); ok {
			t.Error("CapabilityTool found an entry tool")
		}
		if flat {
			if entries := reg.Tools(WithLocale("zh-CN")); !slices.EqualFunc(entries, tools, func(a, b Tool) bool {
				return a.Name == b.Name && a.Description == b.Description && a.Category == b.Category && string(a.InputSchema) == string(b.InputSchema)
			}) {
				t.Errorf("Tools with Flat differs from CapabilityTools")
			}
		} else if tl := reg.Tools(); len(tl) != 3 || tl[0].Category != "" {
			t.Errorf("entry tools: %+v", tl)
		}
		// A tool's JSON has no category: it is for the adapters.
		b, _ := json.Marshal(tools[0])
		if string(b) != `{"name":"refund","description":"退款","input_schema":{"type":"object","properties":{"id":{"type":"string","description":""}},"required":["id"],"additionalProperties":false}}` {
			t.Errorf("tool JSON %s", b)
		}
	}
}

// TestSearch: the ranking of query_capabilities' keyword, as names, at
// most limit of them; nothing for a query that matches nothing.
func TestSearch(t *testing.T) {
	reg := itemRegistry(t, 50, 0)
	noop := func(context.Context, *Call) (Result, error) { return TextResult(""), nil }
	if err := reg.Add(&Capability{Name: "refund_payment", Description: "Refund a customer's payment.", Handler: noop}); err != nil {
		t.Fatal(err)
	}
	if got := reg.Search("refund the payment", 3); !slices.Equal(got, []string{"refund_payment"}) {
		t.Errorf("Search = %q", got)
	}
	if got := reg.Search("item", 5); len(got) != 5 {
		t.Errorf("Search(item, 5) = %d names", len(got))
	}
	if got := reg.Search("item", 0); len(got) != 50 {
		t.Errorf("Search(item, 0) = %d names, want all 50", len(got))
	}
	if got := reg.Search("zzzqqq", 5); len(got) != 0 {
		t.Errorf("Search(zzzqqq) = %q", got)
	}
	reg.Remove("refund_payment")
	if got := reg.Search("refund", 5); len(got) != 0 {
		t.Errorf("after Remove: %q", got)
	}
}
