package toolkittest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/toolkittest"
)

// TestHardening26_10_RequestSecrets: a Go capability that sends a secret
// of its own (from its vault, not a per-call value) where no credential
// goes, and says so with Request.Secrets, keeps it out of its fixture;
// the fixture replays.
func TestHardening26_10_RequestSecrets(t *testing.T) {
	const vaultToken = "vault/Tk+9Qz=Lm4"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"seen": %q}`, r.URL.EscapedPath())
	}))
	defer srv.Close()
	dir := t.TempDir()
	newReg := func(fx *toolkittest.Fixtures, token string) *toolkit.Registry {
		reg := toolkit.NewRegistry(fx.Options(&toolkit.Options{AllowPrivate: []string{"127.0.0.1"}}))
		exec := reg.Executor()
		if err := reg.Add(&toolkit.Capability{Name: "go_vault", Description: "d", Handler: func(ctx context.Context, call *toolkit.Call) (toolkit.Result, error) {
			var red toolkit.Redactor
			red.Add(token)
			resp, err := exec.Send(ctx, &toolkit.Request{Method: http.MethodGet, URL: srv.URL + "/v1/" + token + "/items", Secrets: &red})
			if err != nil {
				return toolkit.Result{}, err
			}
			return toolkit.TextResult(red.Redact(string(resp.Body))), nil
		}}); err != nil {
			t.Fatal(err)
		}
		return reg
	}
	rec := toolkittest.Record(t, dir, nil)
	want := rec.Call(newReg(rec, vaultToken), "go_vault", `{}`)
	if want.IsError {
		t.Fatalf("recording: %+v", want)
	}
	data := fixtureFile(t, dir)
	noSecretForms(t, data, vaultToken)
	srv.Close()
	fx := toolkittest.Replay(t, dir, nil)
	if got := fx.Call(newReg(fx, "vault-ci-000000"), "go_vault", `{}`); !cmp.Equal(want, got) {
		t.Errorf("replay: %+v, want %+v", got, want)
	}
}

// TestHardening26_10_ConcurrentRuns: a Go capability that runs workflows
// on several goroutines at once records and replays them, each run's
// secrets kept out of the fixture, with no data race between one run's
// requests and another's secrets (run it with -race).
func TestHardening26_10_ConcurrentRuns(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"s": "st-%s-9Kq2", "n": 1}`, strings.Trim(r.URL.Path, "/"))
	}))
	defer srv.Close()
	w, diags := toolkit.ParseWorkflow("w.yaml", []byte(`
name: w
desc: d
params: [{name: i, type: string, required: true, description: i}]
steps:
  - url: `+srv.URL+`/a${param:i}
    var: [{name: session_token, extract: s}]
  - url: `+srv.URL+`/b${param:i}/${step0:session_token}
    var: [{name: refresh_token, extract: s}]
`))
	if w == nil {
		t.Fatal(diags)
	}
	const runs = 6
	newReg := func(fx *toolkittest.Fixtures) *toolkit.Registry {
		reg := toolkit.NewRegistry(fx.Options(&toolkit.Options{AllowPrivate: []string{"127.0.0.1"}}))
		if err := reg.AddWorkflow(w); err != nil {
			t.Fatal(err)
		}
		if err := reg.Add(&toolkit.Capability{Name: "par", Description: "d", Handler: func(ctx context.Context, call *toolkit.Call) (toolkit.Result, error) {
			var wg sync.WaitGroup
			errs := make([]bool, runs)
			for i := range runs {
				wg.Go(func() {
					res, err := reg.Call(ctx, "w", json.RawMessage(fmt.Sprintf(`{"i":"%d"}`, i)))
					errs[i] = err != nil || res.IsError
				})
			}
			wg.Wait()
			return toolkit.TextResult(fmt.Sprint(errs)), nil
		}}); err != nil {
			t.Fatal(err)
		}
		return reg
	}
	dir := t.TempDir()
	rec := toolkittest.Record(t, dir, nil)
	want := rec.Call(newReg(rec), "par", `{}`)
	data := fixtureFile(t, dir)
	if strings.Contains(string(data), "-9Kq2") {
		t.Errorf("the fixture holds a session token:\n%s", data)
	}
	srv.Close()
	fx := toolkittest.Replay(t, dir, nil)
	if got := fx.Call(newReg(fx), "par", `{}`); !cmp.Equal(want, got) {
		t.Errorf("replay: %+v, want %+v", got, want)
	}
}
