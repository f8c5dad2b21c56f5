package toolkit_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/toolkit-sdk/toolkit"
)

func Example() {
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"city":%q,"current":{"temp":21.5}}`, r.URL.Query().Get("q"))
	}))
	defer api.Close()

	reg := toolkit.NewRegistry(&toolkit.Options{
		Env: func(name string) (string, bool) { return api.URL, name == "WEATHER_URL" },
		// The mock API listens on loopback, which is refused by default.
		AllowPrivate: []string{"127.0.0.1"},
	})
	_, err := reg.LoadBytes("weather.yaml", []byte(`
name: get_weather
desc: Current temperature of a city.
params:
  - {name: city, type: string, required: true, description: the city name}
env: [WEATHER_URL]
steps:
  - url: ${env:WEATHER_URL}/now?q=${param:city}
    var:
      - {name: temp, extract: current.temp}
    result: "${param:city}: ${step0:temp} °C"
`))
	if err != nil {
		panic(err)
	}

	// The model calls an entry tool with JSON arguments.
	res, err := reg.Call(context.Background(), toolkit.ToolCallCapability,
		json.RawMessage(`{"name": "get_weather", "parameters": {"city": "São Paulo"}}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Text)
	// Output: São Paulo: 21.5 °C
}

func ExampleParseWorkflow_diagnostics() {
	_, diags := toolkit.ParseWorkflow("tools/orders.yaml", []byte(`name: orders
desc: Order lookup
steps:
  - url: https://api.example.com/orders
    metod: POST
    var:
      - {name: id, extract: "items[x]"}
  - url: https://api.example.com/orders/${step0:id}/${step3:token}
`))
	fmt.Println(diags.String())
	// Output:
	// tools/orders.yaml:5:5: steps[0]: unknown field "metod"; did you mean "method"?
	// tools/orders.yaml:7:29: steps[0].var[0].extract: extract "items[x]": col 7: index must be a non-negative integer or empty
	// tools/orders.yaml:8:53: steps[1].url: ${step3:token}: unknown step 3 (steps are numbered 0 to 1)
}

// A step with loop follows the API's pages and collects their items.
func Example_loop() {
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Query().Get("cursor") {
		case "":
			fmt.Fprint(w, `{"data":[{"id":"A-1"},{"id":"A-2"}],"next":"p2"}`)
		case "p2":
			fmt.Fprint(w, `{"data":[{"id":"A-3"}],"next":null}`)
		}
	}))
	defer api.Close()

	reg := toolkit.NewRegistry(&toolkit.Options{
		Env:          func(name string) (string, bool) { return api.URL, name == "SHOP_URL" },
		AllowPrivate: []string{"127.0.0.1"},
	})
	_, err := reg.LoadBytes("orders.yaml", []byte(`
name: list_orders
desc: Every order.
env: [SHOP_URL]
steps:
  - url: ${env:SHOP_URL}/orders
    loop:
      cursor: {path: next, param: cursor}
      items: data[].id
    result: "orders: ${step0:items}"
`))
	if err != nil {
		panic(err)
	}
	res, err := reg.Call(context.Background(), toolkit.ToolCallCapability,
		json.RawMessage(`{"name": "list_orders", "parameters": {}}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Text)
	// Output: orders: ["A-1","A-2","A-3"]
}
