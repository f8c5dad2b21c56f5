package extract

import (
	"errors"
	"testing"
)

// TestProjection: {a,b} keeps only those fields of an object, of each
// element after [].
func TestProjection(t *testing.T) {
	issues := `{"items": [
		{"number": 7, "title": "Crash", "body": "long text", "user": {"login": "ann"}},
		{"title": "No number", "number": 8, "labels": []},
		"not an object",
		{"body": "neither field"},
		{"number": 9, "number": 10, "title": null}
	], "meta": {"total": 3, "next": "x", "rate": 1.50}}`
	tests := []struct {
		expr, body string
		want       Value
		err        error
	}{
		{"items[].{number,title}", issues, Value{`[{"number":7,"title":"Crash"},{"number":8,"title":"No number"},{"number":10,"title":null}]`, Array}, nil},
		{"items[].{title, user}", issues, Value{`[{"title":"Crash","user":{"login":"ann"}},{"title":"No number"},{"title":null}]`, Array}, nil},
		{"meta.{rate,total}", issues, Value{`{"rate":1.50,"total":3}`, Object}, nil},
		{"{meta}", issues, Value{`{"meta":{"total":3,"next":"x","rate":1.50}}`, Object}, nil},
		{"[].{id}", `[{"id":1,"x":2},{"y":3},{"id":"two"}]`, Value{`[{"id":1},{"id":"two"}]`, Array}, nil},
		{"[].{id}", `[]`, Value{`[]`, Array}, nil},
		{"a.{x}", "a:\n  x: 1\n  y: 2\n", Value{`{"x":1}`, Object}, nil},
		{"meta.{missing}", issues, Value{}, ErrNotFound},
		{"items.{number}", issues, Value{}, ErrNotFound},
		{"items[0].{number}", issues, Value{`{"number":7}`, Object}, nil},
		{"{a}", `<html>`, Value{}, ErrNotStructured},
	}
	for _, tt := range tests {
		got, err := MustCompile(tt.expr).Eval(NewDoc([]byte(tt.body), nil))
		if !errors.Is(err, tt.err) || got != tt.want {
			t.Errorf("%s: got %v, %v; want %v, %v", tt.expr, got, err, tt.want, tt.err)
		}
	}
}

func TestProjectionSyntax(t *testing.T) {
	for expr, want := range map[string]string{
		"a.{}":     `extract "a.{}": col 4: empty field name in the projection`,
		"a.{b,,c}": `extract "a.{b,,c}": col 6: empty field name in the projection`,
		"a[]{b}":   `extract "a[]{b}": col 4: a projection follows a '.': write .{b}`,
		"a.{b.c}":  `extract "a.{b.c}": col 4: field "b.c" of a projection is a plain key (no '.', '[', quotes or spaces)`,
		"a.{b,b}":  `extract "a.{b,b}": col 6: field "b" twice in the projection`,
		"a.{x y}":  `extract "a.{x y}": col 4: field "x y" of a projection is a plain key (no '.', '[', quotes or spaces)`,
		`a.{"b"}`:  `extract "a.{\"b\"}": col 4: field "\"b\"" of a projection is a plain key (no '.', '[', quotes or spaces)`,
	} {
		_, err := Compile(expr)
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v\nwant %s", expr, err, want)
		}
	}
}

// TestReview36_ProjectionKeepsKeys: a brace or a comma that does not make
// a projection at the end of the path is part of a key, as it was before
// projections: an OpenAPI document's paths./users/{id}.get, a key "a,b".
func TestReview36_ProjectionKeepsKeys(t *testing.T) {
	doc := `{"paths":{"/users/{id}":{"get":"G"}},"a,b":1,"x}":2,"{x":3,"a":{"{b}":{"c":4},"{b":5,"{n}}":6},"l":{"{b}":[7]},
		"items":[{"{n}}":8}]}`
	for expr, want := range map[string]string{
		"paths./users/{id}.get": "G",
		"a,b":                   "1",
		"x}":                    "2",
		"{x":                    "3",
		"a.{b}.c":               "4",
		"a.{b":                  "5",
		"a.{n}}":                "6",
		"l.{b}[0]":              "7",
		"items[].{n}}":          "[8]",
		"a.{b}":                 `{}`, // a projection: none of the fields b, below
	} {
		e, err := Compile(expr)
		if err != nil {
			t.Errorf("%s: %v", expr, err)
			continue
		}
		got, err := e.Eval(NewDoc([]byte(doc), nil))
		if expr == "a.{b}" {
			if !errors.Is(err, ErrNotFound) {
				t.Errorf("%s: got %v, %v; want the projection's ErrNotFound", expr, got, err)
			}
			continue
		}
		if err != nil || got.Text != want {
			t.Errorf("%s: got %q, %v; want %q", expr, got.Text, err, want)
		}
	}
}
