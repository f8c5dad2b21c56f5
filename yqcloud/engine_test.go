package yqcloud

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"
	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit"
)

// runHook runs body on data (JSON) in rt and returns the result as JSON.
func runHook(t *testing.T, e *engine, rt *jsRuntime, body, data string) (string, error) {
	t.Helper()
	h, err := compileHook("f", FieldResponseParser, body)
	if err != nil {
		t.Fatalf("compile %q: %v", body, err)
	}
	return runCompiled(t, e, rt, h, data)
}

// runCompiled runs h on data (JSON) in rt and returns the result as JSON.
func runCompiled(t testing.TB, e *engine, rt *jsRuntime, h *hook, data string) (string, error) {
	t.Helper()
	v, err := parseDoc(context.Background(), []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	var out string
	err = e.run(context.Background(), rt, h, rt.toJS(v, v.root), func(r goja.Value) error {
		s, ok, err := rt.toJSON(r)
		if !ok && err == nil {
			s = "undefined"
		}
		out = s
		return err
	})
	return out, err
}

// TestHookSemantics checks that data behaves like JSON.parse's objects
// and results serialize like JSON.stringify.
func TestHookSemantics(t *testing.T) {
	const data = `{"b":1,"2":"two","a":{"x":[1,2,{"y":null}]},"content":[{"id":1,"type":"SERVICE","name":"n1"},{"id":2,"type":"CATALOG","name":"n2"}],"__proto__":{"p":1},"big":12345678901234567890,"f":1.50}`
	tests := []struct{ body, want string }{
		{"return data", `{"2":"two","b":1,"a":{"x":[1,2,{"y":null}]},"content":[{"id":1,"type":"SERVICE","name":"n1"},{"id":2,"type":"CATALOG","name":"n2"}],"__proto__":{"p":1},"big":12345678901234567890,"f":1.50}`},
		{"return Object.keys(data)", `["2","b","a","content","__proto__","big","f"]`},
		{"return [data.big, data.f]", `[12345678901234567000,1.5]`},
		{"const {a, content, ...rest} = data; return {...rest, c: 3}", `{"2":"two","b":1,"__proto__":{"p":1},"big":12345678901234567000,"f":1.5,"c":3}`},
		{"return [Array.isArray(data.content), data.content.length, data instanceof Object, data.constructor === Object, _.isPlainObject(data), Object.prototype.toString.call(data.content), Object.getPrototypeOf(data) === Object.prototype]",
			`[true,2,true,true,true,"[object Array]",true]`},
		{"return data.content === data.content && data.content[0] === data.content[0]", `true`},
		{"return JSON.parse(JSON.stringify(data.a))", `{"x":[1,2,{"y":null}]}`},
		{"data.content.push({id: 3}); data.content.sort((a, b) => b.id - a.id); return data.content.map(i => i.id)", `[3,2,1]`},
		{"data.z = 1; delete data.b; data['0'] = 0; return Object.keys(data)", `["0","2","a","content","__proto__","big","f","z"]`},
		{"const out = []; for (const k in data.a) out.push(k); return out", `["x"]`},
		{"return Object.entries(data.content[0])", `[["id",1],["type","SERVICE"],["name","n1"]]`},
		{"return data?.missing?.deep ?? 'default'", `"default"`},
		// Strings and booleans convert at each read; objects and numbers once.
		{"const i = data.content[0]; return [i.name === i.name, i.id === i.id, typeof i.type, i === data.content[0], data.a === data.a]",
			`[true,true,"string",true,true]`},
		{"data.content.forEach(i => i.type + i.name + i.id); return [data.f > 1, data.b, data['2']] && data",
			`{"2":"two","b":1,"a":{"x":[1,2,{"y":null}]},"content":[{"id":1,"type":"SERVICE","name":"n1"},{"id":2,"type":"CATALOG","name":"n2"}],"__proto__":{"p":1},"big":12345678901234567890,"f":1.5}`},
		{"data.content[0].name += '!'; data.content[1].type = data.content[1].type.toLowerCase(); return data.content",
			`[{"id":1,"type":"SERVICE","name":"n1!"},{"id":2,"type":"catalog","name":"n2"}]`},
		{"return [_.pick(data.content[0], ['name', 'id', 'zz']), _.pick(data, ['__proto__', 'b', 'a.x[2].y', 'big', '2'])]",
			`[{"name":"n1","id":1},{"2":"two","b":1,"a":{"x":[null,null,{"y":null}]},"big":12345678901234567000}]`},
		{"return [_.get(data, 'a.x[2].y', 'd'), _.map(data.content, 'name'), _.filter(data.content, {type: 'SERVICE'}).length, Object.keys(_.groupBy(data.content, 'type'))]",
			`[null,["n1","n2"],1,["SERVICE","CATALOG"]]`},
		{"return _.cloneDeep(data.a)", `{"x":[1,2,{"y":null}]}`},
		{"return _.isEqual(data.a, {x: [1, 2, {y: null}]})", `true`},
		{"return [data.content.slice(1).length, data.content.concat([5]).length, [...data.content].length, data.content.reverse()[0].id]", `[1,3,2,2]`},
		{"data.content.length = 0; return data.content", `[]`},
		{"return typeof data.__proto__ === 'object' && data.__proto__.p === 1 && data.p === undefined", `true`},
		{"return {a: undefined, b: () => 1, c: NaN, d: -0, e: 1e21, f: 0.1 + 0.2, g: [undefined, function () {}], h: new Date(0), i: new Number(4), j: new String('s'), k: Symbol('x')}",
			`{"c":null,"d":0,"e":1e+21,"f":0.30000000000000004,"g":[null,null],"h":"1970-01-01T00:00:00.000Z","i":4,"j":"s"}`},
		{"return {toJSON(key) { return 'custom:' + key }}", `"custom:"`},
		{"return [{toJSON(key) { return 'item ' + key }}]", `["item 0"]`},
		{"return Object.keys({b: 1, 2: 1, 1: 1, a: 1})", `["1","2","b","a"]`},
		{"return [new Map([[1, 2]]), new Set([1])]", `[{},{}]`},
		{"return 'text'", `"text"`},
		{"return", `undefined`},
		{"return () => 1", `undefined`},
		{"return [typeof require, typeof process, typeof fetch, typeof module, typeof setTimeout, typeof XMLHttpRequest, typeof console.log]",
			`["undefined","undefined","undefined","undefined","undefined","undefined","function"]`},
		{"console.log('debug', data.a); return 1", `1`},
	}
	e := newSet(&Options{Logger: quiet}).eng
	rt := e.acquire(context.Background(), nil, nil)
	defer e.release(rt)
	for _, tt := range tests {
		t.Run(tt.body, func(t *testing.T) {
			got, err := runHook(t, e, rt, tt.body, data)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestHookStrings: strings read one after another keep their values
// (ASCII and not, short and long, with escapes and without, read once or
// again), in the order read, however they are held: in a result, a
// closure, a Map, joined.
func TestHookStrings(t *testing.T) {
	var many []string
	for i := range 200 {
		many = append(many, strconv.Quote(strconv.Itoa(i%150)))
	}
	data := `{"a":"x","b":"服务","c":"a longer string of more than sixteen bytes","d":"tab\there \u00e9","e":"","list":["1","22","333"],"many":[` + strings.Join(many, ",") + `]}`
	e := newSet(nil).eng
	rt := e.acquire(context.Background(), nil, nil)
	defer e.release(rt)
	got, err := runHook(t, e, rt, `const kept = [data.a, data.b, data.c, data.d, data.e, ...data.list];
const m = new Map(kept.map((s, i) => [s, i])), f = () => kept[0] + kept[1];
const many = data.many.map(s => s), again = data.many.filter((s, i) => s === many[i] && s === String(i % 150));
return [kept, [...m.keys()].join('|'), f(), data.list.map(s => s.length), typeof data.a, again.length, many.slice(148, 152)]`, data)
	if err != nil {
		t.Fatal(err)
	}
	want := `[["x","服务","a longer string of more than sixteen bytes","tab\there é","","1","22","333"],"x|服务|a longer string of more than sixteen bytes|tab\there é||1|22|333","x服务",[1,2,3],"string",200,["148","149","0","1"]]`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestHookIsolation: nothing a run does is visible to the next run on
// the same runtime.
func TestHookIsolation(t *testing.T) {
	e := newSet(nil).eng
	rt := e.acquire(context.Background(), nil, nil)
	defer e.release(rt)
	attacks := []struct{ body, err string }{
		{"globalThis.x = 1; return 1", "Cannot add property x, object is not extensible"},
		{"leaked = 1; return 1", "leaked is not defined"},
		{"(0, eval)('var viaEval = 1'); return 1", ""},
		{"Function('this.viaFunction = 1')(); return 1", ""},
		{"Object.prototype.polluted = 1; return 1", "Cannot add property polluted, object is not extensible"},
		{"Array.prototype.map = null; return 1", "Cannot assign to read only property 'map'"},
		{"JSON.stringify = null; return 1", "Cannot assign to read only property 'stringify'"},
		{"Math.random = () => 4; return 1", "Cannot assign to read only property 'random'"},
		{"_.pick = null; return 1", "Cannot assign to read only property 'pick'"},
		{"globalThis._ = null; return 1", "Cannot assign to read only property '_'"},
		{"console.log = null; return 1", "Cannot assign to read only property 'log'"},
		{"Object.defineProperty(globalThis, 'd', {value: 1}); return 1", "Cannot define property d, object is not extensible"},
	}
	for _, a := range attacks {
		_, err := runHook(t, e, rt, a.body, `{}`)
		if a.err != "" && (err == nil || !strings.Contains(err.Error(), a.err)) {
			t.Errorf("%s: error %v, want %q", a.body, err, a.err)
		}
	}
	got, err := runHook(t, e, rt, `return [typeof x, typeof leaked, typeof viaEval, typeof viaFunction, ({}).polluted, typeof [].map, JSON.stringify({a: 1}), Math.random() < 1, typeof _.pick, typeof console.log, typeof d]`, `{}`)
	if err != nil {
		t.Fatal(err)
	}
	if want := `["undefined","undefined","undefined","undefined",null,"function","{\"a\":1}",true,"function","function","undefined"]`; got != want {
		t.Errorf("after the attacks: %s, want %s", got, want)
	}
}

// TestNestedJSON: a toJSON method that logs an object while the result is
// written gets its own buffer.
func TestNestedJSON(t *testing.T) {
	var buf strings.Builder
	logger := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	e := newSet(&Options{Logger: logger}).eng
	rt := e.acquire(context.Background(), nil, nil)
	defer e.release(rt)
	for range 2 {
		got, err := runHook(t, e, rt, `return {list: [1, 2, 3], item: {toJSON() { console.log('inner', {a: [1, 2]}); return {b: 2}; }}, after: 'x'}`, `{}`)
		if err != nil {
			t.Fatal(err)
		}
		if want := `{"list":[1,2,3],"item":{"b":2},"after":"x"}`; got != want {
			t.Errorf("result %s, want %s", got, want)
		}
	}
	if want := `message="inner {\"a\":[1,2]}"`; strings.Count(buf.String(), want) != 2 {
		t.Errorf("log %q does not hold %q twice", buf.String(), want)
	}
}

// TestResultsOutliveTheBuffer: a result stays as it was written after
// later runs on the same runtime write theirs (toJSON writes into a
// buffer the runtime keeps and copies each result out of it).
func TestResultsOutliveTheBuffer(t *testing.T) {
	e := newSet(nil).eng
	rt := e.acquire(context.Background(), nil, nil)
	defer e.release(rt)
	var got []string
	for i := range 4 {
		s, err := runHook(t, e, rt, fmt.Sprintf("return {run: %d, list: data.list.map(x => x * %d)}", i, i+1), `{"list":[1,2,3]}`)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	want := []string{`{"run":0,"list":[1,2,3]}`, `{"run":1,"list":[2,4,6]}`, `{"run":2,"list":[3,6,9]}`, `{"run":3,"list":[4,8,12]}`}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}

// TestConsole sends console output to the logger at debug level, redacted.
func TestConsole(t *testing.T) {
	var buf strings.Builder
	logger := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	_, reg := load(t, def("logs", `{"type": "object", "properties": {"t": {"type": "string"}}}`, `{"type": "call_url", "url": "/transparent", "responseParser": "console.log('token', data.t, {a: [1]}, 2); console.error('e'); return 1"}`), &Options{Logger: logger})
	res := call(reg, "logs", `{"t": "`+testToken+`"}`, toolkit.WithValue(ValueAccessToken, testToken))
	if res.Text != "1" {
		t.Fatalf("result %+v", res)
	}
	out := buf.String()
	for _, want := range []string{`msg="yqcloud: console.log" function=logs hook=responseParser message="token [REDACTED] {\"a\":[1]} 2"`, `msg="yqcloud: console.error" function=logs hook=responseParser message=e`} {
		if !strings.Contains(out, want) {
			t.Errorf("log %q does not hold %q", out, want)
		}
	}
	if strings.Contains(out, testToken) {
		t.Error("the token reached the log")
	}
}

// msRuntime returns an engine whose hooks time out after 1 ms, and a
// runtime of it.
func msRuntime(t *testing.T) (*engine, *jsRuntime) {
	e := newSet(&Options{HookTimeout: time.Millisecond}).eng
	rt := e.acquire(context.Background(), nil, nil)
	t.Cleanup(func() { e.release(rt) })
	return e, rt
}

func mustCompile(t *testing.T, body string) *hook {
	t.Helper()
	h, err := compileHook("f", FieldResponseParser, body)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestTimeoutAtTheEnd: runs that end about when their timeout fires (they
// spin for 0 to 2 ms with a 1 ms timeout) never pass the interrupt on to
// the runtime's next run. That run gets an hour, so on a loaded machine it
// fails only by an interrupt that is not its own.
func TestTimeoutAtTheEnd(t *testing.T) {
	e, rt := msRuntime(t)
	spin := mustCompile(t, "const end = Date.now() + data % 3; while (Date.now() < end) {} return 1")
	quick := mustCompile(t, "return 2")
	timedOut := 0
	for i := range 300 {
		if _, err := runCompiled(t, e, rt, spin, strconv.Itoa(i)); errors.Is(err, ErrHookTimeout) {
			timedOut++
		} else if err != nil {
			t.Fatal(err)
		}
		e.timeout = time.Hour
		if out, err := runCompiled(t, e, rt, quick, "null"); err != nil || out != "2" {
			t.Fatalf("the run after a spin: %q, %v", out, err)
		}
		e.timeout = time.Millisecond
	}
	if timedOut == 0 {
		t.Error("no spin timed out: the test ran none of the runs it is about")
	}
	t.Logf("%d of 300 spins timed out", timedOut)
}

// TestTimeoutAfterTheScript: a timeout that fires after the script
// returned, while its result is handled, does not stop the runtime's
// next run.
func TestTimeoutAfterTheScript(t *testing.T) {
	e, rt := msRuntime(t)
	h := mustCompile(t, "return 2")
	slow := func(goja.Value) error { time.Sleep(10 * time.Millisecond); return nil }
	// The 1 ms timeout fires while slow runs, after the script; on a busy
	// machine it may fire inside the script instead, and the run fails.
	// Either way the next run must not see it.
	_ = e.run(context.Background(), rt, h, goja.Null(), slow)
	e.timeout = time.Hour
	if out, err := runCompiled(t, e, rt, h, "null"); err != nil || out != "2" {
		t.Errorf("the next run: %q, %v", out, err)
	}
}

// TestReturnsValue: a hook's `return <value>` counts wherever it is in
// the body's statements, and not inside a nested function.
func TestReturnsValue(t *testing.T) {
	tests := []struct {
		body string
		want bool
	}{
		{"return 1", true},
		{"return", false},
		{"data.x = 1", false},
		{"if (data) { return 1 } else { return }", true},
		{"if (data) {} else return 2", true},
		{"switch (data) { case 1: return 3 }", true},
		{"try { f() } catch (e) { } finally { return 4 }", true},
		{"try { f() } catch (e) { return e }", true},
		{"outer: for (;;) { while (data) { do { return 5 } while (0) } }", true},
		{"for (const k in data) { for (const v of data) { return v } }", true},
		{"const f = () => { return 1 }; f()", false},
		{"function g() { return 1 } g()", false},
		{"const o = {m() { return 1 }, get p() { return 2 }}; class C { m() { return 3 } }", false},
		{"const h = function () { return 1 }; return", false},
	}
	for _, tt := range tests {
		prg, err := parser.ParseFile(nil, "t", hookPrefix+tt.body+hookSuffix, 0)
		if err != nil {
			t.Fatalf("%q: %v", tt.body, err)
		}
		if got := returnsValue(hookLiteral(prg).Body); got != tt.want {
			t.Errorf("returnsValue(%q) = %v, want %v", tt.body, got, tt.want)
		}
	}
}

// TestHookWideData: a data object of more members than are looked up by
// a scan reads, writes and deletes by name before and after the script
// changes it.
func TestHookWideData(t *testing.T) {
	var members []string
	for i := range 20 {
		members = append(members, fmt.Sprintf(`"k%d":%d`, i, i))
	}
	data := `{"o":{` + strings.Join(members, ",") + `}}`
	e := newSet(nil).eng
	rt := e.acquire(context.Background(), nil, nil)
	defer e.release(rt)
	got, err := runHook(t, e, rt, `const o = data.o, before = [o.k19, o.k3, 'k7' in o, o.nope];
o.k19 = 'x'; delete o.k3; o.added = 1; o.k0 += 10;
return [before, o.k19, o.k3, 'k3' in o, o.added, o.k18, o.k0, Object.keys(o).length, Object.keys(o).slice(-3)]`, data)
	if err != nil {
		t.Fatal(err)
	}
	if want := `[[19,3,true,null],"x",null,false,1,18,10,20,["k18","k19","added"]]`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
