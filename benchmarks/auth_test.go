package benchmarks

import (
	"io"
	"log/slog"
	"net/http"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// oauthYAML is the order lookup with its token declared: an
// oauth2_client_credentials auth instead of the token step.
const oauthYAML = `
name: get_order
desc: order status
params:
  - {name: order_id, type: string, required: true, description: the order id}
env: [BASE_URL, CLIENT_ID, CLIENT_SECRET]
auth:
  type: oauth2_client_credentials
  token_url: ${env:BASE_URL}/auth/token
  client_id: ${env:CLIENT_ID}
  client_secret: ${env:CLIENT_SECRET}
steps:
  - url: ${env:BASE_URL}/orders/${param:order_id}
    var:
      - {name: status, extract: data.status}
      - {name: amount, extract: data.amount}
    result: |
      Order: ${param:order_id}
      Status: ${step0:status}
      Amount: ${step0:amount}
`

func newOAuthRegistry(b testing.TB, base string) *toolkit.Registry {
	env := map[string]string{"BASE_URL": base, "CLIENT_ID": "demo", "CLIENT_SECRET": "s3cr3t-value"}
	reg := toolkit.NewRegistry(&toolkit.Options{
		Env:          func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
		HTTPClient:   &http.Client{Transport: newTransport()},
		AllowPrivate: []string{"127.0.0.1"},
	})
	if _, err := reg.LoadBytes("orders.yaml", []byte(oauthYAML)); err != nil {
		b.Fatal(err)
	}
	return reg
}

// BenchmarkOAuthCached times a call whose OAuth token is kept across
// calls (auth: oauth2_client_credentials) in alternation with the
// hand-written call that already holds the token (see interleave).
func BenchmarkOAuthCached(b *testing.B) {
	srv := orderAPI()
	defer srv.Close()
	reg := newOAuthRegistry(b, srv.URL)
	callToolkit(b, reg) // fetches and keeps the token
	h := &handwritten{client: &http.Client{Transport: newTransport()}, base: srv.URL, token: "tok-7f3a9c"}
	interleave(b, func() { callToolkit(b, reg) }, func() { callHandwritten(b, h) })
}

// BenchmarkOAuthVsCachedToken times the declared OAuth call against the
// hand-chained call whose token step hits the cross-call cache
// (BenchmarkCachedToken's toolkit side), interleaved: what auth adds over
// a cached token step, with the same one request per call.
func BenchmarkOAuthVsCachedToken(b *testing.B) {
	srv := orderAPI()
	defer srv.Close()
	oauth := newOAuthRegistry(b, srv.URL)
	callToolkit(b, oauth)
	chained := newRegistry(b, srv.URL, "{ttl: 3600}")
	callToolkit(b, chained)
	interleave(b, func() { callToolkit(b, oauth) }, func() { callToolkit(b, chained) })
}
