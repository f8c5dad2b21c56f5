package hostapi

import (
	"slices"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/toolkit-sdk/toolkit"
)

// A document's schemas are converted from a compact form of their own,
// not from kin-openapi's values: an openapi3.Schema takes 752 bytes and
// its SchemaRef 112 more, so a document of many small schemas held
// 9 times its size in them before anything was converted. In an
// OpenAPI 3.0 document, each component schema is made compact as soon
// as kin-openapi has decoded it (and its faults are found), and the
// document handed to kin-openapi's resolver holds an empty stand-in in
// its place; see compactComponent for the components that are kept
// whole instead. Every other schema (those of parameters and bodies,
// and all of a 3.1 or Swagger 2.0 document's) is made compact from
// kin-openapi's values when it is converted.

// A cSchema is one schema as the conversion reads it: the keywords that
// read the same wherever it is written (base, as convertValue writes
// them), and the schemas it holds.
type cSchema struct {
	// base holds every keyword but those that hold schemas and
	// required; it is read-only, and shared by the schemas that read
	// the same (see schemaTable).
	base map[string]any
	kids *cKids // nil when the schema holds no schema and no required
	// raw keeps the enum, default and example whose copy failed (they
	// are not in base): a parameter carries them as they are.
	raw *cRaw
	// always: 1 for the schema true, 2 for false.
	always   int8
	readOnly bool
	// titled: base's description is the schema's title.
	titled bool
	// emptyEnum: the enum is written, and empty (base has none).
	emptyEnum bool
}

// cRef is a schema where it is written: through a $ref or not.
type cRef struct {
	ref string
	s   *cSchema // nil: no value (a ref that resolved to nothing)
}

type cProp struct {
	name string
	r    cRef
}

// cKids are the schemas a schema holds, and its required.
type cKids struct {
	props     []cProp // by name
	required  []string
	items     *cRef
	addl      *cRef
	addlFalse bool
	lists     [4][]cRef // allOf, anyOf, oneOf, prefixItems
	not       *cRef
}

var listKeys = [4]string{"allOf", "anyOf", "oneOf", "prefixItems"}

type cRaw struct{ enum, def, example any }

// prop is the property named name, or nil.
func (k *cKids) prop(name string) *cRef {
	i, ok := slices.BinarySearchFunc(k.props, name, func(p cProp, name string) int { return strings.Compare(p.name, name) })
	if !ok {
		return nil
	}
	return &k.props[i].r
}

// paramType is the parameter type of the schema's types (see
// scalarType); typed: it has types.
func (s *cSchema) paramType() (t toolkit.ParamType, typed bool) {
	switch x := s.base["type"].(type) {
	case string:
		return scalarType(x), true
	case []any:
		for _, e := range x {
			if name, _ := e.(string); scalarType(name) == toolkit.ParamType(name) {
				return toolkit.ParamType(name), true
			}
		}
		return toolkit.TypeString, len(x) > 0
	}
	return toolkit.TypeString, false
}

// description is the schema's own description (not its title).
func (s *cSchema) description() string {
	if s.titled {
		return ""
	}
	d, _ := s.base["description"].(string)
	return d
}

// value is a keyword that holds a value (enum, default, example): its
// copy in base, or as written when that could not be copied.
func (s *cSchema) value(k string) any {
	if v, ok := s.base[k]; ok {
		return v
	}
	if s.raw == nil {
		return nil
	}
	switch k {
	case "enum":
		return s.raw.enum
	case "default":
		return s.raw.def
	}
	return s.raw.example
}

func (s *cSchema) enum() []any {
	e, _ := s.value("enum").([]any)
	if e == nil && s.emptyEnum {
		return []any{} // as written: a parameter's Enum is not nil
	}
	return e
}

func (s *cSchema) hasProps() bool { return s.kids != nil && len(s.kids.props) > 0 }

func (s *cSchema) hasAlternatives() bool {
	return s.kids != nil && len(s.kids.lists[0])+len(s.kids.lists[1])+len(s.kids.lists[2]) > 0
}

// compactor makes kin-openapi's schemas compact, each once: a schema
// that several places share (through a $ref kin-openapi resolved) is one
// cSchema, so the conversion shares it too.
type compactor struct {
	memo map[*openapi3.Schema]*cSchema
	// stood holds the compact schemas that stand-ins of their own stand
	// for (see stand).
	stood map[*openapi3.SchemaRef]*cSchema
	table *schemaTable
	// records are the values made compact as they were decoded, whose
	// refs link links.
	records []*compactRec
	mu      sync.Mutex // guards stood, table and records while values are decoded in parallel
	// stub stands for every component schema made compact (byKey, by
	// its pointer) in the document kin-openapi resolves: what resolves
	// to it is found again by its ref (see byRef). keyOf is the
	// rawDoc's component, doc the document resolved.
	stub  *openapi3.SchemaRef
	byKey map[string]*cSchema
	keyOf func(ref string) (string, bool)
	doc   *openapi3.T
	// landed memoizes byRef.
	landed map[string]*cSchema
	// loopEnd stands for no value: what refs in or into a loop of
	// components that are refs were linked to (see linkSchemaRefs).
	loopEnd *openapi3.Schema
	// readers keeps schemaReaders from one text to the next.
	readers sync.Pool
}

func newCompactor() *compactor {
	return &compactor{memo: map[*openapi3.Schema]*cSchema{}, stood: map[*openapi3.SchemaRef]*cSchema{}, table: newSchemaTable(),
		stub: &openapi3.SchemaRef{Value: &openapi3.Schema{}}}
}

// ref makes sr compact, its value resolved.
func (k *compactor) ref(sr *openapi3.SchemaRef) cRef {
	if sr == nil {
		return cRef{}
	}
	if sr.Value == k.stub.Value {
		if s, ok := k.stood[sr]; ok {
			return cRef{s: s}
		}
		return cRef{ref: sr.Ref, s: k.byRef(sr.Ref)}
	}
	return cRef{ref: sr.Ref, s: k.schema(sr.Value)}
}

// byRef is the compact component schema a ref lands on, through the
// components kept whole that are refs (a chain of any length, which
// kin-openapi follows). Every ref of the chain is memoized with where
// it lands, so a document of many refs into one long chain (or loop) is
// not followed in time quadratic in its length.
func (k *compactor) byRef(ref string) *cSchema {
	if s, ok := k.landed[ref]; ok {
		return s
	}
	if k.landed == nil {
		k.landed = map[string]*cSchema{}
	}
	var hops []string
	s := k.follow(ref, &hops)
	for _, r := range hops {
		k.landed[r] = s
	}
	return s
}

// follow follows ref to the compact component schema it lands on,
// adding to hops the refs it passes (ref first).
func (k *compactor) follow(ref string, hops *[]string) *cSchema {
	for range len(k.doc.Components.Schemas) + 1 {
		if s, ok := k.landed[ref]; ok {
			return s
		}
		*hops = append(*hops, ref)
		key, ok := k.keyOf(ref)
		if !ok {
			return nil
		}
		if s := k.byKey[key]; s != nil {
			return s
		}
		sr := k.doc.Components.Schemas[unescapeToken(key[strings.LastIndexByte(key, '/')+1:])]
		if sr == nil || sr.Ref == "" {
			return nil
		}
		ref = sr.Ref
	}
	return nil
}

func (k *compactor) refPtr(sr *openapi3.SchemaRef) *cRef {
	if sr == nil {
		return nil
	}
	r := k.ref(sr)
	return &r
}

// schema makes s compact (nil for nil).
func (k *compactor) schema(s *openapi3.Schema) *cSchema {
	if s == nil || s == k.loopEnd {
		return nil
	}
	if cs, ok := k.memo[s]; ok {
		return cs
	}
	cs := &cSchema{}
	k.memo[s] = cs // before its schemas: they may lead back to it
	k.fill(cs, s, k.refPtr)
	return cs
}

// fill sets cs from s, its schemas made compact by sub.
func (k *compactor) fill(cs *cSchema, s *openapi3.Schema, sub func(*openapi3.SchemaRef) *cRef) {
	kids := cKids{required: s.Required}
	if len(s.Properties) > 0 {
		kids.props = make([]cProp, 0, len(s.Properties))
		for _, name := range sortedNames(s.Properties) {
			p := cProp{name: name}
			if r := sub(s.Properties[name]); r != nil {
				p.r = *r
			}
			kids.props = append(kids.props, p)
		}
	}
	kids.items = sub(s.Items)
	if ap := s.AdditionalProperties; ap.Has != nil && !*ap.Has {
		kids.addlFalse = true
	} else if ap.Schema != nil {
		kids.addl = sub(ap.Schema)
	}
	for i, list := range [4]openapi3.SchemaRefs{s.AllOf, s.AnyOf, s.OneOf, s.PrefixItems} {
		if len(list) == 0 {
			continue
		}
		kids.lists[i] = make([]cRef, len(list))
		for j, x := range list {
			if r := sub(x); r != nil {
				kids.lists[i][j] = *r
			}
		}
	}
	kids.not = sub(s.Not)
	k.finish(cs, s, &kids)
}

// finish sets cs from s's keywords and kids, the schemas it holds.
func (k *compactor) finish(cs *cSchema, s *openapi3.Schema, kids *cKids) {
	var base map[string]any
	base, cs.raw, cs.titled = schemaBase(s)
	k.mu.Lock()
	cs.base = k.table.intern(base)
	k.mu.Unlock()
	cs.readOnly = s.ReadOnly
	cs.emptyEnum = s.Enum != nil && len(s.Enum) == 0
	if s.Always != nil {
		cs.always = 2
		if *s.Always {
			cs.always = 1
		}
	}
	if len(kids.props) > 0 || len(kids.required) > 0 || kids.items != nil || kids.addl != nil || kids.addlFalse ||
		len(kids.lists[0])+len(kids.lists[1])+len(kids.lists[2])+len(kids.lists[3]) > 0 || kids.not != nil {
		k := *kids
		cs.kids = &k
	}
}

func sortedNames(m openapi3.Schemas) []string {
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// A compactRec holds what was made compact in one decoded value: the
// refs to link once the document is resolved (all of the form
// #/components/schemas/NAME), and the components they name.
type compactRec struct {
	pending []*cRef
	names   []string
}

const compSchemaPrefix = "#/components/schemas/"

// compactTree makes a schema written out (not a $ref) compact, when
// kin-openapi's resolver would find no fault in it and every schema in it
// is either written out or a ref of the form #/components/schemas/NAME
// (NAME as linkSchemaRefs reads it), which the components' stand-ins
// answer as the components themselves would; nil for any other schema,
// left to kin-openapi to resolve. Its refs are noted in rec, to link.
func (k *compactor) compactTree(sr *openapi3.SchemaRef, rec *compactRec) *cSchema {
	if sr == nil || sr.Ref != "" || sr.Value == nil {
		return nil
	}
	var names []string
	if !resolvable(sr.Value, 0, &names) {
		return nil
	}
	var sub func(*openapi3.SchemaRef) *cRef
	sub = func(sr *openapi3.SchemaRef) *cRef {
		if sr == nil {
			return nil
		}
		r := &cRef{ref: sr.Ref}
		if sr.Ref == "" {
			r.s = &cSchema{}
			k.fill(r.s, sr.Value, sub)
		}
		return r
	}
	top := sub(sr).s
	rec.pending = pendingRefs(top, rec.pending)
	rec.names = append(rec.names, names...)
	return top
}

// compactRef is compactTree's schema stood for (see stand), or sr as it
// is when it is left to kin-openapi.
func (k *compactor) compactRef(sr *openapi3.SchemaRef, rec *compactRec) *openapi3.SchemaRef {
	if s := k.compactTree(sr, rec); s != nil {
		return k.stand(s)
	}
	return sr
}

// stand returns a stand-in of a compact schema written out (not a
// $ref), its own SchemaRef: kin-openapi's resolver reads it as an empty
// schema, which it shares with the components' stand-in (an
// openapi3.Schema takes 752 bytes).
func (k *compactor) stand(s *cSchema) *openapi3.SchemaRef {
	sr := &openapi3.SchemaRef{Value: k.stub.Value}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.stood[sr] = s
	return sr
}

// record keeps rec for link.
func (k *compactor) record(rec *compactRec) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.records = append(k.records, rec)
}

// compactValue makes the schemas of a decoded component or shared value
// compact (see compactRef): a schema is replaced, the schemas of a
// parameter, header, request body, response or path item replaced in
// place. rec is nil when nothing was made compact.
func (k *compactor) compactValue(v any) (out any, rec *compactRec) {
	rec = &compactRec{}
	n := 0
	var param func(p *openapi3.Parameter)
	var content func(c openapi3.Content)
	ref := func(sr *openapi3.SchemaRef) *openapi3.SchemaRef {
		out := k.compactRef(sr, rec)
		if out != sr {
			n++
		}
		return out
	}
	param = func(p *openapi3.Parameter) {
		if p != nil {
			p.Schema = ref(p.Schema)
			content(p.Content)
		}
	}
	header := func(h *openapi3.HeaderRef) {
		if h != nil && h.Value != nil {
			param(&h.Value.Parameter)
		}
	}
	content = func(c openapi3.Content) {
		for _, mt := range c {
			if mt == nil {
				continue
			}
			mt.Schema = ref(mt.Schema)
			for _, enc := range mt.Encoding {
				if enc != nil {
					for _, h := range enc.Headers {
						header(h)
					}
				}
			}
		}
	}
	params := func(list openapi3.Parameters) {
		for _, p := range list {
			if p != nil {
				param(p.Value)
			}
		}
	}
	body := func(b *openapi3.RequestBodyRef) {
		if b != nil && b.Value != nil {
			content(b.Value.Content)
		}
	}
	out = v
	switch x := v.(type) {
	case *openapi3.SchemaRef:
		out = ref(x)
	case *openapi3.ParameterRef:
		params(openapi3.Parameters{x})
	case *openapi3.HeaderRef:
		header(x)
	case *openapi3.RequestBodyRef:
		body(x)
	case *openapi3.ResponseRef:
		if x != nil && x.Value != nil {
			content(x.Value.Content)
			for _, h := range x.Value.Headers {
				header(h)
			}
		}
	case *openapi3.PathItem:
		if x != nil {
			params(x.Parameters)
			for op := range operationsOf(x) {
				params(op.Parameters)
				body(op.RequestBody)
			}
		}
	}
	if n == 0 {
		return out, nil
	}
	k.record(rec)
	return out, rec
}

// resolvable walks s as kin-openapi's resolver does (resolveSchemaRef):
// false when it would find an empty schema, a ref not of the form
// #/components/schemas/NAME or a ref next to a value, or a discriminator
// mapping to another document. It notes the components the refs name.
func resolvable(s *openapi3.Schema, depth int, names *[]string) bool {
	if depth > maxNesting {
		return false
	}
	ok := func(sr *openapi3.SchemaRef) bool {
		switch {
		case sr == nil:
			return false
		case sr.Ref != "":
			name, plain := strings.CutPrefix(sr.Ref, compSchemaPrefix)
			if !plain || !plainName(name) || sr.Value != nil {
				return false
			}
			*names = append(*names, name)
			return true
		case sr.Value == nil:
			return false
		}
		return resolvable(sr.Value, depth+1, names)
	}
	opt := func(sr *openapi3.SchemaRef) bool { return sr == nil || ok(sr) }
	if !opt(s.Items) || !opt(s.AdditionalProperties.Schema) || !opt(s.Not) || !opt(s.Contains) || !opt(s.PropertyNames) ||
		!opt(s.UnevaluatedItems.Schema) || !opt(s.UnevaluatedProperties.Schema) || !opt(s.If) || !opt(s.Then) || !opt(s.Else) || !opt(s.ContentSchema) {
		return false
	}
	for _, list := range [...]openapi3.SchemaRefs{s.AllOf, s.AnyOf, s.OneOf, s.PrefixItems} {
		for _, x := range list {
			if !ok(x) {
				return false
			}
		}
	}
	for _, m := range [...]openapi3.Schemas{s.Properties, s.PatternProperties, s.DependentSchemas, s.Defs} {
		for _, x := range m {
			if !ok(x) {
				return false
			}
		}
	}
	if d := s.Discriminator; d != nil {
		for _, v := range d.Mapping {
			if strings.Contains(v.Ref, "/") && !strings.HasPrefix(v.Ref, "#") {
				return false
			}
		}
	}
	return true
}

// maxNesting bounds the schemas nested in one component that are made
// compact as it is decoded; a deeper one is kept whole.
const maxNesting = 1000

// link points the refs of what was made compact as it was decoded at
// what they land on, once the document is resolved: a compact component
// schema, or what kin-openapi resolved a component kept whole to.
func (k *compactor) link() {
	for _, rec := range k.records {
		for _, r := range rec.pending {
			// What kin-openapi resolved the component to, read as any
			// resolved ref is (the stand-in's by the ref).
			if sr := k.doc.Components.Schemas[strings.TrimPrefix(r.ref, compSchemaPrefix)]; sr != nil {
				r.s = k.ref(&openapi3.SchemaRef{Ref: r.ref, Value: sr.Value}).s
			}
		}
	}
	k.records = nil
}

// pendingRefs adds to out the refs, not yet linked, of a schema made
// compact as it was decoded (a tree, its refs not yet followed).
func pendingRefs(s *cSchema, out []*cRef) []*cRef {
	if s == nil || s.kids == nil {
		return out
	}
	visit := func(r *cRef) {
		if r == nil {
			return
		}
		if r.ref != "" {
			out = append(out, r)
			return
		}
		out = pendingRefs(r.s, out)
	}
	k := s.kids
	for i := range k.props {
		visit(&k.props[i].r)
	}
	visit(k.items)
	visit(k.addl)
	visit(k.not)
	for _, list := range k.lists {
		for i := range list {
			visit(&list[i])
		}
	}
	return out
}
