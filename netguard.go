package toolkit

import (
	"net/http"
	"net/url"

	"github.com/toolkit-sdk/toolkit/internal/netguard"
	"github.com/toolkit-sdk/toolkit/template"
)

// ErrHostNotAllowed reports a request to a host or address the Options do
// not allow.
var ErrHostNotAllowed = netguard.ErrHostNotAllowed

// ErrPrivateAddress reports, beside ErrHostNotAllowed, a request refused
// for its private or special-purpose address: Options.AllowPrivate (or the
// CLI's --allow-private) lets it through.
var ErrPrivateAddress = netguard.ErrPrivateAddress

// AllowAllPrivate, as an entry of Options.AllowPrivate, turns the
// private-address guard off.
const AllowAllPrivate = "*" // netguard.AllowAll

// guardConfig is the part of o the network guard is built from.
func guardConfig(o *Options) netguard.Config {
	return netguard.Config{AllowedHosts: o.AllowedHosts, AllowPrivate: o.AllowPrivate, Proxy: o.Proxy, Injected: o.HTTPClient != nil}
}

// warnUnguarded logs a warning for each step of w whose whole URL comes
// from the model or a response while the private-address guard is off.
func (e *Executor) warnUnguarded(w *Workflow) {
	if !e.guard.AllowAll() {
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

// The names loop.go checks its next URLs with (see package netguard).

type hostPattern struct{ host, port string }

func (p hostPattern) match(host, port string) bool {
	return netguard.Pattern{Host: p.host, Port: p.port}.Match(host, port)
}

func parseHostPattern(s string) (hostPattern, error) {
	p, err := netguard.ParsePattern(s)
	return hostPattern{p.Host, p.Port}, err
}

func lowerHost(s string) string       { return netguard.LowerHost(s) }
func effectivePort(u *url.URL) string { return netguard.EffectivePort(u) }
func sameHost(a, b *url.URL) bool     { return netguard.SameHost(a, b) }
func keepForwarded(h http.Header)     { netguard.KeepForwarded(h) }
