package benchmarks

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// cannedTransport answers the order API from memory, so a benchmark over
// it measures the client side alone: what the library adds to a call.
type cannedTransport struct{}

func (cannedTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	var body string
	switch {
	case r.URL.Path == "/auth/token":
		if r.Body != nil {
			io.Copy(io.Discard, r.Body)
		}
		body = `{"access_token":"tok-7f3a9c","token_type":"bearer","expires_in":3600}`
	case strings.HasPrefix(r.URL.Path, "/orders/") && r.Header.Get("Authorization") == "Bearer tok-7f3a9c":
		body = `{"data":{"id":"` + strings.TrimPrefix(r.URL.Path, "/orders/") + `","status":"shipped","amount":1234567.89,"currency":"EUR","items":[{"sku":"X1","qty":2},{"sku":"Y2","qty":1}]}}`
	default:
		return &http.Response{StatusCode: http.StatusUnauthorized, Body: http.NoBody, Header: http.Header{}, Request: r}, nil
	}
	return &http.Response{
		StatusCode: http.StatusOK, Status: "200 OK", ContentLength: int64(len(body)),
		Header: http.Header{"Content-Type": {"application/json"}}, Body: io.NopCloser(bytes.NewReader([]byte(body))), Request: r,
	}, nil
}

// BenchmarkOverhead runs the token chain over an in-memory transport: the
// time and allocations the library adds to a call, beside the
// hand-written twin over the same transport.
func BenchmarkOverhead(b *testing.B) {
	client := &http.Client{Transport: cannedTransport{}}
	env := map[string]string{"BASE_URL": "http://api.test", "CLIENT_ID": "demo", "CLIENT_SECRET": "s3cr3t-value"}
	for _, cache := range []string{"true", "{ttl: 3600}"} {
		reg := toolkit.NewRegistry(&toolkit.Options{
			HTTPClient:   client,
			AllowPrivate: []string{"api.test"},
			Env:          func(k string) (string, bool) { v, ok := env[k]; return v, ok },
			Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
		})
		if _, err := reg.LoadBytes("orders.yaml", []byte(strings.Replace(tokenChainYAML, "cache: true", "cache: "+cache, 1))); err != nil {
			b.Fatal(err)
		}
		h := &handwritten{client: client, base: "http://api.test"}
		name := "chain"
		if cache != "true" {
			name = "cached"
			h.token = "tok-7f3a9c"
			callToolkit(b, reg)
		}
		b.Run(name+"/toolkit", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				callToolkit(b, reg)
			}
		})
		b.Run(name+"/handwritten", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				callHandwritten(b, h)
			}
		})
	}
}
