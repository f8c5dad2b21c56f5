package hostapi

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// testCatalog is a small programmatic catalog used by most tests.
func testCatalog(t testing.TB) *Catalog {
	t.Helper()
	c := NewCatalog()
	c.AddGroup(Group{Name: "files", Description: "Files in the store.\nMore text."})
	name := Param{Name: "name", In: InPath, Description: "the file name"}
	err := c.Add(
		Endpoint{ID: "listFiles", Group: "files", Method: "GET", Path: "/files", Summary: "List files",
			Params: []Param{
				{Name: "limit", In: InQuery, Type: toolkit.TypeInteger, Required: true, Description: "page size"},
				{Name: "sort", In: InQuery, Enum: []any{"name", "size"}},
				{Name: "tag", In: InQuery, Type: toolkit.TypeArray},
				{Name: "deep", In: InQuery, Type: toolkit.TypeBoolean},
			}},
		Endpoint{ID: "getFile", Group: "files", Method: "GET", Path: "/files/{name}", Summary: "Read a file",
			Description: "Returns the file's content.",
			Params:      []Param{name, {Name: "x-request-id", In: InHeader, Description: "trace id", Example: "r-1"}}},
		Endpoint{ID: "putFile", Group: "files", Method: "PUT", Path: "/files/{name}", Summary: "Write a file",
			Params: []Param{name},
			Body: &Body{Required: true, Description: "the new file", Example: map[string]any{"content": "hi"}, Schema: map[string]any{
				"type":     "object",
				"required": []any{"content"},
				"properties": map[string]any{
					"content": map[string]any{"type": "string", "description": "the text", "example": "hello"},
					"mode":    map[string]any{"type": "integer", "enum": []any{420, 384}},
					"tags": map[string]any{"type": "array", "items": map[string]any{
						"type": "object", "required": []any{"key"}, "additionalProperties": false,
						"properties": map[string]any{"key": map[string]any{"type": "string"}, "value": map[string]any{"type": []any{"string", "null"}}},
					}},
				},
				"x-owner": "storage",
			}}},
		Endpoint{ID: "deleteFile", Group: "files", Method: "DELETE", Path: "/files/{name}", Summary: "Delete a file",
			Params: []Param{name}},
		Endpoint{Method: "POST", Path: "/auth/form", Summary: "Log in with a form",
			Body: &Body{ContentType: formType, Required: true, Schema: map[string]any{
				"type": "object", "required": []any{"user"},
				"properties": map[string]any{"user": map[string]any{"type": "string"}, "scope": map[string]any{"type": "array"}},
			}}},
		Endpoint{ID: "addNote", Group: "notes", Method: "POST", Path: "/notes", Summary: "Add a plain-text note",
			Body: &Body{ContentType: "text/plain"}},
		Endpoint{ID: "stats", Group: "admin", Method: "GET", Path: "/admin/stats", Summary: "Internal statistics"},
	)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// echo answers with what it received, so tests can see the request.
func echo(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	fmt.Fprintf(w, "%s %s", r.Method, r.RequestURI)
	for _, h := range []string{"Authorization", "X-Request-Id", "X-Tenant", "Content-Type"} {
		if v := r.Header.Get(h); v != "" {
			fmt.Fprintf(w, " %s=%s", h, v)
		}
	}
	if len(body) > 0 {
		fmt.Fprintf(w, " body=%s", body)
	}
}

func newRegistry(t testing.TB, c *Catalog, opts Options) *toolkit.Registry {
	t.Helper()
	reg := toolkit.NewRegistry(&toolkit.Options{AllowPrivate: []string{"127.0.0.1"}}) // test servers listen on loopback
	a, err := New(c, &opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Register(reg); err != nil {
		t.Fatal(err)
	}
	return reg
}

// run calls one of the two capabilities through the registry.
func run(reg *toolkit.Registry, tool, args string, opts ...toolkit.CallOption) toolkit.Result {
	res, err := reg.Call(context.Background(), tool, json.RawMessage(args), opts...)
	if err != nil {
		return toolkit.ErrorResult("Go error: " + err.Error())
	}
	return res
}

// show renders a Result as the transcripts print it.
func show(r toolkit.Result) string {
	if r.IsError {
		return "[error] " + r.Text
	}
	return strings.TrimRight(r.Text, "\n")
}

func jsonNum(s string) json.Number { return json.Number(s) }
