package hostapi

import (
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// Bounds of a converted schema: deeper or larger parts are replaced by a
// short note, so one endpoint's detail stays readable.
const (
	maxSchemaDepth = 16
	maxSchemaNodes = 2000
)

// LoadOptions configure ParseOpenAPI. The zero value is ready to use.
type LoadOptions struct {
	// Strict refuses a document with an operation that cannot be used,
	// instead of leaving that operation out with a warning.
	Strict bool
	// Server chooses the server whose URL's path is the base path of
	// every endpoint (Endpoint.BasePath): the URL of one of the
	// document's servers as written (with its {variables}) or its
	// description; or any other http(s) URL or absolute path, whose path
	// is then the base path ("/": none, the paths are sent as written).
	// Default: the first server (an operation's or path item's own
	// servers first), or Swagger 2.0's basePath. A Server that is none of
	// these refuses the document.
	Server string
	// ServerVariables are values of the server URL's {variables}; the
	// others take their defaults.
	ServerVariables map[string]string
}

// ParseOpenAPI reads a Swagger 2.0, OpenAPI 3.0 or 3.1 document (JSON or
// YAML) into a Catalog; filename names it in the diagnostics. It has the
// shape of the other loaders (toolkit.ParseWorkflow, yqcloud.Parse): a
// refused document is told by the Diagnostics holding errors (the Catalog
// is then nil, and errors.Is(diags, toolkit.ErrLoad) is true).
//
// Each operation becomes an endpoint: its id is the operationId, else
// "METHOD /path"; its group is its first tag, else the first literal path
// segment. Local $refs are resolved and recursive schemas cut; external
// $refs are not followed. The Content-Type and Authorization headers are
// left out, as OpenAPI says, and so is a parameter named Cookie in a
// header (a cookie parameter is in: cookie). Of the responses, only the
// media types of the successful ones are read: when there are two or
// more, the endpoint gets an Accept header parameter that takes one of
// them (so does a documented Accept).
//
// An operation that cannot be used (a $ref to nothing, a parameter without
// a name...) is left out with a warning, unless opts.Strict. A path's
// discriminator becomes what its document means: /rest?method=x sends
// method=x, and AWS's /#X-Amz-Target=Service.Op or /#Action=Op send the
// operation's own parameter with that value (Endpoint.Fixed).
//
// The Diagnostics hold the warnings, and the errors when the document is
// refused; each is positioned at the JSON pointer of what it concerns,
// with its line and column.
func ParseOpenAPI(filename string, src []byte, opts *LoadOptions) (*Catalog, toolkit.Diagnostics) {
	l := &docLoader{file: filename}
	if opts != nil {
		l.opts = *opts
	}
	c := l.load(src)
	if l.diags.HasErrors() {
		return nil, l.diags
	}
	return c, l.diags
}

// operationOf is item's operation for method as PathItem.Operations has
// it: its field's, else the one of AdditionalOperations.
func operationOf(item *openapi3.PathItem, method string) *openapi3.Operation {
	if op := item.GetOperation(method); op != nil {
		return op
	}
	return item.AdditionalOperations[method]
}

// fixedMethods are the methods of a PathItem's fields.
var fixedMethods = []string{http.MethodConnect, http.MethodDelete, http.MethodGet, http.MethodHead, http.MethodOptions,
	http.MethodPatch, http.MethodPost, http.MethodPut, http.MethodTrace, openapi3.MethodQuery}

var methodRank = []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch,
	http.MethodDelete, http.MethodHead, http.MethodOptions}

// methodOrder lists a path item's methods (those PathItem.Operations
// holds): the common ones first, then the rest sorted.
func methodOrder(item *openapi3.PathItem) []string {
	var out []string
	for _, m := range fixedMethods {
		if operationOf(item, m) != nil {
			out = append(out, m)
		}
	}
	for m, op := range item.AdditionalOperations {
		if op != nil && !slices.Contains(fixedMethods, m) {
			out = append(out, m)
		}
	}
	slices.Sort(out)
	rank := func(m string) int {
		if i := slices.Index(methodRank, m); i >= 0 {
			return i
		}
		return len(methodRank)
	}
	slices.SortStableFunc(out, func(a, b string) int { return rank(a) - rank(b) })
	return out
}

// convertOperation makes an operation an endpoint. The notes name the
// parameters left out because no request could carry them. Its schemas
// share the conversions in shared (nil: none) with the document's other
// endpoints.
func convertOperation(path, method string, item *openapi3.PathItem, op *openapi3.Operation, shared *convCache) (e Endpoint, notes []string) {
	e = Endpoint{
		ID:          op.OperationID,
		Method:      method,
		Path:        path,
		Summary:     strings.TrimSpace(op.Summary),
		Description: strings.TrimSpace(op.Description),
		Deprecated:  op.Deprecated,
		Extensions:  extensions(op.Extensions),
	}
	if len(op.Tags) > 0 {
		e.Group = op.Tags[0]
	}
	// Path-level parameters, overridden by operation-level ones.
	var params []*openapi3.Parameter
	for _, list := range []openapi3.Parameters{item.Parameters, op.Parameters} {
		for _, pr := range list {
			if pr == nil || pr.Value == nil {
				continue
			}
			p := pr.Value
			if i := slices.IndexFunc(params, func(q *openapi3.Parameter) bool { return sameParam(q.In, q.Name, p.In, p.Name) }); i >= 0 {
				params[i] = p
				continue
			}
			params = append(params, p)
		}
	}
	if len(params) > 0 {
		e.Params = make([]Param, 0, len(params))
	}
	for _, p := range params {
		if p.In == "header" && reservedHeader(p.Name) && !strings.EqualFold(p.Name, "Accept") {
			continue
		}
		e.Params = append(e.Params, shared.param(p))
	}
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		if e.ID == "" {
			e.ID = method + " " + path
		}
		e.Path = path[:i]
		applyDiscriminator(&e, path[i:])
	}
	t, err := parsePath(e.Path)
	names := t.names()
	kept := e.Params[:0]
	for i, p := range e.Params {
		var why string
		switch {
		case p.Name == "":
			why = fmt.Sprintf("parameter %d has no name", i)
		case p.In != InPath && p.In != InQuery && p.In != InHeader && p.In != InCookie:
			why = fmt.Sprintf("parameter %q: location %q is not path, query, header or cookie", p.Name, p.In)
		case p.In == InHeader && !isToken(p.Name):
			why = fmt.Sprintf("header parameter %q is not a valid header name", p.Name)
		case p.In == InCookie && !isToken(p.Name):
			why = fmt.Sprintf("cookie parameter %q is not a valid cookie name", p.Name)
		case p.In == InPath && err == nil && !slices.Contains(names, p.Name):
			why = fmt.Sprintf("path parameter %q does not appear in the path", p.Name)
		case slices.ContainsFunc(kept, func(q Param) bool { return sameParam(string(q.In), q.Name, string(p.In), p.Name) }):
			why = fmt.Sprintf("%s parameter %q is declared twice", p.In, p.Name)
		}
		if why != "" {
			notes = append(notes, why+": parameter left out")
			continue
		}
		kept = append(kept, p)
	}
	e.Params = kept
	// Documents often leave path placeholders undeclared.
	if err == nil {
		for _, name := range names {
			if !slices.ContainsFunc(e.Params, func(p Param) bool { return p.In == InPath && p.Name == name }) {
				e.Params = append(e.Params, Param{Name: name, In: InPath, Type: toolkit.TypeString, Required: true})
			}
		}
	}
	if op.RequestBody != nil && op.RequestBody.Value != nil {
		e.Body = shared.body(op.RequestBody.Value)
	}
	return e, notes
}

// csvByDefault gives a Swagger 2.0 query array without collectionFormat
// the format 2.0 defaults to, csv (color=blue,black,brown).
func csvByDefault(e *Endpoint) {
	for i := range e.Params {
		if p := &e.Params[i]; p.In == InQuery && p.Type == toolkit.TypeArray && p.Style == "" && p.Explode == nil {
			p.Explode = new(bool)
		}
	}
}

// addAccept lets the model choose among the response media types an
// operation documents: an Accept header parameter that takes them.
// A documented Accept parameter is kept, with them as its enum if it
// has none.
func addAccept(e *Endpoint, types []string) {
	enum := make([]any, len(types))
	for i, t := range types {
		enum[i] = t
	}
	if i := slices.IndexFunc(e.Params, func(p Param) bool { return p.In == InHeader && strings.EqualFold(p.Name, "Accept") }); i >= 0 {
		if len(e.Params[i].Enum) == 0 && len(enum) > 0 {
			e.Params[i].Enum = enum
		}
		return
	}
	if len(types) < 2 {
		return
	}
	e.Params = append(e.Params, Param{Name: "Accept", In: InHeader, Type: toolkit.TypeString, Enum: enum,
		Description: "the media type of the response; without it, the server chooses"})
}

// sameParam reports whether two parameters are the same; header names
// match in any case.
func sameParam(inA, nameA, inB, nameB string) bool {
	if inA != inB {
		return false
	}
	if inA == "header" {
		return strings.EqualFold(nameA, nameB)
	}
	return nameA == nameB
}

// applyDiscriminator reads the ?query and #fragment a document wrote in a
// path. A pair k=v whose k is a query or header parameter of the operation
// fixes that parameter to v; k={name} makes name a query parameter k; a
// bare k names a parameter the variant requires. Other pairs of a ?query
// are fixed query pairs; those of a #fragment only told variants apart.
func applyDiscriminator(e *Endpoint, tail string) {
	for tail != "" {
		sep := tail[0]
		part := tail[1:]
		if i := strings.IndexAny(part, "?#"); i >= 0 && (sep == '?' && part[i] == '#') {
			part, tail = part[:i], part[i:]
		} else {
			tail = ""
		}
		for pair := range strings.SplitSeq(part, "&") {
			if pair == "" {
				continue
			}
			k, v, hasValue := readPair(pair)
			if k == "" {
				continue
			}
			if name, ok := placeholder(v); ok {
				i := slices.IndexFunc(e.Params, func(p Param) bool { return p.Name == name && p.In != InHeader })
				if i < 0 {
					i = slices.IndexFunc(e.Params, func(p Param) bool { return p.Name == k && p.In == InQuery })
				}
				if i >= 0 {
					e.Params[i].Name, e.Params[i].In, e.Params[i].Required = k, InQuery, true
				} else {
					e.Params = append(e.Params, Param{Name: k, In: InQuery, Type: toolkit.TypeString, Required: true})
				}
				continue
			}
			i := slices.IndexFunc(e.Params, func(p Param) bool {
				return p.In != InPath && (p.Name == k || p.In == InHeader && strings.EqualFold(p.Name, k))
			})
			switch {
			case i >= 0 && hasValue:
				f := FixedParam{In: e.Params[i].In, Name: e.Params[i].Name, Value: v}
				if f.In == InQuery && f.Name == k {
					f.Raw = pair // sent as the document wrote it
				}
				e.Fixed = append(e.Fixed, f)
				e.Params = slices.Delete(e.Params, i, i+1)
			case i >= 0:
				e.Params[i].Required = true
			case sep == '?' && !slices.ContainsFunc(e.Fixed, func(f FixedParam) bool { return f.In == InQuery && f.Name == k }):
				e.Fixed = append(e.Fixed, FixedParam{In: InQuery, Name: k, Value: v, Raw: pair})
			}
		}
	}
}

// readPair reads a query pair k=v as a document's path writes it: its
// name and value decoded as url.QueryUnescape does (a + a space), each
// as written where that fails (a % that begins no escape).
func readPair(pair string) (k, v string, hasValue bool) {
	k, v, hasValue = strings.Cut(pair, "=")
	if u, err := url.QueryUnescape(k); err == nil {
		k = u
	}
	if u, err := url.QueryUnescape(v); err == nil {
		v = u
	}
	return k, v, hasValue
}

// placeholder reports a {name} value.
func placeholder(v string) (string, bool) {
	if len(v) > 2 && v[0] == '{' && v[len(v)-1] == '}' && !strings.ContainsAny(v[1:len(v)-1], "{}") {
		return v[1 : len(v)-1], true
	}
	return "", false
}

func convertParam(p *openapi3.Parameter, shared *convCache) Param {
	out := Param{
		Name:        p.Name,
		In:          In(p.In),
		Type:        toolkit.TypeString,
		Required:    p.Required || p.In == "path",
		Description: strings.TrimSpace(p.Description),
		Example:     jsonSafe(p.Example),
		Deprecated:  p.Deprecated,
	}
	if validStyle(out.In, p.Style) {
		out.Style = p.Style
	}
	if p.Explode != nil {
		x := *p.Explode
		out.Explode = &x
	}
	out.AllowReserved = p.AllowReserved && (p.In == "query" || p.In == "cookie")
	out.MultiSegment = p.In == "path" && p.Extensions["x-multi-segment"] == true
	if out.Example == nil {
		out.Example = firstExample(p.Examples)
	}
	sr := p.Schema
	if sr == nil {
		// A parameter with content: of a JSON type whose schema says
		// what the value is, the value's JSON text is sent; else the
		// text the model gives.
		if mts := sortedContent(p.Content); len(mts) > 0 { // the first media type
			mt := mts[0]
			sr = mt.Schema
			if v := shared.schemas.ref(sr).s; v != nil && v.typed() {
				out.ContentType = contentKey(p.Content, mt)
			}
		}
		if out.ContentType != "" {
			out.Style, out.Explode, out.AllowReserved, out.MultiSegment = "", nil, false, false // content and style are exclusive
		} else if v := shared.schemas.ref(sr).s; v != nil {
			out.Description = joinDesc(out.Description, v.description())
			return out
		}
	}
	s := shared.schemas.ref(sr)
	v := s.s
	if v == nil {
		return out
	}
	out.Description = joinDesc(out.Description, v.description())
	var typed bool
	if out.Type, typed = v.paramType(); !typed {
		if t, ok := v.alternativesType(); ok {
			out.Type = t
		}
	}
	if out.Type != toolkit.TypeObject {
		out.Enum = v.enum()
	} else if v.hasProps() || v.hasAlternatives() || v.kids != nil && v.kids.addl != nil {
		out.Schema = maps.Clone(newSchemaConv(shared).convert(s, 0)) // its top may be shared
		delete(out.Schema, "description")                            // in out.Description
	}
	out.Default = v.value("default")
	if out.Example == nil {
		out.Example = jsonSafe(v.value("example"))
	}
	if out.Type == toolkit.TypeArray {
		out.Items = toolkit.TypeString
		if v.kids != nil && v.kids.items != nil && v.kids.items.s != nil {
			items := v.kids.items.s
			out.Items = items.itemsType()
			if out.Items == toolkit.TypeArray || out.Items == toolkit.TypeObject {
				// An array of objects or arrays: the model is shown,
				// and the call checks, the items' schema.
				out.Schema = maps.Clone(newSchemaConv(shared).convert(s, 0))
				delete(out.Schema, "description")
			} else {
				out.Enum = items.enum()
			}
		}
	}
	return out
}

// typed reports a schema that says what type its value is: its type,
// properties, or alternatives of one.
func (s *cSchema) typed() bool {
	if _, typed := s.paramType(); typed || s.hasProps() {
		return true
	}
	_, ok := s.alternativesType()
	return ok
}

// contentKey is the JSON media type of content that mt is, or "".
func contentKey(c openapi3.Content, mt *openapi3.MediaType) string {
	for _, k := range slices.Sorted(maps.Keys(c)) {
		if c[k] == mt && isJSONType(k) {
			return k
		}
	}
	return ""
}

// itemsType is the type of an array parameter's items: their type, an
// object when untyped with properties, else their alternatives' type,
// else string.
func (s *cSchema) itemsType() toolkit.ParamType {
	if t, typed := s.paramType(); typed {
		return t
	}
	if s.hasProps() {
		return toolkit.TypeObject
	}
	if t, ok := s.alternativesType(); ok {
		return t
	}
	return toolkit.TypeString
}

// alternativesType is the type of an untyped schema from its anyOf,
// oneOf or allOf: object when one of them is an object (Stripe's created
// is a range object or an integer), else their one type, else array when
// one is an array.
func (s *cSchema) alternativesType() (toolkit.ParamType, bool) {
	if s.kids == nil {
		return "", false
	}
	var types []toolkit.ParamType
	for _, list := range [][]cRef{s.kids.lists[1], s.kids.lists[2], s.kids.lists[0]} { // anyOf, oneOf, allOf
		for _, r := range list {
			if r.s == nil {
				continue
			}
			if t, typed := r.s.paramType(); typed {
				types = append(types, t)
			} else if r.s.hasProps() {
				types = append(types, toolkit.TypeObject)
			}
		}
	}
	switch {
	case len(types) == 0:
		return "", false
	case slices.Contains(types, toolkit.TypeObject):
		return toolkit.TypeObject, true
	case !slices.ContainsFunc(types, func(t toolkit.ParamType) bool { return t != types[0] }):
		return types[0], true
	case slices.Contains(types, toolkit.TypeArray):
		return toolkit.TypeArray, true
	}
	return "", false
}

func joinDesc(a, b string) string {
	if a != "" {
		return a
	}
	return strings.TrimSpace(b)
}

// scalarType maps a schema type to a parameter type; an unknown type is
// sent as text.
func scalarType(name string) toolkit.ParamType {
	switch t := toolkit.ParamType(name); t {
	case toolkit.TypeString, toolkit.TypeInteger, toolkit.TypeNumber, toolkit.TypeBoolean, toolkit.TypeArray, toolkit.TypeObject:
		return t
	}
	return toolkit.TypeString
}

func firstExample(ex openapi3.Examples) any {
	for _, k := range slices.Sorted(maps.Keys(ex)) {
		if r := ex[k]; r != nil && r.Value != nil && r.Value.Value != nil {
			return jsonSafe(r.Value.Value)
		}
	}
	return nil
}

// sortedContent lists media types: JSON first, then form, then the rest.
func sortedContent(c openapi3.Content) []*openapi3.MediaType {
	keys := slices.Sorted(maps.Keys(c))
	rank := func(ct string) int {
		switch {
		case ct == "application/json":
			return 0
		case isJSONType(ct):
			return 1
		case ct == formType:
			return 2
		}
		return 3
	}
	slices.SortStableFunc(keys, func(a, b string) int { return rank(a) - rank(b) })
	out := make([]*openapi3.MediaType, 0, len(keys))
	for _, k := range keys {
		if c[k] != nil {
			out = append(out, c[k])
		}
	}
	return out
}

func convertBody(rb *openapi3.RequestBody, shared *convCache) *Body {
	b := &Body{Required: rb.Required, Description: strings.TrimSpace(rb.Description), ContentType: "application/json"}
	keys := slices.Sorted(maps.Keys(rb.Content))
	mts := sortedContent(rb.Content)
	if len(mts) == 0 {
		return b
	}
	mt := mts[0]
	for _, k := range keys {
		if rb.Content[k] == mt {
			b.ContentType = k
		}
	}
	if mt.Schema != nil {
		b.Schema = newSchemaConv(shared).convert(shared.schemas.ref(mt.Schema), 0)
	}
	b.Example = jsonSafe(mt.Example)
	if b.Example == nil {
		b.Example = firstExample(mt.Examples)
	}
	if b.ContentType == multipartType {
		for _, name := range slices.Sorted(maps.Keys(mt.Encoding)) {
			if enc := mt.Encoding[name]; enc != nil && enc.ContentType != "" {
				if b.Encoding == nil {
					b.Encoding = map[string]Encoding{}
				}
				b.Encoding[name] = Encoding{ContentType: enc.ContentType}
			}
		}
	}
	if b.ContentType == formType {
		for _, name := range slices.Sorted(maps.Keys(mt.Encoding)) {
			enc := mt.Encoding[name]
			if enc == nil || !formStyle(enc.Style) {
				continue
			}
			if enc.Style != "" || enc.Explode != nil || enc.AllowReserved {
				if b.Encoding == nil {
					b.Encoding = map[string]Encoding{}
				}
				b.Encoding[name] = Encoding{Style: enc.Style, Explode: enc.Explode, AllowReserved: enc.AllowReserved}
			}
		}
	}
	return b
}

func extensions(ext map[string]any) map[string]any {
	var out map[string]any
	for k, v := range ext {
		if !strings.HasPrefix(k, "x-") {
			continue
		}
		if v = jsonSafe(v); v != nil {
			if out == nil {
				out = make(map[string]any, len(ext))
			}
			out[k] = v
		}
	}
	return out
}

// schemaConv turns a resolved request-body schema into a JSON Schema map
// whose values are JSON values as the Catalog holds them (numbers are
// json.Number). readOnly properties are left out (they are not sent in
// requests).
type schemaConv struct {
	onPath map[*cSchema]bool
	refs   map[string]bool
	nodes  int
	// shared holds the conversions of $ref targets for the whole
	// document (see convCache).
	shared *convCache
	// cut: a part of the schema being converted was replaced by a note
	// (recursive, too deep or too large), which depends on where it is;
	// deepest is the depth of its deepest node.
	cut     bool
	deepest int
}

// newSchemaConv returns a converter that reuses the conversions in
// shared (unless it copies).
func newSchemaConv(shared *convCache) *schemaConv {
	return &schemaConv{onPath: map[*cSchema]bool{}, refs: map[string]bool{}, shared: shared}
}

// A convCache holds the conversions of a document's $ref targets, each
// shared by every schema of the document that refers to it, instead of a
// copy at each ref (and again inside each copy), so a schema reads the
// same as if it were written out. The maps are read-only.
type convCache struct {
	// copy: nothing is shared, every conversion is made anew (tests
	// compare the two).
	copy bool
	// subs are conversions that cut nothing: one is the same wherever
	// it is written, as long as it fits within maxSchemaDepth and
	// maxSchemaNodes where it is.
	subs map[*cSchema]convEntry
	// tops are the conversions of whole body and parameter schemas,
	// which nothing encloses, cut or not (a recursive one is).
	tops map[*cSchema]map[string]any
	// params and bodies are the conversions of parameters and request
	// bodies that operations share (decoded once, see decodeItemShared).
	params map[*openapi3.Parameter]Param
	bodies map[*openapi3.RequestBody]*Body
	// omitted is the note that replaces every node past the bounds
	// (a large body cut at maxSchemaNodes has thousands).
	omitted map[string]any
	// schemas makes the document's schemas compact, and its table
	// shares the conversions that read the same.
	schemas *compactor
	// kvs and vals hold the members and list elements of the maps being
	// converted (see convertValue).
	kvs  []kv
	vals []any
}

func newConvCache(schemas *compactor, copy bool) *convCache {
	return &convCache{copy: copy, subs: map[*cSchema]convEntry{}, tops: map[*cSchema]map[string]any{},
		params: map[*openapi3.Parameter]Param{}, bodies: map[*openapi3.RequestBody]*Body{}, omitted: omittedNote(),
		schemas: schemas}
}

func omittedNote() map[string]any {
	return map[string]any{"description": "omitted: schema too deep or too large"}
}

// param converts p once for the document (every time when c copies).
// The Param shares its Enum, Schema and Explode with every operation
// that has p, and is copied by Catalog.add.
func (c *convCache) param(p *openapi3.Parameter) Param {
	if c.copy {
		return convertParam(p, c)
	}
	return memo(c.params, p, func() Param { return convertParam(p, c) })
}

// body converts rb once for the document (every time when c copies);
// the Body is shared, and copied by Catalog.add.
func (c *convCache) body(rb *openapi3.RequestBody) *Body {
	if c.copy {
		return convertBody(rb, c)
	}
	return memo(c.bodies, rb, func() *Body { return convertBody(rb, c) })
}

// memo returns m[k], made by f and kept the first time.
func memo[K comparable, V any](m map[K]V, k K, f func() V) V {
	v, ok := m[k]
	if !ok {
		v = f()
		m[k] = v
	}
	return v
}

// convEntry is a conversion that cut nothing, its nodes and its height.
type convEntry struct {
	m             map[string]any
	nodes, height int
}

func (c *schemaConv) convert(r cRef, depth int) map[string]any {
	s := r.s
	if s == nil {
		return map[string]any{}
	}
	if c.onPath[s] || (r.ref != "" && c.refs[r.ref]) {
		c.cut = true
		name := r.ref[strings.LastIndexByte(r.ref, '/')+1:]
		if hoistedName.MatchString(name) { // named by the loader, not the document: the model cannot know it
			return map[string]any{"description": "recursive: same schema as an enclosing one"}
		}
		return map[string]any{"$ref": r.ref, "description": "recursive: same schema as the enclosing " + name}
	}
	if r.ref == "" || c.shared.copy {
		return c.convertValue(r, depth)
	}
	top := depth == 0 && c.nodes == 0 && len(c.onPath) == 0 && len(c.refs) == 0
	if m, ok := c.shared.tops[s]; ok && top {
		return m
	}
	if e, ok := c.shared.subs[s]; ok && depth+e.height <= maxSchemaDepth && c.nodes+e.nodes <= maxSchemaNodes {
		c.nodes += e.nodes
		c.deepest = max(c.deepest, depth+e.height)
		return e.m
	}
	nodes, cut, deepest := c.nodes, c.cut, c.deepest
	c.cut, c.deepest = false, depth
	m := c.convertValue(r, depth)
	if !c.cut {
		c.shared.subs[s] = convEntry{m: m, nodes: c.nodes - nodes, height: c.deepest - depth}
	}
	if top {
		c.shared.tops[s] = m
	}
	c.cut = c.cut || cut
	c.deepest = max(c.deepest, deepest)
	return m
}

// convertValue converts the schema r holds, which is not on the path.
func (c *schemaConv) convertValue(r cRef, depth int) map[string]any {
	s := r.s
	c.deepest = max(c.deepest, depth)
	if c.nodes++; depth > maxSchemaDepth || c.nodes > maxSchemaNodes {
		c.cut = true
		if !c.shared.copy {
			return c.shared.omitted
		}
		return omittedNote()
	}
	switch s.always {
	case 1:
		return map[string]any{}
	case 2:
		return map[string]any{"not": map[string]any{}}
	}
	k := s.kids
	if k == nil {
		if c.shared.copy {
			m, _ := cloneJSON(s.base)
			return m
		}
		return s.base
	}
	c.onPath[s] = true
	if r.ref != "" {
		c.refs[r.ref] = true
	}
	sh := c.shared
	top := len(sh.kvs)
	defer func() {
		delete(c.onPath, s)
		if r.ref != "" {
			delete(c.refs, r.ref)
		}
		sh.kvs = sh.kvs[:top]
	}()
	// The members are gathered on sh.kvs, each schema's above its
	// enclosing one's, and the map made (or found) once they are all
	// there: a schema converted again reads as before, and costs no map.
	for key, v := range s.base {
		if sh.copy {
			v, _ = cloneJSON(v)
		}
		sh.kvs = append(sh.kvs, kv{key, v})
	}
	if len(k.props) > 0 {
		// In the order of their names, so that the bound of nodes cuts
		// the same properties at each load.
		p0 := len(sh.kvs)
		for _, p := range k.props {
			if p.r.s != nil && p.r.s.readOnly {
				continue
			}
			v := c.convert(p.r, depth+1)
			sh.kvs = append(sh.kvs, kv{p.name, v})
		}
		props := sh.mapOf(sh.kvs[p0:])
		sh.kvs = append(sh.kvs[:p0], kv{"properties", props})
	}
	v0 := len(sh.vals)
	for _, name := range k.required {
		if p := k.prop(name); p != nil && p.s != nil && p.s.readOnly {
			continue
		}
		sh.vals = append(sh.vals, name)
	}
	if len(sh.vals) > v0 {
		sh.kvs = append(sh.kvs, kv{"required", sh.listOf(sh.vals[v0:])})
	}
	sh.vals = sh.vals[:v0]
	if k.items != nil {
		v := c.convert(*k.items, depth+1)
		sh.kvs = append(sh.kvs, kv{"items", v})
	}
	if k.addlFalse {
		sh.kvs = append(sh.kvs, kv{"additionalProperties", false})
	} else if k.addl != nil {
		v := c.convert(*k.addl, depth+1)
		sh.kvs = append(sh.kvs, kv{"additionalProperties", v})
	}
	for i, list := range k.lists {
		if len(list) == 0 {
			continue
		}
		for _, x := range list {
			v := c.convert(x, depth+1)
			sh.vals = append(sh.vals, v)
		}
		out := sh.listOf(sh.vals[v0:])
		sh.vals = sh.vals[:v0]
		sh.kvs = append(sh.kvs, kv{listKeys[i], out})
	}
	if k.not != nil {
		v := c.convert(*k.not, depth+1)
		sh.kvs = append(sh.kvs, kv{"not", v})
	}
	return sh.mapOf(sh.kvs[top:])
}

// kv is a member of a map being converted.
type kv struct {
	k string
	v any
}

// mapOf is the map of kvs: the table's (see schemaTable.internKV), or a
// new one when c copies.
func (c *convCache) mapOf(kvs []kv) map[string]any {
	if !c.copy {
		return c.schemas.table.internKV(kvs) // after the document's components are compact: no one else writes to it
	}
	m := make(map[string]any, len(kvs))
	for _, x := range kvs {
		m[x.k] = x.v
	}
	return m
}

// listOf is the list of vals, as mapOf.
func (c *convCache) listOf(vals []any) []any {
	if !c.copy {
		return c.schemas.table.internList(vals)
	}
	return slices.Clone(vals)
}

// schemaBase is what convertValue writes of s wherever s is: every
// keyword but those holding schemas and required. raw keeps the enum,
// default and example that could not be copied; titled: the description
// is the title.
func schemaBase(s *openapi3.Schema) (m map[string]any, raw *cRaw, titled bool) {
	m = map[string]any{}
	if s.Type != nil {
		types := s.Type.Slice()
		if s.Nullable && !slices.Contains(types, "null") && len(types) > 0 {
			types = append(slices.Clone(types), "null")
		}
		switch len(types) {
		case 0:
		case 1:
			m["type"] = types[0]
		default:
			list := make([]any, len(types))
			for i, t := range types {
				list[i] = t
			}
			m["type"] = list
		}
	}
	set := func(k string, v any, ok bool) {
		if ok {
			m[k] = v
		}
	}
	setValue := func(k string, v any, ok bool) {
		if ok {
			if v, err := cloneJSON(v); err == nil {
				m[k] = v
			}
		}
	}
	desc := s.Description
	if desc == "" {
		desc, titled = s.Title, s.Title != ""
	}
	set("description", strings.TrimSpace(desc), desc != "")
	set("format", s.Format, s.Format != "")
	setValue("enum", s.Enum, len(s.Enum) > 0)
	setValue("const", s.Const, s.Const != nil)
	setValue("default", s.Default, s.Default != nil)
	set("pattern", s.Pattern, s.Pattern != "")
	set("deprecated", true, s.Deprecated)
	setPtr(m, "minimum", s.Min)
	setPtr(m, "maximum", s.Max)
	setPtr(m, "multipleOf", s.MultipleOf)
	bound := func(k, base string, b openapi3.ExclusiveBound) {
		if b.Value != nil {
			setValue(k, *b.Value, true)
		} else if b.Bool != nil && *b.Bool {
			if v, ok := m[base]; ok {
				m[k] = v
				delete(m, base)
			}
		}
	}
	bound("exclusiveMinimum", "minimum", s.ExclusiveMin)
	bound("exclusiveMaximum", "maximum", s.ExclusiveMax)
	setValue("minLength", s.MinLength, s.MinLength > 0)
	setPtr(m, "maxLength", s.MaxLength)
	setValue("minItems", s.MinItems, s.MinItems > 0)
	setPtr(m, "maxItems", s.MaxItems)
	set("uniqueItems", true, s.UniqueItems)
	setValue("minProperties", s.MinProps, s.MinProps > 0)
	setPtr(m, "maxProperties", s.MaxProps)
	if s.Discriminator != nil && s.Discriminator.PropertyName != "" {
		m["discriminator"] = map[string]any{"propertyName": s.Discriminator.PropertyName}
	}
	setValue("example", s.Example, s.Example != nil)
	setValue("examples", s.Examples, len(s.Examples) > 0)
	for k, v := range extensions(s.Extensions) {
		setValue(k, v, true)
	}
	keep := func(k string, v any) bool {
		_, copied := m[k]
		return v != nil && !copied
	}
	if e, d, x := any(s.Enum), s.Default, s.Example; len(s.Enum) > 0 && keep("enum", e) || keep("default", d) || keep("example", x) {
		raw = &cRaw{def: d, example: x}
		if len(s.Enum) > 0 {
			raw.enum = s.Enum
		}
	}
	return m, raw, titled
}

// jsonSafe returns v, or nil when it has no JSON form: documentation
// values must not make a document fail to load.
func jsonSafe(v any) any {
	if v == nil {
		return nil
	}
	if _, err := jsonstr.Marshal(v); err != nil {
		return nil
	}
	return v
}

func setPtr[T any](m map[string]any, k string, p *T) {
	if p != nil {
		if v, err := cloneJSON(any(*p)); err == nil {
			m[k] = v
		}
	}
}
