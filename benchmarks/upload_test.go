package benchmarks

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/toolkit-sdk/toolkit"
	interleaved "github.com/toolkit-sdk/toolkit/internal/interleave"
)

const uploadBenchTool = `
name: upload
desc: uploads a file
env: [BASE_URL]
params:
  - {name: file, type: string, required: true, description: the file, format: base64}
steps:
  - url: ${env:BASE_URL}/upload
    method: POST
    body:
      multipart:
        - {name: caption, value: a photo}
        - {name: file, file: '${param:file}', filename: photo.png, content_type: image/png}
`

// uploadTwin is the hand-written twin: the model's arguments decoded
// with encoding/json, the base64 with encoding/base64, the body written
// with mime/multipart, sent with net/http.
func uploadTwin(client *http.Client, base string, args []byte) error {
	var in struct{ File string }
	if err := json.Unmarshal(args, &in); err != nil {
		return err
	}
	data, err := base64.StdEncoding.DecodeString(in.File)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	if err := w.WriteField("caption", "a photo"); err != nil {
		return err
	}
	h := make(map[string][]string)
	h["Content-Disposition"] = []string{`form-data; name="file"; filename="photo.png"`}
	h["Content-Type"] = []string{"image/png"}
	pw, err := w.CreatePart(h)
	if err != nil {
		return err
	}
	pw.Write(data)
	w.Close()
	req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, base+"/upload", &buf)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	if resp.StatusCode != http.StatusOK {
		return errors.New(resp.Status)
	}
	return nil
}

// BenchmarkUpload1MB times a multipart upload of a 1 MB file the model
// sends in base64 beside its hand-written twin, interleaved in the
// process's CPU time, and reports the bytes each side allocates per file
// byte (B/byte, base-B/byte).
func BenchmarkUpload1MB(b *testing.B) {
	png := pngLike()
	b64 := base64.StdEncoding.EncodeToString(png)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := io.Copy(io.Discard, r.Body)
		if n < int64(len(png)) {
			w.WriteHeader(http.StatusBadRequest)
		}
	}))
	defer srv.Close()
	reg := toolkit.NewRegistry(&toolkit.Options{
		Env:          func(k string) (string, bool) { return srv.URL, k == "BASE_URL" },
		Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
		HTTPClient:   &http.Client{Transport: newTransport()},
		AllowPrivate: []string{"127.0.0.1"},
	})
	if _, err := reg.LoadBytes("upload.yaml", []byte(uploadBenchTool)); err != nil {
		b.Fatal(err)
	}
	args, _ := json.Marshal(map[string]string{"file": b64})
	client := &http.Client{Transport: newTransport()}
	toolkitSide := func() {
		res, err := reg.Call(context.Background(), "upload", args)
		if err != nil || res.IsError {
			b.Fatalf("upload: %.200q, %v", res.Text, err)
		}
	}
	twin := func() {
		if err := uploadTwin(client, srv.URL, args); err != nil {
			b.Fatal(fmt.Errorf("twin: %w", err))
		}
	}
	toolkitSide()
	twin()
	const calls = 4
	alloc := [2]uint64{}
	n := 0
	interleaved.RunAround(b, calls, interleaved.CPU, toolkitSide, twin, func(side int, run func()) {
		before := allocated()
		run()
		alloc[side] += allocated() - before
		if side == 0 {
			n += calls
		}
	})
	b.ReportMetric(float64(alloc[0])/float64(n)/float64(len(png)), "B/byte")
	b.ReportMetric(float64(alloc[1])/float64(n)/float64(len(png)), "base-B/byte")
}
