package hostapi

import (
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/toolkit-sdk/toolkit/internal/jsontok"
)

// The texts of an OpenAPI 3.0 document's parameters and request bodies,
// and of its operations' and path items' other members, are read
// straight into kin-openapi's values by a schemaReader, the schemas in
// them compact: kin-openapi's decoding builds a node tree of each text,
// then decodes it through reflection, its garbage ten times the text (a
// document of many small operations peaked at ten times its size while
// they were decoded). As for schemas, only what is read exactly as
// kin-openapi decodes it is read: the fields below, each of its JSON
// type, a $ref alone in its object, no key written twice, x- extensions;
// anything else is left to kin-openapi. FuzzOpReader holds the two to the
// same values.

// readText reads text whole with read; the zero T when it is left to
// kin-openapi.
func readText[T any](k *compactor, text []byte, rec *compactRec, read func(r *schemaReader, i int) (T, int, bool)) T {
	var zero T
	r := k.reader(text, rec)
	defer k.readers.Put(r)
	v, end, ok := read(r, jsontok.SkipSpace(text, 0))
	if !ok || jsontok.SkipSpace(text, end) != len(text) {
		return zero
	}
	r.rec.names = append(r.rec.names, r.names...)
	return v
}

// readParamRef reads a parameter, or a $ref to one.
func (k *compactor) readParamRef(text []byte, rec *compactRec) *openapi3.ParameterRef {
	return readText(k, text, rec, (*schemaReader).paramRef)
}

// readBodyRef reads a request body, or a $ref to one.
func (k *compactor) readBodyRef(text []byte, rec *compactRec) *openapi3.RequestBodyRef {
	return readText(k, text, rec, (*schemaReader).bodyRef)
}

// readOperation reads an operation's members but its parameters and
// request body (see writeApart).
func (k *compactor) readOperation(text []byte) *openapi3.Operation {
	return readText(k, text, nil, (*schemaReader).operation)
}

// readPathItem reads a path item's members but its parameters and
// operations (see writeApart).
func (k *compactor) readPathItem(text []byte) *openapi3.PathItem {
	return readText(k, text, nil, (*schemaReader).pathItem)
}

func (r *schemaReader) operation(i int) (*openapi3.Operation, int, bool) {
	op := &openapi3.Operation{}
	end, ok := r.members(i, func(key string, v, end int) bool {
		switch key {
		case "tags":
			var ok bool
			op.Tags, ok = r.strings(v, end)
			return ok
		case "summary":
			return r.str(v, end, &op.Summary)
		case "description":
			return r.str(v, end, &op.Description)
		case "operationId":
			return r.str(v, end, &op.OperationID)
		case "deprecated":
			return r.boolean(v, &op.Deprecated)
		case "security":
			sec, ok := r.security(v)
			op.Security = sec
			return ok
		case "servers":
			servers, ok := r.servers(v)
			op.Servers = &servers
			return ok
		case "externalDocs":
			op.ExternalDocs = &openapi3.ExternalDocs{}
			return r.externalDocs(v, op.ExternalDocs)
		}
		return r.extension(key, v, &op.Extensions)
	})
	return op, end, ok
}

func (r *schemaReader) pathItem(i int) (*openapi3.PathItem, int, bool) {
	item := &openapi3.PathItem{}
	end, ok := r.members(i, func(key string, v, end int) bool {
		switch key {
		case "summary":
			return r.str(v, end, &item.Summary)
		case "description":
			return r.str(v, end, &item.Description)
		case "servers":
			var ok bool
			item.Servers, ok = r.servers(v)
			return ok
		}
		return r.extension(key, v, &item.Extensions)
	})
	return item, end, ok
}

// members calls f with each member of the object at i: its key and the
// span of its value. It fails on what is not an object, a key written
// twice, an object of more than maxMembers members, and where f fails.
func (r *schemaReader) members(i int, f func(key string, v, end int) bool) (int, bool) {
	t := r.text
	if i >= len(t) || t[i] != '{' {
		return 0, false
	}
	mark := len(r.keys)
	defer func() { r.keys = r.keys[:mark] }()
	i = jsontok.SkipSpace(t, i+1)
	for t[i] != '}' {
		kend := jsontok.QuotedEnd(t, i)
		key := unquote(t[i:kend])
		// Objects of more members are left to kin-openapi, which
		// finds a key written twice in them without a quadratic cost.
		if len(r.keys)-mark >= maxMembers || slices.Contains(r.keys[mark:], key) {
			return 0, false
		}
		r.keys = append(r.keys, key)
		v := jsontok.SkipSpace(t, jsontok.SkipSpace(t, kend)+1)
		end := jsontok.ValueEnd(t, v)
		if end <= v || !f(key, v, end) {
			return 0, false
		}
		if i = jsontok.SkipSpace(t, end); t[i] == ',' {
			i = jsontok.SkipSpace(t, i+1)
		}
	}
	return i + 1, true
}

func (r *schemaReader) str(i, end int, p *string) bool {
	if r.text[i] != '"' {
		return false
	}
	*p = unquote(r.text[i:end])
	return true
}

func (r *schemaReader) boolean(i int, p *bool) bool {
	switch r.text[i] {
	case 't':
		*p = true
	case 'f':
		*p = false
	default:
		return false
	}
	return true
}

// extension reads an x- member into ext, as kin-openapi does (a null
// kept); any other key fails.
func (r *schemaReader) extension(key string, i int, ext *map[string]any) bool {
	if !strings.HasPrefix(key, "x-") {
		return false
	}
	v, ok := r.value(i)
	if !ok {
		return false
	}
	if *ext == nil {
		*ext = map[string]any{}
	}
	(*ext)[key] = v
	return true
}

// ref reads an object that is a $ref alone into ref: isRef false (and
// ok) when it has no $ref; not ok when it has one beside other keys,
// which kin-openapi's versions and decoders read otherwise.
func (r *schemaReader) ref(i int, ref *string) (isRef, ok bool) {
	n := 0
	_, ok = r.members(i, func(key string, v, end int) bool {
		n++
		if key == "$ref" {
			isRef = true
			return r.str(v, end, ref)
		}
		return true
	})
	// An empty $ref is no reference to kin-openapi, which decodes the
	// object as a value.
	return isRef, ok && (!isRef || n == 1 && *ref != "")
}

func (r *schemaReader) paramRef(i int) (*openapi3.ParameterRef, int, bool) {
	var ref string
	if isRef, ok := r.ref(i, &ref); !ok {
		return nil, 0, false
	} else if isRef {
		return &openapi3.ParameterRef{Ref: ref}, jsontok.ValueEnd(r.text, i), true
	}
	p := &openapi3.Parameter{}
	end, ok := r.members(i, func(key string, v, end int) bool {
		switch key {
		case "name":
			return r.str(v, end, &p.Name)
		case "in":
			return r.str(v, end, &p.In)
		case "description":
			return r.str(v, end, &p.Description)
		case "style":
			return r.str(v, end, &p.Style)
		case "explode":
			var x bool
			p.Explode = &x
			return r.boolean(v, &x)
		case "allowEmptyValue":
			return r.boolean(v, &p.AllowEmptyValue)
		case "allowReserved":
			return r.boolean(v, &p.AllowReserved)
		case "deprecated":
			return r.boolean(v, &p.Deprecated)
		case "required":
			return r.boolean(v, &p.Required)
		case "schema":
			var ok bool
			p.Schema, ok = r.schemaStand(v)
			return ok
		case "example":
			var ok bool
			p.Example, ok = r.value(v)
			return ok
		case "examples":
			var ok bool
			p.Examples, ok = r.examples(v)
			return ok
		case "content":
			var ok bool
			p.Content, ok = r.content(v)
			return ok
		}
		return r.extension(key, v, &p.Extensions)
	})
	return &openapi3.ParameterRef{Value: p}, end, ok
}

func (r *schemaReader) bodyRef(i int) (*openapi3.RequestBodyRef, int, bool) {
	var ref string
	if isRef, ok := r.ref(i, &ref); !ok {
		return nil, 0, false
	} else if isRef {
		return &openapi3.RequestBodyRef{Ref: ref}, jsontok.ValueEnd(r.text, i), true
	}
	b := &openapi3.RequestBody{}
	end, ok := r.members(i, func(key string, v, end int) bool {
		switch key {
		case "description":
			return r.str(v, end, &b.Description)
		case "required":
			return r.boolean(v, &b.Required)
		case "content":
			var ok bool
			b.Content, ok = r.content(v)
			return ok
		}
		return r.extension(key, v, &b.Extensions)
	})
	return &openapi3.RequestBodyRef{Value: b}, end, ok
}

// schemaStand reads a schema: a $ref of the form
// #/components/schemas/NAME is kept for kin-openapi to resolve, a schema
// written out is made compact and stood for (see compactor.stand).
func (r *schemaReader) schemaStand(i int) (*openapi3.SchemaRef, bool) {
	x, _, ok := r.schema(i)
	switch {
	case !ok:
		return nil, false
	case x.ref != "":
		return &openapi3.SchemaRef{Ref: x.ref}, true
	}
	r.rec.pending = pendingRefs(x.s, r.rec.pending)
	return r.k.stand(x.s), true
}

func (r *schemaReader) content(i int) (openapi3.Content, bool) {
	c := openapi3.Content{}
	_, ok := r.members(i, func(key string, v, end int) bool {
		mt := &openapi3.MediaType{}
		c[key] = mt
		_, ok := r.members(v, func(key string, v, end int) bool {
			switch key {
			case "schema":
				var ok bool
				mt.Schema, ok = r.schemaStand(v)
				return ok
			case "example":
				var ok bool
				mt.Example, ok = r.value(v)
				return ok
			case "examples":
				var ok bool
				mt.Examples, ok = r.examples(v)
				return ok
			case "encoding":
				var ok bool
				mt.Encoding, ok = r.encodings(v)
				return ok
			}
			return r.extension(key, v, &mt.Extensions)
		})
		return ok
	})
	return c, ok
}

func (r *schemaReader) encodings(i int) (openapi3.Encodings, bool) {
	encs := openapi3.Encodings{}
	_, ok := r.members(i, func(name string, v, end int) bool {
		e := &openapi3.Encoding{}
		encs[name] = e
		_, ok := r.members(v, func(key string, v, end int) bool {
			switch key {
			case "contentType":
				return r.str(v, end, &e.ContentType)
			case "style":
				return r.str(v, end, &e.Style)
			case "explode":
				var x bool
				e.Explode = &x
				return r.boolean(v, &x)
			case "allowReserved":
				return r.boolean(v, &e.AllowReserved)
			}
			return r.extension(key, v, &e.Extensions)
		})
		return ok
	})
	return encs, ok
}

func (r *schemaReader) examples(i int) (openapi3.Examples, bool) {
	exs := openapi3.Examples{}
	_, ok := r.members(i, func(name string, v, end int) bool {
		var ref string
		if isRef, ok := r.ref(v, &ref); !ok {
			return false
		} else if isRef {
			exs[name] = &openapi3.ExampleRef{Ref: ref}
			return true
		}
		ex := &openapi3.Example{}
		exs[name] = &openapi3.ExampleRef{Value: ex}
		_, ok := r.members(v, func(key string, v, end int) bool {
			switch key {
			case "summary":
				return r.str(v, end, &ex.Summary)
			case "description":
				return r.str(v, end, &ex.Description)
			case "externalValue":
				return r.str(v, end, &ex.ExternalValue)
			case "value":
				var ok bool
				ex.Value, ok = r.value(v)
				return ok
			}
			return r.extension(key, v, &ex.Extensions)
		})
		return ok
	})
	return exs, ok
}

func (r *schemaReader) security(i int) (*openapi3.SecurityRequirements, bool) {
	t := r.text
	if t[i] != '[' {
		return nil, false
	}
	reqs := openapi3.SecurityRequirements{}
	j := jsontok.SkipSpace(t, i+1)
	for t[j] != ']' {
		req := openapi3.SecurityRequirement{}
		end, ok := r.members(j, func(name string, v, end int) bool {
			scopes, ok := r.strings(v, end)
			req[name] = scopes
			return ok
		})
		if !ok {
			return nil, false
		}
		reqs = append(reqs, req)
		if j = jsontok.SkipSpace(t, end); t[j] == ',' {
			j = jsontok.SkipSpace(t, j+1)
		}
	}
	return &reqs, true
}

func (r *schemaReader) servers(i int) (openapi3.Servers, bool) {
	t := r.text
	if t[i] != '[' {
		return nil, false
	}
	servers := openapi3.Servers{}
	j := jsontok.SkipSpace(t, i+1)
	for t[j] != ']' {
		s := &openapi3.Server{}
		end, ok := r.members(j, func(key string, v, end int) bool {
			switch key {
			case "url":
				return r.str(v, end, &s.URL)
			case "description":
				return r.str(v, end, &s.Description)
			case "variables":
				s.Variables = openapi3.ServerVariables{}
				_, ok := r.members(v, func(name string, v, end int) bool {
					sv := &openapi3.ServerVariable{}
					s.Variables[name] = sv
					_, ok := r.members(v, func(key string, v, end int) bool {
						switch key {
						case "enum":
							var ok bool
							sv.Enum, ok = r.strings(v, end)
							return ok
						case "default":
							return r.str(v, end, &sv.Default)
						case "description":
							return r.str(v, end, &sv.Description)
						}
						return r.extension(key, v, &sv.Extensions)
					})
					return ok
				})
				return ok
			}
			return r.extension(key, v, &s.Extensions)
		})
		if !ok {
			return nil, false
		}
		servers = append(servers, s)
		if j = jsontok.SkipSpace(t, end); t[j] == ',' {
			j = jsontok.SkipSpace(t, j+1)
		}
	}
	return servers, true
}

func (r *schemaReader) externalDocs(i int, d *openapi3.ExternalDocs) bool {
	_, ok := r.members(i, func(key string, v, end int) bool {
		switch key {
		case "description":
			return r.str(v, end, &d.Description)
		case "url":
			return r.str(v, end, &d.URL)
		}
		return r.extension(key, v, &d.Extensions)
	})
	return ok
}

// maxMembers bounds the members of an object the reader reads.
const maxMembers = 64
