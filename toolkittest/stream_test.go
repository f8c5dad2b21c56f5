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

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/toolkittest"
)

const streamTool = `
name: tokens
desc: streams a completion
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/complete
    stream: {format: sse, events: [delta], collect: concat}
    var:
      - {name: text, extract: text}
    result: "${step0:text}"
`

// TestRecordReplayStream: a streamed response is recorded whole and
// replayed as the same events, notices included.
func TestRecordReplayStream(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for _, tok := range []string{"Hel", "lo", ", world"} {
			fmt.Fprintf(w, "event: delta\ndata: {\"text\": %q}\n\n", tok)
			w.(http.Flusher).Flush()
		}
		fmt.Fprint(w, "event: end\ndata: {}\n\n")
	}))
	dir := t.TempDir()
	var recNotes, repNotes []string
	rec := toolkittest.Record(t, dir, nil)
	want := rec.Call(newRegistry(t, rec, map[string]string{"BASE_URL": srv.URL}, streamTool, "127.0.0.1"), "tokens", `{}`,
		toolkit.WithNotify(func(n toolkit.Notice) { recNotes = append(recNotes, n.Text) }))
	srv.Close()
	if want.IsError || want.Text != "Hello, world" {
		t.Fatalf("recording: %+v", want)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(files) != 1 {
		t.Fatalf("fixture files: %v", files)
	}
	if b, _ := os.ReadFile(files[0]); !strings.Contains(string(b), "event: delta") {
		t.Errorf("the fixture does not hold the stream as text:\n%s", b)
	}
	fx := toolkittest.Replay(t, dir, nil)
	got := fx.Call(newRegistry(t, fx, map[string]string{"BASE_URL": srv.URL}, streamTool), "tokens", `{}`,
		toolkit.WithNotify(func(n toolkit.Notice) { repNotes = append(repNotes, n.Text) }))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("replay (-recorded +replayed):\n%s", diff)
	}
	if diff := cmp.Diff(recNotes, repNotes); diff != "" || len(repNotes) != 3 {
		t.Errorf("notices %q (-recorded +replayed):\n%s", recNotes, diff)
	}
}
