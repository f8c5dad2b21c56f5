// Package auth holds the credential mechanisms that need nothing of a
// workflow, shared by the YAML `auth:` block (package toolkit) and the
// host API's security schemes (package hostapi): HTTP Basic, HMAC
// signatures, AWS Signature Version 4 (through the AWS SDK's signer) and
// OAuth 2.0 token requests (through golang.org/x/oauth2).
package auth

import (
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"hash"
	"strings"
)

// Basic returns the value of an Authorization header for HTTP Basic
// authentication (RFC 7617).
func Basic(username, password string) string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(username+":"+password))
}

// Bearer returns the value of an Authorization header carrying token
// (RFC 6750); tokenType, when not empty, replaces "Bearer".
func Bearer(tokenType, token string) string {
	if tokenType == "" || strings.EqualFold(tokenType, "bearer") {
		tokenType = "Bearer"
	}
	return tokenType + " " + token
}

// HMAC algorithms by name.
var hmacAlgorithms = map[string]func() hash.Hash{
	"sha1":   sha1.New,
	"sha256": sha256.New,
	"sha512": sha512.New,
}

// HMACAlgorithms lists the algorithm names HMAC takes.
var HMACAlgorithms = []string{"sha1", "sha256", "sha512"}

// HMACEncodings lists the encodings HMAC takes.
var HMACEncodings = []string{"hex", "base64"}

// HMAC returns the HMAC of msg under key with algorithm (sha1, sha256 or
// sha512), encoded as encoding (hex or base64).
func HMAC(algorithm, encoding string, key, msg []byte) (string, error) {
	newHash, ok := hmacAlgorithms[algorithm]
	if !ok {
		return "", fmt.Errorf("unknown HMAC algorithm %q", algorithm)
	}
	m := hmac.New(newHash, key)
	m.Write(msg)
	sum := m.Sum(nil)
	switch encoding {
	case "hex":
		return hex.EncodeToString(sum), nil
	case "base64":
		return base64.StdEncoding.EncodeToString(sum), nil
	}
	return "", fmt.Errorf("unknown encoding %q", encoding)
}

// HeaderSafe reports whether v can be sent as a header value: no control
// characters but tab (a CR or LF would start another header).
func HeaderSafe(v string) bool {
	return !strings.ContainsFunc(v, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f })
}
