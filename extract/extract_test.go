package extract

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCompileErrors(t *testing.T) {
	tests := []struct {
		expr string
		col  int
		msg  string
	}{
		{"", 1, "empty expression"},
		{"a..b", 3, "empty key"},
		{".a", 1, "empty key"},
		{"a.", 3, "empty key"},
		{"a.[0]", 3, "empty key"},
		{"a[x]", 3, "non-negative integer"},
		{"a[-1]", 3, "non-negative integer"},
		{"a[1.5]", 4, "non-negative integer"},
		{"a[ 1]", 3, "non-negative integer"},
		{"a[", 2, "unclosed '['"},
		{"a[0", 2, "unclosed '['"},
		{"a.b[0][", 7, "unclosed '['"},
		{"a]", 2, "unexpected ']'"},
		{"a[0]b", 5, "want '.' or '['"},
		{"a[99999999999999999999]", 3, "index too large"},
		{"数据..x", 4, "empty key"}, // columns count characters, not bytes
		{"/abc/", 1, "no capture group"},
		{"//", 1, "no capture group"},
		{"/(?:a)b/", 1, "no capture group"},
		{"/a(b/", 2, "bad regular expression"},
		{"/(?P<x/", 2, "bad regular expression"},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			e, err := Compile(tt.expr)
			if err == nil {
				t.Fatalf("Compile(%q) = %v, want error", tt.expr, e)
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %T is not *SyntaxError", err)
			}
			if se.Expr != tt.expr || se.Col != tt.col || !strings.Contains(se.Msg, tt.msg) {
				t.Errorf("got {%q col %d %q}, want {%q col %d ~%q}", se.Expr, se.Col, se.Msg, tt.expr, tt.col, tt.msg)
			}
			if !strings.Contains(err.Error(), fmt.Sprintf("%q", tt.expr)) {
				t.Errorf("message %q does not name the expression", err)
			}
		})
	}
}

func TestCompileRegexUnwraps(t *testing.T) {
	_, err := Compile("/a(b/")
	var se *SyntaxError
	if !errors.As(err, &se) || se.Err == nil || errors.Unwrap(err) != se.Err {
		t.Fatalf("regex syntax error should unwrap to the regexp error, got %#v", err)
	}
}

func TestCompileForms(t *testing.T) {
	tests := []struct {
		expr  string
		regex bool
	}{
		{"a", false},
		{"a.b.c", false},
		{"a[0]", false},
		{"a[0][1]", false},
		{"a[]", false},
		{"a[].b[].c", false},
		{"[0].name", false},
		{"[]", false},
		{"[][0]", false},
		{"a[007]", false},
		{"weird key-with $pecial/chars", false},
		{"/", false},    // length 1: a key named "/"
		{"/abc", false}, // no closing slash: a path
		{"/(a)/", true},
		{"/(?i)session=([a-f0-9]+)/", true},
	}
	for _, tt := range tests {
		e, err := Compile(tt.expr)
		if err != nil {
			t.Errorf("Compile(%q): %v", tt.expr, err)
			continue
		}
		if e.String() != tt.expr || e.IsRegex() != tt.regex {
			t.Errorf("Compile(%q) = {%q regex=%v}, want regex=%v", tt.expr, e.String(), e.IsRegex(), tt.regex)
		}
	}
}

func TestMustCompilePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MustCompile(\"a..b\") did not panic")
		}
	}()
	MustCompile("a..b")
}

const jsonBody = `{
  "data": {"status": "paid", "amount": 1234567.89, "count": 3, "ok": true, "off": false, "none": null,
           "nested": {"z": 1, "a": [1, 2, {"k": "v"}]}},
  "items": [
    {"name": "alpha", "id": 1, "tags": ["x", "y"]},
    {"name": "beta",  "id": 2, "tags": []},
    {"id": 3, "tags": ["z"]},
    {"name": null, "id": 4}
  ],
  "matrix": [[1, 2], [3], []],
  "empty": [],
  "emptyObj": {},
  "str": "text",
  "esc": "line\nbreak \"q\" \u00e9 \ud83d\ude00",
  "e\u0073caped": "key had an escape",
  "dup": 1, "dup": 2,
  "weird key": {"with/slash": "ok"},
  "中文": "值"
}`

func TestEvalJSON(t *testing.T) {
	tests := []struct {
		expr string
		want Value
	}{
		{"data.status", Value{"paid", String}},
		{"data.amount", Value{"1234567.89", Number}},
		{"data.count", Value{"3", Number}},
		{"data.ok", Value{"true", Bool}},
		{"data.off", Value{"false", Bool}},
		{"data.nested", Value{`{"z":1,"a":[1,2,{"k":"v"}]}`, Object}}, // source key order
		{"data.nested.a", Value{`[1,2,{"k":"v"}]`, Array}},
		{"data.nested.a[2].k", Value{"v", String}},
		{"items[0].name", Value{"alpha", String}},
		{"items[1].id", Value{"2", Number}},
		{"items[0].tags[1]", Value{"y", String}},
		{"items[]", Value{`[{"name":"alpha","id":1,"tags":["x","y"]},{"name":"beta","id":2,"tags":[]},{"id":3,"tags":["z"]},{"name":null,"id":4}]`, Array}},
		{"items[].name", Value{`["alpha","beta",null]`, Array}}, // item 2 lacks name: skipped
		{"items[].id", Value{`[1,2,3,4]`, Array}},
		{"items[].tags", Value{`[["x","y"],[],["z"]]`, Array}},
		{"items[].tags[]", Value{`["x","y","z"]`, Array}},
		{"items[].tags[0]", Value{`["x","z"]`, Array}},
		{"items[].missing", Value{`[]`, Array}},
		{"matrix[][]", Value{`[1,2,3]`, Array}},
		{"matrix[1][0]", Value{"3", Number}},
		{"matrix[][1]", Value{`[2]`, Array}},
		{"matrix[0][]", Value{`[1,2]`, Array}},
		{"empty[]", Value{`[]`, Array}},
		{"empty", Value{`[]`, Array}},
		{"emptyObj", Value{`{}`, Object}},
		{"esc", Value{"line\nbreak \"q\" é 😀", String}},
		{"escaped", Value{"key had an escape", String}},
		{"dup", Value{"2", Number}},
		{"weird key.with/slash", Value{"ok", String}},
		{"中文", Value{"值", String}},
	}
	doc := NewDoc([]byte(jsonBody), nil)
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			got, err := MustCompile(tt.expr).Eval(doc)
			if err != nil {
				t.Fatalf("Eval: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
	if doc.parses != 1 {
		t.Errorf("body parsed %d times, want 1", doc.parses)
	}
}

func TestEvalRootIndex(t *testing.T) {
	doc := NewDoc([]byte(`[{"name":"a"},{"name":"b"},{"x":1}]`), nil)
	tests := []struct{ expr, want string }{
		{"[0].name", "a"},
		{"[1].name", "b"},
		{"[].name", `["a","b"]`},
		{"[2]", `{"x":1}`},
	}
	for _, tt := range tests {
		got, err := MustCompile(tt.expr).Eval(doc)
		if err != nil || got.Text != tt.want {
			t.Errorf("%s = %q, %v; want %q", tt.expr, got.Text, err, tt.want)
		}
	}
}

func TestEvalNotFound(t *testing.T) {
	tests := []struct {
		expr string
		why  string
	}{
		{"nope", `no key "nope"`},
		{"data.nope", `at "data.nope": no key "nope"`},
		{"data.none", "value is null"},
		{"data.none.x", "cannot take a key of null"},
		{"items[0].name.x", "cannot take a key of a string"},
		{"items[9]", "index 9 out of range (length 4)"},
		{"items[3].name", "value is null"},
		{"str[0]", "cannot index a string"},
		{"str[]", `at "str[]": cannot iterate a string`},
		{"data.none[]", "cannot iterate null"},
		{"data[]", "cannot iterate an object"},
		{"data.count.x", "cannot take a key of a number"},
		{"data.ok[0]", "cannot index a boolean"},
		{"[0]", "cannot index an object"},
		{"nope[].x", `no key "nope"`},
		{"items[7][]", "out of range"},
	}
	doc := NewDoc([]byte(jsonBody), nil)
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			got, err := MustCompile(tt.expr).Eval(doc)
			if !errors.Is(err, ErrNotFound) {
				t.Fatalf("Eval = %v, %v; want ErrNotFound", got, err)
			}
			if !strings.Contains(err.Error(), tt.why) || !strings.Contains(err.Error(), fmt.Sprintf("%q", tt.expr)) {
				t.Errorf("error %q should name %q and say %q", err, tt.expr, tt.why)
			}
			if got != (Value{}) {
				t.Errorf("value on error = %#v, want zero", got)
			}
		})
	}
}

func TestNumberFidelity(t *testing.T) {
	nums := []string{
		"0", "-0", "1.0", "1234567.89", "1e3", "1E3", "1e-7", "-2.5E+10", "0.10", "100",
		"9007199254740993",                               // 2^53 + 1
		"9223372036854775808",                            // int64 max + 1
		"123456789012345678901234567890",                 // beyond uint64
		"-98765432109876543210.123456789012345678901234", // long fraction
		"1.7976931348623157e309",                         // beyond float64
	}
	for _, n := range nums {
		body := `{"n": ` + n + `, "a": [` + n + `, {"m": ` + n + `}]}`
		doc := NewDoc([]byte(body), nil)
		for expr, want := range map[string]Value{
			"n":      {n, Number},
			"a[0]":   {n, Number},
			"a[1].m": {n, Number},
			"a":      {"[" + n + `,{"m":` + n + "}]", Array},
			"a[].m":  {"[" + n + "]", Array},
		} {
			got, err := MustCompile(expr).Eval(doc)
			if err != nil || got != want {
				t.Errorf("%s over %s = %#v, %v; want %#v", expr, body, got, err, want)
			}
		}
	}
}

func TestScalarJSONBody(t *testing.T) {
	for _, body := range []string{`42`, `"str"`, `true`, `null`, ` 1.5 `} {
		_, err := MustCompile("a").Eval(NewDoc([]byte(body), nil))
		if !errors.Is(err, ErrNotFound) {
			t.Errorf("path over JSON scalar %q: %v, want ErrNotFound", body, err)
		}
		_, err = MustCompile("[0]").Eval(NewDoc([]byte(body), nil))
		if !errors.Is(err, ErrNotFound) {
			t.Errorf("[0] over JSON scalar %q: %v, want ErrNotFound", body, err)
		}
	}
}

func TestBOM(t *testing.T) {
	got, err := MustCompile("a").Eval(NewDoc([]byte("\xef\xbb\xbf{\"a\": 1}"), nil))
	if err != nil || got != (Value{"1", Number}) {
		t.Errorf("BOM JSON: %#v, %v", got, err)
	}
}

const yamlBody = `# an API answering YAML
data:
  status: paid
  amount: 1234567.89
  big: 123456789012345678901234567890
  exp: 1e3
  one: 1.0
  hex: 0x1F
  under: 1_000
  plus: +5
  half: .5
  inf: .inf
  ok: true
  quoted: "123"
  tagged: !!str 456
  none: ~
  empty:
items:
  - name: alpha
    tags: [x, y]
  - name: beta
    tags: []
  - tags: [z]
flow: {b: 2, a: [1, {k: v}]}
text: |
  line1
  line2
folded: >
  one
  two
1: int key
true: bool key
base: &base {x: 1, y: 2}
derived:
  <<: *base
  y: 3
copy: *base
self: &self [1, *self]
`

func TestEvalYAML(t *testing.T) {
	tests := []struct {
		expr string
		want Value
	}{
		{"data.status", Value{"paid", String}},
		{"data.amount", Value{"1234567.89", Number}},
		{"data.big", Value{"123456789012345678901234567890", Number}},
		{"data.exp", Value{"1e3", Number}},
		{"data.one", Value{"1.0", Number}},
		{"data.hex", Value{"31", Number}},
		{"data.under", Value{"1000", Number}},
		{"data.plus", Value{"5", Number}},
		{"data.half", Value{"0.5", Number}},
		{"data.inf", Value{".inf", String}},
		{"data.ok", Value{"true", Bool}},
		{"data.quoted", Value{"123", String}},
		{"data.tagged", Value{"456", String}},
		{"items[0].name", Value{"alpha", String}},
		{"items[].name", Value{`["alpha","beta"]`, Array}},
		{"items[].tags[]", Value{`["x","y","z"]`, Array}},
		{"items[1].tags[]", Value{`[]`, Array}},
		{"flow", Value{`{"b":2,"a":[1,{"k":"v"}]}`, Object}},
		{"flow.a[1].k", Value{"v", String}},
		{"text", Value{"line1\nline2\n", String}},
		{"folded", Value{"one two\n", String}},
		{"1", Value{"int key", String}},
		{"true", Value{"bool key", String}},
		{"derived", Value{`{"x":1,"y":3}`, Object}},
		{"copy.y", Value{"2", Number}},
		{"self", Value{`[1,null]`, Array}},
	}
	doc := NewDoc([]byte(yamlBody), nil)
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			got, err := MustCompile(tt.expr).Eval(doc)
			if err != nil {
				t.Fatalf("Eval: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
	for _, expr := range []string{"data.none", "data.empty", "data.nope", "items[5]"} {
		if _, err := MustCompile(expr).Eval(doc); !errors.Is(err, ErrNotFound) {
			t.Errorf("%s: %v, want ErrNotFound", expr, err)
		}
	}
	if doc.parses != 1 {
		t.Errorf("body parsed %d times, want 1", doc.parses)
	}
}

func TestYAMLRootSequenceAndStreams(t *testing.T) {
	doc := NewDoc([]byte("- a: 1\n- a: 2\n---\n- a: 3\n"), nil)
	got, err := MustCompile("[].a").Eval(doc)
	if err != nil || got.Text != "[1,2]" {
		t.Errorf("[].a = %q, %v; want [1,2] (first document only)", got.Text, err)
	}
}

func TestRegex(t *testing.T) {
	body := []byte("Set-Cookie: SESSION=abc123def; path=/\n<title>Order 42</title>")
	tests := []struct {
		expr string
		want string
		err  error
	}{
		{`/SESSION=([a-f0-9]+)/`, "abc123def", nil},
		{`/(?i)session=([a-z0-9]+)/`, "abc123def", nil},
		{`/<title>Order (\d+)<\/title>/`, "42", nil},
		{`/(x)?Order/`, "", ErrNotFound}, // group 1 did not take part
		{`/token=(\w+)/`, "", ErrNotFound},
		{`/(?s)path=(.)/`, "/", nil},
	}
	doc := NewDoc(body, nil)
	for _, tt := range tests {
		got, err := MustCompile(tt.expr).Eval(doc)
		if !errors.Is(err, tt.err) || got.Text != tt.want {
			t.Errorf("%s = %q, %v; want %q, %v", tt.expr, got.Text, err, tt.want, tt.err)
		}
		if err == nil && got.Kind != String {
			t.Errorf("%s kind = %v, want string", tt.expr, got.Kind)
		}
	}
	if doc.parses != 0 {
		t.Errorf("regex Eval parsed the body")
	}
	// Regexes work on bodies that are not structured.
	got, err := MustCompile(`/<b>(.*?)<\/b>/`).Eval(NewDoc([]byte("<html><b>hi</b></html>"), nil))
	if err != nil || got.Text != "hi" {
		t.Errorf("regex over HTML = %q, %v", got.Text, err)
	}
}

const htmlPage = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`

func TestNotStructured(t *testing.T) {
	tests := []struct {
		name string
		body string
		opts *Options
		why  string
	}{
		{"html", htmlPage, nil, "only a scalar"},
		{"html doctype", "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"></head><body><p>Hi</p></body></html>", nil, ""},
		{"plain text", "Internal Server Error", nil, "only a scalar"},
		{"empty", "", nil, "empty"},
		{"whitespace", " \n\t\n", nil, "empty"},
		{"yaml scalar", "--- just a string\n", nil, "only a scalar"},
		{"yaml number", "42 # not JSON", nil, "only a scalar"},
		{"comment only", "# nothing\n", nil, ""},
		{"broken json", `{"a": [1, 2}`, nil, "not valid JSON or YAML"},
		{"undefined alias", "a: *nope\n", nil, "not valid JSON or YAML"},
		{"yaml over size", "a: " + strings.Repeat("x", 2000) + "\n", &Options{MaxYAMLBytes: 1000}, "over 1000 bytes"},
		{"yaml off", "a: 1\n", &Options{MaxYAMLBytes: -1}, "YAML is off"},
		{"no aliases allowed", "a: &x 1\nb: *x\n", &Options{MaxYAMLAliases: -1}, "aliases"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := NewDoc([]byte(tt.body), tt.opts)
			_, err := MustCompile("a.b").Eval(doc)
			if !errors.Is(err, ErrNotStructured) {
				t.Fatalf("err = %v, want ErrNotStructured", err)
			}
			if !strings.Contains(err.Error(), tt.why) || !strings.Contains(err.Error(), `"a.b"`) {
				t.Errorf("error %q should name the expression and say %q", err, tt.why)
			}
			// A second Eval gives the same answer without reparsing.
			if _, err2 := MustCompile("x").Eval(doc); !errors.Is(err2, ErrNotStructured) || doc.parses != 1 {
				t.Errorf("second Eval: %v, parses %d", err2, doc.parses)
			}
		})
	}
}

func TestErrorsDoNotLeakBody(t *testing.T) {
	secret := "sk-live-SECRET-VALUE"
	bodies := []string{
		`{"token": "` + secret + `"}`,
		"token: " + secret + "\n  bad: [indent",
		secret,
		"<p>" + secret + "</p>",
	}
	exprs := []string{"token.x", "token[0]", "nope", "token[]", "/(zzz)/"}
	for _, b := range bodies {
		for _, x := range exprs {
			_, err := MustCompile(x).Eval(NewDoc([]byte(b), nil))
			if err != nil && strings.Contains(err.Error(), "SECRET") {
				t.Errorf("error for %s over %q leaks the body: %v", x, b, err)
			}
		}
	}
}

func TestBombs(t *testing.T) {
	var laughs strings.Builder
	laughs.WriteString("l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&laughs, "l%d: &l%d [", i, i)
		for j := 0; j < 9; j++ {
			fmt.Fprintf(&laughs, "*l%d, ", i-1)
		}
		laughs.WriteString("]\n")
	}
	var merges strings.Builder
	merges.WriteString("m0: &m0 {a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8}\n")
	for i := 1; i <= 30; i++ {
		fmt.Fprintf(&merges, "m%d: &m%d {<<: *m%d, k%d: [*m%d, *m%d, *m%d]}\n", i, i, i-1, i, i-1, i-1, i-1)
	}
	var block, zeroSeq strings.Builder
	for i := 0; i < 300; i++ {
		fmt.Fprintf(&block, "%sk%d:\n", strings.Repeat(" ", i), i)
		fmt.Fprintf(&zeroSeq, "%sk%d:\n%s- x\n", strings.Repeat(" ", 2*i), i, strings.Repeat(" ", 2*i))
	}
	tests := []struct {
		name string
		body string
		why  string
	}{
		{"flow brackets", strings.Repeat("[", 100_000), "nests deeper"},
		{"flow maps", strings.Repeat("{a: ", 50_000), "nests deeper"},
		{"balanced flow", strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + " x", "nests deeper"},
		{"sequence markers", strings.Repeat("- ", 50_000) + "x\n", "nests deeper"},
		{"key markers", strings.Repeat("? ", 50_000) + "x\n", "nests deeper"},
		{"block indentation", block.String(), "nests deeper"},
		{"fake closers in strings", "a: " + strings.Repeat(`["]", `, 20_000) + "\n", "nests deeper"},
		{"billion laughs", laughs.String(), "aliases expand"},
		{"merge bomb", merges.String(), "aliases expand"},
		{"not JSON, over 256 KiB", "a: [" + strings.Repeat("1,", 150_000) + "1]\n", "over 262144 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := MustCompile("a").Eval(NewDoc([]byte(tt.body), nil))
			if !errors.Is(err, ErrNotStructured) || !strings.Contains(err.Error(), tt.why) {
				t.Fatalf("err = %v, want ErrNotStructured saying %q", err, tt.why)
			}
		})
	}
	// The same nesting as JSON is fine: the JSON scanner does not recurse.
	deep := strings.Repeat("[", 1_000_000) + strings.Repeat("]", 1_000_000)
	got, err := MustCompile("[0][0][0]").Eval(NewDoc([]byte(deep), nil))
	if err != nil || got.Kind != Array {
		t.Errorf("deep JSON: %v, %v", got.Kind, err)
	}
	// Depth within the limit still parses.
	ok := strings.Repeat("[", 50) + "1" + strings.Repeat("]", 50) + " # yaml"
	if _, err := MustCompile("[0]").Eval(NewDoc([]byte(ok), nil)); err != nil {
		t.Errorf("depth 50 YAML: %v", err)
	}
}

func TestAliasBudgetAllowsNormalUse(t *testing.T) {
	body := "defaults: &d {retries: 3, timeout: 30}\nsvc:\n  - <<: *d\n    name: a\n  - <<: *d\n    name: b\n    timeout: 5\n"
	tests := []struct{ expr, want string }{
		{"svc[].timeout", "[30,5]"},
		{"svc[1]", `{"retries":3,"name":"b","timeout":5}`}, // merged keys first, overridden ones dropped
	}
	doc := NewDoc([]byte(body), nil)
	for _, tt := range tests {
		got, err := MustCompile(tt.expr).Eval(doc)
		if err != nil || got.Text != tt.want {
			t.Errorf("%s = %q, %v; want %q", tt.expr, got.Text, err, tt.want)
		}
	}
	_, err := MustCompile("svc").Eval(NewDoc([]byte(body), &Options{MaxYAMLAliases: 3}))
	if !errors.Is(err, ErrNotStructured) {
		t.Errorf("budget 3: %v, want ErrNotStructured", err)
	}
}

func TestConcurrentExprs(t *testing.T) {
	exprs := []*Expr{MustCompile("data.status"), MustCompile("items[].id"), MustCompile(`/"str": "(\w+)"/`)}
	want := []string{"paid", "[1,2,3,4]", "text"}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; n < 50; n++ {
				doc := NewDoc([]byte(jsonBody), nil) // one Doc per goroutine
				for i, e := range exprs {
					if v, err := e.Eval(doc); err != nil || v.Text != want[i] {
						t.Errorf("%s = %q, %v", e, v.Text, err)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}

func TestNilDocAndKindString(t *testing.T) {
	if _, err := MustCompile("a").Eval(nil); !errors.Is(err, ErrNotStructured) {
		t.Errorf("nil doc: %v", err)
	}
	got := fmt.Sprint(String, Number, Bool, Array, Object, Kind(9))
	if got != "string number bool array object Kind(9)" {
		t.Errorf("Kind names: %q", got)
	}
}
