package auth

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"github.com/toolkit-sdk/toolkit/internal/auth/sigv4test"
)

// TestReview31_SignV4DefaultPort: a URL that writes its scheme's default
// port (https://host:443/) is signed for the Host header the request is
// then sent with: the AWS SDK's signer signs the host without the port,
// so the URL the caller sends must lose it too.
func TestReview31_SignV4DefaultPort(t *testing.T) {
	for _, raw := range []string{"https://example.amazonaws.com:443/path?a=1", "http://example.amazonaws.com:80/", "https://example.amazonaws.com:8443/"} {
		u, _ := url.Parse(raw)
		h := http.Header{}
		if _, err := SignV4(context.Background(), suiteCreds, "GET", u, h, nil, "service", "us-east-1", suiteTime); err != nil {
			t.Fatal(err)
		}
		// What net/http sends: the Host of the URL the caller sends.
		sent, _ := url.Parse(u.String())
		req := &http.Request{Method: "GET", URL: sent, Host: sent.Host, Header: h}
		if _, err := sigv4test.Verify(req, nil, suiteCreds.SecretAccessKey); err != nil {
			t.Errorf("%s: sent as %s: %v", raw, sent, err)
		}
	}
}
