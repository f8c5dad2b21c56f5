package argcheck

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const orderSchema = `{"type":"object","properties":{
	"order_id":{"type":"string","description":"the order id"},
	"verbose":{"type":"boolean","default":false},
	"qty":{"type":"integer"},
	"price":{"type":"number","minimum":0},
	"items":{"type":"array","items":{"type":"object","properties":{"sku":{"type":"string"},"qty":{"type":"integer"}},"required":["sku"],"additionalProperties":false}},
	"mode":{"enum":["fast","slow"]},
	"code":{"type":"string","pattern":"^[A-Z]+$"}
},"required":["order_id"],"additionalProperties":false}`

func decode(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	d := json.NewDecoder(stringsReader(s))
	d.UseNumber()
	if err := d.Decode(&m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestCheck(t *testing.T) {
	s, err := Compile(json.RawMessage(orderSchema))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, args string
		want       string // error text, or the normalized args as JSON
	}{
		{"ok, defaults", `{"order_id":"A-1"}`, `{"order_id":"A-1","verbose":false}`},
		{"lossless forms", `{"order_id":42,"qty":"7","verbose":"true","price":"4.5","items":[{"sku":"x","qty":"2"}]}`,
			`{"items":[{"qty":2,"sku":"x"}],"order_id":"42","price":4.5,"qty":7,"verbose":true}`},
		{"integer text normalized", `{"order_id":"a","qty":4.0}`, `{"order_id":"a","qty":4,"verbose":false}`},
		{"null is omitted", `{"order_id":"a","verbose":null,"qty":null}`, `{"order_id":"a","verbose":false}`},
		{"missing", `{}`, `parameter "order_id" is required (string): the order id`},
		{"wrong type", `{"order_id":"a","qty":"x"}`, `parameter "qty" must be an integer, got "x"`},
		{"lossy", `{"order_id":"a","qty":"4.5"}`, `parameter "qty" must be an integer, got "4.5"`},
		{"lossy number", `{"order_id":"a","qty":4.5}`, `parameter "qty" must be an integer, got 4.5`},
		{"unknown", `{"ordr_id":"a"}`, `unknown parameter "ordr_id"; did you mean "order_id"? accepted parameters: order_id, verbose, qty, price, items, mode, code; parameter "order_id" is required (string): the order id`},
		{"unknowns", `{"order_id":"a","zzz":1,"verbos":true}`, `unknown parameters "verbos" (did you mean "verbose"?), "zzz"; accepted parameters: order_id, verbose, qty, price, items, mode, code`},
		{"nested", `{"order_id":"a","items":[{"sku":"x"},{"sku":"y","qty":"x"},{"qty":1,"skuu":"z"}]}`,
			`unknown parameter "items[2].skuu"; did you mean "items[2].sku"? accepted parameters in items[2]: sku, qty; parameter "items[1].qty" must be an integer, got "x"; parameter "items[2].sku" is required (string)`},
		{"enum", `{"order_id":"a","mode":"medium"}`, `parameter "mode" must be one of "fast", "slow", got "medium"`},
		{"pattern", `{"order_id":"a","code":"ab"}`, `parameter "code" must match the pattern /^[A-Z]+$/, got "ab"`},
		{"minimum", `{"order_id":"a","price":-1}`, `parameter "price" must be >= 0, got -1`},
		{"container", `{"order_id":{"a":1}}`, `parameter "order_id" must be a string, got an object`},
		{"number for a string at the bound", `{"order_id":` + strings.Repeat("9", 100) + `}`, `{"order_id":"` + strings.Repeat("9", 100) + `","verbose":false}`},
		{"long number for a string", `{"order_id":` + strings.Repeat("9", 101) + `}`,
			`parameter "order_id" must be a string: got a number of 101 characters (at most 100 are taken as text)`},
		{"megabyte number for a string", `{"order_id":` + strings.Repeat("9", 1<<20) + `}`,
			`parameter "order_id" must be a string: got a number of 1048576 characters (at most 100 are taken as text)`},
		{"long number for a nested string", `{"order_id":"a","items":[{"sku":"x"},{"sku":1` + strings.Repeat("0", 200) + `}]}`,
			`parameter "items[1].sku" must be a string: got a number of 201 characters (at most 100 are taken as text)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := decode(t, tt.args)
			var got string
			if err := s.Check(args); err != nil {
				got = err.Error()
			} else {
				b, _ := json.Marshal(args)
				got = string(b)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

func TestRequiredArrayNamesItsItems(t *testing.T) {
	s, err := Compile(json.RawMessage(`{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string"},"description":"labels"}},"required":["tags"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if err, want := s.Check(map[string]any{}), `parameter "tags" is required (array of string): labels`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

func TestCompileErrors(t *testing.T) {
	for _, s := range []string{`{"type":"strin"}`, `{"$ref":"file:///etc/passwd"}`, `[1]`, `{"pattern":"("}`} {
		if _, err := Compile(json.RawMessage(s)); err == nil {
			t.Errorf("Compile(%s): no error", s)
		} else {
			t.Logf("%s: %v", s, err)
		}
	}
}

func TestDefaultIsCopied(t *testing.T) {
	s, err := Compile(json.RawMessage(`{"type":"object","properties":{"tags":{"type":"array","default":["a"]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	a := map[string]any{}
	if err := s.Check(a); err != nil {
		t.Fatal(err)
	}
	a["tags"].([]any)[0] = "changed"
	b := map[string]any{}
	_ = s.Check(b)
	if b["tags"].([]any)[0] != "a" {
		t.Errorf("the default was changed through a call: %v", b)
	}
}

func BenchmarkCheckTwoScalars(b *testing.B) {
	s, err := Compile(json.RawMessage(`{"type":"object","properties":{"order_id":{"type":"string","description":"x"},"verbose":{"type":"boolean"}},"required":["order_id"],"additionalProperties":false}`))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		args := map[string]any{"order_id": "A-1", "verbose": true}
		if err := s.Check(args); err != nil {
			b.Fatal(err)
		}
	}
}

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }

// TestQuickValid: the shortcut for flat schemas accepts only arguments the
// validator accepts, and the schemas it does not apply to are recognised.
func TestQuickValid(t *testing.T) {
	flat := `{"type":"object","properties":{"id":{"type":"string","description":"d"},"n":{"type":"integer","default":3},"x":{"type":"number"},"b":{"type":"boolean"}},"required":["id"],"additionalProperties":false}`
	s, err := Compile(json.RawMessage(flat))
	if err != nil {
		t.Fatal(err)
	}
	if !s.flat {
		t.Fatal("a flat schema is not recognised")
	}
	args := []map[string]any{
		{"id": "a"}, {"id": "a", "n": json.Number("4"), "x": json.Number("1.5"), "b": true},
		{}, {"id": json.Number("1")}, {"id": "a", "n": json.Number("1.5")}, {"id": "a", "n": json.Number("1e3")},
		{"id": "a", "x": json.Number("1e400")}, {"id": "a", "zz": "1"}, {"id": "a", "b": "yes"}, {"id": nil},
		{"id": "a", "n": "7"}, {"id": "a", "x": []any{1}},
	}
	for _, a := range args {
		quick := s.quickValid(a)
		full := s.validate(a) == nil
		if quick && !full {
			t.Errorf("quickValid accepts %v, which the validator refuses", a)
		}
	}
	if !s.quickValid(map[string]any{"id": "a", "n": json.Number("4")}) {
		t.Error("quickValid refuses plain valid arguments")
	}
	for _, schema := range []string{
		`{"type":"object","properties":{"id":{"type":"string","pattern":"^a"}},"additionalProperties":false}`,
		`{"type":"object","properties":{"id":{"type":"string"}}}`,
		`{"type":"object","properties":{"id":{"type":["string","null"]}},"additionalProperties":false}`,
		`{"type":"object","properties":{"tags":{"type":"array"}},"additionalProperties":false}`,
	} {
		s, err := Compile(json.RawMessage(schema))
		if err != nil {
			t.Fatal(err)
		}
		if s.flat {
			t.Errorf("%s counted as flat", schema)
		}
	}
}

func TestTypes(t *testing.T) {
	for _, c := range []struct {
		schema map[string]any
		want   []string
	}{
		{map[string]any{"type": "string"}, []string{"string"}},
		{map[string]any{"type": []any{"string", "null", 3}}, []string{"string", "null"}},
		{map[string]any{"type": []string{"integer"}}, []string{"integer"}},
		{map[string]any{}, nil},
		{nil, nil},
	} {
		if diff := cmp.Diff(c.want, Types(c.schema)); diff != "" {
			t.Errorf("Types(%v) (-want +got):\n%s", c.schema, diff)
		}
	}
}

// A problem quotes a few dozen bytes of a name or value the model made
// up, and an object of 15,000 unknown names gets one short problem that
// lists five of them and counts the rest.
func TestHardening26_12_ProblemsQuoteBriefly(t *testing.T) {
	s, err := Compile(json.RawMessage(orderSchema))
	if err != nil {
		t.Fatal(err)
	}
	huge := strings.Repeat("k", 1<<20)
	many := map[string]any{"order_id": "a"}
	for i := range 15000 {
		many[strings.Repeat("u", 30)+strconv.Itoa(i)] = 1
	}
	for _, tt := range []struct {
		name string
		args map[string]any
		want string
	}{
		{"unknown name", map[string]any{"order_id": "a", huge: 1}, `unknown parameter "kkkk`},
		{"unknown nested name", map[string]any{"order_id": "a", "items": []any{map[string]any{"sku": "x", huge: 1}}}, `unknown parameter "items[0].kkk`},
		{"long string value", map[string]any{"order_id": "a", "code": strings.Repeat("ä", 1<<19)}, `must match the pattern /^[A-Z]+$/, got "ää`},
		{"long number", map[string]any{"order_id": "a", "qty": json.Number("1." + strings.Repeat("5", 900))}, `must be an integer, got 1.555`},
		{"15,000 unknown names", many, ` and 14,995 more; accepted parameters: order_id, verbose`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := s.Check(tt.args)
			if err == nil || len(err.Error()) > 1000 || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%v", err)
			}
		})
	}
}
