package yqcloud

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolkit-sdk/toolkit"
)

// TestHardening26_11_CaseAndDepth: an allowed undeclared argument that
// differs from a fixed name only by case ("TenantId", "ROLE") is refused
// as the name itself is (ASP.NET's query binder and System.Text.Json's
// web defaults read names without regard to case), and a declared
// parameter does not replace a defaultPostData member that holds a
// placeholder deeper down.
func TestHardening26_11_CaseAndDepth(t *testing.T) {
	m := newMock(t)
	const (
		extra    = `, "additionalProperties": true`
		getQuery = `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/r?tenant=${tenantId}"}`
		postRole = `{"type": "call_url", "method": "POST", "url": "${STATIC#yqcloud_url}/echo/r", "defaultPostData": {"role": "member"}}`
	)
	tests := []struct {
		name, params, function, args string
		values                       []toolkit.CallOption
		want                         string
	}{
		{"the url's query key in another case", `{"type": "object", "properties": {}` + extra + `}`, getQuery, `{"Tenant": "T2"}`, nil,
			`function "f": yqcloud: invalid arguments: parameter "Tenant" is not declared and names the url's query`},
		{"a defaultPostData key in another case", `{"type": "object", "properties": {}` + extra + `}`, postRole, `{"ROLE": "admin"}`, nil,
			`function "f": yqcloud: invalid arguments: parameter "ROLE" is not declared and names defaultPostData`},
		{"a per-call value in another case", `{"type": "object", "properties": {}` + extra + `}`, postRole, `{"TenantId": "T2"}`, nil,
			`function "f": yqcloud: invalid arguments: parameter "TenantId" is not declared and names a per-call value`},
		{"a static query key in another case", `{"type": "object", "properties": {}` + extra + `}`,
			`{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/r?${STATIC#q}"}`, `{"TENANT": "T2"}`,
			[]toolkit.CallOption{toolkit.WithValue("STATIC#q", "tenant=T1")},
			`function "f": yqcloud: invalid arguments: parameter "TENANT" would be sent in the query beside the url's own "TENANT"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, reg := load(t, def("f", tt.params, tt.function), nil)
			before := m.count()
			res := call(reg, "f", tt.args, append(m.values(), tt.values...)...)
			if !res.IsError || !strings.HasPrefix(res.Text, tt.want) {
				t.Fatalf("IsError %v: %s\nwant it to start %q", res.IsError, res.Text, tt.want)
			}
			if n := m.count() - before; n != 0 {
				t.Errorf("a refused call sent %d requests: %+v", n, m.last(t))
			}
		})
	}
	t.Run("other names are still sent", func(t *testing.T) {
		_, reg := load(t, def("f", `{"type": "object", "properties": {}`+extra+`}`, postRole), nil)
		res := call(reg, "f", `{"other": 1}`, m.values()...)
		if diff := cmp.Diff(`{"method":"POST","path":"/echo/r","query":"","body":{"role":"member","other":1}}`, res.Text); diff != "" {
			t.Errorf("echo (-want +got):\n%s", diff)
		}
	})
	t.Run("a placeholder deeper in defaultPostData", func(t *testing.T) {
		for _, data := range []string{`{"auth": {"tenant": "${tenantId}"}}`, `{"auth": ["${tenantId}"]}`} {
			_, diags := Parse("test.json", []byte(def("f", `{"type": "object", "properties": {"auth": {"type": "object"}}}`,
				`{"type": "call_url", "method": "POST", "url": "${STATIC#yqcloud_url}/r", "defaultPostData": `+data+`}`)), nil)
			if want := `would replace defaultPostData's "auth", which holds a placeholder`; !diags.HasErrors() || !strings.Contains(diags.Error(), want) {
				t.Errorf("%s: diagnostics %q, want %q", data, diags, want)
			}
		}
	})
}
