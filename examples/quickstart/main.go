// Command quickstart loads YAML capabilities, starts an embedded mock API
// and drives the three entry tools the way an agent loop would, printing
// what the model receives: the tool definitions as sent to a model API,
// each result's text, and the signals the host acts on.
//
//	go run ./examples/quickstart
package main

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http/httptest"
	"os"
	"strings"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/examples/internal/mockapi"
)

//go:embed tools/*.yaml
var tools embed.FS

func main() {
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(out io.Writer) error {
	api := httptest.NewServer(mockapi.Handler())
	defer api.Close()

	env := map[string]string{
		"BASE_URL":      api.URL,
		"CLIENT_ID":     "demo-client",
		"CLIENT_SECRET": "s3cr3t-demo-value",
	}
	reg := toolkit.NewRegistry(&toolkit.Options{
		Env: func(name string) (string, bool) {
			v, ok := env[name]
			return v, ok
		},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		// The mock API listens on loopback, which requests may not reach
		// unless the host allows it, as for any internal API.
		AllowPrivate: []string{"127.0.0.1"},
	})
	if _, err := reg.LoadFS(tools, "tools"); err != nil {
		return err
	}

	fmt.Fprintln(out, "Tools sent to the model (OpenAI chat-completions shape; t.Anthropic() for Claude):")
	for _, t := range reg.Tools() {
		b, err := json.Marshal(t.OpenAI())
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%s\n", b)
	}

	// The calls a model would make, in order.
	calls := []struct{ tool, args string }{
		{toolkit.ToolQueryCapabilities, `{}`},
		{toolkit.ToolQueryDetail, `{"name": "get_order"}`},
		{toolkit.ToolCallCapability, `{"name": "get_order", "parameters": {"order_id": "A-1001"}}`},
		{toolkit.ToolCallCapability, `{"name": "get_weather", "parameters": {"city": "Berlin"}}`},
		{toolkit.ToolCallCapability, `{"name": "get_weather", "parameters": {"city": "Oslo"}}`},
		{toolkit.ToolCallCapability, `{"name": "list_books", "parameters": {"author": "Le Guin", "limit": "2"}}`},
		{toolkit.ToolCallCapability, `{"name": "get_order", "parameters": {}}`},
		{toolkit.ToolCallCapability, `{"name": "get_ordr", "parameters": {"order_id": "A-1"}}`},
	}
	ctx := context.Background()
	for _, c := range calls {
		fmt.Fprintf(out, "\n> %s %s\n", c.tool, c.args)
		res, err := reg.Call(ctx, c.tool, json.RawMessage(c.args))
		if err != nil {
			return err
		}
		prefix := ""
		if res.IsError {
			prefix = "[error] "
		}
		fmt.Fprintf(out, "%s%s\n", prefix, strings.TrimRight(res.Text, "\n"))
		// Signals are for the host's loop, not the model: which capability
		// ran, whether to stop generating, what to show the user.
		if b, err := json.Marshal(res.Signals); err == nil && string(b) != "{}" {
			fmt.Fprintf(out, "  (signals for the host: %s)\n", b)
		}
	}
	return nil
}
