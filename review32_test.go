package toolkit

import (
	"context"
	"testing"
)

// TestReview32_ExamplesPrivateCopy: the Registry keeps a copy of a Go
// capability's examples of its own, down to the values nested in them:
// neither the caller's Capability after Add nor a Tool handed out later
// changes what the model is shown, or slips past the check at Add.
func TestReview32_ExamplesPrivateCopy(t *testing.T) {
	noop := func(context.Context, *Call) (Result, error) { return TextResult(""), nil }
	tags := []any{"a"}
	c := &Capability{Name: "tag", Params: []Param{{Name: "tags", Type: TypeArray, Required: true}}, Handler: noop,
		Examples: []map[string]any{{"tags": tags}}}
	reg := NewRegistry(nil)
	if err := reg.Add(c); err != nil {
		t.Fatal(err)
	}
	tags[0] = "sk-live-changed-after-add"
	tool, _ := reg.CapabilityTool("tag")
	got, _ := tool.Examples[0]["tags"].([]any)
	if len(got) != 1 || got[0] != "a" {
		t.Fatalf("after the caller changed its example: %v", tool.Examples)
	}
	got[0] = "changed-by-an-adapter"
	again, _ := reg.CapabilityTool("tag")
	if x, _ := again.Examples[0]["tags"].([]any); len(x) != 1 || x[0] != "a" {
		t.Errorf("after a Tool's example changed: %v", again.Examples)
	}
	if l, _ := reg.Lookup("tag"); l.Examples[0]["tags"].([]any)[0] != "a" {
		t.Errorf("Lookup: %v", l.Examples)
	}
}
