// Package adaptertest holds what the adapters' tests share: a loopback
// shop API, a Registry over it, and the generated catalogs of the tool
// token tables. It is a module of its own, used by the adapters' modules
// (replace directives) and by nothing else.
package adaptertest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// OrdersYAML is get_order: a capability calling the shop with the tenant,
// a per-call value, in a header.
const OrdersYAML = `name: get_order
desc: Look up an order by its id, with its status and amount.
params:
  - name: order_id
    type: string
    required: true
    description: the order id, like A-1001
env: [SHOP_URL]
values: [tenant]
steps:
  - url: ${env:SHOP_URL}/orders/${param:order_id}
    headers: {X-Tenant: "${value:tenant}"}
    var:
      - {name: status, extract: status}
      - {name: amount, extract: amount}
    result: "Order ${param:order_id} is ${step0:status} (${step0:amount} EUR)."
`

// Shop is a loopback shop API: GET /orders/A-1001 answers
// {"status":"shipped","amount":"129.90"}, anything else 404. It records the
// X-Tenant header of every request.
type Shop struct {
	URL     string
	mu      sync.Mutex
	tenants []string
}

// NewShop starts a Shop, closed when the test ends.
func NewShop(t testing.TB) *Shop {
	t.Helper()
	s := &Shop{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.tenants = append(s.tenants, r.Header.Get("X-Tenant"))
		s.mu.Unlock()
		if r.URL.Path != "/orders/A-1001" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, `{"status":"shipped","amount":"129.90"}`)
	}))
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// Tenants returns the X-Tenant headers the shop saw, one a request.
func (s *Shop) Tenants() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.tenants...)
}

// Registry returns a Registry whose SHOP_URL is shop's (loopback allowed,
// logs discarded; Flat as flat) holding the tool file toolFile (as
// orders.yaml) and caps.
func Registry(t testing.TB, shop *Shop, flat bool, toolFile string, caps ...*toolkit.Capability) *toolkit.Registry {
	t.Helper()
	reg := toolkit.NewRegistry(&toolkit.Options{
		Flat:         flat,
		AllowPrivate: []string{"127.0.0.1"},
		Env:          func(name string) (string, bool) { return shop.URL, name == "SHOP_URL" },
		Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if _, err := reg.LoadBytes("orders.yaml", []byte(toolFile)); err != nil {
		t.Fatal(err)
	}
	if err := reg.Add(caps...); err != nil {
		t.Fatal(err)
	}
	return reg
}

// Capability returns a capability of one required string parameter.
func Capability(name, category, description, param string, handler toolkit.Handler) *toolkit.Capability {
	return &toolkit.Capability{Name: name, Category: category, Description: description,
		Params: []toolkit.Param{{Name: param, Type: toolkit.TypeString, Required: true}}, Handler: handler}
}

// Noop is a handler answering "done".
func Noop(context.Context, *toolkit.Call) (toolkit.Result, error) {
	return toolkit.TextResult("done"), nil
}

// Catalog returns a Registry of n generated capabilities, 25 a category,
// each with a sentence of description and three parameters: the catalog
// of the adapters' tool token tables.
func Catalog(t testing.TB, n int, flat bool) *toolkit.Registry {
	t.Helper()
	services := []string{"stripe", "zendesk", "jira", "github", "slack", "hubspot", "shopify", "asana", "notion", "twilio"}
	verbs := []string{"get", "list", "create", "update", "delete"}
	nouns := []string{"invoice", "customer", "ticket", "order", "project"}
	reg := toolkit.NewRegistry(&toolkit.Options{Flat: flat})
	noop := func(context.Context, *toolkit.Call) (toolkit.Result, error) { return toolkit.TextResult(""), nil }
	caps := make([]*toolkit.Capability, n)
	for i := range caps {
		svc := fmt.Sprintf("%s%d", services[(i/25)%len(services)], i/250)
		verb, noun := verbs[i%5], nouns[(i/5)%5]
		caps[i] = &toolkit.Capability{
			Name:        fmt.Sprintf("%s_%s_%s_%d", svc, verb, noun, i),
			Category:    svc,
			Description: fmt.Sprintf("%s a %s in %s: returns its id, status, owner and the time it last changed.", strings.ToUpper(verb[:1])+verb[1:], noun, svc),
			Params: []toolkit.Param{
				{Name: noun + "_id", Type: toolkit.TypeString, Required: true, Description: "the " + noun + "'s id"},
				{Name: "limit", Type: toolkit.TypeInteger, Default: 20, Description: "how many to return"},
				{Name: "status", Type: toolkit.TypeString, Description: "only those in this status"},
			},
			Handler: noop,
		}
	}
	if err := reg.Add(caps...); err != nil {
		t.Fatal(err)
	}
	return reg
}

// Tokens is the project's estimate of what a JSON text costs the model:
// its bytes / 4.
func Tokens(t testing.TB, v any) int {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return len(b) / 4
}
