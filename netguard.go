package toolkit

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
	"github.com/toolkit-sdk/toolkit/template"
)

// ErrHostNotAllowed reports a request to a host or address the Options do
// not allow.
var ErrHostNotAllowed = errors.New("host not allowed")

// AllowAllPrivate, as an entry of Options.AllowPrivate, turns the
// private-address guard off.
const AllowAllPrivate = "*"

// hostPattern is an entry of AllowedHosts or a name in AllowPrivate: an
// exact host name, or ".example.com" for the domain and its subdomains,
// with an optional port.
type hostPattern struct {
	host string // lower case
	port string // "" for any port
}

func (p hostPattern) match(host, port string) bool {
	if p.port != "" && p.port != port {
		return false
	}
	if strings.HasPrefix(p.host, ".") {
		return strings.HasSuffix(host, p.host) || host == p.host[1:]
	}
	return host == p.host
}

// parseHostPattern reads "name", ".domain", "name:port", "[v6]:port".
func parseHostPattern(s string) (hostPattern, error) {
	s = lowerHost(strings.TrimSpace(s))
	host, port := s, ""
	if h, p, err := net.SplitHostPort(s); err == nil {
		host, port = h, p
		if n, err := netip.ParseAddrPort("0.0.0.0:" + p); err != nil || n.Port() == 0 {
			return hostPattern{}, fmt.Errorf("%q: invalid port %q", s, p)
		}
	} else if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		host = s[1 : len(s)-1]
	}
	if host == "" || host == "." || strings.ContainsAny(host, "/@ ") {
		return hostPattern{}, fmt.Errorf("%q: want a host name, \".domain\", an address, or one of them with \":port\"", s)
	}
	return hostPattern{host: host, port: port}, nil
}

// guard decides which hosts and addresses requests may reach. It is
// immutable once built.
type guard struct {
	allowed      []hostPattern // AllowedHosts; empty: any host
	privateNames []hostPattern // AllowPrivate names, dialed unchecked
	allowAll     bool          // AllowPrivate holds "*"
	ssrf         *ssrf.Guardian
	proxy        string // the proxy's "host:port", dialed unchecked
	// preflight: the Executor does not dial (a proxy or an injected
	// client does), so a target's addresses are resolved and checked
	// before the request is handed over.
	preflight bool
	resolver  *net.Resolver
}

// newGuard builds the guard of o. Malformed entries are errors.
func newGuard(o *Options) (*guard, error) {
	g := &guard{resolver: net.DefaultResolver}
	var errs []error
	for _, h := range o.AllowedHosts {
		p, err := parseHostPattern(h)
		if err != nil {
			errs = append(errs, fmt.Errorf("option AllowedHosts: %w", err))
			continue
		}
		g.allowed = append(g.allowed, p)
	}
	var v4, v6 []netip.Prefix
	for _, a := range o.AllowPrivate {
		a = strings.TrimSpace(a)
		if a == AllowAllPrivate {
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
		p, err := parseHostPattern(a)
		if err != nil {
			errs = append(errs, fmt.Errorf("option AllowPrivate: %w", err))
			continue
		}
		g.privateNames = append(g.privateNames, p)
	}
	g.ssrf = ssrf.New(ssrf.WithAnyPort(), ssrf.WithAnyNetwork(), ssrf.WithAllowedV4Prefixes(v4...), ssrf.WithAllowedV6Prefixes(v6...))
	if o.Proxy != nil {
		if o.Proxy.Hostname() == "" {
			errs = append(errs, fmt.Errorf("option Proxy: %q has no host", o.Proxy.Redacted()))
		}
		g.proxy = hostPort(o.Proxy)
	}
	g.preflight = !g.allowAll && (o.Proxy != nil || o.HTTPClient != nil)
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

// warnUnguarded logs a warning for each step of w whose whole URL comes
// from the model or a response while the private-address guard is off.
func (e *Executor) warnUnguarded(w *Workflow) {
	if !e.guard.allowAll {
		return
	}
	for _, s := range w.steps {
		refs := s.url.Refs()
		if len(refs) == 1 && refs[0].Source != template.Env && s.url.Source() == refs[0].String() {
			e.opts.Logger.Warn("toolkit: the whole URL comes from "+refs[0].String()+" and AllowPrivate is \"*\": the model can reach any address, internal ones included",
				"capability", w.Name, "step", s.index)
		}
	}
}

// lowerHost lowers the ASCII letters of a host name and nothing else: a
// host is compared with a pattern (AllowedHosts, AllowPrivate, loop.hosts)
// or another host in the form net/http dials, and net/http dials a name
// with other characters in its IDNA form, which Unicode case mapping does
// not give: "gİthub.com" lowers to "github.com" but is dialed as
// xn--github-qyd.com, "ς" and "σ" fold together but are two names. So a
// name with non-ASCII characters matches only a pattern written with the
// same ones; a host allowing an IDN lists it as "xn--…" or as it is sent.
func lowerHost(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				b[j] = lowerASCII(b[j])
			}
			return string(b)
		}
	}
	return s
}

// hostPort returns u's "host:port", the port defaulted from the scheme.
func hostPort(u *url.URL) string {
	return net.JoinHostPort(lowerHost(u.Hostname()), effectivePort(u))
}

func effectivePort(u *url.URL) string {
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

// checkURL applies the host allowlist to u and refuses userinfo.
func (g *guard) checkURL(u *url.URL) error {
	if u.User != nil {
		return fmt.Errorf("%w: a URL with user information (user:password@) is refused", ErrHostNotAllowed)
	}
	if len(g.allowed) == 0 {
		return nil
	}
	host, port := lowerHost(u.Hostname()), effectivePort(u)
	for _, a := range g.allowed {
		if a.match(host, port) {
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
func (g *guard) privateName(host, port string) bool {
	for _, p := range g.privateNames {
		if p.match(host, port) {
			return true
		}
	}
	return false
}

// checkAddr refuses a private or special-purpose address that AllowPrivate
// does not allow. Embedded IPv4 forms (mapped addresses) are unwrapped; the
// IPv6 transition ranges that carry IPv4 (6to4, Teredo, NAT64, the
// IPv4-compatible form) are refused as a whole.
func (g *guard) checkAddr(ip netip.Addr) error {
	if g.allowAll {
		return nil
	}
	if err := g.ssrf.SafeAddr(ip.Unmap()); err != nil {
		return fmt.Errorf("%w: %s is a private or special-purpose address", ErrHostNotAllowed, ip.Unmap())
	}
	return nil
}

// control is the dialer's Control: it sees every address actually dialed,
// after name resolution, so a name that resolves to a private address (or
// changes its answer between two look-ups) is caught.
func (g *guard) control(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: %s", ErrHostNotAllowed, address)
	}
	return g.checkAddr(ap.Addr())
}

// dialContext dials with the guard: the proxy and hosts allowed by name
// unchecked, everything else through a dialer whose Control checks the
// address.
func (g *guard) dialContext(plain, checked *net.Dialer) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		host = lowerHost(host)
		if g.allowAll || net.JoinHostPort(host, port) == g.proxy || g.privateName(host, port) {
			return plain.DialContext(ctx, network, addr)
		}
		return checked.DialContext(ctx, network, addr)
	}
}

// preflightCheck resolves u's host and checks every address, for requests
// the Executor does not dial itself. Between this look-up and the one the
// proxy or injected client makes, an answer could change: dial-time checks
// (the Executor's own client, no proxy) have no such gap.
func (g *guard) preflightCheck(ctx context.Context, u *url.URL) error {
	if !g.preflight {
		return nil
	}
	host := lowerHost(u.Hostname())
	if g.privateName(host, effectivePort(u)) {
		return nil
	}
	if ip, err := netip.ParseAddr(host); err == nil {
		return g.checkAddr(ip)
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	ips, err := g.resolver.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return fmt.Errorf("resolving %s: %w", host, err)
	}
	for _, ip := range ips {
		if err := g.checkAddr(ip); err != nil {
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

// checkRedirect is the client's redirect policy: the hop limit, the host
// checks, and no credential (header or resent body) to another host.
func (e *Executor) checkRedirect(next func(*http.Request, []*http.Request) error) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		if err := redirectScheme(req.URL); err != nil {
			return err
		}
		if len(via) > e.opts.MaxRedirects {
			return fmt.Errorf("stopped after %d redirects", e.opts.MaxRedirects)
		}
		if err := e.guard.checkURL(req.URL); err != nil {
			return fmt.Errorf("redirect to %s: %w", redactURL(req.URL.Redacted()), err)
		}
		first := via[0]
		if !sameHost(first.URL, req.URL) {
			if code := req.Response.StatusCode; (code == http.StatusTemporaryRedirect || code == http.StatusPermanentRedirect) &&
				first.Body != nil && first.Body != http.NoBody {
				return refusal(fmt.Sprintf("refused a %d redirect to another host (%s): it would send the request body there", code, req.URL.Hostname()))
			}
			keepForwarded(req.Header)
		}
		if err := e.guard.preflightCheck(req.Context(), req.URL); err != nil { // last: it may look the name up
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
		return refusal(fmt.Sprintf("refused a redirect to a %q URL: only http and https redirects are followed", textcut.Cut(s, 16)+":"))
	}
	if u.Hostname() == "" { // "http://:80/" too: RFC 9110, 4.2.1
		return refusal("refused a redirect to an " + u.Scheme + " URL without a host")
	}
	return nil
}

// refusal is a redirect the policy refuses: the request ends with it and
// is not retried.
type refusal string

func (r refusal) Error() string { return string(r) }

// keepForwarded deletes from h every header but those of
// forwardedOnRedirect.
func keepForwarded(h http.Header) {
	for k := range h {
		if !slices.Contains(forwardedOnRedirect, k) {
			delete(h, k)
		}
	}
}

// sameHost reports whether b is on a's host: the same name and port, and
// not a downgrade from https to http.
func sameHost(a, b *url.URL) bool {
	if strings.EqualFold(a.Scheme, "https") && !strings.EqualFold(b.Scheme, "https") {
		return false
	}
	if lowerHost(a.Hostname()) != lowerHost(b.Hostname()) {
		return false
	}
	return effectivePort(a) == effectivePort(b) ||
		a.Port() == "" && b.Port() == "" // http upgraded to https on default ports
}
