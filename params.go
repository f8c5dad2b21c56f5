package toolkit

import (
	"github.com/toolkit-sdk/toolkit/internal/callargs"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"

	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// ParamType is the type of a capability parameter.
type ParamType string

// Parameter types: the scalar types of the YAML format, and the JSON
// Schema container types.
const (
	TypeString  ParamType = "string"
	TypeNumber  ParamType = "number"
	TypeInteger ParamType = "integer"
	TypeBoolean ParamType = "boolean"
	TypeArray   ParamType = "array"
	TypeObject  ParamType = "object"
)

// valid reports a scalar type: the types of the YAML format.
func (t ParamType) valid() bool {
	switch t {
	case TypeString, TypeNumber, TypeInteger, TypeBoolean:
		return true
	}
	return false
}

// validGo reports a type a Go capability's Param may have.
func (t ParamType) validGo() bool { return t.valid() || t == TypeArray || t == TypeObject }

// Param describes one argument of a capability. YAML capabilities have
// scalar parameters; a Go capability's may also be TypeArray or TypeObject
// (of any items or members; use Capability.Schema or AddFunc to say more).
type Param struct {
	Name        string
	Type        ParamType
	Required    bool
	Description string
	// Default fills the argument when the model omits it; nil means none.
	Default any
	// Validate, when set, must match the argument (a string parameter's).
	Validate *regexp.Regexp
}

// paramsSchema returns the JSON Schema of params as the model sees it and
// as arguments are validated against, properties in declaration order.
func paramsSchema(params []Param) any {
	props := make(jsonstr.Object, 0, len(params))
	required := []string{}
	for _, p := range params {
		s := jsonstr.Object{{Key: "type", Value: string(p.Type)}, {Key: "description", Value: p.Description}}
		if p.Default != nil {
			s = append(s, jsonstr.Member{Key: "default", Value: p.Default})
		}
		if p.Validate != nil {
			s = append(s, jsonstr.Member{Key: "pattern", Value: p.Validate.String()})
		}
		props = append(props, jsonstr.Member{Key: p.Name, Value: s})
		if p.Required {
			required = append(required, p.Name)
		}
	}
	return jsonstr.Object{
		{Key: "type", Value: "object"},
		{Key: "properties", Value: props},
		{Key: "required", Value: required},
		{Key: "additionalProperties", Value: false},
	}
}

// jsonErrorText is callargs.ErrorText (func.go quotes it).
func jsonErrorText(err error) string { return callargs.ErrorText(err) }

// convertArg converts v to p's type, accepting lossless string forms.
func convertArg(p Param, v any) (any, error) {
	bad := func(why string) error {
		return fmt.Errorf("parameter %q must be %s: %s", p.Name, article(p.Type), why)
	}
	var out any
	switch p.Type {
	case TypeString:
		switch x := v.(type) {
		case string:
			out = v // already a string: no new interface value
		case json.Number:
			out = x.String()
		case bool:
			out = strconv.FormatBool(x)
		default:
			return nil, bad("got " + jsonKind(v))
		}
	case TypeNumber, TypeInteger:
		var text string
		switch x := v.(type) {
		case json.Number:
			text = x.String()
		case string:
			text = strings.TrimSpace(x)
			if !jsonstr.IsNumber(text) {
				return nil, bad(fmt.Sprintf("%q is not a number", x))
			}
		default:
			return nil, bad("got " + jsonKind(v))
		}
		if p.Type == TypeInteger {
			i, err := jsonstr.IntegerText(text)
			if err != nil {
				return nil, bad(text + " " + err.Error())
			}
			text = i
		}
		out = json.Number(text)
	case TypeBoolean:
		switch x := v.(type) {
		case bool:
			out = x
		case string:
			b, err := strconv.ParseBool(strings.TrimSpace(x))
			if err != nil || (x != "true" && x != "false") {
				return nil, bad(fmt.Sprintf("%q is not true or false", x))
			}
			out = b
		default:
			return nil, bad("got " + jsonKind(v))
		}
	default:
		out = v
	}
	if p.Validate != nil {
		if text := argText(out); !p.Validate.MatchString(text) {
			return nil, fmt.Errorf("parameter %q does not match the pattern /%s/", p.Name, p.Validate)
		}
	}
	return out, nil
}

// ScalarText returns the text of a string, json.Number or bool argument
// as templates insert it ("abc", "12.50", "true"); ok is false for other
// values.
func ScalarText(v any) (text string, ok bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case json.Number:
		return x.String(), true
	case bool:
		return strconv.FormatBool(x), true
	}
	return "", false
}

// argText is the text form of a normalized argument, as templates insert
// it: scalars as ScalarText, nil as "", arrays and objects as compact JSON.
func argText(v any) string {
	if s, ok := ScalarText(v); ok || v == nil {
		return s
	}
	b, _ := jsonstr.Marshal(v)
	return string(b)
}

func jsonKind(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case json.Number, float64:
		return "a number"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "null"
}

func article(t ParamType) string {
	if t == TypeInteger {
		return "an integer"
	}
	return "a " + string(t)
}
