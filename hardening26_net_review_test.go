package toolkit

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// TestHardening26Review_IDNAllowedHost: a host is checked against
// AllowedHosts (and AllowPrivate names, loop.hosts, a redirect's same-host
// test) in the form net/http dials it. net/http dials a non-ASCII name in
// its IDNA form, which Unicode lower-casing does not give: "gİthub.com"
// lowers to "github.com" but is dialed as xn--github-qyd.com, another
// domain anyone may register. A model's URL (or a redirect) on such a name
// is refused when only the ASCII name is allowed; the dial never happens.
func TestHardening26Review_IDNAllowedHost(t *testing.T) {
	var mu sync.Mutex
	var dialed []string
	tr := &http.Transport{DialContext: func(_ context.Context, _, addr string) (net.Conn, error) {
		mu.Lock()
		dialed = append(dialed, addr)
		mu.Unlock()
		return nil, errors.New("offline")
	}}
	// "*": the guard resolves nothing, so only AllowedHosts stands between
	// the model and the name.
	reg := loadRegistry(t, &Options{HTTPClient: &http.Client{Transport: tr}, AllowPrivate: []string{AllowAllPrivate},
		AllowedHosts: []string{"github.com", ".github.io"}, Logger: discardLogger()}, "", modelURLTool)
	for _, u := range []string{
		"http://gİthub.com/",       // İ lowers to i; IDNA maps it to i + U+0307
		"http://GİTHUB.COM/",       // the same, upper case
		"http://pages.gİthub.io/",  // a domain pattern's suffix
		"http://ⓖithub.com/",       // IDNA maps ⓖ to g: the allowed name, but not as written
		"http://gi\u00adthub.com/", // a soft hyphen IDNA drops
		"http://x.github\u3002io/", // an ideographic full stop IDNA reads as a dot
	} {
		if res := callFetch(t, reg, u); !res.IsError || !strings.Contains(res.Text, "host not allowed") {
			t.Errorf("%s: %s", u, res.Text)
		}
	}
	mu.Lock()
	if len(dialed) != 0 {
		t.Errorf("dialed %q", dialed)
	}
	mu.Unlock()

	// The ASCII names still match whatever their case, and a name written
	// in Unicode matches the same spelling.
	g, err := newGuard(&Options{AllowedHosts: []string{"GitHub.com", ".Example.com", "bücher.de"}})
	if err != nil {
		t.Fatal(err)
	}
	for u, want := range map[string]bool{
		"http://GITHUB.com/": true, "http://api.EXAMPLE.com/": true, "http://bücher.de/": true, "http://BüCHER.de/": true,
		"http://gİthub.com/": false, "http://xn--bcher-kva.de/": false, "http://Kexample.com/": false,
	} {
		if err := g.checkURL(mustParseURL(t, u)); (err == nil) != want {
			t.Errorf("checkURL(%s): %v, want allowed %t", u, err, want)
		}
	}
	// An AllowPrivate name is dialed unchecked; with an injected client the
	// guard resolves and checks every other name before the request.
	pg, err := newGuard(&Options{AllowPrivate: []string{"github.internal"}, HTTPClient: &http.Client{}})
	if err != nil {
		t.Fatal(err)
	}
	if err := pg.preflightCheck(context.Background(), mustParseURL(t, "http://gİthub.internal/")); err == nil {
		t.Error("preflight: gİthub.internal passed as the private name github.internal")
	}
	// Two names Unicode folds together but IDNA keeps apart are two hosts:
	// a redirect between them is a redirect to another host.
	for _, pair := range [][2]string{{"http://σ.test/", "http://ς.test/"}, {"http://github.com/", "http://gİthub.com/"}} {
		if sameHost(mustParseURL(t, pair[0]), mustParseURL(t, pair[1])) {
			t.Errorf("sameHost(%s, %s)", pair[0], pair[1])
		}
	}
	if !sameHost(mustParseURL(t, "http://GitHub.com/a"), mustParseURL(t, "http://github.COM/b")) {
		t.Error("ASCII case makes another host")
	}
}

func mustParseURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestHardening26_13_LocationQuotedBriefly: a redirect's error quotes the
// server's Location briefly, however long it is: net/http quotes a
// Location it cannot parse in full (twice), and the redirect policy quoted
// the URL and host it refused, megabytes a hostile server chooses. A
// secret the server echoes in it is redacted, never cut in two; a
// malformed Location is the server's answer and is not retried; the error
// still reports what it is (errors.Is).
func TestHardening26_13_LocationQuotedBriefly(t *testing.T) {
	const origin = "http://93.184.215.14"
	const token = "s3cr3t-t0ken-value-0123456789abcdef"
	long := strings.Repeat("a", 2<<20)
	for _, tc := range []struct {
		name, loc string
		allowed   []string
		tries     int // requests the transport is handed
	}{
		{"a control character", "/x?t=" + long[:972] + token + "\x01" + long, nil, 1},
		{"a leading space", " http://93.184.215.14/" + long, nil, 1},
		{"a host not allowed", "http://" + long + ".example/", []string{"93.184.215.14"}, 1},
		{"a long path to a host not allowed", "http://evil.example/" + long, []string{"93.184.215.14"}, 1},
		{"a 307 with a body to another host", "http://" + long[:200000] + ".example/", nil, 1},
	} {
		rt := &handedTransport{answer: func(r *http.Request) (int, http.Header, string) {
			if r.URL.Path == "/start" {
				return http.StatusTemporaryRedirect, http.Header{"Location": {tc.loc}}, ""
			}
			return 200, nil, "ok"
		}}
		reg := loadRegistry(t, &Options{
			HTTPClient: &http.Client{Transport: rt}, AllowPrivate: []string{}, AllowedHosts: tc.allowed,
			Env: testEnv(map[string]string{"BASE_URL": origin, "API_TOKEN": token}),
		}, origin, "name: t\ndesc: d\nenv: [BASE_URL, API_TOKEN]\nsteps:\n  - url: ${env:BASE_URL}/start\n    method: PUT\n    body: '{\"a\": 1}'\n"+
			"    headers: {Authorization: \"Bearer ${env:API_TOKEN}\"}\n    retry: {max: 3, wait_min: 0.001, wait_max: 0.002}\n")
		res := call(t, reg, "t", `{}`)
		if !res.IsError || len(res.Text) > 1500 {
			t.Errorf("%s: %d bytes: %.300s", tc.name, len(res.Text), res.Text)
		}
		if strings.Contains(res.Text, token[:8]) {
			t.Errorf("%s: the secret shows: %.1500s", tc.name, res.Text)
		}
		if n := len(rt.handed()); n != tc.tries {
			t.Errorf("%s: the transport was handed %d requests, want %d", tc.name, n, tc.tries)
		}
	}
	// Send's error is as brief, and still says what it is.
	rt := &handedTransport{answer: func(r *http.Request) (int, http.Header, string) {
		return http.StatusFound, http.Header{"Location": {"http://" + long + ".example/"}}, ""
	}}
	e := NewExecutor(&Options{HTTPClient: &http.Client{Transport: rt}, AllowPrivate: []string{}, AllowedHosts: []string{"93.184.215.14"}, Logger: discardLogger()})
	_, err := e.Send(context.Background(), &Request{Method: "GET", URL: origin + "/"})
	if !errors.Is(err, ErrHostNotAllowed) || len(err.Error()) > 1500 {
		t.Errorf("Send: errors.Is(ErrHostNotAllowed) %t, %d bytes: %.300s", errors.Is(err, ErrHostNotAllowed), len(err.Error()), err)
	}
}

// TestHardening26_17_ZonedEntry: an AllowPrivate entry with a zone is a
// malformed entry. netip reads "fe80::1%eth0/64" as the address fe80::1
// with the zone "eth0/64", so the range was silently one address; and a
// zoned address is never dialed allowed (a prefix never contains one).
func TestHardening26_17_ZonedEntry(t *testing.T) {
	for _, entry := range []string{"fe80::1%eth0", "fe80::1%eth0/64", "[fe80::1%eth0]", "::ffff:127.0.0.1%lo"} {
		if _, err := newGuard(&Options{AllowPrivate: []string{entry}}); err == nil || !strings.Contains(err.Error(), "zone") {
			t.Errorf("%s: %v, want the entry refused", entry, err)
		}
	}
	g, err := newGuard(&Options{AllowPrivate: []string{"fe80::/10"}})
	if err != nil {
		t.Fatal(err)
	}
	if verdict(g, "fe80::1") != "fe80::1 allowed" || verdict(g, "fe80::1%eth0") != "fe80::1%eth0 refused" {
		t.Errorf("fe80::/10: %s, %s", verdict(g, "fe80::1"), verdict(g, "fe80::1%eth0"))
	}
}

// TestHardening26_15_LastTryWithinBudget: a request whose retries end on
// the budget's last request ends as its retries do (the last response,
// here the 503 the step reports), not with ErrRequestBudget: the budget
// stopped nothing. One more retry wanted past the budget is the budget's.
func TestHardening26_15_LastTryWithinBudget(t *testing.T) {
	var hits atomic.Int64
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.Error(w, "busy", http.StatusServiceUnavailable)
	})
	for _, tc := range []struct {
		maxRequests, retries int
		want, notWant        string
	}{
		{4, 3, "503", "request budget spent"},
		{1, 0, "503", "request budget spent"},
		{3, 3, "request budget spent", ""},
	} {
		reg := loadRegistry(t, &Options{MaxRequests: tc.maxRequests}, srv.URL, fmt.Sprintf(
			"name: t\ndesc: d\nenv: [BASE_URL]\nsteps:\n  - url: ${env:BASE_URL}/busy\n    retry: {max: %d, wait_min: 0.001, wait_max: 0.002}\n", tc.retries))
		hits.Store(0)
		res := call(t, reg, "t", `{}`)
		if !strings.Contains(res.Text, tc.want) || tc.notWant != "" && strings.Contains(res.Text, tc.notWant) {
			t.Errorf("MaxRequests %d, %d retries: %s", tc.maxRequests, tc.retries, res.Text)
		}
		if n := hits.Load(); n != int64(min(tc.maxRequests, tc.retries+1)) {
			t.Errorf("MaxRequests %d, %d retries: %d requests", tc.maxRequests, tc.retries, n)
		}
	}
}

// TestHardening26_13_EmptyHost: an http URL whose authority has a port but
// no host ("http://:80/") has no host (RFC 9110, 4.2.1: a recipient must
// reject it), in a redirect and in Send: net/http would dial the local
// machine with it. Even with the guard off, the transport is not handed one.
func TestHardening26_13_EmptyHost(t *testing.T) {
	for _, loc := range []string{"http://:80/", "https://:443/x", "http://:0/"} {
		rt := &handedTransport{answer: func(r *http.Request) (int, http.Header, string) {
			if r.URL.Path == "/start" {
				return http.StatusFound, http.Header{"Location": {loc}}, ""
			}
			return 200, nil, "ok"
		}}
		e := NewExecutor(&Options{HTTPClient: &http.Client{Transport: rt}, AllowPrivate: []string{AllowAllPrivate}, Logger: discardLogger()})
		if _, err := e.Send(context.Background(), &Request{Method: "GET", URL: loc}); err == nil {
			t.Errorf("Send %s: no error", loc)
		}
		_, err := e.Send(context.Background(), &Request{Method: "GET", URL: "http://93.184.215.14/start"})
		if err == nil || !strings.Contains(err.Error(), "without a host") {
			t.Errorf("redirect to %s: %v", loc, err)
		}
		if got := rt.handed(); len(got) != 1 {
			t.Errorf("%s: handed %q", loc, got)
		}
	}
}

// TestHardening26_13_NextURLQuotedBriefly: a loop's next page URL is the
// API's to choose, up to the body cap; an error about it (not http(s),
// another host, a downgrade, a repeat) quotes 200 bytes of it, the call's
// secrets redacted before the cut.
func TestHardening26_13_NextURLQuotedBriefly(t *testing.T) {
	const token = "s3cr3t-t0ken-value-0123456789abcdef"
	long := strings.Repeat("a", 1<<20)
	var next string
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"items":[1],"next":%q}`, next)
	})
	for name, u := range map[string]string{
		"not http":     "ftp://x/" + long[:170] + token + long,
		"another host": "http://" + long + ".example/",
		"a repeat":     "/p/" + long[:170] + token + long[:300000], // within the server's header limit
	} {
		next = u
		if name == "a repeat" {
			next = srv.URL + u
		}
		reg := loadRegistry(t, &Options{Env: testEnv(map[string]string{"BASE_URL": srv.URL, "API_TOKEN": token})}, srv.URL,
			loopTool("${env:BASE_URL}/p", "    headers: {Authorization: \"Bearer ${env:API_TOKEN}\"}\n    loop:\n      next_url: next\n      items: items[]\n"))
		res := call(t, reg, "t", `{}`)
		if !res.IsError || len(res.Text) > 1500 || strings.Contains(res.Text, token[:8]) {
			t.Errorf("%s: %d bytes: %.400s", name, len(res.Text), res.Text)
		}
	}
}

// errTransport fails every request.
type errTransport struct{}

func (errTransport) RoundTrip(*http.Request) (*http.Response, error) {
	return nil, errors.New("connection refused")
}

// TestHardening26_13_StepURLQuotedBriefly: a step's error names its
// request's URL in 200 bytes, whatever the model put in it.
func TestHardening26_13_StepURLQuotedBriefly(t *testing.T) {
	reg := loadRegistry(t, &Options{HTTPClient: &http.Client{Transport: errTransport{}}, AllowPrivate: []string{},
		AllowedHosts: []string{"93.184.215.14"}, Logger: discardLogger()}, "", modelURLTool)
	res := callFetch(t, reg, "http://93.184.215.14/"+strings.Repeat("a", 1<<20))
	if !res.IsError || len(res.Text) > 600 || !strings.Contains(res.Text, "connection refused") {
		t.Errorf("%d bytes: %.300s", len(res.Text), res.Text)
	}
}
