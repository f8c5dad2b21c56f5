package toolkit_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"

	"github.com/toolkit-sdk/toolkit"
)

// A tool file uploads a photo the model sends in base64 beside a caption,
// as a multipart/form-data body; the server reads the parts.
func Example_upload() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
		mr := multipart.NewReader(r.Body, params["boundary"])
		for {
			p, err := mr.NextPart()
			if err != nil {
				break
			}
			data, _ := io.ReadAll(p)
			fmt.Printf("part %s filename=%q type=%q: %q\n", p.FormName(), p.FileName(), p.Header.Get("Content-Type"), data)
		}
		fmt.Fprint(w, `{"id": 7}`)
	}))
	defer srv.Close()
	reg := toolkit.NewRegistry(&toolkit.Options{
		Env:          func(name string) (string, bool) { return srv.URL, name == "BASE_URL" },
		AllowPrivate: []string{"127.0.0.1"},
		Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	_, err := reg.LoadBytes("upload_photo.yaml", []byte(`
name: upload_photo
desc: Upload a photo with a caption.
env: [BASE_URL]
params:
  - {name: caption, type: string, required: true, description: the caption}
  - {name: photo, type: string, required: true, description: the photo, format: base64}
steps:
  - url: ${env:BASE_URL}/photos
    method: POST
    body:
      multipart:
        - {name: caption, value: '${param:caption}'}
        - {name: photo, file: '${param:photo}', filename: cat.png, content_type: image/png}
    var:
      - {name: id, extract: id}
    result: "uploaded as photo ${step0:id}"
`))
	if err != nil {
		panic(err)
	}
	args, _ := json.Marshal(map[string]any{"name": "upload_photo", "parameters": map[string]string{"caption": "my cat", "photo": "iVBORw0KGgo="}})
	res, _ := reg.Call(context.Background(), toolkit.ToolCallCapability, args)
	fmt.Println(res.Text)
	// Output:
	// part caption filename="" type="": "my cat"
	// part photo filename="cat.png" type="image/png": "\x89PNG\r\n\x1a\n"
	// uploaded as photo 7
}
