package hostapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestReview35cCaseDuplicates: a parameter whose keys repeat, one in
// another case ("name", "Name", "name"), reads the same whether or not
// another parameter of its list has a $ref written otherwise: decoded
// once and shared, it was decoded from its own text, where decoding each
// in place reads the list as written with its refs rewritten.
func TestReview35cCaseDuplicates(t *testing.T) {
	ok := `"responses": {"200": {"description": "ok"}}`
	dup := `{"name": "p", "in": "query", "Name": "q", "name": "r", "schema": {"type": "string"}}`
	hoisted := `{"name": "h", "in": "query", "schema": {"$ref": "#/components/schemas/S/properties/x"}}`
	inlined := `{"name": "i", "in": "query", "schema": {"$ref": "#/x-defs/n"}}`
	doc := `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "x-defs": {"n": {"type": "number"}}, "paths": {
	"/a": {"get": {"operationId": "a", "parameters": [` + dup + `, ` + hoisted + `], ` + ok + `}},
	"/b": {"parameters": [` + inlined + `, ` + dup + `], "get": {"operationId": "b", ` + ok + `}},
	"/c": {"get": {"operationId": "c", "parameters": [` + dup + `], ` + ok + `}}},
	"components": {"schemas": {"S": {"type": "object", "properties": {"x": {"type": "integer"}}}}}}`
	sameDecoded(t, "dup.json", []byte(doc))
}

// TestReview35cRefDescriptions: from OpenAPI 3.1, a reference's
// description replaces its target's where it is written, and there only.
// kin-openapi writes it into the target, which every reference to it
// shares: each endpoint read the description of the last reference
// resolved, and, a reference written the same in many places resolved
// once when shared, a different one than when decoded in place.
func TestReview35cRefDescriptions(t *testing.T) {
	ok := `"responses": {"200": {"description": "ok"}}`
	p := func(d string) string {
		return `{"$ref": "#/components/parameters/top"` + d + `}`
	}
	rb := func(d string) string {
		return `{"$ref": "#/components/requestBodies/T"` + d + `}`
	}
	a, b := `, "description": "A"`, `, "description": "B"`
	doc := `{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {
	"/a": {"get": {"operationId": "a", "parameters": [` + p(a) + `], ` + ok + `}, "post": {"operationId": "pa", "requestBody": ` + rb(a) + `, ` + ok + `}},
	"/b": {"get": {"operationId": "b", "parameters": [` + p(b) + `], ` + ok + `}, "post": {"operationId": "pb", "requestBody": ` + rb(b) + `, ` + ok + `}},
	"/c": {"get": {"operationId": "c", "parameters": [` + p(a) + `], ` + ok + `}, "post": {"operationId": "pc", "requestBody": ` + rb(a) + `, ` + ok + `}},
	"/d": {"get": {"operationId": "d", "parameters": [` + p("") + `], ` + ok + `}, "post": {"operationId": "pd", "requestBody": ` + rb("") + `, ` + ok + `}},
	"/e": {"get": {"operationId": "e", "parameters": [{"$ref": "#/components/parameters/alias"}], ` + ok + `}, "post": {"operationId": "pe", "requestBody": {"$ref": "#/components/requestBodies/alias"}, ` + ok + `}}},
	"components": {"parameters": {"top": {"name": "top", "in": "query", "description": "orig", "schema": {"type": "integer"}},
	    "alias": {"$ref": "#/components/parameters/top", "description": "E"}},
	  "requestBodies": {"T": {"description": "orig", "content": {"application/json": {"schema": {"type": "object"}}}},
	    "alias": {"$ref": "#/components/requestBodies/T", "description": "E"}}}}`
	sameDecoded(t, "desc.json", []byte(doc))
	c, ds := ParseOpenAPI("desc.json", []byte(doc), nil)
	if c == nil {
		t.Fatal(ds)
	}
	for id, want := range map[string]string{"a": "A", "b": "B", "c": "A", "d": "orig", "e": "E"} {
		e, _ := c.Endpoint(id)
		if len(e.Params) != 1 || e.Params[0].Description != want {
			t.Errorf("%s: parameter %+v, want the description %q", id, e.Params, want)
		}
		e, _ = c.Endpoint("p" + id)
		if e.Body == nil || e.Body.Description != want {
			t.Errorf("p%s: body %+v, want the description %q", id, e.Body, want)
		}
	}
	// In 3.0 a reference's siblings are ignored.
	c, ds = ParseOpenAPI("desc30.json", []byte(strings.Replace(doc, "3.1.0", "3.0.3", 1)), nil)
	if c == nil {
		t.Fatal(ds)
	}
	for _, id := range []string{"a", "b", "c", "d", "e"} {
		if e, _ := c.Endpoint(id); len(e.Params) != 1 || e.Params[0].Description != "orig" {
			t.Errorf("3.0 %s: parameter %+v, want the description %q", id, e.Params, "orig")
		}
	}
}

// TestReview35cInlineBound: the refs written out in place of a list of
// parameters share one bound, the list's, as decodeItem writes it: each
// parameter decoded apart had a bound of its own, so that a list of them
// expanded, and was decoded and kept, many times further.
func TestReview35cInlineBound(t *testing.T) {
	var defs strings.Builder
	defs.WriteString(`"a0": {"type": "object", "properties": {"p": {"type": "string", "description": "` + strings.Repeat("d", 100) + `"}}}`)
	for k := 1; k <= 12; k++ {
		fmt.Fprintf(&defs, `, "a%d": {"allOf": [{"$ref": "#/x-d/a%d"}, {"$ref": "#/x-d/a%d"}]}`, k, k-1, k-1)
	}
	var params []string
	for k := range 3 {
		params = append(params, fmt.Sprintf(`{"name": "q%d", "in": "query", "schema": {"$ref": "#/x-d/a12"}}`, k))
	}
	doc := `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "x-d": {` + defs.String() + `}, "paths": {
	"/a": {"get": {"parameters": [` + strings.Join(params, ", ") + `], "responses": {"200": {"description": "ok"}}}}}}`
	d, derr := readDocument([]byte(doc))
	if derr != nil {
		t.Fatal(derr.msg)
	}
	whole, err := d.decodeItem(0, []int{0})
	if err != nil {
		t.Fatal(err)
	}
	shared, err := d.decodeItemShared(0, []int{0}, d.newDecodeCache())
	if err != nil {
		t.Fatal(err)
	}
	w, _ := json.Marshal(whole)
	s, _ := json.Marshal(shared)
	if len(w) != len(s) || !bytes.Equal(w, s) {
		t.Errorf("decoded whole, %d bytes; shared, %d", len(w), len(s))
	}
}

// TestReview35cConcurrentLoads: loads at once share nothing (run with
// -race), and read the same.
func TestReview35cConcurrentLoads(t *testing.T) {
	src := []byte(repeatDoc())
	want, _ := ParseOpenAPI("repeat.json", src, nil)
	done := make(chan *Catalog)
	for range 4 {
		go func() {
			c, _ := ParseOpenAPI("repeat.json", src, nil)
			done <- c
		}()
	}
	for range 4 {
		if c := <-done; !reflect.DeepEqual(c.Endpoints(), want.Endpoints()) {
			t.Error("a load at once with others read otherwise")
		}
	}
}
