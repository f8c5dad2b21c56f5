package toolkit

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestObserverQueries: an Observer that sets Queries gets each request's
// query, credential values and the call's secrets redacted; the debug log
// still has none.
func TestObserverQueries(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Query().Get("page") {
		case "1", "2":
			fmt.Fprintf(w, `{"items":[%s]}`, r.URL.Query().Get("page"))
		default:
			fmt.Fprint(w, `{"items":[]}`)
		}
	})
	var mu sync.Mutex
	var queries []string
	o := &Observer{Queries: true, RequestStart: func(ctx context.Context, r RequestInfo) context.Context {
		mu.Lock()
		defer mu.Unlock()
		if strings.Contains(r.URL, "?") {
			t.Errorf("URL with a query: %s", r.URL)
		}
		queries = append(queries, r.Query)
		return ctx
	}}
	env := testEnv(map[string]string{"BASE_URL": srv.URL, "MAPS_KEY": "k-0011223344", "REGION": "eu"})
	reg := loadRegistry(t, &Options{Observer: o, Env: env}, srv.URL, `
name: l
desc: pages
env: [BASE_URL, MAPS_KEY, REGION]
steps:
  - url: ${env:BASE_URL}/x?access_token=${param:t}&region=${env:REGION}&note=${env:MAPS_KEY}
    loop: {page: {param: page}, items: "items[]"}
params: [{name: t, type: string, required: true, description: t}]
`)
	wantText(t, call(t, reg, "l", `{"t": "user-token-55"}`), "[1,2]")
	want := []string{
		"access_token=[REDACTED]&region=eu&note=[REDACTED]&page=1",
		"access_token=[REDACTED]&region=eu&note=[REDACTED]&page=2",
		"access_token=[REDACTED]&region=eu&note=[REDACTED]&page=3",
	}
	if diff := cmp.Diff(want, queries); diff != "" {
		t.Errorf("queries (-want +got):\n%s", diff)
	}
}

func TestEventQueryBounded(t *testing.T) {
	q := eventQuery("q="+strings.Repeat("a", 5000)+"&api_key=x", nil)
	if len(q) > maxEventQuery+len("…") || !strings.HasPrefix(q, "q=aaa") {
		t.Errorf("%d bytes: %.40s", len(q), q)
	}
	if got := eventQuery("a=1&Api-Key=v&%zz=secret&flag", nil); got != "a=1&Api-Key=[REDACTED]&%zz=[REDACTED]&flag" {
		t.Errorf("got %s", got)
	}
}

// TestReview36_EventQueryBrackets: an event's query redacts a credential
// key written with brackets (api_key[]=...), percent-encoded or not.
func TestReview36_EventQueryBrackets(t *testing.T) {
	got := eventQuery("q=1&api_key%5B%5D=SEKRET1&access_token[]=SEKRET2&page[size]=10", nil)
	if want := "q=1&api_key%5B%5D=" + Redacted + "&access_token[]=" + Redacted + "&page[size]=10"; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}
