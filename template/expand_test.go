package template

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// vals maps Ref.String() to values; absent keys are missing.
type vals map[string]Value

func (m vals) Lookup(r Ref) (Value, bool) {
	v, ok := m[r.String()]
	return v, ok
}

// s is a plain (non-raw) value.
func s(text string) Value { return Value{Text: text} }

// raw is a JSON literal value.
func raw(text string) Value { return Value{Text: text, Raw: true} }

const (
	traversal = "../../admin"
	injection = "a/b?c#d"
	crlf      = "x\r\nEvil: 1"
	jsonBreak = `"},"admin":true,"x":"`
	unicode   = "北京 café"
)

type expandCase struct {
	name string
	src  string
	v    vals
	want string
	err  bool // want ErrUnsafeValue
}

func runExpand(t *testing.T, ctx Context, tests []expandCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tp, err := Parse(tt.src, ctx)
			if err != nil {
				t.Fatal(err)
			}
			got, err := tp.Expand(tt.v)
			if tt.err {
				if !errors.Is(err, ErrUnsafeValue) {
					t.Fatalf("Expand() = %q, %v; want ErrUnsafeValue", got, err)
				}
				for _, v := range tt.v {
					if v.Text != "" && strings.Contains(err.Error(), v.Text) {
						t.Errorf("error %q shows the value %q", err, v.Text)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Expand() mismatch (-want +got):\n%s", diff)
			}
			b, err := tp.AppendExpand([]byte("prefix:"), tt.v)
			if err != nil || string(b) != "prefix:"+tt.want {
				t.Errorf("AppendExpand() = %q, %v", b, err)
			}
		})
	}
}

func TestExpandText(t *testing.T) {
	runExpand(t, InText, []expandCase{
		{"literal", "no refs $ here", nil, "no refs $ here", false},
		{"result", "订单号: ${param:id}\n状态: ${step1:status}", vals{"${param:id}": s("A1"), "${step1:status}": s("paid")},
			"订单号: A1\n状态: paid", false},
		{"hostile as is", "${param:a}|${param:b}|${param:c}|${param:d}",
			vals{"${param:a}": s(traversal), "${param:b}": s(crlf), "${param:c}": s(jsonBreak), "${param:d}": s(unicode)},
			traversal + "|" + crlf + "|" + jsonBreak + "|" + unicode, false},
		{"missing", "[${param:gone}][${env:GONE}][${step0:gone}]", vals{}, "[][][]", false},
		{"dollar before ref", "$${step1:amount}", vals{"${step1:amount}": s("9.50")}, "$9.50", false},
		{"raw as text", "n=${step0:n}", vals{"${step0:n}": raw("1234567.89")}, "n=1234567.89", false},
	})
}

func TestExpandHeader(t *testing.T) {
	runExpand(t, InHeader, []expandCase{
		{"bearer", "Bearer ${step0:token}", vals{"${step0:token}": s("abc.def")}, "Bearer abc.def", false},
		{"env", "${env:API_KEY}", vals{"${env:API_KEY}": s("k-1 2")}, "k-1 2", false},
		{"unicode", "${param:a}", vals{"${param:a}": s(unicode)}, unicode, false},
		{"missing", "Bearer ${step0:token}", vals{}, "Bearer ", false},
		{"crlf", "Bearer ${step0:token}", vals{"${step0:token}": s(crlf)}, "", true},
		{"lf", "${param:a}", vals{"${param:a}": s("a\nb")}, "", true},
		{"cr", "${param:a}", vals{"${param:a}": s("a\rb")}, "", true},
		{"nul", "${param:a}", vals{"${param:a}": s("a\x00b")}, "", true},
		{"env crlf", "${env:K}", vals{"${env:K}": s("secret\r\nX: y")}, "", true},
	})
}

func TestExpandURL(t *testing.T) {
	base := vals{"${env:BASE}": s("https://api.example.com/v1")}
	with := func(k string, v Value) vals {
		m := vals{k: v}
		for k, v := range base {
			m[k] = v
		}
		return m
	}
	const path = "${env:BASE}/users/${param:p}/orders"
	const query = "${env:BASE}/search?q=${param:q}&lang=zh"
	runExpand(t, InURL, []expandCase{
		{"path plain", path, with("${param:p}", s("u-1_a.b~")), "https://api.example.com/v1/users/u-1_a.b~/orders", false},
		{"path traversal", path, with("${param:p}", s(traversal)), "https://api.example.com/v1/users/..%2F..%2Fadmin/orders", false},
		{"path dotdot", path, with("${param:p}", s("..")), "https://api.example.com/v1/users/%2E%2E/orders", false},
		{"path dot", path, with("${param:p}", s(".")), "https://api.example.com/v1/users/%2E/orders", false},
		{"path dots", path, with("${param:p}", s("...")), "https://api.example.com/v1/users/%2E%2E%2E/orders", false},
		{"path injection", path, with("${param:p}", s(injection)), "https://api.example.com/v1/users/a%2Fb%3Fc%23d/orders", false},
		{"path crlf", path, with("${param:p}", s(crlf)), "https://api.example.com/v1/users/x%0D%0AEvil%3A%201/orders", false},
		{"path unicode", path, with("${param:p}", s("北京")), "https://api.example.com/v1/users/%E5%8C%97%E4%BA%AC/orders", false},
		{"path empty", path, with("${param:p}", s("")), "https://api.example.com/v1/users//orders", false},
		{"path missing", path, base, "https://api.example.com/v1/users//orders", false},
		{"adjacent dots", "${env:BASE}/${param:a}${param:b}/x", with("${param:a}", s(".")), "https://api.example.com/v1/%2E/x", false},
		{"dot literal and dot value", "${env:BASE}/.${param:a}/x", with("${param:a}", s(".")), "https://api.example.com/v1/.%2E/x", false},
		{"query plain", query, with("${param:q}", s("abc")), "https://api.example.com/v1/search?q=abc&lang=zh", false},
		{"query space", query, with("${param:q}", s("a b+c")), "https://api.example.com/v1/search?q=a%20b%2Bc&lang=zh", false},
		{"query injection", query, with("${param:q}", s("x&admin=1#f")), "https://api.example.com/v1/search?q=x%26admin%3D1%23f&lang=zh", false},
		{"query dotdot kept", query, with("${param:q}", s("..")), "https://api.example.com/v1/search?q=..&lang=zh", false},
		{"query unicode", query, with("${param:q}", s("café")), "https://api.example.com/v1/search?q=caf%C3%A9&lang=zh", false},
		{"fragment", "https://x.test/a#${param:f}", vals{"${param:f}": s("a/b c")}, "https://x.test/a#a%2Fb%20c", false},
		{"step in path", "https://x.test/orders/${step0:id}", vals{"${step0:id}": s("7/../../x")}, "https://x.test/orders/7%2F..%2F..%2Fx", false},
		{"env as written", "${env:BASE}/a?${env:Q}", vals{"${env:BASE}": s("https://h.test/p q"), "${env:Q}": s("k=v&x=1")}, "https://h.test/p q/a?k=v&x=1", false},
		{"host part", "https://${param:sub}.example.com/", vals{"${param:sub}": s("evil.com/")}, "", true},
		{"host label", "https://${param:sub}.example.com/", vals{"${param:sub}": s("eu-1")}, "https://eu-1.example.com/", false},
		{"host label empty", "https://${param:sub}.example.com/", vals{"${param:sub}": s("")}, "https://.example.com/", false},
		{"host dots after env", "${env:HOST}${param:p}/x", vals{"${env:HOST}": s("https://api.example.test"), "${param:p}": s(".evil.example")}, "", true},
		{"host userinfo after env", "${env:HOST}${param:p}/x", vals{"${env:HOST}": s("https://api.example.test"), "${param:p}": s("@evil.example")}, "", true},
		{"path after env base", "${env:HOST}${param:p}/x", vals{"${env:HOST}": s("https://api.example.test/v1/"), "${param:p}": s(".evil.example")}, "https://api.example.test/v1/.evil.example/x", false},
		{"port", "http://h.test:${param:port}/", vals{"${param:port}": s("8080")}, "http://h.test:8080/", false},
		{"port userinfo", "http://h.test:${param:port}/", vals{"${param:port}": s("80@evil.test")}, "", true},
		{"loop cursor in query", "https://h.test/p?c=${loop:cursor}", vals{"${loop:cursor}": s("a&admin=1#x")}, "https://h.test/p?c=a%26admin%3D1%23x", false},
		{"loop cursor in path", "https://h.test/p/${loop:cursor}", vals{"${loop:cursor}": s("../admin")}, "https://h.test/p/..%2Fadmin", false},
		{"step in host", "https://${step0:region}.example.com/a", vals{"${step0:region}": s("x.evil.test#")}, "", true},
		{"value in host", "https://${value:tenant}.example.com/a", vals{"${value:tenant}": s("evil.test/x")}, "", true},
		{"value host label", "https://${value:tenant}.example.com/a", vals{"${value:tenant}": s("acme")}, "https://acme.example.com/a", false},
		{"value after env host", "${env:HOST}${value:tenant}/x", vals{"${env:HOST}": s("https://api.example.test"), "${value:tenant}": s(".evil.example")}, "", true},
		{"value in path", "${env:BASE}/t/${value:tenant}/o", with("${value:tenant}", s(traversal)), "https://api.example.com/v1/t/..%2F..%2Fadmin/o", false},
		{"value in query", query[:len(query)-8] + "&t=${value:tenant}", with("${value:tenant}", s("a&admin=1")), "https://api.example.com/v1/search?q=&t=a%26admin%3D1", false},

		{"whole https", "${step0:next_url}", vals{"${step0:next_url}": s("https://api.example.com/p?page=2&x=a%20b")}, "https://api.example.com/p?page=2&x=a%20b", false},
		{"whole http param", "${param:url}", vals{"${param:url}": s("HTTP://h.test:8080")}, "HTTP://h.test:8080", false},
		{"whole missing", "${step0:next_url}", vals{}, "", false},
		{"whole relative", "${step0:next_url}", vals{"${step0:next_url}": s("/p?page=2")}, "", true},
		{"whole no host", "${step0:next_url}", vals{"${step0:next_url}": s("https:///p")}, "", true},
		{"whole scheme", "${param:url}", vals{"${param:url}": s("file:///etc/passwd")}, "", true},
		{"whole userinfo", "${param:url}", vals{"${param:url}": s("https://user:pass@h.test/")}, "", true},
		{"whole javascript", "${param:url}", vals{"${param:url}": s("javascript:alert(1)")}, "", true},
		{"whole opaque", "${param:url}", vals{"${param:url}": s("http:h.test")}, "", true},
		{"whole crlf", "${param:url}", vals{"${param:url}": s("https://h.test/\r\nX: 1")}, "", true},
		{"whole empty", "${param:url}", vals{"${param:url}": s("")}, "", true},
		{"whole traversal", "${param:url}", vals{"${param:url}": s(traversal)}, "", true},
		{"whole env", "${env:URL}", vals{"${env:URL}": s("not a url")}, "not a url", false},
		{"not whole: trailing text", "${param:url}/", vals{"${param:url}": s("https://h.test")}, "https%3A%2F%2Fh.test/", false},
	})
}

func TestExpandForm(t *testing.T) {
	runExpand(t, InForm, []expandCase{
		{"plain", "grant_type=client_credentials&client_id=${env:ID}&user=${param:u}",
			vals{"${env:ID}": s("id+1"), "${param:u}": s("a b&c=d")},
			"grant_type=client_credentials&client_id=id+1&user=a%20b%26c%3Dd", false},
		{"hostile", "a=${param:a}&b=${step0:b}", vals{"${param:a}": s(crlf), "${step0:b}": s(unicode)},
			"a=x%0D%0AEvil%3A%201&b=%E5%8C%97%E4%BA%AC%20caf%C3%A9", false},
		{"dots kept", "a=${param:a}", vals{"${param:a}": s("..")}, "a=..", false},
		{"missing", "a=${param:a}", nil, "a=", false},
	})
}

func TestExpandXML(t *testing.T) {
	runExpand(t, InXML, []expandCase{
		{"escaped", `<q name="${param:a}">${param:b}</q>`, vals{"${param:a}": s(`x" admin="1`), "${param:b}": s("</q><admin>1</admin><q>&amp;'")},
			`<q name="x&quot; admin=&quot;1">&lt;/q&gt;&lt;admin&gt;1&lt;/admin&gt;&lt;q&gt;&amp;amp;&apos;</q>`, false},
		{"step", `<id>${step0:id}</id>`, vals{"${step0:id}": s("7<8")}, `<id>7&lt;8</id>`, false},
		{"env as written", `<auth>${env:AUTH}</auth>`, vals{"${env:AUTH}": s("<token>x</token>")}, `<auth><token>x</token></auth>`, false},
		{"plain", `<q>${param:a}</q>`, vals{"${param:a}": s("北京 café")}, `<q>北京 café</q>`, false},
	})
}

func TestExpandJSON(t *testing.T) {
	runExpand(t, InJSON, []expandCase{
		{"in string", `{"city":"${param:city}"}`, vals{"${param:city}": s("北京")}, `{"city":"北京"}`, false},
		{"break out", `{"name":"${param:n}","admin":false}`, vals{"${param:n}": s(jsonBreak)},
			`{"name":"\"},\"admin\":true,\"x\":\"","admin":false}`, false},
		{"controls", `["${param:a}"]`, vals{"${param:a}": s("a\\b\"c\n\r\t\x00\x1f\x7f")}, `["a\\b\"c\n\r\t\u0000\u001F` + "\x7f" + `"]`, false},
		{"line separators", `["${param:a}"]`, vals{"${param:a}": s("a\u2028b\u2029c")}, `["a\u2028b\u2029c"]`, false},
		{"invalid utf8", `["${param:a}"]`, vals{"${param:a}": s("a\xffb")}, `["a\ufffdb"]`, false},
		{"html kept", `["${param:a}"]`, vals{"${param:a}": s("<a>&")}, `["<a>&"]`, false},
		{"mid string", `{"q":"x ${param:a} y"}`, vals{"${param:a}": s(`"`)}, `{"q":"x \" y"}`, false},
		{"key", `{"${param:k}":1}`, vals{"${param:k}": s(`a"b`)}, `{"a\"b":1}`, false},
		{"after escaped quote", `{"q":"\"${param:a}"}`, vals{"${param:a}": s(`"`)}, `{"q":"\"\""}`, false},
		{"after escaped backslash", `{"q":"\\${param:a}"}`, vals{"${param:a}": s(`"`)}, `{"q":"\\\""}`, false},
		{"empty in string", `{"a":"${param:a}"}`, vals{"${param:a}": s("")}, `{"a":""}`, false},
		{"missing in string", `{"a":"${param:a}"}`, nil, `{"a":""}`, false},

		{"value string", `{"a":${param:a}}`, vals{"${param:a}": s(jsonBreak)}, `{"a":"\"},\"admin\":true,\"x\":\""}`, false},
		{"value number raw", `{"n":${step0:n}}`, vals{"${step0:n}": raw("1234567.89")}, `{"n":1234567.89}`, false},
		{"value big int raw", `{"n":${step0:n}}`, vals{"${step0:n}": raw("12345678901234567890")}, `{"n":12345678901234567890}`, false},
		{"value number not raw", `{"n":${param:n}}`, vals{"${param:n}": s("42")}, `{"n":"42"}`, false},
		{"value bool raw", `{"b":${param:b}}`, vals{"${param:b}": raw("true")}, `{"b":true}`, false},
		{"value array raw", `{"a":${step0:a}}`, vals{"${step0:a}": raw(`["x",{"y":1}]`)}, `{"a":["x",{"y":1}]}`, false},
		{"value object raw", `{"a":${step0:a}}`, vals{"${step0:a}": raw(`{"k":[1,2]}`)}, `{"a":{"k":[1,2]}}`, false},
		{"raw invalid", `{"a":${param:a}}`, vals{"${param:a}": raw(`1},"admin":true,"x":{`)}, `{"a":"1},\"admin\":true,\"x\":{"}`, false},
		{"raw bad number", `{"a":${param:a}}`, vals{"${param:a}": raw("01")}, `{"a":"01"}`, false},
		{"raw empty", `{"a":${param:a}}`, vals{"${param:a}": raw("")}, `{"a":""}`, false},
		{"raw in string", `{"a":"${step0:a}"}`, vals{"${step0:a}": raw(`{"k":"v"}`)}, `{"a":"{\"k\":\"v\"}"}`, false},
		{"loop counter", `{"page":${loop:page},"c":"${loop:cursor}"}`, vals{"${loop:page}": raw("3"), "${loop:cursor}": s(`"}`)}, `{"page":3,"c":"\"}"}`, false},
		{"value missing", `{"a":${param:a},"b":${env:B}}`, nil, `{"a":"","b":""}`, false},
		{"per-call value", `{"t":${value:t},"u":"${value:u}"}`, vals{"${value:t}": s("42"), "${value:u}": s(jsonBreak)}, `{"t":"42","u":"\"},\"admin\":true,\"x\":\""}`, false},
		{"value unicode", `[${param:a}]`, vals{"${param:a}": s(unicode)}, `["北京 café"]`, false},

		{"env in string", `{"secret":"${env:SECRET}"}`, vals{"${env:SECRET}": s(`p"w\d`)}, `{"secret":"p\"w\\d"}`, false},
		{"env as value", `{"limit":${env:LIMIT}}`, vals{"${env:LIMIT}": s("10")}, `{"limit":10}`, false},
		{"env empty value", `{"limit":${env:LIMIT}}`, vals{"${env:LIMIT}": s("")}, `{"limit":""}`, false},
		{"spec body", `{"client_id": "${env:CLIENT_ID}", "client_secret": "${env:CLIENT_SECRET}"}`,
			vals{"${env:CLIENT_ID}": s("id"), "${env:CLIENT_SECRET}": s("s3cr\"et")},
			`{"client_id": "id", "client_secret": "s3cr\"et"}`, false},
	})
}

// TestExpandJSONValid checks that hostile values keep JSON bodies valid.
func TestExpandJSONValid(t *testing.T) {
	hostile := []Value{s(traversal), s(injection), s(crlf), s(jsonBreak), s(unicode), s(""),
		s("\\"), s("\x00\u2028\xff"), raw("{"), raw(`"a`), raw("1e"), raw("[1,2]"), raw("-0.5e+3")}
	bodies := []string{
		`{"a":"${param:a}","b":${param:a},"c":["${step0:v}",${step0:v}],"${param:a}":"x ${param:a} y"}`,
		`[${param:a},${param:a}]`,
		`{"nested":{"deep":["\"${param:a}\\", "\u00e9${param:a}"]}}`,
	}
	for _, body := range bodies {
		tp := MustParse(body, InJSON)
		for _, h := range hostile {
			got, err := tp.Expand(ValuesFunc(func(Ref) (Value, bool) { return h, true }))
			if err != nil {
				t.Fatal(err)
			}
			if !json.Valid([]byte(got)) {
				t.Errorf("%s with %q: invalid JSON %s", body, h.Text, got)
			}
		}
	}
}

func TestValueErrorNamesRef(t *testing.T) {
	tp := MustParse("Bearer ${step2:token}", InHeader)
	_, err := tp.Expand(vals{"${step2:token}": s("s3cret\r\nX-Admin: 1")})
	var ve *ValueError
	if !errors.As(err, &ve) || ve.Ref.Step != 2 || ve.Ref.Name != "token" {
		t.Fatalf("err = %#v, want *ValueError for ${step2:token}", err)
	}
	want := "${step2:token}: unsafe value: a header value cannot contain CR, LF or NUL"
	if diff := cmp.Diff(want, err.Error()); diff != "" {
		t.Errorf("Error() mismatch (-want +got):\n%s", diff)
	}
	b, err := tp.AppendExpand([]byte("keep"), vals{"${step2:token}": s("a\nb")})
	if err == nil || string(b) != "keep" {
		t.Errorf("AppendExpand on error = %q, %v; want dst unchanged", b, err)
	}
}

func TestExpandManyRefs(t *testing.T) {
	var src, want strings.Builder
	for range 20 {
		src.WriteString("/${param:p}")
		want.WriteString("/a%2Fb")
	}
	got, err := MustParse(src.String(), InURL).Expand(vals{"${param:p}": s("a/b")})
	if err != nil || got != want.String() {
		t.Errorf("Expand() = %q, %v; want %q", got, err, want.String())
	}
}

func TestExpandLiteralNoAlloc(t *testing.T) {
	if raceEnabled {
		t.Skip("race detector changes allocations")
	}
	tp := MustParse("https://h.test/static", InURL)
	allocs := testing.AllocsPerRun(100, func() {
		if got, _ := tp.Expand(nil); got != "https://h.test/static" {
			t.Fatal(got)
		}
	})
	if allocs != 0 {
		t.Errorf("literal Expand allocates %v times", allocs)
	}
}

func TestExpandURLAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("race detector changes allocations")
	}
	tp := MustParse(benchURL, InURL)
	var v fastValues
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := tp.Expand(v); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 2 {
		t.Errorf("URL Expand allocates %v times, want <= 2", allocs)
	}
}
