package toolkit

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit/internal/formdata"
)

// shopServer logs in at /login (a session id in the body and a cookie
// value) and serves /cart to a caller sending the session.
func shopServer(t *testing.T) *testServer {
	return newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/login":
			fmt.Fprint(w, `{"sid":"sid-5566778899","user":{"id":"u-42","name":"Ada"}}`)
		case "/cart":
			if r.Header.Get("Cookie") != "sid=sid-5566778899" {
				w.WriteHeader(http.StatusUnauthorized)
				fmt.Fprint(w, `{"error":"no session"}`)
				return
			}
			fmt.Fprintf(w, `{"items":3,"sid":%q}`, "sid-5566778899") // echoes the session
		case "/fail":
			w.WriteHeader(http.StatusInternalServerError)
		}
	})
}

const loginTool = `
name: login
desc: Log in to the shop.
steps:
  - url: ${env:BASE_URL}/login
    method: POST
    var:
      - {name: sid, extract: sid, abort: true}
      - {name: user.id, extract: user.id}
      - {name: name, extract: user.name}
    export: [{name: sid, as: SHOP_SESSION}, {name: user.id, as: SHOP_USER}]
    result: "logged in as ${step0:name}"
`

const cartTool = `
name: cart
desc: The shopping cart.
values: [{name: SHOP_SESSION, sensitive: true}]
steps:
  - url: ${env:BASE_URL}/cart
    headers: {Cookie: "sid=${value:SHOP_SESSION}"}
`

func TestExportInResult(t *testing.T) {
	srv := shopServer(t)
	reg := loadRegistry(t, nil, srv.URL, loginTool)
	res := call(t, reg, "login", `{}`)
	wantText(t, res, "logged in as Ada")
	want := []Export{{Name: "SHOP_SESSION", Value: "sid-5566778899", Secret: true}, {Name: "SHOP_USER", Value: "u-42"}}
	if diff := cmp.Diff(want, res.Exports); diff != "" {
		t.Errorf("Exports (-want +got):\n%s", diff)
	}
	if _, set := os.LookupEnv("SHOP_SESSION"); set {
		t.Error("an export reached the process environment")
	}
	if b, _ := json.Marshal(res); strings.Contains(string(b), "sid-5566778899") {
		t.Errorf("the JSON form of the Result shows an export: %s", b)
	}
}

// TestExportConversation: with an export store, what one call exports is
// a per-call value of the conversation's later calls, and of no other
// conversation's; the host's own value wins.
func TestExportConversation(t *testing.T) {
	srv := shopServer(t)
	reg := loadRegistry(t, &Options{Exports: NewMemoryExports(0)}, srv.URL, loginTool, cartTool)
	wantError(t, call(t, reg, "cart", `{}`, WithConversation("c1")),
		`the host passed no per-call value "SHOP_SESSION", nor did an earlier call of the conversation export it`)
	call(t, reg, "login", `{}`, WithConversation("c1"))
	res := call(t, reg, "cart", `{}`, WithConversation("c1"))
	// The session is a secret in the later call too: declared sensitive there, and kept as a secret.
	wantText(t, res, `{"items":3,"sid":"[REDACTED]"}`)
	wantError(t, call(t, reg, "cart", `{}`, WithConversation("c2")), `per-call value "SHOP_SESSION"`)
	res = call(t, reg, "cart", `{}`, WithConversation("c1"), WithValue("SHOP_SESSION", "host-session"))
	// The host's session is refused: an unexpected status, an error.
	wantError(t, res, `HTTP 401 Unauthorized; body: "{\"error\":\"no session\"}"`)
	if got := srv.requests()[len(srv.requests())-1].Header.Get("Cookie"); got != "sid=host-session" {
		t.Errorf("Cookie = %q, want the host's value", got)
	}
}

// TestExportKeptSecret: an export the call sent as a credential stays a
// secret in later calls that read it under a plain name.
func TestExportKeptSecret(t *testing.T) {
	srv := shopServer(t)
	store := NewMemoryExports(0)
	reg := loadRegistry(t, &Options{Exports: store}, srv.URL, `
name: login2
desc: d
steps:
  - url: ${env:BASE_URL}/login
    var: [{name: sid, extract: sid}]
  - url: ${env:BASE_URL}/cart
    headers: {Cookie: "sid=${step0:sid}"}
    var: [{name: items, extract: items}]
    export: [{name: items, as: ITEMS}]
  - url: ${env:BASE_URL}/x
    headers: {X-Session: "${step0:sid}"}
  - url: ${env:BASE_URL}/cart
    headers: {Cookie: "sid=${step0:sid}"}
    var: [{name: sid, extract: sid}]
    export: [{name: sid, as: S}]
`, `
name: show
desc: d
values: [S, ITEMS]
steps:
  - url: ${env:BASE_URL}/x
    result: "${value:S} ${value:ITEMS}"
`)
	res := call(t, reg, "login2", `{}`, WithConversation("c"))
	want := []Export{{Name: "ITEMS", Value: "3"}, {Name: "S", Value: "sid-5566778899", Secret: true}}
	if diff := cmp.Diff(want, res.Exports); diff != "" {
		t.Errorf("Exports (-want +got):\n%s", diff)
	}
	wantText(t, call(t, reg, "show", `{}`, WithConversation("c")), "[REDACTED] 3")
	kept, _ := store.Load(context.Background(), "c")
	if diff := cmp.Diff(want, kept); diff != "" {
		t.Errorf("kept (-want +got):\n%s", diff)
	}
}

func TestExportOnlyOnSuccess(t *testing.T) {
	srv := shopServer(t)
	store := NewMemoryExports(0)
	reg := loadRegistry(t, &Options{Exports: store}, srv.URL, `
name: t
desc: d
steps:
  - url: ${env:BASE_URL}/login
    var: [{name: sid, extract: sid}]
    export: [sid]
  - url: ${env:BASE_URL}/fail
    var: [{name: x, extract: x, abort: true}]
`)
	res := call(t, reg, "t", `{}`, WithConversation("c"))
	if !res.IsError || res.Exports != nil {
		t.Errorf("failed call: IsError %v, Exports %v", res.IsError, res.Exports)
	}
	if kept, _ := store.Load(context.Background(), "c"); len(kept) != 0 {
		t.Errorf("a failed call's exports were kept: %v", kept)
	}
}

type failingExports struct{}

func (failingExports) Load(context.Context, string) ([]Export, error) {
	return nil, errors.New("store down: password=hunter2-pass")
}
func (failingExports) Save(context.Context, string, []Export) error {
	return errors.New("store down")
}

func TestExportStoreFailing(t *testing.T) {
	srv := shopServer(t)
	var logs logBuffer
	reg := loadRegistry(t, &Options{Exports: failingExports{}, Logger: slog.New(slog.NewTextHandler(&logs, nil))}, srv.URL, loginTool)
	res := call(t, reg, "login", `{}`, WithConversation("c"))
	wantText(t, res, "logged in as Ada")
	if len(res.Exports) != 2 {
		t.Errorf("Exports = %v", res.Exports)
	}
	for _, want := range []string{"loading the conversation's exports failed", "keeping the call's exports failed"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %q: %s", want, logs.String())
		}
	}
	if strings.Contains(logs.String(), "sid-5566778899") {
		t.Errorf("logs show the session: %s", logs.String())
	}
}

// TestExportLoopItems: a loop step's collected items can be exported.
func TestExportLoopItems(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("c") == "" {
			fmt.Fprint(w, `{"items":[1,2],"next":"p2"}`)
			return
		}
		fmt.Fprint(w, `{"items":[3]}`)
	})
	reg := loadRegistry(t, nil, srv.URL, loopTool("${env:BASE_URL}/p",
		"    loop:\n      cursor: {path: next, param: c}\n      items: items[]\n    export: [{name: items, as: ALL_ITEMS}]\n"))
	res := call(t, reg, "t", `{}`)
	if diff := cmp.Diff([]Export{{Name: "ALL_ITEMS", Value: "[1,2,3]"}}, res.Exports); diff != "" {
		t.Errorf("Exports (-want +got):\n%s", diff)
	}
}

// DecodeFileBase64 decodes a file parameter's base64 text as a call does
// (fileData.bytes), for review34c_test.go.
func DecodeFileBase64(s string) ([]byte, error) {
	text, enc := formdata.Base64(s)
	return (&fileData{b64: text, enc: enc, param: "p"}).bytes()
}

// WriteFileBase64 writes a file parameter's bytes after head as a
// multipart body does (fileData.writeTo), for review34c_test.go.
func WriteFileBase64(head, s string) ([]byte, error) {
	text, enc := formdata.Base64(s)
	var buf bytes.Buffer
	buf.WriteString(head)
	err := (&fileData{b64: text, enc: enc, param: "p"}).writeTo(&buf, &buf)
	return buf.Bytes(), err
}
