package hostapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	goldenfile "github.com/toolkit-sdk/toolkit/internal/golden"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolkit-sdk/toolkit"
)

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	goldenfile.Check(t, name, string(got))
}

// TestQueryDocsGolden records every query level over the test catalog and
// both OpenAPI documents in testdata/docs.golden.
func TestQueryDocsGolden(t *testing.T) {
	confirmDeletes := func(e Endpoint) bool { return e.Method == http.MethodDelete }
	sources := []struct {
		name string
		cat  *Catalog
		args []string
	}{
		{"test catalog", testCatalog(t), []string{
			`{}`, `{"group": "files"}`, `{"group": "files", "keyword": "read"}`, `{"keyword": "FILE write"}`,
			`{"endpoint": "getFile"}`, `{"endpoint": "getFile", "examples": true}`,
			`{"endpoint": "putFile"}`, `{"endpoint": "putFile", "examples": true}`,
			`{"endpoint": "deleteFile"}`, `{"endpoint": "post /auth/form"}`,
		}},
		{"shop-3.0.yaml", loadFile(t, "testdata/shop-3.0.yaml"), []string{
			`{}`, `{"group": "orders"}`, `{"endpoint": "listOrders"}`, `{"endpoint": "createOrder"}`,
			`{"endpoint": "createOrder", "examples": true}`, `{"endpoint": "updateCategory"}`, `{"endpoint": "addNote"}`,
		}},
		{"shop-3.1.json", loadFile(t, "testdata/shop-3.1.json"), []string{
			`{}`, `{"endpoint": "PATCH /people/{id}"}`, `{"endpoint": "createPerson", "examples": true}`,
		}},
	}
	var out bytes.Buffer
	for _, s := range sources {
		reg := newRegistry(t, s.cat, Options{Handler: http.NotFoundHandler(), Confirm: confirmDeletes})
		fmt.Fprintf(&out, "# %s\n", s.name)
		for _, a := range s.args {
			fmt.Fprintf(&out, "\n> %s\n%s\n", a, show(run(reg, ToolQueryDocs, a)))
		}
		out.WriteString("\n")
	}
	golden(t, "testdata/docs.golden", out.Bytes())
}

func TestQueryDocsLevels(t *testing.T) {
	reg := newRegistry(t, testCatalog(t), Options{Handler: http.NotFoundHandler()})
	decode := func(t *testing.T, args string) map[string]any {
		t.Helper()
		res := run(reg, ToolQueryDocs, args)
		if res.IsError {
			t.Fatalf("%s: %s", args, res.Text)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(res.Text), &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	ids := func(args string) []string { return memberNames(t, run(reg, ToolQueryDocs, args).Text, "endpoints") }

	t.Run("groups", func(t *testing.T) {
		want := []string{"files", "auth", "notes", "admin"}
		if diff := cmp.Diff(want, memberNames(t, run(reg, ToolQueryDocs, `{}`).Text, "groups")); diff != "" {
			t.Errorf("groups (-want +got):\n%s", diff)
		}
	})
	t.Run("group", func(t *testing.T) {
		want := []string{"listFiles", "getFile", "putFile", "deleteFile"}
		for _, args := range []string{`{"group": "files"}`, `{"group": "FILES"}`} {
			if diff := cmp.Diff(want, ids(args)); diff != "" {
				t.Errorf("%s (-want +got):\n%s", args, diff)
			}
		}
	})
	t.Run("keyword", func(t *testing.T) {
		// Ranked: the first is the best match; words matching nothing
		// and misspellings do not empty the answer.
		for args, want := range map[string]string{
			`{"keyword": "WRITE file"}`:               "putFile",
			`{"keyword": "write zzzz"}`:               "putFile",
			`{"keyword": "/admin"}`:                   "stats",
			`{"keyword": "statistics admn"}`:          "stats",
			`{"group": "files", "keyword": "delete"}`: "deleteFile",
			`{"group": "files", "keyword": "remove"}`: "deleteFile",
		} {
			if got := ids(args); len(got) == 0 || got[0] != want {
				t.Errorf("%s: got %v, want %s first", args, got, want)
			}
		}
		if got := ids(`{"keyword": "file"}`); len(got) < 4 {
			t.Errorf("file: %v", got)
		}
		if got := ids(`{"group": "notes", "keyword": "file"}`); len(got) != 0 {
			t.Errorf("notes/file: %v", got)
		}
	})
	t.Run("endpoint compact", func(t *testing.T) {
		m := decode(t, `{"endpoint": "putFile"}`)
		text := compactJSON(m)
		for _, hidden := range []string{`"example"`, `"x-owner"`, `"hello"`} {
			if strings.Contains(text, hidden) {
				t.Errorf("compact detail shows %s: %s", hidden, text)
			}
		}
		// Descriptions are kept.
		if !strings.Contains(text, `"description":"the text"`) {
			t.Errorf("compact detail lost a description: %s", text)
		}
		m = decode(t, `{"endpoint": "putFile", "examples": true}`)
		text = compactJSON(m)
		for _, shown := range []string{`"example":"hello"`, `"x-owner":"storage"`, `"example":{"content":"hi"}`} {
			if !strings.Contains(text, shown) {
				t.Errorf("verbose detail lacks %s: %s", shown, text)
			}
		}
	})
}

func TestQueryDocsErrors(t *testing.T) {
	reg := newRegistry(t, testCatalog(t), Options{Handler: http.NotFoundHandler()})
	tests := []struct{ args, want string }{
		{`{"group": "file"}`, `query_api_docs: unknown group "file"; did you mean "files"?`},
		{`{"group": "zzz"}`, `query_api_docs: unknown group "zzz"; groups: files, auth, notes, admin`},
		{`{"endpoint": "getfile"}`, `query_api_docs: unknown endpoint "getfile"; did you mean "getFile", "putFile"?`},
		{`{"endpoint": "qqq"}`, `query_api_docs: unknown endpoint "qqq"; call query_api_docs to find endpoint ids`},
		{`{"endpoint": "files"}`, `query_api_docs: unknown endpoint "files"; "files" is a group: call query_api_docs with {"group": "files"}`},
		{`{"endpoint": 5}`, `query_api_docs: unknown endpoint "5"; call query_api_docs to find endpoint ids`},
		{`{"examples": "yes"}`, `capability "query_api_docs": parameter "examples" must be a boolean, got "yes"`},
		{`{"name": "x"}`, `capability "query_api_docs": unknown parameter "name"; accepted parameters: cursor, endpoint, examples, group, keyword, schema`},
		{`{"cursor": "x"}`, `query_api_docs: cursor "x" is not one an answer gave; call again without it`},
	}
	for _, tt := range tests {
		res := run(reg, ToolQueryDocs, tt.args)
		if !res.IsError || res.Text != tt.want {
			t.Errorf("%s:\n got %v %q\nwant error %q", tt.args, res.IsError, res.Text, tt.want)
		}
	}
}

func TestQueryDocsPaging(t *testing.T) {
	c := NewCatalog()
	const n = 1000
	for i := range n {
		if err := c.Add(Endpoint{Group: "g", Method: "GET", Path: fmt.Sprintf("/g/item%04d", i), Summary: fmt.Sprintf("Read item %d of the store.", i)}); err != nil {
			t.Fatal(err)
		}
	}
	reg := newRegistry(t, c, Options{Handler: http.NotFoundHandler()})
	for _, args := range []string{`{"group": "g"}`, `{"keyword": "item"}`, `{"group": "g", "keyword": "store"}`} {
		seen := map[string]bool{}
		cursor := ""
		for pages := 0; ; pages++ {
			a := args
			if cursor != "" {
				a = strings.TrimSuffix(args, "}") + fmt.Sprintf(`, "cursor": %q}`, cursor)
			}
			res := run(reg, ToolQueryDocs, a)
			if res.IsError || len(res.Text) > toolkit.DefaultMaxDiscoveryBytes {
				t.Fatalf("%s: %d bytes: %.200s", a, len(res.Text), res.Text)
			}
			var out struct {
				Endpoints json.RawMessage
				More      int
				Cursor    string
			}
			if err := json.Unmarshal([]byte(res.Text), &out); err != nil {
				t.Fatal(err)
			}
			for _, id := range memberNames(t, res.Text, "endpoints") {
				if seen[id] {
					t.Fatalf("%s: %s listed twice", args, id)
				}
				seen[id] = true
			}
			if out.More == 0 {
				break
			}
			cursor = out.Cursor
			if pages > n {
				t.Fatal("paging does not end")
			}
		}
		if len(seen) != n {
			t.Errorf("%s: %d listed, want %d", args, len(seen), n)
		}
	}
}

// memberNames returns the member names, in order, of the object field of
// the JSON object text.
func memberNames(t *testing.T, text, field string) []string {
	t.Helper()
	var top map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &top); err != nil {
		t.Fatalf("%v: %s", err, text)
	}
	dec := json.NewDecoder(bytes.NewReader(top[field]))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("%s is not an object: %s", field, text)
	}
	var out []string
	for dec.More() {
		k, _ := dec.Token()
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, k.(string))
	}
	return out
}

// TestOverviewStaysSmall loads a generated 500-endpoint document: the
// answer to query_api_docs without arguments must stay small.
func TestOverviewStaysSmall(t *testing.T) {
	c, ds := ParseOpenAPI("", generateDoc(25, 10), nil)
	err := refused(ds)
	if err != nil {
		t.Fatal(err)
	}
	reg := newRegistry(t, c, Options{Handler: http.NotFoundHandler()})
	res := run(reg, ToolQueryDocs, `{}`)
	if res.IsError {
		t.Fatal(res.Text)
	}
	// About 110 bytes per group (its name, first description line and
	// count); nothing per endpoint.
	const maxBytes = 3500
	t.Logf("overview of 500 endpoints in 25 groups: %d bytes, ~%d tokens", len(res.Text), len(res.Text)/4)
	if len(res.Text) > maxBytes {
		t.Errorf("overview is %d bytes, over %d", len(res.Text), maxBytes)
	}
	var out struct {
		Groups    map[string]string
		Endpoints int
	}
	if err := json.Unmarshal([]byte(res.Text), &out); err != nil {
		t.Fatal(err)
	}
	if g := out.Groups["group07"]; out.Endpoints != 500 || len(out.Groups) != 25 || g != "20 endpoints: Operations on resource 07: create, read, update and list." {
		t.Errorf("overview = %d endpoints, %d groups, group 7 %q", out.Endpoints, len(out.Groups), g)
	}
	// The overview does not grow with the number of endpoints.
	big, ds := ParseOpenAPI("", generateDoc(25, 40), nil)
	err = refused(ds)
	if err != nil {
		t.Fatal(err)
	}
	bigRes := run(newRegistry(t, big, Options{Handler: http.NotFoundHandler()}), ToolQueryDocs, `{}`)
	if d := len(bigRes.Text) - len(res.Text); d < 0 || d > 2*25+2 {
		t.Errorf("overview of 2000 endpoints is %d bytes, of 500 %d: it should differ only in the counts", len(bigRes.Text), len(res.Text))
	}
	// One endpoint's detail is small as well.
	res = run(reg, ToolQueryDocs, `{"endpoint": "put_07_003"}`)
	if res.IsError || len(res.Text) > 1000 {
		t.Errorf("detail is %d bytes: %s", len(res.Text), res.Text)
	}
}

func TestCapabilitiesListed(t *testing.T) {
	reg := newRegistry(t, testCatalog(t), Options{Handler: http.NotFoundHandler()})
	res, err := reg.Call(t.Context(), toolkit.ToolQueryCapabilities, json.RawMessage(`{"category": "api"}`))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"category":"api","total":2,"capabilities":{"call_http_api":"Call one endpoint of the application's own HTTP API, as described by query_api_docs.",` +
		`"query_api_docs":"Browse the application's own HTTP API before calling it with call_http_api."}}`
	if diff := cmp.Diff(want, res.Text); diff != "" {
		t.Errorf("query_capabilities (-want +got):\n%s", diff)
	}
}

// TestUntaggedGroups: a document without tags under /v1 is grouped by the
// segment after the version, and the catalog's group name still lists it.
func TestUntaggedGroups(t *testing.T) {
	c := NewCatalog()
	for _, e := range []Endpoint{
		{Method: "POST", Path: "/v1/customers", ID: "PostCustomers", Description: "<p>Creates a new customer object.</p>"},
		{Method: "GET", Path: "/v1/customers/{customer}", ID: "GetCustomersCustomer", Description: "Retrieves a Customer object.", Params: []Param{{Name: "customer", In: InPath, Required: true}}},
		{Method: "GET", Path: "/v1/charges", ID: "GetCharges", Description: "Returns a list of charges you've previously created."},
		{Method: "GET", Path: "/v1/{id}", ID: "GetThing", Params: []Param{{Name: "id", In: InPath, Required: true}}},
	} {
		if err := c.Add(e); err != nil {
			t.Fatal(err)
		}
	}
	reg := newRegistry(t, c, Options{Handler: http.NotFoundHandler()})
	if diff := cmp.Diff([]string{"customers", "charges", "v1"}, memberNames(t, run(reg, ToolQueryDocs, `{}`).Text, "groups")); diff != "" {
		t.Errorf("groups (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"PostCustomers", "GetCustomersCustomer"}, memberNames(t, run(reg, ToolQueryDocs, `{"group": "customers"}`).Text, "endpoints")); diff != "" {
		t.Errorf("customers (-want +got):\n%s", diff)
	}
	if got := memberNames(t, run(reg, ToolQueryDocs, `{"group": "v1"}`).Text, "endpoints"); len(got) != 1 {
		t.Errorf("v1: %v", got)
	}
	for _, kw := range []string{"create customer", "new custmer", "add a client"} {
		if got := memberNames(t, run(reg, ToolQueryDocs, fmt.Sprintf(`{"keyword": %q}`, kw)).Text, "endpoints"); len(got) == 0 || got[0] != "PostCustomers" {
			t.Errorf("%s: %v", kw, got)
		}
	}
	if res := run(reg, ToolQueryDocs, `{"endpoint": "GetCharges"}`); !strings.Contains(res.Text, `"group":"charges"`) {
		t.Errorf("detail: %s", res.Text)
	}
}

// TestQueryDocsBudgetEdges: an answer exactly at the budget is whole; one
// byte less pages it; the root summarises the groups left out (its tail
// is longer than one group, so three are left).
func TestQueryDocsBudgetEdges(t *testing.T) {
	withBudget := func(budget int) *toolkit.Registry {
		reg := toolkit.NewRegistry(&toolkit.Options{MaxDiscoveryBytes: budget})
		a, err := New(testCatalog(t), &Options{Handler: http.NotFoundHandler()})
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Register(reg); err != nil {
			t.Fatal(err)
		}
		return reg
	}
	for _, args := range []string{`{}`, `{"group": "files"}`, `{"keyword": "file"}`} {
		size := len(run(withBudget(1<<20), ToolQueryDocs, args).Text)
		if res := run(withBudget(size), ToolQueryDocs, args); len(res.Text) != size || strings.Contains(res.Text, `"cursor"`) {
			t.Errorf("%s at budget %d: %s", args, size, res.Text)
		}
		res := run(withBudget(size-1), ToolQueryDocs, args)
		field := "endpoints"
		if args == `{}` {
			field = "groups"
		}
		// Only a page of one item may pass the budget: a page always moves on.
		over := len(res.Text) > size-1 && len(memberNames(t, res.Text, field)) > 1
		if over || !strings.Contains(res.Text, `"cursor"`) || !json.Valid([]byte(res.Text)) {
			t.Errorf("%s at budget %d: %s", args, size-1, res.Text)
		}
		if args == `{}` && !strings.Contains(res.Text, `"more_groups":3,"endpoints_in_them":3,"cursor":"1","hint":"send this cursor`) {
			t.Errorf("root summary: %s", res.Text)
		}
	}
}
