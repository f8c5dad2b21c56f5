package mcpserver_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/mcpserver"
)

// TestStreamProgress: a tool whose step streams sends a progress
// notification per event to a client that gave a progress token.
func TestStreamProgress(t *testing.T) {
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for i := 1; i <= 3; i++ {
			fmt.Fprintf(w, "event: progress\ndata: {\"pct\": %d}\n\n", i*30)
			w.(http.Flusher).Flush()
		}
		fmt.Fprint(w, "event: done\ndata: {\"pct\": 100, \"done\": true}\n\n")
	}))
	defer api.Close()
	reg := toolkit.NewRegistry(&toolkit.Options{
		Env:          func(name string) (string, bool) { return api.URL, name == "BASE_URL" },
		AllowPrivate: []string{"127.0.0.1"},
		Flat:         true,
	})
	const tool = `
name: job_watch
desc: watches a job to its end
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/jobs/1/events
    stream: {format: sse, until: done, collect: last}
    var:
      - {name: pct, extract: pct}
    result: "done at ${step0:pct}%"
`
	if _, err := reg.LoadBytes("job.yaml", []byte(tool)); err != nil {
		t.Fatal(err)
	}
	srv := mcpserver.New(reg, nil)
	defer srv.Close()
	progress := make(chan *mcp.ProgressNotificationParams, 10)
	cs := connect(t, srv, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) { progress <- r.Params },
	})
	p := &mcp.CallToolParams{Name: "job_watch", Arguments: map[string]any{}}
	p.SetProgressToken("job-1")
	res, err := cs.CallTool(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if got := text(res); got != "done at 100%" {
		t.Errorf("result %q", got)
	}
	var got []string
	for len(got) < 4 {
		select {
		case n := <-progress:
			if n.ProgressToken != "job-1" {
				t.Errorf("token %v", n.ProgressToken)
			}
			got = append(got, fmt.Sprintf("%v %s", n.Progress, n.Message))
		case <-time.After(hangGuard):
			t.Fatalf("progress notifications: got %q, want 4", got)
		}
	}
	want := []string{"1 pct: 30", "2 pct: 60", "3 pct: 90", "4 pct: 100"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("progress (-want +got):\n%s", diff)
	}
}
