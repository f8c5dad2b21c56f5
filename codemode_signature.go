package toolkit

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// maxSignatureBytes bounds a capability's signature for scripts: past it
// the deepest types are written as their kind.
const maxSignatureBytes = 2048

// scriptSignature is how a script calls the capability name whose
// parameters have the JSON Schema schema, TypeScript-like:
// call("get_order", {order_id: string, expand?: boolean}).
func scriptSignature(name string, schema json.RawMessage) string {
	var s map[string]any
	dec := json.NewDecoder(bytes.NewReader(schema))
	dec.UseNumber()
	if dec.Decode(&s) != nil {
		s = nil
	}
	for depth := 3; ; depth-- {
		sig := "call(" + strconv.Quote(name) + ", " + tsType(s, depth) + ")"
		if len(sig) <= maxSignatureBytes || depth == 0 {
			return sig
		}
	}
}

// tsType writes a JSON Schema as a TypeScript type, objects down to
// depth levels.
func tsType(s map[string]any, depth int) string {
	if s == nil {
		return "any"
	}
	if enum, ok := s["enum"].([]any); ok && len(enum) > 0 {
		parts := make([]string, 0, len(enum))
		for _, v := range enum {
			b, err := json.Marshal(v)
			if err != nil {
				return "any"
			}
			parts = append(parts, string(b))
		}
		return strings.Join(parts, " | ")
	}
	if c, ok := s["const"]; ok {
		if b, err := json.Marshal(c); err == nil {
			return string(b)
		}
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if alts, ok := s[k].([]any); ok && len(alts) > 0 {
			parts := make([]string, 0, len(alts))
			for _, a := range alts {
				m, _ := a.(map[string]any)
				parts = append(parts, tsType(m, depth))
			}
			return strings.Join(slices.Compact(parts), " | ")
		}
	}
	switch t := s["type"].(type) {
	case []any:
		parts := make([]string, 0, len(t))
		for _, x := range t {
			if name, ok := x.(string); ok {
				c := map[string]any{"type": name, "properties": s["properties"], "required": s["required"], "items": s["items"]}
				parts = append(parts, tsType(c, depth))
			}
		}
		if len(parts) > 0 {
			return strings.Join(parts, " | ")
		}
	case string:
		switch t {
		case "string", "boolean", "null":
			return t
		case "number", "integer":
			return "number"
		case "array":
			item, _ := s["items"].(map[string]any)
			it := tsType(item, depth)
			if strings.ContainsAny(it, " |") {
				it = "(" + it + ")"
			}
			return it + "[]"
		case "object":
			return tsObject(s, depth)
		}
	}
	if _, ok := s["properties"]; ok {
		return tsObject(s, depth)
	}
	return "any"
}

func tsObject(s map[string]any, depth int) string {
	props, _ := s["properties"].(map[string]any)
	if len(props) == 0 || depth <= 0 {
		return "object"
	}
	required := map[string]bool{}
	if req, ok := s["required"].([]any); ok {
		for _, r := range req {
			if name, ok := r.(string); ok {
				required[name] = true
			}
		}
	}
	var b strings.Builder
	b.WriteString("{")
	for i, k := range sortedKeys(props) {
		if i > 0 {
			b.WriteString(", ")
		}
		if isIdentifier(k) {
			b.WriteString(k)
		} else {
			b.WriteString(strconv.Quote(k))
		}
		if !required[k] {
			b.WriteString("?")
		}
		b.WriteString(": ")
		p, _ := props[k].(map[string]any)
		b.WriteString(tsType(p, depth-1))
	}
	b.WriteString("}")
	return b.String()
}

// isIdentifier reports a JavaScript identifier of ASCII letters, digits,
// _ and $.
func isIdentifier(s string) bool {
	for i, c := range []byte(s) {
		switch {
		case c == '_' || c == '$' || c|0x20 >= 'a' && c|0x20 <= 'z':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return s != ""
}
