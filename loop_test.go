package toolkit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit/extract"
)

// loopTool is a one-step tool with the given step fields after its url.
func loopTool(url, fields string) string {
	return "name: t\ndesc: d\nenv: [BASE_URL, API_TOKEN]\nsteps:\n  - url: " + url + "\n" + fields
}

// TestLoopNeverEnds: a server that always has another page ends at the
// step budget with an error, or at max_pages with more: true.
func TestLoopNeverEnds(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("c"))
		fmt.Fprintf(w, `{"items":[%d],"next":"%d"}`, n, n+1)
	})
	cursor := "    loop:\n      cursor: {path: next, param: c}\n      items: items[]\n"

	reg := loadRegistry(t, &Options{MaxSteps: 7, Env: testEnv(map[string]string{"BASE_URL": srv.URL})}, srv.URL,
		loopTool("${env:BASE_URL}/p", cursor))
	res := call(t, reg, "t", `{}`)
	wantError(t, res, "step 0: page 8: step budget of 7 step runs exceeded (each page is a step run); set loop.max_pages")
	if n := len(srv.requests()); n != 7 {
		t.Errorf("%d requests, want 7 (the step budget)", n)
	}

	reg = loadRegistry(t, nil, srv.URL, loopTool("${env:BASE_URL}/q", cursor+"      max_pages: 3\n    result: ${step0:items} ${step0:more}\n"))
	wantText(t, call(t, reg, "t", `{}`), "[0,1,2] true")
	want := []string{"GET /q", "GET /q?c=1", "GET /q?c=2"}
	if diff := cmp.Diff(want, srv.uris()[7:]); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
}

// TestLoopRepeats: a cursor or next URL seen before stops the loop with
// an error instead of fetching the same pages again.
func TestLoopRepeats(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/cursor": // c1 -> c2 -> c1
			next := map[string]string{"": "c1", "c1": "c2", "c2": "c1"}[r.URL.Query().Get("c")]
			fmt.Fprintf(w, `{"items":[1],"next":%q}`, next)
		case "/url": // page 1 -> 2 -> 1
			next := map[string]string{"1": "/url?page=2", "2": "/url?page=1"}[r.URL.Query().Get("page")]
			fmt.Fprintf(w, `{"items":[1],"next":%q}`, next)
		case "/self":
			fmt.Fprint(w, `{"items":[1],"next":"/self"}`)
		case "/frag":
			fmt.Fprint(w, `{"items":[1],"next":"frag#more"}`)
		}
	})
	tests := []struct {
		name, url, loop string
		want            string
		requests        int
	}{
		{"cursor", "${env:BASE_URL}/cursor", "cursor: {path: next, param: c}",
			`step 0: page 3: the API answered with the cursor "c1" that page 2 was fetched with`, 3},
		{"next url", "${env:BASE_URL}/url?page=1", "next_url: next",
			"step 0: page 2: the API answered with the next page URL " + srv.URL + "/url?… that page 1 was fetched with", 2},
		{"same url", "${env:BASE_URL}/self", "next_url: next", "the next page URL " + srv.URL + "/self that page 1 was fetched with", 1},
		{"fragment", "${env:BASE_URL}/frag", "next_url: next", "the next page URL " + srv.URL + "/frag that page 1 was fetched with", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(srv.requests())
			reg := loadRegistry(t, nil, srv.URL, loopTool(tt.url, "    loop: {"+tt.loop+", items: \"items[]\"}\n"))
			wantError(t, call(t, reg, "t", `{}`), tt.want, "which would repeat pages without end")
			if n := len(srv.requests()) - before; n != tt.requests {
				t.Errorf("%d requests, want %d", n, tt.requests)
			}
		})
	}
}

// TestLoopCounterIgnored: a counter the API does not read (a misspelt
// param) gets the same page again; the loop stops with an error at once.
func TestLoopCounterIgnored(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"items":[%q]}`, r.URL.Query().Get("page"))
	})
	reg := loadRegistry(t, nil, srv.URL, loopTool("${env:BASE_URL}/p", "    loop: {page: {param: p}, items: \"items[]\"}\n"))
	wantError(t, call(t, reg, "t", `{}`), `step 0: page 2: the API answered with the same page as page 1: does it read the page where the loop sends it (query parameter "p")?`)
	if diff := cmp.Diff([]string{"GET /p?p=1", "GET /p?p=2"}, srv.uris()); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
	reg = loadRegistry(t, nil, srv.URL, loopTool("${env:BASE_URL}/q?page=${loop:page}", "    loop: {page: {}, items: \"items[]\", max_pages: 3}\n"))
	wantText(t, call(t, reg, "t", `{}`), "[\"1\",\"2\",\"3\"]\n[more: the loop stopped at its max_pages or max_items before the last page]")
}

// TestLoopHosts: a next URL on another host is refused unless loop.hosts
// lists it; followed there, it gets no credential header and no body, and
// the host options still apply.
func TestLoopHosts(t *testing.T) {
	var other *testServer
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"items":["a"],"next":%q}`, other.URL+"/more")
	})
	other = newServer(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"items":["b"]}`)
	})
	otherHost := strings.TrimPrefix(other.URL, "http://")
	env := testEnv(map[string]string{"BASE_URL": srv.URL, "API_TOKEN": "tok-123456"})
	steps := func(method, extra string) string {
		return loopTool("${env:BASE_URL}/first", "    method: "+method+"\n    headers: {Authorization: \"Bearer ${env:API_TOKEN}\", Accept: application/json}\n"+
			"    loop:\n      next_url: next\n      items: items[]\n"+extra)
	}

	reg := loadRegistry(t, &Options{Env: env}, srv.URL, steps("GET", ""))
	wantError(t, call(t, reg, "t", `{}`), "step 0: page 2: the next page is on "+otherHost+", not on the step's host "+strings.TrimPrefix(srv.URL, "http://")+"; list it in loop.hosts")
	if n := len(other.requests()); n != 0 {
		t.Fatalf("the other host got %d requests", n)
	}

	reg = loadRegistry(t, &Options{Env: env}, srv.URL, steps("GET", "      hosts: ["+otherHost+"]\n"))
	wantText(t, call(t, reg, "t", `{}`), `["a","b"]`)
	got := other.requests()
	if len(got) != 1 {
		t.Fatalf("the other host got %d requests, want 1", len(got))
	}
	if got[0].Header.Get("Authorization") != "" || got[0].Header.Get("Accept") != "application/json" {
		t.Errorf("the other host got headers %v; want Accept and no Authorization", got[0].Header)
	}
	if h := srv.requests()[len(srv.requests())-1].Header.Get("Authorization"); h != "Bearer tok-123456" {
		t.Errorf("the step's host got Authorization %q", h)
	}

	reg = loadRegistry(t, &Options{Env: env}, srv.URL, steps("POST", "      hosts: ["+otherHost+"]\n    body: '{\"q\": 1}'\n"))
	wantError(t, call(t, reg, "t", `{}`), "another host than the step's: the request body is not sent there")

	srvHost := strings.TrimPrefix(srv.URL, "http://")
	reg = loadRegistry(t, &Options{Env: env, AllowedHosts: []string{srvHost}}, srv.URL, steps("GET", "      hosts: ["+otherHost+"]\n"))
	wantError(t, call(t, reg, "t", `{}`), "step 0: page 2: GET "+other.URL+"/more:", "host not allowed")
	if n := len(other.requests()); n != 1 {
		t.Errorf("the other host got %d requests, want still 1", n)
	}
}

// TestLoopNextURLUnsafe: a next URL that is not http(s) is refused, and a
// downgrade from https to http even to a listed host.
func TestLoopNextURLUnsafe(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"items":[1],"next":"file:///etc/passwd"}`)
	})
	reg := loadRegistry(t, nil, srv.URL, loopTool("${env:BASE_URL}/p", "    loop: {next_url: next, items: \"items[]\"}\n"))
	wantError(t, call(t, reg, "t", `{}`), `step 0: page 1: the next page's URL "file:///etc/passwd" is not an http(s) URL`)

	first, _ := url.Parse("https://api.example.com/a")
	l := &loopSpec{hosts: []hostPattern{{host: "api.example.com"}, {host: ".cdn.example"}}}
	for _, tt := range []struct{ next, want string }{
		{"https://api.example.com/b", ""},
		{"https://x.cdn.example/b", ""},
		{"http://api.example.com/b", "leaves https for http"},
		{"https://evil.example/b", "list it in loop.hosts"},
	} {
		req := &Request{URL: tt.next, Header: http.Header{"Authorization": {"x"}}}
		got := (&run{}).crossHost(l, first, req)
		if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
			t.Errorf("crossHost(%s) = %q, want %q", tt.next, got, tt.want)
		}
	}
}

// TestLoopCacheRetry: each page has the step's retries; a cached loop step
// keeps its collected items, so a later call sends nothing.
func TestLoopCacheRetry(t *testing.T) {
	var fails atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("page") == "2" && fails.Add(1) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintf(w, `{"items":[%s]}`, r.URL.Query().Get("page"))
	})
	reg := loadRegistry(t, nil, srv.URL, loopTool("${env:BASE_URL}/p", `    cache: {ttl: 60}
    retry: {max: 2, wait_min: 0.001, wait_max: 0.01}
    loop: {page: {param: page}, items: "items[]", max_pages: 2}
`))
	for range 2 {
		res := call(t, reg, "t", `{}`)
		wantText(t, res, "[1,2]\n[more: the loop stopped at its max_pages or max_items before the last page]")
	}
	want := []string{"GET /p?page=1", "GET /p?page=2", "GET /p?page=2"}
	if diff := cmp.Diff(want, srv.uris()); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
}

// TestLoopPageFails: a failing first page is the step's response (its
// vars' handling applies, the raw body is shown); a failing later page is
// an error.
func TestLoopPageFails(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/down":
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusBadGateway)
			fmt.Fprint(w, "<html>bad gateway</html>")
		case r.URL.Query().Get("page") == "2":
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprint(w, `{"error":"boom, key tok-123456"}`)
		default:
			fmt.Fprint(w, `{"items":[1],"v":"ok"}`)
		}
	})
	env := testEnv(map[string]string{"BASE_URL": srv.URL, "API_TOKEN": "tok-123456"})
	page := "    headers: {X-Api-Key: \"${env:API_TOKEN}\"}\n    loop: {page: {param: page}, items: \"items[]\"}\n"

	reg := loadRegistry(t, &Options{Env: env}, srv.URL, loopTool("${env:BASE_URL}/up", page))
	wantError(t, call(t, reg, "t", `{}`), `step 0: page 2: HTTP 500 Internal Server Error from GET `+srv.URL+`/up?…, body "{\"error\":\"boom, key [REDACTED]\"}"`)

	// A first page that fails, unhandled: an error, not an empty list.
	reg = loadRegistry(t, &Options{Env: env}, srv.URL, loopTool("${env:BASE_URL}/down", page))
	wantError(t, call(t, reg, "t", `{}`), `step 0: GET `+srv.URL+`/down?…: HTTP 502 Bad Gateway; body: "<html>bad gateway</html>"`)
	// on_error: continue lets it through as before: the raw body.
	reg = loadRegistry(t, &Options{Env: env}, srv.URL, loopTool("${env:BASE_URL}/down", page+"    on_error: continue\n"))
	wantText(t, call(t, reg, "t", `{}`), "HTTP 502 Bad Gateway\n<html>bad gateway</html>")

	reg = loadRegistry(t, &Options{Env: env}, srv.URL, loopTool("${env:BASE_URL}/down", page+
		"    var:\n      - {name: v, extract: v, jump: 1}\n  - url: ${env:BASE_URL}/backup\n    var:\n      - {name: v, extract: v}\n    result: backup ${step1:v} ${step0:items}\n"))
	wantText(t, call(t, reg, "t", `{}`), "backup ok []")
}

// TestLoopBounds: the default max_items, an explicit max_items that cuts
// a page, the body cap on what is collected, and while/until.
func TestLoopBounds(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		p, _ := strconv.Atoi(r.URL.Query().Get("page"))
		nums := make([]string, 600)
		for i := range nums {
			nums[i] = strconv.Itoa(p*1000 + i)
		}
		fmt.Fprintf(w, `{"items":[%s],"more":%v,"last":%v}`, strings.Join(nums, ","), p < 2, p >= 2)
	})
	count := func(t *testing.T, items string) int {
		t.Helper()
		return strings.Count(items, ",") + 1
	}
	page := "    loop:\n      page: {param: page}\n      items: items[]\n"
	result := "    result: ${step0:more} ${step0:items}\n"

	reg := loadRegistry(t, nil, srv.URL, loopTool("${env:BASE_URL}/p", page+result))
	more, items, _ := strings.Cut(call(t, reg, "t", `{}`).Text, " ")
	if more != "true" || count(t, items) != DefaultMaxLoopItems || !strings.HasSuffix(items, ",2399]") {
		t.Errorf("more = %s, %d items ending %q; want true, %d ending with 2399", more, count(t, items), items[len(items)-10:], DefaultMaxLoopItems)
	}

	reg = loadRegistry(t, nil, srv.URL, loopTool("${env:BASE_URL}/p", page+"      max_items: 601\n"+result))
	more, items, _ = strings.Cut(call(t, reg, "t", `{}`).Text, " ")
	if more != "true" || count(t, items) != 601 || !strings.HasSuffix(items, ",2000]") {
		t.Errorf("more = %s, %d items; want true, 601 ending with 2000", more, count(t, items))
	}

	for _, cond := range []string{"while: more", "until: last"} {
		reg = loadRegistry(t, nil, srv.URL, loopTool("${env:BASE_URL}/p", page+"      max_items: 5000\n      "+cond+"\n"+result))
		more, items, _ = strings.Cut(call(t, reg, "t", `{}`).Text, " ")
		if more != "false" || count(t, items) != 1200 {
			t.Errorf("%s: more = %s, %d items; want false, 1200 (pages 1 and 2)", cond, more, count(t, items))
		}
	}

	reg = loadRegistry(t, &Options{MaxBodyBytes: 4000}, srv.URL, loopTool("${env:BASE_URL}/p", page+result))
	wantError(t, call(t, reg, "t", `{}`), "step 0: page 2: the collected items have", "over the limit of 4000 (MaxBodyBytes)")
}

func TestAppendItems(t *testing.T) {
	tests := []struct {
		v    extract.Value
		room int
		want string
		n    int
		cut  bool
	}{
		{extract.Value{Text: `[1,"a,b",{"k":[1,2]},[3,[4]],"q\"],[",null,true]`, Kind: extract.Array}, 100,
			`[0,1,"a,b",{"k":[1,2]},[3,[4]],"q\"],[",null,true`, 7, false},
		{extract.Value{Text: `[]`, Kind: extract.Array}, 100, `[0`, 0, false},
		{extract.Value{Text: `[1,2,3]`, Kind: extract.Array}, 2, `[0,1,2`, 2, true},
		{extract.Value{Text: `[1]`, Kind: extract.Array}, 0, `[0`, 0, true},
		{extract.Value{Text: `say "hi"`, Kind: extract.String}, 1, `[0,"say \"hi\""`, 1, false},
		{extract.Value{Text: `12.50`, Kind: extract.Number}, 1, `[0,12.50`, 1, false},
		{extract.Value{Text: `{"a":1}`, Kind: extract.Object}, 0, `[0`, 0, true},
	}
	for _, tt := range tests {
		got, n, cut, err := appendItems([]byte("[0"), tt.v, tt.room)
		if err != nil || string(got) != tt.want || n != tt.n || cut != tt.cut {
			t.Errorf("appendItems(%s, %d) = %s, %d, %v, %v; want %s, %d, %v", tt.v.Text, tt.room, got, n, cut, err, tt.want, tt.n, tt.cut)
		}
	}
}

// FuzzAppendItems checks the elements appendItems splits a JSON array
// into against encoding/json's.
func FuzzAppendItems(f *testing.F) {
	f.Add(`[1,"a,b",{"k":[1,2]},[3,[4]],"q\"],[\\",null]`)
	f.Add(`[ {"a" : "}" } , [ ] ]`)
	f.Add(`[ ]`)
	f.Fuzz(func(t *testing.T, text string) {
		var want []json.RawMessage
		if json.Unmarshal([]byte(text), &want) != nil || want == nil {
			return
		}
		got, n, _, err := appendItems([]byte{'['}, extract.Value{Text: text, Kind: extract.Array}, len(want)+1)
		if err != nil || n != len(want) {
			t.Fatalf("appendItems(%s): %d items, %v; want %d", text, n, err, len(want))
		}
		var back []json.RawMessage
		if err := json.Unmarshal(append(got, ']'), &back); err != nil || len(back) != len(want) {
			t.Fatalf("appendItems(%s) = %s: %v", text, got, err)
		}
		for i := range want {
			if !bytes.Equal(bytes.TrimSpace(back[i]), bytes.TrimSpace(want[i])) {
				t.Fatalf("item %d = %s, want %s", i, back[i], want[i])
			}
		}
	})
}

// TestLoop401AfterFirstPage: a cached token that expires in the middle of
// the pages is dropped and the chain runs again once, as on the first
// page; a fresh token refused too is the page's error.
func TestLoop401AfterFirstPage(t *testing.T) {
	var issued atomic.Int32
	var refused sync.Map // tokens page 2 refuses
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/token" {
			fmt.Fprintf(w, `{"token":"t%d"}`, issued.Add(1))
			return
		}
		page := r.URL.Query().Get("page")
		if _, no := refused.Load(strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")); no && page == "2" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		fmt.Fprintf(w, `{"items":[%s]}`, page)
	})
	reg := loadRegistry(t, nil, srv.URL, `name: t
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/token
    method: POST
    cache: {ttl: 300}
    var: [{name: token, extract: token}]
  - url: ${env:BASE_URL}/p
    headers: {Authorization: "Bearer ${step0:token}"}
    loop: {page: {param: page}, items: "items[]", max_pages: 2}
    result: ${step1:items}
`)
	wantText(t, call(t, reg, "t", `{}`), "[1,2]")
	refused.Store("t1", true)
	wantText(t, call(t, reg, "t", `{}`), "[1,2]")
	want := []string{"POST /token", "GET /p?page=1", "GET /p?page=2", // t1
		"GET /p?page=1", "GET /p?page=2", // t1 from the cache, refused on page 2
		"POST /token", "GET /p?page=1", "GET /p?page=2"} // t2
	if diff := cmp.Diff(want, srv.uris()); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
	refused.Store("t2", true)
	refused.Store("t3", true)
	wantError(t, call(t, reg, "t", `{}`), "step 1: page 2: HTTP 401")
	if n := issued.Load(); n != 3 {
		t.Errorf("tokens issued = %d, want 3", n)
	}
}
