package hostapi

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// TestHardening26_15_HostAPIRequestBudget: call_http_api's one request
// counts against the call's budget with each redirect hop: a server that
// always redirects receives at most MaxRequests, even when the host allows
// many redirects.
func TestHardening26_15_HostAPIRequestBudget(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := hits.Add(1)
		http.Redirect(w, r, fmt.Sprintf("/files?limit=1&n=%d", n), http.StatusFound)
	}))
	defer srv.Close()
	reg := toolkit.NewRegistry(&toolkit.Options{AllowPrivate: []string{"127.0.0.1"}, MaxRedirects: 1000, MaxRequests: 5})
	if a, err := New(testCatalog(t), &Options{BaseURL: srv.URL}); err != nil || a.Register(reg) != nil {
		t.Fatal(err)
	}
	res := run(reg, ToolCall, `{"endpoint": "listFiles", "query": {"limit": 1}}`)
	if !res.IsError || !strings.Contains(res.Text, "request budget spent") || !strings.Contains(res.Text, "MaxRequests") {
		t.Errorf("always redirecting: %s", show(res))
	}
	if n := hits.Load(); n != 5 {
		t.Errorf("the server received %d requests, want 5 (MaxRequests)", n)
	}
}
