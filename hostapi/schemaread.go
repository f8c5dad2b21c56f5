package hostapi

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/toolkit-sdk/toolkit/internal/jsontok"
)

// A schemaReader reads the JSON text of a component schema of an OpenAPI
// 3.0 document straight into its compact form, without kin-openapi's
// values (a node tree of the text, then an openapi3.Schema and its
// SchemaRef for every schema in it, all to be dropped once compact).
// It reads only what it reads exactly as kin-openapi's decoding followed
// by compactTree would: the keywords below, each of the JSON type
// kin-openapi's field takes without conversion, a $ref alone in its
// object and of the form #/components/schemas/NAME, no key written
// twice. Any other text (another keyword, a key in other case, a YAML
// 1.1 boolean word, a number past float64, nesting past maxNesting, a
// boolean schema, a discriminator mapping to another document) is left
// to kin-openapi, which words its faults. FuzzSchemaReader holds the two
// to the same compact schema.
type schemaReader struct {
	text  []byte
	k     *compactor
	rec   *compactRec // notes the refs of what is made compact
	names []string    // the components the refs name
	depth int
	// tmp holds an openapi3.Schema for each depth, filled with the
	// keywords of the object being read there for schemaBase.
	tmp []*openapi3.Schema
	// keys holds the keys of the objects being read, each object's above
	// its enclosing one's (see members).
	keys []string
}

// reader returns a reader of text, one the compactor kept if it can;
// put it back in k.readers once done.
func (k *compactor) reader(text []byte, rec *compactRec) *schemaReader {
	r, _ := k.readers.Get().(*schemaReader)
	if r == nil {
		r = &schemaReader{k: k}
	}
	if rec == nil {
		rec = &compactRec{}
	}
	r.text, r.rec, r.names, r.depth, r.keys = text, rec, r.names[:0], 0, r.keys[:0]
	return r
}

// readSchema reads a component schema's text; nil when it is left to
// kin-openapi, or is a $ref (a component that is a ref is kept whole).
func (k *compactor) readSchema(text []byte, rec *compactRec) *cSchema {
	s := readText(k, text, rec, func(r *schemaReader, i int) (*cSchema, int, bool) {
		top, end, ok := r.schema(i)
		if !ok || top.ref != "" {
			return nil, 0, false
		}
		return top.s, end, true
	})
	if s != nil {
		// Its refs are noted once the text is read whole, as its names are.
		rec.pending = pendingRefs(s, rec.pending)
	}
	return s
}

// schema reads the schema object at i.
func (r *schemaReader) schema(i int) (out cRef, end int, ok bool) {
	t := r.text
	if i >= len(t) || t[i] != '{' || r.depth >= maxNesting {
		return cRef{}, 0, false
	}
	if r.depth == len(r.tmp) {
		r.tmp = append(r.tmp, &openapi3.Schema{})
	}
	s := r.tmp[r.depth]
	*s = openapi3.Schema{}
	r.depth++
	defer func() { r.depth-- }()
	var kids cKids
	ref, n := "", 0
	end, ok = r.members(i, func(key string, v, vend int) bool {
		n++
		return r.keyword(s, &kids, key, v, vend, &ref)
	})
	if !ok {
		return cRef{}, 0, false
	}
	if ref != "" {
		if n != 1 {
			return cRef{}, 0, false
		}
		return cRef{ref: ref}, end, true
	}
	if d := s.Discriminator; d != nil {
		for _, v := range d.Mapping {
			if strings.Contains(v.Ref, "/") && !strings.HasPrefix(v.Ref, "#") {
				return cRef{}, 0, false
			}
		}
	}
	cs := &cSchema{}
	r.k.finish(cs, s, &kids)
	return cRef{s: cs}, end, true
}

// keyword reads the value t[i:end] of key into s or kids.
func (r *schemaReader) keyword(s *openapi3.Schema, kids *cKids, key string, i, end int, ref *string) bool {
	t := r.text
	c := t[i]
	str := func(p *string) bool {
		if c != '"' {
			return false
		}
		*p = unquote(t[i:end])
		return true
	}
	boolean := func(p *bool) bool {
		if c != 't' && c != 'f' {
			return false
		}
		*p = c == 't'
		return true
	}
	float := func() *float64 {
		f, ok := r.float(i, end)
		if !ok {
			return nil
		}
		return &f
	}
	count := func() (uint64, bool) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n, err := strconv.ParseUint(string(t[i:end]), 10, 64)
		return n, err == nil
	}
	countPtr := func(p **uint64) bool {
		n, ok := count()
		if ok {
			*p = &n
		}
		return ok
	}
	sub := func() (*cRef, bool) {
		x, _, ok := r.schema(i)
		return &x, ok
	}
	switch key {
	case "$ref":
		name, plain := strings.CutPrefix(unquote(t[i:end]), compSchemaPrefix)
		if c != '"' || !plain || !plainName(name) {
			return false
		}
		*ref = compSchemaPrefix + name
		r.names = append(r.names, name)
		return true
	case "type":
		if c == '"' {
			s.Type = &openapi3.Types{unquote(t[i:end])}
			return true
		}
		list, ok := r.strings(i, end)
		if ok {
			types := openapi3.Types(list)
			s.Type = &types
		}
		return ok
	case "title":
		return str(&s.Title)
	case "description":
		return str(&s.Description)
	case "format":
		return str(&s.Format)
	case "pattern":
		return str(&s.Pattern)
	case "nullable":
		return boolean(&s.Nullable)
	case "readOnly":
		return boolean(&s.ReadOnly)
	case "writeOnly":
		return boolean(&s.WriteOnly)
	case "deprecated":
		return boolean(&s.Deprecated)
	case "uniqueItems":
		return boolean(&s.UniqueItems)
	case "minimum":
		s.Min = float()
		return s.Min != nil
	case "maximum":
		s.Max = float()
		return s.Max != nil
	case "multipleOf":
		s.MultipleOf = float()
		return s.MultipleOf != nil
	case "exclusiveMinimum", "exclusiveMaximum":
		b := &s.ExclusiveMin
		if key == "exclusiveMaximum" {
			b = &s.ExclusiveMax
		}
		if c == 't' || c == 'f' {
			v := c == 't'
			b.Bool = &v
			return true
		}
		b.Value = float()
		return b.Value != nil
	case "minLength":
		var ok bool
		s.MinLength, ok = count()
		return ok
	case "minItems":
		var ok bool
		s.MinItems, ok = count()
		return ok
	case "minProperties":
		var ok bool
		s.MinProps, ok = count()
		return ok
	case "maxLength":
		return countPtr(&s.MaxLength)
	case "maxItems":
		return countPtr(&s.MaxItems)
	case "maxProperties":
		return countPtr(&s.MaxProps)
	case "required":
		list, ok := r.strings(i, end)
		kids.required = list
		return ok
	case "enum":
		v, ok := r.value(i)
		list, isList := v.([]any)
		s.Enum = list
		return ok && isList
	case "default", "example":
		v, ok := r.value(i)
		if key == "default" {
			s.Default = v
		} else {
			s.Example = v
		}
		return ok
	case "discriminator":
		return r.discriminator(s, i, end)
	case "properties":
		if c != '{' {
			return false
		}
		j := jsontok.SkipSpace(t, i+1)
		for t[j] != '}' {
			kend := jsontok.QuotedEnd(t, j)
			name := unquote(t[j:kend])
			x, vend, ok := r.schema(jsontok.SkipSpace(t, jsontok.SkipSpace(t, kend)+1))
			if !ok {
				return false
			}
			kids.props = append(kids.props, cProp{name: name, r: x})
			if j = jsontok.SkipSpace(t, vend); t[j] == ',' {
				j = jsontok.SkipSpace(t, j+1)
			}
		}
		slices.SortFunc(kids.props, func(a, b cProp) int { return strings.Compare(a.name, b.name) })
		for j := 1; j < len(kids.props); j++ {
			if kids.props[j].name == kids.props[j-1].name {
				return false // written twice
			}
		}
		return true
	case "items":
		var ok bool
		kids.items, ok = sub()
		return ok
	case "not":
		var ok bool
		kids.not, ok = sub()
		return ok
	case "additionalProperties":
		if c == 't' || c == 'f' {
			kids.addlFalse = c == 'f'
			return true
		}
		var ok bool
		kids.addl, ok = sub()
		return ok
	case "allOf", "anyOf", "oneOf":
		if c != '[' {
			return false
		}
		var list []cRef
		j := jsontok.SkipSpace(t, i+1)
		for t[j] != ']' {
			x, vend, ok := r.schema(j)
			if !ok {
				return false
			}
			list = append(list, x)
			if j = jsontok.SkipSpace(t, vend); t[j] == ',' {
				j = jsontok.SkipSpace(t, j+1)
			}
		}
		n := map[string]int{"allOf": 0, "anyOf": 1, "oneOf": 2}[key]
		kids.lists[n] = list
		return true
	}
	if strings.HasPrefix(key, "x-") {
		v, ok := r.value(i)
		if ok && v != nil {
			if s.Extensions == nil {
				s.Extensions = map[string]any{}
			}
			s.Extensions[key] = v
		}
		return ok
	}
	return false
}

// discriminator reads a discriminator object: a propertyName and a
// mapping of strings.
func (r *schemaReader) discriminator(s *openapi3.Schema, i, end int) bool {
	d := &openapi3.Discriminator{}
	_, ok := r.members(i, func(key string, v, vend int) bool {
		switch key {
		case "propertyName":
			return r.str(v, vend, &d.PropertyName)
		case "mapping":
			d.Mapping = map[string]openapi3.MappingRef{}
			_, ok := r.members(v, func(name string, x, xend int) bool {
				var ref string
				if !r.str(x, xend, &ref) {
					return false
				}
				d.Mapping[name] = openapi3.MappingRef{Ref: ref}
				return true
			})
			return ok
		}
		return false
	})
	if !ok {
		return false
	}
	s.Discriminator = d
	return true
}

// strings reads a list of strings.
func (r *schemaReader) strings(i, end int) ([]string, bool) {
	t := r.text
	if t[i] != '[' {
		return nil, false
	}
	list := []string{}
	j := jsontok.SkipSpace(t, i+1)
	for t[j] != ']' {
		e := jsontok.ValueEnd(t, j)
		if t[j] != '"' {
			return nil, false
		}
		list = append(list, unquote(t[j:e]))
		if j = jsontok.SkipSpace(t, e); t[j] == ',' {
			j = jsontok.SkipSpace(t, j+1)
		}
	}
	_ = end
	return list, true
}

// float reads a number into a float64 field, as the YAML decoder does
// (an integer converted, which rounds as parsing its text does).
func (r *schemaReader) float(i, end int) (float64, bool) {
	c := r.text[i]
	if c != '-' && (c < '0' || c > '9') {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(r.text[i:end]), 64)
	return f, err == nil && !math.IsInf(f, 0)
}

// value reads a JSON value as kin-openapi decodes it into an any: a
// number as a float64.
func (r *schemaReader) value(i int) (any, bool) {
	t := r.text
	if r.depth+1 >= maxNesting {
		return nil, false
	}
	switch t[i] {
	case '{':
		r.depth++
		defer func() { r.depth-- }()
		m := map[string]any{}
		j := jsontok.SkipSpace(t, i+1)
		for t[j] != '}' {
			kend := jsontok.QuotedEnd(t, j)
			key := unquote(t[j:kend])
			if _, dup := m[key]; dup {
				return nil, false
			}
			v := jsontok.SkipSpace(t, jsontok.SkipSpace(t, kend)+1)
			x, ok := r.value(v)
			if !ok {
				return nil, false
			}
			m[key] = x
			if j = jsontok.SkipSpace(t, jsontok.ValueEnd(t, v)); t[j] == ',' {
				j = jsontok.SkipSpace(t, j+1)
			}
		}
		return m, true
	case '[':
		r.depth++
		defer func() { r.depth-- }()
		list := []any{}
		j := jsontok.SkipSpace(t, i+1)
		for t[j] != ']' {
			x, ok := r.value(j)
			if !ok {
				return nil, false
			}
			list = append(list, x)
			if j = jsontok.SkipSpace(t, jsontok.ValueEnd(t, j)); t[j] == ',' {
				j = jsontok.SkipSpace(t, j+1)
			}
		}
		return list, true
	case '"':
		return unquote(t[i:jsontok.QuotedEnd(t, i)]), true
	case 't':
		return true, true
	case 'f':
		return false, true
	case 'n':
		return nil, true
	}
	// Every number, as kin-openapi holds it: a float64.
	return r.float(i, jsontok.ValueEnd(t, i))
}
