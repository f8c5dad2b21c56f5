package yqcloud

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit"
)

func pickedItem(i int) string {
	return fmt.Sprintf(`{"id":"%d","name":"服务项 %d","shortDescription":"short %d","description":"A longer description of service item %d."}`, 1000+i, i, i, i)
}

// TestSpecFunctions runs every definition of the spec, verbatim, against
// the mock server: the request it sends, what the model reads and the
// host signals.
func TestSpecFunctions(t *testing.T) {
	m := newMock(t)
	set, diags := ParseDir("testdata/spec", nil)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	reg := toolkit.NewRegistry(&toolkit.Options{Logger: quiet, AllowPrivate: []string{"127.0.0.1"}})
	if err := set.Register(reg); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, args string
		req        *request // nil: no request expected
		text       string
		signals    toolkit.Signals
	}{
		{
			name: "getAllServiceItem", args: `{}`,
			req: &request{Method: "GET", Path: "/itsm/v1/t-1/service_items/catalog/page/all", Query: "serviceCatalogFlag=true&page=0&size=9999",
				Header: http.Header{"Authorization": {"bearer " + testToken}}},
			text: `{"allServiceItemList":[` + pickedItem(0) + "," + pickedItem(1) + "," + pickedItem(3) + "," + pickedItem(4) + `]}`,
		},
		{
			name: "getCreateTicketParamJsonSchema", args: `{"id": "1003"}`,
			req:  &request{Method: "GET", Path: "/ai/v1/t-1/itsmScene/getServiceItemSchema", Query: "id=1003", Header: http.Header{"Authorization": {"bearer " + testToken}}},
			text: `{"serviceItemId":"1003","fields":[{"code":"title","required":true},{"code":"urgency","enum":["LOW","HIGH"]}]}`,
		},
		{
			name: "requestUserSelectServiceItem", args: `{"serviceItemList": [{"id": "1000", "name": "服务项 0"}]}`,
			text:    `{"serviceItemList":[{"id":"1000","name":"服务项 0"}]}`,
			signals: toolkit.Signals{StopGeneration: true},
		},
		{
			name: "createTicket", args: `{"serviceItemId": "1003", "title": "VPN down", "urgency": "HIGH"}`,
			text: `{"status":"handed to the front end","arguments":{"serviceItemId":"1003","title":"VPN down","urgency":"HIGH"}}`,
			signals: toolkit.Signals{StopGeneration: true, Manual: true,
				ManualArguments: json.RawMessage(`{"serviceItemId":"1003","title":"VPN down","urgency":"HIGH"}`)},
		},
		{
			name: "fetchKnowledgeElement", args: `{"knowId": "K 7/8"}`,
			req: &request{Method: "GET", Path: "/knowledge/v1/t-1/know/fetch/element/K%207%2F8",
				Header: http.Header{"Authorization": {"bearer " + testToken}, "Accept": {"application/json"}, "X-Tenant-Id": {testTenant}}},
			text: `{"knowId":"K 7/8","title":"VPN 连接失败","tenant":"t-1","accept":"application/json"}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := m.count()
			res := call(reg, tt.name, tt.args, m.values()...)
			checkResult(t, res, false, tt.text)
			tt.signals.Capability = tt.name
			if diff := cmp.Diff(tt.signals, res.Signals); diff != "" {
				t.Errorf("signals (-want +got):\n%s", diff)
			}
			if tt.req == nil {
				if m.count() != before {
					t.Errorf("a request was sent")
				}
				return
			}
			got := m.last(t)
			for k := range tt.req.Header {
				if diff := cmp.Diff(tt.req.Header[k], got.Header[k]); diff != "" {
					t.Errorf("header %s (-want +got):\n%s", k, diff)
				}
			}
			got.Header, got.Body = nil, ""
			want := *tt.req
			want.Header = nil
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("request (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRouting checks where arguments go for each method and queryParams.
func TestRouting(t *testing.T) {
	m := newMock(t)
	tests := []struct {
		name, function, params, args string
		want                         string // the echo: method, path, query, body
		contentType                  string
	}{
		{"GET: all to the query, in order", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/r"}`, "",
			`{"b": "2", "a": "x y&z", "n": 1.50, "t": true}`,
			`{"method":"GET","path":"/echo/r","query":"b=2&a=x+y%26z&n=1.50&t=true"}`, ""},
		{"GET: existing query kept", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/r?fixed=1&page=0"}`, "",
			`{"q": "x"}`, `{"method":"GET","path":"/echo/r","query":"fixed=1&page=0&q=x"}`, ""},
		{"GET: queryParams changes nothing", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/r", "queryParams": "a"}`, `{"type": "object", "properties": {"a": {}, "b": {}}}`,
			`{"a": "1", "b": "2"}`, `{"method":"GET","path":"/echo/r","query":"a=1&b=2"}`, ""},
		{"GET: arrays repeat, null left out, objects as JSON", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/r"}`, "",
			`{"ids": [1, "b"], "none": null, "f": {"k": "v"}}`, `{"method":"GET","path":"/echo/r","query":"ids=1&ids=b&f=%7B%22k%22%3A%22v%22%7D"}`, ""},
		{"GET: defaultPostData ignored", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/r", "defaultPostData": {"x": 1}}`, "",
			`{}`, `{"method":"GET","path":"/echo/r","query":""}`, ""},
		{"POST: all to the body", `{"type": "call_url", "method": "POST", "url": "${STATIC#yqcloud_url}/echo/r"}`, "",
			`{"b": "2", "a": {"n": [1, 2.50]}}`, `{"method":"POST","path":"/echo/r","query":"","body":{"b":"2","a":{"n":[1,2.50]}}}`, "application/json"},
		{"POST: queryParams to the query, the rest to the body", `{"type": "call_url", "method": "POST", "url": "${STATIC#yqcloud_url}/echo/r", "queryParams": "page, size"}`,
			`{"type": "object", "properties": {"page": {"type": "integer"}, "size": {"type": "integer"}, "keyword": {"type": "string"}}}`,
			`{"page": 0, "keyword": "vpn", "size": 20}`, `{"method":"POST","path":"/echo/r","query":"page=0&size=20","body":{"keyword":"vpn"}}`, "application/json"},
		{"POST: body over defaultPostData", `{"type": "call_url", "method": "POST", "url": "${STATIC#yqcloud_url}/echo/r", "defaultPostData": {"source": "ai", "page": 0, "tags": ["a"]}}`, `{"type": "object", "properties": {"page": {"type": "integer"}, "q": {"type": "string"}}}`,
			`{"page": 2, "q": "x"}`, `{"method":"POST","path":"/echo/r","query":"","body":{"source":"ai","page":2,"tags":["a"],"q":"x"}}`, "application/json"},
		{"POST: no arguments sends {}", `{"type": "call_url", "method": "POST", "url": "${STATIC#yqcloud_url}/echo/r"}`, "",
			`{}`, `{"method":"POST","path":"/echo/r","query":"","body":{}}`, "application/json"},
		{"PUT", `{"type": "call_url", "method": "PUT", "url": "${STATIC#yqcloud_url}/echo/r", "queryParams": "v"}`, `{"type": "object", "properties": {"v": {}, "name": {}}}`,
			`{"v": 3, "name": "n"}`, `{"method":"PUT","path":"/echo/r","query":"v=3","body":{"name":"n"}}`, "application/json"},
		{"PATCH", `{"type": "call_url", "method": "patch", "url": "${STATIC#yqcloud_url}/echo/r"}`, "",
			`{"name": "n"}`, `{"method":"PATCH","path":"/echo/r","query":"","body":{"name":"n"}}`, "application/json"},
		{"DELETE with a body", `{"type": "call_url", "method": "DELETE", "url": "${STATIC#yqcloud_url}/echo/r"}`, "",
			`{"ids": [1]}`, `{"method":"DELETE","path":"/echo/r","query":"","body":{"ids":[1]}}`, "application/json"},
		{"DELETE without a body", `{"type": "call_url", "method": "DELETE", "url": "${STATIC#yqcloud_url}/echo/r/{id}"}`, `{"type": "object", "properties": {"id": {"type": "string"}}}`,
			`{"id": "9"}`, `{"method":"DELETE","path":"/echo/r/9","query":""}`, ""},
		{"path parameters removed from query and body", `{"type": "call_url", "method": "POST", "url": "${STATIC#yqcloud_url}/echo/{a}/x/{b}", "queryParams": "a,q"}`,
			`{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}, "q": {"type": "string"}, "rest": {}}}`,
			`{"a": "../etc", "b": 7, "q": "1", "rest": true}`, `{"method":"POST","path":"/echo/..%2Fetc/x/7","query":"q=1","body":{"rest":true}}`, "application/json"},
		{"path parameter in the query part is query-escaped", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/r?id={id}"}`,
			`{"type": "object", "properties": {"id": {"type": "string"}}}`,
			`{"id": "a b&c=d"}`, `{"method":"GET","path":"/echo/r","query":"id=a+b%26c%3Dd"}`, ""},
		{"own Content-Type kept", `{"type": "call_url", "method": "POST", "url": "${STATIC#yqcloud_url}/echo/r", "headers": {"Content-Type": "application/json;charset=UTF-8"}}`, "",
			`{"a": 1}`, `{"method":"POST","path":"/echo/r","query":"","body":{"a":1}}`, "application/json;charset=UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.params == "" {
				tt.params = `{"type": "object", "properties": {}, "additionalProperties": true}`
			}
			_, reg := load(t, def("f", tt.params, tt.function), nil)
			res := call(reg, "f", tt.args, m.values()...)
			if res.IsError {
				t.Fatalf("error: %s", res.Text)
			}
			if diff := cmp.Diff(tt.want, res.Text); diff != "" {
				t.Errorf("echo (-want +got):\n%s", diff)
			}
			if got := m.last(t).Header.Get("Content-Type"); got != tt.contentType {
				t.Errorf("Content-Type %q, want %q", got, tt.contentType)
			}
		})
	}
}

// TestPlaceholders checks the per-call values in URLs and headers.
func TestPlaceholders(t *testing.T) {
	m := newMock(t)
	params := `{"type": "object", "properties": {"id": {"type": "string"}}}`
	tests := []struct {
		name, function, args string
		values               []toolkit.CallOption
		want                 string // echo, or the error
		isErr                bool
		header               http.Header
	}{
		{"tenantId is path-escaped", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/${tenantId}/x"}`, `{}`,
			[]toolkit.CallOption{toolkit.WithValue(ValueTenantID, "a/b?c")}, `{"method":"GET","path":"/echo/a%2Fb%3Fc/x","query":""}`, false, nil},
		{"tenantId in the query is query-escaped", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/x?tenant=${tenantId}"}`, `{}`,
			[]toolkit.CallOption{toolkit.WithValue(ValueTenantID, "a&b")}, `{"method":"GET","path":"/echo/x","query":"tenant=a%26b"}`, false, nil},
		{"tenantId cannot be ..", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/${tenantId}/x"}`, `{}`,
			[]toolkit.CallOption{toolkit.WithValue(ValueTenantID, "..")}, `function "f": url: ${tenantId}: ".." is not allowed in a URL path`, true, nil},
		{"STATIC is trusted configuration, as written", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}${STATIC#prefix}/x"}`, `{}`,
			[]toolkit.CallOption{toolkit.WithValue("STATIC#prefix", "/echo/api/v2")}, `{"method":"GET","path":"/echo/api/v2/x","query":""}`, false, nil},
		{"missing STATIC", `{"type": "call_url", "method": "GET", "url": "${STATIC#other_url}/x"}`, `{}`, nil,
			`function "f": url: yqcloud: placeholder has no value: ${STATIC#other_url} has no value: the host must pass toolkit.WithValue("STATIC#other_url", ...) with the call`, true, nil},
		{"missing token in a header", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/x", "headers": {"Authorization": "bearer ${yqAccessToken}"}}`, `{}`,
			[]toolkit.CallOption{toolkit.WithValue(ValueAccessToken, "")}, `{"method":"GET","path":"/echo/x","query":""}`, false, http.Header{"Authorization": {"bearer"}}},
		{"header values as written", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/x", "headers": {"x-tenant-id": "${tenantId}", "X-Static": "${STATIC#app}"}}`, `{}`,
			[]toolkit.CallOption{toolkit.WithValue(ValueTenantID, "a/b c"), toolkit.WithValue("STATIC#app", "itsm")}, `{"method":"GET","path":"/echo/x","query":""}`, false,
			http.Header{"X-Tenant-Id": {"a/b c"}, "X-Static": {"itsm"}}},
		{"CR/LF refused in a header", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/x", "headers": {"x-tenant-id": "${tenantId}"}}`, `{}`,
			[]toolkit.CallOption{toolkit.WithValue(ValueTenantID, "t\r\nX-Admin: 1")}, `function "f": header X-Tenant-Id: yqcloud: invalid value: the value of ${tenantId} holds a line break or NUL, refused in a header`, true, nil},
		{"other names are per-call values too", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/${region}/{id}"}`, `{"id": "7"}`,
			[]toolkit.CallOption{toolkit.WithValue("region", "cn-sh")}, `{"method":"GET","path":"/echo/cn-sh/7","query":""}`, false, nil},
		{"path parameter missing", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/{id}"}`, `{}`, nil,
			`function "f": url: yqcloud: invalid arguments: path parameter {id} has no value; pass "id" in the arguments`, true, nil},
		{"path parameter empty", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/{id}"}`, `{"id": ""}`, nil,
			`function "f": url: yqcloud: invalid arguments: path parameter {id}: is empty`, true, nil},
		{"path parameter ..", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/{id}/x"}`, `{"id": ".."}`, nil,
			`function "f": url: yqcloud: invalid arguments: path parameter {id}: ".." is not allowed in a URL path`, true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, reg := load(t, def("f", params, tt.function), nil)
			res := call(reg, "f", tt.args, append(m.values(), tt.values...)...)
			checkResult(t, res, tt.isErr, tt.want)
			for k, v := range tt.header {
				if diff := cmp.Diff(v, m.last(t).Header[k]); diff != "" {
					t.Errorf("header %s (-want +got):\n%s", k, diff)
				}
			}
		})
	}
}

// TestRedaction keeps the user's token and credential headers out of what
// the model reads, also when the server echoes them.
func TestRedaction(t *testing.T) {
	m := newMock(t)
	src := "[" + def("echoAuth", "", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/auth-echo", "headers": {"Authorization": "bearer ${yqAccessToken}", "Cookie": "sid=${STATIC#session_cookie}"}}`) + "," +
		def("denied", "", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/status/403", "headers": {"Authorization": "bearer ${yqAccessToken}"}}`) + "," +
		def("throws", "", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/auth-echo", "headers": {"Authorization": "bearer ${yqAccessToken}"}, "responseParser": "throw new Error('got ' + data.youSent)"}`) + "," +
		def("tokenInURL", "", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/status/500?access_token=${yqAccessToken}"}`) + "]"
	_, reg := load(t, src, nil)
	opts := append(m.values(), toolkit.WithValue("STATIC#session_cookie", "cookie-value-123"))
	tests := []struct{ name, want string }{
		{"echoAuth", `{"youSent":"[REDACTED]","cookie":"[REDACTED]"}`},
		{"denied", `function "denied": GET ` + m.URL + `/status/403: HTTP 403 Forbidden: {"failed":true,"message":"denied for [REDACTED]"}`},
		{"throws", `function "throws": responseParser of "throws" (script line 1:7): threw Error: got [REDACTED]`},
		{"tokenInURL", `function "tokenInURL": GET ` + m.URL + `/status/500?…: HTTP 500 Internal Server Error: {"failed":true,"message":"denied for "}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := call(reg, tt.name, `{}`, opts...)
			if diff := cmp.Diff(tt.want, res.Text); diff != "" {
				t.Errorf("text (-want +got):\n%s", diff)
			}
			if strings.Contains(res.Text, testToken) {
				t.Errorf("the token leaked: %s", res.Text)
			}
		})
	}
}

// TestHookExampleCalls runs the spec's hook examples end to end.
func TestHookExampleCalls(t *testing.T) {
	m := newMock(t)
	reg := loadFile(t, "testdata/hooks.json")
	tests := []struct {
		name, args, want string
		isErr            bool
	}{
		{"searchKnowledge", `{"keyword": "服务器故障"}`, `{"method":"GET","path":"/echo/search","query":"searchText=%E6%9C%8D%E5%8A%A1%E5%99%A8%E6%95%85%E9%9A%9C"}`, false},
		{"listByName", `{"name": "张三"}`, `{"method":"GET","path":"/echo/list","query":"name=%E5%BC%A0%E4%B8%89&page=0&size=20&sort=createdDate%2Cdesc"}`, false},
		{"keepKnownFields", `{"id": "1", "name": "n", "type": "T", "extra": "dropped"}`, `{"method":"POST","path":"/echo/items","query":"","body":{"id":"1","name":"n","type":"T"}}`, false},
		{"listServices", `{}`, `{"list":[{"id":"1000","name":"服务项 0","description":"A longer description of service item 0."},{"id":"1003","name":"服务项 3","description":"A longer description of service item 3."}]}`, false},
		{"conditional", `{"serviceItemList": [{"id": 1}]}`, `{"serviceItemList":[{"id":1}]}`, false},
		{"conditional", `{}`, `{"result":"no data"}`, false},
		{"checkResult", `{"failed": true}`, `{"error":"服务项不存在"}`, false},
		{"checkResult", `{"failed": false}`, `{"success":true,"result":{"ticketId":"T-1"}}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := call(reg, tt.name, tt.args, m.values()...)
			checkResult(t, res, tt.isErr, tt.want)
		})
	}
}

// TestSignals checks every host signal a definition can raise.
func TestSignals(t *testing.T) {
	m := newMock(t)
	src := "[" +
		def("tips", "", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/result", "typingMessage": "正在查询...", "resultTips": "查询完成", "toolChoice": {"type": "function", "function": {"name": "createTicket"}}}`) + "," +
		def("emptyChoice", "", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/result", "toolChoice": {}}`) + "," +
		def("stringChoice", "", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/result", "toolChoice": "required"}`) + "," +
		def("stopWhenFailed", `{"type": "object", "properties": {"failed": {"type": "boolean"}}}`, `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/result", "stopAfterFunctionCall": true, "responseParser": "return {ok: !data.failed, message: data.message}", "stopAfterFunctionCallCondition": "return !data.ok", "extraParamsBuilder": "return data.ok ? null : {errorMessage: data.message, at: 'result'}"}`) + "," +
		def("manualParsed", `{"type": "object", "properties": {"title": {"type": "string"}}}`, `{"type": "manual", "requestParser": "const p = JSON.parse(data); return {...p, source: 'ai'}", "typingMessage": "请确认"}`) +
		"]"
	_, reg := load(t, src, nil)
	tests := []struct {
		name, args, text string
		signals          toolkit.Signals
	}{
		{"tips", `{}`, `{"failed":false,"body":{"ticketId":"T-1"}}`, toolkit.Signals{TypingMessage: "正在查询...", ResultTips: "查询完成",
			ToolChoice: json.RawMessage(`{"type":"function","function":{"name":"createTicket"}}`)}},
		{"emptyChoice", `{}`, `{"failed":false,"body":{"ticketId":"T-1"}}`, toolkit.Signals{}},
		{"stringChoice", `{}`, `{"failed":false,"body":{"ticketId":"T-1"}}`, toolkit.Signals{ToolChoice: json.RawMessage(`"required"`)}},
		{"stopWhenFailed", `{"failed": true}`, `{"ok":false,"message":"服务项不存在"}`, toolkit.Signals{StopGeneration: true,
			ExtraParams: json.RawMessage(`{"errorMessage":"服务项不存在","at":"result"}`)}},
		{"stopWhenFailed", `{"failed": false}`, `{"ok":true}`, toolkit.Signals{}},
		{"manualParsed", `{"title": "t"}`, `{"status":"handed to the front end","arguments":{"title":"t","source":"ai"}}`,
			toolkit.Signals{Manual: true, ManualArguments: json.RawMessage(`{"title":"t","source":"ai"}`), TypingMessage: "请确认"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := call(reg, tt.name, tt.args, m.values()...)
			checkResult(t, res, false, tt.text)
			tt.signals.Capability = tt.name
			if diff := cmp.Diff(tt.signals, res.Signals); diff != "" {
				t.Errorf("signals (-want +got):\n%s", diff)
			}
		})
	}
}

// TestTypingNotice reports typingMessage before the request goes out.
func TestTypingNotice(t *testing.T) {
	m := newMock(t)
	_, reg := load(t, def("slow", "", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/result", "typingMessage": "正在查询..."}`), nil)
	var got []string
	notify := toolkit.WithNotify(func(n toolkit.Notice) {
		got = append(got, fmt.Sprintf("%s: %s (requests so far: %d)", n.Capability, n.Text, m.count()))
	})
	res, _ := reg.Call(context.Background(), "slow", json.RawMessage(`{}`), append(m.values(), notify)...)
	if res.IsError || m.count() != 1 {
		t.Fatalf("%v %d", res, m.count())
	}
	if diff := cmp.Diff([]string{"slow: 正在查询... (requests so far: 0)"}, got); diff != "" {
		t.Errorf("typing (-want +got):\n%s", diff)
	}
}

// TestResponses covers non-2xx statuses, text bodies, the result cap and
// transport errors.
func TestResponses(t *testing.T) {
	m := newMock(t)
	src := "[" +
		def("notFound", "", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/status/404", "responseParser": "return 'parser must not run'"}`) + "," +
		def("text", "", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/text"}`) + "," +
		def("textParsed", "", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/text", "responseParser": "return {length: data.length, text: data}"}`) + "," +
		def("big", "", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/big"}`) + "," +
		def("down", "", `{"type": "call_url", "method": "GET", "url": "http://127.0.0.1:1/x?key=${yqAccessToken}"}`) +
		"]"
	_, reg := load(t, src, &Options{MaxResultBytes: 100})
	tests := []struct {
		name, want string
		isErr      bool
	}{
		{"notFound", `function "notFound": GET ` + m.URL + `/status/404: HTTP 404 Not Found: {"failed":true,"mess` + "\n[truncated: 100 of 119 bytes shown]", true},
		{"text", `plain text, not JSON`, false},
		{"textParsed", `{"length":20,"text":"plain text, not JSON"}`, false},
		{"big", `{"data":"` + strings.Repeat("数据", 15) + "\n[truncated: 99 of 1211 bytes shown]", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := call(reg, tt.name, `{}`, m.values()...)
			checkResult(t, res, tt.isErr, tt.want)
		})
	}
	res := call(reg, "down", `{}`, m.values()...)
	if !res.IsError || !strings.HasPrefix(res.Text, `function "down": GET http://127.0.0.1:1/x?…: `) || strings.Contains(res.Text, testToken) {
		t.Errorf("transport error: %s", res.Text)
	}
}

// TestArguments checks the arguments against the parameters schema.
func TestArguments(t *testing.T) {
	m := newMock(t)
	params := `{"type": "object", "properties": {
		"id": {"type": "string", "description": "服务项 ID"},
		"size": {"type": "integer"},
		"ratio": {"type": "number"},
		"urgent": {"type": "boolean"},
		"level": {"type": "string", "enum": ["LOW", "HIGH"]},
		"tags": {"type": "array"},
		"maybe": {"type": ["string", "null"]}
	}, "required": ["id"], "additionalProperties": false}`
	_, reg := load(t, def("f", params, `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/a"}`), nil)
	tests := []struct {
		name, args, want string
		isErr            bool
	}{
		{"ok", `{"id": "1", "size": 20, "ratio": 0.5, "urgent": true, "level": "LOW", "tags": ["a"], "maybe": null}`,
			`{"method":"GET","path":"/echo/a","query":"id=1&size=20&ratio=0.5&urgent=true&level=LOW&tags=a"}`, false},
		{"lossless strings converted", `{"id": 7, "size": "20", "urgent": "false", "ratio": "1e2"}`,
			`{"method":"GET","path":"/echo/a","query":"id=7&size=20&urgent=false&ratio=1e2"}`, false},
		{"required", `{}`, `capability "f": parameter "id" is required (string): 服务项 ID`, true},
		{"required null", `{"id": null}`, `capability "f": parameter "id" is required (string): 服务项 ID`, true},
		{"wrong types", `{"id": "1", "size": "4.5", "urgent": "yes", "tags": "a"}`,
			`capability "f": parameter "size" must be an integer, got "4.5"; parameter "tags" must be an array, got "a"; parameter "urgent" must be a boolean, got "yes"`, true},
		{"enum", `{"id": "1", "level": "MEDIUM"}`, `capability "f": parameter "level" must be one of "LOW", "HIGH", got "MEDIUM"`, true},
		{"unknown", `{"id": "1", "color": "red"}`,
			`capability "f": unknown parameter "color"; accepted parameters: id, size, ratio, urgent, level, tags, maybe`, true},
		{"string-wrapped arguments", `"{\"id\": \"2\"}"`, `{"method":"GET","path":"/echo/a","query":"id=2"}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := call(reg, "f", tt.args, m.values()...)
			checkResult(t, res, tt.isErr, tt.want)
		})
	}
}

// TestHostHeaders sends the host's per-call headers unless the definition
// sets them, and redacts them.
func TestHostHeaders(t *testing.T) {
	m := newMock(t)
	_, reg := load(t, def("f", "", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/auth-echo", "headers": {"Authorization": "bearer ${yqAccessToken}"}}`), nil)
	h := http.Header{"Cookie": {"session=host-cookie-42"}, "Authorization": {"Basic overridden"}}
	res := call(reg, "f", `{}`, append(m.values(), toolkit.WithHeader(h))...)
	if res.Text != `{"youSent":"[REDACTED]","cookie":"[REDACTED]"}` {
		t.Errorf("text: %s", res.Text)
	}
	if got := m.last(t).Header.Get("Cookie"); got != "session=host-cookie-42" {
		t.Errorf("cookie %q", got)
	}
}

// TestTools hands definitions to the model directly, with intl.
func TestTools(t *testing.T) {
	set, diags := ParseDir("testdata/spec", nil)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	d, _ := set.Lookup("fetchKnowledgeElement")
	for locale, want := range map[string]string{
		"":      "根据知识内容 ID 查询知识库中的具体内容详情",
		"en_US": "Fetch knowledge element details by knowId.",
		"en-us": "Fetch knowledge element details by knowId.",
		"en":    "Fetch knowledge element details by knowId.",
		"en_GB": "Fetch knowledge element details by knowId.",
		"zh_CN": "根据知识内容 ID 查询知识库中的具体内容详情",
		"fr_FR": "根据知识内容 ID 查询知识库中的具体内容详情",
	} {
		if got := d.LocalDescription(locale); got != want {
			t.Errorf("locale %q: %q, want %q", locale, got, want)
		}
	}
	// A locale whose description is empty reads the default one, in a
	// tool and in a capability alike.
	set2, diags := Parse("f.json", []byte(`{"name": "f", "description": "default", "intl": {"en_US": {"description": ""}, "de": {"description": "Standard"}}, "function": {"type": "call_url", "url": "/transparent"}}`), nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	f, _ := set2.Lookup("f")
	if got := [2]string{f.LocalDescription("en_US"), f.LocalDescription("de_DE")}; got != [2]string{"default", "Standard"} {
		t.Errorf("descriptions %q", got)
	}
	if c := f.Capability(toolkit.NewExecutor(nil)); !maps.Equal(c.Descriptions, map[string]string{"de": "Standard"}) {
		t.Errorf("capability descriptions %v", c.Descriptions)
	}
	flat := toolkit.NewRegistry(&toolkit.Options{Flat: true})
	if err := set.Register(flat); err != nil {
		t.Fatal(err)
	}
	tools := flat.Tools(toolkit.WithLocale("en_US"))
	i := slices.IndexFunc(tools, func(t toolkit.Tool) bool { return t.Name == "fetchKnowledgeElement" })
	if len(tools) != 5 || i < 0 {
		t.Fatalf("%d flat tools: %v", len(tools), tools)
	}
	tool := tools[i]
	want := `{"function":{"description":"Fetch knowledge element details by knowId.","name":"fetchKnowledgeElement","parameters":{"properties":{"knowId":{"type":"string","description":"知识内容 ID"}},"required":["knowId"],"type":"object"}},"type":"function"}`
	b, _ := json.Marshal(tool.OpenAI())
	if diff := cmp.Diff(want, string(b)); diff != "" {
		t.Errorf("OpenAI (-want +got):\n%s", diff)
	}
	c := d.Capability(toolkit.NewExecutor(nil))
	if c.Category != toolkit.CategoryYQCloud || c.Descriptions["en_US"] != "Fetch knowledge element details by knowId." || c.Schema["required"].([]any)[0] != "knowId" {
		t.Errorf("capability: %+v", c)
	}
	reg := toolkit.NewRegistry(nil)
	if err := set.Register(reg); err != nil {
		t.Fatal(err)
	}
	res, err := reg.Call(context.Background(), toolkit.ToolQueryDetail, json.RawMessage(`{"name": "fetchKnowledgeElement"}`), toolkit.WithLocale("en_US"))
	if err != nil || !strings.Contains(res.Text, `"category":"yqcloud","description":"Fetch knowledge element details by knowId."`) {
		t.Errorf("detail: %v %s", err, res.Text)
	}
	res, _ = reg.Call(context.Background(), toolkit.ToolQueryCapabilities, json.RawMessage(`{"category": "yqcloud"}`))
	if !strings.Contains(res.Text, `"category":"yqcloud","total":5,`) {
		t.Errorf("list: %s", res.Text)
	}
}

// TestConcurrentCalls runs 50 calls at once on one pool; each must get
// its own tenant's data. Run with -race. The hooks' time limit is long:
// under -race on a busy machine, 50 runtimes made at once can hold a hook
// past the default second.
func TestConcurrentCalls(t *testing.T) {
	m := newMock(t)
	set, diags := ParseFile("testdata/spec/getAllServiceItem.json", &Options{HookTimeout: time.Minute})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	reg := toolkit.NewRegistry(&toolkit.Options{Logger: quiet, AllowPrivate: []string{"127.0.0.1"}})
	if err := set.Register(reg); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() {
			tenant := fmt.Sprintf("tenant-%d", i)
			res := call(reg, "getAllServiceItem", `{}`,
				toolkit.WithValue(ValueBaseURL, m.URL), toolkit.WithValue(ValueTenantID, tenant), toolkit.WithValue(ValueAccessToken, "tok-"+tenant))
			want := fmt.Sprintf(`{"allServiceItemList":[{"id":"1","name":"item of %s"}]}`, tenant)
			if res.Text != want {
				t.Errorf("tenant %s: %s", tenant, res.Text)
			}
		})
	}
	wg.Wait()
}

// TestRunawayHook ends an endless loop at the hook timeout, and the
// runtime goes back to the pool in working order. It checks what happened,
// not how long it took: a loaded machine may take longer to get there.
func TestRunawayHook(t *testing.T) {
	m := newMock(t)
	src := "[" + def("spin", "", `{"type": "call_url", "method": "POST", "url": "/transparent", "responseParser": "while (true) {}"}`) + "," +
		def("ok", "", `{"type": "call_url", "method": "POST", "url": "/transparent", "responseParser": "return 1"}`) + "]"
	for _, timeout := range []time.Duration{0, 50 * time.Millisecond} {
		set, reg := load(t, src, &Options{HookTimeout: timeout})
		want := timeout
		if want == 0 {
			want = DefaultHookTimeout
		}
		start := time.Now()
		res := call(reg, "spin", `{}`, m.values()...)
		if took := time.Since(start); took < want {
			t.Errorf("stopped after %s, before the timeout of %s", took, want)
		}
		if !res.IsError || res.Text != fmt.Sprintf(`function "spin": responseParser of "spin": did not finish within %s (an endless loop?)`, want) {
			t.Errorf("result: %+v", res)
		}
		// The interrupted runtime is back in the pool and still works.
		if n := len(set.eng.idle); n != 1 {
			t.Fatalf("%d idle runtimes, want 1", n)
		}
		if res := call(reg, "ok", `{}`); res.Text != "1" || len(set.eng.idle) != 1 {
			t.Errorf("after a timeout: %+v", res)
		}
	}
}

// TestHookCanceled: the caller's context ends a hook, and the error says
// the call was canceled, also when the hook timeout passes before the
// hook notices (it is inside a long native call: here a console.log to a
// logger that returns once the context's halt has landed and the timeout
// has passed).
func TestHookCanceled(t *testing.T) {
	slow := &haltedHandler{d: 300 * time.Millisecond}
	tests := []struct {
		name, parser string
		opts         *Options
	}{
		{"loop", "while (true) {}", &Options{HookTimeout: time.Hour}},
		{"long native call", "console.log('x'); while (true) {}", &Options{HookTimeout: 100 * time.Millisecond, Logger: slog.New(slow)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set, reg := load(t, def("spin", "", `{"type": "call_url", "url": "/transparent", "responseParser": "`+tt.parser+`"}`), tt.opts)
			// The call runs on the pool's one idle runtime: the logger
			// watches that one.
			slow.rt = set.eng.acquire(context.Background(), nil, nil)
			set.eng.release(slow.rt)
			if n := len(set.eng.idle); n != 1 {
				t.Fatalf("%d idle runtimes, want 1", n)
			}
			for attempt := 1; ; attempt++ {
				slow.first = nil
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
				res, _ := reg.Call(ctx, "spin", json.RawMessage(`{}`))
				cancel()
				if errors.Is(slow.first, errTimedOut) && attempt < 5 {
					// The machine stalled the context's halt past the
					// timeout: this run is not the one the test is about.
					t.Logf("attempt %d: the timeout halted the run first", attempt)
					continue
				}
				want := `function "spin": responseParser of "spin": stopped: the call was canceled (context deadline exceeded)`
				if diff := cmp.Diff(want, res.Text); diff != "" || !res.IsError {
					t.Errorf("result (-want +got):\n%s", diff)
				}
				break
			}
		})
	}
}

// haltedHandler is a debug-level log handler that returns d after the
// call's context ended and rt's run was halted, so that a hook timeout
// shorter than d passes while the hook is inside the log call. first is
// the cause of the halt it saw.
type haltedHandler struct {
	d     time.Duration
	rt    *jsRuntime
	first error
}

func (h *haltedHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h *haltedHandler) Handle(ctx context.Context, _ slog.Record) error {
	<-ctx.Done()
	for guard := time.Now().Add(time.Minute); h.rt.cause.Load() == nil && time.Now().Before(guard); {
		time.Sleep(time.Millisecond) // the context's AfterFunc is under way
	}
	if c := h.rt.cause.Load(); c != nil {
		h.first = *c
	}
	time.Sleep(h.d)
	return nil
}
func (h *haltedHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *haltedHandler) WithGroup(string) slog.Handler      { return h }

// TestHookFailures names the hook, the function and the script line.
func TestHookFailures(t *testing.T) {
	tests := []struct{ name, function, want string }{
		{"throw", `{"type": "call_url", "url": "/transparent", "responseParser": "const x = 1;\nthrow new TypeError('bad ' + x)"}`,
			`function "f": responseParser of "f" (script line 2:7): threw TypeError: bad 1`},
		{"reference error", `{"type": "call_url", "url": "/transparent", "requestParser": "return nope.x"}`,
			`function "f": requestParser of "f" (script line 1:8): threw ReferenceError: nope is not defined`},
		{"undefined result", `{"type": "call_url", "url": "/transparent", "responseParser": "if (false) return 1"}`,
			`function "f": responseParser of "f": returned undefined (missing return?); end the script with a return statement`},
		{"request parser not an object", `{"type": "call_url", "url": "/transparent", "requestParser": "return [1]"}`,
			`function "f": requestParser of "f": must return an object (the request parameters), returned an array`},
		{"stack overflow", `{"type": "call_url", "url": "/transparent", "stopAfterFunctionCallCondition": "const f = () => f(); return f()"}`,
			`function "f": stopAfterFunctionCallCondition of "f": exceeded the call-stack limit of 1000 (endless recursion?)`},
		{"cycle", `{"type": "call_url", "url": "/transparent", "extraParamsBuilder": "const o = {}; o.o = o; return o"}`,
			`function "f": extraParamsBuilder of "f": threw TypeError: Converting circular structure to JSON`},
		{"undeclared global", `{"type": "call_url", "url": "/transparent", "responseParser": "total = 1; return total"}`,
			`function "f": responseParser of "f" (script line 1:1): threw ReferenceError: total is not defined`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, reg := load(t, def("f", "", tt.function), nil)
			res := call(reg, "f", `{}`)
			if !res.IsError {
				t.Fatalf("no error: %s", res.Text)
			}
			if diff := cmp.Diff(tt.want, res.Text); diff != "" {
				t.Errorf("text (-want +got):\n%s", diff)
			}
		})
	}
	var he *HookError
	_, err := compileHook("f", FieldResponseParser, "return (")
	if !errors.As(err, &he) || !errors.Is(err, ErrHook) || he.Line != 1 || he.Col != 9 {
		t.Errorf("compile error: %v", err)
	}
}

// TestSecretAtTheCut: text is redacted before it is cut, so a cut inside
// the token leaves no part of it, in the result and in an error's excerpt.
func TestSecretAtTheCut(t *testing.T) {
	m := newMock(t)
	src := "[" + def("echo", "", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/auth-echo", "headers": {"Authorization": "bearer ${yqAccessToken}"}}`) + "," +
		def("denied", "", `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/denied-long", "headers": {"Authorization": "bearer ${yqAccessToken}"}}`) + "]"
	cutAt := len(`{"youSent":"bearer `) + len(testToken)/2
	_, reg := load(t, src, &Options{MaxResultBytes: cutAt})
	res := call(reg, "echo", `{}`, m.values()...)
	if strings.Contains(res.Text, testToken[:len(testToken)/2]) || !strings.Contains(res.Text, "[truncated: ") {
		t.Errorf("cut result: %s", res.Text)
	}
	_, reg = load(t, src, nil)
	res = call(reg, "denied", `{}`, m.values()...)
	if !res.IsError || strings.Contains(res.Text, testToken[:4]) || !strings.Contains(res.Text, "xxx [REDAC") {
		t.Errorf("excerpt: %s", res.Text)
	}
}

// TestHardening26_11_UndeclaredArguments: the model's arguments outside
// the definition's properties are refused unless its parameters schema
// allows others, and no argument replaces what the definition or the host
// fixed: the url's query keys, defaultPostData members that hold a
// placeholder, and (for undeclared ones) any defaultPostData key or
// per-call value. Declared parameters still overlay defaultPostData.
func TestHardening26_11_UndeclaredArguments(t *testing.T) {
	m := newMock(t)
	const (
		extra    = `, "additionalProperties": true`
		getQuery = `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/r?tenant=${tenantId}"}`
		postRole = `{"type": "call_url", "method": "POST", "url": "${STATIC#yqcloud_url}/echo/r", "defaultPostData": {"role": "member", "page": 0}}`
	)
	props := func(names string, more string) string {
		var ps []string
		for _, n := range strings.Fields(names) {
			ps = append(ps, fmt.Sprintf(`%q: {"type": "string"}`, n))
		}
		return `{"type": "object", "properties": {` + strings.Join(ps, ", ") + `}` + more + `}`
	}
	many := make([]string, 200)
	for i := range many {
		many[i] = fmt.Sprintf(`"x%d%s": 1`, i, strings.Repeat("y", 500))
	}
	tests := []struct {
		name, params, function, args string
		values                       []toolkit.CallOption
		want                         string // the echo, or the start of the error
		isErr                        bool
	}{
		{"a second tenant beside the url's", props("q", ""), getQuery, `{"q": "x", "tenant": "T2"}`, nil,
			`function "f": yqcloud: invalid arguments: unknown parameter "tenant"; accepted parameters: q`, true},
		{"role over defaultPostData", props("name", ""), postRole, `{"name": "n", "role": "admin"}`, nil,
			`function "f": yqcloud: invalid arguments: unknown parameter "role"; accepted parameters: name`, true},
		{"no properties", props("", ""), postRole, `{"role": "admin"}`, nil,
			`function "f": yqcloud: invalid arguments: unknown parameter "role"; the function takes no arguments`, true},
		{"allowed others still do not replace the url's query", props("q", extra), getQuery, `{"q": "x", "tenant": "T2"}`, nil,
			`function "f": yqcloud: invalid arguments: parameter "tenant" is not declared and names the url's query, which the definition fixes`, true},
		{"allowed others still do not replace defaultPostData", props("name", extra), postRole, `{"name": "n", "role": "admin"}`, nil,
			`function "f": yqcloud: invalid arguments: parameter "role" is not declared and names defaultPostData, which the definition fixes`, true},
		{"allowed others are not named as a per-call value", props("", extra), postRole, `{"yqAccessToken": "mine"}`, nil,
			`function "f": yqcloud: invalid arguments: parameter "yqAccessToken" is not declared and names a per-call value`, true},
		{"allowed others are sent", props("name", extra), postRole, `{"name": "n", "other": 1}`, nil,
			`{"method":"POST","path":"/echo/r","query":"","body":{"role":"member","page":0,"name":"n","other":1}}`, false},
		{"a schema for others allows them", `{"type": "object", "properties": {}, "additionalProperties": {"type": "integer"}}`, postRole, `{"other": 1}`, nil,
			`{"method":"POST","path":"/echo/r","query":"","body":{"role":"member","page":0,"other":1}}`, false},
		{"declared parameters overlay defaultPostData", props("role", ""), postRole, `{"role": "admin"}`, nil,
			`{"method":"POST","path":"/echo/r","query":"","body":{"role":"admin","page":0}}`, false},
		{"a query the host's static value fixes", props("tenant", ""), `{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/r?${STATIC#q}"}`, `{"tenant": "T2"}`,
			[]toolkit.CallOption{toolkit.WithValue("STATIC#q", "tenant=T1")},
			`function "f": yqcloud: invalid arguments: parameter "tenant" would be sent in the query beside the url's own "tenant"`, true},
		{"a requestParser gets only declared arguments", props("q", ""),
			`{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/r", "requestParser": "return {...JSON.parse(data), page: 0}"}`, `{"q": "x", "tenant": "T2"}`, nil,
			`function "f": yqcloud: invalid arguments: unknown parameter "tenant"`, true},
		{"a requestParser's own parameters do not double the url's query", props("q", ""),
			`{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/echo/r?tenant=${tenantId}", "requestParser": "return {...JSON.parse(data), tenant: 'T2'}"}`, `{"q": "x"}`, nil,
			`function "f": yqcloud: invalid arguments: parameter "tenant" would be sent in the query beside the url's own "tenant"`, true},
		{"a requestParser may set a defaultPostData member", props("q", ""),
			`{"type": "call_url", "method": "POST", "url": "${STATIC#yqcloud_url}/echo/r", "defaultPostData": {"role": "member"}, "requestParser": "return {...JSON.parse(data), role: 'auditor'}"}`, `{"q": "x"}`, nil,
			`{"method":"POST","path":"/echo/r","query":"","body":{"role":"auditor","q":"x"}}`, false},
		{"manual functions too", props("a", ""), `{"type": "manual"}`, `{"a": "1", "b": "2"}`, nil,
			`function "f": yqcloud: invalid arguments: unknown parameter "b"; accepted parameters: a`, true},
		{"transparent too", props("a", ""), `{"type": "call_url", "url": "/transparent"}`, `{"a": "1", "b": "2"}`, nil,
			`function "f": yqcloud: invalid arguments: unknown parameter "b"; accepted parameters: a`, true},
		{"many long names are quoted briefly", props("q", ""), postRole, "{" + strings.Join(many, ",") + "}", nil,
			`function "f": yqcloud: invalid arguments: unknown parameters "x0` + strings.Repeat("y", 38) + `"…, "x1` + strings.Repeat("y", 38) + `"…`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, reg := load(t, def("f", tt.params, tt.function), nil)
			before := m.count()
			res := call(reg, "f", tt.args, append(m.values(), tt.values...)...)
			if res.IsError != tt.isErr {
				t.Fatalf("IsError %v: %s", res.IsError, res.Text)
			}
			if !tt.isErr {
				if diff := cmp.Diff(tt.want, res.Text); diff != "" {
					t.Errorf("echo (-want +got):\n%s", diff)
				}
				return
			}
			if !strings.HasPrefix(res.Text, tt.want) {
				t.Errorf("error %q, want it to start %q", res.Text, tt.want)
			}
			if len(res.Text) > 600 {
				t.Errorf("error of %d bytes", len(res.Text))
			}
			if n := m.count() - before; n != 0 {
				t.Errorf("a refused call sent %d requests: %+v", n, m.last(t))
			}
		})
	}
}

// TestHardening26_11_FixedAtLoad: a declared parameter that the shape of
// the definition shows would replace what it fixes does not load.
func TestHardening26_11_FixedAtLoad(t *testing.T) {
	tests := []struct{ name, params, function, want string }{
		{"a GET parameter named as the url's query", `{"type": "object", "properties": {"tenant": {"type": "string"}}}`,
			`{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/r?tenant=${tenantId}&page=0"}`,
			`parameters.properties.tenant: parameter "tenant" of "f" would be sent in the query beside the url's own "tenant"`},
		{"a queryParams parameter named as the url's query", `{"type": "object", "properties": {"page": {"type": "integer"}}}`,
			`{"type": "call_url", "method": "POST", "url": "${STATIC#yqcloud_url}/r?page=0", "queryParams": "page"}`,
			`parameters.properties.page: parameter "page" of "f" would be sent in the query beside the url's own "page"`},
		{"a parameter over a placeholder of defaultPostData", `{"type": "object", "properties": {"tenant": {"type": "string"}}}`,
			`{"type": "call_url", "method": "POST", "url": "${STATIC#yqcloud_url}/r", "defaultPostData": {"tenant": "${tenantId}"}}`,
			`parameters.properties.tenant: parameter "tenant" of "f" would replace defaultPostData's "tenant", which holds a placeholder`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := Parse("test.json", []byte(def("f", tt.params, tt.function)), nil)
			if !diags.HasErrors() || !strings.Contains(diags.Error(), tt.want) {
				t.Errorf("diagnostics %q, want %q", diags, tt.want)
			}
		})
	}
	// A POST parameter in the body beside the url's query key is not in
	// the query: it loads.
	if _, diags := Parse("test.json", []byte(def("f", `{"type": "object", "properties": {"page": {"type": "integer"}}}`,
		`{"type": "call_url", "method": "POST", "url": "${STATIC#yqcloud_url}/r?page=0"}`)), nil); diags.HasErrors() {
		t.Errorf("load: %s", diags)
	}
}

// TestHardening26_12_URLQuotedBriefly: a path parameter comes from the
// model, and the URL an error names quotes at most a few hundred bytes of
// it, on an HTTP error and on a transport error alike.
func TestHardening26_12_URLQuotedBriefly(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no", http.StatusInternalServerError)
	}))
	defer srv.Close()
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	_, reg := load(t, def("f", `{"type": "object", "properties": {"id": {"type": "string"}}}`,
		`{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/items/{id}"}`), nil)
	args := `{"id": "` + strings.Repeat("a", 100_000) + `"}`
	for _, base := range []string{srv.URL, closed.URL} {
		res := call(reg, "f", args, toolkit.WithValue(ValueBaseURL, base), toolkit.WithValue(ValueTenantID, testTenant))
		if !res.IsError || !strings.Contains(res.Text, "/items/aaaa") || len(res.Text) > 1000 {
			t.Errorf("%s: error %v, %d bytes: %.400s", base, res.IsError, len(res.Text), res.Text)
		}
	}
}

// TestHardening26_12_URLCutInsideSecret: the URL an error quotes is
// redacted before it is cut: a cut inside a secret the URL holds (the
// model sets how long the path before it is) showed all of it but the
// bytes past the cut, which no form of the secret matched.
func TestHardening26_12_URLCutInsideSecret(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no", http.StatusInternalServerError)
	}))
	defer srv.Close()
	const token = "tok-0123456789abcdefghijklmnopqrstuvwxyz"
	_, reg := load(t, def("f", `{"type": "object", "properties": {"id": {"type": "string"}}}`,
		`{"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/items/{id}/${STATIC#api_token}/x"}`), nil)
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	for _, base := range []string{srv.URL, closed.URL} {
		for _, shown := range []int{4, 10, len(token) - 1, len(token), len(token) + 3} {
			id := strings.Repeat("a", maxURLQuote-len(base+"/items/")-1-shown)
			res := call(reg, "f", `{"id": "`+id+`"}`, toolkit.WithValue(ValueBaseURL, base), toolkit.WithValue(ValueTenantID, testTenant), toolkit.WithValue("STATIC#api_token", token))
			if !res.IsError || strings.Contains(res.Text, token[:4]) || !strings.Contains(res.Text, "/items/aaaa") {
				t.Errorf("%s, %d bytes of the token before the cut: error %v: %s", base, shown, res.IsError, res.Text)
			}
		}
	}
}
