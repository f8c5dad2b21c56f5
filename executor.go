package toolkit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/toolkit-sdk/toolkit/internal/callsecrets"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
	"github.com/toolkit-sdk/toolkit/internal/watchdog"
)

// Executor runs compiled workflows: it owns the HTTP layer, the limits and
// the environment. An Executor is safe for concurrent use.
type Executor struct {
	opts        Options
	guard       *guard
	guardErr    error // malformed options (Check): every request fails with it
	client      *http.Client
	retries     sync.Map          // retryPolicy -> *retryablehttp.Client
	watchdog    watchdog.Watchdog // request timeouts
	flights     flights           // fetches of entries kept across calls
	cacheHealth cacheHealth       // what was logged about the Cache
}

// NewExecutor returns an Executor configured by opts.
func NewExecutor(opts *Options) *Executor {
	var o Options
	if opts != nil {
		o = *opts
	}
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
	o.AllowedHosts = slices.Clone(o.AllowedHosts)
	o.AllowPrivate = slices.Clone(o.AllowPrivate)
	if o.Observer != nil {
		obs := *o.Observer // copied like the rest
		o.Observer = &obs
	}
	e := &Executor{opts: o}
	var err error
	e.guard, err = newGuard(&o)
	if e.guardErr = invalidOptions(err); e.guardErr != nil {
		o.Logger.Error("toolkit: every request will fail (see Options.Check)", "error", e.guardErr)
	}
	if o.HTTPClient != nil && !e.guard.allowAll {
		o.Logger.Warn("toolkit: with an injected HTTPClient the private-address guard checks each target's addresses before the request, not when the client connects")
	}
	e.client = e.newHTTPClient()
	return e
}

// Limits returns the response body cap and the cap on a raw body shown to
// the model, defaults applied, so other transports can share them.
func (e *Executor) Limits() (maxBodyBytes int64, maxResultBytes int) {
	return e.opts.MaxBodyBytes, e.opts.MaxResultBytes
}

func (e *Executor) newHTTPClient() *http.Client {
	var c http.Client
	if e.opts.HTTPClient != nil {
		c = *e.opts.HTTPClient
	} else {
		plain := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}
		checked := *plain
		checked.Control = e.guard.control
		var proxy func(*http.Request) (*url.URL, error)
		if e.opts.Proxy != nil {
			proxy = http.ProxyURL(e.opts.Proxy)
		}
		c.Transport = &http.Transport{
			Proxy:                 proxy,
			DialContext:           e.guard.dialContext(plain, &checked),
			ForceAttemptHTTP2:     true,
			MaxIdleConns:          100,
			MaxIdleConnsPerHost:   32,
			IdleConnTimeout:       90 * time.Second,
			TLSHandshakeTimeout:   10 * time.Second,
			ExpectContinueTimeout: time.Second,
		}
	}
	c.CheckRedirect = e.checkRedirect(c.CheckRedirect)
	next := c.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	c.Transport = budgetTransport{next: next}
	return &c
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
	if t := callsecrets.From(ctx); t != nil && req.Secrets != nil && len(req.Secrets.secrets) > 0 {
		// Record and replay keep them out of fixtures; a copy, as the
		// Redactor is the caller's to change.
		secrets := slices.Clone(req.Secrets.secrets)
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
	if err := e.guard.checkURL(u); err != nil {
		return nil, err
	}
	timeout := req.Timeout
	if timeout <= 0 {
		timeout = DefaultStepTimeout
	}
	deadline := time.Now().Add(timeout)
	cctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	d := &deadlineContext{Context: cctx, deadline: deadline} // the watch in the same allocation
	e.watchdog.Start(&d.watch, deadline, cancel, errStepTimeout)
	defer e.watchdog.Remove(&d.watch)
	ctx = d
	if err := e.guard.preflightCheck(ctx, u); err != nil {
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
	data, err := readBody(resp.Body, resp.ContentLength, e.opts.MaxBodyBytes)
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

// maxErrorBytes bounds the text of Send's error: net/http quotes what a
// server sent in full (a Location header it cannot parse, twice), and the
// redirect policy names the URL and host it refuses, megabytes a hostile
// server chooses.
const maxErrorBytes = 1 << 10

// boundedError is an error with its text cut; errors.Is and errors.As see
// the whole.
type boundedError struct {
	msg string
	err error
}

func (e *boundedError) Error() string { return e.msg }
func (e *boundedError) Unwrap() error { return e.err }

// boundError cuts err's text to maxErrorBytes, the request's secrets
// redacted first so that the cut never leaves the start of one.
func boundError(err error, secrets *Redactor) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	if len(msg) <= maxErrorBytes {
		return err
	}
	if secrets == nil {
		secrets = &Redactor{}
	}
	return &boundedError{msg: secrets.Cap(msg, maxErrorBytes), err: err}
}

// attemptsKey holds, in the context of a request with retries, the count
// of its tries.
type attemptsKey struct{}

// errStepTimeout is the cause the watchdog cancels a request with.
var errStepTimeout = errors.New("step timeout")

// deadlineContext gives a request's context the deadline the watchdog
// enforces, so what reads ctx.Deadline() (a dialer, a host's transport)
// sees it; Done, Err and Value are the wrapped context's.
type deadlineContext struct {
	context.Context
	deadline time.Time
	watch    watchdog.Watch // cancels the context at the deadline
}

// Deadline returns the earlier of the parent's deadline and the watched one.
func (c *deadlineContext) Deadline() (time.Time, bool) {
	if d, ok := c.Context.Deadline(); ok && d.Before(c.deadline) {
		return d, true
	}
	return c.deadline, true
}

// readBody reads r to its end, or to one byte past max. size is the
// announced length (-1 if unknown). An announced body within max is read
// into one buffer of its size; the buffer holds at most 1 MiB until that
// much has arrived, so a length announced but never sent costs little. A
// body of unknown length is read into pooled chunks and copied once into a
// buffer of its exact size.
func readBody(r io.Reader, size, max int64) ([]byte, error) {
	limit := max + 1 // one byte past max tells a body over the cap
	if size < 0 || size >= limit {
		return readChunked(r, nil, limit)
	}
	b := make([]byte, 0, min(size, firstBodyBuffer)+1) // the byte after: room for the read that sees EOF
	b, done, err := fill(r, b, limit)
	if done || err != nil {
		return b, err
	}
	if int64(len(b)) <= size { // the first MiB arrived: room for the rest at once
		b = append(make([]byte, 0, size+1), b...)
		if b, done, err = fill(r, b, limit); done || err != nil {
			return b, err
		}
	}
	return readChunked(r, b, limit) // longer than announced
}

// firstBodyBuffer bounds the buffer for an announced length until the
// bytes arrive.
const firstBodyBuffer = 1 << 20

// fill reads into b's spare capacity until it is full, r ends (done) or b
// holds limit bytes (done), and returns b with what it read. A failed read
// returns nil and its error.
func fill(r io.Reader, b []byte, limit int64) ([]byte, bool, error) {
	for len(b) < cap(b) {
		room := b[len(b):cap(b)]
		if left := limit - int64(len(b)); int64(len(room)) > left {
			room = room[:left]
		}
		n, err := r.Read(room)
		b = b[:len(b)+n]
		switch {
		case err == io.EOF || int64(len(b)) >= limit:
			return b, true, nil
		case err != nil:
			return nil, true, err
		}
	}
	return b, false, nil
}

// bodyChunk is a piece of a body of unknown length being read.
type bodyChunk [64 << 10]byte

var bodyChunks = sync.Pool{New: func() any { return new(bodyChunk) }}

// readChunked reads the rest of r after head into pooled chunks, to its end
// or to limit bytes in all, and returns head and the rest in one buffer of
// their exact size.
func readChunked(r io.Reader, head []byte, limit int64) ([]byte, error) {
	var chunks []*bodyChunk
	defer func() {
		for _, c := range chunks {
			bodyChunks.Put(c)
		}
	}()
	total := int64(len(head))
	var last []byte // the filled part of the last chunk
	for {
		c := bodyChunks.Get().(*bodyChunk)
		chunks = append(chunks, c)
		var done bool
		var err error
		if last, done, err = fill(r, c[:0], limit-total); err != nil {
			return nil, err
		}
		total += int64(len(last))
		if done {
			break
		}
	}
	if len(chunks) == 1 && head == nil {
		return bytes.Clone(last), nil
	}
	out := make([]byte, 0, total)
	out = append(out, head...)
	for _, c := range chunks[:len(chunks)-1] {
		out = append(out, c[:]...)
	}
	return append(out, last...), nil
}

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
		// Built by hand rather than by http.NewRequest, which would parse
		// the URL a second time.
		hreq := (&http.Request{
			Method: req.Method, URL: u, Host: u.Host, Header: req.Header,
			Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		}).WithContext(ctx)
		switch {
		case hreq.Header == nil:
			hreq.Header = http.Header{}
		case e.client.Jar != nil:
			// The client adds the jar's cookies to the request's header:
			// to a copy, not to the caller's map.
			hreq.Header = hreq.Header.Clone()
		}
		if body := req.Body; body != nil {
			hreq.ContentLength = int64(len(body))
			hreq.Body = io.NopCloser(bytes.NewReader(body))
			hreq.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
			if len(body) == 0 {
				hreq.Body = http.NoBody
			}
		}
		return e.client.Do(hreq)
	}
	var body any
	if req.Body != nil {
		body = req.Body
	}
	if attempts == nil { // checkRetry reads it too
		attempts = new(int)
	}
	ctx = context.WithValue(ctx, attemptsKey{}, attempts)
	rreq, err := retryablehttp.NewRequestWithContext(ctx, req.Method, req.URL, body)
	if err != nil {
		return nil, err
	}
	maps.Copy(rreq.Header, req.Header)
	return e.retryClient(retryPolicy{max: req.Retries, waitMin: req.RetryWaitMin, waitMax: req.RetryWaitMax,
		anyMethod: req.RetryAnyMethod || idempotent(req.Method)}).Do(rreq)
}

func (e *Executor) retryClient(p retryPolicy) *retryablehttp.Client {
	if p.waitMin <= 0 {
		p.waitMin = time.Second
	}
	if p.waitMax < p.waitMin {
		p.waitMax = max(p.waitMin, 30*time.Second)
	}
	if c, ok := e.retries.Load(p); ok {
		return c.(*retryablehttp.Client)
	}
	c := &retryablehttp.Client{
		HTTPClient:   e.client,
		RetryMax:     p.max,
		RetryWaitMin: p.waitMin,
		RetryWaitMax: p.waitMax,
		CheckRetry:   p.checkRetry,
		Backoff: func(lo, hi time.Duration, n int, resp *http.Response) time.Duration {
			return min(retryablehttp.DefaultBackoff(lo, hi, n, resp), hi)
		},
		// The last response comes back as it is: a non-2xx body is still
		// extracted from, and errors carry no retry wrapping.
		ErrorHandler: retryablehttp.PassthroughErrorHandler,
		// Counts the tries (for the Observer and lastTry).
		RequestLogHook: func(_ retryablehttp.Logger, r *http.Request, _ int) {
			if n, ok := r.Context().Value(attemptsKey{}).(*int); ok {
				*n++
			}
		},
	}
	actual, _ := e.retries.LoadOrStore(p, c)
	return actual.(*retryablehttp.Client)
}

// checkRetry decides whether a try is repeated: as retryablehttp's default
// policy (connection errors, 429, 5xx), but a request that is not
// idempotent only when it never reached the server, no request the guard
// or the redirect policy refused or whose redirect has a Location net/http
// cannot parse, no Retry-After longer than the policy's longest wait, no
// wait past the request's deadline, and none once the call's request
// budget is spent (the try ends with ErrRequestBudget,
// unless it was the policy's last, which ends with its response).
func (p retryPolicy) checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	retry, err := p.retryable(ctx, resp, err)
	if b := budgetOf(ctx); retry && b != nil && !b.left() && !p.lastTry(ctx) {
		// Ended now rather than after a backoff wait.
		return false, b.spentError()
	}
	return retry, err
}

// lastTry reports whether the try just made was the policy's last, which
// ends as retries do (with its response) whatever the budget.
func (p retryPolicy) lastTry(ctx context.Context) bool {
	n, ok := ctx.Value(attemptsKey{}).(*int)
	return ok && *n > p.max
}

func (p retryPolicy) retryable(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	var refused refusal
	if err != nil && (errors.Is(err, ErrHostNotAllowed) || errors.Is(err, ErrRequestBudget) || errors.As(err, &refused) || badLocation(err)) {
		return false, err
	}
	if !p.anyMethod {
		var op *net.OpError
		return err != nil && errors.As(err, &op) && op.Op == "dial", err
	}
	retry, err := retryablehttp.DefaultRetryPolicy(ctx, resp, err)
	if !retry {
		return false, err
	}
	if resp != nil && (resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable) {
		if s := resp.Header.Get("Retry-After"); s != "" && retryablehttp.DefaultBackoff(0, 0, 0, resp) > p.waitMax {
			return false, nil
		}
	}
	if d, ok := ctx.Deadline(); ok && time.Until(d) < p.waitMin {
		return false, err
	}
	return true, err
}

// badLocation reports net/http's error for a redirect whose Location it
// cannot parse: the server's answer, which a retry would only repeat.
func badLocation(err error) bool {
	var ue *url.Error
	return errors.As(err, &ue) && ue.Err != nil && strings.HasPrefix(ue.Err.Error(), "failed to parse Location header")
}

// idempotent reports whether repeating a request with method m has the
// effect of sending it once (RFC 9110, section 9.2.2).
func idempotent(m string) bool {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace, http.MethodPut, http.MethodDelete:
		return true
	}
	return false
}

// bodyExcerpt quotes the start of a (redacted) body for an error.
func bodyExcerpt(body string) string {
	s, cut := textcut.Prefix(strings.TrimSpace(body), 120)
	if cut {
		s += "…"
	}
	return fmt.Sprintf("%q", s)
}
