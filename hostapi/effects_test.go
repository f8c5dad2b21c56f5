package hostapi

import (
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

func TestCapabilityEffects(t *testing.T) {
	var (
		yes, no  = toolkit.HintYes, toolkit.HintNo
		readOnly = toolkit.Effects{ReadOnly: yes, Destructive: no, Idempotent: yes, OpenWorld: yes}
	)
	tests := []struct {
		name string
		opts Options
		want toolkit.Effects
	}{
		{"ReadOnly", Options{ReadOnly: true}, readOnly},
		{"GET only", Options{Include: Filter{Methods: []string{"get"}}}, readOnly},
		{"all methods", Options{}, toolkit.Effects{ReadOnly: no, Destructive: yes, OpenWorld: yes}},
		{"no DELETE", Options{Exclude: Filter{Methods: []string{"DELETE"}}}, toolkit.Effects{ReadOnly: no, OpenWorld: yes}},
		{"GET and PUT", Options{Include: Filter{Methods: []string{"GET", "PUT"}}}, toolkit.Effects{ReadOnly: no, Idempotent: yes, OpenWorld: yes}},
		{"GET and DELETE", Options{Include: Filter{Methods: []string{"GET", "DELETE"}}}, toolkit.Effects{ReadOnly: no, Destructive: yes, Idempotent: yes, OpenWorld: yes}},
		{"nothing exposed", Options{Include: Filter{Groups: []string{"notes"}}, ReadOnly: true}, toolkit.ReadOnlyEffects},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.BaseURL = "https://api.example.com"
			a, err := New(testCatalog(t), &tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			caps := a.Capabilities(nil)
			got := map[string]toolkit.Effects{}
			for _, c := range caps {
				got[c.Name] = c.Effects
			}
			if got[ToolQueryDocs] != toolkit.ReadOnlyEffects {
				t.Errorf("%s: Effects = %+v, want read-only", ToolQueryDocs, got[ToolQueryDocs])
			}
			if got[ToolCall] != tt.want {
				t.Errorf("%s: Effects = %+v, want %+v", ToolCall, got[ToolCall], tt.want)
			}
		})
	}
}
