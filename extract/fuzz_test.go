package extract

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	theory "github.com/theory/jsonpath"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

func FuzzCompile(f *testing.F) {
	for _, s := range []string{"", "a", "a.b[0][]", "[0].x", "a..b", "a[", "a[-1]", "a]", "/(x)/", "//", "/(/", "中[1].文",
		"$", "$..a[?@.b < 2]", "$.x[", "$[?(", "$..", "$['é'", "$[1:2:3:4]",
		"a[].{b,c}", "{a}", "{", "{a,", "{a,,b}", "a.{b}.c", "a{b}", "a.{b,b}", "[].{ x , y }", "a.{\"b\"}"} {
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
		{"items[].{id,name}", jsonBody}, {"{a,b}", `{"a":1,"c":2,"b":null}`}, {"[].{n}", `[{"n":1},2,{"m":3},{"n":[4]}]`},
		{"a.{x,y}", `{"a":{"y":{"z":1},"x":"s","x":"t"}}`}, {"items[].{name}", yamlBody},
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
		if !e.IsRegex() && e.q == nil && e.xp == nil && json.Valid(body) {
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
	case opPick:
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		picked := map[string]any{}
		for _, k := range o.keys {
			if x, ok := m[k]; ok {
				picked[k] = x
			}
		}
		return picked, len(picked) > 0
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
// checks validity and the nodes against github.com/theory/jsonpath (which
// passes the whole compliance suite) over encoding/json's decoding.
func FuzzJSONPath(f *testing.F) {
	for _, s := range []struct{ expr, body string }{
		{"$..book[?@.price<10].title", bookstore}, {"$.store.*", bookstore}, {"$..*", rfcDescent},
		{"$.a[?@.b == $.x]", rfcFilter}, {"$[1:5:2]", rfcSlice}, {`$["'"]["@"]`, rfcNames}, {"$.*[0]", rfcNull},
		{"$..[?@..j]", rfcDescent}, {"$[?count(@.*) == 5]", rfcFilter}, {"$.x[", "{}"}, {"$[?(((", "[]"},
		{"$..a", "a: [1, {a: 2}]"}, {"$", "[[[[[["}, {"$[?@ == @]", `[[1],[1]]`}, {"$..", "{}"},
		{"$[?@ == null]", `[null, 1, {}]`}, {"$[?@.a == @.b]", `[{"a":[1,{"x":2}],"b":[1,{"x":2}]}, {"a":{}}]`},
		{"$[1, 5:7, ?@ > 3, *]", `[1,2,3,4,5,6,7,8]`}, {"$[?length(@) > 1]", `["é", "ab", [1,2], {"a":1}]`},
		{"$[?value(@..x) == 1]", `[{"x":1}, {"y":{"x":1}}, {"x":1, "y":{"x":1}}]`}, {"$[?@[*] == 0]", `[]`},
		{"$[?match(@, 'a.c')]", "[\"abc\", \"a\\nc\"]"}, {"$[?@.a == 01]", `[]`},
	} {
		f.Add(s.expr, []byte(s.body))
	}
	opts := &Options{MaxYAMLBytes: 16 << 10, MaxYAMLDepth: 20, MaxYAMLAliases: 1000, MaxJSONPathDepth: 20}
	f.Fuzz(func(t *testing.T, expr string, body []byte) {
		if !strings.HasPrefix(expr, "$") {
			expr = "$" + expr
		}
		ref, refErr := theory.Parse(expr)
		e, err := Compile(expr)
		if err != nil {
			checkSyntaxError(t, expr, err)
			if refErr == nil && utf8.ValidString(expr) && !strings.Contains(err.Error(), "nested deeper") {
				t.Fatalf("%s: %v; github.com/theory/jsonpath accepts it", expr, err)
			}
			return
		}
		if refErr != nil {
			if strings.Contains(refErr.Error(), "value out of range") {
				return // RFC 9535 numbers have no range; the reference refuses literals past float64 (1e400)
			}
			t.Fatalf("%s compiles; github.com/theory/jsonpath refuses it: %v", expr, refErr)
		}
		got, err := evalChecked(t, e, body, opts)
		if json.Valid(body) {
			compareWithRef(t, expr, ref, body, got, err)
		}
	})
}

// compareWithRef checks a query's nodes, as a multiset (the reference's
// order over maps is random), against the reference over
// encoding/json's decoding of body. Documents and patterns where the two
// views differ on purpose are skipped: numbers that float64 does not hold
// exactly, and regular expressions beyond I-Regexp.
func compareWithRef(t *testing.T, expr string, ref *theory.Path, body []byte, got Value, gotErr error) {
	t.Helper()
	if strings.Contains(expr, "<=") || strings.Contains(expr, ">=") {
		return // the reference has Nothing <= Nothing false; RFC 9535 (2.3.5.2.2, table 11) has it true
	}
	if strings.Contains(expr, "match(") || strings.Contains(expr, "search(") {
		for _, s := range []string{`\`, "(?", "*?", "+?", "??", "}?"} {
			if strings.Contains(expr, s) {
				return
			}
		}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil || !plainNumbers(v, 0) {
		return
	}
	var data any
	if json.Unmarshal(body, &data) != nil || errors.Is(gotErr, ErrNotStructured) {
		return
	}
	if (strings.Contains(expr, "match(") || strings.Contains(expr, "search(")) && !allIRegexp(expr, data) {
		return // the reference takes RE2's Perl syntax ([]a], a{,3}, [a-b-c]); extract, I-Regexp only
	}
	if msg := fmt.Sprint(gotErr); strings.Contains(msg, " over ") || strings.Contains(msg, "deeper than") {
		return // past extract's bounds: the reference, unbounded, could run for ever
	}
	nodes := ref.Select(data)
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
	for _, r := range nodes {
		want = append(want, canon(r))
	}
	switch {
	case len(nodes) == 0 || (len(nodes) == 1 && nodes[0] == nil):
		if !errors.Is(gotErr, ErrNotFound) {
			t.Fatalf("%s over %q: got %v, %v; the reference found %q", expr, body, got, gotErr, want)
		}
		return
	case gotErr != nil:
		t.Fatalf("%s over %q: %v; the reference found %q", expr, body, gotErr, want)
	case len(nodes) == 1 && got.Kind == String:
		have = []string{canon(got.Text)}
	case len(nodes) == 1:
		have = []string{canon(decode(got.Text))}
	default:
		for _, x := range decode(got.Text).([]any) {
			have = append(have, canon(x))
		}
	}
	sort.Strings(want)
	sort.Strings(have)
	if diff := cmp.Diff(want, have); diff != "" {
		t.Fatalf("%s over %q (-reference +got)\n%s", expr, body, diff)
	}
}

// plainNumbers reports whether every number in v reads the same as float64
// and v is at most 20 deep (the MaxJSONPathDepth of FuzzJSONPath).
func plainNumbers(v any, depth int) bool {
	switch v := v.(type) {
	case json.Number:
		if n, err := v.Int64(); err == nil {
			return -1<<53 <= n && n <= 1<<53 // float64 holds it exactly
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

// allIRegexp reports whether every string literal of expr (which has no
// backslash) and every string of data is in I-Regexp's grammar, where it
// could be a pattern.
func allIRegexp(expr string, data any) bool {
	for i := 0; i < len(expr); i++ {
		if q := expr[i]; q == '\'' || q == '"' {
			j := strings.IndexByte(expr[i+1:], q)
			if j < 0 {
				break
			}
			if !isIRegexp(expr[i+1 : i+1+j]) {
				return false
			}
			i += j + 1
		}
	}
	var walk func(v any) bool
	walk = func(v any) bool {
		switch v := v.(type) {
		case string:
			return isIRegexp(v)
		case []any:
			for _, x := range v {
				if !walk(x) {
					return false
				}
			}
		case map[string]any:
			for k, x := range v {
				if !isIRegexp(k) || !walk(x) {
					return false
				}
			}
		}
		return true
	}
	return walk(data)
}
