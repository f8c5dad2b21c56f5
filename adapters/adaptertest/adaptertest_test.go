package adaptertest

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// TestRegistry: get_order reaches the shop with the tenant of the call; an
// unknown order is the shop's 404.
func TestRegistry(t *testing.T) {
	shop := NewShop(t)
	reg := Registry(t, shop, false, OrdersYAML, Capability("refund.payment", "billing", "Refund a payment.", "payment_id", Noop))
	res, err := reg.Call(context.Background(), "get_order", json.RawMessage(`{"order_id":"A-1001"}`), toolkit.WithValue("tenant", "acme"))
	if err != nil || res.IsError || res.Text != "Order A-1001 is shipped (129.90 EUR)." {
		t.Errorf("get_order: %q, %v", res.Text, err)
	}
	if res, _ := reg.Call(context.Background(), "get_order", json.RawMessage(`{"order_id":"B-2"}`), toolkit.WithValue("tenant", "beta")); !res.IsError {
		t.Errorf("unknown order: %q", res.Text)
	}
	if got := shop.Tenants(); len(got) != 2 || got[0] != "acme" || got[1] != "beta" {
		t.Errorf("tenants %q", got)
	}
	if tools := reg.CapabilityTools(); len(tools) != 2 {
		t.Errorf("%d capability tools", len(tools))
	}
}

// TestCatalog: n capabilities, 25 a category, each with three parameters.
func TestCatalog(t *testing.T) {
	tools := Catalog(t, 100, true).CapabilityTools()
	categories := map[string]int{}
	for _, tl := range tools {
		categories[tl.Category]++
	}
	if len(tools) != 100 || len(categories) != 4 || categories["stripe0"] != 25 {
		t.Errorf("%d tools in %v", len(tools), categories)
	}
	if n := Tokens(t, map[string]string{"a": "bcd"}); n != 11/4 { // {"a":"bcd"}: 11 bytes
		t.Errorf("Tokens = %d", n)
	}
}
