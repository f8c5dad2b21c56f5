package hostapi

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit"
)

// TestObserverInProcess: a request served by the in-process handler is
// reported as one sent over HTTP is, without its query.
func TestObserverInProcess(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(echo))
	defer srv.Close()
	var events []string
	obs := &toolkit.Observer{
		CallStart: func(ctx context.Context, c toolkit.CallInfo) context.Context {
			events = append(events, "call start "+c.Capability+" "+c.Category)
			return ctx
		},
		CallEnd: func(ctx context.Context, c toolkit.CallInfo) {
			events = append(events, fmt.Sprintf("call end is_error=%t", c.IsError))
		},
		RequestStart: func(ctx context.Context, q toolkit.RequestInfo) context.Context {
			u, _ := url.Parse(q.URL)
			events = append(events, "request start "+q.Method+" "+u.Path+" query="+u.RawQuery)
			return ctx
		},
		RequestEnd: func(ctx context.Context, q toolkit.RequestInfo) {
			u, _ := url.Parse(q.URL)
			line := fmt.Sprintf("request end %s %s %d %dB attempts=%d", q.Method, u.Path, q.Status, q.Bytes, q.Attempts)
			if q.Elapsed <= 0 {
				line += " (no duration)"
			}
			events = append(events, line)
		},
	}
	args := `{"endpoint": "listFiles", "query": {"limit": 5, "sort": "size"}}`
	var got [2][]string
	for i, opts := range []Options{{Handler: srv.Config.Handler, BaseURL: "/v1"}, {BaseURL: srv.URL + "/v1/"}} {
		reg := toolkit.NewRegistry(&toolkit.Options{AllowPrivate: []string{"127.0.0.1"}, Observer: obs})
		a, err := New(testCatalog(t), &opts)
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Register(reg); err != nil {
			t.Fatal(err)
		}
		events = nil
		if res := run(reg, ToolCall, args, hostAuth); res.IsError {
			t.Fatal(res.Text)
		}
		got[i] = events
	}
	n := len("GET /v1/files?limit=5&sort=size Authorization=Bearer host-secret-1") // the echo's body
	want := []string{
		"call start " + ToolCall + " api",
		"request start GET /v1/files query=",
		fmt.Sprintf("request end GET /v1/files 200 %dB attempts=1", n),
		"call end is_error=false",
	}
	if diff := cmp.Diff(want, got[0]); diff != "" {
		t.Errorf("in-process events (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(got[1], got[0]); diff != "" {
		t.Errorf("in-process events differ from those over HTTP (-http +in-process):\n%s", diff)
	}
}
