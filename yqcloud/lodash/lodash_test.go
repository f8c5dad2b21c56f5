package lodash_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dop251/goja"
	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit/yqcloud/lodash"
)

func newRuntime(tb testing.TB) *goja.Runtime {
	tb.Helper()
	vm := goja.New()
	if err := lodash.Install(vm); err != nil {
		tb.Fatal(err)
	}
	return vm
}

type corpusCase struct {
	Name string `json:"name"`
	Expr string `json:"expr"`
}

type goldenFile struct {
	Lodash  string                     `json:"lodash"`
	Results map[string]json.RawMessage `json:"results"`
}

// member and object keep JSON object keys in order, so key order is compared too.
type member struct {
	Key   string
	Value any
}

type object []member

func decodeOrdered(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := readValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("trailing data after JSON value")
	}
	return v, nil
}

func readValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
	switch d {
	case '[':
		arr := []any{}
		for dec.More() {
			v, err := readValue(dec)
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		_, err = dec.Token()
		return arr, err
	case '{':
		obj := object{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := readValue(dec)
			if err != nil {
				return nil, err
			}
			obj = append(obj, member{Key: k.(string), Value: v})
		}
		_, err = dec.Token()
		return obj, err
	}
	return nil, fmt.Errorf("unexpected delimiter %v", d)
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// TestCorpus runs every case of testdata/corpus.json with our _ in goja and
// compares the encoded result with real lodash's (testdata/golden.json).
func TestCorpus(t *testing.T) {
	var cases []corpusCase
	readJSON(t, "testdata/corpus.json", &cases)
	var golden goldenFile
	readJSON(t, "testdata/golden.json", &golden)
	if len(cases) < 400 {
		t.Errorf("corpus has %d cases, want at least 400", len(cases))
	}

	vm := newRuntime(t)
	enc, err := os.ReadFile("testdata/encode.js")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := vm.RunScript("encode.js", string(enc)); err != nil {
		t.Fatal(err)
	}
	run, ok := goja.AssertFunction(vm.Get("__lodashCase"))
	if !ok {
		t.Fatal("encode.js did not define __lodashCase")
	}
	lib := vm.Get("_")

	seen := make(map[string]bool, len(cases))
	for _, c := range cases {
		if seen[c.Name] {
			t.Errorf("%s: duplicate case name", c.Name)
			continue
		}
		seen[c.Name] = true
		want, ok := golden.Results[c.Name]
		if !ok {
			t.Errorf("%s: no golden result; run testdata/gen_golden.js", c.Name)
			continue
		}
		timer := time.AfterFunc(5*time.Second, func() { vm.Interrupt("case timed out") })
		v, err := run(goja.Undefined(), lib, vm.ToValue(c.Expr))
		timer.Stop()
		vm.ClearInterrupt()
		if err != nil {
			t.Errorf("%s: %s: %v", c.Name, c.Expr, err)
			continue
		}
		got, err := decodeOrdered([]byte(v.String()))
		if err != nil {
			t.Errorf("%s: decoding our result %s: %v", c.Name, v.String(), err)
			continue
		}
		wantV, err := decodeOrdered(want)
		if err != nil {
			t.Errorf("%s: decoding golden result: %v", c.Name, err)
			continue
		}
		if diff := cmp.Diff(wantV, got); diff != "" {
			t.Errorf("%s: %s\n(-lodash %s +ours)\n%s", c.Name, c.Expr, golden.Lodash, diff)
		}
	}
	for name := range golden.Results {
		if !seen[name] {
			t.Errorf("golden.json has a result for %q, which is not in corpus.json", name)
		}
	}
}

const checkIntact = `JSON.stringify([typeof _.map, typeof _.filter, _.pick({a: 1, b: 2}, ['a']),
	_.map([1, 2], x => x * 2), Object.isFrozen(_), Object.isFrozen(_.pick), _.extra === undefined])`

const intact = `["function","function",{"a":1},[2,4],true,true,true]`

func TestFrozenSloppyWritesHaveNoEffect(t *testing.T) {
	vm := newRuntime(t)
	tamper := []string{
		`_.map = null`,
		`delete _.filter`,
		`_.extra = 1`,
		`_ = null`,
		`globalThis._ = {}`,
		`_.pick.call = null; _.pick.extra = 1`,
		`(function (data, _) { _.pick = () => 'hacked'; })({}, _)`,
	}
	for _, src := range tamper {
		if _, err := vm.RunString(src); err != nil {
			t.Errorf("%s: %v", src, err)
		}
		v, err := vm.RunString(checkIntact)
		if err != nil {
			t.Fatalf("after %s: %v", src, err)
		}
		if diff := cmp.Diff(intact, v.String()); diff != "" {
			t.Errorf("after %s: _ changed (-want +got)\n%s", src, diff)
		}
	}
}

func TestFrozenStrictWritesThrow(t *testing.T) {
	vm := newRuntime(t)
	tamper := []string{
		`_.map = null`,
		`delete _.filter`,
		`_.extra = 1`,
		`_ = null`,
		`globalThis._ = {}`,
		`_.pick.extra = 1`,
		`Object.defineProperty(_, 'map', {value: 1})`,
		`Object.setPrototypeOf(_, null)`,
		`Object.defineProperty(globalThis, '_', {value: {}})`,
	}
	for _, src := range tamper {
		_, err := vm.RunString(`'use strict';` + src)
		if err == nil || !strings.Contains(err.Error(), "TypeError") {
			t.Errorf("%s: err = %v, want a TypeError", src, err)
		}
		v, err := vm.RunString(checkIntact)
		if err != nil {
			t.Fatalf("after %s: %v", src, err)
		}
		if diff := cmp.Diff(intact, v.String()); diff != "" {
			t.Errorf("after %s: _ changed (-want +got)\n%s", src, diff)
		}
	}
}

func TestInstall(t *testing.T) {
	if lodash.Program() != lodash.Program() {
		t.Error("Program() compiled twice")
	}

	vm := newRuntime(t)
	if err := lodash.Install(vm); !errors.Is(err, lodash.ErrDefined) {
		t.Errorf("second Install: err = %v, want ErrDefined", err)
	}

	other := goja.New()
	if err := other.Set("_", 1); err != nil {
		t.Fatal(err)
	}
	if err := lodash.Install(other); !errors.Is(err, lodash.ErrDefined) {
		t.Errorf("Install over an existing _: err = %v, want ErrDefined", err)
	}
	if got := other.Get("_").Export(); got != int64(1) {
		t.Errorf("existing _ was replaced: %v", got)
	}

	// Running the program directly gives the same frozen library.
	direct := goja.New()
	if _, err := direct.RunProgram(lodash.Program()); err != nil {
		t.Fatal(err)
	}
	v, err := direct.RunString(checkIntact)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(intact, v.String()); diff != "" {
		t.Errorf("RunProgram: (-want +got)\n%s", diff)
	}
}

func TestConcurrentRuntimes(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			vm := goja.New()
			if err := lodash.Install(vm); err != nil {
				errs <- err
				return
			}
			v, err := vm.RunString(fmt.Sprintf(`_.sum(_.range(%d))`, i+1))
			if err != nil {
				errs <- err
				return
			}
			if got, want := v.ToInteger(), int64(i*(i+1)/2); got != want {
				errs <- fmt.Errorf("runtime %d: sum = %d, want %d", i, got, want)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// Hook data may arrive as Go values wrapped by vm.ToValue instead of JSON.parse output.
func TestGoBackedValues(t *testing.T) {
	data := map[string]any{
		"content": []any{
			map[string]any{"id": 1, "name": "VPN", "type": "SERVICE", "tags": []any{"net", "vpn"}},
			map[string]any{"id": 2, "name": "Doc", "type": "LINK", "tags": []any{}},
			map[string]any{"id": 3, "name": "Log", "type": "RECORD", "meta": map[string]any{"owner": "ops"}},
		},
		"total": 3,
	}
	tests := []struct {
		name, script string
		want         any
	}{
		{"pick", `_.pick(data.content[0], ['id', 'name', 'missing'])`, map[string]any{"id": int64(1), "name": "VPN"}},
		{"map property", `_.map(data.content, 'name')`, []any{"VPN", "Doc", "Log"}},
		{"filter matches", `_.map(_.filter(data.content, {type: 'RECORD'}), 'id')`, []any{int64(3)}},
		{"filter pair", `_.map(_.filter(data.content, ['type', 'SERVICE']), 'id')`, []any{int64(1)}},
		{"get deep", `_.get(data, 'content[2].meta.owner')`, "ops"},
		{"get default", `_.get(data, 'content[1].meta.owner', 'none')`, "none"},
		{"has", `[_.has(data, 'content[0].tags[1]'), _.has(data, 'content[1].tags[0]')]`, []any{true, false}},
		{"sortBy desc", `_.map(_.orderBy(data.content, 'id', 'desc'), 'id')`, []any{int64(3), int64(2), int64(1)}},
		{"groupBy", `_.mapValues(_.groupBy(data.content, 'type'), 'length')`, map[string]any{"SERVICE": int64(1), "LINK": int64(1), "RECORD": int64(1)}},
		{"flatMap", `_.flatMap(data.content, i => i.tags || [])`, []any{"net", "vpn"}},
		{"predicates", `[_.isArray(data.content), _.isPlainObject(data), _.isEmpty(data.content[1].tags), _.size(data)]`, []any{true, true, true, int64(2)}},
		{"keys sorted", `_.sortBy(_.keys(data))`, []any{"content", "total"}},
		{"isEqual", `_.isEqual(data.content[2].meta, {owner: 'ops'})`, true},
		{"cloneDeep", `(() => { const c = _.cloneDeep(data.content[0]); c.tags.push('x'); return [c.tags.length, data.content[0].tags.length]; })()`, []any{int64(3), int64(2)}},
		{"merge", `_.merge({}, data.content[2], {meta: {team: 'a'}}).meta`, map[string]any{"owner": "ops", "team": "a"}},
	}
	vm := newRuntime(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := vm.Set("data", vm.ToValue(data)); err != nil {
				t.Fatal(err)
			}
			v, err := vm.RunString(tt.script)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, v.Export()); diff != "" {
				t.Errorf("%s (-want +got)\n%s", tt.script, diff)
			}
		})
	}
}

// FuzzPath checks that any path string reads back what set wrote and unset removes it, without throwing.
func FuzzPath(f *testing.F) {
	for _, s := range []string{"a", "a.b[0].c", "a['x.y']", `a["q\"r"]`, "a..b", ".a", "a[]", "[0][1]", "a[-1.5]", "", "[.]", "constructor.x", "__proto__"} {
		f.Add(s)
	}
	vm := newRuntime(f)
	check, err := vm.RunString(`(function (p) {
		var parts = _.toPath(p);
		// An empty path ('[.]') writes nothing; unsafe keys are never written.
		if (!parts.length || parts.some(k => k === '__proto__' || k === 'constructor' || k === 'prototype')) return 'skip';
		var o = _.set({}, p, 'v');
		return [_.get(o, p), _.has(o, p), _.hasIn(o, p), _.unset(o, p), _.get(o, p) === undefined].join();
	})`)
	if err != nil {
		f.Fatal(err)
	}
	fn, _ := goja.AssertFunction(check)
	f.Fuzz(func(t *testing.T, path string) {
		v, err := fn(goja.Undefined(), vm.ToValue(path))
		if err != nil {
			t.Fatalf("path %q: %v", path, err)
		}
		if got := v.String(); got != "skip" && got != "v,true,true,true,true" {
			t.Errorf("path %q: get,has,hasIn,unset,gone = %s", path, got)
		}
	})
}

func ExampleInstall() {
	vm := goja.New()
	if err := lodash.Install(vm); err != nil {
		panic(err)
	}
	v, err := vm.RunString(`
		const items = [
			{id: 1, name: 'VPN', type: 'SERVICE'},
			{id: 2, name: 'Wiki', type: 'LINK'},
			{id: 3, name: 'Laptop', type: 'SERVICE'},
		];
		JSON.stringify({
			names: _.map(_.filter(items, {type: 'SERVICE'}), 'name'),
			byType: _.countBy(items, 'type'),
			key: _.camelCase('service_item-list'),
		});
	`)
	if err != nil {
		panic(err)
	}
	fmt.Println(v)
	// Output: {"names":["VPN","Laptop"],"byType":{"SERVICE":2,"LINK":1},"key":"serviceItemList"}
}

const (
	parserWithLodash = `(function (data, _) {
		const list = (data?.content || []).filter(i => i.type === 'SERVICE' || i.type === 'RECORD').map(i => _.pick(i, ['id','name','shortDescription','description']));
		return { allServiceItemList: list };
	})`
	parserPlain = `(function (data) {
		const pick = (o, keys) => { const r = {}; for (let j = 0; j < keys.length; j++) { const k = keys[j]; if (k in o) r[k] = o[k]; } return r; };
		const list = (data?.content || []).filter(i => i.type === 'SERVICE' || i.type === 'RECORD').map(i => pick(i, ['id','name','shortDescription','description']));
		return { allServiceItemList: list };
	})`
)

func serviceItems(n int) map[string]any {
	types := []string{"SERVICE", "RECORD", "LINK", "SERVICE"}
	content := make([]any, n)
	for i := range content {
		content[i] = map[string]any{
			"id":               fmt.Sprintf("%d", 1000+i),
			"name":             fmt.Sprintf("Service item %d", i),
			"type":             types[i%len(types)],
			"shortDescription": "Short description",
			"description":      "A longer description of the service item that the model reads.",
			"icon":             "icon.png",
			"catalogId":        42,
			"enabled":          true,
		}
	}
	return map[string]any{"content": content, "totalElements": n}
}

func runParser(b *testing.B, src string) {
	vm := newRuntime(b)
	fv, err := vm.RunString(src)
	if err != nil {
		b.Fatal(err)
	}
	fn, _ := goja.AssertFunction(fv)
	data := serviceItems(50)
	lib := vm.Get("_")
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		v, err := fn(goja.Undefined(), vm.ToValue(data), lib)
		if err != nil {
			b.Fatal(err)
		}
		out := v.Export().(map[string]any)
		if got := len(out["allServiceItemList"].([]any)); got != 38 {
			b.Fatalf("got %d items, want 38", got)
		}
	}
}

// BenchmarkResponseParser compares the spec's getAllServiceItem responseParser
// over 50 items using _.pick with the same parser using a hand-written pick.
func BenchmarkResponseParser(b *testing.B) {
	b.Run("lodash", func(b *testing.B) { runParser(b, parserWithLodash) })
	b.Run("plain", func(b *testing.B) { runParser(b, parserPlain) })
}

func BenchmarkInstall(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if err := lodash.Install(goja.New()); err != nil {
			b.Fatal(err)
		}
	}
}
