package toolkit

import (
	"regexp"

	"github.com/toolkit-sdk/toolkit/internal/callargs"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
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
	// Format says how a string parameter carries a file a step uploads
	// (upload.go): FormatBase64 or FormatBlob; "" for text.
	Format string
}

// paramsSchema returns the JSON Schema of params as the model sees it and
// as arguments are validated against, properties in declaration order.
func paramsSchema(params []Param) any {
	props := make(jsonstr.Object, 0, len(params))
	required := []string{}
	for _, p := range params {
		desc := p.Description
		if note := formatNote(p.Format); note != "" {
			desc = joinNote(desc, note)
		}
		s := jsonstr.Object{{Key: "type", Value: string(p.Type)}, {Key: "description", Value: desc}}
		if p.Format == FormatBase64 {
			s = append(s, jsonstr.Member{Key: "contentEncoding", Value: "base64"})
		}
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

// convertArg converts v to p's type, accepting lossless string forms
// (callargs.Convert).
func convertArg(p Param, v any) (any, error) {
	return callargs.Convert(p.Name, string(p.Type), p.Validate, v)
}

// ScalarText returns the text of a string, json.Number or bool argument
// as templates insert it ("abc", "12.50", "true"); ok is false for other
// values.
func ScalarText(v any) (text string, ok bool) { return callargs.ScalarText(v) }

// argText is the text form of a normalized argument, as templates insert
// it: scalars as ScalarText, nil as "", arrays and objects as compact JSON.
func argText(v any) string { return callargs.Text(v) }
