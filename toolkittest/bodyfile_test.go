package toolkittest_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit/toolkittest"
)

const logoTool = `
name: get_logo
desc: the logo
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/logo.png
`

// A binary body is recorded into a file beside the fixture, not inline,
// and replayed from it byte for byte.
func TestRecordReplayBinaryBody(t *testing.T) {
	png := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{0xff, 0x00, 0x80}, 100)...)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write(png)
	}))
	defer srv.Close()
	dir := t.TempDir()
	env := map[string]string{"BASE_URL": srv.URL}

	rec := toolkittest.Record(t, dir, nil)
	want := rec.Call(newRegistry(t, rec, env, logoTool, "127.0.0.1"), "get_logo", `{}`)
	if want.IsError || len(want.Parts) != 1 || !bytes.Equal(want.Parts[0].Data, png) {
		t.Fatalf("recording: %+v", want)
	}
	fixture := string(fixtureFile(t, dir))
	files, _ := filepath.Glob(filepath.Join(dir, "get_logo-*.1.response.png"))
	if len(files) != 1 {
		t.Fatalf("body files: %v", files)
	}
	if !strings.Contains(fixture, "body_file: "+filepath.Base(files[0])) || strings.Contains(fixture, "base64") {
		t.Errorf("the fixture does not name the body file, or holds the body:\n%s", fixture)
	}
	if data, err := os.ReadFile(files[0]); err != nil || !bytes.Equal(data, png) {
		t.Errorf("body file: %v, %d bytes", err, len(data))
	}
	srv.Close()

	fx := toolkittest.Replay(t, dir, nil)
	got := fx.Call(newRegistry(t, fx, env, logoTool), "get_logo", `{}`)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("replay (-recorded +replayed):\n%s", diff)
	}

}

// Recording a call again removes the body files of its last recording.
func TestRecordAgainRemovesOldBodyFiles(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Write([]byte{0, 1, 2, 0xff})
	}))
	defer srv.Close()
	dir := t.TempDir()
	env := map[string]string{"BASE_URL": srv.URL}
	rec := toolkittest.Record(t, dir, nil)
	stale := strings.TrimSuffix(rec.Path("get_logo", `{}`), ".yaml") + ".7.response.bin"
	if err := os.WriteFile(stale, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	rec.Call(newRegistry(t, rec, env, logoTool, "127.0.0.1"), "get_logo", `{}`)
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the stale body file is still there: %v", err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "get_logo-*.1.response.bin"))
	if len(files) != 1 {
		t.Errorf("body files: %v", files)
	}
}

// A body_file that is a path is refused: a fixture reads only beside it.
func TestReplayBodyFileIsAName(t *testing.T) {
	dir := t.TempDir()
	fixture := `capability: get_logo
arguments: {}
interactions:
  - request:
      method: GET
      url: http://example.com/logo.png
    response:
      status: 200 OK
      headers:
        Content-Type: image/png
      body_file: ../secret.png
`
	ft := &fakeT{T: t}
	fx := toolkittest.Replay(ft, dir, nil)
	reg := newRegistry(t, fx, map[string]string{"BASE_URL": "http://example.com"}, logoTool)
	// The fixture's name is the call's: write it where Replay looks.
	file := fx.Path("get_logo", `{}`)
	if err := os.WriteFile(file, []byte(fixture), 0o644); err != nil {
		t.Fatal(err)
	}
	got := fx.Call(reg, "get_logo", `{}`)
	if !got.IsError {
		t.Errorf("want an error Result, got %+v", got)
	}
	ft.want(t, `body_file "../secret.png" is not a file name beside the fixture`)
}
