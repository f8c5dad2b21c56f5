package toolkittest_test

import (
	"bytes"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit/toolkittest"
)

// A hostile server echoes the call's token into a binary body, its
// Content-Type's parameters and its Content-Disposition filename: no
// file the recording writes (fixture or body file) holds the token in
// its name or its bytes, raw or base64.
func TestReview30_BinaryFixtureHoldsNoSecret(t *testing.T) {
	const token = "tok-s3cr3t-value-77"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png; x="+token)
		w.Header().Set("Content-Disposition", `attachment; filename="`+token+`.png"`)
		w.Write(append([]byte("\x89PNG\r\n\x1a\n\xff\x00"), token...))
	}))
	defer srv.Close()
	tool := `
name: get_logo
desc: the logo
env: [BASE_URL, API_TOKEN]
steps:
  - url: ${env:BASE_URL}/logo.png
    headers:
      Authorization: Bearer ${env:API_TOKEN}
`
	dir := t.TempDir()
	env := map[string]string{"BASE_URL": srv.URL, "API_TOKEN": token}
	rec := toolkittest.Record(t, dir, nil)
	rec.Call(newRegistry(t, rec, env, tool, "127.0.0.1"), "get_logo", `{}`)
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) < 2 {
		t.Fatalf("recorded files: %v, %v", entries, err)
	}
	b64 := base64.StdEncoding.EncodeToString([]byte(token))[:16]
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(e.Name(), token) || bytes.Contains(data, []byte(token)) || bytes.Contains(data, []byte(b64)) {
			t.Errorf("%s holds the token:\n%q", e.Name(), data)
		}
	}
}
