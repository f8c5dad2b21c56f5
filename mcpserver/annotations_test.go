package mcpserver_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/mcpserver"
)

var (
	yes, no = toolkit.HintYes, toolkit.HintNo
	// annotations of a read-only capability, sending HTTP or not
	readOnlyOpen   = &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: new(false), IdempotentHint: true, OpenWorldHint: new(true)}
	readOnlyClosed = &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: new(false), IdempotentHint: true, OpenWorldHint: new(false)}
)

func TestAnnotations(t *testing.T) {
	tests := []struct {
		name string
		e    toolkit.Effects
		want *mcp.ToolAnnotations
	}{
		{"unknown", toolkit.Effects{}, nil},
		{"read-only", toolkit.ReadOnlyEffects, readOnlyClosed},
		{"GET", toolkit.MethodEffects("GET"), readOnlyOpen},
		{"read-only only", toolkit.Effects{ReadOnly: yes}, &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: new(false), IdempotentHint: true}},
		{"DELETE", toolkit.MethodEffects("DELETE"), &mcp.ToolAnnotations{DestructiveHint: new(true), IdempotentHint: true, OpenWorldHint: new(true)}},
		{"PUT", toolkit.MethodEffects("PUT"), &mcp.ToolAnnotations{IdempotentHint: true, OpenWorldHint: new(true)}},
		{"POST", toolkit.MethodEffects("POST"), &mcp.ToolAnnotations{OpenWorldHint: new(true)}},
		{"additive", toolkit.Effects{ReadOnly: no, Destructive: no, OpenWorld: no}, &mcp.ToolAnnotations{DestructiveHint: new(false), OpenWorldHint: new(false)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, mcpserver.Annotations(tt.e)); diff != "" {
				t.Errorf("Annotations(%+v) (-want +got):\n%s", tt.e, diff)
			}
		})
	}
}

// TestListToolsAnnotations lists the fixture's tools and checks the
// annotations derived from their capabilities' Effects.
func TestListToolsAnnotations(t *testing.T) {
	f := newFixture(t, true)
	type none struct{}
	if err := toolkit.AddFunc(f.reg, toolkit.Capability{Name: "drop", Description: "Drop a table.", Effects: toolkit.Effects{ReadOnly: no, Destructive: yes, OpenWorld: no}},
		func(ctx context.Context, c *toolkit.Call, _ none) (string, error) { return "", nil }); err != nil {
		t.Fatal(err)
	}
	srv := mcpserver.New(f.reg, &mcpserver.Options{
		Annotate: func(c toolkit.Capability) *mcp.ToolAnnotations {
			if c.Name == "add" {
				return readOnlyClosed
			}
			return nil
		},
	})
	defer srv.Close()
	tools := toolNames(t, connect(t, srv, nil))
	want := map[string]*mcp.ToolAnnotations{
		"get_order":      readOnlyOpen,   // a workflow of one GET step
		"yq_echo":        readOnlyClosed, // /transparent sends nothing
		"query_api_docs": readOnlyClosed,
		"call_http_api":  readOnlyOpen, // its only endpoint is a GET
		"whoami":         nil,          // a Go capability says nothing
		"block":          nil,
		"add":            readOnlyClosed, // Annotate
		"drop":           {DestructiveHint: new(true), OpenWorldHint: new(false)},
	}
	for name, w := range want {
		tl, ok := tools[name]
		if !ok {
			t.Errorf("%s: not listed", name)
			continue
		}
		if diff := cmp.Diff(w, tl.Annotations); diff != "" {
			t.Errorf("%s: annotations (-want +got):\n%s", name, diff)
		}
	}
}

// TestCallCapabilityAnnotations: in entry mode call_capability's
// annotations are the most cautious over all capabilities, and follow the
// Registry's changes.
func TestCallCapabilityAnnotations(t *testing.T) {
	reg := toolkit.NewRegistry(nil)
	type none struct{}
	add := func(name string, e toolkit.Effects) {
		t.Helper()
		if err := toolkit.AddFunc(reg, toolkit.Capability{Name: name, Description: "test", Effects: e},
			func(ctx context.Context, c *toolkit.Call, _ none) (string, error) { return "", nil }); err != nil {
			t.Fatal(err)
		}
	}
	add("read", toolkit.ReadOnlyEffects)
	add("fetch", toolkit.MethodEffects("GET"))
	srv := mcpserver.New(reg, nil)
	defer srv.Close()
	cs := connect(t, srv, nil)
	check := func(step string, want *mcp.ToolAnnotations) {
		t.Helper()
		tools := toolNames(t, cs)
		if diff := cmp.Diff(want, tools[toolkit.ToolCallCapability].Annotations); diff != "" {
			t.Errorf("%s: call_capability annotations (-want +got):\n%s", step, diff)
		}
		for _, name := range []string{toolkit.ToolQueryCapabilities, toolkit.ToolQueryDetail} {
			if a := tools[name].Annotations; a == nil || !a.ReadOnlyHint || !a.IdempotentHint {
				t.Errorf("%s: %s annotations %+v, want read-only", step, name, a)
			}
		}
	}
	check("read-only", readOnlyOpen)
	add("put", toolkit.MethodEffects("PUT"))
	check("with PUT", &mcp.ToolAnnotations{IdempotentHint: true, OpenWorldHint: new(true)})
	add("delete", toolkit.MethodEffects("DELETE"))
	check("with DELETE", &mcp.ToolAnnotations{DestructiveHint: new(true), IdempotentHint: true, OpenWorldHint: new(true)})
	add("go", toolkit.Effects{})
	check("with unknown", &mcp.ToolAnnotations{DestructiveHint: new(true), OpenWorldHint: new(true)})
	reg.Remove("delete", "go", "put")
	check("read-only again", readOnlyOpen)
	reg.Remove("read", "fetch")
	check("empty", nil)
}
