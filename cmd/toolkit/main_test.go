package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/toolkit-sdk/toolkit/internal/golden"
	"github.com/toolkit-sdk/toolkit/schema"
)

// runCmd runs the command in-process.
func runCmd(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

func TestUsage(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string // in stdout or stderr
	}{
		{nil, exitUsage, "usage: toolkit SUBCOMMAND"},
		{[]string{"help"}, exitOK, "lint [PATH...]"},
		{[]string{"help", "call"}, exitOK, "-allow-private HOST"},
		{[]string{"frobnicate"}, exitUsage, `unknown subcommand "frobnicate"`},
		{[]string{"lint"}, exitUsage, "lint: no PATH given"},
		{[]string{"lint", "--format", "xml", "testdata/lint"}, exitUsage, `"xml" is not one of text, json, sarif`},
		{[]string{"call"}, exitUsage, "call: no capability NAME given"},
		{[]string{"call", "x", "-p", "novalue"}, exitUsage, `"novalue" is not name=value`},
		{[]string{"describe"}, exitUsage, "describe: no capability NAME given"},
		{[]string{"schema", "extra"}, exitUsage, "schema: takes no arguments"},
		{[]string{"list"}, exitFail, "no PATH given, and there is no ./tools folder"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, errOut, code := runCmd(t, "", tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tt.code, out, errOut)
			}
			if !strings.Contains(out+errOut, tt.want) {
				t.Errorf("output lacks %q:\nstdout: %s\nstderr: %s", tt.want, out, errOut)
			}
		})
	}
}

func TestLintExitStatus(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	other := write("other.txt", "hello")
	dup1 := write("dup1.yaml", "name: same\ndesc: a\nsteps: [{url: 'https://x.example'}]\n")
	dup2 := write("dup2.yaml", "name: same\ndesc: b\nsteps: [{url: 'https://x.example'}]\n")
	yqdup := write("get_item.json.txt", `{"name": "get_item", "description": "d", "parameters": {"type": "object"}, "function": {"type": "manual"}}`)
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"valid", []string{"testdata/lint/ok.yaml"}, exitOK, ""},
		{"valid tools and definitions", []string{"testdata/tools"}, exitOK, ""},
		{"warnings only", []string{"testdata/lint/warned.yaml", "testdata/lint/openapi.yaml"}, exitOK, "warning:"},
		{"warnings with --strict", []string{"--strict", "testdata/lint/warned.yaml"}, exitFail, "warning:"},
		{"flags after paths", []string{"testdata/lint/warned.yaml", "--strict"}, exitFail, "warning:"},
		{"errors", []string{"testdata/lint"}, exitFail, "error:"},
		{"a named file of no known kind", []string{other}, exitFail, "not a tool file, YQCloud function definition or OpenAPI document"},
		{"a missing path", []string{filepath.Join(dir, "nothing")}, exitFail, "no such file"},
		{"no files in a folder", []string{t.TempDir()}, exitFail, "0 files checked"},
		{"duplicate names in a folder", []string{dir + string(filepath.Separator)}, exitFail, `duplicate capability name "same"`},
		{"duplicate names in two PATHs", []string{dup1, dup2}, exitFail, `duplicate capability name "same"`},
		{"a YAML tool and a YQCloud function of one name", []string{"testdata/tools", yqdup}, exitFail, `duplicate capability name "get_item" (also in a YAML tool file)`},
		{"a shared pre_request", []string{"testdata/pre"}, exitOK, ""},
		{"a shared pre_request named with a typo", []string{"testdata/pre", "testdata/pre/typo.yaml.txt"}, exitFail, `unknown shared pre_request "item_auht"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCmd(t, "", append([]string{"lint"}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tt.code, out, errOut)
			}
			if !strings.Contains(out+errOut, tt.want) {
				t.Errorf("output lacks %q:\nstdout: %s\nstderr: %s", tt.want, out, errOut)
			}
		})
	}
}

// TestLintText checks the text output: file:line:col: severity: message,
// one a line, from every kind of file; a folder's files of no known kind
// (testdata/lint/notes.json) are skipped.
func TestLintText(t *testing.T) {
	out, errOut, code := runCmd(t, "", "lint", "testdata/lint")
	if code != exitFail {
		t.Errorf("exit %d, want 1", code)
	}
	golden.Check(t, "testdata/lint.golden", out)
	line := regexp.MustCompile(`^testdata/lint/[a-z]+\.(yaml|json):[0-9]+:[0-9]+: (error|warning): \S`)
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if !line.MatchString(l) {
			t.Errorf("line %q is not file:line:col: severity: message", l)
		}
	}
	if want := "toolkit: 5 files checked: 3 errors, 2 warnings\n"; errOut != want {
		t.Errorf("stderr %q, want %q", errOut, want)
	}
}

func compileSchema(t *testing.T, path string) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	s, err := c.Compile(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func validateJSON(t *testing.T, s *jsonschema.Schema, out string) {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if err := s.Validate(inst); err != nil {
		t.Errorf("output does not validate: %v\n%s", err, out)
	}
}

func TestLintJSON(t *testing.T) {
	out, _, code := runCmd(t, "", "lint", "--format", "json", "testdata/lint")
	if code != exitFail {
		t.Errorf("exit %d, want 1", code)
	}
	validateJSON(t, compileSchema(t, "testdata/lint-output.schema.json"), out)
	var rep jsonReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{}
	for _, f := range rep.Files {
		kinds[filepath.Base(f.Path)] = f.Kind
	}
	want := map[string]string{"broken.yaml": "tool", "functions.json": "yqcloud", "ok.yaml": "tool", "openapi.yaml": "openapi", "warned.yaml": "tool"}
	if diff := cmp.Diff(want, kinds); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	if rep.Errors != 3 || rep.Warnings != 2 || len(rep.Diagnostics) != 5 {
		t.Errorf("%d errors, %d warnings, %d diagnostics; want 3, 2, 5", rep.Errors, rep.Warnings, len(rep.Diagnostics))
	}
	first := jsonDiagnostic{File: "testdata/lint/broken.yaml", Line: 5, Col: 5, Severity: "error", Field: "steps[0]", Message: `unknown field "metod"; did you mean "method"?`}
	if diff := cmp.Diff(first, rep.Diagnostics[0]); diff != "" {
		t.Errorf("first diagnostic (-want +got):\n%s", diff)
	}

	out, _, code = runCmd(t, "", "lint", "--format=json", "testdata/lint/ok.yaml")
	if code != exitOK {
		t.Errorf("exit %d, want 0", code)
	}
	validateJSON(t, compileSchema(t, "testdata/lint-output.schema.json"), out)
	if !strings.Contains(out, `"diagnostics": []`) {
		t.Errorf("no diagnostics should be an empty list:\n%s", out)
	}
}

// TestLintSARIF validates the SARIF output against the subset of SARIF
// 2.1.0 GitHub code scanning requires (testdata/sarif-github.schema.json;
// the OASIS schema is not embedded: over 100 KB), and checks what the
// schema cannot: results name rules that exist, by id and index.
func TestLintSARIF(t *testing.T) {
	out, _, code := runCmd(t, "", "lint", "--format", "sarif", "testdata/lint", "testdata/lint/notes.json")
	if code != exitFail {
		t.Errorf("exit %d, want 1", code)
	}
	validateJSON(t, compileSchema(t, "testdata/sarif-github.schema.json"), out)
	var log sarifLog
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	type row struct{ Rule, Level, URI string }
	var got []row
	for _, r := range run.Results {
		if r.RuleIndex >= len(run.Tool.Driver.Rules) || run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %+v: rule index %d is not rule %s", r, r.RuleIndex, r.RuleID)
		}
		got = append(got, row{r.RuleID, r.Level, r.Locations[0].Physical.Artifact.URI})
	}
	want := []row{
		{"toolkit/tool-file", "error", "testdata/lint/broken.yaml"},
		{"toolkit/tool-file", "error", "testdata/lint/broken.yaml"},
		{"toolkit/yqcloud", "error", "testdata/lint/functions.json"},
		{"toolkit/openapi", "warning", "testdata/lint/openapi.yaml"},
		{"toolkit/tool-file", "warning", "testdata/lint/warned.yaml"},
		{"toolkit/file", "error", "testdata/lint/notes.json"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
	if r := run.Results[5].Locations[0].Physical.Region; r.StartLine != 1 {
		t.Errorf("a file-level result's region %+v; GitHub needs startLine 1", r)
	}
}

func TestSchemaCommand(t *testing.T) {
	out, _, code := runCmd(t, "", "schema")
	if code != exitOK || out != string(schema.Tool()) {
		t.Errorf("exit %d; output is not schema/tool.schema.json", code)
	}
}

func TestParseEnvFile(t *testing.T) {
	src := "# comment\n\n" +
		"PLAIN=value\n" +
		"SPACED = spaced out  # a comment\n" +
		"export EXPORTED=yes\n" +
		"export\tTABBED=tab\n" +
		"HASH=a#b\n" +
		"DQ=\"double \\\"quoted\\\"\\n\\tline # not a comment\" # comment\n" +
		"SQ='single $HOME \\n kept'\n" +
		"EMPTY=\n" +
		"EMPTY_QUOTED=\"\"\n" +
		"MULTI=\"first\nsecond\"\n" +
		"DOLLAR=\"\\$x\"\n" +
		"CRLF=windows\r\n" +
		"   INDENTED=ok\n" +
		"PLAIN=last wins\n" +
		"EQUALS=a=b=c"
	got, err := parseEnvFile([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"PLAIN": "last wins", "SPACED": "spaced out", "EXPORTED": "yes", "TABBED": "tab", "HASH": "a#b",
		"DQ": "double \"quoted\"\n\tline # not a comment", "SQ": `single $HOME \n kept`,
		"EMPTY": "", "EMPTY_QUOTED": "", "MULTI": "first\nsecond", "DOLLAR": "$x", "CRLF": "windows",
		"INDENTED": "ok", "EQUALS": "a=b=c",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}

	for _, tt := range []struct{ src, want string }{
		{"A=1\nnot a pair\n", `2: "not a pair" is not NAME=value`},
		{"1A=x", `1: "1A" is not a variable name`},
		{"A=1\nB=\"open\nstill open\n", "2: unterminated quoted value"},
		{"A='x' y", `1: unexpected "y" after the closing quote`},
	} {
		if _, err := parseEnvFile([]byte(tt.src)); err == nil || err.Error() != tt.want {
			t.Errorf("parseEnvFile(%q): %v, want %s", tt.src, err, tt.want)
		}
	}
}

const (
	token      = "tok-9f8e7d6c5b4a"
	accountKey = "acct-key-31337"
)

// itemServer answers GET /accounts/{key}/items/{id} with the item and
// echoes the Authorization header back in "seen", so that redaction of a
// response is exercised too.
func itemServer(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/token" { // the shared pre_request of testdata/pre
			var in struct{ Secret string }
			if json.NewDecoder(r.Body).Decode(&in) != nil || in.Secret != token {
				http.Error(w, "bad secret", http.StatusUnauthorized)
				return
			}
			fmt.Fprintf(w, `{"access_token": %q}`, token)
			return
		}
		if r.URL.Path == "/accounts/"+accountKey+"/items/missing" {
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"error": "no such item"}`)
			return
		}
		if r.URL.Path != "/accounts/"+accountKey+"/items/A-1" || r.Header.Get("Authorization") != "Bearer "+token {
			http.Error(w, "unexpected request "+r.URL.Path, http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"item": {"title": "lamp x%s"}, "seen": %q}`, r.URL.Query().Get("limit"), r.Header.Get("Authorization"))
	}))
	t.Cleanup(srv.Close)
	return srv
}

func envFile(t *testing.T, baseURL string) string {
	p := filepath.Join(t.TempDir(), ".env")
	src := fmt.Sprintf("# test\nexport BASE_URL=%s\nAPI_TOKEN=\"%s\"\nACCOUNT_KEY='%s'\n", baseURL, token, accountKey)
	if err := os.WriteFile(p, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCall(t *testing.T) {
	srv := itemServer(t)
	env := envFile(t, srv.URL)
	out, errOut, code := runCmd(t, "", "call", "get_item", "testdata/tools", "--env-file", env,
		"--allow-private", "127.0.0.1", "-p", "id=A-1", "-p", "limit=7", "-v")
	if code != exitOK {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	if want := "Item A-1: lamp x7 ([REDACTED])\n"; out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	trace := []string{
		`(?m)^\* step 0$`,
		`(?m)^> GET ` + regexp.QuoteMeta(srv.URL) + `/accounts/\[REDACTED\]/items/A-1\?limit=7$`,
		`(?m)^< 200 OK, \d+ bytes in [0-9.]+[µm]?s$`,
		`(?m)^\* call get_item \(http\): done in [0-9.]+[µm]?s$`,
	}
	for _, re := range trace {
		if !regexp.MustCompile(re).MatchString(errOut) {
			t.Errorf("-v output lacks %s:\n%s", re, errOut)
		}
	}
	for _, secret := range []string{token, accountKey} {
		if strings.Contains(out+errOut, secret) {
			t.Errorf("secret %q in the output:\nstdout: %s\nstderr: %s", secret, out, errOut)
		}
	}
}

// TestCallSharedPreRequest runs a tool whose token comes from a shared
// pre_request defined in another file.
func TestCallSharedPreRequest(t *testing.T) {
	srv := itemServer(t)
	out, errOut, code := runCmd(t, "", "call", "get_item_pre", "testdata/pre", "--env-file", envFile(t, srv.URL),
		"--allow-private", "127.0.0.1", "-p", "id=A-1", "-v")
	if code != exitOK || out != "Item A-1: lamp x\n" {
		t.Fatalf("exit %d, stdout %q\nstderr: %s", code, out, errOut)
	}
	if !strings.Contains(errOut, "> POST "+srv.URL+"/token\n") || strings.Contains(out+errOut, token) {
		t.Errorf("-v output lacks the pre_request or holds the token:\n%s", errOut)
	}
}

func TestCallResults(t *testing.T) {
	srv := itemServer(t)
	env := envFile(t, srv.URL)
	tests := []struct {
		name    string
		args    []string
		code    int
		stdout  string // a substring
		stderr  string
		noTrace bool
	}{
		{"error result", []string{"get_item", "--allow-private", "127.0.0.1", "-p", "id=missing"}, exitFail, `variable "title" extraction failed`, "", false},
		{"private address refused by default", []string{"get_item", "-p", "id=A-1"}, exitFail, "not allowed", "pass --allow-private 127.0.0.1", false},
		{"wrong type", []string{"get_item", "--allow-private", "127.0.0.1", "-p", "id=A-1", "-p", "limit=many"}, exitFail, `parameter "limit"`, "", true},
		{"--args with -p over it", []string{"get_item", "--allow-private", "127.0.0.1", "--args", `{"id": "B-2", "limit": 3}`, "-p", "id=A-1"}, exitOK, "lamp x3", "", false},
		{"--args not an object", []string{"get_item", "--args", `[1]`}, exitUsage, "", "--args must be a JSON object", true},
		{"unknown capability", []string{"nothing"}, exitFail, "", `no capability "nothing"; loaded: get_item, echo_back`, true},
		{"signals and typed -p", []string{"echo_back", "-p", "count=3", "-p", "word=42"}, exitOK, `{"count":3,"word":"42"}`, `signals: {"stop_generation":true,"capability":"echo_back"}`, true},
		{"a hook in the trace", []string{"echo_back", "-v"}, exitOK, `{}`, "* hook responseParser of echo_back: ", false},
		{"json format", []string{"echo_back", "-p", "count=3", "--format", "json"}, exitOK, `"signals": {`, "", true},
		{"an entry tool", []string{"query_capabilities", "--args", `{"keyword": "item"}`}, exitOK, `"get_item"`, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"call"}, tt.args...)
			args = append(args, "testdata/tools", "--env-file", env)
			out, errOut, code := runCmd(t, "", args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tt.code, out, errOut)
			}
			if !strings.Contains(out, tt.stdout) || !strings.Contains(errOut, tt.stderr) {
				t.Errorf("stdout %q (want %q), stderr %q (want %q)", out, tt.stdout, errOut, tt.stderr)
			}
			if strings.Contains(out+errOut, token) || strings.Contains(out+errOut, accountKey) {
				t.Errorf("a secret in the output:\n%s\n%s", out, errOut)
			}
		})
	}
}

func TestListAndDescribe(t *testing.T) {
	paths := []string{"testdata/tools", "testdata/lint/openapi.yaml"}
	tests := []struct {
		name string
		args []string
	}{
		{"list", []string{"list"}},
		{"list_keyword", []string{"list", "--keyword", "account item"}},
		{"list_openai", []string{"list", "--format", "openai"}},
		{"list_anthropic_flat", []string{"list", "--format", "anthropic", "--flat"}},
		{"list_mcp", []string{"list", "--format", "mcp"}},
		{"describe", []string{"describe", "get_item"}},
		{"describe_openai", []string{"describe", "get_item", "--format", "openai"}},
		{"describe_anthropic_entry_tool", []string{"describe", "call_capability", "--format", "anthropic"}},
		{"describe_mcp", []string{"describe", "echo_back", "--format", "mcp"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCmd(t, "", append(tt.args, paths...)...)
			if code != exitOK {
				t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
			}
			if !json.Valid([]byte(out)) {
				t.Errorf("not JSON:\n%s", out)
			}
			golden.Check(t, filepath.Join("testdata", "golden", tt.name+".json"), out)
		})
	}
	out, errOut, code := runCmd(t, "", "describe", "nothing", "testdata/tools")
	if code != exitFail || !strings.Contains(errOut, `no capability "nothing"`) {
		t.Errorf("describe nothing: exit %d\n%s%s", code, out, errOut)
	}
}

// hangGuard bounds a wait for something that happens in milliseconds, so
// that a hang fails the test instead of the whole run; it is no time limit.
const hangGuard = time.Minute

// syncBuffer is a bytes.Buffer safe for a writer and a reader at once.
// Each write is signalled on wrote, when it is set.
type syncBuffer struct {
	mu    sync.Mutex
	b     bytes.Buffer
	wrote chan struct{} // of capacity 1
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.wrote != nil {
		select {
		case s.wrote <- struct{}{}:
		default:
		}
	}
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestMCP serves over stdio (pipes) and over HTTP, and calls a tool as an
// MCP client.
func TestMCP(t *testing.T) {
	srv := itemServer(t)
	env := envFile(t, srv.URL)
	args := []string{"mcp", "testdata/tools", "--flat", "--env-file", env, "--allow-private", "127.0.0.1"}

	check := func(t *testing.T, ctx context.Context, transport mcp.Transport) {
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, transport, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Close()
		tools, err := cs.ListTools(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tool := range tools.Tools {
			names = append(names, tool.Name)
		}
		if diff := cmp.Diff([]string{"echo_back", "get_item"}, names); diff != "" {
			t.Errorf("tools (-want +got):\n%s", diff)
		}
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_item", Arguments: map[string]any{"id": "A-1"}})
		if err != nil {
			t.Fatal(err)
		}
		if text := res.Content[0].(*mcp.TextContent).Text; res.IsError || text != "Item A-1: lamp x5 ([REDACTED])" {
			t.Errorf("result %q (error %v)", text, res.IsError)
		}
	}

	t.Run("stdio", func(t *testing.T) {
		ctx := t.Context()
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		var errOut syncBuffer
		done := make(chan int, 1)
		go func() {
			done <- runContext(ctx, args, inR, outW, &errOut)
			outW.Close()
		}()
		check(t, ctx, &mcp.IOTransport{Reader: outR, Writer: inW})
		inW.Close() // the client is gone: the server ends
		select {
		case code := <-done:
			if code != exitOK {
				t.Errorf("exit %d: %s", code, errOut.String())
			}
		case <-time.After(hangGuard):
			t.Fatal("the server did not end when stdin closed")
		}
	})

	t.Run("http", func(t *testing.T) {
		url, errOut, code, ok, stop := launchMCP(t, append(args[1:], "--http", "127.0.0.1:0")...)
		if !ok {
			t.Fatalf("exit %d before an address was announced: %s", code, errOut.String())
		}
		check(t, t.Context(), &mcp.StreamableClientTransport{Endpoint: url})
		if code := stop(); code != exitOK {
			t.Errorf("exit %d: %s", code, errOut.String())
		}
	})
}

func TestProgress(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, w := range []io.Writer{&bytes.Buffer{}, f} {
		if isTerminal(w) {
			t.Errorf("%T is not a terminal", w)
		}
		p := newProgress(w, "linting", 10)
		p.step(3)
		p.done()
	}
	if fi, _ := f.Stat(); fi.Size() != 0 {
		t.Errorf("progress written to a file: %d bytes", fi.Size())
	}

	var b bytes.Buffer
	p := &progress{w: &b, verb: "linting", total: 10} // as on a terminal
	p.step(3)
	// step(4) within a tenth of a second of the last is not shown; the
	// last is moved ahead so that no stall between the two calls counts.
	p.last = p.last.Add(time.Hour)
	p.step(4)
	p.say("compiling %d tool files", 10)
	p.done()
	if want := "\r\x1b[Ktoolkit: linting 3/10 files\r\x1b[Ktoolkit: compiling 10 tool files\r\x1b[K"; b.String() != want {
		t.Errorf("progress %q, want %q", b.String(), want)
	}
}

// TestCallOpenAPI checks that an OpenAPI document's capabilities are there
// for call only with the API's base URL.
func TestCallOpenAPI(t *testing.T) {
	out, errOut, code := runCmd(t, "", "call", "query_api_docs", "testdata/lint/openapi.yaml")
	if code != exitFail || !strings.Contains(errOut, "no --api-url: query_api_docs and call_http_api are left out") {
		t.Errorf("without --api-url: exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	out, errOut, code = runCmd(t, "", "call", "query_api_docs", "testdata/lint/openapi.yaml", "--api-url", "https://shop.example.com")
	if code != exitOK || !strings.Contains(out, "orders") {
		t.Errorf("with --api-url: exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
}
