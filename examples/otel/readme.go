package main

// docs/observability.md's Observer block, verbatim, against the real OpenTelemetry API
// (the root's TestReadmeGo checks that it stands here).

import (
	"context"

	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolkit-sdk/toolkit"
)

// The Observer block of docs/observability.md.
func readmeObserver(tracer trace.Tracer, latency metric.Float64Histogram) *toolkit.Registry {
	reg := toolkit.NewRegistry(&toolkit.Options{Observer: &toolkit.Observer{
		CallStart: func(ctx context.Context, c toolkit.CallInfo) context.Context {
			ctx, _ = tracer.Start(ctx, "call "+c.Capability)
			return ctx
		},
		CallEnd: func(ctx context.Context, c toolkit.CallInfo) {
			trace.SpanFromContext(ctx).End() // c.IsError, c.Elapsed
		},
		RequestEnd: func(ctx context.Context, r toolkit.RequestInfo) {
			latency.Record(ctx, r.Elapsed.Seconds()) // r.Method, r.URL, r.Status, r.Bytes, r.Attempts, r.Err
		},
	}})
	return reg
}
