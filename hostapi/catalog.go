package hostapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// Sentinel errors for the host, checked with errors.Is.
var (
	// ErrInvalidEndpoint reports an endpoint that cannot join a Catalog.
	ErrInvalidEndpoint = errors.New("invalid endpoint")
	// ErrInvalidOptions reports Options that New cannot use.
	ErrInvalidOptions = errors.New("invalid api options")
)

// In is where a parameter goes in the request.
type In string

// Parameter locations.
const (
	InPath   In = "path"
	InQuery  In = "query"
	InHeader In = "header"
	// InCookie parameters are sent together in one Cookie header; a
	// cookie of the same name that the host sends (toolkit.WithHeader)
	// replaces the model's.
	InCookie In = "cookie"
)

// Param is a path, query, header or cookie parameter of an endpoint.
type Param struct {
	Name string
	In   In
	// A header parameter may be Accept (the model chooses the response's
	// media type, among Enum if set), never a credential or another
	// content header.
	//
	// Type is string (default), integer, number, boolean, array or
	// object (an object of scalars, or nested objects and arrays for the
	// deepObject style).
	Type toolkit.ParamType
	// Items is the element type of an array parameter (default string);
	// object or array for an array of objects or of arrays, whose
	// Schema then says what the items hold. Of the styles, only
	// deepObject writes such items (name[0][field]=value); the others
	// leave them undefined, and a call giving one is refused.
	Items       toolkit.ParamType
	Required    bool
	Description string
	// Enum, when set, lists the accepted values. Read-only, as Schema.
	Enum []any
	// Default is documented for the model; the API applies it. Read-only,
	// as Schema.
	Default any
	// Example is shown only when the model asks for examples. Read-only,
	// as Schema.
	Example    any
	Deprecated bool
	// Schema is the JSON Schema of an object parameter (its properties)
	// or of an array parameter of objects or arrays (the array's, {"type":
	// "array", "items": ...}, not its items'), shown
	// to the model with the parameter and checked like a body's.
	// Read-only: in a Catalog from ParseOpenAPI, its subschemas may be
	// shared with other endpoints' (see Body.Schema).
	Schema map[string]any
	// Style is how an array or object value is written, as in OpenAPI:
	// simple (default), label or matrix in a path; form (default),
	// spaceDelimited, pipeDelimited or deepObject in a query; simple in
	// a header; form (default, percent-encoded) or cookie (as given) in a
	// cookie. A query's names and values are percent-encoded as RFC 6570
	// expands them, a space as %20 (not the + of a form body).
	Style string
	// Explode writes each array item or object member as its own pair.
	// Nil means true for the form and cookie styles, false for the others.
	Explode *bool
	// AllowReserved sends the reserved characters :/?@!$'()*,[] of a
	// query value as they are. & = # + ; are always escaped (some servers
	// split pairs at ;). In a form-style cookie it keeps them too, except
	// the , and ; that cookie values cannot hold.
	AllowReserved bool
	// MultiSegment lets a path value hold slashes (GitHub's {path} of
	// repos/get-content, marked "x-multi-segment": true); its segments
	// are escaped one by one, and none may be empty, "." or "..".
	MultiSegment bool
	// ContentType, when set, is a JSON media type (application/json, or
	// one ending in +json), as OpenAPI's content describes a parameter
	// instead of a style: the value, of Type and Schema, is sent as its
	// JSON text (a query's sort=%5B%7B%22field%22%3A%22created%22%7D%5D),
	// percent-encoded in a query, path or cookie and as it is in a
	// header, but in ASCII (a character past it as its \u escape). Style,
	// Explode and AllowReserved do not apply.
	ContentType string
}

// Body is the request body of an endpoint.
type Body struct {
	// ContentType is application/json (default), another JSON type,
	// application/x-www-form-urlencoded, or any other type whose body the
	// model then sends as a string.
	ContentType string
	Required    bool
	Description string
	// Schema is the JSON Schema of the body. Keys "example", "examples" and
	// "x-…" are shown only when the model asks for examples. Read-only:
	// ParseOpenAPI converts each $ref target of a document once, and the
	// endpoints and places that refer to it share that map; any two of a
	// document's schemas that read the same (a body's and a parameter's,
	// or their properties) are one map too (Catalog.Add copies the
	// schemas the host gives it).
	Schema map[string]any
	// Example is shown only when the model asks for examples.
	Example any
	// Encoding says how the properties of an
	// application/x-www-form-urlencoded body are written, by property
	// name. A property without one is sent as text: a scalar as is, an
	// array as repeated pairs, an object as JSON. Of a
	// multipart/form-data body, its ContentType is a part's media type.
	//
	// A multipart/form-data body is sent as its parts: a property of
	// format binary (or with a contentMediaType) is a file part whose
	// bytes the model sends in base64, the others fields. A binary body
	// (application/octet-stream, an image, audio, video, PDF or archive,
	// or a schema of format binary) is sent as the bytes of the base64
	// string the model gives.
	Encoding map[string]Encoding
}

// Encoding is how one property of a form body is written, as a query
// parameter of that Style (Stripe's metadata[order_id]=6735 is deepObject),
// but with a space as +, as application/x-www-form-urlencoded writes it.
type Encoding struct {
	Style         string
	Explode       *bool
	AllowReserved bool
	// ContentType is a multipart/form-data part's media type (a file's
	// default: application/octet-stream; an object's: application/json).
	ContentType string
}

// Endpoint is one operation of the host's HTTP API.
type Endpoint struct {
	// ID names the endpoint for the model. Default "METHOD /path".
	ID string
	// Group is the function group. Default: the first literal segment of
	// Path (after the base path), skipping version-like segments such as
	// v1, v2.1, api, rest, beta or latest; "default" when there is none.
	// ParseOpenAPI uses the operation's first tag, else this default.
	Group  string
	Method string
	// Path is the path template, like /orders/{id}.
	Path string
	// BasePath is the escaped path every request of the endpoint starts
	// with, before Path, like /v2 or /api/v4: the path of the document's
	// server URL, or Swagger 2.0's basePath. A BaseURL with a path of its
	// own replaces it (see Options.BaseURL). Empty: none.
	BasePath    string
	Summary     string
	Description string
	Params      []Param
	// Body is nil for an endpoint without a request body.
	Body       *Body
	Deprecated bool
	// Extensions are vendor extensions (x-…), shown only on request.
	Extensions map[string]any
	// Fixed are sent with every call of the endpoint; the model neither
	// sees nor sets them. ParseOpenAPI fills them from the discriminator
	// of a path like /rest?method=x or AWS's /#X-Amz-Target=Service.Op.
	Fixed []FixedParam
	// Security is the operation's security requirements (its own, else
	// the document's): the names of the Catalog's SecuritySchemes whose
	// credentials, registered by the host (Options.Credentials), go with
	// each call. Nil or empty: none.
	Security Security
}

// FixedParam is a query pair or a header with a value fixed by the
// catalog.
type FixedParam struct {
	In    In // InQuery or InHeader
	Name  string
	Value string
	// Raw, of a query pair, is the pair as it is sent, name=value
	// percent-encoded as its source wrote it, which must read as Name and
	// Value (url.QueryUnescape, a + a space; a part that is not a valid
	// escape as written). ParseOpenAPI sets it to the pair a document's
	// path writes, so that a server reads the value the document shows
	// whether it takes a + for a space or for itself. A byte a query
	// cannot hold (a space, a character past ASCII, & #, a % that begins
	// no escape) is escaped when sent. Empty: Name and Value are escaped
	// as every query pair (a space as %20).
	Raw string
}

// Group is a function group of endpoints.
type Group struct {
	Name        string
	Description string
}

// Catalog is a set of endpoints and their groups. Build it with Add or
// ParseOpenAPI, then hand it to New, which takes a snapshot. A Catalog is
// not safe for concurrent modification.
type Catalog struct {
	groups    []Group
	endpoints []Endpoint
	byID      map[string]int
	schemes   map[string]SecurityScheme
}

// SetSecurityScheme declares (or replaces) the security scheme name,
// which endpoints' Security name.
func (c *Catalog) SetSecurityScheme(name string, s SecurityScheme) {
	if c.schemes == nil {
		c.schemes = map[string]SecurityScheme{}
	}
	c.schemes[name] = s
}

// SecuritySchemes returns a copy of the catalog's security schemes, by
// name.
func (c *Catalog) SecuritySchemes() map[string]SecurityScheme { return maps.Clone(c.schemes) }

// NewCatalog returns an empty Catalog.
func NewCatalog() *Catalog { return &Catalog{byID: map[string]int{}} }

// AddGroup declares a group or sets its description. Groups are listed in
// the order they are first declared or used.
func (c *Catalog) AddGroup(g Group) {
	if i := c.groupIndex(g.Name); i >= 0 {
		if g.Description != "" {
			c.groups[i].Description = g.Description
		}
		return
	}
	c.groups = append(c.groups, g)
}

func (c *Catalog) groupIndex(name string) int {
	return slices.IndexFunc(c.groups, func(g Group) bool { return g.Name == name })
}

// Add adds endpoints, filling the defaults of ID, Group, Param.Type and
// Body.ContentType. It adds none of them when one is invalid; the error
// names every problem and wraps ErrInvalidEndpoint.
func (c *Catalog) Add(eps ...Endpoint) error {
	var errs []error
	seen := map[string]bool{}
	norm := make([]Endpoint, 0, len(eps))
	for _, e := range eps {
		n, err := normalize(e, nil)
		if err == nil {
			if _, dup := c.byID[n.ID]; dup || seen[n.ID] {
				err = fmt.Errorf("%w: %q: duplicate endpoint id", ErrInvalidEndpoint, n.ID)
			}
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		seen[n.ID] = true
		norm = append(norm, n)
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	for _, e := range norm {
		c.AddGroup(Group{Name: e.Group})
		c.byID[e.ID] = len(c.endpoints)
		c.endpoints = append(c.endpoints, e)
	}
	return nil
}

// add adds one endpoint as Add does; with shared (not nil), its body and
// parameter schemas are kept as they are, not copied: ParseOpenAPI's,
// which hold JSON values only and share the subschemas of a $ref target
// with the document's other endpoints; and a list or map of a parameter
// (enum, default, example) or body example is copied once for all the
// endpoints that share it.
func (c *Catalog) add(e Endpoint, shared *cloneMemo) error {
	n, err := normalize(e, shared)
	if err == nil {
		if _, dup := c.byID[n.ID]; dup {
			err = fmt.Errorf("%w: %q: duplicate endpoint id", ErrInvalidEndpoint, n.ID)
		}
	}
	if err != nil {
		return err
	}
	c.AddGroup(Group{Name: n.Group})
	c.byID[n.ID] = len(c.endpoints)
	c.endpoints = append(c.endpoints, n)
	return nil
}

// Endpoint returns the endpoint with the given id. Its lists, body,
// body encodings and Explode pointers are copies: changing them changes neither the catalog nor an API made
// from it (the schemas, enums, defaults, examples and extensions they
// hold are shared, and read-only).
func (c *Catalog) Endpoint(id string) (Endpoint, bool) {
	i, ok := c.byID[id]
	if !ok {
		return Endpoint{}, false
	}
	return c.endpoints[i].copied(), true
}

// Endpoints returns the endpoints in the order they were added, copied as
// Endpoint copies them.
func (c *Catalog) Endpoints() []Endpoint {
	out := make([]Endpoint, len(c.endpoints))
	for i, e := range c.endpoints {
		out[i] = e.copied()
	}
	return out
}

// copied is e with its lists, body, encodings and Explode pointers
// copied.
func (e Endpoint) copied() Endpoint {
	e.Params, e.Fixed = slices.Clone(e.Params), slices.Clone(e.Fixed)
	for i := range e.Params {
		e.Params[i].Explode = clonePtr(e.Params[i].Explode)
	}
	e.Security = e.Security.clone()
	if e.Body != nil {
		b := *e.Body
		b.Encoding = cloneEncoding(b.Encoding)
		e.Body = &b
	}
	return e
}

// clone is s with each alternative copied.
func (s Security) clone() Security {
	if s == nil {
		return nil
	}
	out := make(Security, len(s))
	for i, alt := range s {
		out[i] = slices.Clone(alt)
	}
	return out
}

// cloneEncoding is m copied with each Explode.
func cloneEncoding(m map[string]Encoding) map[string]Encoding {
	m = maps.Clone(m)
	for k, enc := range m {
		if enc.Explode != nil {
			enc.Explode = clonePtr(enc.Explode)
			m[k] = enc
		}
	}
	return m
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	x := *p
	return &x
}

// Groups returns the declared and used groups.
func (c *Catalog) Groups() []Group { return slices.Clone(c.groups) }

// transportHeaders are set by the HTTP layer, never by the model; but an
// endpoint may declare an Accept parameter, whose Enum lists the media
// types the model may ask for.
var transportHeaders = []string{"Host", "Content-Length", "Content-Type", "Transfer-Encoding", "Connection", "Accept"}

// reservedHeader reports a header the model never sets: credentials (the
// host's, see toolkit.IsSecretName) and the transport's own.
func reservedHeader(name string) bool {
	return toolkit.IsSecretName(name) || slices.ContainsFunc(transportHeaders, func(h string) bool { return strings.EqualFold(h, name) })
}

// arraySchema reports a schema whose type, if it gives one, allows an
// array.
func arraySchema(s map[string]any) bool {
	switch t := s["type"].(type) {
	case nil:
		return true
	case string:
		return t == "array"
	case []any:
		return slices.Contains(t, any("array"))
	case []string:
		return slices.Contains(t, "array")
	}
	return false
}

// normalize checks an endpoint and fills its defaults. The returned
// endpoint shares nothing mutable with e, but its schemas when shared is
// not nil (and its enums, defaults and examples with the endpoints of
// the same load, whose Params list the loader hands over).
func normalize(e Endpoint, shared *cloneMemo) (Endpoint, error) {
	// loaded: e comes from a load, which hands over its lists, and whose
	// schemas are the load's, shared and read-only.
	loaded := shared != nil
	e.Method = strings.ToUpper(strings.TrimSpace(e.Method))
	if e.ID == "" {
		e.ID = e.Method + " " + e.Path
	}
	bad := func(format string, args ...any) (Endpoint, error) {
		return Endpoint{}, fmt.Errorf("%w: %q: %s", ErrInvalidEndpoint, e.ID, fmt.Sprintf(format, args...))
	}
	if !isToken(e.Method) {
		return bad("method %q is not an HTTP method", e.Method)
	}
	if !strings.HasPrefix(e.Path, "/") || strings.ContainsAny(e.Path, "?# \t\r\n") {
		return bad("path %q must start with / and hold no query, fragment or spaces", e.Path)
	}
	if slices.ContainsFunc(strings.Split(e.Path, "/"), func(seg string) bool { return seg == "." || seg == ".." }) {
		return bad("path %q has a . or .. segment", e.Path)
	}
	tmpl, err := parsePath(e.Path)
	if err != nil {
		return bad("path %q: %v", e.Path, err)
	}
	names := tmpl.names()
	if e.BasePath = strings.TrimSuffix(e.BasePath, "/"); checkBase(e.BasePath) != nil {
		return bad("%v", checkBase(e.BasePath))
	}
	if e.Group == "" {
		e.Group = defaultGroup(e.Path)
	}
	if !loaded {
		e.Params = slices.Clone(e.Params)
		e.Security = e.Security.clone()
	}
	for i := range e.Params {
		p := &e.Params[i]
		if p.Type == "" {
			p.Type = toolkit.TypeString
		}
		if p.Type == toolkit.TypeArray && p.Items == "" {
			p.Items = toolkit.TypeString
		}
		switch {
		case p.Name == "":
			return bad("parameter %d has no name", i)
		case p.In != InPath && p.In != InQuery && p.In != InHeader && p.In != InCookie:
			return bad("parameter %q: location %q is not path, query, header or cookie", p.Name, p.In)
		case !validType(p.Type, true):
			return bad("parameter %q: unknown type %q", p.Name, p.Type)
		case p.Type == toolkit.TypeArray && !validType(p.Items, true):
			return bad("parameter %q: unknown items type %q", p.Name, p.Items)
		case p.In == InHeader && !isToken(p.Name):
			return bad("header parameter %q is not a valid header name", p.Name)
		case p.In == InCookie && !isToken(p.Name):
			return bad("cookie parameter %q is not a valid cookie name", p.Name)
		case p.In == InHeader && reservedHeader(p.Name) && !strings.EqualFold(p.Name, "Accept"):
			return bad("header %q is reserved: credentials and content headers come from the host", p.Name)
		case !validStyle(p.In, p.Style):
			return bad("parameter %q: style %q does not apply to a %s parameter", p.Name, p.Style, p.In)
		case p.MultiSegment && p.In != InPath:
			return bad("parameter %q: only a path parameter can be multi-segment", p.Name)
		case p.ContentType != "" && !isJSONType(p.ContentType):
			return bad("parameter %q: content type %q is not a JSON type", p.Name, p.ContentType)
		case p.ContentType != "" && (p.Style != "" || p.Explode != nil || p.AllowReserved || p.MultiSegment):
			return bad("parameter %q: a content type and a style, explode, allowReserved or multi-segment are exclusive", p.Name)
		case p.Type == toolkit.TypeArray && p.Schema != nil && !arraySchema(p.Schema):
			return bad(`parameter %q: the Schema of an array parameter is the array's ({"type": "array", "items": ...}), not its items'`, p.Name)
		}
		p.Explode = clonePtr(p.Explode)
		if p.In == InPath {
			p.Required = true
			if !slices.Contains(names, p.Name) {
				return bad("path parameter %q does not appear in the path", p.Name)
			}
		}
		if p.In == InHeader {
			p.Name = http.CanonicalHeaderKey(p.Name)
		}
		for _, q := range e.Params[:i] {
			if q.In == p.In && q.Name == p.Name {
				return bad("parameter %q is declared twice in %s", p.Name, p.In)
			}
		}
		if p.Enum, err = memoClone(shared, p.Enum); err != nil {
			return bad("parameter %q: enum: %v", p.Name, err)
		}
		if p.Default, err = memoClone(shared, p.Default); err != nil {
			return bad("parameter %q: default: %v", p.Name, err)
		}
		if p.Example, err = memoClone(shared, p.Example); err != nil {
			return bad("parameter %q: example: %v", p.Name, err)
		}
		if !loaded {
			if p.Schema, err = cloneJSON(p.Schema); err != nil {
				return bad("parameter %q: schema: %v", p.Name, err)
			}
		}
	}
	e.Fixed = slices.Clone(e.Fixed)
	for i := range e.Fixed {
		f := &e.Fixed[i]
		switch {
		case f.Name == "":
			return bad("fixed parameter %d has no name", i)
		case f.In != InQuery && f.In != InHeader:
			return bad("fixed parameter %q: location %q is not query or header", f.Name, f.In)
		case f.In == InHeader && !isToken(f.Name):
			return bad("fixed header %q is not a valid header name", f.Name)
		case f.In == InHeader && reservedHeader(f.Name):
			return bad("fixed header %q is reserved: credentials and content headers come from the host", f.Name)
		case strings.ContainsFunc(f.Value, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }):
			return bad("fixed parameter %q: value holds control characters", f.Name)
		case f.Raw != "" && f.In != InQuery:
			return bad("fixed parameter %q: only a query pair has a Raw form", f.Name)
		}
		if f.Raw != "" {
			if k, v, _ := readPair(f.Raw); k != f.Name || v != f.Value {
				return bad("fixed parameter %q: Raw %q reads as %q=%q, not as its Name and Value", f.Name, f.Raw, k, v)
			}
		}
		if f.In == InHeader {
			f.Name = http.CanonicalHeaderKey(f.Name)
		}
		for _, p := range e.Params {
			if p.In == f.In && p.Name == f.Name {
				return bad("%s parameter %q is both fixed and a parameter", f.In, f.Name)
			}
		}
	}
	for _, name := range names {
		if !slices.ContainsFunc(e.Params, func(p Param) bool { return p.In == InPath && p.Name == name }) {
			return bad("path placeholder {%s} has no path parameter", name)
		}
	}
	if e.Body != nil {
		b := *e.Body
		if b.ContentType == "" {
			b.ContentType = "application/json"
		}
		for name, enc := range b.Encoding {
			if !formStyle(enc.Style) {
				return bad("body property %q: encoding style %q is not a form style", name, enc.Style)
			}
		}
		b.Encoding = cloneEncoding(b.Encoding)
		if !loaded {
			if b.Schema, err = cloneJSON(b.Schema); err != nil {
				return bad("body schema: %v", err)
			}
		}
		if b.Example, err = memoClone(shared, b.Example); err != nil {
			return bad("body example: %v", err)
		}
		e.Body = &b
	}
	if e.Extensions, err = cloneJSON(e.Extensions); err != nil {
		return bad("extensions: %v", err)
	}
	return e, nil
}

func validType(t toolkit.ParamType, arrayOK bool) bool {
	switch t {
	case toolkit.TypeString, toolkit.TypeInteger, toolkit.TypeNumber, toolkit.TypeBoolean:
		return true
	case toolkit.TypeArray, toolkit.TypeObject:
		return arrayOK
	}
	return false
}

// defaultGroup is an untagged endpoint's group: the first literal segment
// of its path (which follows the base path) that is not version-like
// (/v1/customers/{id} is in customers), else the first literal segment
// (/v1/{id} is in v1), else "default".
func defaultGroup(path string) string {
	first := ""
	for seg := range strings.SplitSeq(path, "/") {
		if seg == "" || strings.Contains(seg, "{") {
			continue
		}
		if !versionSegment.MatchString(seg) {
			return seg
		}
		if first == "" {
			first = seg
		}
	}
	if first != "" {
		return first
	}
	return "default"
}

// versionSegment is a path segment that says nothing about what an
// endpoint does.
var versionSegment = regexp.MustCompile(`(?i)^(v\d+(\.\d+)*|api|rest|beta|latest)$`)

// isToken reports an RFC 9110 token (method and header names).
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0 {
			continue
		}
		return false
	}
	return true
}

// cloneJSON deep-copies a JSON-like value as through its JSON form, so
// the catalog owns it and numbers are json.Number. Maps, lists, strings,
// booleans and numbers are copied directly (cloneValue); anything else,
// or a value the JSON form would change or refuse, goes through it.
func cloneJSON[T any](v T) (T, error) {
	var zero T
	if isNil(v) {
		return zero, nil
	}
	if c, ok := cloneValue(any(v), 0); ok {
		if out, ok := c.(T); ok {
			return out, nil
		}
	}
	b, err := jsonstr.Marshal(v)
	if err != nil {
		return zero, err
	}
	var out T
	if err := decodeJSON(b, &out); err != nil {
		return zero, err
	}
	return out, nil
}

// A cloneMemo holds, for one load, the copies normalize made of lists
// and maps by their identity: a parameter converted once is shared by
// every operation that has it, and so is its enum. It keeps the
// originals, so that no address is reused for another value while it
// lives.
type cloneMemo struct {
	m map[cloneKey]cloneEntry
}

func newCloneMemo() *cloneMemo { return &cloneMemo{m: map[cloneKey]cloneEntry{}} }

type cloneKey struct {
	ptr  unsafe.Pointer
	n    int
	list bool
}

type cloneEntry struct {
	orig, clone any
	err         error
}

// memoClone is cloneJSON, through m when m is not nil.
func memoClone[T any](m *cloneMemo, v T) (T, error) {
	var k cloneKey
	switch x := any(v).(type) {
	case []any:
		k = cloneKey{ptr: unsafe.Pointer(unsafe.SliceData(x)), n: len(x), list: true}
	case map[string]any:
		k = cloneKey{ptr: reflect.ValueOf(x).UnsafePointer()}
	}
	if m == nil || k.ptr == nil {
		return cloneJSON(v)
	}
	if e, ok := m.m[k]; ok {
		c, _ := e.clone.(T)
		return c, e.err
	}
	c, err := cloneJSON(v)
	m.m[k] = cloneEntry{orig: v, clone: c, err: err}
	return c, err
}

// cloneValue copies v as encoding it to JSON and decoding it with
// UseNumber would; ok is false for a value it leaves to that: another
// type, text that is not valid UTF-8 (which the encoding replaces), a
// number the encoding refuses, nesting past encoding/json's limit.
func cloneValue(v any, depth int) (c any, ok bool) {
	switch x := v.(type) {
	case nil, bool:
		return x, true
	case string:
		return x, utf8.ValidString(x)
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return nil, false
		}
		b, err := json.Marshal(x)
		return json.Number(b), err == nil
	case json.Number:
		return x, jsonstr.IsNumber(string(x))
	case int:
		return json.Number(strconv.Itoa(x)), true
	case int64:
		return json.Number(strconv.FormatInt(x, 10)), true
	case uint64:
		return json.Number(strconv.FormatUint(x, 10)), true
	case map[string]any:
		if x == nil {
			return nil, true // JSON null
		}
		if depth >= 10000 {
			return nil, false
		}
		m := make(map[string]any, len(x))
		for k, e := range x {
			if !utf8.ValidString(k) {
				return nil, false
			}
			if m[k], ok = cloneValue(e, depth+1); !ok {
				return nil, false
			}
		}
		return m, true
	case []any:
		if x == nil {
			return nil, true
		}
		if depth >= 10000 {
			return nil, false
		}
		l := make([]any, len(x))
		for i, e := range x {
			if l[i], ok = cloneValue(e, depth+1); !ok {
				return nil, false
			}
		}
		return l, true
	}
	return nil, false
}

func isNil(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case map[string]any:
		return x == nil
	case []any:
		return x == nil
	}
	return false
}

// pathTemplate is a parsed path: literal text and {name} placeholders.
type pathTemplate []pathPart

type pathPart struct {
	text  string
	param bool
}

func parsePath(p string) (pathTemplate, error) {
	var t pathTemplate
	for p != "" {
		i := strings.IndexAny(p, "{}")
		if i < 0 {
			t = append(t, pathPart{text: p})
			break
		}
		if p[i] == '}' {
			return nil, errors.New("unbalanced }")
		}
		if i > 0 {
			t = append(t, pathPart{text: p[:i]})
		}
		j := strings.IndexByte(p[i:], '}')
		if j < 0 {
			return nil, errors.New("unclosed {")
		}
		name := p[i+1 : i+j]
		if name == "" || strings.ContainsAny(name, "{/") {
			return nil, fmt.Errorf("bad placeholder {%s}", name)
		}
		if slices.Contains(t, pathPart{text: name, param: true}) {
			return nil, fmt.Errorf("placeholder {%s} appears twice", name)
		}
		t = append(t, pathPart{text: name, param: true})
		p = p[i+j+1:]
	}
	return t, nil
}

func (t pathTemplate) names() []string {
	var out []string
	for _, p := range t {
		if p.param {
			out = append(out, p.text)
		}
	}
	return out
}

// decodeJSON decodes one JSON value keeping numbers as json.Number.
func decodeJSON(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("a single JSON value is expected")
	}
	return nil
}
