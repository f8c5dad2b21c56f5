package toolkit

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/toolkit-sdk/toolkit/internal/decoded"
	"github.com/toolkit-sdk/toolkit/internal/health"
	"github.com/toolkit-sdk/toolkit/internal/singleflight"
	"github.com/toolkit-sdk/toolkit/template"
)

// ErrNoCacheScope is returned (wrapped) by a Cache shared between tenants
// for a call without a cache scope (WithCacheScope). The step then runs
// uncached, and the Executor logs it as an error once per capability.
var ErrNoCacheScope = errors.New("the call has no cache scope (toolkit.WithCacheScope)")

// restartChain is the step index that runs the chain again from its first
// step, after a 401 to a credential read from the cache.
const restartChain = -1

// sharedRead is an entry kept across calls that filled a step's vars.
type sharedRead struct {
	step int
	key  string
	held version
}

// version is what an entry kept across calls held when a run read or
// stored it, so that a 401 drops the entry only while it still holds
// that (CompareDeleter).
type version struct {
	data []byte
}

// cacheHealth keeps the state of the Executor's Cache (package health):
// a failing store is logged once until it answers again, and asked again
// once a second; a call without a scope is logged once per capability.
type cacheHealth struct {
	health.Store
	noScope sync.Map // capability name -> struct{}
}

// sharedCacheGet reads variables kept across calls, and the version it
// read. Variables this Executor stored are decoded once (storedVars); a
// store that fails reads as a miss.
func (r *run) sharedCacheGet(key string) (map[string]template.Value, version) {
	if !r.e.cacheHealth.Usable() {
		return nil, version{}
	}
	k := memoryKey{scopeOf(r.ctx), key}
	data, ok, err := r.e.opts.Cache.Get(r.ctx, key)
	if !r.cacheAnswered(err) {
		return nil, version{}
	}
	if !ok {
		r.e.storedVars.Drop(k, nil)
		return nil, version{}
	}
	if vars, ok := r.e.storedVars.Lookup(k, data); ok {
		return vars, version{data: data}
	}
	var vars map[string]template.Value
	if json.Unmarshal(data, &vars) != nil {
		return nil, version{}
	}
	return vars, version{data: data}
}

// sharedCachePut stores a copy of entry across calls.
func (r *run) sharedCachePut(key string, entry map[string]template.Value, ttl time.Duration) {
	entry = maps.Clone(entry)
	var v version
	if data, err := json.Marshal(entry); err == nil {
		v.data = data
		if r.e.cacheHealth.Usable() && r.cacheAnswered(r.e.opts.Cache.Set(r.ctx, key, data, ttl)) && decodesAs(entry) {
			r.e.storedVars.Put(memoryKey{scopeOf(r.ctx), key}, data, entry, ttl)
		}
	}
	if r.lead != nil {
		r.lead.Value = sharedEntry{entry, v} // read-only from now on
	}
}

// decodesAs reports whether entry is what its JSON decodes to: a text
// that is not UTF-8 reads back with U+FFFD in its place, so its entry is
// not kept decoded, and every hit (of this replica or another, and past
// maxStoredVars) sends what the store's bytes hold.
func decodesAs(entry map[string]template.Value) bool {
	for _, v := range entry {
		if !utf8.ValidString(v.Text) {
			return false
		}
	}
	return true
}

// storedVars keeps, decoded, the variables of the entries the Executor
// stored across calls, for as long as they live (package decoded): when
// the store hands back the bytes stored (a MemoryCache, a host's wrapper
// of one, any store on another replica that stored the same), a hit costs
// no JSON decoding.
type storedVars = decoded.Cache[memoryKey, map[string]template.Value]

// maxStoredVars and maxStoredVarsBytes bound storedVars: past them a hit
// decodes its entry.
const (
	maxStoredVars      = decoded.MaxEntries
	maxStoredVarsBytes = decoded.MaxBytes
)

// fillShared fills step s's vars from an entry kept across calls, of
// version held, and notes that the run read it.
func (r *run) fillShared(s *step, key string, entry map[string]template.Value, held version) bool {
	if !r.fill(s, entry) {
		return false
	}
	r.shared = append(r.shared, sharedRead{s.index, key, held})
	return true
}

// cacheAnswered reports whether the store answered (err is nil), and logs
// a failure once until the store answers again. Errors of a call that has
// ended are its own, not the store's.
func (r *run) cacheAnswered(err error) bool {
	h := &r.e.cacheHealth
	switch {
	case err == nil:
		if h.Answered() {
			r.e.opts.Logger.InfoContext(r.ctx, "toolkit: the cache store answers again")
		}
		return true
	case r.ctx.Err() != nil:
	case errors.Is(err, ErrNoCacheScope):
		if _, logged := h.noScope.LoadOrStore(r.w.Name, struct{}{}); !logged {
			r.e.opts.Logger.ErrorContext(r.ctx, "toolkit: the cache store refuses a call without a cache scope; its steps run uncached",
				"capability", r.w.Name, "error", r.secrets.Redact(err.Error()))
		}
	default:
		if h.Failed() {
			r.e.opts.Logger.WarnContext(r.ctx, "toolkit: the cache store failed; steps fetch without it until it answers again (it is tried once a second)",
				"capability", r.w.Name, "error", r.secrets.Redact(err.Error()))
		}
	}
	return false
}

// invalidate handles a 401 to step s: if s sent a value read from an
// entry kept across calls, and the chain has not run again yet, it drops
// those entries and reports that the chain should run again. An entry is
// dropped only while it holds what the run read (a CompareDeleter, such as
// MemoryCache): a call that got its 401 late keeps the entry another call
// stored since.
func (r *run) invalidate(s *step) bool {
	if !r.sentShared(s) {
		return false
	}
	for _, read := range r.shared {
		if !readsStep(s, read.step) {
			continue
		}
		r.e.storedVars.Drop(memoryKey{scopeOf(r.ctx), read.key}, read.held.data)
		if !r.e.cacheHealth.Usable() {
			continue
		}
		if cd, ok := r.e.opts.Cache.(CompareDeleter); ok {
			_, err := cd.CompareAndDelete(r.ctx, read.key, read.held.data)
			r.cacheAnswered(err)
		} else {
			r.cacheAnswered(r.e.opts.Cache.Delete(r.ctx, read.key))
		}
	}
	return true
}

// sentShared reports whether step s sent a value read from an entry kept
// across calls, and the chain has not run again yet: a 401 to it makes
// invalidate run the chain again.
func (r *run) sentShared(s *step) bool {
	return !r.retried && slices.ContainsFunc(r.shared, func(read sharedRead) bool { return readsStep(s, read.step) })
}

// readsStep reports whether s's request reads a var of step index (the
// pre_request's for PreRequestIndex).
func readsStep(s *step, index int) bool {
	for _, ref := range s.refs {
		if ref.Source == template.Step && ref.Step == index || ref.Source == template.Pre && index == PreRequestIndex {
			return true
		}
	}
	return false
}

// restart resets the run to run its chain again from the first step; the
// step budget goes on counting.
func (r *run) restart() {
	for _, vs := range r.vars {
		clear(vs)
	}
	clear(r.cache)
	r.last = nil
	r.shared = r.shared[:0]
	r.retried = true
}

// flights lets concurrent misses of one entry kept across calls, in one
// scope, share a fetch within the process (package singleflight): the first
// caller fetches, the others wait for its entry, or leave when their
// context ends.
type flights = singleflight.Group[sharedEntry]

// flight is a fetch under way; its Value is what the fetch stored
// (entry nil if nothing).
type flight = singleflight.Call[sharedEntry]

type sharedEntry struct {
	entry map[string]template.Value
	held  version // entry's version
}

// awaitShared handles a miss of step s's entry kept across calls. If
// another call of the process is fetching it, it waits for that entry and
// fills the vars from it (cached). Else it leads the fetch: f is not nil,
// and the caller must finish it when the step ends.
func (r *run) awaitShared(s *step, key string) (cached bool, f *flight) {
	fk := "u\x00" + key // a call without a scope and one with the empty scope share nothing
	if scope, ok := CacheScope(r.ctx); ok {
		fk = "s" + scope + "\x00" + key
	}
	f, lead := r.e.flights.Join(fk)
	if !lead {
		select {
		case <-f.Done():
			// Without its entry (the fetch failed), fetch alone: waiting in
			// turn would repeat a failure one call after another.
			return r.fillShared(s, key, f.Value.entry, f.Value.held), nil
		case <-r.ctx.Done():
			return false, nil // the request fails at once with the context's error
		}
	}
	r.lead = f
	// Stored since this call's lookup, by a fetch that just ended?
	if entry, held := r.sharedCacheGet(key); r.fillShared(s, key, entry, held) {
		f.Value = sharedEntry{entry, held}
		return true, f
	}
	return false, f
}

// finishFlight ends the fetch r leads: its followers read its entry.
func (r *run) finishFlight(f *flight) {
	r.lead = nil
	r.e.flights.Finish(f)
}
