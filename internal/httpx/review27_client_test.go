package httpx

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit/internal/netguard"
)

// review27Chain serves /r/N, redirecting to /r/N-1, and /r/0 with 200;
// /away/N redirects N times and then to to.
func review27Chain(t *testing.T, to func() string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasPrefix(r.URL.Path, "/r/"):
			n, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/r/"))
			if n == 0 {
				io.WriteString(w, "ok")
				return
			}
			http.Redirect(w, r, fmt.Sprintf("/r/%d", n-1), http.StatusFound)
		case strings.HasPrefix(r.URL.Path, "/away/"):
			n, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/away/"))
			if n == 0 {
				http.Redirect(w, r, to(), http.StatusFound)
				return
			}
			http.Redirect(w, r, fmt.Sprintf("/away/%d", n-1), http.StatusFound)
		default:
			io.WriteString(w, "reached")
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func review27Get(t *testing.T, c *http.Client, budget int, rawURL string) (string, error) {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := SendOnce(WithBudget(context.Background(), budget), c, http.MethodGet, u, nil, nil)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b), nil
}

// TestReview27_NewClientEveryHop: the client NewClient builds (its own
// transport or a host's) charges every redirect hop to the call's budget,
// stops after maxRedirects, and checks every hop's URL with the guard,
// however many hops came before.
func TestReview27_NewClientEveryHop(t *testing.T) {
	var other string
	srv := review27Chain(t, func() string { return other })
	port := srv.Listener.Addr().(*net.TCPAddr).Port
	other = fmt.Sprintf("http://localhost:%d/elsewhere", port)
	g, err := netguard.New(netguard.Config{AllowedHosts: []string{"127.0.0.1"}, AllowPrivate: []string{"127.0.0.0/8", "::1/128"}})
	if err != nil {
		t.Fatal(err)
	}
	var hostHops int
	host := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { hostHops++; return nil }}
	for _, tc := range []struct {
		name     string
		injected *http.Client
	}{{"own", nil}, {"injected", host}} {
		t.Run(tc.name, func(t *testing.T) {
			c := NewClient(g, tc.injected, nil, 5, func(s string) string { return s })
			// 4 redirects and the answer: 5 requests.
			if body, err := review27Get(t, c, 5, srv.URL+"/r/4"); err != nil || body != "ok" {
				t.Fatalf("4 redirects, budget 5: %q, %v", body, err)
			}
			if _, err := review27Get(t, c, 4, srv.URL+"/r/4"); !errors.Is(err, ErrRequestBudget) {
				t.Fatalf("4 redirects, budget 4: %v, want ErrRequestBudget (every hop counts)", err)
			}
			if _, err := review27Get(t, c, 100, srv.URL+"/r/6"); err == nil || !strings.Contains(err.Error(), "stopped after 5 redirects") {
				t.Fatalf("6 redirects, at most 5: %v", err)
			}
			for hops := 0; hops < 4; hops++ {
				body, err := review27Get(t, c, 100, fmt.Sprintf("%s/away/%d", srv.URL, hops))
				if err == nil || body == "reached" {
					t.Fatalf("redirect to a host not allowed after %d hops: %q, %v", hops+1, body, err)
				}
			}
		})
	}
	if hostHops == 0 {
		t.Error("the host client's CheckRedirect was not called")
	}
	if host.Transport != nil {
		t.Error("NewClient changed the host's client")
	}
}

// TestReview27_SendOnceJar: with a host client's cookie jar, the jar's
// cookies go on a copy of the header, never into the caller's map (which
// the next call, maybe another tenant's, reuses); an empty body is
// http.NoBody.
func TestReview27_SendOnceJar(t *testing.T) {
	var gotCookie, gotLen string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotCookie, gotLen = r.Header.Get("Cookie"), strconv.FormatInt(r.ContentLength, 10)
	}))
	defer srv.Close()
	u, _ := url.Parse(srv.URL + "/x")
	jar := review27Jar{{Name: "session", Value: "tenant-a"}}
	g, _ := netguard.New(netguard.Config{AllowPrivate: []string{netguard.AllowAll}})
	c := NewClient(g, &http.Client{Jar: jar}, nil, 5, func(s string) string { return s })
	header := http.Header{"X-A": {"1"}}
	resp, err := SendOnce(context.Background(), c, http.MethodPost, u, header, []byte{})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if gotCookie != "session=tenant-a" || gotLen != "0" {
		t.Errorf("server got Cookie %q, Content-Length %s", gotCookie, gotLen)
	}
	if len(header) != 1 || header.Get("Cookie") != "" {
		t.Errorf("the caller's header became %v", header)
	}
}

type review27Jar []*http.Cookie

func (j review27Jar) SetCookies(*url.URL, []*http.Cookie) {}
func (j review27Jar) Cookies(*url.URL) []*http.Cookie     { return j }
