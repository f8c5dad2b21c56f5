package hostapi

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// styleForm is the query's default style, as FuzzStyledValues writes it.
const styleForm = "form"

// locations are the four places a parameter can be.
var locations = []In{InPath, InQuery, InHeader, InCookie}

// writeStyled writes v (JSON) for a parameter color in in, as
// specStyleExamples' cells read: the path's text, the query, the
// header's value, the Cookie header; a nil explode is the style's
// default. Path and header names are the ones TestStyleTable gives.
func writeStyled(t *testing.T, in In, style string, explode *bool, value string) (string, string) {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(value), &v); err != nil {
		t.Fatal(err)
	}
	p := Param{Name: "color", In: in, Style: style, Explode: explode}
	switch in {
	case InPath:
		return styledPath(p, v)
	case InHeader:
		p.Name = "Color"
		return headerValue(p, v)
	case InCookie:
		pairs, problem := cookiePairs(p, v)
		return strings.Join(pairs, "; "), problem
	}
	st, x := styleOf(InQuery, style, explode)
	var q rawQuery
	problem := q.add(p.Name, v, st.name, x, false)
	return q.Encode(), problem
}

// TestStyleDescriptors walks the styles table: every entry is whole and
// applies where it says (and only there, for the checks of an Endpoint and
// of a loaded document alike), every location has one default style, and
// every entry's writers give the specification's examples in every
// location it applies in, with its default explode too, and in a form
// body for a form style. A new entry fails here until its rows are in
// specStyleExamples and Param.Style's doc names it.
func TestStyleDescriptors(t *testing.T) {
	examples := specStyleExamples()
	seen := map[string]bool{}
	for _, st := range styles {
		switch {
		case st.name == "" || seen[st.name]:
			t.Errorf("style %q: no name, or twice in the table", st.name)
		case len(st.in) == 0 || st.write == nil:
			t.Errorf("style %q: applies nowhere, or writes nothing", st.name)
		case st.form && !slices.Contains(st.in, InQuery):
			t.Errorf("style %q: a form style writes a body property as a query parameter, so it must apply in a query", st.name)
		case st.nests && !slices.Equal(st.in, []In{InQuery}):
			t.Errorf("style %q: a style that nests applies only in a query (the path's checks read texts)", st.name)
		case st.form != slices.Contains(st.in, InQuery):
			t.Errorf("style %q: form %v, but an encoding takes the styles of a query parameter (OpenAPI's Encoding Object)", st.name, st.form)
		case st.explode != (st.name == "form" || st.name == "cookie"):
			t.Errorf("style %q: explode defaults to %v, but OpenAPI's default is true for form and cookie, false for the others", st.name, st.explode)
		}
		seen[st.name] = true
		for _, in := range st.defaultIn {
			if !slices.Contains(st.in, in) {
				t.Errorf("style %q: the default in %s but does not apply there", st.name, in)
			}
		}
		for _, in := range st.in {
			if !slices.ContainsFunc(examples, func(r styleExamples) bool { return r.style == st.name && r.in == in }) {
				t.Errorf("style %q in %s: no row in specStyleExamples", st.name, in)
			}
		}
	}

	// Every location has one default, which styleOf and validStyle give;
	// the query's is a form style, a form body's default.
	for _, in := range locations {
		var defaults []string
		for _, st := range styles {
			if slices.Contains(st.defaultIn, in) {
				defaults = append(defaults, st.name)
			}
		}
		if len(defaults) != 1 {
			t.Errorf("%s: default styles %q, want one", in, defaults)
			continue
		}
		if st, _ := styleOf(in, "", nil); st == nil || st.name != defaults[0] || !validStyle(in, "") {
			t.Errorf("%s: styleOf gives %v for the default, want %s", in, st, defaults[0])
		}
		if in == InQuery && (!formStyle("") || !styleNamed(InQuery, "").form) {
			t.Errorf("the query's default style %s is not a form style", defaults[0])
		}
	}

	// The specification's examples, written by each entry's writer; with
	// the style's default explode, and its own name or "" if it is the
	// location's default.
	for _, r := range examples {
		st := styleNamed(r.in, r.style)
		if st == nil {
			t.Errorf("row %s in %s: no such style there", r.style, r.in)
			continue
		}
		names := []string{r.style}
		if slices.Contains(st.defaultIn, r.in) {
			names = append(names, "")
		}
		for _, c := range r.cells {
			for _, name := range names {
				explode := r.explode
				explodes := []*bool{&explode}
				if r.explode == st.explode {
					explodes = append(explodes, nil)
				}
				for _, x := range explodes {
					got, problem := writeStyled(t, r.in, name, x, c.value)
					if got != c.want || problem != "" {
						t.Errorf("%s (style %q, explode %v) in %s, %s: got %q (%s), want %q", r.style, name, r.explode, r.in, c.value, got, problem, c.want)
					}
				}
			}
			if r.in != InQuery || !st.form {
				continue
			}
			// A form style writes a form body's property as the query.
			var v any
			_ = json.Unmarshal([]byte(c.value), &v)
			explode := r.explode
			e := &endpoint{Endpoint: Endpoint{Body: &Body{ContentType: formType, Encoding: map[string]Encoding{"color": {Style: r.style, Explode: &explode}}}}}
			body, problem := encodeBody(e, map[string]any{"color": v})
			if string(body) != c.want || problem != "" {
				t.Errorf("%s (explode %v) in a form body, %s: got %q (%s), want %q", r.style, r.explode, c.value, body, problem, c.want)
			}
		}
	}

	// The table is what an Endpoint's and a document's checks read: a
	// style applies where its entry says, and nowhere else.
	names := []string{"", "Form", "x-custom"}
	for _, st := range styles {
		names = append(names, st.name)
	}
	for _, name := range names {
		st := slices.IndexFunc(styles, func(st style) bool { return st.name == name })
		for _, in := range locations {
			applies := name == "" || st >= 0 && slices.Contains(styles[st].in, in)
			path := "/c"
			if in == InPath {
				path = "/c/{color}"
			}
			err := NewCatalog().Add(Endpoint{ID: "e", Method: "GET", Path: path, Params: []Param{{Name: "color", In: in, Type: toolkit.TypeArray, Style: name}}})
			if applies != (err == nil) || !applies && !strings.Contains(err.Error(), `style "`+name+`" does not apply to a `+string(in)+" parameter") {
				t.Errorf("style %q in %s: applies %v, Add says %v", name, in, applies, err)
			}
			doc := `{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {"` + path + `": {"get": {"operationId": "e",
				"parameters": [{"name": "color", "in": "` + string(in) + `", "required": true, "style": "` + name + `", "schema": {"type": "array", "items": {"type": "string"}}}],
				"responses": {"200": {"description": "ok"}}}}}}`
			c, ds := ParseOpenAPI("", []byte(doc), nil)
			if err := refused(ds); err != nil {
				t.Fatalf("style %q in %s: %v", name, in, err)
			}
			if e, ok := c.Endpoint("e"); !ok || len(e.Params) != 1 || (e.Params[0].Style != "") != (applies && name != "") {
				t.Errorf("style %q in %s: loaded as %+v, applies %v", name, in, e.Params, applies)
			}
		}
		form := name == "" || st >= 0 && styles[st].form
		err := NewCatalog().Add(Endpoint{ID: "e", Method: "POST", Path: "/c", Body: &Body{ContentType: formType, Encoding: map[string]Encoding{"color": {Style: name}}}})
		if form != (err == nil) || !form && !strings.Contains(err.Error(), `encoding style "`+name+`" is not a form style`) {
			t.Errorf("body encoding style %q: form %v, Add says %v", name, form, err)
		}
	}

	// Param.Style's doc tells a host every style.
	f, err := parser.ParseFile(token.NewFileSet(), "catalog.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var doc string
	ast.Inspect(f, func(n ast.Node) bool {
		if ts, ok := n.(*ast.TypeSpec); ok && ts.Name.Name == "Param" {
			for _, field := range ts.Type.(*ast.StructType).Fields.List {
				if len(field.Names) == 1 && field.Names[0].Name == "Style" {
					doc = field.Doc.Text()
				}
			}
		}
		return true
	})
	for _, st := range styles {
		if !regexp.MustCompile(`\b` + st.name + `\b`).MatchString(doc) {
			t.Errorf("Param.Style's doc does not name the %s style:\n%s", st.name, doc)
		}
	}
}
