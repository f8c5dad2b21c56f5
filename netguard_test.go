package toolkit

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit/internal/httpx"
)

// TestPrivateRanges (finding 1): every special-purpose range is refused,
// embedded IPv4 forms included, and AllowPrivate opens exactly what it names.
func TestPrivateRanges(t *testing.T) {
	refused := []string{
		"127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "0.0.0.0",
		"100.100.100.200", // shared address space: a cloud metadata address
		"198.18.0.1", "192.0.0.1", "240.0.0.1", "255.255.255.255", "224.0.0.1", "192.0.2.1",
		"::1", "::", "fe80::1", "fc00::1", "ff02::1",
		"::ffff:127.0.0.1", "::ffff:10.0.0.1", // IPv4-mapped
		"64:ff9b::7f00:1",                      // NAT64 of 127.0.0.1
		"64:ff9b::808:808",                     // NAT64 is refused as a whole
		"2002:7f00:1::1",                       // 6to4 of 127.0.0.1
		"2001:0:4136:e378:8000:63bf:f5ff:fffe", // Teredo
		"::127.0.0.1",                          // IPv4-compatible
		"2001:db8::1",
	}
	allowed := []string{"8.8.8.8", "93.184.215.14", "::ffff:8.8.8.8", "2606:4700:4700::1111"}
	g, err := newGuard(&Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range refused {
		if err := g.checkAddr(netip.MustParseAddr(a)); err == nil {
			t.Errorf("%s allowed", a)
		}
	}
	for _, a := range allowed {
		if err := g.checkAddr(netip.MustParseAddr(a)); err != nil {
			t.Errorf("%s refused: %v", a, err)
		}
	}

	g, err = newGuard(&Options{AllowPrivate: []string{"10.0.0.0/8", "127.0.0.1", "fd00::/8", "::ffff:192.168.1.1"}})
	if err != nil {
		t.Fatal(err)
	}
	for a, want := range map[string]bool{
		"10.9.9.9": true, "127.0.0.1": true, "::ffff:127.0.0.1": true, "fd12::1": true, "192.168.1.1": true,
		"127.0.0.2": false, "11.0.0.1": true, "172.16.0.1": false, "169.254.169.254": false, "fc00::1": false,
	} {
		if err := g.checkAddr(netip.MustParseAddr(a)); (err == nil) != want {
			t.Errorf("with AllowPrivate, %s: %v", a, err)
		}
	}
	if _, err := newGuard(&Options{AllowPrivate: []string{"10.0.0.0/33"}, AllowedHosts: []string{"a.test:x", "u@h"}}); err == nil ||
		!strings.Contains(err.Error(), "AllowPrivate") || !strings.Contains(err.Error(), "AllowedHosts") {
		t.Errorf("malformed entries: %v", err)
	}
}

// modelURLTool lets the model choose the whole URL, the riskiest template.
const modelURLTool = `
name: fetch
desc: d
params: [{name: url, type: string, required: true, description: u}]
steps:
  - url: ${param:url}
`

func callFetch(t *testing.T, reg *Registry, u string) Result {
	t.Helper()
	args, _ := json.Marshal(map[string]string{"url": u})
	return call(t, reg, "fetch", string(args))
}

// TestGuardOnByDefault (finding 2): with zero Options a model-chosen URL
// cannot reach loopback; a host that lists the address or the name may.
func TestGuardOnByDefault(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "secret internal data") })
	port := srv.Listener.Addr().(*net.TCPAddr).Port
	for _, u := range []string{srv.URL, fmt.Sprintf("http://localhost:%d/", port), fmt.Sprintf("http://[::ffff:127.0.0.1]:%d/", port)} {
		res := callFetch(t, loadRegistry(t, &Options{AllowPrivate: []string{}}, "", modelURLTool), u)
		wantError(t, res, "host not allowed", "private or special-purpose address")
		if strings.Contains(res.Text, "secret internal") {
			t.Errorf("%s: %s", u, res.Text)
		}
	}
	if n := len(srv.requests()); n != 0 {
		t.Fatalf("%d requests reached loopback", n)
	}
	for _, allow := range [][]string{{"127.0.0.1"}, {"127.0.0.0/8"}, {"localhost"}, {AllowAllPrivate}} {
		reg := loadRegistry(t, &Options{AllowPrivate: allow}, "", modelURLTool)
		wantText(t, callFetch(t, reg, fmt.Sprintf("http://localhost:%d/", port)), "secret internal data")
	}
	// A name on the list does not open other names that resolve alike.
	reg := loadRegistry(t, &Options{AllowPrivate: []string{"db.internal"}}, "", modelURLTool)
	wantError(t, callFetch(t, reg, fmt.Sprintf("http://localhost:%d/", port)), "private or special-purpose address")
}

// TestEnvironmentProxyIgnored (finding 3): HTTP_PROXY does not route
// requests around the guard; a configured proxy gets only targets that
// pass it.
func TestEnvironmentProxyIgnored(t *testing.T) {
	var mu sync.Mutex
	var proxied []string
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		proxied = append(proxied, r.Method+" "+r.RequestURI)
		mu.Unlock()
		fmt.Fprint(w, "via proxy")
	}))
	defer proxy.Close()
	t.Setenv("HTTP_PROXY", proxy.URL)
	t.Setenv("http_proxy", proxy.URL)

	e := NewExecutor(nil)
	if p := e.client.Transport.(httpx.BudgetTransport).Next.(*http.Transport).Proxy; p != nil {
		u, _ := p(httptest.NewRequest("GET", "http://93.184.215.14/", nil))
		t.Errorf("the default client uses a proxy from the environment: %v", u)
	}

	pu, _ := url.Parse(proxy.URL)
	e = NewExecutor(&Options{Proxy: pu, Logger: discardLogger()})
	for _, target := range []string{"http://10.0.0.1/admin", "http://169.254.169.254/latest/meta-data/", "http://[::1]/"} {
		_, err := e.Send(context.Background(), &Request{Method: "GET", URL: target})
		if err == nil || !strings.Contains(err.Error(), "private or special-purpose address") {
			t.Errorf("%s through the proxy: %v", target, err)
		}
	}
	resp, err := e.Send(context.Background(), &Request{Method: "GET", URL: "http://93.184.215.14/page"})
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if diff := cmp.Diff([]string{"GET http://93.184.215.14/page"}, proxied); diff != "" || string(resp.Body) != "via proxy" {
		t.Errorf("proxied requests (-want +got):\n%s\nbody %q", diff, resp.Body)
	}
}

// TestRedirectDropsCredentials (finding 4): a redirect to another host
// carries no credential header, and a 307/308 that would resend a body
// there is refused; on the same host everything follows.
func TestRedirectDropsCredentials(t *testing.T) {
	var mu sync.Mutex
	var other []http.Header
	elsewhere := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		other = append(other, r.Header.Clone())
		mu.Unlock()
		fmt.Fprintf(w, "elsewhere %s %q", r.Method, body)
	}))
	defer elsewhere.Close()
	elsewhereURL := strings.Replace(elsewhere.URL, "127.0.0.1", "localhost", 1) // another host name
	var sameHost http.Header
	origin := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/away":
			http.Redirect(w, r, elsewhereURL+"/landing", http.StatusFound)
		case "/away307":
			http.Redirect(w, r, elsewhereURL+"/landing", http.StatusTemporaryRedirect)
		case "/here":
			http.Redirect(w, r, "/landing", http.StatusTemporaryRedirect)
		case "/landing":
			sameHost = r.Header.Clone()
			fmt.Fprint(w, "here")
		}
	})
	env := map[string]string{"BASE_URL": origin.URL, "API_KEY": "k-0123456789", "AUTH_TOKEN": "t-0123456789", "CLIENT_SECRET": "s-0123456789"}
	reg := loadRegistry(t, &Options{Env: testEnv(env), AllowPrivate: []string{"127.0.0.1", "localhost"}}, origin.URL, `
name: go
desc: d
params: [{name: path, type: string, required: true, description: p}]
env: [BASE_URL, API_KEY, AUTH_TOKEN, CLIENT_SECRET]
steps:
  - url: ${env:BASE_URL}/${param:path}
    method: POST
    headers:
      X-Api-Key: ${env:API_KEY}
      X-Auth-Token: ${env:AUTH_TOKEN}
      Private-Token: ${env:AUTH_TOKEN}
      Authorization: Bearer ${env:AUTH_TOKEN}
      X-Custom: client ${env:CLIENT_SECRET}
      Accept: text/plain
    body: '{"client_secret": "${env:CLIENT_SECRET}"}'
`)
	wantText(t, call(t, reg, "go", `{"path": "away"}`), `elsewhere GET ""`)
	mu.Lock()
	if len(other) != 1 {
		t.Fatalf("elsewhere saw %d requests", len(other))
	}
	for k := range other[0] {
		switch k {
		case "Accept", "Accept-Encoding", "User-Agent":
		default:
			t.Errorf("header %s followed the redirect to another host", k)
		}
	}
	mu.Unlock()

	wantError(t, call(t, reg, "go", `{"path": "away307"}`), "refused a 307 redirect to another host", "request body")
	if len(other) != 1 {
		t.Errorf("a 307 resent the body to another host")
	}

	wantText(t, call(t, reg, "go", `{"path": "here"}`), "here")
	for _, k := range []string{"X-Api-Key", "X-Auth-Token", "Private-Token", "Authorization", "X-Custom"} {
		if sameHost.Get(k) == "" {
			t.Errorf("%s did not follow a redirect on the same host", k)
		}
	}
}

// TestAllowedHostsPorts (finding 6): AllowedHosts entries may name a port;
// URLs with user information are refused in whole-URL values and redirects.
func TestAllowedHostsPorts(t *testing.T) {
	a := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/userinfo" {
			w.Header().Set("Location", "http://user:pass@"+r.Host+"/")
			w.WriteHeader(http.StatusFound)
			return
		}
		fmt.Fprint(w, "a")
	})
	b := newServer(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "b") })
	aHost := strings.TrimPrefix(a.URL, "http://")
	reg := loadRegistry(t, &Options{AllowedHosts: []string{aHost}}, "", modelURLTool)
	wantText(t, callFetch(t, reg, a.URL+"/x"), "a")
	wantError(t, callFetch(t, reg, b.URL+"/x"), "host not allowed: "+strings.TrimPrefix(b.URL, "http://"))
	wantError(t, callFetch(t, reg, "http://user:pass@"+aHost+"/x"), "no user:password@")
	wantError(t, callFetch(t, reg, a.URL+"/userinfo"), "user information")
	if n := len(b.requests()); n != 0 {
		t.Errorf("%d requests reached a port that is not allowed", n)
	}

	// Host names match in any case, on both sides; a port narrows the entry.
	g, err := newGuard(&Options{AllowedHosts: []string{"API.Example.com", ".Svc.Internal", "pay.example.com:8443", "[::1]:9000"}})
	if err != nil {
		t.Fatal(err)
	}
	for raw, want := range map[string]bool{
		"https://api.example.COM": true, "http://api.example.com:8080": true, "http://a.svc.internal": true,
		"http://SVC.internal": true, "http://example.com": false, "https://pay.example.com:8443": true,
		"https://pay.example.com": false, "http://[::1]:9000": true, "http://[::1]:9001": false,
	} {
		u, _ := url.Parse(raw)
		if err := g.checkURL(u); (err == nil) != want {
			t.Errorf("checkURL(%s) = %v", raw, err)
		}
	}
}

// TestParamInHost (finding 7): a parameter after ${env:BASE_URL} cannot
// move the request to another host; where the template puts it in the
// host it is one DNS label.
func TestParamInHost(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, r.URL.Path) })
	host := strings.TrimPrefix(srv.URL, "http://")
	env := map[string]string{"BASE_URL": srv.URL, "HOST": "http://" + host}
	reg := loadRegistry(t, &Options{Env: testEnv(env)}, srv.URL, `
name: glued
desc: d
params: [{name: p, type: string, required: true, description: p}]
env: [HOST]
steps:
  - url: ${env:HOST}${param:p}
`, `
name: label
desc: d
params: [{name: sub, type: string, required: true, description: p}]
steps:
  - url: http://${param:sub}.example.test/x
`)
	for _, p := range []string{".evil.example", "@evil.example", ":1@evil.example", "x", "/ok"} {
		args, _ := json.Marshal(map[string]string{"p": p})
		wantError(t, call(t, reg, "glued", string(args)), "${param:p}", "extend the URL's host")
	}
	for _, sub := range []string{"evil.example/", "a.b", "x@y", "x:1"} {
		args, _ := json.Marshal(map[string]string{"sub": sub})
		wantError(t, call(t, reg, "label", string(args)), "single DNS label")
	}
	wantText(t, call(t, reg, "glued", `{"p": ""}`), "/")
	if diff := cmp.Diff([]string{"GET /"}, srv.uris()); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
}

// TestWarnUnguardedWholeURL: with the guard turned off, a step whose whole
// URL the model or a response chooses is pointed out when it loads.
func TestWarnUnguardedWholeURL(t *testing.T) {
	for _, tc := range []struct {
		allow []string
		warn  bool
	}{{[]string{AllowAllPrivate}, true}, {[]string{"10.0.0.0/8"}, false}, {[]string{}, false}} {
		var logs logBuffer
		loadRegistry(t, &Options{AllowPrivate: tc.allow, Logger: slog.New(slog.NewTextHandler(&logs, nil))}, "", modelURLTool,
			"name: fixed\ndesc: d\nenv: [BASE_URL]\nsteps:\n  - url: ${env:BASE_URL}/x\n")
		got := strings.Count(logs.String(), "the whole URL comes from ${param:url}")
		if want := map[bool]int{true: 1, false: 0}[tc.warn]; got != want || strings.Contains(logs.String(), "fixed") {
			t.Errorf("AllowPrivate %q: %d warnings, want %d:\n%s", tc.allow, got, want, logs.String())
		}
	}
}
