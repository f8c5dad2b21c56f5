package hostapi

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/argcheck"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

const formType = "application/x-www-form-urlencoded"

type callInput struct {
	endpoint                      string
	path, query, headers, cookies map[string]any
	body                          any
}

func callArgs(args map[string]any) (callInput, error) {
	var in callInput
	for _, k := range slices.Sorted(maps.Keys(args)) {
		v := args[k]
		if v == nil {
			continue
		}
		var dst *map[string]any
		switch k {
		case "endpoint":
			s, ok := v.(string)
			if !ok {
				return in, errors.New(`argument "endpoint" must be a string: an endpoint id from ` + ToolQueryDocs)
			}
			in.endpoint = strings.TrimSpace(s)
			continue
		case "body":
			in.body = v
			continue
		case "path_params":
			dst = &in.path
		case "query":
			dst = &in.query
		case "headers":
			dst = &in.headers
		case "cookies":
			dst = &in.cookies
		default:
			return in, fmt.Errorf("unknown argument %s; accepted: endpoint, path_params, query, headers, cookies, body", textcut.Quote(k))
		}
		m, ok := v.(map[string]any)
		if !ok {
			return in, fmt.Errorf("argument %q must be an object of parameter names to values", k)
		}
		*dst = m
	}
	if in.endpoint == "" {
		return in, errors.New(`argument "endpoint" is required: an endpoint id from ` + ToolQueryDocs)
	}
	return in, nil
}

// request is a validated call, ready to send.
type request struct {
	method   string
	path     string // escaped
	rawQuery string
	header   http.Header
	body     []byte
}

func (a *API) call(ctx context.Context, call *toolkit.Call) (toolkit.Result, error) {
	in, err := callArgs(call.Args)
	if err != nil {
		return toolkit.ErrorResult(ToolCall + ": " + err.Error()), nil
	}
	e, ok := a.lookup(in.endpoint)
	if !ok {
		return toolkit.ErrorResult(ToolCall + ": " + a.unknownEndpoint(in.endpoint)), nil
	}
	check, err := e.checker()
	if err != nil {
		return toolkit.Result{}, fmt.Errorf("hostapi: endpoint %q: arguments schema: %w", e.ID, err)
	}
	req, errs := build(e, check, in)
	if len(errs) > 0 {
		return toolkit.ErrorResult(fmt.Sprintf("%s: endpoint %q: %s (see %s {\"endpoint\": %q})",
			ToolCall, e.ID, strings.Join(errs, "; "), ToolQueryDocs, e.ID)), nil
	}
	if problem := a.credentialName(e, req); problem != "" {
		return toolkit.ErrorResult(fmt.Sprintf("%s: endpoint %q: %s (see %s {\"endpoint\": %q})", ToolCall, e.ID, problem, ToolQueryDocs, e.ID)), nil
	}
	if v, _ := call.Value(confirmedValue); e.confirm && v != "true" {
		return confirmation(e, req), nil
	}
	var red toolkit.Redactor
	model := req.header.Get("Cookie")
	for k, vs := range call.Header() {
		red.AddHeader(k, vs...)
		req.header[http.CanonicalHeaderKey(k)] = slices.Clone(vs)
	}
	if model != "" {
		req.header.Set("Cookie", mergeCookies(call.Header().Values("Cookie"), model))
	}
	if err := a.applySecurity(ctx, e, req, &red); err != nil {
		return toolkit.ErrorResult(red.Redact(fmt.Sprintf("%s: endpoint %q (%s %s): %v", ToolCall, e.ID, e.Method, e.Path, err))), nil
	}
	var status int
	var ctype string
	var body []byte
	if a.opts.Handler != nil {
		status, ctype, body, err = a.serve(ctx, req)
	} else {
		var resp *toolkit.Response
		resp, err = a.exec.Send(ctx, &toolkit.Request{Method: req.method, URL: a.url(req),
			Header: req.header, Body: req.body, Timeout: a.opts.Timeout, Secrets: &red})
		if err == nil {
			status, ctype, body = resp.StatusCode, resp.Header.Get("Content-Type"), resp.Body
		}
	}
	if err != nil {
		return toolkit.ErrorResult(red.Redact(fmt.Sprintf("%s: endpoint %q (%s %s): %v", ToolCall, e.ID, e.Method, e.fullPath(), err))), nil
	}
	return toolkit.TextResult(a.responseText(status, ctype, body, &red)), nil
}

// credentialName says which query pair or cookie of req, as the model's
// arguments wrote it, has the name an apiKey credential of e that the
// host registered is sent as, or "". An exploded object's members are
// written under their own names, and the server may read the model's
// value, sent first, as the credential.
func (a *API) credentialName(e *endpoint, req *request) string {
	for _, alt := range e.Security {
		for _, name := range alt {
			s := a.schemes[name]
			if _, ok := a.opts.Credentials[name]; !ok || s.Type != SchemeAPIKey {
				continue
			}
			var taken bool
			switch s.In {
			case "query":
				taken = slices.Contains(pairNames(strings.Split(req.rawQuery, "&")), queryEscape(s.Name, false))
			case "cookie":
				taken = slices.Contains(pairNames(strings.Split(req.header.Get("Cookie"), "; ")), s.Name)
			}
			if taken {
				return fmt.Sprintf("the %s name %s is the one the application's credential is sent as (security scheme %q), which a call cannot send", s.In, strconv.Quote(s.Name), name)
			}
		}
	}
	return ""
}

// pairNames are the names of name=value pairs.
func pairNames(pairs []string) []string {
	names := make([]string, len(pairs))
	for i, p := range pairs {
		names[i], _, _ = strings.Cut(p, "=")
	}
	return names
}

// url is req's absolute URL.
func (a *API) url(req *request) string {
	u := a.prefix + req.path
	if req.rawQuery != "" {
		u += "?" + req.rawQuery
	}
	return u
}

// responseText is what the model sees: the status line and the body,
// redacted, then cut to MaxResultBytes.
func (a *API) responseText(status int, ctype string, body []byte, red *toolkit.Redactor) string {
	text := fmt.Sprintf("HTTP %d %s", status, http.StatusText(status))
	if len(bytes.TrimSpace(body)) == 0 {
		return text
	}
	if !utf8.Valid(body) {
		return text + fmt.Sprintf("\n[binary body: %d bytes, %s]", len(body), cmp.Or(ctype, "unknown type"))
	}
	return text + "\n" + red.CapBytes(body, a.opts.MaxResultBytes)
}

func confirmation(e *endpoint, req *request) toolkit.Result {
	pending := map[string]any{"endpoint": e.ID, "method": req.method, "path": req.path}
	if req.rawQuery != "" {
		pending["query"] = req.rawQuery
	}
	if req.body != nil {
		if json.Valid(req.body) {
			pending["body"] = json.RawMessage(req.body)
		} else if e.upload != nil || !utf8.Valid(req.body) {
			pending["body"] = fmt.Sprintf("[%d bytes, %s]", len(req.body), req.header.Get("Content-Type"))
		} else {
			pending["body"] = string(req.body)
		}
	}
	extra, _ := jsonstr.Marshal(pending)
	return toolkit.Result{
		Text: fmt.Sprintf("not sent yet: endpoint %q (%s %s) needs the user's confirmation, which the application asks for now; do not repeat the call",
			e.ID, req.method, req.path),
		Signals: toolkit.Signals{NeedsConfirmation: true, ExtraParams: extra},
	}
}

// build validates the model's arguments against e and builds the request.
// The problems are written like every capability's (see argcheck), with
// the field paths as the model writes them: "path_params.name",
// "query.limit", "headers.X-Request-Id", "body.items[0].sku".
func build(e *endpoint, check *argcheck.Schema, in callInput) (*request, []string) {
	var errs []string
	args := make(map[string]any, 4)
	locs := [...]struct {
		in    In
		given map[string]any
	}{{InPath, in.path}, {InQuery, in.query}, {InHeader, in.headers}, {InCookie, in.cookies}}
	for _, l := range locs {
		if m := e.sortOut(l.in, l.given, &errs); m != nil {
			args[argName(l.in)] = m
		}
	}
	if body := in.body; body != nil {
		// A model sometimes sends a JSON body as a string holding the JSON.
		if s, ok := body.(string); ok && e.bodyUnwraps {
			var inner any
			if t := strings.TrimSpace(s); (strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[")) && decodeJSON([]byte(t), &inner) == nil {
				body = inner
			}
		}
		args["body"] = body
	}
	if err := check.Check(args); err != nil {
		var ae *argcheck.Error
		if !errors.As(err, &ae) {
			return nil, append(errs, err.Error())
		}
		for _, p := range ae.Problems {
			errs = append(errs, e.hint(p))
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	req := &request{method: e.Method, header: http.Header{}}
	values := map[string]string{}
	query := rawQuery{}
	var cookies []string
	for _, p := range e.Params {
		given, _ := args[argName(p.In)].(map[string]any)
		v, ok := given[p.Name]
		if !ok {
			continue
		}
		field := strconv.Quote(argName(p.In) + "." + p.Name)
		var problem string
		if p.ContentType != "" {
			problem = contentParam(p, compactJSON(v), values, &query, req.header, &cookies)
			if problem != "" {
				errs = append(errs, fmt.Sprintf("parameter %s %s", field, problem))
			}
			continue
		}
		switch problem = e.memberClash(p, v); {
		case problem != "":
		case p.In == InPath:
			values[p.Name], problem = pathValue(p, v)
		case p.In == InQuery:
			st, explode := styleOf(InQuery, p.Style, p.Explode)
			problem = query.add(p.Name, v, st.name, explode, p.AllowReserved)
		case p.In == InHeader:
			var s string
			if s, problem = headerValue(p, v); problem == "" && strings.ContainsFunc(s, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }) {
				problem = "must not hold control characters"
			}
			req.header.Set(p.Name, s)
		case p.In == InCookie:
			var pairs []string
			pairs, problem = cookiePairs(p, v)
			cookies = append(cookies, pairs...)
		}
		if problem != "" {
			errs = append(errs, fmt.Sprintf("parameter %s %s", field, problem))
		}
	}
	if len(cookies) > 0 {
		req.header.Set("Cookie", strings.Join(cookies, "; "))
	}
	for _, f := range e.Fixed {
		if f.In == InQuery && slices.Contains(pairNames(query), queryEscape(f.Name, false)) {
			// An exploded object's member, written under its own name.
			errs = append(errs, fmt.Sprintf("the query pair %s is the endpoint's own (%s=%s), which a call cannot send", strconv.Quote(f.Name), f.Name, f.Value))
		}
	}
	for _, f := range e.Fixed {
		switch {
		case f.In == InQuery && f.Raw != "":
			query = append(query, queryText(f.Raw))
		case f.In == InQuery:
			query.Add(f.Name, f.Value)
		default:
			req.header.Set(f.Name, f.Value)
		}
	}
	if body, ok := args["body"]; ok && e.upload != nil {
		data, ct, err := e.upload.encode(body) // upload.go
		if err != "" {
			errs = append(errs, err)
		}
		req.body = data
		req.header.Set("Content-Type", cmp.Or(ct, e.Body.ContentType))
	} else if ok {
		data, err := encodeBody(e, body)
		if err != "" {
			errs = append(errs, err)
		}
		req.body = data
		req.header.Set("Content-Type", e.Body.ContentType)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	var b strings.Builder
	b.WriteString(e.base)
	for _, part := range e.tmpl {
		if part.param {
			b.WriteString(values[part.text])
		} else {
			b.WriteString(part.text)
		}
	}
	req.path = b.String()
	for seg := range strings.SplitSeq(req.path, "/") {
		if seg == "." || seg == ".." {
			return nil, []string{fmt.Sprintf("the path parameters make a %q path segment", seg)}
		}
	}
	req.rawQuery = query.Encode()
	return req, nil
}

// memberClash says which member of v, an object that p's style writes
// as pairs of the members' names (an exploded form or cookie style in a
// query or cookie), has the name of another parameter of p's location,
// whose pair it would repeat unchecked; or "".
func (e *endpoint) memberClash(p Param, v any) string {
	m, ok := v.(map[string]any)
	if !ok || p.In != InQuery && p.In != InCookie {
		return ""
	}
	if st, explode := styleOf(p.In, p.Style, p.Explode); !explode || st.nests {
		return ""
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if q, ok := e.param(p.In, k); ok && q.Name != p.Name {
			return fmt.Sprintf("member %s is the name of the %s parameter %q: its pair would be sent twice", textcut.Quote(k), p.In, q.Name)
		}
	}
	return ""
}

// contentParam writes a parameter of a content type: its value's JSON
// text, percent-encoded (a space as %20, as every query value) but in a
// header, where it is written in ASCII (asciiJSON).
func contentParam(p Param, text string, path map[string]string, query *rawQuery, header http.Header, cookies *[]string) string {
	switch p.In {
	case InPath:
		path[p.Name] = pathEscape(text)
	case InQuery:
		// As every query value, a space as %20 (queryEscape).
		*query = append(*query, queryEscape(p.Name, false)+"="+queryEscape(text, false))
	case InHeader:
		text = asciiJSON(text)
		if strings.ContainsFunc(text, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }) {
			return "must not hold control characters"
		}
		header.Set(p.Name, text)
	case InCookie:
		*cookies = append(*cookies, p.Name+"="+cookieText(text, false))
	}
	return ""
}

// asciiJSON is a JSON text with each character past ASCII, and DEL,
// written as its \u escape (two, a surrogate pair, past U+FFFF): the
// same value, in the bytes a header field carries (RFC 9110 leaves
// others opaque, and DEL is a control character). JSON writes them only
// inside a string, where the escape means them.
func asciiJSON(s string) string {
	i := strings.IndexFunc(s, func(r rune) bool { return r >= 0x7f })
	if i < 0 {
		return s
	}
	b := []byte(s[:i])
	for _, r := range s[i:] {
		if r < 0x7f {
			b = append(b, byte(r))
			continue
		}
		if r > 0xffff {
			r1, r2 := utf16.EncodeRune(r)
			b = fmt.Appendf(b, `\u%04x\u%04x`, r1, r2)
			continue
		}
		b = fmt.Appendf(b, `\u%04x`, r)
	}
	return string(b)
}

// sortOut returns the values the model gave for loc's parameters, in a
// new map: header names in the documented case, a single value of an
// array parameter as a one-item array. A name that belongs elsewhere, and
// a header the application sets, are left out with a problem that says
// so; other unknown names are left for the validator. Nil stands for no
// values where no parameter of loc is required.
func (e *endpoint) sortOut(loc In, given map[string]any, errs *[]string) map[string]any {
	if len(given) == 0 && !slices.ContainsFunc(e.Params, func(p Param) bool { return p.In == loc && p.Required }) {
		return nil
	}
	out := make(map[string]any, len(given))
	var misplaced []string
	for name, v := range given {
		p, ok := e.param(loc, name)
		if !ok {
			if _, elsewhere := otherLocation(e, loc, name); elsewhere || loc == InHeader && reservedHeader(name) {
				misplaced = append(misplaced, name)
			} else {
				out[name] = v
			}
			continue
		}
		if s, ok := v.(string); ok && p.ContentType != "" && (p.Type == toolkit.TypeObject || p.Type == toolkit.TypeArray) {
			// A model sometimes sends the JSON text the parameter
			// carries, not the value.
			var inner any
			if t := strings.TrimSpace(s); (strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[")) && decodeJSON([]byte(t), &inner) == nil {
				v = inner
			}
		}
		if _, isList := v.([]any); p.Type == toolkit.TypeArray && !isList && v != nil {
			v = []any{v}
		}
		out[p.Name] = v
	}
	slices.Sort(misplaced)
	for _, name := range misplaced {
		field := strconv.Quote(argName(loc) + "." + name)
		if other, ok := otherLocation(e, loc, name); ok {
			*errs = append(*errs, fmt.Sprintf("unknown parameter %s; %q is a %s parameter: put it under %s", field, name, other, argName(other)))
		} else {
			*errs = append(*errs, fmt.Sprintf("unknown parameter %s; the application sets this header, not the call", field))
		}
	}
	return out
}

// hint adds to a problem what helps the model fix its call.
func (e *endpoint) hint(p argcheck.Problem) string {
	switch {
	case p.Path != "body":
	case e.Body == nil:
		return p.Msg + ": this endpoint takes no request body"
	case p.Kind == "type" && !e.jsonBody:
		return p.Msg + " (content type " + e.Body.ContentType + ")"
	}
	return p.Msg
}

// mergeCookies is the Cookie header of a request: the host's cookies, then
// the model's pairs whose names the host does not send.
func mergeCookies(host []string, model string) string {
	if len(host) == 0 {
		return model
	}
	names := map[string]bool{}
	for _, h := range host {
		for pair := range strings.SplitSeq(h, ";") {
			name, _, _ := strings.Cut(pair, "=")
			names[strings.TrimSpace(name)] = true
		}
	}
	out := slices.Clone(host)
	for pair := range strings.SplitSeq(model, "; ") {
		if name, _, _ := strings.Cut(pair, "="); !names[name] {
			out = append(out, pair)
		}
	}
	return strings.Join(out, "; ")
}

func otherLocation(e *endpoint, in In, name string) (In, bool) {
	for _, other := range []In{InPath, InQuery, InHeader, InCookie} {
		if _, ok := e.param(other, name); ok && other != in {
			return other, true
		}
	}
	return "", false
}

// argName is the call_http_api argument that holds in's parameters.
func argName(in In) string {
	switch in {
	case InPath:
		return "path_params"
	case InHeader:
		return "headers"
	case InCookie:
		return "cookies"
	}
	return "query"
}

// paramText is a validated parameter value as it is sent.
func paramText(v any) string {
	if s, ok := toolkit.ScalarText(v); ok {
		return s
	}
	return compactJSON(v)
}

// encodeBody encodes a validated body for e's content type.
func encodeBody(e *endpoint, v any) ([]byte, string) {
	switch {
	case e.jsonBody:
		data, err := jsonstr.Marshal(v)
		if err != nil {
			return nil, `parameter "body": ` + err.Error()
		}
		return data, ""
	case e.Body.ContentType == formType:
		m, ok := v.(map[string]any)
		if !ok {
			return nil, `parameter "body" must be an object of form fields (content type ` + formType + ")"
		}
		var form formBody
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if enc, ok := e.Body.Encoding[k]; ok && (enc.Style != "" || enc.Explode != nil || enc.AllowReserved) {
				st, explode := styleOf(InQuery, enc.Style, enc.Explode) // a form style (the Endpoint was checked); "" is the query's default
				if members, ok := m[k].(map[string]any); ok && explode && !st.nests {
					props, _ := e.Body.Schema["properties"].(map[string]any)
					for _, name := range slices.Sorted(maps.Keys(members)) {
						_, given := m[name]
						if _, declared := props[name]; name != k && (given || declared) {
							return nil, fmt.Sprintf("parameter %s member %s is the name of the property %q: its pair would be sent twice", strconv.Quote("body."+k), textcut.Quote(name), name)
						}
					}
				}
				if problem := form.add(k, m[k], st.name, explode, enc.AllowReserved); problem != "" {
					problem = strings.Replace(problem, jsonParamFix, jsonPropertyFix, 1)
					return nil, fmt.Sprintf("parameter %s %s", strconv.Quote("body."+k), problem)
				}
				continue
			}
			list, isList := m[k].([]any)
			if !isList {
				list = []any{m[k]}
			}
			for _, x := range list {
				form.Add(k, paramText(x))
			}
		}
		return []byte(form.Encode()), ""
	}
	s, _ := v.(string) // the schema asks for a string
	return []byte(s), ""
}

func isJSONType(ct string) bool {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return false
	}
	return mt == "application/json" || strings.HasSuffix(mt, "+json")
}
