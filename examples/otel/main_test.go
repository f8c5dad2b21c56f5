package main

import (
	"context"
	"io"
	"strings"
	"testing"

	"go.opentelemetry.io/otel/attribute"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
)

// TestSpans: each call is a root span with its requests and hook runs as
// children, carrying the attributes the Observer sets and no secret.
func TestSpans(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	if err := run(context.Background(), tp, io.Discard); err != nil {
		t.Fatal(err)
	}
	spans := rec.Ended()
	byID := map[trace.SpanID]sdktrace.ReadOnlySpan{}
	for _, s := range spans {
		byID[s.SpanContext().SpanID()] = s
	}
	// Each span as "parent > name", in the order the spans ended.
	var got []string
	for _, s := range spans {
		line := s.Name()
		if p, ok := byID[s.Parent().SpanID()]; ok {
			line = p.Name() + " > " + line
		} else if s.Parent().IsValid() {
			t.Errorf("span %s has a parent that was not recorded", s.Name())
		}
		got = append(got, line)
	}
	want := []string{
		"call get_order > POST", "call get_order > GET", "call get_order",
		"call get_order > GET", "call get_order",
		"call search_kb > GET", "call search_kb > hook responseParser", "call search_kb",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("spans:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	attrs := func(s sdktrace.ReadOnlySpan) map[attribute.Key]string {
		m := map[attribute.Key]string{}
		for _, a := range s.Attributes() {
			m[a.Key] = a.Value.String()
		}
		return m
	}
	post, get, call := attrs(spans[0]), attrs(spans[1]), attrs(spans[2])
	if spans[0].SpanKind() != trace.SpanKindClient || post["http.request.method"] != "POST" || post["http.response.status_code"] != "200" ||
		!strings.HasSuffix(post["url.full"], "/auth/token") || post["http.response.body.size"] == "" {
		t.Errorf("token request span: %v %v", spans[0].SpanKind(), post)
	}
	if !strings.HasSuffix(get["url.full"], "/orders/A-1") { // the query (fields=status) is left out
		t.Errorf("order request's url.full = %q", get["url.full"])
	}
	if call["toolkit.capability"] != "get_order" || call["toolkit.category"] != "http" || call["toolkit.is_error"] != "false" {
		t.Errorf("call span: %v", call)
	}
	var events []string
	for _, e := range spans[4].Events() { // the second call: the token comes from the cache
		events = append(events, e.Name)
		for _, a := range e.Attributes {
			events = append(events, string(a.Key)+"="+a.Value.String())
		}
	}
	if got, want := strings.Join(events, " "), "cache toolkit.step=0 toolkit.cache_hit=true step toolkit.step=0 toolkit.cached=true step toolkit.step=1 toolkit.cached=false"; got != want {
		t.Errorf("second call's events:\n got %s\nwant %s", got, want)
	}
	if hook := attrs(spans[6]); hook["yqcloud.function"] != "search_kb" || hook["yqcloud.hook"] != "responseParser" {
		t.Errorf("hook span: %v", hook)
	}
	for _, s := range spans {
		for k, v := range attrs(s) {
			for _, secret := range []string{"s3cr3t-value", "tok-7f3a9c", "user-token-123", "?"} {
				if strings.Contains(v, secret) {
					t.Errorf("span %s: %s=%s holds %q", s.Name(), k, v, secret)
				}
			}
		}
	}
}
