package httpx

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync/atomic"
)

// ErrRequestBudget reports a call that has sent as many requests as its
// budget allows (toolkit.ErrRequestBudget).
var ErrRequestBudget = errors.New("request budget spent")

// Budget counts the requests of one call, from every goroutine that sends
// them.
type Budget struct {
	max  int64
	sent atomic.Int64
}

// budgetKey holds a call's *Budget in its context.
type budgetKey struct{}

// WithBudget returns ctx with a budget of max requests, or ctx itself when
// it already has one (a call within a call shares it).
func WithBudget(ctx context.Context, max int) context.Context {
	if _, ok := ctx.Value(budgetKey{}).(*Budget); ok {
		return ctx
	}
	return context.WithValue(ctx, budgetKey{}, &Budget{max: int64(max)})
}

// BudgetOf returns the budget of ctx's call, or nil.
func BudgetOf(ctx context.Context) *Budget {
	b, _ := ctx.Value(budgetKey{}).(*Budget)
	return b
}

// Take counts one request about to be sent, or refuses it past the budget.
func (b *Budget) Take() error {
	if b.sent.Add(1) > b.max {
		b.sent.Add(-1) // not sent
		return b.SpentError()
	}
	return nil
}

// Left reports whether another request may be sent.
func (b *Budget) Left() bool { return b.sent.Load() < b.max }

// SpentError is the error of a request past the budget.
func (b *Budget) SpentError() error {
	return fmt.Errorf("%w: the call has sent %d HTTP requests, its limit (MaxRequests; every redirect, retry, loop page and pre_request counts)", ErrRequestBudget, b.max)
}

// Charge counts req, about to be handed to a transport, to the budget of
// the call in its context, if any. Past the budget it closes req's body,
// as a RoundTripper must even on error, and returns the budget's error.
func Charge(req *http.Request) error {
	b := BudgetOf(req.Context())
	if b == nil {
		return nil
	}
	if err := b.Take(); err != nil {
		if req.Body != nil {
			req.Body.Close()
		}
		return err
	}
	return nil
}
