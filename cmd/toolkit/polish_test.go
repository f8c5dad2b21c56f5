package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestLintDefaultPath: lint with no PATH reads ./tools, and a clean lint
// prints one line counting one file.
func TestLintDefaultPath(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	write(t, "tools/ok.yaml", "name: ok\ndesc: fine\nsteps:\n  - url: https://api.example.com/x\n")
	out, errOut, code := runCmd(t, "", "lint")
	if code != exitOK || out != "" || errOut != "toolkit: 1 file checked: 0 errors, 0 warnings\n" {
		t.Errorf("exit %d\nstdout %q\nstderr %q", code, out, errOut)
	}
	write(t, "tools/two.yaml", "name: two\ndesc: fine\nsteps:\n  - url: https://api.example.com/${param:x}\n")
	_, errOut, code = runCmd(t, "", "lint")
	if code != exitOK || !strings.HasSuffix(errOut, "toolkit: 2 files checked: 0 errors, 1 warning\n") {
		t.Errorf("exit %d\nstderr %q", code, errOut)
	}
}

// TestVerbosePreRequestAndQuery: -v names the pre_request and shows each
// request's query, a credential's value redacted: page 2 of a loop is told
// from page 1.
func TestVerbosePreRequestAndQuery(t *testing.T) {
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/token":
			fmt.Fprint(w, `{"access_token": "tok-secret-0123456789"}`)
		case "/items":
			if r.URL.Query().Get("page") == "3" {
				fmt.Fprint(w, `{"data": []}`)
				return
			}
			fmt.Fprintf(w, `{"data": [%q]}`, r.URL.Query().Get("page"))
		}
	}))
	defer api.Close()
	dir := t.TempDir()
	write(t, filepath.Join(dir, "list.yaml"), `
name: list
desc: pages
env: [BASE_URL, API_KEY]
pre_request:
  url: ${env:BASE_URL}/token
  var: [{name: token, extract: access_token, abort: true}]
steps:
  - url: ${env:BASE_URL}/items?api_key=${env:API_KEY}&q=lamp
    headers: {Authorization: "Bearer ${pre:token}"}
    loop: {page: {param: page}, items: "data[]"}
`)
	write(t, filepath.Join(dir, "env"), "BASE_URL="+api.URL+"\nAPI_KEY=k-0123456789abcdef\n")
	out, errOut, code := runCmd(t, "", "call", "list", filepath.Join(dir, "list.yaml"), "--env-file", filepath.Join(dir, "env"),
		"--allow-private", "127.0.0.1", "-v")
	if code != exitOK || out != `["1","2"]`+"\n" {
		t.Fatalf("exit %d, stdout %q\n%s", code, out, errOut)
	}
	for _, re := range []string{
		`(?m)^\* pre_request$`,
		`(?m)^> GET ` + regexp.QuoteMeta(api.URL) + `/token$`,
		`(?m)^\* step 0$`,
		`(?m)^> GET ` + regexp.QuoteMeta(api.URL) + `/items\?api_key=\[REDACTED\]&q=lamp&page=1$`,
		`(?m)^> GET ` + regexp.QuoteMeta(api.URL) + `/items\?api_key=\[REDACTED\]&q=lamp&page=2$`,
	} {
		if !regexp.MustCompile(re).MatchString(errOut) {
			t.Errorf("-v output lacks %s:\n%s", re, errOut)
		}
	}
	if strings.Contains(errOut, "step -1") || strings.Contains(out+errOut, "k-0123456789abcdef") || strings.Contains(out+errOut, "tok-secret") {
		t.Errorf("-v output:\n%s", errOut)
	}
}

// TestMCPFlatHint: on a server of entry tools, a tools/call of a
// capability's name is refused with how to call it.
func TestMCPFlatHint(t *testing.T) {
	ctx := t.Context()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var errOut syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- runContext(ctx, []string{"mcp", "testdata/tools"}, inR, outW, &errOut)
		outW.Close()
	}()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, &mcp.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "get_item", Arguments: map[string]any{"id": "A-1"}})
	if err == nil || !strings.Contains(err.Error(), `"get_item" is a capability`) || !strings.Contains(err.Error(), "--flat") || !strings.Contains(err.Error(), "call_capability") {
		t.Errorf("calling a capability by name: %v", err)
	}
	_, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "nothing", Arguments: map[string]any{}})
	if err == nil || strings.Contains(err.Error(), "--flat") {
		t.Errorf("an unknown name: %v", err)
	}
	cs.Close()
	inW.Close()
	select {
	case <-done:
	case <-time.After(hangGuard):
		t.Fatal("the server did not end")
	}
}

// TestMCPPrivateHint: a request the guard refuses for its private address
// names --allow-private on the server's stderr, once per host.
func TestMCPPrivateHint(t *testing.T) {
	srv := itemServer(t)
	env := envFile(t, srv.URL)
	ctx := t.Context()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var errOut syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- runContext(ctx, []string{"mcp", "testdata/tools", "--flat", "--env-file", env}, inR, outW, &errOut)
		outW.Close()
	}()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, &mcp.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "get_item", Arguments: map[string]any{"id": "A-1"}})
		if err != nil || !res.IsError {
			t.Fatalf("%v %v", res, err)
		}
	}
	cs.Close()
	inW.Close()
	<-done
	if got := strings.Count(errOut.String(), "pass --allow-private 127.0.0.1"); got != 1 {
		t.Errorf("%d hints:\n%s", got, errOut.String())
	}
}
