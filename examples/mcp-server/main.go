// Command mcp-server serves the quick start's tools (examples/quickstart/tools,
// against an embedded mock API) to MCP clients, over stdio by default:
//
//	go run ./examples/mcp-server                        # stdio, entry tools
//	go run ./examples/mcp-server -flat                  # one tool per capability
//	go run ./examples/mcp-server -http 127.0.0.1:8080   # streamable HTTP at /mcp
//
// Besides the YAML tools it registers two Go capabilities: whoami, which
// answers with the per-call values the host passed (the tenant from the
// MCP_TENANT environment variable over stdio, the bearer token over HTTP),
// and countdown, which shows the user a notice per second (progress
// notifications) until it ends or is cancelled.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/examples/internal/mockapi"
	"github.com/toolkit-sdk/toolkit/mcpserver"
)

func main() {
	_, file, _, _ := runtime.Caller(0)
	tools := flag.String("tools", filepath.Join(filepath.Dir(file), "..", "quickstart", "tools"), "folder of YAML tool files")
	addr := flag.String("http", "", "serve streamable HTTP at this address (path /mcp) instead of stdio")
	flat := flag.Bool("flat", false, "one MCP tool per capability instead of the entry tools")
	flag.Parse()

	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	if err := run(ctx, *tools, *addr, *flat); err != nil && !errors.Is(err, context.Canceled) {
		log.Fatal(err)
	}
}

func run(ctx context.Context, tools, addr string, flat bool) error {
	// The mock API listens on loopback, which requests may not reach
	// unless the host allows it, as for any internal API.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	api := &http.Server{Handler: mockapi.Handler()}
	go func() { _ = api.Serve(ln) }()
	defer api.Close()

	env := map[string]string{
		"BASE_URL":      "http://" + ln.Addr().String(),
		"CLIENT_ID":     "demo-client",
		"CLIENT_SECRET": "s3cr3t-demo-value",
	}
	reg := toolkit.NewRegistry(&toolkit.Options{
		Env: func(name string) (string, bool) {
			v, ok := env[name]
			return v, ok
		},
		// stdout is the MCP stream: logs go to stderr.
		Logger:       slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
		AllowPrivate: []string{"127.0.0.1"},
		Flat:         flat,
	})
	if _, err := reg.LoadDir(tools); err != nil {
		return err
	}
	if err := addGoCapabilities(reg); err != nil {
		return err
	}

	srv := mcpserver.New(reg, &mcpserver.Options{
		Name: "toolkit-quickstart",
		CallOptions: func(ctx context.Context, req *mcp.CallToolRequest) []toolkit.CallOption {
			if req.Extra != nil && req.Extra.Header != nil { // HTTP: this request's bearer token
				if tok, ok := strings.CutPrefix(req.Extra.Header.Get("Authorization"), "Bearer "); ok {
					return []toolkit.CallOption{toolkit.WithValue("user_token", tok)}
				}
				return nil
			}
			return []toolkit.CallOption{toolkit.WithValue("tenant", os.Getenv("MCP_TENANT"))} // stdio
		},
	})
	defer srv.Close()

	if addr == "" {
		return srv.RunStdio(ctx)
	}
	// This example authenticates nobody (it hands any bearer token to its
	// tools as a per-call value), so it listens on loopback only; see
	// mcpserver.RequireToken and `toolkit mcp --auth-token-env` for a port
	// other machines reach.
	ln, err = listenLoopback(addr)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", srv.Handler(nil))
	hs := &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second, // cleared once the body is read: long calls keep streaming
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	go func() {
		<-ctx.Done()
		_ = hs.Close()
	}()
	fmt.Fprintf(os.Stderr, "serving MCP at http://%s/mcp\n", ln.Addr())
	if err := hs.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// listenLoopback listens on addr, whose host must be a loopback address
// or localhost; an empty host (":8080") means 127.0.0.1.
func listenLoopback(addr string) (net.Listener, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("-http %q: %v", addr, err)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return nil, fmt.Errorf("-http %q: this example authenticates nobody, so it serves a loopback address only (127.0.0.1, ::1, localhost)", addr)
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(host, port))
	if err != nil {
		return nil, err
	}
	if tcp, ok := ln.Addr().(*net.TCPAddr); !ok || !tcp.IP.IsLoopback() {
		ln.Close()
		return nil, fmt.Errorf("-http %q: %s is not a loopback address", addr, ln.Addr())
	}
	return ln, nil
}

type countdownIn struct {
	Seconds int `json:"seconds" jsonschema:"how many seconds to count down (1 to 60)"`
}

func addGoCapabilities(reg *toolkit.Registry) error {
	err := toolkit.AddFunc(reg, toolkit.Capability{Name: "whoami", Description: "Tell who the server thinks is calling (the per-call values of this call)."},
		func(ctx context.Context, c *toolkit.Call, _ struct{}) (map[string]string, error) {
			out := map[string]string{}
			for _, k := range []string{"tenant", "user_token"} {
				if v, ok := c.Value(k); ok && v != "" {
					out[k] = v
				}
			}
			return out, nil
		})
	if err != nil {
		return err
	}
	return toolkit.AddFunc(reg, toolkit.Capability{Name: "countdown", Description: "Count down, showing the user each second; stops when cancelled."},
		func(ctx context.Context, c *toolkit.Call, in countdownIn) (string, error) {
			if in.Seconds < 1 || in.Seconds > 60 {
				return "", toolkit.ModelErrorf("seconds must be 1 to 60, got %d", in.Seconds)
			}
			t := time.NewTicker(time.Second)
			defer t.Stop()
			for i := in.Seconds; i > 0; i-- {
				c.Notify(fmt.Sprintf("%d...", i))
				select {
				case <-ctx.Done():
					return fmt.Sprintf("stopped at %d", i), nil
				case <-t.C:
				}
			}
			return "liftoff", nil
		})
}
