package toolkit

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// pngBytes is a 1x1 red PNG.
var pngBytes, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")

// pdfBytes starts like a PDF and holds bytes that are not UTF-8.
var pdfBytes = append([]byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), bytes.Repeat([]byte{0, 1, 2, 0xff}, 64)...)

const bodyTool = `
name: fetch_body
desc: fetches a body
params:
  - {name: path, type: string, required: true, description: which body}
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/${param:path}
`

// bodies serves each path's body with its headers.
func bodies(t *testing.T) *testServer {
	type answer struct {
		status int
		header map[string]string
		body   []byte
	}
	answers := map[string]answer{
		"/png":      {200, map[string]string{"Content-Type": "image/png"}, pngBytes},
		"/sniffed":  {200, nil, pngBytes},
		"/octet":    {200, map[string]string{"Content-Type": "application/octet-stream"}, pngBytes},
		"/octtext":  {200, map[string]string{"Content-Type": "application/octet-stream"}, []byte("plain words, not a file")},
		"/pdf":      {200, map[string]string{"Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="../../etc/report.pdf"`}, pdfBytes},
		"/wav":      {200, map[string]string{"Content-Type": "audio/wav"}, []byte("RIFF\x24\x00\x00\x00WAVEfmt ")},
		"/missing":  {404, map[string]string{"Content-Type": "image/png"}, pngBytes},
		"/json":     {200, map[string]string{"Content-Type": "application/json"}, []byte(`{"a":1}`)},
		"/svg":      {200, map[string]string{"Content-Type": "image/svg+xml"}, []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
		"/vendor":   {200, map[string]string{"Content-Type": "application/vnd.example"}, []byte(`{"vendor":true}`)},
		"/secret":   {200, map[string]string{"Content-Type": "image/png"}, append(append([]byte{}, pngBytes...), "tok-s3cr3t-value"...)},
		"/empty":    {200, map[string]string{"Content-Type": "image/png"}, nil},
		"/zipnamed": {200, map[string]string{"Content-Type": "application/zip", "Content-Disposition": `attachment; filename="a.zip"`}, []byte("PK\x03\x04\x00\x00")},
	}
	return newServer(t, func(w http.ResponseWriter, r *http.Request) {
		a, ok := answers[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		for k, v := range a.header {
			w.Header().Set(k, v)
		}
		if a.header == nil {
			w.Header()["Content-Type"] = nil // no sniffing by net/http
		}
		w.WriteHeader(a.status)
		w.Write(a.body)
	})
}

func TestBinaryBodyIsAPart(t *testing.T) {
	srv := bodies(t)
	reg := loadRegistry(t, nil, srv.URL, bodyTool)
	tests := []struct {
		path     string
		wantText string
		want     []Part
	}{
		{"png", "image (image/png, 70 bytes), given as an image part", []Part{{Kind: PartImage, MIMEType: "image/png", Size: 70, Data: pngBytes}}},
		{"sniffed", "image (image/png, 70 bytes), given as an image part", []Part{{Kind: PartImage, MIMEType: "image/png", Size: 70, Data: pngBytes}}},
		{"octet", "image (image/png, 70 bytes), given as an image part", []Part{{Kind: PartImage, MIMEType: "image/png", Size: 70, Data: pngBytes}}},
		{"octtext", "plain words, not a file", nil},
		{"pdf", `file "report.pdf" (application/pdf, 271 bytes), given as a file part`,
			[]Part{{Kind: PartFile, MIMEType: "application/pdf", Name: "report.pdf", Size: 271, Data: pdfBytes}}},
		{"wav", "audio (audio/wav, 16 bytes), given as an audio part", []Part{{Kind: PartAudio, MIMEType: "audio/wav", Size: 16, Data: []byte("RIFF\x24\x00\x00\x00WAVEfmt ")}}},
		{"json", `{"a":1}`, nil},
		{"svg", `<svg xmlns="http://www.w3.org/2000/svg"/>`, nil},
		{"vendor", `{"vendor":true}`, nil},
		{"empty", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			res := call(t, reg, "fetch_body", `{"path":"`+tt.path+`"}`)
			if res.IsError {
				t.Fatalf("error: %s", res.Text)
			}
			if res.Text != tt.wantText {
				t.Errorf("text = %q, want %q", res.Text, tt.wantText)
			}
			if strings.ContainsRune(res.Text, '\ufffd') {
				t.Errorf("text holds replacement characters: %q", res.Text)
			}
			if diff := cmp.Diff(tt.want, res.Parts); diff != "" {
				t.Errorf("parts (-want +got):\n%s", diff)
			}
		})
	}
}

// TestBinaryBodyUnexpectedStatus: an unhandled 404 whose body is an image
// fails the call, and the error says what the body is instead of showing
// its bytes as text.
func TestBinaryBodyUnexpectedStatus(t *testing.T) {
	reg := loadRegistry(t, nil, bodies(t).URL, bodyTool)
	res := call(t, reg, "fetch_body", `{"path":"missing"}`)
	if !res.IsError || len(res.Parts) != 0 {
		t.Fatalf("result: %+v", res)
	}
	if !strings.Contains(res.Text, "HTTP 404 Not Found") || !strings.Contains(res.Text, "image/png, 70 bytes") || strings.Contains(res.Text, "PNG") {
		t.Errorf("text = %q, want the status and what the body is, not its bytes", res.Text)
	}
}

func TestBinaryBodyAboveTheBoundIsABlob(t *testing.T) {
	srv := bodies(t)
	for _, tt := range []struct {
		name string
		max  int64
	}{{"over MaxPartBytes", 100}, {"host prefers handles", -1}} {
		t.Run(tt.name, func(t *testing.T) {
			reg := loadRegistry(t, &Options{MaxPartBytes: tt.max}, srv.URL, bodyTool)
			res := call(t, reg, "fetch_body", `{"path":"pdf"}`)
			if res.IsError || len(res.Parts) != 1 {
				t.Fatalf("result: %+v", res)
			}
			p := res.Parts[0]
			if p.Data != nil || !strings.HasPrefix(p.Handle, "blob_") || p.Size != int64(len(pdfBytes)) || p.Name != "report.pdf" || p.Inline() {
				t.Fatalf("part: %+v", p)
			}
			want := `file "report.pdf" (application/pdf, 271 bytes), kept for the user's application as blob ` + p.Handle + "; its bytes are not shown to you"
			if res.Text != want {
				t.Errorf("text = %q\nwant %q", res.Text, want)
			}
			b, err := reg.Blob(context.Background(), p.Handle)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(Blob{Name: "report.pdf", MIMEType: "application/pdf", Data: pdfBytes}, b); diff != "" {
				t.Errorf("blob (-want +got):\n%s", diff)
			}
			if _, err := reg.Blob(context.Background(), p.Handle+"x"); !errors.Is(err, ErrBlobNotFound) {
				t.Errorf("unknown handle: %v", err)
			}
		})
	}
	t.Run("the store refuses", func(t *testing.T) {
		reg := loadRegistry(t, &Options{MaxPartBytes: -1, Blobs: NewMemoryBlobStore(10)}, srv.URL, bodyTool)
		res := call(t, reg, "fetch_body", `{"path":"pdf"}`)
		if res.IsError || len(res.Parts) != 0 || !strings.Contains(res.Text, "not shown to you and not kept") {
			t.Fatalf("result: %+v", res)
		}
	})
}

// A body that holds a secret of the call is never handed to the model.
func TestBinaryBodyWithASecretIsKept(t *testing.T) {
	srv := bodies(t)
	tool := `
name: fetch_secret
desc: fetches a body with a token
env: [BASE_URL, API_TOKEN]
steps:
  - url: ${env:BASE_URL}/secret
    headers:
      Authorization: Bearer ${env:API_TOKEN}
`
	reg := loadRegistry(t, &Options{Env: testEnv(map[string]string{"BASE_URL": srv.URL, "API_TOKEN": "tok-s3cr3t-value"})}, srv.URL, tool)
	res := call(t, reg, "fetch_secret", `{}`)
	if res.IsError || len(res.Parts) != 1 || res.Parts[0].Data != nil || res.Parts[0].Handle == "" {
		t.Fatalf("result: %+v", res)
	}
	out, _ := json.Marshal(res)
	if bytes.Contains(out, []byte("tok-s3cr3t-value")) || bytes.Contains(out, []byte(base64.StdEncoding.EncodeToString([]byte("tok-s3cr3t-value"))[:12])) {
		t.Errorf("the secret reached the Result: %s", out)
	}
}

// A result template still gets the text (the spec's result:), and a
// body that is not text only changes the raw result.
func TestBinaryBodyWithResultTemplate(t *testing.T) {
	srv := bodies(t)
	tool := `
name: fetch_png
desc: fetches a png
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/png
    result: fetched
`
	reg := loadRegistry(t, nil, srv.URL, tool)
	res := call(t, reg, "fetch_png", `{}`)
	if res.Text != "fetched" || res.Parts != nil {
		t.Errorf("result: %+v", res)
	}
}

func TestResultJSONCarriesPartBytes(t *testing.T) {
	res := Result{Text: "see", Parts: []Part{ImagePart("image/png", pngBytes)}}
	got, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"text":"see","parts":[{"kind":"image","mime_type":"image/png","size":70,"data":"` + base64.StdEncoding.EncodeToString(pngBytes) + `"}]}`
	if string(got) != want {
		t.Errorf("JSON:\n got %s\nwant %s", got, want)
	}
}

func TestProviderContent(t *testing.T) {
	res := Result{Text: "three files", Parts: []Part{
		ImagePart("image/png", []byte("img")),
		FilePart("r.pdf", "application/pdf", "", []byte("pdf")),
		FilePart("notes.txt", "text/plain", "", []byte("hello")),
		AudioPart("audio/wav", []byte("wav")),
		{Kind: PartFile, MIMEType: "application/zip", Handle: "blob_x", Size: 9},
		ResourceLinkPart("https://example.com/a", "a", "text/html", 0),
	}}
	openai := []map[string]any{
		{"type": "input_text", "text": "three files"},
		{"type": "input_image", "image_url": "data:image/png;base64,aW1n"},
		{"type": "input_file", "filename": "r.pdf", "file_data": "data:application/pdf;base64,cGRm"},
		{"type": "input_file", "filename": "notes.txt", "file_data": "data:text/plain;base64,aGVsbG8="},
	}
	if diff := cmp.Diff(openai, res.OpenAIContent()); diff != "" {
		t.Errorf("OpenAI (-want +got):\n%s", diff)
	}
	anthropic := []map[string]any{
		{"type": "text", "text": "three files"},
		{"type": "image", "source": map[string]any{"type": "base64", "media_type": "image/png", "data": "aW1n"}},
		{"type": "document", "title": "r.pdf", "source": map[string]any{"type": "base64", "media_type": "application/pdf", "data": "cGRm"}},
		{"type": "document", "title": "notes.txt", "source": map[string]any{"type": "text", "media_type": "text/plain", "data": "hello"}},
	}
	if diff := cmp.Diff(anthropic, res.AnthropicContent()); diff != "" {
		t.Errorf("Anthropic (-want +got):\n%s", diff)
	}
}

func TestMemoryBlobStore(t *testing.T) {
	ctx := context.Background()
	s := NewMemoryBlobStore(10)
	now := time.Unix(1000, 0)
	s.now = func() time.Time { return now }
	put := func(h string, n int, ttl time.Duration) error {
		return s.Put(ctx, h, Blob{MIMEType: "application/octet-stream", Data: bytes.Repeat([]byte{'x'}, n)}, ttl)
	}
	has := func(h string) bool {
		_, err := s.Get(ctx, h)
		if err != nil && !errors.Is(err, ErrBlobNotFound) {
			t.Fatalf("Get(%s): %v", h, err)
		}
		return err == nil
	}
	if err := put("a", 4, time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := put("b", 4, time.Hour); err != nil {
		t.Fatal(err)
	}
	if err := put("c", 4, time.Hour); err != nil { // 12 > 10: a, the oldest, goes
		t.Fatal(err)
	}
	if has("a") || !has("b") || !has("c") || s.Used() != 8 {
		t.Errorf("after eviction: a=%v b=%v c=%v used=%d", has("a"), has("b"), has("c"), s.Used())
	}
	if err := put("big", 11, time.Hour); !errors.Is(err, ErrBlobTooLarge) {
		t.Errorf("a blob over the store: %v", err)
	}
	now = now.Add(2 * time.Hour) // b and c expire
	if has("b") || has("c") {
		t.Error("expired entries are still served")
	}
	if err := put("d", 10, time.Hour); err != nil || s.Used() != 10 {
		t.Errorf("after expiry: %v, used %d", err, s.Used())
	}
	if err := s.Delete(ctx, "d"); err != nil || has("d") || s.Used() != 0 {
		t.Errorf("after Delete: %v, used %d", err, s.Used())
	}
	if err := s.Delete(ctx, "never"); err != nil {
		t.Errorf("Delete of a missing handle: %v", err)
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	if err := s.Put(canceled, "e", Blob{}, time.Hour); !errors.Is(err, context.Canceled) {
		t.Errorf("Put with a canceled context: %v", err)
	}
}

// What a hostile server chooses (a name holding the call's secret, a
// type past RFC 6838's length) never carries a secret or a megabyte
// into what the model reads.
func TestBinaryBodyHostileHeaders(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/"+strings.Repeat("x", 300))
		w.Header().Set("Content-Disposition", `attachment; filename="../leak-tok-s3cr3t-value-`+strings.Repeat("n", 500)+`.png"`)
		w.Write(pngBytes)
	})
	tool := `
name: fetch_hostile
desc: fetches a body with hostile headers
env: [BASE_URL, API_TOKEN]
steps:
  - url: ${env:BASE_URL}/x
    headers:
      Authorization: Bearer ${env:API_TOKEN}
`
	reg := loadRegistry(t, &Options{Env: testEnv(map[string]string{"BASE_URL": srv.URL, "API_TOKEN": "tok-s3cr3t-value"})}, srv.URL, tool)
	res := call(t, reg, "fetch_hostile", `{}`)
	if res.IsError || len(res.Parts) != 1 {
		t.Fatalf("result: %+v", res)
	}
	out, _ := json.Marshal(res)
	if bytes.Contains(out, []byte("tok-s3cr3t-value")) {
		t.Errorf("the secret reached the Result: %s", out)
	}
	if p := res.Parts[0]; p.MIMEType != "image/png" || len(p.Name) > 200 || len(res.Text) > 400 {
		t.Errorf("part %q %q, text of %d bytes", p.MIMEType, p.Name, len(res.Text))
	}
}
