package toolkit

import (
	"encoding/base64"
	"fmt"
	"mime"
	"net/http"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// PartKind is the kind of a content part of a Result.
type PartKind string

// Content part kinds.
const (
	// PartImage is an image (image/*), for models that read images.
	PartImage PartKind = "image"
	// PartAudio is audio (audio/*).
	PartAudio PartKind = "audio"
	// PartFile is any other file: a PDF, an archive, a document, or a
	// resource a Go capability embeds (with URI, as MCP's embedded
	// resource).
	PartFile PartKind = "file"
	// PartResourceLink points at a resource by URI without its bytes.
	PartResourceLink PartKind = "resource_link"
)

// Part is content of a Result beyond its text: an image, audio, a file or
// a link to a resource. Result.Text stays what the model reads in words
// (for a body that became a part, a short description of it); a part
// carries its bytes inline (Data) or, when they were too large or the
// host prefers (Options.MaxPartBytes), only a Handle into the BlobStore,
// which the host reads with Registry.Blob. In JSON, Data is base64.
type Part struct {
	Kind     PartKind `json:"kind"`
	MIMEType string   `json:"mime_type,omitempty"`
	// Name is the file name (a server's Content-Disposition filename, or
	// the one a Go capability gives).
	Name string `json:"name,omitempty"`
	// URI names the resource: an embedded file's or a link's.
	URI string `json:"uri,omitempty"`
	// Size is the size of the bytes in bytes, inline or kept.
	Size int64  `json:"size,omitempty"`
	Data []byte `json:"data,omitempty"`
	// Handle is the BlobStore key of bytes kept out of the Result.
	Handle string `json:"handle,omitempty"`
}

// ImagePart returns an inline image part.
func ImagePart(mimeType string, data []byte) Part {
	return Part{Kind: PartImage, MIMEType: mimeType, Size: int64(len(data)), Data: data}
}

// AudioPart returns an inline audio part.
func AudioPart(mimeType string, data []byte) Part {
	return Part{Kind: PartAudio, MIMEType: mimeType, Size: int64(len(data)), Data: data}
}

// FilePart returns an inline file part; uri may be "" (MCP then names it
// by its name).
func FilePart(name, mimeType, uri string, data []byte) Part {
	return Part{Kind: PartFile, Name: name, MIMEType: mimeType, URI: uri, Size: int64(len(data)), Data: data}
}

// ResourceLinkPart returns a part that links to a resource by URI.
func ResourceLinkPart(uri, name, mimeType string, size int64) Part {
	return Part{Kind: PartResourceLink, URI: uri, Name: name, MIMEType: mimeType, Size: size}
}

// Inline reports whether the part's bytes are in the Result (Data), not
// only behind a Handle or a URI.
func (p Part) Inline() bool { return p.Handle == "" && p.Kind != PartResourceLink }

// partKindOf is the kind of a body of MIME type mt.
func partKindOf(mt string) PartKind {
	switch {
	case strings.HasPrefix(mt, "image/"):
		return PartImage
	case strings.HasPrefix(mt, "audio/"):
		return PartAudio
	}
	return PartFile
}

// binaryType returns the MIME type of a body that is not text, and false
// for text (which the model reads as it is). A declared image, audio,
// video, font or model type is binary; a declared text type (text/*,
// JSON, XML, YAML, JavaScript, forms, NDJSON, any +json, +xml, +yaml) is
// text, unless the body is not UTF-8 and http.DetectContentType calls it
// a binary format (then binary, of the sniffed type); anything else (application/octet-stream, another application/*
// type, none, a malformed one) is sniffed with http.DetectContentType: a
// body it calls text and that is valid UTF-8 throughout is text, and
// otherwise binary under the declared type, or the sniffed one when none
// was declared or it was application/octet-stream.
func binaryType(h http.Header, body []byte) (string, bool) {
	if len(body) == 0 {
		return "", false
	}
	ct := h.Get("Content-Type")
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		mt = ""
	}
	if len(mt) > 255 { // RFC 6838: a type and a subtype of 127 characters at most
		mt = ""
	}
	if mt != "" && textType(mt) {
		// Declared text is text unless it is not UTF-8 and its first
		// bytes are a binary format's (a PNG served as JSON): then it is
		// that format, not replacement characters.
		if utf8.Valid(body) {
			return "", false
		}
		if sniffed, _, _ := mime.ParseMediaType(http.DetectContentType(body)); !strings.HasPrefix(sniffed, "text/") {
			return sniffed, true
		}
		return "", false
	}
	if major, _, _ := strings.Cut(mt, "/"); major == "image" || major == "audio" || major == "video" || major == "font" || major == "model" {
		return mt, true
	}
	sniffed, _, _ := mime.ParseMediaType(http.DetectContentType(body))
	if strings.HasPrefix(sniffed, "text/") && utf8.Valid(body) {
		return "", false
	}
	if mt == "" || mt == "application/octet-stream" {
		mt = sniffed
	}
	return mt, true
}

// textType reports a MIME type whose bodies are text.
func textType(mt string) bool {
	if strings.HasPrefix(mt, "text/") {
		return true
	}
	for _, suffix := range []string{"+json", "+xml", "+yaml", "-json"} {
		if strings.HasSuffix(mt, suffix) {
			return true
		}
	}
	switch mt {
	case "application/json", "application/xml", "application/yaml", "application/x-yaml", "application/javascript",
		"application/ecmascript", "application/x-www-form-urlencoded", "application/x-ndjson", "application/ndjson",
		"application/jsonl", "application/graphql", "application/sql", "application/xhtml", "application/x-javascript":
		return true
	}
	return false
}

// fileName is the file name a response's Content-Disposition gives, its
// directories dropped, or "".
func fileName(h http.Header) string {
	cd := h.Get("Content-Disposition")
	if cd == "" {
		return ""
	}
	_, params, err := mime.ParseMediaType(cd)
	if err != nil {
		return ""
	}
	name := path.Base(strings.ReplaceAll(params["filename"], `\`, "/"))
	if name == "." || name == "/" {
		return ""
	}
	return textcut.Cut(name, 200)
}

// binaryResult is the Result of a last step's body that is not text (of
// MIME type mt): one content part, inline within Options.MaxPartBytes,
// else kept in the BlobStore under a handle, and a short description for
// the model. A body holding a secret of the call is never inline: it is
// kept for the host alone.
func (r *run) binaryResult(resp *Response, mt string) Result {
	body := resp.Body
	p := Part{Kind: partKindOf(mt), MIMEType: r.secrets.Redact(mt), Name: r.secrets.Redact(fileName(resp.Header)), Size: int64(len(body))}
	inline := int64(len(body)) <= r.e.opts.MaxPartBytes
	if inline && len(r.secrets.list()) > 0 && r.secrets.Redact(string(body)) != string(body) {
		inline = false
	}
	var how string
	if inline {
		p.Data = body
		how = "given as " + article(p.Kind) + " part"
	} else if h, err := r.e.keepBlob(r.ctx, Blob{Name: p.Name, MIMEType: mt, Data: body}); err == nil {
		p.Handle = h
		how = "kept for the user's application as blob " + h + "; its bytes are not shown to you"
	} else {
		r.e.opts.Logger.WarnContext(r.ctx, "toolkit: a response body could not be kept in the BlobStore", "capability", r.w.Name, "error", err)
		how = "not shown to you and not kept (the blob store refused it)"
	}
	text := r.secrets.Redact(describePart(p)) + ", " + how // the server chose the name and type
	if !resp.OK() {
		text = r.secrets.Redact("HTTP "+resp.Status) + "\n" + text
	}
	res := r.shown(text)
	if p.Data != nil || p.Handle != "" {
		res.Parts = []Part{p}
	}
	return res
}

// describePart names a part for the model: its name, type and size.
func describePart(p Part) string {
	var b strings.Builder
	b.WriteString(string(p.Kind))
	if p.Name != "" {
		fmt.Fprintf(&b, " %q", p.Name)
	}
	fmt.Fprintf(&b, " (%s, %d bytes)", p.MIMEType, p.Size)
	return b.String()
}

func article(k PartKind) string {
	if k == PartImage || k == PartAudio {
		return "an " + string(k)
	}
	return "a " + string(k)
}

// OpenAIContent returns the Result as the content of a tool result for
// OpenAI's Responses API (the output of a function_call_output item):
// input_text with Text, then input_image (an image as a data URL) and
// input_file (a file as a data URL with its name) for each inline part.
// Audio, links and parts kept behind a handle are described in Text and
// have no item. Chat Completions' tool messages take text only: give them
// Text.
func (res Result) OpenAIContent() []map[string]any {
	out := []map[string]any{{"type": "input_text", "text": res.Text}}
	for _, p := range res.Parts {
		if !p.Inline() || p.Data == nil {
			continue
		}
		switch p.Kind {
		case PartImage:
			out = append(out, map[string]any{"type": "input_image", "image_url": dataURL(p)})
		case PartFile:
			out = append(out, map[string]any{"type": "input_file", "filename": partName(p), "file_data": dataURL(p)})
		}
	}
	return out
}

// AnthropicContent returns the Result as the content of an Anthropic
// tool_result block: a text block with Text, then an image block (base64
// source) for each inline image and a document block for each inline PDF
// or plain-text file. Audio, other files, links and parts kept behind a
// handle are described in Text and have no block.
func (res Result) AnthropicContent() []map[string]any {
	out := []map[string]any{{"type": "text", "text": res.Text}}
	for _, p := range res.Parts {
		if !p.Inline() || p.Data == nil {
			continue
		}
		source := map[string]any{"type": "base64", "media_type": p.MIMEType, "data": base64.StdEncoding.EncodeToString(p.Data)}
		switch {
		case p.Kind == PartImage:
			out = append(out, map[string]any{"type": "image", "source": source})
		case p.Kind == PartFile && p.MIMEType == "application/pdf":
			out = append(out, map[string]any{"type": "document", "source": source, "title": partName(p)})
		case p.Kind == PartFile && p.MIMEType == "text/plain" && utf8.Valid(p.Data):
			out = append(out, map[string]any{"type": "document", "title": partName(p),
				"source": map[string]any{"type": "text", "media_type": "text/plain", "data": string(p.Data)}})
		}
	}
	return out
}

func dataURL(p Part) string {
	return "data:" + p.MIMEType + ";base64," + base64.StdEncoding.EncodeToString(p.Data)
}

// partName is a part's name, or its URI's last segment, or "file".
func partName(p Part) string {
	switch {
	case p.Name != "":
		return p.Name
	case p.URI != "":
		return path.Base(p.URI)
	}
	return "file"
}
