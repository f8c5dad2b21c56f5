package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// TestValueFileUpload: --value-file passes a file's bytes as a per-call
// value, which a tool file uploads (file: ${value:NAME}) byte for byte.
func TestValueFileUpload(t *testing.T) {
	var mu sync.Mutex
	var got []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got, _ = io.ReadAll(r.Body)
		mu.Unlock()
		fmt.Fprint(w, `{"ok": true}`)
	}))
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	data := []byte("\x89PNG\r\n\x1a\n\x00\xff")
	if err := os.WriteFile(filepath.Join(dir, "logo.bin"), data, 0o600); err != nil {
		t.Fatal(err)
	}
	tool := "name: put\ndesc: Put.\nvalues: [logo]\nsteps:\n  - url: " + srv.URL + "/put\n    method: PUT\n" +
		"    body: {file: '${value:logo}', content_type: image/png}\n"
	if err := os.WriteFile(filepath.Join(dir, "put.yaml"), []byte(tool), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCmd(t, "", "call", "put", filepath.Join(dir, "put.yaml"), "--allow-private", "127.0.0.1",
		"--value-file", "logo="+filepath.Join(dir, "logo.bin"))
	if code != exitOK {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	mu.Lock()
	defer mu.Unlock()
	if !bytes.Equal(got, data) {
		t.Errorf("uploaded %q, want %q", got, data)
	}
}
