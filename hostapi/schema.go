package hostapi

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/argcheck"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// checker returns the endpoint's arguments schema, compiled on the first
// call: a catalog of thousands of endpoints does not compile thousands of
// schemas up front.
func (e *endpoint) checker() (*argcheck.Schema, error) {
	e.compile.Do(func() {
		e.check, e.checkErr = argcheck.Compile(e.argsSchema(true))
		if e.checkErr != nil && (e.Body != nil || slices.ContainsFunc(e.Params, func(p Param) bool { return p.Schema != nil })) {
			// A body or object parameter schema the validator cannot
			// compile (a catalog's own dialect): what it describes goes
			// unchecked, the API checks it.
			e.check, e.checkErr = argcheck.Compile(e.argsSchema(false))
		}
	})
	return e.check, e.checkErr
}

// argsSchema is one JSON Schema of a call's arguments as the endpoint
// documents them: path_params, query, headers and cookies, each an object of its
// parameters that takes no other names, and the body. Members keep the
// documented order, so messages list accepted names in that order.
func (e *endpoint) argsSchema(withSchemas bool) jsonstr.Object {
	props := jsonstr.Object{
		{Key: "path_params", Value: e.paramsSchema(InPath, withSchemas)},
		{Key: "query", Value: e.paramsSchema(InQuery, withSchemas)},
		{Key: "headers", Value: e.paramsSchema(InHeader, withSchemas)},
		{Key: "cookies", Value: e.paramsSchema(InCookie, withSchemas)},
		{Key: "body", Value: e.bodySchema(withSchemas)},
	}
	s := jsonstr.Object{{Key: "type", Value: "object"}, {Key: "properties", Value: props}}
	if e.Body != nil && e.Body.Required {
		s = append(s, jsonstr.Member{Key: "required", Value: []any{"body"}})
	}
	return s
}

// paramsSchema is the schema of in's parameters; withSchemas, an object
// parameter's members, and an array parameter's items when it has a
// Schema (an array of objects or arrays), are checked against its Schema.
func (e *endpoint) paramsSchema(in In, withSchemas bool) jsonstr.Object {
	props := jsonstr.Object{}
	var required []any
	for _, p := range e.Params {
		if p.In != in {
			continue
		}
		t := p.Type
		// wholeArray: the array's Schema says what its items are.
		wholeArray := t == toolkit.TypeArray && p.Schema != nil && withSchemas
		if t == toolkit.TypeArray && !wholeArray {
			t = p.Items
		}
		s := jsonstr.Object{{Key: "type", Value: string(t)}}
		if (t == toolkit.TypeObject || wholeArray) && p.Schema != nil && withSchemas {
			if _, typed := p.Schema["type"]; !typed && !wholeArray {
				s = s[:0] // its anyOf or oneOf says (Stripe's created: an object or an integer)
			}
			base := "#/properties/" + argName(in) + "/properties/" + escapeToken(p.Name)
			if v, ok := validationSchema(p.Schema, p.Schema, base).(map[string]any); ok {
				for _, k := range slices.Sorted(maps.Keys(v)) {
					if k != "type" && k != "description" {
						s = append(s, jsonstr.Member{Key: k, Value: v[k]})
					}
				}
			}
		}
		if len(p.Enum) > 0 && !wholeArray {
			enum := make([]any, len(p.Enum))
			for i, v := range p.Enum {
				enum[i] = enumValue(t, v)
			}
			s = append(s, jsonstr.Member{Key: "enum", Value: enum})
		}
		if p.Type == toolkit.TypeArray && !wholeArray {
			s = jsonstr.Object{{Key: "type", Value: "array"}, {Key: "items", Value: s}}
		}
		if p.Description != "" {
			s = append(s, jsonstr.Member{Key: "description", Value: p.Description})
		}
		props = append(props, jsonstr.Member{Key: p.Name, Value: s})
		if p.Required {
			required = append(required, p.Name)
		}
	}
	s := jsonstr.Object{{Key: "type", Value: "object"}, {Key: "properties", Value: props}}
	if len(required) > 0 {
		s = append(s, jsonstr.Member{Key: "required", Value: required})
	}
	return append(s, jsonstr.Member{Key: "additionalProperties", Value: false})
}

// enumValue is an enum value in the parameter's type, so that a value
// matches its documented text form ("1" for an integer 1, 1 for a string
// "1").
func enumValue(t toolkit.ParamType, v any) any {
	s, ok := toolkit.ScalarText(v)
	if !ok {
		return v
	}
	switch t {
	case toolkit.TypeString:
		return s
	case toolkit.TypeInteger, toolkit.TypeNumber:
		if jsonstr.IsNumber(s) {
			return json.Number(s)
		}
	case toolkit.TypeBoolean:
		if s == "true" || s == "false" {
			return s == "true"
		}
	}
	return v
}

// bodySchema is the body's schema for validation: false without a body,
// a string for a content type that is neither JSON nor a form, an object
// for a form. Without withBody, any body.
func (e *endpoint) bodySchema(withBody bool) any {
	b := e.Body
	if b == nil {
		return false
	}
	var s map[string]any
	switch {
	case !withBody:
		s = map[string]any{}
	case e.jsonBody || b.ContentType == formType || e.upload != nil:
		s, _ = validationSchema(b.Schema, b.Schema, "#/properties/body").(map[string]any)
		if s == nil {
			s = map[string]any{}
		}
		if _, ok := s["type"]; !ok && (b.ContentType == formType || e.upload != nil && e.upload.multipart) {
			s["type"] = "object"
		}
	default:
		s = map[string]any{"type": "string"}
	}
	if b.Description != "" {
		s["description"] = b.Description
	}
	return s
}

// validationSchema copies a body (or object parameter) schema, which is
// at base in the arguments' schema, for the validator: a $ref to a
// place inside it points there, one to anything else (the
// catalog resolved the document's references; what is left marks a
// recursive schema) is dropped; defaults are dropped (the API applies
// them; they must not be added to the body sent), and so are what only
// documents (examples, x- extensions) and patterns Go cannot compile.
func validationSchema(v, root any, base string) any {
	s, ok := v.(map[string]any)
	if !ok {
		return v
	}
	out := make(map[string]any, len(s))
	for k, x := range s {
		switch {
		case k == "$ref":
			ref, _ := x.(string)
			if ref == "#" || strings.HasPrefix(ref, "#/") && pointerResolves(root, ref[2:]) {
				out[k] = base + ref[1:]
			}
			continue
		case k == "default" || k == "example" || k == "examples" || k == "$id" || k == "$schema" || strings.HasPrefix(k, "x-"):
			continue
		case k == "pattern":
			if p, ok := x.(string); !ok || !compiles(p) {
				continue
			}
		}
		out[k] = subschemas(k, x, func(sub any) any { return validationSchema(sub, root, base) })
	}
	return out
}

// pointerResolves reports whether a JSON pointer (without its leading
// "/") names a value inside v.
func pointerResolves(v any, pointer string) bool {
	if pointer == "" {
		return true
	}
	for tok := range strings.SplitSeq(pointer, "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		if u, err := url.PathUnescape(tok); err == nil {
			tok = u
		}
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[tok]; !ok {
				return false
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return false
			}
			v = x[i]
		default:
			return false
		}
	}
	return true
}

func compactJSON(v any) string {
	b, err := jsonstr.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// Keys of a schema whose values are maps of names to schemas, and keys
// whose values are schemas or lists of schemas.
var (
	schemaMapKeys  = []string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}
	schemaKeys     = []string{"items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedProperties", "unevaluatedItems", "contentSchema"}
	schemaListKeys = []string{"allOf", "anyOf", "oneOf", "prefixItems"}
)

// subschemas applies f to the schemas that x, the value of keyword k,
// holds: x itself, or each value of a map or element of a list of them.
// Under any other keyword x is returned as it is.
func subschemas(k string, x any, f func(any) any) any {
	switch {
	case slices.Contains(schemaMapKeys, k):
		if m, ok := x.(map[string]any); ok {
			mm := make(map[string]any, len(m))
			for name, sub := range m {
				mm[name] = f(sub)
			}
			return mm
		}
	case slices.Contains(schemaKeys, k):
		return f(x)
	case slices.Contains(schemaListKeys, k):
		if list, ok := x.([]any); ok {
			l := make([]any, len(list))
			for i, sub := range list {
				l[i] = f(sub)
			}
			return l
		}
	}
	return x
}

// schemaKeyOrder puts the keys a reader wants first.
var schemaKeyOrder = []string{"type", "format", "description", "enum", "const", "default", "required", "properties", "items"}

// sortSchemaKeys sorts a schema's keys in schemaKeyOrder, then
// alphabetically, and returns them.
func sortSchemaKeys(keys []string) []string {
	rank := func(k string) int {
		if i := slices.Index(schemaKeyOrder, k); i >= 0 {
			return i
		}
		return len(schemaKeyOrder)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		return strings.Compare(a, b)
	})
	return keys
}

// schemaObject is a schema that encodes its keys in schemaKeyOrder, then
// alphabetically.
type schemaObject map[string]any

// MarshalJSON implements json.Marshaler.
func (s schemaObject) MarshalJSON() ([]byte, error) {
	keys := sortSchemaKeys(slices.Collect(maps.Keys(s)))
	o := make(jsonstr.Object, len(keys))
	for i, k := range keys {
		o[i] = jsonstr.Member{Key: k, Value: s[k]}
	}
	return o.MarshalJSON()
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > 120 {
		s = string(r[:119]) + "…"
	}
	return s
}

func compiles(pattern string) bool {
	_, err := regexp.Compile(pattern)
	return err == nil
}
