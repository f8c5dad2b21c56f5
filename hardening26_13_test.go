package toolkit

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// handedTransport answers every request with answer and records the URL
// of each request it is handed.
type handedTransport struct {
	mu     sync.Mutex
	urls   []string
	answer func(r *http.Request) (status int, header http.Header, body string)
}

func (h *handedTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	h.mu.Lock()
	h.urls = append(h.urls, r.URL.String())
	h.mu.Unlock()
	if r.Body != nil {
		r.Body.Close()
	}
	status, header, body := h.answer(r)
	if header == nil {
		header = http.Header{}
	}
	return &http.Response{StatusCode: status, Status: fmt.Sprintf("%d %s", status, http.StatusText(status)),
		Header: header, Body: io.NopCloser(strings.NewReader(body)), ContentLength: int64(len(body)), Request: r}, nil
}

func (h *handedTransport) handed() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.urls...)
}

// TestHardening26_13_RedirectScheme: with an injected client, a redirect
// to anything but an http(s) URL with a host ends the call with an error
// and never reaches the transport, on the first hop or a later one, with
// retries or without; the other ways a model or a server chooses a URL
// (a whole-URL parameter, a loop's next URL or Link header, Send) keep the
// same rule.
func TestHardening26_13_RedirectScheme(t *testing.T) {
	const origin = "http://93.184.215.14" // a public literal: no DNS, and the guard stays on
	bad := []string{
		"ftp://93.184.215.14/pub/file",
		"FTP://93.184.215.14/pub/file",
		"gopher://93.184.215.14:70/_stats",
		"file:///etc/passwd",
		"file://93.184.215.14/etc/passwd",
		"data:text/plain,hello",
		"javascript:alert(1)",
		"ws://93.184.215.14/socket",
		"dict://93.184.215.14:11211/stats",
		"tftp://93.184.215.14/boot",
		"ldap://93.184.215.14/dc=x",
		"mailto:a@example.com",
		"h" + strings.Repeat("x", 500) + "://93.184.215.14/",
		"http:///no-host",
		"https:opaque",
	}
	newTool := func(retry string) (*Registry, *handedTransport) {
		rt := &handedTransport{}
		reg := loadRegistry(t, &Options{
			HTTPClient:   &http.Client{Transport: rt},
			AllowPrivate: []string{},
			Env:          testEnv(map[string]string{"BASE_URL": origin}),
		}, origin, "name: t\ndesc: d\nparams: [{name: to, type: string, required: true, description: d}]\nenv: [BASE_URL]\nsteps:\n  - url: ${env:BASE_URL}/start?to=${param:to}\n"+retry)
		return reg, rt
	}
	answer := func(hops int) func(r *http.Request) (int, http.Header, string) {
		return func(r *http.Request) (int, http.Header, string) {
			if r.URL.Host == "93.184.215.14" && r.URL.Path == "/start" || r.URL.Path == "/hop" {
				if n, _ := strconv.Atoi(r.URL.Query().Get("n")); n < hops {
					return http.StatusFound, http.Header{"Location": {fmt.Sprintf("/hop?n=%d&to=%s", n+1, r.URL.Query().Get("to"))}}, ""
				}
				return http.StatusFound, http.Header{"Location": {r.URL.Query().Get("to")}}, ""
			}
			return http.StatusServiceUnavailable, nil, "handed: " + r.URL.String()
		}
	}
	for _, retry := range []string{"", "    retry: {max: 3, wait_min: 0.001, wait_max: 0.002}\n"} {
		for hops := range 2 {
			for _, loc := range bad {
				reg, rt := newTool(retry)
				rt.answer = answer(hops)
				args, _ := json.Marshal(map[string]string{"to": loc})
				res := call(t, reg, "t", string(args))
				name := fmt.Sprintf("retry %t, %d hops, %.40s", retry != "", hops, loc)
				if !res.IsError || !strings.Contains(res.Text, "only http and https redirects are followed") && !strings.Contains(res.Text, "URL without a host") {
					t.Errorf("%s: %s", name, res.Text)
				}
				if len(res.Text) > 400 {
					t.Errorf("%s: the error quotes too much: %d bytes", name, len(res.Text))
				}
				if got := rt.handed(); len(got) != hops+1 {
					t.Errorf("%s: the transport was handed %q, want only the %d http hops", name, got, hops+1)
				}
			}
		}
	}
	// http and https are followed, scheme-relative references too.
	for _, loc := range []string{"https://93.184.215.14/ok", "HTTP://93.184.215.14/ok", "//93.184.215.14/ok"} {
		reg, rt := newTool("")
		rt.answer = func(r *http.Request) (int, http.Header, string) {
			if r.URL.Path == "/start" {
				return http.StatusFound, http.Header{"Location": {loc}}, ""
			}
			return http.StatusOK, nil, "ok"
		}
		args, _ := json.Marshal(map[string]string{"to": "x"})
		wantText(t, call(t, reg, "t", string(args)), "ok")
		if got := rt.handed(); len(got) != 2 {
			t.Errorf("%s: handed %q", loc, got)
		}
	}

	// Every other way to a URL: the model's whole URL, a loop's next URL
	// and Link header, and Send.
	rt := &handedTransport{}
	opts := &Options{HTTPClient: &http.Client{Transport: rt}, AllowPrivate: []string{}, Logger: discardLogger(),
		Env: testEnv(map[string]string{"BASE_URL": origin})}
	reg := loadRegistry(t, opts, origin, modelURLTool)
	for _, u := range bad {
		if res := callFetch(t, reg, u); !res.IsError || !strings.Contains(res.Text, "http or https URL") {
			t.Errorf("whole URL %.40s: %s", u, res.Text)
		}
		if _, err := NewExecutor(opts).Send(context.Background(), &Request{Method: "GET", URL: u}); err == nil {
			t.Errorf("Send %s: no error", u)
		}
	}
	if got := rt.handed(); len(got) != 0 {
		t.Errorf("handed %q", got)
	}
	for _, style := range []string{"next_url: next", "link: next"} {
		for _, u := range bad {
			rt := &handedTransport{answer: func(r *http.Request) (int, http.Header, string) {
				return http.StatusOK, http.Header{"Link": {"<" + u + `>; rel="next"`}}, fmt.Sprintf(`{"items":[1],"next":%q}`, u)
			}}
			o := *opts
			o.HTTPClient = &http.Client{Transport: rt}
			reg := loadRegistry(t, &o, origin, loopTool("${env:BASE_URL}/p", "    loop:\n      "+style+"\n      items: items[]\n"))
			res := call(t, reg, "t", `{}`)
			if !res.IsError || !strings.Contains(res.Text, "is not an http(s) URL") && !strings.Contains(res.Text, "an absolute http(s) URL is needed") {
				t.Errorf("%s %.40s: %s", style, u, res.Text)
			}
			if got := rt.handed(); len(got) != 1 {
				t.Errorf("%s %.40s: handed %q", style, u, got)
			}
		}
	}
}
