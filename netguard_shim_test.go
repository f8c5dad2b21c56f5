package toolkit

import (
	"context"
	"net/netip"
	"net/url"
	"testing"

	"github.com/toolkit-sdk/toolkit/internal/netguard"
	"github.com/toolkit-sdk/toolkit/internal/redact"
)

// guard is the Executor's network guard, under the names the root tests
// of it use.
type guard struct{ *netguard.Guard }

func newGuard(o *Options) (*guard, error) {
	g, err := netguard.New(guardConfig(o))
	return &guard{g}, err
}

func (g *guard) checkAddr(ip netip.Addr) error { return g.CheckAddr(ip) }
func (g *guard) checkURL(u *url.URL) error     { return g.CheckURL(u) }

func (g *guard) preflightCheck(ctx context.Context, u *url.URL) error { return g.Preflight(ctx, u) }

// TestLeafConstants: the root's constants are those of the packages that
// act on them.
func TestLeafConstants(t *testing.T) {
	if AllowAllPrivate != netguard.AllowAll || Redacted != redact.Redacted {
		t.Errorf("AllowAllPrivate %q, netguard.AllowAll %q; Redacted %q, redact.Redacted %q", AllowAllPrivate, netguard.AllowAll, Redacted, redact.Redacted)
	}
}
