package toolkit

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"slices"
	"strings"
	"sync"
	"unsafe"

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
	// Handler runs the capability.
	Handler Handler
	// Descriptions holds localized descriptions by locale (e.g. "en_US").
	Descriptions map[string]string
	// Env lists environment variables the capability needs, for Check.
	Env []string
	// Effects say what a call does (read-only, destructive, idempotent,
	// reaching the outside world), as far as known; the zero value knows
	// nothing. WorkflowCapability derives them from the steps' methods.
	Effects Effects
}

// WorkflowCapability returns the Capability that runs w on exec. A
// workflow that names a shared pre_request (Workflow.PreRequest) needs a
// Registry to find it (AddWorkflow); here its calls fail, saying so.
func WorkflowCapability(w *Workflow, exec *Executor) *Capability {
	return workflowCapability(w, exec, nil)
}

// workflowCapability is WorkflowCapability with the lookup of shared
// pre_requests, done at each call so that reloading one takes effect.
func workflowCapability(w *Workflow, exec *Executor, shared func(name string) *PreRequest) *Capability {
	env := make([]string, len(w.Env))
	for i, v := range w.Env {
		env[i] = v.Name
	}
	return &Capability{
		Name:        w.Name,
		Description: w.Description,
		Category:    CategoryHTTP,
		Params:      w.Params,
		Env:         env,
		Effects:     w.Effects(),
		Handler: func(ctx context.Context, call *Call) (Result, error) {
			var pre *PreRequest
			if w.PreRequest != "" && shared != nil {
				pre = shared(w.PreRequest)
			}
			return exec.run(ctx, w, call.Args, &call.opts, pre), nil
		},
	}
}

// Names of the entry tools the model sees.
const (
	ToolQueryCapabilities = "query_capabilities"
	ToolQueryDetail       = "query_capability_detail"
	ToolCallCapability    = "call_capability"
)

// Registry holds capabilities and serves the entry tools. A Registry is
// safe for concurrent use.
type Registry struct {
	exec *Executor
	flat bool
	mu   sync.RWMutex
	caps map[string]*registered
	pres map[string]*PreRequest // shared pre_requests by name
	// index ranks capabilities for query_capabilities' keyword, kept
	// current under mu.
	index *search.Index
	// view is the capabilities sorted, nil after a change; gen counts the
	// changes (under mu). viewMu lets one caller at a time build it.
	view   *view
	gen    uint64
	viewMu sync.Mutex

	watchMu  sync.Mutex
	watchers map[*func(names []string)]struct{}
}

// NewRegistry returns an empty Registry whose YAML capabilities run on an
// Executor configured by opts.
func NewRegistry(opts *Options) *Registry {
	return &Registry{exec: NewExecutor(opts), flat: opts != nil && opts.Flat, caps: map[string]*registered{}, index: search.New()}
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
	r.mu.Lock()
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
	parallel.For(len(ws), func(i int) { caps[i] = workflowCapability(ws[i], r.exec, r.preRequest) })
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

// LoadBytes compiles one YAML tool file and registers it. The Diagnostics
// hold warnings too; the error is non-nil when the file did not load. A
// file over Options.MaxFileBytes does not load.
//
// A file that defines a shared pre_request adds it (replacing one of the
// same name). A tool file naming one that is not loaded yet loads with a
// warning, and its calls fail until the file defining it is loaded (Check
// reports it meanwhile); LoadDir and LoadFS, which see every file at
// once, refuse such a tool file instead.
func (r *Registry) LoadBytes(filename string, src []byte) (Diagnostics, error) {
	return r.loadText(filename, string(src))
}

// loadText is LoadBytes for a file read into a string.
func (r *Registry) loadText(filename, src string) (Diagnostics, error) {
	w, p, diags := parseToolFile(filename, src, r.exec.opts.MaxFileBytes)
	switch {
	case p != nil:
		diags = append(diags, unsetEnv(p.File, p.Env, r.exec.opts.Env)...)
		r.logWarnings(diags)
		return diags, r.AddPreRequest(p)
	case w != nil:
		diags = append(diags, w.unsetEnv(r.exec.opts.Env)...)
		if w.PreRequest != "" {
			diags = append(diags, r.bindDiags(w, r.preRequest(w.PreRequest), SeverityWarning)...)
			slices.SortStableFunc(diags, diagOrder)
			if diags.HasErrors() {
				w = nil
			}
		}
	}
	r.logWarnings(diags)
	if w == nil {
		return diags, diags.asError()
	}
	return diags, r.AddWorkflow(w)
}

// LoadFile loads one YAML tool file. Of a file over Options.MaxFileBytes,
// at most that many bytes plus one are read.
func (r *Registry) LoadFile(name string) (Diagnostics, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrLoad, err)
	}
	defer f.Close()
	src, diags, err := readTool(f, name, r.exec.opts.MaxFileBytes)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrLoad, name, err)
	}
	if diags != nil {
		return diags, diags.asError()
	}
	return r.loadText(name, src)
}

// readTool reads a tool file into a string, or, for one over limit
// bytes, returns a diagnostic without reading more than limit+1 bytes of
// it.
func readTool(f fs.File, name string, limit int) (string, Diagnostics, error) {
	size := int64(-1)
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		size = fi.Size()
	}
	if size > int64(limit) {
		return "", Diagnostics{tooLarge(name, size, limit)}, nil
	}
	// One buffer of the size Stat gave and the byte that shows the end,
	// grown only for a file that grew since or has no size.
	buf := make([]byte, 0, max(size, 511)+1)
	for {
		n, err := f.Read(buf[len(buf):min(cap(buf), limit+1)])
		buf = buf[:len(buf)+n]
		if len(buf) > limit { // grew since Stat, or not a regular file
			return "", Diagnostics{tooLarge(name, -1, limit)}, nil
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", nil, err
		}
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, len(buf))
		}
	}
	// The string is the buffer, which nothing writes to after.
	return unsafe.String(unsafe.SliceData(buf), len(buf)), nil, nil
}

// LoadDir loads every *.yaml and *.yml file of a directory.
func (r *Registry) LoadDir(dir string) (Diagnostics, error) {
	return r.loadFS(os.DirFS(dir), ".", dir)
}

// LoadFS loads every *.yaml and *.yml file under root in fsys. A broken
// file is skipped (logged as a warning) and the others still load; the
// returned error holds every problem of the skipped files. Files are read
// and compiled in parallel (one goroutine per core), so fsys must be safe
// for concurrent use, as os.DirFS, embed.FS and fstest.MapFS are; the
// diagnostics come in file order, and the capabilities are registered at
// once (one OnChange call).
func (r *Registry) LoadFS(fsys fs.FS, root string) (Diagnostics, error) {
	return r.loadFS(fsys, root, "")
}

// toolFile is one file of a load: what it compiled to (a workflow, a
// shared pre_request, or neither) and its diagnostics.
type toolFile struct {
	display string
	w       *Workflow
	p       *PreRequest
	diags   Diagnostics
	unset   Diagnostics // w's env that is not set, to warn of if w is loaded
	failed  bool        // unreadable: not a tool
}

// loadFS loads in three phases: each file on its own (read and compile),
// in parallel; checks across files (shared pre_requests, duplicate
// names), in file order; the registration of what passed.
func (r *Registry) loadFS(fsys fs.FS, root, prefix string) (Diagnostics, error) {
	names, err := toolNames(fsys, root)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrLoad, err)
	}
	files := make([]toolFile, len(names))
	parallel.For(len(names), func(i int) {
		display := names[i]
		if prefix != "" {
			display = path.Join(prefix, names[i])
		}
		files[i] = r.compileFile(fsys, names[i], display)
	})

	pres := map[string]*PreRequest{}
	for i := range files {
		if f := &files[i]; f.p != nil {
			f.diags = append(f.diags, r.loadPreRequest(pres, f.p)...)
		}
	}
	var all Diagnostics
	var loaded []*Workflow
	byName := make(map[string]string, len(files))
	for _, t := range files {
		display, w, diags := t.display, t.w, t.diags
		if t.p != nil || t.failed {
			all = append(all, diags...)
			continue
		}
		if w != nil && w.PreRequest != "" {
			p := pres[w.PreRequest]
			if p == nil {
				p = r.preRequest(w.PreRequest)
			}
			diags = append(diags, r.bindDiags(w, p, SeverityError, slices.Collect(maps.Keys(pres))...)...)
			slices.SortStableFunc(diags, diagOrder)
			if diags.HasErrors() {
				w = nil
			}
		}
		if w != nil {
			if other, dup := byName[w.Name]; dup {
				diags = append(diags, Diagnostic{File: display, Line: 1, Col: 1, Field: "name",
					Msg: fmt.Sprintf("duplicate capability name %q (also in %s)", w.Name, other)})
				w = nil
			} else {
				byName[w.Name] = display
				loaded = append(loaded, w)
				diags = append(diags, t.unset...)
			}
		}
		if w == nil {
			r.exec.opts.Logger.Warn("toolkit: skipping tool file", "file", display, "error", diags.Error())
		}
		all = append(all, diags...)
	}
	r.logWarnings(all)
	if err := r.AddPreRequest(slices.Collect(maps.Values(pres))...); err != nil {
		return all, err
	}
	if err := r.AddWorkflow(loaded...); err != nil {
		return all, err
	}
	return all, all.asError()
}

// toolNames returns the *.yaml and *.yml files under root in the order
// fs.WalkDir visits them. A root that is a directory is read without
// fs.WalkDir's Stat of it, which an fstest.MapFS answers by scanning every
// file it holds; any other root goes to fs.WalkDir, which words the error.
func toolNames(fsys fs.FS, root string) ([]string, error) {
	var names []string
	isTool := func(p string) bool { return strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml") }
	entries, err := fs.ReadDir(fsys, root)
	if err != nil {
		err = fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && isTool(p) {
				names = append(names, p)
			}
			return err
		})
		return names, err
	}
	var walk func(dir string, entries []fs.DirEntry) error
	walk = func(dir string, entries []fs.DirEntry) error {
		for _, d := range entries {
			p := path.Join(dir, d.Name())
			if !d.IsDir() {
				if isTool(p) {
					names = append(names, p)
				}
				continue
			}
			sub, err := fs.ReadDir(fsys, p)
			if err != nil {
				return err
			}
			if err := walk(p, sub); err != nil {
				return err
			}
		}
		return nil
	}
	return names, walk(root, entries)
}

// compileFile reads and compiles one file of a load.
func (r *Registry) compileFile(fsys fs.FS, name, display string) toolFile {
	src, diags, err := r.readFS(fsys, name, display)
	if err != nil {
		return toolFile{display: display, diags: Diagnostics{{File: display, Msg: err.Error()}}, failed: true}
	}
	f := toolFile{display: display, diags: diags}
	if diags == nil {
		f.w, f.p, f.diags = parseToolFile(display, src, r.exec.opts.MaxFileBytes)
	}
	if f.w != nil {
		f.unset = f.w.unsetEnv(r.exec.opts.Env)
	}
	return f
}

func (r *Registry) readFS(fsys fs.FS, name, display string) (string, Diagnostics, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return "", nil, err
	}
	defer f.Close()
	return readTool(f, display, r.exec.opts.MaxFileBytes)
}

func (r *Registry) logWarnings(ds Diagnostics) {
	for _, d := range ds.Warnings() {
		r.exec.opts.Logger.Warn("toolkit: " + d.Error())
	}
}

// Check reports malformed Options (see Options.Check: the Executor fails
// every request with them), environment variables that capabilities need
// and that are unset, and shared pre_requests that tools name and that are
// not loaded (or lack a var the tool reads): a readiness check for the
// host, every problem at once.
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
	}
	return errors.Join(errs...)
}

func isEntryTool(name string) bool {
	return name == ToolQueryCapabilities || name == ToolQueryDetail || name == ToolCallCapability
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
