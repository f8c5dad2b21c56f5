package toolkit

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const paramsTool = `
name: search_items
desc: |
  Search the item catalogue.
  Returns at most limit items.
params:
  - {name: query, type: string, required: true, description: words to search for}
  - {name: limit, type: integer, required: false, description: how many, default: 10}
  - {name: min_price, type: number, required: false, description: lowest price}
  - {name: in_stock, type: boolean, required: false, description: only items in stock}
  - {name: sku, type: string, required: false, description: an SKU, validate: "^[A-Z]{3}-[0-9]+$"}
steps:
  - url: ${env:BASE_URL}/search
    result: "q=${param:query} limit=${param:limit} min=${param:min_price} stock=${param:in_stock} sku=${param:sku}"
`

// echoRegistry holds capabilities whose results only echo parameters, so
// no HTTP server is needed; the one step is never sent because validation
// fails first or the test looks only at the parameters.
func echoRegistry(t *testing.T) *Registry {
	t.Helper()
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {})
	reg := loadRegistry(t, nil, srv.URL, paramsTool)
	err := reg.Add(&Capability{
		Name:        "add",
		Description: "Add two integers.",
		Params: []Param{
			{Name: "a", Type: TypeInteger, Required: true, Description: "first"},
			{Name: "b", Type: TypeInteger, Required: true, Description: "second"},
		},
		Handler: func(ctx context.Context, c *Call) (Result, error) {
			a, _ := c.Args["a"].(json.Number).Int64()
			b, _ := c.Args["b"].(json.Number).Int64()
			return JSONResult(map[string]int64{"sum": a + b})
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

func TestEntryTools(t *testing.T) {
	reg := NewRegistry(nil)
	b, err := json.MarshalIndent(reg.Tools(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	goldenFile(t, "tools.golden.json", string(b)+"\n")
	oa := reg.Tools()[2].OpenAI()
	if oa["type"] != "function" || oa["function"].(map[string]any)["name"] != ToolCallCapability {
		t.Errorf("OpenAI shape: %v", oa)
	}
	if _, err := reg.Call(context.Background(), "nope", nil); !errors.Is(err, ErrUnknownTool) {
		t.Errorf("unknown tool err = %v", err)
	}
}

func TestQueryCapabilities(t *testing.T) {
	reg := echoRegistry(t)
	tests := []struct{ args, want string }{
		{`{}`, `{"total":2,"categories":{"go":{"add":"Add two integers."},"http":{"search_items":"Search the item catalogue."}}}`},
		{``, `{"total":2,"categories":{"go":{"add":"Add two integers."},"http":{"search_items":"Search the item catalogue."}}}`},
		{`{"keyword":"CATALOGUE items"}`, `{"keyword":"CATALOGUE items","matches":1,"capabilities":{"search_items":"Search the item catalogue."}}`},
		{`{"keyword":"catalog item serch"}`, `{"keyword":"catalog item serch","matches":1,"capabilities":{"search_items":"Search the item catalogue."}}`},
		{`{"category":"go"}`, `{"category":"go","total":1,"capabilities":{"add":"Add two integers."}}`},
		{`{"cursor":"0"}`, `{"total":2,"capabilities":{"add":"Add two integers.","search_items":"Search the item catalogue."}}`},
		{`{"cursor":"1"}`, `{"total":2,"capabilities":{"search_items":"Search the item catalogue."}}`},
		{`{"category":"weather"}`, `{"category":"weather","total":0,"capabilities":{},"hint":"no category \"weather\"; categories: go, http"}`},
		{`{"keyword":"weather"}`, `{"keyword":"weather","matches":0,"capabilities":{},"hint":"nothing matched; try other words, or call query_capabilities without arguments for an overview"}`},
	}
	for _, tt := range tests {
		res, _ := reg.Call(context.Background(), ToolQueryCapabilities, json.RawMessage(tt.args))
		wantText(t, res, tt.want)
	}
	res, _ := reg.Call(context.Background(), ToolQueryCapabilities, json.RawMessage(`{"kw":"x"}`))
	wantError(t, res, `unknown field "kw"`)
	res, _ = reg.Call(context.Background(), ToolQueryCapabilities, json.RawMessage(`{"cursor":"x"}`))
	wantError(t, res, `cursor "x" is not one an answer gave`)
}

func TestQueryCapabilityDetail(t *testing.T) {
	reg := echoRegistry(t)
	res, _ := reg.Call(context.Background(), ToolQueryDetail, json.RawMessage(`{"name":"search_items"}`))
	if res.IsError {
		t.Fatal(res.Text)
	}
	var b bytes.Buffer
	if err := json.Indent(&b, []byte(res.Text), "", "  "); err != nil {
		t.Fatal(err)
	}
	goldenFile(t, "detail_search_items.golden.json", b.String()+"\n")

	res, _ = reg.Call(context.Background(), ToolQueryDetail, json.RawMessage(`{"name":"search"}`))
	wantError(t, res, `unknown capability "search"; did you mean "search_items"?`)
	res, _ = reg.Call(context.Background(), ToolQueryDetail, json.RawMessage(`{}`))
	wantError(t, res, `send {"name": "..."}`)
}

// TestArgumentValidation covers DESIGN.md reading 8.
func TestArgumentValidation(t *testing.T) {
	reg := echoRegistry(t)
	tests := []struct {
		params string
		want   string // text, or "!" + error fragment
	}{
		{`{"query":"lamp"}`, "q=lamp limit=10 min= stock= sku="},
		{`{"query":"lamp","limit":3,"min_price":9.99,"in_stock":true}`, "q=lamp limit=3 min=9.99 stock=true sku="},
		{`{"query":"lamp","limit":"42","in_stock":"false"}`, "q=lamp limit=42 stock=false min= sku="},
		{`{"query":"lamp","limit":4.0}`, "q=lamp limit=4 min= stock= sku="},
		{`{"query":12345}`, "q=12345 limit=10 min= stock= sku="},
		{`{"query":"lamp","min_price":"1e3"}`, "q=lamp limit=10 min=1e3 stock= sku="},
		{`{"query":"lamp","sku":"ABC-12"}`, "q=lamp limit=10 min= stock= sku=ABC-12"},
		{`{"query":"lamp","limit":null}`, "q=lamp limit=10 min= stock= sku="},
		{`"{\"query\":\"lamp\"}"`, "q=lamp limit=10 min= stock= sku="},
		{`{}`, `!parameter "query" is required (string): words to search for`},
		{`{"query":"x","limit":"4.5"}`, `!parameter "limit" must be an integer, got "4.5"`},
		{`{"query":"x","limit":4.5}`, `!parameter "limit" must be an integer, got 4.5`},
		{`{"query":"x","limit":1e1000000}`, `!parameter "limit" must be a number with an exponent within ±1000, got 1e1000000`},
		{`{"query":"x","limit":"ten"}`, `!parameter "limit" must be an integer, got "ten"`},
		{`{"query":"x","in_stock":"yes"}`, `!parameter "in_stock" must be a boolean, got "yes"`},
		{`{"query":"x","in_stock":1}`, `!parameter "in_stock" must be a boolean, got 1`},
		{`{"query":["a"]}`, `!parameter "query" must be a string, got an array`},
		{`{"query":"x","sku":"abc"}`, `!parameter "sku" must match the pattern /^[A-Z]{3}-[0-9]+$/, got "abc"`},
		{`{"query":"x","color":"red","size":1}`, `!unknown parameters "color", "size"; accepted parameters: query, limit, min_price, in_stock, sku`},
		{`[1,2]`, `!arguments must be a JSON object`},
	}
	for _, tt := range tests {
		t.Run(tt.params, func(t *testing.T) {
			res := call(t, reg, "search_items", tt.params)
			if strings.HasPrefix(tt.want, "!") {
				wantError(t, res, `capability "search_items"`, tt.want[1:])
				return
			}
			got := strings.Fields(res.Text)
			want := strings.Fields(tt.want)
			if res.IsError || !cmp.Equal(sortedCopy(got), sortedCopy(want)) {
				t.Errorf("got %q (error %v), want %q", res.Text, res.IsError, tt.want)
			}
		})
	}
	t.Run("several problems at once", func(t *testing.T) {
		wantError(t, call(t, reg, "add", `{"a":"x"}`), `parameter "a" must be an integer`, `parameter "b" is required (integer): second`)
	})
	t.Run("call_capability needs its own fields", func(t *testing.T) {
		res, _ := reg.Call(context.Background(), ToolCallCapability, json.RawMessage(`{"capability":"add"}`))
		wantError(t, res, `unknown field "capability"`, `send {"name": "...", "parameters": {...}}`)
		res, _ = reg.Call(context.Background(), ToolCallCapability, json.RawMessage(`{"name":"add"} {}`))
		wantError(t, res, "call_capability: invalid arguments: a single JSON object is expected")
	})
}

func sortedCopy(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func TestGoCapabilities(t *testing.T) {
	reg := echoRegistry(t)
	wantText(t, call(t, reg, "add", `{"a":2,"b":"40"}`), `{"sum":42}`)

	// Replace by name. A Go error is logged for the host, redacted, and
	// the model reads only that the capability failed.
	var logs logBuffer
	reg.exec.opts.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	defer func() { reg.exec.opts.Logger = discardLogger() }()
	err := reg.Add(&Capability{Name: "add", Description: "broken", Handler: func(context.Context, *Call) (Result, error) {
		return Result{}, errors.New("connect db password=hunter2-pass token=s3ss-1234 failed")
	}})
	if err != nil {
		t.Fatal(err)
	}
	res := call(t, reg, "add", `{}`, WithValue("session_token", "s3ss-1234"), WithHeader(http.Header{"X-Db-Password": {"hunter2-pass"}}))
	wantError(t, res, `capability "add" failed with an internal error`)
	if strings.Contains(res.Text, "hunter2") || res.Signals.Capability != "add" {
		t.Errorf("result: %+v", res)
	}
	if l := logs.String(); !strings.Contains(l, "connect db password=[REDACTED] token=[REDACTED] failed") {
		t.Errorf("log: %s", l)
	}
	// Validation failures name the capability in the signals too.
	if res := call(t, reg, "add", `[1]`); !res.IsError || res.Signals.Capability != "add" {
		t.Errorf("validation failure: %+v", res)
	}

	err = reg.Add(&Capability{Name: "boom", Handler: func(context.Context, *Call) (Result, error) { panic("oops") }})
	if err != nil {
		t.Fatal(err)
	}
	wantError(t, call(t, reg, "boom", `{}`), `capability "boom" failed with an internal error`)

	reg.Remove("add", "boom", "never-registered")
	if _, ok := reg.Lookup("add"); ok {
		t.Error("add still registered")
	}
	wantError(t, call(t, reg, "add", `{}`), `unknown capability "add"`)

	for _, bad := range []*Capability{
		nil,
		{Name: "x"},
		{Name: ToolCallCapability, Handler: func(context.Context, *Call) (Result, error) { return Result{}, nil }},
		{Name: "y", Params: []Param{{Name: "p", Type: "list"}}, Handler: func(context.Context, *Call) (Result, error) { return Result{}, nil }},
	} {
		if err := reg.Add(bad); !errors.Is(err, ErrInvalidCapability) {
			t.Errorf("Add(%+v) = %v", bad, err)
		}
	}
}

func TestSchemaCapabilityAndCallOptions(t *testing.T) {
	reg := NewRegistry(nil)
	schema := map[string]any{"type": "object", "properties": map[string]any{"ids": map[string]any{"type": "array"}}}
	err := reg.Add(&Capability{
		Name: "pick", Description: "Pick items.", Category: "custom", Schema: schema,
		Descriptions: map[string]string{"zh_CN": "选择"},
		Handler: func(ctx context.Context, c *Call) (Result, error) {
			tenant, _ := c.Value("tenantId")
			return JSONResult(map[string]any{"args": c.Args, "tenant": tenant, "auth": c.Header().Get("Authorization"), "locale": c.Locale()})
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	res := call(t, reg, "pick", `{"ids":[1,2]}`, WithValue("tenantId", "42"), WithHeader(map[string][]string{"Authorization": {"Bearer u"}}), WithLocale("zh_CN"))
	wantText(t, res, `{"args":{"ids":[1,2]},"auth":"Bearer u","locale":"zh_CN","tenant":"42"}`)
	res, _ = reg.Call(context.Background(), ToolQueryDetail, json.RawMessage(`{"name":"pick"}`), WithLocale("zh_CN"))
	wantText(t, res, `{"name":"pick","category":"custom","description":"选择","parameters":{"properties":{"ids":{"type":"array"}},"type":"object"}}`)
}

func TestLocalized(t *testing.T) {
	texts := map[string]string{"zh_CN": "中文", "en_US": "English", "en_GB": "British", "fr": ""}
	for locale, want := range map[string]string{
		"en-us": "English", "EN_GB": "British", "en": "British", "en-AU": "British", "zh": "中文", "fr": "", "": "",
	} {
		got, ok := Localized(texts, locale)
		if got != want || ok != (want != "") {
			t.Errorf("Localized(%q) = %q, %v; want %q", locale, got, ok, want)
		}
	}
}

func TestNotify(t *testing.T) {
	reg := NewRegistry(nil)
	err := reg.Add(&Capability{Name: "slow", Handler: func(ctx context.Context, c *Call) (Result, error) {
		c.Notify("working...")
		c.Notify("")
		return TextResult("done"), nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	var got []Notice
	wantText(t, call(t, reg, "slow", `{}`, WithNotify(func(n Notice) { got = append(got, n) })), "done")
	if diff := cmp.Diff([]Notice{{Capability: "slow", Text: "working..."}}, got); diff != "" {
		t.Errorf("notices (-want +got):\n%s", diff)
	}
	wantText(t, call(t, reg, "slow", `{}`), "done") // no WithNotify: nothing to call
}

func TestScalarText(t *testing.T) {
	for _, tt := range []struct {
		v    any
		want string
		ok   bool
	}{
		{"abc", "abc", true}, {json.Number("12.50"), "12.50", true}, {true, "true", true},
		{nil, "", false}, {[]any{1}, "", false}, {map[string]any{}, "", false},
	} {
		if got, ok := ScalarText(tt.v); got != tt.want || ok != tt.ok {
			t.Errorf("ScalarText(%#v) = %q, %v; want %q, %v", tt.v, got, ok, tt.want, tt.ok)
		}
	}
	if got := argText([]any{"a", json.Number("1")}); got != `["a",1]` {
		t.Errorf("argText of an array = %s", got)
	}
}

// TestFlatTools: with Options.Flat the model gets one tool per capability,
// and Call runs a capability by its name; entry tools stay callable, and
// a name that is neither is a Go error.
func TestFlatTools(t *testing.T) {
	reg := NewRegistry(&Options{Flat: true, Logger: discardLogger()})
	err := reg.Add(&Capability{Name: "greet", Description: "Say hello.", Descriptions: map[string]string{"de": "Grüßen."},
		Params: []Param{{Name: "who", Type: TypeString, Required: true, Description: "whom"}},
		Handler: func(_ context.Context, c *Call) (Result, error) {
			return TextResult("hello " + c.Args["who"].(string)), nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(reg.Tools(WithLocale("de_DE")))
	want := `[{"name":"greet","description":"Grüßen.","input_schema":{"type":"object","properties":{"who":{"type":"string","description":"whom"}},"required":["who"],"additionalProperties":false}}]`
	if diff := cmp.Diff(want, string(b)); diff != "" {
		t.Errorf("tools (-want +got):\n%s", diff)
	}
	res, err := reg.Call(context.Background(), "greet", json.RawMessage(`{"who": "Ada"}`))
	if err != nil || res.Text != "hello Ada" || res.Signals.Capability != "greet" {
		t.Errorf("flat call: %+v, %v", res, err)
	}
	if res, _ := reg.Call(context.Background(), "greet", json.RawMessage(`{}`)); !res.IsError || !strings.Contains(res.Text, `parameter "who" is required`) {
		t.Errorf("flat call without who: %+v", res)
	}
	if res, err := reg.Call(context.Background(), ToolQueryCapabilities, nil); err != nil || !strings.Contains(res.Text, "greet") {
		t.Errorf("entry tool in flat mode: %+v, %v", res, err)
	}
	if _, err := reg.Call(context.Background(), "nope", nil); !errors.Is(err, ErrUnknownTool) {
		t.Errorf("unknown name: %v", err)
	}
	if n := len(NewRegistry(nil).Tools()); n != 3 {
		t.Errorf("%d entry tools", n)
	}
}

// TestWorkflowSchemaCompiledOnFirstCall: loading tool files compiles no
// argument schema; the first call does, once.
func TestWorkflowSchemaCompiledOnFirstCall(t *testing.T) {
	srv := orderServer(t)
	reg := loadRegistry(t, nil, srv.URL, orderTool)
	e := reg.caps["get_order"]
	if e.check != nil {
		t.Fatal("schema compiled at load")
	}
	wantError(t, call(t, reg, "get_order", `{}`), `parameter "order_id" is required`)
	first := e.check
	call(t, reg, "get_order", `{"order_id": "o1"}`)
	if first == nil || e.check != first {
		t.Errorf("schema compiled %v, then %v", first, e.check)
	}
}
