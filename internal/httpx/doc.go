// Package httpx holds the Executor's HTTP mechanisms that need nothing of
// a workflow: bounded body reading (ReadBody), errors cut to a bounded
// text (BoundError), the per-call request budget (Budget) and retries
// with backoff on hashicorp/go-retryablehttp (RetryPolicy, Retriers).
package httpx
