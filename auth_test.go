package toolkit

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

// echoAuth answers with the credentials a request carried.
func echoAuth(w http.ResponseWriter, r *http.Request) {
	c, _ := r.Cookie("session_key")
	cookie := ""
	if c != nil {
		cookie = c.Value
	}
	fmt.Fprintf(w, "authorization=%s x-api-key=%s query=%s cookie=%s", r.Header.Get("Authorization"), r.Header.Get("X-Api-Key"), r.URL.RawQuery, cookie)
}

// TestAuthTypes: each type puts its credential where it goes, and the
// model never reads it (the server echoes it back).
func TestAuthTypes(t *testing.T) {
	srv := newServer(t, echoAuth)
	env := map[string]string{"BASE_URL": srv.URL, "TOKEN": "tok-abcdef-123456", "KEY": "key/with+chars=", "USER": "ann", "PASS": "pa55word!"}
	tests := []struct {
		name, auth string
		want       func(recorded) string // "" when the request is right
	}{
		{"bearer", "{type: bearer, token: '${env:TOKEN}'}", func(r recorded) string {
			return diffStr(r.Header.Get("Authorization"), "Bearer tok-abcdef-123456")
		}},
		{"api_key_header", "{type: api_key, name: X-Api-Key, value: '${env:KEY}'}", func(r recorded) string {
			return diffStr(r.Header.Get("X-Api-Key"), "key/with+chars=")
		}},
		{"api_key_query", "{type: api_key, in: query, name: api_key, value: '${env:KEY}'}", func(r recorded) string {
			return diffStr(r.URI, "/echo?page=2&api_key=key%2Fwith%2Bchars%3D")
		}},
		{"api_key_cookie", "{type: api_key, in: cookie, name: session_key, value: '${env:TOKEN}'}", func(r recorded) string {
			return diffStr(r.Header.Get("Cookie"), "session_key=tok-abcdef-123456")
		}},
		{"basic", "{type: basic, username: '${env:USER}', password: '${env:PASS}'}", func(r recorded) string {
			return diffStr(r.Header.Get("Authorization"), "Basic "+base64.StdEncoding.EncodeToString([]byte("ann:pa55word!")))
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			reg := loadRegistry(t, &Options{Env: testEnv(env)}, "", `
name: echo
desc: d
env: [BASE_URL, TOKEN, KEY, USER, PASS]
auth: `+tc.auth+`
steps:
  - url: ${env:BASE_URL}/echo?page=2
`)
			before := len(srv.requests())
			res := call(t, reg, "echo", `{}`)
			if res.IsError {
				t.Fatal(res.Text)
			}
			reqs := srv.requests()
			if len(reqs) != before+1 {
				t.Fatalf("%d requests", len(reqs)-before)
			}
			if d := tc.want(reqs[before]); d != "" {
				t.Error(d)
			}
			for _, secret := range []string{"tok-abcdef-123456", "key/with+chars=", "key%2Fwith%2Bchars%3D", "pa55word!", base64.StdEncoding.EncodeToString([]byte("ann:pa55word!"))} {
				if strings.Contains(res.Text, secret) {
					t.Errorf("the model reads %q: %s", secret, res.Text)
				}
			}
		})
	}
}

func diffStr(got, want string) string {
	if got != want {
		return fmt.Sprintf("got %q, want %q", got, want)
	}
	return ""
}

// TestAuthNone: a step with auth: none gets no credential; the others do.
func TestAuthNone(t *testing.T) {
	srv := newServer(t, echoAuth)
	reg := loadRegistry(t, &Options{Env: testEnv(map[string]string{"BASE_URL": srv.URL, "TOKEN": "tok-abcdef-123456"})}, "", `
name: two
desc: d
env: [BASE_URL, TOKEN]
auth: {type: bearer, token: '${env:TOKEN}'}
steps:
  - url: ${env:BASE_URL}/public
    auth: none
  - url: ${env:BASE_URL}/private
`)
	call(t, reg, "two", `{}`)
	reqs := srv.requests()
	if len(reqs) != 2 || reqs[0].Header.Get("Authorization") != "" || reqs[1].Header.Get("Authorization") != "Bearer tok-abcdef-123456" {
		t.Errorf("requests: %+v", reqs)
	}
}

// TestAuthPerCallValue: credentials from a per-call value; a call
// without it fails before anything is sent.
func TestAuthPerCallValue(t *testing.T) {
	srv := newServer(t, echoAuth)
	reg := loadRegistry(t, nil, srv.URL, `
name: mine
desc: d
env: [BASE_URL]
values: [user_token]
auth: {type: bearer, token: '${value:user_token}'}
steps:
  - url: ${env:BASE_URL}/me
`)
	res := call(t, reg, "mine", `{}`, WithValue("user_token", "utok-0123456789"))
	if res.IsError || strings.Contains(res.Text, "utok-0123456789") || !strings.Contains(res.Text, Redacted) {
		t.Errorf("result: %s", res.Text)
	}
	wantError(t, call(t, reg, "mine", `{}`), "user_token")
	if n := len(srv.requests()); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
	res = call(t, reg, "mine", `{}`, WithValue("user_token", "evil\r\nX-Injected: 1"))
	wantError(t, res, "line break")
	if strings.Contains(res.Text, "evil") {
		t.Errorf("the error shows the value: %s", res.Text)
	}
}

// TestAuthHMAC: the signature covers the templated canonical string, the
// request's parts put in its placeholders.
func TestAuthHMAC(t *testing.T) {
	const key = "hmac-key-0123456789"
	var got struct{ sig, ts, msg string }
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		got.sig, got.ts = r.Header.Get("X-Signature"), r.Header.Get("X-Timestamp")
		body := make([]byte, r.ContentLength)
		r.Body.Read(body)
		sum := sha256.Sum256(body)
		got.msg = r.Method + "\n" + r.URL.EscapedPath() + "\n" + r.URL.RawQuery + "\n" + got.ts + "\n" + hex.EncodeToString(sum[:])
		fmt.Fprint(w, "ok")
	})
	reg := loadRegistry(t, &Options{Env: testEnv(map[string]string{"BASE_URL": srv.URL, "HMAC_KEY": key, "KEY_ID": "k1"})}, "", `
name: signed
desc: d
env: [BASE_URL, HMAC_KEY, KEY_ID]
params: [{name: q, type: string, required: true, description: query}]
auth:
  type: hmac
  key: ${env:HMAC_KEY}
  algorithm: sha256
  encoding: base64
  header: X-Signature
  timestamp_header: X-Timestamp
  message: "{method}\n{path}\n{query}\n{timestamp}\n{body_sha256}"
  value: "keyId=${env:KEY_ID},signature={signature}"
steps:
  - url: ${env:BASE_URL}/orders/search?q=${param:q}
    method: POST
    body: '{"q": "${param:q}"}'
`)
	res := call(t, reg, "signed", `{"q":"red {path} shoes"}`)
	if res.IsError {
		t.Fatal(res.Text)
	}
	m := hmac.New(sha256.New, []byte(key))
	m.Write([]byte(got.msg))
	want := "keyId=k1,signature=" + base64.StdEncoding.EncodeToString(m.Sum(nil))
	if got.sig != want || got.ts == "" {
		t.Errorf("X-Signature = %q, want %q (message %q)", got.sig, want, got.msg)
	}
}

// TestAuthShared: a shared auth defined in a file of its own is applied
// to the tools that name it; an unknown name is a load error with a
// suggestion.
func TestAuthShared(t *testing.T) {
	srv := newServer(t, echoAuth)
	fsys := fstest.MapFS{
		"tools/auth.yaml": {Data: []byte(`
name: shop_auth
env: [TOKEN]
auth: {type: bearer, token: '${env:TOKEN}'}
`)},
		"tools/orders.yaml": {Data: []byte(`
name: orders
desc: d
env: [BASE_URL]
auth: shop_auth
steps:
  - url: ${env:BASE_URL}/orders
`)},
	}
	env := testEnv(map[string]string{"BASE_URL": srv.URL, "TOKEN": "tok-shared-123456"})
	reg := NewRegistry(&Options{Env: env, Logger: discardLogger(), AllowPrivate: []string{"127.0.0.1"}})
	if _, err := reg.LoadFS(fsys, "tools"); err != nil {
		t.Fatal(err)
	}
	call(t, reg, "orders", `{}`)
	if reqs := srv.requests(); len(reqs) != 1 || reqs[0].Header.Get("Authorization") != "Bearer tok-shared-123456" {
		t.Errorf("requests: %+v", reqs)
	}
	if err := reg.Check(); err != nil {
		t.Errorf("Check: %v", err)
	}
	reg.RemoveAuth("shop_auth")
	wantError(t, call(t, reg, "orders", `{}`), `auth "shop_auth" is not loaded`)
	if err := reg.Check(); err == nil || !strings.Contains(err.Error(), "shop_auth") {
		t.Errorf("Check: %v", err)
	}

	fsys["tools/orders.yaml"] = &fstest.MapFile{Data: []byte("name: orders\ndesc: d\nauth: shop_aut\nsteps: [{url: 'https://x.example/o'}]\n")}
	diags, err := NewRegistry(&Options{Env: env, Logger: discardLogger()}).LoadFS(fsys, "tools")
	if err == nil || !strings.Contains(diags.Error(), `unknown shared auth "shop_aut"; did you mean "shop_auth"?`) {
		t.Errorf("unknown name: %v", diags)
	}

	a, diags := ParseAuth("auth.yaml", fsys["tools/auth.yaml"].Data)
	if a == nil || a.Name != "shop_auth" || a.Type != "bearer" || diags.HasErrors() {
		t.Errorf("ParseAuth: %+v %v", a, diags)
	}
	if _, diags := ParseWorkflow("auth.yaml", fsys["tools/auth.yaml"].Data); !strings.Contains(diags.Error(), `defines the shared auth "shop_auth", not a tool`) {
		t.Errorf("ParseWorkflow of a shared auth: %v", diags)
	}
}

// TestAuthLoadErrors: what a tool file's auth gets wrong is reported at
// load, with its position.
func TestAuthLoadErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"unknown type", "auth: {type: oauth3}", `4:14: auth.type: unknown auth type "oauth3"`},
		{"misspelt type", "auth: {type: bearr, token: x}", `did you mean "bearer"?`},
		{"missing type", "auth: {token: x}", `auth: missing required field "type"`},
		{"missing field", "auth: {type: oauth2_client_credentials, token_url: 'https://a.example/t', client_id: x}", `missing required field "client_secret" (type oauth2_client_credentials takes`},
		{"foreign field", "auth: {type: bearer, token: x, scopes: [a]}", `auth.scopes: does not apply to type bearer`},
		{"param", "auth: {type: bearer, token: '${param:tok}'}", `auth.token: ${param:tok}: auth values never come from the model`},
		{"step ref", "auth: {type: bearer, token: '${step0:t}'}", `come from the environment (${env:NAME}) and per-call values (${value:name}) only`},
		{"undeclared value", "auth: {type: bearer, token: '${value:t}'}", `per-call value "t" is not declared in values`},
		{"bad in", "auth: {type: api_key, in: body, name: k, value: v}", `unknown location "body"`},
		{"bad client_auth", "auth: {type: oauth2_password, token_url: 'https://a.example/t', username: u, password: p, client_auth: jwt}", `unknown client authentication "jwt"`},
		{"bad algorithm", "auth: {type: hmac, key: k, header: X-Sig, message: m, algorithm: md5}", `unknown HMAC algorithm "md5"`},
		{"half keys", "auth: {type: aws_sigv4, region: r, service: s, access_key_id: a}", `set access_key_id and secret_access_key together`},
		{"top none", "auth: none", `auth: none turns auth off for a step`},
		{"type as name", "auth: bearer", `"bearer" is a type`},
		{"literal token url", "auth: {type: oauth2_client_credentials, token_url: /t, client_id: i, client_secret: s}", `"/t" is not an absolute http(s) URL`},
		{"by hand", "auth: {type: bearer, token: x}\nsteps2: ", `steps[0].headers.Authorization: the tool's auth (bearer) sets Authorization`},
		{"step auth", "auth: {type: bearer, token: x}\nsteps3: ", `steps[0].auth: a step's auth can only be none`},
		{"query by hand", "auth: {type: api_key, in: query, name: key, value: v}\nsteps4: ", `the tool's auth (api_key) sends the query key "key"`},
		{"whole url", "auth: {type: bearer, token: x}\nsteps5: ", `steps[0].url: the whole URL comes from ${param:tok}, so its host is not the tool's`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			steps := "steps:\n  - url: https://api.example.com/x\n"
			src := tc.src
			switch {
			case strings.HasSuffix(src, "steps2: "):
				src, steps = strings.TrimSuffix(src, "\nsteps2: "), "steps:\n  - url: https://api.example.com/x\n    headers: {Authorization: Bearer y}\n"
			case strings.HasSuffix(src, "steps3: "):
				src, steps = strings.TrimSuffix(src, "\nsteps3: "), "steps:\n  - url: https://api.example.com/x\n    auth: other\n"
			case strings.HasSuffix(src, "steps5: "):
				src, steps = strings.TrimSuffix(src, "\nsteps5: "), "steps:\n  - url: ${param:tok}\n"
			case strings.HasSuffix(src, "steps4: "):
				src, steps = strings.TrimSuffix(src, "\nsteps4: "), "steps:\n  - url: https://api.example.com/x\n    query: [{key: key, value: v}]\n"
			}
			file := "name: t\ndesc: d\nparams: [{name: tok, type: string, required: true, description: x}]\n" + src + "\n" + steps
			w, diags := ParseWorkflow("t.yaml", []byte(file))
			if w != nil || !strings.Contains(diags.Error(), tc.want) {
				t.Errorf("diagnostics:\n%v\nwant one holding %q", diags, tc.want)
			}
		})
	}
}

// TestAuthMermaid: the picture says how the tool authenticates, and which
// steps opt out.
func TestAuthMermaid(t *testing.T) {
	w, diags := ParseWorkflow("t.yaml", []byte(`
name: t
desc: d
auth: {type: bearer, token: x}
steps:
  - url: https://a.example/public
    auth: none
  - url: https://a.example/private
`))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got := w.Mermaid()
	for _, want := range []string{`start(["t<br>auth: bearer"])`, `auth: none`} {
		if !strings.Contains(got, want) {
			t.Errorf("picture lacks %q:\n%s", want, got)
		}
	}
	if d := cmp.Diff(1, strings.Count(got, "auth: none")); d != "" {
		t.Error(d)
	}
}
