package toolkitopenai

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// StrictSchema returns schema (a tool's JSON Schema of arguments) in the
// form OpenAI's strict mode accepts, and ok true, when a transform can
// keep its meaning: every object lists all its properties in required and
// says additionalProperties false; a property that was optional becomes
// nullable (the model sends null for "absent", and the call drops that
// null again before the arguments are checked, so defaults still apply);
// defaults leave the schema (the Registry applies them) and are named in
// the property's description, and so does a format strict mode does not
// take (with one, the API refuses the request).
//
// ok is false, and strict is nil, for a schema strict mode cannot say or
// that the transform would change: an object open to other properties, an
// array without items, a keyword outside strict mode's subset (allOf, not,
// if, oneOf, patternProperties, minLength, ...), a required name that is
// not a property, an optional property that
// already accepts null (its null could no longer mean "absent"), an
// optional property inside anyOf, a $ref, more than 5,000 properties or 10
// levels of nesting. Such a tool is sent without strict.
func StrictSchema(schema json.RawMessage) (strict map[string]any, ok bool) {
	s, err := strictFor(schema)
	if err != nil {
		return nil, false
	}
	return s.schema, true
}

// strictTool is a schema in strict form with what it takes to read the
// model's arguments back: the optional properties it made nullable.
type strictTool struct {
	schema map[string]any
	shape  *nullShape
}

// nullShape says where a strict schema made optional properties
// nullable: a null there means the model left the property out.
type nullShape struct {
	optional map[string]bool       // properties that were optional
	props    map[string]*nullShape // properties holding such properties
	items    *nullShape            // the items of an array, when they hold some
}

// Bounds of OpenAI's strict mode.
const (
	maxStrictProperties = 5000
	maxStrictDepth      = 10
)

// strictFor transforms schema, or says why it cannot.
func strictFor(schema json.RawMessage) (*strictTool, error) {
	dec := json.NewDecoder(bytes.NewReader(schema))
	dec.UseNumber()
	var root any
	if err := dec.Decode(&root); err != nil {
		return nil, fmt.Errorf("not JSON: %v", err)
	}
	m, isObj := root.(map[string]any)
	if !isObj || m["type"] != "object" {
		return nil, fmt.Errorf("the root is not an object schema")
	}
	t := &strictTransform{}
	out, shape, err := t.node(m, "", 0, false)
	if err != nil {
		return nil, err
	}
	return &strictTool{schema: out, shape: shape}, nil
}

type strictTransform struct{ props int }

// Keywords kept as they are: the subset strict mode accepts, and
// annotations.
var strictKeep = map[string]bool{
	"type": true, "description": true, "title": true, "enum": true, "const": true,
	"pattern": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true,
	"minItems": true, "maxItems": true,
}

// The string formats strict mode accepts (OpenAI's Structured Outputs,
// "Supported properties"); the API refuses a strict schema with another.
var strictFormats = map[string]bool{
	"date-time": true, "time": true, "date": true, "duration": true, "email": true,
	"hostname": true, "ipv4": true, "ipv6": true, "uuid": true,
}

// Keywords dropped: annotations strict mode may refuse, whose loss
// changes no value the model may send.
var strictDrop = map[string]bool{"$schema": true, "$id": true, "$comment": true, "examples": true, "deprecated": true, "readOnly": true, "writeOnly": true}

// node transforms the schema n at path; inAnyOf says n is a branch of
// anyOf, where an optional property cannot be read back.
func (t *strictTransform) node(n map[string]any, path string, depth int, inAnyOf bool) (map[string]any, *nullShape, error) {
	if depth > maxStrictDepth {
		return nil, nil, fmt.Errorf("%s: more than %d levels of nesting", path, maxStrictDepth)
	}
	out := make(map[string]any, len(n)+2)
	var shape *nullShape
	for _, k := range slices.Sorted(maps.Keys(n)) {
		v := n[k]
		switch {
		case strictKeep[k]:
			out[k] = v
		case k == "format":
			if f, ok := v.(string); ok && strictFormats[f] {
				out[k] = v
			}
			// Another format goes to the description below: the API
			// refuses a strict schema naming it. The Registry checks the
			// arguments against the original schema all the same.
		case strictDrop[k], k == "default", k == "properties", k == "required", k == "additionalProperties", k == "items", k == "anyOf":
			// handled below, or dropped
		default:
			return nil, nil, fmt.Errorf("%s: keyword %q is outside strict mode", path, k)
		}
	}
	if f, ok := n["format"]; ok && out["format"] == nil {
		text, err := json.Marshal(f)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: format: %v", path, err)
		}
		desc, _ := out["description"].(string)
		out["description"] = strings.TrimSpace(desc + " (format: " + string(text) + ")")
	}
	if d, ok := n["default"]; ok {
		text, err := json.Marshal(d)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: default: %v", path, err)
		}
		desc, _ := out["description"].(string)
		out["description"] = strings.TrimSpace(desc + " (default: " + string(text) + ")")
	}
	if branches, ok := n["anyOf"]; ok {
		list, ok := branches.([]any)
		if !ok || len(list) == 0 {
			return nil, nil, fmt.Errorf("%s: anyOf is not a list of schemas", path)
		}
		outList := make([]any, len(list))
		for i, b := range list {
			bm, ok := b.(map[string]any)
			if !ok {
				return nil, nil, fmt.Errorf("%s.anyOf[%d]: not a schema object", path, i)
			}
			o, _, err := t.node(bm, fmt.Sprintf("%s.anyOf[%d]", path, i), depth+1, true)
			if err != nil {
				return nil, nil, err
			}
			outList[i] = o
		}
		out["anyOf"] = outList
	}
	types := typeNames(n["type"])
	if slices.Contains(types, "array") {
		items, ok := n["items"].(map[string]any)
		if !ok {
			return nil, nil, fmt.Errorf("%s: an array without an items schema", path)
		}
		o, s, err := t.node(items, path+"[]", depth+1, inAnyOf)
		if err != nil {
			return nil, nil, err
		}
		out["items"] = o
		if s != nil {
			shape = &nullShape{items: s}
		}
	} else if _, ok := n["items"]; ok {
		return nil, nil, fmt.Errorf("%s: items on a schema that is not an array", path)
	}
	if slices.Contains(types, "object") {
		o, s, err := t.object(n, path, depth, inAnyOf)
		if err != nil {
			return nil, nil, err
		}
		maps.Copy(out, o)
		if s != nil {
			if shape == nil {
				shape = s
			} else {
				shape.optional, shape.props = s.optional, s.props
			}
		}
	} else if _, ok := n["properties"]; ok {
		return nil, nil, fmt.Errorf("%s: properties on a schema that is not an object", path)
	}
	if len(types) == 0 && n["anyOf"] == nil && n["enum"] == nil && n["const"] == nil {
		return nil, nil, fmt.Errorf("%s: a schema without a type accepts anything", path)
	}
	return out, shape, nil
}

// object transforms the properties of an object schema.
func (t *strictTransform) object(n map[string]any, path string, depth int, inAnyOf bool) (map[string]any, *nullShape, error) {
	props, _ := n["properties"].(map[string]any)
	if ap, ok := n["additionalProperties"]; !ok || ap != false {
		return nil, nil, fmt.Errorf("%s: an object open to other properties", path)
	}
	required := map[string]bool{}
	if r, ok := n["required"]; ok {
		list, ok := r.([]any)
		if !ok {
			return nil, nil, fmt.Errorf("%s: required is not a list of names", path)
		}
		for _, r := range list {
			s, ok := r.(string)
			if !ok {
				return nil, nil, fmt.Errorf("%s: required is not a list of names", path)
			}
			if _, ok := props[s]; !ok {
				// The original refuses every argument (additionalProperties
				// is false); the strict form could not say so.
				return nil, nil, fmt.Errorf("%s: required %q is not a property", path, s)
			}
			required[s] = true
		}
	}
	t.props += len(props)
	if t.props > maxStrictProperties {
		return nil, nil, fmt.Errorf("%s: more than %d properties", path, maxStrictProperties)
	}
	names := slices.Sorted(maps.Keys(props))
	outProps := make(map[string]any, len(props))
	var shape *nullShape
	for _, name := range names {
		pm, ok := props[name].(map[string]any)
		if !ok {
			return nil, nil, fmt.Errorf("%s.%s: not a schema object", path, name)
		}
		p, s, err := t.node(pm, path+"."+name, depth+1, inAnyOf)
		if err != nil {
			return nil, nil, err
		}
		if !required[name] {
			if inAnyOf {
				return nil, nil, fmt.Errorf("%s.%s: an optional property inside anyOf", path, name)
			}
			if acceptsNull(pm) {
				return nil, nil, fmt.Errorf("%s.%s: optional and nullable: its null could not mean absent", path, name)
			}
			p = nullable(p)
			if shape == nil {
				shape = &nullShape{}
			}
			if shape.optional == nil {
				shape.optional = map[string]bool{}
			}
			shape.optional[name] = true
		}
		if s != nil {
			if shape == nil {
				shape = &nullShape{}
			}
			if shape.props == nil {
				shape.props = map[string]*nullShape{}
			}
			shape.props[name] = s
		}
		outProps[name] = p
	}
	req := make([]any, len(names))
	for i, name := range names {
		req[i] = name
	}
	return map[string]any{"properties": outProps, "required": req, "additionalProperties": false}, shape, nil
}

// typeNames returns the types a "type" keyword names.
func typeNames(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, t := range v {
			if s, ok := t.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// acceptsNull reports whether the schema n accepts null as it stands.
func acceptsNull(n map[string]any) bool {
	if slices.Contains(typeNames(n["type"]), "null") {
		return true
	}
	if e, ok := n["enum"].([]any); ok && slices.Contains(e, any(nil)) {
		return true
	}
	if c, ok := n["const"]; ok && c == nil {
		return true
	}
	if list, ok := n["anyOf"].([]any); ok {
		for _, b := range list {
			if bm, ok := b.(map[string]any); ok && acceptsNull(bm) {
				return true
			}
		}
	}
	return false
}

// nullable returns the transformed schema p accepting null too.
func nullable(p map[string]any) map[string]any {
	_, hasEnum := p["enum"]
	_, hasConst := p["const"]
	_, hasAnyOf := p["anyOf"]
	if t, ok := p["type"]; ok && !hasEnum && !hasConst && !hasAnyOf {
		q := maps.Clone(p)
		q["type"] = append(slices.Clone(anyList(t)), "null")
		return q
	}
	// An enum, a const or a union: null as a branch of its own.
	desc, _ := p["description"].(string)
	inner := maps.Clone(p)
	delete(inner, "description")
	out := map[string]any{"anyOf": []any{inner, map[string]any{"type": "null"}}}
	if desc != "" {
		out["description"] = desc
	}
	return out
}

func anyList(t any) []any {
	if s, ok := t.(string); ok {
		return []any{s}
	}
	l, _ := t.([]any)
	return l
}

// restore drops from args (the model's arguments, decoded) the nulls a
// strict schema made it send for optional properties it left out.
func (s *nullShape) restore(v any) {
	if s == nil {
		return
	}
	switch v := v.(type) {
	case map[string]any:
		for name := range s.optional {
			if x, ok := v[name]; ok && x == nil {
				delete(v, name)
			}
		}
		for name, sub := range s.props {
			if x, ok := v[name]; ok {
				sub.restore(x)
			}
		}
	case []any:
		for _, x := range v {
			s.items.restore(x)
		}
	}
}
