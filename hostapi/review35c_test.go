package hostapi

import (
	"bytes"
	"encoding/json"
	"fmt"
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
	shared, err := d.decodeItemShared(0, []int{0}, &decodeCache{done: map[string]*decoding{}})
	if err != nil {
		t.Fatal(err)
	}
	w, _ := json.Marshal(whole)
	s, _ := json.Marshal(shared)
	if len(w) != len(s) || !bytes.Equal(w, s) {
		t.Errorf("decoded whole, %d bytes; shared, %d", len(w), len(s))
	}
}
