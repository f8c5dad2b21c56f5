package toolkit

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestHostileParams checks a model-controlled value never changes the
// structure around it.
func TestHostileParams(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"path":%q,"query":%q}`, r.URL.EscapedPath(), r.URL.RawQuery)
	})
	tool := `
name: t
desc: d
params:
  - {name: id, type: string, required: true, description: id}
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/users/${param:id}/profile?fields=${param:id}&x=1
    method: POST
    headers:
      X-Id: ${param:id}
    body: '{"id": "${param:id}", "raw": ${param:id}, "admin": false}'
`
	reg := loadRegistry(t, nil, srv.URL, tool)
	hostile := []string{
		"../../admin",
		"..",
		"a/b?c=d#e",
		`","admin":true,"x":"`,
		"true, \"admin\": true",
		"x&admin=1",
		"%2e%2e%2f",
	}
	for _, id := range hostile {
		t.Run(id, func(t *testing.T) {
			srv.mu.Lock()
			srv.reqs = nil
			srv.mu.Unlock()
			params, _ := json.Marshal(map[string]string{"id": id})
			res := call(t, reg, "t", string(params))
			if res.IsError {
				t.Fatalf("error: %s", res.Text)
			}
			reqs := srv.requests()
			if len(reqs) != 1 {
				t.Fatalf("requests: %v", srv.uris())
			}
			r := reqs[0]
			path, query, _ := strings.Cut(r.URI, "?")
			segs := strings.Split(path, "/")
			if len(segs) != 4 || segs[1] != "users" || segs[3] != "profile" || segs[2] == ".." || segs[2] == "." {
				t.Errorf("path structure changed: %q", path)
			}
			if got := strings.Count(query, "&"); got != 1 || !strings.HasSuffix(query, "&x=1") {
				t.Errorf("query structure changed: %q", query)
			}
			var body map[string]any
			if err := json.Unmarshal([]byte(r.Body), &body); err != nil {
				t.Fatalf("body is not JSON: %q", r.Body)
			}
			want := map[string]any{"id": id, "raw": id, "admin": false}
			if diff := cmp.Diff(want, body); diff != "" {
				t.Errorf("body (-want +got):\n%s", diff)
			}
			if got := r.Header.Get("X-Id"); got != id {
				t.Errorf("header = %q", got)
			}
		})
	}
	t.Run("CRLF in a header is refused", func(t *testing.T) {
		srv.mu.Lock()
		srv.reqs = nil
		srv.mu.Unlock()
		res := call(t, reg, "t", `{"id": "x\r\nX-Admin: 1"}`)
		wantError(t, res, "step 0: header X-Id:")
		if strings.Contains(res.Text, "X-Admin") {
			t.Errorf("error shows the value: %s", res.Text)
		}
		if n := len(srv.requests()); n != 0 {
			t.Errorf("%d requests sent", n)
		}
	})
}

// TestSecretsNeverReachTheModel checks redaction of env secrets and
// credential headers in results, raw bodies, errors and logs.
func TestSecretsNeverReachTheModel(t *testing.T) {
	const apiKey = "sk-live-0123456789"
	const password = "hunter2-pass"
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/echo":
			// A careless API echoing credentials back.
			fmt.Fprintf(w, `{"key":%q,"auth":%q,"query":%q}`, r.Header.Get("X-Api-Key"), r.Header.Get("Authorization"), r.URL.RawQuery)
		case "/fail":
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprintf(w, "forbidden for key %s", r.URL.Query().Get("key"))
		}
	})
	env := map[string]string{"BASE_URL": srv.URL, "API_KEY": apiKey, "DB_PASSWORD": password, "REGION": "eu-west"}
	var logs logBuffer
	reg := loadRegistry(t, &Options{Env: testEnv(env), Logger: slog.New(slog.NewTextHandler(&logs, nil))}, srv.URL, `
name: echo
desc: d
env: [BASE_URL, API_KEY, DB_PASSWORD, REGION]
steps:
  - url: ${env:BASE_URL}/echo?key=${env:API_KEY}&region=${env:REGION}
    headers:
      X-Api-Key: ${env:API_KEY}
      Authorization: Basic ${env:DB_PASSWORD}
`, `
name: fail
desc: d
env: [BASE_URL, API_KEY]
steps:
  - url: ${env:BASE_URL}/fail?key=${env:API_KEY}
    var: [{name: x, extract: x, abort: true}]
`, `
name: down
desc: d
env: [API_KEY]
steps:
  - url: http://127.0.0.1:1/x?key=${env:API_KEY}
`)
	for _, name := range []string{"echo", "fail", "down"} {
		res := call(t, reg, name, `{}`)
		for _, secret := range []string{apiKey, password} {
			if strings.Contains(res.Text, secret) {
				t.Errorf("%s: result shows a secret: %s", name, res.Text)
			}
		}
		if name == "echo" && (!strings.Contains(res.Text, Redacted) || !strings.Contains(res.Text, "eu-west")) {
			t.Errorf("echo: %s", res.Text)
		}
	}
	if strings.Contains(logs.String(), apiKey) {
		t.Errorf("logs show a secret: %s", logs.String())
	}
}

func TestRedactor(t *testing.T) {
	var r Redactor
	r.Add("Bearer abc/def+ghi", "abc", "")
	got := r.Redact("h=Bearer abc/def+ghi t=abc/def+ghi q=abc%2Fdef%2Bghi p=abc%2Fdef+ghi short=abc")
	want := "h=[REDACTED] t=[REDACTED] q=[REDACTED] p=[REDACTED] short=abc"
	if got != want {
		t.Errorf("Redact:\n got %q\nwant %q", got, want)
	}
	var zero Redactor
	if zero.Redact("abc") != "abc" {
		t.Error("zero Redactor changed text")
	}
}

func TestSecretNames(t *testing.T) {
	for name, want := range map[string]bool{
		"API_KEY": true, "client_secret": true, "GITHUB_TOKEN": true, "DB_PASSWD": true, "OAUTH_URL": true,
		"SESSION_ID": true, "BASE_URL": false, "REGION": false, "TIMEOUT": false,
	} {
		if got := IsSecretName(name); got != want {
			t.Errorf("IsSecretName(%q) = %v", name, got)
		}
	}
	for name, want := range map[string]bool{
		"Authorization": true, "Cookie": true, "Proxy-Authorization": true, "X-Api-Key": true,
		"X-Auth-Token": true, "X-Client-Secret": true, "Accept": false, "X-Request-Id": false,
	} {
		if got := IsSecretName(name); got != want {
			t.Errorf("IsSecretName(%q) (a header) = %v", name, got)
		}
	}
}

func TestSensitiveEnv(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"echo":%q}`, r.URL.Query().Get("pin"))
	})
	env := map[string]string{"BASE_URL": srv.URL, "SHOP_PIN": "918273", "REGION_CODE": "918273"}
	reg := loadRegistry(t, &Options{Env: testEnv(env)}, srv.URL, `
name: t
desc: d
env:
  - BASE_URL
  - {name: SHOP_PIN, sensitive: true}
steps:
  - url: ${env:BASE_URL}/x?pin=${env:SHOP_PIN}
`)
	wantText(t, call(t, reg, "t", `{}`), `{"echo":"[REDACTED]"}`)
	w, diags := ParseWorkflow("t.yaml", []byte("name: t\ndesc: d\nenv: [{name: A_PIN, sensitive: true}, REGION]\nsteps: [{url: 'http://x'}]\n"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if diff := cmp.Diff([]bool{true, false}, []bool{w.Env[0].Secret(), w.Env[1].Secret()}); diff != "" {
		t.Errorf("Secret() (-want +got):\n%s", diff)
	}
}

// TestSecretAtTheCut: a body is redacted before it is cut, so a cut inside
// a secret leaves no part of it: the raw body capped by MaxResultBytes,
// and the excerpt in an error about a body that is neither JSON nor YAML.
func TestSecretAtTheCut(t *testing.T) {
	const apiKey = "sk-live-0123456789"
	pad := strings.Repeat("x", 110)
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s %s tail", pad, r.Header.Get("X-Api-Key"))
	})
	env := map[string]string{"BASE_URL": srv.URL, "API_KEY": apiKey}
	tool := `
name: raw
desc: d
env: [BASE_URL, API_KEY]
steps:
  - url: ${env:BASE_URL}/x
    headers: {X-Api-Key: "${env:API_KEY}"}
`
	reg := loadRegistry(t, &Options{Env: testEnv(env), MaxResultBytes: len(pad) + 1 + len(apiKey)/2}, srv.URL, tool)
	if res := call(t, reg, "raw", `{}`); strings.Contains(res.Text, apiKey[:len(apiKey)/2]) || !strings.Contains(res.Text, "[truncated: ") {
		t.Errorf("capped body: %s", res.Text)
	}
	reg = loadRegistry(t, &Options{Env: testEnv(env)}, srv.URL, tool+"    var: [{name: v, extract: a.b}]\n")
	if res := call(t, reg, "raw", `{}`); !res.IsError || strings.Contains(res.Text, apiKey[:4]) || !strings.Contains(res.Text, "neither JSON nor YAML") {
		t.Errorf("excerpt: %s", res.Text)
	}
}

// TestXMLBody (finding 11): in an XML body (by Content-Type, or a body that
// starts with '<') a parameter is character data and cannot add elements
// or attributes; env values are configuration and go in as written.
func TestXMLBody(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "ok") })
	env := map[string]string{"BASE_URL": srv.URL, "SIGNATURE": "<sig>abc</sig>"}
	for _, headers := range []string{"{Content-Type: application/soap+xml}", "{}"} {
		srv.mu.Lock()
		srv.reqs = nil
		srv.mu.Unlock()
		reg := loadRegistry(t, &Options{Env: testEnv(env)}, srv.URL, `
name: x
desc: d
params: [{name: q, type: string, required: true, description: q}]
env: [BASE_URL, SIGNATURE]
steps:
  - url: ${env:BASE_URL}/soap
    method: POST
    headers: `+headers+`
    body: '<req id="${param:q}"><q>${param:q}</q>${env:SIGNATURE}</req>'
`)
		wantText(t, call(t, reg, "x", `{"q": "1\"/><admin>true</admin><q x='"}`), "ok")
		want := `<req id="1&quot;/&gt;&lt;admin&gt;true&lt;/admin&gt;&lt;q x=&apos;"><q>1&quot;/&gt;&lt;admin&gt;true&lt;/admin&gt;&lt;q x=&apos;</q><sig>abc</sig></req>`
		if reqs := srv.requests(); len(reqs) != 1 || reqs[0].Body != want {
			t.Errorf("headers %s: body\n got %q\nwant %q", headers, reqs, want)
		}
	}
}

// TestResultAndVarCaps (finding 5a): a result template is capped like a raw
// body, and an extracted value larger than MaxBodyBytes (a YAML alias
// expanding a small body) fails like a missing one.
func TestResultAndVarCaps(t *testing.T) {
	big := strings.Repeat("y", 300)
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/yaml" {
			// 10 aliases of a 300-byte scalar: about 3 KB from a body of 400.
			fmt.Fprintf(w, "a: &x %s\nb: [%s]\n", big, strings.TrimSuffix(strings.Repeat("*x, ", 10), ", "))
			return
		}
		fmt.Fprint(w, `{"v":"`+big+`"}`)
	})
	reg := loadRegistry(t, &Options{MaxResultBytes: 100, MaxBodyBytes: 2000}, srv.URL, `
name: result
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/json
    var: [{name: v, extract: v}]
    result: "v=${step0:v}"
`, `
name: alias
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/yaml
    var: [{name: b, extract: b, abort: true}]
    result: "${step0:b}"
`)
	res := call(t, reg, "result", `{}`)
	if res.IsError || !strings.HasPrefix(res.Text, "v=yyy") || !strings.Contains(res.Text, "[truncated: 100 of 302 bytes shown]") {
		t.Errorf("result: %s", res.Text)
	}
	wantError(t, call(t, reg, "alias", `{}`), `variable "b" extraction failed`, "over the limit of 2000")
}

// TestQueryCredentialsRedacted (finding 8): a value sent as a credential
// query parameter is a secret for the call, wherever it came from, and a
// transport error does not repeat the URL.
func TestQueryCredentialsRedacted(t *testing.T) {
	const token = "tok-5f0e2a9c1d"
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/login" {
			fmt.Fprintf(w, `{"token":%q}`, token)
			return
		}
		fmt.Fprintf(w, `{"you_asked":%q}`, r.URL.String())
	})
	reg := loadRegistry(t, &Options{AllowPrivate: []string{"127.0.0.1"}}, srv.URL, `
name: echo
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/login
    var: [{name: token, extract: token}]
  - url: ${env:BASE_URL}/orders?access_token=${step0:token}&page=2
`, `
name: down
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/login
    var: [{name: token, extract: token}]
  - url: http://127.0.0.1:1/orders
    query: [{key: api_key, value: "${step0:token}"}]
`)
	res := call(t, reg, "echo", `{}`)
	if strings.Contains(res.Text, token) || !strings.Contains(res.Text, "page=2") {
		t.Errorf("echo: %s", res.Text)
	}
	res = call(t, reg, "down", `{}`)
	wantError(t, res, "connection refused")
	if strings.Contains(res.Text, token) || strings.Contains(res.Text, "api_key") {
		t.Errorf("down: %s", res.Text)
	}
}

// TestPerCallSecretsNeverReachTheModel: a secret per-call value, a
// pre_request's token and an exported session, echoed by careless APIs
// into results and error bodies, reach neither the model nor the logs
// (debug records included).
func TestPerCallSecretsNeverReachTheModel(t *testing.T) {
	const userToken = "utok-9f8e7d6c5b"
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/token":
			fmt.Fprint(w, `{"access_token":"pre-tok-1a2b3c4d5e"}`)
		case "/login":
			fmt.Fprint(w, `{"sid":"sess-0a1b2c3d4e"}`)
		default:
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprintf(w, "<html>bad request: auth=%s user=%s</html>", r.Header.Get("Authorization"), r.Header.Get("X-User"))
		}
	})
	var logs logBuffer
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	reg := loadRegistry(t, &Options{Logger: logger, Exports: NewMemoryExports(0)}, srv.URL, `
name: t
desc: d
values: [{name: user, sensitive: true}]
pre_request:
  url: ${env:BASE_URL}/token
  var: [{name: access_token, extract: access_token}]
steps:
  - url: ${env:BASE_URL}/login
    var: [{name: session, extract: sid}]
    export: [{name: session, as: SID}]
  - url: ${env:BASE_URL}/echo
    headers: {Authorization: "Bearer ${pre:access_token}", X-User: "${value:user}"}
    on_error: continue
    var: [{name: x, extract: x}]
`, `
name: later
desc: d
values: [SID]
steps:
  - url: ${env:BASE_URL}/echo
    headers: {X-User: "${value:SID}"}
`)
	results := []Result{
		call(t, reg, "t", `{}`, WithValue("user", userToken), WithConversation("c")),
		call(t, reg, "later", `{}`, WithConversation("c")),
	}
	for _, secret := range []string{userToken, "pre-tok-1a2b3c4d5e"} {
		if !strings.Contains(results[0].Text, Redacted) || strings.Contains(results[0].Text, secret) {
			t.Errorf("result: %s", results[0].Text)
		}
		if strings.Contains(logs.String(), secret) {
			t.Errorf("logs show %q", secret)
		}
	}
	wantError(t, results[1], `HTTP 400 Bad Request; body: "<html>bad request: auth= user=[REDACTED]</html>"`)
}

// TestCookieValuesRedacted checks that each cookie of a Cookie header is a
// secret on its own: an API that echoes one cookie's value without its
// name must not show it to the model.
func TestCookieValuesRedacted(t *testing.T) {
	const sid = "c0ffee-session-4711"
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie("sid")
		if err != nil {
			http.Error(w, "no sid", http.StatusBadRequest)
			return
		}
		fmt.Fprintf(w, `{"you":%q,"theme":"dark"}`, c.Value)
	})
	env := map[string]string{"BASE_URL": srv.URL, "SHOP_SID": sid}
	var logs logBuffer
	reg := loadRegistry(t, &Options{Env: testEnv(env), Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))}, srv.URL, `
name: whoami
desc: d
env: [BASE_URL, SHOP_SID]
steps:
  - url: ${env:BASE_URL}/me
    headers:
      Cookie: sid=${env:SHOP_SID}; lang=en
`)
	res := call(t, reg, "whoami", `{}`)
	if strings.Contains(res.Text, sid) || !strings.Contains(res.Text, Redacted) || !strings.Contains(res.Text, "dark") {
		t.Errorf("result: %s", res.Text)
	}
	if strings.Contains(logs.String(), sid) {
		t.Errorf("logs show the cookie: %s", logs.String())
	}
}

// rawResponseServer answers every request with status line "HTTP/1.1 " +
// status (a reason phrase of the test's choosing) and body, written to the
// connection as they are.
func rawResponseServer(t *testing.T, status, body string) *testServer {
	return newServer(t, func(w http.ResponseWriter, _ *http.Request) {
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Close()
		fmt.Fprintf(buf, "HTTP/1.1 %s\r\nContent-Type: text/plain\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s", status, len(body), body)
		buf.Flush()
	})
}

// TestStatusLineRedacted: a non-2xx raw body is shown after its status
// line, which the server writes: a secret echoed in its reason phrase is
// redacted, in any form, like one in the body, and the body is looked
// through once.
func TestStatusLineRedacted(t *testing.T) {
	const key = "sk-live/0123456789"
	tool := `
name: raw
desc: d
env: [BASE_URL, API_KEY]
steps:
  - url: ${env:BASE_URL}/x
    method: POST
    body: '{"key": "${env:API_KEY}"}'
`
	// The raw body of a status the step lets through (on_error: continue),
	// and the error of one it does not expect.
	for _, c := range []struct{ name, key, status, body, want string }{
		{"as written", key, "401 key " + key + " refused", `{"error":"key ` + key + `"}`,
			`HTTP 401 key [REDACTED] refused; body: "{\"error\":\"key [REDACTED]\"}"`},
		{"URL-encoded", key, "403 sk-live%2F0123456789", "no", `HTTP 403 [REDACTED]; body: "no"`},
		{"base64, the body empty", key, "401 " + base64.StdEncoding.EncodeToString([]byte(key)), "", "HTTP 401 [REDACTED]; body: (empty)"},
		{"across the line break", "first line\nsecond line", "401 first line", "second line, and more",
			"HTTP 401 [REDACTED], and more; body: (empty)"},
	} {
		t.Run("error "+c.name, func(t *testing.T) {
			srv := rawResponseServer(t, c.status, c.body)
			reg := loadRegistry(t, &Options{Env: testEnv(map[string]string{"BASE_URL": srv.URL, "API_KEY": c.key})}, srv.URL, tool)
			got := call(t, reg, "raw", `{}`)
			if !got.IsError || !strings.HasSuffix(got.Text, ": "+c.want) || strings.Contains(got.Text, "first line") || strings.Contains(got.Text, "second line") {
				t.Errorf("result %q, want the suffix %q", got.Text, c.want)
			}
		})
	}
	tool += "    on_error: continue\n"
	for _, c := range []struct{ name, key, status, body, want string }{
		{"as written", key, "401 key " + key + " refused", `{"error":"key ` + key + `"}`,
			"HTTP 401 key [REDACTED] refused\n" + `{"error":"key [REDACTED]"}`},
		{"URL-encoded", key, "403 sk-live%2F0123456789", "no",
			"HTTP 403 [REDACTED]\nno"},
		{"base64, the body empty", key, "401 " + base64.StdEncoding.EncodeToString([]byte(key)), "",
			"HTTP 401 [REDACTED]\n"},
		// A secret that holds a line break can span the status line and
		// the body: the text is redacted whole.
		{"across the line break", "first line\nsecond line", "401 first line", "second line, and more",
			"HTTP 401 [REDACTED], and more"},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := rawResponseServer(t, c.status, c.body)
			reg := loadRegistry(t, &Options{Env: testEnv(map[string]string{"BASE_URL": srv.URL, "API_KEY": c.key})}, srv.URL, tool)
			if got := call(t, reg, "raw", `{}`); got.IsError || got.Text != c.want {
				t.Errorf("result %q, want %q", got.Text, c.want)
			}
		})
	}

	// Each part of a result is looked through once, and the text made of
	// them not again.
	echo := strings.Repeat("a body that echoes "+key+". ", 100)
	for _, c := range []struct {
		name, steps, status, body, want string
		scanned                         int // the bytes redaction looks through
	}{
		{"a raw body and its status line", "", "401 key " + key, echo,
			"HTTP 401 key [REDACTED]\n" + strings.Repeat("a body that echoes [REDACTED]. ", 100),
			len("HTTP 401 key "+key) + len(echo)},
		{"a result template", "    var: [{name: v, extract: v}]\n    result: 'got ${step0:v}'\n", "200 OK", `{"v": "` + echo + `"}`,
			"got " + strings.Repeat("a body that echoes [REDACTED]. ", 100),
			len("got " + echo)},
	} {
		t.Run(c.name+" is looked through once", func(t *testing.T) {
			srv := rawResponseServer(t, c.status, c.body)
			w, diags := ParseWorkflow("raw.yaml", []byte(tool+c.steps))
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			e := NewExecutor(&Options{Logger: discardLogger(), AllowPrivate: []string{"127.0.0.1"},
				Env: testEnv(map[string]string{"BASE_URL": srv.URL, "API_KEY": key})})
			var co callOptions
			r := e.newRun(context.Background(), w, nil, &co)
			if res := r.result(&co, nil, nil); res.IsError || res.Text != c.want {
				t.Errorf("result %q, want %q", res.Text, c.want)
			}
			if r.secrets.scanned() != c.scanned {
				t.Errorf("redaction looked through %d bytes, want %d", r.secrets.scanned(), c.scanned)
			}
		})
	}
}
