package hostapi

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestCallDiscriminators: an endpoint loaded from a path with a
// discriminator sends its fixed query pairs and headers, as AWS and
// flickr expect, and the model cannot send them itself.
func TestCallDiscriminators(t *testing.T) {
	c := loadFile(t, "testdata/aws-discriminators.json")
	reg := newRegistry(t, c, Options{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s %s target=%q", r.Method, r.URL.RequestURI(), r.Header.Get("X-Amz-Target"))
	})})
	tests := []struct{ args, want string }{
		{`{"endpoint": "GetItem", "body": {}}`, `POST / target="DynamoDB_20120810.GetItem"`},
		{`{"endpoint": "GET_DescribeInstances", "query": {"Version": "2016-11-15"}}`, `GET /?Action=DescribeInstances&Version=2016-11-15 target=""`},
		{`{"endpoint": "photosSearch", "query": {"text": "cats"}}`, `GET /rest?method=flickr.photos.search&text=cats target=""`},
		{`{"endpoint": "GET /alerts?lat={lat}&lon={lon}", "query": {"lat": 1.5, "lon": "2"}}`, `GET /alerts?lat=1.5&lon=2 target=""`},
		{`{"endpoint": "analyzeStream"}`, `POST /analyze target=""`},
	}
	for _, tt := range tests {
		res := run(reg, ToolCall, tt.args)
		if res.IsError || !strings.HasSuffix(res.Text, "\n"+tt.want) {
			t.Errorf("%s:\n got %s\nwant %s", tt.args, res.Text, tt.want)
		}
	}
	res := run(reg, ToolCall, `{"endpoint": "PutItem", "headers": {"X-Amz-Target": "DynamoDB_20120810.DeleteTable"}}`)
	if !res.IsError {
		t.Errorf("the model set a fixed header: %s", res.Text)
	}
}

func TestAddFixedChecked(t *testing.T) {
	tests := []struct {
		fixed FixedParam
		want  string
	}{
		{FixedParam{In: InHeader, Name: "Authorization", Value: "x"}, `fixed header "Authorization" is reserved`},
		{FixedParam{In: InHeader, Name: "X-A b", Value: "x"}, `not a valid header name`},
		{FixedParam{In: InPath, Name: "id", Value: "x"}, `location "path" is not query or header`},
		{FixedParam{In: InQuery, Name: "a", Value: "x\r\ny"}, `value holds control characters`},
		{FixedParam{In: InQuery, Name: "", Value: "x"}, `fixed parameter 0 has no name`},
		{FixedParam{In: InQuery, Name: "q", Value: "x"}, `query parameter "q" is both fixed and a parameter`},
	}
	for _, tt := range tests {
		c := NewCatalog()
		err := c.Add(Endpoint{Method: "GET", Path: "/a", Params: []Param{{Name: "q", In: InQuery}}, Fixed: []FixedParam{tt.fixed}})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: error %v, want %q", tt.fixed, err, tt.want)
		}
	}
	c := NewCatalog()
	if err := c.Add(Endpoint{Method: "POST", Path: "/", Fixed: []FixedParam{{In: InHeader, Name: "x-amz-target", Value: "S.Op"}}}); err != nil {
		t.Fatal(err)
	}
	if e, _ := c.Endpoint("POST /"); e.Fixed[0].Name != "X-Amz-Target" {
		t.Errorf("header name %q, want it canonical", e.Fixed[0].Name)
	}
}

// fixedRawDoc writes fixed query pairs in a path as documents do: a + that
// a server may read as a space or as itself, an escaped +, a bare name, a
// % that begins no escape, a space and a character past ASCII (which a
// query cannot hold as they are), and an escape in a name.
const fixedRawDoc = `openapi: 3.1.0
info: {title: t, version: "1"}
paths:
  /x?k=a+b&m=c%2Bd&flag&n=100%&s=é ü&my%20name=x%2fy:
    get:
      operationId: x
      parameters:
        - {name: q, in: query, schema: {type: string}}
      responses: {"200": {description: ok}}
`

// TestFixedPairsAsWritten: a document's fixed query pairs are sent as its
// path writes them, a + as a + and %2B as %2B, so that a server reads the
// value the document shows whether it takes + for a space (a form) or for
// itself (RFC 3986); only what a query cannot hold is escaped. Endpoint
// shows them decoded, as url.QueryUnescape reads them.
func TestFixedPairsAsWritten(t *testing.T) {
	c, ds := ParseOpenAPI("fixed.yaml", []byte(fixedRawDoc), nil)
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	e, _ := c.Endpoint("x")
	var fs []string
	for _, f := range e.Fixed {
		fs = append(fs, fmt.Sprintf("%s=%s (%s)", f.Name, f.Value, f.Raw))
	}
	if got, want := strings.Join(fs, " "), "k=a b (k=a+b) m=c+d (m=c%2Bd) flag= (flag) n=100% (n=100%) s=é ü (s=é ü) my name=x/y (my%20name=x%2fy)"; got != want {
		t.Errorf("fixed %s\n want %s", got, want)
	}
	var raw string
	reg := newRegistry(t, c, Options{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { raw = r.URL.RawQuery })})
	if res := run(reg, ToolCall, `{"endpoint": "x", "query": {"q": "a b"}}`); res.IsError {
		t.Fatal(res.Text)
	}
	if want := "flag&k=a+b&m=c%2Bd&my%20name=x%2fy&n=100%25&q=a%20b&s=%C3%A9%20%C3%BC"; raw != want {
		t.Errorf("query %s\n want %s", raw, want)
	}

	// A Raw the host gives must read as its Name and Value, and is sent
	// with & and # escaped: it cannot add a pair.
	for _, tt := range []struct {
		f   FixedParam
		err string
	}{
		{FixedParam{In: InQuery, Name: "k", Value: "a b", Raw: "k=a+c"}, `Raw "k=a+c" reads as "k"="a c"`},
		{FixedParam{In: InHeader, Name: "X-K", Value: "v", Raw: "X-K=v"}, "only a query pair has a Raw form"},
		{FixedParam{In: InQuery, Name: "k", Value: "v&api_key=x#f", Raw: "k=v&api_key=x#f"}, ""},
	} {
		c := NewCatalog()
		err := c.Add(Endpoint{ID: "e", Method: "GET", Path: "/e", Fixed: []FixedParam{tt.f}})
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%+v: %v, want %s", tt.f, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		reg := newRegistry(t, c, Options{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { raw = r.URL.RawQuery })})
		if res := run(reg, ToolCall, `{"endpoint": "e"}`); res.IsError {
			t.Fatal(res.Text)
		}
		if want := "k=v%26api_key=x%23f"; raw != want {
			t.Errorf("query %s\n want %s", raw, want)
		}
	}
}
