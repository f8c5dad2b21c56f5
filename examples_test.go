package toolkit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestExamples: a tool file's examples reach the capability and its tool,
// converted to their parameters' types; a Go capability's are checked by
// Add against its schema.
func TestExamples(t *testing.T) {
	src := `name: list_orders
desc: List a customer's orders.
params:
  - {name: customer, type: string, required: true, description: the customer id}
  - {name: limit, type: integer, required: false, description: how many, default: 20}
  - {name: open, type: boolean, required: false, description: only open ones}
examples:
  - {customer: C-1}
  - {customer: "0042", limit: 5, open: true}
steps:
  - url: https://shop.example.com/orders
`
	reg := NewRegistry(&Options{Logger: discardLogger()})
	if _, err := reg.LoadBytes("orders.yaml", []byte(src)); err != nil {
		t.Fatal(err)
	}
	tool, ok := reg.CapabilityTool("list_orders")
	if !ok {
		t.Fatal("not loaded")
	}
	want := []map[string]any{{"customer": "C-1"}, {"customer": "0042", "limit": json.Number("5"), "open": true}}
	if diff := cmp.Diff(want, tool.Examples); diff != "" {
		t.Errorf("examples (-want +got):\n%s", diff)
	}
	tool.Examples[0]["customer"] = "changed"
	if again, _ := reg.CapabilityTool("list_orders"); again.Examples[0]["customer"] != "C-1" {
		t.Error("a tool's examples are the Registry's own")
	}
	if c, _ := reg.Lookup("list_orders"); len(c.Examples) != 2 {
		t.Errorf("Lookup: %v", c.Examples)
	}

	noop := func(context.Context, *Call) (Result, error) { return TextResult(""), nil }
	good := &Capability{Name: "add", Params: []Param{{Name: "a", Type: TypeInteger, Required: true}}, Handler: noop,
		Examples: []map[string]any{{"a": 1}, {"a": json.Number("2")}}}
	if err := reg.Add(good); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		examples []map[string]any
		want     string
	}{
		{[]map[string]any{{"a": 1}, {"a": "one"}}, `Examples[1]:`},
		{[]map[string]any{{}}, `Examples[0]:`},
		{[]map[string]any{{"a": 1, "b": 2}}, `Examples[0]:`},
		{make([]map[string]any, 11), "at most 10"},
	} {
		bad := &Capability{Name: "add", Params: good.Params, Handler: noop, Examples: tc.examples}
		err := reg.Add(bad)
		if !errors.Is(err, ErrInvalidCapability) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Add with examples %v: %v, want one saying %s", tc.examples, err, tc.want)
		}
	}
}

// TestExamplesBound: more than 10 examples is a load error.
func TestExamplesBound(t *testing.T) {
	var b strings.Builder
	b.WriteString("name: t\ndesc: d\nparams:\n  - {name: a, type: string, required: true, description: a}\nexamples:\n")
	for i := range 11 {
		fmt.Fprintf(&b, "  - {a: x%d}\n", i)
	}
	b.WriteString("steps:\n  - url: https://example.com\n")
	_, diags := ParseWorkflow("t.yaml", []byte(b.String()))
	if !diags.HasErrors() || !strings.Contains(diags.Error(), "examples: 11 examples; at most 10 are allowed") {
		t.Errorf("diags: %v", diags)
	}
}
