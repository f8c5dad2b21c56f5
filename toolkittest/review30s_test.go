package toolkittest_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit/toolkittest"
)

// TestReview30sStreamSecretsNotRecorded: the values a stream gives a var
// named as a credential, learned while the response is read (after the
// request was sent), stay out of the fixture, and the replay gives the
// same result.
func TestReview30sStreamSecretsNotRecorded(t *testing.T) {
	const tool = `
name: login
desc: streams a session
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/login
    timeout: 10
    stream: {format: sse, collect: last}
    var:
      - {name: access_token, extract: access_token}
      - {name: n, extract: n}
    result: "got ${step0:n}"
`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for i, tok := range []string{"sess-QQQQ-0001", "sess-RRRR-0002"} {
			fmt.Fprintf(w, "data: {\"access_token\": %q, \"n\": %d}\n\n", tok, i+1)
			w.(http.Flusher).Flush()
		}
	}))
	dir := t.TempDir()
	rec := toolkittest.Record(t, dir, nil)
	want := rec.Call(newRegistry(t, rec, map[string]string{"BASE_URL": srv.URL}, tool, "127.0.0.1"), "login", `{}`)
	srv.Close()
	if want.IsError || want.Text != "got 2" {
		t.Fatalf("recording: %+v", want)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	for _, f := range files {
		b, _ := os.ReadFile(f)
		if strings.Contains(string(b), "QQQQ") || strings.Contains(string(b), "RRRR") {
			t.Errorf("the fixture %s holds a streamed secret:\n%s", f, b)
		}
	}
	fx := toolkittest.Replay(t, dir, nil)
	got := fx.Call(newRegistry(t, fx, map[string]string{"BASE_URL": srv.URL}, tool), "login", `{}`)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("replay (-recorded +replayed):\n%s", diff)
	}
}
