package yqcloud

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit"
)

type spanKey struct{}

// recorder is an Observer writing each event as a line, with the span it
// runs in, and every event in full for the secret checks.
type recorder struct {
	mu           sync.Mutex
	events, full []string
}

func (r *recorder) add(ctx context.Context, line string, full any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s, _ := ctx.Value(spanKey{}).(string); s != "" {
		line += " in " + s
	}
	r.events = append(r.events, line)
	r.full = append(r.full, fmt.Sprintf("%+v", full))
}

func (r *recorder) observer() *toolkit.Observer {
	return &toolkit.Observer{
		CallStart: func(ctx context.Context, c toolkit.CallInfo) context.Context {
			r.add(ctx, "call start "+c.Capability+" "+c.Category, c)
			return context.WithValue(ctx, spanKey{}, "call")
		},
		CallEnd: func(ctx context.Context, c toolkit.CallInfo) {
			r.add(ctx, fmt.Sprintf("call end is_error=%t", c.IsError), c)
		},
		RequestStart: func(ctx context.Context, q toolkit.RequestInfo) context.Context {
			r.add(ctx, "request start "+q.Method+" "+q.URL, q)
			return ctx
		},
		RequestEnd: func(ctx context.Context, q toolkit.RequestInfo) {
			r.add(ctx, fmt.Sprintf("request end %d", q.Status), q)
		},
		HookStart: func(ctx context.Context, h toolkit.HookInfo) context.Context {
			r.add(ctx, "hook start "+h.Function+"."+h.Hook, h)
			return context.WithValue(ctx, spanKey{}, "hook")
		},
		HookEnd: func(ctx context.Context, h toolkit.HookInfo) {
			line := "hook end " + h.Function + "." + h.Hook
			if h.Err != nil {
				line += ": " + h.Err.Error()
			}
			if h.Elapsed <= 0 {
				line += " (no duration)"
			}
			r.add(ctx, line, h)
		},
	}
}

func TestObserverHooks(t *testing.T) {
	m := newMock(t)
	set, diags := Parse("test.json", []byte("["+
		def("parsed", `{"type": "object", "properties": {"q": {"type": "string"}}}`, `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/${tenantId}", "requestParser": "return {q: JSON.parse(data).q + '-x'}", "responseParser": "return {query: data.query}"}`)+","+
		def("throws", "", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/auth-echo", "headers": {"Authorization": "bearer ${yqAccessToken}"}, "responseParser": "throw new Error('got ' + data.youSent)"}`)+
		"]"), nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	rec := &recorder{}
	reg := toolkit.NewRegistry(&toolkit.Options{Logger: quiet, AllowPrivate: []string{"127.0.0.1"}, Flat: true, Observer: rec.observer()})
	if err := set.Register(reg); err != nil {
		t.Fatal(err)
	}
	checkResult(t, call(reg, "parsed", `{"q": "secret-query"}`, m.values()...), false, `{"query":"q=secret-query-x"}`)
	res := call(reg, "throws", `{}`, m.values()...)
	if !res.IsError {
		t.Fatalf("want an error, got %s", res.Text)
	}
	want := []string{
		"call start parsed yqcloud",
		"hook start parsed.requestParser in call",
		"hook end parsed.requestParser in hook",
		"request start GET " + m.URL + "/echo/t-1 in call",
		"request end 200 in call",
		"hook start parsed.responseParser in call",
		"hook end parsed.responseParser in hook",
		"call end is_error=false in call",
		"call start throws yqcloud",
		"request start GET " + m.URL + "/auth-echo in call",
		"request end 200 in call",
		"hook start throws.responseParser in call",
		`hook end throws.responseParser: responseParser of "throws" (script line 1:7): threw Error: got [REDACTED] in hook`,
		"call end is_error=true in call",
	}
	if diff := cmp.Diff(want, rec.events); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	for _, e := range rec.full {
		for _, s := range []string{testToken, "secret-query", "?"} {
			if strings.Contains(e, s) {
				t.Errorf("%q appears in the event %s", s, e)
			}
		}
	}
}
