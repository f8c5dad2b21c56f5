// Command agent-loop is the agent loop of the README, run against an
// embedded shop API and a scripted model: it is written only from the
// README, in a module of its own, as a user of the library would.
//
//	cd examples/agent-loop && go run .
package main

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"

	"github.com/toolkit-sdk/toolkit"
)

//go:embed tools/*.yaml
var tools embed.FS

func main() {
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// toolCall is what a model API returns when the model calls a tool.
type toolCall struct {
	Name      string
	Arguments json.RawMessage
}

// scriptedModel stands in for a model API: it makes the calls a model
// would, one per turn, and then answers.
type scriptedModel struct{ turns []toolCall }

func (m *scriptedModel) next(lastResult string) (call *toolCall, answer string) {
	if len(m.turns) == 0 {
		return nil, "Your order A-1001 has shipped."
	}
	c := m.turns[0]
	m.turns = m.turns[1:]
	return &c, ""
}

func run(out io.Writer) error {
	shop := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Api-Key") != "shop-key-1234" {
			http.Error(w, `{"error":"unauthorized"}`, http.StatusUnauthorized)
			return
		}
		fmt.Fprint(w, `{"status":"shipped","amount":"129.90"}`)
	}))
	defer shop.Close()
	env := map[string]string{"SHOP_URL": shop.URL, "SHOP_API_KEY": "shop-key-1234"}

	reg := toolkit.NewRegistry(&toolkit.Options{
		// The shop listens on loopback, refused unless the host names it.
		AllowPrivate: []string{"127.0.0.1"},
		Env:          func(name string) (string, bool) { v, ok := env[name]; return v, ok },
		Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	diags, err := reg.LoadFS(tools, "tools")
	if err != nil {
		return err
	}
	for _, d := range diags.Warnings() {
		fmt.Fprintln(out, "warning:", d)
	}
	if err := reg.Check(); err != nil {
		return err
	}

	// Give these to the model API, in its shape.
	for _, t := range reg.Tools() {
		fmt.Fprintln(out, "tool for the model:", t.Name)
	}

	model := &scriptedModel{turns: []toolCall{
		{toolkit.ToolQueryCapabilities, json.RawMessage(`{"keyword": "order"}`)},
		{toolkit.ToolCallCapability, json.RawMessage(`{"name": "get_order", "parameters": {}}`)},
		{toolkit.ToolCallCapability, json.RawMessage(`{"name": "get_order", "parameters": {"order_id": "A-1001"}}`)},
	}}
	ctx := context.Background()
	last := ""
	for {
		call, answer := model.next(last)
		if call == nil {
			fmt.Fprintln(out, "model:", answer)
			return nil
		}
		fmt.Fprintf(out, "model calls %s %s\n", call.Name, call.Arguments)
		res, err := reg.Call(ctx, call.Name, call.Arguments)
		if err != nil {
			return err // only for a name that is neither an entry tool nor a capability
		}
		last = res.Text
		if res.IsError {
			fmt.Fprintln(out, "  error for the model to fix:", res.Text)
		} else {
			fmt.Fprintln(out, "  result:", res.Text)
		}
		if res.Signals.StopGeneration {
			fmt.Fprintln(out, "  the host ends the turn here")
			return nil
		}
	}
}
