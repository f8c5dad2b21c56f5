package toolkit

import (
	"fmt"
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestHardening26_17_MappedPrefix: an AllowPrivate range written in the
// IPv4-mapped form allows the IPv4 range of its last bits (/104 is /8); a
// mapped spelling shorter than /96 is refused; an IPv6 range allows no
// IPv4 address, mapped or not.
func TestHardening26_17_MappedPrefix(t *testing.T) {
	for _, tc := range []struct {
		entry          string
		allow, refuse  []string
		malformedEntry bool
	}{
		{entry: "::ffff:127.0.0.0/104",
			allow:  []string{"127.0.0.1", "127.0.0.0", "127.1.2.3", "127.255.255.255", "::ffff:127.0.0.1", "::ffff:127.9.9.9"},
			refuse: []string{"10.0.0.1", "169.254.169.254", "::1", "::ffff:10.0.0.1", "192.168.0.1"}},
		{entry: "::FFFF:127.0.0.0/104", allow: []string{"127.0.0.1", "127.200.0.1"}, refuse: []string{"10.0.0.1"}},
		{entry: "::ffff:7f00:0/104", allow: []string{"127.0.0.1", "127.200.0.1"}, refuse: []string{"10.0.0.1"}},
		{entry: "0:0:0:0:0:ffff:7f00:0/104", allow: []string{"127.0.0.1", "127.200.0.1"}, refuse: []string{"10.0.0.1"}},
		{entry: "::ffff:127.0.0.1/104", allow: []string{"127.0.0.1", "127.200.0.1"}, refuse: []string{"10.0.0.1"}}, // host bits masked
		{entry: "::ffff:10.0.0.0/104", allow: []string{"10.0.0.1", "10.255.0.1"}, refuse: []string{"127.0.0.1", "172.16.0.1"}},
		{entry: "::ffff:172.16.0.0/108", allow: []string{"172.16.0.1", "172.31.255.255"}, refuse: []string{"192.168.0.1", "10.0.0.1"}},
		{entry: "::ffff:192.168.1.0/120", allow: []string{"192.168.1.7"}, refuse: []string{"192.168.2.7", "127.0.0.1"}},
		{entry: "::ffff:127.0.0.1/128", allow: []string{"127.0.0.1", "::ffff:127.0.0.1"}, refuse: []string{"127.0.0.2"}},
		{entry: "::ffff:0:0/96", allow: []string{"10.0.0.1", "127.0.0.1", "169.254.169.254"}, refuse: []string{"::1", "fc00::1", "fe80::1"}},
		{entry: "::ffff:0.0.0.0/96", allow: []string{"10.0.0.1", "169.254.169.254"}, refuse: []string{"::1"}},
		{entry: "::ffff:10.0.0.0/96", malformedEntry: true}, // a typo for /104 that would allow every IPv4 address
		{entry: "::ffff:169.254.169.254/96", malformedEntry: true},
		{entry: "::ffff:0:0/80", malformedEntry: true},
		{entry: "::ffff:127.0.0.0/8", malformedEntry: true},
		{entry: "::/0", allow: []string{"::1", "fc00::1"}, refuse: []string{"127.0.0.1", "::ffff:127.0.0.1", "10.0.0.1"}},
		{entry: "::/80", allow: []string{"::1"}, refuse: []string{"127.0.0.1", "::ffff:127.0.0.1"}},
		{entry: "127.0.0.0/8", allow: []string{"127.0.0.1", "::ffff:127.0.0.1"}, refuse: []string{"10.0.0.1", "::1"}},
		{entry: "::1/128", allow: []string{"::1"}, refuse: []string{"127.0.0.1", "::2"}},
		{entry: "fc00::/7", allow: []string{"fd12:3456::1"}, refuse: []string{"fe80::1", "10.0.0.1"}},
	} {
		g, err := newGuard(&Options{AllowPrivate: []string{tc.entry}})
		if tc.malformedEntry {
			if err == nil || !strings.Contains(err.Error(), "AllowPrivate") || !strings.Contains(err.Error(), "96") {
				t.Errorf("%s: error %v, want the entry refused", tc.entry, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.entry, err)
			continue
		}
		var got, want []string
		for _, a := range tc.allow {
			want = append(want, a+" allowed")
			got = append(got, verdict(g, a))
		}
		for _, a := range tc.refuse {
			want = append(want, a+" refused")
			got = append(got, verdict(g, a))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("AllowPrivate %s (-want +got):\n%s", tc.entry, diff)
		}
	}

	// End to end: the loopback test server through the mapped /104.
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "reached") })
	reg := loadRegistry(t, &Options{AllowPrivate: []string{"::ffff:127.0.0.0/104"}}, "", modelURLTool)
	wantText(t, callFetch(t, reg, srv.URL), "reached")
	reg = loadRegistry(t, &Options{AllowPrivate: []string{"::ffff:10.0.0.0/104"}}, "", modelURLTool)
	wantError(t, callFetch(t, reg, srv.URL), "private or special-purpose address")
}

func verdict(g *guard, a string) string {
	if g.checkAddr(netip.MustParseAddr(a)) != nil {
		return a + " refused"
	}
	return a + " allowed"
}
