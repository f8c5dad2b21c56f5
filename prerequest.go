package toolkit

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/toolkit-sdk/toolkit/internal/suggest"
	"github.com/toolkit-sdk/toolkit/template"
)

// PreRequestIndex is the step index of a pre_request in diagnostics and
// Observer events (StepInfo.Index, CacheInfo.Step).
const PreRequestIndex = -1

// PreRequest is a compiled pre_request: one request (typically
// authentication) run before a workflow's steps, whose vars every step
// reads as ${pre:name}. A tool file either writes its pre_request out or
// names a shared one, defined in a file of its own and loaded into the
// same Registry. A PreRequest is immutable and safe for concurrent use.
type PreRequest struct {
	// Name is the name tools use (pre_request: Name); "" for one a tool
	// file writes out.
	Name string
	File string
	// Env and Values are what a shared pre_request's file declares; a
	// written-out one reads its tool's.
	Env    []EnvVar
	Values []CallValue

	step      *step
	secretEnv []string
	line, col int // where the file's pre_request starts
}

// preRef is a ${pre:name} reference of a workflow naming a shared
// pre_request, kept to be checked when the name is resolved.
type preRef struct {
	name      string
	field     string
	line, col int
}

var (
	preFields     = []string{"name", "url", "method", "headers", "query", "body", "timeout", "cache", "var", "retry"}
	preFileFields = []string{"env", "values", "pre_request"}
)

// definesPreRequest reports whether the file defines a shared pre_request:
// it has no steps, and its pre_request is a mapping with a name.
func (c *compiler) definesPreRequest(have map[string]bool, pre ast.Node) bool {
	if have["steps"] || pre == nil {
		return false
	}
	return mappingValue(c.resolve(pre), "name") != nil
}

// mappingValue returns the value of key in a mapping node, or nil.
func mappingValue(n ast.Node, key string) ast.Node {
	values, _ := mappingValues(n)
	for _, mv := range values {
		if k, ok := mv.Key.(ast.ScalarNode); ok && fmt.Sprint(k.GetValue()) == key {
			return mv.Value
		}
	}
	return nil
}

// preRequest compiles the pre_request field: the name of a shared one, or
// one written out (which, in a file without steps, is the shared one the
// file defines).
func (c *compiler) preRequest(key, n ast.Node) {
	if _, isStr := c.resolve(n).(*ast.StringNode); isStr {
		name, _ := c.str(n, "pre_request")
		if !isName(name) {
			c.errorf(n, "pre_request", "%q is not a valid pre_request name", name)
			return
		}
		c.w.PreRequest = name
		c.w.preAt[0], c.w.preAt[1] = nodePos(c.resolve(n))
		return
	}
	if _, ok := mappingValues(c.resolve(n)); !ok {
		c.errorf(n, "pre_request", "must be a request (a mapping with url, method, headers, ...) or the name of a shared pre_request, got %s", nodeKind(c.resolve(n)))
		return
	}
	p := &PreRequest{File: c.file}
	p.line, p.col = nodePos(key)
	if nameNode := mappingValue(c.resolve(n), "name"); nameNode != nil {
		if c.def {
			p.Name, _ = c.str(nameNode, "pre_request.name")
			if p.Name != "" && !isName(p.Name) {
				c.errorf(nameNode, "pre_request.name", "%q is not a valid pre_request name", p.Name)
			}
		} else {
			c.errorf(nameNode, "pre_request.name", "only a file that defines a shared pre_request (one without steps) names it; write the request here without a name, or move it to a file of its own")
		}
	}
	p.step = c.step(PreRequestIndex, "pre_request", n, preFields)
	if len(p.step.vars) == 0 {
		c.warnf(key, "pre_request", "extracts no var, so no step can read what it fetched")
	}
	c.pre = p
}

// badPreRef reports a reference a pre_request cannot make.
func (c *compiler) badPreRef(ref template.Ref, report func(Severity, string, ...any)) bool {
	switch {
	case ref.Source == template.Step:
		report(SeverityError, "%s: the pre_request runs before the steps, so it cannot read their vars", ref)
	case ref.Source == template.Pre:
		report(SeverityError, "%s: a pre_request cannot read its own vars", ref)
	case ref.Source == template.Param && c.def:
		report(SeverityError, "%s: a shared pre_request has no parameters (the model does not choose how a tool authenticates); read per-call input as ${value:name}", ref)
	default:
		return false
	}
	return true
}

// checkPreRef checks a ${pre:name} reference of a step.
func (c *compiler) checkPreRef(ref template.Ref, field string, line, col int, report func(Severity, string, ...any)) {
	switch {
	case c.pre != nil:
		if c.pre.step.varIndex(ref.Name) < 0 {
			report(SeverityError, "%s: the pre_request declares no variable %q%s", ref, ref.Name, declaredVars(c.pre.step))
		}
	case c.w.PreRequest != "":
		c.w.preRefs = append(c.w.preRefs, preRef{name: ref.Name, field: field, line: line, col: col})
	default:
		report(SeverityError, "%s: the tool has no pre_request", ref)
	}
}

// ParsePreRequest compiles a file that defines a shared pre_request:
//
//	env: [SHOP_URL, SHOP_CLIENT_ID, SHOP_CLIENT_SECRET]
//	pre_request:
//	  name: shop_auth
//	  url: ${env:SHOP_URL}/oauth/token
//	  ...
//
// Tool files name it with pre_request: shop_auth. A Registry's LoadFile,
// LoadDir and LoadFS load such files by themselves; AddPreRequest adds
// one parsed here.
func ParsePreRequest(filename string, src []byte) (*PreRequest, Diagnostics) {
	w, p, diags := parseToolFile(filename, string(src), DefaultMaxFileBytes)
	if w != nil {
		diags = append(diags, Diagnostic{File: filename, Line: 1, Col: 1,
			Msg: fmt.Sprintf("the file defines the tool %q, not a shared pre_request (a file with only env, values and a named pre_request)", w.Name)})
		slices.SortStableFunc(diags, diagOrder)
		return nil, diags
	}
	return p, diags
}

// notATool is the error ParseWorkflow reports for a file that defines a
// shared pre_request.
func notATool(p *PreRequest) Diagnostic {
	return Diagnostic{File: p.File, Line: p.line, Col: p.col, Field: "pre_request",
		Msg: fmt.Sprintf("the file defines the shared pre_request %q, not a tool: load it into the Registry of the tools that use it, or parse it with ParsePreRequest", p.Name)}
}

// bindPre picks the call's pre_request: the workflow's own, or the shared
// one it names, whose secret environment variables it records.
func (r *run) bindPre(shared *PreRequest) (Result, bool) {
	switch {
	case r.w.pre != nil:
		r.pre = r.w.pre
	case r.w.PreRequest == "":
	case shared == nil:
		r.e.opts.Logger.ErrorContext(r.ctx, "toolkit: pre_request not loaded", "capability", r.w.Name, "pre_request", r.w.PreRequest)
		return r.fail("its pre_request %q is not loaded (this is for the application's developers: load the file that defines it into the same Registry)", r.w.PreRequest), false
	default:
		r.pre = shared
		for _, name := range shared.secretEnv {
			if v, ok := r.e.opts.Env(name); ok {
				r.secrets.Add(v)
			}
		}
	}
	return Result{}, true
}

// runPre runs the call's pre_request, if it has one, before the steps
// (again when the chain runs again after a 401). Its vars whose names look
// like secrets' (a token) are secrets for the rest of the call.
func (r *run) runPre() (Result, bool) {
	p := r.pre
	if p == nil {
		return Result{}, true
	}
	r.preVars = make([]varValue, len(p.step.vars))
	if _, res, done := r.step(p.step); done {
		return res, false
	}
	r.last = nil // the pre_request's body is never the call's result
	for i, v := range p.step.vars {
		if IsSecretName(v.name) {
			r.secrets.Add(r.preVars[i].Text)
		}
	}
	return Result{}, true
}

// varsOf returns where step s's vars are kept in this run.
func (r *run) varsOf(s *step) []varValue {
	if s.index == PreRequestIndex {
		return r.preVars
	}
	return r.vars[s.index]
}

// lookupPre returns ${pre:name}.
func (r *run) lookupPre(name string) (template.Value, bool) {
	if r.pre != nil {
		if i := r.pre.step.varIndex(name); i >= 0 && r.preVars[i].set {
			return r.preVars[i].Value, true
		}
	}
	return template.Value{}, false
}

// stepName names step s in messages.
func stepName(s *step) string {
	if s.index == PreRequestIndex {
		return "pre_request"
	}
	return fmt.Sprintf("step %d", s.index)
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

// loadPreRequest adds p to the shared pre_requests of a directory's load,
// refusing a second one of the same name.
func (r *Registry) loadPreRequest(batch map[string]*PreRequest, p *PreRequest) Diagnostics {
	if other := batch[p.Name]; other != nil {
		return Diagnostics{{File: p.File, Line: p.line, Col: p.col, Field: "pre_request.name",
			Msg: fmt.Sprintf("duplicate pre_request name %q (also in %s)", p.Name, other.File)}}
	}
	batch[p.Name] = p
	return unsetEnv(p.File, p.Env, r.exec.opts.Env)
}

// bindDiags checks a workflow naming a shared pre_request against p (nil:
// unknown, reported with severity unknown; more are names about to be
// loaded, for the suggestion): every ${pre:x} it reads must be a var of p.
func (r *Registry) bindDiags(w *Workflow, p *PreRequest, unknown Severity, more ...string) Diagnostics {
	if p == nil {
		names := append(r.preRequestNames(), more...)
		msg := fmt.Sprintf("unknown shared pre_request %q", w.PreRequest)
		if s := suggest.Closest(w.PreRequest, names); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		} else {
			msg += "; load the file that defines it (pre_request: {name: " + w.PreRequest + ", url: ...}) into this Registry"
		}
		if unknown == SeverityWarning {
			msg += "; until then the tool's calls fail"
		}
		return Diagnostics{{Severity: unknown, File: w.File, Line: w.preAt[0], Col: w.preAt[1], Field: "pre_request", Msg: msg}}
	}
	var ds Diagnostics
	for _, ref := range w.preRefs {
		if p.step.varIndex(ref.name) < 0 {
			ds = append(ds, Diagnostic{File: w.File, Line: ref.line, Col: ref.col, Field: ref.field,
				Msg: fmt.Sprintf("${pre:%s}: the pre_request %q (%s) declares no variable %q%s", ref.name, p.Name, p.File, ref.name, declaredVars(p.step))})
		}
	}
	return ds
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

// mermaidPreNode declares the pre_request's node, if w has one, and
// reports whether one of its vars aborts.
func (w *Workflow) mermaidPreNode(b *strings.Builder) (aborts bool) {
	switch {
	case w.pre != nil:
		fmt.Fprintf(b, "  pre[%s]\n", mermaidLabel("pre_request · "+strings.TrimPrefix(stepLabel(w.pre.step), "-1 · ")))
		return slices.ContainsFunc(w.pre.step.vars, func(v varSpec) bool { return v.abort })
	case w.PreRequest != "":
		fmt.Fprintf(b, "  pre[%s]\n", mermaidLabel("pre_request: "+w.PreRequest+" (shared)"))
	}
	return false
}

// mermaidPreEdges links the start to step 0, through the pre_request if
// w has one.
func (w *Workflow) mermaidPreEdges(b *strings.Builder) {
	if w.pre == nil && w.PreRequest == "" {
		b.WriteString("  start --> s0\n")
		return
	}
	b.WriteString("  start --> pre\n")
	if w.pre == nil {
		b.WriteString("  pre --> s0\n")
		return
	}
	for _, v := range w.pre.step.vars {
		if v.abort {
			fmt.Fprintf(b, "  pre -.->|%s| abort\n", mermaidLabel(v.name+" fails"))
		}
	}
	if vars := edgeVars(w.pre.step); vars != "" {
		fmt.Fprintf(b, "  pre -->|%s| s0\n", mermaidLabel(vars))
		return
	}
	b.WriteString("  pre --> s0\n")
}
