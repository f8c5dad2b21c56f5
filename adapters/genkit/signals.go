package toolkitgenkit

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/firebase/genkit/go/ai"

	"github.com/toolkit-sdk/toolkit"
)

// Interrupt is what a tool interrupt of this package carries: the Signals
// of a Result that asks the host to take over, and the Result's text. Genkit
// keeps it in the interrupted tool request's metadata; InterruptOf reads it.
type Interrupt struct {
	// Tool is the Registry tool that ran (its own name, '.' and all).
	Tool string `json:"tool"`
	// Text is Result.Text: what the model would have read.
	Text string `json:"text"`
	// IsError is Result.IsError.
	IsError bool `json:"isError,omitempty"`
	// StopGeneration, Manual, ManualArguments and NeedsConfirmation are
	// the Result's Signals of the same names.
	StopGeneration    bool            `json:"stopGeneration,omitempty"`
	Manual            bool            `json:"manual,omitempty"`
	ManualArguments   json.RawMessage `json:"manualArguments,omitempty"`
	NeedsConfirmation bool            `json:"needsConfirmation,omitempty"`
}

// interruptKey holds an Interrupt inside Genkit's interrupt metadata.
const interruptKey = "toolkit"

func interruptMetadata(tool string, res toolkit.Result) (map[string]any, error) {
	s := res.Signals
	in := Interrupt{Tool: tool, Text: res.Text, IsError: res.IsError, StopGeneration: s.StopGeneration,
		Manual: s.Manual, NeedsConfirmation: s.NeedsConfirmation}
	if len(s.ManualArguments) > 0 && json.Valid(s.ManualArguments) {
		in.ManualArguments = s.ManualArguments
	}
	b, err := json.Marshal(in)
	if err != nil {
		return nil, fmt.Errorf("toolkitgenkit: tool %s: interrupt: %w", tool, err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("toolkitgenkit: tool %s: interrupt: %w", tool, err)
	}
	return map[string]any{interruptKey: m}, nil
}

// InterruptOf reads the Interrupt of an interrupted tool request part, one
// of a ModelResponse's Interrupts() (FinishReason "interrupted"); ok is
// false for a part this package did not interrupt.
func InterruptOf(p *ai.Part) (Interrupt, bool) {
	in, ok := ai.InterruptAs[struct {
		Toolkit *Interrupt `json:"toolkit"`
	}](p)
	if !ok || in.Toolkit == nil {
		return Interrupt{}, false
	}
	return *in.Toolkit, true
}

// Respond answers an interrupted tool request part with output (usually
// the Interrupt's Text, or what the user decided), for
// ai.WithToolResponses when the host resumes the conversation. It is nil
// when p is not a tool request.
func Respond(p *ai.Part, output any) *ai.Part {
	r := ai.NewResponseForToolRequest(p, output)
	if r == nil {
		return nil
	}
	r.Metadata = map[string]any{"interruptResponse": true}
	return r
}

// Stop reports whether res asks the host not to hand the results to the
// model now: Signals.StopGeneration, Manual or NeedsConfirmation. Such a
// Result becomes a Genkit tool interrupt.
func Stop(res toolkit.Result) bool {
	s := res.Signals
	return s.StopGeneration || s.Manual || s.NeedsConfirmation
}

// runContext is what WithCallOptions and WithResults put in a context.
type runContext struct {
	opts     []toolkit.CallOption
	onResult []resultFunc
}

type resultFunc = func(name string, args json.RawMessage, res toolkit.Result)

type ctxKey struct{}

func runContextOf(ctx context.Context) runContext {
	rc, _ := ctx.Value(ctxKey{}).(runContext)
	return rc
}

// WithCallOptions returns a context whose tool calls (the context given to
// genkit.Generate) get the toolkit CallOptions (WithValue, WithHeader,
// WithLocale, WithNotify) after those given to Tools: a Genkit tool gets
// only its context and input.
func WithCallOptions(ctx context.Context, opts ...toolkit.CallOption) context.Context {
	rc := runContextOf(ctx)
	rc.opts = append(append([]toolkit.CallOption(nil), rc.opts...), opts...)
	return context.WithValue(ctx, ctxKey{}, rc)
}

// WithResults returns a context whose tool calls hand fn every call's whole
// Result (Signals, IsError, Exports, Parts), which a Genkit tool output
// cannot carry. Genkit runs the calls of a turn concurrently, so fn may be
// called from several goroutines at once.
func WithResults(ctx context.Context, fn func(name string, args json.RawMessage, res toolkit.Result)) context.Context {
	rc := runContextOf(ctx)
	rc.onResult = append(append([]resultFunc(nil), rc.onResult...), fn)
	return context.WithValue(ctx, ctxKey{}, rc)
}
