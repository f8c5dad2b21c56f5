package toolkit

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// credSink is a loopback server that records every Authorization,
// Cookie and query it receives.
type credSink struct {
	*httptest.Server
	mu   sync.Mutex
	seen []string
}

func newCredSink(t *testing.T) *credSink {
	s := &credSink{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.seen = append(s.seen, r.Header.Get("Authorization")+"|"+r.Header.Get("Cookie")+"|"+r.Header.Get("X-Key")+"|"+r.URL.RawQuery)
		s.mu.Unlock()
		fmt.Fprint(w, `{"ok":true}`)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *credSink) holds(secret string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, v := range s.seen {
		if strings.Contains(v, secret) {
			return true
		}
	}
	return false
}

// TestReview31_SharedAuthLoadedAfterTool: a tool that names a shared
// auth not loaded yet, and whose step's whole URL is the model's, is
// loaded with a warning; once the auth file is loaded, its calls must
// still not send the credential to the host the model names.
func TestReview31_SharedAuthLoadedAfterTool(t *testing.T) {
	evil := newCredSink(t)
	const secret = "tok-SECRET-0123456789"
	reg := loadRegistry(t, &Options{Env: testEnv(map[string]string{"TOKEN": secret})}, "", `
name: fetch
desc: Fetch a URL.
params:
  - {name: url, type: string, required: true, description: the URL}
auth: shop
steps:
  - url: ${param:url}
`, `
name: shop
env: [TOKEN]
auth:
  type: bearer
  token: ${env:TOKEN}
`)
	call(t, reg, "fetch", fmt.Sprintf(`{"url":%q}`, evil.URL+"/x"))
	if evil.holds(secret) {
		t.Errorf("the token went to the URL the model named")
	}
}
