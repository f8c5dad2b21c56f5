package toolkit

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

func TestWorkflowEffects(t *testing.T) {
	var (
		readOnly = Effects{ReadOnly: HintYes, Destructive: HintNo, Idempotent: HintYes, OpenWorld: HintYes}
		unknown  = Effects{ReadOnly: HintNo, OpenWorld: HintYes}
	)
	tests := []struct {
		methods []string
		want    Effects
	}{
		{[]string{"GET"}, readOnly},
		{[]string{"get", "HEAD"}, readOnly},
		{[]string{"GET", "OPTIONS"}, readOnly},
		{[]string{"GET", "DELETE"}, Effects{ReadOnly: HintNo, Destructive: HintYes, Idempotent: HintYes, OpenWorld: HintYes}},
		{[]string{"PUT"}, Effects{ReadOnly: HintNo, Idempotent: HintYes, OpenWorld: HintYes}},
		{[]string{"GET", "PUT"}, Effects{ReadOnly: HintNo, Idempotent: HintYes, OpenWorld: HintYes}},
		{[]string{"POST"}, unknown},
		{[]string{"GET", "PATCH"}, unknown},
		{[]string{"POST", "DELETE"}, Effects{ReadOnly: HintNo, Destructive: HintYes, OpenWorld: HintYes}},
	}
	for _, tt := range tests {
		name := strings.Join(tt.methods, "+")
		t.Run(name, func(t *testing.T) {
			var src strings.Builder
			fmt.Fprintf(&src, "name: w\ndesc: test\nsteps:\n")
			for _, m := range tt.methods {
				fmt.Fprintf(&src, "  - url: https://example.com/x\n    method: %s\n", m)
			}
			w, diags := ParseWorkflow("w.yaml", []byte(src.String()))
			if w == nil {
				t.Fatal(diags)
			}
			if got := w.Effects(); got != tt.want {
				t.Errorf("Effects() = %+v, want %+v", got, tt.want)
			}
			reg := NewRegistry(&Options{Logger: discardLogger()})
			if err := reg.AddWorkflow(w); err != nil {
				t.Fatal(err)
			}
			if c, _ := reg.Lookup("w"); c.Effects != tt.want {
				t.Errorf("Lookup: Effects = %+v, want %+v", c.Effects, tt.want)
			}
		})
	}
}

func TestEffectsCopiedByAdd(t *testing.T) {
	reg := NewRegistry(nil)
	c := &Capability{Name: "c", Handler: func(ctx context.Context, call *Call) (Result, error) { return Result{}, nil }, Effects: ReadOnlyEffects}
	if err := reg.Add(c); err != nil {
		t.Fatal(err)
	}
	c.Effects = Effects{}
	if got, _ := reg.Lookup("c"); got.Effects != ReadOnlyEffects {
		t.Errorf("Effects = %+v, want %+v", got.Effects, ReadOnlyEffects)
	}
	type in struct{ A string }
	if err := AddFunc(reg, Capability{Name: "f", Effects: Effects{Destructive: HintYes}}, func(ctx context.Context, call *Call, _ in) (string, error) { return "", nil }); err != nil {
		t.Fatal(err)
	}
	if got, _ := reg.Lookup("f"); got.Effects != (Effects{Destructive: HintYes}) {
		t.Errorf("AddFunc: Effects = %+v", got.Effects)
	}
	if HintUnknown.Known() || !HintNo.Known() {
		t.Error("Known")
	}
	if v, ok := HintYes.Bool(); !v || !ok {
		t.Error("Bool")
	}
}
