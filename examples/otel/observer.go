package main

import (
	"context"
	"fmt"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolkit-sdk/toolkit"
)

// Observer reports toolkit's events to tracer: a span per capability call,
// a child span per HTTP request and per YQCloud hook run, and the steps and
// cache lookups as events on the call's span. Attribute names follow the
// OpenTelemetry semantic conventions where there is one.
func Observer(tracer trace.Tracer) *toolkit.Observer {
	return &toolkit.Observer{
		CallStart: func(ctx context.Context, c toolkit.CallInfo) context.Context {
			ctx, _ = tracer.Start(ctx, "call "+c.Capability, trace.WithAttributes(
				attribute.String("toolkit.capability", c.Capability),
				attribute.String("toolkit.category", c.Category)))
			return ctx
		},
		CallEnd: func(ctx context.Context, c toolkit.CallInfo) {
			span := trace.SpanFromContext(ctx)
			span.SetAttributes(attribute.Bool("toolkit.is_error", c.IsError))
			if c.IsError {
				span.SetStatus(codes.Error, "the model got an error result")
			}
			span.End()
		},
		Step: func(ctx context.Context, s toolkit.StepInfo) {
			trace.SpanFromContext(ctx).AddEvent("step", trace.WithAttributes(
				attribute.Int("toolkit.step", s.Index), attribute.Bool("toolkit.cached", s.Cached)))
		},
		Cache: func(ctx context.Context, c toolkit.CacheInfo) {
			trace.SpanFromContext(ctx).AddEvent("cache", trace.WithAttributes(
				attribute.Int("toolkit.step", c.Step), attribute.Bool("toolkit.cache_hit", c.Hit)))
		},
		RequestStart: func(ctx context.Context, r toolkit.RequestInfo) context.Context {
			ctx, _ = tracer.Start(ctx, r.Method, trace.WithSpanKind(trace.SpanKindClient), trace.WithAttributes(
				attribute.String("http.request.method", r.Method),
				attribute.String("url.full", r.URL))) // no query: toolkit leaves it out
			return ctx
		},
		RequestEnd: func(ctx context.Context, r toolkit.RequestInfo) {
			span := trace.SpanFromContext(ctx)
			if r.Status != 0 {
				span.SetAttributes(attribute.Int("http.response.status_code", r.Status),
					attribute.Int("http.response.body.size", r.Bytes))
			}
			if r.Attempts > 1 {
				span.SetAttributes(attribute.Int("http.request.resend_count", r.Attempts-1))
			}
			switch {
			case r.Err != nil:
				span.RecordError(r.Err)
				span.SetStatus(codes.Error, r.Err.Error())
			case r.Status >= 500:
				span.SetStatus(codes.Error, fmt.Sprintf("HTTP %d", r.Status))
			}
			span.End()
		},
		HookStart: func(ctx context.Context, h toolkit.HookInfo) context.Context {
			ctx, _ = tracer.Start(ctx, "hook "+h.Hook, trace.WithAttributes(
				attribute.String("yqcloud.function", h.Function),
				attribute.String("yqcloud.hook", h.Hook)))
			return ctx
		},
		HookEnd: func(ctx context.Context, h toolkit.HookInfo) {
			span := trace.SpanFromContext(ctx)
			if h.Err != nil {
				span.RecordError(h.Err)
				span.SetStatus(codes.Error, h.Err.Error())
			}
			span.End()
		},
	}
}
