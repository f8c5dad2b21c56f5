package toolkit_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/hostapi"
	"github.com/toolkit-sdk/toolkit/yqcloud"
)

type orderIn struct {
	OrderID string `json:"order_id" jsonschema:"the order id"`
	Verbose bool   `json:"verbose,omitempty"`
	Items   []item `json:"items,omitempty"`
}

type item struct {
	SKU string `json:"sku"`
	Qty int    `json:"qty"`
}

type orderOut struct {
	ID    string `json:"id"`
	Total int    `json:"total"`
}

func ExampleAddFunc() {
	reg := toolkit.NewRegistry(nil)
	err := toolkit.AddFunc(reg, toolkit.Capability{Name: "get_order", Description: "Look up an order."},
		func(ctx context.Context, call *toolkit.Call, in orderIn) (orderOut, error) {
			if !strings.HasPrefix(in.OrderID, "A-") {
				return orderOut{}, toolkit.ModelErrorf("no order %q; order ids look like A-1234", in.OrderID)
			}
			total := 0
			for _, it := range in.Items {
				total += it.Qty
			}
			return orderOut{ID: in.OrderID, Total: total}, nil
		})
	if err != nil {
		panic(err)
	}
	for _, args := range []string{
		`{"order_id": "A-1", "items": [{"sku": "x", "qty": "2"}, {"sku": "y", "qty": 3}]}`,
		`{"order_id": "B-7"}`,
		`{"ordr_id": "A-1", "items": [{"sku": "x", "qty": 1.5}]}`,
	} {
		res, _ := reg.Call(context.Background(), "get_order", json.RawMessage(args))
		fmt.Println(res.IsError, res.Text)
	}
	// Output:
	// false {"id":"A-1","total":5}
	// true no order "B-7"; order ids look like A-1234
	// true capability "get_order": unknown parameter "ordr_id"; did you mean "order_id"? accepted parameters: order_id, verbose, items; parameter "items[0].qty" must be an integer, got 1.5; parameter "order_id" is required (string): the order id
}

func TestAddFunc(t *testing.T) {
	reg := toolkit.NewRegistry(nil)
	type in struct {
		Tags  []string         `json:"tags"`
		Attrs map[string]int   `json:"attrs,omitempty"`
		Sub   *struct{ N int } `json:"sub,omitempty"`
	}
	hostErr := errors.New("db password=hunter2 failed")
	err := toolkit.AddFunc(reg, toolkit.Capability{Name: "f", Description: "d"},
		func(ctx context.Context, call *toolkit.Call, x in) (map[string]any, error) {
			if len(x.Tags) > 0 && x.Tags[0] == "fail" {
				return nil, hostErr
			}
			return map[string]any{"tags": x.Tags, "attrs": x.Attrs, "sub": x.Sub}, nil
		})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ args, want string }{
		{`{"tags": ["a", 1], "attrs": {"x": "2"}, "sub": {"N": 3}}`, `{"attrs":{"x":2},"sub":{"N":3},"tags":["a","1"]}`},
		{`{"tags": "a"}`, `capability "f": parameter "tags" must be null or an array, got "a"`},
		{`{"tags": [], "attrs": {"x": "y"}}`, `capability "f": parameter "attrs.x" must be an integer, got "y"`},
		{`{"tags": ["fail"]}`, `capability "f" failed with an internal error`},
	} {
		res, _ := reg.Call(context.Background(), "f", json.RawMessage(tt.args))
		if res.Text != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.args, res.Text, tt.want)
		}
	}
	for _, c := range []toolkit.Capability{
		{Name: "g", Params: []toolkit.Param{}},
		{Name: "g", Schema: map[string]any{}},
		{Name: "g", Handler: func(context.Context, *toolkit.Call) (toolkit.Result, error) { return toolkit.Result{}, nil }},
	} {
		if err := toolkit.AddFunc(reg, c, func(context.Context, *toolkit.Call, in) (int, error) { return 0, nil }); !errors.Is(err, toolkit.ErrInvalidCapability) {
			t.Errorf("AddFunc(%+v) = %v, want ErrInvalidCapability", c, err)
		}
	}
	if err := toolkit.AddFunc(reg, toolkit.Capability{Name: "h"}, func(context.Context, *toolkit.Call, int) (int, error) { return 0, nil }); !errors.Is(err, toolkit.ErrInvalidCapability) {
		t.Errorf("AddFunc with a non-struct input = %v", err)
	}
}

// TestSameMistakesSameMessages sends the same mistakes to a YAML
// capability, a Go capability (Params), a typed Go capability (AddFunc),
// a YQCloud function and an endpoint of call_http_api (the arguments as
// its query), and compares the messages after the prefix.
func TestSameMistakesSameMessages(t *testing.T) {
	reg := toolkit.NewRegistry(&toolkit.Options{AllowPrivate: []string{"*"}})
	if _, err := reg.LoadBytes("y.yaml", []byte(`name: yaml_cap
desc: d
params:
  - {name: order_id, type: string, required: true, description: the order id}
  - {name: qty, type: integer, required: false, description: how many}
steps:
  - url: http://127.0.0.1:1/x
`)); err != nil {
		t.Fatal(err)
	}
	noop := func(context.Context, *toolkit.Call) (toolkit.Result, error) { return toolkit.TextResult("ok"), nil }
	if err := reg.Add(&toolkit.Capability{Name: "go_cap", Description: "d", Handler: noop, Params: []toolkit.Param{
		{Name: "order_id", Type: toolkit.TypeString, Required: true, Description: "the order id"},
		{Name: "qty", Type: toolkit.TypeInteger, Description: "how many"},
	}}); err != nil {
		t.Fatal(err)
	}
	type in struct {
		OrderID string `json:"order_id" jsonschema:"the order id"`
		Qty     int    `json:"qty,omitempty" jsonschema:"how many"`
	}
	if err := toolkit.AddFunc(reg, toolkit.Capability{Name: "func_cap", Description: "d"}, func(context.Context, *toolkit.Call, in) (string, error) { return "ok", nil }); err != nil {
		t.Fatal(err)
	}
	set, diags := yqcloud.Parse("f.json", []byte(`[{"name": "yq_cap", "description": "d", "parameters": {"type": "object",
		"properties": {"order_id": {"type": "string", "description": "the order id"}, "qty": {"type": "integer", "description": "how many"}},
		"required": ["order_id"], "additionalProperties": false},
		"function": {"type": "call_url", "method": "GET", "url": "/transparent"}}]`), nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if err := set.Register(reg); err != nil {
		t.Fatal(err)
	}
	mistakes := []struct{ args, want string }{
		{`{}`, `parameter "order_id" is required (string): the order id`},
		{`{"order_id": ["a"]}`, `parameter "order_id" must be a string, got an array`},
		{`{"order_id": "a", "ordr_id": 1}`, `unknown parameter "ordr_id"; did you mean "order_id"? accepted parameters: order_id, qty`},
		{`{"order_id": "a", "qty": "4.5"}`, `parameter "qty" must be an integer, got "4.5"`},
		{`{"order_id": "a", "qty": {"n": 1}}`, `parameter "qty" must be an integer, got an object`},
	}
	for _, name := range []string{"yaml_cap", "go_cap", "func_cap", "yq_cap"} {
		for _, m := range mistakes {
			res, _ := reg.Call(context.Background(), name, json.RawMessage(m.args))
			want := fmt.Sprintf("capability %q: %s", name, m.want)
			if !res.IsError || res.Text != want {
				t.Errorf("%s %s:\n got %s\nwant %s", name, m.args, res.Text, want)
			}
		}
	}
	cat := hostapi.NewCatalog()
	if err := cat.Add(hostapi.Endpoint{ID: "order", Method: "GET", Path: "/order", Params: []hostapi.Param{
		{Name: "order_id", In: hostapi.InQuery, Type: toolkit.TypeString, Required: true, Description: "the order id"},
		{Name: "qty", In: hostapi.InQuery, Type: toolkit.TypeInteger, Description: "how many"},
	}}); err != nil {
		t.Fatal(err)
	}
	api, err := hostapi.New(cat, &hostapi.Options{Handler: http.NotFoundHandler()})
	if err != nil {
		t.Fatal(err)
	}
	if err := api.Register(reg); err != nil {
		t.Fatal(err)
	}
	// The same message, with the field path of a query parameter.
	inQuery := strings.NewReplacer(`"order_id"`, `"query.order_id"`, `"ordr_id"`, `"query.ordr_id"`, `"qty"`, `"query.qty"`,
		"accepted parameters:", "accepted parameters in query:")
	for _, m := range mistakes {
		res, _ := reg.Call(context.Background(), hostapi.ToolCall, json.RawMessage(`{"endpoint": "order", "query": `+m.args+`}`))
		want := fmt.Sprintf(`%s: endpoint "order": %s (see %s {"endpoint": "order"})`, hostapi.ToolCall, inQuery.Replace(m.want), hostapi.ToolQueryDocs)
		if !res.IsError || res.Text != want {
			t.Errorf("%s %s:\n got %s\nwant %s", hostapi.ToolCall, m.args, res.Text, want)
		}
	}
}

func TestAddRefusesWhatTheLoaderRefuses(t *testing.T) {
	noop := func(context.Context, *toolkit.Call) (toolkit.Result, error) { return toolkit.Result{}, nil }
	p := func(name string, typ toolkit.ParamType) toolkit.Param {
		return toolkit.Param{Name: name, Type: typ, Description: "d"}
	}
	withDefault := p("n", toolkit.TypeInteger)
	withDefault.Default = "abc"
	withPattern := p("n", toolkit.TypeInteger)
	withPattern.Validate = regexp.MustCompile(`^\d+$`)
	for _, tt := range []struct {
		c    toolkit.Capability
		want string
	}{
		{toolkit.Capability{Name: "has space"}, `capability "has space": name`},
		{toolkit.Capability{Name: strings.Repeat("a", 65)}, `name`},
		{toolkit.Capability{Name: "c", Params: []toolkit.Param{p("a", toolkit.TypeString), p("a", toolkit.TypeString)}}, `params[1] ("a"): duplicate parameter`},
		{toolkit.Capability{Name: "c", Params: []toolkit.Param{withDefault}}, `default does not fit: parameter "n" must be an integer, got "abc"`},
		{toolkit.Capability{Name: "c", Params: []toolkit.Param{withPattern}}, `a Validate pattern needs a string parameter`},
		{toolkit.Capability{Name: "c", Params: []toolkit.Param{p("a", toolkit.TypeString)}, Schema: map[string]any{}}, `set Params or Schema, not both`},
		{toolkit.Capability{Name: "c", Schema: map[string]any{"type": "strin"}}, `Schema: not a valid JSON Schema`},
	} {
		tt.c.Handler = noop
		err := toolkit.NewRegistry(nil).Add(&tt.c)
		if !errors.Is(err, toolkit.ErrInvalidCapability) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Add(%q) = %v, want ErrInvalidCapability with %q", tt.c.Name, err, tt.want)
		}
	}
}

// TestAddManyRequired: a capability with more required parameters than a
// call's problems are listed for (ten) still loads, and a default that does
// not fit is still found behind them.
func TestAddManyRequired(t *testing.T) {
	noop := func(context.Context, *toolkit.Call) (toolkit.Result, error) { return toolkit.Result{}, nil }
	var params []toolkit.Param
	for i := range 14 {
		params = append(params, toolkit.Param{Name: fmt.Sprintf("p%02d", i), Type: toolkit.TypeString, Description: "d", Required: true})
	}
	if err := toolkit.NewRegistry(nil).Add(&toolkit.Capability{Name: "many", Handler: noop, Params: params}); err != nil {
		t.Fatalf("14 required parameters: %v", err)
	}
	bad := toolkit.Param{Name: "zz", Type: toolkit.TypeInteger, Description: "d", Default: "abc"}
	err := toolkit.NewRegistry(nil).Add(&toolkit.Capability{Name: "many", Handler: noop, Params: append(params, bad)})
	if want := `default does not fit: parameter "zz" must be an integer, got "abc"`; !errors.Is(err, toolkit.ErrInvalidCapability) || !strings.Contains(err.Error(), want) {
		t.Errorf("14 required and a bad default: %v, want %q", err, want)
	}
}

func TestLookupReturnsACopy(t *testing.T) {
	reg := toolkit.NewRegistry(nil)
	noop := func(context.Context, *toolkit.Call) (toolkit.Result, error) { return toolkit.Result{}, nil }
	if err := reg.Add(&toolkit.Capability{Name: "c", Handler: noop, Schema: map[string]any{"type": "object", "properties": map[string]any{"a": map[string]any{"type": "string"}}}}); err != nil {
		t.Fatal(err)
	}
	c, _ := reg.Lookup("c")
	c.Description = "changed"
	c.Schema["properties"].(map[string]any)["a"] = map[string]any{"type": "integer"}
	caps := reg.Capabilities()
	caps[0].Name = "changed"
	if c2, _ := reg.Lookup("c"); c2.Description != "" || c2.Schema["properties"].(map[string]any)["a"].(map[string]any)["type"] != "string" {
		t.Errorf("the registered capability changed: %+v", c2)
	}
}
