package benchmarks

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/hostapi"
)

// Discovery: query_capabilities over 10,000 capabilities and
// query_api_docs over 5,000 endpoints, against a linear scan of the same
// texts (what a keyword cost before the index: strings.Contains over
// every name and description).

var discoveryQueries = []string{"create customer", "list invoices", "custmer refund", "delete webhook", "archive the project", "search support tickets"}

func capRegistry(b testing.TB, n int) *toolkit.Registry {
	reg := toolkit.NewRegistry(nil)
	if err := reg.Add(genCapabilities(n)...); err != nil {
		b.Fatal(err)
	}
	return reg
}

func BenchmarkDiscovery(b *testing.B) {
	ctx := context.Background()
	reg := capRegistry(b, 10000)
	b.Run("query_capabilities/keyword/10000", func(b *testing.B) {
		size := 0
		for i := 0; b.Loop(); i++ {
			args, _ := json.Marshal(map[string]string{"keyword": discoveryQueries[i%len(discoveryQueries)]})
			res, _ := reg.Call(ctx, toolkit.ToolQueryCapabilities, args)
			size = len(res.Text)
		}
		b.ReportMetric(float64(size), "bytes/answer")
	})
	b.Run("linear-scan/keyword/10000", func(b *testing.B) {
		caps := reg.Capabilities()
		for i := 0; b.Loop(); i++ {
			words := strings.Fields(discoveryQueries[i%len(discoveryQueries)])
			var found []string
			for _, c := range caps {
				hay := strings.ToLower(c.Name + " " + c.Description)
				if strings.Contains(hay, words[0]) || strings.Contains(hay, words[len(words)-1]) {
					found = append(found, c.Name)
				}
			}
			_ = found
		}
	})
	b.Run("query_capabilities/overview/10000", func(b *testing.B) {
		size := 0
		for b.Loop() {
			res, _ := reg.Call(ctx, toolkit.ToolQueryCapabilities, json.RawMessage(`{}`))
			size = len(res.Text)
		}
		b.ReportMetric(float64(size), "bytes/answer")
	})
	b.Run("registry-add/10000", func(b *testing.B) {
		caps := genCapabilities(10000)
		for b.Loop() {
			reg := toolkit.NewRegistry(nil)
			if err := reg.Add(caps...); err != nil {
				b.Fatal(err)
			}
		}
	})
	api := docsAPI(b, 5000)
	b.Run("query_api_docs/keyword/5000", func(b *testing.B) {
		size := 0
		for i := 0; b.Loop(); i++ {
			args, _ := json.Marshal(map[string]string{"keyword": discoveryQueries[i%len(discoveryQueries)]})
			res, _ := api.Call(ctx, hostapi.ToolQueryDocs, args)
			size = len(res.Text)
		}
		b.ReportMetric(float64(size), "bytes/answer")
	})
	b.Run("query_api_docs/root/5000", func(b *testing.B) {
		size := 0
		for b.Loop() {
			res, _ := api.Call(ctx, hostapi.ToolQueryDocs, json.RawMessage(`{}`))
			size = len(res.Text)
		}
		b.ReportMetric(float64(size), "bytes/answer")
	})
}

func docsAPI(b testing.TB, n int) *toolkit.Registry {
	c := hostapi.NewCatalog()
	if err := c.Add(genEndpoints(n)...); err != nil {
		b.Fatal(err)
	}
	a, err := hostapi.New(c, &hostapi.Options{Handler: http.NotFoundHandler()})
	if err != nil {
		b.Fatal(err)
	}
	reg := toolkit.NewRegistry(nil)
	if err := a.Register(reg); err != nil {
		b.Fatal(err)
	}
	return reg
}

// TestDiscoverySizes logs what the model sees for 100, 1,000 and 10,000
// capabilities (the README's figures) and checks every answer against
// the default budget.
func TestDiscoverySizes(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{100, 1000, 10000} {
		reg := capRegistry(t, n)
		for _, args := range []string{`{}`, `{"keyword": "create customer"}`, `{"category": "zendesk"}`, `{"cursor": "0"}`} {
			res, _ := reg.Call(ctx, toolkit.ToolQueryCapabilities, json.RawMessage(args))
			if !json.Valid([]byte(res.Text)) || len(res.Text) > toolkit.DefaultMaxDiscoveryBytes {
				t.Errorf("%d capabilities, %s: %d bytes, valid %v", n, args, len(res.Text), json.Valid([]byte(res.Text)))
			}
			t.Logf("%5d capabilities %-34s %5d bytes: %.160s…", n, args, len(res.Text), res.Text)
		}
	}
	reg := docsAPI(t, 5000)
	for _, args := range []string{`{}`, `{"keyword": "create customer"}`, `{"group": "zendesk_tickets"}`} {
		res, _ := reg.Call(ctx, hostapi.ToolQueryDocs, json.RawMessage(args))
		if res.IsError || len(res.Text) > toolkit.DefaultMaxDiscoveryBytes {
			t.Errorf("5000 endpoints, %s: %d bytes %.200s", args, len(res.Text), res.Text)
		}
		t.Logf("5000 endpoints %-34s %5d bytes: %.160s…", args, len(res.Text), res.Text)
	}
}

// TestDiscoveryForms measures the answer forms considered for a listing.
func TestDiscoveryForms(t *testing.T) {
	caps := genCapabilities(100)
	type obj struct {
		Name        string `json:"name"`
		Description string `json:"description"`
		Category    string `json:"category"`
	}
	var objs []obj
	rows := [][]string{}
	pairs := map[string]string{}
	for _, c := range caps {
		d, _, _ := strings.Cut(c.Description, ". ")
		objs = append(objs, obj{c.Name, d, c.Category})
		rows = append(rows, []string{c.Name, d})
		pairs[c.Name] = d
	}
	size := func(v any) int { b, _ := json.Marshal(v); return len(b) }
	t.Logf("100 capabilities, first sentence: objects %d bytes, rows %d, name->description %d",
		size(map[string]any{"capabilities": objs}), size(map[string]any{"columns": []string{"name", "description"}, "rows": rows}), size(map[string]any{"capabilities": pairs}))
}

// TestCategoryOverviewSizes prints query_capabilities' overview of 1,000
// and 10,000 generated capabilities all in one category (YAML tools before
// tool files had categories: every one "http"), in their 40 services'
// categories, and with a description of each category
// (Options.CategoryDescriptions); each within the budget.
func TestCategoryOverviewSizes(t *testing.T) {
	about := map[string]string{}
	for _, s := range genServices {
		about[s] = "Tickets, contacts, invoices, files and webhooks of a " + s + " workspace."
	}
	for _, n := range []int{1000, 10000} {
		for _, form := range []string{"one category", "by service", "by service, described"} {
			opts := &toolkit.Options{}
			caps := genCapabilities(n)
			switch form {
			case "one category":
				for _, c := range caps {
					c.Category = toolkit.CategoryHTTP
				}
			case "by service, described":
				opts.CategoryDescriptions = about
			}
			reg := toolkit.NewRegistry(opts)
			if err := reg.Add(caps...); err != nil {
				t.Fatal(err)
			}
			res, _ := reg.Call(context.Background(), toolkit.ToolQueryCapabilities, json.RawMessage(`{}`))
			if !json.Valid([]byte(res.Text)) || len(res.Text) > toolkit.DefaultMaxDiscoveryBytes {
				t.Errorf("%d, %s: %d bytes", n, form, len(res.Text))
			}
			t.Logf("%5d capabilities, %-22s %5d bytes: %.200s…", n, form, len(res.Text), res.Text)
			if os.Getenv("TOOLKIT_OVERVIEW_DIR") != "" { // for counting tokens outside the tests
				name := fmt.Sprintf("%s/overview-%d-%s.json", os.Getenv("TOOLKIT_OVERVIEW_DIR"), n, strings.ReplaceAll(strings.ReplaceAll(form, ",", ""), " ", "-"))
				if err := os.WriteFile(name, []byte(res.Text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
