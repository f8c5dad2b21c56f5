package toolkit

import (
	"context"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/goccy/go-yaml/ast"

	"github.com/toolkit-sdk/toolkit/internal/yamlast"
)

// Export is a variable a step exported (export:), for the host: its agent
// loop, the environment of a child process it starts (Name=Value), and,
// through Options.Exports, the later calls of the same conversation. The
// model never sees it unless a result template shows the var.
type Export struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	// Secret marks a value kept out of the model's output and the logs (a
	// session token): its name, or the var's, looks like a secret's, or
	// the call sent it as a credential. The host should not log it either.
	Secret bool `json:"secret,omitempty"`
}

// ExportStore keeps what steps export between the calls of one
// conversation, named by the host per call (WithConversation). The host
// implements it over its own session storage, or uses NewMemoryExports.
// Values may hold credentials; a store must be private to the host.
// Errors never fail a call: the call goes on without what was kept (or
// without keeping its exports), and the Executor logs the error.
// Implementations must be safe for concurrent use.
type ExportStore interface {
	// Load returns what the conversation's calls exported so far.
	Load(ctx context.Context, conversation string) ([]Export, error)
	// Save merges exports, by name, over what the conversation keeps.
	Save(ctx context.Context, conversation string, exports []Export) error
}

// WithConversation names the conversation the call belongs to: with an
// Options.Exports store, the variables earlier calls of it exported are
// this call's per-call values (${value:NAME}; a value passed with
// WithValue wins), and what this call exports is kept for the next ones.
func WithConversation(id string) CallOption {
	return func(o *callOptions) { o.conversation = id }
}

// exportSpec is one entry of a step's export list.
type exportSpec struct {
	name string // exported as
	v    int    // index of the var in the step
}

var exportFields = []string{"name", "as"}

// exports compiles a step's export list: var names, or {name: var, as:
// NAME}; what is exported is named like an environment variable.
func (c *compiler) exports(s *step, n ast.Node, path string) {
	items, ok := c.seq(n, path)
	if !ok {
		return
	}
	for i, item := range items {
		ip := indexPath(path, i)
		var varName, as string
		if _, isMap := yamlast.MappingValues(c.resolve(item)); isMap {
			fields, _ := c.mapping(item, ip, exportFields)
			for _, f := range fields {
				switch f.key {
				case "name":
					varName, _ = c.str(f.value, ip+".name")
				case "as":
					as, _ = c.str(f.value, ip+".as")
				}
			}
			if varName == "" {
				c.errorf(item, ip, "missing required field \"name\" (the var to export)")
				continue
			}
		} else if varName, ok = c.str(item, ip); !ok {
			continue
		}
		v := s.varIndex(varName)
		switch {
		case v < 0:
			c.errorf(item, ip, "%s declares no variable %q to export%s", stepName(s), varName, declaredVars(s))
			continue
		case as == "":
			as = varName
			if !isEnvName(as) {
				c.errorf(item, ip, "%q is not an environment variable name (letters, digits and _); export it as one: {name: %s, as: NAME}", as, varName)
				continue
			}
		case !isEnvName(as):
			c.errorf(item, ip+".as", "%q is not an environment variable name (letters, digits and _)", as)
			continue
		}
		if slices.ContainsFunc(s.exports, func(e exportSpec) bool { return e.name == as }) {
			c.errorf(item, ip, "duplicate export %q in this step", as)
			continue
		}
		s.exports = append(s.exports, exportSpec{name: as, v: v})
	}
}

// loadExports makes what earlier calls of the conversation exported this
// call's per-call values, under the host's own.
func (r *run) loadExports(co *callOptions) {
	store := r.e.opts.Exports
	if store == nil || co.conversation == "" {
		return
	}
	kept, err := store.Load(r.ctx, co.conversation)
	if err != nil {
		r.e.opts.Logger.WarnContext(r.ctx, "toolkit: loading the conversation's exports failed; the call goes on without them", "capability", r.w.Name, "error", r.secrets.Redact(err.Error()))
		return
	}
	if len(kept) == 0 {
		return
	}
	values := make(map[string]string, len(co.values)+len(kept))
	for _, e := range kept {
		values[e.Name] = e.Value
		if e.Secret {
			r.secrets.Add(e.Value)
		}
	}
	maps.Copy(values, co.values) // the host's values win
	r.values = values
}

// collectExports returns the exports of the steps whose vars were set,
// in step order (a later step's export wins over an earlier one's of the
// same name).
func (r *run) collectExports() []Export {
	var out []Export
	for _, s := range r.w.steps {
		for _, e := range s.exports {
			val := r.vars[s.index][e.v]
			if !val.set {
				continue
			}
			x := Export{Name: e.name, Value: val.Text,
				Secret: IsSecretName(e.name) || IsSecretName(s.vars[e.v].name) || r.secrets.Redact(val.Text) != val.Text}
			if i := slices.IndexFunc(out, func(o Export) bool { return o.Name == x.Name }); i >= 0 {
				out[i] = x
				continue
			}
			out = append(out, x)
		}
	}
	return out
}

// saveExports hands a successful call's exports to the host: in the
// Result, and to the conversation's store.
func (r *run) saveExports(res *Result, co *callOptions) {
	if res.IsError || !r.w.exports {
		return
	}
	res.Exports = r.collectExports()
	if store := r.e.opts.Exports; store != nil && co.conversation != "" && len(res.Exports) > 0 {
		if err := store.Save(r.ctx, co.conversation, res.Exports); err != nil {
			r.e.opts.Logger.WarnContext(r.ctx, "toolkit: keeping the call's exports failed", "capability", r.w.Name, "error", r.secrets.Redact(err.Error()))
		}
	}
}

// DefaultExportTTL is how long NewMemoryExports keeps a conversation's
// exports after its last export.
const DefaultExportTTL = 24 * time.Hour

// NewMemoryExports returns an in-process ExportStore holding the exports
// of at most 10,000 conversations (dropping the least recently used), each
// for ttl after its last export (DefaultExportTTL when ttl <= 0). Its
// methods never fail.
func NewMemoryExports(ttl time.Duration) ExportStore {
	if ttl <= 0 {
		ttl = DefaultExportTTL
	}
	return &memoryExports{c: NewMemoryCache(), ttl: ttl}
}

// memoryExports keeps each conversation's exports decoded in a MemoryCache.
type memoryExports struct {
	mu  sync.Mutex // makes Save's read and write one step
	c   *MemoryCache
	ttl time.Duration
}

func (m *memoryExports) Load(_ context.Context, conversation string) ([]Export, error) {
	e, _ := m.c.get(memoryKey{key: conversation})
	kept, _ := e.vars.([]Export)
	return slices.Clone(kept), nil
}

func (m *memoryExports) Save(_ context.Context, conversation string, exports []Export) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, _ := m.c.get(memoryKey{key: conversation})
	kept, _ := e.vars.([]Export)
	merged := slices.Clone(kept)
	for _, x := range exports {
		if i := slices.IndexFunc(merged, func(o Export) bool { return o.Name == x.Name }); i >= 0 {
			merged[i] = x
			continue
		}
		merged = append(merged, x)
	}
	m.c.set(memoryKey{key: conversation}, memoryEntry{vars: merged}, m.ttl)
	return nil
}
