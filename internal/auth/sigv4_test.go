package auth

import (
	"context"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/toolkit-sdk/toolkit/internal/auth/sigv4test"
)

// The AWS Signature Version 4 test suite's credentials and time.
var (
	suiteCreds = AWSCredentials{AccessKeyID: "AKIDEXAMPLE", SecretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"}
	suiteTime  = time.Date(2015, 8, 30, 12, 36, 0, 0, time.UTC)
)

// TestSignV4Suite: requests of the AWS SigV4 test suite get the suite's
// Authorization headers, and the independent verifier accepts them.
func TestSignV4Suite(t *testing.T) {
	tests := []struct {
		name, method, url, want string
	}{
		{"get-vanilla", "GET", "https://example.amazonaws.com/",
			"AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"},
		{"post-vanilla", "POST", "https://example.amazonaws.com/",
			"AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b"},
		{"get-vanilla-query-order-key-case", "GET", "https://example.amazonaws.com/?Param2=value2&Param1=value1",
			"AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u, _ := url.Parse(tc.url)
			h := http.Header{}
			sig, err := SignV4(context.Background(), suiteCreds, tc.method, u, h, nil, "service", "us-east-1", suiteTime)
			if err != nil {
				t.Fatal(err)
			}
			if got := h.Get("Authorization"); got != tc.want {
				t.Errorf("Authorization:\n got %s\nwant %s", got, tc.want)
			}
			if h.Get("X-Amz-Date") != "20150830T123600Z" || sig == "" || sig != signatureOf(tc.want) {
				t.Errorf("X-Amz-Date %q, signature %q", h.Get("X-Amz-Date"), sig)
			}
			req := &http.Request{Method: tc.method, URL: u, Host: u.Host, Header: h}
			if key, err := sigv4test.Verify(req, nil, suiteCreds.SecretAccessKey); err != nil || key != "AKIDEXAMPLE" {
				t.Errorf("verify: %q %v", key, err)
			}
		})
	}
}

// TestSignV4SDKVector is the AWS SDK's own TestSignRequest
// (aws/signer/v4/v4_test.go, v1.48.0): an opaque path, repeated and
// ignored headers, a session token, the Unix epoch.
func TestSignV4SDKVector(t *testing.T) {
	u, _ := url.Parse("https://dynamodb.us-east-1.amazonaws.com")
	u.Opaque = "//example.org/bucket/key-._~,!@#$%^&*()"
	h := http.Header{}
	h.Set("X-Amz-Target", "prefix.Operation")
	h.Set("Content-Type", "application/x-amz-json-1.0")
	h.Set("X-Amz-Meta-Other-Header", "some-value=!@#$%^&* (+)")
	h.Add("X-Amz-Meta-Other-Header_With_Underscore", "some-value=!@#$%^&* (+)")
	h.Add("X-amz-Meta-Other-Header_With_Underscore", "some-value=!@#$%^&* (+)")
	for k, v := range map[string]string{"User-Agent": "foo", "X-Amzn-Trace-Id": "bar", "Expect": "baz", "Transfer-Encoding": "qux"} {
		h.Set(k, v) // not signed
	}
	creds := AWSCredentials{AccessKeyID: "AKID", SecretAccessKey: "SECRET", SessionToken: "SESSION"}
	if _, err := SignV4(context.Background(), creds, "POST", u, h, []byte("{}"), "dynamodb", "us-east-1", time.Unix(0, 0)); err != nil {
		t.Fatal(err)
	}
	const want = "AWS4-HMAC-SHA256 Credential=AKID/19700101/us-east-1/dynamodb/aws4_request, SignedHeaders=content-length;content-type;host;x-amz-date;x-amz-meta-other-header;x-amz-meta-other-header_with_underscore;x-amz-security-token;x-amz-target, Signature=a518299330494908a70222cec6899f6f32f297f8595f6df1776d998936652ad9"
	if got := h.Get("Authorization"); got != want {
		t.Errorf("Authorization:\n got %s\nwant %s", got, want)
	}
	if h.Get("X-Amz-Date") != "19700101T000000Z" || h.Get("X-Amz-Security-Token") != "SESSION" {
		t.Errorf("X-Amz-Date %q, X-Amz-Security-Token %q", h.Get("X-Amz-Date"), h.Get("X-Amz-Security-Token"))
	}
}

// TestSignV4S3: an S3 request carries its payload's hash, and the path is
// signed as sent.
func TestSignV4S3(t *testing.T) {
	u, _ := url.Parse("https://bucket.s3.us-east-1.amazonaws.com/a%20b/key")
	h := http.Header{}
	if _, err := SignV4(context.Background(), suiteCreds, "PUT", u, h, []byte("hello"), "s3", "us-east-1", suiteTime); err != nil {
		t.Fatal(err)
	}
	if got := h.Get("X-Amz-Content-Sha256"); got != "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824" {
		t.Errorf("X-Amz-Content-Sha256 = %q", got)
	}
	req := &http.Request{Method: "PUT", URL: u, Host: u.Host, Header: h, ContentLength: 5}
	if _, err := sigv4test.Verify(req, []byte("hello"), suiteCreds.SecretAccessKey); err != nil {
		t.Error(err)
	}
}
