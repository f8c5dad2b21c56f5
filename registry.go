package toolkit

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/toolkit-sdk/toolkit/internal/argcheck"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/parallel"
	"github.com/toolkit-sdk/toolkit/internal/search"
)

// Handler runs a capability. Return an error Result (ErrorResult) for a
// failure the model should read and act on. A returned Go error is for the
// host: it is logged, with the call's known secrets redacted, and the model
// reads only that the capability failed.
type Handler func(ctx context.Context, call *Call) (Result, error)

// Capability is one thing the model can call through call_capability.
type Capability struct {
	Name string
	// Description is shown in query_capabilities (its first line) and in
	// query_capability_detail (whole).
	Description string
	// Category groups capabilities: "http", "api", "yqcloud", or the
	// host's own. Default "go".
	Category string
	// Params describe the arguments; the Registry validates them before
	// Handler runs (types, required, defaults, unknown names).
	Params []Param
	// Schema, instead of Params, is the JSON Schema of the arguments: shown
	// to the model, and the arguments are validated against it (and its
	// defaults applied) before Handler runs. It is compiled by Add; set
	// Params or Schema, not both.
	Schema map[string]any
	// Tags are words query_capabilities' keyword matches as it matches
	// the description (synonyms, product names), never shown.
	Tags []string
	// Handler runs the capability.
	Handler Handler
	// Descriptions holds localized descriptions by locale (e.g. "en_US").
	Descriptions map[string]string
	// Env lists environment variables the capability needs, for Check.
	Env []string
	// Effects say what a call does (read-only, destructive, idempotent,
	// reaching the outside world), as far as known; the zero value knows
	// nothing. A YAML tool's are derived from its steps' methods.
	Effects Effects
	// Examples are arguments showing how to call the capability, which the
	// model sees where its API takes them (Anthropic's input_examples,
	// adapters/anthropic); a YAML tool's come from its examples: list.
	// Add refuses one its arguments' schema refuses, and more than 10, and
	// keeps them as JSON decoded afresh (numbers as json.Number).
	Examples []map[string]any
}

// registered is a capability as the Registry holds it: a private copy,
// its arguments' schema as the model sees it, compiled for validation.
type registered struct {
	cap    Capability
	schema json.RawMessage // the JSON Schema of the arguments, compact
	w      *Workflow       // the workflow it runs, if it is one

	compile  sync.Once
	check    *argcheck.Schema
	checkErr error
}

// checker returns the compiled schema, compiling it on first use.
func (e *registered) checker() (*argcheck.Schema, error) {
	e.compile.Do(func() { e.check, e.checkErr = argcheck.Compile(json.RawMessage(e.schema)) })
	return e.check, e.checkErr
}

// defaultsMisfit returns the first problem of a default that does not fit
// the schema, or "". Validating no arguments applies every default; the
// problems of the parameters that are missing are not the defaults'. Every
// problem is read, not only those a call lists (argcheck cuts them at ten),
// so a misfit default is not hidden behind many missing parameters.
func defaultsMisfit(check *argcheck.Schema) string {
	var ae *argcheck.Error
	if err := check.Check(map[string]any{}); !errors.As(err, &ae) {
		return ""
	}
	for _, p := range ae.All() {
		if p.Kind != "required" {
			return p.Msg
		}
	}
	return ""
}

// copy returns the capability with its own slices and maps.
func (e *registered) copy() Capability {
	c := e.cap
	c.Params = slices.Clone(c.Params)
	c.Descriptions = maps.Clone(c.Descriptions)
	c.Env = slices.Clone(c.Env)
	c.Examples = cloneExamples(c.Examples)
	if c.Schema != nil {
		dec := json.NewDecoder(bytes.NewReader(e.schema))
		dec.UseNumber()
		c.Schema = nil
		_ = dec.Decode(&c.Schema) // encoded by prepare
	}
	return c
}

// validName reports a capability or parameter name the YAML loader
// accepts.
func validName(s string) bool { return len(s) <= maxNameBytes && isName(s) }

// prepare checks c as the loader checks a tool file and compiles its
// arguments' schema. With lazy set (a workflow the loader has checked,
// whose schema the Registry wrote), the schema is compiled on the first
// call instead: loading a thousand tool files does not compile a thousand
// schemas up front.
func prepare(c *Capability, lazy bool) (*registered, error) {
	if c == nil {
		return nil, fmt.Errorf("%w: nil capability", ErrInvalidCapability)
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: capability %q: %s", ErrInvalidCapability, c.Name, fmt.Sprintf(format, args...))
	}
	switch {
	case c.Name == "":
		return nil, fmt.Errorf("%w: a capability needs a name", ErrInvalidCapability)
	case !validName(c.Name):
		return nil, bad("name: not a valid name (1 to %d letters, digits, _ . -; starting with a letter or _)", maxNameBytes)
	case isEntryTool(c.Name):
		return nil, bad("name: the name of an entry tool")
	case len(c.Category) > maxCategoryBytes:
		return nil, bad("category: %d bytes; at most %d are allowed", len(c.Category), maxCategoryBytes)
	case c.Handler == nil:
		return nil, bad("Handler: a capability needs a handler")
	case c.Params != nil && c.Schema != nil:
		return nil, bad("set Params or Schema, not both")
	}
	e := &registered{cap: *c}
	e.cap.Params = slices.Clone(c.Params)
	e.cap.Descriptions = maps.Clone(c.Descriptions)
	e.cap.Env = slices.Clone(c.Env)
	e.cap.Tags = slices.Clone(c.Tags)
	if len(c.Examples) > maxExamples {
		return nil, bad("Examples: %d examples; at most %d are allowed", len(c.Examples), maxExamples)
	}
	if e.cap.Category == "" {
		e.cap.Category = CategoryGo
	}
	var schema any
	if c.Schema != nil {
		schema = c.Schema
	} else {
		for i, p := range c.Params {
			field := fmt.Sprintf("params[%d] (%q)", i, p.Name)
			switch {
			case !validName(p.Name):
				return nil, bad("%s: not a valid parameter name", field)
			case slices.ContainsFunc(c.Params[:i], func(q Param) bool { return q.Name == p.Name }):
				return nil, bad("%s: duplicate parameter", field)
			case !p.Type.validGo():
				return nil, bad("%s: unknown type %q (string, number, integer, boolean, array or object)", field, p.Type)
			case p.Validate != nil && p.Type != TypeString:
				return nil, bad("%s: a Validate pattern needs a string parameter, not %s", field, p.Type)
			}
		}
		schema = paramsSchema(c.Params)
	}
	text, err := jsonstr.Marshal(schema)
	if err != nil {
		return nil, bad("Schema: not JSON: %v", err)
	}
	e.schema = text
	if lazy {
		return e, nil
	}
	check, err := e.checker()
	if err != nil {
		return nil, bad("Schema: %v", err)
	}
	if msg := defaultsMisfit(check); msg != "" {
		return nil, bad("default does not fit: %s", msg)
	}
	if c.Examples != nil {
		e.cap.Examples = make([]map[string]any, len(c.Examples))
	}
	for i, ex := range c.Examples {
		args, err := exampleArgs(ex)
		if err == nil {
			// The Registry keeps the example as JSON decoded afresh: a
			// copy of its own, down to the values nested in it, and what
			// was checked (Check fills in defaults, so it gets another).
			e.cap.Examples[i] = args
			args, err = exampleArgs(ex)
		}
		if err == nil {
			err = check.Check(args)
		}
		if err != nil {
			return nil, bad("Examples[%d]: %v", i, err)
		}
	}
	return e, nil
}

// cloneExamples copies a capability's examples (decoded JSON) down to
// the values nested in them.
func cloneExamples(exs []map[string]any) []map[string]any {
	if exs == nil {
		return nil
	}
	out := make([]map[string]any, len(exs))
	for i, ex := range exs {
		out[i], _ = cloneJSON(ex).(map[string]any)
	}
	return out
}

// cloneJSON copies a decoded JSON value's objects and arrays.
func cloneJSON(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = cloneJSON(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = cloneJSON(x)
		}
		return out
	}
	return v
}

// exampleArgs is an example as the model would send it: its JSON, decoded
// as call arguments are (numbers as json.Number).
func exampleArgs(ex map[string]any) (map[string]any, error) {
	text, err := jsonstr.Marshal(ex)
	if err != nil {
		return nil, fmt.Errorf("not JSON: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var args map[string]any
	if err := dec.Decode(&args); err != nil {
		return nil, err
	}
	return args, nil
}

// workflowCapability returns the Capability that runs w on exec, with
// the lookup of shared pre_requests (nil: none), done at each call so that
// reloading one takes effect.
func workflowCapability(w *Workflow, exec *Executor, shared func(name string) *PreRequest, sharedAuth func(name string) *Auth) *Capability {
	env := make([]string, len(w.Env))
	for i, v := range w.Env {
		env[i] = v.Name
	}
	return &Capability{
		Name:        w.Name,
		Description: w.Description,
		Category:    cmp.Or(w.Category, CategoryHTTP),
		Tags:        w.Tags,
		Params:      w.Params,
		Env:         env,
		Effects:     w.Effects(),
		Examples:    w.Examples,
		Handler: func(ctx context.Context, call *Call) (Result, error) {
			var pre *PreRequest
			if w.PreRequest != "" && shared != nil {
				pre = shared(w.PreRequest)
			}
			var a *Auth
			if w.Auth != "" && sharedAuth != nil {
				a = sharedAuth(w.Auth)
			}
			return exec.run(ctx, w, call.Args, &call.opts, pre, a), nil
		},
	}
}

// Names of the entry tools the model sees.
const (
	ToolQueryCapabilities = "query_capabilities"
	ToolQueryDetail       = "query_capability_detail"
	ToolCallCapability    = "call_capability"
	// ToolRunScript is code mode's (Options.CodeMode).
	ToolRunScript = "run_script"
)

// Registry holds capabilities and serves the entry tools. A Registry is
// safe for concurrent use.
type Registry struct {
	exec *Executor
	flat bool

	scripts *scripts // code mode's runtimes; nil without it

	mu    sync.RWMutex
	caps  map[string]*registered
	pres  map[string]*PreRequest // shared pre_requests by name
	auths map[string]*Auth       // shared auths by name
	// index ranks capabilities for query_capabilities' keyword, kept
	// current under mu.
	index *search.Index
	// hybrid is the vector side of the ranking, nil without an Embedder;
	// its index is written under mu.
	hybrid *hybrid
	// view is the capabilities sorted, nil after a change; gen counts the
	// changes (under mu). viewMu lets one caller at a time build it.
	view   *view
	gen    uint64
	viewMu sync.Mutex

	// about holds the descriptions of categories read from
	// CategoryFiles (Options.CategoryDescriptions comes first), under mu.
	about map[string]string

	watchMu  sync.Mutex
	watchers map[*func(names []string)]struct{}
}

// NewRegistry returns an empty Registry whose YAML capabilities run on an
// Executor configured by opts.
func NewRegistry(opts *Options) *Registry {
	r := &Registry{exec: NewExecutor(opts), flat: opts != nil && opts.Flat, scripts: newScripts(opts),
		caps: map[string]*registered{}, index: search.New()}
	r.hybrid = newHybrid(opts, r.exec)
	return r
}

// Executor returns the Executor that runs the Registry's workflows.
func (r *Registry) Executor() *Executor { return r.exec }

// Add registers capabilities, replacing any of the same name. It refuses
// (ErrInvalidCapability, naming the capability and the field) what the YAML
// loader refuses: a name that is not 1 to 64 letters, digits, '_', '.' or
// '-' (starting with a letter or '_'), duplicate or unnamed parameters, an
// unknown type, a default that does not fit its parameter, a Validate
// pattern on a parameter that is not a string, Params and Schema both set,
// and a Schema that does not compile. Nothing is added when one is refused.
func (r *Registry) Add(caps ...*Capability) error { return r.add(caps, false) }

// add registers caps; ws, when given, are the workflows they run.
func (r *Registry) add(caps []*Capability, lazy bool, ws ...*Workflow) error {
	regs := make([]*registered, len(caps))
	docs := make([]search.Doc, len(caps))
	errs := make([]error, len(caps))
	parallel.For(len(caps), func(i int) {
		if regs[i], errs[i] = prepare(caps[i], lazy); errs[i] == nil {
			docs[i] = search.Analyze(capabilityFields(&regs[i].cap)...)
		}
	})
	if err := cmp.Or(errs...); err != nil { // the first refused, in order
		return err
	}
	for i, w := range ws {
		regs[i].w = w
	}
	names := make([]string, len(regs))
	for i, e := range regs {
		names[i] = e.cap.Name
	}
	var texts []embedText
	var vecs [][]float32
	var embedErr error
	if r.hybrid != nil {
		texts, vecs, embedErr = r.hybrid.prepare(regs)
	}
	r.mu.Lock()
	if r.hybrid != nil {
		r.hybrid.set(names, texts, vecs, embedErr)
	}
	// The map and the index are independent: both are filled at once.
	parallel.Do(func() {
		if len(r.caps) == 0 {
			r.caps = make(map[string]*registered, len(regs))
		}
		for _, e := range regs {
			r.caps[e.cap.Name] = e
		}
	}, func() { r.index.AddDocs(names, docs) })
	if len(regs) > 0 {
		r.view, r.gen = nil, r.gen+1
	}
	r.mu.Unlock()
	r.changed(names)
	return nil
}

// AddWorkflow registers compiled workflows, replacing any of the same name.
func (r *Registry) AddWorkflow(ws ...*Workflow) error {
	caps := make([]*Capability, len(ws))
	parallel.For(len(ws), func(i int) { caps[i] = workflowCapability(ws[i], r.exec, r.preRequest, r.sharedAuth) })
	for _, w := range ws {
		r.exec.warnUnguarded(w)
	}
	return r.add(caps, true, ws...)
}

// Remove unregisters capabilities by name; unknown names are ignored.
func (r *Registry) Remove(names ...string) {
	r.mu.Lock()
	var removed []string
	for _, n := range names {
		if _, ok := r.caps[n]; ok {
			delete(r.caps, n)
			r.indexRemove(n)
			removed = append(removed, n)
		}
	}
	if len(removed) > 0 {
		r.view, r.gen = nil, r.gen+1
	}
	r.mu.Unlock()
	r.changed(removed)
}

// AddPreRequest registers shared pre_requests (ParsePreRequest), replacing
// any of the same name: the tools that name one use it from their next
// call. It refuses (ErrInvalidCapability) one without a name.
func (r *Registry) AddPreRequest(ps ...*PreRequest) error {
	for _, p := range ps {
		if p == nil || p.Name == "" || p.step == nil {
			return fmt.Errorf("%w: a shared pre_request needs a name; compile it with ParsePreRequest", ErrInvalidCapability)
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.pres == nil {
		r.pres = make(map[string]*PreRequest, len(ps))
	}
	for _, p := range ps {
		r.pres[p.Name] = p
	}
	return nil
}

// RemovePreRequest unregisters shared pre_requests by name; unknown names
// are ignored. The tools that name one stay registered: until one of that
// name is added again, their calls fail saying it is not loaded, and Check
// reports them.
func (r *Registry) RemovePreRequest(names ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, n := range names {
		delete(r.pres, n)
	}
}

// preRequest returns the shared pre_request of that name, or nil.
func (r *Registry) preRequest(name string) *PreRequest {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.pres[name]
}

// preRequestNames returns the names of the shared pre_requests.
func (r *Registry) preRequestNames() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return slices.Collect(maps.Keys(r.pres))
}

// OnChange registers fn to run after capabilities are added (or replaced)
// or removed, with their names; a Remove of unknown names does not call it.
// fn runs on the goroutine that changed the Registry, after the change and
// outside its lock, so it may read the Registry. Calling the returned
// function unregisters fn. A server publishing the capabilities as tools
// (package mcpserver) uses it to tell its clients the list changed.
func (r *Registry) OnChange(fn func(names []string)) (stop func()) {
	key := &fn
	r.watchMu.Lock()
	if r.watchers == nil {
		r.watchers = make(map[*func(names []string)]struct{})
	}
	r.watchers[key] = struct{}{}
	r.watchMu.Unlock()
	return func() {
		r.watchMu.Lock()
		delete(r.watchers, key)
		r.watchMu.Unlock()
	}
}

// changed calls the OnChange functions with the names that changed.
func (r *Registry) changed(names []string) {
	if len(names) == 0 {
		return
	}
	r.watchMu.Lock()
	fns := make([]func([]string), 0, len(r.watchers))
	for fn := range r.watchers {
		fns = append(fns, *fn)
	}
	r.watchMu.Unlock()
	for _, fn := range fns {
		fn(slices.Clone(names))
	}
}

// Lookup returns a copy of the capability registered under name: changing
// it does not change the registered one (Add a changed copy for that).
func (r *Registry) Lookup(name string) (Capability, bool) {
	e, ok := r.get(name)
	if !ok {
		return Capability{}, false
	}
	return e.copy(), true
}

// Capabilities returns copies of the registered capabilities sorted by
// category and name.
func (r *Registry) Capabilities() []Capability {
	entries := r.entries()
	caps := make([]Capability, len(entries))
	for i, e := range entries {
		caps[i] = e.copy()
	}
	return caps
}

func (r *Registry) get(name string) (*registered, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	e, ok := r.caps[name]
	return e, ok
}

// entries returns the registered capabilities sorted by category and
// name, shared: callers must not modify the slice.
func (r *Registry) entries() []*registered { return r.sorted().entries }

// view is the registered capabilities sorted by category and name, with
// the range of each category: built once after a change of the Registry
// and shared, read-only, by the calls that list capabilities until the
// next change.
type view struct {
	entries []*registered
	cats    []categoryRange
}

// categoryRange is a category and its capabilities, entries[start:end].
type categoryRange struct {
	name       string
	start, end int
}

// sorted returns the current view, building it when a change dropped it.
func (r *Registry) sorted() *view {
	r.mu.RLock()
	v := r.view
	r.mu.RUnlock()
	if v != nil {
		return v
	}
	r.viewMu.Lock() // concurrent callers wait for one build, not sort each
	defer r.viewMu.Unlock()
	r.mu.RLock()
	v, gen := r.view, r.gen
	var entries []*registered
	if v == nil {
		entries = slices.Collect(maps.Values(r.caps))
	}
	r.mu.RUnlock()
	if v != nil {
		return v
	}
	v = newView(entries)
	r.mu.Lock()
	if r.gen == gen { // else a change came meanwhile: v is already out of date
		r.view = v
	}
	r.mu.Unlock()
	return v
}

// newView sorts entries into a view.
func newView(entries []*registered) *view {
	slices.SortFunc(entries, func(a, b *registered) int {
		return cmp.Or(cmp.Compare(a.cap.Category, b.cap.Category), cmp.Compare(a.cap.Name, b.cap.Name))
	})
	v := &view{entries: entries}
	for i, e := range entries {
		if n := len(v.cats); n == 0 || v.cats[n-1].name != e.cap.Category {
			v.cats = append(v.cats, categoryRange{name: e.cap.Category, start: i})
		}
		v.cats[len(v.cats)-1].end = i + 1
	}
	return v
}

// inCategory returns the capabilities whose category is category
// regardless of case, in order.
func (v *view) inCategory(category string) []*registered {
	var out []*registered
	for _, c := range v.cats {
		if !strings.EqualFold(c.name, category) {
			continue
		}
		if out == nil {
			out = v.entries[c.start:c.end:c.end] // appending copies
		} else {
			out = append(out, v.entries[c.start:c.end]...)
		}
	}
	return out
}

// Check reports malformed Options (see Options.Check: the Executor fails
// every request with them), environment variables that capabilities need
// and that are unset, and shared pre_requests that tools name and that are
// not loaded (or lack a var the tool reads): a readiness check for the
// host, every problem at once. With an Embedder it embeds again the
// capabilities whose Embed call failed at load and reports
// (ErrEmbedding) those that still have no vector.
func (r *Registry) Check() error {
	var errs []error
	if err := r.exec.guardErr; err != nil {
		errs = append(errs, err)
	}
	for _, e := range r.entries() {
		for _, name := range e.cap.Env {
			if _, ok := r.exec.opts.Env(name); !ok {
				errs = append(errs, fmt.Errorf("capability %q: environment variable %s is not set", e.cap.Name, name))
			}
		}
		errs = append(errs, r.checkPre(e)...)
		errs = append(errs, r.checkAuth(e)...)
	}
	if err := r.checkEmbeddings(); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// checkPre reports, for Check, a capability's shared pre_request that is
// not loaded or lacks a var it reads, and the pre_request's unset env.
func (r *Registry) checkPre(e *registered) []error {
	w := e.w
	if w == nil || w.PreRequest == "" {
		return nil
	}
	p := r.preRequest(w.PreRequest)
	if p == nil {
		return []error{fmt.Errorf("capability %q: pre_request %q is not loaded", w.Name, w.PreRequest)}
	}
	var errs []error
	for _, d := range r.bindDiags(w, p, SeverityError) {
		errs = append(errs, fmt.Errorf("capability %q: %s", w.Name, d.Msg))
	}
	for _, v := range p.Env {
		if _, ok := r.exec.opts.Env(v.Name); !ok {
			errs = append(errs, fmt.Errorf("capability %q: environment variable %s (of pre_request %q) is not set", w.Name, v.Name, p.Name))
		}
	}
	return errs
}

func isEntryTool(name string) bool {
	_, ok := entryToolNamed(name)
	return ok
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

// mustJSON encodes the entry tools' fixed schemas; it panics on values
// that are not JSON, which only a programming error produces.
func mustJSON(v any) json.RawMessage {
	b, err := jsonstr.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
