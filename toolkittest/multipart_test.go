package toolkittest_test

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit/toolkittest"
)

const uploadTool = `
name: upload
desc: uploads a file
env: [BASE_URL, API_KEY]
params:
  - {name: file, type: string, required: true, description: the file, format: base64}
steps:
  - url: ${env:BASE_URL}/upload
    method: POST
    body:
      multipart:
        - {name: api_key, value: '${env:API_KEY}'}
        - {name: file, file: '${param:file}', filename: a.bin}
`

// An upload is recorded and replayed: its parts match whatever boundary
// each request has, and a secret inside a file's bytes is redacted in
// the body file byte for byte.
func TestRecordReplayMultipart(t *testing.T) {
	const key = "sk-upload-4242-secret"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		fmt.Fprint(w, `{"ok":true}`)
	}))
	defer srv.Close()
	dir := t.TempDir()
	env := map[string]string{"BASE_URL": srv.URL, "API_KEY": key}
	data := append([]byte{0xff, 0x00, 0x80}, key...)
	data = append(data, 0xfe, 0x01)
	args := fmt.Sprintf(`{"file":%q}`, base64.StdEncoding.EncodeToString(data))

	rec := toolkittest.Record(t, dir, nil)
	want := rec.Call(newRegistry(t, rec, env, uploadTool, "127.0.0.1"), "upload", args)
	if want.IsError {
		t.Fatal(want.Text)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "upload-*.1.request.*"))
	if len(files) != 1 {
		t.Fatalf("request body files: %v", files)
	}
	body, _ := os.ReadFile(files[0])
	if bytes.Contains(body, []byte(key)) || !bytes.Contains(body, []byte("\xff\x00\x80[REDACTED]\xfe\x01")) {
		t.Errorf("body file %q: the key is not redacted byte-wise", body)
	}
	if fixture := fixtureFile(t, dir); strings.Contains(string(fixture), key) {
		t.Errorf("the fixture holds the key:\n%s", fixture)
	}
	srv.Close()

	fx := toolkittest.Replay(t, dir, nil)
	got := fx.Call(newRegistry(t, fx, env, uploadTool), "upload", args)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("replay (-recorded +replayed):\n%s", diff)
	}

	// Another file does not match.
	ft := &fakeT{T: t}
	fx = toolkittest.Replay(ft, dir, nil)
	other := fmt.Sprintf(`{"file":%q}`, base64.StdEncoding.EncodeToString([]byte{0xff, 0xfe, 0xfd}))
	if err := os.Rename(fx.Path("upload", args), fx.Path("upload", other)); err != nil {
		t.Fatal(err)
	}
	if res := fx.Call(newRegistry(t, fx, env, uploadTool), "upload", other); !res.IsError {
		t.Errorf("another file matched the recording: %+v", res)
	}
	ft.want(t, `no recorded request matches POST`)
}

// FuzzMultipartMatch: a recorded body of any bytes is matched without a
// panic, and the same body always reads the same.
func FuzzMultipartMatch(f *testing.F) {
	f.Add("--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--b--\r\n")
	f.Add("--b\r\n\r\n\xff\x00[REDACTED]\x01\r\n--b--")
	f.Add("--\r\n")
	f.Fuzz(func(t *testing.T, body string) {
		a := toolkittest.MatchBody(body)
		if b := toolkittest.MatchBody(body); a != b {
			t.Errorf("two readings differ: %q, %q", a, b)
		}
	})
}
