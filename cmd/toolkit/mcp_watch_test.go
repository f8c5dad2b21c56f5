package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const watchTool = `name: %s
desc: A tool of the watched folder.
steps:
  - url: http://127.0.0.1:1/x
`

// TestMCPWatch: with --watch a new tool file is served after it settles
// and the client is told the list changed; a broken file is reported and
// the last good set goes on serving.
func TestMCPWatch(t *testing.T) {
	defer func(d time.Duration) { watchSettle = d }(watchSettle)
	watchSettle = 20 * time.Millisecond
	dir := t.TempDir()
	write := func(name, src string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.yaml", strings.Replace(watchTool, "%s", "tool_a", 1))
	url, errOut, _, ok := startMCP(t, dir, "--flat", "--watch", "--http", "127.0.0.1:0")
	if !ok {
		t.Fatalf("not served: %s", errOut)
	}
	changed := make(chan struct{}, 10)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) { changed <- struct{}{} },
	}).Connect(t.Context(), &mcp.StreamableClientTransport{Endpoint: url}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	names := func() []string {
		t.Helper()
		res, err := cs.ListTools(t.Context(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, tl := range res.Tools {
			out = append(out, tl.Name)
		}
		return out
	}
	// The session's GET stream carries list_changed; a ping makes sure it is open.
	if err := cs.Ping(t.Context(), nil); err != nil {
		t.Fatal(err)
	}
	waitFor := func(what string, cond func() bool) {
		t.Helper()
		for deadline := time.Now().Add(hangGuard); !cond(); time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: %s", what, errOut)
			}
		}
	}
	write("b.yaml", strings.Replace(watchTool, "%s", "tool_b", 1))
	waitFor("tool_b served", func() bool { return slices.Contains(names(), "tool_b") })
	select {
	case <-changed:
	case <-time.After(hangGuard):
		t.Error("no tools/list_changed after the reload")
	}
	write("b.yaml", "name: tool_b\nsteps: [{url: }\n")
	waitFor("the broken file reported", func() bool { return strings.Contains(errOut.String(), "still serving the previous tools") })
	if got := names(); !slices.Contains(got, "tool_a") || !slices.Contains(got, "tool_b") {
		t.Errorf("after a broken file: %v", got)
	}
	write("b.yaml", strings.Replace(watchTool, "%s", "tool_c", 1))
	waitFor("tool_c replaces tool_b", func() bool {
		got := names()
		return slices.Contains(got, "tool_c") && !slices.Contains(got, "tool_b")
	})
}
