package mcpserver_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestStdioExample builds examples/mcp-server and talks to it over stdio as
// a client would, with the tenant in the environment.
func TestStdioExample(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "mcp-server")
	build := exec.Command("go", "build", "-o", bin, "../examples/mcp-server")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, flat := range []bool{false, true} {
		args := []string{"-tools", "../examples/quickstart/tools"}
		if flat {
			args = append(args, "-flat")
		}
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "MCP_TENANT=acme")
		cmd.Stderr = os.Stderr
		progress := make(chan string, 10)
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, &mcp.ClientOptions{
			ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) { progress <- r.Params.Message },
		}).Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
		if err != nil {
			t.Fatal(err)
		}
		tools := toolNames(t, cs)
		via := func(name, args string) *mcp.CallToolResult {
			if flat {
				return call(t, cs, name, args)
			}
			return call(t, cs, "call_capability", `{"name": "`+name+`", "parameters": `+args+`}`)
		}
		if flat {
			for _, name := range []string{"get_order", "get_weather", "list_books", "whoami", "countdown"} {
				if tools[name] == nil {
					t.Errorf("flat: no tool %s", name)
				}
			}
		} else if len(tools) != 3 {
			t.Errorf("entry: %d tools, want 3", len(tools))
		}
		if res := via("get_order", `{"order_id": "A-1001"}`); res.IsError || !strings.Contains(text(res), "shipped") {
			t.Errorf("get_order: %s", text(res))
		}
		if res := via("whoami", `{}`); text(res) != `{"tenant":"acme"}` {
			t.Errorf("whoami: %s", text(res))
		}
		if res := via("get_order", `{}`); !res.IsError {
			t.Errorf("get_order without order_id: not isError: %s", text(res))
		}
		// A long call, cancelled: the server stays responsive.
		ctx, cancel := context.WithCancel(context.Background())
		p := &mcp.CallToolParams{Name: "countdown", Arguments: map[string]any{"seconds": 60}}
		if !flat {
			p = &mcp.CallToolParams{Name: "call_capability", Arguments: map[string]any{"name": "countdown", "parameters": map[string]any{"seconds": 60}}}
		}
		p.SetProgressToken("cd")
		errc := make(chan error, 1)
		go func() {
			_, err := cs.CallTool(ctx, p)
			errc <- err
		}()
		select {
		case msg := <-progress:
			if msg != "60..." {
				t.Errorf("progress: %q", msg)
			}
		case <-time.After(hangGuard):
			t.Fatal("no progress notification over stdio")
		}
		cancel()
		if err := <-errc; err == nil {
			t.Error("a cancelled countdown succeeded")
		}
		if res := via("whoami", `{}`); res.IsError {
			t.Errorf("after cancel: %s", text(res))
		}
		if err := cs.Close(); err != nil {
			t.Logf("close: %v", err)
		}
	}
}
