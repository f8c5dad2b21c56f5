package main

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/mcpserver"
)

func runMCP(ctx context.Context, c *cli, args []string) int {
	fs := c.newFlags("mcp", "[PATH...] [--http ADDR] [--flat]",
		"Serve the capabilities over the Model Context Protocol: on stdin and stdout by default, or over\n"+
			"streamable HTTP at http://ADDR/mcp. Logs go to stderr. Every call gets the --value and --header\n"+
			"values.")
	var f loadFlags
	f.register(fs, true)
	fs.BoolVar(&f.flat, "flat", false, "one MCP tool per capability instead of the entry tools")
	addr := fs.String("http", "", "serve streamable HTTP at this `address` (host:port), path /mcp, instead of stdio")
	paths, status, ok := parse(fs, args)
	if !ok {
		return status
	}
	callOpts, err := f.callOptions()
	if err != nil {
		c.errorf("mcp: %v", err)
		return exitUsage
	}
	env, err := f.env()
	if err != nil {
		c.errorf("mcp: --env-file %v", err)
		return exitUsage
	}
	l, err := c.load(paths, &f, toolkit.Options{Env: env, AllowPrivate: f.allowPrivate, Flat: f.flat}, true)
	if err != nil {
		c.errorf("mcp: %v", err)
		return exitFail
	}
	srv := mcpserver.New(l.reg, &mcpserver.Options{
		Locale:      f.locale,
		CallOptions: func(context.Context, *mcp.CallToolRequest) []toolkit.CallOption { return callOpts },
	})
	defer srv.Close()
	if *addr == "" {
		t := &mcp.IOTransport{Reader: io.NopCloser(c.stdin), Writer: nopCloser{c.stdout}}
		if err := srv.Run(ctx, t); err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, io.EOF) {
			c.errorf("mcp: %v", err)
			return exitFail
		}
		return exitOK
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		c.errorf("mcp: %v", err)
		return exitFail
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", srv.Handler(nil))
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	c.errorf("serving MCP at http://%s/mcp", ln.Addr())
	select {
	case err = <-done:
	case <-ctx.Done():
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		err = hs.Shutdown(shutdown)
	}
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		c.errorf("mcp: %v", err)
		return exitFail
	}
	return exitOK
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }
