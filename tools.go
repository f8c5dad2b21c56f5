package toolkit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/suggest"
)

// Tool is the definition of an entry tool as a model API expects it.
type Tool struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"input_schema"`
}

// OpenAI returns the tool in the OpenAI chat-completions shape.
func (t Tool) OpenAI() map[string]any {
	return map[string]any{"type": "function", "function": map[string]any{
		"name": t.Name, "description": t.Description, "parameters": t.InputSchema,
	}}
}

// Anthropic returns the tool in the Anthropic messages shape.
func (t Tool) Anthropic() map[string]any {
	return map[string]any{"name": t.Name, "description": t.Description, "input_schema": t.InputSchema}
}

var entryTools = []Tool{
	{
		Name:        ToolQueryCapabilities,
		Description: "List the capabilities you can call: name, one-line description and category. Filter with a keyword or a category. Then read one with query_capability_detail and run it with call_capability.",
		InputSchema: mustJSON(map[string]any{
			"type": "object",
			"properties": map[string]any{
				"keyword":  map[string]any{"type": "string", "description": "words that must all appear in the name or description (optional)"},
				"category": map[string]any{"type": "string", "description": "only this category: http, api, yqcloud, ... (optional)"},
			},
			"additionalProperties": false,
		}),
	},
	{
		Name:        ToolQueryDetail,
		Description: "Show one capability's full description and the JSON Schema of its parameters, before calling it with call_capability.",
		InputSchema: mustJSON(map[string]any{
			"type":                 "object",
			"properties":           map[string]any{"name": map[string]any{"type": "string", "description": "the capability name"}},
			"required":             []string{"name"},
			"additionalProperties": false,
		}),
	},
	{
		Name:        ToolCallCapability,
		Description: "Run a capability by name with its parameters, as described by query_capability_detail.",
		InputSchema: mustJSON(map[string]any{
			"type": "object",
			"properties": map[string]any{
				"name":       map[string]any{"type": "string", "description": "the capability name"},
				"parameters": map[string]any{"type": "object", "description": "the capability's parameters"},
			},
			"required":             []string{"name"},
			"additionalProperties": false,
		}),
	},
}

// Tools returns the tools to hand to the model: the three entry tools, or
// with Options.Flat one tool per capability, sorted by name, described in
// the locale WithLocale names where a capability has it.
func (r *Registry) Tools(opts ...CallOption) []Tool {
	if !r.flat {
		return slices.Clone(entryTools)
	}
	locale := newCallOptions(opts).locale
	entries := r.entries()
	tools := make([]Tool, 0, len(entries))
	for _, e := range entries {
		tools = append(tools, Tool{Name: e.cap.Name, Description: e.cap.localDescription(locale), InputSchema: slices.Clone(e.schema)})
	}
	return tools
}

// Call runs the tool the model picked with its raw JSON arguments: an entry
// tool, or a capability by its name (the flat tools). Problems the model
// caused come back as error Results; the Go error is non-nil only for a
// name that is neither (ErrUnknownTool).
func (r *Registry) Call(ctx context.Context, tool string, args json.RawMessage, opts ...CallOption) (Result, error) {
	switch tool {
	case ToolQueryCapabilities:
		return r.queryCapabilities(args), nil
	case ToolQueryDetail:
		return r.queryDetail(args, newCallOptions(opts)), nil
	case ToolCallCapability:
		if name, params, decoded, ok := fastCallArgs(bytes.TrimSpace(args)); ok {
			return r.callCapability(ctx, name, params, decoded, opts), nil
		}
		var in struct {
			Name       string          `json:"name"`
			Parameters json.RawMessage `json:"parameters"`
		}
		if err := decodeStrict(args, &in); err != nil {
			return ErrorResult("call_capability: " + err.Error() + `; send {"name": "...", "parameters": {...}}`), nil
		}
		return r.callCapability(ctx, in.Name, in.Parameters, nil, opts), nil
	}
	if _, ok := r.get(tool); ok {
		return r.callCapability(ctx, tool, args, nil, opts), nil
	}
	return Result{}, fmt.Errorf("%w: %q", ErrUnknownTool, tool)
}

// callCapability validates args against the named capability and runs it;
// decoded, when not nil, is args (an object) already decoded.
func (r *Registry) callCapability(ctx context.Context, name string, args json.RawMessage, decoded map[string]any, opts []CallOption) (res Result) {
	e, ok := r.get(name)
	if !ok {
		return ErrorResult(r.unknownCapability(name))
	}
	c := &e.cap
	ctx, trace := r.exec.startCall(ctx, c)
	defer trace.done(ctx, &res)
	defer func() { res.Signals.Capability = c.Name }()
	if decoded == nil {
		args = unwrapStringArgs(args)
		var err error
		if decoded, err = decodeArgs(args); err != nil {
			return ErrorResult(fmt.Sprintf("capability %q: %v", c.Name, err))
		}
	}
	call := &Call{Name: c.Name, RawArgs: args, Args: decoded, opts: newCallOptions(opts)}
	check, err := e.checker()
	if err == nil {
		err = check.Check(decoded)
	}
	if err != nil {
		return ErrorResult(fmt.Sprintf("capability %q: %v", c.Name, err))
	}
	defer func() {
		if p := recover(); p != nil {
			r.exec.opts.Logger.ErrorContext(ctx, "toolkit: capability panicked", "capability", c.Name,
				"panic", r.callSecrets(c, call).Redact(fmt.Sprint(p)), "stack", string(debug.Stack()))
			res = ErrorResult(fmt.Sprintf("capability %q failed with an internal error", c.Name))
		}
	}()
	res, err = c.Handler(ctx, call)
	if err != nil {
		// A Go error is for the host: its text may hold anything (a
		// connection string, a query), so the model is told only that
		// the capability failed.
		r.exec.opts.Logger.ErrorContext(ctx, "toolkit: capability failed", "capability", c.Name, "error", r.callSecrets(c, call).Redact(err.Error()))
		res = ErrorResult(fmt.Sprintf("capability %q failed with an internal error", c.Name))
	}
	return res
}

// callSecrets is a Redactor of the secrets a Go capability's call can
// know: the values of its secret environment variables, the host's
// per-call headers, and per-call values whose names mark them as secret.
func (r *Registry) callSecrets(c *Capability, call *Call) *Redactor {
	var red Redactor
	for _, name := range c.Env {
		if v, ok := r.exec.opts.Env(name); ok && IsSecretName(name) {
			red.Add(v)
		}
	}
	for _, vs := range call.opts.header {
		red.Add(vs...)
	}
	for name, v := range call.opts.values {
		if IsSecretName(name) {
			red.Add(v)
		}
	}
	return &red
}

// unwrapStringArgs accepts parameters a model sent as a JSON string holding
// the object.
func unwrapStringArgs(args json.RawMessage) json.RawMessage {
	t := bytes.TrimSpace(args)
	if len(t) == 0 || t[0] != '"' {
		return args
	}
	var s string
	if json.Unmarshal(t, &s) == nil && strings.HasPrefix(strings.TrimSpace(s), "{") {
		return json.RawMessage(s)
	}
	return args
}

type capabilitySummary struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Category    string `json:"category"`
}

func (r *Registry) queryCapabilities(args json.RawMessage) Result {
	var in struct {
		Keyword  string `json:"keyword"`
		Category string `json:"category"`
	}
	if err := decodeStrict(args, &in); err != nil {
		return ErrorResult("query_capabilities: " + err.Error())
	}
	words := strings.Fields(strings.ToLower(in.Keyword))
	out := struct {
		Capabilities []capabilitySummary `json:"capabilities"`
		Hint         string              `json:"hint,omitempty"`
	}{Capabilities: []capabilitySummary{}}
	for _, e := range r.entries() {
		c := &e.cap
		if in.Category != "" && !strings.EqualFold(c.Category, in.Category) {
			continue
		}
		hay := strings.ToLower(c.Name + " " + c.Description)
		if !allContained(hay, words) {
			continue
		}
		out.Capabilities = append(out.Capabilities, capabilitySummary{Name: c.Name, Description: firstLine(c.Description), Category: c.Category})
	}
	if len(out.Capabilities) == 0 && (len(words) > 0 || in.Category != "") {
		out.Hint = "nothing matched; call query_capabilities without arguments to see every capability"
	}
	res, _ := JSONResult(out)
	return res
}

func allContained(hay string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if r := []rune(s); len(r) > 160 {
		s = string(r[:159]) + "…"
	}
	return s
}

func (r *Registry) queryDetail(args json.RawMessage, opts callOptions) Result {
	var in struct {
		Name string `json:"name"`
	}
	if err := decodeStrict(args, &in); err != nil || in.Name == "" {
		msg := `query_capability_detail: send {"name": "..."}`
		if err != nil {
			msg += ": " + err.Error()
		}
		return ErrorResult(msg)
	}
	e, ok := r.get(in.Name)
	if !ok {
		return ErrorResult(r.unknownCapability(in.Name))
	}
	c := &e.cap
	res, err := JSONResult(jsonstr.Object{
		{Key: "name", Value: c.Name}, {Key: "category", Value: c.Category}, {Key: "description", Value: c.localDescription(opts.locale)},
		{Key: "parameters", Value: e.schema},
	})
	if err != nil {
		return ErrorResult(fmt.Sprintf("capability %q has a schema that is not JSON", c.Name))
	}
	return res
}

// localDescription is the description in locale, else Description.
func (c *Capability) localDescription(locale string) string {
	if d, ok := Localized(c.Descriptions, locale); ok {
		return d
	}
	return c.Description
}

// unknownCapability names close matches for a name that is not registered.
func (r *Registry) unknownCapability(name string) string {
	entries := r.entries()
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.cap.Name
	}
	msg := fmt.Sprintf("unknown capability %q", name)
	if hint := suggest.DidYouMean(name, names); hint != "" {
		return msg + hint
	}
	return msg + "; call query_capabilities to list the capabilities"
}

// decodeStrict decodes an entry tool's arguments, refusing unknown fields.
func decodeStrict(args json.RawMessage, v any) error {
	t := bytes.TrimSpace(args)
	if len(t) == 0 || string(t) == "null" {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(t))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("invalid arguments: %s", jsonErrorText(err))
	}
	if dec.More() {
		return fmt.Errorf("invalid arguments: a single JSON object is expected")
	}
	return nil
}
