// Package toolkitanthropic hands a toolkit Registry to the anthropic-sdk-go
// SDK (v2): its tools as the SDK's own types, the tool_use blocks of a
// model turn run through the Registry with their tool_result blocks in the
// SDK's types, and every capability as a deferred tool (defer_loading)
// that the Registry's ranked search, answering the model's tool_search
// calls on the client, loads with tool_reference blocks.
//
// It is a module of its own, so that the toolkit module depends on no
// model SDK. docs/adapters.md says what each signal becomes.
package toolkitanthropic

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/toolkit-sdk/toolkit"
)

// Options configure an Adapter. The zero value loads the best 5
// capabilities a tool search finds.
type Options struct {
	// SearchLimit is how many capabilities one tool_search call loads
	// (default 5, at most 20).
	SearchLimit int
}

// Adapter serves a Registry's tools to anthropic-sdk-go. It is safe for
// concurrent use: it holds no state besides the Registry and its Options.
type Adapter struct {
	reg  *toolkit.Registry
	opts Options
}

// New returns an Adapter serving reg; nil opts are the defaults.
func New(reg *toolkit.Registry, opts *Options) *Adapter {
	a := &Adapter{reg: reg}
	if opts != nil {
		a.opts = *opts
	}
	return a
}

// Bounds of a tool search.
const (
	defaultSearchLimit = 5
	maxSearchLimit     = 20
)

func (a *Adapter) searchLimit() int {
	switch n := a.opts.SearchLimit; {
	case n <= 0:
		return defaultSearchLimit
	case n > maxSearchLimit:
		return maxSearchLimit
	default:
		return n
	}
}

// Tools returns the Registry's tools (Registry.Tools: the three entry
// tools, or one per capability with Options.Flat) in the SDK's type.
func (a *Adapter) Tools(opts ...toolkit.CallOption) []anthropic.ToolUnionParam {
	tools := a.reg.Tools(opts...)
	out := make([]anthropic.ToolUnionParam, len(tools))
	for i, t := range tools {
		out[i] = anthropic.ToolUnionParam{OfTool: toolParam(t, false)}
	}
	return out
}

// ToolSearchName is the name of the client-side tool search.
const ToolSearchName = "tool_search"

// DeferredTools returns the tools for tool search on the client: a
// tool_search tool that Run answers with the Registry's ranked search, as
// tool_reference blocks, and every capability as a tool with
// defer_loading, which the model sees only once a search references it.
func (a *Adapter) DeferredTools(opts ...toolkit.CallOption) []anthropic.ToolUnionParam {
	tools := a.reg.CapabilityTools(opts...)
	out := make([]anthropic.ToolUnionParam, 0, len(tools)+1)
	out = append(out, anthropic.ToolUnionParam{OfTool: &anthropic.ToolParam{
		Name:        ToolSearchName,
		Description: anthropic.String("Search the capabilities you can call by what you need, in a few words. The best matches are loaded for you to call directly."),
		InputSchema: anthropic.ToolInputSchemaParam{
			Properties: map[string]any{"query": map[string]any{"type": "string", "description": "what you need, in a few words: capabilities are ranked by how well their names, descriptions and parameters match"}},
			Required:   []string{"query"},
		},
	}})
	for _, t := range tools {
		out = append(out, anthropic.ToolUnionParam{OfTool: toolParam(t, true)})
	}
	return out
}

// toolParam is t in the SDK's type.
func toolParam(t toolkit.Tool, deferred bool) *anthropic.ToolParam {
	var schema struct {
		Properties any      `json:"properties"`
		Required   []string `json:"required"`
	}
	var extra map[string]any
	_ = json.Unmarshal(t.InputSchema, &schema) // the Registry's schemas are JSON objects
	_ = json.Unmarshal(t.InputSchema, &extra)
	delete(extra, "type")
	delete(extra, "properties")
	delete(extra, "required")
	p := &anthropic.ToolParam{
		Name:        ToolName(t.Name),
		Description: anthropic.String(t.Description),
		InputSchema: anthropic.ToolInputSchemaParam{Properties: schema.Properties, Required: schema.Required, ExtraFields: extra},
	}
	if len(extra) == 0 {
		p.InputSchema.ExtraFields = nil
	}
	p.InputExamples = t.Examples
	if deferred {
		p.DeferLoading = anthropic.Bool(true)
	}
	return p
}

// ToolName is a capability's name as Anthropic accepts a tool's (letters,
// digits, '_' and '-'): a '.' becomes '_'. A call of that name runs the
// capability (Run).
func ToolName(name string) string { return strings.ReplaceAll(name, ".", "_") }

// Call is one tool_use block of a model turn and what running it produced.
type Call struct {
	ID    string          // the tool_use id
	Name  string          // the tool the model called
	Input json.RawMessage // as the model sent it
	// Result is the Registry's: Text went back to the model, Signals are
	// for the host. A tool_search call's Result lists the names it
	// referenced.
	Result toolkit.Result
}

// Turn is what the tool_use blocks of one assistant message produced.
type Turn struct {
	// Calls are the turn's tool calls in order, with their Results.
	Calls []Call
	// Blocks are the tool_result blocks to send back, in order, as one user
	// message: anthropic.NewUserMessage(turn.Blocks...).
	Blocks []anthropic.ContentBlockParamUnion
}

// Stop reports whether a call asked the host not to hand the results to
// the model now: Signals.StopGeneration (the result is for the user),
// Manual (hand the call to the front end) or NeedsConfirmation (confirm
// with the user first). The Blocks are still there to send once the host
// goes on.
func (t *Turn) Stop() bool {
	for _, c := range t.Calls {
		s := c.Result.Signals
		if s.StopGeneration || s.Manual || s.NeedsConfirmation {
			return true
		}
	}
	return false
}

// ToolChoice returns the tool choice the last call that set one
// (Signals.ToolChoice) forces on the next turn. ok is false when none did,
// or when its JSON is none of the tool choices the SDK has (the raw JSON
// stays in the Call's Signals).
func (t *Turn) ToolChoice() (choice anthropic.ToolChoiceUnionParam, ok bool) {
	for i := len(t.Calls) - 1; i >= 0; i-- {
		raw := t.Calls[i].Result.Signals.ToolChoice
		if len(raw) == 0 {
			continue
		}
		var s string
		if json.Unmarshal(raw, &s) == nil {
			switch s {
			case "auto":
				return anthropic.ToolChoiceUnionParam{OfAuto: &anthropic.ToolChoiceAutoParam{}}, true
			case "required", "any":
				return anthropic.ToolChoiceUnionParam{OfAny: &anthropic.ToolChoiceAnyParam{}}, true
			case "none":
				return anthropic.ToolChoiceUnionParam{OfNone: &anthropic.ToolChoiceNoneParam{}}, true
			}
			return choice, false
		}
		var f struct {
			Type     string `json:"type"`
			Name     string `json:"name"`
			Function struct {
				Name string `json:"name"`
			} `json:"function"` // the OpenAI form
		}
		if json.Unmarshal(raw, &f) != nil || (f.Type != "function" && f.Type != "tool") {
			return choice, false
		}
		name := f.Name
		if name == "" {
			name = f.Function.Name
		}
		if name == "" {
			return choice, false
		}
		return anthropic.ToolChoiceParamOfTool(ToolName(name)), true
	}
	return choice, false
}

// Run runs the tool_use blocks of an assistant message through the
// Registry, in order, and answers its tool_search calls with the
// Registry's ranked search (tool_reference blocks). Other blocks are left
// alone. Send msg.ToParam() and then anthropic.NewUserMessage(turn.Blocks...).
func (a *Adapter) Run(ctx context.Context, msg *anthropic.Message, opts ...toolkit.CallOption) Turn {
	var turn Turn
	for _, b := range msg.Content {
		if b.Type != "tool_use" {
			continue
		}
		c := Call{ID: b.ID, Name: b.Name, Input: b.Input}
		var block anthropic.ToolResultBlockParam
		if b.Name == ToolSearchName {
			if _, ok := a.reg.CapabilityTool(ToolSearchName); !ok {
				c.Result, block = a.search(b.ID, b.Input, opts)
				turn.Calls = append(turn.Calls, c)
				turn.Blocks = append(turn.Blocks, anthropic.ContentBlockParamUnion{OfToolResult: &block})
				continue
			}
		}
		c.Result = a.call(ctx, b.Name, b.Input, opts)
		block = anthropic.ToolResultBlockParam{
			ToolUseID: b.ID,
			Content:   []anthropic.ToolResultBlockParamContentUnion{{OfText: &anthropic.TextBlockParam{Text: c.Result.Text}}},
		}
		if c.Result.IsError {
			block.IsError = anthropic.Bool(true)
		}
		turn.Calls = append(turn.Calls, c)
		turn.Blocks = append(turn.Blocks, anthropic.ContentBlockParamUnion{OfToolResult: &block})
	}
	return turn
}

// search answers a tool_search call: the capabilities the Registry's
// ranked search finds, as tool_reference blocks, best first.
func (a *Adapter) search(id string, input json.RawMessage, opts []toolkit.CallOption) (toolkit.Result, anthropic.ToolResultBlockParam) {
	block := anthropic.ToolResultBlockParam{ToolUseID: id}
	var in struct {
		Query string `json:"query"`
	}
	if err := json.Unmarshal(input, &in); err != nil || strings.TrimSpace(in.Query) == "" {
		res := toolkit.ErrorResult(`tool_search: send {"query": "..."}`)
		block.IsError = anthropic.Bool(true)
		block.Content = []anthropic.ToolResultBlockParamContentUnion{{OfText: &anthropic.TextBlockParam{Text: res.Text}}}
		return res, block
	}
	var names []string
	for _, n := range a.reg.Search(in.Query, a.searchLimit()) {
		if _, ok := a.reg.CapabilityTool(n, opts...); ok {
			names = append(names, ToolName(n))
			block.Content = append(block.Content, anthropic.ToolResultBlockParamContentUnion{OfToolReference: &anthropic.ToolReferenceBlockParam{ToolName: ToolName(n)}})
		}
	}
	if len(names) == 0 {
		text := "nothing matched; try other words"
		block.Content = []anthropic.ToolResultBlockParamContentUnion{{OfText: &anthropic.TextBlockParam{Text: text}}}
		return toolkit.TextResult(text), block
	}
	b, _ := json.Marshal(map[string]any{"referenced": names})
	return toolkit.TextResult(string(b)), block
}

// call runs one tool_use: an entry tool or a capability, by the name the
// model used (a '.' of the capability's name sent as '_').
func (a *Adapter) call(ctx context.Context, name string, input json.RawMessage, opts []toolkit.CallOption) toolkit.Result {
	res, err := a.reg.Call(ctx, name, input, opts...)
	if err != nil {
		if real, ok := a.capabilityNamed(name); ok {
			res, err = a.reg.Call(ctx, real, input, opts...)
		}
	}
	if err != nil {
		return toolkit.ErrorResult(fmt.Sprintf("unknown tool %q; call one of the tools listed", truncate(name, 64)))
	}
	return res
}

// capabilityNamed finds the capability whose ToolName is name, for a name
// with a '.' that the model called with '_'.
func (a *Adapter) capabilityNamed(name string) (string, bool) {
	if !strings.Contains(name, "_") {
		return "", false // no '.' was replaced: not worth a look at every capability
	}
	for _, t := range a.reg.CapabilityTools() {
		if t.Name != name && ToolName(t.Name) == name {
			return t.Name, true
		}
	}
	return "", false
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
