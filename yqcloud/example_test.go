package yqcloud_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/yqcloud"
)

func ExampleParse() {
	src := `[{
  "name": "getTicket",
  "description": "Get a ticket by id",
  "parameters": {"type": "object", "properties": {"id": {"type": "string"}}},
  "function": {"type": "call_url", "method": "FETCH", "url": "${STATIC#yqcloud_url}/tickets/{ticketId}",
               "responseParser": "return data.items.map(i => i.id"}
}]`
	_, diags := yqcloud.Parse("tickets.json", []byte(src), nil)
	fmt.Println(diags.String())
	// Output:
	// tickets.json:5:36: [0].function.method: method "FETCH" must be one of GET, POST, PUT, PATCH, DELETE
	// tickets.json:5:93: [0].function.url: path parameter {ticketId} names no parameter; declare "ticketId" in parameters.properties
	// tickets.json:6:16: [0].function.responseParser: responseParser does not compile: script line 1:32: SyntaxError: unexpected end of the script (a bracket, brace or string left open?)
}

func ExampleSet_Register() {
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"content":[{"id":"1","name":"VPN","type":"SERVICE","icon":"vpn.png"},{"id":"2","name":"IT","type":"CATALOG"}],"auth":%q,"path":%q}`,
			r.Header.Get("Authorization"), r.URL.Path)
	}))
	defer api.Close()
	set, diags := yqcloud.Parse("items.json", []byte(`{
  "name": "listItems",
  "description": "List the service items",
  "parameters": {"type": "object", "properties": {}},
  "function": {
    "type": "call_url", "method": "GET",
    "url": "${STATIC#yqcloud_url}/itsm/v1/${tenantId}/items",
    "headers": {"Authorization": "bearer ${yqAccessToken}"},
    "responseParser": "return {items: data.content.filter(i => i.type === 'SERVICE').map(i => _.pick(i, ['id', 'name'])), auth: data.auth, path: data.path}",
    "resultTips": "Done"
  }
}`), nil)
	if diags.HasErrors() {
		panic(diags)
	}
	// The mock server listens on loopback, which is refused unless allowed.
	reg := toolkit.NewRegistry(&toolkit.Options{AllowPrivate: []string{"127.0.0.1"}})
	if err := set.Register(reg); err != nil {
		panic(err)
	}
	res, _ := reg.Call(context.Background(), toolkit.ToolCallCapability, json.RawMessage(`{"name": "listItems"}`),
		toolkit.WithValue(yqcloud.ValueBaseURL, api.URL),
		toolkit.WithValue(yqcloud.ValueTenantID, "1001"),
		toolkit.WithValue(yqcloud.ValueAccessToken, "secret-user-token"))
	fmt.Println(res.Text)
	fmt.Println(res.Signals.ResultTips)
	// Output:
	// {"items":[{"id":"1","name":"VPN"}],"auth":"[REDACTED]","path":"/itsm/v1/1001/items"}
	// Done
}

// With Options.Flat the model gets one tool per definition, described in
// the user's locale, and calls it by name through the same Registry.Call.
func Example_flatTools() {
	set, _ := yqcloud.Parse("f.json", []byte(`{
  "name": "fetchKnowledgeElement",
  "description": "根据知识内容 ID 查询知识库中的具体内容详情",
  "parameters": {"type": "object", "properties": {"knowId": {"type": "string"}}, "required": ["knowId"]},
  "function": {"type": "call_url", "method": "GET", "url": "${STATIC#yqcloud_url}/know/{knowId}"},
  "intl": {"en_US": {"description": "Fetch knowledge element details by knowId."}}
}`), nil)
	reg := toolkit.NewRegistry(&toolkit.Options{Flat: true})
	if err := set.Register(reg); err != nil {
		panic(err)
	}
	for _, t := range reg.Tools(toolkit.WithLocale("en-US")) {
		fmt.Println(t.Name)
		fmt.Println(t.Description)
		fmt.Println(string(t.InputSchema))
	}
	res, err := reg.Call(context.Background(), "fetchKnowledgeElement", json.RawMessage(`{}`))
	fmt.Println(res.Text, err)
	// Output:
	// fetchKnowledgeElement
	// Fetch knowledge element details by knowId.
	// {"properties":{"knowId":{"type":"string"}},"required":["knowId"],"type":"object"}
	// capability "fetchKnowledgeElement": parameter "knowId" is required (string) <nil>
}
