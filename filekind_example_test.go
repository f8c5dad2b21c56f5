package toolkit_test

import (
	"fmt"

	"github.com/toolkit-sdk/toolkit"
)

// A folder may mix tool files, YQCloud definitions and OpenAPI documents;
// DetectFile tells which loader a file is for.
func ExampleDetectFile() {
	files := map[string]string{
		"orders.yaml":  "name: get_order\ndesc: Look up an order.\nsteps:\n  - url: https://api.example.com/orders\n",
		"itsm.json":    `[{"name": "createTicket", "function": {"type": "manual"}}]`,
		"openapi.yaml": "openapi: 3.1.0\ninfo: {title: shop, version: '1'}\n",
		"compose.yaml": "services:\n  web:\n    image: nginx\n",
	}
	for _, name := range []string{"orders.yaml", "itsm.json", "openapi.yaml", "compose.yaml"} {
		fmt.Println(name, toolkit.DetectFile([]byte(files[name])))
	}
	// Output:
	// orders.yaml tool
	// itsm.json yqcloud
	// openapi.yaml openapi
	// compose.yaml unknown
}
