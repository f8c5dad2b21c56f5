// Package toolkiteino hands a toolkit Registry to Eino
// (github.com/cloudwego/eino): every entry tool and every capability as an
// Eino InvokableTool, whose Info carries the tool's JSON Schema in Eino's
// form and whose InvokableRun runs the call through the Registry.
//
// It is a module of its own, so that the toolkit module depends on no
// agent framework. docs/adapters.md says what each signal becomes.
package toolkiteino

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/schema"
	"github.com/eino-contrib/jsonschema"

	"github.com/toolkit-sdk/toolkit"
)

// Adapter serves a Registry's tools to Eino. It holds no state besides the
// Registry, so one serves every conversation.
type Adapter struct {
	reg *toolkit.Registry
}

// New returns an Adapter serving reg.
func New(reg *toolkit.Registry) *Adapter { return &Adapter{reg: reg} }

// Tools returns the Registry's tools (Registry.Tools: the three entry
// tools, or one per capability with Options.Flat) as Eino tools. The
// CallOptions (per-call values, headers, locale, WithNotify) apply to
// every call of these tools; WithCallOptions adds more per run.
func (a *Adapter) Tools(opts ...toolkit.CallOption) []tool.BaseTool {
	return a.wrap(a.reg.Tools(opts...), opts)
}

// CapabilityTools returns one Eino tool per capability
// (Registry.CapabilityTools), whatever Options.Flat says.
func (a *Adapter) CapabilityTools(opts ...toolkit.CallOption) []tool.BaseTool {
	return a.wrap(a.reg.CapabilityTools(opts...), opts)
}

func (a *Adapter) wrap(tools []toolkit.Tool, opts []toolkit.CallOption) []tool.BaseTool {
	out := make([]tool.BaseTool, len(tools))
	for i, t := range tools {
		out[i] = &Tool{reg: a.reg, tool: t, opts: opts}
	}
	return out
}

// ToolName is a tool's name as the model sees it: a '.' (which OpenAI and
// Anthropic refuse in a tool name) becomes '_'. The Tool calls the
// capability by its own name, so nothing is looked up again.
func ToolName(name string) string { return strings.ReplaceAll(name, ".", "_") }

// Tool is one Registry tool as an Eino InvokableTool.
type Tool struct {
	reg  *toolkit.Registry
	tool toolkit.Tool
	opts []toolkit.CallOption
}

var _ tool.InvokableTool = (*Tool)(nil)

// Info is the tool's name, description and parameters' JSON Schema in
// Eino's form (schema.NewParamsOneOfByJSONSchema).
func (t *Tool) Info(context.Context) (*schema.ToolInfo, error) {
	var js jsonschema.Schema
	if err := json.Unmarshal(t.tool.InputSchema, &js); err != nil {
		return nil, fmt.Errorf("toolkiteino: tool %s: input schema: %w", t.tool.Name, err)
	}
	return &schema.ToolInfo{
		Name:        ToolName(t.tool.Name),
		Desc:        t.tool.Description,
		ParamsOneOf: schema.NewParamsOneOfByJSONSchema(&js),
	}, nil
}

// runOptions are the Eino tool options this adapter reads.
type runOptions struct {
	call     []toolkit.CallOption
	onResult func(name string, args json.RawMessage, res toolkit.Result)
}

// WithCallOptions passes toolkit CallOptions (WithValue, WithHeader,
// WithLocale, WithNotify) to the calls of one run, after those given to
// Tools: with an Eino agent, adk.WithToolOptions([]tool.Option{...}); with a
// ToolsNode, compose.WithToolsNodeOption(compose.WithToolOption(...)).
func WithCallOptions(opts ...toolkit.CallOption) tool.Option {
	return tool.WrapImplSpecificOptFn(func(o *runOptions) { o.call = append(o.call, opts...) })
}

// WithResults hands fn every call's whole Result (Signals, IsError,
// Exports), which an Eino tool's string cannot carry: the host stops the run
// on Signals.StopGeneration, Manual or NeedsConfirmation (Stop reports
// them). fn runs on the goroutine of the call; Eino may run the calls of a
// turn concurrently.
func WithResults(fn func(name string, args json.RawMessage, res toolkit.Result)) tool.Option {
	return tool.WrapImplSpecificOptFn(func(o *runOptions) { o.onResult = fn })
}

// Stop reports whether res asks the host not to hand the results to the
// model now: Signals.StopGeneration, Manual or NeedsConfirmation.
func Stop(res toolkit.Result) bool {
	s := res.Signals
	return s.StopGeneration || s.Manual || s.NeedsConfirmation
}

// InvokableRun runs the call through the Registry and returns Result.Text.
// A failed call (Result.IsError) is text for the model too, not an error:
// an error from a tool ends an Eino graph's run. The error is only for a
// call the Registry could not start (the tool is gone).
func (t *Tool) InvokableRun(ctx context.Context, argumentsInJSON string, opts ...tool.Option) (string, error) {
	ro := tool.GetImplSpecificOptions(&runOptions{}, opts...)
	callOpts := append(append([]toolkit.CallOption(nil), t.opts...), ro.call...)
	args := json.RawMessage(argumentsInJSON)
	res, err := t.reg.Call(ctx, t.tool.Name, args, callOpts...)
	if err != nil {
		return "", fmt.Errorf("toolkiteino: %w", err)
	}
	if ro.onResult != nil {
		ro.onResult(t.tool.Name, args, res)
	}
	return res.Text, nil
}
