// Package toolkitgenkit hands a toolkit Registry to Genkit Go
// (github.com/firebase/genkit/go): every entry tool and every capability
// as a Genkit ai.Tool, for ai.WithTools in genkit.Generate.
//
// The tools implement ai.Tool here rather than through ai.DefineTool, so
// that the Registry, not Genkit, checks the model's arguments: Genkit's
// own check of a tool's input schema ends the whole Generate call with an
// error, where the Registry's answer is a tool output the model reads and
// corrects. Signals that ask the host to take over (stop generation,
// manual hand-off, confirmation) become Genkit tool interrupts
// (InterruptOf, Respond).
//
// It is a module of its own, so that the toolkit module depends on no
// agent framework. docs/adapters.md says what each signal becomes.
package toolkitgenkit

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/core"
	"github.com/firebase/genkit/go/core/api"
	"github.com/firebase/genkit/go/core/tracing"

	"github.com/toolkit-sdk/toolkit"
)

// Adapter serves a Registry's tools to Genkit. It holds no state besides
// the Registry, so one serves every conversation.
type Adapter struct {
	reg *toolkit.Registry
}

// New returns an Adapter serving reg.
func New(reg *toolkit.Registry) *Adapter { return &Adapter{reg: reg} }

// Tools returns the Registry's tools (Registry.Tools: the three entry
// tools, or one per capability with Options.Flat) as Genkit tools, each a
// *Tool, ready for ai.WithTools(a.Tools()...). The CallOptions (per-call
// values, headers, locale, WithNotify) apply to every call of these tools;
// WithCallOptions adds more for the calls run with a context.
func (a *Adapter) Tools(opts ...toolkit.CallOption) []ai.ToolRef {
	return a.wrap(a.reg.Tools(opts...), opts)
}

// CapabilityTools returns one Genkit tool per capability
// (Registry.CapabilityTools), whatever Options.Flat says.
func (a *Adapter) CapabilityTools(opts ...toolkit.CallOption) []ai.ToolRef {
	return a.wrap(a.reg.CapabilityTools(opts...), opts)
}

func (a *Adapter) wrap(tools []toolkit.Tool, opts []toolkit.CallOption) []ai.ToolRef {
	out := make([]ai.ToolRef, len(tools))
	for i, t := range tools {
		out[i] = newTool(a.reg, t, opts)
	}
	return out
}

// ToolName is a tool's name as the model sees it: a '.' (which model APIs
// refuse in a tool name) becomes '_'. The Tool calls the capability by its
// own name, so nothing is looked up again.
func ToolName(name string) string { return strings.ReplaceAll(name, ".", "_") }

// Tool is one Registry tool as a Genkit ai.Tool. Genkit runs a tool
// through the action it registers (Register), whose input schema is the
// tool's for the model but is not enforced by Genkit: the Registry checks
// the arguments and answers a bad call with a message for the model.
type Tool struct {
	reg    *toolkit.Registry
	tool   toolkit.Tool
	opts   []toolkit.CallOption
	schema map[string]any
}

var _ ai.Tool = (*Tool)(nil)

func newTool(reg *toolkit.Registry, t toolkit.Tool, opts []toolkit.CallOption) *Tool {
	var schema map[string]any
	if err := json.Unmarshal(t.InputSchema, &schema); err != nil || schema == nil {
		schema = map[string]any{"type": "object"} // the Registry writes objects; never reached
	}
	return &Tool{reg: reg, tool: t, opts: opts, schema: schema}
}

func (t *Tool) metadata() map[string]any {
	return map[string]any{
		"type":        api.ActionTypeToolV2,
		"name":        ToolName(t.tool.Name),
		"description": t.tool.Description,
		"tool":        map[string]any{"multipart": true},
	}
}

// Name is the tool's name as the model sees it (ToolName).
func (t *Tool) Name() string { return ToolName(t.tool.Name) }

// Definition is the tool's name, description and parameters' JSON Schema.
func (t *Tool) Definition() *ai.ToolDefinition {
	return &ai.ToolDefinition{
		Name:        t.Name(),
		Description: t.tool.Description,
		InputSchema: t.schema,
		Metadata:    map[string]any{"multipart": true},
	}
}

// RunRaw runs the tool with input (the arguments as JSON values) and
// returns its output, Result.Text.
func (t *Tool) RunRaw(ctx context.Context, input any) (any, error) {
	resp, err := t.RunRawMultipart(ctx, input)
	if err != nil {
		return nil, err
	}
	return resp.Output, nil
}

// RunRawMultipart runs the tool with input and returns Result.Text as the
// output and the Result's inline parts (images, audio, files) as media
// parts holding data URLs. A Result whose Signals ask the host to take
// over comes back as a Genkit tool interrupt (InterruptOf reads it). A
// failed call (Result.IsError) is an output for the model too, not an
// error: an error from a tool ends Genkit's Generate.
func (t *Tool) RunRawMultipart(ctx context.Context, input any) (*ai.MultipartToolResponse, error) {
	args, err := json.Marshal(input)
	if err != nil {
		return nil, fmt.Errorf("toolkitgenkit: tool %s: input: %w", t.tool.Name, err)
	}
	out, err := t.action().RunJSON(ctx, args, nil)
	if err != nil {
		return nil, err
	}
	var resp ai.MultipartToolResponse
	if err := json.Unmarshal(out, &resp); err != nil {
		return nil, fmt.Errorf("toolkitgenkit: tool %s: output: %w", t.tool.Name, err)
	}
	return &resp, nil
}

// Respond answers an interrupted request of this tool with output, for
// ai.WithToolResponses (the package's Respond does it for any tool).
func (t *Tool) Respond(toolReq *ai.Part, output any, opts *ai.RespondOptions) *ai.Part {
	p := Respond(toolReq, output)
	if p != nil && opts != nil && opts.Metadata != nil {
		p.Metadata["interruptResponse"] = opts.Metadata
	}
	return p
}

// Restart builds the part ai.WithToolRestarts takes to run an interrupted
// request again, with opts.ReplaceInput as its new arguments when set. The
// capability then runs as a new call: a toolkit capability cannot read
// Genkit's resumed metadata, so one that asked for confirmation asks
// again. Answer an interrupt with Respond instead.
func (t *Tool) Restart(toolReq *ai.Part, opts *ai.RestartOptions) *ai.Part {
	if toolReq == nil || !toolReq.IsToolRequest() {
		return nil
	}
	input := toolReq.ToolRequest.Input
	meta := map[string]any{"resumed": true}
	if opts != nil && opts.ReplaceInput != nil {
		meta["replacedInput"] = input
		input = opts.ReplaceInput
	}
	if opts != nil && opts.ResumedMetadata != nil {
		meta["resumed"] = opts.ResumedMetadata
	}
	p := ai.NewToolRequestPart(&ai.ToolRequest{Name: toolReq.ToolRequest.Name, Ref: toolReq.ToolRequest.Ref, Input: input})
	p.Metadata = meta
	return p
}

// Register registers the tool's action with a Genkit registry, as Generate
// does for the tools it is given.
func (t *Tool) Register(r api.Registry) {
	a := t.action()
	r.RegisterAction(a.desc.Key, a)
	provider, id := api.ParseName(a.desc.Name)
	r.RegisterAction(api.NewKey(api.ActionTypeTool, provider, id), a)
}

func (t *Tool) action() *action {
	return &action{tool: t, desc: api.ActionDesc{
		Type:        api.ActionTypeToolV2,
		Key:         api.KeyFromName(api.ActionTypeToolV2, t.Name()),
		Name:        t.Name(),
		Description: t.tool.Description,
		InputSchema: t.schema,
		Metadata:    t.metadata(),
	}}
}

// run calls the Registry with args and shapes the Result for Genkit.
func (t *Tool) run(ctx context.Context, args json.RawMessage) (*ai.MultipartToolResponse, error) {
	rc := runContextOf(ctx)
	opts := append(append([]toolkit.CallOption(nil), t.opts...), rc.opts...)
	res, err := t.reg.Call(ctx, t.tool.Name, args, opts...)
	if err != nil {
		return nil, fmt.Errorf("toolkitgenkit: %w", err)
	}
	for _, fn := range rc.onResult {
		fn(t.tool.Name, args, res)
	}
	if Stop(res) {
		meta, err := interruptMetadata(t.tool.Name, res)
		if err != nil {
			return nil, err
		}
		return nil, (&ai.ToolContext{Context: ctx}).Interrupt(&ai.InterruptOptions{Metadata: meta})
	}
	return &ai.MultipartToolResponse{Output: res.Text, Content: MediaParts(res)}, nil
}

// MediaParts returns the Result's inline parts (images, audio, files) as
// Genkit media parts whose text is a data URL
// ("data:image/png;base64,..."). Parts kept behind a handle and resource
// links have no bytes here; Result.Text describes them.
func MediaParts(res toolkit.Result) []*ai.Part {
	var out []*ai.Part
	for _, p := range res.Parts {
		if !p.Inline() || p.Data == nil {
			continue
		}
		mt := p.MIMEType
		if mt == "" {
			mt = "application/octet-stream"
		}
		out = append(out, ai.NewMediaPart(mt, "data:"+mt+";base64,"+base64.StdEncoding.EncodeToString(p.Data)))
	}
	return out
}

// action is the Genkit action of a Tool: its descriptor carries the
// tool's input schema, which Genkit shows the model, and its run, in a
// Genkit trace span of its own, hands the input to the Registry as it came,
// unchecked and undecoded (a number keeps every digit).
type action struct {
	tool *Tool
	desc api.ActionDesc
}

var _ api.Action = (*action)(nil)

func (a *action) Name() string            { return a.desc.Name }
func (a *action) Desc() api.ActionDesc    { return a.desc }
func (a *action) Register(r api.Registry) { r.RegisterAction(a.desc.Key, a) }

func (a *action) RunJSON(ctx context.Context, input json.RawMessage, cb func(context.Context, json.RawMessage) error) (json.RawMessage, error) {
	r, err := a.RunJSONWithTelemetry(ctx, input, cb)
	if err != nil {
		return nil, err
	}
	return r.Result, nil
}

func (a *action) RunJSONWithTelemetry(ctx context.Context, input json.RawMessage, _ func(context.Context, json.RawMessage) error) (*api.ActionRunResult[json.RawMessage], error) {
	span := &tracing.SpanMetadata{Name: a.desc.Name, Type: "action", Subtype: string(a.desc.Type), Metadata: map[string]string{}}
	if flow := core.FlowNameFromContext(ctx); flow != "" {
		span.Metadata["flow:name"] = flow
	}
	out := &api.ActionRunResult[json.RawMessage]{}
	_, err := tracing.RunInNewSpan(ctx, span, input, func(ctx context.Context, input json.RawMessage) (struct{}, error) {
		info := tracing.SpanTraceInfo(ctx)
		out.TraceId, out.SpanId = info.TraceID, info.SpanID
		resp, err := a.tool.run(ctx, input)
		if err != nil {
			return struct{}{}, err
		}
		out.Result, err = json.Marshal(resp)
		return struct{}{}, err
	})
	if err != nil {
		return &api.ActionRunResult[json.RawMessage]{TraceId: out.TraceId, SpanId: out.SpanId}, err
	}
	return out, nil
}
