package toolkit

import (
	"fmt"
	"slices"

	"github.com/goccy/go-yaml/ast"

	"github.com/toolkit-sdk/toolkit/internal/yamlast"
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
	preFields     = []string{"name", "url", "method", "headers", "query", "body", "timeout", "cache", "var", "retry", "ok_status", "on_error"}
	preFileFields = []string{"env", "values", "pre_request"}
)

// definesPreRequest reports whether the file defines a shared pre_request:
// it has no steps, and its pre_request is a mapping with a name.
func (c *compiler) definesPreRequest(have map[string]bool, pre ast.Node) bool {
	if have["steps"] || pre == nil {
		return false
	}
	return yamlast.MappingValue(c.resolve(pre), "name") != nil
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
		c.w.preAt[0], c.w.preAt[1] = yamlast.Pos(c.resolve(n))
		return
	}
	if _, ok := yamlast.MappingValues(c.resolve(n)); !ok {
		c.errorf(n, "pre_request", "must be a request (a mapping with url, method, headers, ...) or the name of a shared pre_request, got %s", yamlast.Kind(c.resolve(n)))
		return
	}
	p := &PreRequest{File: c.file}
	p.line, p.col = yamlast.Pos(key)
	if nameNode := yamlast.MappingValue(c.resolve(n), "name"); nameNode != nil {
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
	f := parseFile(filename, string(src), DefaultMaxFileBytes)
	if f.w != nil || f.a != nil {
		var what string
		if f.w != nil {
			what = fmt.Sprintf("the tool %q", f.w.Name)
		} else {
			what = fmt.Sprintf("the shared auth %q", f.a.Name)
		}
		f.diags = append(f.diags, Diagnostic{File: filename, Line: 1, Col: 1,
			Msg: "the file defines " + what + ", not a shared pre_request (a file with only env, values and a named pre_request)"})
		slices.SortStableFunc(f.diags, diagOrder)
		return nil, f.diags
	}
	return f.p, f.diags
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

// lookupPre returns ${pre:name}.
func (r *run) lookupPre(name string) (template.Value, bool) {
	if r.pre != nil {
		if i := r.pre.step.varIndex(name); i >= 0 && r.preVars[i].set {
			return r.preVars[i].Value, true
		}
	}
	return template.Value{}, false
}
