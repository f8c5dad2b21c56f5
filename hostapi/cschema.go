package hostapi

import (
	"slices"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
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

// types are the schema's types (with "null" when it is nullable).
func (s *cSchema) types() []string {
	switch t := s.base["type"].(type) {
	case string:
		return []string{t}
	case []any:
		out := make([]string, len(t))
		for i, x := range t {
			out[i], _ = x.(string)
		}
		return out
	}
	return nil
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
	memo  map[*openapi3.Schema]*cSchema
	table *schemaTable
	mu    sync.Mutex // guards table while components are made compact in parallel
}

func newCompactor() *compactor {
	return &compactor{memo: map[*openapi3.Schema]*cSchema{}, table: newSchemaTable()}
}

// ref makes sr compact, its value resolved.
func (k *compactor) ref(sr *openapi3.SchemaRef) cRef {
	if sr == nil {
		return cRef{}
	}
	return cRef{ref: sr.Ref, s: k.schema(sr.Value)}
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
	if s == nil {
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
	var base map[string]any
	base, cs.raw, cs.titled = schemaBase(s)
	k.mu.Lock()
	cs.base = k.table.intern(base)
	k.mu.Unlock()
	cs.readOnly = s.ReadOnly
	if s.Always != nil {
		cs.always = 2
		if *s.Always {
			cs.always = 1
		}
	}
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
	if len(kids.props) > 0 || len(kids.required) > 0 || kids.items != nil || kids.addl != nil || kids.addlFalse ||
		len(kids.lists[0])+len(kids.lists[1])+len(kids.lists[2])+len(kids.lists[3]) > 0 || kids.not != nil {
		cs.kids = &kids
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

// A compactComp is a component schema made compact as it was decoded:
// its refs, all of the form #/components/schemas/NAME, are linked once
// the document is resolved.
type compactComp struct {
	top     cRef
	pending []*cRef  // refs to link, by their ref
	names   []string // the components its refs name, linked or not
}

const compSchemaPrefix = "#/components/schemas/"

// compactComponent makes a decoded component schema of an OpenAPI 3.0
// document compact, when kin-openapi's resolver would find no fault in
// it and every schema in it is either written out or a ref of the form
// #/components/schemas/NAME (NAME as linkSchemaRefs reads it), which the
// stand-ins answer as the components themselves would; else it returns
// nil and the component is kept whole, for kin-openapi to resolve. A
// component that is a $ref is kept whole too (a chain of them is
// followed by kin-openapi).
func (k *compactor) compactComponent(sr *openapi3.SchemaRef) *compactComp {
	if sr == nil || sr.Ref != "" || sr.Value == nil {
		return nil
	}
	c := &compactComp{}
	if !c.resolvable(sr.Value, 0) {
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
	c.top = *sub(sr)
	c.pending = pendingRefs(c.top.s, nil)
	return c
}

// pendingRefs adds to out the refs, not yet linked, of a compact
// component's tree.
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

// resolvable walks s as kin-openapi's resolver does (resolveSchemaRef):
// false when it would find an empty schema, a ref not of the form
// #/components/schemas/NAME or a ref next to a value, or a discriminator
// mapping to another document. It notes the components the refs name.
func (c *compactComp) resolvable(s *openapi3.Schema, depth int) bool {
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
			c.names = append(c.names, name)
			return true
		case sr.Value == nil:
			return false
		}
		return c.resolvable(sr.Value, depth+1)
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

// link points the refs of the compact components comps (by name) at
// what they land on, once doc is resolved: a compact component, or what
// kin-openapi resolved a component kept whole to.
func (k *compactor) link(doc *openapi3.T, comps map[string]*compactComp) {
	for _, c := range comps {
		for _, r := range c.pending {
			name := strings.TrimPrefix(r.ref, compSchemaPrefix)
			if t := comps[name]; t != nil {
				r.s = t.top.s
			} else if sr := doc.Components.Schemas[name]; sr != nil {
				r.s = k.schema(sr.Value)
			}
		}
		c.pending = nil
	}
}
