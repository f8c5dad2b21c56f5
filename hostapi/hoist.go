package hostapi

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// A local $ref to a place that is not a whole component
// ("#/paths/~1apps/get/responses/200/content/application~1json/schema",
// "#/components/schemas/App/properties/spec", Swagger 2.0's
// "#/definitions/App/properties/spec") is hoisted: its target becomes a
// component of its own, named after it, and the ref points there. So the
// target is read and resolved once, and shared by every ref to it, where
// writing it out in place of each ref (as refs to places the grammar
// below does not know, and refs to anything but a schema, still are)
// copies it once per ref, and again inside each copy.

// hoist returns the component that a local ref's target is written as,
// adding it on the first call; ok is false when the ref is not hoisted.
// It is called while the closures are computed, before anything is
// written in parallel.
func (d *rawDoc) hoist(ref string) (string, bool) {
	if c, done := d.hoisted[ref]; done {
		return c, c != ""
	}
	d.hoisted[ref] = ""
	frag := strings.TrimPrefix(ref, "#")
	if strings.Contains(frag, "%") {
		if u, err := url.PathUnescape(frag); err == nil {
			frag = u
		}
	}
	if !strings.HasPrefix(frag, "/") {
		return "", false
	}
	toks := strings.Split(frag[1:], "/")
	for i, t := range toks {
		toks[i] = unescapeToken(t)
	}
	// Only a schema: a ref to a parameter, response or request body is
	// sometimes written where a schema goes, which the parameter object
	// written out in place of the ref still passes as.
	kind := d.refKind(toks)
	if kind != "schemas" && kind != "definitions" {
		return "", false
	}
	sp, found := d.lookup(ref)
	if !found {
		return "", false
	}
	prefix := "/components/" + kind + "/"
	if d.swagger {
		prefix = "/" + kind + "/"
	}
	c := prefix + hoistName(toks[len(toks)-1], len(d.hoisted))
	for n := 0; ; n++ { // a document's own component of that name stays
		if _, taken := d.comps[c]; !taken {
			break
		}
		c = prefix + hoistName(toks[len(toks)-1], len(d.hoisted)) + "_" + strconv.Itoa(n)
	}
	d.comps[c] = sp
	d.hoisted[ref] = c
	return c, true
}

// hoistName names a hoisted target after the last token of its pointer
// and a number: a component name (letters, digits, . - _).
func hoistName(last string, n int) string {
	b := make([]byte, 0, len(last)+8)
	for i := 0; i < len(last) && i < 64; i++ {
		c := last[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_' {
			b = append(b, c)
		} else {
			b = append(b, '_')
		}
	}
	return string(b) + ".hoisted" + strconv.Itoa(n)
}

// hoistedName matches the name of a hoisted component (hoistName, and
// the _n a document's own component of that name adds).
var hoistedName = regexp.MustCompile(`\.hoisted\d+(_\d+)?$`)

// refState is where a JSON pointer is in the grammar of a document.
type refState uint8

const (
	stUnknown refState = iota
	stRoot
	stComponents
	stPaths     // name → path item
	stPathItem  // parameters, operations
	stOperation // parameters, requestBody, responses
	stParamList // index → parameter
	stParamMap  // name → parameter
	stParameter
	stRequestBodyMap
	stRequestBody
	stResponseMap // code or name → response
	stResponse
	stHeaderMap
	stHeader
	stContent // media type → media type object
	stMediaType
	stSchemaMap  // name → schema
	stSchemaList // index → schema
	stSchema
)

// refKind is the component kind a pointer's target is (schemas,
// parameters, requestBodies, responses or headers; Swagger 2.0's
// definitions, parameters or responses), or "" when the grammar does not
// tell.
func (d *rawDoc) refKind(toks []string) string {
	st := stRoot
	for _, t := range toks {
		st = d.next(st, t)
		if st == stUnknown {
			return ""
		}
	}
	switch st {
	case stSchema:
		if d.swagger {
			return "definitions"
		}
		return "schemas"
	case stParameter:
		return "parameters"
	case stResponse:
		return "responses"
	case stRequestBody:
		if !d.swagger {
			return "requestBodies"
		}
	case stHeader:
		if !d.swagger {
			return "headers"
		}
	}
	return ""
}

// next is the state after token t.
func (d *rawDoc) next(st refState, t string) refState {
	switch st {
	case stRoot:
		switch {
		case t == "paths" || t == "webhooks" && !d.swagger:
			return stPaths
		case t == "components" && !d.swagger:
			return stComponents
		case t == "definitions" && d.swagger:
			return stSchemaMap
		case t == "parameters" && d.swagger:
			return stParamMap
		case t == "responses" && d.swagger:
			return stResponseMap
		}
	case stComponents:
		switch t {
		case "schemas":
			return stSchemaMap
		case "parameters":
			return stParamMap
		case "requestBodies":
			return stRequestBodyMap
		case "responses":
			return stResponseMap
		case "headers":
			return stHeaderMap
		}
	case stPaths:
		return stPathItem
	case stPathItem:
		if t == "parameters" {
			return stParamList
		}
		if httpMethods[t] {
			return stOperation
		}
	case stOperation:
		switch t {
		case "parameters":
			return stParamList
		case "requestBody":
			if !d.swagger {
				return stRequestBody
			}
		case "responses":
			return stResponseMap
		}
	case stParamList:
		if _, err := strconv.Atoi(t); err == nil {
			return stParameter
		}
	case stParamMap:
		return stParameter
	case stRequestBodyMap:
		return stRequestBody
	case stResponseMap:
		return stResponse
	case stHeaderMap:
		return stHeader
	case stParameter, stHeader:
		switch t {
		case "schema":
			return stSchema
		case "content":
			if !d.swagger {
				return stContent
			}
		}
	case stRequestBody:
		if t == "content" {
			return stContent
		}
	case stResponse:
		switch {
		case t == "schema" && d.swagger:
			return stSchema
		case t == "content" && !d.swagger:
			return stContent
		case t == "headers" && !d.swagger:
			return stHeaderMap
		}
	case stContent:
		return stMediaType
	case stMediaType:
		if t == "schema" {
			return stSchema
		}
	case stSchemaMap:
		return stSchema
	case stSchemaList:
		if _, err := strconv.Atoi(t); err == nil {
			return stSchema
		}
	case stSchema:
		switch t {
		case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas":
			return stSchemaMap
		case "allOf", "anyOf", "oneOf", "prefixItems":
			return stSchemaList
		case "items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
			"unevaluatedProperties", "unevaluatedItems", "contentSchema", "additionalItems":
			return stSchema
		}
	}
	return stUnknown
}
