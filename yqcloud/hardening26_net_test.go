package yqcloud

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// TestHardening26_15_YQCloudRequestBudget: a definition's one request
// counts against the call's budget with each redirect hop: a server that
// always redirects receives at most MaxRequests, even when the host allows
// many redirects.
func TestHardening26_15_YQCloudRequestBudget(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, fmt.Sprintf("/loop?n=%d", hits.Add(1)), http.StatusFound)
	}))
	defer srv.Close()
	set, diags := Parse("test.json", []byte("["+def("loop", "", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/loop"}`)+"]"), nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	reg := toolkit.NewRegistry(&toolkit.Options{Logger: quiet, AllowPrivate: []string{"127.0.0.1"}, MaxRedirects: 1000, MaxRequests: 4})
	if err := set.Register(reg); err != nil {
		t.Fatal(err)
	}
	res := call(reg, "loop", `{}`, toolkit.WithValue(ValueBaseURL, srv.URL), toolkit.WithValue(ValueTenantID, testTenant), toolkit.WithValue(ValueAccessToken, testToken))
	if !res.IsError || !strings.Contains(res.Text, "request budget spent") {
		t.Errorf("always redirecting: %s", res.Text)
	}
	if n := hits.Load(); n != 4 {
		t.Errorf("the server received %d requests, want 4 (MaxRequests)", n)
	}
}
