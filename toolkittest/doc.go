// Package toolkittest tests tool files offline: it records what a
// capability call sends and receives to a fixture file, and replays the
// fixture in place of the real API.
//
//	func TestGetOrder(t *testing.T) {
//		fx := toolkittest.Open(t, "testdata/fixtures", nil) // records with TOOLKIT_RECORD=1, else replays
//		reg := toolkit.NewRegistry(fx.Options(&toolkit.Options{
//			Env: toolkittest.Env(map[string]string{"BASE_URL": "https://api.example.com"}),
//		}))
//		if _, err := reg.LoadDir("tools"); err != nil {
//			t.Fatal(err)
//		}
//		res := fx.Call(reg, "get_order", `{"order_id": "A-1"}`)
//		if res.Text != "Order A-1: shipped" {
//			t.Errorf("got %q", res.Text)
//		}
//	}
//
// Each call is one YAML file, named after the capability and a hash of its
// arguments (get_order-1a2b3c4d.yaml), holding every request and response
// in order, JSON bodies pretty-printed; a body that is not UTF-8 text (an
// image, a PDF) goes into a file beside it, which the fixture names in
// body_file (get_logo-1a2b3c4d.1.response.png). Every secret the call knows is
// replaced by [REDACTED] before the file is written: the values of
// environment variables whose names mark them as secrets
// (toolkit.IsSecretName) or that Config.SecretEnv names, credential headers
// (toolkit.IsSecretName) and query or form values
// (toolkit.IsSecretQueryKey) sent, JSON fields of the same names in bodies
// (access_token, refresh_token, ...), Set-Cookie values and Config.Secrets,
// and whatever a YAML workflow's run holds as a secret: per-call values
// (toolkit.WithValue) named like secrets or marked `sensitive`, env values
// marked `sensitive`, and values a step extracts under a secret's name;
// a Go capability's per-call values named like secrets, the host's
// headers (toolkit.WithHeader) and the secrets it passes with a request
// (toolkit.Request.Secrets) — in every encoding toolkit.Redactor knows.
//
// On replay a request is served the first unused recorded response whose
// method, URL and body match: JSON bodies match whatever their layout,
// [REDACTED] matches any value (so secrets need not be set in CI), and
// Config.Ignore names query parameters and JSON fields whose values are
// not compared. A request nothing matches fails the test, naming it.
// Replay turns the private-address guard off (Options.AllowPrivate "*"):
// nothing leaves the process, and recorded hosts need not resolve.
//
// Requests are matched to their call through the context, so calls may
// run in parallel; a request made outside Fixtures.Call fails.
package toolkittest
