package toolkit

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/l10n"
)

// Categories of capabilities listed by query_capabilities.
const (
	CategoryHTTP    = "http"    // YAML capabilities calling external HTTP APIs
	CategoryAPI     = "api"     // discovery and calls of the host's own HTTP API
	CategoryYQCloud = "yqcloud" // YQCloud function definitions
	CategoryGo      = "go"      // capabilities written in Go, unless they name another
)

// Sentinel errors for the host, checked with errors.Is.
var (
	// ErrInvalidCapability reports a capability that cannot be registered.
	ErrInvalidCapability = errors.New("invalid capability")
	// ErrLoad reports a file that could not be loaded: a tool file, a
	// YQCloud definition file, an OpenAPI document. Diagnostics holding
	// errors match it (errors.Is(diags, ErrLoad)).
	ErrLoad = errors.New("load failed")
	// ErrUnknownTool reports a tool name that is not one of the entry tools.
	ErrUnknownTool = errors.New("unknown tool")
)

// Result is what one tool call produces: the text the model sees and the
// signals the host's agent loop acts on.
type Result struct {
	// Text is shown to the model: compact JSON, a result template's text or
	// an error message. Secrets are redacted from it.
	Text string `json:"text"`
	// IsError marks a failed call; Text then says what went wrong and how
	// to fix it.
	IsError bool `json:"is_error,omitempty"`
	// Parts are content beyond the text: images, audio, files, resource
	// links (parts.go). A body that is not text becomes one, and Text
	// then describes it.
	Parts []Part `json:"parts,omitempty"`
	// Signals tell the host what to do besides showing Text to the model.
	Signals Signals `json:"signals,omitzero"`
	// Exports are the vars a YAML capability's steps exported (export:),
	// for the host alone: never part of what the model is shown.
	Exports []Export `json:"-"`
}

// Signals are instructions for the host's agent loop. The zero value asks
// for nothing.
type Signals struct {
	// StopGeneration asks the host not to let the model continue after this
	// call (the result is for the user or the front end).
	StopGeneration bool `json:"stop_generation,omitempty"`
	// Manual asks the host to hand the call to its front end instead of the
	// model; the arguments are in ManualArguments.
	Manual          bool            `json:"manual,omitempty"`
	ManualArguments json.RawMessage `json:"manual_arguments,omitempty"`
	// TypingMessage is shown to the user while the call runs.
	TypingMessage string `json:"typing_message,omitempty"`
	// ResultTips is shown to the user when the result arrives.
	ResultTips string `json:"result_tips,omitempty"`
	// ToolChoice, when set, is the tool choice to force on the next model turn.
	ToolChoice json.RawMessage `json:"tool_choice,omitempty"`
	// ExtraParams are values for the front end built from the result.
	ExtraParams json.RawMessage `json:"extra_params,omitempty"`
	// NeedsConfirmation asks the host to confirm with the user before acting
	// on the result.
	NeedsConfirmation bool `json:"needs_confirmation,omitempty"`
	// Capability names the capability that produced the result, for call_capability.
	Capability string `json:"capability,omitempty"`
}

// IsZero reports whether s asks for nothing.
func (s Signals) IsZero() bool {
	return !s.StopGeneration && !s.Manual && !s.NeedsConfirmation && s.Capability == "" && s.TypingMessage == "" &&
		s.ResultTips == "" && len(s.ManualArguments) == 0 && len(s.ToolChoice) == 0 && len(s.ExtraParams) == 0
}

// ErrorResult returns a Result that tells the model what went wrong.
func ErrorResult(msg string) Result { return Result{Text: msg, IsError: true} }

// TextResult returns a successful Result with the given text.
func TextResult(text string) Result { return Result{Text: text} }

// JSONResult returns a successful Result holding v as compact JSON.
func JSONResult(v any) (Result, error) {
	b, err := jsonstr.Marshal(v)
	if err != nil {
		return Result{}, err
	}
	return Result{Text: string(b)}, nil
}

// Call is one invocation of a capability as its Handler sees it.
type Call struct {
	// Name is the capability's name.
	Name string
	// Args are the validated arguments, defaults applied. Numbers are
	// json.Number, so no precision is lost.
	Args map[string]any
	// RawArgs are the arguments as the model sent them.
	RawArgs json.RawMessage

	opts callOptions
}

// Value returns a per-call value the host passed with WithValue.
func (c *Call) Value(name string) (string, bool) {
	v, ok := c.opts.values[name]
	return v, ok
}

// Header returns the per-call headers the host passed with WithHeader; the
// model never chooses them.
func (c *Call) Header() http.Header { return c.opts.header }

// Locale returns the locale the host passed with WithLocale, or "".
func (c *Call) Locale() string { return c.opts.locale }

// Notify shows the user a message while the call runs (such as
// "Searching the knowledge base..."), through the host's WithNotify
// function; without one it does nothing.
func (c *Call) Notify(text string) {
	if c.opts.notify != nil && text != "" {
		c.opts.notify(Notice{Capability: c.Name, Text: text})
	}
}

// Notice is a message for the user from a running call.
type Notice struct {
	Capability string
	Text       string
}

// Localized returns the text for locale from texts keyed by locale: an
// exact match ignoring case and '-' versus '_' ("en-US" finds "en_US"),
// else the first (in key order) of the same language. ok is false when
// none fits.
func Localized(texts map[string]string, locale string) (text string, ok bool) {
	return l10n.Pick(texts, locale)
}

// CallOption sets a per-call value: what differs between two calls of the
// same capability, such as the end user's token.
type CallOption func(*callOptions)

type callOptions struct {
	values map[string]string
	header http.Header
	locale string
	notify func(Notice)

	cacheScope    string
	hasCacheScope bool

	conversation string // WithConversation

	bytes map[string]*callBytes // WithBytes, WithReader (upload.go)
}

// WithValue passes a named per-call value (a tenant id, a user token, a
// static configuration value) to the capability.
func WithValue(name, value string) CallOption {
	return func(o *callOptions) {
		if o.values == nil {
			o.values = make(map[string]string)
		}
		o.values[name] = value
	}
}

// WithValues passes several named per-call values.
func WithValues(values map[string]string) CallOption {
	return func(o *callOptions) {
		for k, v := range values {
			WithValue(k, v)(o)
		}
	}
}

// WithHeader adds headers the host sends with the call's requests (for
// example the end user's session); their values are treated as secrets.
// They go with every request of a YQCloud function and of a hostapi
// endpoint, and a Go capability reads them with Call.Header. A YAML
// workflow does not send them: its requests carry only the headers its
// tool file writes, since its hosts are not the host's own. To give one a
// host value, pass it with WithValue and write ${value:name} in a header.
func WithHeader(h http.Header) CallOption {
	return func(o *callOptions) {
		if o.header == nil {
			o.header = make(http.Header)
		}
		for k, vs := range h {
			o.header[k] = append(o.header[k], vs...)
		}
	}
}

// WithNotify receives the messages a capability shows the user while it
// runs (Call.Notify), such as a YQCloud typingMessage before its request
// goes out. fn runs on the calling goroutine.
func WithNotify(fn func(Notice)) CallOption {
	return func(o *callOptions) { o.notify = fn }
}

// WithLocale selects localized descriptions where a capability has them.
func WithLocale(locale string) CallOption {
	return func(o *callOptions) { o.locale = locale }
}

func newCallOptions(opts []CallOption) callOptions {
	if len(opts) == 0 {
		return callOptions{} // without the heap copy the options' functions need
	}
	o := new(callOptions)
	for _, f := range opts {
		f(o)
	}
	return *o
}
