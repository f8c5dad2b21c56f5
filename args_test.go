package toolkit

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit/internal/callargs"
)

// refDecodeArgs is callargs.Decode with encoding/json alone: the behaviour the
// fast path must keep.
func refDecodeArgs(raw []byte) (map[string]any, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return map[string]any{}, nil
	}
	return callargs.DecodeJSON(raw)
}

// checkDecodeArgs fails when callargs.Decode and refDecodeArgs differ on raw,
// and reports whether the fast path decoded it.
func checkDecodeArgs(t *testing.T, raw []byte) (fast bool) {
	t.Helper()
	got, gotErr := callargs.Decode(raw)
	want, wantErr := refDecodeArgs(raw)
	if errText(gotErr) != errText(wantErr) {
		t.Fatalf("callargs.Decode(%q) error %q, encoding/json %q", raw, errText(gotErr), errText(wantErr))
	}
	if !reflect.DeepEqual(want, got) {
		t.Fatalf("callargs.Decode(%q) (-encoding/json +fast):\n%s", raw, cmp.Diff(want, got))
	}
	m, ok := callargs.Object(bytes.TrimSpace(raw))
	if ok {
		if wantErr != nil {
			t.Fatalf("callargs.Object(%q) decoded what encoding/json refuses: %v", raw, wantErr)
		}
		if !reflect.DeepEqual(want, m) {
			t.Fatalf("callargs.Object(%q) (-encoding/json +fast):\n%s", raw, cmp.Diff(want, m))
		}
	}
	return ok
}

// checkCallArgs fails when callargs.Call disagrees with callargs.Strict on raw
// and reports whether it decoded it.
func checkCallArgs(t *testing.T, raw []byte) (fast bool) {
	t.Helper()
	name, params, decoded, ok := callargs.Call(bytes.TrimSpace(raw))
	if !ok {
		return false
	}
	var in struct {
		Name       string          `json:"name"`
		Parameters json.RawMessage `json:"parameters"`
	}
	if err := callargs.Strict(raw, &in); err != nil {
		t.Fatalf("callargs.Call(%q) decoded what callargs.Strict refuses: %v", raw, err)
	}
	if name != in.Name || !bytes.Equal(params, in.Parameters) || (params == nil) != (in.Parameters == nil) {
		t.Fatalf("callargs.Call(%q) = %q, %q; callargs.Strict %q, %q", raw, name, params, in.Name, in.Parameters)
	}
	if len(params) > 0 && params[0] == '{' {
		want, err := refDecodeArgs(params)
		if err != nil {
			t.Fatalf("parameters of %q: encoding/json: %v", raw, err)
		}
		if !reflect.DeepEqual(want, decoded) {
			t.Fatalf("callargs.Call(%q) parameters (-encoding/json +fast):\n%s", raw, cmp.Diff(want, decoded))
		}
	} else if decoded != nil {
		t.Fatalf("callargs.Call(%q) decoded parameters %q that are not an object", raw, params)
	}
	return true
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

var argsCases = []struct {
	name, in string
	fast     bool // the hand-written decoder handles it
}{
	{"empty", ``, false},
	{"blank", " \t\n", false},
	{"null", `null`, false},
	{"empty object", `{}`, true},
	{"whitespace", " \t\r\n{ \"a\" :\t\"b\" ,\n\"c\" : 1 }\n ", true},
	{"unicode whitespace trimmed", "\u00a0{\"a\":1}\u2028", true},
	{"flat", `{"s":"x","n":12,"f":-1.5e3,"t":true,"F":false,"z":null}`, true},
	{"unicode", `{"名前":"こんにちは 👋","e":"é"}`, true},
	{"U+FFFD and U+2028 kept", `{"a":"` + "\uFFFD\u2028" + `"}`, true},
	{"big numbers", `{"i":123456789012345678901234567890,"f":1.000000000000000000001}`, true},
	{"minus zero", `{"a":-0,"b":-0.0,"c":0e0}`, true},
	{"huge exponent", `{"a":1e400,"b":-1E-400,"c":2e+5}`, true},
	{"nested", `{"o":{"p":[1,"x",{"q":null}],"e":[]},"a":[[]]}`, true},
	{"duplicate keys", `{"a":1,"a":"two","o":{"k":1},"o":{"j":2}}`, true},
	{"empty key", `{"":""}`, true},
	{"escaped string", `{"a":"line\nbreak \"q\" \u00e9 \ud83d\ude00"}`, false},
	{"escaped key", `{"\u0061":1}`, false},
	{"lone surrogate", `{"a":"\ud800"}`, false},
	{"invalid UTF-8", "{\"a\":\"x\xffy\",\"b\":\"\xed\xa0\x80\"}", false},
	{"invalid UTF-8 key", "{\"\xc3\":1}", false},
	{"control byte", "{\"a\":\"x\ty\"}", false},
	{"trailing garbage", `{"a":1} x`, false},
	{"second object", `{"a":1} {}`, false},
	{"trailing brace accepted", `{"a":1}}`, false},
	{"trailing bracket accepted", `{"a":1}]`, false},
	{"trailing comma", `{"a":1,}`, false},
	{"unclosed", `{"a":1`, false},
	{"leading zero", `{"a":01}`, false},
	{"bare minus", `{"a":-}`, false},
	{"bare dot", `{"a":1.}`, false},
	{"bare exponent", `{"a":1e}`, false},
	{"plus sign", `{"a":+1}`, false},
	{"bad literal", `{"a":tru}`, false},
	{"literal glued", `{"a":truex}`, false},
	{"single quotes", `{'a':1}`, false},
	{"array", `[1,2]`, false},
	{"string", `"{}"`, false},
	{"number", `42`, false},
	{"deep", strings.Repeat(`{"a":`, 40) + `1` + strings.Repeat(`}`, 40), false},
	{"deep under limit", `{"a":` + strings.Repeat(`[`, 30) + strings.Repeat(`]`, 30) + `}`, true},
}

func TestDecodeArgs(t *testing.T) {
	for _, tt := range argsCases {
		t.Run(tt.name, func(t *testing.T) {
			if fast := checkDecodeArgs(t, []byte(tt.in)); fast != tt.fast {
				t.Errorf("fast path %v, want %v", fast, tt.fast)
			}
		})
	}
}

func TestDecodeArgsValues(t *testing.T) {
	got, err := callargs.Decode([]byte(`{"n":-0,"big":1e400,"s":"x","a":[true,null],"a2":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"n": json.Number("-0"), "big": json.Number("1e400"), "s": "x",
		"a": []any{true, nil}, "a2": []any{},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestFastCallArgs(t *testing.T) {
	tests := []struct {
		name, in string
		fast     bool
	}{
		{"usual", `{"name":"get_order","parameters":{"order_id":"A-1001"}}`, true},
		{"spaced", " { \"parameters\" : { \"n\" : 1 } , \"name\" : \"x\" } ", true},
		{"name only", `{"name":"x"}`, true},
		{"empty", `{}`, true},
		{"parameters null", `{"name":"x","parameters":null}`, true},
		{"parameters string", `{"name":"x","parameters":"{}"}`, true},
		{"parameters array", `{"name":"x","parameters":[1]}`, true},
		{"duplicate parameters", `{"name":"x","parameters":{"a":1},"parameters":{"b":2}}`, true},
		{"object then string", `{"parameters":{"a":1},"parameters":"s"}`, true},
		{"duplicate name", `{"name":"x","name":"y"}`, true},
		{"unknown field", `{"capability":"add"}`, false},
		{"case-folded field", `{"Name":"x"}`, false},
		{"name null", `{"name":null}`, false},
		{"name number", `{"name":1}`, false},
		{"escaped name", `{"name":"a\u0062"}`, false},
		{"escaped parameters", `{"name":"x","parameters":{"a":"\n"}}`, false},
		{"second object", `{"name":"add"} {}`, false},
		{"null", `null`, false},
		{"blank", ``, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if fast := checkCallArgs(t, []byte(tt.in)); fast != tt.fast {
				t.Errorf("fast path %v, want %v", fast, tt.fast)
			}
		})
	}
}

// callRecorder is a registry whose capabilities record the Call they get.
type callRecorder struct {
	reg  *Registry
	last *Call
}

func newCallRecorder(t testing.TB) *callRecorder {
	rec := &callRecorder{reg: NewRegistry(nil)}
	h := func(_ context.Context, c *Call) (Result, error) {
		rec.last = c
		return TextResult("ok"), nil
	}
	err := rec.reg.Add(
		&Capability{Name: "schema", Schema: map[string]any{"type": "object"}, Handler: h},
		&Capability{Name: "typed", Handler: h, Params: []Param{
			{Name: "s", Type: TypeString},
			{Name: "n", Type: TypeNumber},
			{Name: "i", Type: TypeInteger, Default: 7},
			{Name: "b", Type: TypeBoolean},
			{Name: "v", Type: TypeString, Validate: regexp.MustCompile(`^[a-z]*$`)},
		}},
	)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// check runs call_capability through Call and through the encoding/json
// path (callargs.Strict, then callCapability) and fails when they differ.
func (rec *callRecorder) check(t *testing.T, args []byte) {
	t.Helper()
	ctx := context.Background()
	rec.last = nil
	got, err := rec.reg.Call(ctx, ToolCallCapability, args)
	if err != nil {
		t.Fatal(err)
	}
	gotCall := rec.last
	rec.last = nil
	var in struct {
		Name       string          `json:"name"`
		Parameters json.RawMessage `json:"parameters"`
	}
	var want Result
	if err := callargs.Strict(args, &in); err != nil {
		want = ErrorResult("call_capability: " + err.Error() + `; send {"name": "...", "parameters": {...}}`)
	} else {
		want = rec.reg.callCapability(ctx, in.Name, in.Parameters, nil, nil)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("Call(%q) result (-encoding/json +fast):\n%s", args, diff)
	}
	if (gotCall == nil) != (rec.last == nil) {
		t.Fatalf("Call(%q): handler ran %v, with encoding/json %v", args, gotCall != nil, rec.last != nil)
	}
	if gotCall == nil {
		return
	}
	if !reflect.DeepEqual(rec.last.Args, gotCall.Args) {
		t.Fatalf("Call(%q) Args (-encoding/json +fast):\n%s", args, cmp.Diff(rec.last.Args, gotCall.Args))
	}
	if !bytes.Equal(rec.last.RawArgs, gotCall.RawArgs) {
		t.Fatalf("Call(%q) RawArgs %q, with encoding/json %q", args, gotCall.RawArgs, rec.last.RawArgs)
	}
}

func TestCallArgsFastPath(t *testing.T) {
	rec := newCallRecorder(t)
	for _, args := range []string{
		`{"name":"schema","parameters":{"a":[1,{"b":null}],"s":"x"}}`,
		`{"name":"schema","parameters":{}}`,
		`{"name":"schema"}`,
		`{"name":"schema","parameters":null}`,
		`{"name":"schema","parameters":"{\"a\":1}"}`,
		`{"name":"schema","parameters":"{}"}`,
		`{"name":"schema","parameters":[1]}`,
		`{"name":"schema","parameters":{"a":1}}}`,
		`{"name":"typed","parameters":{"s":"x","n":"1.5","i":"4.0","b":"true","v":"abc"}}`,
		`{"name":"typed","parameters":{"s":1,"n":1e400,"i":-0,"b":false}}`,
		`{"name":"typed","parameters":{"i":1.5,"x":1,"v":"A"}}`,
		`{"name":"typed","parameters":{"i":null}}`,
		`{"name":"typed","parameters":{"s":"\u00e9"}}`,
		`{"name":"nope","parameters":{}}`,
		`{"name":"schema","parameters":{"a":1},"extra":2}`,
		`{"name":"schema"} {}`,
		`{}`,
		``,
	} {
		rec.check(t, []byte(args))
	}
	rec.check(t, []byte(`{"name":"typed","parameters":{"s":"x","n":-0,"i":"4.0"}}`))
	if rec.last == nil {
		t.Fatal("handler did not run")
	}
	want := map[string]any{"s": "x", "n": json.Number("-0"), "i": json.Number("4")}
	if diff := cmp.Diff(want, rec.last.Args); diff != "" {
		t.Errorf("Args (-want +got):\n%s", diff)
	}
	if got := string(rec.last.RawArgs); got != `{"s":"x","n":-0,"i":"4.0"}` {
		t.Errorf("RawArgs = %q", got)
	}
}

// TestCallRawArgsOwned checks that Call.RawArgs does not alias the
// caller's buffer, as with encoding/json.
func TestCallRawArgsOwned(t *testing.T) {
	rec := newCallRecorder(t)
	args := []byte(`{"name":"schema","parameters":{"a":"b"}}`)
	if _, err := rec.reg.Call(context.Background(), ToolCallCapability, args); err != nil {
		t.Fatal(err)
	}
	for i := range args {
		args[i] = ' '
	}
	if got := string(rec.last.RawArgs); got != `{"a":"b"}` {
		t.Errorf("RawArgs = %q after the caller reused its buffer", got)
	}
}

var fuzzSeeds = []string{
	`{"name":"get_order","parameters":{"order_id":"A-1001"}}`,
	`{"name":"typed","parameters":{"s":"x","n":1.5,"i":2,"b":true}}`,
	`{"name":"schema","parameters":"{\"a\":1}"}`,
	`{"name":"schema","parameters":{"a":[1,{"b":null}],"a":-0}}`,
	`{"name":"x"} {}`,
	`{"capability":"x"}`,
}

// FuzzDecodeArgs compares callargs.Decode with encoding/json (UseNumber).
func FuzzDecodeArgs(f *testing.F) {
	for _, tt := range argsCases {
		f.Add([]byte(tt.in))
	}
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		checkDecodeArgs(t, raw)
	})
}

// FuzzCallArgs compares call_capability's argument decoding with
// callargs.Strict, alone and through Registry.Call.
func FuzzCallArgs(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	for _, tt := range argsCases {
		f.Add([]byte(`{"name":"schema","parameters":` + tt.in + `}`))
		f.Add([]byte(`{"name":"typed","parameters":` + tt.in + `}`))
	}
	rec := newCallRecorder(f)
	f.Fuzz(func(t *testing.T, raw []byte) {
		checkCallArgs(t, raw)
		rec.check(t, raw)
	})
}

func BenchmarkDecodeCallArgs(b *testing.B) {
	args := []byte(`{"name":"get_order","parameters":{"order_id":"A-1001","limit":10,"deep":true}}`)
	b.Run("fast", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, m, ok := callargs.Call(args); !ok || len(m) != 3 {
				b.Fatal("not decoded")
			}
		}
	})
	b.Run("encoding_json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var in struct {
				Name       string          `json:"name"`
				Parameters json.RawMessage `json:"parameters"`
			}
			if err := callargs.Strict(args, &in); err != nil {
				b.Fatal(err)
			}
			if m, err := callargs.DecodeJSON(in.Parameters); err != nil || len(m) != 3 {
				b.Fatal(err)
			}
		}
	})
}

// TestNumberForStringBounded: a JSON number given for a string parameter is
// taken as its text up to callargs.MaxNumberText characters; a longer one
// (a megabyte of digits) is refused, naming the parameter, and the
// capability does not run.
func TestNumberForStringBounded(t *testing.T) {
	reg := NewRegistry(nil)
	var got []string
	err := reg.Add(&Capability{Name: "get_order", Description: "Look up an order.",
		Params: []Param{{Name: "order_id", Type: TypeString, Required: true}},
		Handler: func(_ context.Context, c *Call) (Result, error) {
			got = append(got, c.Args["order_id"].(string))
			return TextResult("ok"), nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("9", callargs.MaxNumberText)
	for _, tt := range []struct {
		digits int
		want   string
	}{
		{callargs.MaxNumberText, "ok"},
		{callargs.MaxNumberText + 1, `parameter "order_id" must be a string: got a number of 101 characters (at most 100 are taken as text)`},
		{1 << 20, `parameter "order_id" must be a string: got a number of 1048576 characters (at most 100 are taken as text)`},
	} {
		res, err := reg.Call(context.Background(), "get_order", json.RawMessage(`{"order_id":`+strings.Repeat("9", tt.digits)+`}`))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(res.Text, tt.want) || res.IsError != (tt.want != "ok") {
			t.Errorf("%d digits: %.300q (IsError %v), want %q", tt.digits, res.Text, res.IsError, tt.want)
		}
	}
	if diff := cmp.Diff([]string{long}, got); diff != "" {
		t.Errorf("the capability got (-want +got):\n%s", diff)
	}
}
