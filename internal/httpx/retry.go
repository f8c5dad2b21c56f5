package httpx

import (
	"context"
	"errors"
	"maps"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/toolkit-sdk/toolkit/internal/netguard"
)

// RetryPolicy is how a request is retried.
type RetryPolicy struct {
	Max              int           // retries after the first try
	WaitMin, WaitMax time.Duration // the backoff's bounds; defaults 1 s and 30 s
	// AnyMethod retries a request that may have reached the server; without
	// it only one whose connection was never made is.
	AnyMethod bool
}

// attemptsKey holds, in the context of a request with retries, the count
// of its tries.
type attemptsKey struct{}

// Retriers are the retryablehttp clients of one HTTP client, one per
// policy. The zero value is ready to use; it is safe for concurrent use.
type Retriers struct {
	m sync.Map // RetryPolicy -> *retryablehttp.Client
}

// Do sends a request with retries through c; attempts, when not nil,
// counts the tries. The last response comes back as it is, with the
// error of the last try, if any.
func (r *Retriers) Do(ctx context.Context, c *http.Client, p RetryPolicy, method, rawURL string, header http.Header, body []byte, attempts *int) (*http.Response, error) {
	var b any
	if body != nil {
		b = body
	}
	if attempts == nil { // checkRetry reads it too
		attempts = new(int)
	}
	ctx = context.WithValue(ctx, attemptsKey{}, attempts)
	rreq, err := retryablehttp.NewRequestWithContext(ctx, method, rawURL, b)
	if err != nil {
		return nil, err
	}
	maps.Copy(rreq.Header, header)
	return r.client(c, p).Do(rreq)
}

// client returns the retryablehttp client of policy p over c. One
// Retriers serves one c.
func (r *Retriers) client(hc *http.Client, p RetryPolicy) *retryablehttp.Client {
	if p.WaitMin <= 0 {
		p.WaitMin = time.Second
	}
	if p.WaitMax < p.WaitMin {
		p.WaitMax = max(p.WaitMin, 30*time.Second)
	}
	if c, ok := r.m.Load(p); ok {
		return c.(*retryablehttp.Client)
	}
	c := &retryablehttp.Client{
		HTTPClient:   hc,
		RetryMax:     p.Max,
		RetryWaitMin: p.WaitMin,
		RetryWaitMax: p.WaitMax,
		CheckRetry:   p.CheckRetry,
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
	actual, _ := r.m.LoadOrStore(p, c)
	return actual.(*retryablehttp.Client)
}

// CheckRetry decides whether a try is repeated: as retryablehttp's default
// policy (connection errors, 429, 5xx), but a request that is not
// idempotent only when it never reached the server, no request the guard
// or the redirect policy refused or whose redirect has a Location net/http
// cannot parse, no Retry-After longer than the policy's longest wait, no
// wait past the request's deadline, and none once the call's request
// budget is spent (the try ends with ErrRequestBudget, unless it was the
// policy's last, which ends with its response).
func (p RetryPolicy) CheckRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	retry, err := p.retryable(ctx, resp, err)
	if b := BudgetOf(ctx); retry && b != nil && !b.Left() && !p.lastTry(ctx) {
		// Ended now rather than after a backoff wait.
		return false, b.SpentError()
	}
	return retry, err
}

// lastTry reports whether the try just made was the policy's last, which
// ends as retries do (with its response) whatever the budget.
func (p RetryPolicy) lastTry(ctx context.Context) bool {
	n, ok := ctx.Value(attemptsKey{}).(*int)
	return ok && *n > p.Max
}

func (p RetryPolicy) retryable(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	var refused netguard.Refusal
	if err != nil && (errors.Is(err, netguard.ErrHostNotAllowed) || errors.Is(err, ErrRequestBudget) || errors.As(err, &refused) || badLocation(err)) {
		return false, err
	}
	if !p.AnyMethod {
		var op *net.OpError
		return err != nil && errors.As(err, &op) && op.Op == "dial", err
	}
	retry, err := retryablehttp.DefaultRetryPolicy(ctx, resp, err)
	if !retry {
		return false, err
	}
	if resp != nil && (resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable) {
		if s := resp.Header.Get("Retry-After"); s != "" && retryablehttp.DefaultBackoff(0, 0, 0, resp) > p.WaitMax {
			return false, nil
		}
	}
	if d, ok := ctx.Deadline(); ok && time.Until(d) < p.WaitMin {
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

// Idempotent reports whether repeating a request with method m has the
// effect of sending it once (RFC 9110, section 9.2.2).
func Idempotent(m string) bool {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace, http.MethodPut, http.MethodDelete:
		return true
	}
	return false
}
