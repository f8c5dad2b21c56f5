package toolkit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// scriptRegistry is a code-mode Registry with orders, customers, an adder,
// a capability that leaks its token, one that needs confirmation and a
// YAML capability on srv.
func scriptRegistry(t testing.TB, opts *Options) *Registry {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"id":%q,"price":5}`, strings.TrimPrefix(r.URL.Path, "/items/"))
	}))
	t.Cleanup(srv.Close)
	var o Options
	if opts != nil {
		o = *opts
	}
	o.CodeMode = true
	o.Logger = discardLogger()
	o.Env = testEnv(map[string]string{"BASE_URL": srv.URL})
	o.AllowPrivate = []string{"127.0.0.1"}
	reg := NewRegistry(&o)
	if _, err := reg.LoadBytes("item.yaml", []byte(`
name: get_item
desc: Get an item by id.
params:
  - {name: id, type: string, required: true, description: the item id}
steps:
  - url: ${env:BASE_URL}/items/${param:id}
`)); err != nil {
		t.Fatal(err)
	}
	err := reg.Add(
		&Capability{Name: "list_orders", Description: "List the orders of a customer. Each has an id and a total.",
			Params: []Param{{Name: "customer", Type: TypeString, Required: true}},
			Handler: func(ctx context.Context, c *Call) (Result, error) {
				return TextResult(`[{"id":"o1","total":12.5},{"id":"o2","total":30},{"id":"o3","total":7.5}]`), nil
			}},
		&Capability{Name: "get_customer", Description: "Get a customer's name and tier.",
			Params: []Param{{Name: "id", Type: TypeString, Required: true}},
			Handler: func(ctx context.Context, c *Call) (Result, error) {
				return JSONResult(map[string]any{"name": "Ada " + c.Args["id"].(string), "tier": "gold"})
			}},
		&Capability{Name: "add", Description: "Add two integers.",
			Params: []Param{{Name: "a", Type: TypeInteger, Required: true}, {Name: "b", Type: TypeInteger, Required: true}},
			Handler: func(ctx context.Context, c *Call) (Result, error) {
				a, _ := c.Args["a"].(json.Number).Int64()
				b, _ := c.Args["b"].(json.Number).Int64()
				return JSONResult(map[string]int64{"sum": a + b})
			}},
		&Capability{Name: "greeting", Description: "A greeting, as text.",
			Handler: func(ctx context.Context, c *Call) (Result, error) { return TextResult("hello there"), nil }},
		&Capability{Name: "whoami", Description: "Leaks the caller's token (a careless capability).",
			Handler: func(ctx context.Context, c *Call) (Result, error) {
				v, _ := c.Value("api_token")
				return TextResult("token " + v), nil
			}},
		&Capability{Name: "close_account", Description: "Close the account: needs the user's confirmation.",
			Handler: func(ctx context.Context, c *Call) (Result, error) {
				return Result{Text: "not sent yet: needs the user's confirmation", Signals: Signals{NeedsConfirmation: true}}, nil
			}},
	)
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// runScript calls run_script with script and inputs (JSON, or "").
func runScript(t testing.TB, reg *Registry, script, inputs string, opts ...CallOption) Result {
	t.Helper()
	return runScriptCtx(t, context.Background(), reg, script, inputs, opts...)
}

func runScriptCtx(t testing.TB, ctx context.Context, reg *Registry, script, inputs string, opts ...CallOption) Result {
	t.Helper()
	args := map[string]any{"script": script}
	if inputs != "" {
		args["inputs"] = json.RawMessage(inputs)
	}
	b, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	res, err := reg.Call(ctx, ToolRunScript, b, opts...)
	if err != nil {
		t.Fatalf("Call: %v", err)
	}
	return res
}

// TestRunScriptCombines: a script calls two capabilities and combines
// their results; only the combination comes back.
func TestRunScriptCombines(t *testing.T) {
	reg := scriptRegistry(t, nil)
	res := runScript(t, reg, `
const orders = call('list_orders', {customer: inputs.customer});
const c = call('get_customer', {id: inputs.customer});
let total = 0;
for (const o of orders) total += o.total;
return {name: c.name, orders: orders.length, total};`, `{"customer":"c7"}`)
	wantText(t, res, `{"name":"Ada c7","orders":3,"total":50}`)
	// A YAML capability over HTTP, and a text result.
	res = runScript(t, reg, `return [call('get_item', {id: 'a'}).price + call('get_item', {id: 'b'}).price, call('greeting')];`, "")
	wantText(t, res, `[10,"hello there"]`)
	// Nothing returned is null.
	wantText(t, runScript(t, reg, `call('add', {a: 1, b: 2});`, ""), `null`)
}

// TestRunScriptSearchDescribe: search ranks names with their first
// sentence; describe shows the schema and the signature.
func TestRunScriptSearchDescribe(t *testing.T) {
	reg := scriptRegistry(t, nil)
	wantText(t, runScript(t, reg, `return search('orders of a customer', 1);`, ""),
		`[{"name":"list_orders","description":"List the orders of a customer."}]`)
	wantText(t, runScript(t, reg, `const d = describe('add'); return [d.parameters.required, d.signature];`, ""),
		`[["a","b"],"call(\"add\", {a: number, b: number})"]`)
	wantError(t, runScript(t, reg, `return describe('ad');`, ""), `unknown capability "ad"`, `did you mean "add"`)
}

// TestRunScriptErrors: what goes wrong in a script is a result the model
// can act on, and a call's failure is an exception the script can catch.
func TestRunScriptErrors(t *testing.T) {
	reg := scriptRegistry(t, nil)
	tests := []struct {
		name, script string
		want         []string // the error's text has each; none: a success, want[0]... see text
		text         string   // the successful result
	}{
		{name: "unknown capability", script: `return call('list_order', {customer: 'x'});`,
			want: []string{"run_script: the script threw Error: unknown capability \"list_order\"", `did you mean "list_orders"`, "script line 1:12"}},
		{name: "caught", script: `try { call('nope', {}); } catch (e) { return 'caught: ' + e.message; }`,
			text: `"caught: unknown capability \"nope\"; call query_capabilities to list the capabilities"`},
		{name: "bad params", script: `return call('add', {a: 'one', b: 2});`,
			want: []string{`capability "add"`, `"a"`}},
		{name: "params not an object", script: `return call('add', 5);`, want: []string{"TypeError", "params must be an object"}},
		{name: "name not a string", script: `return call(5);`, want: []string{"TypeError", "name must be"}},
		{name: "thrown", script: "const x = 1;\nthrow new Error('boom ' + x);", want: []string{"threw Error: boom 1 (script line 2:7)"}},
		{name: "thrown value", script: `throw {toString() { return 'custom' }};`, want: []string{"threw custom"}},
		{name: "syntax", script: "const x = ;", want: []string{"run_script: script line 1:11: SyntaxError"}},
		{name: "not a body", script: "}); (function () {", want: []string{"must be a function body"}},
		{name: "bigint", script: "return 2n ** 100000000n;", want: []string{"BigInt is not available"}},
		{name: "reentrant", script: `return call('run_script', {script: 'return 1'});`, want: []string{`unknown capability "run_script"`}},
		{name: "timers", script: `setTimeout(() => 1, 10);`, want: []string{"ReferenceError: setTimeout is not defined"}},
		{name: "no require", script: `return require('fs');`, want: []string{"ReferenceError: require is not defined"}},
		{name: "confirmation", script: `try { call('close_account'); } catch (e) { return e.message; }`,
			text: `"capability \"close_account\" needs the user's confirmation, which a script cannot ask for: it was not run; call it with call_capability"`},
		{name: "cycle", script: `const o = {}; o.o = o; return o;`, want: []string{"circular"}},
		{name: "huge string", script: `return 'x'.repeat(1 << 30);`, want: []string{"RangeError", "over the 16 MiB limit for scripts"}},
		{name: "deep recursion", script: `function f(n) { return f(n + 1) + 1; } return f(0);`, want: []string{"call-stack limit of 1000"}},
		{name: "await", script: `const a = await call('add', {a: 1, b: 2}); const [b] = await Promise.all([call('add', {a: a.sum, b: 1})]); return b.sum;`, text: `4`},
		{name: "never settles", script: `await new Promise(() => {});`, want: []string{"never settles"}},
		{name: "rejected", script: `await Promise.reject(new RangeError('no'));`, want: []string{"threw RangeError: no"}},
		{name: "too many calls", script: `for (;;) call('add', {a: 1, b: 2});`, want: []string{"at most 50 capability calls"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := runScript(t, reg, tt.script, "")
			if tt.want == nil {
				wantText(t, res, tt.text)
				return
			}
			wantError(t, res, tt.want...)
		})
	}
	wantError(t, runScript(t, reg, "  ", ""), `run_script: send {"script"`)
	res, _ := reg.Call(context.Background(), ToolRunScript, json.RawMessage(`{"script":"return 1","extra":1}`))
	wantError(t, res, "extra")
}

// TestRunScriptSandbox: a script cannot change what the next one sees
// (the globals and built-ins are frozen), and the sandbox's size limits
// hold.
func TestRunScriptSandbox(t *testing.T) {
	reg := scriptRegistry(t, nil)
	for _, script := range []string{
		`Object.prototype.polluted = 1;`,
		`Array.prototype.map = function () { return ['pwned']; };`,
		`call.hacked = true;`,
		`globalThis.call = function () { return 'pwned'; };`,
		`JSON.parse = function () { return 'pwned'; };`,
		`Object.getPrototypeOf(function* () {}).constructor.prototype.x = 1;`,
	} {
		res := runScript(t, reg, script, "")
		wantError(t, res, "TypeError")
	}
	wantText(t, runScript(t, reg, `return [({}).polluted, [1].map(x => x + 1), call.hacked, call('add', {a: 1, b: 1}).sum];`, ""),
		`[null,[2],null,2]`)
	// The result is capped like any result.
	reg = scriptRegistry(t, &Options{MaxResultBytes: 100})
	res := runScript(t, reg, `return 'y'.repeat(5000);`, "")
	if res.IsError || len(res.Text) > 300 || !strings.HasPrefix(res.Text, `"yyyy`) {
		t.Errorf("capped result: %d bytes: %.120s", len(res.Text), res.Text)
	}
}

// TestRunScriptTimeout: a runaway loop ends with an error the model reads;
// the time a call waits does not count.
func TestRunScriptTimeout(t *testing.T) {
	reg := scriptRegistry(t, &Options{ScriptTimeout: 50 * time.Millisecond})
	wantError(t, runScript(t, reg, `call('add', {a: 1, b: 2}); while (true) {}`, ""),
		"run_script: the script computed for over 50ms (an endless loop?); it made 1 calls")
	wantError(t, runScript(t, reg, `for (;;) { try { while (true) {} } catch (e) {} }`, ""), "computed for over 50ms")
	if err := reg.Add(&Capability{Name: "slow", Description: "Takes 40 ms.", Handler: func(ctx context.Context, c *Call) (Result, error) {
		time.Sleep(40 * time.Millisecond)
		return TextResult("1"), nil
	}}); err != nil {
		t.Fatal(err)
	}
	wantText(t, runScript(t, reg, `return call('slow') + call('slow') + call('slow');`, ""), `3`)
	// The runtime serves the next script.
	wantText(t, runScript(t, reg, `return 1 + 1;`, ""), `2`)
}

// TestRunScriptCanceled: the caller's context ends the script, in its
// loop or in a call.
func TestRunScriptCanceled(t *testing.T) {
	reg := scriptRegistry(t, &Options{ScriptTimeout: time.Minute})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	wantError(t, runScriptCtx(t, ctx, reg, `while (true) {}`, ""), "run_script: stopped: the call was canceled (context deadline exceeded)")
	started := make(chan struct{})
	if err := reg.Add(&Capability{Name: "block", Description: "Waits for its context.", Handler: func(ctx context.Context, c *Call) (Result, error) {
		close(started)
		<-ctx.Done()
		return Result{}, ctx.Err()
	}}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	go func() { <-started; cancel() }()
	wantError(t, runScriptCtx(t, ctx, reg, `call('block'); while (true) {}`, ""), "canceled")
}

// TestRunScriptBudget: a script's HTTP requests share one call's budget.
func TestRunScriptBudget(t *testing.T) {
	reg := scriptRegistry(t, &Options{MaxRequests: 3})
	res := runScript(t, reg, `let n = 0; for (;;) { try { call('get_item', {id: 'x'}); n++; } catch (e) { return n + ': ' + e.message; } }`, "")
	if res.IsError || !strings.HasPrefix(res.Text, `"3: `) || !strings.Contains(res.Text, "requests") {
		t.Errorf("budget: %s", res.Text)
	}
}

// TestRunScriptSecrets: what the calls know of secrets is redacted from
// the result and the errors of the script.
func TestRunScriptSecrets(t *testing.T) {
	reg := scriptRegistry(t, nil)
	const secret = "tok-s3cr3t-value-42"
	for _, script := range []string{
		`return call('whoami');`,
		`throw new Error(call('whoami'));`,
		`return call('whoami').split('').join('');`,
	} {
		res := runScript(t, reg, script, "", WithValue("api_token", secret))
		if strings.Contains(res.Text, secret) || !strings.Contains(res.Text, "token") {
			t.Errorf("%s: %s", script, res.Text)
		}
	}
}

// TestRunScriptObserved: the Observer sees the script around its calls,
// and the calls in order; the trace draws as Mermaid.
func TestRunScriptObserved(t *testing.T) {
	var mu sync.Mutex
	var events []string
	var end ScriptInfo
	type key struct{}
	obs := &Observer{
		ScriptStart: func(ctx context.Context, s ScriptInfo) context.Context {
			mu.Lock()
			defer mu.Unlock()
			events = append(events, "script start")
			return context.WithValue(ctx, key{}, "in script")
		},
		ScriptEnd: func(ctx context.Context, s ScriptInfo) {
			mu.Lock()
			defer mu.Unlock()
			events = append(events, "script end")
			end = s
		},
		CallStart: func(ctx context.Context, c CallInfo) context.Context {
			mu.Lock()
			defer mu.Unlock()
			events = append(events, fmt.Sprintf("call %s (%v)", c.Capability, ctx.Value(key{})))
			return ctx
		},
	}
	reg := scriptRegistry(t, &Options{Observer: obs})
	runScript(t, reg, `call('add', {a: 1, b: 2}); try { call('add', {}); } catch (e) {} call('nope'); `, "")
	want := []string{"script start", "call add (in script)", "call add (in script)", "script end"}
	if strings.Join(events, "|") != strings.Join(want, "|") {
		t.Errorf("events: %q, want %q", events, want)
	}
	if len(end.Calls) != 3 || end.Calls[0].IsError || !end.Calls[1].IsError || end.Calls[2].Capability != "nope" || !end.IsError {
		t.Errorf("ScriptEnd: %+v", end)
	}
	const wantGraph = `flowchart TD
  start(["run_script"])
  c1["1. call add"]
  start --> c1
  c2["2. call add (error)"]
  c1 --> c2
  c3["3. call nope (error)"]
  c2 --> c3
  done(["error to the model"])
  c3 --> done
`
	if got := end.Mermaid(); got != wantGraph {
		t.Errorf("Mermaid:\n%s\nwant:\n%s", got, wantGraph)
	}
}

// TestRunScriptTools: run_script is an entry tool with code mode only; its
// name is reserved either way; query_capability_detail shows signatures.
func TestRunScriptTools(t *testing.T) {
	plain := NewRegistry(nil)
	if _, err := plain.Call(context.Background(), ToolRunScript, json.RawMessage(`{"script":"return 1"}`)); !errors.Is(err, ErrUnknownTool) {
		t.Errorf("without code mode: %v", err)
	}
	if err := plain.Add(&Capability{Name: ToolRunScript, Handler: func(context.Context, *Call) (Result, error) { return Result{}, nil }}); !errors.Is(err, ErrInvalidCapability) {
		t.Errorf("a capability named run_script: %v", err)
	}
	reg := scriptRegistry(t, nil)
	var names []string
	for _, tool := range reg.Tools() {
		names = append(names, tool.Name)
	}
	if got := strings.Join(names, " "); got != "query_capabilities query_capability_detail call_capability run_script" {
		t.Errorf("tools: %s", got)
	}
	flat := NewRegistry(&Options{Flat: true, CodeMode: true})
	if tools := flat.Tools(); len(tools) != 1 || tools[0].Name != ToolRunScript {
		t.Errorf("flat tools: %v", tools)
	}
	res, _ := reg.Call(context.Background(), ToolQueryDetail, json.RawMessage(`{"name":"get_item"}`))
	if !strings.Contains(res.Text, `"signature":"call(\"get_item\", {id: string})"`) {
		t.Errorf("detail: %s", res.Text)
	}
	res, _ = plain.Call(context.Background(), ToolQueryDetail, json.RawMessage(`{"name":"x"}`))
	if strings.Contains(res.Text, "signature") {
		t.Errorf("detail without code mode: %s", res.Text)
	}
}

// maxEntryToolsBytes is the budget of what the model reads of the entry
// tools (names, descriptions, schemas), run_script included: about 500
// tokens.
const maxEntryToolsBytes = 2200

func TestEntryToolsBudget(t *testing.T) {
	b, err := json.Marshal(NewRegistry(&Options{CodeMode: true}).Tools())
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > maxEntryToolsBytes {
		t.Errorf("the entry tools take %d bytes, over the budget of %d", len(b), maxEntryToolsBytes)
	}
}

func TestScriptSignature(t *testing.T) {
	tests := []struct{ schema, want string }{
		{`{"type":"object","properties":{"id":{"type":"string"},"n":{"type":"integer"}},"required":["id"]}`, `call("x", {id: string, n?: number})`},
		{`{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string","enum":["a","b"]}},"q":{"type":["string","null"]}}}`, `call("x", {q?: string | null, tags?: ("a" | "b")[]})`},
		{`{"type":"object","properties":{"a-b":{"type":"object","properties":{"c":{"type":"boolean"}},"required":["c"]}}}`, `call("x", {"a-b"?: {c: boolean}})`},
		{`{"type":"object"}`, `call("x", object)`},
		{`{}`, `call("x", any)`},
		{`not json`, `call("x", any)`},
	}
	for _, tt := range tests {
		if got := scriptSignature("x", json.RawMessage(tt.schema)); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.schema, got, tt.want)
		}
	}
}

// FuzzRunScript: whatever the script, run_script returns a result (no
// panic, no hang past its bound), and the runtime serves the next script.
func FuzzRunScript(f *testing.F) {
	for _, s := range []string{`return 1`, `while(1){}`, `return call('add', {a: 1, b: 2})`, `throw 1`, `}){`,
		`return search('x')`, `return describe('add')`, `return [].concat.apply([], new Array(1e7))`, `return JSON.parse('[' .repeat(1e6))`} {
		f.Add(s)
	}
	reg := scriptRegistry(f, &Options{ScriptTimeout: 20 * time.Millisecond})
	f.Fuzz(func(t *testing.T, script string) {
		res := runScript(t, reg, script, "")
		if res.Text == "" {
			t.Errorf("empty result for %q", script)
		}
		// The runtime serves the next script (which a loaded machine may
		// stop at its time bound too: that is not a fault).
		if next := runScript(t, reg, `return 1`, ""); next.Text != "1" && !strings.Contains(next.Text, "computed for over") {
			t.Errorf("the next script: %s", next.Text)
		}
	})
}

// TestCodeModeDocScripts runs the scripts of docs/codemode.md.
func TestCodeModeDocScripts(t *testing.T) {
	doc, err := os.ReadFile("docs/codemode.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := fencedBlocks(string(doc), "js")
	if len(blocks) == 0 {
		t.Fatal("no js blocks in docs/codemode.md")
	}
	reg := scriptRegistry(t, nil)
	for _, b := range blocks {
		if res := runScript(t, reg, b, `{"customer":"c7"}`); res.IsError {
			t.Errorf("%s\n: %s", b, res.Text)
		}
	}
}

// TestRunScriptNested: a Go capability that runs run_script itself, from a
// script, is refused: scripts do not nest.
func TestRunScriptNested(t *testing.T) {
	reg := scriptRegistry(t, nil)
	if err := reg.Add(&Capability{Name: "nested", Description: "Runs a script.", Handler: func(ctx context.Context, c *Call) (Result, error) {
		res, err := reg.Call(ctx, ToolRunScript, json.RawMessage(`{"script":"return 1"}`))
		return res, err
	}}); err != nil {
		t.Fatal(err)
	}
	wantText(t, call(t, reg, "nested", `{}`), `1`)
	wantError(t, runScript(t, reg, `return call('nested');`, ""), "run_script: a script cannot run another script")
}
