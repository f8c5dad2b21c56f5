package toolkit

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestRetryNonIdempotent (finding 9): a POST answered 500 is sent once
// whatever retry says, unless the step opts in with idempotency_key, which
// sends the same Idempotency-Key on every try. GET and PUT retry as before.
func TestRetryNonIdempotent(t *testing.T) {
	var keys []string
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		keys = append(keys, r.Header.Get("Idempotency-Key"))
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprint(w, "charged")
	})
	tool := func(method, retry string) string {
		return fmt.Sprintf("name: t\ndesc: d\nenv: [BASE_URL]\nsteps:\n  - url: ${env:BASE_URL}/charge\n    method: %s\n    body: '{}'\n    retry: %s\n", method, retry)
	}
	for _, tc := range []struct {
		method, retry string
		sends         int
		key           bool
	}{
		{"POST", "{max: 3, wait_min: 0.001, wait_max: 0.01}", 1, false},
		{"PATCH", "3", 1, false},
		{"POST", "{max: 3, wait_min: 0.001, wait_max: 0.01, idempotency_key: true}", 4, true},
		{"GET", "{max: 3, wait_min: 0.001, wait_max: 0.01}", 4, false},
		{"PUT", "{max: 2, wait_min: 0.001, wait_max: 0.01}", 3, false},
	} {
		keys = nil
		reg := loadRegistry(t, nil, srv.URL, tool(tc.method, tc.retry))
		wantError(t, call(t, reg, "t", `{}`), `HTTP 500 Internal Server Error; body: "charged"`)
		if len(keys) != tc.sends {
			t.Errorf("%s retry %s: sent %d times, want %d", tc.method, tc.retry, len(keys), tc.sends)
			continue
		}
		if tc.key && (len(keys[0]) < 16 || strings.Count(strings.Join(keys, " "), keys[0]) != len(keys)) {
			t.Errorf("%s: Idempotency-Key %q, want one key on every try", tc.method, keys)
		}
		if !tc.key && keys[0] != "" {
			t.Errorf("%s: Idempotency-Key %q sent without idempotency_key", tc.method, keys[0])
		}
	}
}

// TestRetryConnectionNotMade: a POST whose connection was not made is
// retried (it never reached the server); one the guard refused is not.
func TestRetryConnectionNotMade(t *testing.T) {
	var tries atomic.Int32
	client := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		tries.Add(1)
		return nil, &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	})}
	e := NewExecutor(&Options{HTTPClient: client, AllowPrivate: []string{AllowAllPrivate}})
	req := &Request{Method: "POST", URL: "http://api.test/x", Body: []byte("{}"), Retries: 2, RetryWaitMin: time.Millisecond, RetryWaitMax: time.Millisecond}
	if _, err := e.Send(context.Background(), req); err == nil || !strings.Contains(err.Error(), "connection refused") {
		t.Errorf("err = %v", err)
	}
	if n := tries.Load(); n != 3 {
		t.Errorf("%d tries, want 3", n)
	}

	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {})
	_, err := NewExecutor(nil).Send(context.Background(), &Request{Method: "GET", URL: srv.URL})
	if !errors.Is(err, ErrHostNotAllowed) {
		t.Fatalf("err = %v, want ErrHostNotAllowed", err)
	}
	if retry, _ := (retryPolicy{anyMethod: true}).checkRetry(context.Background(), nil, err); retry {
		t.Error("a request the guard refused would be retried")
	}
}

// TestRetryAfterBeyondWaitMax (finding 10): a Retry-After longer than
// wait_max ends the retries at once with the response, instead of sleeping
// until the step times out.
func TestRetryAfterBeyondWaitMax(t *testing.T) {
	var sends atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		sends.Add(1)
		w.Header().Set("Retry-After", "3600")
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprint(w, "come back in an hour")
	})
	reg := loadRegistry(t, nil, srv.URL, "name: t\ndesc: d\nenv: [BASE_URL]\nsteps:\n  - url: ${env:BASE_URL}/x\n    timeout: 600\n    retry: {max: 3, wait_min: 0.001, wait_max: 1}\n")
	wantError(t, call(t, reg, "t", `{}`), `HTTP 503 Service Unavailable; body: "come back in an hour"`)
	if n := sends.Load(); n != 1 {
		t.Errorf("sent %d times", n)
	}
	// A short Retry-After is honoured.
	if retry, _ := (retryPolicy{anyMethod: true, waitMax: time.Second}).checkRetry(context.Background(),
		&http.Response{StatusCode: 503, Header: http.Header{"Retry-After": {"1"}}}, nil); !retry {
		t.Error("Retry-After: 1 with wait_max 1s is not retried")
	}
	// No wait past the deadline.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if retry, _ := (retryPolicy{anyMethod: true, waitMin: time.Second, waitMax: time.Second}).checkRetry(ctx,
		&http.Response{StatusCode: 502, Header: http.Header{}}, nil); retry {
		t.Error("retried with less time left than the shortest wait")
	}
}
