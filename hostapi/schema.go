package hostapi

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// maxBodyErrors bounds the problems reported for one body.
const maxBodyErrors = 5

func checkSchema(s map[string]any, v any, at string, errs *[]string) {
	if len(*errs) >= maxBodyErrors || len(s) == 0 {
		return
	}
	add := func(format string, args ...any) {
		if len(*errs) < maxBodyErrors {
			*errs = append(*errs, at+" "+fmt.Sprintf(format, args...))
		}
	}
	if types := schemaTypes(s); len(types) > 0 && !slices.ContainsFunc(types, func(t string) bool { return hasType(v, t) }) {
		add("must be %s, got %s", strings.Join(articles(types), " or "), kind(v))
		return
	}
	if enum, ok := s["enum"].([]any); ok && !slices.ContainsFunc(enum, func(e any) bool { return sameJSON(e, v) }) {
		add("must be one of %s", compactList(enum))
		return
	}
	if c, ok := s["const"]; ok && !sameJSON(c, v) {
		add("must be %s", compactJSON(c))
		return
	}
	for _, sub := range schemaList(s["allOf"]) {
		checkSchema(sub, v, at, errs)
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		alts := schemaList(s[k])
		if len(alts) > 0 && !slices.ContainsFunc(alts, func(alt map[string]any) bool { return len(validateAt(alt, v, at)) == 0 }) {
			add("matches none of the %s alternatives", k)
		}
	}
	switch x := v.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		req, _ := s["required"].([]any)
		for _, r := range req {
			name, _ := r.(string)
			if _, ok := x[name]; !ok {
				desc := ""
				if p, ok := props[name].(map[string]any); ok {
					desc = describe(p)
				}
				add("is missing the required property %q%s", name, desc)
			}
		}
		for _, name := range slices.Sorted(maps.Keys(x)) {
			if p, ok := props[name].(map[string]any); ok {
				checkSchema(p, x[name], at+"."+name, errs)
				continue
			}
			switch ap := s["additionalProperties"].(type) {
			case bool:
				if !ap {
					add("has an unknown property %q; known properties: %s", name, strings.Join(slices.Sorted(maps.Keys(props)), ", "))
				}
			case map[string]any:
				checkSchema(ap, x[name], at+"."+name, errs)
			}
		}
	case []any:
		if items, ok := s["items"].(map[string]any); ok {
			for i, e := range x {
				checkSchema(items, e, fmt.Sprintf("%s[%d]", at, i), errs)
			}
		}
	}
}

// validateAt checks v, found at at ("body", "body.items[0]"), against the
// parts of a JSON Schema a model most often gets wrong: type, required,
// enum/const, properties (and additionalProperties: false), items,
// allOf/anyOf/oneOf. Formats, ranges and patterns are left to the API.
func validateAt(s map[string]any, v any, at string) []string {
	var errs []string
	checkSchema(s, v, at, &errs)
	return errs
}

func describe(p map[string]any) string {
	var parts []string
	if t := schemaTypes(p); len(t) > 0 {
		parts = append(parts, strings.Join(t, "|"))
	}
	if d, ok := p["description"].(string); ok && d != "" {
		parts = append(parts, firstLine(d))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ": ") + ")"
}

func schemaTypes(s map[string]any) []string {
	switch t := s["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, x := range t {
			if str, ok := x.(string); ok {
				out = append(out, str)
			}
		}
		return out
	}
	return nil
}

func schemaList(v any) []map[string]any {
	list, _ := v.([]any)
	var out []map[string]any
	for _, x := range list {
		if m, ok := x.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func hasType(v any, t string) bool {
	switch t {
	case "null":
		return v == nil
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "number":
		_, ok := v.(json.Number)
		return ok
	case "integer":
		n, ok := v.(json.Number)
		if !ok {
			return false
		}
		_, err := jsonstr.IntegerText(n.String())
		return err == nil
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	}
	return true
}

func kind(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case json.Number:
		if _, err := jsonstr.IntegerText(x.String()); err == nil {
			return "an integer"
		}
		return "a number"
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	}
	return fmt.Sprintf("%T", v)
}

func articles(types []string) []string {
	out := make([]string, len(types))
	for i, t := range types {
		switch t {
		case "null":
			out[i] = "null"
		case "integer", "object", "array":
			out[i] = "an " + t
		default:
			out[i] = "a " + t
		}
	}
	return out
}

// sameJSON compares two JSON values by their compact encoding; numbers
// compare by value.
func sameJSON(a, b any) bool {
	if na, ok := numberOf(a); ok {
		nb, ok := numberOf(b)
		return ok && na == nb
	}
	return compactJSON(a) == compactJSON(b)
}

func numberOf(v any) (float64, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	case float64:
		return x, true
	case int:
		return float64(x), true
	}
	return 0, false
}

func compactJSON(v any) string {
	b, err := jsonstr.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func compactList(vs []any) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = compactJSON(v)
	}
	return strings.Join(parts, ", ")
}

// Keys of a schema whose values are maps of names to schemas, and keys
// whose values are schemas or lists of schemas.
var (
	schemaMapKeys  = []string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}
	schemaKeys     = []string{"items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedProperties", "unevaluatedItems", "contentSchema"}
	schemaListKeys = []string{"allOf", "anyOf", "oneOf", "prefixItems"}
)

// docSchema returns a schema for the model: ordered keys, and without
// examples and x- extensions unless verbose.
func docSchema(v any, verbose bool) any {
	s, ok := v.(map[string]any)
	if !ok {
		return v
	}
	out := make(schemaObject, len(s))
	for k, x := range s {
		switch {
		case !verbose && (k == "example" || k == "examples" || strings.HasPrefix(k, "x-")):
			continue
		case slices.Contains(schemaMapKeys, k):
			if m, ok := x.(map[string]any); ok {
				mm := make(map[string]any, len(m))
				for name, sub := range m {
					mm[name] = docSchema(sub, verbose)
				}
				x = mm
			}
		case slices.Contains(schemaKeys, k):
			x = docSchema(x, verbose)
		case slices.Contains(schemaListKeys, k):
			if list, ok := x.([]any); ok {
				l := make([]any, len(list))
				for i, sub := range list {
					l[i] = docSchema(sub, verbose)
				}
				x = l
			}
		}
		out[k] = x
	}
	return out
}

// schemaKeyOrder puts the keys a reader wants first.
var schemaKeyOrder = []string{"type", "format", "description", "enum", "const", "default", "required", "properties", "items"}

// schemaObject is a schema that encodes its keys in schemaKeyOrder, then
// alphabetically.
type schemaObject map[string]any

// MarshalJSON implements json.Marshaler.
func (s schemaObject) MarshalJSON() ([]byte, error) {
	keys := slices.Collect(maps.Keys(s))
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
