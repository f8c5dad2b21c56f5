package toolkit

import (
	"context"
	"net/http"

	"github.com/toolkit-sdk/toolkit/internal/httpx"
)

// ErrRequestBudget reports a call that has sent as many requests as
// Options.MaxRequests allows.
var ErrRequestBudget = httpx.ErrRequestBudget

// withRequestBudget returns ctx with a request budget of MaxRequests, or
// ctx itself when it already has one (a call within a call shares it).
func (e *Executor) withRequestBudget(ctx context.Context) context.Context {
	return httpx.WithBudget(ctx, e.opts.MaxRequests)
}

// budgetTransport charges every request handed to the transport (each
// redirect hop and retry attempt included) to the budget of the call in
// its context. It has no CloseIdleConnections, on purpose: retryablehttp
// calls the client's after every request whose retries end in failure,
// which would drop the idle connections of every call the Executor serves.
type budgetTransport struct{ next http.RoundTripper }

func (t budgetTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if err := httpx.Charge(req); err != nil {
		return nil, err
	}
	return t.next.RoundTrip(req)
}
