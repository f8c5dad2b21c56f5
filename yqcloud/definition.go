package yqcloud

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/argcheck"
	"github.com/toolkit-sdk/toolkit/internal/suggest"
)

// Values of function.type.
const (
	TypeCallURL = "call_url" // send an HTTP request
	TypeManual  = "manual"   // hand the call to the host's front end
)

// TransparentURL as function.url sends no request: the arguments are the
// response.
const TransparentURL = "/transparent"

// Sentinel errors, checked with errors.Is.
var (
	// ErrHook reports a JavaScript hook that threw, did not compile or
	// returned something unusable.
	ErrHook = errors.New("yqcloud: hook failed")
	// ErrHookTimeout reports a hook that ran out of time.
	ErrHookTimeout = errors.New("yqcloud: hook timed out")
	// ErrMissingValue reports a ${placeholder} the host passed no value for.
	ErrMissingValue = errors.New("yqcloud: placeholder has no value")
	// ErrInvalidValue reports a per-call value that cannot be used where
	// it goes (a line break in a header).
	ErrInvalidValue = errors.New("yqcloud: invalid value")
	// ErrInvalidArguments reports arguments that do not fit the definition.
	ErrInvalidArguments = errors.New("yqcloud: invalid arguments")
)

// Definition is one compiled YQCloud function definition. Its exported
// fields are the source as written; treat them as read-only. A Definition
// is safe for concurrent use.
type Definition struct {
	Name        string
	Description string
	// Parameters is the JSON Schema of the arguments, compact, members in
	// their written order.
	Parameters json.RawMessage
	Function   Function
	// Intl holds localized texts by locale, such as "zh_CN" or "en_US".
	Intl map[string]Intl
	// File and Line locate the definition's source.
	File string
	Line int

	set      *Set
	schema   map[string]any
	props    *object           // property name -> schema
	descs    map[string]string // locale -> description: the non-empty ones of Intl
	method   string
	url      *tmpl
	headers  []header
	postData *object
	hooks    [4]*hook // request, response, stop condition, extra params

	// allowExtra: the parameters schema allows arguments it does not
	// declare ("additionalProperties": true or a schema).
	allowExtra bool
	// fixed names what the definition or the host fixes, by the name an
	// argument would have, with where (for errors): the url's query keys,
	// defaultPostData's keys and the per-call values it reads. An
	// undeclared argument may have none of these names; a declared one may
	// overlay defaultPostData, unless pinned.
	fixed map[string]string
	// fixedFold is fixed by each name a server may bind a fixed name as
	// (boundNames): an undeclared argument has none of them (a server may
	// read "TenantId" as "tenantId", "tenant[]" as "tenant").
	fixedFold map[string]string
	// pinned are the defaultPostData keys whose value holds a ${value}
	// placeholder, at any depth: no argument replaces them (nor a
	// declared parameter differing only in case: see fixedNames).
	pinned map[string]bool
}

// Function is the runtime part of a definition, as written.
type Function struct {
	Type                           string
	Method                         string
	URL                            string
	Headers                        map[string]string
	QueryParams                    []string
	DefaultPostData                json.RawMessage
	RequestParser                  string
	ResponseParser                 string
	StopAfterFunctionCall          bool
	StopAfterFunctionCallCondition string
	TypingMessage                  string
	ResultTips                     string
	ToolChoice                     json.RawMessage
	ExtraParamsBuilder             string
}

// Intl is a definition's text for one locale.
type Intl struct {
	Description string
}

const (
	hookRequest = iota
	hookResponse
	hookStop
	hookExtra
)

var hookFields = [4]string{FieldRequestParser, FieldResponseParser, FieldStopCondition, FieldExtraParams}

type header struct {
	name   string
	value  *tmpl
	secret bool
}

// Options configure how definitions run. A nil *Options and zero fields
// mean the defaults; MaxResultBytes and Logger default to those of the
// Executor a capability runs on (see Set.Register). The other limits are
// the Set's own: the Executor has no hook limits, and its requests' time
// bound is each request's (a YAML step's timeout:, RequestTimeout here,
// hostapi's Options.Timeout), all three 30 s by default
// (toolkit.DefaultStepTimeout).
type Options struct {
	// HookTimeout bounds one run of a JavaScript hook. Default 1 s.
	HookTimeout time.Duration
	// MaxCallStackSize bounds the JavaScript call depth. Default 1000.
	MaxCallStackSize int
	// RequestTimeout bounds one HTTP request, the body read included, as a
	// YAML step's timeout: does. Default 30 s (toolkit.DefaultStepTimeout).
	RequestTimeout time.Duration
	// MaxResultBytes bounds the text the model gets; the rest is cut with
	// a note. Default: the MaxResultBytes of the Executor the capability
	// runs on (toolkit.Options.MaxResultBytes, whose default is
	// toolkit.DefaultMaxResultBytes).
	MaxResultBytes int
	// Logger receives the hooks' console output at debug level. Default:
	// the Logger of the Executor the capability runs on
	// (toolkit.Options.Logger, whose default is slog.Default()).
	Logger *slog.Logger
	// MaxFileBytes bounds the size of a definition file; a larger file
	// does not load (a diagnostic says so) and is not read past the
	// limit. Default 4 MiB (DefaultMaxFileBytes).
	MaxFileBytes int
	// MaxIdleRuntimes bounds the JavaScript runtimes kept between calls for
	// the next ones (about 1 MB each; making one takes milliseconds). The
	// pool grows with the number of hooks running at once up to this bound;
	// past it, the runtimes of the extra concurrent calls are dropped after
	// use. Default 64 (DefaultMaxIdleRuntimes).
	MaxIdleRuntimes int
}

// Defaults for Options.
const (
	DefaultHookTimeout      = time.Second
	DefaultMaxCallStackSize = 1000
	DefaultMaxFileBytes     = 4 << 20
	DefaultMaxIdleRuntimes  = 64
)

// MaxFileDepth is how deeply arrays and objects may nest in a definition
// file (a function's parameters schema included). A deeper file does not
// load; it is checked before it is decoded.
const MaxFileDepth = 64

func (o *Options) withDefaults() Options {
	var out Options
	if o != nil {
		out = *o
	}
	if out.HookTimeout <= 0 {
		out.HookTimeout = DefaultHookTimeout
	}
	if out.MaxCallStackSize <= 0 {
		out.MaxCallStackSize = DefaultMaxCallStackSize
	}
	if out.RequestTimeout <= 0 {
		out.RequestTimeout = toolkit.DefaultStepTimeout
	}
	if out.MaxResultBytes < 0 {
		out.MaxResultBytes = 0 // the Executor's
	}
	if out.MaxFileBytes <= 0 {
		out.MaxFileBytes = DefaultMaxFileBytes
	}
	if out.MaxIdleRuntimes <= 0 {
		out.MaxIdleRuntimes = DefaultMaxIdleRuntimes
	}
	return out
}

// Set is a group of definitions loaded together; they share one pool of
// JavaScript runtimes. A Set is safe for concurrent use.
type Set struct {
	opts   Options
	eng    *engine
	defs   []*Definition
	byName map[string]*Definition
}

func newSet(opts *Options) *Set {
	o := opts.withDefaults()
	eo := o
	if eo.Logger == nil {
		// The hooks' console output goes to the Logger of the Executor
		// each call runs on, which the call's context carries.
		eo.Logger = slog.New(execLogHandler{})
	}
	return &Set{opts: o, eng: newEngine(eo), byName: map[string]*Definition{}}
}

// Parse compiles the definitions in src: one JSON object or an array of
// them (comments allowed). filename positions the diagnostics. A file
// with errors contributes no definitions; the Diagnostics hold every
// problem, warnings included. A file over Options.MaxFileBytes or nested
// deeper than MaxFileDepth does not load.
func Parse(filename string, src []byte, opts *Options) (*Set, toolkit.Diagnostics) {
	s := newSet(opts)
	return s, s.add(filename, src)
}

// ParseFile compiles the definitions of one file.
func ParseFile(name string, opts *Options) (*Set, toolkit.Diagnostics) {
	s := newSet(opts)
	f, err := os.Open(name)
	if err != nil {
		return s, toolkit.Diagnostics{{File: name, Msg: err.Error()}}
	}
	defer f.Close()
	src, diag := s.read(f, name)
	if diag != nil {
		return s, toolkit.Diagnostics{*diag}
	}
	return s, s.add(name, src)
}

// read reads a definition file up to the size limit.
func (s *Set) read(f fs.File, name string) ([]byte, *toolkit.Diagnostic) {
	limit := s.opts.MaxFileBytes
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > int64(limit) {
		return nil, tooLarge(name, fi.Size(), limit)
	}
	src, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err != nil {
		return nil, &toolkit.Diagnostic{File: name, Msg: err.Error()}
	}
	if len(src) > limit { // grew since Stat, or not a regular file
		return nil, tooLarge(name, -1, limit)
	}
	return src, nil
}

// tooLarge reports a file of size bytes (-1: unknown, over the limit).
func tooLarge(name string, size int64, limit int) *toolkit.Diagnostic {
	what := "the file is"
	if size >= 0 {
		what = fmt.Sprintf("the file is %d bytes,", size)
	}
	return &toolkit.Diagnostic{File: name, Msg: fmt.Sprintf("%s over the limit of %d bytes for a definition file (Options.MaxFileBytes)", what, limit)}
}

// ParseDir compiles every *.json file under dir.
func ParseDir(dir string, opts *Options) (*Set, toolkit.Diagnostics) {
	return parseFS(os.DirFS(dir), ".", dir, opts)
}

// ParseFS compiles every *.json file under root in fsys, in lexical
// order. Files with errors are skipped; the others are loaded.
func ParseFS(fsys fs.FS, root string, opts *Options) (*Set, toolkit.Diagnostics) {
	return parseFS(fsys, root, "", opts)
}

func parseFS(fsys fs.FS, root, prefix string, opts *Options) (*Set, toolkit.Diagnostics) {
	s := newSet(opts)
	var diags toolkit.Diagnostics
	err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".json") {
			return nil
		}
		display := p
		if prefix != "" {
			display = path.Join(prefix, p)
		}
		f, err := fsys.Open(p)
		if err != nil {
			diags = append(diags, toolkit.Diagnostic{File: display, Msg: err.Error()})
			return nil
		}
		src, diag := s.read(f, display)
		f.Close()
		if diag != nil {
			diags = append(diags, *diag)
			return nil
		}
		diags = append(diags, s.add(display, src)...)
		return nil
	})
	if err != nil {
		diags = append(diags, toolkit.Diagnostic{File: prefix, Msg: err.Error()})
	}
	return s, diags
}

// Definitions returns the definitions in load order.
func (s *Set) Definitions() []*Definition { return slices.Clone(s.defs) }

// Lookup returns the definition named name.
func (s *Set) Lookup(name string) (*Definition, bool) {
	d, ok := s.byName[name]
	return d, ok
}

// Capabilities returns one capability per definition, sending requests
// through exec (nil: toolkit.NewExecutor(nil)); see Definition.Capability.
func (s *Set) Capabilities(exec *toolkit.Executor) []*toolkit.Capability {
	if exec == nil {
		exec = toolkit.NewExecutor(nil)
	}
	out := make([]*toolkit.Capability, len(s.defs))
	for i, d := range s.defs {
		out[i] = d.Capability(exec)
	}
	return out
}

// Register adds the Set's capabilities to reg, sending requests through
// reg's Executor, with its Logger and MaxResultBytes unless the Set's
// Options set their own.
func (s *Set) Register(reg *toolkit.Registry) error {
	return reg.Add(s.Capabilities(reg.Executor())...)
}

// add compiles one file into s, all or nothing.
func (s *Set) add(filename string, src []byte) toolkit.Diagnostics {
	if len(src) > s.opts.MaxFileBytes {
		return toolkit.Diagnostics{*tooLarge(filename, int64(len(src)), s.opts.MaxFileBytes)}
	}
	if off, deep := tooDeep(src, MaxFileDepth); deep {
		d := toolkit.Diagnostic{File: filename, Msg: fmt.Sprintf("arrays and objects nest more than %d levels deep here; a definition file may nest at most %d", MaxFileDepth, MaxFileDepth)}
		d.Line, d.Col = lineCol(src, off)
		return toolkit.Diagnostics{d}
	}
	c := &compiler{file: filename, src: src, set: s, names: map[string]string{}}
	defs := c.file_()
	slices.SortStableFunc(c.diags, func(a, b toolkit.Diagnostic) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Col - b.Col
	})
	if c.diags.HasErrors() {
		return c.diags
	}
	for _, d := range defs {
		s.defs = append(s.defs, d)
		s.byName[d.Name] = d
	}
	return c.diags
}

// compiler checks and compiles the definitions of one file.
type compiler struct {
	file  string
	src   []byte
	set   *Set
	paths map[string]int
	names map[string]string // function name -> where, in this file
	diags toolkit.Diagnostics
}

func (c *compiler) diag(sev toolkit.Severity, p, format string, args ...any) {
	off, ok := c.paths[p]
	for q := p; !ok && q != ""; {
		q = parentPath(q)
		off, ok = c.paths[q]
	}
	d := toolkit.Diagnostic{Severity: sev, File: c.file, Field: p, Msg: fmt.Sprintf(format, args...)}
	if ok {
		d.Line, d.Col = lineCol(c.src, off)
	} else if len(c.src) > 0 {
		d.Line, d.Col = 1, 1
	}
	c.diags = append(c.diags, d)
}

func (c *compiler) errorf(p, format string, args ...any) {
	c.diag(toolkit.SeverityError, p, format, args...)
}
func (c *compiler) warnf(p, format string, args ...any) {
	c.diag(toolkit.SeverityWarning, p, format, args...)
}

// errorAt reports an error at a byte offset inside the string value at p
// (offset counted in the decoded string; close enough on one line).
func (c *compiler) errorAt(p string, inner int, format string, args ...any) {
	c.errorf(p, format, args...)
	d := &c.diags[len(c.diags)-1]
	if off, ok := c.paths[p]; ok {
		// Point into the value: skip `"key":` and the opening quote.
		if v := c.valueOffset(off); v >= 0 {
			d.Line, d.Col = lineCol(c.src, v+1+inner)
		}
	}
}

// valueOffset returns the offset of the value of the member whose key
// starts at off.
func (c *compiler) valueOffset(off int) int {
	p := &jsonParser{src: c.src, pos: off, comments: true}
	if off >= len(c.src) || c.src[off] != '"' {
		return -1
	}
	if _, err := p.string(); err != nil {
		return -1
	}
	if p.space() != nil || p.pos >= len(c.src) || c.src[p.pos] != ':' {
		return -1
	}
	p.pos++
	if p.space() != nil {
		return -1
	}
	return p.pos
}

func parentPath(p string) string {
	i := strings.LastIndexAny(p, ".[")
	if i < 0 {
		return ""
	}
	return p[:i]
}

func (c *compiler) file_() []*Definition {
	p := &jsonParser{src: c.src, comments: true, paths: map[string]int{}}
	root, err := p.document()
	c.paths = p.paths
	if err != nil {
		var se *syntaxError
		d := toolkit.Diagnostic{File: c.file, Msg: "invalid JSON: " + err.Error()}
		if errors.As(err, &se) {
			d.Line, d.Col = lineCol(c.src, se.off)
		}
		c.diags = append(c.diags, d)
		return nil
	}
	c.paths[""] = 0
	for _, dk := range p.dups {
		c.errorf(dk.path, "duplicate member %q", dk.path[strings.LastIndexAny(dk.path, ".[")+1:])
		d := &c.diags[len(c.diags)-1]
		d.Line, d.Col = lineCol(c.src, dk.off)
	}
	var defs []*Definition
	switch x := root.(type) {
	case *object:
		if d := c.definition(x, ""); d != nil {
			defs = append(defs, d)
		}
	case []any:
		if len(x) == 0 {
			c.warnf("", "the file defines no functions (an empty array)")
		}
		for i, e := range x {
			p := fmt.Sprintf("[%d]", i)
			o, ok := e.(*object)
			if !ok {
				c.errorf(p, "a function definition must be a JSON object, not %s", articleKind(kindOf(e)))
				continue
			}
			if d := c.definition(o, p); d != nil {
				defs = append(defs, d)
			}
		}
	default:
		c.errorf("", "the file must hold a function definition (a JSON object) or an array of them, not %s", articleKind(kindOf(root)))
	}
	return defs
}

var (
	topFields      = []string{"name", "description", "parameters", "function", "intl"}
	functionFields = []string{"type", "method", "url", "headers", "queryParams", "defaultPostData",
		FieldRequestParser, FieldResponseParser, "stopAfterFunctionCall", FieldStopCondition,
		"typingMessage", "resultTips", "toolChoice", FieldExtraParams}
	intlFields = []string{"description"}
	nameRe     = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)
	methods    = []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}
	typeNames  = []string{"string", "number", "integer", "boolean", "array", "object", "null"}
)

// unknownFields reports members of o that are not in known. A likely
// misspelling of a known field is an error (it would silently change
// behaviour); anything else is a warning.
func (c *compiler) unknownFields(o *object, p string, known []string) {
	for _, k := range o.keys {
		if slices.Contains(known, k) {
			continue
		}
		if near := suggest.Closest(k, known); near != "" {
			c.errorf(joinPath(p, k), "unknown field %q; did you mean %q?", k, near)
		} else {
			c.warnf(joinPath(p, k), "unknown field %q is ignored (known: %s)", k, strings.Join(known, ", "))
		}
	}
}

func (c *compiler) str(o *object, p, key string) (string, bool) {
	v, ok := o.get(key)
	if !ok {
		return "", false
	}
	s, isStr := v.(string)
	if !isStr {
		c.errorf(joinPath(p, key), "%s must be a string, not %s", key, articleKind(kindOf(v)))
		return "", false
	}
	return s, true
}

func (c *compiler) definition(o *object, base string) *Definition {
	nerr := len(c.diags.Errors())
	d := &Definition{set: c.set, File: c.file}
	if off, ok := c.paths[base]; ok {
		d.Line, _ = lineCol(c.src, off)
	}
	c.unknownFields(o, base, topFields)

	if name, ok := c.str(o, base, "name"); !ok {
		if _, present := o.get("name"); !present {
			c.errorf(joinPath(base, "name"), "name is missing: every function needs a unique name")
		}
	} else {
		d.Name = name
		if other, dup := c.names[name]; dup {
			c.errorf(joinPath(base, "name"), "duplicate function name %q (also at %s)", name, other)
		} else if od, dup := c.set.byName[name]; dup {
			c.errorf(joinPath(base, "name"), "duplicate function name %q (also defined at %s:%d)", name, od.File, od.Line)
		}
		if _, dup := c.names[name]; !dup {
			c.names[name] = fmt.Sprintf("line %d", d.Line)
		}
		switch {
		case !nameRe.MatchString(name):
			c.errorf(joinPath(base, "name"), "name %q must be 1 to 64 letters, digits, '_' or '-' (what model APIs accept)", name)
		case name == toolkit.ToolQueryCapabilities || name == toolkit.ToolQueryDetail || name == toolkit.ToolCallCapability:
			c.errorf(joinPath(base, "name"), "name %q is the name of an entry tool", name)
		}
	}
	if desc, ok := c.str(o, base, "description"); ok {
		d.Description = desc
	}
	if strings.TrimSpace(d.Description) == "" {
		c.warnf(joinPath(base, "description"), "description is missing or empty: the model decides when to call the function by it")
	}
	c.parameters(d, o, base)
	if fv, ok := o.get("function"); !ok {
		c.errorf(joinPath(base, "function"), "function is missing: it says how the call runs (type call_url or manual)")
	} else if fo, isObj := fv.(*object); !isObj {
		c.errorf(joinPath(base, "function"), "function must be an object, not %s", articleKind(kindOf(fv)))
	} else {
		c.function(d, fo, joinPath(base, "function"))
	}
	c.intl(d, o, base)
	if len(c.diags.Errors()) > nerr {
		return nil
	}
	return d
}

// capabilitySchema is the parameters schema as toolkit.Capability.Schema:
// a map whose object-valued members ("properties", ...) are their JSON
// text, so the properties keep their written order for the model and for
// the "accepted parameters" of argument errors.
func capabilitySchema(o *object) map[string]any {
	m := make(map[string]any, len(o.keys))
	for i, k := range o.keys {
		if sub, ok := o.vals[i].(*object); ok {
			m[k] = json.RawMessage(appendJSON(nil, sub))
		} else {
			m[k] = plain(o.vals[i])
		}
	}
	return m
}

func (c *compiler) parameters(d *Definition, o *object, base string) {
	p := joinPath(base, "parameters")
	v, ok := o.get("parameters")
	if !ok {
		c.warnf(joinPath(base, "parameters"), "parameters is missing; the function takes no arguments")
		v = &object{keys: []string{"type", "properties"}, vals: []any{"object", &object{}}}
	}
	schema, isObj := v.(*object)
	if !isObj {
		c.errorf(p, "parameters must be a JSON Schema object, not %s", articleKind(kindOf(v)))
		return
	}
	d.Parameters = json.RawMessage(appendJSON(nil, schema))
	d.schema = capabilitySchema(schema)
	nerr := len(c.diags.Errors())
	defer func() {
		if len(c.diags.Errors()) > nerr {
			return
		}
		// What the checks above do not cover (a bad pattern, a $ref to
		// nowhere) the compiler finds, as Registry.Add would.
		if _, err := argcheck.Compile(json.RawMessage(d.Parameters)); err != nil {
			c.errorf(p, "%v", err)
		}
	}()
	if t, ok := schema.get("type"); !ok {
		c.warnf(p, `parameters has no "type"; model APIs expect "type": "object"`)
	} else if t != "object" {
		c.errorf(joinPath(p, "type"), `parameters.type must be "object", not %s`, marshalJSON(t))
	}
	d.props = &object{}
	if pv, ok := schema.get("properties"); ok {
		props, isObj := pv.(*object)
		if !isObj {
			c.errorf(joinPath(p, "properties"), "properties must be an object, not %s", articleKind(kindOf(pv)))
		} else {
			d.props = props
			for i, name := range props.keys {
				pp := joinPath(joinPath(p, "properties"), name)
				ps, isObj := props.vals[i].(*object)
				if !isObj {
					c.errorf(pp, "the schema of property %q must be an object, not %s", name, articleKind(kindOf(props.vals[i])))
					continue
				}
				c.schemaType(ps, pp)
			}
		}
	}
	if rv, ok := schema.get("required"); ok {
		list, isArr := rv.([]any)
		if !isArr {
			c.errorf(joinPath(p, "required"), "required must be an array of property names, not %s", articleKind(kindOf(rv)))
		}
		for i, e := range list {
			ep := fmt.Sprintf("%s[%d]", joinPath(p, "required"), i)
			name, isStr := e.(string)
			switch {
			case !isStr:
				c.errorf(ep, "required names must be strings, not %s", articleKind(kindOf(e)))
			case d.props.index(name) < 0:
				c.errorf(ep, "required lists %q, which is not in properties", name)
			}
		}
	}
	if av, ok := schema.get("additionalProperties"); ok {
		switch x := av.(type) {
		case bool:
			d.allowExtra = x
		case *object:
			d.allowExtra = true
		default:
			c.errorf(joinPath(p, "additionalProperties"), "additionalProperties must be a boolean or a schema object, not %s", articleKind(kindOf(av)))
		}
	}
}

// schemaType checks a property schema's "type".
func (c *compiler) schemaType(s *object, p string) {
	t, ok := s.get("type")
	if !ok {
		return
	}
	tp := joinPath(p, "type")
	check := func(v any) {
		name, isStr := v.(string)
		if !isStr || !slices.Contains(typeNames, name) {
			c.errorf(tp, "type %s is not a JSON Schema type (%s)", marshalJSON(v), strings.Join(typeNames, ", "))
		}
	}
	if list, isArr := t.([]any); isArr {
		for _, e := range list {
			check(e)
		}
		return
	}
	check(t)
}

func (c *compiler) function(d *Definition, o *object, p string) {
	c.unknownFields(o, p, functionFields)
	f := &d.Function
	if t, ok := c.str(o, p, "type"); ok {
		f.Type = t
		if t != TypeCallURL && t != TypeManual {
			c.errorf(joinPath(p, "type"), "type %q must be %q (send an HTTP request) or %q (the front end handles the call)", t, TypeCallURL, TypeManual)
		}
	} else if _, present := o.get("type"); !present {
		c.errorf(joinPath(p, "type"), "type is missing: %q or %q", TypeCallURL, TypeManual)
	}
	callURL := f.Type == TypeCallURL

	// Hooks first: queryParams and path checks depend on requestParser.
	for i, field := range hookFields {
		body, ok := c.str(o, p, field)
		if !ok || strings.TrimSpace(body) == "" {
			continue
		}
		switch field {
		case FieldRequestParser:
			f.RequestParser = body
		case FieldResponseParser:
			f.ResponseParser = body
		case FieldStopCondition:
			f.StopAfterFunctionCallCondition = body
		case FieldExtraParams:
			f.ExtraParamsBuilder = body
		}
		if f.Type == TypeManual && field != FieldRequestParser {
			c.warnf(joinPath(p, field), "%s does not run for manual functions (there is no response)", field)
			continue
		}
		h, err := compileCheckedHook(d.Name, field, body)
		if err != nil {
			var he *HookError
			errors.As(err, &he)
			where := ""
			if he.Line > 0 {
				where = fmt.Sprintf("script line %d:%d: ", he.Line, he.Col)
			}
			c.errorf(joinPath(p, field), "%s does not compile: %s%s", field, where, he.Msg)
			continue
		}
		if !h.returns {
			c.warnf(joinPath(p, field), "%s has no `return <value>`: its result is undefined", field)
		}
		d.hooks[i] = h
	}
	if h := d.hooks[hookResponse]; h != nil {
		h.keepsResult = d.hooks[hookStop] != nil || d.hooks[hookExtra] != nil
	}
	hasRequestParser := d.hooks[hookRequest] != nil

	if m, ok := c.str(o, p, "method"); ok {
		f.Method = m
		d.method = strings.ToUpper(strings.TrimSpace(m))
		if !slices.Contains(methods, d.method) {
			c.errorf(joinPath(p, "method"), "method %q must be one of %s", m, strings.Join(methods, ", "))
		}
	}
	if d.method == "" {
		d.method = http.MethodGet
	}

	if u, ok := c.str(o, p, "url"); ok {
		f.URL = u
		c.url(d, u, joinPath(p, "url"), hasRequestParser)
	} else if _, present := o.get("url"); callURL && !present {
		c.errorf(joinPath(p, "url"), "url is missing: a call_url function needs the URL to call (or %q)", TransparentURL)
	}
	if !callURL && f.URL != "" {
		c.warnf(joinPath(p, "url"), "url is ignored for manual functions")
	}

	if hv, ok := o.get("headers"); ok {
		c.headers(d, hv, joinPath(p, "headers"))
	}

	if qv, ok := o.get("queryParams"); ok {
		qp := joinPath(p, "queryParams")
		q, isStr := qv.(string)
		if !isStr {
			c.errorf(qp, `queryParams must be a comma-separated string such as "a,b", not %s`, articleKind(kindOf(qv)))
		}
		for _, name := range strings.Split(q, ",") {
			name = strings.TrimSpace(name)
			switch {
			case !isStr || q == "":
			case name == "":
				c.errorf(qp, "queryParams %q has an empty name", q)
			case slices.Contains(f.QueryParams, name):
				c.warnf(qp, "queryParams names %q twice", name)
			default:
				f.QueryParams = append(f.QueryParams, name)
				c.checkParamName(d, qp, "queryParams names", name, hasRequestParser)
				if d.url != nil && slices.Contains(d.url.names(segParam), name) {
					c.warnf(qp, "queryParams names %q, which is a {%s} path parameter and so never reaches the query", name, name)
				}
			}
		}
	}

	if dv, ok := o.get("defaultPostData"); ok {
		dp := joinPath(p, "defaultPostData")
		if do, isObj := dv.(*object); !isObj {
			c.errorf(dp, "defaultPostData must be an object, not %s", articleKind(kindOf(dv)))
		} else {
			d.postData = do
			f.DefaultPostData = json.RawMessage(appendJSON(nil, do))
			if callURL && d.method == http.MethodGet {
				c.warnf(dp, "defaultPostData is ignored for GET (there is no body)")
			}
		}
	}

	c.fixedNames(d, p, hasRequestParser)

	if sv, ok := o.get("stopAfterFunctionCall"); ok {
		if b, isBool := sv.(bool); isBool {
			f.StopAfterFunctionCall = b
		} else {
			c.errorf(joinPath(p, "stopAfterFunctionCall"), "stopAfterFunctionCall must be true or false, not %s", articleKind(kindOf(sv)))
		}
	}
	if s, ok := c.str(o, p, "typingMessage"); ok {
		f.TypingMessage = s
	}
	if s, ok := c.str(o, p, "resultTips"); ok {
		f.ResultTips = s
	}
	if tv, ok := o.get("toolChoice"); ok {
		switch x := tv.(type) {
		case nil:
		case string:
			f.ToolChoice = json.RawMessage(appendJSON(nil, x))
		case *object:
			if len(x.keys) > 0 {
				f.ToolChoice = json.RawMessage(appendJSON(nil, x))
			}
		default:
			c.errorf(joinPath(p, "toolChoice"), "toolChoice must be an object or a string, not %s", articleKind(kindOf(tv)))
		}
	}
}

// fixedNames notes what the definition and the host fix (Definition.fixed
// and pinned), and reports a declared parameter that would replace it: one
// sent in the query beside the same key of the url's query, or one over a
// defaultPostData member that holds a placeholder. With a requestParser
// the parameters it sends are its own, so that is not checked here.
func (c *compiler) fixedNames(d *Definition, p string, hasRequestParser bool) {
	d.fixed = map[string]string{ValueTenantID: "a per-call value", ValueAccessToken: "a per-call value"}
	var pathParams []string
	if d.url != nil {
		for _, k := range d.url.literalQueryKeys() {
			d.fixed[k] = "the url's query"
		}
		pathParams = d.url.names(segParam)
		for _, name := range d.url.names(segValue) {
			d.fixed[name] = "a per-call value"
		}
	}
	for _, h := range d.headers {
		for _, name := range h.value.names(segValue) {
			d.fixed[name] = "a per-call value"
		}
	}
	if d.postData != nil {
		for i, k := range d.postData.keys {
			if _, ok := d.fixed[k]; !ok {
				d.fixed[k] = "defaultPostData"
			}
			if holdsPlaceholder(d.postData.vals[i]) {
				if d.pinned == nil {
					d.pinned = map[string]bool{}
				}
				d.pinned[k] = true
			}
		}
	}
	d.fixedFold = make(map[string]string, len(d.fixed))
	for k, where := range d.fixed {
		for _, b := range boundNames(k) {
			if d.fixedFold[b] == "" || b == strings.ToLower(k) {
				d.fixedFold[b] = where
			}
		}
	}
	if hasRequestParser || d.Function.Type != TypeCallURL || d.url == nil || d.props == nil {
		return
	}
	urlQuery, pinned := map[string]string{}, map[string]string{} // by the lower-case name
	for k, where := range d.fixed {
		if where == "the url's query" {
			urlQuery[strings.ToLower(k)] = k
		}
	}
	for k := range d.pinned {
		pinned[strings.ToLower(k)] = k
	}
	for _, name := range d.props.keys {
		if slices.Contains(pathParams, name) {
			continue
		}
		toQuery := d.method == http.MethodGet || slices.Contains(d.Function.QueryParams, name)
		// A server may read names without regard to case.
		low := strings.ToLower(name)
		switch {
		case toQuery && urlQuery[low] != "":
			c.errorf(joinPath(joinPath(joinPath(c.paramsPath(p), "parameters"), "properties"), name),
				"parameter %q of %q would be sent in the query beside the url's own %q: a model's argument must not replace what the url fixes; rename the parameter or drop it from the url", name, d.Name, urlQuery[low])
		case !toQuery && pinned[low] != "":
			c.errorf(joinPath(joinPath(joinPath(c.paramsPath(p), "parameters"), "properties"), name),
				"parameter %q of %q would replace defaultPostData's %q, which holds a placeholder: a model's argument must not replace what the host fixes; rename the parameter", name, d.Name, pinned[low])
		}
	}
}

// holdsPlaceholder reports a defaultPostData value that holds a ${...}
// placeholder, at any depth of its objects and arrays.
func holdsPlaceholder(v any) bool {
	switch x := v.(type) {
	case string:
		return strings.Contains(x, "${")
	case *object:
		return slices.ContainsFunc(x.vals, holdsPlaceholder)
	case []any:
		return slices.ContainsFunc(x, holdsPlaceholder)
	}
	return false
}

// paramsPath is the definition's path for the path p of its function.
func (c *compiler) paramsPath(p string) string {
	return strings.TrimSuffix(strings.TrimSuffix(p, "function"), ".")
}

// checkParamName reports a name that no parameter declares. A
// requestParser may produce it, so then it is only a warning.
func (c *compiler) checkParamName(d *Definition, p, what, name string, hasRequestParser bool) {
	if d.props == nil || d.props.index(name) >= 0 {
		return
	}
	if hasRequestParser {
		c.warnf(p, "%s %q, which is not in parameters.properties (fine if requestParser adds it)", what, name)
		return
	}
	c.errorf(p, "%s %q, which is not in parameters.properties", what, name)
}

func (c *compiler) url(d *Definition, u, p string, hasRequestParser bool) {
	if d.Function.Type != TypeCallURL {
		return
	}
	if strings.TrimSpace(u) == "" {
		c.errorf(p, "url is empty")
		return
	}
	if strings.TrimSpace(u) == TransparentURL {
		return
	}
	t, err := parseTemplate(u, true)
	if err != nil {
		var pe *placeholderError
		errors.As(err, &pe)
		c.errorAt(p, pe.off, "url: %s", pe.msg)
		return
	}
	d.url = t
	if !strings.HasPrefix(u, "${") && !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") {
		c.errorf(p, "url %q must be absolute (http:// or https://), start with a placeholder such as ${%s}, or be %q", u, ValueBaseURL, TransparentURL)
	}
	for _, s := range t.segs {
		switch s.kind {
		case segValue:
			c.checkValueName(p, s)
		case segParam:
			if d.props.index(s.text) < 0 {
				if hasRequestParser {
					c.warnf(p, "path parameter {%s} is not in parameters.properties (fine if requestParser adds it)", s.text)
				} else {
					c.errorAt(p, s.off, "path parameter {%s} names no parameter; declare %q in parameters.properties", s.text, s.text)
				}
			}
		}
	}
	if s, ok := t.paramInAuthority(); ok {
		c.errorAt(p, s.off, "path parameter {%s} of %q would land in the URL's scheme or host, which a model's argument must never choose; "+
			"put it after the '/' that ends the host, as in ${%s}/items/{%s}", s.text, d.Name, ValueBaseURL, s.text)
	}
}

func (c *compiler) checkValueName(p string, s segment) {
	if name, ok := strings.CutPrefix(s.text, StaticPrefix); ok {
		if name == "" {
			c.errorAt(p, s.off, "placeholder ${%s} needs a name after %q", s.text, StaticPrefix)
		}
		return
	}
	if s.text != ValueTenantID && s.text != ValueAccessToken {
		c.warnf(p, "placeholder ${%s} is not a YQCloud placeholder (${%s}, ${%s}, ${%sname}); the host must pass toolkit.WithValue(%q, ...)",
			s.text, ValueTenantID, ValueAccessToken, StaticPrefix, s.text)
	}
}

func (c *compiler) headers(d *Definition, hv any, p string) {
	ho, isObj := hv.(*object)
	if !isObj {
		c.errorf(p, "headers must be an object of header names to values, not %s", articleKind(kindOf(hv)))
		return
	}
	d.Function.Headers = make(map[string]string, len(ho.keys))
	for i, name := range ho.keys {
		hp := joinPath(p, name)
		v, isStr := ho.vals[i].(string)
		if !isStr {
			c.errorf(hp, "header %q must have a string value, not %s", name, articleKind(kindOf(ho.vals[i])))
			continue
		}
		d.Function.Headers[name] = v
		if !validHeaderName(name) {
			c.errorf(hp, "invalid header name %q", name)
			continue
		}
		if strings.ContainsAny(v, "\r\n\x00") {
			c.errorf(hp, "header %q holds a line break or NUL", name)
			continue
		}
		t, err := parseTemplate(v, false)
		if err != nil {
			var pe *placeholderError
			errors.As(err, &pe)
			c.errorAt(hp, pe.off, "header %q: %s", name, pe.msg)
			continue
		}
		for _, s := range t.segs {
			if s.kind == segValue {
				c.checkValueName(hp, s)
			}
		}
		d.headers = append(d.headers, header{name: http.CanonicalHeaderKey(name), value: t, secret: toolkit.IsSecretName(name)})
	}
}

func (c *compiler) intl(d *Definition, o *object, base string) {
	iv, ok := o.get("intl")
	if !ok {
		return
	}
	p := joinPath(base, "intl")
	io, isObj := iv.(*object)
	if !isObj {
		c.errorf(p, "intl must be an object of locales, not %s", articleKind(kindOf(iv)))
		return
	}
	d.Intl = make(map[string]Intl, len(io.keys))
	for i, loc := range io.keys {
		lp := joinPath(p, loc)
		lo, isObj := io.vals[i].(*object)
		if !isObj {
			c.errorf(lp, "intl %q must be an object such as {\"description\": \"...\"}, not %s", loc, articleKind(kindOf(io.vals[i])))
			continue
		}
		c.unknownFields(lo, lp, intlFields)
		var in Intl
		if s, ok := c.str(lo, lp, "description"); ok {
			in.Description = s
		}
		d.Intl[loc] = in
		if in.Description != "" {
			if d.descs == nil {
				d.descs = map[string]string{}
			}
			d.descs[loc] = in.Description
		}
	}
}

func validHeaderName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`"(),/:;<=>?@[\]{}`, c) >= 0 {
			return false
		}
	}
	return true
}
