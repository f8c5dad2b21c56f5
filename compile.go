package toolkit

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"

	"github.com/toolkit-sdk/toolkit/extract"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/suggest"
	"github.com/toolkit-sdk/toolkit/internal/yamlast"
	"github.com/toolkit-sdk/toolkit/internal/yamlscan"
	"github.com/toolkit-sdk/toolkit/template"
)

// DefaultMaxFileBytes bounds the size of a tool file, and its size with its
// YAML aliases expanded (Options.MaxFileBytes).
const DefaultMaxFileBytes = 256 << 10

// Bounds on a tool file's content. A file's size is bounded by
// MaxFileBytes; these bound what makes no sense large, or what the model
// would read whole in query_capability_detail.
const (
	maxFileDepth = 32 // nesting levels; a tool file needs about 6
	maxNameBytes = 64 // capability and parameter names (the common limit on tool names)
	// maxCategoryBytes bounds a capability's category (a Go capability's
	// too): answers list and echo categories.
	maxCategoryBytes = 64
	maxDescBytes     = 4096 // desc, shown whole; a longer one is cut with a note
	maxDetailBytes   = 1024 // a parameter's description, likewise
	// maxTextBytes refuses a desc or parameter description: far past what
	// anyone writes, against abuse.
	maxTextBytes = 64 << 10
)

// ParseWorkflow compiles one YAML tool file. filename is used in
// diagnostics. The returned Diagnostics hold every problem found, warnings
// included; the Workflow is nil when any of them is an error.
//
// A file over DefaultMaxFileBytes, or whose aliases expand it past that, is
// refused (a Registry applies Options.MaxFileBytes instead), as is one
// nesting deeper than 32 levels, a desc or parameter description over 64
// KiB or a name over 64 bytes. A desc over 4 KiB, or a parameter
// description over 1 KiB, is cut to that with a note saying so (and a
// warning).
func ParseWorkflow(filename string, src []byte) (*Workflow, Diagnostics) {
	return parseWorkflow(filename, src, DefaultMaxFileBytes)
}

func parseWorkflow(filename string, src []byte, maxBytes int) (*Workflow, Diagnostics) {
	f := parseFile(filename, string(src), maxBytes)
	switch {
	case f.p != nil:
		f.diags = append(f.diags, notATool(f.p))
	case f.a != nil:
		f.diags = append(f.diags, notAToolAuth(f.a))
	}
	slices.SortStableFunc(f.diags, diagOrder)
	return f.w, f.diags
}

// parsed is a compiled file: a tool, a shared pre_request or a shared
// auth (at most one of w, p and a is non-nil), and its diagnostics.
type parsed struct {
	w     *Workflow
	p     *PreRequest
	a     *Auth
	diags Diagnostics
}

// parseFile compiles a tool file, or a file that defines a shared
// pre_request or a shared auth.
func parseFile(filename, src string, maxBytes int) parsed {
	if len(src) > maxBytes {
		return parsed{diags: Diagnostics{tooLarge(filename, int64(len(src)), maxBytes)}}
	}
	sc := scratches.Get().(*scratch)
	defer sc.release()
	r := &nodeReader{file: filename}
	tree, err := yamlscan.Parse(src, maxFileDepth)
	if err != nil {
		r.diags = append(r.diags, yamlSyntaxDiagnostic(filename, src, err))
		return parsed{diags: r.diags}
	}
	defer tree.Release() // what is compiled holds no node
	var body ast.Node
	for _, doc := range tree.File.Docs {
		if doc.Body == nil {
			continue
		}
		if body != nil {
			r.errorf(doc.Body, "", "a tool file holds one YAML document; found another")
			break
		}
		body = doc.Body
	}
	if body == nil {
		r.diags = append(r.diags, Diagnostic{File: filename, Line: 1, Col: 1, Msg: "empty tool file"})
		return parsed{diags: r.diags}
	}
	if at := yamlast.AliasBomb(body, maxBytes); at != nil {
		r.errorf(at, "", "YAML aliases expand the file to over %d bytes (Options.MaxFileBytes)", maxBytes)
		return parsed{diags: r.diags}
	}
	sc.c = compiler{nodeReader: r, w: &Workflow{File: filename}, pending: sc.pending[:0]}
	c := &sc.c
	defer func() { sc.pending = c.pending }()
	c.top(body)
	slices.SortStableFunc(r.diags, diagOrder)
	switch {
	case r.diags.HasErrors():
		return parsed{diags: r.diags}
	case c.def:
		p := c.pre
		p.Env, p.Values, p.secretEnv = c.w.Env, c.w.Values, c.w.secretEnv
		return parsed{p: p, diags: r.diags}
	case c.defAuth:
		a := c.auth
		a.Name, a.Env, a.Values = c.w.Name, c.w.Env, c.w.Values
		return parsed{a: a, diags: r.diags}
	}
	c.w.pre, c.w.auth = c.pre, c.auth
	return parsed{w: c.w, diags: r.diags}
}

// parseToolFile is parseFile for callers that load no shared auth.
func parseToolFile(filename, src string, maxBytes int) (*Workflow, *PreRequest, Diagnostics) {
	f := parseFile(filename, src, maxBytes)
	return f.w, f.p, f.diags
}

// scratch is the memory a file's compile uses and nothing compiled keeps:
// the references checked once all steps are read. It is pooled for the
// next file.
type scratch struct {
	pending []pendingRef
	// c is the file's compiler, here rather than on the stack because
	// the loop styles' compile funcs (loopStyles) are handed a pointer to
	// it.
	c compiler
}

var scratches = sync.Pool{New: func() any { return new(scratch) }}

// release clears s (a reference kept past it reads as zero) and pools
// it, unless a large file grew it.
func (s *scratch) release() {
	keep := cap(s.pending) <= 1024
	clear(s.pending[:cap(s.pending)])
	s.c = compiler{}
	if keep {
		scratches.Put(s)
	}
}

// diagOrder orders diagnostics by position.
func diagOrder(a, b Diagnostic) int {
	return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
}

// tooLarge reports a file of size bytes (-1: unknown, over the limit).
func tooLarge(file string, size int64, limit int) Diagnostic {
	msg := fmt.Sprintf("the file is over %d bytes, the limit (Options.MaxFileBytes)", limit)
	if size >= 0 {
		msg = fmt.Sprintf("the file is %d bytes, over the limit of %d (Options.MaxFileBytes)", size, limit)
	}
	return Diagnostic{File: file, Msg: msg}
}

func yamlSyntaxDiagnostic(file, src string, err error) Diagnostic {
	d := Diagnostic{File: file, Msg: "invalid YAML: " + err.Error()}
	var deep *yamlscan.DepthError
	var ye yaml.Error
	if errors.As(err, &deep) {
		d.Line, d.Col = deep.Line, deep.Col
		d.Msg = fmt.Sprintf("YAML %s; a tool file needs far fewer", deep)
	} else if errors.As(err, &ye) {
		d.Msg = "invalid YAML: " + ye.GetMessage()
		if tk := ye.GetToken(); tk != nil && tk.Position != nil {
			d.Line, d.Col = tk.Position.Line, tk.Position.Column
		}
		d.Msg += flowReferenceHint(src, d.Line)
	}
	return d
}

// flowReferenceHint explains the common cause of a syntax error on a line
// that holds a ${...} reference inside a {...} or [...] collection, where
// YAML reads its braces as the collection's.
func flowReferenceHint(src string, line int) string {
	lines := strings.Split(src, "\n")
	if line < 1 || line > len(lines) {
		return ""
	}
	l := lines[line-1]
	ref := strings.Index(l, "${")
	if ref < 0 || !strings.ContainsAny(l[:ref], "{[") {
		return ""
	}
	return `; inside {...} or [...] a value holding ${...} must be quoted, e.g. {Authorization: "Bearer ${step0:token}"}`
}

type compiler struct {
	*nodeReader
	w         *Workflow
	pre       *PreRequest // the pre_request written out in the file
	def       bool        // the file defines a shared pre_request
	auth      *Auth       // the auth block written out in the file
	defAuth   bool        // the file defines a shared auth
	stepNodes []ast.Node
	nextNodes []ast.Node // each step's next field, nil where unset
	varNodes  []ast.Node // the current step's var items, as in its vars
	// references checked after all steps are known
	pending []pendingRef
	refs    []template.Ref // a template's, as template reads them
	cur     int            // the step being compiled
}

type pendingRef struct {
	ref  template.Ref
	node ast.Node
	src  string
	path string
	step int // the step whose field holds it (PreRequestIndex for the pre_request)
}

var (
	topFields   = []string{"name", "desc", "category", "tags", "params", "examples", "env", "values", "steps", "pre_request", "auth"}
	paramFields = []string{"name", "type", "required", "description", "default", "validate", "format"}
	envFields   = []string{"name", "sensitive"}
	stepFields  = []string{"url", "method", "headers", "query", "body", "timeout", "cache", "next", "var", "result", "retry", "loop", "export", "ok_status", "on_error", "auth", "stream"}
	varFields   = []string{"name", "extract", "default", "abort", "jump", "from"}
	methods     = []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch, http.MethodHead, http.MethodOptions}
)

func (c *compiler) top(body ast.Node) {
	fields, ok := c.mapping(body, "", topFields)
	if !ok {
		return
	}
	var stepsNode, preKey, preNode, authNode, examplesNode ast.Node
	have := map[string]bool{}
	for _, f := range fields {
		have[f.key] = true
		switch f.key {
		case "name":
			if s, ok := c.str(f.value, "name"); ok && c.short(f.value, "name", s, maxNameBytes) {
				if !isName(s) {
					c.errorf(f.value, "name", "%q is not a valid capability name (letters, digits, _ . -; starting with a letter or _)", s)
				}
				c.w.Name = s
			}
		case "desc":
			if s, ok := c.str(f.value, "desc"); ok && c.short(f.value, "desc", s, maxTextBytes) {
				s = c.cutLong(f.value, "desc", strings.TrimSpace(s), maxDescBytes)
				if strings.TrimSpace(s) == "" {
					c.errorf(f.value, "desc", "must not be empty")
				}
				c.w.Description = strings.TrimSpace(s)
			}
		case "category":
			c.category(f.value)
		case "tags":
			c.tags(f.value)
		case "params":
			c.params(f.value)
		case "examples":
			examplesNode = f.value // read once the params are known
		case "env":
			c.env(f.value)
		case "values":
			c.values(f.value)
		case "steps":
			stepsNode = f.value
		case "pre_request":
			preKey, preNode = f.keyN, f.value
		case "auth":
			authNode = f.value
		}
	}
	if c.defAuth = c.definesAuth(have, authNode); c.defAuth {
		for _, f := range fields {
			if !slices.Contains(authFileFields, f.key) {
				c.errorf(f.keyN, f.key, "a file that defines a shared auth holds only name, env, values and auth; tools reference it by name")
			}
		}
		if !have["name"] {
			c.errorf(body, "", "missing required field \"name\": the name tools give as auth: NAME")
		}
	} else if c.def = c.definesPreRequest(have, preNode); c.def {
		for _, f := range fields {
			if !slices.Contains(preFileFields, f.key) {
				c.errorf(f.keyN, f.key, "a file that defines a shared pre_request holds only env, values and pre_request; tools reference it by name")
			}
		}
		stepsNode = nil
	} else {
		for _, req := range []string{"name", "desc", "steps"} {
			if !have[req] {
				c.errorf(body, "", "missing required field %q", req)
			}
		}
	}
	if examplesNode != nil && !c.def {
		c.examples(examplesNode)
	}
	if preNode != nil {
		c.preRequest(preKey, preNode)
	}
	if stepsNode != nil {
		c.steps(stepsNode)
	}
	if authNode != nil {
		if c.defAuth {
			c.auth = c.authBlock(authNode, "auth")
		} else {
			c.topAuth(authNode)
			c.checkAuthConflicts()
		}
	}
	c.checkRefs()
}

// isName reports whether s is a name of params, vars, values and
// capabilities: a letter or underscore, then letters, digits, '_', '.'
// and '-'.
func isName(s string) bool { return identifier(s, "_.-") }

// isEnvName reports whether s is a name of an environment variable: a
// letter or underscore, then letters, digits and '_'.
func isEnvName(s string) bool { return identifier(s, "_") }

// identifier reports whether s is a letter or underscore followed by
// letters, digits and the bytes of extra (ASCII only).
func identifier(s, extra string) bool {
	for i := range len(s) {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', c == '_':
		case i > 0 && ('0' <= c && c <= '9' || strings.IndexByte(extra, c) >= 0):
		default:
			return false
		}
	}
	return s != ""
}

func (c *compiler) params(n ast.Node) {
	items, ok := c.seq(n, "params")
	if !ok {
		return
	}
	for i, item := range items {
		path := indexPath("params", i)
		fields, ok := c.mapping(item, path, paramFields)
		if !ok {
			continue
		}
		var p Param
		have := map[string]bool{}
		var defNode, validateNode, formatNode ast.Node
		for _, f := range fields {
			have[f.key] = true
			fp := path + "." + f.key
			switch f.key {
			case "name":
				p.Name, _ = c.str(f.value, fp)
				if !c.short(f.value, fp, p.Name, maxNameBytes) {
					p.Name = ""
				} else if p.Name != "" && !isName(p.Name) {
					c.errorf(f.value, fp, "%q is not a valid parameter name", p.Name)
				}
			case "type":
				s, ok := c.str(f.value, fp)
				p.Type = ParamType(s)
				if ok && !p.Type.valid() {
					c.errorf(f.value, fp, "unknown type %q; use string, number, integer or boolean", s)
				}
			case "required":
				p.Required, _ = c.boolean(f.value, fp)
			case "description":
				p.Description, _ = c.str(f.value, fp)
				if c.short(f.value, fp, p.Description, maxTextBytes) {
					p.Description = c.cutLong(f.value, fp, p.Description, maxDetailBytes)
				}
			case "default":
				defNode = f.value
			case "validate":
				validateNode = f.value
			case "format":
				formatNode = f.value
			}
		}
		for _, req := range []string{"name", "type", "required", "description"} {
			if !have[req] {
				c.errorf(item, path, "missing required field %q", req)
			}
		}
		if formatNode != nil {
			c.paramFormat(&p, formatNode, path+".format") // upload.go
		}
		if validateNode != nil {
			if s, ok := c.str(validateNode, path+".validate"); ok {
				expr := s
				if len(expr) >= 2 && expr[0] == '/' && expr[len(expr)-1] == '/' {
					expr = expr[1 : len(expr)-1]
				}
				re, err := regexp.Compile(expr)
				if err != nil {
					c.errorf(validateNode, path+".validate", "invalid regex: %v", err)
				}
				p.Validate = re
			}
		}
		if defNode != nil && p.Type.valid() {
			p.Default = c.paramDefault(p, defNode, path+".default")
		}
		if slices.ContainsFunc(c.w.Params, func(q Param) bool { return q.Name == p.Name && p.Name != "" }) {
			c.errorf(item, path+".name", "duplicate parameter %q", p.Name)
		}
		c.w.Params = append(c.w.Params, p)
	}
}

// maxExamples bounds a tool's examples: each costs the model tokens on
// every turn its tool is shown.
const maxExamples = 10

// examples reads the tool's examples: each a mapping of parameter names to
// values that fit them, with every required parameter that has no
// default. The model sees them where its API takes them (Anthropic's
// input_examples, adapters/anthropic).
func (c *compiler) examples(n ast.Node) {
	items, ok := c.seq(n, "examples")
	if !ok {
		return
	}
	if len(items) > maxExamples {
		c.errorf(n, "examples", "%d examples; at most %d are allowed", len(items), maxExamples)
		return
	}
	names := make([]string, len(c.w.Params))
	for i, p := range c.w.Params {
		names[i] = p.Name
	}
	for i, item := range items {
		path := indexPath("examples", i)
		fields, ok := c.mapping(item, path, nil)
		if !ok {
			continue
		}
		ex := make(map[string]any, len(fields))
		for _, f := range fields {
			fp := path + "." + f.key
			j := slices.Index(names, f.key)
			if j < 0 {
				msg := fmt.Sprintf("unknown parameter %q", f.key)
				if s := suggest.Closest(f.key, names); s != "" {
					msg += fmt.Sprintf("; did you mean %q?", s)
				}
				c.errorf(f.keyN, fp, "%s", msg)
				continue
			}
			p := c.w.Params[j]
			if !p.Type.valid() {
				continue // reported with the parameter
			}
			if v, ok := c.scalar(f.value, fp); !ok {
				continue
			} else if v == nil {
				c.errorf(f.value, fp, "must be a value of the parameter's type, not null")
				continue
			}
			if v := c.paramValue(p, f.value, fp, "the example's value"); v != nil {
				ex[f.key] = v
			}
		}
		for _, p := range c.w.Params {
			if _, ok := ex[p.Name]; !ok && p.Required && p.Default == nil && !slices.ContainsFunc(fields, func(f field) bool { return f.key == p.Name }) {
				c.errorf(item, path, "missing required parameter %q", p.Name)
			}
		}
		c.w.Examples = append(c.w.Examples, ex)
	}
}

// paramDefault converts a default to the param's type, as an argument of
// that type would be.
func (c *compiler) paramDefault(p Param, n ast.Node, path string) any {
	return c.paramValue(p, n, path, "default")
}

// paramValue converts the value at n (what: a default, an example's) to
// the param's type, as an argument of that type would be.
func (c *compiler) paramValue(p Param, n ast.Node, path, what string) any {
	v, ok := c.scalar(n, path)
	if !ok || v == nil {
		return nil
	}
	var arg any
	switch x := v.(type) {
	case bool:
		arg = x
	case string:
		if _, isStr := c.resolve(n).(*ast.StringNode); isStr && p.Type == TypeString {
			arg = x
		} else if jsonstr.IsNumber(x) {
			arg = json.Number(x)
		} else {
			arg = x
		}
	}
	out, err := convertArg(Param{Name: p.Name, Type: p.Type, Validate: p.Validate}, arg)
	if err != nil {
		c.errorf(n, path, "%s does not fit the parameter: %v", what, err)
		return nil
	}
	return out
}

func (c *compiler) env(n ast.Node) {
	for _, d := range c.decls(n, "env", envFields, "environment variable", isEnvName) {
		c.w.Env = append(c.w.Env, EnvVar{Name: d.name, Sensitive: d.sensitive, line: d.line, col: d.col})
	}
}

func (c *compiler) steps(n ast.Node) {
	items, ok := c.seq(n, "steps")
	if !ok {
		return
	}
	if len(items) == 0 {
		c.errorf(n, "steps", "must hold at least one step")
		return
	}
	c.stepNodes = items
	c.nextNodes = make([]ast.Node, len(items))
	c.w.steps = make([]*step, len(items))
	for i, item := range items {
		c.w.steps[i] = c.step(i, indexPath("steps", i), item, stepFields)
		c.w.nvars += len(c.w.steps[i].vars)
	}
	c.checkReachable()
}

// step compiles step i (PreRequestIndex for a pre_request) at path, whose
// fields may be known.
func (c *compiler) step(i int, path string, n ast.Node, known []string) *step {
	s := &step{index: i, method: http.MethodGet, timeout: DefaultStepTimeout, next: -1}
	c.cur = i
	fields, ok := c.mapping(n, path, known)
	if !ok {
		return s
	}
	have := map[string]bool{}
	var bodyNode, nextNode, loopNode, exportNode, streamNode ast.Node
	var bodySrc string
	pending := len(c.pending)
	c.varNodes = c.varNodes[:0]
	for _, f := range fields {
		have[f.key] = true
		fp := path + "." + f.key
		switch f.key {
		case "url":
			if src, ok := c.str(f.value, fp); ok {
				s.url = c.template(f.value, src, template.InURL, fp)
				if s.url != nil && s.url.IsLiteral() {
					c.checkLiteralURL(f.value, src, fp)
				}
				s.urlFrom = wholeURLRef(s.url)
			}
		case "method":
			if m, ok := c.str(f.value, fp); ok {
				s.method = strings.ToUpper(m)
				if !slices.Contains(methods, s.method) {
					c.errorf(f.value, fp, "unknown method %q; use GET, POST, PUT, DELETE or PATCH", m)
				}
			}
		case "headers":
			s.headers = c.headers(f.value, fp)
		case "query":
			s.query = c.query(f.value, fp)
		case "body":
			bodyNode = f.value
			if isMapping(c.resolve(f.value)) {
				break // an upload, compiled once the headers are known
			}
			bodySrc, _ = c.str(f.value, fp)
		case "timeout":
			if t, ok := c.integer(f.value, fp); ok {
				if t <= 0 {
					c.errorf(f.value, fp, "must be a positive number of seconds")
				}
				s.timeout = time.Duration(t) * time.Second
			}
		case "cache":
			c.cache(s, f.value, fp)
		case "next":
			nextNode = f.value
			c.nextNodes[i] = f.value
			s.next, _ = c.integer(f.value, fp)
		case "var":
			c.vars(s, f.value, fp)
		case "result":
			if src, ok := c.str(f.value, fp); ok {
				s.result = c.template(f.value, src, template.InText, fp)
			}
		case "retry":
			c.retry(s, f.value, fp)
		case "loop":
			loopNode = f.value
			c.loop(s, f.value, fp)
		case "export":
			exportNode = f.value
		case "ok_status":
			c.okStatus(s, f.value, fp)
		case "on_error":
			c.onError(s, f.value, fp)
		case "auth":
			c.stepAuth(s, f.value, fp)
		case "stream":
			streamNode = f.value
			c.stream(s, f.value, fp)
		}
	}
	c.checkStream(s, path, streamNode, loopNode, have)
	if !have["url"] {
		c.errorf(n, path, "missing required field \"url\"")
	}
	if bodyNode != nil && isMapping(c.resolve(bodyNode)) {
		c.upload(s, bodyNode, path+".body") // upload.go
	} else if bodyNode != nil {
		ctx := bodyContext(bodySrc, s.headers)
		s.body = c.template(bodyNode, bodySrc, ctx, path+".body")
		if ctx == template.InJSON && !hasHeader(s.headers, "Content-Type") {
			s.headers = append(s.headers, headerTemplate{name: "Content-Type", value: template.MustParse("application/json", template.InHeader)})
		}
	}
	c.checkLoop(s, loopNode, path+".loop", pending)
	if exportNode != nil { // after the loop's vars
		c.exports(s, exportNode, path+".export")
		c.w.exports = c.w.exports || len(s.exports) > 0
	}
	if nextNode != nil && s.result != nil {
		c.warnf(nextNode, path+".next", "ignored: a step with result is the last step run")
	}
	// One header per name, in name order: the order of the cache key.
	slices.SortFunc(s.headers, func(a, b headerTemplate) int { return strings.Compare(a.name, b.name) })
	for _, t := range []*template.Template{s.url, s.body} {
		if t != nil {
			s.refs = t.AppendRefs(s.refs)
		}
	}
	for _, h := range s.headers {
		s.refs = h.value.AppendRefs(s.refs)
	}
	for _, q := range s.query {
		s.refs = q.value.AppendRefs(s.refs)
	}
	s.refs = s.upload.appendRefs(s.refs)
	s.envOnly = !slices.ContainsFunc(s.refs, func(r template.Ref) bool { return r.Source != template.Env })
	if s.envOnly {
		for _, r := range s.refs {
			if !slices.Contains(s.envNames, r.Name) {
				s.envNames = append(s.envNames, r.Name)
			}
		}
	}
	return s
}

func (c *compiler) checkLiteralURL(n ast.Node, src, path string) {
	if !strings.HasPrefix(src, "http://") && !strings.HasPrefix(src, "https://") {
		c.errorf(n, path, "%q is not an absolute http(s) URL", src)
	}
}

func bodyContext(src string, headers []headerTemplate) template.Context {
	for _, h := range headers {
		if strings.EqualFold(h.name, "Content-Type") {
			ct := strings.ToLower(h.value.Source())
			switch {
			case strings.Contains(ct, "json"):
				return template.InJSON
			case strings.Contains(ct, "x-www-form-urlencoded"):
				return template.InForm
			case strings.Contains(ct, "xml"):
				return template.InXML
			}
			return template.InText
		}
	}
	switch t := strings.TrimSpace(src); {
	case strings.HasPrefix(t, "{") || strings.HasPrefix(t, "["):
		return template.InJSON
	case strings.HasPrefix(t, "<"):
		return template.InXML
	}
	return template.InText
}

func hasHeader(hs []headerTemplate, name string) bool {
	return slices.ContainsFunc(hs, func(h headerTemplate) bool { return strings.EqualFold(h.name, name) })
}

func (c *compiler) headers(n ast.Node, path string) []headerTemplate {
	fields, ok := c.mapping(n, path, nil)
	if !ok {
		return nil
	}
	out := make([]headerTemplate, 0, len(fields))
	for _, f := range fields {
		fp := path + "." + f.key
		if !isToken(f.key) {
			c.errorf(f.keyN, fp, "invalid header name %q", f.key)
			continue
		}
		src, ok := c.str(f.value, fp)
		if !ok {
			continue
		}
		t := c.template(f.value, src, template.InHeader, fp)
		if t == nil {
			continue
		}
		h := headerTemplate{name: http.CanonicalHeaderKey(f.key), value: t, secret: IsSecretName(f.key)}
		// accept: and Accept: name one header: the last one is sent.
		if i := slices.IndexFunc(out, func(o headerTemplate) bool { return o.name == h.name }); i >= 0 {
			out[i] = h
			continue
		}
		out = append(out, h)
	}
	return out
}

// isToken reports an HTTP token (RFC 9110): a valid method or header name.
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b <= ' ' || b >= 0x7f || strings.IndexByte(`()<>@,;:\"/[]?={}`, b) >= 0 {
			return false
		}
	}
	return true
}

func (c *compiler) query(n ast.Node, path string) []queryTemplate {
	items, ok := c.seq(n, path)
	if !ok {
		return nil
	}
	out := make([]queryTemplate, 0, len(items))
	for i, item := range items {
		ip := indexPath(path, i)
		fields, ok := c.mapping(item, ip, []string{"key", "value"})
		if !ok {
			continue
		}
		var q queryTemplate
		var haveKey, haveValue bool
		for _, f := range fields {
			switch f.key {
			case "key":
				q.key, haveKey = c.str(f.value, ip+".key")
			case "value":
				if src, ok := c.str(f.value, ip+".value"); ok {
					q.value = c.template(f.value, src, template.InText, ip+".value")
					haveValue = q.value != nil
				}
			}
		}
		if !haveKey || q.key == "" {
			c.errorf(item, ip, "missing required field \"key\"")
			continue
		}
		if !haveValue {
			q.value = template.MustParse("", template.InText)
		}
		q.escaped = url.QueryEscape(q.key)
		out = append(out, q)
	}
	return out
}

func (c *compiler) cache(s *step, n ast.Node, path string) {
	if _, isBool := c.resolve(n).(*ast.BoolNode); isBool {
		s.cache, _ = c.boolean(n, path)
		return
	}
	fields, ok := c.mapping(n, path, []string{"ttl"})
	if !ok {
		return
	}
	s.cache = true
	for _, f := range fields {
		if ttl, ok := c.integer(f.value, path+".ttl"); ok {
			if ttl <= 0 {
				c.errorf(f.value, path+".ttl", "must be a positive number of seconds")
			}
			s.cacheTTL = time.Duration(ttl) * time.Second
		}
	}
}

func (c *compiler) retry(s *step, n ast.Node, path string) {
	s.retry = retryPolicy{waitMin: time.Second, waitMax: 30 * time.Second}
	if _, isInt := c.resolve(n).(*ast.IntegerNode); isInt {
		s.retry.max, _ = c.integer(n, path)
	} else {
		fields, ok := c.mapping(n, path, []string{"max", "wait_min", "wait_max", "idempotency_key"})
		if !ok {
			return
		}
		for _, f := range fields {
			fp := path + "." + f.key
			switch f.key {
			case "max":
				s.retry.max, _ = c.integer(f.value, fp)
			case "wait_min":
				w, _ := c.number(f.value, fp)
				s.retry.waitMin = time.Duration(w * float64(time.Second))
			case "wait_max":
				w, _ := c.number(f.value, fp)
				s.retry.waitMax = time.Duration(w * float64(time.Second))
			case "idempotency_key":
				s.retry.anyMethod, _ = c.boolean(f.value, fp)
			}
		}
	}
	if s.retry.max < 0 || s.retry.max > 10 {
		c.errorf(n, path, "retries must be between 0 and 10")
	}
	if s.retry.waitMax < s.retry.waitMin {
		c.errorf(n, path, "wait_max is less than wait_min")
	}
}

func (c *compiler) vars(s *step, n ast.Node, path string) {
	items, ok := c.seq(n, path)
	if !ok {
		return
	}
	for i, item := range items {
		ip := indexPath(path, i)
		fields, ok := c.mapping(item, ip, varFields)
		if !ok {
			continue
		}
		v := varSpec{jump: -1}
		handlers := 0
		haveName := false
		for _, f := range fields {
			fp := ip + "." + f.key
			switch f.key {
			case "name":
				v.name, haveName = c.str(f.value, fp)
				if haveName && !isName(v.name) {
					c.errorf(f.value, fp, "%q is not a valid variable name", v.name)
				}
			case "extract":
				v.expr = c.expr(f.value, fp)
			case "from":
				c.varFrom(&v, f.value, fp)
			case "default":
				if d, ok := c.scalar(f.value, fp); ok {
					v.hasDefault, v.def = true, argText(d)
					handlers++
				}
			case "abort":
				v.abort, _ = c.boolean(f.value, fp)
				if v.abort {
					handlers++
				}
			case "jump":
				if s.index == PreRequestIndex {
					c.errorf(f.value, fp, "a pre_request runs before the steps and cannot jump to one; use abort or default")
					continue
				}
				if j, ok := c.integer(f.value, fp); ok {
					v.jump = j
					handlers++
					c.checkTarget(f.value, fp, j)
				}
			}
		}
		if !haveName {
			c.errorf(item, ip, "missing required field \"name\"")
		}
		if handlers > 1 {
			c.errorf(item, ip, "set at most one of default, abort and jump")
		}
		if haveName && s.varIndex(v.name) >= 0 {
			c.errorf(item, ip+".name", "duplicate variable %q in this step", v.name)
		}
		v.secret = isSecretVar(s.index, v.name)
		s.vars = append(s.vars, v)
		c.varNodes = append(c.varNodes, item)
	}
}

func (c *compiler) checkTarget(n ast.Node, path string, target int) {
	if target < 0 || target >= len(c.stepNodes) {
		c.errorf(n, path, "step %d does not exist (steps are numbered 0 to %d)", target, len(c.stepNodes)-1)
	}
}

// template parses src and queues its references for checking. A template
// that does not parse reports every malformed reference, and queues the
// others. Text that looks like a reference written another way
// ({param:city}) is a warning: it is sent as written.
func (c *compiler) template(n ast.Node, src string, ctx template.Context, path string) *template.Template {
	node := c.resolve(n)
	for _, la := range template.LookAlikes(src) {
		line, col := yamlast.ScalarPos(node, src, la.Offset)
		c.diags = append(c.diags, Diagnostic{Severity: SeverityWarning, File: c.file, Line: line, Col: col, Field: path,
			Msg: fmt.Sprintf("%s is literal text, sent as written; a reference is written %s", la.Text, la.Fix)})
	}
	t, err := template.Parse(src, ctx)
	refs := c.refs[:0]
	if err == nil {
		refs = t.AppendRefs(refs)
	} else {
		var errs []*template.SyntaxError
		refs, errs = template.ParseAll(src, ctx)
		if len(errs) == 0 { // not a syntax error: an unknown context
			line, col := yamlast.Pos(n)
			c.diags = append(c.diags, Diagnostic{File: c.file, Line: line, Col: col, Field: path, Msg: err.Error()})
		}
		for _, se := range errs {
			line, col := yamlast.ScalarPos(node, src, se.Offset)
			c.diags = append(c.diags, Diagnostic{File: c.file, Line: line, Col: col, Field: path, Msg: se.Msg})
		}
		t = nil
	}
	for _, ref := range refs {
		c.pending = append(c.pending, pendingRef{ref: ref, node: node, src: src, path: path, step: c.cur})
	}
	if err == nil {
		c.refs = refs
	}
	return t
}

// expr compiles an extract expression.
func (c *compiler) expr(n ast.Node, path string) *extract.Expr {
	src, ok := c.str(n, path)
	if !ok {
		return nil
	}
	e, err := extract.Compile(src)
	if err != nil {
		c.errorf(n, path, "%v", err)
		return nil
	}
	return e
}

// positive reads an integer of at least 1.
func (c *compiler) positive(n ast.Node, path string) int {
	v, ok := c.integer(n, path)
	if ok && v < 1 {
		c.errorf(n, path, "must be at least 1")
	}
	return v
}

func (c *compiler) checkRefs() {
	declared := map[string]bool{}
	secret := map[string]bool{}
	defer func() { c.w.secretEnv = slices.Sorted(maps.Keys(secret)) }()
	for _, e := range c.w.Env {
		declared[e.Name] = true
		if e.Secret() {
			secret[e.Name] = true
		}
	}
	order := newStepOrder(c.w.steps)
	for _, p := range c.pending {
		ref := p.ref
		line, col := yamlast.ScalarPos(p.node, p.src, ref.Offset)
		report := func(sev Severity, format string, args ...any) {
			c.diags = append(c.diags, Diagnostic{Severity: sev, File: c.file, Line: line, Col: col, Field: p.path, Msg: fmt.Sprintf(format, args...)})
		}
		if strings.HasPrefix(p.path, "pre_request") && c.badPreRef(ref, report) {
			continue
		}
		if strings.HasPrefix(p.path, "auth.") && badAuthRef(ref, report) {
			continue
		}
		if strings.HasSuffix(p.path, ".file") && strings.Contains(p.path, ".body") {
			c.checkFileRef(ref, report) // upload.go
			continue
		}
		switch ref.Source {
		case template.Param:
			if !slices.ContainsFunc(c.w.Params, func(q Param) bool { return q.Name == ref.Name }) {
				report(SeverityWarning, "%s: parameter %q is not declared in params, so the model can never set it: it always expands to \"\"%s",
					ref, ref.Name, didYouMean("param", ref.Name, paramNames(c.w.Params)))
			}
		case template.Env:
			if IsSecretName(ref.Name) {
				secret[ref.Name] = true
			}
			if !declared[ref.Name] {
				report(SeverityWarning, "%s: environment variable %q is not listed in env%s", ref, ref.Name, didYouMean("env", ref.Name, envNames(c.w.Env)))
			}
		case template.PerCall:
			if c.w.value(ref.Name) == nil {
				report(SeverityError, "%s: per-call value %q is not declared in values", ref, ref.Name)
			}
		case template.Pre:
			c.checkPreRef(ref, p.path, line, col, report)
		case template.Step:
			if len(c.w.steps) == 0 {
				continue // no steps: reported already
			}
			if ref.Step < 0 || ref.Step >= len(c.w.steps) {
				report(SeverityError, "%s: unknown step %d (steps are numbered 0 to %d)", ref, ref.Step, len(c.w.steps)-1)
				continue
			}
			target := c.w.steps[ref.Step]
			if target.varIndex(ref.Name) < 0 {
				report(SeverityError, "%s: step %d declares no variable %q%s", ref, ref.Step, ref.Name, declaredVars(target))
				continue
			}
			if msg := order.before(ref.Step, p.step, strings.HasSuffix(p.path, ".result")); msg != "" {
				report(SeverityError, "%s: %s", ref, msg)
			}
		}
	}
	for i, n := range c.nextNodes {
		if n != nil {
			c.checkTarget(n, fmt.Sprintf("steps[%d].next", i), c.w.steps[i].next)
		}
	}
}

func declaredVars(s *step) string {
	if len(s.vars) == 0 {
		return " (it declares none)"
	}
	names := make([]string, len(s.vars))
	for i, v := range s.vars {
		names[i] = v.name
	}
	return " (it declares: " + strings.Join(names, ", ") + ")"
}

// checkReachable warns about steps no path from step 0 reaches.
func (c *compiler) checkReachable() {
	order := newStepOrder(c.w.steps)
	for i := range c.w.steps {
		if !order.fromStart[i] {
			c.warnf(c.stepNodes[i], indexPath("steps", i), "no path from step 0 reaches this step")
		}
	}
}
