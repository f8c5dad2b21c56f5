package extract

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

func FuzzCompile(f *testing.F) {
	for _, s := range []string{"", "a", "a.b[0][]", "[0].x", "a..b", "a[", "a[-1]", "a]", "/(x)/", "//", "/(/", "中[1].文"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Compile(s)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Expr != s || se.Col < 1 || se.Col > len([]rune(s))+1 {
				t.Fatalf("Compile(%q): bad error %#v", s, err)
			}
			return
		}
		if e.String() != s {
			t.Fatalf("String() = %q, want %q", e.String(), s)
		}
	})
}

func FuzzEval(f *testing.F) {
	for _, s := range []struct{ expr, body string }{
		{"data.status", jsonBody}, {"items[].tags[]", jsonBody}, {"[0]", "[1,2]"}, {"a.b", yamlBody},
		{"items[].name", yamlBody}, {"a", htmlPage}, {"/(\\d+)/", "x 42"}, {"a[]", `{"a":[1,null,{"b":2}]}`},
		{"a", "a: &x [*x]"}, {"a", "[[[[[["}, {"a", "- - - -"}, {"x", "x: !!str\n"},
	} {
		f.Add(s.expr, []byte(s.body))
	}
	opts := &Options{MaxYAMLBytes: 16 << 10, MaxYAMLDepth: 20, MaxYAMLAliases: 1000}
	f.Fuzz(func(t *testing.T, expr string, body []byte) {
		e, err := Compile(expr)
		if err != nil {
			return
		}
		got, err := e.Eval(NewDoc(body, opts))
		if err != nil {
			if !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrNotStructured) {
				t.Fatalf("unexpected error %v", err)
			}
		} else {
			checkValue(t, got)
		}
		if !e.IsRegex() && json.Valid(body) {
			compareWithReference(t, e, body, got, err)
		}
	})
}

// checkValue: numbers are JSON numbers, arrays/objects are JSON.
func checkValue(t *testing.T, v Value) {
	t.Helper()
	switch v.Kind {
	case Number:
		if !jsonstr.IsNumber(v.Text) {
			t.Fatalf("number text %q is not a JSON number", v.Text)
		}
	case Bool:
		if v.Text != "true" && v.Text != "false" {
			t.Fatalf("bool text %q", v.Text)
		}
	case Array, Object:
		if !json.Valid([]byte(v.Text)) || (v.Kind == Array) != strings.HasPrefix(v.Text, "[") {
			t.Fatalf("%v text %q is not compact JSON of that kind", v.Kind, v.Text)
		}
	}
}

// compareWithReference checks a path result against a naive evaluator over
// encoding/json's decoding of the same body.
func compareWithReference(t *testing.T, e *Expr, body []byte, got Value, gotErr error) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var root any
	if dec.Decode(&root) != nil {
		return // e.g. nesting beyond encoding/json's limit
	}
	var want any
	found := true
	if e.multi {
		res := []any{}
		refWalk(root, e.ops, &res, true)
		// The prefix before the first [] must exist and be an array.
		k := 0
		cur := root
		for ; e.ops[k].kind != opIter; k++ {
			var ok bool
			if cur, ok = refStep(cur, e.ops[k]); !ok {
				found = false
				break
			}
		}
		if _, isArr := cur.([]any); found && !isArr {
			found = false
		}
		want = res
	} else {
		cur := root
		for _, o := range e.ops {
			var ok bool
			if cur, ok = refStep(cur, o); !ok {
				found = false
				break
			}
		}
		found = found && cur != nil
		want = cur
	}
	if found != (gotErr == nil) {
		t.Fatalf("%s over %q: got %#v, %v; reference found=%v %#v", e, body, got, gotErr, found, want)
	}
	if !found {
		return
	}
	var gotV any
	switch got.Kind {
	case String:
		gotV = got.Text
	case Number:
		gotV = json.Number(got.Text)
	case Bool:
		gotV = got.Text == "true"
	default:
		d := json.NewDecoder(strings.NewReader(got.Text))
		d.UseNumber()
		if err := d.Decode(&gotV); err != nil {
			t.Fatalf("decode result %q: %v", got.Text, err)
		}
	}
	// Compact output keeps duplicate keys; the reference keeps the last, as
	// decoding gotV does, so they compare equal.
	if diff := cmp.Diff(want, gotV); diff != "" {
		t.Fatalf("%s over %q (-ref +got)\n%s", e, body, diff)
	}
}

func refStep(v any, o op) (any, bool) {
	switch o.kind {
	case opKey:
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		x, ok := m[o.key]
		return x, ok
	case opIndex:
		a, ok := v.([]any)
		if !ok || o.n >= len(a) {
			return nil, false
		}
		return a[o.n], true
	}
	return nil, false
}

func refWalk(v any, ops []op, out *[]any, top bool) {
	for k, o := range ops {
		if o.kind == opIter {
			a, ok := v.([]any)
			if !ok {
				return
			}
			for _, x := range a {
				refWalk(x, ops[k+1:], out, false)
			}
			return
		}
		var ok bool
		if v, ok = refStep(v, o); !ok {
			return
		}
	}
	*out = append(*out, v)
}
