package toolkit_test

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/toolkittest"
)

// authTools use every kind of credential a tool file declares, with
// values from the environment and a per-call value, under names that do not
// mark them as secrets: only the auth block makes them secrets.
const authTools = `
name: bearer
desc: d
env: [BASE_URL, VAL_A]
auth: {type: bearer, token: '${env:VAL_A}'}
steps: [{url: '${env:BASE_URL}/echo'}]
---
name: query_key
desc: d
env: [BASE_URL, VAL_B]
auth: {type: api_key, in: query, name: key, value: '${env:VAL_B}'}
steps: [{url: '${env:BASE_URL}/echo?x=1'}]
---
name: cookie_key
desc: d
env: [BASE_URL]
values: [uval]
auth: {type: api_key, in: cookie, name: sid, value: '${value:uval}'}
steps: [{url: '${env:BASE_URL}/fail'}]
---
name: basic
desc: d
env: [BASE_URL, VAL_B]
auth: {type: basic, username: ann, password: '${env:VAL_B}'}
steps: [{url: '${env:BASE_URL}/echo', method: POST, body: 'a=1'}]
---
name: oauth
desc: d
env: [BASE_URL, VAL_B]
auth: {type: oauth2_client_credentials, token_url: '${env:BASE_URL}/token', client_id: app, client_secret: '${env:VAL_B}', client_auth: post}
steps: [{url: '${env:BASE_URL}/echo'}]
---
name: hmac
desc: d
env: [BASE_URL, VAL_B]
auth: {type: hmac, key: '${env:VAL_B}', header: X-Signature, message: '{method} {path}'}
steps: [{url: '${env:BASE_URL}/fail'}]
---
name: sigv4
desc: d
env: [BASE_URL, VAL_A, VAL_B]
auth: {type: aws_sigv4, region: us-east-1, service: execute-api, access_key_id: '${env:VAL_A}', secret_access_key: '${env:VAL_B}'}
steps: [{url: '${env:BASE_URL}/echo'}]
`

// credentialEcho is a careless API: it answers with every credential it
// got, as written, URL-decoded and base64-decoded, and its token endpoint
// issues the fuzzed token.
func credentialEcho(token string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if r.URL.Path == "/token" {
			w.Header().Set("Content-Type", "application/json")
			json.NewEncoder(w).Encode(map[string]any{"access_token": token, "token_type": "bearer", "expires_in": 3600})
			return
		}
		authz := r.Header.Get("Authorization")
		_, b64, _ := strings.Cut(authz, " ")
		decoded, _ := base64.StdEncoding.DecodeString(b64)
		q, _ := url.QueryUnescape(r.URL.RawQuery)
		echo := map[string]string{"authorization": authz, "decoded": string(decoded), "query": q, "raw_query": r.URL.RawQuery,
			"cookie": r.Header.Get("Cookie"), "signature": r.Header.Get("X-Signature"), "body": string(body), "date": r.Header.Get("X-Amz-Date")}
		if r.URL.Path == "/fail" {
			w.WriteHeader(http.StatusBadRequest)
		}
		json.NewEncoder(w).Encode(echo)
	}
}

// forms are the encodings of a credential that must not appear.
func forms(v string) []string {
	return []string{v, url.QueryEscape(v), url.PathEscape(v), base64.StdEncoding.EncodeToString([]byte(v)),
		base64.RawURLEncoding.EncodeToString([]byte(v)), hex.EncodeToString([]byte(v))}
}

// credentialLike keeps fuzzed credentials that could not appear in the
// texts checked by chance: 8 to 64 bytes of the characters of keys and
// tokens, holding a digit and a letter, and not part of [REDACTED].
func credentialLike(s string) bool {
	if len(s) < 8 || len(s) > 64 || strings.Contains(strings.ToLower(s), "redact") {
		return false
	}
	digit, letter := false, false
	for _, c := range s {
		switch {
		case '0' <= c && c <= '9':
			digit = true
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
			letter = true
		case strings.ContainsRune("-._~+/=", c):
		default:
			return false
		}
	}
	return digit && letter
}

// FuzzAuthSecrets: whatever the credentials, none of their forms appears
// in a Result, an error, a log line, an Observer event or a record/replay
// fixture, for every type of auth block.
func FuzzAuthSecrets(f *testing.F) {
	f.Add("tok-0123456789abcdef", "s3cr3t+key/with=chars", "user-key-42x")
	f.Add("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "k.e.y.0001")
	f.Add("eyJhbGciOi.J9x1", "a1a1a1a1a1", "b2b2b2b2b2")
	f.Fuzz(func(t *testing.T, token, secret, userKey string) {
		if !credentialLike(token) || !credentialLike(secret) || !credentialLike(userKey) ||
			strings.Contains(token, secret) || strings.Contains(secret, token) {
			t.Skip()
		}
		api := httptest.NewServer(credentialEcho(token))
		defer api.Close()
		var mu sync.Mutex
		var events []string
		note := func(e any) {
			mu.Lock()
			events = append(events, fmt.Sprintf("%+v", e))
			mu.Unlock()
		}
		var logs strings.Builder
		dir := t.TempDir()
		fx := toolkittest.Record(t, dir, nil)
		reg := toolkit.NewRegistry(fx.Options(&toolkit.Options{
			Env:          toolkittest.Env(map[string]string{"BASE_URL": api.URL, "VAL_A": token, "VAL_B": secret}),
			AllowPrivate: []string{"127.0.0.1"},
			Logger:       slog.New(slog.NewTextHandler(&syncWriter{w: &logs, mu: &mu}, &slog.HandlerOptions{Level: slog.LevelDebug})),
			Observer: &toolkit.Observer{
				RequestStart: func(ctx context.Context, r toolkit.RequestInfo) context.Context { note(r); return ctx },
				RequestEnd:   func(_ context.Context, r toolkit.RequestInfo) { note(r) },
				Step:         func(_ context.Context, s toolkit.StepInfo) { note(s) },
			},
		}))
		for i, doc := range strings.Split(authTools, "\n---\n") {
			if _, err := reg.LoadBytes(fmt.Sprintf("t%d.yaml", i), []byte(doc)); err != nil {
				t.Fatal(err)
			}
		}
		var texts []string
		for _, name := range []string{"bearer", "query_key", "cookie_key", "basic", "oauth", "hmac", "sigv4"} {
			res := fx.Call(reg, name, `{}`, toolkit.WithValue("uval", userKey))
			texts = append(texts, name+" result: "+res.Text)
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
		if len(files) != 7 {
			t.Fatalf("%d fixtures, want 7", len(files))
		}
		for _, file := range files {
			data, _ := os.ReadFile(file)
			texts = append(texts, "fixture "+filepath.Base(file)+": "+string(data))
		}
		mu.Lock()
		texts = append(texts, "log: "+logs.String(), "events: "+strings.Join(events, "\n"))
		mu.Unlock()
		for _, cred := range []string{token, secret, userKey} {
			for _, form := range forms(cred) {
				for _, text := range texts {
					if strings.Contains(text, form) {
						t.Errorf("%q (a form of %q) appears in %s", form, cred, text)
					}
				}
			}
		}
	})
}

type syncWriter struct {
	w  io.Writer
	mu *sync.Mutex
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}
