package toolkit

import (
	"context"
	"net/http"

	"github.com/toolkit-sdk/toolkit/internal/httpx"
)

// checkRetry is the retry decision of package httpx for a step's policy.
func (p retryPolicy) checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	return httpx.RetryPolicy{Max: p.max, WaitMin: p.waitMin, WaitMax: p.waitMax, AnyMethod: p.anyMethod}.CheckRetry(ctx, resp, err)
}
