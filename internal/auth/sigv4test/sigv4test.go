// Package sigv4test checks AWS Signature Version 4 signatures as a
// server does, written from the specification apart from the AWS SDK's
// signer that package auth uses: tests sign with one and verify with the
// other.
package sigv4test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// Verify checks the Authorization header of r, whose body is body,
// against the secret key; it returns the access key id it names.
func Verify(r *http.Request, body []byte, secret string) (accessKey string, err error) {
	authz, ok := strings.CutPrefix(r.Header.Get("Authorization"), "AWS4-HMAC-SHA256 ")
	if !ok {
		return "", errors.New("no AWS4-HMAC-SHA256 Authorization header")
	}
	parts := map[string]string{}
	for p := range strings.SplitSeq(authz, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
		parts[k] = v
	}
	scope := strings.Split(parts["Credential"], "/")
	if len(scope) != 5 || scope[4] != "aws4_request" {
		return "", fmt.Errorf("malformed credential %q", parts["Credential"])
	}
	signed := strings.Split(parts["SignedHeaders"], ";")
	amzDate := r.Header.Get("X-Amz-Date")
	if !strings.HasPrefix(amzDate, scope[1]) {
		return "", fmt.Errorf("X-Amz-Date %q is not of the credential's day %s", amzDate, scope[1])
	}
	var canon strings.Builder
	canon.WriteString(r.Method + "\n")
	canon.WriteString(canonicalURI(r.URL.EscapedPath(), scope[3] != "s3") + "\n")
	canon.WriteString(canonicalQuery(r.URL.RawQuery) + "\n")
	for _, h := range signed {
		var v string
		switch h {
		case "host":
			v = r.Host
		case "content-length":
			v = fmt.Sprint(r.ContentLength)
		default:
			vs := r.Header.Values(h)
			for i := range vs {
				vs[i] = strings.Join(strings.Fields(vs[i]), " ")
			}
			v = strings.Join(vs, ",")
		}
		canon.WriteString(h + ":" + v + "\n")
	}
	canon.WriteString("\n" + parts["SignedHeaders"] + "\n")
	payload := r.Header.Get("X-Amz-Content-Sha256")
	if payload == "" {
		sum := sha256.Sum256(body)
		payload = hex.EncodeToString(sum[:])
	}
	canon.WriteString(payload)
	sum := sha256.Sum256([]byte(canon.String()))
	toSign := "AWS4-HMAC-SHA256\n" + amzDate + "\n" + strings.Join(scope[1:], "/") + "\n" + hex.EncodeToString(sum[:])
	key := []byte("AWS4" + secret)
	for _, s := range scope[1:] {
		key = mac(key, s)
	}
	if want := hex.EncodeToString(mac(key, toSign)); !hmac.Equal([]byte(want), []byte(parts["Signature"])) {
		return "", fmt.Errorf("signature %s does not match (canonical request %q)", parts["Signature"], canon.String())
	}
	return scope[0], nil
}

func mac(key []byte, s string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(s))
	return m.Sum(nil)
}

// canonicalURI encodes each segment of an escaped path once more (twice
// in all), as every service but S3 wants.
func canonicalURI(escaped string, twice bool) string {
	if escaped == "" {
		return "/"
	}
	if !twice {
		return escaped
	}
	segs := strings.Split(escaped, "/")
	for i, s := range segs {
		segs[i] = encode(s)
	}
	return strings.Join(segs, "/")
}

// canonicalQuery sorts the pairs by key, then value, each encoded.
func canonicalQuery(raw string) string {
	var pairs [][2]string
	for p := range strings.SplitSeq(raw, "&") {
		if p == "" {
			continue
		}
		k, v, _ := strings.Cut(p, "=")
		k, _ = url.QueryUnescape(k)
		v, _ = url.QueryUnescape(v)
		pairs = append(pairs, [2]string{encode(k), encode(v)})
	}
	slices.SortFunc(pairs, func(a, b [2]string) int { return strings.Compare(a[0]+"\x00"+a[1], b[0]+"\x00"+b[1]) })
	out := make([]string, len(pairs))
	for i, p := range pairs {
		out[i] = p[0] + "=" + p[1]
	}
	return strings.Join(out, "&")
}

// encode is RFC 3986 percent-encoding of all but the unreserved bytes.
func encode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}
