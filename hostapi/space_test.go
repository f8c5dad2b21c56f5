package hostapi

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestQuerySpace: a query's names and values are percent-encoded as
// RFC 6570 expands them, which OpenAPI's query styles take: a space as
// %20, a + as %2B, in every style, in a parameter's name, an exploded
// object's member names and deepObject's keys, with allowReserved too. So
// the query reads back the same to a decoder of forms (url.ParseQuery, +
// a space) and to one of RFC 3986 (+ itself). A form body's property
// written in the same style keeps that media type's + for a space.
func TestQuerySpace(t *testing.T) {
	f, tr := false, true
	for _, tt := range []struct {
		name     string
		param    string
		v        any
		style    string
		explode  *bool
		reserved bool
		query    string
		form     string
		back     url.Values
	}{
		{name: "space", v: "a b", query: "q=a%20b", form: "q=a+b", back: url.Values{"q": {"a b"}}},
		{name: "plus", v: "a+b", query: "q=a%2Bb", form: "q=a%2Bb", back: url.Values{"q": {"a+b"}}},
		{name: "& and =", v: "x&y=z", query: "q=x%26y%3Dz", form: "q=x%26y%3Dz", back: url.Values{"q": {"x&y=z"}}},
		{name: "percent", v: "100% a", query: "q=100%25%20a", form: "q=100%25+a", back: url.Values{"q": {"100% a"}}},
		{name: "non-ASCII", v: "é ü", query: "q=%C3%A9%20%C3%BC", form: "q=%C3%A9+%C3%BC", back: url.Values{"q": {"é ü"}}},
		{name: "reserved kept, + and space not", v: "/a b?c+d:e@f,g", reserved: true,
			query: "q=/a%20b?c%2Bd:e@f,g", form: "q=/a+b?c%2Bd:e@f,g", back: url.Values{"q": {"/a b?c+d:e@f,g"}}},
		{name: "reserved: & = # ; escaped", v: "a&b=c#d;e f", reserved: true,
			query: "q=a%26b%3Dc%23d%3Be%20f", form: "q=a%26b%3Dc%23d%3Be+f", back: url.Values{"q": {"a&b=c#d;e f"}}},
		{name: "name", param: "my q", v: "v w", query: "my%20q=v%20w", form: "my+q=v+w", back: url.Values{"my q": {"v w"}}},
		{name: "form array exploded", v: []any{"a b", "c+d"},
			query: "q=a%20b&q=c%2Bd", form: "q=a+b&q=c%2Bd", back: url.Values{"q": {"a b", "c+d"}}},
		{name: "form array", v: []any{"a b", "é"}, explode: &f,
			query: "q=a%20b,%C3%A9", form: "q=a+b,%C3%A9", back: url.Values{"q": {"a b,é"}}},
		{name: "form object exploded", v: map[string]any{"m n": "x y", "o+p": "z"},
			query: "m%20n=x%20y&o%2Bp=z", form: "m+n=x+y&o%2Bp=z", back: url.Values{"m n": {"x y"}, "o+p": {"z"}}},
		{name: "form object", v: map[string]any{"m n": "x y"}, explode: &f,
			query: "q=m%20n,x%20y", form: "q=m+n,x+y", back: url.Values{"q": {"m n,x y"}}},
		// The delimiter and a value's space read back alike, as OpenAPI's
		// Appendix E says of spaceDelimited.
		{name: "spaceDelimited", v: []any{"x y", "z"}, style: "spaceDelimited", explode: &f,
			query: "q=x%20y%20z", form: "q=x+y%20z", back: url.Values{"q": {"x y z"}}},
		{name: "pipeDelimited", v: []any{"p q", "r+s"}, style: "pipeDelimited", explode: &f,
			query: "q=p%20q%7Cr%2Bs", form: "q=p+q%7Cr%2Bs", back: url.Values{"q": {"p q|r+s"}}},
		{name: "deepObject", v: map[string]any{"k y": map[string]any{"z w": "v v", "a": []any{"1 2"}}}, style: "deepObject", explode: &tr,
			query: "q%5Bk%20y%5D%5Ba%5D%5B0%5D=1%202&q%5Bk%20y%5D%5Bz%20w%5D=v%20v",
			form:  "q%5Bk+y%5D%5Ba%5D%5B0%5D=1+2&q%5Bk+y%5D%5Bz+w%5D=v+v",
			back:  url.Values{"q[k y][a][0]": {"1 2"}, "q[k y][z w]": {"v v"}}},
		{name: "deepObject scalar", v: "a b", style: "deepObject", explode: &tr, query: "q=a%20b", form: "q=a+b", back: url.Values{"q": {"a b"}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			name := tt.param
			if name == "" {
				name = "q"
			}
			st, explode := styleOf(InQuery, tt.style, tt.explode)
			var q rawQuery
			if problem := q.add(name, tt.v, st.name, explode, tt.reserved); problem != "" {
				t.Fatal(problem)
			}
			var fb formBody
			if problem := fb.add(name, tt.v, st.name, explode, tt.reserved); problem != "" {
				t.Fatal(problem)
			}
			query, form := q.Encode(), fb.Encode()
			if query != tt.query || form != tt.form {
				t.Errorf("query %s\n want %s\nform  %s\n want %s", query, tt.query, form, tt.form)
			}
			if strings.ContainsAny(query, " +") {
				t.Errorf("query %s holds a space or a +", query)
			}
			for what, s := range map[string]string{"query": query, "form": form} {
				if got, err := url.ParseQuery(s); err != nil || !cmp.Equal(got, tt.back) {
					t.Errorf("%s %s reads back as %v (%v), want %v", what, s, got, err, tt.back)
				}
			}
			// RFC 3986's decoding, a + itself, reads the query alike.
			for pair := range strings.SplitSeq(query, "&") {
				for _, s := range strings.SplitN(pair, "=", 2) {
					rfc, err1 := url.PathUnescape(s)
					form, err2 := url.QueryUnescape(s)
					if err1 != nil || err2 != nil || rfc != form {
						t.Errorf("%q decodes as %q by RFC 3986, %q as a form", s, rfc, form)
					}
				}
			}
		})
	}
}

// spaceDoc has a query parameter in each style, a JSON content one, one
// whose name holds a space, an API key sent in the query and a form body.
const spaceDoc = `openapi: 3.1.0
info: {title: t, version: "1"}
security: [{key: []}]
components:
  securitySchemes:
    key: {type: apiKey, in: query, name: api key}
paths:
  /s:
    get:
      operationId: s
      parameters:
        - {name: f, in: query, schema: {type: array, items: {type: string}}}
        - {name: fu, in: query, explode: false, schema: {type: array, items: {type: string}}}
        - {name: sd, in: query, style: spaceDelimited, schema: {type: array, items: {type: string}}}
        - {name: pd, in: query, style: pipeDelimited, schema: {type: array, items: {type: string}}}
        - {name: d, in: query, style: deepObject, explode: true, schema: {type: object}}
        - {name: o, in: query, schema: {type: object, additionalProperties: {type: string}}}
        - {name: r, in: query, allowReserved: true, schema: {type: string}}
        - {name: j, in: query, content: {application/json: {schema: {type: object}}}}
        - {name: my name, in: query, schema: {type: string}}
      responses: {"200": {description: ok}}
  /form:
    post:
      operationId: form
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              properties:
                user: {type: string}
                tags: {type: array, items: {type: string}}
                meta: {type: object}
            encoding:
              meta: {style: deepObject, explode: true}
      responses: {"200": {description: ok}}
`

// TestQuerySpaceOverHTTP: a server sees the query of every style, the
// JSON content parameter and the API key with a space as %20 and a + as
// %2B, and url.ParseQuery reads back the values the model gave; a form
// body keeps + for a space, and reads back alike.
func TestQuerySpaceOverHTTP(t *testing.T) {
	c, ds := ParseOpenAPI("space.yaml", []byte(spaceDoc), nil)
	if ds.HasErrors() || len(ds) > 0 {
		t.Fatal(ds.String())
	}
	var mu sync.Mutex
	var raw, body string
	var query, form url.Values
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		data, _ := io.ReadAll(r.Body)
		mu.Lock()
		defer mu.Unlock()
		raw, query, body = r.URL.RawQuery, r.URL.Query(), string(data)
		form, _ = url.ParseQuery(body)
	}))
	defer srv.Close()
	reg := newRegistry(t, c, Options{BaseURL: srv.URL, Credentials: map[string]Credential{"key": {Value: "k y+z/1"}}})

	res := run(reg, ToolCall, `{"endpoint": "s", "query": {"f": ["a b", "c+d"], "fu": ["a b", "é"], "sd": ["x y", "z"], "pd": ["p q", "r"],
		"d": {"k y": "v w", "n": {"m": "1 2"}}, "o": {"m n": "x&y=z"}, "r": "/a b?c+d:e@f", "j": {"t": "a b+c"}, "my name": "100% ok"}}`)
	if res.IsError {
		t.Fatal(res.Text)
	}
	mu.Lock()
	wantRaw := "d%5Bk%20y%5D=v%20w&d%5Bn%5D%5Bm%5D=1%202&f=a%20b&f=c%2Bd&fu=a%20b,%C3%A9&j=%7B%22t%22%3A%22a%20b%2Bc%22%7D" +
		"&m%20n=x%26y%3Dz&my%20name=100%25%20ok&pd=p%20q%7Cr&r=/a%20b?c%2Bd:e@f&sd=x%20y%20z&api%20key=k%20y%2Bz%2F1"
	if raw != wantRaw {
		t.Errorf("RawQuery %s\n    want %s", raw, wantRaw)
	}
	want := url.Values{
		"d[k y]": {"v w"}, "d[n][m]": {"1 2"}, "f": {"a b", "c+d"}, "fu": {"a b,é"}, "j": {`{"t":"a b+c"}`},
		"m n": {"x&y=z"}, "my name": {"100% ok"}, "pd": {"p q|r"}, "r": {"/a b?c+d:e@f"}, "sd": {"x y z"}, "api key": {"k y+z/1"},
	}
	if diff := cmp.Diff(want, query); diff != "" {
		t.Errorf("the server reads (-want +got):\n%s", diff)
	}
	mu.Unlock()

	res = run(reg, ToolCall, `{"endpoint": "form", "body": {"user": "a b+c", "tags": ["x y", "é"], "meta": {"k y": "v w"}}}`)
	if res.IsError {
		t.Fatal(res.Text)
	}
	mu.Lock()
	defer mu.Unlock()
	if want := "meta%5Bk+y%5D=v+w&tags=x+y&tags=%C3%A9&user=a+b%2Bc"; body != want {
		t.Errorf("form body %s\n     want %s", body, want)
	}
	if want := (url.Values{"meta[k y]": {"v w"}, "tags": {"x y", "é"}, "user": {"a b+c"}}); !cmp.Equal(form, want) {
		t.Errorf("the form body reads back as %v, want %v", form, want)
	}
	if raw != "api%20key=k%20y%2Bz%2F1" {
		t.Errorf("the form call's query %s", raw)
	}
}

// An API key sent in the query is escaped with a space as %20, which the
// redactor's URL forms (url.QueryEscape's +, url.PathEscape's kept &)
// do not write for a key holding both: that form is redacted too, as a
// server that echoes the request's URI writes it.
func TestQueryKeyRedactedAsSent(t *testing.T) {
	c, ds := ParseOpenAPI("space.yaml", []byte(spaceDoc), nil)
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no route for "+r.RequestURI, http.StatusNotFound)
	}))
	defer srv.Close()
	const secret = "sk live&0123456789"
	reg := newRegistry(t, c, Options{BaseURL: srv.URL, Credentials: map[string]Credential{"key": {Value: secret}}})
	res := run(reg, ToolCall, `{"endpoint": "s"}`)
	if want := "HTTP 404 Not Found\nno route for /s?api%20key=[REDACTED]"; show(res) != want {
		t.Errorf("got  %s\nwant %s", show(res), want)
	}
}

// TestQueryKeyRedactedEchoed: an API key sent in the query is redacted in
// the forms a server echoing the request writes it: as sent, decoded, as
// url.Values.Encode writes it again (+ for a space), with lower-case hex,
// as JavaScript's encodeURIComponent writes it, and the URL that holds it
// escaped again.
func TestQueryKeyRedactedEchoed(t *testing.T) {
	c, ds := ParseOpenAPI("space.yaml", []byte(spaceDoc), nil)
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	const secret = "Sk(live)!0123 x/Y+z"
	forms := map[string]func(*http.Request) string{
		"as sent":            func(r *http.Request) string { return r.URL.RawQuery },
		"decoded":            func(r *http.Request) string { return r.URL.Query().Get("api key") },
		"re-encoded":         func(r *http.Request) string { return r.URL.Query().Encode() },
		"lower-case hex":     func(r *http.Request) string { return "Sk%28live%29%210123%20x%2fY%2bz" },
		"encodeURIComponent": func(r *http.Request) string { return "Sk(live)!0123%20x%2FY%2Bz" },
		"URL escaped again":  func(r *http.Request) string { return url.QueryEscape(r.URL.String()) },
	}
	for name, form := range forms {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, "<"+form(r)+">")
		}))
		reg := newRegistry(t, c, Options{BaseURL: srv.URL, Credentials: map[string]Credential{"key": {Value: secret}}})
		res := show(run(reg, ToolCall, `{"endpoint": "s"}`))
		srv.Close()
		if strings.Contains(res, "0123") || !strings.Contains(res, "[REDACTED]") {
			t.Errorf("%s: %s", name, res)
		}
	}
}
