package toolkit

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/goccy/go-yaml/ast"

	"github.com/toolkit-sdk/toolkit/internal/auth"
	"github.com/toolkit-sdk/toolkit/internal/suggest"
	"github.com/toolkit-sdk/toolkit/internal/yamlast"
	"github.com/toolkit-sdk/toolkit/template"
)

// Auth is a compiled auth block: how every step of a tool authenticates
// (a step opts out with auth: none). A tool file either writes its auth
// out or names a shared one, defined in a file of its own
// (name, env, values and auth, without steps) and loaded into the same
// Registry. Its values come from the environment and from per-call
// values, never from the model. An Auth is immutable and safe for
// concurrent use.
type Auth struct {
	// Name is the name tools use (auth: Name); "" for one a tool file
	// writes out.
	Name string
	File string
	// Type is the block's type: bearer, api_key, basic,
	// oauth2_client_credentials, oauth2_refresh_token, oauth2_password,
	// hmac or aws_sigv4.
	Type string
	// Env and Values are what a shared auth's file declares; a
	// written-out one reads its tool's.
	Env    []EnvVar
	Values []CallValue

	fields   map[string]*template.Template // the templated fields, by name
	in       string                        // api_key: header, query or cookie
	key      string                        // api_key's name; hmac's header
	scopes   []string
	inParams bool   // client_auth: post
	alg, enc string // hmac
	tsHeader string // hmac's timestamp_header
	// envOnly: every field reads only the environment, so the credential
	// is the process's (an OAuth token is shared by every call).
	envOnly   bool
	envNames  []string                  // when envOnly, the variables its fields read, each once
	grantMemo atomic.Pointer[grantMemo] // when envOnly, the OAuth grant last made
	line, col int
}

// authKind is what a type of auth block takes.
type authKind struct {
	required, optional []string
	grant              string // the OAuth 2.0 grant; "" for the others
	header             string // the header it sets, for the check of steps that set it by hand
}

var authKinds = map[string]authKind{
	"bearer":  {required: []string{"token"}, header: "Authorization"},
	"api_key": {required: []string{"name", "value"}, optional: []string{"in"}},
	"basic":   {required: []string{"username", "password"}, header: "Authorization"},
	"oauth2_client_credentials": {required: []string{"token_url", "client_id", "client_secret"},
		optional: []string{"scopes", "client_auth"}, grant: auth.ClientCredentials, header: "Authorization"},
	"oauth2_refresh_token": {required: []string{"token_url", "refresh_token"},
		optional: []string{"client_id", "client_secret", "scopes", "client_auth"}, grant: auth.RefreshToken, header: "Authorization"},
	"oauth2_password": {required: []string{"token_url", "username", "password"},
		optional: []string{"client_id", "client_secret", "scopes", "client_auth"}, grant: auth.Password, header: "Authorization"},
	"hmac":      {required: []string{"key", "header", "message"}, optional: []string{"algorithm", "encoding", "value", "timestamp_header"}},
	"aws_sigv4": {required: []string{"region", "service"}, optional: []string{"access_key_id", "secret_access_key", "session_token"}, header: "Authorization"},
}

// authTypes lists the types, for messages.
var authTypes = slices.Sorted(maps.Keys(authKinds))

// authFields are the fields of an auth block, of every type.
var authFields = func() []string {
	fs := []string{"type"}
	for _, k := range authKinds {
		for _, f := range append(slices.Clone(k.required), k.optional...) {
			if !slices.Contains(fs, f) {
				fs = append(fs, f)
			}
		}
	}
	slices.Sort(fs)
	return fs
}()

// authFileFields are the top-level fields of a file that defines a shared
// auth.
var authFileFields = []string{"name", "env", "values", "auth"}

// definesAuth reports whether the file defines a shared auth: it has no
// steps and no desc, and its auth is a mapping.
func (c *compiler) definesAuth(have map[string]bool, n ast.Node) bool {
	if have["steps"] || have["desc"] || have["pre_request"] || n == nil {
		return false
	}
	_, ok := yamlast.MappingValues(c.resolve(n))
	return ok
}

// topAuth compiles the top-level auth field: the name of a shared auth,
// or a block written out.
func (c *compiler) topAuth(n ast.Node) {
	if _, isStr := c.resolve(n).(*ast.StringNode); isStr {
		name, _ := c.str(n, "auth")
		switch {
		case name == "none":
			c.errorf(n, "auth", "auth: none turns auth off for a step; at the top, leave auth out")
		case authKinds[name].required != nil:
			c.errorf(n, "auth", "%q is a type: write auth: {type: %s, ...}, or the name of a shared auth", name, name)
		case !isName(name):
			c.errorf(n, "auth", "%q is not a valid auth name", name)
		default:
			c.w.Auth = name
			c.w.authAt[0], c.w.authAt[1] = yamlast.Pos(c.resolve(n))
		}
		return
	}
	c.auth = c.authBlock(n, "auth")
}

// authBlock compiles an auth block at path.
func (c *compiler) authBlock(n ast.Node, path string) *Auth {
	fields, ok := c.mapping(n, path, authFields)
	if !ok {
		return nil
	}
	a := &Auth{File: c.file, fields: map[string]*template.Template{}, in: "header", alg: "sha256", enc: "hex", envOnly: true}
	a.line, a.col = yamlast.Pos(c.resolve(n))
	have := map[string]ast.Node{}
	for _, f := range fields {
		have[f.key] = f.value
	}
	typeNode := have["type"]
	if typeNode == nil {
		c.errorf(n, path, "missing required field \"type\"; use one of %s", strings.Join(authTypes, ", "))
		return nil
	}
	a.Type, _ = c.str(typeNode, path+".type")
	kind, known := authKinds[a.Type]
	if !known {
		msg := fmt.Sprintf("unknown auth type %q; use one of %s", a.Type, strings.Join(authTypes, ", "))
		if a.Type == "none" {
			msg = "type none turns auth off for a step (auth: none); at the top, leave auth out"
		} else if s := suggest.Closest(a.Type, authTypes); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		c.errorf(typeNode, path+".type", "%s", msg)
		return nil
	}
	for _, req := range kind.required {
		if have[req] == nil {
			c.errorf(n, path, "missing required field %q (type %s takes %s)", req, a.Type, fieldList(kind))
		}
	}
	for _, f := range fields {
		fp := path + "." + f.key
		if f.key != "type" && !slices.Contains(kind.required, f.key) && !slices.Contains(kind.optional, f.key) {
			c.errorf(f.keyN, fp, "does not apply to type %s, which takes %s", a.Type, fieldList(kind))
			continue
		}
		switch f.key {
		case "type":
		case "in":
			a.in, _ = c.str(f.value, fp)
			if !slices.Contains([]string{"header", "query", "cookie"}, a.in) {
				c.errorf(f.value, fp, "unknown location %q; use header, query or cookie", a.in)
			}
		case "name", "header", "timestamp_header":
			s, _ := c.str(f.value, fp)
			if f.key == "timestamp_header" {
				a.tsHeader = s
			} else {
				a.key = s
			}
			if f.key != "name" && !isToken(s) {
				c.errorf(f.value, fp, "%q is not a valid header name", s)
			}
		case "scopes":
			items, _ := c.seq(f.value, fp)
			for i, item := range items {
				if s, ok := c.str(item, indexPath(fp, i)); ok {
					if s == "" || strings.ContainsAny(s, " \"\\") {
						c.errorf(item, indexPath(fp, i), "a scope is a non-empty word without spaces, quotes or backslashes")
					}
					a.scopes = append(a.scopes, s)
				}
			}
		case "client_auth":
			s, _ := c.str(f.value, fp)
			switch s {
			case "basic":
			case "post":
				a.inParams = true
			default:
				c.errorf(f.value, fp, "unknown client authentication %q; use basic (client_secret_basic, the default) or post (client_secret_post)", s)
			}
		case "algorithm":
			a.alg, _ = c.str(f.value, fp)
			if !slices.Contains(auth.HMACAlgorithms, a.alg) {
				c.errorf(f.value, fp, "unknown HMAC algorithm %q; use %s", a.alg, strings.Join(auth.HMACAlgorithms, ", "))
			}
		case "encoding":
			a.enc, _ = c.str(f.value, fp)
			if !slices.Contains(auth.HMACEncodings, a.enc) {
				c.errorf(f.value, fp, "unknown encoding %q; use %s", a.enc, strings.Join(auth.HMACEncodings, ", "))
			}
		default:
			src, ok := c.str(f.value, fp)
			if !ok {
				continue
			}
			ctx := template.InText
			if f.key == "token_url" {
				ctx = template.InURL
			}
			if t := c.template(f.value, src, ctx, fp); t != nil {
				a.fields[f.key] = t
				if f.key == "token_url" && t.IsLiteral() {
					c.checkLiteralURL(f.value, src, fp)
				}
				for _, r := range t.AppendRefs(nil) {
					a.envOnly = a.envOnly && r.Source == template.Env
					if r.Source == template.Env && !slices.Contains(a.envNames, r.Name) {
						a.envNames = append(a.envNames, r.Name)
					}
				}
			}
		}
	}
	if n := have["name"]; n != nil && a.Type == "api_key" && (a.key == "" || a.in != "query" && !isToken(a.key)) {
		c.errorf(n, path+".name", "%q is not a valid %s name", a.key, a.in)
	}
	if a.Type == "aws_sigv4" && (have["access_key_id"] == nil) != (have["secret_access_key"] == nil) {
		c.errorf(n, path, "set access_key_id and secret_access_key together, or neither (the host's Options.AWSCredentials then signs)")
	}
	if a.Type == "hmac" && a.key != "" && a.tsHeader != "" && strings.EqualFold(a.key, a.tsHeader) {
		c.errorf(have["timestamp_header"], path+".timestamp_header", "is the header the signature goes in")
	}
	return a
}

// fieldList names what kind takes, for messages.
func fieldList(kind authKind) string {
	s := strings.Join(kind.required, ", ")
	if len(kind.optional) > 0 {
		s += " and optionally " + strings.Join(kind.optional, ", ")
	}
	return s
}

// badAuthRef reports a reference an auth block cannot make: its values
// come from the environment and per-call values alone.
func badAuthRef(ref template.Ref, report func(Severity, string, ...any)) bool {
	switch ref.Source {
	case template.Env, template.PerCall:
		return false
	case template.Param:
		report(SeverityError, "%s: auth values never come from the model (a parameter); read the environment (${env:NAME}) or a per-call value the host passes (${value:name})", ref)
	default:
		report(SeverityError, "%s: auth values come from the environment (${env:NAME}) and per-call values (${value:name}) only", ref)
	}
	return true
}

// stepAuth reads a step's auth field: only none, which turns the tool's
// auth off for that step.
func (c *compiler) stepAuth(s *step, n ast.Node, path string) {
	v, ok := c.str(n, path)
	if ok && v != "none" {
		c.errorf(n, path, "a step's auth can only be none (no credentials for this step); the tool's auth is set at the top of the file")
	}
	s.noAuth = ok && v == "none"
}

// authConflicts reports the steps a's credentials go to that also set
// them by hand: the header a sets (Authorization, or an api_key's or
// hmac's header) or the query key of an api_key.
func authConflicts(a *Auth, steps []*step, report func(i int, field, msg string)) {
	if a == nil {
		return
	}
	header := authKinds[a.Type].header
	switch {
	case a.Type == "api_key" && a.in == "header", a.Type == "hmac":
		header = a.key
	case a.Type == "api_key" && a.in == "cookie":
		header = ""
	}
	for i, s := range steps {
		if s.noAuth {
			continue
		}
		if s.urlFrom != "" {
			report(i, "url", fmt.Sprintf("the whole URL comes from %s, so its host is not the tool's: the tool's auth (%s) would send its credentials wherever it points; set auth: none on this step", s.urlFrom, a.Type))
		}
		if header != "" && hasHeader(s.headers, header) {
			report(i, "headers."+header, fmt.Sprintf("the tool's auth (%s) sets %s: drop it here, or set auth: none on this step", a.Type, header))
		}
		if a.Type == "api_key" && a.in == "query" && slices.ContainsFunc(s.query, func(q queryTemplate) bool { return q.key == a.key }) {
			report(i, "query", fmt.Sprintf("the tool's auth (api_key) sends the query key %q: drop it here, or set auth: none on this step", a.key))
		}
	}
}

// wholeURLRef returns the reference a step's URL template is whole, when
// it is not ${env:…}; "" otherwise.
func wholeURLRef(t *template.Template) string {
	if t == nil {
		return ""
	}
	if refs := t.AppendRefs(nil); len(refs) == 1 && refs[0].Source != template.Env && t.Source() == refs[0].String() {
		return refs[0].String()
	}
	return ""
}

// checkAuthConflicts reports, at load, a written-out auth that steps set
// by hand too.
func (c *compiler) checkAuthConflicts() {
	authConflicts(c.auth, c.w.steps, func(i int, field, msg string) {
		c.errorf(c.stepNodes[i], indexPath("steps", i)+"."+field, "%s", msg)
	})
}

// ParseAuth compiles a file that defines a shared auth:
//
//	name: shop_auth
//	env: [SHOP_URL, SHOP_CLIENT_ID, SHOP_CLIENT_SECRET]
//	auth:
//	  type: oauth2_client_credentials
//	  token_url: ${env:SHOP_URL}/oauth/token
//	  ...
//
// Tool files name it with auth: shop_auth. A Registry's LoadFile, LoadDir
// and LoadFS load such files by themselves; AddAuth adds one parsed here.
func ParseAuth(filename string, src []byte) (*Auth, Diagnostics) {
	f := parseFile(filename, string(src), DefaultMaxFileBytes)
	if f.w != nil || f.p != nil {
		f.diags = append(f.diags, Diagnostic{File: filename, Line: 1, Col: 1,
			Msg: "the file does not define a shared auth (a file with only name, env, values and an auth block)"})
		slices.SortStableFunc(f.diags, diagOrder)
		return nil, f.diags
	}
	return f.a, f.diags
}

// notAToolAuth is the error ParseWorkflow reports for a file that
// defines a shared auth.
func notAToolAuth(a *Auth) Diagnostic {
	return Diagnostic{File: a.File, Line: a.line, Col: a.col, Field: "auth",
		Msg: fmt.Sprintf("the file defines the shared auth %q, not a tool: load it into the Registry of the tools that use it, or parse it with ParseAuth", a.Name)}
}

// AddAuth registers shared auths (ParseAuth), replacing any of the same
// name: the tools that name one use it from their next call. It refuses
// (ErrInvalidCapability) one without a name.
func (r *Registry) AddAuth(as ...*Auth) error {
	for _, a := range as {
		if a == nil || a.Name == "" || a.fields == nil {
			return fmt.Errorf("%w: a shared auth needs a name; compile it with ParseAuth", ErrInvalidCapability)
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.auths == nil {
		r.auths = make(map[string]*Auth, len(as))
	}
	for _, a := range as {
		r.auths[a.Name] = a
	}
	return nil
}

// RemoveAuth unregisters shared auths by name; unknown names are ignored.
// The tools that name one stay registered: until one of that name is added
// again, their calls fail saying it is not loaded, and Check reports them.
func (r *Registry) RemoveAuth(names ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, n := range names {
		delete(r.auths, n)
	}
}

// sharedAuth returns the shared auth of that name, or nil.
func (r *Registry) sharedAuth(name string) *Auth {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.auths[name]
}

// authNames returns the names of the shared auths.
func (r *Registry) authNames() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return slices.Collect(maps.Keys(r.auths))
}

// bindAuthDiags checks a workflow naming a shared auth against a (nil:
// unknown, reported with severity unknown; more are names about to be
// loaded, for the suggestion): none of its steps may set by hand what a
// sets.
func (r *Registry) bindAuthDiags(w *Workflow, a *Auth, unknown Severity, more ...string) Diagnostics {
	if w.Auth == "" {
		return nil
	}
	if a == nil {
		names := append(r.authNames(), more...)
		msg := fmt.Sprintf("unknown shared auth %q", w.Auth)
		if s := suggest.Closest(w.Auth, names); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		} else {
			msg += "; load the file that defines it (name: " + w.Auth + ", auth: {type: ...}) into this Registry"
		}
		if unknown == SeverityWarning {
			msg += "; until then the tool's calls fail"
		}
		return Diagnostics{{Severity: unknown, File: w.File, Line: w.authAt[0], Col: w.authAt[1], Field: "auth", Msg: msg}}
	}
	var ds Diagnostics
	authConflicts(a, w.steps, func(i int, field, msg string) {
		ds = append(ds, Diagnostic{File: w.File, Line: w.authAt[0], Col: w.authAt[1], Field: indexPath("steps", i) + "." + field,
			Msg: fmt.Sprintf("step %d: %s (the shared auth %q, %s)", i, msg, a.Name, a.File)})
	})
	return ds
}

// checkAuth reports, for Check, a capability's shared auth that is not
// loaded, and the auth's unset env.
func (r *Registry) checkAuth(e *registered) []error {
	w := e.w
	if w == nil || w.Auth == "" {
		return nil
	}
	a := r.sharedAuth(w.Auth)
	if a == nil {
		return []error{fmt.Errorf("capability %q: auth %q is not loaded", w.Name, w.Auth)}
	}
	var errs []error
	for _, v := range a.Env {
		if _, ok := r.exec.opts.Env(v.Name); !ok {
			errs = append(errs, fmt.Errorf("capability %q: environment variable %s (of auth %q) is not set", w.Name, v.Name, a.Name))
		}
	}
	return errs
}
