package toolkittest_test

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/golden"
	"github.com/toolkit-sdk/toolkit/toolkittest"
)

// The spec's token chain, with a key in a header and in the query.
const orderTool = `
name: get_order
desc: order status
params:
  - {name: order_id, type: string, required: true, description: the order id}
env: [BASE_URL, CLIENT_ID, CLIENT_SECRET, API_KEY]
steps:
  - url: ${env:BASE_URL}/auth/token
    method: POST
    headers: {Content-Type: application/json, X-Api-Key: "${env:API_KEY}"}
    body: '{"client_id": "${env:CLIENT_ID}", "client_secret": "${env:CLIENT_SECRET}"}'
    var:
      - {name: token, extract: access_token, abort: true}
  - url: ${env:BASE_URL}/orders/${param:order_id}
    query:
      - {key: api_key, value: "${env:API_KEY}"}
    headers: {Authorization: "Bearer ${step0:token}"}
    var:
      - {name: status, extract: data.status}
      - {name: amount, extract: data.amount}
    result: "Order ${param:order_id}: ${step1:status}, ${step1:amount}"
`

const (
	clientSecret = "cs/+S3cret=&<x>"
	apiKey       = "ak-Live-9f8e7d"
	accessToken  = "tok/Abc+123=="
	refreshToken = "rt-ZZZ-999-never-sent"
	sessionID    = "sess-42abcdef"
)

// orderServer checks the credentials and answers the chain; the order
// echoes the key in other encodings, as careless APIs do.
func orderServer(t *testing.T) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/auth/token":
			var body struct{ ClientID, ClientSecret string }
			_ = json.NewDecoder(r.Body).Decode(&struct {
				ID     *string `json:"client_id"`
				Secret *string `json:"client_secret"`
			}{&body.ClientID, &body.ClientSecret})
			if body.ClientSecret != clientSecret || r.Header.Get("X-Api-Key") != apiKey {
				http.Error(w, "bad credentials", http.StatusUnauthorized)
				return
			}
			http.SetCookie(w, &http.Cookie{Name: "session", Value: sessionID, Path: "/"})
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(map[string]string{"access_token": accessToken, "refresh_token": refreshToken, "token_type": "bearer"})
		case "/orders/A-1":
			if r.Header.Get("Authorization") != "Bearer "+accessToken || r.URL.Query().Get("api_key") != apiKey {
				http.Error(w, "unauthorized", http.StatusUnauthorized)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"data":{"status":"shipped","amount":12.5},"debug":{"key_b64":%q,"secret_url":%q,"key_hex":%q}}`,
				base64.StdEncoding.EncodeToString([]byte(apiKey)), url.QueryEscape(clientSecret), hex.EncodeToString([]byte(apiKey)))
		default:
			http.NotFound(w, r)
		}
	}))
}

func newRegistry(t *testing.T, fx *toolkittest.Fixtures, env map[string]string, tool string, allow ...string) *toolkit.Registry {
	t.Helper()
	reg := toolkit.NewRegistry(fx.Options(&toolkit.Options{
		Env:          func(name string) (string, bool) { v, ok := env[name]; return v, ok },
		AllowPrivate: allow,
	}))
	if diags, err := reg.LoadBytes("tool.yaml", []byte(tool)); err != nil {
		t.Fatal(diags)
	}
	return reg
}

// TestRecordReplayTokenChain records the token chain, checks the fixture
// holds no secret in any form, and replays it with the server stopped.
func TestRecordReplayTokenChain(t *testing.T) {
	srv := orderServer(t)
	defer srv.Close()
	dir := t.TempDir()
	env := map[string]string{"BASE_URL": srv.URL, "CLIENT_ID": "app-1", "CLIENT_SECRET": clientSecret, "API_KEY": apiKey}

	rec := toolkittest.Record(t, dir, nil)
	reg := newRegistry(t, rec, env, orderTool, "127.0.0.1")
	want := rec.Call(reg, "get_order", `{"order_id": "A-1"}`)
	if want.IsError || want.Text != "Order A-1: shipped, 12.5" {
		t.Fatalf("recording: %+v", want)
	}

	data := fixtureFile(t, dir)
	text := string(data)
	noSecretForms(t, text, clientSecret, apiKey, accessToken, refreshToken, sessionID)
	// Read as it would be committed: the server's address as BASE_URL.
	golden.Check(t, "testdata/get_order.golden.yaml", strings.ReplaceAll(text, srv.URL, "${BASE_URL}"))
	srv.Close()

	t.Run("same secrets", func(t *testing.T) {
		fx := toolkittest.Replay(t, dir, nil)
		got := fx.Call(newRegistry(t, fx, env, orderTool), "get_order", `{"order_id":"A-1"}`)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("replay (-recorded +replayed):\n%s", diff)
		}
	})
	t.Run("no secrets set", func(t *testing.T) {
		fx := toolkittest.Replay(t, dir, nil)
		ci := map[string]string{"BASE_URL": srv.URL, "CLIENT_ID": "app-1"}
		got := fx.Call(newRegistry(t, fx, ci, orderTool), "get_order", `{"order_id":"A-1"}`)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("replay (-recorded +replayed):\n%s", diff)
		}
	})
	t.Run("unrecorded request", func(t *testing.T) {
		ft := &fakeT{T: t}
		fx := toolkittest.Replay(ft, dir, nil)
		other := map[string]string{"BASE_URL": srv.URL, "CLIENT_ID": "app-2"}
		got := fx.Call(newRegistry(t, fx, other, orderTool), "get_order", `{"order_id":"A-1"}`)
		if !got.IsError {
			t.Errorf("want an error Result, got %+v", got)
		}
		ft.want(t, `no recorded request matches POST `+srv.URL+`/auth/token with body`, `"client_id": "app-2"`, "unused recorded requests:\n  POST "+srv.URL+"/auth/token")
	})
	t.Run("no fixture", func(t *testing.T) {
		ft := &fakeT{T: t}
		fx := toolkittest.Replay(ft, dir, nil)
		got := fx.Call(newRegistry(t, fx, env, orderTool), "get_order", `{"order_id":"B-2"}`)
		if !got.IsError {
			t.Errorf("want an error Result, got %+v", got)
		}
		ft.want(t, "no fixture "+dir, `for get_order {"order_id":"B-2"}; record it with TOOLKIT_RECORD=1`)
	})
}

// fixtureFile returns the one fixture file Record wrote in dir.
func fixtureFile(t *testing.T, dir string) []byte {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if len(files) != 1 {
		t.Fatalf("want one fixture file, got %v", files)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// noSecretForms reports every form (secretForms) of the secrets that the
// fixture text holds.
func noSecretForms[T string | []byte](t *testing.T, text T, secrets ...string) {
	t.Helper()
	for _, s := range secrets {
		for _, form := range secretForms(s) {
			if strings.Contains(string(text), form) {
				t.Errorf("the fixture holds %q, a form of the secret %q:\n%s", form, s, text)
			}
		}
	}
}

// secretForms are the encodings a secret could reach a file in.
func secretForms(s string) []string {
	j, _ := json.Marshal(s)
	return []string{
		s, strings.ToLower(s), strings.ToUpper(s),
		url.QueryEscape(s), url.PathEscape(s),
		base64.StdEncoding.EncodeToString([]byte(s)), base64.URLEncoding.EncodeToString([]byte(s)),
		base64.RawStdEncoding.EncodeToString([]byte(s)), base64.RawURLEncoding.EncodeToString([]byte(s)),
		hex.EncodeToString([]byte(s)), strings.Trim(string(j), `"`),
		strings.ReplaceAll(strings.Trim(string(j), `"`), "/", `\/`),
	}
}

const volatileTool = `
name: ping
desc: ping with a nonce
params:
  - {name: n, type: integer, required: true, description: a number}
env: [BASE_URL, NONCE]
steps:
  - url: ${env:BASE_URL}/ping
    method: POST
    query:
      - {key: nonce, value: "${env:NONCE}"}
    body: '{"n": ${param:n}, "meta": {"sent_at": "${env:NONCE}"}}'
`

// TestReplayIgnore: fields named in Config.Ignore match any value; a raw
// body comes back byte for byte, its trailing newline included.
func TestReplayIgnore(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"pong":true,"n":[1,2]}` + "\n"))
	}))
	dir := t.TempDir()
	rec := toolkittest.Record(t, dir, nil)
	want := rec.Call(newRegistry(t, rec, map[string]string{"BASE_URL": srv.URL, "NONCE": "1111"}, volatileTool, "127.0.0.1"), "ping", `{"n": 7}`)
	srv.Close()
	if want.Text != `{"pong":true,"n":[1,2]}`+"\n" {
		t.Fatalf("recording: %+v", want)
	}
	later := map[string]string{"BASE_URL": srv.URL, "NONCE": "2222"}

	fx := toolkittest.Replay(t, dir, &toolkittest.Config{Ignore: []string{"nonce", "sent_at"}})
	if got := fx.Call(newRegistry(t, fx, later, volatileTool), "ping", `{"n": 7}`); !cmp.Equal(want, got) {
		t.Errorf("replay: %s", cmp.Diff(want, got))
	}

	ft := &fakeT{T: t}
	fx = toolkittest.Replay(ft, dir, &toolkittest.Config{Ignore: []string{"nonce"}})
	fx.Call(newRegistry(t, fx, later, volatileTool), "ping", `{"n": 7}`)
	ft.want(t, `no recorded request matches POST `+srv.URL+`/ping?nonce=[IGNORED] with body`, `"sent_at": "2222"`)
}

// TestRecordParallel records calls made at once to one file each.
func TestRecordParallel(t *testing.T) {
	srv := orderServer(t)
	defer srv.Close()
	dir := t.TempDir()
	env := map[string]string{"BASE_URL": srv.URL, "CLIENT_ID": "app-1", "CLIENT_SECRET": clientSecret, "API_KEY": apiKey}
	rec := toolkittest.Record(t, dir, nil)
	reg := newRegistry(t, rec, env, orderTool, "127.0.0.1")
	var wg sync.WaitGroup
	for _, id := range []string{"A-1", "A-2", "A-3"} {
		wg.Go(func() { rec.Call(reg, "get_order", `{"order_id":"`+id+`"}`) })
	}
	wg.Wait()
	files, _ := filepath.Glob(filepath.Join(dir, "get_order-*.yaml"))
	if len(files) != 3 {
		t.Errorf("want 3 fixture files, got %v", files)
	}
}

// fakeT collects the failures of a test that is meant to fail.
type fakeT struct {
	*testing.T
	mu   sync.Mutex
	errs []string
}

func (f *fakeT) Helper() {}

func (f *fakeT) Errorf(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.errs = append(f.errs, fmt.Sprintf(format, args...))
}

func (f *fakeT) want(t *testing.T, parts ...string) {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	all := strings.Join(f.errs, "\n")
	for _, p := range parts {
		if !strings.Contains(all, p) {
			t.Errorf("the failure does not say %q:\n%s", p, all)
		}
	}
}

const formTool = `
name: login
desc: a form login
params:
  - {name: user, type: string, required: true, description: the user}
env: [BASE_URL, PASSWORD]
steps:
  - url: ${env:BASE_URL}/login
    method: POST
    headers: {Content-Type: application/x-www-form-urlencoded}
    query:
      - {key: sig, value: "abc"}
    body: "user=${param:user}&password=${env:PASSWORD}"
`

// TestRecordFormAndShortSecrets: a form credential is redacted in its
// encoded form, and a credential value under four bytes (which the
// Redactor leaves) is replaced where its key names it.
func TestRecordFormAndShortSecrets(t *testing.T) {
	const password = "p@ss word/+1"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		fmt.Fprintf(w, "hello %s", r.PostForm.Get("user"))
	}))
	defer srv.Close()
	dir := t.TempDir()
	rec := toolkittest.Record(t, dir, nil)
	res := rec.Call(newRegistry(t, rec, map[string]string{"BASE_URL": srv.URL, "PASSWORD": password}, formTool, "127.0.0.1"), "login", `{"user": "ann"}`)
	if res.Text != "hello ann" {
		t.Fatalf("recording: %+v", res)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
	data, _ := os.ReadFile(files[0])
	for _, form := range append(secretForms(password), "sig=abc") {
		if strings.Contains(string(data), form) {
			t.Errorf("the fixture holds %q:\n%s", form, data)
		}
	}
	for _, want := range []string{"/login?sig=[REDACTED]", "body: user=ann&password=[REDACTED]"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the fixture lacks %q:\n%s", want, data)
		}
	}
	srv.Close()
	fx := toolkittest.Replay(t, dir, nil)
	if got := fx.Call(newRegistry(t, fx, map[string]string{"BASE_URL": srv.URL}, formTool), "login", `{"user": "ann"}`); !cmp.Equal(res, got) {
		t.Errorf("replay: %s", cmp.Diff(res, got))
	}
}
