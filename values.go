package toolkit

import (
	"slices"

	"github.com/goccy/go-yaml/ast"

	"github.com/toolkit-sdk/toolkit/internal/yamlast"
)

// CallValue is a per-call value a workflow declares in `values` and reads
// as ${value:name}: what the host passes with WithValue for each call
// (a tenant, the end user's token, a locale). The model cannot set it.
type CallValue struct {
	Name string
	// Sensitive marks the value as a secret; names that look like secrets
	// (IsSecretName) are secrets anyway.
	Sensitive bool
	// Default, when HasDefault is set, is used when the host passes no
	// value; without one a call that lacks the value fails before any
	// request is sent.
	Default    string
	HasDefault bool

	line, col int // where the file declares it
}

// Secret reports whether the value is kept out of the model's output and
// the logs.
func (v CallValue) Secret() bool { return v.Sensitive || IsSecretName(v.Name) }

// value returns the declaration of the per-call value name, or nil.
func (w *Workflow) value(name string) *CallValue {
	for i := range w.Values {
		if w.Values[i].Name == name {
			return &w.Values[i]
		}
	}
	return nil
}

var valueFields = []string{"name", "sensitive", "default"}

// decl is one entry of a declaration list (env, values): a name, or a
// mapping with a name and options.
type decl struct {
	name      string
	sensitive bool
	def       string
	hasDef    bool
	node      ast.Node
	line, col int
}

// decls reads a declaration list; what names one of it is kind (for
// messages), and valid says what a name may be.
func (c *compiler) decls(n ast.Node, field string, fields []string, kind string, valid func(string) bool) []decl {
	items, ok := c.seq(n, field)
	if !ok {
		return nil
	}
	var out []decl
	for i, item := range items {
		path := indexPath(field, i)
		d := decl{node: item}
		switch c.resolve(item).(type) {
		case *ast.MappingNode, *ast.MappingValueNode:
			fs, _ := c.mapping(item, path, fields)
			for _, f := range fs {
				switch f.key {
				case "name":
					d.name, _ = c.str(f.value, path+".name")
				case "sensitive":
					d.sensitive, _ = c.boolean(f.value, path+".sensitive")
				case "default":
					if v, ok := c.scalar(f.value, path+".default"); ok {
						d.def, d.hasDef = argText(v), true
					}
				}
			}
		default:
			d.name, _ = c.str(item, path)
		}
		d.line, d.col = yamlast.Pos(c.resolve(item))
		if d.name == "" {
			c.errorf(item, path, "missing %s name", kind)
			continue
		}
		if !valid(d.name) {
			c.errorf(item, path, "%q is not a valid %s name", d.name, kind)
		}
		if slices.ContainsFunc(out, func(o decl) bool { return o.name == d.name }) {
			c.errorf(item, path, "duplicate %s %q", kind, d.name)
		}
		out = append(out, d)
	}
	return out
}

func (c *compiler) values(n ast.Node) {
	for _, d := range c.decls(n, "values", valueFields, "per-call value", isName) {
		c.w.Values = append(c.w.Values, CallValue{Name: d.name, Sensitive: d.sensitive, Default: d.def, HasDefault: d.hasDef, line: d.line, col: d.col})
	}
}

// declaredValues returns the values the workflow and its shared
// pre_request declare.
func (r *run) declaredValues() []CallValue {
	vs := r.w.Values
	if r.pre != nil && len(r.pre.Values) > 0 {
		vs = append(slices.Clip(vs), r.pre.Values...)
	}
	if a := r.auth; a != nil && a.Name != "" && len(a.Values) > 0 {
		vs = append(slices.Clip(vs), a.Values...)
	}
	return vs
}

// bindValues checks that the host passed every declared value that has no
// default, and records the secret ones.
func (r *run) bindValues() (Result, bool) {
	for _, v := range r.declaredValues() {
		val, ok := r.values[v.Name]
		if _, isBytes := r.bytes[v.Name]; isBytes && !ok {
			if v.Secret() {
				data, _, _ := r.valueBytes(v.Name)
				r.secrets.Add(string(data))
			}
			continue // passed as bytes (WithBytes, WithReader)
		}
		switch {
		case !ok && !v.HasDefault:
			r.e.opts.Logger.WarnContext(r.ctx, "toolkit: per-call value not passed (toolkit.WithValue)", "capability", r.w.Name, "value", v.Name)
			exported := ""
			if r.e.opts.Exports != nil {
				exported = ", nor did an earlier call of the conversation export it"
			}
			return r.fail("the host passed no per-call value %q%s, which the tool file declares in values; this is for the application's developers, not something a parameter can supply", v.Name, exported), false
		case !ok:
			val = v.Default
		}
		if v.Secret() {
			r.secrets.Add(val)
		}
	}
	return Result{}, true
}

// lookupValue returns ${value:name}: the host's value, else the declared
// default (a value without either fails the call in bindValues).
func (r *run) lookupValue(name string) (string, bool) {
	if v, ok := r.values[name]; ok {
		return v, true
	}
	if data, ok, err := r.valueBytes(name); ok && err == nil { // upload.go
		return string(data), true
	}
	for _, d := range r.declaredValues() {
		if d.Name == name && d.HasDefault {
			return d.Default, true
		}
	}
	return "", false
}
