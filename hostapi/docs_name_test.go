package hostapi

import (
	"net/http"
	"testing"
)

// TestKeywordCoversEndpointID: of two endpoints a keyword matches, the
// one whose id's words it covers more of ranks first, as a capability's
// name does in query_capabilities (search.Field.Name): "create issue"
// is about createIssue more than about an endpoint whose longer text says
// "issue" and "create" more often.
func TestKeywordCoversEndpointID(t *testing.T) {
	doc := `openapi: 3.0.0
info: {title: tracker, version: "1"}
paths:
  /issues/draft:
    put:
      operationId: createIssue
      tags: [issues]
      summary: Open a ticket
      description: Files a new ticket.
  /issues/{id}/events:
    get:
      operationId: createIssueEventHook
      tags: [issues]
      summary: Issue events, created issues and create hooks
      description: Issue events - each time an issue was created, an issue closed or an issue reopened; create, issue and created issue events are kept for a year.
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}, description: the issue}
`
	cat, diags := ParseOpenAPI("tracker.yaml", []byte(doc), nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	reg := newRegistry(t, cat, Options{Handler: http.NotFoundHandler()})
	got := memberNames(t, run(reg, ToolQueryDocs, `{"keyword": "create issue"}`).Text, "endpoints")
	if len(got) != 2 || got[0] != "createIssue" {
		t.Errorf("create issue: got %v, want createIssue first", got)
	}
}
