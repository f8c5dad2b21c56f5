package toolkit

import (
	"context"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/toolkit-sdk/toolkit/internal/httpx"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// Observer receives the events of calls, steps, cache lookups, HTTP
// requests, YQCloud hook runs, code mode's scripts and the Embedder's calls, for metrics and tracing. Each field is
// optional and a nil one is skipped; without an Observer (and a logger
// enabled for Debug) nothing of an event is computed. A Start hook returns
// the context the work runs with (a tracer opens a span in it), and its
// End hook gets that context back with the same info, completed. Hooks run
// on the calling goroutine and must be safe for concurrent use.
//
// No event carries a secret: URLs have no query, user information or
// fragment (the query is in RequestInfo.Query when Queries is set, with
// the values of credential keys redacted), secret values of the call are
// redacted, and events carry no headers and no bodies.
type Observer struct {
	// CallStart and CallEnd surround a capability's run (after the tool
	// and capability are found).
	CallStart func(ctx context.Context, call CallInfo) context.Context
	CallEnd   func(ctx context.Context, call CallInfo)
	// Step reports a step of a YAML capability before its request is
	// sent, or when its variables came from the cache.
	Step func(ctx context.Context, step StepInfo)
	// Cache reports a lookup of a `cache:` step's key.
	Cache func(ctx context.Context, c CacheInfo)
	// RequestStart and RequestEnd surround an HTTP request: one sent by
	// Executor.Send, retries included, or one served by an in-process
	// handler (package hostapi).
	RequestStart func(ctx context.Context, req RequestInfo) context.Context
	RequestEnd   func(ctx context.Context, req RequestInfo)
	// HookStart and HookEnd surround a run of a YQCloud JavaScript hook.
	HookStart func(ctx context.Context, hook HookInfo) context.Context
	HookEnd   func(ctx context.Context, hook HookInfo)
	// ScriptStart and ScriptEnd surround a run_script script (code
	// mode): the calls it makes are reported between them, with the
	// context ScriptStart returned, and ScriptEnd lists them.
	ScriptStart func(ctx context.Context, script ScriptInfo) context.Context
	ScriptEnd   func(ctx context.Context, script ScriptInfo)
	// Embed reports a call of Options.Embedder: a batch of capabilities'
	// texts at load, or a search's query; Err is set (ErrEmbedding) when
	// it failed, and the search then ranked by keyword alone.
	Embed func(ctx context.Context, e EmbedInfo)
	// Queries sets RequestInfo.Query in the request events: each request's
	// query, with the values of credential keys (IsSecretQueryKey) and the
	// call's secrets redacted, which tells a loop's pages apart. Off by
	// default: a query often holds what the end user asked (a search term),
	// which traces and metrics should not keep. The debug log never has it.
	Queries bool
}

// CallInfo describes a capability call. IsError and Elapsed are set for
// CallEnd.
type CallInfo struct {
	Capability string
	Category   string
	IsError    bool // the Result is an error for the model
	Elapsed    time.Duration
}

// StepInfo describes a step run of a YAML capability.
type StepInfo struct {
	Capability string
	Index      int  // the step's index in the file
	Cached     bool // its variables came from the cache; no request is sent
}

// CacheInfo describes a cache lookup of a step.
type CacheInfo struct {
	Capability string
	Step       int
	Hit        bool
}

// RequestInfo describes an HTTP request. Status, Bytes, Attempts, Err and
// Elapsed are set for RequestEnd.
type RequestInfo struct {
	Method string
	// URL is scheme, host and path: no query, user information or
	// fragment, the call's secrets redacted.
	URL string
	// Query is the URL's query when the Observer asks for it (Queries),
	// else "": the values of credential keys (IsSecretQueryKey:
	// access_token, api_key, ...) and the call's secrets redacted, cut to
	// 1 KiB.
	Query    string
	Status   int   // 0 when no response came
	Bytes    int   // the response body's length, as read
	Attempts int   // tries made: 1, more with retries, 0 if none was sent
	Err      error // the request failed; its text holds no query
	Elapsed  time.Duration
}

// HookInfo describes a run of a YQCloud JavaScript hook. Err and Elapsed
// are set for HookEnd.
type HookInfo struct {
	Function string // the definition's name
	Hook     string // the hook field: requestParser, responseParser, ...
	Err      error  // the run failed (a *yqcloud.HookError); secrets redacted
	Elapsed  time.Duration
}

// observing reports whether events are wanted: an Observer is set, or the
// logger takes Debug records. Nothing of an event is computed otherwise.
func (e *Executor) observing(ctx context.Context) bool {
	return e.opts.Observer != nil || e.opts.Logger.Enabled(ctx, slog.LevelDebug)
}

// debug reports whether the logger takes Debug records.
func (e *Executor) debug(ctx context.Context) bool {
	return e.opts.Logger.Enabled(ctx, slog.LevelDebug)
}

// callTrace is a call being observed; its zero value reports nothing.
type callTrace struct {
	e     *Executor
	info  CallInfo
	start time.Time
}

// startCall reports the start of a call if anyone observes it.
func (e *Executor) startCall(ctx context.Context, c *Capability) (context.Context, callTrace) {
	if !e.observing(ctx) {
		return ctx, callTrace{}
	}
	t := callTrace{e: e, info: CallInfo{Capability: c.Name, Category: c.Category}, start: time.Now()}
	if o := e.opts.Observer; o != nil && o.CallStart != nil {
		ctx = o.CallStart(ctx, t.info)
	}
	return ctx, t
}

func (t *callTrace) done(ctx context.Context, res *Result) {
	if t.e == nil {
		return
	}
	t.info.IsError, t.info.Elapsed = res.IsError, time.Since(t.start)
	if o := t.e.opts.Observer; o != nil && o.CallEnd != nil {
		o.CallEnd(ctx, t.info)
	}
	if t.e.debug(ctx) {
		t.e.opts.Logger.LogAttrs(ctx, slog.LevelDebug, "toolkit: call",
			slog.String("capability", t.info.Capability), slog.String("category", t.info.Category),
			slog.Bool("is_error", t.info.IsError), slog.Duration("duration", t.info.Elapsed))
	}
}

// observeStep reports a step, and its cache lookup if it has a key.
func (e *Executor) observeStep(ctx context.Context, capability string, index int, keyed, cached bool) {
	o := e.opts.Observer
	debug := e.debug(ctx)
	if keyed {
		if o != nil && o.Cache != nil {
			o.Cache(ctx, CacheInfo{Capability: capability, Step: index, Hit: cached})
		}
		if debug {
			e.opts.Logger.LogAttrs(ctx, slog.LevelDebug, "toolkit: cache",
				slog.String("capability", capability), slog.Int("step", index), slog.Bool("hit", cached))
		}
	}
	if o != nil && o.Step != nil {
		o.Step(ctx, StepInfo{Capability: capability, Index: index, Cached: cached})
	}
	if debug {
		e.opts.Logger.LogAttrs(ctx, slog.LevelDebug, "toolkit: step",
			slog.String("capability", capability), slog.Int("step", index), slog.Bool("cached", cached))
	}
}

// RequestTrace is an HTTP request being observed, from
// Executor.TraceRequest. Its zero value reports nothing.
type RequestTrace struct {
	e       *Executor
	info    RequestInfo
	start   time.Time
	secrets *Redactor
}

// TraceRequest reports the start of an HTTP request that does not go
// through Send (one served by an in-process handler) to the Observer and
// the debug log, as Send reports its own; end it with the returned trace's
// Done, passing the context returned. rawURL's query, user information and
// fragment are dropped. When no one observes, it returns ctx and a zero
// RequestTrace and computes nothing.
func (e *Executor) TraceRequest(ctx context.Context, method, rawURL string) (context.Context, RequestTrace) {
	if e == nil || !e.observing(ctx) {
		return ctx, RequestTrace{}
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		u = &url.URL{Path: "(invalid URL)"}
	}
	return e.traceRequest(ctx, method, u, nil)
}

// traceRequest starts a request's trace; the caller checked observing.
func (e *Executor) traceRequest(ctx context.Context, method string, u *url.URL, secrets *Redactor) (context.Context, RequestTrace) {
	t := RequestTrace{e: e, secrets: secrets, start: time.Now()}
	t.info.Method = method
	t.info.URL = httpx.EventURL(u)
	if o := e.opts.Observer; o != nil && o.Queries && u.RawQuery != "" {
		t.info.Query = eventQuery(u.RawQuery, secrets)
	}
	if secrets != nil {
		t.info.URL = secrets.Redact(t.info.URL)
	}
	if o := e.opts.Observer; o != nil && o.RequestStart != nil {
		ctx = o.RequestStart(ctx, t.info)
	}
	return ctx, t
}

// Done reports the end of the request: the response's status and body
// length, or err. ctx is the context TraceRequest returned.
func (t RequestTrace) Done(ctx context.Context, status, bytes int, err error) {
	t.done(ctx, status, bytes, 1, err)
}

func (t *RequestTrace) done(ctx context.Context, status, bytes, attempts int, err error) {
	if t.e == nil {
		return
	}
	t.info.Status, t.info.Bytes, t.info.Attempts, t.info.Elapsed = status, bytes, attempts, time.Since(t.start)
	if err != nil {
		t.info.Err = redactedError(err, t.secrets)
	}
	if o := t.e.opts.Observer; o != nil && o.RequestEnd != nil {
		o.RequestEnd(ctx, t.info)
	}
	if t.e.debug(ctx) {
		attrs := []slog.Attr{
			slog.String("method", t.info.Method), slog.String("url", t.info.URL),
			slog.Int("status", t.info.Status), slog.Int("bytes", t.info.Bytes),
			slog.Int("attempts", t.info.Attempts), slog.Duration("duration", t.info.Elapsed),
		}
		if t.info.Err != nil {
			attrs = append(attrs, slog.String("error", t.info.Err.Error()))
		}
		t.e.opts.Logger.LogAttrs(ctx, slog.LevelDebug, "toolkit: request", attrs...)
	}
}

// HookTrace is a YQCloud hook run being observed, from Executor.TraceHook.
// Its zero value reports nothing.
type HookTrace struct {
	e     *Executor
	info  HookInfo
	start time.Time
}

// TraceHook reports the start of a run of a JavaScript hook (the hook
// field of function) to the Observer and the debug log; end it with the
// returned trace's Done, passing the context returned. Package yqcloud
// calls it. When no one observes, it returns ctx and a zero HookTrace.
func (e *Executor) TraceHook(ctx context.Context, function, hook string) (context.Context, HookTrace) {
	if e == nil || !e.observing(ctx) {
		return ctx, HookTrace{}
	}
	t := HookTrace{e: e, info: HookInfo{Function: function, Hook: hook}, start: time.Now()}
	if o := e.opts.Observer; o != nil && o.HookStart != nil {
		ctx = o.HookStart(ctx, t.info)
	}
	return ctx, t
}

// Done reports the end of the run, err if it failed. ctx is the context
// TraceHook returned.
func (t HookTrace) Done(ctx context.Context, err error) {
	if t.e == nil {
		return
	}
	t.info.Err, t.info.Elapsed = err, time.Since(t.start)
	if o := t.e.opts.Observer; o != nil && o.HookEnd != nil {
		o.HookEnd(ctx, t.info)
	}
	if t.e.debug(ctx) {
		attrs := []slog.Attr{
			slog.String("function", t.info.Function), slog.String("hook", t.info.Hook),
			slog.Duration("duration", t.info.Elapsed),
		}
		if err != nil {
			attrs = append(attrs, slog.String("error", err.Error()))
		}
		t.e.opts.Logger.LogAttrs(ctx, slog.LevelDebug, "toolkit: hook", attrs...)
	}
}

// maxEventQuery bounds RequestInfo.Query.
const maxEventQuery = 1 << 10

// eventQuery is a query as an event shows it: the values of credential
// keys redacted, then the call's secrets (secrets may be nil), then cut.
func eventQuery(raw string, secrets *Redactor) string {
	var b strings.Builder
	for i, pair := range strings.Split(raw, "&") {
		if i > 0 {
			b.WriteByte('&')
		}
		key, _, hasValue := strings.Cut(pair, "=")
		if k, err := url.QueryUnescape(key); hasValue && (err != nil || IsSecretQueryKey(k)) {
			b.WriteString(key + "=" + Redacted)
			continue
		}
		b.WriteString(pair)
	}
	q := b.String()
	if secrets != nil {
		q = secrets.Redact(q)
	}
	return textcut.Cut(q, maxEventQuery)
}

// redactedError is err for an event: without the URL a *url.Error repeats
// (query included), secrets redacted (httpx.EventError).
func redactedError(err error, secrets *Redactor) error {
	if secrets == nil {
		return httpx.EventError(err, nil)
	}
	return httpx.EventError(err, secrets.Redact)
}
