// Package callsecrets lets a transport the module's own packages provide
// (package toolkittest's record and replay) learn the secrets of the calls
// whose requests it carries: everything the call's redactor holds, such
// as per-call values marked sensitive and tokens a step extracted, which
// the requests alone do not tell.
package callsecrets

import "context"

// Tracker receives, for every call run under its context, a function
// returning the secrets the call knows so far. The function must be
// called only while the call runs on the goroutine that sends its
// requests (from a RoundTrip), or after the call returned.
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
