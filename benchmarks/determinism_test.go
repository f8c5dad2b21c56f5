package benchmarks

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// TestAnswersDeterministic: the same catalog asked the same question
// gives the same bytes, whether asked again, of another Registry, or of
// one that registered the capabilities in another order (a provider's
// prompt cache holds across turns and replicas).
func TestAnswersDeterministic(t *testing.T) {
	var cat realCatalog
	readJSON(t, "testdata/realtools/catalog.json", &cat)
	var qs realQuestions
	readJSON(t, "testdata/realtools/questions.json", &qs)
	handler := func(context.Context, *toolkit.Call) (toolkit.Result, error) { return toolkit.TextResult("ok"), nil }
	build := func(reverse bool) *toolkit.Registry {
		var caps []*toolkit.Capability
		for _, c := range cat.Tools {
			caps = append(caps, &toolkit.Capability{Name: c.Name, Category: c.Category, Description: c.Description, Handler: handler})
		}
		caps = append(caps, genCapabilities(2000)...)
		if reverse {
			slices.Reverse(caps)
		}
		reg := toolkit.NewRegistry(nil)
		for i := 0; i < len(caps); i += 500 { // in several Adds
			if err := reg.Add(caps[i:min(i+500, len(caps))]...); err != nil {
				t.Fatal(err)
			}
		}
		return reg
	}
	a, b, c := build(false), build(false), build(true)
	args := []string{`{}`, `{"category":"github"}`, `{"cursor":"100"}`, `{"keyword":"create invoice","cursor":"40"}`}
	for _, q := range qs.Questions {
		raw, _ := json.Marshal(map[string]string{"keyword": q.Question})
		args = append(args, string(raw))
	}
	for _, arg := range args {
		first, _ := a.Call(context.Background(), toolkit.ToolQueryCapabilities, json.RawMessage(arg))
		for i, reg := range []*toolkit.Registry{a, b, c} {
			got, _ := reg.Call(context.Background(), toolkit.ToolQueryCapabilities, json.RawMessage(arg))
			if got.Text != first.Text {
				t.Errorf("%s: registry %d answers\n%.400s\nnot\n%.400s", arg, i, got.Text, first.Text)
			}
		}
	}
}
