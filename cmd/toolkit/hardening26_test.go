package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestHardening26_18_HeaderScope: --header goes to YQCloud functions and
// OpenAPI endpoints, never to a YAML tool file's requests (whose hosts the
// host's header was not meant for); the help says so, and says how a YAML
// file gets a host value instead (--value and ${value:NAME}).
func TestHardening26_18_HeaderScope(t *testing.T) {
	out, errOut, _ := runCmd(t, "", "help", "call")
	help := strings.Join(strings.Fields(out+errOut), " ")
	for _, want := range []string{"YQCloud function", "OpenAPI", "YAML tool files send only the headers they write", "${value:NAME}"} {
		if !strings.Contains(help, want) {
			t.Errorf("help call: --header's text lacks %q:\n%s", want, out+errOut)
		}
	}
	if strings.Contains(help, "with every request of the call") {
		t.Errorf("help call still says --header goes with every request of the call:\n%s", out+errOut)
	}

	const hostSecret = "host-secret-7f3a9c"
	var mu sync.Mutex
	var got []http.Header
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, r.Header.Clone())
		mu.Unlock()
		fmt.Fprint(w, `{"ok": true}`)
	}))
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	tool := "name: ping\ndesc: Ping.\nvalues: [session]\nsteps:\n  - url: " + srv.URL + "/ping\n" +
		"    headers: {X-Session: \"${value:session}\"}\n"
	if err := os.WriteFile(filepath.Join(dir, "ping.yaml"), []byte(tool), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCmd(t, "", "call", "ping", dir, "--allow-private", "127.0.0.1",
		"--header", "X-Host-Secret: "+hostSecret, "--value", "session=sess-1b2c3d4e")
	if code != exitOK {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 1 {
		t.Fatalf("%d requests, want 1", len(got))
	}
	if diff := cmp.Diff([]string{"sess-1b2c3d4e"}, got[0].Values("X-Session")); diff != "" {
		t.Errorf("X-Session (-want +got):\n%s", diff)
	}
	for name, vs := range got[0] {
		for _, v := range vs {
			if strings.Contains(v, hostSecret) {
				t.Errorf("the YAML step sent the host's --header as %s: %s", name, v)
			}
		}
	}
}
