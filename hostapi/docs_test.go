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
	ids := func(m map[string]any) []string {
		var out []string
		for _, e := range m["endpoints"].([]any) {
			out = append(out, e.(map[string]any)["id"].(string))
		}
		return out
	}

	t.Run("groups", func(t *testing.T) {
		m := decode(t, `{}`)
		want := []any{
			map[string]any{"name": "files", "description": "Files in the store.", "endpoints": 4.0},
			map[string]any{"name": "auth", "endpoints": 1.0},
			map[string]any{"name": "notes", "endpoints": 1.0},
			map[string]any{"name": "admin", "endpoints": 1.0},
		}
		if diff := cmp.Diff(want, m["groups"]); diff != "" {
			t.Errorf("groups (-want +got):\n%s", diff)
		}
	})
	t.Run("group", func(t *testing.T) {
		want := []string{"listFiles", "getFile", "putFile", "deleteFile"}
		for _, args := range []string{`{"group": "files"}`, `{"group": "FILES"}`} {
			if diff := cmp.Diff(want, ids(decode(t, args))); diff != "" {
				t.Errorf("%s (-want +got):\n%s", args, diff)
			}
		}
	})
	t.Run("keyword", func(t *testing.T) {
		for args, want := range map[string][]string{
			`{"keyword": "file"}`:                     {"listFiles", "getFile", "putFile", "deleteFile"},
			`{"keyword": "WRITE file"}`:               {"putFile"},
			`{"keyword": "/admin"}`:                   {"stats"},
			`{"keyword": "post"}`:                     {"POST /auth/form", "addNote"},
			`{"group": "files", "keyword": "delete"}`: {"deleteFile"},
			`{"group": "notes", "keyword": "file"}`:   nil,
		} {
			if diff := cmp.Diff(want, ids(decode(t, args))); diff != "" {
				t.Errorf("%s (-want +got):\n%s", args, diff)
			}
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
		{`{"name": "x"}`, `capability "query_api_docs": unknown parameter "name"; accepted parameters: endpoint, examples, group, keyword`},
	}
	for _, tt := range tests {
		res := run(reg, ToolQueryDocs, tt.args)
		if !res.IsError || res.Text != tt.want {
			t.Errorf("%s:\n got %v %q\nwant error %q", tt.args, res.IsError, res.Text, tt.want)
		}
	}
}

func TestQueryDocsListCap(t *testing.T) {
	c := NewCatalog()
	for i := range maxListed + 50 {
		if err := c.Add(Endpoint{Group: "g", Method: "GET", Path: fmt.Sprintf("/g/%03d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	reg := newRegistry(t, c, Options{Handler: http.NotFoundHandler()})
	var out listing
	if err := json.Unmarshal([]byte(run(reg, ToolQueryDocs, `{"group": "g"}`).Text), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Endpoints) != maxListed || out.NotShown != 50 || !strings.HasPrefix(out.Hint, "50 more not shown") {
		t.Errorf("listed %d, not_shown %d, hint %q; want %d, 50", len(out.Endpoints), out.NotShown, out.Hint, maxListed)
	}
}

// TestOverviewStaysSmall loads a generated 500-endpoint document: the
// answer to query_api_docs without arguments must stay small.
func TestOverviewStaysSmall(t *testing.T) {
	c, _, err := LoadOpenAPI(generateDoc(25, 10), nil)
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
		Groups    []groupSummary
		Endpoints int
	}
	if err := json.Unmarshal([]byte(res.Text), &out); err != nil {
		t.Fatal(err)
	}
	if out.Endpoints != 500 || len(out.Groups) != 25 || out.Groups[7] != (groupSummary{"group07", "Operations on resource 07: create, read, update and list.", 20}) {
		t.Errorf("overview = %d endpoints, %d groups, group 7 %+v", out.Endpoints, len(out.Groups), out.Groups[7])
	}
	// The overview does not grow with the number of endpoints.
	big, _, err := LoadOpenAPI(generateDoc(25, 40), nil)
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
