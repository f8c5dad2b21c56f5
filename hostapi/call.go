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
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/suggest"
)

const formType = "application/x-www-form-urlencoded"

type callInput struct {
	endpoint             string
	path, query, headers map[string]any
	body                 any
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
		default:
			return in, fmt.Errorf("unknown argument %q; accepted: endpoint, path_params, query, headers, body", k)
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
	req, errs := build(e, in)
	if len(errs) > 0 {
		return toolkit.ErrorResult(fmt.Sprintf("%s: endpoint %q: %s (see %s {\"endpoint\": %q})",
			ToolCall, e.ID, strings.Join(errs, "; "), ToolQueryDocs, e.ID)), nil
	}
	if v, _ := call.Value(confirmedValue); e.confirm && v != "true" {
		return confirmation(e, req), nil
	}
	var red toolkit.Redactor
	for k, vs := range call.Header() {
		red.Add(vs...)
		req.header[http.CanonicalHeaderKey(k)] = slices.Clone(vs)
	}
	var status int
	var ctype string
	var body []byte
	if a.opts.Handler != nil {
		status, ctype, body, err = a.serve(ctx, req)
	} else {
		var resp *toolkit.Response
		resp, err = a.exec.Send(ctx, &toolkit.Request{Method: req.method, URL: a.url(req),
			Header: req.header, Body: req.body, Timeout: a.opts.Timeout})
		if err == nil {
			status, ctype, body = resp.StatusCode, resp.Header.Get("Content-Type"), resp.Body
		}
	}
	if err != nil {
		return toolkit.ErrorResult(red.Redact(fmt.Sprintf("%s: endpoint %q (%s %s): %v", ToolCall, e.ID, e.Method, e.Path, err))), nil
	}
	return toolkit.TextResult(a.responseText(status, ctype, body, &red)), nil
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
	return text + "\n" + red.Cap(string(body), a.opts.MaxResultBytes)
}

func confirmation(e *endpoint, req *request) toolkit.Result {
	pending := map[string]any{"endpoint": e.ID, "method": req.method, "path": req.path}
	if req.rawQuery != "" {
		pending["query"] = req.rawQuery
	}
	if req.body != nil {
		if json.Valid(req.body) {
			pending["body"] = json.RawMessage(req.body)
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
func build(e *endpoint, in callInput) (*request, []string) {
	var errs []string
	req := &request{method: e.Method, header: http.Header{}}
	given := map[In]map[string]any{InPath: in.path, InQuery: in.query, InHeader: in.headers}
	for _, loc := range []In{InPath, InQuery, InHeader} {
		var unknown []string
		for _, name := range slices.Sorted(maps.Keys(given[loc])) {
			if _, ok := e.param(loc, name); ok {
				continue
			}
			if other, ok := otherLocation(e, loc, name); ok {
				errs = append(errs, fmt.Sprintf("%q is a %s parameter: put it in %s", name, other, argName(other)))
			} else if loc == InHeader && reservedHeader(name) {
				errs = append(errs, fmt.Sprintf("header %q is set by the application, not by the call", name))
			} else {
				unknown = append(unknown, name)
			}
		}
		if len(unknown) > 0 {
			var names []string
			for _, p := range e.Params {
				if p.In == loc {
					names = append(names, p.Name)
				}
			}
			list := "none"
			if len(names) > 0 {
				list = strings.Join(names, ", ")
			}
			errs = append(errs, fmt.Sprintf("unknown %s parameter %s; accepted: %s", loc, suggest.QuoteJoin(unknown), list))
		}
	}
	values := map[string]string{}
	query := url.Values{}
	for _, p := range e.Params {
		v, ok := lookupArg(given[p.In], p)
		if !ok || v == nil {
			if p.Required {
				errs = append(errs, fmt.Sprintf("%s parameter %q is required (%s)%s", p.In, p.Name, typeName(p), descSuffix(p.Description)))
			}
			continue
		}
		ss, err := paramStrings(p, v)
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s parameter %q %v", p.In, p.Name, err))
			continue
		}
		switch p.In {
		case InPath:
			switch s := ss[0]; {
			case s == "":
				errs = append(errs, fmt.Sprintf("path parameter %q must not be empty", p.Name))
			case s == "." || s == "..":
				errs = append(errs, fmt.Sprintf("path parameter %q must not be %q", p.Name, s))
			default:
				values[p.Name] = url.PathEscape(s)
			}
		case InQuery:
			for _, s := range ss {
				query.Add(p.Name, s)
			}
		case InHeader:
			if strings.ContainsFunc(ss[0], func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }) {
				errs = append(errs, fmt.Sprintf("header parameter %q must not hold control characters", p.Name))
				continue
			}
			req.header.Set(p.Name, ss[0])
		}
	}
	if body, ctype, err := encodeBody(e, in.body); err != nil {
		errs = append(errs, err...)
	} else if body != nil {
		req.body = body
		req.header.Set("Content-Type", ctype)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	var b strings.Builder
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

func otherLocation(e *endpoint, in In, name string) (In, bool) {
	for _, other := range []In{InPath, InQuery, InHeader} {
		if _, ok := e.param(other, name); ok && other != in {
			return other, true
		}
	}
	return "", false
}

// lookupArg finds p's value; header names match in any case.
func lookupArg(m map[string]any, p Param) (any, bool) {
	if v, ok := m[p.Name]; ok {
		return v, true
	}
	if p.In == InHeader {
		for k, v := range m {
			if strings.EqualFold(k, p.Name) {
				return v, true
			}
		}
	}
	return nil, false
}

func argName(in In) string {
	switch in {
	case InPath:
		return "path_params"
	case InHeader:
		return "headers"
	}
	return "query"
}

func typeName(p Param) string {
	if p.Type == toolkit.TypeArray {
		return "array of " + string(p.Items)
	}
	return string(p.Type)
}

func descSuffix(d string) string {
	if d = firstLine(d); d != "" {
		return ": " + d
	}
	return ""
}

// paramStrings converts a parameter value to its text forms (several for an
// array), accepting lossless string forms of numbers and booleans.
func paramStrings(p Param, v any) ([]string, error) {
	var list []any
	if p.Type == toolkit.TypeArray {
		if l, ok := v.([]any); ok {
			list = l
		} else {
			list = []any{v}
		}
	} else {
		list = []any{v}
	}
	t := p.Type
	if t == toolkit.TypeArray {
		t = p.Items
	}
	out := make([]string, 0, len(list))
	for i, x := range list {
		s, err := scalarText(t, x)
		if err == nil && len(p.Enum) > 0 && !slices.ContainsFunc(p.Enum, func(e any) bool { return enumText(e) == s }) {
			err = fmt.Errorf("must be one of %s, got %q", compactList(p.Enum), s)
		}
		if err != nil {
			if p.Type == toolkit.TypeArray {
				return nil, fmt.Errorf("item %d %v", i, err)
			}
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

func enumText(v any) string {
	if s, ok := toolkit.ScalarText(v); ok {
		return s
	}
	return compactJSON(v)
}

func scalarText(t toolkit.ParamType, v any) (string, error) {
	bad := func(what string) error {
		return fmt.Errorf("must be %s, got %s", articles([]string{string(t)})[0], what)
	}
	switch t {
	case toolkit.TypeString:
		if s, ok := toolkit.ScalarText(v); ok {
			return s, nil
		}
	case toolkit.TypeInteger, toolkit.TypeNumber:
		var text string
		switch x := v.(type) {
		case json.Number:
			text = x.String()
		case string:
			text = strings.TrimSpace(x)
			if _, err := strconv.ParseFloat(text, 64); err != nil || !jsonstr.IsNumber(text) {
				return "", bad(fmt.Sprintf("%q", x))
			}
		default:
			return "", bad(kind(v))
		}
		if t == toolkit.TypeInteger {
			i, err := jsonstr.IntegerText(text)
			if err != nil {
				return "", bad(text)
			}
			text = i
		}
		return text, nil
	case toolkit.TypeBoolean:
		switch x := v.(type) {
		case bool:
			return strconv.FormatBool(x), nil
		case string:
			if x == "true" || x == "false" {
				return x, nil
			}
			return "", bad(fmt.Sprintf("%q", x))
		}
	}
	return "", bad(kind(v))
}

// encodeBody validates and encodes the body for e's content type.
func encodeBody(e *endpoint, v any) ([]byte, string, []string) {
	b := e.Body
	switch {
	case b == nil && v == nil:
		return nil, "", nil
	case b == nil:
		return nil, "", []string{"this endpoint takes no request body"}
	case v == nil && b.Required:
		return nil, "", []string{"a request body is required" + descSuffix(b.Description)}
	case v == nil:
		return nil, "", nil
	}
	ct := b.ContentType
	switch {
	case e.jsonBody:
		// A model sometimes sends the body as a string holding the JSON.
		if s, ok := v.(string); ok && e.bodyUnwraps {
			var inner any
			if t := strings.TrimSpace(s); (strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[")) && decodeJSON([]byte(t), &inner) == nil {
				v = inner
			}
		}
		if errs := validateAt(b.Schema, v, "body"); len(errs) > 0 {
			return nil, "", errs
		}
		data, err := jsonstr.Marshal(v)
		if err != nil {
			return nil, "", []string{"body: " + err.Error()}
		}
		return data, ct, nil
	case ct == formType:
		m, ok := v.(map[string]any)
		if !ok {
			return nil, "", []string{"body must be an object of form fields, got " + kind(v)}
		}
		if errs := validateAt(b.Schema, v, "body"); len(errs) > 0 {
			return nil, "", errs
		}
		form := url.Values{}
		for _, k := range slices.Sorted(maps.Keys(m)) {
			list, isList := m[k].([]any)
			if !isList {
				list = []any{m[k]}
			}
			for _, x := range list {
				switch x.(type) {
				case map[string]any, []any:
					form.Add(k, compactJSON(x))
				default:
					form.Add(k, enumText(x))
				}
			}
		}
		return []byte(form.Encode()), ct, nil
	}
	s, ok := v.(string)
	if !ok {
		return nil, "", []string{fmt.Sprintf("body must be a string (content type %s), got %s", ct, kind(v))}
	}
	return []byte(s), ct, nil
}

func isJSONType(ct string) bool {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return false
	}
	return mt == "application/json" || strings.HasSuffix(mt, "+json")
}
