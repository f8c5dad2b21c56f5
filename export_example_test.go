package toolkit_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/toolkit-sdk/toolkit"
)

// A login tool exports the session; with an export store, the next call of
// the same conversation reads it as a per-call value.
func ExampleWithConversation() {
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/login":
			fmt.Fprint(w, `{"session":"s-0042"}`)
		case "/cart":
			fmt.Fprintf(w, `{"items":%d}`, map[bool]int{true: 3}[r.Header.Get("X-Session") == "s-0042"])
		}
	}))
	defer api.Close()
	reg := toolkit.NewRegistry(&toolkit.Options{
		Env:          func(name string) (string, bool) { return api.URL, name == "SHOP_URL" },
		AllowPrivate: []string{"127.0.0.1"},
		Exports:      toolkit.NewMemoryExports(0),
	})
	for _, src := range []string{`
name: login
desc: Log in.
env: [SHOP_URL]
steps:
  - url: ${env:SHOP_URL}/login
    var: [{name: session, extract: session}]
    export: [{name: session, as: SHOP_SESSION}]
    result: logged in
`, `
name: cart
desc: The cart.
env: [SHOP_URL]
values: [SHOP_SESSION]
steps:
  - url: ${env:SHOP_URL}/cart
    headers: {X-Session: "${value:SHOP_SESSION}"}
`} {
		if _, err := reg.LoadBytes("tool.yaml", []byte(src)); err != nil {
			panic(err)
		}
	}
	ctx := context.Background()
	conv := toolkit.WithConversation("conversation-1")
	res, _ := reg.Call(ctx, "call_capability", json.RawMessage(`{"name": "login", "parameters": {}}`), conv)
	fmt.Println(res.Text, res.Exports[0].Name, res.Exports[0].Secret)
	res, _ = reg.Call(ctx, "call_capability", json.RawMessage(`{"name": "cart", "parameters": {}}`), conv)
	fmt.Println(res.Text)
	// Output:
	// logged in SHOP_SESSION true
	// {"items":3}
}
