package toolkit

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// recorder is an Observer that writes each event as a line, without
// durations; CallStart and RequestStart put a span name in the context,
// and every event says which span it sees.
type recorder struct {
	mu     sync.Mutex
	events []string
	full   []string // every event with all its fields, for the secret checks
}

type spanKey struct{}

func spanOf(ctx context.Context) string {
	s, _ := ctx.Value(spanKey{}).(string)
	return s
}

func (r *recorder) add(ctx context.Context, line string, full any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s := spanOf(ctx); s != "" {
		line += " in " + s
	}
	r.events = append(r.events, line)
	r.full = append(r.full, fmt.Sprintf("%+v", full))
}

func (r *recorder) observer() *Observer {
	return &Observer{
		CallStart: func(ctx context.Context, c CallInfo) context.Context {
			r.add(ctx, "call start "+c.Capability+" "+c.Category, c)
			return context.WithValue(ctx, spanKey{}, "call "+c.Capability)
		},
		CallEnd: func(ctx context.Context, c CallInfo) {
			if c.Elapsed <= 0 {
				c.Capability += " (no duration)"
			}
			r.add(ctx, fmt.Sprintf("call end %s is_error=%t", c.Capability, c.IsError), c)
		},
		Step: func(ctx context.Context, s StepInfo) {
			r.add(ctx, fmt.Sprintf("step %s %d cached=%t", s.Capability, s.Index, s.Cached), s)
		},
		Cache: func(ctx context.Context, c CacheInfo) {
			r.add(ctx, fmt.Sprintf("cache %s %d hit=%t", c.Capability, c.Step, c.Hit), c)
		},
		RequestStart: func(ctx context.Context, q RequestInfo) context.Context {
			r.add(ctx, "request start "+q.Method+" "+q.URL, q)
			return context.WithValue(ctx, spanKey{}, "request "+q.Method)
		},
		RequestEnd: func(ctx context.Context, q RequestInfo) {
			line := fmt.Sprintf("request end %s %s %d %dB attempts=%d", q.Method, q.URL, q.Status, q.Bytes, q.Attempts)
			if q.Err != nil {
				line += " error"
			}
			if q.Elapsed <= 0 {
				line += " (no duration)"
			}
			r.add(ctx, line, q)
		},
	}
}

func (r *recorder) take() (events, full []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	events, full = r.events, r.full
	r.events, r.full = nil, nil
	return events, full
}

const observedYAML = `
name: order
desc: Look up an order.
params:
  - {name: id, type: string, required: true, description: the order id}
env: [BASE_URL, CLIENT_SECRET, BOT_TOKEN]
steps:
  - url: ${env:BASE_URL}/auth/token
    method: POST
    body: '{"client_secret": "${env:CLIENT_SECRET}"}'
    cache: {ttl: 300}
    var:
      - {name: token, extract: access_token}
  - url: ${env:BASE_URL}/bot${env:BOT_TOKEN}/orders/${param:id}
    query:
      - {key: api_key, value: "${env:CLIENT_SECRET}"}
      - {key: q, value: "query-value-${param:id}"}
    headers: {Authorization: "Bearer ${step0:token}"}
    var:
      - {name: status, extract: status}
    result: "${step1:status}"
`

// Secret or query values that must appear in no event and no log record.
var observedSecrets = []string{"s3cr3t-client", "bot-77aa-secret", "tok-from-server", "query-value", "api_key", "?"}

func TestObserverEvents(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/auth/token":
			fmt.Fprint(w, `{"access_token":"tok-from-server"}`)
		case strings.HasPrefix(r.URL.Path, "/botbot-77aa-secret/orders/"):
			fmt.Fprint(w, `{"status":"shipped"}`)
		default:
			http.NotFound(w, r)
		}
	})
	rec := &recorder{}
	var logs logBuffer
	reg := loadRegistry(t, &Options{
		Observer: rec.observer(),
		Logger:   slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Env:      testEnv(map[string]string{"BASE_URL": srv.URL, "CLIENT_SECRET": "s3cr3t-client", "BOT_TOKEN": "bot-77aa-secret"}),
	}, srv.URL, observedYAML)

	wantText(t, call(t, reg, "order", `{"id":"A-1"}`), "shipped")
	first, full1 := rec.take()
	wantText(t, call(t, reg, "order", `{"id":"A-1"}`), "shipped")
	second, full2 := rec.take()

	token, orders := srv.URL+"/auth/token", srv.URL+"/bot[REDACTED]/orders/A-1"
	want := []string{
		"call start order http",
		"cache order 0 hit=false in call order",
		"step order 0 cached=false in call order",
		"request start POST " + token + " in call order",
		"request end POST " + token + " 200 34B attempts=1 in request POST",
		"step order 1 cached=false in call order",
		"request start GET " + orders + " in call order",
		"request end GET " + orders + " 200 20B attempts=1 in request GET",
		"call end order is_error=false in call order",
	}
	if diff := cmp.Diff(want, first); diff != "" {
		t.Errorf("first call's events (-want +got):\n%s", diff)
	}
	want = []string{
		"call start order http",
		"cache order 0 hit=true in call order",
		"step order 0 cached=true in call order",
		"step order 1 cached=false in call order",
		"request start GET " + orders + " in call order",
		"request end GET " + orders + " 200 20B attempts=1 in request GET",
		"call end order is_error=false in call order",
	}
	if diff := cmp.Diff(want, second); diff != "" {
		t.Errorf("second call's events (-want +got):\n%s", diff)
	}
	checkNoSecrets(t, append(full1, full2...), strings.Split(strings.ReplaceAll(logs.String(), srv.URL, "BASE"), "\n"))

	// The debug log has a record per event end, with structured attributes.
	for _, want := range []string{
		`msg="toolkit: call" capability=order category=http is_error=false duration=`,
		`msg="toolkit: cache" capability=order step=0 hit=true`,
		`msg="toolkit: step" capability=order step=1 cached=false`,
		`msg="toolkit: request" method=GET url=BASE/bot[REDACTED]/orders/A-1 status=200 bytes=20 attempts=1 duration=`,
	} {
		if !strings.Contains(strings.ReplaceAll(logs.String(), srv.URL, "BASE"), want) {
			t.Errorf("the log has no %s\n%s", want, logs.String())
		}
	}
}

// checkNoSecrets fails if an event or log line holds a secret or a query.
func checkNoSecrets(t *testing.T, lists ...[]string) {
	t.Helper()
	for _, list := range lists {
		for _, line := range list {
			for _, s := range observedSecrets {
				if strings.Contains(line, s) {
					t.Errorf("%q appears in %s", s, line)
				}
			}
		}
	}
}

func TestObserverFailedRequest(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	ln.Close() // nothing listens: the connection is refused
	rec := &recorder{}
	env := testEnv(map[string]string{"BASE_URL": base, "API_KEY": "s3cr3t-client"})
	reg := loadRegistry(t, &Options{Observer: rec.observer(), Env: env}, base, `
name: down
desc: A service that is down.
env: [BASE_URL, API_KEY]
steps:
  - url: ${env:BASE_URL}/v1/items?api_key=${env:API_KEY}
`)
	wantError(t, call(t, reg, "down", `{}`), "step 0")
	events, full := rec.take()
	want := []string{
		"call start down http",
		"step down 0 cached=false in call down",
		"request start GET " + base + "/v1/items in call down",
		"request end GET " + base + "/v1/items 0 0B attempts=1 error in request GET",
		"call end down is_error=true in call down",
	}
	if diff := cmp.Diff(want, events); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	checkNoSecrets(t, full)
	if !strings.Contains(full[3], "refused") {
		t.Errorf("the request's error does not say the connection was refused: %s", full[3])
	}
}

func TestObserverRetries(t *testing.T) {
	var n int
	var mu sync.Mutex
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		n++
		first := n == 1
		mu.Unlock()
		if first {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		fmt.Fprint(w, "ok")
	})
	var got RequestInfo
	reg := loadRegistry(t, &Options{Observer: &Observer{RequestEnd: func(_ context.Context, q RequestInfo) { got = q }}}, srv.URL, `
name: flaky
desc: Fails once.
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/x
    retry: {max: 2, wait_min: 0.01, wait_max: 0.02}
`)
	wantText(t, call(t, reg, "flaky", `{}`), "ok")
	if got.Attempts != 2 || got.Status != 200 || got.Bytes != 2 {
		t.Errorf("RequestEnd got %+v, want 2 attempts, status 200, 2 bytes", got)
	}
}

// TestObserverGoCapability: a Go capability's call is observed too, and a
// request it sends through Send sees the call's context.
func TestObserverGoCapability(t *testing.T) {
	rec := &recorder{}
	reg := NewRegistry(&Options{Observer: rec.observer(), Logger: discardLogger()})
	if err := reg.Add(&Capability{Name: "boom", Description: "Fails.", Category: "ops",
		Handler: func(ctx context.Context, c *Call) (Result, error) {
			if spanOf(ctx) != "call boom" {
				t.Errorf("the handler's context is not the call's: %q", spanOf(ctx))
			}
			return Result{}, fmt.Errorf("db password=hunter22 failed")
		}}); err != nil {
		t.Fatal(err)
	}
	wantError(t, call(t, reg, "boom", `{}`), "internal error")
	events, _ := rec.take()
	want := []string{"call start boom ops", "call end boom is_error=true in call boom"}
	if diff := cmp.Diff(want, events); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
}

func TestTraceRequestZero(t *testing.T) {
	e := NewExecutor(&Options{Logger: discardLogger()})
	ctx := context.Background()
	got, trace := e.TraceRequest(ctx, "GET", "http://example.com/a?key=secret")
	if got != ctx || trace != (RequestTrace{}) {
		t.Error("TraceRequest without an observer or a debug log returned a context or a trace")
	}
	trace.Done(ctx, 200, 1, nil) // does nothing
	if n := testing.AllocsPerRun(100, func() {
		ctx, trace := e.TraceRequest(ctx, "GET", "http://example.com/a")
		trace.Done(ctx, 200, 1, nil)
		ctx, h := e.TraceHook(ctx, "f", "responseParser")
		h.Done(ctx, nil)
		ctx, c := e.startCall(ctx, &Capability{Name: "x"})
		c.done(ctx, &Result{})
	}); n != 0 {
		t.Errorf("unobserved traces allocate %v times", n)
	}
}

func TestTraceRequest(t *testing.T) {
	var got []RequestInfo
	e := NewExecutor(&Options{Logger: discardLogger(), Observer: &Observer{
		RequestStart: func(ctx context.Context, q RequestInfo) context.Context { got = append(got, q); return ctx },
		RequestEnd:   func(_ context.Context, q RequestInfo) { got = append(got, q) },
	}})
	ctx, trace := e.TraceRequest(context.Background(), "GET", "https://user:pw@example.com/a/b?key=secret#frag")
	trace.Done(ctx, 404, 9, nil)
	if len(got) != 2 || got[0].URL != "https://example.com/a/b" || got[1].Status != 404 || got[1].Bytes != 9 || got[1].Attempts != 1 || got[1].Elapsed <= 0 {
		t.Errorf("got %+v", got)
	}
}

// BenchmarkUnobserved is what observability adds to a call when no
// Observer is set and the logger is not enabled for Debug: the checks on
// the call path (a call, a run, two requests).
func BenchmarkUnobserved(b *testing.B) {
	e := NewExecutor(&Options{Logger: discardLogger()})
	c := &Capability{Name: "x", Category: CategoryHTTP}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		res := Result{}
		func() {
			ctx, trace := e.startCall(ctx, c)
			defer trace.done(ctx, &res)
			_ = e.observing(ctx) // Run
			_ = e.observing(ctx) // Send, twice
			_ = e.observing(ctx)
		}()
	}
}
