// Package toolkitopenai hands a toolkit Registry to the openai-go SDK (v3):
// its tools as the SDK's own types for Chat Completions and for the
// Responses API, in strict mode where a schema allows it; the tool calls of
// a model turn run through the Registry, their outputs in the SDK's types;
// and the capabilities as deferred functions, grouped in one namespace per
// category, found by the Registry's ranked search answering the model's
// client-executed tool_search calls.
//
// It is a module of its own, so that the toolkit module depends on no
// model SDK. docs/adapters.md says what each signal becomes.
package toolkitopenai

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	"github.com/openai/openai-go/v3/shared"

	"github.com/toolkit-sdk/toolkit"
)

// Options configure an Adapter. The zero value sends tools without strict
// mode and loads the best 5 capabilities a tool search finds.
type Options struct {
	// Strict sends each tool in strict mode where StrictSchema can keep its
	// schema's meaning; the others go without.
	Strict bool
	// Namespaces describe the namespaces of DeferredTools by category; a
	// category without one is described by a count and its first names.
	Namespaces map[string]string
	// SearchLimit is how many capabilities one tool_search call loads
	// (default 5, at most 20).
	SearchLimit int
}

// Adapter serves a Registry's tools to openai-go. It is safe for
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

// ChatTools returns the Registry's tools (Registry.Tools: the three entry
// tools, or one per capability with Options.Flat) for Chat Completions.
func (a *Adapter) ChatTools(opts ...toolkit.CallOption) []openai.ChatCompletionToolUnionParam {
	tools := a.reg.Tools(opts...)
	out := make([]openai.ChatCompletionToolUnionParam, len(tools))
	for i, t := range tools {
		schema, strict := a.parameters(t)
		def := shared.FunctionDefinitionParam{
			Name:        FunctionName(t.Name),
			Description: openai.String(t.Description),
			Parameters:  shared.FunctionParameters(schema),
		}
		if a.opts.Strict {
			def.Strict = openai.Bool(strict)
		}
		out[i] = openai.ChatCompletionFunctionTool(def)
	}
	return out
}

// ResponseTools returns the Registry's tools (Registry.Tools) for the
// Responses API.
func (a *Adapter) ResponseTools(opts ...toolkit.CallOption) []responses.ToolUnionParam {
	tools := a.reg.Tools(opts...)
	out := make([]responses.ToolUnionParam, len(tools))
	for i, t := range tools {
		out[i] = responses.ToolUnionParam{OfFunction: a.functionTool(t, false)}
	}
	return out
}

// functionTool is t as a Responses function tool.
func (a *Adapter) functionTool(t toolkit.Tool, deferred bool) *responses.FunctionToolParam {
	schema, strict := a.parameters(t)
	f := &responses.FunctionToolParam{
		Name:        FunctionName(t.Name),
		Description: openai.String(t.Description),
		Parameters:  schema,
		Strict:      openai.Bool(a.opts.Strict && strict),
	}
	if deferred {
		f.DeferLoading = openai.Bool(true)
	}
	return f
}

// namespaceFunction is t as a function of a namespace.
func (a *Adapter) namespaceFunction(t toolkit.Tool, deferred bool) responses.NamespaceToolToolUnionParam {
	schema, strict := a.parameters(t)
	f := &responses.NamespaceToolToolFunctionParam{
		Name:        FunctionName(t.Name),
		Description: openai.String(t.Description),
		Parameters:  schema,
		// Said either way: left out, Responses makes a function strict when
		// its schema happens to fit.
		Strict: openai.Bool(a.opts.Strict && strict),
	}
	if deferred {
		f.DeferLoading = openai.Bool(true)
	}
	return responses.NamespaceToolToolUnionParam{OfFunction: f}
}

// parameters returns t's schema as the SDK takes it, in strict form when
// Options.Strict asks and the transform keeps its meaning.
func (a *Adapter) parameters(t toolkit.Tool) (schema map[string]any, strict bool) {
	if a.opts.Strict {
		if s, ok := StrictSchema(t.InputSchema); ok {
			return s, true
		}
	}
	_ = json.Unmarshal(t.InputSchema, &schema) // the Registry's schemas are JSON objects
	return schema, false
}

// ToolSearchName is the name of the client-executed tool search.
const ToolSearchName = "tool_search"

// toolSearchParameters is the schema of the arguments of the client-executed
// tool_search.
var toolSearchParameters = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"query": map[string]any{"type": "string", "description": "what you need, in a few words: capabilities are ranked by how well their names, descriptions and parameters match"},
	},
	"required":             []any{"query"},
	"additionalProperties": false,
}

// DeferredTools returns the Responses tools for client-executed tool
// search: a tool_search tool that the host executes (RunResponse answers
// its calls with the Registry's ranked search), and every capability as a
// deferred function in a namespace named after its category. The model
// sees the namespaces' names and descriptions; a function's schema reaches
// it when a search loads it.
func (a *Adapter) DeferredTools(opts ...toolkit.CallOption) []responses.ToolUnionParam {
	tools := a.reg.CapabilityTools(opts...)
	out := []responses.ToolUnionParam{{OfToolSearch: &responses.ToolSearchToolParam{
		Execution:   responses.ToolSearchToolExecutionClient,
		Description: openai.String("Search the capabilities of the namespaces below by what you need; the best matches are loaded for you to call."),
		Parameters:  toolSearchParameters,
	}}}
	for _, group := range byCategory(tools) {
		ns := &responses.NamespaceToolParam{Name: NamespaceName(group[0].Category), Description: a.namespaceDescription(group)}
		for _, t := range group {
			ns.Tools = append(ns.Tools, a.namespaceFunction(t, true))
		}
		out = append(out, responses.ToolUnionParam{OfNamespace: ns})
	}
	return out
}

// byCategory splits tools, sorted by category, into one group a category.
func byCategory(tools []toolkit.Tool) [][]toolkit.Tool {
	var groups [][]toolkit.Tool
	for i := 0; i < len(tools); {
		j := i + 1
		for j < len(tools) && NamespaceName(tools[j].Category) == NamespaceName(tools[i].Category) {
			j++
		}
		groups = append(groups, tools[i:j])
		i = j
	}
	return groups
}

// maxGeneratedDescription bounds a namespace description made of names.
const maxGeneratedDescription = 200

// namespaceDescription describes the namespace of a category's tools.
func (a *Adapter) namespaceDescription(group []toolkit.Tool) string {
	if d, ok := a.opts.Namespaces[group[0].Category]; ok && d != "" {
		return d
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d %s capabilities: ", len(group), group[0].Category)
	for i, t := range group {
		name := FunctionName(t.Name)
		if b.Len()+len(name)+2 > maxGeneratedDescription {
			fmt.Fprintf(&b, ", and %d more", len(group)-i)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(name)
	}
	return b.String()
}

// FunctionName is a capability's name as OpenAI accepts a function's
// (letters, digits, '_' and '-'): a '.' becomes '_'. A call of that name
// runs the capability (RunChat, RunResponse).
func FunctionName(name string) string { return strings.ReplaceAll(name, ".", "_") }

// NamespaceName is a category as a namespace name: what is not a letter,
// digit, '_' or '-' becomes '_'; an empty category is "default".
func NamespaceName(category string) string {
	if category == "" {
		return "default"
	}
	b := []byte(category)
	for i, c := range b {
		if !isNameByte(c) {
			b[i] = '_'
		}
	}
	if len(b) > 64 {
		b = b[:64]
	}
	return string(b)
}

func isNameByte(c byte) bool {
	return c == '_' || c == '-' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// loaded returns the tools a search for query loads, in the namespaces
// DeferredTools declares (with the same descriptions), not deferred.
func (a *Adapter) loaded(query string, opts []toolkit.CallOption) []responses.ResponseToolSearchOutputItemParamToolUnion {
	out := []responses.ResponseToolSearchOutputItemParamToolUnion{}
	names := a.reg.Search(query, a.searchLimit())
	if len(names) == 0 {
		return out
	}
	all := a.reg.CapabilityTools(opts...)
	described := map[string]string{} // namespace: description
	byName := make(map[string]toolkit.Tool, len(all))
	for _, group := range byCategory(all) {
		described[NamespaceName(group[0].Category)] = a.namespaceDescription(group)
		for _, t := range group {
			byName[t.Name] = t
		}
	}
	index := map[string]*responses.ToolSearchOutputNamespaceToolParam{}
	for _, n := range names { // best first; a namespace where its best match is
		t, ok := byName[n]
		if !ok {
			continue
		}
		ns := NamespaceName(t.Category)
		p := index[ns]
		if p == nil {
			p = &responses.ToolSearchOutputNamespaceToolParam{Name: ns, Description: described[ns]}
			index[ns] = p
			out = append(out, responses.ResponseToolSearchOutputItemParamToolUnion{OfNamespace: p})
		}
		schema, strict := a.parameters(t)
		p.Tools = append(p.Tools, responses.ToolSearchOutputNamespaceToolToolUnionParam{OfFunction: &responses.ToolSearchOutputNamespaceToolToolFunctionParam{
			Name:        FunctionName(t.Name),
			Description: openai.String(t.Description),
			Parameters:  schema,
			Strict:      openai.Bool(a.opts.Strict && strict),
		}})
	}
	return out
}
