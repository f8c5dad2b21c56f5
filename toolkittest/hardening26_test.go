package toolkittest_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/toolkittest"
)

// A tool whose secrets the requests alone do not tell: a per-call value
// named like a secret and one marked sensitive, sent where no credential
// goes (an ordinary header, the path, an ordinary query key), an env value
// marked sensitive, and a token extracted under a secret's name, sent in
// the path.
const perCallTool = `
name: whoami
desc: who am I
env: [BASE_URL, {name: PARTNER, sensitive: true}]
values: [user_token, {name: acct, sensitive: true}]
steps:
  - url: ${env:BASE_URL}/session/${value:acct}
    query: [{key: u, value: "${value:user_token}"}, {key: p, value: "${env:PARTNER}"}]
    headers: {X-User: "${value:user_token}"}
    var: [{name: session_token, extract: s}]
  - url: ${env:BASE_URL}/me/${step0:session_token}
    var: [{name: name, extract: name}]
    result: "hello ${step1:name}"
`

const (
	userToken    = "ut/Q9+zz=Lw"
	acctValue    = "acct-77Xq21"
	partnerValue = "partner-55Mn"
	sessionTok   = "st/8Kp+Rq=="
)

// TestHardening26_10_PerCallSecrets: the fixture of a call records its
// per-call secrets (WithValue named like a secret or marked sensitive),
// its sensitive env values and its extracted tokens as [REDACTED], in no
// encoding in clear, and replays, with the same values or none.
func TestHardening26_10_PerCallSecrets(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.URL.Path == "/session/"+acctValue && r.URL.Query().Get("u") == userToken && r.Header.Get("X-User") == userToken:
			fmt.Fprintf(w, `{"s": %q, "echo": [%q, %q, %q]}`, sessionTok, userToken, acctValue, r.URL.Query().Get("p"))
		case r.URL.Path == "/me/"+sessionTok:
			fmt.Fprintf(w, `{"name": "ann", "seen": %q}`, r.URL.String())
		default:
			http.Error(w, "unexpected "+r.URL.String(), http.StatusBadRequest)
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	env := map[string]string{"BASE_URL": srv.URL, "PARTNER": partnerValue}
	values := toolkit.WithValues(map[string]string{"user_token": userToken, "acct": acctValue})

	rec := toolkittest.Record(t, dir, nil)
	want := rec.Call(newRegistry(t, rec, env, perCallTool, "127.0.0.1"), "whoami", `{}`, values)
	if want.IsError || want.Text != "hello ann" {
		t.Fatalf("recording: %+v", want)
	}
	data := fixtureFile(t, dir)
	text := string(data)
	noSecretForms(t, text, userToken, acctValue, partnerValue, sessionTok)
	if !strings.Contains(text, toolkit.Redacted) {
		t.Errorf("the fixture has no %s:\n%s", toolkit.Redacted, text)
	}
	srv.Close()

	t.Run("same values", func(t *testing.T) {
		fx := toolkittest.Replay(t, dir, nil)
		got := fx.Call(newRegistry(t, fx, env, perCallTool), "whoami", `{}`, values)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("replay (-recorded +replayed):\n%s", diff)
		}
	})
	t.Run("other values", func(t *testing.T) {
		fx := toolkittest.Replay(t, dir, nil)
		ci := map[string]string{"BASE_URL": srv.URL, "PARTNER": "partner-ci-00"}
		got := fx.Call(newRegistry(t, fx, ci, perCallTool), "whoami", `{}`,
			toolkit.WithValues(map[string]string{"user_token": "ut-ci-0000", "acct": "acct-ci-0000"}))
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("replay (-recorded +replayed):\n%s", diff)
		}
	})
}

// TestHardening26_10_GoCapabilitySecrets: a Go capability's per-call
// values named like secrets and the host's headers stay out of its
// fixture, wherever the capability sends them.
func TestHardening26_10_GoCapabilitySecrets(t *testing.T) {
	const hostHeader = "hh-Session-31ff"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"seen": %q}`, r.URL.Path)
	}))
	defer srv.Close()
	dir := t.TempDir()
	newReg := func(fx *toolkittest.Fixtures) *toolkit.Registry {
		reg := toolkit.NewRegistry(fx.Options(&toolkit.Options{AllowPrivate: []string{"127.0.0.1"}}))
		exec := reg.Executor()
		if err := reg.Add(&toolkit.Capability{Name: "go_whoami", Description: "d", Handler: func(ctx context.Context, call *toolkit.Call) (toolkit.Result, error) {
			tok, _ := call.Value("user_token")
			sess := call.Header().Get("X-Session")
			resp, err := exec.Send(ctx, &toolkit.Request{Method: http.MethodGet, URL: srv.URL + "/u/" + tok + "/" + sess})
			if err != nil {
				return toolkit.Result{}, err
			}
			return toolkit.TextResult(fmt.Sprint(resp.StatusCode)), nil
		}}); err != nil {
			t.Fatal(err)
		}
		return reg
	}
	opts := []toolkit.CallOption{toolkit.WithValue("user_token", userToken), toolkit.WithHeader(http.Header{"X-Session": {hostHeader}})}
	rec := toolkittest.Record(t, dir, nil)
	want := rec.Call(newReg(rec), "go_whoami", `{}`, opts...)
	if want.IsError || want.Text != "200" {
		t.Fatalf("recording: %+v", want)
	}
	data := fixtureFile(t, dir)
	noSecretForms(t, data, userToken, hostHeader)
	srv.Close()
	fx := toolkittest.Replay(t, dir, nil)
	if got := fx.Call(newReg(fx), "go_whoami", `{}`, opts...); !cmp.Equal(want, got) {
		t.Errorf("replay: %+v, want %+v", got, want)
	}
}
