package mcpserver_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/mcpserver"
)

// MCP's embedded resource holds TextResourceContents (text required) or
// BlobResourceContents (blob required); go-sdk leaves out an empty text
// and an empty blob, so an empty file part would send a resource with
// neither, which the schema refuses. Every block a result sends is valid.
func TestReview30_EmptyFileBlock(t *testing.T) {
	reg := toolkit.NewRegistry(&toolkit.Options{Flat: true})
	res := toolkit.Result{Text: "two empty files", Parts: []toolkit.Part{
		toolkit.FilePart("empty.txt", "text/plain", "", nil),
		toolkit.FilePart("empty.bin", "application/octet-stream", "", []byte{}),
		toolkit.ImagePart("image/png", []byte("png")),
	}}
	err := reg.Add(&toolkit.Capability{Name: "empty", Description: "empty", Effects: toolkit.ReadOnlyEffects,
		Handler: func(context.Context, *toolkit.Call) (toolkit.Result, error) { return res, nil }})
	if err != nil {
		t.Fatal(err)
	}
	srv := mcpserver.New(reg, nil)
	defer srv.Close()
	cs := connect(t, srv, nil)
	out := call(t, cs, "empty", `{}`)
	for i, c := range out.Content {
		raw, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		var wire struct {
			Type     string                     `json:"type"`
			Resource map[string]json.RawMessage `json:"resource"`
		}
		if err := json.Unmarshal(raw, &wire); err != nil {
			t.Fatal(err)
		}
		if wire.Type == "resource" {
			_, text := wire.Resource["text"]
			_, blob := wire.Resource["blob"]
			if !text && !blob {
				t.Errorf("block %d: a resource with neither text nor blob: %s", i, raw)
			}
		}
	}
	if len(out.Content) == 0 {
		t.Fatal("no content")
	}
	if _, ok := out.Content[len(out.Content)-1].(*mcp.ImageContent); !ok {
		t.Errorf("the image block is missing: %+v", out.Content)
	}
}
