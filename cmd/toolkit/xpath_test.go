package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

// TestCallXPath: through `toolkit call --format json`, extract:
// /catalog/book[2]/title over an XML answer gives Dune.
func TestCallXPath(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/xml")
		w.Write([]byte(`<?xml version="1.0"?><catalog><book><title>Foundation</title></book><book><title>Dune</title></book></catalog>`))
	}))
	t.Cleanup(srv.Close)
	env := filepath.Join(t.TempDir(), ".env")
	if err := os.WriteFile(env, []byte("BASE_URL="+srv.URL+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var res struct {
		Text  string            `json:"text"`
		Parts []json.RawMessage `json:"parts"`
	}
	out, errOut, code := runCmd(t, "", "call", "second_book", "testdata/xpath", "--env-file", env, "--allow-private", "127.0.0.1", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || res.Text != "Dune" || res.Parts != nil {
		t.Errorf("XPath: %v: %s", err, out)
	}
}
