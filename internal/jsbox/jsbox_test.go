package jsbox

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"
)

func newTestRuntime(t *testing.T) *Runtime {
	t.Helper()
	rt, err := NewRuntime("scripts", 100, nil)
	if err != nil {
		t.Fatal(err)
	}
	return rt
}

// run compiles body as a function of no parameters and runs it in rt,
// returning its result as JSON or the error's text.
func run(t *testing.T, ctx context.Context, rt *Runtime, body string) (string, error) {
	t.Helper()
	prog, err := CompileBody("function ()", body)
	if err != nil {
		return "", err
	}
	var out string
	halted, err := rt.Run(ctx, func() error {
		err := rt.Try(func() {
			v, err := rt.VM.RunProgram(prog)
			if err != nil {
				panic(err)
			}
			fn, _ := goja.AssertFunction(v)
			if v, err = fn(goja.Undefined()); err != nil {
				panic(err)
			}
			w := Writer{B: rt.Bounds, What: "the result"}
			b, _ := w.Append(nil, v)
			out = string(b)
		})
		if err != nil {
			return errors.New(rt.ErrorText(err, 100, 200))
		}
		return nil
	})
	if halted != nil {
		return "", halted
	}
	return out, err
}

func TestRuntime(t *testing.T) {
	rt := newTestRuntime(t)
	ctx := context.Background()
	tests := []struct{ body, want string }{
		{`return {a: [1, 'x', null, undefined, () => 1], b: new Number(2), c: {toJSON() { return 'j' }}, d: NaN}`, `{"a":[1,"x",null,null,null],"b":2,"c":"j","d":null}`},
		{`return JSON.stringify({k: [1, {m: 'é'}]}, null, 2)`, `"{\n  \"k\": [\n    1,\n    {\n      \"m\": \"é\"\n    }\n  ]\n}"`},
		{`const o = {}; o.o = o; return o`, `threw TypeError: Converting circular structure to JSON`},
		{`return 'x'.repeat(1 << 25)`, `limit for scripts`},
		{`function f() { return f() } return f()`, `call-stack limit of 100`},
		{`throw new Error('a'.repeat(300))`, `… (307 bytes) (script line 1:7)`},
		{`Object.prototype.x = 1`, `threw TypeError`},
		{`return [({}).x, typeof setTimeout, typeof BigInt, typeof Uint8Array]`, `[null,"undefined","undefined","undefined"]`},
	}
	for _, tt := range tests {
		got, err := run(t, ctx, rt, tt.body)
		if err != nil {
			got = err.Error()
		}
		if !strings.Contains(got, tt.want) {
			t.Errorf("%s:\n got %s\nwant %s", tt.body, got, tt.want)
		}
	}
}

// TestRuntimeHalt: a context's end stops a loop, and the runtime serves
// the next run.
func TestRuntimeHalt(t *testing.T) {
	rt := newTestRuntime(t)
	ctx, cancel := context.WithTimeoutCause(context.Background(), 20*time.Millisecond, errors.New("too long"))
	defer cancel()
	if _, err := run(t, ctx, rt, `for (;;) { try { while (true) {} } catch (e) {} }`); err == nil || err.Error() != "too long" {
		t.Errorf("halted with %v", err)
	}
	if got, err := run(t, context.Background(), rt, `return 1`); err != nil || got != "1" || !rt.Reusable() {
		t.Errorf("next run: %s, %v", got, err)
	}
}

func TestCompileBody(t *testing.T) {
	for body, want := range map[string]string{
		"return 1 +;":        "script line 1:11: SyntaxError: Unexpected token ;",
		"}); (function () {": "must be a function body",
		"return 1n":          "script line 1:8: SyntaxError: BigInt is not available",
		"return (" + strings.Repeat("(", 1<<15) + "1": "over 32768 characters",
		"x\n('": "script line 2:",
	} {
		if _, err := CompileBody("function ()", body); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%.40q: %v, want %s", body, err, want)
		}
	}
}
