package auth

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
)

// AWSCredentials are the keys a request is signed with.
type AWSCredentials = aws.Credentials

// AWSCredentialsProvider is where the host's AWS credentials come from
// (the SDK's config.LoadDefaultConfig(...).Credentials, for one).
type AWSCredentialsProvider = aws.CredentialsProvider

var signer = v4.NewSigner()

// SignV4 signs a request for service in region at now with AWS Signature
// Version 4, through the AWS SDK's signer: it sets header's X-Amz-Date,
// Authorization and, with a session token, X-Amz-Security-Token (and, for
// S3, X-Amz-Content-Sha256). u is the request's URL, body its body (nil:
// none). It returns the signature. The signer signs a host without its
// scheme's default port (https://h:443/ as h), so SignV4 drops that port
// from u: the caller sends u as it is after the call.
func SignV4(ctx context.Context, creds AWSCredentials, method string, u *url.URL, header http.Header, body []byte, service, region string, now time.Time) (string, error) {
	sum := sha256.Sum256(body)
	payload := hex.EncodeToString(sum[:])
	s3 := service == "s3"
	if s3 {
		header.Set("X-Amz-Content-Sha256", payload)
	}
	req := &http.Request{Method: method, URL: u, Host: u.Host, Header: header}
	req.ContentLength = int64(len(body))
	err := signer.SignHTTP(ctx, creds, req, payload, service, region, now, func(o *v4.SignerOptions) {
		o.DisableURIPathEscaping = s3 // S3 signs the path as sent
	})
	if err != nil {
		return "", err
	}
	u.Host = req.Host // the host signed: without a default port
	return signatureOf(header.Get("Authorization")), nil
}

// signatureOf returns the Signature= part of a SigV4 Authorization value.
func signatureOf(authz string) string {
	_, sig, _ := strings.Cut(authz, "Signature=")
	return sig
}
