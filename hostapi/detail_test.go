package hostapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// wideBody is a body schema of n described properties; every tenth is an
// address object with nested parts, whose names are unique:
// p0..p{n-1}, p{i}_street, p{i}_geo, p{i}_geo_lat.
func wideBody(n, descLen int) (map[string]any, []string) {
	props := map[string]any{}
	var names []string
	var required []any
	desc := func(name string) string {
		d := "The " + name + " of the customer, as it appears on invoices and receipts. "
		for len(d) < descLen {
			d += "More words about " + name + ". "
		}
		return d[:descLen]
	}
	for i := range n {
		name := fmt.Sprintf("p%d", i)
		names = append(names, name)
		if i%3 == 0 {
			required = append(required, name)
		}
		if i%10 != 0 {
			props[name] = map[string]any{"type": "string", "description": desc(name), "maxLength": 100, "example": "x"}
			continue
		}
		street, geo, lat := name+"_street", name+"_geo", name+"_geo_lat"
		names = append(names, street, geo, lat)
		props[name] = map[string]any{"type": "object", "description": desc(name), "properties": map[string]any{
			street: map[string]any{"type": "string", "description": desc(street)},
			geo: map[string]any{"type": "object", "properties": map[string]any{
				lat: map[string]any{"type": "number", "description": desc(lat)},
			}},
		}}
	}
	return map[string]any{"type": "object", "required": required, "properties": props}, names
}

// reach follows an endpoint's detail through its cursors and collapsed
// schemas, checking every answer against the budget, and returns the
// names of the properties and fields it saw.
func reach(t *testing.T, reg *toolkit.Registry, id string, budget int) map[string]bool {
	t.Helper()
	seen := map[string]bool{}
	queue := []map[string]any{{"endpoint": id}}
	asked := map[string]bool{}
	for len(queue) > 0 {
		args := queue[0]
		queue = queue[1:]
		b, _ := json.Marshal(args)
		if asked[string(b)] {
			continue
		}
		asked[string(b)] = true
		if len(asked) > 5000 {
			t.Fatal("no end to the answers")
		}
		res := run(reg, ToolQueryDocs, string(b))
		if res.IsError || len(res.Text) > budget {
			t.Fatalf("%s: %d bytes: %.300s", b, len(res.Text), res.Text)
		}
		var v any
		if err := json.Unmarshal([]byte(res.Text), &v); err != nil {
			t.Fatalf("%s: %v: %s", b, err, res.Text)
		}
		var walk func(v any)
		walk = func(v any) {
			switch x := v.(type) {
			case map[string]any:
				for k, sub := range x {
					if k == "properties" || k == "fields" || k == "query" || k == "path_params" || k == "headers" || k == "cookies" {
						if m, ok := sub.(map[string]any); ok {
							for name := range m {
								seen[name[strings.LastIndexByte(name, '.')+1:]] = true
							}
						}
					}
					if ptr, ok := sub.(string); ok && k == "schema" && strings.HasPrefix(ptr, "#/") {
						queue = append(queue, map[string]any{"endpoint": id, "schema": ptr})
					}
					walk(sub)
				}
			case []any:
				for _, sub := range x {
					walk(sub)
				}
			}
		}
		walk(v)
		if c, ok := v.(map[string]any)["cursor"].(string); ok {
			next := map[string]any{"cursor": c}
			for k, x := range args {
				if k != "cursor" {
					next[k] = x
				}
			}
			queue = append(queue, next)
		}
	}
	return seen
}

// TestDetailBudget: the detail of a body of 400 described properties
// (66 KB written whole) is within the 6,000-byte budget, and following
// its cursors and collapsed schemas reaches every property, nested ones
// included. A small body is shown whole, as before.
func TestDetailBudget(t *testing.T) {
	for _, n := range []int{400, 40, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			schema, names := wideBody(n, 150)
			c := NewCatalog()
			if err := c.Add(Endpoint{ID: "createCustomer", Method: "POST", Path: "/customers", Summary: "Create a customer",
				Description: strings.Repeat("A long description. ", 500),
				Params:      []Param{{Name: "expand", In: InQuery, Type: toolkit.TypeArray, Description: strings.Repeat("d", 3000)}},
				Body:        &Body{Required: true, Schema: schema}}); err != nil {
				t.Fatal(err)
			}
			reg := newRegistry(t, c, Options{Handler: http.NotFoundHandler()})
			res := run(reg, ToolQueryDocs, `{"endpoint": "createCustomer"}`)
			if len(res.Text) > toolkit.DefaultMaxDiscoveryBytes || res.IsError {
				t.Fatalf("%d bytes: %.300s", len(res.Text), res.Text)
			}
			if !strings.Contains(res.Text, `bytes cut]`) {
				t.Errorf("the long description is not cut with a note: %.300s", res.Text)
			}
			if strings.Contains(res.Text, `"example"`) {
				t.Errorf("examples shown unasked: %.300s", res.Text)
			}
			seen := reach(t, reg, "createCustomer", toolkit.DefaultMaxDiscoveryBytes)
			for _, name := range append(names, "expand") {
				if !seen[name] {
					t.Errorf("%s is never shown", name)
				}
			}
			if n == 4 && strings.Contains(res.Text, `"schema":"#/`) {
				t.Errorf("a small body is collapsed: %s", res.Text)
			}
		})
	}
	// The 400-property body written whole, for the record.
	schema, _ := wideBody(400, 150)
	if b, _ := json.Marshal(schema); len(b) < 60000 {
		t.Errorf("the body schema is only %d bytes", len(b))
	}
}

// TestSchemaPointer: {"endpoint", "schema"} shows a subschema, and says
// what is wrong with a pointer that names none.
func TestSchemaPointer(t *testing.T) {
	reg := newRegistry(t, testCatalog(t), Options{Handler: http.NotFoundHandler()})
	tests := []struct{ args, want string }{
		{`{"endpoint": "putFile", "schema": "#/body/properties/tags/items"}`,
			`{"endpoint":"putFile","schema_of":"#/body/properties/tags/items","schema":{"type":"object","required":["key"],"properties":{"key":{"type":"string"},"value":{"type":["string","null"]}},"additionalProperties":false}}`},
		{`{"endpoint": "listFiles", "schema": "#/query/sort"}`,
			`{"endpoint":"listFiles","schema_of":"#/query/sort","schema":{"type":"string","enum":["name","size"]}}`},
		{`{"endpoint": "putFile", "schema": "#/body/properties/nope"}`, `[error] query_api_docs: endpoint "putFile": schema "#/body/properties/nope": nothing at "nope"`},
		{`{"endpoint": "getFile", "schema": "#/body"}`, `[error] query_api_docs: endpoint "getFile": schema "#/body": this endpoint has no body schema`},
		{`{"endpoint": "getFile", "schema": "body"}`, `[error] query_api_docs: endpoint "getFile": schema "body": a schema pointer starts with "#/body" or "#/query/name" (path_params, headers, cookies likewise)`},
		{`{"schema": "#/body"}`, `[error] query_api_docs: "schema" needs "endpoint": {"endpoint": id, "schema": "#/body/..."}`},
	}
	for _, tt := range tests {
		if got := show(run(reg, ToolQueryDocs, tt.args)); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.args, got, tt.want)
		}
	}
}

// FuzzQueryDocsBudget: no answer of query_api_docs, whatever the
// arguments and however large the catalog's names, descriptions, enums
// and schemas, exceeds the discovery budget (6,000 and 2,000 bytes).
func FuzzQueryDocsBudget(f *testing.F) {
	f.Add(uint16(400), uint8(3), uint16(150), uint8(8), uint16(20), uint8(5), "create customer", "#/body/properties/p10", "0", true)
	f.Add(uint16(5), uint8(30), uint16(20000), uint8(200), uint16(3000), uint8(0), strings.Repeat("k", 18000), "#/query/q0", "3", false)
	f.Add(uint16(0), uint8(0), uint16(0), uint8(0), uint16(5000), uint8(255), "", "", "", false)
	f.Add(uint16(50), uint8(2), uint16(10), uint8(100), uint16(900), uint8(40), "p1", "#/body/properties/p0/properties/p0_geo", "", true)
	f.Fuzz(func(t *testing.T, nProps uint16, depth uint8, descLen uint16, nParams uint8, nameLen uint16, nEnum uint8, keyword, ptr, cursor string, examples bool) {
		nProps, descLen, nameLen, nEnum, nParams = nProps%500, descLen%10000, nameLen%4000, nEnum%64, nParams%128
		long := func(prefix string, n int) string {
			if n <= len(prefix) {
				return prefix
			}
			return prefix + strings.Repeat("x", n-len(prefix))
		}
		enum := make([]any, nEnum)
		for i := range enum {
			enum[i] = long(fmt.Sprintf("v%d", i), int(nameLen)%300)
		}
		// A schema nested depth levels deep, each level with nProps
		// properties, the first of which goes deeper.
		var nest func(level int) map[string]any
		nest = func(level int) map[string]any {
			props := map[string]any{}
			for i := range int(nProps) / max(1, level*level+1) {
				p := map[string]any{"type": "string", "description": long("d", int(descLen)), "enum": enum, "example": long("e", int(descLen))}
				if i == 0 && level < int(depth)%20 {
					p = nest(level + 1)
				}
				props[long(fmt.Sprintf("p%d_%d", level, i), int(nameLen)%300)] = p
			}
			return map[string]any{"type": "object", "description": long("o", int(descLen)), "properties": props, "x-big": long("x", int(descLen))}
		}
		var params []Param
		for i := range int(nParams) {
			params = append(params, Param{Name: long(fmt.Sprintf("q%d", i), int(nameLen)), In: InQuery, Description: long("d", int(descLen)), Enum: enum, Example: long("e", int(descLen))})
		}
		c := NewCatalog()
		c.AddGroup(Group{Name: long("g", int(nameLen)), Description: long("gd", int(descLen))})
		eps := []Endpoint{
			{ID: long("big", int(nameLen)), Group: long("g", int(nameLen)), Method: "POST", Path: long("/b", int(nameLen)), Summary: long("s", int(descLen)),
				Description: long("d", int(descLen)), Params: params, Body: &Body{Schema: nest(0), Example: long("e", int(descLen))}, Extensions: map[string]any{"x-a": long("x", int(descLen))}},
			{ID: "small", Method: "GET", Path: "/small/{id}", Params: []Param{{Name: "id", In: InPath}}},
		}
		if err := c.Add(eps...); err != nil {
			t.Fatal(err)
		}
		for _, budget := range []int{toolkit.DefaultMaxDiscoveryBytes, 2000} {
			reg := toolkit.NewRegistry(&toolkit.Options{MaxDiscoveryBytes: budget})
			a, err := New(c, &Options{Handler: http.NotFoundHandler()})
			if err != nil {
				t.Fatal(err)
			}
			if err := a.Register(reg); err != nil {
				t.Fatal(err)
			}
			ids := []string{cutName(eps[0].ID, budget), "small"}
			var argsList []map[string]any
			for _, id := range ids {
				argsList = append(argsList,
					map[string]any{"endpoint": id, "examples": examples},
					map[string]any{"endpoint": id, "examples": examples, "cursor": cursor},
					map[string]any{"endpoint": id, "schema": ptr, "examples": examples, "cursor": cursor},
					map[string]any{"endpoint": id, "schema": "#/body", "examples": examples})
			}
			argsList = append(argsList, map[string]any{}, map[string]any{"keyword": keyword}, map[string]any{"keyword": keyword, "cursor": cursor},
				map[string]any{"group": cutName(eps[0].Group, budget)}, map[string]any{"group": keyword}, map[string]any{"endpoint": keyword},
				map[string]any{"group": "small", "keyword": keyword})
			for _, args := range argsList {
				b, _ := json.Marshal(args)
				res := run(reg, ToolQueryDocs, string(b))
				if len(res.Text) > budget {
					t.Fatalf("budget %d: %.200s: %d bytes: %.300s", budget, b, len(res.Text), res.Text)
				}
				if !res.IsError && !json.Valid([]byte(res.Text)) {
					t.Fatalf("%.200s: not JSON: %.300s", b, res.Text)
				}
			}
			if nProps < 100 && nParams < 50 && nameLen < 100 {
				seen := reach(t, reg, ids[0], budget)
				if i := slices.IndexFunc(params, func(p Param) bool { return !seen[p.Name] }); i >= 0 {
					t.Errorf("budget %d: parameter %s is never shown", budget, params[i].Name)
				}
			}
		}
	})
}
