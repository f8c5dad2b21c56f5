package toolkit

import (
	"fmt"
	"net/http"
	"testing"
)

// TestProjectionInToolFiles: a projection shapes what a var holds, in a
// result and in a loop's items.
func TestProjectionInToolFiles(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Query().Get("page") {
		case "", "1":
			fmt.Fprint(w, `[{"number":1,"title":"Crash","body":"long","user":{"login":"ann"}},{"number":2,"title":"Hang","body":"longer"}]`)
		case "2":
			fmt.Fprint(w, `[{"number":3,"title":"Leak","labels":["bug"]}]`)
		default:
			fmt.Fprint(w, `[]`)
		}
	})
	reg := loadRegistry(t, nil, srv.URL, `
name: issues
desc: issues, numbers and titles only
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/issues
    loop: {page: {param: page}, items: "[].{number,title}"}
    result: "Open issues: ${step0:items}"
`, `
name: first
desc: the first issue, number and title
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/issues
    var: [{name: first, extract: "[0].{title,number}"}, {name: all, extract: "[].{number}"}]
    result: "${step0:first} of ${step0:all}"
`)
	wantText(t, call(t, reg, "issues", `{}`), `Open issues: [{"number":1,"title":"Crash"},{"number":2,"title":"Hang"},{"number":3,"title":"Leak"}]`)
	wantText(t, call(t, reg, "first", `{}`), `{"title":"Crash","number":1} of [{"number":1},{"number":2}]`)
}
