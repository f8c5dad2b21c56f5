package yqcloud

import (
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

func TestCapabilityEffects(t *testing.T) {
	yes, no := toolkit.HintYes, toolkit.HintNo
	tests := []struct {
		name, function string
		want           toolkit.Effects
	}{
		{"manual", `{"type": "manual"}`, toolkit.ReadOnlyEffects},
		{"transparent", `{"type": "call_url", "method": "POST", "url": "/transparent"}`, toolkit.ReadOnlyEffects},
		{"get", `{"type": "call_url", "method": "GET", "url": "https://api.example.com/x"}`, toolkit.Effects{ReadOnly: yes, Destructive: no, Idempotent: yes, OpenWorld: yes}},
		{"default_get", `{"type": "call_url", "url": "https://api.example.com/x"}`, toolkit.Effects{ReadOnly: yes, Destructive: no, Idempotent: yes, OpenWorld: yes}},
		{"delete", `{"type": "call_url", "method": "delete", "url": "https://api.example.com/x"}`, toolkit.Effects{ReadOnly: no, Destructive: yes, Idempotent: yes, OpenWorld: yes}},
		{"put", `{"type": "call_url", "method": "PUT", "url": "https://api.example.com/x"}`, toolkit.Effects{ReadOnly: no, Idempotent: yes, OpenWorld: yes}},
		{"post", `{"type": "call_url", "method": "POST", "url": "https://api.example.com/x"}`, toolkit.Effects{ReadOnly: no, OpenWorld: yes}},
		{"patch", `{"type": "call_url", "method": "PATCH", "url": "https://api.example.com/x"}`, toolkit.Effects{ReadOnly: no, OpenWorld: yes}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, reg := load(t, "["+def("f", "", tt.function)+"]", nil)
			c, ok := reg.Lookup("f")
			if !ok {
				t.Fatal("not registered")
			}
			if c.Effects != tt.want {
				t.Errorf("Effects = %+v, want %+v", c.Effects, tt.want)
			}
		})
	}
}
