// Package callsecrets lets a transport the module's own packages provide
// (package toolkittest's record and replay) learn the secrets of the calls
// whose requests it carries: everything the call's redactor holds, such
// as per-call values marked sensitive and tokens a step extracted, which
// the requests alone do not tell.
package callsecrets

import "context"

// Tracker receives, for every call run under its context, functions
// returning secrets the call knows: before each request it sends (the
// secrets known then), and when the call ends. Each function returns a
// list that never changes, so it may be called from any goroutine, at
// any time: a Go capability may run workflows, and so send requests, on
// several goroutines at once.
type Tracker interface {
	Track(secrets func() []string)
}

type key struct{}

// With returns ctx carrying t.
func With(ctx context.Context, t Tracker) context.Context {
	return context.WithValue(ctx, key{}, t)
}

// From returns the Tracker ctx carries, or nil.
func From(ctx context.Context) Tracker {
	t, _ := ctx.Value(key{}).(Tracker)
	return t
}
