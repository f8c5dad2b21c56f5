package toolkit

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync/atomic"
)

// ErrRequestBudget reports a call that has sent as many requests as
// Options.MaxRequests allows.
var ErrRequestBudget = errors.New("request budget spent")

// requestBudget counts the requests of one call, from every goroutine that
// sends them.
type requestBudget struct {
	max  int64
	sent atomic.Int64
}

// budgetKey holds a call's *requestBudget in its context.
type budgetKey struct{}

// withRequestBudget returns ctx with a request budget of MaxRequests, or
// ctx itself when it already has one (a call within a call shares it).
func (e *Executor) withRequestBudget(ctx context.Context) context.Context {
	if _, ok := ctx.Value(budgetKey{}).(*requestBudget); ok {
		return ctx
	}
	return context.WithValue(ctx, budgetKey{}, &requestBudget{max: int64(e.opts.MaxRequests)})
}

func budgetOf(ctx context.Context) *requestBudget {
	b, _ := ctx.Value(budgetKey{}).(*requestBudget)
	return b
}

// take counts one request about to be sent, or refuses it past the budget.
func (b *requestBudget) take() error {
	if b.sent.Add(1) > b.max {
		b.sent.Add(-1) // not sent
		return b.spentError()
	}
	return nil
}

// left reports whether another request may be sent.
func (b *requestBudget) left() bool { return b.sent.Load() < b.max }

func (b *requestBudget) spentError() error {
	return fmt.Errorf("%w: the call has sent %d HTTP requests, its limit (MaxRequests; every redirect, retry, loop page and pre_request counts)", ErrRequestBudget, b.max)
}

// budgetTransport charges every request handed to the transport (each
// redirect hop and retry attempt included) to the budget of the call in
// its context. It has no CloseIdleConnections, on purpose: retryablehttp
// calls the client's after every request whose retries end in failure,
// which would drop the idle connections of every call the Executor serves.
type budgetTransport struct{ next http.RoundTripper }

func (t budgetTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if b := budgetOf(req.Context()); b != nil {
		if err := b.take(); err != nil {
			if req.Body != nil {
				req.Body.Close() // a RoundTripper closes the body, even on error
			}
			return nil, err
		}
	}
	return t.next.RoundTrip(req)
}
