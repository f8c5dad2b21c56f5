package hostapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// TestScriptConfirmation: an endpoint that needs the user's confirmation
// is not sent from a code-mode script: the script reads why and the
// model calls it on its own; the others are sent, with the host's headers
// redacted from what the script returns.
func TestScriptConfirmation(t *testing.T) {
	var sent []string
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sent = append(sent, r.Method+" "+r.RequestURI)
		w.Write([]byte("token " + r.Header.Get("Authorization")))
	})
	reg := toolkit.NewRegistry(&toolkit.Options{CodeMode: true})
	a, err := New(testCatalog(t), &Options{Handler: handler, Confirm: func(e Endpoint) bool { return e.Method == http.MethodDelete }})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Register(reg); err != nil {
		t.Fatal(err)
	}
	script, _ := json.Marshal(map[string]string{"script": `
const stats = call('call_http_api', {endpoint: 'stats'});
try { call('call_http_api', {endpoint: 'deleteFile', path_params: {name: 'a'}}); } catch (e) { return [stats, e.message]; }`})
	res, err := reg.Call(context.Background(), toolkit.ToolRunScript, script, hostAuth)
	if err != nil || res.IsError || res.Signals.NeedsConfirmation {
		t.Fatalf("%+v, %v", res, err)
	}
	want := `["HTTP 200 OK\ntoken [REDACTED]","capability \"call_http_api\" needs the user's confirmation, which a script cannot ask for: it was not run; call it with call_capability"]`
	if res.Text != want {
		t.Errorf("got  %s\nwant %s", res.Text, want)
	}
	if strings.Join(sent, ",") != "GET /admin/stats" {
		t.Errorf("sent %v", sent)
	}
}
