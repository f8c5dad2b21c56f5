package netguard

import (
	"errors"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestParsePattern(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Pattern
		err  string
	}{
		{"API.Example.com", Pattern{Host: "api.example.com"}, ""},
		{".Svc.Internal", Pattern{Host: ".svc.internal"}, ""},
		{"pay.example.com:8443", Pattern{Host: "pay.example.com", Port: "8443"}, ""},
		{"[::1]:9000", Pattern{Host: "::1", Port: "9000"}, ""},
		{"[fd00::1]", Pattern{Host: "fd00::1"}, ""},
		{"a.test:x", Pattern{}, "invalid port"},
		{"a.test:0", Pattern{}, "invalid port"},
		{"u@h", Pattern{}, "want a host name"},
		{".", Pattern{}, "want a host name"},
	} {
		got, err := ParsePattern(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParsePattern(%q): error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParsePattern(%q) = %+v, %v, want %+v", tc.in, got, err, tc.want)
		}
	}
	p := Pattern{Host: ".example.com", Port: "443"}
	for hostPort, want := range map[[2]string]bool{
		{"example.com", "443"}: true, {"a.example.com", "443"}: true, {"a.example.com", "80"}: false, {"badexample.com", "443"}: false,
	} {
		if got := p.Match(hostPort[0], hostPort[1]); got != want {
			t.Errorf("%+v.Match(%v) = %t", p, hostPort, got)
		}
	}
}

func TestGuard(t *testing.T) {
	g, err := New(Config{AllowedHosts: []string{"api.example.com", ".cdn.example:8443"}, AllowPrivate: []string{"10.0.0.0/8", "::ffff:192.168.0.0/112"}})
	if err != nil {
		t.Fatal(err)
	}
	for u, want := range map[string]bool{
		"https://API.example.com/x": true, "https://img.cdn.example:8443/": true, "https://img.cdn.example/": false,
		"https://evil.test/": false, "https://user:pw@api.example.com/": false,
	} {
		if err := g.CheckURL(mustURL(t, u)); (err == nil) != want || err != nil && !errors.Is(err, ErrHostNotAllowed) {
			t.Errorf("CheckURL(%s) = %v, want allowed %t", u, err, want)
		}
	}
	for a, want := range map[string]bool{
		"10.1.2.3": true, "192.168.3.4": true, "::ffff:10.0.0.1": true, "127.0.0.1": false, "169.254.169.254": false, "93.184.215.14": true,
	} {
		err := g.CheckAddr(netip.MustParseAddr(a))
		if (err == nil) != want || err != nil && (!errors.Is(err, ErrHostNotAllowed) || !errors.Is(err, ErrPrivateAddress)) {
			t.Errorf("CheckAddr(%s) = %v, want allowed %t (else ErrHostNotAllowed and ErrPrivateAddress)", a, err, want)
		}
	}
	if _, err := New(Config{AllowPrivate: []string{"::ffff:10.0.0.0/96", "fe80::1%eth0", "10.0.0.0/33x"}}); err == nil ||
		!strings.Contains(err.Error(), "every IPv4 address") || !strings.Contains(err.Error(), "zone") {
		t.Errorf("malformed AllowPrivate entries: %v", err)
	}
	if g, _ := New(Config{AllowPrivate: []string{AllowAll}}); !g.AllowAll() || g.CheckAddr(netip.MustParseAddr("127.0.0.1")) != nil {
		t.Error(`AllowPrivate "*" does not turn the guard off`)
	}
}

func TestRedirectPolicy(t *testing.T) {
	g, _ := New(Config{})
	policy := g.CheckRedirect(2, func(s string) string { return s }, nil)
	first := &http.Request{URL: mustURL(t, "https://a.test/login"), Body: http.NoBody}
	hop := func(target string, code int) (*http.Request, error) {
		req := &http.Request{URL: mustURL(t, target), Header: http.Header{"Authorization": {"Bearer x"}, "Accept": {"*/*"}},
			Response: &http.Response{StatusCode: code}}
		return req, policy(req, []*http.Request{first})
	}
	if req, err := hop("https://a.test/next", 302); err != nil || req.Header.Get("Authorization") == "" {
		t.Errorf("same host: %v, header %v", err, req.Header)
	}
	if req, err := hop("https://b.test/next", 302); err != nil || !cmp.Equal(req.Header, http.Header{"Accept": {"*/*"}}) {
		t.Errorf("another host: %v, header %v", err, req.Header)
	}
	var refused Refusal
	if _, err := hop("ftp://a.test/x", 302); !errors.As(err, &refused) {
		t.Errorf("ftp redirect: %v", err)
	}
	first.Body = http.MaxBytesReader(nil, http.NoBody, 1) // a request with a body
	if _, err := hop("https://b.test/x", 307); !errors.As(err, &refused) {
		t.Errorf("307 with a body to another host: %v", err)
	}
	req := &http.Request{URL: mustURL(t, "https://a.test/"), Response: &http.Response{StatusCode: 302}}
	if err := policy(req, make([]*http.Request, 3)); err == nil || !strings.Contains(err.Error(), "stopped after 2 redirects") {
		t.Errorf("past the hop limit: %v", err)
	}
	if SameHost(mustURL(t, "https://a.test/"), mustURL(t, "http://a.test/")) {
		t.Error("a downgrade to http is the same host")
	}
	if !SameHost(mustURL(t, "http://A.test/"), mustURL(t, "https://a.test/")) {
		t.Error("an upgrade to https on the default ports is another host")
	}
}
