package toolkit

import (
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
)

// statusAPI answers each path with a fixed status and body: what an API
// says when it says no.
func statusAPI(t *testing.T) *testServer {
	return newServer(t, func(w http.ResponseWriter, r *http.Request) {
		type answer struct {
			status int
			ctype  string
			body   string
		}
		a, ok := map[string]answer{
			"/invoices/INV-1":  {http.StatusUnauthorized, "application/json", `{"message":"Bad credentials"}`},
			"/invoices/INV-2":  {http.StatusOK, "application/json", `{"amount":"12.50"}`},
			"/issues":          {http.StatusUnauthorized, "application/json", `{"message":"Requires authentication"}`},
			"/cancel":          {http.StatusInternalServerError, "application/json", `{"error":{"code":"E_LOCKED","message":"order is locked"}}`},
			"/search":          {http.StatusBadRequest, "application/json", `{"error":"bad query"}`},
			"/users/ghost":     {http.StatusNotFound, "application/json", `{"message":"Not Found"}`},
			"/primary":         {http.StatusServiceUnavailable, "text/html", `<html>Service Unavailable</html>`},
			"/backup":          {http.StatusOK, "application/json", `{"temp":7.5}`},
			"/echo-key":        {http.StatusForbidden, "application/json", `{"error":"key sk-live-123456 is revoked"}`},
			"/empty":           {http.StatusBadGateway, "text/plain", ``},
			"/pages":           {http.StatusServiceUnavailable, "application/json", `{"error":"down"}`},
			"/token":           {http.StatusUnauthorized, "application/json", `{"error":"invalid_client"}`},
			"/long":            {http.StatusInternalServerError, "text/plain", strings.Repeat("x", 5000)},
			"/partial":         {http.StatusNotFound, "application/json", `{"data":{"status":"gone"}}`},
			"/created":         {http.StatusCreated, "application/json", `{"id":7}`},
			"/teapot-default":  {http.StatusTeapot, "application/json", `{"detail":"short and stout"}`},
			"/maintenance-409": {http.StatusConflict, "application/json", `{"error":"conflict"}`},
		}[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", a.ctype)
		w.WriteHeader(a.status)
		_, _ = w.Write([]byte(a.body))
	})
}

// refusedURL is a loopback URL where nothing listens.
func refusedURL(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	u := "http://" + ln.Addr().String()
	ln.Close()
	return u
}

// TestUnhandledStatus: an API's "no" that the tool does not handle fails
// the call with the step, the status line and the body; what the spec's
// handlers say keeps its meaning on any status.
func TestUnhandledStatus(t *testing.T) {
	srv := statusAPI(t)
	down := refusedURL(t)
	tools := map[string]string{
		"invoice": `
name: invoice
desc: an invoice
params: [{name: id, type: string, required: true, description: id}]
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/invoices/${param:id}
    var: [{name: total, extract: amount}]
    result: "Invoice ${param:id}: ${step0:total}"
`,
		"issues": `
name: issues
desc: open issues
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/issues
    loop: {page: {param: page}, items: "[]", max_pages: 3}
    result: "Open issues labelled bug (more: ${step0:more}): ${step0:items}"
`,
		"cancel": `
name: cancel
desc: cancel an order, no vars
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/cancel
    method: POST
    result: "Order cancelled."
`,
		"search": `
name: search
desc: the raw body
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/search?q=x
`,
		"user": `
name: user
desc: 404 is expected
params: [{name: login, type: string, required: true, description: login}]
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/users/${param:login}
    ok_status: [404]
    var: [{name: name, extract: name, default: "(no such user)"}]
    result: "${param:login}: ${step0:name}"
`,
		"user_raw": `
name: user_raw
desc: 404 is expected, raw body
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/users/ghost
    ok_status: 404
`,
		"code": `
name: code
desc: default on a 500's error JSON still yields its code
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/cancel
    method: POST
    var: [{name: code, extract: error.code, default: none}]
    result: "error code ${step0:code}"
`,
		"fallback": `
name: fallback
desc: a 503 HTML page with jump still falls back
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/primary
    var:
      - {name: note, extract: note}
      - {name: temp, extract: temp, jump: 1}
    result: "${step0:temp}"
  - url: ${env:BASE_URL}/backup
    var: [{name: temp, extract: temp, abort: true}]
    result: "${step1:temp} (backup)"
`,
		"unhandled_partner": `
name: unhandled_partner
desc: one var handled, another not
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/partial
    var:
      - {name: status, extract: data.status, default: unknown}
      - {name: amount, extract: data.amount}
    result: "${step0:status} ${step0:amount}"
`,
		"primary_down": `
name: primary_down
desc: on_error jump covers a refused connection
env: [BASE_URL]
steps:
  - url: ` + down + `/weather
    on_error: {jump: 1}
    var: [{name: temp, extract: temp, jump: 1}]
    result: "${step0:temp}"
  - url: ${env:BASE_URL}/backup
    var: [{name: temp, extract: temp, abort: true}]
    result: "${step1:temp} (backup)"
`,
		"status_jump": `
name: status_jump
desc: on_error jump covers a 503 before any var
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/pages
    on_error: {jump: 1}
    var: [{name: temp, extract: error, default: "x"}]
    result: "${step0:temp}"
  - url: ${env:BASE_URL}/backup
    var: [{name: temp, extract: temp}]
    result: "${step1:temp} (backup)"
`,
		"abort_msg": `
name: abort_msg
desc: on_error abort
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/primary
    on_error: {abort: "the weather service is down; try again later"}
    var: [{name: temp, extract: temp, jump: 0}]
`,
		"abort_down": `
name: abort_down
desc: on_error abort on a refused connection
steps:
  - url: ` + down + `/x
    on_error: {abort: "the source is down"}
`,
		"continue": `
name: continue
desc: on_error continue keeps the spec's "" for an unhandled var
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/invoices/INV-1
    on_error: continue
    var: [{name: total, extract: amount}]
    result: "total=[${step0:total}]"
`,
		"continue_down": `
name: continue_down
desc: on_error continue after no response
steps:
  - url: ` + down + `/x
    on_error: continue
    var:
      - {name: a, extract: a, default: "A"}
      - {name: b, extract: b}
    result: "[${step0:a}] [${step0:b}]"
`,
		"continue_raw": `
name: continue_raw
desc: on_error continue keeps the raw body with its status line
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/search
    on_error: continue
`,
		"secret": `
name: secret
desc: the body echoes the key
env: [BASE_URL, API_KEY]
steps:
  - url: ${env:BASE_URL}/echo-key
    headers: {X-Api-Key: "${env:API_KEY}"}
    var: [{name: x, extract: x}]
`,
		"empty": `
name: empty
desc: an empty error body
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/empty
`,
		"long": `
name: long
desc: a long error body is cut
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/long
`,
		"pre": `
name: pre
desc: a pre_request's token refused
env: [BASE_URL]
pre_request:
  url: ${env:BASE_URL}/token
  var: [{name: token, extract: access_token}]
steps:
  - url: ${env:BASE_URL}/invoices/INV-2
    headers: {Authorization: "Bearer ${pre:token}"}
`,
		"pre_abort": `
name: pre_abort
desc: a pre_request's on_error
env: [BASE_URL]
pre_request:
  url: ${env:BASE_URL}/token
  on_error: {abort: "cannot sign in to the shop"}
  var: [{name: token, extract: access_token}]
steps:
  - url: ${env:BASE_URL}/invoices/INV-2
    headers: {Authorization: "Bearer ${pre:token}"}
`,
		"loop_jump": `
name: loop_jump
desc: a loop's first page 503 with on_error
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/pages
    loop: {page: {param: page}, items: "[]"}
    on_error: {jump: 1}
    result: "${step0:items}"
  - url: ${env:BASE_URL}/backup
    var: [{name: temp, extract: temp}]
    result: "${step1:temp} (backup)"
`,
		"created": `
name: created
desc: a 2xx other than 200
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/created
    method: POST
    result: "created"
`,
	}
	var srcs []string
	for _, src := range tools {
		srcs = append(srcs, src)
	}
	reg := loadRegistry(t, &Options{Env: testEnv(map[string]string{"BASE_URL": srv.URL, "API_KEY": "sk-live-123456"})}, srv.URL, srcs...)
	tests := []struct {
		tool, args string
		isError    bool
		want       string
		locale     string
	}{
		{"invoice", `{"id": "INV-1"}`, true, `capability "invoice" failed: step 0: GET BASE/invoices/INV-1: HTTP 401 Unauthorized; body: "{\"message\":\"Bad credentials\"}"`, ""},
		{"invoice", `{"id": "INV-1"}`, true, `能力 "invoice" 执行失败：步骤 0：HTTP 请求失败：GET BASE/invoices/INV-1：HTTP 401 Unauthorized；响应体："{\"message\":\"Bad credentials\"}"`, "zh_CN"},
		{"invoice", `{"id": "INV-2"}`, false, `Invoice INV-2: 12.50`, ""},
		{"issues", `{}`, true, `capability "issues" failed: step 0: GET BASE/issues?…: HTTP 401 Unauthorized; body: "{\"message\":\"Requires authentication\"}"`, ""},
		{"cancel", `{}`, true, `capability "cancel" failed: step 0: POST BASE/cancel: HTTP 500 Internal Server Error; body: "{\"error\":{\"code\":\"E_LOCKED\",\"message\":\"order is locked\"}}"`, ""},
		{"search", `{}`, true, `capability "search" failed: step 0: GET BASE/search?…: HTTP 400 Bad Request; body: "{\"error\":\"bad query\"}"`, ""},
		{"user", `{"login": "ghost"}`, false, `ghost: (no such user)`, ""},
		{"user_raw", `{}`, false, "HTTP 404 Not Found\n{\"message\":\"Not Found\"}", ""},
		{"code", `{}`, false, `error code E_LOCKED`, ""},
		{"fallback", `{}`, false, `7.5 (backup)`, ""},
		{"unhandled_partner", `{}`, true, `capability "unhandled_partner" failed: step 0: GET BASE/partial: HTTP 404 Not Found; body: "{\"data\":{\"status\":\"gone\"}}"`, ""},
		{"primary_down", `{}`, false, `7.5 (backup)`, ""},
		{"status_jump", `{}`, false, `7.5 (backup)`, ""},
		{"abort_msg", `{}`, true, `capability "abort_msg" failed: the weather service is down; try again later (step 0: GET BASE/primary: HTTP 503 Service Unavailable; body: "<html>Service Unavailable</html>")`, ""},
		{"abort_msg", `{}`, true, `能力 "abort_msg" 执行失败：the weather service is down; try again later（步骤 0：HTTP 请求失败：GET BASE/primary：HTTP 503 Service Unavailable；响应体："<html>Service Unavailable</html>"）`, "zh"},
		{"continue", `{}`, false, `total=[]`, ""},
		{"continue_down", `{}`, false, `[A] []`, ""},
		{"continue_raw", `{}`, false, "HTTP 400 Bad Request\n{\"error\":\"bad query\"}", ""},
		{"secret", `{}`, true, `capability "secret" failed: step 0: GET BASE/echo-key: HTTP 403 Forbidden; body: "{\"error\":\"key [REDACTED] is revoked\"}"`, ""},
		{"empty", `{}`, true, `capability "empty" failed: step 0: GET BASE/empty: HTTP 502 Bad Gateway; body: (empty)`, ""},
		{"pre", `{}`, true, `capability "pre" failed: pre_request: GET BASE/token: HTTP 401 Unauthorized; body: "{\"error\":\"invalid_client\"}"`, ""},
		{"pre_abort", `{}`, true, `capability "pre_abort" failed: cannot sign in to the shop (pre_request: GET BASE/token: HTTP 401 Unauthorized; body: "{\"error\":\"invalid_client\"}")`, ""},
		{"loop_jump", `{}`, false, `7.5 (backup)`, ""},
		{"created", `{}`, false, `created`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.tool+tt.locale, func(t *testing.T) {
			res := call(t, reg, tt.tool, tt.args, WithLocale(tt.locale))
			got := strings.ReplaceAll(res.Text, srv.URL, "BASE")
			if res.IsError != tt.isError || got != tt.want {
				t.Errorf("got (error %v)\n%s\nwant (error %v)\n%s", res.IsError, got, tt.isError, tt.want)
			}
		})
	}
	t.Run("abort_down", func(t *testing.T) {
		res := call(t, reg, "abort_down", `{}`)
		want := `capability "abort_down" failed: the source is down (step 0: GET ` + down + `/x: `
		if !res.IsError || !strings.HasPrefix(res.Text, want) || !strings.Contains(res.Text, "refused") {
			t.Errorf("got (error %v) %s\nwant a prefix %s and the connection refused", res.IsError, res.Text, want)
		}
	})
	t.Run("long", func(t *testing.T) {
		res := call(t, reg, "long", `{}`)
		want := `capability "long" failed: step 0: GET BASE/long: HTTP 500 Internal Server Error; body: "` + strings.Repeat("x", statusExcerptBytes) + `…"`
		if got := strings.ReplaceAll(res.Text, srv.URL, "BASE"); !res.IsError || got != want {
			t.Errorf("got (error %v) %s", res.IsError, got)
		}
	})
}

// TestOnErrorLogs: a step whose on_error lets the call go on logs the
// failure, so that the host sees a source failing.
func TestOnErrorLogs(t *testing.T) {
	srv := statusAPI(t)
	var log logBuffer
	reg := loadRegistry(t, &Options{Logger: slog.New(slog.NewTextHandler(&log, nil))}, srv.URL, `
name: w
desc: w
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/primary
    on_error: {jump: 1}
  - url: ${env:BASE_URL}/backup
    var: [{name: temp, extract: temp}]
    result: "${step1:temp}"
`)
	wantText(t, call(t, reg, "w", `{}`), "7.5")
	if got := log.String(); !strings.Contains(got, "on_error handles it") || !strings.Contains(got, "status=503") {
		t.Errorf("log: %s", got)
	}
}

// TestUnexpectedStatusNotCached: a step's vars from an unexpected status
// are not kept by cache.
func TestUnexpectedStatusNotCached(t *testing.T) {
	n := 0
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		n++
		if n == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte(`{"v":"stale"}`))
			return
		}
		_, _ = w.Write([]byte(`{"v":"fresh"}`))
	})
	reg := loadRegistry(t, nil, srv.URL, `
name: c
desc: c
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/v
    cache: {ttl: 60}
    var: [{name: v, extract: v, default: "none"}]
    result: "${step0:v}"
`)
	wantText(t, call(t, reg, "c", `{}`), "stale")
	wantText(t, call(t, reg, "c", `{}`), "fresh")
}

// TestFailureBounds: the status line the model reads is cut, and an
// on_error abort message over 1 KiB does not load.
func TestFailureBounds(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		// A reason phrase far past any status line's (HTTP/1.1 lets it be).
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Close()
		fmt.Fprintf(buf, "HTTP/1.1 500 %s\r\nContent-Length: 2\r\nConnection: close\r\n\r\nno", strings.Repeat("r", 5000))
		buf.Flush()
	})
	reg := loadRegistry(t, nil, srv.URL, "name: t\ndesc: d\nenv: [BASE_URL]\nsteps:\n  - url: ${env:BASE_URL}/x\n")
	res := call(t, reg, "t", `{}`)
	want := `HTTP 500 ` + strings.Repeat("r", maxStatusBytes-4) + `…; body: "no"`
	if !res.IsError || !strings.HasSuffix(res.Text, want) {
		t.Errorf("got %.300s…", res.Text)
	}
	_, diags := ParseWorkflow("t.yaml", []byte("name: t\ndesc: d\nsteps:\n  - url: https://x.example\n    on_error: {abort: "+strings.Repeat("a", maxAbortBytes+1)+"}\n"))
	if !diags.HasErrors() || !strings.Contains(diags.String(), "steps[0].on_error.abort") {
		t.Errorf("an abort message over %d bytes: %v", maxAbortBytes, diags)
	}
}
