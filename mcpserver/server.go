package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolkit-sdk/toolkit"
)

// MetaSignals is the key of a tool result's _meta that holds its
// toolkit.Signals, as JSON with their JSON names.
const MetaSignals = "io.github.toolkit-sdk/signals"

// Options configure a Server. The zero value is the default.
type Options struct {
	// Name and Version identify the server to clients. Default "toolkit"
	// and the module's version.
	Name, Version string
	// Instructions are shown to clients when they connect.
	Instructions string
	// Locale selects localized tool descriptions (flat mode) and is passed
	// to every call with toolkit.WithLocale. MCP does not tell a server
	// the user's locale.
	Locale string
	// CallOptions returns the per-call values of one tools/call request:
	// tenant and user token from req.Extra.Header or req.Extra.TokenInfo
	// over HTTP, from the environment over stdio. Values from the model
	// never reach it.
	CallOptions func(ctx context.Context, req *mcp.CallToolRequest) []toolkit.CallOption
	// Annotate returns a capability's tool annotations (flat mode, and the
	// "api" capabilities in entry mode); nil keeps the default, which is
	// Annotations(c.Effects). In entry mode call_capability's are the most
	// cautious over every capability's (read-only only if all are,
	// destructive if any may be). The entry tools query_capabilities and
	// query_capability_detail are always read-only and idempotent.
	Annotate func(c toolkit.Capability) *mcp.ToolAnnotations
	// Logger receives the MCP SDK's log. Default: none.
	Logger *slog.Logger

	// SessionTimeout closes an HTTP session (Handler) that got no request
	// for this long; a request running, a long tool call, keeps it open, an
	// open GET stream alone does not (a client keeps an idle session with
	// pings). Default DefaultSessionTimeout (10 minutes); negative: never.
	SessionTimeout time.Duration
	// MaxSessions caps the Server's live sessions: past it Handler refuses
	// a request that starts a session with 503 and a JSON-RPC error, and
	// the live ones are left alone. The sessions of every Handler and Run
	// count, and so does an open subscriptions/listen stream (2026-07-28,
	// or any on a stateless Handler), which is refused the same way; the
	// other requests served without a session (2026-07-28, or a stateless
	// Handler, StreamableHTTPOptions.Stateless), which last one call, do
	// not count and are not refused, nor is Run.
	// Default DefaultMaxSessions (1000); negative: no cap.
	MaxSessions int
	// AllowedOrigins are the browser origins ("https://app.example.com",
	// scheme, host and port) whose requests Handler serves besides the
	// server's own (an Origin whose host and port are the request's Host);
	// "*" allows any; an entry that is not an http(s) origin allows
	// nothing. A request with any other Origin header gets 403; one without
	// (not from a browser) passes.
	AllowedOrigins []string

	// ListTTL is how long a client may keep the tool list without asking
	// again (the ttlMs of tools/list and server/discover results, protocol
	// 2026-07-28; the cacheScope is "public"). The list changes only with
	// the Registry (Registry.OnChange): a change is announced with
	// notifications/tools/list_changed to the clients listening
	// (subscriptions/listen), which drop their copy, while the others keep
	// theirs until it expires. Default 0: not kept, as a Registry may
	// change at any time; a host whose Registry does not change after New
	// may set hours.
	ListTTL time.Duration
	// NoConfirm keeps a call whose Result needs the user's confirmation
	// (Signals.NeedsConfirmation, as hostapi's Options.Confirm asks) a
	// plain result. By default a client that declared elicitation is asked
	// instead: the call answers input_required with an elicitation asking
	// the user to confirm (protocol 2026-07-28; over older sessions go-sdk
	// asks with elicitation/create), and the same call retried with the
	// user's yes runs again with ConfirmedOptions.
	NoConfirm bool
	// ConfirmedOptions are the per-call options of a call the user
	// confirmed. Default hostapi.WithConfirmation().
	ConfirmedOptions []toolkit.CallOption
	// ServerOptions, when set, adjusts the options of the go-sdk server
	// before New creates it: a CompletionHandler, Subscribe and
	// UnsubscribeHandler for the resources the host adds through MCP(),
	// KeepAlive, PageSize. What New sets (Instructions, Logger,
	// Capabilities, SetCacheable) is in opts already: replacing it
	// replaces what this package does.
	ServerOptions func(opts *mcp.ServerOptions)
	// StateKey signs the requestState of a confirmation asked (HMAC-SHA256
	// of the tool, its arguments, the caller's token UserID, a nonce and an
	// expiry of 10 minutes), so that the retry may reach another replica of
	// the server that has the same key. A state is spent by the replica
	// that honours it; another replica would honour it once more.
	// Default: a random key per Server.
	StateKey []byte
}

// Server serves a Registry's tools to MCP clients.
type Server struct {
	reg    atomic.Pointer[toolkit.Registry] // the one served; Swap replaces it
	opts   Options
	mcp    *mcp.Server
	stop   func() // stops following reg; guarded by mu
	closed bool   // Close was called; guarded by mu

	gate     gate // new HTTP sessions
	stateKey []byte
	used     spent // requestStates used

	mu        sync.Mutex                      // serializes updates of the published tools
	published map[string]*mcp.ToolAnnotations // by tool name
}

// New returns a Server for reg's tools. It follows reg's changes until
// Close.
func New(reg *toolkit.Registry, opts *Options) *Server {
	s := &Server{published: map[string]*mcp.ToolAnnotations{}}
	s.reg.Store(reg)
	if opts != nil {
		s.opts = *opts
	}
	s.stateKey = s.opts.StateKey
	if len(s.stateKey) == 0 {
		s.stateKey = newStateKey()
	}
	impl := &mcp.Implementation{Name: s.opts.Name, Version: s.opts.Version}
	if impl.Name == "" {
		impl.Name = "toolkit"
	}
	if impl.Version == "" {
		impl.Version = moduleVersion()
	}
	so := &mcp.ServerOptions{
		Instructions: s.opts.Instructions,
		Logger:       s.opts.Logger,
		SetCacheable: s.cacheable,
		Capabilities: &mcp.ServerCapabilities{
			Tools: &mcp.ToolCapabilities{ListChanged: true},
			//lint:ignore SA1019 notices go to the log when there is no progress token (deprecated in 2026-07-28, still served)
			Logging: &mcp.LoggingCapabilities{},
		},
	}
	if s.opts.ServerOptions != nil {
		s.opts.ServerOptions(so)
	}
	s.mcp = mcp.NewServer(impl, so)
	s.stop = reg.OnChange(s.sync)
	s.sync(nil)
	return s
}

// Swap serves reg instead of the Registry served so far, at once: calls
// that start after Swap run on reg, those running finish on the old one;
// the tools are reg's (all set anew), and the clients are told the list
// changed. The Server follows reg's changes from then on (unless it was
// closed), and no longer the old one's.
func (s *Server) Swap(reg *toolkit.Registry) {
	s.mu.Lock()
	s.stop()
	s.reg.Store(reg)
	if !s.closed {
		s.stop = reg.OnChange(s.sync)
	}
	s.mu.Unlock()
	var all []string
	for _, t := range reg.Tools() {
		all = append(all, t.Name)
	}
	for _, c := range reg.Capabilities() {
		all = append(all, c.Name) // the "api" tools of entry mode
	}
	s.sync(all)
}

// MCP returns the underlying go-sdk server, to add prompts or resources,
// middleware, or to serve it over another transport.
func (s *Server) MCP() *mcp.Server { return s.mcp }

// Close stops following the Registry's changes. Sessions are not closed.
func (s *Server) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stop()
	s.closed = true
}

// Run serves one session over t until the client disconnects or ctx ends.
func (s *Server) Run(ctx context.Context, t mcp.Transport) error {
	s.gate.mu.Lock()
	s.gate.runs++
	s.gate.mu.Unlock()
	defer func() {
		s.gate.mu.Lock()
		s.gate.runs--
		s.gate.mu.Unlock()
	}()
	return s.mcp.Run(ctx, t)
}

// RunStdio serves one session over standard input and output.
func (s *Server) RunStdio(ctx context.Context) error { return s.Run(ctx, &mcp.StdioTransport{}) }

// sync publishes the Registry's tools: new ones and those named changed
// are set (AddTool replaces), and those whose annotations changed
// (call_capability's follow all capabilities'); vanished ones are removed;
// the SDK tells the sessions. Tools that did not change are left alone.
func (s *Server) sync(changed []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	tools := s.tools()
	want := make(map[string]bool, len(tools))
	for _, t := range tools {
		want[t.Name] = true
		prev, ok := s.published[t.Name]
		if !ok || slices.Contains(changed, t.Name) || !sameAnnotations(prev, t.Annotations) {
			s.mcp.AddTool(t, s.handler(t.Name))
			s.published[t.Name] = t.Annotations
		}
	}
	var gone []string
	for name := range s.published {
		if !want[name] {
			gone = append(gone, name)
			delete(s.published, name)
		}
	}
	if len(gone) > 0 {
		s.mcp.RemoveTools(gone...)
	}
}

var readOnly = &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: new(false)}

// tools returns the MCP tools: Registry.Tools, plus in entry mode the
// capabilities of category "api".
func (s *Server) tools() []*mcp.Tool {
	var opts []toolkit.CallOption
	if s.opts.Locale != "" {
		opts = append(opts, toolkit.WithLocale(s.opts.Locale))
	}
	var out []*mcp.Tool
	var callTool *mcp.Tool
	reg := s.reg.Load()
	for _, t := range reg.Tools(opts...) {
		mt := &mcp.Tool{Name: t.Name, Description: t.Description, InputSchema: json.RawMessage(t.InputSchema)}
		switch t.Name {
		case toolkit.ToolQueryCapabilities, toolkit.ToolQueryDetail:
			mt.Annotations = readOnly
		case toolkit.ToolCallCapability:
			callTool = mt
		default:
			if c, ok := reg.Lookup(t.Name); ok {
				mt.Annotations = s.annotate(c)
			}
		}
		out = append(out, mt)
	}
	if callTool == nil {
		return out
	}
	var all []*mcp.ToolAnnotations
	for _, c := range reg.Capabilities() {
		a := s.annotate(c)
		all = append(all, a)
		if c.Category != toolkit.CategoryAPI {
			continue
		}
		schema := c.Schema
		if schema == nil {
			schema = map[string]any{"type": "object"}
		}
		b, err := json.Marshal(schema)
		if err != nil {
			continue
		}
		out = append(out, &mcp.Tool{Name: c.Name, Description: c.Description, InputSchema: json.RawMessage(b), Annotations: a})
	}
	callTool.Annotations = cautious(all)
	return out
}

// annotate returns c's annotations: Options.Annotate's, else those of its
// Effects.
func (s *Server) annotate(c toolkit.Capability) *mcp.ToolAnnotations {
	if s.opts.Annotate != nil {
		if a := s.opts.Annotate(c); a != nil {
			return a
		}
	}
	return Annotations(c.Effects)
}

// Annotations returns the MCP tool annotations of a capability's Effects:
// ReadOnlyHint, DestructiveHint, IdempotentHint and OpenWorldHint from
// what is known (a read-only capability is neither destructive nor
// anything but idempotent); an unknown hint is left out, which a client
// reads as its cautious default. The zero Effects are nil.
func Annotations(e toolkit.Effects) *mcp.ToolAnnotations {
	if e == (toolkit.Effects{}) {
		return nil
	}
	a := &mcp.ToolAnnotations{
		ReadOnlyHint:    e.ReadOnly == toolkit.HintYes,
		DestructiveHint: hint(e.Destructive),
		IdempotentHint:  e.Idempotent == toolkit.HintYes,
		OpenWorldHint:   hint(e.OpenWorld),
	}
	if a.ReadOnlyHint {
		a.DestructiveHint, a.IdempotentHint = new(false), true
	}
	return a
}

func hint(h toolkit.Hint) *bool {
	if v, ok := h.Bool(); ok {
		return &v
	}
	return nil
}

// cautious returns the annotations that hold for every one of all, the
// annotations of the capabilities call_capability may call: read-only or
// idempotent only if all are, not destructive or not open-world only if
// none may be; nil when nothing is known.
func cautious(all []*mcp.ToolAnnotations) *mcp.ToolAnnotations {
	if len(all) == 0 {
		return nil
	}
	out := mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true}
	destructive, openWorld := false, false // any may be
	unknownDestructive, unknownOpen := false, false
	for _, a := range all {
		if a == nil {
			a = &mcp.ToolAnnotations{}
		}
		out.ReadOnlyHint = out.ReadOnlyHint && a.ReadOnlyHint
		out.IdempotentHint = out.IdempotentHint && (a.IdempotentHint || a.ReadOnlyHint)
		switch {
		case a.ReadOnlyHint:
		case a.DestructiveHint == nil:
			unknownDestructive = true
		case *a.DestructiveHint:
			destructive = true
		}
		switch {
		case a.OpenWorldHint == nil:
			unknownOpen = true
		case *a.OpenWorldHint:
			openWorld = true
		}
	}
	switch {
	case destructive:
		out.DestructiveHint = new(true)
	case !unknownDestructive:
		out.DestructiveHint = new(false)
	}
	switch {
	case openWorld:
		out.OpenWorldHint = new(true)
	case !unknownOpen:
		out.OpenWorldHint = new(false)
	}
	if out == (mcp.ToolAnnotations{}) {
		return nil
	}
	return &out
}

// sameAnnotations reports whether a and b say the same.
func sameAnnotations(a, b *mcp.ToolAnnotations) bool {
	if a == nil || b == nil {
		return a == b
	}
	eq := func(x, y *bool) bool { return x == nil && y == nil || x != nil && y != nil && *x == *y }
	return a.ReadOnlyHint == b.ReadOnlyHint && a.IdempotentHint == b.IdempotentHint && a.Title == b.Title &&
		eq(a.DestructiveHint, b.DestructiveHint) && eq(a.OpenWorldHint, b.OpenWorldHint)
}

// handler runs the named tool through the Registry.
func (s *Server) handler(name string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		opts := make([]toolkit.CallOption, 0, 4)
		if s.opts.Locale != "" {
			opts = append(opts, toolkit.WithLocale(s.opts.Locale))
		}
		opts = append(opts, toolkit.WithNotify(notifier(ctx, req)))
		if s.opts.CallOptions != nil {
			opts = append(opts, s.opts.CallOptions(ctx, req)...)
		}
		var args json.RawMessage
		if req.Params != nil {
			args = req.Params.Arguments
		}
		confirmed, declined, err := s.confirmation(name, args, req)
		if err != nil || declined != nil {
			return declined, err
		}
		if confirmed {
			opts = append(opts, s.confirmedOptions()...)
		}
		res, err := s.reg.Load().Call(ctx, name, args, opts...)
		if err != nil {
			return nil, err // removed since the client listed it
		}
		if !confirmed {
			if ask := s.askConfirmation(name, args, res, req); ask != nil {
				return ask, nil
			}
		}
		return result(res, req), nil
	}
}

// result maps a toolkit Result to an MCP tool result.
func result(res toolkit.Result, req *mcp.CallToolRequest) *mcp.CallToolResult {
	out := &mcp.CallToolResult{Content: content(res), IsError: res.IsError}
	if !res.IsError && structured(req) {
		if t := bytes.TrimSpace([]byte(res.Text)); len(t) > 0 && t[0] == '{' && json.Valid(t) {
			out.StructuredContent = json.RawMessage(t)
		}
	}
	if !res.Signals.IsZero() {
		out.Meta = mcp.Meta{MetaSignals: res.Signals}
	}
	return out
}

// structured reports whether the client's protocol has structuredContent.
func structured(req *mcp.CallToolRequest) bool {
	v := req.ProtocolVersion()
	return v == "" || v >= "2025-06-18"
}

// notifier sends a call's notices to its client: progress when the client
// sent a progress token, else a log message.
func notifier(ctx context.Context, req *mcp.CallToolRequest) func(toolkit.Notice) {
	var n atomic.Int64
	return func(note toolkit.Notice) {
		if req.Session == nil {
			return
		}
		var token any
		if req.Params != nil {
			token = req.Params.GetProgressToken()
		}
		if token != nil {
			_ = req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
				ProgressToken: token, Message: note.Text, Progress: float64(n.Add(1)),
			})
			return
		}
		//lint:ignore SA1019 see Logging in New
		_ = req.Session.Log(ctx, &mcp.LoggingMessageParams{Level: "info", Logger: note.Capability, Data: note.Text})
	}
}

func moduleVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, m := range append([]*debug.Module{&bi.Main}, bi.Deps...) {
			if m.Path == "github.com/toolkit-sdk/toolkit" && m.Version != "" && m.Version != "(devel)" {
				return m.Version
			}
		}
	}
	return "dev"
}
