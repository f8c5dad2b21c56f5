package hostapi

import (
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// linkSchemaRefs points each $ref to a component schema of an OpenAPI 3.0
// document at the schema it lands on, as kin-openapi's ResolveRefsIn
// would, before it runs: kin-openapi walks a ref's target again for every
// ref object that names it (sorting its properties' names and its
// discriminator's mapping each time: Microsoft Graph's entity schema maps
// some 2,000 types, and is named from thousands of places), and a ref it
// finds with its value set is not followed. Each component is still
// walked once, from the components, so its faults are found as before.
//
// Only refs of the plain form #/components/schemas/NAME, NAME of letters,
// digits, '.', '_' and '-', whose chain of such refs ends at a component
// with a value, are linked; kin-openapi resolves the rest as it did. From
// OpenAPI 3.1 a ref's siblings change its value, so those documents are
// left to kin-openapi whole. The refs' RefPath, which hostapi does not read,
// is left unset.
func linkSchemaRefs(doc *openapi3.T) (loopEnd *openapi3.Schema) {
	if doc.IsOpenAPI31OrLater() || doc.Components == nil || len(doc.Components.Schemas) == 0 {
		return nil
	}
	l := &schemaLinker{comps: doc.Components.Schemas, seen: map[*openapi3.Schema]bool{}, ends: map[string]*openapi3.Schema{}, loopEnd: &openapi3.Schema{}}
	for _, sr := range doc.Components.Schemas {
		l.schema(sr)
	}
	for _, p := range doc.Components.Parameters {
		l.param(p)
	}
	for _, h := range doc.Components.Headers {
		if h != nil && h.Ref == "" && h.Value != nil {
			l.parameter(&h.Value.Parameter)
		}
	}
	for _, b := range doc.Components.RequestBodies {
		l.body(b)
	}
	for _, r := range doc.Components.Responses {
		l.response(r)
	}
	for _, item := range doc.Paths.Map() {
		if item == nil {
			continue
		}
		for _, p := range item.Parameters {
			l.param(p)
		}
		for op := range operationsOf(item) {
			if op == nil {
				continue
			}
			for _, p := range op.Parameters {
				l.param(p)
			}
			l.body(op.RequestBody)
			if op.Responses != nil {
				for _, r := range op.Responses.Map() {
					l.response(r)
				}
			}
		}
	}
	return l.loopEnd
}

type schemaLinker struct {
	comps openapi3.Schemas
	seen  map[*openapi3.Schema]bool   // inline schemas walked
	ends  map[string]*openapi3.Schema // a component's chain's end
	// loopEnd is what a chain of refs that loops lands on, found without
	// following the loop from each of its refs (left to kin-openapi, a
	// loop of 5,000 components took 70 s): an empty schema of the
	// document's own, which its compactor reads as no value, as
	// kin-openapi resolves such a ref.
	loopEnd *openapi3.Schema
}

// target is the schema a plain ref lands on, or nil. A chain of refs is
// followed once: each component on it is noted with the chain's end (nil
// for a chain that loops or ends at no value), so that every ref of a
// chain of n components costs O(n) in all, where kin-openapi follows the
// rest of the chain from each of them.
func (l *schemaLinker) target(ref string) *openapi3.Schema {
	var path []string
	var end *openapi3.Schema
	for {
		name, ok := strings.CutPrefix(ref, "#/components/schemas/")
		if !ok || !plainName(name) {
			break
		}
		if s, done := l.ends[name]; done {
			end = s // nil for a name on path: a loop
			if s == nil && slices.Contains(path, name) {
				end = l.loopEnd
			}
			break
		}
		l.ends[name] = nil
		path = append(path, name)
		sr := l.comps[name]
		if sr == nil {
			break
		}
		if sr.Value != nil {
			end = sr.Value
			break
		}
		if sr.Ref == "" {
			break
		}
		ref = sr.Ref
	}
	for _, name := range path {
		l.ends[name] = end
	}
	return end
}

func plainName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

func (l *schemaLinker) schema(sr *openapi3.SchemaRef) {
	if sr == nil {
		return
	}
	if sr.Ref != "" {
		if sr.Value == nil {
			sr.Value = l.target(sr.Ref)
		}
		return
	}
	s := sr.Value
	if s == nil || l.seen[s] {
		return
	}
	l.seen[s] = true
	l.schema(s.Items)
	for _, v := range s.Properties {
		l.schema(v)
	}
	l.schema(s.AdditionalProperties.Schema)
	l.schema(s.Not)
	for _, list := range [][]*openapi3.SchemaRef{s.AllOf, s.AnyOf, s.OneOf, s.PrefixItems} {
		for _, v := range list {
			l.schema(v)
		}
	}
	l.schema(s.Contains)
	for _, m := range []openapi3.Schemas{s.PatternProperties, s.DependentSchemas, s.Defs} {
		for _, v := range m {
			l.schema(v)
		}
	}
	for _, v := range []*openapi3.SchemaRef{s.PropertyNames, s.UnevaluatedItems.Schema, s.UnevaluatedProperties.Schema, s.If, s.Then, s.Else, s.ContentSchema} {
		l.schema(v)
	}
}

func (l *schemaLinker) param(p *openapi3.ParameterRef) {
	if p != nil && p.Ref == "" && p.Value != nil {
		l.parameter(p.Value)
	}
}

func (l *schemaLinker) parameter(p *openapi3.Parameter) {
	l.schema(p.Schema)
	l.content(p.Content)
}

func (l *schemaLinker) body(b *openapi3.RequestBodyRef) {
	if b != nil && b.Ref == "" && b.Value != nil {
		l.content(b.Value.Content)
	}
}

func (l *schemaLinker) response(r *openapi3.ResponseRef) {
	if r == nil || r.Ref != "" || r.Value == nil {
		return
	}
	l.content(r.Value.Content)
	for _, h := range r.Value.Headers {
		if h != nil && h.Ref == "" && h.Value != nil {
			l.parameter(&h.Value.Parameter)
		}
	}
}

func (l *schemaLinker) content(c openapi3.Content) {
	for _, mt := range c {
		if mt != nil {
			l.schema(mt.Schema)
		}
	}
}
