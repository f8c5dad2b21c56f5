// Package toolkitlangchaingo hands a toolkit Registry to langchaingo
// (github.com/tmc/langchaingo): every entry tool and every capability as a
// tools.Tool, whose input string is the call's arguments as a JSON object.
//
// It is a module of its own, so that the toolkit module depends on no
// agent framework. docs/adapters.md says what each signal becomes.
package toolkitlangchaingo

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tmc/langchaingo/tools"

	"github.com/toolkit-sdk/toolkit"
)

// Adapter serves a Registry's tools to langchaingo. It holds no state
// besides the Registry, so one serves every conversation.
type Adapter struct {
	reg *toolkit.Registry
}

// New returns an Adapter serving reg.
func New(reg *toolkit.Registry) *Adapter { return &Adapter{reg: reg} }

// Tools returns the Registry's tools (Registry.Tools: the three entry
// tools, or one per capability with Options.Flat) as langchaingo tools.
// The CallOptions apply to every call of these tools; WithCallOptions adds
// more for one run through its context.
func (a *Adapter) Tools(opts ...toolkit.CallOption) []tools.Tool {
	return a.wrap(a.reg.Tools(opts...), opts)
}

// CapabilityTools returns one langchaingo tool per capability
// (Registry.CapabilityTools), whatever Options.Flat says.
func (a *Adapter) CapabilityTools(opts ...toolkit.CallOption) []tools.Tool {
	return a.wrap(a.reg.CapabilityTools(opts...), opts)
}

func (a *Adapter) wrap(ts []toolkit.Tool, opts []toolkit.CallOption) []tools.Tool {
	out := make([]tools.Tool, len(ts))
	for i, t := range ts {
		out[i] = &Tool{reg: a.reg, tool: t, opts: opts}
	}
	return out
}

// Tool is one Registry tool as a langchaingo tools.Tool.
type Tool struct {
	reg  *toolkit.Registry
	tool toolkit.Tool
	opts []toolkit.CallOption
}

var _ tools.Tool = (*Tool)(nil)

// Name is the tool's name, a '.' sent as '_' (which OpenAI and Anthropic
// refuse in a tool name); the Tool calls its capability by its own name.
func (t *Tool) Name() string { return strings.ReplaceAll(t.tool.Name, ".", "_") }

// Description is the tool's description and, since a langchaingo tool has
// no schema of its own, what its input must be: a JSON object matching the
// parameters' JSON Schema.
func (t *Tool) Description() string {
	return t.tool.Description + "\nInput: a JSON object of the arguments, matching this JSON Schema: " + string(t.tool.InputSchema)
}

type ctxKey int

const (
	callOptionsKey ctxKey = iota
	resultsKey
)

// WithCallOptions returns ctx carrying toolkit CallOptions (WithValue,
// WithHeader, WithLocale, WithNotify) for the calls run with it, after
// those given to Tools: a langchaingo tool gets nothing but its context and
// input.
func WithCallOptions(ctx context.Context, opts ...toolkit.CallOption) context.Context {
	prev, _ := ctx.Value(callOptionsKey).([]toolkit.CallOption)
	return context.WithValue(ctx, callOptionsKey, append(append([]toolkit.CallOption(nil), prev...), opts...))
}

// WithResults returns ctx handing fn every call's whole Result (Signals,
// IsError, Exports), which a langchaingo tool's string cannot carry.
func WithResults(ctx context.Context, fn func(name string, args json.RawMessage, res toolkit.Result)) context.Context {
	return context.WithValue(ctx, resultsKey, fn)
}

// Stop reports whether res asks the host not to hand the results to the
// model now: Signals.StopGeneration, Manual or NeedsConfirmation.
func Stop(res toolkit.Result) bool {
	s := res.Signals
	return s.StopGeneration || s.Manual || s.NeedsConfirmation
}

// Call runs the call through the Registry, input being the arguments as a
// JSON object (an empty input is {}), and returns Result.Text. A failed
// call (Result.IsError, input that is not JSON included) is text for the
// model with a nil error: an error ends a langchaingo agent's run. The
// error is only for a call the Registry could not start.
func (t *Tool) Call(ctx context.Context, input string) (string, error) {
	input = strings.TrimSpace(input)
	if input == "" {
		input = "{}"
	}
	opts := t.opts
	if more, ok := ctx.Value(callOptionsKey).([]toolkit.CallOption); ok {
		opts = append(append([]toolkit.CallOption(nil), opts...), more...)
	}
	args := json.RawMessage(input)
	res, err := t.reg.Call(ctx, t.tool.Name, args, opts...)
	if err != nil {
		return "", fmt.Errorf("toolkitlangchaingo: %w", err)
	}
	if fn, ok := ctx.Value(resultsKey).(func(string, json.RawMessage, toolkit.Result)); ok {
		fn(t.tool.Name, args, res)
	}
	return res.Text, nil
}
