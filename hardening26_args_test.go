package toolkit

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// callTool runs an entry tool with args built as JSON from v.
func callTool(t *testing.T, reg *Registry, tool string, v any) Result {
	t.Helper()
	args, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	res, err := reg.Call(context.Background(), tool, args)
	if err != nil {
		t.Fatalf("Call: %v", err)
	}
	return res
}

// allocated is the bytes f allocates.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// An error result quotes a few dozen bytes of any one string the model
// sent and counts the rest; a long list of names is cut to a few, counted.
func TestHardening26_12_ErrorsQuoteBriefly(t *testing.T) {
	reg := itemRegistry(t, 50, 0)
	huge := strings.Repeat("x", 1<<20)
	cjk := strings.Repeat("名", 1<<18)
	const limit = 600
	for _, tt := range []struct {
		name string
		tool string
		args any
		want []string
	}{
		{"unknown capability", ToolCallCapability, map[string]any{"name": huge, "parameters": map[string]any{}},
			[]string{`unknown capability "xxxx`, `…" (1,048,576 bytes)`}},
		{"unknown capability, CJK", ToolCallCapability, map[string]any{"name": cjk},
			[]string{`unknown capability "名名`, `…" (786,432 bytes)`}},
		{"detail of an unknown capability", ToolQueryDetail, map[string]any{"name": huge}, []string{`unknown capability "xxx`}},
		{"unknown field of an entry tool", ToolQueryDetail, map[string]any{huge: 1}, []string{`unknown field "xxx`, "(1,048,576 bytes)"}},
		{"unknown field of call_capability", ToolCallCapability, map[string]any{"name": "get_item_00001", huge: 1}, []string{`unknown field "xxx`}},
		{"cursor", ToolQueryCapabilities, map[string]any{"cursor": huge}, []string{`cursor "xxx`}},
		{"category", ToolQueryCapabilities, map[string]any{"category": huge}, []string{`no category \"xxx`, `(1,048,576 bytes)`}},
		{"capability tool called by name", "get_item_00001", map[string]any{huge: 1}, []string{`unknown parameter "xxx`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := callTool(t, reg, tt.tool, tt.args)
			if len(res.Text) > limit {
				t.Errorf("%d bytes: %.300s", len(res.Text), res.Text)
			}
			for _, w := range tt.want {
				if !strings.Contains(res.Text, w) {
					t.Errorf("%.300s\ndoes not contain %q", res.Text, w)
				}
			}
		})
	}
	t.Run("15,000 unknown parameter names", func(t *testing.T) {
		params := map[string]any{"id": "1"}
		for i := range 15000 {
			params[fmt.Sprintf("p%06d", i)] = 1
		}
		res := callTool(t, reg, ToolCallCapability, map[string]any{"name": "get_item_00001", "parameters": params})
		want := `unknown parameters "p000000", "p000001", "p000002", "p000003", "p000004" and 14,995 more; accepted parameters: id`
		if !res.IsError || !strings.Contains(res.Text, want) || len(res.Text) > limit {
			t.Errorf("%d bytes: %.600s\nwant %s", len(res.Text), res.Text, want)
		}
	})
	t.Run("unknown tool", func(t *testing.T) {
		_, err := reg.Call(context.Background(), huge, json.RawMessage(`{}`))
		if err == nil || len(err.Error()) > limit {
			t.Errorf("%d bytes", len(err.Error()))
		}
	})
}

// A keyword of a megabyte is analysed for its first bytes only, and the
// answer echoes those and stays within the discovery budget, for ASCII
// and CJK text.
func TestHardening26_07_HugeKeyword(t *testing.T) {
	reg := itemRegistry(t, 5000, 0)
	budget := reg.exec.DiscoveryBudget()
	for _, tt := range []struct{ name, keyword string }{
		{"ASCII words", strings.Repeat("item catalogue price shops ", 40000)},
		{"one ASCII word", strings.Repeat("x", 1<<20)},
		{"CJK", strings.Repeat("查询商品目录价格", 1<<15)},
		{"mixed", strings.Repeat("item 商品 ", 1<<17)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			args, _ := json.Marshal(map[string]any{"keyword": tt.keyword})
			var res Result
			alloc := allocated(func() {
				var err error
				res, err = reg.Call(context.Background(), ToolQueryCapabilities, args)
				if err != nil {
					t.Fatal(err)
				}
			})
			if res.IsError || len(res.Text) > budget {
				t.Fatalf("%d bytes (budget %d): %.300s", len(res.Text), budget, res.Text)
			}
			if !strings.Contains(res.Text, fmt.Sprintf("of the keyword's %s bytes were searched", commas(len(strings.TrimSpace(tt.keyword))))) {
				t.Errorf("the answer does not say the keyword was cut: %.400s", res.Text)
			}
			// Decoding the arguments holds the keyword (and the decoder
			// its input); analysing it adds a bounded amount.
			t.Logf("%d bytes allocated for %d bytes of arguments", alloc, len(args))
			if max := 8*uint64(len(args)) + 1<<20; alloc > max {
				t.Errorf("%d bytes allocated for %d bytes of arguments (want at most %d)", alloc, len(args), max)
			}
		})
	}
}

func commas(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// 210 KB of [1e1000, ...] (the issue sent 700 KB) through call_capability: validated from the
// numbers' text, with allocation proportional to the request.
func TestHardening26_02_HugeExponentCall(t *testing.T) {
	reg := NewRegistry(&Options{Logger: discardLogger()})
	var got int
	err := reg.Add(&Capability{Name: "sum", Description: "Add numbers.",
		Schema: map[string]any{"type": "object", "properties": map[string]any{
			"ints": map[string]any{"type": "array", "items": map[string]any{"type": "integer", "minimum": 0}},
			"nums": map[string]any{"type": "array", "items": map[string]any{"type": "number", "maximum": 1e6, "multipleOf": 0.5}},
		}},
		Handler: func(_ context.Context, c *Call) (Result, error) {
			got = len(c.Args["ints"].([]any))
			return TextResult("ok"), nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	// Each case has a baseline: as many small numbers judged alike (the
	// validator's work per element, and per problem, is the same).
	for _, tt := range []struct {
		name, n, small, field string
		ok                    bool
	}{
		{"integers 1e1000", "1e1000", "7", "ints", true},
		{"integers 1.5e999", "1.5e999", "7", "ints", true},
		{"integers 1e-1000", "1e-1000", "0.5", "ints", false},
		{"integers 9e+999 and 123456789e-5", "9e+999,123456789e-5", "7,0.5", "ints", false},
		{"numbers 1e1000", "1e1000", "2000001", "nums", false},
		{"numbers -1e-1000", "-1e-1000", "0.3", "nums", false},
		{"numbers -0e999", "-0e999", "0", "nums", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			run := func(n string) (Result, uint64, int) {
				params := `{"ints":[0],"` + tt.field + `":[` + strings.Repeat(n+",", 15000) + `1]}`
				args, _ := json.Marshal(map[string]any{"name": "sum", "parameters": json.RawMessage(params)})
				var res Result
				alloc := allocated(func() {
					var err error
					if res, err = reg.Call(context.Background(), ToolCallCapability, args); err != nil {
						t.Fatal(err)
					}
				})
				return res, alloc, len(args)
			}
			got = 0
			res, alloc, size := run(tt.n)
			_, base, _ := run(tt.small)
			t.Logf("%d bytes of arguments: %d allocated, %d for small numbers", size, alloc, base)
			if res.IsError == tt.ok || len(res.Text) > 2000 {
				t.Errorf("error %v: %.300s", res.IsError, res.Text)
			}
			if tt.ok && tt.field == "ints" && got != 15001 {
				t.Errorf("the handler saw %d numbers", got)
			}
			if max := base*3/2 + uint64(size)*8; alloc > max {
				t.Errorf("%d bytes allocated for %d bytes of arguments (want at most %d)", alloc, size, max)
			}
		})
	}
}

// FuzzHardening26CallArgs: call_capability with any arguments allocates
// at most perByte bytes per byte of them, plus a constant, for numbers of
// any exponent and length, names of any length and any number of them.
func FuzzHardening26CallArgs(f *testing.F) {
	const perByte, constant = 1024, 256 << 10
	many := func(field, n string) string {
		return `{"name":"sum","parameters":{"` + field + `":[` + strings.Repeat(n+",", 300) + n + `]}}`
	}
	for _, n := range []string{"1e1000", "-1e1000", "1.5e999", "1e-1000", "123456789e-5", "-0e999", "9e+999", `"1e1000"`,
		strings.Repeat("7", 1000), "1e1001", strings.Repeat("9", 1001), "1", "[]"} {
		f.Add(many("ints", n))
		f.Add(many("nums", n))
	}
	f.Add(`{"name":"sum","parameters":{"` + strings.Repeat("x", 5000) + `":1}}`)
	f.Add(`{"name":"` + strings.Repeat("s", 5000) + `"}`)
	f.Add(`{"name":"sum","parameters":{` + strings.Repeat(`"p":1,`, 500) + `"q":2}}`)
	reg := NewRegistry(&Options{Logger: discardLogger()})
	err := reg.Add(&Capability{Name: "sum", Description: "Add numbers.",
		Schema: map[string]any{"type": "object", "additionalProperties": false, "properties": map[string]any{
			"ints": map[string]any{"type": "array", "items": map[string]any{"type": "integer", "minimum": 0, "multipleOf": 3}},
			"nums": map[string]any{"type": "array", "items": map[string]any{"type": "number", "maximum": 1e6, "multipleOf": 0.5}},
		}},
		Handler: func(context.Context, *Call) (Result, error) { return TextResult("ok"), nil }})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, args string) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		res, err := reg.Call(context.Background(), ToolCallCapability, json.RawMessage(args))
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > perByte*uint64(len(args))+constant {
			t.Fatalf("%d bytes allocated for %d bytes of arguments", alloc, len(args))
		}
		if len(res.Text) > 4000 {
			t.Fatalf("a %d-byte answer: %.300s", len(res.Text), res.Text)
		}
	})
}
