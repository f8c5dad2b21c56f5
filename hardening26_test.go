package toolkit

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// secretEncodings are the forms in which a secret may appear in a text:
// as written, URL-escaped, base64, hex and JSON-escaped.
func secretEncodings(s string) []string {
	j, _ := json.Marshal(s)
	forms := []string{s, url.PathEscape(s), url.QueryEscape(s), strings.ToLower(url.PathEscape(s)),
		base64.StdEncoding.EncodeToString([]byte(s)), base64.RawURLEncoding.EncodeToString([]byte(s)),
		hex.EncodeToString([]byte(s)), string(j[1 : len(j)-1])}
	return forms
}

// leaks returns the forms of the secrets found in text.
func leaks(text string, secrets ...string) []string {
	var out []string
	for _, s := range secrets {
		for _, f := range secretEncodings(s) {
			if strings.Contains(text, f) {
				out = append(out, f)
			}
		}
	}
	return out
}

// TestHardening26_09_ExtractedSecrets: what a step extracts under a secret's
// name (access_token), a pre_request's token, the user information of a
// URL and the fields of a body in a credential position are secrets of the
// call wherever they are sent: the model's text, the Observer's
// RequestInfo and the debug log never hold them, even when the request
// fails in transport and its URL is quoted.
func TestHardening26_09_ExtractedSecrets(t *testing.T) {
	const token = "tOk/9+xZ=q7Lm" // '/', '+', '=': every escaping differs
	const code = "c0de-Q8r2Vx"    // an ordinary name, sent as a credential
	const pass = "pw-7Hn3sK"
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/token":
			fmt.Fprintf(w, `{"access_token": %q, "code": %q}`, token, code)
		case strings.HasPrefix(r.URL.Path, "/echo"):
			body, _ := io.ReadAll(r.Body)
			w.WriteHeader(http.StatusBadGateway)
			fmt.Fprintf(w, "%s %s %s", r.URL.RequestURI(), body, r.Header.Get("Authorization"))
		default: // a transport error: the connection closes unanswered
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
		}
	})
	base := srv.URL
	withUser := strings.Replace(base, "http://", "http://svc:"+pass+"@", 1)
	tests := []struct {
		name, yaml string
		env        map[string]string
	}{
		{"extracted token in the path", `
name: t
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/token
    var: [{name: access_token, extract: access_token}]
  - url: ${env:BASE_URL}/items/${step0:access_token}
`, nil},
		{"extracted token in the path, echoed", `
name: t
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/token
    var: [{name: access_token, extract: access_token}]
  - url: ${env:BASE_URL}/echo/${step0:access_token}/x
`, nil},
		{"extracted token in a JSON body and a query", `
name: t
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/token
    var: [{name: refresh_token, extract: access_token}]
  - url: ${env:BASE_URL}/echo?q=${step0:refresh_token}
    method: POST
    body: '{"grant": "refresh", "t": "${step0:refresh_token}"}'
`, nil},
		{"ordinary var as a JSON body credential", `
name: t
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/token
    var: [{name: code, extract: code}]
  - url: ${env:BASE_URL}/echo
    method: POST
    body: '{"client": {"client_secret": "${step0:code}"}, "x": 1}'
`, nil},
		{"ordinary var as a form credential", `
name: t
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/token
    var: [{name: code, extract: code}]
  - url: ${env:BASE_URL}/echo
    method: POST
    headers: {Content-Type: application/x-www-form-urlencoded}
    body: 'grant_type=password&password=${step0:code}&user=u'
`, nil},
		{"pre_request token in the path", `
name: t
desc: d
env: [BASE_URL]
pre_request:
  url: ${env:BASE_URL}/token
  var: [{name: session_token, extract: access_token}]
steps:
  - url: ${env:BASE_URL}/items/${pre:session_token}
`, nil},
		{"user information of the URL", `
name: t
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/items/1
`, map[string]string{"BASE_URL": withUser}},
		{"user information of the URL, echoed", `
name: t
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/echo/1
`, map[string]string{"BASE_URL": withUser}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var logs logBuffer
			var mu sync.Mutex
			var infos []string
			obs := &Observer{
				RequestStart: func(ctx context.Context, q RequestInfo) context.Context {
					mu.Lock()
					infos = append(infos, fmt.Sprintf("%+v", q))
					mu.Unlock()
					return ctx
				},
				RequestEnd: func(_ context.Context, q RequestInfo) {
					mu.Lock()
					infos = append(infos, fmt.Sprintf("%+v", q))
					mu.Unlock()
				},
			}
			env := map[string]string{"BASE_URL": base}
			for k, v := range tt.env {
				env[k] = v
			}
			reg := loadRegistry(t, &Options{Env: testEnv(env), Observer: obs,
				Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))}, base, tt.yaml)
			res := call(t, reg, "t", `{}`)
			mu.Lock()
			observed := strings.Join(infos, "\n")
			mu.Unlock()
			for what, text := range map[string]string{"the model's text": res.Text, "the Observer": observed, "the log": logs.String()} {
				if l := leaks(text, token, code, pass); len(l) > 0 {
					t.Errorf("%s holds %q:\n%s", what, l, text)
				}
			}
			if len(srv.requests()) == 0 {
				t.Error("no request reached the server")
			}
		})
	}
}
