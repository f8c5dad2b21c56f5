package toolkit

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit/internal/formdata"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// gotPart is one part of a multipart request as the server parsed it.
type gotPart struct {
	Name, Filename, ContentType string
	Data                        []byte
}

// uploadServer parses each request's body with mime/multipart (or keeps
// it raw) and answers "ok".
type uploadServer struct {
	mu    sync.Mutex
	parts [][]gotPart
	raw   [][]byte
	types []string
}

func (u *uploadServer) handler(t *testing.T) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ct := r.Header.Get("Content-Type")
		mt, params, _ := mime.ParseMediaType(ct)
		var got []gotPart
		var raw []byte
		if mt == "multipart/form-data" {
			mr := multipart.NewReader(r.Body, params["boundary"])
			for {
				p, err := mr.NextPart()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Errorf("NextPart: %v", err)
					break
				}
				data, _ := io.ReadAll(p)
				got = append(got, gotPart{Name: p.FormName(), Filename: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: data})
			}
		} else {
			raw, _ = io.ReadAll(r.Body)
		}
		u.mu.Lock()
		u.parts, u.raw, u.types = append(u.parts, got), append(u.raw, raw), append(u.types, ct)
		u.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"ok":true}`)
	}
}

// png is a file whose bytes are not text: every byte value once.
var png = func() []byte {
	b := []byte("\x89PNG\r\n\x1a\n")
	for i := 0; i < 256; i++ {
		b = append(b, byte(i))
	}
	return b
}()

const uploadTool = `
name: upload_photo
desc: uploads a photo with a caption
params:
  - {name: caption, type: string, required: true, description: the caption}
  - {name: photo, type: string, required: true, description: the photo, format: base64}
  - {name: filename, type: string, required: false, description: its file name, default: photo.png}
steps:
  - url: ${env:BASE_URL}/upload
    method: POST
    body:
      multipart:
        - name: caption
          value: ${param:caption}
        - name: meta
          value: '{"caption": "${param:caption}"}'
          content_type: application/json
        - name: photo
          file: ${param:photo}
          filename: ${param:filename}
          content_type: image/png
    var:
      - {name: ok, extract: ok}
    result: "uploaded: ${step0:ok}"
`

func TestUploadMultipart(t *testing.T) {
	var us uploadServer
	srv := newServer(t, us.handler(t))
	reg := loadRegistry(t, nil, srv.URL, uploadTool)
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawURLEncoding} {
		args := fmt.Sprintf(`{"caption":"a \"cat\"\r\nX-Evil: 1","photo":%q,"filename":"my \"cat\".png"}`, enc.EncodeToString(png))
		wantText(t, call(t, reg, "upload_photo", args), "uploaded: true")
	}
	want := []gotPart{
		{Name: "caption", Data: []byte("a \"cat\"\r\nX-Evil: 1")},
		{Name: "meta", ContentType: "application/json", Data: []byte(`{"caption": "a \"cat\"\r\nX-Evil: 1"}`)},
		{Name: "photo", Filename: `my "cat".png`, ContentType: "image/png", Data: png},
	}
	if len(us.parts) != 2 {
		t.Fatalf("%d requests, want 2", len(us.parts))
	}
	for i, got := range us.parts {
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("request %d: parts (-want +got):\n%s", i, d)
		}
	}
}

// TestUploadEscaping: a part's name and file name cannot end the quoted
// string or the header line (RFC 7578; CR and LF percent-encoded).
func TestUploadEscaping(t *testing.T) {
	var body []byte
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { body, _ = io.ReadAll(r.Body) })
	reg := loadRegistry(t, nil, srv.URL, `
name: up
desc: d
params:
  - {name: f, type: string, required: true, description: d, format: base64}
  - {name: n, type: string, required: true, description: d}
steps:
  - url: ${env:BASE_URL}/u
    method: POST
    body:
      multipart:
        - {name: 'a"b\c', file: '${param:f}', filename: '${param:n}'}
`)
	res := call(t, reg, "up", `{"f":"aGk=","n":"x\"; name=\"evil\r\nContent-Type: text/html"}`)
	if !res.IsError {
		t.Fatalf("a CR/LF in a file name template (InHeader) should be refused, got %q", res.Text)
	}
	res = call(t, reg, "up", `{"f":"aGk=","n":"x\"; name=\"evil"}`)
	if res.IsError {
		t.Fatal(res.Text)
	}
	want := `Content-Disposition: form-data; name="a\"b\\c"; filename="x\"; name=\"evil"`
	if !bytes.Contains(body, []byte(want)) {
		t.Errorf("body %q lacks %q", body, want)
	}
	if got := formdata.Escape("a\r\nb\"c\\"); got != `a%0D%0Ab\"c\\` {
		t.Errorf("formdata.Escape = %q", got)
	}
}

func TestUploadRawFile(t *testing.T) {
	var us uploadServer
	srv := newServer(t, us.handler(t))
	reg := loadRegistry(t, nil, srv.URL, `
name: put_doc
desc: puts a document
params:
  - {name: doc, type: string, required: true, description: the document, format: base64}
steps:
  - url: ${env:BASE_URL}/doc
    method: PUT
    body:
      file: ${param:doc}
`, `
name: put_pdf
desc: puts a PDF from the host
values: [upload]
steps:
  - url: ${env:BASE_URL}/pdf
    method: PUT
    body:
      file: ${value:upload}
      content_type: application/pdf
`)
	wantText(t, call(t, reg, "put_doc", fmt.Sprintf(`{"doc":%q}`, base64.StdEncoding.EncodeToString(png))), `{"ok":true}`)
	wantText(t, call(t, reg, "put_pdf", `{}`, WithBytes("upload", png)), `{"ok":true}`)
	wantText(t, call(t, reg, "put_pdf", `{}`, WithReader("upload", bytes.NewReader(png[:10]))), `{"ok":true}`)
	if d := cmp.Diff([][]byte{png, png, png[:10]}, us.raw); d != "" {
		t.Errorf("bodies (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"application/octet-stream", "application/pdf", "application/pdf"}, us.types); d != "" {
		t.Errorf("content types (-want +got):\n%s", d)
	}
	wantError(t, call(t, reg, "put_pdf", `{}`), `per-call value "upload"`)
}

func TestUploadBlob(t *testing.T) {
	var us uploadServer
	srv := newServer(t, us.handler(t))
	store := NewMemoryBlobStore(0)
	reg := loadRegistry(t, &Options{Blobs: store}, srv.URL, `
name: forward
desc: sends a kept file on
params:
  - {name: file, type: string, required: true, description: the file, format: blob}
steps:
  - url: ${env:BASE_URL}/f
    method: POST
    body:
      multipart:
        - {name: file, file: '${param:file}'}
`)
	ctx := WithCacheScope("tenant-a")
	co := newCallOptions([]CallOption{ctx})
	if err := store.Put(co.withCacheScope(context.Background()), "blob_X", Blob{Name: "logo.png", MIMEType: "image/png", Data: png}, 0); err != nil {
		t.Fatal(err)
	}
	wantText(t, call(t, reg, "forward", `{"file":"blob_X"}`, ctx), `{"ok":true}`)
	want := []gotPart{{Name: "file", Filename: "logo.png", ContentType: "image/png", Data: png}}
	if d := cmp.Diff(want, us.parts[0]); d != "" {
		t.Errorf("parts (-want +got):\n%s", d)
	}
	// Another tenant's call does not reach it.
	wantError(t, call(t, reg, "forward", `{"file":"blob_X"}`, WithCacheScope("tenant-b")), `parameter "file": no blob has this handle`)
}

func TestUploadErrors(t *testing.T) {
	var us uploadServer
	srv := newServer(t, us.handler(t))
	reg := loadRegistry(t, &Options{MaxUploadBytes: 100}, srv.URL, uploadTool)
	big := base64.StdEncoding.EncodeToString(make([]byte, 200))
	tests := []struct{ args, want string }{
		{fmt.Sprintf(`{"caption":"c","photo":%q}`, big), `the files have 200 bytes, over the limit of 100 (Options.MaxUploadBytes)`},
		{fmt.Sprintf(`{"caption":%q,"photo":"aGk="}`, strings.Repeat("c", 200)), `over 100 bytes (Options.MaxUploadBytes)`},
	}
	for _, tt := range tests {
		wantError(t, call(t, reg, "upload_photo", tt.args), tt.want)
	}
	reg = loadRegistry(t, nil, srv.URL, uploadTool)
	wantError(t, call(t, reg, "upload_photo", `{"caption":"c","photo":"not$base64"}`), `parameter "photo" is not valid base64 (illegal base64 data at input byte 3)`)
	wantError(t, call(t, reg, "upload_photo", fmt.Sprintf(`{"caption":"c","photo":"aGk=","filename":%q}`, strings.Repeat("f", MaxFilenameBytes+1))),
		`part "photo": the file name has 1025 bytes; at most 1024 are allowed`)
	if len(us.parts) != 0 {
		t.Errorf("%d requests sent, want none", len(us.parts))
	}
	text, enc := formdata.Base64(" data:image/png;base64," + strings.Repeat("A", 4<<10) + "\n!!!!")
	f := &fileData{b64: text, enc: enc, param: "p"}
	if _, err := f.bytes(); err == nil || !strings.Contains(err.Error(), "byte 4096") {
		t.Errorf("decode: %v, want the offset of the bad byte", err)
	}
}

func TestUploadLoadErrors(t *testing.T) {
	parts := make([]string, MaxUploadParts+1)
	for i := range parts {
		parts[i] = fmt.Sprintf("        - {name: f%d, value: x}", i)
	}
	tests := []struct{ body, want string }{
		{"      multipart:\n" + strings.Join(parts, "\n"), "65 parts; at most 64 are allowed"},
		{"      multipart:\n        - {name: a, file: '${param:text}'}", `parameter "text" sends a file: give it format: base64`},
		{"      multipart:\n        - {name: a, file: 'x ${param:text}'}", "must be one reference"},
		{"      multipart:\n        - {name: a, file: '${value:nope}'}", `per-call value "nope" is not declared`},
		{"      multipart:\n        - {name: a}", "set value (a field's text) or file"},
		{"      multipart:\n        - {name: a, value: x, filename: f}", "only a file part has a file name"},
		{"      multipart:\n        - {value: x}", `missing required field "name"`},
		{"      multipart:\n        - {name: '" + strings.Repeat("n", 1025) + "', value: x}", "at most 1024 are allowed"},
		{"      file: '${param:bin}'\n      multipart: []", "set multipart or file, not both"},
		{"      file: '${param:bin}'\n      content_type: 'not a type'", "is not a media type"},
		{"      files: x", `unknown field "files"`},
		{"      multipart:\n        - {name: a, value: x}\n    cache: true\n    var: [{name: v, extract: v}]", "cache never hits"},
	}
	for _, tt := range tests {
		src := `
name: t
desc: d
params:
  - {name: text, type: string, required: true, description: d}
  - {name: bin, type: string, required: true, description: d, format: base64}
steps:
  - url: https://example.com/
    method: POST
    body:
` + tt.body + "\n"
		_, diags := ParseWorkflow("t.yaml", []byte(src))
		if !strings.Contains(allDiags(diags), tt.want) {
			t.Errorf("body\n%s\ndiagnostics %q lack %q", tt.body, allDiags(diags), tt.want)
		}
	}
	_, diags := ParseWorkflow("t.yaml", []byte(`
name: t
desc: d
params:
  - {name: n, type: integer, required: true, description: d, format: blob}
  - {name: m, type: string, required: true, description: d, format: hex}
steps:
  - url: https://example.com/
`))
	for _, want := range []string{"format blob needs type: string", `unknown format "hex"`} {
		if !strings.Contains(allDiags(diags), want) {
			t.Errorf("diagnostics %q lack %q", allDiags(diags), want)
		}
	}
}

// TestUploadSchema: the model reads what a file parameter carries.
func TestUploadSchema(t *testing.T) {
	w, diags := ParseWorkflow("t.yaml", []byte(uploadTool))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	b, _ := jsonstr.Marshal(paramsSchema(w.Params))
	want := `"photo":{"type":"string","description":"the photo. The file's bytes in base64.","contentEncoding":"base64"}`
	if !strings.Contains(string(b), want) {
		t.Errorf("schema %s lacks %s", b, want)
	}
}

func allDiags(ds Diagnostics) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.Error() + "\n")
	}
	return b.String()
}

func TestUploadMermaid(t *testing.T) {
	w, diags := ParseWorkflow("t.yaml", []byte(uploadTool))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if m := w.Mermaid(); !strings.Contains(m, "multipart: caption, meta, photo (file)") {
		t.Errorf("picture lacks the upload:\n%s", m)
	}
}

// FuzzUploadBase64: whatever the model sends, decoding either fails
// naming the parameter or gives what encoding/base64 gives, and the size
// announced before decoding holds what is decoded.
func FuzzUploadBase64(f *testing.F) {
	f.Add("aGVsbG8=")
	f.Add("aGVsbG8")
	f.Add("a-_b")
	f.Add(" data:x;base64,aGk=\n")
	f.Add("!!")
	f.Add("QUFBQQ=")   // a fragment after a whole quantum
	f.Add("QUFBQUFBQ") // a lone last character
	f.Fuzz(func(t *testing.T, s string) {
		text, enc := formdata.Base64(s)
		fd := &fileData{b64: text, enc: enc, param: "p"}
		got, err := fd.bytes()
		if err != nil {
			if !strings.Contains(err.Error(), `parameter "p" is not valid base64`) {
				t.Fatalf("error %v does not name the parameter", err)
			}
			return
		}
		want, werr := enc.DecodeString(text)
		if werr != nil || !bytes.Equal(got, want) {
			t.Fatalf("decoded %q, encoding/base64 %q (%v)", got, want, werr)
		}
		if int64(len(got)) > fd.size() {
			t.Fatalf("%d bytes decoded, size said %d", len(got), fd.size())
		}
		var buf bytes.Buffer
		buf.WriteString("head")
		if err := fd.writeTo(&buf, &buf); err != nil || !bytes.Equal(buf.Bytes()[4:], want) {
			t.Fatalf("writeTo: %q, %v", buf.Bytes()[4:], err)
		}
	})
}
