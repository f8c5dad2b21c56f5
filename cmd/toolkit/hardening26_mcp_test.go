package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// startMCP runs "toolkit mcp args..." until the test ends and returns the
// URL it announced; ok is false, with the exit status, when it ended
// without serving.
func startMCP(t *testing.T, args ...string) (url string, errOut *syncBuffer, code int, ok bool) {
	t.Helper()
	url, errOut, code, ok, _ = launchMCP(t, args...)
	return url, errOut, code, ok
}

// launchMCP is startMCP, with stop, which interrupts the server and
// returns its exit status (the test fails if it does not end).
func launchMCP(t *testing.T, args ...string) (url string, errOut *syncBuffer, code int, ok bool, stop func() int) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	errOut = &syncBuffer{wrote: make(chan struct{}, 1)}
	done := make(chan int, 1)
	go func() { done <- runContext(ctx, append([]string{"mcp"}, args...), nil, &bytes.Buffer{}, errOut) }()
	var once sync.Once
	exit := 0
	stop = func() int {
		once.Do(func() {
			cancel()
			select {
			case exit = <-done:
			case <-time.After(hangGuard):
				t.Error("the server does not end")
			}
		})
		return exit
	}
	t.Cleanup(func() { stop() })
	addr := regexp.MustCompile(`serving MCP at (http://\S+/mcp)`)
	for {
		if m := addr.FindStringSubmatch(errOut.String()); m != nil {
			return m[1], errOut, 0, true, stop
		}
		select {
		case <-errOut.wrote:
		case code := <-done:
			done <- code // for stop
			return "", errOut, code, false, stop
		case <-time.After(hangGuard):
			t.Fatalf("no address announced: %s", errOut.String())
		}
	}
}

// TestHardening26_01_LoopbackByDefault: --http listens on loopback, an
// empty host included; an address other machines reach is refused without
// a bearer token; with --auth-token-env every request needs the token.
func TestHardening26_01_LoopbackByDefault(t *testing.T) {
	srv := itemServer(t)
	env := envFile(t, srv.URL)
	base := []string{"testdata/tools", "--flat", "--env-file", env, "--allow-private", "127.0.0.1"}

	for _, tt := range []struct {
		addr, want string
		token      bool
	}{
		{":8080", "127.0.0.1:8080", false},
		{"127.0.0.1:0", "127.0.0.1:0", false},
		{"127.8.9.10:1", "127.8.9.10:1", false},
		{"localhost:1", "localhost:1", false},
		{"LocalHost:1", "LocalHost:1", false},
		{"[::1]:1", "[::1]:1", false},
		{"[::ffff:127.0.0.1]:1", "[::ffff:127.0.0.1]:1", false},
		{"0.0.0.0:1", "", false},
		{"[::]:1", "", false},
		{"192.168.1.20:1", "", false},
		{"10.0.0.1:1", "", false},
		{"[fe80::1%eth0]:1", "", false},
		{"example.com:1", "", false},
		{"localhost.:1", "", false},
		{"a.localhost:1", "", false},
		{"127.1:1", "", false}, // not an address netip reads: refused rather than guessed
		{"0.0.0.0:1", "0.0.0.0:1", true},
		{"[::]:1", "[::]:1", true},
		{":1", "127.0.0.1:1", true},
		{"8080", "", true},
		{"127.0.0.1:0x", "", false},
		{"127.0.0.1:99999", "", false},
	} {
		got, err := listenAddr(tt.addr, tt.token)
		if got != tt.want || (err != nil) != (tt.want == "") {
			t.Errorf("listenAddr(%q, token %v) = %q, %v; want %q", tt.addr, tt.token, got, err, tt.want)
		}
	}

	url, errOut, _, ok := startMCP(t, append(base, "--http", ":0")...)
	if !ok || !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Errorf("--http :0 serves at %q: %s", url, errOut)
	}
	for _, addr := range []string{"0.0.0.0:0", "[::]:0", ":0x"} {
		url, errOut, code, ok := startMCP(t, append(base, "--http", addr)...)
		if ok || code != exitUsage {
			t.Errorf("--http %s without a token: served at %q (exit %d): %s", addr, url, code, errOut)
			continue
		}
		if addr != ":0x" && !strings.Contains(errOut.String(), "--auth-token-env") {
			t.Errorf("--http %s: %s", addr, errOut)
		}
	}

	const token = "tok-0123456789abcdef"
	t.Setenv("TOOLKIT_TEST_MCP_TOKEN", token)
	t.Setenv("TOOLKIT_TEST_SHORT", "0123456789")
	for _, args := range [][]string{
		{"--http", "0.0.0.0:0", "--auth-token-env", "TOOLKIT_TEST_UNSET"},
		{"--http", "0.0.0.0:0", "--auth-token-env", "TOOLKIT_TEST_SHORT"},
		{"--auth-token-env", "TOOLKIT_TEST_MCP_TOKEN"}, // stdio
	} {
		_, errOut, code, ok := startMCP(t, append(base, args...)...)
		if ok || code != exitUsage || strings.Contains(errOut.String(), "0123456789") {
			t.Errorf("%q: exit %d: %s", args, code, errOut)
		}
	}

	url, errOut, _, ok = startMCP(t, append(base, "--http", "127.0.0.1:0", "--auth-token-env", "TOOLKIT_TEST_MCP_TOKEN")...)
	if !ok {
		t.Fatalf("with a token: %s", errOut)
	}
	for _, auth := range []string{"", "Bearer wrong-token-0123456789", "Bearer " + token[1:]} {
		req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized || !strings.HasPrefix(resp.Header.Get("WWW-Authenticate"), "Bearer") {
			t.Errorf("Authorization %q: %d, WWW-Authenticate %q", auth, resp.StatusCode, resp.Header.Get("WWW-Authenticate"))
		}
	}
	tr := &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: &http.Client{Transport: bearer{token}}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(t.Context(), tr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "get_item", Arguments: map[string]any{"id": "A-1"}})
	if err != nil || res.IsError {
		t.Fatalf("a call with the token: %v %v", err, res)
	}
	if strings.Contains(errOut.String(), token) {
		t.Errorf("the token in the log: %s", errOut)
	}

	// The token may come from --env-file too.
	tokFile := filepath.Join(t.TempDir(), ".env")
	if err := os.WriteFile(tokFile, []byte("FILE_MCP_TOKEN="+token+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code, ok := startMCP(t, "testdata/tools", "--env-file", tokFile, "--http", "127.0.0.1:0", "--auth-token-env", "FILE_MCP_TOKEN"); !ok {
		t.Errorf("a token from --env-file: exit %d: %s", code, errOut)
	}

	help, errHelp, _ := runCmd(t, "", "help", "mcp")
	if h := help + errHelp; !strings.Contains(h, "WARNING: whoever reaches the HTTP address can call every capability with this host's secrets") {
		t.Errorf("mcp's help does not warn:\n%s", h)
	}
}

type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

// shrinkLimits sets tiny connection bounds for the test.
func shrinkLimits(t *testing.T) {
	old := httpLimits
	t.Cleanup(func() { httpLimits = old })
	httpLimits.readHeader = 100 * time.Millisecond
	httpLimits.read = 200 * time.Millisecond
	httpLimits.write = 100 * time.Millisecond
	httpLimits.idle = 200 * time.Millisecond
	httpLimits.maxHeaderBytes = 4 << 10
}

// cutOff reports whether the server ended conn before the hang guard:
// the read ends with EOF or a reset, not with the test's own deadline.
func cutOff(t *testing.T, conn net.Conn) (string, bool) {
	t.Helper()
	conn.SetReadDeadline(time.Now().Add(hangGuard))
	b, err := io.ReadAll(conn)
	var ne net.Error
	return string(b), !(errors.As(err, &ne) && ne.Timeout())
}

// TestHardening26_06_SlowClients: the MCP server cuts off a client that
// sends its headers or body a byte at a time, keeps a connection idle, or
// does not read the response; it refuses huge headers; a response that goes
// on streaming outlives the write timeout.
func TestHardening26_06_SlowClients(t *testing.T) {
	shrinkLimits(t)
	srv := itemServer(t)
	env := envFile(t, srv.URL)
	url, errOut, _, ok := startMCP(t, "testdata/tools", "--flat", "--env-file", env, "--allow-private", "127.0.0.1", "--http", "127.0.0.1:0")
	if !ok {
		t.Fatal(errOut)
	}
	hostport := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/mcp")
	dial := func(t *testing.T) net.Conn {
		conn, err := net.Dial("tcp", hostport)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		return conn
	}
	head := "POST /mcp HTTP/1.1\r\nHost: " + hostport + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
	// trickle writes s a byte at a time until the server ends the connection.
	trickle := func(conn net.Conn, s string) {
		go func() {
			for {
				for i := range len(s) {
					if _, err := conn.Write([]byte{s[i]}); err != nil {
						return
					}
					time.Sleep(10 * time.Millisecond)
				}
			}
		}()
	}

	t.Run("slow body", func(t *testing.T) {
		conn := dial(t)
		io.WriteString(conn, head+"Content-Length: 100000\r\n\r\n")
		trickle(conn, `{"jsonrpc":"2.0",`)
		if _, ok := cutOff(t, conn); !ok {
			t.Error("a body sent a byte at a time holds the connection")
		}
	})
	t.Run("slow headers", func(t *testing.T) {
		conn := dial(t)
		trickle(conn, "X-Slow: a\r\n")
		if _, ok := cutOff(t, conn); !ok {
			t.Error("headers sent a byte at a time hold the connection")
		}
	})
	t.Run("idle", func(t *testing.T) {
		conn := dial(t)
		io.WriteString(conn, "GET /elsewhere HTTP/1.1\r\nHost: "+hostport+"\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if _, ok := cutOff(t, conn); !ok {
			t.Error("an idle keep-alive connection is kept")
		}
	})
	t.Run("huge headers", func(t *testing.T) {
		conn := dial(t)
		io.WriteString(conn, head+"X-Big: "+strings.Repeat("a", 16<<10)+"\r\nContent-Length: 0\r\n\r\n")
		if got, _ := cutOff(t, conn); !strings.HasPrefix(got, "HTTP/1.1 431 ") {
			t.Errorf("16 KiB of headers: %.80q", got)
		}
	})

	t.Run("reader stalls", func(t *testing.T) {
		wrote := make(chan error, 1)
		hs := newHTTPServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			chunk := bytes.Repeat([]byte("x"), 1<<20)
			for i := 0; ; i++ {
				if _, err := w.Write(chunk); err != nil || i == 1<<10 { // 1 GiB at most
					wrote <- err
					return
				}
			}
		}))
		addr := serve(t, hs)
		conn := dialAddr(t, addr)
		io.WriteString(conn, "GET / HTTP/1.1\r\nHost: "+addr+"\r\n\r\n") // and never read
		select {
		case err := <-wrote:
			if err == nil {
				t.Error("1 GiB written to a client that reads nothing")
			}
		case <-time.After(hangGuard):
			t.Error("a response to a client that reads nothing blocks")
		}
	})
	t.Run("stream outlives the write timeout", func(t *testing.T) {
		hs := newHTTPServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			for i := range 4 {
				fmt.Fprintf(w, "event %d\n", i)
				http.NewResponseController(w).Flush()
				time.Sleep(2 * httpLimits.write) // no work for longer than the write timeout
			}
		}))
		addr := serve(t, hs)
		resp, err := http.Get("http://" + addr + "/")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if want := "event 0\nevent 1\nevent 2\nevent 3\n"; err != nil || string(b) != want {
			t.Errorf("a streamed response: %q, %v; want %q", b, err, want)
		}
	})
}

func serve(t *testing.T, hs *http.Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	return ln.Addr().String()
}

func dialAddr(t *testing.T, addr string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// TestHardening26_06_LongCall: a tool call that takes longer than every
// connection timeout still gets its result over the CLI's HTTP server.
func TestHardening26_06_LongCall(t *testing.T) {
	shrinkLimits(t)
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(3 * max(httpLimits.read, httpLimits.write, httpLimits.idle))
		fmt.Fprint(w, `{"state":"done"}`)
	}))
	t.Cleanup(upstream.Close)
	dir := t.TempDir()
	tool := "name: slow\ndesc: Take a while.\nenv: [BASE_URL]\nsteps:\n  - url: ${env:BASE_URL}/slow\n    var: [{name: state, extract: state}]\n    result: \"state ${step0:state}\"\n"
	if err := os.WriteFile(filepath.Join(dir, "slow.yaml"), []byte(tool), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("BASE_URL", upstream.URL)
	url, errOut, _, ok := startMCP(t, dir, "--flat", "--allow-private", "127.0.0.1", "--http", "127.0.0.1:0")
	if !ok {
		t.Fatal(errOut)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(t.Context(), &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "slow", Arguments: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Content[0].(*mcp.TextContent).Text; res.IsError || got != "state done" {
		t.Errorf("a long call: %q (error %v)", got, res.IsError)
	}
}

// TestHardening26_06_ShutdownWithOpenStream: interrupted while a client
// holds its session's GET stream open (as go-sdk's client does), the
// server ends the sessions and exits 0, rather than waiting out the
// grace period for a stream that never goes idle and failing.
func TestHardening26_06_ShutdownWithOpenStream(t *testing.T) {
	srv := itemServer(t)
	env := envFile(t, srv.URL)
	url, errOut, code, ok, stop := launchMCP(t, "testdata/tools", "--flat", "--env-file", env, "--allow-private", "127.0.0.1", "--http", "127.0.0.1:0")
	if !ok {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(t.Context(), &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if _, err := cs.ListTools(t.Context(), nil); err != nil {
		t.Fatal(err)
	}
	if code := stop(); code != exitOK || strings.Contains(errOut.String(), "mcp:") {
		t.Errorf("interrupted with a session open: exit %d: %s", code, errOut)
	}
}

// TestHardening26_01_LoopbackHost: as mcp's help says, a request reaching
// the loopback listener that names another host (DNS rebinding, or a
// proxy passing its client's Host) gets 403; a loopback Host is served.
func TestHardening26_01_LoopbackHost(t *testing.T) {
	srv := itemServer(t)
	env := envFile(t, srv.URL)
	url, errOut, _, ok := startMCP(t, "testdata/tools", "--flat", "--env-file", env, "--allow-private", "127.0.0.1", "--http", "127.0.0.1:0")
	if !ok {
		t.Fatal(errOut)
	}
	port := url[strings.LastIndex(url, ":")+1 : strings.LastIndex(url, "/")]
	for host, want := range map[string]int{
		"127.0.0.1:" + port:        http.StatusOK,
		"localhost:" + port:        http.StatusOK,
		"example.com":              http.StatusForbidden,
		"localhost.:" + port:       http.StatusForbidden,
		"127.0.0.1.nip.io:" + port: http.StatusForbidden,
	} {
		req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`))
		req.Host = host
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("Host %q: %d, want %d", host, resp.StatusCode, want)
		}
	}
	help, errHelp, _ := runCmd(t, "", "help", "mcp")
	if h := strings.Join(strings.Fields(help+errHelp), " "); !strings.Contains(h, "a proxy on this machine must send the Host it connects to") {
		t.Errorf("mcp's help does not say which Host a proxy sends:\n%s", h)
	}
}
