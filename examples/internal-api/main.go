// Command internal-api exposes a host's own HTTP API to the model through
// query_api_docs and call_http_api: an in-process helpdesk API (a ServeMux
// behind the host's auth middleware, described by an embedded OpenAPI
// document), driven through the Registry's entry tools the way an agent
// loop would, printing what the model sees.
//
//	go run ./examples/internal-api
package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"strings"
	"sync"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/hostapi"
)

//go:embed openapi.yaml
var openapiDoc []byte

func main() {
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(out io.Writer) error {
	// Strict: an operation of our own document that cannot be used is a
	// bug to fix, not an endpoint to leave out.
	cat, diags := hostapi.ParseOpenAPI("openapi.yaml", openapiDoc, &hostapi.LoadOptions{Strict: true})
	if diags.HasErrors() {
		return diags
	}
	a, err := hostapi.New(cat, &hostapi.Options{
		Handler: withSession(newHelpdesk()),
		// The model may not delete users, and closing a ticket needs the
		// user's confirmation.
		Exclude: hostapi.Filter{IDs: []string{"deleteUser"}},
		Confirm: func(e hostapi.Endpoint) bool { return e.ID == "closeTicket" },
	})
	if err != nil {
		return err
	}
	reg := toolkit.NewRegistry(nil)
	if err := a.Register(reg); err != nil {
		return err
	}

	fmt.Fprintln(out, "Entry tools given to the model:")
	for _, t := range reg.Tools() {
		fmt.Fprintf(out, "  - %s\n", t.Name)
	}

	// The end user's session: the host adds it to every call; the model
	// never sees or chooses it.
	session := toolkit.WithHeader(http.Header{"X-Session": {"sess-9c1d7e2a"}})
	capability := func(name, params string) string {
		return fmt.Sprintf(`{"name": %q, "parameters": %s}`, name, params)
	}
	calls := []struct {
		tool, args string
		opts       []toolkit.CallOption
	}{
		{tool: toolkit.ToolQueryCapabilities, args: `{"category": "api"}`},
		{tool: toolkit.ToolCallCapability, args: capability(hostapi.ToolQueryDocs, `{}`)},
		{tool: toolkit.ToolCallCapability, args: capability(hostapi.ToolQueryDocs, `{"group": "tickets"}`)},
		{tool: toolkit.ToolCallCapability, args: capability(hostapi.ToolQueryDocs, `{"endpoint": "createTicket"}`)},
		{tool: toolkit.ToolCallCapability, args: capability(hostapi.ToolCall, `{"endpoint": "createTicket", "body": {"priority": "urgent"}}`)},
		{tool: toolkit.ToolCallCapability, args: capability(hostapi.ToolCall, `{"endpoint": "createTicket", "body": {"title": "VPN drops every hour", "priority": "high"}}`)},
		{tool: toolkit.ToolCallCapability, args: capability(hostapi.ToolCall, `{"endpoint": "listTickets", "query": {"status": "open"}}`)},
		{tool: toolkit.ToolCallCapability, args: capability(hostapi.ToolCall, `{"endpoint": "getTicket", "path_params": {"id": "../users/me"}}`)},
		{tool: toolkit.ToolCallCapability, args: capability(hostapi.ToolCall, `{"endpoint": "closeTicket", "path_params": {"id": "T-1002"}}`)},
		// The host asked the user, who agreed: it runs the same call again.
		{tool: toolkit.ToolCallCapability, args: capability(hostapi.ToolCall, `{"endpoint": "closeTicket", "path_params": {"id": "T-1002"}}`),
			opts: []toolkit.CallOption{hostapi.WithConfirmation()}},
		{tool: toolkit.ToolCallCapability, args: capability(hostapi.ToolCall, `{"endpoint": "whoAmI"}`)},
		{tool: toolkit.ToolCallCapability, args: capability(hostapi.ToolCall, `{"endpoint": "deleteUser", "path_params": {"id": "u-7"}}`)},
		{tool: toolkit.ToolCallCapability, args: capability(hostapi.ToolQueryDocs, `{"endpoint": "getTicet"}`)},
	}
	ctx := context.Background()
	for _, c := range calls {
		label := "> " + c.tool + " " + c.args
		if len(c.opts) > 0 {
			label += "   (host: confirmed by the user)"
		}
		fmt.Fprintf(out, "\n%s\n", label)
		res, err := reg.Call(ctx, c.tool, json.RawMessage(c.args), append([]toolkit.CallOption{session}, c.opts...)...)
		if err != nil {
			return err
		}
		prefix := ""
		if res.IsError {
			prefix = "[error] "
		}
		fmt.Fprintf(out, "%s%s\n", prefix, strings.TrimRight(res.Text, "\n"))
		if res.Signals.NeedsConfirmation {
			fmt.Fprintf(out, "[host signal] needs confirmation: %s\n", res.Signals.ExtraParams)
		}
	}
	return nil
}

// withSession is the host's auth middleware: it still runs for calls
// made in-process.
func withSession(next http.Handler) http.Handler {
	users := map[string]string{"sess-9c1d7e2a": "dana"}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		user, ok := users[r.Header.Get("X-Session")]
		if !ok {
			http.Error(w, `{"error":"not signed in"}`, http.StatusUnauthorized)
			return
		}
		r.Header.Set("X-User", user)
		next.ServeHTTP(w, r)
	})
}

type ticket struct {
	ID       string   `json:"id"`
	Title    string   `json:"title"`
	Priority string   `json:"priority"`
	Status   string   `json:"status"`
	Reporter string   `json:"reporter"`
	Tags     []string `json:"tags,omitempty"`
}

// helpdesk is the host's API: a ServeMux over an in-memory store.
type helpdesk struct {
	mu      sync.Mutex
	tickets []*ticket
}

func newHelpdesk() http.Handler {
	h := &helpdesk{tickets: []*ticket{
		{ID: "T-1001", Title: "Laptop will not boot", Priority: "normal", Status: "closed", Reporter: "ari"},
		{ID: "T-1002", Title: "Cannot reach the wiki", Priority: "low", Status: "open", Reporter: "dana"},
	}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /tickets", h.list)
	mux.HandleFunc("POST /tickets", h.create)
	mux.HandleFunc("GET /tickets/{id}", h.get)
	mux.HandleFunc("POST /tickets/{id}/close", h.close)
	mux.HandleFunc("GET /users/me", func(w http.ResponseWriter, r *http.Request) {
		// A careless endpoint that echoes the session: the model gets it
		// redacted.
		reply(w, http.StatusOK, map[string]string{"user": r.Header.Get("X-User"), "session": r.Header.Get("X-Session")})
	})
	mux.HandleFunc("DELETE /users/{id}", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})
	return mux
}

func (h *helpdesk) list(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := []*ticket{}
	for i := len(h.tickets) - 1; i >= 0; i-- {
		if s := r.URL.Query().Get("status"); s == "" || h.tickets[i].Status == s {
			out = append(out, h.tickets[i])
		}
	}
	reply(w, http.StatusOK, out)
}

func (h *helpdesk) create(w http.ResponseWriter, r *http.Request) {
	var t ticket
	if err := json.NewDecoder(r.Body).Decode(&t); err != nil {
		reply(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	t.ID = fmt.Sprintf("T-%d", 1001+len(h.tickets))
	t.Status, t.Reporter = "open", r.Header.Get("X-User")
	h.tickets = append(h.tickets, &t)
	reply(w, http.StatusCreated, &t)
}

func (h *helpdesk) find(id string) *ticket {
	for _, t := range h.tickets {
		if t.ID == id {
			return t
		}
	}
	return nil
}

func (h *helpdesk) get(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if t := h.find(r.PathValue("id")); t != nil {
		reply(w, http.StatusOK, t)
		return
	}
	reply(w, http.StatusNotFound, map[string]string{"error": fmt.Sprintf("no ticket %q", r.PathValue("id"))})
}

func (h *helpdesk) close(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	defer h.mu.Unlock()
	t := h.find(r.PathValue("id"))
	if t == nil {
		reply(w, http.StatusNotFound, map[string]string{"error": "no such ticket"})
		return
	}
	t.Status = "closed"
	reply(w, http.StatusOK, t)
}

func reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
