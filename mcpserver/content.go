package mcpserver

import (
	"net/url"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolkit-sdk/toolkit"
)

// content maps a Result's text and parts to MCP content blocks: the text
// first (left out only when it is empty and there are parts), then an
// image, audio, embedded resource or resource link block for each part.
// A part kept behind a blob handle has no block: the text describes it,
// and its bytes are the host's (Registry.Blob).
func content(res toolkit.Result) []mcp.Content {
	out := make([]mcp.Content, 0, 1+len(res.Parts))
	if res.Text != "" || len(res.Parts) == 0 {
		out = append(out, &mcp.TextContent{Text: res.Text})
	}
	for _, p := range res.Parts {
		if c := partContent(p); c != nil {
			out = append(out, c)
		}
	}
	if len(out) == 0 { // every part behind a handle, and no text
		out = append(out, &mcp.TextContent{Text: res.Text})
	}
	return out
}

func partContent(p toolkit.Part) mcp.Content {
	if p.Kind == toolkit.PartResourceLink {
		link := &mcp.ResourceLink{URI: p.URI, Name: linkName(p), MIMEType: p.MIMEType}
		if p.Size > 0 {
			size := p.Size
			link.Size = &size
		}
		return link
	}
	if !p.Inline() {
		return nil
	}
	switch p.Kind {
	case toolkit.PartImage:
		return &mcp.ImageContent{Data: p.Data, MIMEType: p.MIMEType}
	case toolkit.PartAudio:
		return &mcp.AudioContent{Data: p.Data, MIMEType: p.MIMEType}
	}
	uri := p.URI
	if uri == "" {
		uri = "file:///" + url.PathEscape(linkName(p))
	}
	rc := &mcp.ResourceContents{URI: uri, MIMEType: p.MIMEType}
	switch {
	case len(p.Data) == 0:
		// The schema requires text or blob; go-sdk leaves out an empty
		// text and a nil blob, but sends an empty blob ("").
		rc.Blob = []byte{}
	case textual(p.MIMEType) && utf8.Valid(p.Data):
		rc.Text = string(p.Data)
	default:
		rc.Blob = p.Data
	}
	return &mcp.EmbeddedResource{Resource: rc}
}

// linkName is a part's name, else its URI's last segment, else "file".
func linkName(p toolkit.Part) string {
	switch {
	case p.Name != "":
		return p.Name
	case p.URI != "":
		if b := path.Base(p.URI); b != "." && b != "/" {
			return b
		}
	}
	return "file"
}

// textual reports a MIME type whose bytes an embedded resource carries as
// text.
func textual(mt string) bool {
	return strings.HasPrefix(mt, "text/") || strings.HasSuffix(mt, "json") || strings.HasSuffix(mt, "xml") ||
		strings.HasSuffix(mt, "yaml")
}
