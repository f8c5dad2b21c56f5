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

// TestHardening26_11_BoundNames: an allowed undeclared argument is
// refused when a server's parameter binding may read its name as one the
// definition fixes: PHP and Rails read "tenant[]" and "tenant[x]" as
// tenant (replacing tenant=T1 by an array), Spring "tenant.x" as a member
// of tenant, PHP "tenant.id" and "tenant id" as tenant_id; and one named
// "filter" beside the url's "filter[tenant]" replaces it in PHP.
func TestHardening26_11_BoundNames(t *testing.T) {
	m := newMock(t)
	extra := `{"type": "object", "properties": {}, "additionalProperties": true}`
	get := func(query string) string {
		return `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/r?` + query + `"}`
	}
	tests := []struct {
		function, args string
		values         []toolkit.CallOption
		refused        bool
	}{
		{get("tenant=${tenantId}"), `{"tenant[]": "T2"}`, nil, true},
		{get("tenant=${tenantId}"), `{"Tenant[0]": "T2"}`, nil, true},
		{get("tenant=${tenantId}"), `{"tenant.name": "T2"}`, nil, true},
		{get("tenant_id=${tenantId}"), `{"tenant.id": "T2"}`, nil, true},
		{get("tenant_id=${tenantId}"), `{"tenant id": "T2"}`, nil, true},
		{get("filter[tenant]=${tenantId}"), `{"filter": "x"}`, nil, true},
		{`{"type": "call_url", "method": "POST", "url": "${STATIC#yqcloud_url}/echo/r", "defaultPostData": {"role": "member"}}`, `{"role[]": "admin"}`, nil, true},
		{get("${STATIC#q}"), `{"tenant[]": "T2"}`, []toolkit.CallOption{toolkit.WithValue("STATIC#q", "tenant=T1")}, true},
		{get("${STATIC#q}"), `{"filter": "x"}`, []toolkit.CallOption{toolkit.WithValue("STATIC#q", "filter%5Btenant%5D=T1")}, true},

		{get("tenant=${tenantId}"), `{"tenants": "x", "other.name": "y", "x[tenant]": "z"}`, nil, false},
		{get("${STATIC#q}"), `{"tenants[]": "x"}`, []toolkit.CallOption{toolkit.WithValue("STATIC#q", "tenant=T1")}, false},
	}
	for _, tt := range tests {
		_, reg := load(t, def("f", extra, tt.function), nil)
		before := m.count()
		res := call(reg, "f", tt.args, append(m.values(), tt.values...)...)
		if res.IsError != tt.refused {
			t.Errorf("%s %s: IsError %v: %s", tt.function, tt.args, res.IsError, res.Text)
		}
		if n := m.count() - before; tt.refused && n != 0 {
			t.Errorf("%s %s: a refused call sent %d requests", tt.function, tt.args, n)
		}
	}
}

// TestHardening26_11_DeclaredInAnotherCase: a declared parameter that
// differs from the url's query key or a pinned defaultPostData member only
// by case does not load (a server may read "Tenant" as "tenant"), and
// one beside a static query key in another case is refused at the call.
func TestHardening26_11_DeclaredInAnotherCase(t *testing.T) {
	for _, tt := range []struct{ function, want string }{
		{`{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/r?tenant=${tenantId}"}`,
			`parameter "Tenant" of "f" would be sent in the query beside the url's own "tenant"`},
		{`{"type": "call_url", "method": "POST", "url": "${STATIC#yqcloud_url}/r", "defaultPostData": {"tenant": "${tenantId}"}}`,
			`parameter "Tenant" of "f" would replace defaultPostData's "tenant", which holds a placeholder`},
	} {
		_, diags := Parse("test.json", []byte(def("f", `{"type": "object", "properties": {"Tenant": {"type": "string"}}}`, tt.function)), nil)
		if !diags.HasErrors() || !strings.Contains(diags.Error(), tt.want) {
			t.Errorf("diagnostics %q, want %q", diags, tt.want)
		}
	}
	m := newMock(t)
	_, reg := load(t, def("f", `{"type": "object", "properties": {"Tenant": {"type": "string"}}}`,
		`{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/r?${STATIC#q}"}`), nil)
	before := m.count()
	res := call(reg, "f", `{"Tenant": "T2"}`, append(m.values(), toolkit.WithValue("STATIC#q", "tenant=T1"))...)
	if !res.IsError || !strings.Contains(res.Text, `parameter "Tenant" would be sent in the query beside the url's own`) || m.count() != before {
		t.Errorf("IsError %v, %d requests: %s", res.IsError, m.count()-before, res.Text)
	}
}
