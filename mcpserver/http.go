package mcpserver

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// Defaults of Options.SessionTimeout and Options.MaxSessions.
const (
	DefaultSessionTimeout = 10 * time.Minute
	DefaultMaxSessions    = 1000
)

// MinTokenLen is the shortest token RequireToken accepts.
const MinTokenLen = 16

// Handler returns an http.Handler serving streamable HTTP sessions. Nil
// opts are the defaults, with PropagateRequestCancellation set; a zero
// opts.SessionTimeout takes Options.SessionTimeout's.
//
// The handler answers 403 to a request whose Origin header is neither the
// server's own (the request's Host) nor one of Options.AllowedOrigins; a
// request without Origin (not sent by a browser) passes. A request that
// would start a session while Options.MaxSessions are live gets 503; an
// open subscriptions/listen stream (2026-07-28, or any on a stateless
// handler) counts as one and is refused the same way, while the other
// requests served without a session, which last one call, do not count. On a
// loopback listener go-sdk also answers 403 to a Host that is not loopback
// (DNS rebinding). The handler does not authenticate: wrap it with
// RequireToken, or go-sdk's auth.RequireBearerToken, when it is reachable
// from another machine.
func (s *Server) Handler(opts *mcp.StreamableHTTPOptions) http.Handler {
	o := mcp.StreamableHTTPOptions{PropagateRequestCancellation: true}
	if opts != nil {
		o = *opts
	}
	if o.SessionTimeout == 0 {
		o.SessionTimeout = s.opts.SessionTimeout
		switch {
		case o.SessionTimeout == 0:
			o.SessionTimeout = DefaultSessionTimeout
		case o.SessionTimeout < 0:
			o.SessionTimeout = 0 // never
		}
	}
	origins := map[string]bool{}
	for _, a := range s.opts.AllowedOrigins {
		if a == "*" {
			origins = nil
			break
		}
		if k, ok := originKey(a); ok {
			origins[k] = true
		}
	}
	get := func(*http.Request) *mcp.Server { return s.mcp }
	h := &httpHandler{
		s:         s,
		h:         mcp.NewStreamableHTTPHandler(get, &o),
		stateless: o.Stateless,
		origins:   origins,
		maxBody:   o.MaxRequestBodyBytes,
	}
	if h.maxBody == 0 {
		h.maxBody = mcp.DefaultMaxRequestBodyBytes
	}
	if !o.Stateless {
		so := o
		so.Stateless = true
		h.modern = mcp.NewStreamableHTTPHandler(get, &so)
	}
	return h
}

type httpHandler struct {
	s         *Server
	h         http.Handler // sessions (2025-11-25 and before), or every request when stateless
	modern    http.Handler // stateless, for the requests of 2026-07-28 and later; nil when h is stateless
	stateless bool
	origins   map[string]bool // nil: any
	maxBody   int64           // negative: no bound
}

// modernVersion is the first protocol version without sessions: its
// requests go to the stateless handler.
const modernVersion = "2026-07-28"

// isModern reports whether r is a request of protocol 2026-07-28 or later,
// which Handler serves without a session: its MCP-Protocol-Version header
// says so, or, for a POST without a session and without the header, its
// body is a server/discover or carries the per-request protocol version in
// _meta (go-sdk answers that the header is missing). The body is read
// (within the handler's bound) and put back. A false ok means the answer
// has been written.
func (h *httpHandler) isModern(w http.ResponseWriter, r *http.Request) (modern, ok bool) {
	if v := r.Header.Get("Mcp-Protocol-Version"); v != "" {
		return v >= modernVersion, true
	}
	if r.Method != http.MethodPost || r.Header.Get("Mcp-Session-Id") != "" || r.Body == nil {
		return false, true
	}
	body := r.Body
	if h.maxBody > 0 {
		body = http.MaxBytesReader(w, body, h.maxBody)
	}
	b, err := io.ReadAll(body)
	r.Body.Close()
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			http.Error(w, fmt.Sprintf("request body exceeds %d bytes", mbe.Limit), http.StatusRequestEntityTooLarge)
		} else {
			http.Error(w, "failed to read body", http.StatusBadRequest)
		}
		return false, false
	}
	r.Body = io.NopCloser(bytes.NewReader(b))
	return modernBody(b), true
}

// modernBody reports whether a JSON-RPC message or batch holds a
// server/discover or a request with _meta's protocol version.
func modernBody(b []byte) bool {
	type msg struct {
		Method string `json:"method"`
		Params struct {
			Meta map[string]json.RawMessage `json:"_meta"`
		} `json:"params"`
	}
	var msgs []msg
	if b = bytes.TrimSpace(b); len(b) > 0 && b[0] == '[' {
		if json.Unmarshal(b, &msgs) != nil {
			return false
		}
	} else {
		var m msg
		if json.Unmarshal(b, &m) != nil {
			return false
		}
		msgs = []msg{m}
	}
	for _, m := range msgs {
		if m.Method == "server/discover" || m.Params.Meta[mcp.MetaKeyProtocolVersion] != nil {
			return true
		}
	}
	return false
}

func (h *httpHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if origin := r.Header.Values("Origin"); len(origin) > 0 && !h.allowed(origin, r) {
		writeError(w, http.StatusForbidden, fmt.Sprintf("Forbidden: the Origin %s is not allowed", textcut.Quote(origin[0])))
		return
	}
	if h.modern != nil {
		modern, ok := h.isModern(w, r)
		if !ok {
			return
		}
		if modern {
			h.serveStateless(h.modern, w, r)
			return
		}
	} else if h.stateless {
		h.serveStateless(h.h, w, r)
		return
	}
	if !h.stateless && r.Method == http.MethodPost && r.Header.Get("Mcp-Session-Id") == "" {
		// A new session: admitted while the live ones, and those being
		// started, are under the cap.
		pw, ok := h.s.gate.enter(h.s)
		if !ok {
			writeError(w, http.StatusServiceUnavailable,
				fmt.Sprintf("the server has its maximum of %d sessions; try again once one ended", h.s.maxSessions()))
			return
		}
		if pw != nil {
			pw.ResponseWriter = w
			defer pw.release()
			w = pw
		}
	}
	h.h.ServeHTTP(w, r)
}

// serveStateless serves a request without a session. A
// subscriptions/listen (2026-07-28), whose stream stays open as long as
// the client keeps it, counts as a session while it lasts: it is refused
// with 503 at the cap. (go-sdk checks the Mcp-Method header against the
// body.)
func (h *httpHandler) serveStateless(next http.Handler, w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost && r.Header.Get("Mcp-Method") == "subscriptions/listen" {
		release, ok := h.s.gate.listen(h.s)
		if !ok {
			writeError(w, http.StatusServiceUnavailable,
				fmt.Sprintf("the server has its maximum of %d sessions and listen streams; try again once one ended", h.s.maxSessions()))
			return
		}
		defer release()
	}
	next.ServeHTTP(w, r)
}

// pendingWriter counts a request admitted by gate.enter until it returns,
// once: go-sdk has then initialized its session or closed it. From the
// response's first write the request is known by the session it started
// (the Mcp-Session-Id go-sdk sets answering an initialize), so enter does
// not count that session twice once it is initialized, before the request
// returns; a response without one (go-sdk's server/discover probe, any
// call that is not an initialize) started no session that can live, and
// stops counting there, so a client that got its answer and starts the
// next session is not refused below the cap. A 202 (notifications only)
// counts until the request returns, as go-sdk handles the notifications
// after it is written.
type pendingWriter struct {
	http.ResponseWriter
	g *gate

	// Guarded by g.mu.
	wrote, done bool
	session     string
}

func (w *pendingWriter) release() {
	w.g.mu.Lock()
	defer w.g.mu.Unlock()
	if !w.done {
		w.done = true
		delete(w.g.pending, w)
	}
}

// first notes what the response says about its session before its first
// write, of the status code.
func (w *pendingWriter) first(code int) {
	w.g.mu.Lock()
	defer w.g.mu.Unlock()
	if w.wrote || w.done {
		return
	}
	w.wrote = true
	w.session = w.Header().Get("Mcp-Session-Id")
	if w.session == "" && code != http.StatusAccepted {
		w.done = true
		delete(w.g.pending, w)
	}
}

func (w *pendingWriter) WriteHeader(code int) {
	w.first(code)
	w.ResponseWriter.WriteHeader(code)
}

func (w *pendingWriter) Write(p []byte) (int, error) {
	w.first(http.StatusOK)
	return w.ResponseWriter.Write(p)
}

func (w *pendingWriter) FlushError() error {
	w.first(http.StatusOK)
	return http.NewResponseController(w.ResponseWriter).Flush()
}

func (w *pendingWriter) Flush() { _ = w.FlushError() }

func (w *pendingWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// allowed reports whether a request's Origin header is the server's own
// origin (host and port those of the request's Host) or an allowed one.
// "null", an unparsable origin and more than one Origin header are not.
func (h *httpHandler) allowed(origin []string, r *http.Request) bool {
	if h.origins == nil {
		return true
	}
	if len(origin) != 1 {
		return false
	}
	k, ok := originKey(origin[0])
	if !ok {
		return false
	}
	if h.origins[k] {
		return true
	}
	// A request over plain http may come from a TLS proxy, so its own
	// origin may be https; a Host without a port is then the default port
	// of the Origin's scheme (https://example.com through a proxy is Host
	// example.com). A request over TLS is from an https origin.
	scheme, _, _ := strings.Cut(k, "://")
	if r.TLS != nil && scheme != "https" {
		return false
	}
	own, ok := originKey(scheme + "://" + r.Host)
	return ok && k == own
}

// originKey returns an origin as "scheme://host:port", lower-cased and
// with the scheme's default port.
func originKey(s string) (string, bool) {
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return "", false
	}
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		switch scheme {
		case "http":
			port = "80"
		case "https":
			port = "443"
		default:
			return "", false
		}
	}
	return scheme + "://" + strings.ToLower(u.Hostname()) + ":" + port, true
}

// gate counts the HTTP requests starting a session; see enter.
type gate struct {
	mu      sync.Mutex
	pending map[*pendingWriter]bool // requests admitted by enter still counted
	listens int                     // subscriptions/listen streams open
	runs    int                     // sessions of Server.Run
}

// enter admits a request that starts a session when the Server's
// initialized sessions and the requests admitted that still count (see
// pendingWriter) are fewer than the cap; an admitted request counts once,
// with the session it started. A session that is not initialized is not
// counted: go-sdk closes it when the request that started it returns
// (go-sdk's client sends a server/discover first, an attacker anything but
// initialize), and until then the request counts.
func (g *gate) enter(s *Server) (*pendingWriter, bool) {
	limit := s.maxSessions()
	if limit < 0 {
		return nil, true
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.live(s) >= limit {
		return nil, false
	}
	if g.pending == nil {
		g.pending = map[*pendingWriter]bool{}
	}
	w := &pendingWriter{g: g}
	g.pending[w] = true
	return w, true
}

// live counts the initialized HTTP sessions, the requests admitted by
// enter still counted, the listen streams open and the sessions of
// Server.Run. The sessions of requests served without one (no session
// ID: 2026-07-28, or a stateless handler) end with their request and are
// not counted. g.mu is held.
func (g *gate) live(s *Server) int {
	n := len(g.pending) + g.listens + g.runs
	started := make(map[string]bool, len(g.pending))
	for w := range g.pending {
		if w.session != "" {
			started[w.session] = true
		}
	}
	for ss := range s.mcp.Sessions() {
		if id := ss.ID(); id != "" && ss.InitializeParams() != nil && !started[id] {
			n++
		}
	}
	return n
}

// listen admits a subscriptions/listen stream under the cap; release ends
// its count.
func (g *gate) listen(s *Server) (release func(), ok bool) {
	limit := s.maxSessions()
	if limit < 0 {
		return func() {}, true
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.live(s) >= limit {
		return nil, false
	}
	g.listens++
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			g.listens--
			g.mu.Unlock()
		})
	}, true
}

func (s *Server) maxSessions() int {
	switch n := s.opts.MaxSessions; {
	case n == 0:
		return DefaultMaxSessions
	case n < 0:
		return -1
	default:
		return n
	}
}

// writeError answers with status and a JSON-RPC error without an id.
func writeError(w http.ResponseWriter, status int, msg string) {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": -32000, "message": msg}})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
}

// RequireToken returns middleware that serves only requests with the
// header "Authorization: Bearer <token>", compared in constant time; any
// other request gets 401 with "WWW-Authenticate: Bearer" (RFC 6750), with
// error="invalid_token" when it sent another bearer token and
// error="invalid_request" when its Bearer credentials are malformed. The
// scheme's name is read in any case; a token in the URL is not read. The token must be at least
// MinTokenLen visible ASCII characters without spaces. It is built on
// go-sdk's auth.RequireBearerToken: a served request's context holds an
// auth.TokenInfo, and a session started with the token is bound to it.
func RequireToken(token string) (func(http.Handler) http.Handler, error) {
	if len(token) < MinTokenLen {
		return nil, fmt.Errorf("the token has %d characters; at least %d are needed", len(token), MinTokenLen)
	}
	for i := 0; i < len(token); i++ {
		if c := token[i]; c <= ' ' || c >= 0x7f {
			return nil, errors.New("the token may hold only visible ASCII characters, no spaces")
		}
	}
	want := sha256.Sum256([]byte(token))
	verify := func(_ context.Context, got string, _ *http.Request) (*auth.TokenInfo, error) {
		sum := sha256.Sum256([]byte(got))
		if subtle.ConstantTimeCompare(sum[:], want[:]) != 1 {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{UserID: "bearer"}, nil
	}
	require := auth.RequireBearerToken(verify, &auth.RequireBearerTokenOptions{AllowMissingExpiration: true})
	return func(next http.Handler) http.Handler {
		served := require(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Del("WWW-Authenticate")
			next.ServeHTTP(w, r)
		}))
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			// Set for the 401 that auth.RequireBearerToken writes without
			// one when it has no resource metadata; removed when served.
			// RFC 6750 3.1: no error code when the request has no bearer
			// credentials (none, or another scheme).
			challenge := "Bearer"
			switch f := strings.Fields(r.Header.Get("Authorization")); {
			case len(f) == 0 || !strings.EqualFold(f[0], "Bearer"):
			case len(f) == 2:
				challenge = `Bearer error="invalid_token"`
			default:
				challenge = `Bearer error="invalid_request"`
			}
			w.Header().Set("WWW-Authenticate", challenge)
			served.ServeHTTP(w, r)
		})
	}, nil
}
