package toolkit

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// JSONPath queries in a tool file: their values feed later steps, and a
// query without a match follows the var's default, jump or abort.
func TestJSONPathExtraction(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/orders":
			fmt.Fprint(w, `{"orders": [
  {"id": 12345678901234567890, "status": "paid", "total": 1234567.89},
  {"id": 7, "status": "open", "total": 9.5, "lines": [{"sku": "a"}, {"sku": "b"}]}]}`)
		case "/yaml":
			fmt.Fprint(w, "orders:\n  - {id: 1, status: open}\n  - {id: 2, status: open}\n")
		default:
			fmt.Fprintf(w, `{"path": %q}`, r.URL.RequestURI())
		}
	})
	tool := `
name: orders
desc: d
steps:
  - url: ${env:BASE_URL}/orders
    var:
      - {name: paid, extract: "$.orders[?@.status == 'paid'].id"}
      - {name: big, extract: "$.orders[?@.total > 1000].total"}
      - {name: skus, extract: "$..sku"}
      - {name: lost, extract: "$.orders[?@.status == 'lost'].id", default: none}
  - url: ${env:BASE_URL}/yaml
    var:
      - {name: open, extract: "$.orders[?@.status == 'open'].id"}
  - url: ${env:BASE_URL}/order/${step0:paid}
    var:
      - {name: path, extract: "$.path"}
      - {name: missing, extract: "$.nothing", jump: 4}
  - url: ${env:BASE_URL}/never
    result: "not reached"
  - url: ${env:BASE_URL}/done
    result: "${step0:paid} ${step0:big} ${step0:skus} ${step0:lost} ${step1:open} ${step2:path}"
`
	reg := loadRegistry(t, nil, srv.URL, tool)
	wantText(t, call(t, reg, "orders", `{}`), `12345678901234567890 1234567.89 ["a","b"] none [1,2] /order/12345678901234567890`)
	want := []string{"GET /orders", "GET /yaml", "GET /order/12345678901234567890", "GET /done"}
	if diff := cmp.Diff(want, srv.uris()); diff != "" {
		t.Errorf("requests (-want +got)\n%s", diff)
	}

	abort := loadRegistry(t, nil, srv.URL, `
name: strict
desc: d
steps:
  - url: ${env:BASE_URL}/orders
    var:
      - {name: lost, extract: "$.orders[?@.status == 'lost'].id", abort: true}
`)
	wantError(t, call(t, abort, "strict", `{}`), `variable "lost" extraction failed`, "not found in the response")
}
