// Command otel traces toolkit calls with OpenTelemetry: a span per
// capability call and per HTTP request or hook run beneath it, against an
// embedded mock API. It prints the spans it recorded; a real host hands
// the same Observer a tracer whose provider exports over OTLP.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"time"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/yqcloud"
)

const ordersYAML = `
name: get_order
desc: Look up an order.
params:
  - {name: order_id, type: string, required: true, description: the order id}
env: [BASE_URL, CLIENT_SECRET]
steps:
  - url: ${env:BASE_URL}/auth/token
    method: POST
    body: '{"client_secret": "${env:CLIENT_SECRET}"}'
    cache: {ttl: 300}
    var:
      - {name: token, extract: access_token}
  - url: ${env:BASE_URL}/orders/${param:order_id}
    query:
      - {key: fields, value: status}
    headers: {Authorization: "Bearer ${step0:token}"}
    var:
      - {name: status, extract: data.status}
    result: "Order ${param:order_id}: ${step1:status}"
`

const searchJSON = `{
  "name": "search_kb",
  "description": "Search the knowledge base.",
  "parameters": {"type": "object", "properties": {"q": {"type": "string", "description": "words to find"}}, "required": ["q"]},
  "function": {
    "type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/kb/search",
    "headers": {"Authorization": "bearer ${yqAccessToken}"},
    "responseParser": "return _.map(data.items, 'title')"
  }
}`

// mockAPI answers the token, order and knowledge-base requests.
func mockAPI() *httptest.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /auth/token", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"access_token":"tok-7f3a9c","expires_in":3600}`)
	})
	mux.HandleFunc("GET /orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer tok-7f3a9c" {
			http.Error(w, `{"error":"unauthorized"}`, http.StatusUnauthorized)
			return
		}
		fmt.Fprintf(w, `{"data":{"id":%q,"status":"shipped"}}`, r.PathValue("id"))
	})
	mux.HandleFunc("GET /kb/search", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"items":[{"title":"Reset a VPN password"},{"title":"VPN on a phone"}]}`)
	})
	return httptest.NewServer(mux)
}

// run makes three calls traced through tp: an order twice (the second
// finds the token in the cache) and a knowledge-base search.
func run(ctx context.Context, tp *sdktrace.TracerProvider, out io.Writer) error {
	api := mockAPI()
	defer api.Close()
	env := map[string]string{"BASE_URL": api.URL, "CLIENT_SECRET": "s3cr3t-value"}
	reg := toolkit.NewRegistry(&toolkit.Options{
		AllowPrivate: []string{"127.0.0.1"}, // the mock API listens on loopback
		Env:          func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
		Observer:     Observer(tp.Tracer("github.com/toolkit-sdk/toolkit/examples/otel")),
	})
	if _, err := reg.LoadBytes("orders.yaml", []byte(ordersYAML)); err != nil {
		return err
	}
	set, diags := yqcloud.Parse("search.json", []byte(searchJSON), nil)
	if diags.HasErrors() {
		return diags
	}
	if err := set.Register(reg); err != nil {
		return err
	}
	calls := []struct{ name, params string }{
		{"get_order", `{"order_id": "A-1"}`},
		{"get_order", `{"order_id": "A-2"}`},
		{"search_kb", `{"q": "vpn"}`},
	}
	for _, c := range calls {
		args, _ := json.Marshal(map[string]any{"name": c.name, "parameters": json.RawMessage(c.params)})
		res, err := reg.Call(ctx, toolkit.ToolCallCapability, args,
			toolkit.WithValue(yqcloud.ValueBaseURL, api.URL),
			toolkit.WithValue(yqcloud.ValueAccessToken, "user-token-123"))
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%s -> %s\n", c.name, res.Text)
	}
	return nil
}

func main() {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	ctx := context.Background()
	if err := run(ctx, tp, os.Stdout); err != nil {
		log.Fatal(err)
	}
	if err := tp.Shutdown(ctx); err != nil {
		log.Fatal(err)
	}
	fmt.Println("\nspans:")
	printSpans(os.Stdout, rec.Ended())
}

// printSpans writes spans as a tree: each span under its parent, in the
// order they started, with its attributes and events.
func printSpans(w io.Writer, spans []sdktrace.ReadOnlySpan) {
	slices.SortFunc(spans, func(a, b sdktrace.ReadOnlySpan) int { return a.StartTime().Compare(b.StartTime()) })
	children := map[string][]sdktrace.ReadOnlySpan{}
	for _, s := range spans {
		parent := ""
		if s.Parent().IsValid() {
			parent = s.Parent().SpanID().String()
		}
		children[parent] = append(children[parent], s)
	}
	var walk func(parent string, depth int)
	walk = func(parent string, depth int) {
		for _, s := range children[parent] {
			indent := strings.Repeat("  ", depth)
			fmt.Fprintf(w, "%s%s (%s, %s)\n", indent, s.Name(), s.SpanKind(), s.EndTime().Sub(s.StartTime()).Round(time.Microsecond))
			for _, a := range s.Attributes() {
				fmt.Fprintf(w, "%s    %s=%s\n", indent, a.Key, a.Value.String())
			}
			for _, e := range s.Events() {
				var attrs []string
				for _, a := range e.Attributes {
					attrs = append(attrs, string(a.Key)+"="+a.Value.String())
				}
				fmt.Fprintf(w, "%s    event %s %s\n", indent, e.Name, strings.Join(attrs, " "))
			}
			walk(s.SpanContext().SpanID().String(), depth+1)
		}
	}
	walk("", 0)
}
