package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/modelcontextprotocol/go-sdk/oauthex"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/mcpserver"
)

func runMCP(ctx context.Context, c *cli, args []string) int {
	fs := c.newFlags("mcp", "[PATH...] [--http ADDR [--auth-token-env NAME | --auth-introspect URL]] [--flat] [--watch]",
		"Serve the capabilities over the Model Context Protocol: on stdin and stdout by default, or over\n"+
			"streamable HTTP at http://ADDR/mcp. Logs go to stderr. Every call gets the --value and --header\n"+
			"values.\n\n"+
			"WARNING: whoever reaches the HTTP address can call every capability with this host's secrets\n"+
			"(--header, --value, the environment and --env-file). ADDR is a loopback address (127.0.0.1,\n"+
			"localhost, [::1]; 127.0.0.1 when the host is left out, as in --http :8080). An address other\n"+
			"machines reach (0.0.0.0, [::], a LAN address, another host name) is refused unless\n"+
			"--auth-token-env names an environment variable holding a bearer token that every request must\n"+
			"send (Authorization: Bearer TOKEN), or --auth-introspect an OAuth 2.0 token introspection endpoint\n"+
			"(RFC 7662) that vouches for each request's token; the server then publishes its OAuth protected\n"+
			"resource metadata (RFC 9728) at /.well-known/oauth-protected-resource/mcp, and --value-claim and\n"+
			"--value-header turn a verified token's claims and a request's headers into that call's per-call\n"+
			"values (one server, many tenants). The token and the traffic go unencrypted over plain HTTP:\n"+
			"beyond a trusted network put a TLS proxy in front. A request that reaches a loopback address\n"+
			"must name a loopback host (Host: 127.0.0.1:8080, localhost:8080), or it gets 403 (DNS\n"+
			"rebinding): a proxy on this machine must send the Host it connects to, not the client's.")
	var f loadFlags
	f.register(fs, true)
	fs.BoolVar(&f.flat, "flat", false, "one MCP tool per capability instead of the entry tools")
	watchFiles := fs.Bool("watch", false, "reload the capabilities when a file under PATH changes; the clients are told the tool list changed, and a file with an error keeps the previous set serving (reported on stderr)")
	addr := fs.String("http", "", "serve streamable HTTP at this `address` (host:port; host 127.0.0.1 when left out), path /mcp, instead of stdio")
	tokenEnv := fs.String("auth-token-env", "", "require on every HTTP request the bearer token held by the environment variable `NAME` (or --env-file; at least 16 characters; e.g. openssl rand -hex 32); needed to listen beyond loopback")
	introspect := fs.String("auth-introspect", "", "require on every HTTP request a bearer token that the OAuth 2.0 token introspection endpoint at `URL` (RFC 7662) says is active; needed to listen beyond loopback")
	clientEnv := fs.String("auth-client-env", "", "the environment variable `NAME` holding CLIENT_ID:CLIENT_SECRET, the credentials of this server at the --auth-introspect endpoint")
	authServers := &list{}
	fs.Var(authServers, "auth-server", "an OAuth authorization server's issuer `URL` named in the protected resource metadata (repeatable)")
	resource := fs.String("auth-resource", "", "this server's resource identifier (`URL`) in the protected resource metadata, and the audience (aud) an introspected token must name when given; default http://ADDR/mcp")
	claims, headers := &pairs{}, &pairs{}
	fs.Var(claims, "value-claim", "the per-call value `NAME=CLAIM` from the verified token's claim (sub, scope, or another claim of the introspection answer; repeatable)")
	fs.Var(headers, "value-header", "the per-call value `NAME=HEADER` from the request's header (a client sets it: trust it only as far as the client, or a proxy that sets it; repeatable)")
	paths, status, ok := parse(fs, args)
	if !ok {
		return status
	}
	var listen string
	authFlag := *tokenEnv != "" || *introspect != ""
	switch {
	case *addr == "" && (authFlag || len(claims.names) > 0 || len(headers.names) > 0 || len(*authServers) > 0 || *resource != "" || *clientEnv != ""):
		c.errorf("mcp: --auth-*, --value-claim and --value-header are for --http")
		return exitUsage
	case *tokenEnv != "" && *introspect != "":
		c.errorf("mcp: give --auth-token-env or --auth-introspect, not both")
		return exitUsage
	case *clientEnv != "" && *introspect == "":
		c.errorf("mcp: --auth-client-env is for --auth-introspect")
		return exitUsage
	case len(claims.names) > 0 && !authFlag:
		c.errorf("mcp: --value-claim needs verified tokens: give --auth-introspect or --auth-token-env")
		return exitUsage
	}
	if *addr != "" {
		var err error
		if listen, err = listenAddr(*addr, authFlag); err != nil {
			c.errorf("mcp: %v", err)
			return exitUsage
		}
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
	var requireToken func(http.Handler) http.Handler
	if *tokenEnv != "" {
		token, _ := env(*tokenEnv)
		if requireToken, err = mcpserver.RequireToken(token); err != nil {
			c.errorf("mcp: --auth-token-env %s: %v", *tokenEnv, err)
			return exitUsage
		}
	}
	var verify auth.TokenVerifier
	if *introspect != "" {
		iopts := mcpserver.IntrospectionOptions{Audience: *resource}
		if *clientEnv != "" {
			cred, _ := env(*clientEnv)
			var ok bool
			if iopts.ClientID, iopts.ClientSecret, ok = strings.Cut(cred, ":"); !ok || iopts.ClientID == "" {
				c.errorf("mcp: --auth-client-env %s: want CLIENT_ID:CLIENT_SECRET", *clientEnv)
				return exitUsage
			}
		}
		if verify, err = mcpserver.Introspection(*introspect, &iopts); err != nil {
			c.errorf("mcp: --auth-introspect: %v", err)
			return exitUsage
		}
	}
	if len(*authServers) > 0 && verify == nil {
		c.errorf("mcp: --auth-server is for --auth-introspect")
		return exitUsage
	}
	refused := &privateRefusals{}
	observer := &toolkit.Observer{RequestEnd: func(_ context.Context, r toolkit.RequestInfo) {
		if host := refused.note(r); host != "" {
			c.errorf("mcp: %s", refusedHint([]string{host}))
		}
	}}
	var current atomic.Pointer[toolkit.Registry] // the Registry served, for flatHint
	load := func() (*loaded, error) {
		l, err := c.load(paths, &f, toolkit.Options{Env: env, AllowPrivate: f.allowPrivate, Flat: f.flat, Observer: observer}, true)
		if err == nil && len(l.failed) == 0 {
			current.Store(l.reg)
		}
		return l, err
	}
	l, err := load()
	if err != nil {
		c.errorf("mcp: %v", err)
		return exitFail
	}
	current.Store(l.reg)
	perRequest := mcpserver.Values(pairMap(claims), pairMap(headers))
	srv := mcpserver.New(l.reg, &mcpserver.Options{
		Locale: f.locale,
		CallOptions: func(ctx context.Context, req *mcp.CallToolRequest) []toolkit.CallOption {
			// The request's values after the command line's: they win.
			return append(slices.Clip(callOpts), perRequest(ctx, req)...)
		},
		ListTTL: listTTL(*watchFiles),
	})
	defer srv.Close()
	if !f.flat {
		srv.MCP().AddReceivingMiddleware(flatHint(current.Load))
	}
	if *watchFiles {
		watchCtx, stopWatch := context.WithCancel(ctx)
		defer stopWatch()
		go c.watch(watchCtx, srv, paths, load)
	}
	if *addr == "" {
		t := &mcp.IOTransport{Reader: io.NopCloser(c.stdin), Writer: nopCloser{c.stdout}}
		if err := srv.Run(ctx, t); err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, io.EOF) {
			c.errorf("mcp: %v", err)
			return exitFail
		}
		return exitOK
	}
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		c.errorf("mcp: %v", err)
		return exitFail
	}
	if !authFlag && !isLoopback(ln.Addr()) {
		// A name such as localhost that resolved elsewhere.
		ln.Close()
		c.errorf("mcp: --http %s listens at %s, beyond this machine; give --auth-token-env", *addr, ln.Addr())
		return exitUsage
	}
	var h http.Handler = srv.Handler(nil)
	mux := http.NewServeMux()
	switch {
	case requireToken != nil:
		h = requireToken(h)
	case verify != nil:
		res := *resource
		if res == "" {
			res = "http://" + ln.Addr().String() + "/mcp"
		}
		metaPath := mcpserver.MetadataPath("/mcp")
		base, _ := strings.CutSuffix(res, "/mcp")
		h = mcpserver.Bearer(verify, &mcpserver.BearerOptions{ResourceMetadataURL: base + metaPath})(h)
		mux.Handle(metaPath, mcpserver.ResourceMetadata(&oauthex.ProtectedResourceMetadata{
			Resource: res, AuthorizationServers: *authServers, BearerMethodsSupported: []string{"header"},
		}))
	}
	mux.Handle("/mcp", h)
	hs := newHTTPServer(mux)
	// Shutdown waits for connections to go idle, which an open GET stream
	// never does: the sessions are closed, which ends their streams, and
	// a call still running after the grace period is cut off.
	hs.RegisterOnShutdown(func() {
		for ss := range srv.MCP().Sessions() {
			go ss.Close()
		}
	})
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	c.errorf("serving MCP at http://%s/mcp", ln.Addr())
	if !isLoopback(ln.Addr()) {
		if *tokenEnv != "" {
			c.errorf("the address is reachable from other machines: every request must send the bearer token of $%s, which travels unencrypted", *tokenEnv)
		} else {
			c.errorf("the address is reachable from other machines: every request must send a bearer token that %s vouches for, which travels unencrypted", *introspect)
		}
	}
	select {
	case err = <-done:
	case <-ctx.Done():
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err = hs.Shutdown(shutdown); errors.Is(err, context.DeadlineExceeded) {
			err = hs.Close()
		}
	}
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		c.errorf("mcp: %v", err)
		return exitFail
	}
	return exitOK
}

// flatHint answers a tools/call of a capability's name on a server of
// entry tools, which the SDK refuses as an unknown tool, with how to
// call it: through call_capability, or as a tool of its own with --flat.
func flatHint(current func() *toolkit.Registry) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			call, ok := req.(*mcp.CallToolRequest)
			if err == nil || method != "tools/call" || !ok || call.Params == nil || isEntryTool(call.Params.Name) {
				return res, err
			}
			var we *jsonrpc.Error
			if _, found := current().Lookup(call.Params.Name); !found || !errors.As(err, &we) {
				return res, err
			}
			hint := *we
			hint.Message = fmt.Sprintf("%s: %q is a capability, which this server's tools reach through %s "+
				`({"name": %q, "parameters": {...}}); serve with toolkit mcp --flat to list each capability as a tool of its own`,
				we.Message, call.Params.Name, toolkit.ToolCallCapability, call.Params.Name)
			return nil, &hint
		}
	}
}

// listTTL is how long a client may keep the tool list: an hour when it
// cannot change, not at all with --watch (a client that does not listen
// for list_changed then sees a reload at once).
func listTTL(watching bool) time.Duration {
	if watching {
		return 0
	}
	return time.Hour
}

// pairMap returns name=value flags as a map (a later name wins).
func pairMap(p *pairs) map[string]string {
	m := make(map[string]string, len(p.names))
	for i, n := range p.names {
		m[n] = p.values[i]
	}
	return m
}

// listenAddr returns the address --http listens at: the host 127.0.0.1
// when left out. An address beyond loopback (0.0.0.0, [::], a LAN
// address, a host name other than localhost) is an error unless the
// server requires a token.
func listenAddr(addr string, token bool) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("--http %q is not host:port (e.g. 127.0.0.1:8080 or :8080)", addr)
	}
	if _, err := net.LookupPort("tcp", port); err != nil {
		return "", fmt.Errorf("--http %q: %q is not a port", addr, port)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	loopback := strings.EqualFold(host, "localhost")
	if ip, err := netip.ParseAddr(host); err == nil {
		loopback = ip.Unmap().IsLoopback()
	}
	if !loopback && !token {
		return "", fmt.Errorf("--http %s would serve every capability, with this host's secrets, to whoever reaches %s: "+
			"listen on loopback (127.0.0.1:%s, localhost:%s, [::1]:%s), or require a bearer token with --auth-token-env NAME",
			addr, host, port, port, port)
	}
	return net.JoinHostPort(host, port), nil
}

// isLoopback reports whether a listener's address is a loopback one.
func isLoopback(a net.Addr) bool {
	ta, ok := a.(*net.TCPAddr)
	return ok && ta.IP.IsLoopback()
}

// Bounds of the HTTP server's connections; tests shrink them.
var httpLimits = struct {
	readHeader, read, write, idle time.Duration
	maxHeaderBytes                int
}{
	readHeader:     10 * time.Second,
	read:           30 * time.Second, // the whole request: go-sdk reads at most 4 MiB of body
	write:          30 * time.Second, // each write of a response; see stallGuard
	idle:           2 * time.Minute,
	maxHeaderBytes: 64 << 10,
}

// newHTTPServer returns the server of --http: a client that sends its
// headers or body too slowly, does not read what it is sent, or keeps a
// connection idle, is cut off.
func newHTTPServer(h http.Handler) *http.Server {
	l := httpLimits
	return &http.Server{
		Handler:           stallGuard(h, l.write),
		ReadHeaderTimeout: l.readHeader,
		ReadTimeout:       l.read,
		WriteTimeout:      l.write,
		IdleTimeout:       l.idle,
		MaxHeaderBytes:    l.maxHeaderBytes,
	}
}

// stallGuard moves a response's write deadline to d from now before each
// write and flush: a client that stops reading is cut off after d, while a
// streamed response (a long tool call's SSE stream, the GET stream) lasts
// as long as it goes on. http.Server.WriteTimeout alone would end any
// response d after its request.
func stallGuard(h http.Handler, d time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &stallWriter{ResponseWriter: w, rc: http.NewResponseController(w), d: d}
		h.ServeHTTP(sw, r)
		sw.extend() // for what the server writes after the handler
	})
}

type stallWriter struct {
	http.ResponseWriter
	rc *http.ResponseController
	d  time.Duration
}

func (w *stallWriter) extend() { _ = w.rc.SetWriteDeadline(time.Now().Add(w.d)) }

func (w *stallWriter) WriteHeader(code int) {
	w.extend()
	w.ResponseWriter.WriteHeader(code)
}

func (w *stallWriter) Write(p []byte) (int, error) {
	w.extend()
	return w.ResponseWriter.Write(p)
}

func (w *stallWriter) Flush() { _ = w.FlushError() }

func (w *stallWriter) FlushError() error {
	w.extend()
	return w.rc.Flush()
}

func (w *stallWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }
