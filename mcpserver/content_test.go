package mcpserver_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/mcpserver"
)

// TestContentBlocks: each kind of part becomes its MCP content block, the
// text first; a part behind a blob handle has none (the text says where
// it is).
func TestContentBlocks(t *testing.T) {
	reg := toolkit.NewRegistry(&toolkit.Options{Flat: true})
	parts := []toolkit.Part{
		toolkit.ImagePart("image/png", []byte("png")),
		toolkit.AudioPart("audio/wav", []byte("wav")),
		toolkit.FilePart("r.pdf", "application/pdf", "", []byte("%PDF\xff")),
		toolkit.FilePart("notes", "text/markdown", "test://notes", []byte("# hi")),
		toolkit.ResourceLinkPart("https://example.com/big.zip", "big.zip", "application/zip", 1234),
		{Kind: toolkit.PartFile, MIMEType: "application/zip", Size: 99, Handle: "blob_X"},
	}
	add := func(name string, res toolkit.Result) {
		err := reg.Add(&toolkit.Capability{Name: name, Description: name, Effects: toolkit.ReadOnlyEffects,
			Handler: func(context.Context, *toolkit.Call) (toolkit.Result, error) { return res, nil }})
		if err != nil {
			t.Fatal(err)
		}
	}
	add("all", toolkit.Result{Text: "all kinds", Parts: parts})
	add("image_only", toolkit.Result{Parts: parts[:1]})
	add("handle_only", toolkit.Result{Text: "kept as blob_X", Parts: parts[5:]})
	srv := mcpserver.New(reg, nil)
	defer srv.Close()
	cs := connect(t, srv, nil)

	c := call(t, cs, "all", `{}`).Content
	if len(c) != 6 {
		t.Fatalf("%d blocks: %+v", len(c), c)
	}
	if tc, ok := c[0].(*mcp.TextContent); !ok || tc.Text != "all kinds" {
		t.Errorf("text: %+v", c[0])
	}
	if img, ok := c[1].(*mcp.ImageContent); !ok || img.MIMEType != "image/png" || string(img.Data) != "png" {
		t.Errorf("image: %+v", c[1])
	}
	if a, ok := c[2].(*mcp.AudioContent); !ok || a.MIMEType != "audio/wav" || string(a.Data) != "wav" {
		t.Errorf("audio: %+v", c[2])
	}
	if r, ok := c[3].(*mcp.EmbeddedResource); !ok || r.Resource.URI != "file:///r.pdf" || r.Resource.MIMEType != "application/pdf" ||
		!bytes.Equal(r.Resource.Blob, []byte("%PDF\xff")) || r.Resource.Text != "" {
		t.Errorf("pdf: %+v", c[3])
	}
	if r, ok := c[4].(*mcp.EmbeddedResource); !ok || r.Resource.URI != "test://notes" || r.Resource.Text != "# hi" || r.Resource.Blob != nil {
		t.Errorf("markdown: %+v", c[4])
	}
	if l, ok := c[5].(*mcp.ResourceLink); !ok || l.URI != "https://example.com/big.zip" || l.Name != "big.zip" || l.Size == nil || *l.Size != 1234 {
		t.Errorf("link: %+v", c[5])
	}

	if c := call(t, cs, "image_only", `{}`).Content; len(c) != 1 || c[0].(*mcp.ImageContent).MIMEType != "image/png" {
		t.Errorf("image only: %+v", c)
	}
	if c := call(t, cs, "handle_only", `{}`).Content; len(c) != 1 || c[0].(*mcp.TextContent).Text != "kept as blob_X" {
		t.Errorf("handle only: %+v", c)
	}
}
