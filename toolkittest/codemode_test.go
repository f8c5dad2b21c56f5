package toolkittest_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/toolkittest"
)

// TestRecordReplayScript: a run_script call's fixture records the
// requests of the calls its script makes, with no secret in any form, and
// replays them with the server stopped.
func TestRecordReplayScript(t *testing.T) {
	srv := orderServer(t)
	defer srv.Close()
	dir := t.TempDir()
	env := map[string]string{"BASE_URL": srv.URL, "CLIENT_ID": "app-1", "CLIENT_SECRET": clientSecret, "API_KEY": apiKey}
	registry := func(fx *toolkittest.Fixtures, allow ...string) *toolkit.Registry {
		reg := toolkit.NewRegistry(fx.Options(&toolkit.Options{
			Env:          func(name string) (string, bool) { v, ok := env[name]; return v, ok },
			AllowPrivate: allow,
			CodeMode:     true,
		}))
		if diags, err := reg.LoadBytes("tool.yaml", []byte(orderTool)); err != nil {
			t.Fatal(diags)
		}
		return reg
	}
	const args = `{"script": "const a = call('get_order', {order_id: 'A-1'}); let e = ''; try { call('get_order', {order_id: 'B-2'}); } catch (x) { e = x.message; } return [a, e];"}`
	rec := toolkittest.Record(t, dir, nil)
	want := rec.Call(registry(rec, "127.0.0.1"), toolkit.ToolRunScript, args)
	if want.IsError || !strings.HasPrefix(want.Text, `["Order A-1: shipped, 12.5","`) {
		t.Fatalf("recording: %+v", want)
	}
	text := string(fixtureFile(t, dir))
	noSecretForms(t, text, clientSecret, apiKey, accessToken, refreshToken, sessionID)
	if n := strings.Count(text, "/auth/token"); n != 2 {
		t.Errorf("the fixture has %d token requests, want the 2 of the script's calls:\n%s", n, text)
	}
	srv.Close()
	fx := toolkittest.Replay(t, dir, nil)
	got := fx.Call(registry(fx), toolkit.ToolRunScript, args)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("replay (-recorded +replayed):\n%s", diff)
	}
}
