package hostapi

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// query_api_docs analyses the first bytes of a megabyte keyword and echoes
// only those, within the discovery budget, for ASCII and CJK text.
func TestHardening26_07_DocsHugeKeyword(t *testing.T) {
	reg := newRegistry(t, testCatalog(t), Options{Handler: http.NotFoundHandler()})
	for _, kw := range []string{strings.Repeat("read file ", 1<<17), strings.Repeat("读取文件", 1<<16)} {
		for _, extra := range []map[string]any{{}, {"group": "files"}} {
			args := map[string]any{"keyword": kw}
			for k, v := range extra {
				args[k] = v
			}
			b, _ := json.Marshal(args)
			res := run(reg, ToolQueryDocs, string(b))
			if res.IsError || len(res.Text) > toolkit.DefaultMaxDiscoveryBytes || !strings.Contains(res.Text, `"keyword_cut":"only the first`) {
				t.Errorf("%v: %d bytes: %.300s", extra, len(res.Text), res.Text)
			}
		}
	}
}

// Error results of query_api_docs quote a few dozen bytes of what the
// model sent.
func TestHardening26_12_DocsErrorsQuoteBriefly(t *testing.T) {
	reg := newRegistry(t, testCatalog(t), Options{Handler: http.NotFoundHandler()})
	huge := strings.Repeat("z", 1<<20)
	for _, args := range []map[string]any{
		{"endpoint": huge}, {"group": huge}, {"cursor": huge}, {huge: "x"}, {"endpoint": "GET " + huge},
	} {
		b, _ := json.Marshal(args)
		res := run(reg, ToolQueryDocs, string(b))
		if !res.IsError || len(res.Text) > 600 || !strings.Contains(res.Text, `…" (1,048,`) {
			t.Errorf("%d bytes: %.300s", len(res.Text), res.Text)
		}
	}
}
