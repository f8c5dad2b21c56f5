package toolkit

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// echoClient answers every request with what it received (method, URL,
// headers, body) and records the URLs it was asked for.
type echoClient struct {
	mu   sync.Mutex
	urls []*url.URL
}

func (c *echoClient) client() *http.Client {
	return &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		c.mu.Lock()
		c.urls = append(c.urls, r.URL)
		c.mu.Unlock()
		var body []byte
		if r.Body != nil {
			body, _ = io.ReadAll(r.Body)
		}
		key := r.Header.Get("X-Api-Key")
		echo, _ := json.Marshal(map[string]any{"url": r.URL.String(), "header": r.Header, "body": string(body), "token": "tok-" + r.URL.Path,
			"lower": strings.ToLower(r.URL.String()), "key_b64": base64.StdEncoding.EncodeToString([]byte(key)), "key_hex": hex.EncodeToString([]byte(key))})
		return &http.Response{StatusCode: 200, Status: "200 OK", Header: http.Header{"Content-Type": {"application/json"}},
			Body: io.NopCloser(bytes.NewReader(echo)), Request: r}, nil
	})}
}

func (c *echoClient) take() []*url.URL {
	c.mu.Lock()
	defer c.mu.Unlock()
	u := c.urls
	c.urls = nil
	return u
}

const fuzzTools = `
name: path
desc: d
params: [{name: v, type: string, required: true, description: v}]
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/users/${param:v}/profile?q=${param:v}
    query: [{key: k, value: "${param:v}"}]
    headers: {X-V: "${param:v}"}
    body: '{"v": "${param:v}", "raw": ${param:v}}'
    method: POST
---
name: glued
desc: d
params: [{name: v, type: string, required: true, description: v}]
env: [HOST]
steps:
  - url: ${env:HOST}${param:v}
---
name: chained
desc: d
params: [{name: v, type: string, required: true, description: v}]
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/a/${param:v}
    var: [{name: u, extract: url}]
  - url: ${env:BASE_URL}/b/${step0:u}/c
`

// FuzzRequestHost: whatever the model sends as a parameter, every request
// goes to the scheme, host and port the tool file wrote, with the number
// of path segments it wrote, or is not sent.
func FuzzRequestHost(f *testing.F) {
	for _, s := range []string{"a", "", "../..", ".evil.example", "@evil.example", "/x", "x?y#z", "%2e%2e", "http://evil.example/", "1}", "\r\nX: y", "[::1]", "北京", "a\\b", "..;/"} {
		f.Add(s)
	}
	echo := &echoClient{}
	env := map[string]string{"BASE_URL": "https://api.example.test:8443/v1", "HOST": "https://api.example.test:8443"}
	reg := NewRegistry(&Options{HTTPClient: echo.client(), Env: testEnv(env), Logger: discardLogger(), AllowPrivate: []string{"api.example.test"}})
	for i, doc := range strings.Split(fuzzTools, "---\n") {
		if _, err := reg.LoadBytes("t"+string(rune('0'+i))+".yaml", []byte(doc)); err != nil {
			f.Fatal(err)
		}
	}
	segments := map[string][]int{"path": {4}, "glued": {0}, "chained": {3, 4}}
	f.Fuzz(func(t *testing.T, v string) {
		for _, name := range []string{"path", "glued", "chained"} {
			args, _ := json.Marshal(map[string]any{"name": name, "parameters": map[string]string{"v": v}})
			if _, err := reg.Call(context.Background(), ToolCallCapability, args); err != nil {
				t.Fatal(err)
			}
			for i, u := range echo.take() {
				if u.Scheme != "https" || u.Host != "api.example.test:8443" || u.User != nil {
					t.Fatalf("%s with %q: request to %s", name, v, u)
				}
				if n := strings.Count(u.EscapedPath(), "/"); n != segments[name][i] {
					t.Fatalf("%s with %q: request %d path %q has %d segments, want %d", name, v, i, u.EscapedPath(), n, segments[name][i])
				}
			}
		}
	})
}

// FuzzSecretsNeverShown: an upstream that echoes every request back, in
// any encoding, never shows the model or the log a secret the call sent.
func FuzzSecretsNeverShown(f *testing.F) {
	for _, s := range []string{"a", "", "k-9f8e7d6c5b4a", "%", "\\u00", "\"}"} {
		f.Add(s)
	}
	const apiKey = "Sk/Live+0123456789=="
	echo := &echoClient{}
	var logs logBuffer
	env := map[string]string{"BASE_URL": "https://api.example.test", "API_KEY": apiKey}
	reg := NewRegistry(&Options{HTTPClient: echo.client(), Env: testEnv(env), AllowPrivate: []string{"api.example.test"},
		Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	tool := `
name: echo
desc: d
params: [{name: v, type: string, required: true, description: v}]
env: [BASE_URL, API_KEY]
steps:
  - url: ${env:BASE_URL}/login?api_key=${env:API_KEY}
    var: [{name: token, extract: token}]
  - url: ${env:BASE_URL}/data?access_token=${step0:token}&v=${param:v}
    headers: {X-Api-Key: "${env:API_KEY}", Authorization: "Bearer ${step0:token}"}
    body: '{"key": "${env:API_KEY}", "v": "${param:v}", "missing": "${param:nope}"}'
    method: POST
`
	if _, err := reg.LoadBytes("echo.yaml", []byte(tool)); err != nil {
		f.Fatal(err)
	}
	secrets := []string{apiKey, "tok-/login"}
	f.Fuzz(func(t *testing.T, v string) {
		args, _ := json.Marshal(map[string]any{"name": "echo", "parameters": map[string]string{"v": v}})
		res, err := reg.Call(context.Background(), ToolCallCapability, args)
		if err != nil {
			t.Fatal(err)
		}
		echo.take()
		for _, s := range secrets {
			for _, form := range secretForms(s) {
				if strings.Contains(res.Text, form) && !strings.Contains(v, form) {
					t.Fatalf("result shows %q (a form of %q): %s", form, s, res.Text)
				}
				if strings.Contains(logs.String(), form) {
					t.Fatalf("log shows %q: %s", form, logs.String())
				}
			}
		}
	})
}

// secretForms are encodings of s that an echoing upstream might use.
func secretForms(s string) []string {
	q, _ := json.Marshal(s)
	return []string{s, url.QueryEscape(s), url.PathEscape(s), strings.ToLower(s), strings.ToUpper(s), string(q[1 : len(q)-1]),
		strings.ReplaceAll(s, "/", `\/`), base64.StdEncoding.EncodeToString([]byte(s)), hex.EncodeToString([]byte(s))}
}
