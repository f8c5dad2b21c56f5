package yqcloud

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit"
)

func TestParseTemplate(t *testing.T) {
	tests := []struct {
		src  string
		segs []segment
		err  string
	}{
		{"${STATIC#yqcloud_url}/a/${tenantId}/b/{knowId}?x={y}", []segment{
			{segValue, "STATIC#yqcloud_url", 0}, {segLiteral, "/a/", 21}, {segValue, "tenantId", 24}, {segLiteral, "/b/", 35},
			{segParam, "knowId", 38}, {segLiteral, "?x=", 46}, {segParam, "y", 49}}, ""},
		{"$x {} {a b} {-a} price: $5 {a-b_c$1}", []segment{{segLiteral, "$x {} {a b} {-a} price: $5 ", 0}, {segParam, "a-b_c$1", 27}}, ""},
		{"a${b", nil, `unterminated placeholder "${b": missing '}'`},
		{"${}", nil, `invalid placeholder "${}"`},
		{"${a b}", nil, `invalid placeholder "${a b}"`},
		{"", nil, ""},
	}
	for _, tt := range tests {
		got, err := parseTemplate(tt.src, true)
		if tt.err != "" {
			var pe *placeholderError
			if !errors.As(err, &pe) || pe.msg != tt.err {
				t.Errorf("%q: error %v, want %s", tt.src, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", tt.src, err)
		}
		if diff := cmp.Diff(tt.segs, got.segs, cmp.AllowUnexported(segment{})); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tt.src, diff)
		}
	}
	// Header values have no path parameters.
	h, _ := parseTemplate("{a} ${b}", false)
	if len(h.segs) != 2 || h.segs[0].text != "{a} " {
		t.Errorf("header: %+v", h.segs)
	}
}

func TestExpandURL(t *testing.T) {
	values := func(name string) (string, bool) {
		v, ok := map[string]string{"STATIC#base": "https://h/x?y", "tenantId": "a b/c"}[name]
		return v, ok
	}
	tm, _ := parseTemplate("https://h/${tenantId}/{id}?q=${tenantId}&id={id}", true)
	params := &object{keys: []string{"id", "other"}, vals: []any{"1/2 3", "x"}}
	got, err := tm.expandURL(values, params)
	if err != nil {
		t.Fatal(err)
	}
	if want := "https://h/a%20b%2Fc/1%2F2%203?q=a+b%2Fc&id=1%2F2+3"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if diff := cmp.Diff([]string{"other"}, params.keys); diff != "" {
		t.Errorf("path parameters not removed: %s", diff)
	}
	// A STATIC value's '?' starts the query.
	tm, _ = parseTemplate("${STATIC#base}&t=${tenantId}", true)
	if got, _ := tm.expandURL(values, &object{}); got != "https://h/x?y&t=a+b%2Fc" {
		t.Errorf("got %s", got)
	}
	tm, _ = parseTemplate("https://h/{id}", true)
	if _, err := tm.expandURL(values, &object{keys: []string{"id"}, vals: []any{[]any{"a"}}}); err == nil || !strings.Contains(err.Error(), "must be a string, number or boolean, not an array") {
		t.Errorf("array path parameter: %v", err)
	}
}

// FuzzTemplate: parsing never panics and the segments spell the source.
func FuzzTemplate(f *testing.F) {
	for _, s := range []string{"${STATIC#yqcloud_url}/a/{id}", "${", "{}", "${a}${b}{c}{d}", "$${x}}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		tm, err := parseTemplate(src, true)
		if err != nil {
			var pe *placeholderError
			if !errors.As(err, &pe) || pe.off < 0 || pe.off >= len(src) {
				t.Fatalf("bad error %v", err)
			}
			return
		}
		var b strings.Builder
		for _, s := range tm.segs {
			switch s.kind {
			case segLiteral:
				b.WriteString(s.text)
			case segValue:
				b.WriteString("${" + s.text + "}")
			case segParam:
				b.WriteString("{" + s.text + "}")
			}
		}
		if b.String() != src {
			t.Fatalf("segments spell %q", b.String())
		}
	})
}

// TestHardening26_04_ParamMovesHost: a model's argument never chooses the
// scheme, host or port the token goes to. A template whose shape puts a
// {path} parameter in the authority does not load; one whose trusted
// values leave it there at run time is refused before anything is sent;
// a parameter after the host's '/' is path-escaped, '@' and ':' included.
func TestHardening26_04_ParamMovesHost(t *testing.T) {
	good := newMock(t)
	var evilHits atomic.Int32
	var evilAuth atomic.Value
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		evilHits.Add(1)
		evilAuth.Store(r.Header.Get("Authorization"))
		fmt.Fprint(w, `{"stolen":true}`)
	}))
	defer evil.Close()
	evilHost := strings.TrimPrefix(evil.URL, "http://") // 127.0.0.1:PORT
	_, evilPort, _ := strings.Cut(evilHost, ":")
	goodHost := strings.TrimPrefix(good.URL, "http://")

	tests := []struct {
		name   string
		url    string
		static map[string]string // STATIC#name -> value; yqcloud_url defaults to the good server
		p      string
		tenant string // ${tenantId}, if not the usual
		// loadErr: the definition does not load, with this in the error.
		// Else the call's error text, or "" when the call reaches the good
		// server at wantPath.
		loadErr, callErr, wantPath string
	}{
		{name: "right after the static URL: a port", url: "${STATIC#yqcloud_url}{p}/x", static: map[string]string{"yqcloud_url": "http://127.0.0.1"},
			p: ":" + evilPort, loadErr: `path parameter {p} of "f" would land in the URL's scheme or host`},
		{name: "right after the static URL: a longer host", url: "${STATIC#yqcloud_url}{p}", static: map[string]string{"yqcloud_url": "http://127.0.0"},
			p: ".1:" + evilPort, loadErr: "{p}"},
		{name: "right after the static URL: userinfo", url: "${STATIC#yqcloud_url}{p}", static: map[string]string{"yqcloud_url": "http://api.yqcloud.com"},
			p: "@" + evilHost, loadErr: "{p}"},
		{name: "in the middle of the host", url: "http://127.0.0.{p}/x", p: "1:" + evilPort, loadErr: "{p}"},
		{name: "as the host", url: "http://{p}/x", p: evilHost, loadErr: "{p}"},
		{name: "in the userinfo", url: "http://{p}@api.yqcloud.com/x", p: "u", loadErr: "{p}"},
		{name: "after a host made of placeholders", url: "${STATIC#scheme}://${STATIC#host}{p}/x", static: map[string]string{"scheme": "http", "host": "127.0.0.1"},
			p: ":" + evilPort, loadErr: "{p}"},
		{name: "as the host after a scheme placeholder", url: "${STATIC#scheme}://{p}/x", static: map[string]string{"scheme": "http"}, p: evilHost, loadErr: "{p}"},
		{name: "after a host value", url: "http://${tenantId}{p}/x", p: ":" + evilPort, loadErr: "{p}"},

		{name: "a static URL that ends in its scheme", url: "${STATIC#yqcloud_url}//{p}/x", static: map[string]string{"yqcloud_url": "http:"},
			p: evilHost, callErr: `function "f": url: yqcloud: invalid arguments: path parameter {p} would land in the URL's scheme or host`},
		{name: "an empty static URL", url: "${STATIC#yqcloud_url}/{p}", static: map[string]string{"yqcloud_url": ""},
			p: evilHost, callErr: `function "f": url: yqcloud: invalid arguments: path parameter {p} would land in the URL's scheme or host`},
		{name: "an empty static host", url: "${STATIC#scheme}://${STATIC#host}/{p}", static: map[string]string{"scheme": "http", "host": ""},
			p: evilHost, callErr: `function "f": url: yqcloud: invalid value: the expanded url is not an absolute http or https URL with a host`},
		{name: "an empty static URL without parameters", url: "${STATIC#yqcloud_url}/echo/x", static: map[string]string{"yqcloud_url": ""},
			callErr: `function "f": url: yqcloud: invalid value: the expanded url is not an absolute http or https URL with a host`},

		{name: "a host value in the host is one DNS label", url: "http://${tenantId}/echo/x", tenant: evilHost,
			callErr: `function "f": url: yqcloud: invalid value: ${tenantId} lands in the URL's scheme or host, where a value must be one DNS label`},
		{name: "a host value in the host", url: "${STATIC#scheme}://127.0.0.${tenantId}:${STATIC#port}/echo/{p}", tenant: "1",
			static: map[string]string{"scheme": "http", "port": strings.TrimPrefix(goodHost, "127.0.0.1:")}, p: "x", wantPath: "/echo/x"},

		{name: "after the host's slash, path-escaped", url: "${STATIC#yqcloud_url}/echo/{p}", p: "@" + evilHost, wantPath: "/echo/@" + evilHost},
		{name: "dots and dashes after the slash", url: "${STATIC#yqcloud_url}/echo/{p}", p: ".evil.example", wantPath: "/echo/.evil.example"},
		{name: "a host made of placeholders", url: "${STATIC#scheme}://${STATIC#host}/echo/{p}", static: map[string]string{"scheme": "http", "host": goodHost},
			p: "-evil.example", wantPath: "/echo/-evil.example"},
		{name: "after a static URL with a path", url: "${STATIC#yqcloud_url}{p}", static: map[string]string{"yqcloud_url": good.URL + "/echo/"},
			loadErr: "{p}"}, // the shape alone refuses it: the base URL is documented without a path
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			evilHits.Store(0)
			src := def("f", `{"type": "object", "properties": {"p": {"type": "string"}}}`,
				fmt.Sprintf(`{"type": "call_url", "method": "GET", "url": %q, "headers": {"Authorization": "bearer ${yqAccessToken}"}}`, tt.url))
			set, diags := Parse("test.json", []byte(src), nil)
			if tt.loadErr != "" {
				if !diags.HasErrors() || !strings.Contains(diags.Error(), tt.loadErr) || !strings.Contains(diags.Error(), "function.url") {
					t.Fatalf("diagnostics %q, want an error on function.url with %q", diags, tt.loadErr)
				}
			}
			if diags.HasErrors() {
				if tt.loadErr == "" {
					t.Fatalf("load: %s", diags)
				}
				// The run-time check refuses the same URL on its own.
				tm, _ := parseTemplate(tt.url, true)
				values := func(name string) (string, bool) {
					if v, ok := tt.static[strings.TrimPrefix(name, StaticPrefix)]; ok && strings.HasPrefix(name, StaticPrefix) {
						return v, true
					}
					return map[string]string{ValueBaseURL: good.URL, ValueTenantID: testTenant}[name], true
				}
				if u, err := tm.expandURL(values, &object{keys: []string{"p"}, vals: []any{tt.p}}); err == nil {
					t.Errorf("expanded to %s", u)
				}
				return
			}
			if tt.loadErr != "" {
				t.Fatalf("loaded; want a load error with %q", tt.loadErr)
			}
			reg := toolkit.NewRegistry(&toolkit.Options{Logger: quiet, AllowPrivate: []string{"127.0.0.1"}})
			if err := set.Register(reg); err != nil {
				t.Fatal(err)
			}
			opts := good.values()
			for k, v := range tt.static {
				opts = append(opts, toolkit.WithValue(StaticPrefix+k, v))
			}
			if tt.tenant != "" {
				opts = append(opts, toolkit.WithValue(ValueTenantID, tt.tenant))
			}
			args := `{}`
			if tt.p != "" {
				args = fmt.Sprintf(`{"p": %q}`, tt.p)
			}
			before := good.count()
			res := call(reg, "f", args, opts...)
			if evilHits.Load() != 0 {
				t.Fatalf("the evil server got %d requests (Authorization %q)", evilHits.Load(), evilAuth.Load())
			}
			if tt.callErr != "" {
				if !res.IsError || !strings.HasPrefix(res.Text, tt.callErr) {
					t.Fatalf("result %q, want an error starting %q", res.Text, tt.callErr)
				}
				if good.count() != before {
					t.Errorf("a refused call sent a request")
				}
				return
			}
			if res.IsError {
				t.Fatalf("error: %s", res.Text)
			}
			if got := good.last(t).Path; got != tt.wantPath {
				t.Errorf("path %q, want %q", got, tt.wantPath)
			}
		})
	}
}

// TestHardening26_04_TemplateShapes: which shapes put a parameter in the
// authority, read from the template alone.
func TestHardening26_04_TemplateShapes(t *testing.T) {
	for src, want := range map[string]bool{
		"${STATIC#yqcloud_url}/a/{p}":           false,
		"${STATIC#yqcloud_url}?q={p}":           false,
		"${STATIC#yqcloud_url}#{p}":             false,
		"${STATIC#a}${STATIC#b}/{p}":            false,
		"${STATIC#s}://${STATIC#h}:8443/x/{p}":  false,
		"https://h/${tenantId}{p}":              false,
		"https://h/a://{p}":                     false,
		"https://${tenantId}.yq.com/{p}":        false,
		"${STATIC#yqcloud_url}{p}":              true,
		"${STATIC#yqcloud_url}${STATIC#x}{p}/a": true,
		"${STATIC#s}://{p}/a":                   true,
		"${STATIC#s}://${STATIC#h}{p}/a":        true,
		"https://{p}/a":                         true,
		"https://h{p}/a":                        true,
		"https://h:{p}/a":                       true,
		"https://u:{p}@h/a":                     true,
		"https://${tenantId}{p}.yq.com/a":       true,
		"{p}://h/a":                             true,
	} {
		tm, err := parseTemplate(src, true)
		if err != nil {
			t.Fatal(err)
		}
		if _, got := tm.paramInAuthority(); got != want {
			t.Errorf("%s: in the authority %v, want %v", src, got, want)
		}
	}
}

// FuzzHardening26_04_Host: whatever the template and the argument, an
// expansion that succeeds has the scheme, host and port it has with a
// plain argument.
func FuzzHardening26_04_Host(f *testing.F) {
	for _, s := range []string{"${STATIC#yqcloud_url}{p}", "${STATIC#yqcloud_url}/a/{p}", "http://127.0.0.{p}/x", "${STATIC#s}://${STATIC#h}{p}",
		"${STATIC#yqcloud_url}?{p}", "http://h/${tenantId}{p}", "${STATIC#s}:{p}//h/"} {
		for _, v := range []string{":8443", ".evil.example", "-evil", "@evil", "/evil", "x", "%2e", "\\evil", "1:80#"} {
			f.Add(s, v)
		}
	}
	values := func(name string) (string, bool) {
		v, ok := map[string]string{ValueBaseURL: "http://127.0.0.1", "STATIC#s": "http", "STATIC#h": "127.0.0.1", ValueTenantID: "t-1"}[name]
		return v, ok
	}
	f.Fuzz(func(t *testing.T, src, v string) {
		tm, err := parseTemplate(src, true)
		if err != nil {
			return
		}
		got, err := tm.expandURL(values, &object{keys: []string{"p"}, vals: []any{v}})
		if err != nil {
			return
		}
		plain, err := tm.expandURL(values, &object{keys: []string{"p"}, vals: []any{"x"}})
		if err != nil {
			t.Fatalf("%q expands with %q to %q but not with x: %v", src, v, got, err)
		}
		gu, err1 := url.Parse(got)
		pu, err2 := url.Parse(plain)
		if err1 != nil || err2 != nil || gu.Scheme != pu.Scheme || gu.Host != pu.Host || gu.User.String() != pu.User.String() {
			t.Fatalf("%q with %q: %q, with x: %q", src, v, got, plain)
		}
	})
}
