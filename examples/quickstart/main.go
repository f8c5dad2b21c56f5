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
	"net/http"
	"net/http/httptest"
	"os"
	"strings"

	"github.com/toolkit-sdk/toolkit"
)

//go:embed tools/*.yaml
var tools embed.FS

func main() {
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(out io.Writer) error {
	api := httptest.NewServer(mockAPI())
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

// mockAPI is a small stand-in for a real order, weather and book service.
func mockAPI() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /auth/token", func(w http.ResponseWriter, r *http.Request) {
		var in struct{ ClientID, ClientSecret string }
		dec := json.NewDecoder(r.Body)
		if err := dec.Decode(&struct {
			ClientID     *string `json:"client_id"`
			ClientSecret *string `json:"client_secret"`
		}{&in.ClientID, &in.ClientSecret}); err != nil || in.ClientSecret != "s3cr3t-demo-value" {
			http.Error(w, `{"error":"invalid_client"}`, http.StatusUnauthorized)
			return
		}
		fmt.Fprint(w, `{"access_token":"tok-7f3a9c","expires_in":3600}`)
	})
	mux.HandleFunc("GET /orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer tok-7f3a9c" {
			http.Error(w, `{"error":"unauthorized"}`, http.StatusUnauthorized)
			return
		}
		fmt.Fprintf(w, `{"data":{"id":%q,"status":"shipped","amount":1234567.89}}`, r.PathValue("id"))
	})
	mux.HandleFunc("GET /primary/weather", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("q") != "Berlin" {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusBadGateway)
			fmt.Fprint(w, "<html><body>502 Bad Gateway</body></html>")
			return
		}
		fmt.Fprint(w, `{"current":{"temp":21.5,"summary":"sunny"}}`)
	})
	mux.HandleFunc("GET /primary/forecast", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "forecast:\n  - day: Mon\n    temp: 22\n  - day: Tue\n    temp: 19\n")
	})
	mux.HandleFunc("GET /backup/weather", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "city: %s\ntemperature: 4.0\n", r.URL.Query().Get("city"))
	})
	mux.HandleFunc("GET /books", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"author":%q,"limit":%s,"books":[{"title":"A Wizard of Earthsea"},{"title":"The Dispossessed"}]}`,
			r.URL.Query().Get("author"), r.URL.Query().Get("limit"))
	})
	return mux
}
