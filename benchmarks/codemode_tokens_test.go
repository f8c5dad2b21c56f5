package benchmarks

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// A scripted model does three multi-step tasks on each of two catalogs,
// once with the entry tools (each call's whole result comes back) and once
// with run_script (the same discovery, then one script whose value comes
// back). TestCodeModeTokens counts what the model reads each way — the
// tool definitions, then every result — as bytes/4, and holds the table
// in docs/codemode.md to what it counts.

// modelCall is one tool call of the scripted model.
type modelCall struct{ tool, args string }

// scriptedTask is a task done both ways: discovery is shared; entry are
// the call_capability calls; script the run_script body.
type scriptedTask struct {
	name      string
	discovery []modelCall
	entry     []modelCall
	script    string
	// find is a script that discovers what the task needs: the
	// signatures of the best matches of its words.
	find string
}

// findScript is the discovery script for what the task needs: the
// signature of the best match of each query.
func findScript(queries ...string) string {
	q, _ := json.Marshal(queries)
	return fmt.Sprintf(`return %s.map(w => describe(search(w, 1)[0].name).signature);`, q)
}

func capCall(name, params string) modelCall {
	return modelCall{toolkit.ToolCallCapability, fmt.Sprintf(`{"name":%q,"parameters":%s}`, name, params)}
}

// quickstartRegistry loads the quick start's tools against a mock of its
// API (examples/internal/mockapi's answers).
func quickstartRegistry(t *testing.T) *toolkit.Registry {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /auth/token", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"access_token":"tok-7f3a9c","expires_in":3600}`)
	})
	mux.HandleFunc("GET /orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"data":{"id":%q,"status":"shipped","amount":1234567.89}}`, r.PathValue("id"))
	})
	mux.HandleFunc("GET /primary/weather", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"current":{"temp":21.5,"summary":"sunny"}}`)
	})
	mux.HandleFunc("GET /primary/forecast", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "forecast:\n  - day: Mon\n    temp: 22\n  - day: Tue\n    temp: 19\n")
	})
	mux.HandleFunc("GET /books", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"author":%q,"limit":%s,"books":[{"title":"A Wizard of Earthsea"},{"title":"The Dispossessed"}]}`,
			r.URL.Query().Get("author"), r.URL.Query().Get("limit"))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	env := map[string]string{"BASE_URL": srv.URL, "CLIENT_ID": "demo-client", "CLIENT_SECRET": "s3cr3t-demo-value"}
	reg := toolkit.NewRegistry(&toolkit.Options{
		Env:          func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
		AllowPrivate: []string{"127.0.0.1"},
		CodeMode:     true,
	})
	if _, err := reg.LoadDir("../examples/quickstart/tools"); err != nil {
		t.Fatal(err)
	}
	return reg
}

var quickstartTasks = []scriptedTask{{
	name:      "sum three orders",
	find:      findScript("order"),
	discovery: []modelCall{{toolkit.ToolQueryCapabilities, `{"keyword":"order"}`}, {toolkit.ToolQueryDetail, `{"name":"get_order"}`}},
	entry: []modelCall{capCall("get_order", `{"order_id":"A-1001"}`), capCall("get_order", `{"order_id":"A-1002"}`),
		capCall("get_order", `{"order_id":"A-1003"}`)},
	script: `let sum = 0;
for (const id of ['A-1001', 'A-1002', 'A-1003']) {
  sum += Number(/Amount: (.*)/.exec(call('get_order', {order_id: id}))[1]);
}
return sum;`,
}, {
	name:      "warmer of two cities",
	find:      findScript("weather"),
	discovery: []modelCall{{toolkit.ToolQueryCapabilities, `{"keyword":"weather"}`}, {toolkit.ToolQueryDetail, `{"name":"get_weather"}`}},
	entry:     []modelCall{capCall("get_weather", `{"city":"Berlin"}`), capCall("get_weather", `{"city":"Oslo"}`)},
	script: `const t = c => Number(/: (-?[0-9.]+) degrees/.exec(call('get_weather', {city: c}))[1]);
const b = t('Berlin'), o = t('Oslo');
return b >= o ? 'Berlin' : 'Oslo';`,
}, {
	name: "books and an order",
	find: findScript("books", "order"),
	discovery: []modelCall{{toolkit.ToolQueryCapabilities, `{}`}, {toolkit.ToolQueryDetail, `{"name":"list_books"}`},
		{toolkit.ToolQueryDetail, `{"name":"get_order"}`}},
	entry: []modelCall{capCall("list_books", `{"author":"Le Guin","limit":5}`), capCall("get_order", `{"order_id":"A-1001"}`)},
	script: `const books = call('list_books', {author: 'Le Guin', limit: 5}).books.map(b => b.title);
const status = /Status: (.*)/.exec(call('get_order', {order_id: 'A-1001'}))[1];
return {books, status};`,
}}

// generatedRegistry holds the 10,000 generated capabilities, whose calls
// answer like SaaS APIs: a list of 25 records, or one record.
func generatedRegistry(t *testing.T) *toolkit.Registry {
	reg := toolkit.NewRegistry(&toolkit.Options{CodeMode: true, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	caps := genCapabilities(10000)
	for _, c := range caps {
		c.Handler = genHandler(c.Name)
	}
	if err := reg.Add(caps...); err != nil {
		t.Fatal(err)
	}
	return reg
}

func genRecord(kind string, i int) map[string]any {
	return map[string]any{"id": fmt.Sprintf("%s_%04d", kind, i), "name": fmt.Sprintf("%s number %d", kind, i),
		"status": []string{"open", "pending", "closed"}[i%3], "amount": float64(i*137%1000) + 0.5,
		"owner_id": fmt.Sprintf("user_%03d", i%17), "created_at": fmt.Sprintf("2026-%02d-%02dT10:00:00Z", 1+i%12, 1+i%28),
		"updated_at": fmt.Sprintf("2026-11-%02dT08:30:00Z", 1+i%28), "tags": []string{"priority", "q4"},
		"url": fmt.Sprintf("https://app.example.com/%s/%d", kind, i)}
}

func genHandler(name string) toolkit.Handler {
	parts := strings.SplitN(name, "_", 3)
	verb, kind := parts[1], parts[2]
	return func(ctx context.Context, c *toolkit.Call) (toolkit.Result, error) {
		switch verb {
		case "list", "search", "export":
			items := make([]map[string]any, 25)
			for i := range items {
				items[i] = genRecord(kind, i+1)
			}
			return toolkit.JSONResult(map[string]any{"items": items, "next_cursor": "c2"})
		case "count":
			return toolkit.JSONResult(map[string]any{"count": 25})
		}
		i := 1
		if id, ok := c.Args[kind+"_id"].(string); ok {
			fmt.Sscanf(id[strings.LastIndexByte(id, '_')+1:], "%d", &i)
		}
		return toolkit.JSONResult(genRecord(kind, i))
	}
}

// generatedTasks are built on the first services of the catalog that
// have both list_R and get_R of a resource.
func generatedTasks(t *testing.T, reg *toolkit.Registry) []scriptedTask {
	var pairs [][2]string // list, get
	for _, c := range reg.Capabilities() {
		if parts := strings.SplitN(c.Name, "_", 3); parts[1] == "list" {
			get := parts[0] + "_get_" + parts[2]
			if _, ok := reg.Lookup(get); ok {
				pairs = append(pairs, [2]string{c.Name, get})
			}
		}
	}
	if len(pairs) < 3 {
		t.Fatalf("%d list/get pairs in the catalog", len(pairs))
	}
	var tasks []scriptedTask
	for k, p := range pairs[:3] {
		kind := strings.SplitN(p[0], "_", 3)[2]
		words := strings.ReplaceAll(p[0], "_", " ")
		find := findScript(words, strings.ReplaceAll(p[1], "_", " "))
		disc := []modelCall{{toolkit.ToolQueryCapabilities, fmt.Sprintf(`{"keyword":%q}`, words)},
			{toolkit.ToolQueryDetail, fmt.Sprintf(`{"name":%q}`, p[0])}, {toolkit.ToolQueryDetail, fmt.Sprintf(`{"name":%q}`, p[1])}}
		list := capCall(p[0], `{"workspace_id":"w1"}`)
		switch k {
		case 0: // the total of the open ones
			tasks = append(tasks, scriptedTask{name: "total of open " + kind + "s", find: findScript(words), discovery: disc[:2], entry: []modelCall{list},
				script: fmt.Sprintf(`return call(%q, {workspace_id: 'w1'}).items.filter(x => x.status === 'open').reduce((s, x) => s + x.amount, 0);`, p[0])})
		case 1: // the owners of the first three, looked up one by one
			entry := []modelCall{list}
			for i := 1; i <= 3; i++ {
				entry = append(entry, capCall(p[1], fmt.Sprintf(`{"workspace_id":"w1",%q:"%s_%04d"}`, kind+"_id", kind, i)))
			}
			tasks = append(tasks, scriptedTask{name: "owners of three " + kind + "s", find: find, discovery: disc, entry: entry,
				script: fmt.Sprintf(`return call(%q, {workspace_id: 'w1'}).items.slice(0, 3).map(x => call(%q, {workspace_id: 'w1', %s_id: x.id}).owner_id);`, p[0], p[1], kind)})
		case 2: // which are pending, with their last update
			tasks = append(tasks, scriptedTask{name: "pending " + kind + "s", find: findScript(words), discovery: disc[:2], entry: []modelCall{list},
				script: fmt.Sprintf(`return call(%q, {workspace_id: 'w1'}).items.filter(x => x.status === 'pending').map(x => [x.id, x.updated_at]);`, p[0])})
		}
	}
	return tasks
}

// readTokens runs calls and counts, as bytes/4, what the model reads:
// the tools it was given, then each result.
func readTokens(t *testing.T, reg *toolkit.Registry, tools []toolkit.Tool, calls []modelCall) (int, string) {
	b, err := json.Marshal(tools)
	if err != nil {
		t.Fatal(err)
	}
	n := len(b)
	var last string
	for _, c := range calls {
		res, err := reg.Call(context.Background(), c.tool, json.RawMessage(c.args))
		if err != nil || res.IsError {
			t.Fatalf("%s %s: %s %v", c.tool, c.args, res.Text, err)
		}
		n += len(res.Text)
		last = res.Text
	}
	return n / 4, last
}

func TestCodeModeTokens(t *testing.T) {
	var table strings.Builder
	table.WriteString("| catalog | task | calls | entry tools | run_script after the same discovery | run_script, discovering in a script too |\n|---|---|---|---|---|---|\n")
	for _, cat := range []struct {
		name  string
		reg   *toolkit.Registry
		tasks func(*toolkit.Registry) []scriptedTask
	}{
		{"quick start (3 tools)", quickstartRegistry(t), func(*toolkit.Registry) []scriptedTask { return quickstartTasks }},
		{"generated (10,000)", generatedRegistry(t), func(r *toolkit.Registry) []scriptedTask { return generatedTasks(t, r) }},
	} {
		all := cat.reg.Tools()
		entryTools := all[:3]
		for _, task := range cat.tasks(cat.reg) {
			entry, _ := readTokens(t, cat.reg, entryTools, append(task.discovery[:len(task.discovery):len(task.discovery)], task.entry...))
			args, _ := json.Marshal(map[string]string{"script": task.script})
			run := modelCall{toolkit.ToolRunScript, string(args)}
			script, value := readTokens(t, cat.reg, all, append(task.discovery[:len(task.discovery):len(task.discovery)], run))
			findArgs, _ := json.Marshal(map[string]string{"script": task.find})
			find := modelCall{toolkit.ToolRunScript, string(findArgs)}
			found, _ := readTokens(t, cat.reg, all, []modelCall{find, run})
			_, sigs := readTokens(t, cat.reg, nil, []modelCall{find})
			t.Logf("%s / %s: found %s; %s", cat.name, task.name, sigs, value)
			fmt.Fprintf(&table, "| %s | %s | %d | %d | %d (%.2fx) | %d (%.2fx) |\n", cat.name, task.name, len(task.entry), entry,
				script, float64(script)/float64(entry), found, float64(found)/float64(entry))
		}
	}
	doc, err := os.ReadFile("../docs/codemode.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), table.String()) {
		t.Errorf("docs/codemode.md does not have the table of this run:\n%s", table.String())
	}
}
