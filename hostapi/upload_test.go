package hostapi

import (
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const uploadDoc = `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {
 "/pets/{id}/photo": {"post": {"operationId": "uploadPhoto",
  "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
  "requestBody": {"required": true, "content": {"multipart/form-data": {
    "schema": {"type": "object", "required": ["photo"], "properties": {
      "caption": {"type": "string"},
      "tags": {"type": "array", "items": {"type": "string"}},
      "meta": {"type": "object", "properties": {"w": {"type": "integer"}}},
      "photo": {"type": "string", "format": "binary", "description": "the photo"}}},
    "encoding": {"photo": {"contentType": "image/png"}}}}},
  "responses": {"200": {"description": "ok"}}}},
 "/files": {"put": {"operationId": "putFile",
  "requestBody": {"content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}},
  "responses": {"200": {"description": "ok"}}}}}}`

type part struct {
	Name, Filename, ContentType string
	Data                        string
}

// TestMultipartEndpoint: an OpenAPI multipart/form-data body is sent as
// its parts, the file's bytes decoded from the model's base64 exactly.
func TestMultipartEndpoint(t *testing.T) {
	cat, diags := ParseOpenAPI("", []byte(uploadDoc), nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var got []part
	var raw []byte
	var rawType string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if mt != "multipart/form-data" {
			raw, _ = io.ReadAll(r.Body)
			rawType = mt
			return
		}
		got = nil
		mr := multipart.NewReader(r.Body, params["boundary"])
		for {
			p, err := mr.NextPart()
			if err != nil {
				break
			}
			data, _ := io.ReadAll(p)
			got = append(got, part{p.FormName(), p.FileName(), p.Header.Get("Content-Type"), string(data)})
		}
	}))
	defer srv.Close()
	reg := newRegistry(t, cat, Options{BaseURL: srv.URL, MaxUploadBytes: 1000})
	bin := "\x89PNG\r\n\x1a\n\x00\xff\"--"
	b64 := base64.StdEncoding.EncodeToString([]byte(bin))

	res := run(reg, ToolCall, fmt.Sprintf(`{"endpoint": "uploadPhoto", "path_params": {"id": "7"},
		"body": {"caption": "hi", "tags": ["a", "b"], "meta": {"w": 3}, "photo": %q}}`, b64))
	if res.IsError {
		t.Fatal(res.Text)
	}
	want := []part{
		{Name: "caption", Data: "hi"},
		{Name: "meta", ContentType: "application/json", Data: `{"w":3}`},
		{Name: "photo", Filename: "photo", ContentType: "image/png", Data: bin},
		{Name: "tags", Data: "a"},
		{Name: "tags", Data: "b"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("parts (-want +got):\n%s", d)
	}
	// A file as an object: its name and type.
	res = run(reg, ToolCall, fmt.Sprintf(`{"endpoint": "uploadPhoto", "path_params": {"id": "7"},
		"body": {"photo": {"data": %q, "filename": "a\"b.png", "content_type": "image/webp"}}}`, b64))
	if res.IsError {
		t.Fatal(res.Text)
	}
	if d := cmp.Diff([]part{{Name: "photo", Filename: `a"b.png`, ContentType: "image/webp", Data: bin}}, got); d != "" {
		t.Errorf("parts (-want +got):\n%s", d)
	}
	// application/octet-stream: the bytes of the model's base64.
	res = run(reg, ToolCall, fmt.Sprintf(`{"endpoint": "putFile", "body": %q}`, b64))
	if res.IsError || string(raw) != bin || rawType != "application/octet-stream" {
		t.Errorf("octet-stream: %s: body %q, type %q", show(res), raw, rawType)
	}
	// Errors name the field; nothing is sent.
	got, raw = nil, nil
	big := base64.StdEncoding.EncodeToString(make([]byte, 2000))
	for _, tt := range []struct{ args, want string }{
		{`{"endpoint": "uploadPhoto", "path_params": {"id": "7"}, "body": {"photo": "not$base64"}}`, `parameter "body.photo" is not valid base64 (illegal base64 data at input byte 3)`},
		{fmt.Sprintf(`{"endpoint": "uploadPhoto", "path_params": {"id": "7"}, "body": {"photo": %q}}`, big), `over the limit of 1000 (Options.MaxUploadBytes)`},
		{`{"endpoint": "putFile", "body": "%%%"}`, `parameter "body" is not valid base64`},
		{`{"endpoint": "uploadPhoto", "path_params": {"id": "7"}, "body": {"photo": 3}}`, `body.photo`},
	} {
		if res := run(reg, ToolCall, tt.args); !res.IsError || !strings.Contains(res.Text, tt.want) {
			t.Errorf("%s: got %s, want an error with %q", tt.args, show(res), tt.want)
		}
	}
	if got != nil || raw != nil {
		t.Errorf("a refused call was sent: %v %q", got, raw)
	}
	// The docs show the model what to send.
	res = run(reg, ToolQueryDocs, `{"endpoint": "uploadPhoto"}`)
	for _, want := range []string{`multipart/form-data`, `"contentEncoding":"base64"`, `its bytes in base64`} {
		if !strings.Contains(res.Text, want) {
			t.Errorf("docs lack %q:\n%s", want, res.Text)
		}
	}
	res = run(reg, ToolQueryDocs, `{"endpoint": "putFile"}`)
	if !strings.Contains(res.Text, `The body's bytes (application/octet-stream) in base64.`) {
		t.Errorf("docs of putFile: %s", res.Text)
	}
}
