package toolkit

import "net/http"

// Hint is a yes-or-no answer about a capability's effects that may be
// unknown. The zero value is HintUnknown.
type Hint uint8

// Hints.
const (
	HintUnknown Hint = iota
	HintYes
	HintNo
)

// Known reports whether h is HintYes or HintNo.
func (h Hint) Known() bool { return h == HintYes || h == HintNo }

// Bool returns h as a bool and whether it is known.
func (h Hint) Bool() (v, ok bool) { return h == HintYes, h.Known() }

func (h Hint) String() string {
	switch h {
	case HintYes:
		return "yes"
	case HintNo:
		return "no"
	}
	return "unknown"
}

// Effects describe what calling a capability does, as far as it is known:
// for clients that show or gate calls by their effects (package mcpserver
// maps them onto MCP tool annotations). The zero value knows nothing, and
// a client should assume the worst: a call may change and delete things
// and reach the outside world.
//
// The library fills them for what it builds (YAML workflows from their
// steps' methods, hostapi's and YQCloud's capabilities); a host sets them
// on its own capabilities, including those of AddFunc.
type Effects struct {
	// ReadOnly: a call changes nothing. When HintYes, Destructive and
	// Idempotent say nothing more.
	ReadOnly Hint
	// Destructive: a call may delete or overwrite (HintNo: it only adds).
	Destructive Hint
	// Idempotent: calling again with the same arguments changes nothing
	// more.
	Idempotent Hint
	// OpenWorld: a call reaches outside the host (an HTTP request to a
	// service); HintNo for one that only reads or computes in process.
	OpenWorld Hint
}

// ReadOnlyEffects are those of a capability that changes nothing and
// sends nothing: it reads or computes in process.
var ReadOnlyEffects = Effects{ReadOnly: HintYes, Destructive: HintNo, Idempotent: HintYes, OpenWorld: HintNo}

// MethodEffects returns the effects of sending HTTP requests with the
// given methods, all of them: GET, HEAD and OPTIONS only are read-only and
// idempotent; a DELETE is destructive and, with PUT otherwise, idempotent;
// PUT only is idempotent; a POST or PATCH (or an unknown method) makes
// them unknown but not read-only. Every method reaches the outside world.
// No methods are the zero Effects.
func MethodEffects(methods ...string) Effects {
	if len(methods) == 0 {
		return Effects{}
	}
	safe, idempotent, del := true, true, false
	for _, m := range methods {
		switch m {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
		case http.MethodPut:
			safe = false
		case http.MethodDelete:
			safe, del = false, true
		default:
			safe, idempotent = false, false
		}
	}
	e := Effects{OpenWorld: HintYes}
	switch {
	case safe:
		e.ReadOnly, e.Destructive, e.Idempotent = HintYes, HintNo, HintYes
	default:
		e.ReadOnly = HintNo
		if del {
			e.Destructive = HintYes
		}
		if idempotent {
			e.Idempotent = HintYes
		}
	}
	return e
}
