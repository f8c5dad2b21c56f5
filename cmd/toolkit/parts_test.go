package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

// logoPNG is a 1x1 red PNG.
var logoPNG, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")

// TestCallParts: through `toolkit call --format json`, a capability whose
// API answers a PNG gives an image part with its exact bytes.
func TestCallParts(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/logo.png":
			w.Header().Set("Content-Type", "image/png")
			w.Write(logoPNG)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	env := filepath.Join(t.TempDir(), ".env")
	if err := os.WriteFile(env, []byte("BASE_URL="+srv.URL+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	type part struct {
		Kind     string `json:"kind"`
		MIMEType string `json:"mime_type"`
		Size     int64  `json:"size"`
		Data     []byte `json:"data"`
	}
	var res struct {
		Text  string `json:"text"`
		Parts []part `json:"parts"`
	}
	out, errOut, code := runCmd(t, "", "call", "get_logo", "testdata/parts", "--env-file", env, "--allow-private", "127.0.0.1", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(res.Parts) != 1 || res.Parts[0].Kind != "image" || res.Parts[0].MIMEType != "image/png" ||
		!bytes.Equal(res.Parts[0].Data, logoPNG) || res.Parts[0].Size != int64(len(logoPNG)) {
		t.Errorf("parts: %s", out)
	}
	if want := "image (image/png, 70 bytes), given as an image part"; res.Text != want {
		t.Errorf("text %q, want %q", res.Text, want)
	}
}
