package hostapi

import (
	"fmt"
	"testing"
)

func TestZZSchemaSiblings(t *testing.T) {
	ok := `"responses": {"200": {"description": "ok"}}`
	p := func(name, sib string) string {
		return `{"name": "` + name + `", "in": "query", "schema": {"$ref": "#/components/schemas/S"` + sib + `}}`
	}
	b := func(sib string) string {
		return `{"content": {"application/json": {"schema": {"type": "object", "properties": {"n": {"$ref": "#/components/schemas/S"` + sib + `}}}}}}`
	}
	a, bb := `, "description": "A", "maximum": 5`, `, "description": "B", "maximum": 9`
	doc := `{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {
	"/a": {"get": {"operationId": "a", "parameters": [` + p("n", a) + `], ` + ok + `}, "post": {"operationId": "pa", "requestBody": ` + b(a) + `, ` + ok + `}},
	"/b": {"get": {"operationId": "b", "parameters": [` + p("n", bb) + `], ` + ok + `}, "post": {"operationId": "pb", "requestBody": ` + b(bb) + `, ` + ok + `}},
	"/c": {"get": {"operationId": "c", "parameters": [` + p("n", a) + `], ` + ok + `}, "post": {"operationId": "pc", "requestBody": ` + b(a) + `, ` + ok + `}},
	"/d": {"get": {"operationId": "d", "parameters": [` + p("n", "") + `], ` + ok + `}, "post": {"operationId": "pd", "requestBody": ` + b("") + `, ` + ok + `}}},
	"components": {"schemas": {"S": {"type": "integer", "description": "orig"}}}}`
	sameDecoded(t, "sib.json", []byte(doc))
	c, ds := ParseOpenAPI("sib.json", []byte(doc), nil)
	t.Log(ds)
	for _, id := range []string{"a", "b", "c", "d"} {
		e, _ := c.Endpoint(id)
		t.Logf("%s %+v", id, e.Params)
		e, _ = c.Endpoint("p" + id)
		t.Logf("p%s %v", id, fmt.Sprint(e.Body.Schema))
	}
}
