package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestLocalMockRecipe runs docs/local-mock.md as a reader would: it writes
// the tool file and the mock's files the page shows, serves the mock (an
// httptest file server in place of Python's), runs each toolkit line and
// compares the call's output with the page's, and runs the server
// command of the MCP Inspector lines with the tool call they make.
func TestLocalMockRecipe(t *testing.T) {
	b, err := os.ReadFile("../../docs/local-mock.md")
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	dir := t.TempDir()
	t.Chdir(dir)

	// 1. The tool file, at the path the page names.
	m := regexp.MustCompile("\\*\\*1\\. A tool file\\*\\*, `([^`]+)`:\n\n```yaml\n([\\s\\S]*?)```").FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no tool file on the page")
	}
	write(t, m[1], m[2])

	// 2. The mock: its files, and its server (the page's port is replaced
	// by the test server's).
	blocks := fenced(page, "sh")
	if len(blocks) != 3 {
		t.Fatalf("%d sh blocks, want 3 (mock, call, inspector)", len(blocks))
	}
	var mockDir, mockAddr string
	for _, line := range strings.Split(strings.TrimSpace(blocks[0]), "\n") {
		w := words(t, line)
		switch {
		case w[0] == "mkdir":
			if err := os.MkdirAll(w[len(w)-1], 0o755); err != nil {
				t.Fatal(err)
			}
		case w[0] == "echo" && len(w) == 4 && w[2] == ">":
			write(t, w[3], w[1]+"\n")
		case w[0] == "python3":
			// python3 -m http.server PORT --bind HOST --directory DIR
			mockAddr = "http://" + opt(w, "--bind") + ":" + w[3]
			mockDir = opt(w, "--directory")
		default:
			t.Fatalf("unknown mock line %q", line)
		}
	}
	api := httptest.NewServer(http.FileServer(http.Dir(mockDir)))
	defer api.Close()
	env, _ := os.ReadFile("mock.env")
	if !strings.Contains(string(env), mockAddr) {
		t.Fatalf("mock.env %q does not point to the mock at %s", env, mockAddr)
	}
	write(t, "mock.env", strings.ReplaceAll(string(env), mockAddr, api.URL))

	// 3. The toolkit lines, and the call's output as the page shows it.
	outputs := fenced(page, "text")
	for _, line := range strings.Split(strings.TrimSpace(blocks[1]), "\n") {
		w := words(t, line)
		if w[0] != "toolkit" {
			t.Fatalf("not a toolkit line: %q", line)
		}
		out, errOut, code := runCmd(t, "", w[1:]...)
		switch w[1] {
		case "lint":
			if code != exitOK || errOut != "toolkit: 1 file checked: 0 errors, 0 warnings\n" || !strings.Contains(page, strings.TrimSpace(errOut)) {
				t.Errorf("%s: exit %d\n%s%s", line, code, out, errOut)
			}
		case "call":
			if code != exitOK || len(outputs) == 0 || out != outputs[0] {
				t.Errorf("%s: exit %d\n%s%s\nwant\n%v", line, code, out, errOut, outputs)
			}
			// Without --allow-private: refused, with the flag named.
			i := strings.Index(line, " --allow-private")
			_, errOut, code = runCmd(t, "", words(t, line[:i])[1:]...)
			if code != exitFail || !strings.Contains(errOut, "pass --allow-private 127.0.0.1") {
				t.Errorf("without --allow-private: exit %d\n%s", code, errOut)
			}
			// A city the mock has no file for: 404, an error.
			out, _, code = runCmd(t, "", words(t, strings.Replace(line, "city=Berlin", "city=Oslo", 1))[1:]...)
			if code != exitFail || !strings.Contains(out, `capability "get_weather" failed: step 0: GET `+api.URL+`/weather/Oslo.json: HTTP 404 Not Found; body: `) {
				t.Errorf("a city without a file: exit %d\n%s", code, out)
			}
		default:
			t.Errorf("unknown toolkit line %q", line)
		}
	}

	// 4. The MCP Inspector's lines: the server command before "--" runs
	// here; the tool call after it is made by a client of this test.
	var calls int
	for _, line := range strings.Split(strings.TrimSpace(blocks[2]), "\n") {
		w := words(t, line)
		if len(w) < 4 || w[0] != "npx" || w[1] != "@modelcontextprotocol/inspector" || w[2] != "--cli" {
			t.Fatalf("not an Inspector line: %q", line)
		}
		sep := indexOf(w, "--")
		server, opts := w[3:sep], w[sep+1:]
		if server[0] != "toolkit" || server[1] != "mcp" {
			t.Fatalf("the Inspector does not start toolkit mcp: %q", line)
		}
		if opt(opts, "--method") != "tools/call" {
			continue
		}
		args := map[string]any{}
		for i, o := range opts {
			if o == "--tool-arg" {
				k, v, _ := strings.Cut(opts[i+1], "=")
				args[k] = v
				if strings.HasPrefix(v, "{") {
					args[k] = map[string]any{"city": "Berlin"} // the Inspector parses JSON values
					if v != `{"city": "Berlin"}` {
						t.Errorf("tool-arg %s", v)
					}
				}
			}
		}
		calls++
		text := mcpCall(t, server[1:], opt(opts, "--tool-name"), args)
		if len(outputs) == 0 || text+"\n" != outputs[0] {
			t.Errorf("%s:\n%q\nwant %q", line, text, outputs)
		}
	}
	if calls != 1 {
		t.Errorf("%d Inspector tool calls, want 1", calls)
	}
}

// mcpCall serves args (toolkit mcp ...) on pipes and makes one tool call.
func mcpCall(t *testing.T, args []string, tool string, arguments map[string]any) string {
	ctx := t.Context()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var errOut syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- runContext(ctx, args, inR, outW, &errOut)
		outW.Close()
	}()
	defer func() {
		inW.Close()
		select {
		case <-done:
		case <-time.After(hangGuard):
			t.Error("the server did not end when stdin closed")
		}
	}()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, &mcp.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: arguments})
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	if res.IsError {
		t.Errorf("error result: %v", res.Content)
	}
	return res.Content[0].(*mcp.TextContent).Text
}

func write(t *testing.T, name, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// fenced returns the contents of the ```lang blocks of a Markdown text.
func fenced(md, lang string) []string {
	var out []string
	for _, m := range regexp.MustCompile("(?s)```"+lang+"\n(.*?)```").FindAllStringSubmatch(md, -1) {
		out = append(out, m[1])
	}
	return out
}

// words splits a shell line into its words: white space separates them,
// single quotes hold white space and double quotes as they are.
func words(t *testing.T, line string) []string {
	t.Helper()
	var out []string
	var cur strings.Builder
	in, quoted := false, false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == '\'':
			quoted, in = !quoted, true
		case (c == ' ' || c == '\t') && !quoted:
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if quoted {
		t.Fatalf("unclosed quote in %q", line)
	}
	if in {
		out = append(out, cur.String())
	}
	return out
}

func indexOf(ws []string, w string) int {
	for i, x := range ws {
		if x == w {
			return i
		}
	}
	return len(ws)
}

// opt is the value of the option name in ws, or "".
func opt(ws []string, name string) string {
	if i := indexOf(ws, name); i+1 < len(ws) {
		return ws[i+1]
	}
	return ""
}
