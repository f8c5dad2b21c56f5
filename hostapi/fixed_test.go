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
