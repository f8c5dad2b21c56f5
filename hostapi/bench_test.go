package hostapi

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
)

func BenchmarkLoadOpenAPI500(b *testing.B) {
	doc := generateDoc(25, 10)
	b.ReportAllocs()
	for b.Loop() {
		if _, ds := ParseOpenAPI("", doc, nil); ds.HasErrors() {
			b.Fatal(ds)
		}
	}
}

func BenchmarkQueryDocs(b *testing.B) {
	c, ds := ParseOpenAPI("", generateDoc(25, 10), nil)
	err := refused(ds)
	if err != nil {
		b.Fatal(err)
	}
	reg := newRegistry(b, c, Options{Handler: http.NotFoundHandler()})
	for _, bc := range []struct{ name, args string }{
		{"overview", `{}`},
		{"group", `{"group": "group07"}`},
		{"endpoint", `{"endpoint": "put_07_003"}`},
		{"keyword", `{"keyword": "replace item 3"}`},
	} {
		b.Run(bc.name, func(b *testing.B) {
			args := json.RawMessage(bc.args)
			b.ReportAllocs()
			for b.Loop() {
				if res, _ := reg.Call(context.Background(), ToolQueryDocs, args); res.IsError {
					b.Fatal(res.Text)
				}
			}
		})
	}
}

func BenchmarkCallInProcess(b *testing.B) {
	reg := newRegistry(b, testCatalog(b), Options{Handler: http.HandlerFunc(echo)})
	args := json.RawMessage(`{"endpoint": "putFile", "path_params": {"name": "n"}, "body": {"content": "hi", "tags": [{"key": "k"}]}}`)
	b.ReportAllocs()
	for b.Loop() {
		if res, _ := reg.Call(context.Background(), ToolCall, args, hostAuth); res.IsError {
			b.Fatal(res.Text)
		}
	}
}
