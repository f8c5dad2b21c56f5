package toolkit

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
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
