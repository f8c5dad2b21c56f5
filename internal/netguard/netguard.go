// Package netguard decides which hosts and addresses the Executor's
// requests may reach: the host allowlist (with ports), the private-address
// guard checked at dial time and, for requests another client dials, by a
// look-up before the request (preflight), and the redirect policy that
// keeps credentials on their host.
//
// A Guard is immutable once built and safe for concurrent use.
package netguard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"syscall"
	"time"

	"code.dny.dev/ssrf"

	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// ErrHostNotAllowed reports a request to a host or address the options do
// not allow (toolkit.ErrHostNotAllowed).
var ErrHostNotAllowed = errors.New("host not allowed")

// ErrPrivateAddress reports, beside ErrHostNotAllowed, a request refused
// for its private or special-purpose address (toolkit.ErrPrivateAddress).
var ErrPrivateAddress = errors.New("private or special-purpose address")

// AllowAll, as an entry of AllowPrivate, turns the private-address guard
// off.
const AllowAll = "*"

// Pattern is an entry of AllowedHosts or a name in AllowPrivate: an exact
// host name, or ".example.com" for the domain and its subdomains, with an
// optional port.
type Pattern struct {
	Host string // lower case
	Port string // "" for any port
}

// Match reports whether host (lower case) and port match p.
func (p Pattern) Match(host, port string) bool {
	if p.Port != "" && p.Port != port {
		return false
	}
	if strings.HasPrefix(p.Host, ".") {
		return strings.HasSuffix(host, p.Host) || host == p.Host[1:]
	}
	return host == p.Host
}

// ParsePattern reads "name", ".domain", "name:port", "[v6]:port".
func ParsePattern(s string) (Pattern, error) {
	s = LowerHost(strings.TrimSpace(s))
	host, port := s, ""
	if h, p, err := net.SplitHostPort(s); err == nil {
		host, port = h, p
		if n, err := netip.ParseAddrPort("0.0.0.0:" + p); err != nil || n.Port() == 0 {
			return Pattern{}, fmt.Errorf("%q: invalid port %q", s, p)
		}
	} else if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		host = s[1 : len(s)-1]
	}
	if host == "" || host == "." || strings.ContainsAny(host, "/@ ") {
		return Pattern{}, fmt.Errorf("%q: want a host name, \".domain\", an address, or one of them with \":port\"", s)
	}
	return Pattern{Host: host, Port: port}, nil
}

// Config is what a Guard is built from (the fields of toolkit.Options of
// the same names).
type Config struct {
	AllowedHosts []string
	AllowPrivate []string
	Proxy        *url.URL
	// Injected: the host's own client sends the requests (and dials).
	Injected bool
}

// Guard decides which hosts and addresses requests may reach.
type Guard struct {
	allowed      []Pattern // AllowedHosts; empty: any host
	privateNames []Pattern // AllowPrivate names, dialed unchecked
	allowAll     bool      // AllowPrivate holds "*"
	ssrf         *ssrf.Guardian
	proxy        string // the proxy's "host:port", dialed unchecked
	// preflight: the Executor does not dial (a proxy or an injected
	// client does), so a target's addresses are resolved and checked
	// before the request is handed over.
	preflight bool
	resolver  *net.Resolver
}

// New builds the guard of c. Malformed entries are errors; the guard
// returned with them applies the well-formed ones.
func New(c Config) (*Guard, error) {
	g := &Guard{resolver: net.DefaultResolver}
	var errs []error
	for _, h := range c.AllowedHosts {
		p, err := ParsePattern(h)
		if err != nil {
			errs = append(errs, fmt.Errorf("option AllowedHosts: %w", err))
			continue
		}
		g.allowed = append(g.allowed, p)
	}
	var v4, v6 []netip.Prefix
	for _, a := range c.AllowPrivate {
		a = strings.TrimSpace(a)
		if a == AllowAll {
			g.allowAll = true
			continue
		}
		if pfx, err := netip.ParsePrefix(a); err == nil {
			if pfx, err = allowedPrefix(pfx); err != nil {
				errs = append(errs, fmt.Errorf("option AllowPrivate: %q: %w", a, err))
				continue
			}
			if pfx.Addr().Is4() {
				v4 = append(v4, pfx)
			} else {
				v6 = append(v6, pfx)
			}
			continue
		}
		if ip, err := netip.ParseAddr(strings.Trim(a, "[]")); err == nil {
			if ip.Zone() != "" { // netip reads "fe80::1%eth0/64" as a zone "eth0/64"
				errs = append(errs, fmt.Errorf("option AllowPrivate: %s: an address with a zone (%%%s) is not supported; an address dialed with a zone is never allowed, unless AllowPrivate is \"*\"", textcut.Quote(a), textcut.Cut(ip.Zone(), 32)))
				continue
			}
			ip = ip.Unmap()
			if ip.Is4() {
				v4 = append(v4, netip.PrefixFrom(ip, 32))
			} else {
				v6 = append(v6, netip.PrefixFrom(ip, 128))
			}
			continue
		}
		p, err := ParsePattern(a)
		if err != nil {
			errs = append(errs, fmt.Errorf("option AllowPrivate: %w", err))
			continue
		}
		g.privateNames = append(g.privateNames, p)
	}
	g.ssrf = ssrf.New(ssrf.WithAnyPort(), ssrf.WithAnyNetwork(), ssrf.WithAllowedV4Prefixes(v4...), ssrf.WithAllowedV6Prefixes(v6...))
	if c.Proxy != nil {
		if c.Proxy.Hostname() == "" {
			errs = append(errs, fmt.Errorf("option Proxy: %q has no host", c.Proxy.Redacted()))
		}
		g.proxy = HostPort(c.Proxy)
	}
	g.preflight = !g.allowAll && (c.Proxy != nil || c.Injected)
	return g, errors.Join(errs...)
}

// allowedPrefix is the range an AllowPrivate CIDR entry allows, masked.
// An IPv4-mapped range (::ffff:a.b.c.d/n, n ≥ 96) is the IPv4 range of
// its last n-96 bits, since mapped addresses are checked as the IPv4
// address they carry; a mapped spelling shorter than /96 is refused, as it
// would stand for every IPv4 address and more. Other IPv6 ranges allow
// IPv6 addresses only, even one (::/0) that contains ::ffff:0:0/96.
func allowedPrefix(pfx netip.Prefix) (netip.Prefix, error) {
	a := pfx.Addr()
	if !a.Is4In6() {
		return pfx.Masked(), nil
	}
	if pfx.Bits() < 96 {
		return netip.Prefix{}, errors.New("an IPv4-mapped range (::ffff:a.b.c.d/n) needs n of at least 96, which stands for every IPv4 address; write the IPv4 range (\"10.0.0.0/8\") or an IPv6 one")
	}
	if pfx.Bits() == 96 && a.Unmap() != netip.IPv4Unspecified() {
		// ::ffff:10.0.0.0/96 masks to every IPv4 address: almost surely a
		// typo for /104, and one that would open the metadata addresses.
		return netip.Prefix{}, fmt.Errorf("%s stands for every IPv4 address, whatever its address part; write ::ffff:0.0.0.0/96 if that is meant, or a longer prefix (::ffff:10.0.0.0/104 is 10.0.0.0/8)", pfx)
	}
	return netip.PrefixFrom(a.Unmap(), pfx.Bits()-96).Masked(), nil
}

// AllowAll reports whether the private-address guard is off.
func (g *Guard) AllowAll() bool { return g.allowAll }

// LowerHost lowers the ASCII letters of a host name and nothing else: a
// host is compared with a pattern (AllowedHosts, AllowPrivate, loop.hosts)
// or another host in the form net/http dials, and net/http dials a name
// with other characters in its IDNA form, which Unicode case mapping does
// not give: "gİthub.com" lowers to "github.com" but is dialed as
// xn--github-qyd.com, "ς" and "σ" fold together but are two names. So a
// name with non-ASCII characters matches only a pattern written with the
// same ones; a host allowing an IDN lists it as "xn--…" or as it is sent.
func LowerHost(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'A' <= c && c <= 'Z' {
					b[j] = c - 'A' + 'a'
				}
			}
			return string(b)
		}
	}
	return s
}

// HostPort returns u's "host:port", the port defaulted from the scheme.
func HostPort(u *url.URL) string {
	return net.JoinHostPort(LowerHost(u.Hostname()), EffectivePort(u))
}

// EffectivePort returns u's port, defaulted from its scheme.
func EffectivePort(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return "443"
	case "socks5", "socks5h":
		return "1080"
	}
	return "80"
}

// CheckURL applies the host allowlist to u and refuses userinfo.
func (g *Guard) CheckURL(u *url.URL) error {
	if u.User != nil {
		return fmt.Errorf("%w: a URL with user information (user:password@) is refused", ErrHostNotAllowed)
	}
	if len(g.allowed) == 0 {
		return nil
	}
	host, port := LowerHost(u.Hostname()), EffectivePort(u)
	for _, a := range g.allowed {
		if a.Match(host, port) {
			return nil
		}
	}
	if u.Port() != "" {
		host = net.JoinHostPort(host, port)
	}
	return fmt.Errorf("%w: %s", ErrHostNotAllowed, host)
}

// privateName reports whether host (lower case) is allowed by name to be
// private.
func (g *Guard) privateName(host, port string) bool {
	for _, p := range g.privateNames {
		if p.Match(host, port) {
			return true
		}
	}
	return false
}

// CheckAddr refuses a private or special-purpose address that AllowPrivate
// does not allow. Embedded IPv4 forms (mapped addresses) are unwrapped; the
// IPv6 transition ranges that carry IPv4 (6to4, Teredo, NAT64, the
// IPv4-compatible form) are refused as a whole.
func (g *Guard) CheckAddr(ip netip.Addr) error {
	if g.allowAll {
		return nil
	}
	if err := g.ssrf.SafeAddr(ip.Unmap()); err != nil {
		return fmt.Errorf("%w: %s is a %w", ErrHostNotAllowed, ip.Unmap(), ErrPrivateAddress)
	}
	return nil
}

// Control is the dialer's Control: it sees every address actually dialed,
// after name resolution, so a name that resolves to a private address (or
// changes its answer between two look-ups) is caught.
func (g *Guard) Control(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: %s", ErrHostNotAllowed, address)
	}
	return g.CheckAddr(ap.Addr())
}

// DialContext dials with the guard: the proxy and hosts allowed by name
// with plain, everything else with checked, whose Control should be
// g.Control.
func (g *Guard) DialContext(plain, checked *net.Dialer) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		host = LowerHost(host)
		if g.allowAll || net.JoinHostPort(host, port) == g.proxy || g.privateName(host, port) {
			return plain.DialContext(ctx, network, addr)
		}
		return checked.DialContext(ctx, network, addr)
	}
}

// Preflight resolves u's host and checks every address, for requests the
// Executor does not dial itself (a proxy or an injected client does); it
// does nothing otherwise. Between this look-up and the one the proxy or
// injected client makes, an answer could change: dial-time checks (the
// Executor's own client, no proxy) have no such gap.
func (g *Guard) Preflight(ctx context.Context, u *url.URL) error {
	if !g.preflight {
		return nil
	}
	host := LowerHost(u.Hostname())
	if g.privateName(host, EffectivePort(u)) {
		return nil
	}
	if ip, err := netip.ParseAddr(host); err == nil {
		return g.CheckAddr(ip)
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	ips, err := g.resolver.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return fmt.Errorf("resolving %s: %w", host, err)
	}
	for _, ip := range ips {
		if err := g.CheckAddr(ip); err != nil {
			return err
		}
	}
	return nil
}

// forwardedOnRedirect are the headers a request keeps when a redirect takes
// it to another host: nothing that could carry a credential.
var forwardedOnRedirect = []string{
	"Accept", "Accept-Encoding", "Accept-Language", "Cache-Control", "Content-Language",
	"Content-Type", "If-Match", "If-Modified-Since", "If-None-Match", "If-Unmodified-Since",
	"Pragma", "Range", "User-Agent",
}

// CheckRedirect returns a client's redirect policy: the hop limit, the
// host checks, and no credential (header or resent body) to another host;
// then next, if not nil. redactURL shapes the URL an error names.
func (g *Guard) CheckRedirect(maxRedirects int, redactURL func(string) string, next func(*http.Request, []*http.Request) error) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		if err := redirectScheme(req.URL); err != nil {
			return err
		}
		if len(via) > maxRedirects {
			return fmt.Errorf("stopped after %d redirects", maxRedirects)
		}
		if err := g.CheckURL(req.URL); err != nil {
			return fmt.Errorf("redirect to %s: %w", redactURL(req.URL.Redacted()), err)
		}
		first := via[0]
		if !SameHost(first.URL, req.URL) {
			if code := req.Response.StatusCode; (code == http.StatusTemporaryRedirect || code == http.StatusPermanentRedirect) &&
				first.Body != nil && first.Body != http.NoBody {
				return Refusal(fmt.Sprintf("refused a %d redirect to another host (%s): it would send the request body there", code, req.URL.Hostname()))
			}
			KeepForwarded(req.Header)
		}
		if err := g.Preflight(req.Context(), req.URL); err != nil { // last: it may look the name up
			return fmt.Errorf("redirect: %w", err)
		}
		if next != nil {
			return next(req, via)
		}
		return nil
	}
}

// redirectScheme refuses a redirect to anything but an absolute http or
// https URL with a host: an injected client's transport (or a proxy) would
// otherwise be handed ftp:, file:, gopher: or data: URLs.
func redirectScheme(u *url.URL) error {
	if s := u.Scheme; s != "http" && s != "https" { // url.Parse lowers the scheme
		return Refusal(fmt.Sprintf("refused a redirect to a %q URL: only http and https redirects are followed", textcut.Cut(s, 16)+":"))
	}
	if u.Hostname() == "" { // "http://:80/" too: RFC 9110, 4.2.1
		return Refusal("refused a redirect to an " + u.Scheme + " URL without a host")
	}
	return nil
}

// Refusal is a redirect the policy refuses: the request ends with it and
// is not retried.
type Refusal string

func (r Refusal) Error() string { return string(r) }

// KeepForwarded deletes from h every header but those a request keeps on
// a redirect to another host.
func KeepForwarded(h http.Header) {
	for k := range h {
		if !slices.Contains(forwardedOnRedirect, k) {
			delete(h, k)
		}
	}
}

// SameHost reports whether b is on a's host: the same name and port, and
// not a downgrade from https to http.
func SameHost(a, b *url.URL) bool {
	if strings.EqualFold(a.Scheme, "https") && !strings.EqualFold(b.Scheme, "https") {
		return false
	}
	if LowerHost(a.Hostname()) != LowerHost(b.Hostname()) {
		return false
	}
	return EffectivePort(a) == EffectivePort(b) ||
		a.Port() == "" && b.Port() == "" // http upgraded to https on default ports
}
