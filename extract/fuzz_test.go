package extract

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ohler55/ojg/jp"
	"github.com/ohler55/ojg/oj"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

func FuzzCompile(f *testing.F) {
	for _, s := range []string{"", "a", "a.b[0][]", "[0].x", "a..b", "a[", "a[-1]", "a]", "/(x)/", "//", "/(/", "中[1].文",
		"$", "$..a[?@.b < 2]", "$.x[", "$[?(", "$..", "$['é'", "$[1:2:3:4]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Compile(s)
		if err != nil {
			checkSyntaxError(t, s, err)
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
		got, err := evalChecked(t, e, body, opts)
		if !e.IsRegex() && e.q == nil && json.Valid(body) {
			compareWithReference(t, e, body, got, err)
		}
	})
}

// checkSyntaxError: a compile error is a *SyntaxError on s with a column
// inside it or just past its end.
func checkSyntaxError(t *testing.T, s string, err error) {
	t.Helper()
	var se *SyntaxError
	if !errors.As(err, &se) || se.Expr != s || se.Col < 1 || se.Col > len([]rune(s))+1 {
		t.Fatalf("Compile(%q): bad error %#v", s, err)
	}
}

// evalChecked evaluates e over body: a failure wraps one of the sentinels,
// a value is well formed.
func evalChecked(t *testing.T, e *Expr, body []byte, opts *Options) (Value, error) {
	t.Helper()
	got, err := e.Eval(NewDoc(body, opts))
	if err != nil {
		if !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrNotStructured) {
			t.Fatalf("unexpected error %v", err)
		}
	} else {
		checkValue(t, got)
	}
	return got, err
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

// FuzzJSONPath compiles "$" expressions and evaluates them; over JSON it
// checks the nodes against jp's own Get over ojg's generic decoding.
func FuzzJSONPath(f *testing.F) {
	for _, s := range []struct{ expr, body string }{
		{"$..book[?@.price<10].title", bookstore}, {"$.store.*", bookstore}, {"$..*", rfcDescent},
		{"$.a[?@.b == $.x]", rfcFilter}, {"$[1:5:2]", rfcSlice}, {`$["'"]["@"]`, rfcNames}, {"$.*[0]", rfcNull},
		{"$..[?@..j]", rfcDescent}, {"$[?count(@.*) == 5]", rfcFilter}, {"$.x[", "{}"}, {"$[?(((", "[]"},
		{"$..a", "a: [1, {a: 2}]"}, {"$", "[[[[[["}, {"$[?@ == @]", `[[1],[1]]`}, {"$..", "{}"},
	} {
		f.Add(s.expr, []byte(s.body))
	}
	opts := &Options{MaxYAMLBytes: 16 << 10, MaxYAMLDepth: 20, MaxYAMLAliases: 1000, MaxJSONPathDepth: 20}
	f.Fuzz(func(t *testing.T, expr string, body []byte) {
		if !strings.HasPrefix(expr, "$") {
			expr = "$" + expr
		}
		e, err := Compile(expr)
		if err != nil {
			checkSyntaxError(t, expr, err)
			return
		}
		got, err := evalChecked(t, e, body, opts)
		if json.Valid(body) {
			compareWithJP(t, expr, body, got, err)
		}
	})
}

// compareWithJP checks a query's nodes, as a multiset (jp's own order over
// maps is random), against jp over ojg's decoding of body. Documents and
// expressions where the two views differ on purpose are skipped: numbers
// that ojg would not decode as int64 or float64, and the functions and
// operators that only work on map[string]any.
func compareWithJP(t *testing.T, expr string, body []byte, got Value, gotErr error) {
	t.Helper()
	for _, s := range []string{"length(", "empty", " in ", "=~", "~="} {
		if strings.Contains(expr, s) {
			return
		}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil || !plainNumbers(v, 0) {
		return
	}
	data, err := oj.Parse(body)
	if err != nil {
		return
	}
	var ref []any
	panicked := func() (p bool) {
		defer func() { p = recover() != nil }()
		ref = jp.MustParseString(expr).Get(data)
		return false
	}()
	if panicked || errors.Is(gotErr, ErrNotStructured) || strings.Contains(fmt.Sprint(gotErr), "evaluation failed") {
		return
	}
	canon := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("marshal %#v: %v", v, err)
		}
		return string(b)
	}
	decode := func(text string) any {
		var v any
		if err := json.Unmarshal([]byte(text), &v); err != nil {
			t.Fatalf("decode %q: %v", text, err)
		}
		return v
	}
	var want, have []string
	for _, r := range ref {
		want = append(want, canon(decode(canon(r))))
	}
	switch {
	case len(ref) == 0 || (len(ref) == 1 && ref[0] == nil):
		if !errors.Is(gotErr, ErrNotFound) {
			t.Fatalf("%s over %q: got %v, %v; jp found %q", expr, body, got, gotErr, want)
		}
		return
	case gotErr != nil:
		t.Fatalf("%s over %q: %v; jp found %q", expr, body, gotErr, want)
	case len(ref) == 1 && got.Kind == String:
		have = []string{canon(got.Text)}
	case len(ref) == 1:
		have = []string{canon(decode(got.Text))}
	default:
		for _, x := range decode(got.Text).([]any) {
			have = append(have, canon(x))
		}
	}
	sort.Strings(want)
	sort.Strings(have)
	if diff := cmp.Diff(want, have); diff != "" {
		t.Fatalf("%s over %q (-jp +got)\n%s", expr, body, diff)
	}
}

// plainNumbers reports whether every number in v reads the same as int64 or
// float64 and no object repeats a key (the generic decoding keeps neither).
func plainNumbers(v any, depth int) bool {
	switch v := v.(type) {
	case json.Number:
		if strings.HasPrefix(string(v), "-0") {
			return false // ojg reads -0 as the integer 0
		}
		if _, err := v.Int64(); err == nil {
			return true
		}
		f, err := v.Float64()
		return err == nil && !strings.ContainsAny(string(v), "eE") && len(v) < 16 && f == f
	case []any:
		for _, x := range v {
			if !plainNumbers(x, depth+1) {
				return false
			}
		}
	case map[string]any:
		for _, x := range v {
			if !plainNumbers(x, depth+1) {
				return false
			}
		}
	}
	return depth < 20
}
