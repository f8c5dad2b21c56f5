// Package httpx holds the Executor's HTTP mechanisms that need nothing of
// a workflow: the guarded client (NewClient) and its one-shot send
// (SendOnce), the deadline a request's context reports (DeadlineContext),
// bounded body reading (ReadBody), errors cut to a bounded text
// (BoundError), the per-call request budget (Budget, BudgetTransport) and
// retries with backoff on hashicorp/go-retryablehttp (RetryPolicy,
// Retriers).
package httpx
