package toolkit

import (
	"context"
	"net/netip"
	"net/url"

	"github.com/toolkit-sdk/toolkit/internal/netguard"
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
