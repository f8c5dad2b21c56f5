// Package tokenapi is a test API behind a token: POST /token issues a new
// token per request (t1, t2, ...), and /orders answers with the token it
// got ({"who":"with t1"}), or 401 for a revoked one. Tests of caching
// count the tokens issued.
package tokenapi

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// Tool is a tool file of the API, named orders: step 0 fetches a token
// and keeps it across calls, step 1 sends it; the result is /orders'
// answer. It reads BASE_URL.
const Tool = `
name: orders
desc: List orders.
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/token
    method: POST
    cache: {ttl: 300}
    var: [{name: token, extract: token}]
  - url: ${env:BASE_URL}/orders
    headers: {Authorization: "Bearer ${step0:token}"}
    var: [{name: who, extract: who, abort: true}]
    result: ${step1:who}
`

// Server is the API on a loopback httptest server.
type Server struct {
	*httptest.Server
	issued  atomic.Int32
	mu      sync.Mutex
	revoked map[string]bool
	uris    []string
	hold    chan struct{} // when set, token requests wait until it is closed
	next    *heldRequest  // when set, the next /orders request waits
}

type heldRequest struct{ arrived, release chan struct{} }

// New starts a Server, closed when the test ends.
func New(t testing.TB) *Server {
	s := &Server{revoked: map[string]bool{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.uris = append(s.uris, r.Method+" "+r.URL.RequestURI())
	hold := s.hold
	revoked := s.revoked[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")]
	var next *heldRequest
	if r.URL.Path != "/token" {
		next, s.next = s.next, nil
	}
	s.mu.Unlock()
	if next != nil {
		close(next.arrived)
		<-next.release
	}
	if r.URL.Path == "/token" {
		if hold != nil {
			<-hold
		}
		fmt.Fprintf(w, `{"token":"t%d"}`, s.issued.Add(1))
		return
	}
	if revoked {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, `{"error":"invalid token"}`)
		return
	}
	fmt.Fprintf(w, `{"who":"with %s"}`, strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "))
}

// Issued returns how many tokens were issued.
func (s *Server) Issued() int { return int(s.issued.Load()) }

// Revoke makes /orders refuse tok with a 401.
func (s *Server) Revoke(tok string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.revoked[tok] = true
}

// Hold makes token requests wait until the returned function is called.
func (s *Server) Hold() (release func()) {
	ch := make(chan struct{})
	s.mu.Lock()
	s.hold = ch
	s.mu.Unlock()
	return func() { close(ch) }
}

// HoldNext makes the next /orders request wait, once it has been
// received (and its token checked), until release is called; arrived is
// closed when it is received.
func (s *Server) HoldNext() (arrived <-chan struct{}, release func()) {
	h := &heldRequest{arrived: make(chan struct{}), release: make(chan struct{})}
	s.mu.Lock()
	s.next = h
	s.mu.Unlock()
	return h.arrived, func() { close(h.release) }
}

// URIs returns "METHOD /path" of every request received, in order.
func (s *Server) URIs() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.uris...)
}
