package toolkit

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestReview34lLongDescription: a capability whose description is
// 10,000 distinct words (pairs of them indexed up to the field's bound)
// is found by its words and by a long keyword of them, within the
// discovery budget.
func TestReview34lLongDescription(t *testing.T) {
	var b strings.Builder
	for i := range 10000 {
		fmt.Fprintf(&b, "w%c%c%c ", 'a'+i/676%26, 'a'+i/26%26, 'a'+i%26)
	}
	reg := NewRegistry(&Options{Logger: discardLogger()})
	handler := func(context.Context, *Call) (Result, error) { return Result{}, nil }
	if err := reg.Add(&Capability{Name: "long_one", Description: b.String(), Handler: handler},
		&Capability{Name: "short_one", Description: "Creates a ticket.", Handler: handler}); err != nil {
		t.Fatal(err)
	}
	for _, kw := range []string{"wnmz", "wabc wabd", b.String()[:5000], "create ticket"} {
		raw, _ := json.Marshal(map[string]string{"keyword": kw})
		res, err := reg.Call(context.Background(), ToolQueryCapabilities, raw)
		if err != nil || res.IsError || len(res.Text) > DefaultMaxDiscoveryBytes || !json.Valid([]byte(res.Text)) {
			t.Fatalf("%.20q: %v %d bytes %.300s", kw, err, len(res.Text), res.Text)
		}
		want := "long_one"
		if kw == "create ticket" {
			want = "short_one"
		}
		if !strings.Contains(res.Text, want) {
			t.Errorf("%.20q: %s not found: %.300s", kw, want, res.Text)
		}
	}
}
