package hostapi

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// Error results of call_api quote a few dozen bytes of what the model
// sent: an unknown argument's name (and one that is not an object) was
// quoted in full.
func TestHardening26_12_CallErrorsQuoteBriefly(t *testing.T) {
	reg := newRegistry(t, testCatalog(t), Options{Handler: http.NotFoundHandler()})
	huge := strings.Repeat("z", 1<<20)
	for _, args := range []map[string]any{
		{huge: "x", "endpoint": "listFiles"},
		{"endpoint": huge},
		{"endpoint": "listFiles", "query": map[string]any{"limit": 1, huge: 1}},
		{"endpoint": "listFiles", "query": map[string]any{"limit": huge}},
		{"endpoint": "listFiles", "query": map[string]any{"limit": 1, "sort": huge}},
		{"endpoint": "getFile", "path_params": map[string]any{"name": "a"}, "headers": map[string]any{"x-request-id": huge + "\n"}},
		{"endpoint": "getFile", "path_params": map[string]any{"name": "a"}, "headers": map[string]any{huge: "1"}},
		{"endpoint": "getFile", "path_params": map[string]any{"name": "a"}, "cookies": map[string]any{huge: "1"}},
	} {
		b, _ := json.Marshal(args)
		res := run(reg, ToolCall, string(b))
		if !res.IsError || len(res.Text) > 1000 {
			t.Errorf("%d bytes: %.300s", len(res.Text), res.Text)
		}
	}
	// The tool's schema refuses an unknown argument before callArgs does;
	// callArgs quotes it briefly too.
	if _, err := callArgs(map[string]any{huge: "x"}); err == nil || len(err.Error()) > 300 {
		t.Errorf("callArgs: %d bytes: %.300v", len(err.Error()), err)
	}
}
