package hostapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/hostapi"
)

func ExampleAPI_Register() {
	// The host's own API, served in-process.
	mux := http.NewServeMux()
	mux.HandleFunc("GET /orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"id":%q,"status":"shipped","user":%q}`, r.PathValue("id"), r.Header.Get("X-Session"))
	})

	cat := hostapi.NewCatalog()
	cat.AddGroup(hostapi.Group{Name: "orders", Description: "Orders of the signed-in user."})
	err := cat.Add(hostapi.Endpoint{ID: "getOrder", Group: "orders", Method: "GET", Path: "/orders/{id}",
		Summary: "Get one order", Params: []hostapi.Param{{Name: "id", In: hostapi.InPath, Description: "order id"}}})
	if err != nil {
		panic(err)
	}
	a, err := hostapi.New(cat, &hostapi.Options{Handler: mux, ReadOnly: true})
	if err != nil {
		panic(err)
	}
	reg := toolkit.NewRegistry(nil)
	if err := a.Register(reg); err != nil {
		panic(err)
	}

	// The end user's session, added by the host to every request.
	session := toolkit.WithHeader(http.Header{"X-Session": {"sess-4f9a"}})
	for _, c := range []struct{ name, args string }{
		{hostapi.ToolQueryDocs, `{}`},
		{hostapi.ToolQueryDocs, `{"endpoint": "getOrder"}`},
		{hostapi.ToolCall, `{"endpoint": "getOrder", "path_params": {"id": "A-1"}}`},
	} {
		res, _ := reg.Call(context.Background(), c.name, json.RawMessage(c.args), session)
		fmt.Println(res.Text)
	}
	// Output:
	// {"endpoints":1,"groups":{"orders":"1 endpoint: Orders of the signed-in user."},"hint":"{\"group\": name} lists a group's endpoints; {\"keyword\": words} searches all endpoints, ranked"}
	// {"id":"getOrder","group":"orders","method":"GET","path":"/orders/{id}","summary":"Get one order","path_params":{"id":{"type":"string","required":true,"description":"order id"}},"call":"call_http_api {\"endpoint\": \"getOrder\", \"path_params\": {...}}"}
	// HTTP 200 OK
	// {"id":"A-1","status":"shipped","user":"[REDACTED]"}
}

func ExampleParseOpenAPI() {
	cat, diags := hostapi.ParseOpenAPI("shop.yaml", []byte(`
openapi: 3.1.0
info: {title: Shop, version: "1"}
paths:
  /orders/{id}:
    get:
      tags: [orders]
      operationId: getOrder
      summary: Get one order
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
    delete:
      tags: [orders]
      summary: Cancel an order
  /orders/{id}/refunds:
    post:
      parameters:
        - $ref: '#/components/parameters/Missing'
`), nil)
	if diags.HasErrors() { // refused: errors.Is(diags, toolkit.ErrLoad)
		panic(diags)
	}
	for _, e := range cat.Endpoints() {
		fmt.Printf("%s | %s | %s %s\n", e.ID, e.Group, e.Method, e.Path)
	}
	fmt.Println(diags.String())
	// Output:
	// getOrder | orders | GET /orders/{id}
	// DELETE /orders/{id} | orders | DELETE /orders/{id}
	// shop.yaml:16:5: warning: /paths/~1orders~1{id}~1refunds/post: operation left out: $ref "#/components/parameters/Missing": no such component
}
