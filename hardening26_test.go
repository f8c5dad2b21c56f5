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

// escapeEach writes each byte of s for which esc returns true as \u00XX
// with the given hex digits, the rest as it is.
func escapeEach(s, digits string, esc func(c byte) bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; esc(c) {
			b.WriteString(`\u00` + string(digits[c>>4]) + string(digits[c&0xf]))
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// TestHardening26_16_JSONEscapes: a secret written by any JSON encoder is
// redacted: Go's (upper-case \u003c), Gson's (\u003d for =, \u0027),
// lower-case and mixed-case escapes, only some characters escaped, every
// character escaped, \/ for /, non-ASCII characters as \uXXXX or a
// surrogate pair, and the base64 form of a secret through such an
// encoder.
func TestHardening26_16_JSONEscapes(t *testing.T) {
	const b64 = "q1+w2/e3R4x=="    // a padded base64 secret
	const odd = "<pa$$'w0rd>&=+/"  // every class of punctuation
	const intl = "clé-secrète-😀-9" // outside ASCII
	const lower, upper = "0123456789abcdef", "0123456789ABCDEF"
	every := func(byte) bool { return true }
	is := func(set string) func(byte) bool { return func(c byte) bool { return strings.IndexByte(set, c) >= 0 } }
	goJSON := func(s string) string { j, _ := json.Marshal(s); return string(j[1 : len(j)-1]) }
	b64Form := base64.StdEncoding.EncodeToString([]byte(odd))
	tests := []struct {
		name, secret, written string
	}{
		{"Go", odd, goJSON(odd)},
		{"Gson =", b64, escapeEach(b64, lower, is("="))},
		{"Gson = ' < > &", odd, escapeEach(odd, lower, is("=<>&'"))},
		{"lower-case +", b64, escapeEach(b64, lower, is("+"))},
		{"upper-case + only", b64, escapeEach(b64, upper, is("+"))},
		{"mixed case", b64, strings.Replace(escapeEach(b64, lower, is("+=")), `\u003d`, `\u003D`, 1)},
		{"slash as \\/", b64, strings.ReplaceAll(b64, "/", `\/`)},
		{"slash as \\/, = escaped", b64, strings.ReplaceAll(escapeEach(b64, lower, is("=")), "/", `\/`)},
		{"every character, lower", odd, escapeEach(odd, lower, every)},
		{"every character, upper", b64, escapeEach(b64, upper, every)},
		{"every other character", b64, func() string {
			var b strings.Builder
			for i := 0; i < len(b64); i++ {
				if i%2 == 0 {
					b.WriteString(escapeEach(b64[i:i+1], upper, every))
				} else {
					b.WriteByte(b64[i])
				}
			}
			return b.String()
		}()},
		{"non-ASCII as \\u", intl, `cl\u00e9-secr\u00E8te-\ud83d\uDE00-9`},
		{"base64 form through Gson", odd, escapeEach(b64Form, lower, is("=+/"))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r Redactor
			r.Add(tt.secret)
			text := `{"echo": "` + tt.written + `", "n": 1}`
			if got, want := r.Redact(text), `{"echo": "`+Redacted+`", "n": 1}`; got != want {
				t.Errorf("secret %q written %s: Redact gives %s", tt.secret, tt.written, got)
			}
			// Cut anywhere, the text shown never holds the secret.
			for n := 0; n <= len(text); n += 7 {
				if got := r.Cap(text, n); strings.Contains(got, tt.written) || strings.Contains(got, tt.secret) {
					t.Errorf("Cap(%d) = %q", n, got)
				}
			}
		})
	}
	// What is not a secret's escape is left alone: a backslash escaped
	// twice before "u0041" (an escape escaped once is a JSON text's in a
	// string, decoded twice), and a secret's text in a longer word is
	// redacted like one written plainly.
	var r Redactor
	r.Add("AAAA")
	for text, want := range map[string]string{
		`x\\\\u0041AAA y`:            `x\\\\u0041AAA y`,
		`x\\u0041AAA y`:              `x[REDACTED] y`,
		`x\u0041\u0041AA y`:          `x[REDACTED] y`,
		`x\u0041\u00410A y`:          `x\u0041\u00410A y`,
		`"\u0041\u0041\u0041\u0041"`: `"[REDACTED]"`,
	} {
		if got := r.Redact(text); got != want {
			t.Errorf("Redact(%s) = %s, want %s", text, got, want)
		}
	}
}

// TestHardening26_16_EscapesCostNoAllocations: a text full of JSON
// escapes but no secret is decoded into a reused buffer.
func TestHardening26_16_EscapesCostNoAllocations(t *testing.T) {
	if raceOn26 {
		t.Skip("the race detector drops pooled buffers")
	}
	var r Redactor
	r.Add(benchSecrets...)
	text := escapedText(8 << 10)
	r.Redact(text)
	if n := testing.AllocsPerRun(50, func() { r.Redact(text) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

// TestHardening26_09_OrdinaryNamesStayReadable: vars whose names only hold
// a marker word (author, token_type, is_private, keyword) are not
// secrets: their values, ordinary words, reach the model as they are,
// while an access_token next to them is redacted.
func TestHardening26_09_OrdinaryNamesStayReadable(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, `{"author": "Ann Lee", "token_type": "bearer", "private": false, "keyword": "lamp", "access_token": "at-9Xk2mQ7"}`)
	})
	reg := loadRegistry(t, nil, srv.URL, `
name: t
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/book
    var:
      - {name: author, extract: author}
      - {name: token_type, extract: token_type}
      - {name: is_private, extract: private}
      - {name: keyword, extract: keyword}
      - {name: access_token, extract: access_token}
    result: "${step0:author} ${step0:token_type} ${step0:is_private} ${step0:keyword} at-9Xk2mQ7 ${step0:access_token}"
`)
	wantText(t, call(t, reg, "t", `{}`), "Ann Lee bearer false lamp [REDACTED] [REDACTED]")
}
