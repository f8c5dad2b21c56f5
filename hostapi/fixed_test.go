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
