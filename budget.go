package toolkit

import (
	"context"

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
