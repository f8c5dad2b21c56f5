package toolkit

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// TestHardening26_15_RequestBudget: every request a call sends counts
// against MaxRequests, each redirect hop, retry, loop page, pre_request
// and step; a server that always redirects, always answers 503 or always
// has another page receives at most the budget, and the call ends with an
// error that names it.
func TestHardening26_15_RequestBudget(t *testing.T) {
	var hits atomic.Int64
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		switch r.URL.Path {
		case "/token":
			fmt.Fprint(w, `{"access_token":"tok"}`)
		case "/redirect": // always redirects
			http.Redirect(w, r, fmt.Sprintf("/redirect?n=%d", n+1), http.StatusFound)
		case "/chain": // nine redirects, then 503: each retry follows them again
			if n < 9 {
				http.Redirect(w, r, fmt.Sprintf("/chain?n=%d", n+1), http.StatusFound)
				return
			}
			w.WriteHeader(http.StatusServiceUnavailable)
		case "/503":
			w.WriteHeader(http.StatusServiceUnavailable)
		case "/pages": // always another page
			fmt.Fprintf(w, `{"items":[%d],"next":"%d"}`, n, n+1)
		case "/forty": // 40 pages of 25 items, the last after a redirect
			if n == 39 && r.URL.Query().Get("moved") == "" {
				http.Redirect(w, r, "/forty?n=39&moved=1", http.StatusFound)
				return
			}
			items := strings.TrimSuffix(strings.Repeat("1,", 25), ",")
			next := ""
			if n < 39 {
				next = strconv.Itoa(n + 1)
			}
			fmt.Fprintf(w, `{"items":[%s],"next":%q}`, items, next)
		default:
			fmt.Fprint(w, `{"ok":true}`)
		}
	})
	const fastRetry = "    retry: {max: 10, wait_min: 0.001, wait_max: 0.002}\n"
	tool := func(pre string, steps ...string) string {
		s := "name: t\ndesc: d\nenv: [BASE_URL]\n"
		if pre != "" {
			s += "pre_request:\n  url: ${env:BASE_URL}" + pre + "\n  var: [{name: token, extract: access_token}]\n" + strings.TrimPrefix(fastRetry, "  ")
		}
		return s + "steps:\n" + strings.Join(steps, "")
	}
	for _, tc := range []struct {
		name string
		opts Options
		tool string
		max  int64 // requests the server may receive
		want string
	}{
		{"redirects and retries in a next loop, MaxSteps 10", Options{MaxSteps: 10},
			tool("", "  - url: ${env:BASE_URL}/chain\n"+fastRetry+"    next: 0\n"), DefaultMaxRequests, "request budget spent"},
		{"the same, MaxRequests 7", Options{MaxSteps: 10, MaxRequests: 7},
			tool("", "  - url: ${env:BASE_URL}/chain\n"+fastRetry+"    next: 0\n"), 7, "the call has sent 7 HTTP requests"},
		{"always redirects, MaxRedirects 1000", Options{MaxRedirects: 1000},
			tool("", "  - url: ${env:BASE_URL}/redirect\n"), DefaultMaxRequests, "request budget spent"},
		{"always 503 with retries", Options{}, // on_error: continue goes on past each 503
			tool("", "  - url: ${env:BASE_URL}/503\n"+fastRetry+"    on_error: continue\n    next: 0\n"), DefaultMaxRequests, "request budget spent"},
		{"retries of a pre_request", Options{MaxRequests: 5},
			tool("/503", "  - url: ${env:BASE_URL}/ok\n"), 5, "request budget spent"},
		{"pre_request and steps", Options{MaxRequests: 5},
			tool("/token", "  - url: ${env:BASE_URL}/ok\n    next: 0\n"), 5, "request budget spent"},
		{"loop pages", Options{},
			tool("", "  - url: ${env:BASE_URL}/pages\n    loop:\n      cursor: {path: next, param: n}\n      items: items[]\n"),
			DefaultMaxRequests, "set loop.max_pages"},
		{"loop pages with retries", Options{MaxRequests: 20},
			tool("/token", "  - url: ${env:BASE_URL}/pages\n"+fastRetry+"    loop:\n      cursor: {path: next, param: n}\n      items: items[]\n"),
			20, "request budget spent"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hits.Store(0)
			o := tc.opts
			reg := loadRegistry(t, &o, srv.URL, tc.tool)
			res := call(t, reg, "t", `{}`)
			wantError(t, res, tc.want, "MaxRequests")
			if n := hits.Load(); n > tc.max {
				t.Errorf("the server received %d requests, over the budget of %d", n, tc.max)
			}
		})
	}

	// A legitimate call fits in the default: a pre_request, a loop of 40
	// pages of 25 items (the default max_items) with a redirect, a step.
	reg := loadRegistry(t, nil, srv.URL, tool("/token",
		"  - url: ${env:BASE_URL}/forty\n    loop:\n      cursor: {path: next, param: n}\n      items: items[]\n",
		"  - url: ${env:BASE_URL}/ok\n    result: ${step0:more}\n"))
	hits.Store(0)
	wantText(t, call(t, reg, "t", `{}`), "false")
	if n := hits.Load(); n != 1+41+1 {
		t.Errorf("%d requests, want 43", n)
	}

	// Send outside a call has a budget of its own.
	hits.Store(0)
	e := NewExecutor(&Options{Logger: discardLogger(), AllowPrivate: []string{"127.0.0.1"}})
	_, err := e.Send(context.Background(), &Request{Method: "GET", URL: srv.URL + "/chain", Retries: 10, RetryWaitMin: 1e6, RetryWaitMax: 2e6})
	if !errors.Is(err, ErrRequestBudget) {
		t.Errorf("Send: %v, want ErrRequestBudget", err)
	}
	if n := hits.Load(); n != DefaultMaxRequests {
		t.Errorf("Send: %d requests, want %d", n, DefaultMaxRequests)
	}

	// The Sends of a Go capability share its call's budget.
	hits.Store(0)
	reg = loadRegistry(t, &Options{MaxRequests: 12}, srv.URL)
	if err := reg.Add(&Capability{Name: "many", Description: "d", Handler: func(ctx context.Context, c *Call) (Result, error) {
		for i := range 100 {
			if _, err := reg.Executor().Send(ctx, &Request{Method: "GET", URL: srv.URL + "/ok"}); err != nil {
				return ErrorResult(fmt.Sprintf("request %d: %v", i+1, err)), nil
			}
		}
		return TextResult("all sent"), nil
	}}); err != nil {
		t.Fatal(err)
	}
	wantError(t, call(t, reg, "many", `{}`), "request 13: request budget spent")
	if n := hits.Load(); n != 12 {
		t.Errorf("Go capability: %d requests, want 12", n)
	}
}
