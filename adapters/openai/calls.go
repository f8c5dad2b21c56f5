package toolkitopenai

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolkit-sdk/toolkit"
)

// Call is one tool call of a model turn and what running it produced.
type Call struct {
	ID        string // the call's id: tool_call_id, call_id
	Name      string // the tool the model called
	Arguments string // as the model sent them
	// Result is the Registry's: Text went back to the model, Signals are
	// for the host. A tool_search call's Result lists the names it loaded.
	Result toolkit.Result
}

// Turn is what the tool calls of one model turn produced.
type Turn struct {
	// Calls are the turn's tool calls in order, with their Results.
	Calls []Call
	// Messages are the Chat Completions tool messages to append, one per
	// call in order (RunChat).
	Messages []openai.ChatCompletionMessageParamUnion
	// Items are the Responses input items to send next, one per call in
	// order: function_call_output, tool_search_output (RunResponse).
	Items []responses.ResponseInputItemUnionParam
}

// Stop reports whether a call asked the host not to hand the outputs to the
// model now: Signals.StopGeneration (the result is for the user), Manual
// (hand the call to the front end) or NeedsConfirmation (confirm with the
// user first). The Messages and Items are still there to send once the
// host goes on.
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
// (Signals.ToolChoice) forces on the next Chat Completions turn. ok is
// false when none did, or when its JSON is none of the SDK's tool choices
// (the raw JSON stays in the Call's Signals).
func (t *Turn) ToolChoice() (choice openai.ChatCompletionToolChoiceOptionUnionParam, ok bool) {
	for i := len(t.Calls) - 1; i >= 0; i-- {
		raw := t.Calls[i].Result.Signals.ToolChoice
		if len(raw) == 0 {
			continue
		}
		var s string
		if json.Unmarshal(raw, &s) == nil {
			switch s {
			case "auto", "none", "required":
				return openai.ChatCompletionToolChoiceOptionUnionParam{OfAuto: openai.String(s)}, true
			}
			return choice, false
		}
		var f struct {
			Type     string `json:"type"`
			Function struct {
				Name string `json:"name"`
			} `json:"function"`
			Name string `json:"name"` // the Responses and Anthropic form
		}
		if json.Unmarshal(raw, &f) != nil || (f.Type != "function" && f.Type != "tool") {
			return choice, false
		}
		name := f.Function.Name
		if name == "" {
			name = f.Name
		}
		if name == "" {
			return choice, false
		}
		return openai.ToolChoiceOptionFunctionToolChoice(openai.ChatCompletionNamedToolChoiceFunctionParam{Name: FunctionName(name)}), true
	}
	return choice, false
}

// RunChat runs the tool calls of a Chat Completions message through the
// Registry, in order, and returns their tool messages to append after
// msg.ToParam(). A call the model cannot have meant (an unknown tool, a
// custom tool call) gets an error message for it to read, so that every
// tool_call_id is answered; opts are the calls' per-call values.
func (a *Adapter) RunChat(ctx context.Context, msg openai.ChatCompletionMessage, opts ...toolkit.CallOption) Turn {
	var turn Turn
	for _, tc := range msg.ToolCalls {
		c := Call{ID: tc.ID}
		if tc.Type != "function" {
			c.Name = tc.Custom.Name
			c.Result = toolkit.ErrorResult(fmt.Sprintf("tool %q: a custom tool call; call the functions listed instead", c.Name))
		} else {
			c.Name, c.Arguments = tc.Function.Name, tc.Function.Arguments
			c.Result = a.call(ctx, c.Name, c.Arguments, opts)
		}
		turn.Calls = append(turn.Calls, c)
		turn.Messages = append(turn.Messages, openai.ToolMessage(c.Result.Text, c.ID))
	}
	return turn
}

// RunResponse runs the function calls of a Responses answer through the
// Registry and answers its client-executed tool_search calls with the
// Registry's ranked search (the functions it loads, in their namespaces),
// in order. The Items go back as the next request's input, with
// PreviousResponseID set to resp.ID (or after resp's output items, as
// input items, without it). Items of other types are left alone.
func (a *Adapter) RunResponse(ctx context.Context, resp *responses.Response, opts ...toolkit.CallOption) Turn {
	var turn Turn
	for _, item := range resp.Output {
		switch item.Type {
		case "function_call":
			fc := item.AsFunctionCall()
			c := Call{ID: fc.CallID, Name: fc.Name, Arguments: fc.Arguments}
			c.Result = a.call(ctx, fc.Name, fc.Arguments, opts)
			turn.Calls = append(turn.Calls, c)
			out := responses.ResponseInputItemFunctionCallOutputParam{CallID: openai.String(c.ID)}
			out.Output.OfString = openai.String(c.Result.Text)
			turn.Items = append(turn.Items, responses.ResponseInputItemUnionParam{OfFunctionCallOutput: &out})
		case "tool_search_call":
			sc := item.AsToolSearchCall()
			if sc.Execution != responses.ResponseToolSearchCallExecutionClient {
				continue // the provider ran it
			}
			args, _ := json.Marshal(sc.Arguments)
			c := Call{ID: sc.CallID, Name: ToolSearchName, Arguments: string(args)}
			var in struct {
				Query string `json:"query"`
			}
			if err := json.Unmarshal(args, &in); err != nil || in.Query == "" {
				c.Result = toolkit.ErrorResult(`tool_search: send {"query": "..."}`)
			}
			tools := a.loaded(in.Query, opts)
			if c.Result.Text == "" {
				c.Result = toolkit.TextResult(loadedNames(tools))
			}
			out := responses.ResponseToolSearchOutputItemParam{
				Tools:     tools,
				CallID:    openai.String(sc.CallID),
				Execution: responses.ResponseToolSearchOutputItemParamExecutionClient,
				Status:    responses.ResponseToolSearchOutputItemParamStatusCompleted,
			}
			turn.Calls = append(turn.Calls, c)
			turn.Items = append(turn.Items, responses.ResponseInputItemUnionParam{OfToolSearchOutput: &out})
		}
	}
	return turn
}

// loadedNames lists the functions a search loaded, for the Call's Result.
func loadedNames(tools []responses.ResponseToolSearchOutputItemParamToolUnion) string {
	names := []string{}
	for _, t := range tools {
		if ns := t.OfNamespace; ns != nil {
			for _, f := range ns.Tools {
				names = append(names, ns.Name+"."+f.OfFunction.Name)
			}
		}
	}
	b, _ := json.Marshal(map[string]any{"loaded": names})
	return string(b)
}

// call runs one tool call: an entry tool or a capability, by the name the
// model used (a '.' of the capability's name sent as '_').
func (a *Adapter) call(ctx context.Context, name, arguments string, opts []toolkit.CallOption) toolkit.Result {
	args := json.RawMessage(arguments)
	if a.opts.Strict {
		args = a.unstrict(name, args)
	}
	res, err := a.reg.Call(ctx, name, args, opts...)
	if errors.Is(err, toolkit.ErrUnknownTool) {
		if real, ok := a.capabilityNamed(name); ok {
			res, err = a.reg.Call(ctx, real, args, opts...)
		}
	}
	if err != nil {
		return toolkit.ErrorResult(fmt.Sprintf("unknown tool %q; call one of the tools listed", truncate(name, 64)))
	}
	return res
}

// capabilityNamed finds the capability whose FunctionName is name, for a
// name with a '.' that the model called with '_'.
func (a *Adapter) capabilityNamed(name string) (string, bool) {
	if !strings.Contains(name, "_") {
		return "", false // no '.' was replaced: not worth a look at every capability
	}
	for _, t := range a.reg.CapabilityTools() {
		if t.Name != name && FunctionName(t.Name) == name {
			return t.Name, true
		}
	}
	return "", false
}

// unstrict drops the nulls strict mode made the model send for optional
// properties it left out, when the tool was sent in strict form.
func (a *Adapter) unstrict(name string, args json.RawMessage) json.RawMessage {
	t, ok := a.toolNamed(name)
	if !ok {
		return args
	}
	st, err := strictFor(t.InputSchema)
	if err != nil || st.shape == nil {
		return args
	}
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return args // the Registry says what is wrong with them
	}
	st.shape.restore(v)
	out, err := json.Marshal(v)
	if err != nil {
		return args
	}
	return out
}

// toolNamed returns the tool the model knows as name: an entry tool or a
// capability.
func (a *Adapter) toolNamed(name string) (toolkit.Tool, bool) {
	if t, ok := a.reg.CapabilityTool(name); ok {
		return t, true
	}
	switch name {
	case toolkit.ToolQueryCapabilities, toolkit.ToolQueryDetail, toolkit.ToolCallCapability:
		for _, t := range a.reg.Tools() {
			if t.Name == name {
				return t, true
			}
		}
		return toolkit.Tool{}, false
	}
	if real, ok := a.capabilityNamed(name); ok {
		return a.reg.CapabilityTool(real)
	}
	return toolkit.Tool{}, false
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
