// Package mcpserver serves a toolkit Registry over the Model Context
// Protocol, so any MCP client (Claude Desktop and Code, IDEs, agent
// frameworks) can use its capabilities. It is built on the official Go SDK,
// github.com/modelcontextprotocol/go-sdk.
//
// Over stdio:
//
//	srv := mcpserver.New(reg, nil)
//	defer srv.Close()
//	err := srv.RunStdio(ctx)
//
// Over streamable HTTP:
//
//	srv := mcpserver.New(reg, nil)
//	http.Handle("/mcp", srv.Handler(nil))
//	err := http.ListenAndServe("127.0.0.1:8080", nil)
//
// # Two protocol revisions
//
// Handler answers each request at its client's revision: a request of
// protocol 2026-07-28 (its MCP-Protocol-Version header, or a
// server/discover, or _meta's protocol version) is served statelessly,
// without initialize or session, with server/discover; a client of
// 2025-11-25 or before gets a session (Mcp-Session-Id) as before. go-sdk
// checks the Mcp-Method and Mcp-Name headers of 2026-07-28 requests against
// their body (400 otherwise), lists tools in name order, and carries
// Options.ListTTL as the ttlMs of tools/list and server/discover (with
// cacheScope "public"; default 0, as a Registry may change at any time).
// Pass StreamableHTTPOptions.Stateless to serve every request without a
// session.
//
// A call whose Result needs the user's confirmation
// (Signals.NeedsConfirmation: a host API endpoint of hostapi's
// Options.Confirm) asks the user through the client when it declared
// elicitation: at 2026-07-28 the call answers input_required with a form
// of one boolean, "confirm", and a requestState (an HMAC of the tool, its
// arguments, the caller's token UserID, a nonce and an expiry,
// Options.StateKey), good for one retry; in a 2025-11-25 session
// go-sdk asks with elicitation/create. Retried with the user's yes, the
// call runs again with Options.ConfirmedOptions (hostapi.WithConfirmation);
// with no, it answers that the call was not made; a requestState not
// issued for that call and caller, used already or expired is a JSON-RPC
// error. Options.NoConfirm keeps the
// plain result.
//
// # Over HTTP
//
// Handler checks what the protocol asks of a streamable HTTP server and
// bounds what one client holds:
//
//   - A request whose Origin header is not the server's own origin (the
//     host and port of the request's Host) or one of
//     Options.AllowedOrigins gets 403; a request without Origin, from a
//     client that is not a browser, is served. On a loopback listener
//     go-sdk answers 403 to a Host that is not loopback (DNS rebinding).
//   - A session that gets no request for Options.SessionTimeout
//     (DefaultSessionTimeout, 10 minutes) is closed; a request that would
//     start a session while Options.MaxSessions (DefaultMaxSessions, 1000)
//     are live gets 503 with a JSON-RPC error. The live sessions are never
//     evicted for a new one: a client could otherwise end everyone else's.
//     A 2026-07-28 request holds nothing past its answer, and is not capped.
//   - Request bodies are capped at 4 MiB (go-sdk's default, 413 past it).
//
// Handler does not authenticate. Whoever reaches it calls every
// capability with the host's credentials, so a server reachable from
// another machine needs authentication: RequireToken(token) for one
// shared bearer token, or Bearer(verify, opts) for OAuth 2.0 access
// tokens (verify: Introspection for an RFC 7662 endpoint, or the host's
// own JWT check), which answers 401 with a WWW-Authenticate naming the
// protected resource metadata (ResourceMetadata, served at MetadataPath).
// Values turns the verified token's claims and the request's headers into
// each call's per-call values (Options.CallOptions), so one server serves
// many tenants:
//
//	mux.Handle("/mcp", mcpserver.Bearer(verify, &mcpserver.BearerOptions{
//		ResourceMetadataURL: "https://mcp.example.com" + mcpserver.MetadataPath("/mcp"),
//	})(srv.Handler(nil)))
//	mux.Handle(mcpserver.MetadataPath("/mcp"), mcpserver.ResourceMetadata(&oauthex.ProtectedResourceMetadata{
//		Resource: "https://mcp.example.com/mcp", AuthorizationServers: []string{"https://auth.example.com"},
//	}))
//
// with mcpserver.Options{CallOptions: mcpserver.Values(map[string]string{"tenant": "tenant"}, nil)}. The http.Server is the host's: give
// it ReadHeaderTimeout, ReadTimeout, IdleTimeout and MaxHeaderBytes, and a
// WriteTimeout only if it outlasts the longest tool call, as a streamed
// response lasts as long as its call (and a session's GET stream as long
// as the session: WriteTimeout ends it, and go-sdk's client reconnects).
//
//	require, err := mcpserver.RequireToken(os.Getenv("MCP_TOKEN"))
//	http.Handle("/mcp", require(srv.Handler(nil)))
//
// # Tools
//
// The clients see what Registry.Tools hands a model: the three entry tools
// (plus the Registry's capabilities of category "api", query_api_docs and
// call_http_api, as tools of their own), or, with the Registry's
// toolkit.Options.Flat, one tool per capability with its JSON Schema. In
// flat mode a capability added to or removed from the Registry while the
// server runs is added to or removed from the tools, and the clients get
// notifications/tools/list_changed (a client of protocol 2026-07-28 or
// later, for changes after the server acknowledged its
// subscriptions/listen).
//
// A tool's annotations (readOnlyHint, destructiveHint, idempotentHint,
// openWorldHint) come from its capability's toolkit.Effects (see
// Annotations), or from Options.Annotate. In entry mode call_capability's
// are the most cautious over all capabilities', and the query tools are
// read-only.
//
// # Results
//
// Result.Text is the result's text content and Result.IsError its isError.
// A text that is a JSON object is also the structuredContent, for clients of
// protocol version 2025-06-18 or later. Result.Signals, when not empty, are
// in the result's _meta under MetaSignals, with the JSON names of
// toolkit.Signals:
//
//	"_meta": {"io.github.toolkit-sdk/signals": {"capability": "get_order", "stop_generation": true}}
//
// A message a call shows the user (Call.Notify, a YQCloud typingMessage) is
// a notifications/progress when the client sent a progress token with the
// call, else a notifications/message at level "info" (sent once the client
// has set a logging level).
//
// # Per-call values
//
// Options.CallOptions maps each tools/call request to the call's per-call
// values: the HTTP request's headers and bearer token (req.Extra), or the
// process environment over stdio. It runs for every call, with that call's
// request only, so nothing of one session reaches another.
//
// # Cancellation
//
// A call runs with the request's context: a notifications/cancelled from
// the client, the session's end (stdio closed, an HTTP session deleted or
// timed out) and, for clients of protocol 2026-07-28 over HTTP, the request's
// connection dropping, cancel it.
//
// Swap replaces the served Registry at once (toolkit mcp --watch reloads
// tool folders with it); Options.ServerOptions adjusts go-sdk's server
// options (a completion handler, resource subscriptions) for what a host
// adds through MCP().
//
// A Server is safe for concurrent use; one Server serves any number of
// sessions.
package mcpserver
