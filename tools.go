package toolkit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/toolkit-sdk/toolkit/internal/callargs"
	"github.com/toolkit-sdk/toolkit/internal/callsecrets"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/search"
	"github.com/toolkit-sdk/toolkit/internal/suggest"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// Tool is the definition of a tool as a model API expects it: an entry
// tool, or a capability (CapabilityTools, and Tools with Options.Flat).
type Tool struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"input_schema"`
	// Category is a capability's category, "" for an entry tool: the
	// adapters of model SDKs (adapters/) group deferred tools by it. It is
	// not part of the tool's JSON.
	Category string `json:"-"`
	// Examples are a capability's Examples: arguments showing how to call
	// it, for APIs that take them (Anthropic's input_examples); not part of
	// the tool's JSON.
	Examples []map[string]any `json:"-"`
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

// entryTool is an entry tool: what the model is shown, and what its call runs.
type entryTool struct {
	Tool
	call func(r *Registry, ctx context.Context, args json.RawMessage, opts []CallOption) Result
	// codeMode: shown and run only with Options.CodeMode.
	codeMode bool
}

// entryTools are the tools the model sees without Options.Flat, in the
// order Tools lists them. A new entry tool is one entry here.
var entryTools = []entryTool{
	{Tool: Tool{
		Name:        ToolQueryCapabilities,
		Description: "Find the capabilities you can call: by keyword (ranked), by category, or all of them page by page. Then read one with query_capability_detail and run it with call_capability.",
		InputSchema: mustJSON(map[string]any{
			"type": "object",
			"properties": map[string]any{
				"keyword":  map[string]any{"type": "string", "description": "what you need, in a few words: capabilities are ranked by how well their names, descriptions and parameters match (optional)"},
				"category": map[string]any{"type": "string", "description": "only this category: http, api, yqcloud, ... (optional)"},
				"cursor":   map[string]any{"type": "string", "description": "the cursor of the previous answer, to get its next page (optional)"},
			},
			"additionalProperties": false,
		}),
	}, call: func(r *Registry, ctx context.Context, args json.RawMessage, _ []CallOption) Result {
		return r.queryCapabilities(ctx, args)
	}},
	{Tool: Tool{
		Name:        ToolQueryDetail,
		Description: "Show one capability's full description and the JSON Schema of its parameters, before calling it with call_capability.",
		InputSchema: mustJSON(map[string]any{
			"type":                 "object",
			"properties":           map[string]any{"name": map[string]any{"type": "string", "description": "the capability name"}},
			"required":             []string{"name"},
			"additionalProperties": false,
		}),
	}, call: func(r *Registry, _ context.Context, args json.RawMessage, opts []CallOption) Result {
		return r.queryDetail(args, newCallOptions(opts))
	}},
	{Tool: Tool{
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
	}, call: (*Registry).callEntry},
	runScriptTool, // codemode.go
}

// entryTool returns the entry tool named name that r serves.
func (r *Registry) entryTool(name string) (entryTool, bool) {
	t, ok := entryToolNamed(name)
	return t, ok && (!t.codeMode || r.scripts != nil)
}

// entryToolNamed returns the entry tool named name: every name is
// reserved, whether r serves it or not.
func entryToolNamed(name string) (entryTool, bool) {
	for _, t := range entryTools {
		if t.Name == name {
			return t, true
		}
	}
	return entryTool{}, false
}

// callEntry runs call_capability: {"name": ..., "parameters": {...}}.
func (r *Registry) callEntry(ctx context.Context, args json.RawMessage, opts []CallOption) Result {
	if name, params, decoded, ok := callargs.Call(bytes.TrimSpace(args)); ok {
		return r.callCapability(ctx, name, params, decoded, opts)
	}
	var in struct {
		Name       string          `json:"name"`
		Parameters json.RawMessage `json:"parameters"`
	}
	if err := callargs.Strict(args, &in); err != nil {
		return ErrorResult("call_capability: " + err.Error() + `; send {"name": "...", "parameters": {...}}`)
	}
	return r.callCapability(ctx, in.Name, in.Parameters, nil, opts)
}

// Tools returns the tools to hand to the model: the three entry tools, or
// with Options.Flat one tool per capability (CapabilityTools), sorted by
// category and name, described in the locale WithLocale names where a
// capability has it; with Options.CodeMode, run_script after them.
func (r *Registry) Tools(opts ...CallOption) []Tool {
	if !r.flat {
		tools := make([]Tool, 0, len(entryTools))
		for _, t := range entryTools {
			if _, ok := r.entryTool(t.Name); ok {
				tools = append(tools, t.Tool)
			}
		}
		return tools
	}
	return r.CapabilityTools(opts...)
}

// CapabilityTools returns one tool per capability, sorted by category and
// name, described in the locale WithLocale names where a capability has
// it: what Tools returns with Options.Flat, whatever Options.Flat says. An
// adapter that defers tools to a provider's own tool search (adapters/)
// declares these, and Call runs each by its name.
func (r *Registry) CapabilityTools(opts ...CallOption) []Tool {
	locale := newCallOptions(opts).locale
	entries := r.entries()
	tools := make([]Tool, len(entries))
	for i, e := range entries {
		tools[i] = e.tool(locale)
	}
	if r.scripts != nil {
		tools = append(tools, runScriptTool.Tool)
	}
	return tools
}

// CapabilityTool returns the tool of the capability registered under
// name, as CapabilityTools shows it.
func (r *Registry) CapabilityTool(name string, opts ...CallOption) (Tool, bool) {
	e, ok := r.get(name)
	if !ok {
		return Tool{}, false
	}
	return e.tool(newCallOptions(opts).locale), true
}

// tool is the capability as a tool described in locale.
func (e *registered) tool(locale string) Tool {
	return Tool{Name: e.cap.Name, Description: e.cap.localDescription(locale), InputSchema: slices.Clone(e.schema), Category: e.cap.Category, Examples: cloneExamples(e.cap.Examples)}
}

// Search returns the names of the capabilities that best match query, best
// first: the ranking of query_capabilities' keyword (docs/discovery.md),
// at most limit names (all that match when limit <= 0). An adapter answers
// a provider's client-side tool search with it (adapters/).
//
// With an Embedder (Options.Embedder) the ranking is hybrid and the query
// is embedded with context.Background(); SearchContext takes a context.
func (r *Registry) Search(query string, limit int) []string {
	return r.SearchContext(context.Background(), query, limit)
}

// Call runs the tool the model picked with its raw JSON arguments: an entry
// tool, or a capability by its name (the flat tools). Problems the model
// caused come back as error Results; the Go error is non-nil only for a
// name that is neither (ErrUnknownTool).
func (r *Registry) Call(ctx context.Context, tool string, args json.RawMessage, opts ...CallOption) (Result, error) {
	if t, ok := r.entryTool(tool); ok {
		return t.call(r, ctx, args, opts), nil
	}
	if _, ok := r.get(tool); ok {
		return r.callCapability(ctx, tool, args, nil, opts), nil
	}
	return Result{}, fmt.Errorf("%w: %s", ErrUnknownTool, textcut.Quote(tool))
}

// callCapability validates args against the named capability and runs it;
// decoded, when not nil, is args (an object) already decoded.
func (r *Registry) callCapability(ctx context.Context, name string, args json.RawMessage, decoded map[string]any, opts []CallOption) (res Result) {
	e, ok := r.get(name)
	if !ok {
		return ErrorResult(r.unknownCapability(name))
	}
	c := &e.cap
	ctx, trace := r.exec.startCall(r.exec.withRequestBudget(ctx), c)
	defer trace.done(ctx, &res)
	defer func() { res.Signals.Capability = c.Name }()
	if decoded == nil {
		args = callargs.Unwrap(args)
		var err error
		if decoded, err = callargs.Decode(args); err != nil {
			return ErrorResult(fmt.Sprintf("capability %q: %v", c.Name, err))
		}
	}
	call := &Call{Name: c.Name, RawArgs: args, Args: decoded, opts: newCallOptions(opts)}
	ctx = call.opts.withCacheScope(ctx)
	if t := callsecrets.From(ctx); t != nil { // record and replay keep them out of fixtures
		secrets := r.callSecrets(c, call).list()
		t.Track(func() []string { return secrets })
	}
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
	for name, vs := range call.opts.header {
		red.AddHeader(name, vs...)
	}
	for name, v := range call.opts.values {
		if IsSecretName(name) {
			red.Add(v)
		}
	}
	return &red
}

// DefaultMaxDiscoveryBytes is the default of Options.MaxDiscoveryBytes,
// about 1,500 tokens.
const DefaultMaxDiscoveryBytes = 6000

// DiscoveryBudget returns the bytes a discovery answer may take
// (Options.MaxDiscoveryBytes or its default): query_capabilities, and
// tools listing things to the model such as hostapi's query_api_docs.
func (e *Executor) DiscoveryBudget() int {
	if e.opts.MaxDiscoveryBytes > 0 {
		return e.opts.MaxDiscoveryBytes
	}
	return DefaultMaxDiscoveryBytes
}

// capabilityFields are what query_capabilities' keyword matches, weighted:
// the name most, parameters' descriptions least.
func capabilityFields(c *Capability) []search.Field {
	f := []search.Field{{Text: c.Name, Weight: 3, Name: true, Pairs: true}, {Text: c.Category, Weight: 1.5}, {Text: c.Description, Weight: 1, Pairs: true}}
	if verb := methodVerb(c.Name); verb != "" {
		f = append(f, search.Field{Text: verb, Weight: 1.5})
	}
	if len(c.Tags) > 0 {
		f = append(f, search.Field{Text: strings.Join(c.Tags, ", "), Weight: 1.5})
	}
	for _, l := range sortedKeys(c.Descriptions) {
		if d := c.Descriptions[l]; d != c.Description {
			f = append(f, search.Field{Text: d, Weight: 1})
		}
	}
	for _, p := range c.Params {
		f = append(f, search.Field{Text: p.Name, Weight: 0.7}, search.Field{Text: p.Description, Weight: 0.5})
	}
	if props, ok := c.Schema["properties"].(map[string]any); ok {
		for _, name := range sortedKeys(props) {
			f = append(f, search.Field{Text: name, Weight: 0.7})
			if p, ok := props[name].(map[string]any); ok {
				if d, ok := p["description"].(string); ok {
					f = append(f, search.Field{Text: d, Weight: 0.5})
				}
			}
		}
	}
	if len(c.Examples) > 0 {
		var text []byte
		for _, ex := range c.Examples {
			text = appendExampleText(text, ex)
		}
		if len(text) > 0 {
			f = append(f, search.Field{Text: string(text), Weight: exampleWeight})
		}
	}
	return f
}

// exampleWeight is the weight of the text of a capability's examples'
// arguments ("PROJ-7", "#onboarding", "USD"): they show the values a
// capability takes, which a request may name, and weigh least of all.
const exampleWeight = 0.3

// maxExampleText bounds the text of a capability's examples that is
// indexed.
const maxExampleText = 1024

// appendExampleText appends the string values of an example's arguments
// (keys sorted, nested objects and arrays included), separated by
// newlines, while the text holds fewer than maxExampleText bytes: the
// keys are the parameters' names, indexed already, and numbers and
// booleans say nothing about a capability.
func appendExampleText(b []byte, v any) []byte {
	if len(b) >= maxExampleText {
		return b
	}
	switch v := v.(type) {
	case string:
		if v != "" {
			v, _ = textcut.Prefix(v, maxExampleText-len(b))
			b = append(append(b, v...), '\n')
		}
	case map[string]any:
		for _, k := range sortedKeys(v) {
			b = appendExampleText(b, v[k])
		}
	case []any:
		for _, e := range v {
			b = appendExampleText(b, e)
		}
	}
	return b
}

// methodVerb is the action an operation's name says with an HTTP method
// ("post_folders", "put_files_id", as OpenAPI collections name operations
// without an operationId): "create" for POST, "update" for PUT and PATCH,
// so a user asking to create or change something finds them; "" for
// other names.
func methodVerb(name string) string {
	method, rest, ok := strings.Cut(name, "_")
	if !ok || rest == "" {
		return ""
	}
	switch strings.ToLower(method) {
	case "post":
		return "create"
	case "put", "patch":
		return "update"
	}
	return ""
}

// indexRemove drops a capability from the keyword index (Registry.add
// adds them); the caller holds the Registry's lock.
func (r *Registry) indexRemove(name string) {
	r.index.Remove(name)
	if r.hybrid != nil {
		r.hybrid.remove(name)
	}
}

// queryCapabilities answers within the discovery budget, in the form that
// tells the most: every capability with its description when they fit,
// else their names by category, else the categories with their counts;
// a keyword ranks; a category or a cursor pages.
func (r *Registry) queryCapabilities(ctx context.Context, args json.RawMessage) Result {
	var in struct {
		Keyword  string `json:"keyword"`
		Category string `json:"category"`
		Cursor   string `json:"cursor"`
	}
	if err := callargs.Strict(args, &in); err != nil {
		return ErrorResult("query_capabilities: " + err.Error())
	}
	start := 0
	if in.Cursor != "" {
		n, err := strconv.Atoi(in.Cursor)
		if err != nil || n < 0 {
			return ErrorResult(fmt.Sprintf("query_capabilities: cursor %s is not one an answer gave; call again without it", textcut.Quote(in.Cursor)))
		}
		start = n
	}
	budget := r.exec.DiscoveryBudget()
	keyword, category := strings.TrimSpace(in.Keyword), strings.TrimSpace(in.Category)
	if keyword != "" {
		return r.searchCapabilities(ctx, keyword, category, start, budget)
	}
	return listCapabilities(r.sorted(), r.categoryAbout, category, in.Cursor != "", start, budget)
}

// categoryAbout is what a category is for: Options.CategoryDescriptions,
// else its folder's CategoryFile; "" when neither says.
func (r *Registry) categoryAbout(category string) string {
	if d, ok := r.exec.opts.CategoryDescriptions[category]; ok {
		return d
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.about[category]
}

// listCapabilities answers query_capabilities without a keyword from v:
// the overview, or a page of a category or of all.
func listCapabilities(v *view, about func(category string) string, category string, cursor bool, start, budget int) Result {
	if category == "" && !cursor {
		return overview(v, about, budget)
	}
	entries := v.entries
	if category != "" {
		entries = v.inCategory(category)
	}
	head := []byte("{")
	if category != "" {
		head = append(jsonstr.Append(append(head, `"category":`...), textcut.Cut(category, maxCategoryEcho)), ',')
	}
	head = fmt.Appendf(head, `"total":%d,`, len(entries))
	res, _ := capabilityPage(head, len(entries), len(entries), start, budget, func(i int) *registered { return entries[i] }, v.nothingIn(category, budget/3))
	return res
}

// maxCategoryEcho bounds the category an answer echoes: a registered
// one is no longer (maxCategoryBytes); a longer one is the model's, cut.
const maxCategoryEcho = maxCategoryBytes

func (r *Registry) searchCapabilities(ctx context.Context, keyword, category string, start, budget int) Result {
	var keep func(string) bool
	if category != "" {
		keep = func(name string) bool {
			e, ok := r.get(name)
			return ok && strings.EqualFold(e.cap.Category, category)
		}
	}
	head := search.AppendQuery([]byte(`{`), keyword)
	if category != "" {
		head = jsonstr.Append(append(head, `,"category":`...), textcut.Cut(category, maxCategoryEcho))
	}
	empty := "nothing matched; try other words, or call query_capabilities without arguments for an overview"
	var res Result
	r.page(ctx, keyword, keep, start, budget, func(hits []search.Hit, total int) (shown int) {
		head := fmt.Appendf(slices.Clip(head), `,"matches":%d,`, total)
		res, shown = capabilityPage(head, total, len(hits), start, budget, func(i int) *registered {
			if e, ok := r.get(hits[i].ID); ok {
				return e
			}
			return &registered{cap: Capability{Name: hits[i].ID, Description: "(removed)"}}
		}, empty)
		return shown
	})
	return res
}

// nothingIn is the hint of a listing of category that has no capability:
// the categories there are, as many as room bytes hold.
func (v *view) nothingIn(category string, room int) string {
	if category == "" {
		return "no capabilities are registered"
	}
	cats := make([]string, len(v.cats))
	for i, c := range v.cats {
		cats[i] = c.name
	}
	msg := "no category " + textcut.Quote(category)
	if hint := suggest.DidYouMean(category, cats); hint != "" {
		return msg + hint
	}
	msg += "; categories: "
	size := len(jsonstr.Append(nil, msg)) // the hint's room in the answer, escaped as JSON
	for i, c := range cats {
		need := len(jsonstr.Append(nil, c)) // its quotes stand for ", "; and " and N more" after it, unless it is the last
		if i < len(cats)-1 {
			need += len(" and  more") + len(textcut.Count(len(cats)-i-1))
		}
		if i > 0 && size+need > room {
			return msg + " and " + textcut.Count(len(cats)-i) + " more"
		}
		if i > 0 {
			msg += ", "
		}
		msg += c
		size += len(jsonstr.Append(nil, c))
	}
	return msg
}

// capabilityPage renders {head "capabilities": {name: description, …}}
// with the items of n from start that fit in budget, saying how many more
// there are and the cursor of the next page, and how many it shows;
// entry(i) is known for i < avail (a search's best hits).
func capabilityPage(head []byte, n, avail, start, budget int, entry func(i int) *registered, empty string) (Result, int) {
	l := search.Listing{Key: "capabilities", N: n, Start: start, Budget: budget, EmptyHint: empty,
		MoreHint: "send this cursor, with the same keyword and category, for the next page"}
	out, k := l.Page(head, avail, func(i int) (string, string) {
		c := &entry(i).cap
		return c.Name, textcut.Brief(c.Description)
	})
	return Result{Text: string(out)}, k
}

// overview answers query_capabilities without arguments.
func overview(v *view, about func(category string) string, budget int) Result {
	entries := v.entries
	item := func(i int) (category, name, description string) {
		c := &entries[i].cap
		return c.Category, c.Name, c.Description
	}
	counts := func() []search.Count {
		cats := make([]search.Count, len(v.cats))
		for i, c := range v.cats {
			cats[i] = search.Count{Name: c.name, N: c.end - c.start, About: about(c.name)}
		}
		return cats
	}
	return Result{Text: string(search.Overview(len(entries), item, counts, budget))}
}

func (r *Registry) queryDetail(args json.RawMessage, opts callOptions) Result {
	var in struct {
		Name string `json:"name"`
	}
	if err := callargs.Strict(args, &in); err != nil || in.Name == "" {
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
	return r.detail(e, opts)
}

// detail is query_capability_detail's answer about e; with code mode, it
// has the signature a script calls it with.
func (r *Registry) detail(e *registered, opts callOptions) Result {
	c := &e.cap
	fields := jsonstr.Object{
		{Key: "name", Value: c.Name}, {Key: "category", Value: c.Category}, {Key: "description", Value: c.localDescription(opts.locale)},
		{Key: "parameters", Value: e.schema},
	}
	if r.scripts != nil {
		fields = append(fields, jsonstr.Member{Key: "signature", Value: scriptSignature(c.Name, e.schema)})
	}
	res, err := JSONResult(fields)
	if err != nil {
		return ErrorResult(fmt.Sprintf("capability %q has a schema that is not JSON", c.Name))
	}
	if budget := r.detailBudget(); len(res.Text) > budget {
		// Within the budget: the schema trimmed, with a note (see
		// trimmedDetail).
		res.Text = string(trimmedDetail(c, c.localDescription(opts.locale), e.schema, budget))
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
	msg := "unknown capability " + textcut.Quote(name)
	close := suggest.Close(name, r.nameCandidates(name), 5)
	if r.index.Len() > allCandidates && (len(close) == 0 || suggest.Distance(strings.ToLower(name), strings.ToLower(close[0])) > 1) {
		// The index finds names by their words; one whose words are not
		// (digits, hex, one glued word, a dropped first letter) it misses:
		// unless it gave a name one edit away, compare with every name.
		close = suggest.Close(name, r.allNames(), 5)
	}
	if len(close) > 0 {
		return msg + "; did you mean " + suggest.QuoteJoin(close) + "?"
	}
	return msg + "; call query_capabilities to list the capabilities"
}

// allNames returns the name of every capability.
func (r *Registry) allNames() []string {
	entries := r.entries()
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.cap.Name
	}
	return names
}

// suggestCandidates is how many of the capabilities the keyword index
// ranks best for a misspelt name are compared with it.
const suggestCandidates = 64

// allCandidates is the size of a catalog up to which a misspelt name is
// compared with every name.
const allCandidates = 256

// nameCandidates returns the names a misspelt one may have meant: every
// name of a small catalog; of a larger one, those the keyword index ranks
// best for it (its words, each matched with its misspellings and family),
// so that a hint costs about the same at 10,000 capabilities as at 300.
func (r *Registry) nameCandidates(name string) []string {
	if r.index.Len() <= allCandidates {
		return r.allNames()
	}
	hits, _ := r.index.Search(r.index.Unglue(name), nil, suggestCandidates)
	names := make([]string, len(hits))
	for i, h := range hits {
		names[i] = h.ID
	}
	return names
}
