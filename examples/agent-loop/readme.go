package main

// The Go code of the README, each block verbatim inside a function that
// supplies what the block takes as given: compiling this file is how the
// README's code is kept true (the root's TestReadmeGo checks that every
// block stands here or in examples/otel/readme.go).

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/hostapi"
	"github.com/toolkit-sdk/toolkit/rediscache"
	"github.com/toolkit-sdk/toolkit/toolkittest"
	"github.com/toolkit-sdk/toolkit/yqcloud"
)

// README: Embedding the Registry in an agent loop.
func readmeEmbedding(ctx context.Context, call toolCall) {
	reg := toolkit.NewRegistry(&toolkit.Options{
		// Private and loopback addresses are refused by default; name the
		// internal hosts or ranges your tools may call. Nil options mean the defaults.
		AllowPrivate: []string{"10.20.0.0/16", "billing.internal"},
	})
	diags, err := reg.LoadDir("tools") // every *.yaml / *.yml file
	if err != nil {
		log.Print(err) // broken files are skipped; the others are loaded
	}
	for _, d := range diags.Warnings() {
		log.Print(d) // e.g. tools/orders.yaml:12:9: warning: steps[1].url: ...
	}
	if err := reg.Check(); err != nil {
		log.Print(err) // environment variables the capabilities need and that are unset
	}

	tools := reg.Tools() // give these to the model; t.OpenAI() / t.Anthropic() shape them

	// In the loop, for each tool call the model makes:
	res, err := reg.Call(ctx, call.Name, call.Arguments) // raw JSON arguments
	if err != nil {
		// only for a tool name that is not an entry tool
	}
	// res.Text goes back to the model (res.IsError marks a failed call it can fix);
	// res.Signals tell the host what else to do (stop generating, hand off to the UI, ...).
	_, _ = tools, res
}

// README: capabilities written in Go.
func readmeAddFunc(reg *toolkit.Registry) error {
	type addIn struct {
		A int `json:"a" jsonschema:"first"`
		B int `json:"b" jsonschema:"second"`
	}
	err := toolkit.AddFunc(reg, toolkit.Capability{Name: "add", Description: "Add two integers."},
		func(ctx context.Context, c *toolkit.Call, in addIn) (map[string]int, error) {
			return map[string]int{"sum": in.A + in.B}, nil // a toolkit.ModelErrorf(...) is for the model
		})
	return err
}

// README: YQCloud function definitions.
func readmeYQCloud(ctx context.Context, reg *toolkit.Registry, args json.RawMessage, tenant, userToken string, ui interface{ Typing(string) }) error {
	set, diags := yqcloud.ParseDir("functions", nil) // every problem, positioned: file:line:col: [2].function.url: ...
	if diags.HasErrors() {
		return diags
	}
	if err := set.Register(reg); err != nil {
		return err
	}
	// With toolkit.Options{Flat: true}, reg.Tools(toolkit.WithLocale("en_US")) hands the model one tool
	// per definition (intl descriptions by locale) and reg.Call runs it by its name.

	// Per call, what differs between tenants and users, never from the model:
	res, err := reg.Call(ctx, toolkit.ToolCallCapability, args,
		toolkit.WithValue(yqcloud.ValueBaseURL, "https://api.yqcloud.com"), // ${STATIC#yqcloud_url}
		toolkit.WithValue(yqcloud.ValueTenantID, tenant),                   // ${tenantId}
		toolkit.WithValue(yqcloud.ValueAccessToken, userToken),             // ${yqAccessToken}
		toolkit.WithNotify(func(n toolkit.Notice) { ui.Typing(n.Text) }))   // typingMessage
	_ = res
	return err
}

// README: the host's own API.
func readmeHostAPI(ctx context.Context, reg *toolkit.Registry, doc []byte, mux http.Handler, name string, args json.RawMessage, userSessionHeaders http.Header) error {
	// Swagger 2.0, OpenAPI 3.0 / 3.1, JSON or YAML; or hostapi.NewCatalog() + cat.Add(...)
	cat, diags := hostapi.ParseOpenAPI("openapi.json", doc, nil)
	if diags.HasErrors() {
		return diags // refused: errors.Is(diags, toolkit.ErrLoad); the diagnostics say why
	}
	for _, d := range diags.Warnings() {
		log.Print(d) // openapi.json:120:7: warning: /paths/~1orders/post: operation left out: ...
	}
	a, err := hostapi.New(cat, &hostapi.Options{
		Handler:  mux,  // in-process, through the host's middleware; or BaseURL: "https://..."
		ReadOnly: true, // only GET endpoints; Include / Exclude filter by group, id, method
		Confirm:  func(e hostapi.Endpoint) bool { return e.Method == http.MethodDelete },
	})
	if err != nil {
		return err
	}
	if err := a.Register(reg); err != nil {
		return err
	}
	res, err := reg.Call(ctx, name, args, toolkit.WithHeader(userSessionHeaders)) // host-only headers
	_ = res
	return err
}

// README: testing tool files offline.
func TestGetOrder(t *testing.T) {
	fx := toolkittest.Open(t, "testdata/fixtures", nil) // TOOLKIT_RECORD=1 records, else replays
	reg := toolkit.NewRegistry(fx.Options(&toolkit.Options{
		Env: toolkittest.Env(map[string]string{"BASE_URL": "https://api.example.com"}),
	}))
	if _, err := reg.LoadDir("tools"); err != nil {
		t.Fatal(err)
	}
	res := fx.Call(reg, "get_order", `{"order_id": "A-1"}`)
	if res.IsError || !strings.Contains(res.Text, "shipped") {
		t.Errorf("get_order: %s", res.Text)
	}
}

// README: a picture of the chain.
func readmeMermaid(src []byte) {
	w, diags := toolkit.ParseWorkflow("weather.yaml", src)
	fmt.Print(w.Mermaid())
	_ = diags
}

// README: a cache shared by replicas.
func readmeSharedCache(ctx context.Context, args json.RawMessage, redisPassword string, cacheKey []byte, tenant string) error {
	client := redis.NewClient(&redis.Options{
		Addr:         "cache.internal:6379", // private to the agent: entries hold credentials
		Password:     redisPassword,
		DialTimeout:  200 * time.Millisecond, // a store that is down costs a call little
		ReadTimeout:  200 * time.Millisecond,
		WriteTimeout: 200 * time.Millisecond,
	})
	store, err := rediscache.New(client, &rediscache.Options{
		Prefix: "support-agent:", // several agents on one Redis
		Key:    cacheKey,         // 32 bytes, the same on every replica: values are encrypted
	})
	if err != nil {
		return err
	}
	reg := toolkit.NewRegistry(&toolkit.Options{Cache: store})

	// Per call: the tenant scopes the entries, so two tenants never share one.
	res, err := reg.Call(ctx, toolkit.ToolCallCapability, args, toolkit.WithCacheScope(tenant))
	_ = res
	return err
}
