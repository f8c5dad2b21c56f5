package toolkit

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const tenantTool = `
name: orders
desc: Orders of the caller's tenant.
params:
  - {name: tenant, type: string, required: false, description: a parameter of the same name}
values:
  - tenant
  - {name: user_token}
  - {name: locale, default: en}
steps:
  - url: ${env:BASE_URL}/t/${value:tenant}/orders?lang=${value:locale}
    headers:
      Authorization: Bearer ${value:user_token}
      Content-Type: application/json
    body: '{"tenant": ${value:tenant}, "asked": "${param:tenant}"}'
`

func TestValuesReachTheRequest(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"ok":true}`)
	})
	reg := loadRegistry(t, nil, srv.URL, tenantTool)
	res := call(t, reg, "orders", `{"tenant": "model-chosen"}`,
		WithValue("tenant", "acme/../x"), WithValue("user_token", "utok-0123456789"))
	wantText(t, res, `{"ok":true}`)
	reqs := srv.requests()
	if len(reqs) != 1 {
		t.Fatalf("requests = %v", srv.uris())
	}
	got := []string{reqs[0].URI, reqs[0].Header.Get("Authorization"), reqs[0].Body}
	want := []string{
		"/t/acme%2F..%2Fx/orders?lang=en", // escaped like a parameter; the declared default
		"Bearer utok-0123456789",
		`{"tenant": "acme/../x", "asked": "model-chosen"}`, // the host's value, never the model's
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("request (-want +got):\n%s", diff)
	}
}

// TestValuesNotSettableByTheModel: a value is not a parameter, so the
// model naming it is refused like any unknown parameter.
func TestValuesNotSettableByTheModel(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{}`) })
	reg := loadRegistry(t, nil, srv.URL, tenantTool)
	wantError(t, call(t, reg, "orders", `{"user_token": "forged"}`, WithValue("tenant", "acme"), WithValue("user_token", "utok-0123456789")),
		`unknown parameter "user_token"`)
	if n := len(srv.requests()); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

func TestValueMissing(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{}`) })
	var logs logBuffer
	reg := loadRegistry(t, &Options{Logger: slog.New(slog.NewTextHandler(&logs, nil))}, srv.URL, tenantTool)
	res := call(t, reg, "orders", `{}`, WithValue("tenant", "acme"))
	wantError(t, res, `capability "orders" failed: the host passed no per-call value "user_token"`)
	if n := len(srv.requests()); n != 0 {
		t.Errorf("%d requests sent without the value", n)
	}
	if !strings.Contains(logs.String(), "value=user_token") {
		t.Errorf("no warning for the host: %s", logs.String())
	}
}

func TestValueHostPart(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{}`) })
	reg := loadRegistry(t, nil, srv.URL, `
name: regional
desc: d
values: [tenant]
steps:
  - url: https://${value:tenant}.api.example.com/orders
`, `
name: after_env
desc: d
values: [tenant]
steps:
  - url: ${env:BASE_URL}${value:tenant}/orders
`)
	for _, name := range []string{"regional", "after_env"} {
		for _, v := range []string{"evil.example/x", "@evil.example", ".evil.example"} {
			wantError(t, call(t, reg, name, `{}`, WithValue("tenant", v)), "${value:tenant}: unsafe value")
		}
	}
	if n := len(srv.requests()); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

func TestSecretValuesRedacted(t *testing.T) {
	const token = "utok-0123456789"
	const pin = "pin-55667788"
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		// A careless API echoing what it got.
		fmt.Fprintf(w, "pin=%s token=%s tenant=%s", r.URL.Query().Get("pin"), r.URL.Query().Get("t"), r.URL.Query().Get("tenant"))
	})
	var logs logBuffer
	reg := loadRegistry(t, &Options{Logger: slog.New(slog.NewTextHandler(&logs, nil))}, srv.URL, `
name: echo
desc: d
values: [user_token, {name: shop_pin, sensitive: true}, tenant]
steps:
  - url: ${env:BASE_URL}/echo?t=${value:user_token}&pin=${value:shop_pin}&tenant=${value:tenant}
`)
	res := call(t, reg, "echo", `{}`, WithValue("user_token", token), WithValue("shop_pin", pin), WithValue("tenant", "acme-corp"))
	wantText(t, res, "pin=[REDACTED] token=[REDACTED] tenant=acme-corp")
	if strings.Contains(logs.String(), token) || strings.Contains(logs.String(), pin) {
		t.Errorf("logs show a secret: %s", logs.String())
	}
	w, diags := ParseWorkflow("t.yaml", []byte("name: t\ndesc: d\nvalues: [api_key, {name: pin, sensitive: true}, tenant]\nsteps: [{url: 'http://x'}]\n"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if diff := cmp.Diff([]bool{true, true, false}, []bool{w.Values[0].Secret(), w.Values[1].Secret(), w.Values[2].Secret()}); diff != "" {
		t.Errorf("Secret() (-want +got):\n%s", diff)
	}
}

// TestExecutorRunValues: Executor.Run takes the per-call values too.
func TestExecutorRunValues(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, r.URL.Path) })
	w, diags := ParseWorkflow("t.yaml", []byte("name: t\ndesc: d\nvalues: [tenant]\nsteps:\n  - url: "+srv.URL+"/t/${value:tenant}\n"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	e := NewExecutor(&Options{AllowPrivate: []string{"127.0.0.1"}, Logger: discardLogger()})
	wantText(t, runWorkflow(e, context.Background(), w, nil, WithValue("tenant", "acme")), "/t/acme")
	wantError(t, runWorkflow(e, context.Background(), w, nil), `per-call value "tenant"`)
}
