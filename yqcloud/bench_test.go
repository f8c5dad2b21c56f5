package yqcloud

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/interleave"
)

// serviceItems returns a catalog page of n items like YQCloud's; every
// third one is a CATALOG entry the parser drops.
func serviceItems(n int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `{"totalElements":%d,"content":[`, n)
	types := []string{"SERVICE", "RECORD", "CATALOG"}
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"%d","name":"服务项 %d","type":%q,"shortDescription":"short %d","description":"A longer description of service item %d.","catalogId":"c%d","enabled":true,"sort":%d,"icon":"icon-%d.png"}`,
			1000+i, i, types[i%3], i, i, i%5, i, i)
	}
	b.WriteString(`],"number":0,"size":9999}`)
	return []byte(b.String())
}

const (
	// getAllServiceItem's responseParser, as the spec writes it.
	parserLodash = "const list = (data?.content || []).filter(i => i.type === 'SERVICE' || i.type === 'RECORD').map(i => _.pick(i, ['id','name','shortDescription','description'])); return { allServiceItemList: list };"
	// The same without `_`.
	parserPlain = "const list = (data?.content || []).filter(i => i.type === 'SERVICE' || i.type === 'RECORD').map(i => ({id: i.id, name: i.name, shortDescription: i.shortDescription, description: i.description})); return { allServiceItemList: list };"
)

// benchHook runs a responseParser on a 50-item page through the pooled
// engine, as a call does (hookRun), b.N times or under b.RunParallel.
func benchHook(b *testing.B, body string, parallel, export bool) {
	run := hookRun(b, body, export)
	run()
	b.ReportAllocs()
	if parallel {
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				run()
			}
		})
		return
	}
	for b.Loop() {
		run()
	}
}

// hookRun returns one run of a responseParser on a 50-item page, as a
// call makes it: take a runtime, hand the data in, run, write the result
// as JSON, give the runtime back. With export set the result comes out
// with goja's Export instead, the measure the hook's 100 µs budget is
// defined with (a Go map: member order lost, so not a call's path).
func hookRun(b *testing.B, body string, export bool) func() {
	eng := newSet(nil).eng
	h, err := compileHook("getAllServiceItem", FieldResponseParser, body)
	if err != nil {
		b.Fatal(err)
	}
	resp, err := parseDoc(context.Background(), serviceItems(50))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	return func() {
		rt := eng.acquire(ctx, nil, nil)
		var out string
		err := eng.run(ctx, rt, h, rt.toJS(resp, resp.root), func(v goja.Value) error {
			if export {
				m, _ := v.Export().(map[string]any)
				list, _ := m["allServiceItemList"].([]any)
				out = fmt.Sprint(len(list))
				return nil
			}
			s, _, err := rt.toJSON(v)
			out = s
			return err
		})
		eng.release(rt)
		if export && out != "34" || !export && !strings.HasPrefix(out, `{"allServiceItemList":[{"id":"1000"`) {
			b.Fatal(err, out)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkResponseParser: getAllServiceItem's parser on 50 items, with
// `_` (toolkit) and written without it (plain).
func BenchmarkResponseParser(b *testing.B) {
	b.Run("toolkit", func(b *testing.B) { benchHook(b, parserLodash, false, false) })
	b.Run("plain", func(b *testing.B) { benchHook(b, parserPlain, false, false) })
}

// BenchmarkResponseParserExport is BenchmarkResponseParser with the
// result taken out by Export rather than written as JSON.
func BenchmarkResponseParserExport(b *testing.B) {
	b.Run("toolkit", func(b *testing.B) { benchHook(b, parserLodash, false, true) })
	b.Run("plain", func(b *testing.B) { benchHook(b, parserPlain, false, true) })
}

// BenchmarkResponseParserParallel is BenchmarkResponseParser under
// b.RunParallel.
func BenchmarkResponseParserParallel(b *testing.B) {
	b.Run("toolkit", func(b *testing.B) { benchHook(b, parserLodash, true, false) })
	b.Run("plain", func(b *testing.B) { benchHook(b, parserPlain, true, false) })
}

// callBench serves the 50-item page and returns a getAllServiceItem call
// through the Registry and its hand-written Go twin (net/http and
// encoding/json), each checking what it got.
func callBench(b *testing.B) (toolkitCall, goTwin func(), stop func()) {
	page := serviceItems(50)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "bearer "+testToken {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(page)
	}))
	want := `{"allServiceItemList":[` + pickedItem(0) + "," + pickedItem(1) + ","
	reg := loadFile(b, "testdata/spec/getAllServiceItem.json")
	opts := []toolkit.CallOption{toolkit.WithValue(ValueBaseURL, srv.URL), toolkit.WithValue(ValueTenantID, testTenant), toolkit.WithValue(ValueAccessToken, testToken)}
	toolkitCall = func() {
		res := call(reg, "getAllServiceItem", `{}`, opts...)
		if !strings.HasPrefix(res.Text, want) {
			b.Fatal(res.Text)
		}
	}
	client := &http.Client{}
	type item struct {
		ID               string `json:"id"`
		Name             string `json:"name"`
		Type             string `json:"type,omitempty"`
		ShortDescription string `json:"shortDescription"`
		Description      string `json:"description"`
	}
	goTwin = func() {
		req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet,
			srv.URL+"/itsm/v1/"+testTenant+"/service_items/catalog/page/all?serviceCatalogFlag=true&page=0&size=9999", nil)
		req.Header.Set("Authorization", "bearer "+testToken)
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var in struct {
			Content []item `json:"content"`
		}
		if err := json.Unmarshal(body, &in); err != nil {
			b.Fatal(err)
		}
		out := struct {
			List []item `json:"allServiceItemList"`
		}{List: []item{}}
		for _, it := range in.Content {
			if it.Type == "SERVICE" || it.Type == "RECORD" {
				it.Type = ""
				out.List = append(out.List, it)
			}
		}
		text, _ := json.Marshal(out)
		if !strings.HasPrefix(string(text), want) {
			b.Fatal(string(text))
		}
	}
	return toolkitCall, goTwin, srv.Close
}

// BenchmarkCall: the whole getAllServiceItem call (HTTP + parser) against
// a hand-written Go twin doing the same with net/http and encoding/json.
func BenchmarkCall(b *testing.B) {
	toolkitCall, goTwin, stop := callBench(b)
	defer stop()
	b.Run("toolkit", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			toolkitCall()
		}
	})
	b.Run("go-twin", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			goTwin()
		}
	})
}

// BenchmarkInterleaved times pairs in alternating rounds (package
// interleave): YQCloudCall is BenchmarkCall's pair, 100 calls a side per
// round; ResponseParser and ResponseParserExport are those benchmarks'
// pairs, 200 runs a side; ResponseParserNode is getAllServiceItem's parser on the 50-item
// page, the page parsed and the result written as JSON each run, in the
// pooled sandbox against Node running it unsandboxed with new Function and
// real lodash, 200 runs a side per round. ResponseParserNode needs node
// and TOOLKIT_NODE_LODASH, the path of lodash's package (npm install
// lodash; e.g. /tmp/node-bench/node_modules/lodash), and skips without.
func BenchmarkInterleaved(b *testing.B) {
	b.Run("YQCloudCall", func(b *testing.B) {
		toolkitCall, goTwin, stop := callBench(b)
		defer stop()
		toolkitCall()
		goTwin()
		interleave.Run(b, 100, interleave.Wall, toolkitCall, goTwin)
	})
	b.Run("ResponseParserNode", benchNode)
	// BenchmarkResponseParser's and BenchmarkResponseParserExport's pairs.
	for _, c := range []struct {
		name   string
		export bool
	}{{"ResponseParser", false}, {"ResponseParserExport", true}} {
		b.Run(c.name, func(b *testing.B) {
			interleave.Run(b, 200, interleave.Wall, hookRun(b, parserLodash, c.export), hookRun(b, parserPlain, c.export))
		})
	}
}

// BenchmarkParse compiles the spec's definitions (load time, not calls).
func BenchmarkParse(b *testing.B) {
	var files [][]byte
	for _, n := range []string{"getAllServiceItem", "getCreateTicketParamJsonSchema", "requestUserSelectServiceItem", "createTicket", "fetchKnowledgeElement"} {
		src, err := os.ReadFile("testdata/spec/" + n + ".json")
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, src)
	}
	src := []byte("[" + string(joinBytes(files, ",")) + "]")
	b.ReportAllocs()
	for b.Loop() {
		if _, diags := Parse("spec.json", src, nil); len(diags) > 0 {
			b.Fatal(diags)
		}
	}
}

func joinBytes(parts [][]byte, sep string) []byte {
	var b []byte
	for i, p := range parts {
		if i > 0 {
			b = append(b, sep...)
		}
		b = append(b, p...)
	}
	return b
}

// BenchmarkParseJSON parses the 50-item page into ordered values.
func BenchmarkParseJSON(b *testing.B) {
	src := serviceItems(50)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parseJSON(src); err != nil {
			b.Fatal(err)
		}
	}
}

// wideObject returns one object of n members, "key0000000": i.
func wideObject(n int) []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"key%07d":%d`, i, i)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// BenchmarkWideObject parses a response body of one object with 10k and
// 80k members and hands it to a hook that counts them: time and
// allocations per member stay flat (run with -benchmem).
func BenchmarkWideObject(b *testing.B) {
	eng := newSet(nil).eng
	h, err := compileHook("f", FieldResponseParser, "return Object.keys(data).length")
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for _, n := range []int{10_000, 80_000} {
		src := wideObject(n)
		b.Run(fmt.Sprintf("keys=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				v, err := parseBody(ctx, src)
				if err != nil {
					b.Fatal(err)
				}
				rt := eng.acquire(ctx, nil, nil)
				err = eng.run(ctx, rt, h, rt.toJS(v, v.root), func(r goja.Value) error {
					if r.ToInteger() != int64(n) {
						return fmt.Errorf("%d members, want %d", r.ToInteger(), n)
					}
					return nil
				})
				eng.release(rt)
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// nodeDriver runs a parser in Node: the first line it reads is the page
// (a JSON string), the second the parser's body (a JSON string); then
// each line "n" runs n times JSON.parse of the page, the parser made with
// new Function (no sandbox) and real lodash, and JSON.stringify, and
// answers with the length in bytes of the last JSON text.
const nodeDriver = `
const _ = require(process.argv[1]);
let page, fn;
require('readline').createInterface({input: process.stdin}).on('line', line => {
  if (page === undefined) { page = JSON.parse(line); return; }
  if (fn === undefined) { fn = new Function('data', '_', JSON.parse(line)); return; }
  let out = '';
  for (let i = 0, n = Number(line); i < n; i++) out = JSON.stringify(fn(JSON.parse(page), _));
  process.stdout.write(Buffer.byteLength(out) + '\n');
});
`

// benchNode is BenchmarkInterleaved/ResponseParserNode.
func benchNode(b *testing.B) {
	lodashDir := os.Getenv("TOOLKIT_NODE_LODASH")
	node, err := exec.LookPath("node")
	if lodashDir == "" || err != nil {
		b.Skip("needs node and TOOLKIT_NODE_LODASH (the path of lodash's npm package)")
	}
	page := serviceItems(50)
	cmd := exec.Command(node, "-e", nodeDriver, lodashDir)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { stdin.Close(); cmd.Wait() }()
	lines := bufio.NewScanner(stdout)
	pageJSON, _ := json.Marshal(string(page))
	bodyJSON, _ := json.Marshal(parserLodash)
	fmt.Fprintf(stdin, "%s\n%s\n", pageJSON, bodyJSON)

	eng := newSet(nil).eng
	h, err := compileHook("getAllServiceItem", FieldResponseParser, parserLodash)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	var out string
	sandboxed := func() {
		v, err := parseBody(ctx, page)
		if err != nil {
			b.Fatal(err)
		}
		rt := eng.acquire(ctx, nil, nil)
		err = eng.run(ctx, rt, h, rt.toJS(v, v.root), func(v goja.Value) error {
			s, _, err := rt.toJSON(v)
			out = s
			return err
		})
		eng.release(rt)
		if err != nil {
			b.Fatal(err)
		}
	}
	var nodeLen string
	inNode := func(n int) {
		fmt.Fprintf(stdin, "%d\n", n)
		if !lines.Scan() {
			b.Fatal("node: no answer", lines.Err())
		}
		nodeLen = lines.Text()
	}
	sandboxed()
	inNode(1)
	if nodeLen != strconv.Itoa(len(out)) {
		b.Fatalf("node wrote %s bytes of JSON, the sandbox %d: %s", nodeLen, len(out), out)
	}
	interleave.RunBatch(b, 200, interleave.Wall, func(n int) {
		for range n {
			sandboxed()
		}
	}, inNode)
}

// BenchmarkNewRuntime makes one pooled runtime: `_`, the bounded
// built-ins and the lockdown's walk (what a pool miss costs).
func BenchmarkNewRuntime(b *testing.B) {
	e := newSet(nil).eng
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.newRuntime(); err != nil {
			b.Fatal(err)
		}
	}
}
