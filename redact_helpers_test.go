package toolkit

import "strings"

// benchSecrets and escapedText are package redact's test inputs, for the
// root tests that redact through a call.
var benchSecrets = []string{"sk-live-4f9a8b7c6d5e4f3a2b1c", "Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig"}

// escapedText returns n bytes of JSON text with \uXXXX and \/ escapes.
func escapedText(n int) string {
	const rec = `{"id":1234,"name":"Caf\u00e9 \u003cb\u003e","url":"https:\/\/example.com\/a?b=c","note":"lorem ipsum dolor sit amet"},`
	return strings.Repeat(rec, n/len(rec)+1)[:n]
}

// scanned returns how many bytes Redact looked through.
func (r *Redactor) scanned() int { return r.r.Scanned() }
