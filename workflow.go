package toolkit

import (
	"fmt"
	"sync/atomic"
	"time"

	"github.com/toolkit-sdk/toolkit/extract"
	"github.com/toolkit-sdk/toolkit/template"
)

// DefaultStepTimeout is a step's timeout when it sets none.
const DefaultStepTimeout = 30 * time.Second

// Workflow is a compiled YAML capability: its params and step chain with
// every template, path and regex compiled. A Workflow is immutable and safe
// for concurrent use; run it through an Executor or register it in a Registry.
type Workflow struct {
	Name        string
	Description string
	// Category is the file's `category`, else (LoadDir, LoadFS) its
	// folder's name, else "" ("http" in the Registry).
	Category string
	// Tags are words query_capabilities' keyword matches (`tags`).
	Tags   []string
	File   string
	Params []Param
	// Examples are arguments showing how to call the tool (examples:),
	// each checked against Params at load.
	Examples []map[string]any
	Env      []EnvVar
	// Values are the per-call values the workflow reads (${value:name}).
	Values []CallValue
	// PreRequest names the shared pre_request run before the steps, defined
	// in another file of the same Registry; "" when there is none, or when
	// the file writes its pre_request out.
	PreRequest string
	pre        *PreRequest // written out in the file
	preAt      [2]int      // line and column of PreRequest's name
	preRefs    []preRef    // ${pre:…} references, checked against a shared pre_request
	// Auth names the shared auth every step authenticates with (a step
	// opts out with auth: none), defined in another file of the same
	// Registry; "" when there is none, or when the file writes its auth
	// out.
	Auth      string
	auth      *Auth  // written out in the file
	authAt    [2]int // line and column of Auth's name
	steps     []*step
	exports   bool     // a step exports vars
	nvars     int      // vars of all steps
	secretEnv []string // env names whose values are secrets, sorted
}

// EnvVar is an environment variable a workflow declares in `env`.
type EnvVar struct {
	Name string
	// Sensitive marks the value as a secret (reserved extension
	// `sensitive`); names that look like secrets are secrets anyway.
	Sensitive bool

	line, col int // where the file declares it
}

// Secret reports whether the variable's value is kept out of the model's
// output and the logs.
func (v EnvVar) Secret() bool { return v.Sensitive || IsSecretName(v.Name) }

type step struct {
	index    int
	url      *template.Template
	method   string
	headers  []headerTemplate // one per name, in name order
	query    []queryTemplate
	body     *template.Template
	upload   *uploadSpec // body: a mapping that sends files (upload.go)
	timeout  time.Duration
	cache    bool
	cacheTTL time.Duration
	next     int // -1: the following step
	vars     []varSpec
	exports  []exportSpec
	result   *template.Template
	retry    retryPolicy
	loop     *loopSpec      // nil: one request
	okStatus []int          // statuses expected besides 2xx (ok_status)
	onError  onError        // what a failed request or an unexpected status does
	refs     []template.Ref // every reference of url, headers, query and body
	envOnly  bool           // every ref is ${env:…}: see envMemo
	envNames []string       // when envOnly, the variables the refs name, each once
	memo     atomic.Pointer[envMemo]
	noAuth   bool // auth: none: the tool's auth is not applied
	// urlFrom is the reference the step's whole URL is, when it is not
	// ${env:…} (a parameter, a response, a per-call value): the tool's
	// auth is never sent there.
	urlFrom string
	stream  *streamSpec // nil: the body is read whole (stream.go)
}

type headerTemplate struct {
	name   string
	value  *template.Template
	secret bool
}

type queryTemplate struct {
	key     string
	escaped string // key, query-escaped
	value   *template.Template
}

type varSpec struct {
	name       string
	expr       *extract.Expr // nil: the whole body
	hasDefault bool
	def        string
	abort      bool
	jump       int    // -1: none
	fromLoop   bool   // set by the step's loop (items, more), not extracted
	secret     bool   // named as a credential: its value is a secret of the call (setVar)
	from       string // a stream step's SSE field: "event" or "id"; "": the data
}

// isSecretVar reports whether a var of step index named name is named as a
// credential: a pre_request's whose name marks a secret (IsSecretName), a
// step's whose name ends in a credential word as a query key's does
// (IsSecretQueryKey: access_token, id_token, api_key, client_secret,
// password, but not author, token_type or is_private, whose values are
// ordinary words the model must read).
func isSecretVar(index int, name string) bool {
	return index == PreRequestIndex && IsSecretName(name) || IsSecretQueryKey(name)
}

func (s *step) varIndex(name string) int {
	for i, v := range s.vars {
		if v.name == name {
			return i
		}
	}
	return -1
}

type retryPolicy struct {
	max     int
	waitMin time.Duration
	waitMax time.Duration
	// anyMethod retries a POST or PATCH that may have reached the server
	// (the step's idempotency_key: true, which sends an Idempotency-Key).
	anyMethod bool
}

// Effects returns what running w does, from its steps' methods (see
// MethodEffects): all GET or HEAD is read-only and idempotent, a DELETE
// step makes it destructive, PUT only idempotent, a POST or PATCH unknown
// but not read-only. Every step sends an HTTP request.
func (w *Workflow) Effects() Effects {
	ms := make([]string, len(w.steps))
	for i, s := range w.steps {
		ms[i] = s.method
	}
	return MethodEffects(ms...)
}

// unsetEnv returns a warning for each declared environment variable that
// lookup does not find.
func (w *Workflow) unsetEnv(lookup func(string) (string, bool)) Diagnostics {
	return unsetEnv(w.File, w.Env, lookup)
}

// unsetEnv returns a warning for each of a file's env that lookup does not
// find.
func unsetEnv(file string, env []EnvVar, lookup func(string) (string, bool)) Diagnostics {
	var ds Diagnostics
	for i, v := range env {
		if _, ok := lookup(v.Name); !ok {
			ds = append(ds, Diagnostic{Severity: SeverityWarning, File: file, Line: v.line, Col: v.col,
				Field: fmt.Sprintf("env[%d]", i), Msg: fmt.Sprintf("environment variable %s is not set; it expands to \"\"", v.Name)})
		}
	}
	return ds
}
