package toolkit

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestReview36_StatusLineControlChars: a hostile server's reason phrase
// (any byte but CR and LF in HTTP/1.1) reaches the model with its control
// and format characters escaped: no ANSI escape for a terminal, no NUL, no
// bidirectional override, in the error of an unexpected status, in a raw
// body's status line and in an abort's reason.
func TestReview36_StatusLineControlChars(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Close()
		fmt.Fprintf(buf, "HTTP/1.1 500 Oops\x1b[31m red\x07\x00 \u202eevil\r\nContent-Length: 9\r\nConnection: close\r\n\r\n{\"a\":\"b\"}")
		buf.Flush()
	})
	reg := loadRegistry(t, nil, srv.URL, `
name: unhandled
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/x
`, `
name: raw
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/x
    on_error: continue
`, `
name: abort
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/x
    var: [{name: v, extract: v, abort: true}]
`)
	for _, tool := range []string{"unhandled", "raw", "abort"} {
		res := call(t, reg, tool, `{}`)
		text := strings.ReplaceAll(res.Text, "\n", " ")
		if strings.ContainsFunc(text, func(r rune) bool { return r < ' ' || r == 0x7f || r == '\u202e' }) {
			t.Errorf("%s: a control character reaches the model: %q", tool, res.Text)
		}
		if !strings.Contains(res.Text, `500 Oops\x1b[31m red\x07\x00 \u202eevil`) {
			t.Errorf("%s: the status line escaped is missing: %q", tool, res.Text)
		}
	}
}
