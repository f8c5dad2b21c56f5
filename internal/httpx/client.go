package httpx

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/toolkit-sdk/toolkit/internal/netguard"
	"github.com/toolkit-sdk/toolkit/internal/watchdog"
)

// NewClient returns the Executor's HTTP client: a copy of injected when
// the host gave one, else a client whose dialer checks every address it
// connects to with g and that uses proxy (never the environment's). Its
// redirects are checked by g (at most maxRedirects, their URLs redacted
// by redactURL in errors), and every request it hands to its transport is
// charged to the call's budget (BudgetTransport).
func NewClient(g *netguard.Guard, injected *http.Client, proxy *url.URL, maxRedirects int, redactURL func(string) string) *http.Client {
	var c http.Client
	if injected != nil {
		c = *injected
	} else {
		plain := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}
		checked := *plain
		checked.Control = g.Control
		var proxyFunc func(*http.Request) (*url.URL, error)
		if proxy != nil {
			proxyFunc = http.ProxyURL(proxy)
		}
		c.Transport = &http.Transport{
			Proxy:                 proxyFunc,
			DialContext:           g.DialContext(plain, &checked),
			ForceAttemptHTTP2:     true,
			MaxIdleConns:          100,
			MaxIdleConnsPerHost:   32,
			IdleConnTimeout:       90 * time.Second,
			TLSHandshakeTimeout:   10 * time.Second,
			ExpectContinueTimeout: time.Second,
		}
	}
	c.CheckRedirect = g.CheckRedirect(maxRedirects, redactURL, c.CheckRedirect)
	next := c.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	c.Transport = BudgetTransport{Next: next}
	return &c
}

// BudgetTransport charges every request handed to the transport (each
// redirect hop and retry attempt included) to the budget of the call in
// its context (Charge). It has no CloseIdleConnections, on purpose:
// retryablehttp calls the client's after every request whose retries end
// in failure, which would drop the idle connections of every call the
// Executor serves.
type BudgetTransport struct{ Next http.RoundTripper }

// RoundTrip charges req to its call's budget and hands it to t.Next.
func (t BudgetTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if err := Charge(req); err != nil {
		return nil, err
	}
	return t.Next.RoundTrip(req)
}

// SendOnce sends one request through c, without retries. It is built by
// hand rather than by http.NewRequest, which would parse the URL a second
// time; a nil header becomes an empty one, and the header is copied when
// c has a cookie jar, which adds its cookies to the request's header (to a
// copy, not to the caller's map).
func SendOnce(ctx context.Context, c *http.Client, method string, u *url.URL, header http.Header, body []byte) (*http.Response, error) {
	hreq := (&http.Request{
		Method: method, URL: u, Host: u.Host, Header: header,
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
	}).WithContext(ctx)
	switch {
	case hreq.Header == nil:
		hreq.Header = http.Header{}
	case c.Jar != nil:
		hreq.Header = hreq.Header.Clone()
	}
	if body != nil {
		hreq.ContentLength = int64(len(body))
		hreq.Body = io.NopCloser(bytes.NewReader(body))
		hreq.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
		if len(body) == 0 {
			hreq.Body = http.NoBody
		}
	}
	return c.Do(hreq)
}

// DeadlineContext gives a request's context the deadline a watchdog
// enforces (At, through Watch, in the same allocation), so what reads
// ctx.Deadline() (a dialer, a host's transport) sees it; Done, Err and
// Value are the wrapped context's.
type DeadlineContext struct {
	context.Context
	At    time.Time
	Watch watchdog.Watch // cancels the context at At
}

// Deadline returns the earlier of the parent's deadline and At.
func (c *DeadlineContext) Deadline() (time.Time, bool) {
	if d, ok := c.Context.Deadline(); ok && d.Before(c.At) {
		return d, true
	}
	return c.At, true
}
