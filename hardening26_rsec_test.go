package toolkit

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestHardening26_16_NestedJSON: a secret in a JSON text that an API holds
// in a JSON string, so escaped twice (by Go's encoder, \\u003c; Gson's,
// \\u003d; or a \u005c for the backslash), is redacted, and Cap never shows
// the start of it.
func TestHardening26_16_NestedJSON(t *testing.T) {
	const goSecret = "p<a>s&s-1234/x"
	const b64 = "q1+w2/e3R4x=="
	wrap := func(inner string) string { // inner as a JSON string's value
		j, _ := json.Marshal(map[string]string{"doc": inner})
		return string(j)
	}
	goInner, _ := json.Marshal(map[string]string{"t": goSecret})
	tests := []struct {
		name, secret, text string
	}{
		{"Go twice", goSecret, wrap(string(goInner))},
		{"Gson inside, Go outside", b64, wrap(`{"t":"q1+w2/e3R4x\u003d\u003d"}`)},
		{"backslash as \\u005c", b64, `{"doc":"{\"t\":\"q1\u005cu002bw2/e3R4x\u005cu003d=\"}"}`},
		{"every character, twice", b64, wrap(escapeEach(b64, "0123456789abcdef", func(byte) bool { return true }))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r Redactor
			r.Add(tt.secret)
			got := r.Redact(tt.text)
			if !strings.Contains(got, Redacted) || strings.Contains(got, "e3R4") || strings.Contains(got, "s-1234") {
				t.Errorf("Redact(%s) = %s", tt.text, got)
			}
			for n := 0; n < len(tt.text); n++ {
				if got := r.Cap(tt.text, n); strings.Contains(got, "e3R4") || strings.Contains(got, "s-1234") {
					t.Errorf("Cap(%d) = %s", n, got)
				}
			}
		})
	}
}

// echoServer answers path with answer, and any other request with 502 and
// "echo " and the body it sent.
func echoServer(t *testing.T, path, answer string) *testServer {
	return newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == path {
			io.WriteString(w, answer)
			return
		}
		body, _ := io.ReadAll(r.Body)
		w.WriteHeader(http.StatusBadGateway)
		fmt.Fprintf(w, "echo %s", body)
	})
}

// TestHardening26_09_FormBody: a form body's credential fields are
// secrets when the body, written as a YAML block, ends in a line break,
// and when a value holds a space the step sends unescaped in a body it
// declares a form.
func TestHardening26_09_FormBody(t *testing.T) {
	for _, code := range []string{"c0de-Q8r2Vx", "c0de Q8r2Vx"} {
		srv := echoServer(t, "/token", fmt.Sprintf(`{"code": %q}`, code))
		reg := loadRegistry(t, nil, srv.URL, `
name: t
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/token
    var: [{name: code, extract: code}]
  - url: ${env:BASE_URL}/echo
    method: POST
    headers: {Content-Type: application/x-www-form-urlencoded}
    body: |
      grant_type=password&password=${step0:code}&user=u
`)
		res := call(t, reg, "t", `{}`)
		if strings.Contains(res.Text, code) || strings.Contains(res.Text, "Q8r2") || !strings.Contains(res.Text, "echo") {
			t.Errorf("code %q: the model's text: %s", code, res.Text)
		}
	}
}

// TestHardening26_16_DenseBackslashes: past many backslashes that escape
// nothing a secret holds (\" in a JSON text held in a string), Redact
// looks for \u and \/ in one search each; an escaped secret after them,
// escaped once or twice, is still found.
func TestHardening26_16_DenseBackslashes(t *testing.T) {
	const secret = "q1+w2/e3R4x=="
	dense := strings.Repeat(`{\"a\":\"b\"},`, 400)
	for _, written := range []string{
		escapeEach(secret, "0123456789abcdef", func(c byte) bool { return c == '=' }),
		strings.ReplaceAll(secret, "/", `\/`),
		strings.ReplaceAll(secret, "/", `\\/`),
		`q1\\u002bw2/e3R4x==`,
	} {
		var r Redactor
		r.Add(secret)
		for _, text := range []string{dense + written + dense, dense + written, written + dense} {
			if got := r.Redact(text); strings.Contains(got, "e3R4") || !strings.Contains(got, Redacted) {
				t.Errorf("%s: Redact left the secret", written)
			}
		}
	}
}

// TestHardening26_09_NumericBodyField: a number sent in a JSON body field
// in a credential position (a PIN, a numeric key) is a secret like a
// string there.
func TestHardening26_09_NumericBodyField(t *testing.T) {
	const pin = "83629174"
	srv := echoServer(t, "/code", `{"code": `+pin+`}`)
	reg := loadRegistry(t, nil, srv.URL, `
name: t
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/code
    var: [{name: code, extract: code}]
  - url: ${env:BASE_URL}/login
    method: POST
    body: '{"user": "u", "password": ${step0:code}, "n": 12345678}'
`)
	res := call(t, reg, "t", `{}`)
	if strings.Contains(res.Text, pin) || !strings.Contains(res.Text, "12345678") {
		t.Errorf("the model's text: %s", res.Text)
	}
}
