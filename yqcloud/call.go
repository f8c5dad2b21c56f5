package yqcloud

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/dop251/goja"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// Capability returns the capability (category yqcloud) that runs d,
// sending requests through exec (nil: toolkit.NewExecutor(nil)), whose
// Logger and MaxResultBytes it takes unless d's Options set their own.
// Its Handler reads the per-call values ValueTenantID, ValueAccessToken
// and StaticPrefix+name from the call.
// Its Schema is d.Parameters with the object-valued members ("properties",
// ...) as json.RawMessage, so that they keep their written order. Its
// Effects: a manual function, and a call_url one to /transparent, send
// nothing and are read-only; another's follow its method
// (toolkit.MethodEffects).
func (d *Definition) Capability(exec *toolkit.Executor) *toolkit.Capability {
	if exec == nil {
		exec = toolkit.NewExecutor(nil)
	}
	schema := d.schema
	if schema == nil {
		schema = map[string]any{"type": "object", "properties": map[string]any{}}
	}
	return &toolkit.Capability{
		Name:         d.Name,
		Description:  d.Description,
		Category:     toolkit.CategoryYQCloud,
		Schema:       schema,
		Descriptions: d.descs,
		Effects:      d.effects(),
		Handler: func(ctx context.Context, call *toolkit.Call) (toolkit.Result, error) {
			return d.call(ctx, exec, call.RawArgs, call.Args, call.Value, call.Header(), call.Notify), nil
		},
	}
}

// effects are the Capability's: a manual function and a call_url one to
// /transparent send nothing and are read-only; another call_url function's
// follow its method (toolkit.MethodEffects: GET read-only, DELETE
// destructive, PUT idempotent, POST and PATCH unknown).
func (d *Definition) effects() toolkit.Effects {
	if d.Function.Type == TypeManual || d.url == nil {
		return toolkit.ReadOnlyEffects
	}
	return toolkit.MethodEffects(d.method)
}

// LocalDescription returns the description for locale (see
// toolkit.Localized), else Description.
func (d *Definition) LocalDescription(locale string) string {
	if text, ok := toolkit.Localized(d.descs, locale); ok {
		return text
	}
	return d.Description
}

// callState is everything of one call; definitions never change.
type callState struct {
	d       *Definition
	ctx     context.Context
	ectx    execContext // ctx with the Executor's Logger, when Options has none
	exec    *toolkit.Executor
	values  valueSource
	header  http.Header
	secrets toolkit.Redactor
}

func (st *callState) lookup(name string) (string, bool) {
	v, ok := st.values(name)
	if ok && toolkit.IsSecretName(name) {
		st.secrets.Add(v)
	}
	return v, ok
}

func (st *callState) fail(format string, args ...any) toolkit.Result {
	return toolkit.ErrorResult(st.secrets.Redact(fmt.Sprintf("function %q: ", st.d.Name) + fmt.Sprintf(format, args...)))
}

// call runs d: arguments -> requestParser -> path parameters -> routing
// -> HTTP (or /transparent, or manual) -> responseParser -> stop
// condition -> extra params.
func (d *Definition) call(ctx context.Context, exec *toolkit.Executor, raw json.RawMessage, args map[string]any, values valueSource, hdr http.Header, notify func(string)) (res toolkit.Result) {
	st := &callState{d: d, ctx: ctx, exec: exec, values: values, header: hdr}
	if d.set.opts.Logger == nil {
		st.ectx = execContext{Context: ctx, logger: exec.Logger()}
		st.ctx = &st.ectx
	}
	maxResult := d.set.opts.MaxResultBytes
	if maxResult <= 0 {
		_, maxResult = exec.Limits()
	}
	if tok, ok := values(ValueAccessToken); ok {
		st.secrets.Add(tok)
	}
	for name, vs := range hdr {
		st.secrets.AddHeader(name, vs...)
	}
	f := &d.Function
	if f.TypingMessage != "" {
		notify(f.TypingMessage)
	}
	defer func() {
		res.Text = st.secrets.Cap(res.Text, maxResult)
		if res.Signals.ExtraParams != nil {
			res.Signals.ExtraParams = json.RawMessage(st.secrets.Redact(string(res.Signals.ExtraParams)))
		}
		res.Signals.TypingMessage = f.TypingMessage
	}()

	params := d.arguments(raw, args)
	if err := d.checkArguments(params); err != nil {
		return st.fail("%v", err)
	}
	if h := d.hooks[hookRequest]; h != nil {
		var err error
		if params, err = st.requestParser(h, params); err != nil {
			return st.fail("%v", err)
		}
	}
	var resp *doc
	switch {
	case f.Type == TypeManual:
		args := json.RawMessage(appendJSON(nil, params))
		return toolkit.Result{
			Text: `{"status":"handed to the front end","arguments":` + string(args) + `}`,
			Signals: toolkit.Signals{
				Manual:          true,
				ManualArguments: args,
				StopGeneration:  f.StopAfterFunctionCall,
			},
		}
	case d.url == nil: // /transparent
		resp = docOf(params)
	default:
		var fail *toolkit.Result
		if resp, fail = st.send(params); fail != nil {
			return *fail
		}
	}
	return st.finish(resp)
}

// requestParser runs the hook on the arguments as a JSON string; its
// result must be an object: the parameters of the request.
func (st *callState) requestParser(h *hook, args *object) (*object, error) {
	eng := st.d.set.eng
	rt := eng.acquire(st.ctx, st.exec, st.secrets.Redact)
	defer eng.release(rt)
	var out *object
	err := eng.run(st.ctx, rt, h, rt.vm.ToValue(marshalJSON(args)), func(v goja.Value) error {
		s, ok, err := rt.toJSON(v)
		if err != nil {
			return err
		}
		if ok {
			parsed, _ := parseJSONContext(st.ctx, []byte(s))
			out, _ = parsed.(*object)
		}
		if out == nil {
			return &HookError{Function: h.fn, Field: h.field, err: ErrHook,
				Msg: fmt.Sprintf("must return an object (the request parameters), returned %s", jsKind(v))}
		}
		return nil
	})
	return out, err
}

func jsKind(v goja.Value) string {
	switch {
	case v == nil || goja.IsUndefined(v):
		return "undefined (missing return?)"
	case goja.IsNull(v):
		return "null"
	}
	if o, ok := v.(*goja.Object); ok {
		switch o.ClassName() {
		case "Array":
			return "an array"
		case "Function":
			return "a function"
		}
		return "an object"
	}
	switch v.Export().(type) {
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case int64, float64:
		return "a number"
	}
	return "a " + v.String()
}

// send builds and sends the request; a failure comes back as the Result.
func (st *callState) send(params *object) (*doc, *toolkit.Result) {
	d := st.d
	fail := func(format string, args ...any) (*doc, *toolkit.Result) {
		r := st.fail(format, args...)
		return nil, &r
	}
	u, err := d.url.expandURL(st.lookup, params)
	if err != nil {
		return fail("url: %v", err)
	}
	var query, body *object
	if d.method == http.MethodGet {
		query = params
	} else {
		query = &object{}
		body = &object{}
		if d.postData != nil {
			body = d.postData.clone()
		}
		for i, k := range params.keys {
			if slices.Contains(d.Function.QueryParams, k) {
				query.set(k, params.vals[i])
			} else {
				body.set(k, params.vals[i])
			}
		}
	}
	if fixed := queryKeys(u); fixed != nil {
		var bound map[string]bool // what a server may read the url's keys as
		for _, k := range query.keys {
			if !fixed[k] && bound == nil {
				bound = map[string]bool{}
				for f := range fixed {
					for _, b := range boundNames(f) {
						bound[b] = true
					}
				}
			}
			// Nor is an argument read as one of them: a declared one in
			// another case, an undeclared one in any of boundNames.
			if fixed[k] || bound[strings.ToLower(k)] ||
				d.props.index(k) < 0 && slices.ContainsFunc(boundNames(k), func(b string) bool { return bound[b] }) {
				return fail("%v: parameter %s would be sent in the query beside the url's own %s, which the definition fixes", ErrInvalidArguments, quoteName(k), quoteName(k))
			}
		}
	}
	u = appendQuery(u, query)
	req := &toolkit.Request{Method: d.method, URL: u, Header: make(http.Header, len(d.headers)+2), Timeout: d.set.opts.RequestTimeout, Secrets: &st.secrets}
	for _, h := range d.headers {
		v, err := h.value.expandHeader(st.lookup)
		if err != nil {
			return fail("header %s: %v", h.name, err)
		}
		if h.secret {
			st.secrets.Add(v)
		}
		req.Header[h.name] = []string{v}
	}
	for k, vs := range st.header {
		if ck := http.CanonicalHeaderKey(k); req.Header[ck] == nil {
			req.Header[ck] = slices.Clone(vs)
		}
	}
	if body != nil && (len(body.keys) > 0 || d.method != http.MethodDelete) {
		req.Body = appendJSON(nil, body)
		if req.Header.Get("Content-Type") == "" {
			req.Header.Set("Content-Type", "application/json")
		}
	}
	resp, err := st.exec.Send(st.ctx, req)
	if err != nil {
		return fail("%s %s: %v", req.Method, st.shortURL(u), err)
	}
	if !resp.OK() {
		return fail("%s %s: HTTP %s: %s", req.Method, st.shortURL(u), resp.Status, excerpt(st.secrets.Redact(string(resp.Body))))
	}
	v, err := parseBody(st.ctx, resp.Body)
	if err != nil {
		return fail("%s %s: reading the response: the call was canceled (%v)", req.Method, st.shortURL(u), err)
	}
	return v, nil
}

// parseBody returns a response body as a JSON doc, or as text; the error
// is ctx's when it ended first. A doc's strings are cut from b, which must
// not change after (a response body is the call's own).
func parseBody(ctx context.Context, b []byte) (*doc, error) {
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	d, err := parseDoc(ctx, b)
	if err == nil {
		return d, nil
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return textDoc(string(b)), nil
}

// appendQuery adds parameters to a URL's query string, keeping a query the
// URL already has. Arrays repeat the key; objects are sent as JSON; null
// is left out.
func appendQuery(u string, q *object) string {
	if len(q.keys) == 0 {
		return u
	}
	frag := ""
	if i := strings.IndexByte(u, '#'); i >= 0 {
		u, frag = u[:i], u[i:]
	}
	var b strings.Builder
	b.WriteString(u)
	sep := "?"
	if strings.Contains(u, "?") {
		sep = "&"
		if strings.HasSuffix(u, "?") || strings.HasSuffix(u, "&") {
			sep = ""
		}
	}
	add := func(k string, v any) {
		var text string
		switch x := v.(type) {
		case nil:
			return
		case string:
			text = x
		case json.Number:
			text = x.String()
		case bool:
			text = strconv.FormatBool(x)
		default:
			text = marshalJSON(x)
		}
		b.WriteString(sep)
		b.WriteString(url.QueryEscape(k))
		b.WriteByte('=')
		b.WriteString(url.QueryEscape(text))
		sep = "&"
	}
	for i, k := range q.keys {
		if list, ok := q.vals[i].([]any); ok {
			for _, e := range list {
				add(k, e)
			}
			continue
		}
		add(k, q.vals[i])
	}
	b.WriteString(frag)
	return b.String()
}

// finish runs the response hooks and builds the Result.
func (st *callState) finish(resp *doc) toolkit.Result {
	d, f := st.d, &st.d.Function
	res := toolkit.Result{Signals: toolkit.Signals{
		StopGeneration: f.StopAfterFunctionCall,
		ResultTips:     f.ResultTips,
		ToolChoice:     d.Function.ToolChoice,
	}}
	if d.hooks[hookResponse] == nil && d.hooks[hookStop] == nil && d.hooks[hookExtra] == nil {
		res.Text = resp.String()
		return res
	}
	eng := d.set.eng
	rt := eng.acquire(st.ctx, st.exec, st.secrets.Redact)
	defer eng.release(rt)
	data := rt.toJS(resp, resp.root)
	if h := d.hooks[hookResponse]; h != nil {
		err := eng.run(st.ctx, rt, h, data, func(v goja.Value) error {
			data = v
			if goja.IsString(v) {
				res.Text = v.String()
				return nil
			}
			s, ok, err := rt.toJSON(v)
			if err != nil {
				return err
			}
			if !ok {
				return &HookError{Function: h.fn, Field: h.field, err: ErrHook, Msg: "returned " + jsKind(v) + "; end the script with a return statement"}
			}
			res.Text = s
			return nil
		})
		if err != nil {
			return st.fail("%v", err)
		}
	} else {
		res.Text = resp.String()
	}
	if h := d.hooks[hookStop]; h != nil {
		err := eng.run(st.ctx, rt, h, data, func(v goja.Value) error {
			res.Signals.StopGeneration = v != nil && v.ToBoolean()
			return nil
		})
		if err != nil {
			return st.fail("%v", err)
		}
	}
	if h := d.hooks[hookExtra]; h != nil {
		err := eng.run(st.ctx, rt, h, data, func(v goja.Value) error {
			s, ok, err := rt.toJSON(v)
			if err != nil {
				return err
			}
			if ok && s != "null" {
				res.Signals.ExtraParams = json.RawMessage(s)
			}
			return nil
		})
		if err != nil {
			return st.fail("%v", err)
		}
	}
	return res
}

// shortURL drops the query, which may carry keys, from a URL in errors,
// redacts it and then cuts it to maxURLQuote bytes: cut first, a secret
// the cut split would no longer match and its head would be shown.
func (st *callState) shortURL(u string) string {
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i] + "?…"
	}
	return textcut.Cut(st.secrets.Redact(u), maxURLQuote)
}

// maxURLQuote is how many bytes of a request's URL an error quotes: a
// path parameter comes from the model.
const maxURLQuote = 200

// excerpt shows the start of a (redacted) body in an error.
func excerpt(body string) string {
	s, cut := textcut.Prefix(strings.TrimSpace(body), 300)
	if cut {
		s += "…"
	}
	if s == "" {
		return "(empty body)"
	}
	return s
}

// maxQuotedNames is how many argument names an error quotes; the rest it
// counts.
const maxQuotedNames = 5

// checkArguments refuses the model's arguments that the definition does
// not declare, unless its parameters schema allows others
// ("additionalProperties": true or a schema), and any argument named as
// something the definition or the host fixes: an undeclared one may not
// carry the name of a key of the url's query, of defaultPostData or of a
// per-call value, nor one a server may bind to one of these (another
// case, "tenant[]", "tenant.x", PHP's "tenant.id" for tenant_id); no
// argument may replace a defaultPostData member that
// holds a placeholder. A declared parameter overlays the other
// defaultPostData members, as the format says.
func (d *Definition) checkArguments(params *object) error {
	var unknown []string
	for _, k := range params.keys {
		declared := d.props.index(k) >= 0
		switch {
		case d.pinned[k]:
			return fmt.Errorf("%w: parameter %s would replace defaultPostData's %s, which the definition fixes", ErrInvalidArguments, quoteName(k), quoteName(k))
		case declared:
		case !d.allowExtra:
			unknown = append(unknown, k)
		default:
			for _, b := range boundNames(k) {
				if where := d.fixedFold[b]; where != "" {
					return fmt.Errorf("%w: parameter %s is not declared and names %s, which the definition fixes; leave it out", ErrInvalidArguments, quoteName(k), where)
				}
			}
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString("unknown parameter")
	if len(unknown) > 1 {
		b.WriteString("s")
	}
	b.WriteString(" " + textcut.Join(unknown, maxQuotedNames, quoteName))
	b.WriteString("; ")
	if len(d.props.keys) == 0 {
		b.WriteString("the function takes no arguments")
	} else {
		accepted, cut := textcut.Prefix(strings.Join(d.props.keys, ", "), 300)
		if cut {
			accepted += ", …"
		}
		b.WriteString("accepted parameters: " + accepted)
	}
	return fmt.Errorf("%w: %s", ErrInvalidArguments, b.String())
}

// boundNames are the names a server's parameter binding may read an
// argument's name k as, lower-cased: k itself (ASP.NET's query binder and
// System.Text.Json's web defaults ignore case), the name before a '[' or
// '.' (PHP and Rails read "tenant[]" and "tenant[x]" as tenant, Spring
// "tenant.x" as a member of tenant), and k with '.' and ' ' as '_' before
// any '[' (PHP reads "tenant.id" as tenant_id).
func boundNames(k string) []string {
	low := strings.ToLower(k)
	names := []string{low}
	if i := strings.IndexAny(low, "[."); i >= 0 {
		names = append(names, low[:i])
	}
	head, _, _ := strings.Cut(low, "[")
	if php := strings.NewReplacer(".", "_", " ", "_").Replace(head); php != low {
		names = append(names, php)
	}
	return names
}

// quoteName quotes an argument's name, cut to a few dozen bytes.
func quoteName(k string) string {
	s, cut := textcut.Prefix(k, 40)
	if cut {
		return strconv.Quote(s) + "…"
	}
	return strconv.Quote(s)
}

// arguments returns the call's arguments in the order the model wrote
// them, with the values the Registry validated against the parameters
// schema (lossless string forms converted, nulls dropped, defaults
// added): raw as written, args as validated.
func (d *Definition) arguments(raw json.RawMessage, args map[string]any) *object {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" || t[0] == '"' { // a string holding the object: the Registry unwrapped it
		t = []byte("{}")
	}
	v, err := parseJSON(t)
	o, ok := v.(*object)
	if err != nil || !ok {
		o = &object{}
	}
	return mergeArgs(o, args)
}

// mergeArgs is norm (validated, unordered) in the member order of raw.
func mergeArgs(raw *object, norm map[string]any) *object {
	out := &object{}
	for i, k := range raw.keys {
		if nv, ok := norm[k]; ok {
			out.set(k, mergeValue(raw.vals[i], nv))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(norm)) {
		if raw.index(k) < 0 {
			out.set(k, mergeValue(nil, norm[k]))
		}
	}
	return out
}

func mergeValue(raw, norm any) any {
	switch n := norm.(type) {
	case map[string]any:
		r, _ := raw.(*object)
		if r == nil {
			r = &object{}
		}
		return mergeArgs(r, n)
	case []any:
		r, _ := raw.([]any)
		out := make([]any, len(n))
		for i, e := range n {
			var re any
			if i < len(r) {
				re = r[i]
			}
			out[i] = mergeValue(re, e)
		}
		return out
	}
	return norm
}
