package toolkit

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/toolkit-sdk/toolkit/internal/callsecrets"
	"github.com/toolkit-sdk/toolkit/internal/httpx"
	"github.com/toolkit-sdk/toolkit/internal/netguard"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
	"github.com/toolkit-sdk/toolkit/internal/watchdog"
)

// Executor runs compiled workflows: it owns the HTTP layer, the limits and
// the environment. An Executor is safe for concurrent use.
type Executor struct {
	opts        Options
	guard       *netguard.Guard
	guardErr    error // malformed options (Check): every request fails with it
	client      *http.Client
	retries     httpx.Retriers    // clients of e.client with retries
	watchdog    watchdog.Watchdog // request timeouts
	flights     flights           // fetches of entries kept across calls
	cacheHealth cacheHealth       // what was logged about the Cache
	storedVars  storedVars        // the variables it stored across calls, decoded
	tokens      tokenFlights      // OAuth token requests under way
	tokenMemo   sync.Map          // cache key -> *heldToken: the process's OAuth tokens, decoded
}

// NewExecutor returns an Executor configured by opts.
func NewExecutor(opts *Options) *Executor {
	var o Options
	if opts != nil {
		o = *opts
	}
	o.CategoryDescriptions = maps.Clone(o.CategoryDescriptions) // the host may change its map after
	if o.Env == nil {
		o.Env = os.LookupEnv
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.MaxSteps <= 0 {
		o.MaxSteps = DefaultMaxSteps
	}
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if o.MaxResultBytes <= 0 {
		o.MaxResultBytes = DefaultMaxResultBytes
	}
	if o.MaxRedirects <= 0 {
		o.MaxRedirects = DefaultMaxRedirects
	}
	if o.MaxRequests <= 0 {
		o.MaxRequests = DefaultMaxRequests
	}
	if o.MaxFileBytes <= 0 {
		o.MaxFileBytes = DefaultMaxFileBytes
	}
	if o.Cache == nil {
		o.Cache = NewMemoryCache()
	}
	if o.MaxPartBytes == 0 {
		o.MaxPartBytes = DefaultMaxPartBytes
	}
	if o.Blobs == nil {
		o.Blobs = NewMemoryBlobStore(DefaultMaxBlobBytes)
	}
	if o.MaxUploadBytes <= 0 {
		o.MaxUploadBytes = DefaultMaxUploadBytes
	}
	if o.BlobTTL <= 0 {
		o.BlobTTL = DefaultBlobTTL
	}
	o.AllowedHosts = slices.Clone(o.AllowedHosts)
	o.AllowPrivate = slices.Clone(o.AllowPrivate)
	if o.Observer != nil {
		obs := *o.Observer // copied like the rest
		o.Observer = &obs
	}
	e := &Executor{opts: o}
	var err error
	e.guard, err = netguard.New(guardConfig(&o))
	if e.guardErr = invalidOptions(err); e.guardErr != nil {
		o.Logger.Error("toolkit: every request will fail (see Options.Check)", "error", e.guardErr)
	}
	if o.HTTPClient != nil && !e.guard.AllowAll() {
		o.Logger.Warn("toolkit: with an injected HTTPClient the private-address guard checks each target's addresses before the request, not when the client connects")
	}
	e.client = httpx.NewClient(e.guard, o.HTTPClient, o.Proxy, o.MaxRedirects, redactURL)
	return e
}

// Limits returns the response body cap and the cap on a raw body shown to
// the model, defaults applied, so other transports can share them.
func (e *Executor) Limits() (maxBodyBytes int64, maxResultBytes int) {
	return e.opts.MaxBodyBytes, e.opts.MaxResultBytes
}

// Request is one HTTP request sent through the Executor's HTTP layer.
type Request struct {
	Method string
	URL    string
	Header http.Header
	Body   []byte
	// Timeout bounds the request, the body read included. Default 30 s.
	Timeout time.Duration
	// Retries is how many times a failed request (connection error, 429,
	// 5xx) is retried with backoff. Default 0. A POST or PATCH is retried
	// only when it cannot have reached the server (the connection was not
	// made), unless RetryAnyMethod is set. A Retry-After longer than
	// RetryWaitMax, or a wait longer than the time left, ends the retries
	// at once with the last response.
	Retries int
	// RetryAnyMethod retries a POST or PATCH like the other methods; send
	// an Idempotency-Key header with it so the server can drop repeats.
	RetryAnyMethod bool
	// RetryWaitMin and RetryWaitMax bound the backoff between retries.
	RetryWaitMin, RetryWaitMax time.Duration
	// Secrets, when set, are the call's secrets: they are redacted from
	// the URL and error the Observer and the debug log see, from an
	// error Send cuts to its first KiB before the cut, and from package
	// toolkittest's fixtures.
	Secrets *Redactor

	// stream, when set, reads the response instead of the whole-body read
	// (a step's stream:, stream.go); ctx is the request's.
	stream func(ctx context.Context, resp *http.Response) (*Response, error)
}

// Response is an HTTP response with its body read (up to the body cap).
type Response struct {
	StatusCode int
	Status     string
	Header     http.Header
	Body       []byte
}

// OK reports a 2xx status.
func (r *Response) OK() bool { return r.StatusCode >= 200 && r.StatusCode < 300 }

// ErrBodyTooLarge reports a response body over Options.MaxBodyBytes.
var ErrBodyTooLarge = errors.New("response body too large")

// Send performs req with the Executor's limits: host checks, timeout,
// retries, redirect and body caps. Hosts building their own capabilities
// use it to get the same guarantees. Its error's text is at most about a
// KiB, whatever the server sent.
func (e *Executor) Send(ctx context.Context, req *Request) (*Response, error) {
	u, err := url.Parse(req.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" { // "http://:80/" has none (RFC 9110, 4.2.1)
		return nil, fmt.Errorf("invalid URL %q: an absolute http(s) URL is needed", req.URL)
	}
	if e.guardErr != nil {
		return nil, e.guardErr
	}
	ctx = e.withRequestBudget(ctx) // a Send outside a call has a budget of its own
	if t := callsecrets.From(ctx); t != nil && req.Secrets != nil && len(req.Secrets.list()) > 0 {
		// Record and replay keep them out of fixtures; a copy, as the
		// Redactor is the caller's to change.
		secrets := slices.Clone(req.Secrets.list())
		t.Track(func() []string { return secrets })
	}
	if !e.observing(ctx) {
		resp, err := e.send(ctx, req, u, nil)
		return resp, boundError(err, req.Secrets)
	}
	ctx, t := e.traceRequest(ctx, req.Method, u, req.Secrets)
	var attempts int
	resp, err := e.send(ctx, req, u, &attempts)
	err = boundError(err, req.Secrets)
	status, n := 0, 0
	if resp != nil {
		status, n = resp.StatusCode, len(resp.Body)
	}
	t.done(ctx, status, n, attempts, err)
	return resp, err
}

// send is Send after the URL is parsed; attempts, when not nil, counts the
// tries of a request with retries.
func (e *Executor) send(ctx context.Context, req *Request, u *url.URL, attempts *int) (*Response, error) {
	if err := e.guard.CheckURL(u); err != nil {
		return nil, err
	}
	timeout := req.Timeout
	if timeout <= 0 {
		timeout = DefaultStepTimeout
	}
	deadline := time.Now().Add(timeout)
	cctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	d := &httpx.DeadlineContext{Context: cctx, At: deadline} // the watch in the same allocation
	e.watchdog.Start(&d.Watch, deadline, cancel, errStepTimeout)
	defer e.watchdog.Remove(&d.Watch)
	ctx = d
	if err := e.guard.Preflight(ctx, u); err != nil {
		return nil, err
	}
	resp, err := e.do(ctx, req, u, attempts)
	if err != nil {
		if resp != nil { // the retries ended with an error and the last response
			resp.Body.Close()
		}
		if context.Cause(ctx) == errStepTimeout {
			return nil, fmt.Errorf("timed out after %s", timeout)
		}
		// net/http's errors repeat the whole URL, query keys included;
		// callers name the request themselves.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return nil, err
	}
	defer resp.Body.Close()
	if req.stream != nil {
		return req.stream(ctx, resp)
	}
	data, err := httpx.ReadBody(resp.Body, resp.ContentLength, e.opts.MaxBodyBytes)
	if err != nil {
		if context.Cause(ctx) == errStepTimeout {
			return nil, fmt.Errorf("timed out after %s reading the response", timeout)
		}
		return nil, fmt.Errorf("reading the response: %w", err)
	}
	if int64(len(data)) > e.opts.MaxBodyBytes {
		return nil, fmt.Errorf("%w: over %d bytes", ErrBodyTooLarge, e.opts.MaxBodyBytes)
	}
	return &Response{StatusCode: resp.StatusCode, Status: resp.Status, Header: resp.Header, Body: data}, nil
}

// boundError cuts err's text to httpx.MaxErrorBytes, the request's
// secrets redacted first so that the cut never leaves the start of one.
func boundError(err error, secrets *Redactor) error {
	if err == nil {
		return nil
	}
	if secrets == nil {
		secrets = &Redactor{}
	}
	return httpx.BoundError(err, secrets.Cap)
}

// errStepTimeout is the cause the watchdog cancels a request with.
var errStepTimeout = errors.New("step timeout")

// do sends req once through the HTTP client, or through retryablehttp
// when it asks for retries; attempts, when not nil, counts the tries.
func (e *Executor) do(ctx context.Context, req *Request, u *url.URL, attempts *int) (*http.Response, error) {
	if req.Retries <= 0 {
		if !isToken(req.Method) {
			return nil, fmt.Errorf("invalid method %q", req.Method)
		}
		if attempts != nil {
			*attempts = 1
		}
		return httpx.SendOnce(ctx, e.client, req.Method, u, req.Header, req.Body)
	}
	p := httpx.RetryPolicy{Max: req.Retries, WaitMin: req.RetryWaitMin, WaitMax: req.RetryWaitMax,
		AnyMethod: req.RetryAnyMethod || httpx.Idempotent(req.Method)}
	return e.retries.Do(ctx, e.client, p, req.Method, req.URL, req.Header, req.Body, attempts)
}

// bodyExcerpt quotes the start of a (redacted) body for an error.
func bodyExcerpt(body string) string {
	s, cut := textcut.Prefix(strings.TrimSpace(body), 120)
	if cut {
		s += "…"
	}
	return fmt.Sprintf("%q", s)
}
