package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolkit-sdk/toolkit/mcpserver"
)

// BenchmarkCallOverhead times a Go capability's call through go-sdk's
// client and the in-memory transport against the same call through
// reg.Call, in alternating rounds in one process, and reports the median
// per-round ratio (mcp/direct) beside the time of an MCP call.
func BenchmarkCallOverhead(b *testing.B) {
	f := newFixture(b, true)
	srv := mcpserver.New(f.reg, nil)
	defer srv.Close()
	cs := connect(b, srv, nil)
	ctx := context.Background()
	args := json.RawMessage(`{"A": 2, "B": 3}`)
	params := &mcp.CallToolParams{Name: "add", Arguments: args}
	const round = 50
	var ratios []float64
	var mcpTotal time.Duration
	b.ResetTimer()
	for done := 0; done < b.N; done += round {
		t0 := time.Now()
		for range round {
			if res, err := cs.CallTool(ctx, params); err != nil || res.IsError {
				b.Fatal(err, res)
			}
		}
		t1 := time.Now()
		for range round {
			if res, err := f.reg.Call(ctx, "add", args); err != nil || res.IsError {
				b.Fatal(err, res)
			}
		}
		t2 := time.Now()
		mcpTotal += t1.Sub(t0)
		ratios = append(ratios, float64(t1.Sub(t0))/float64(t2.Sub(t1)))
	}
	b.StopTimer()
	slices.Sort(ratios)
	b.ReportMetric(ratios[len(ratios)/2], "mcp/direct")
	b.ReportMetric(float64(mcpTotal.Nanoseconds())/float64(len(ratios)*round), "ns/mcp-call")
}

// BenchmarkCallHTTP times one tool call over streamable HTTP (loopback,
// go-sdk's client) at both protocol revisions, against a minimal go-sdk
// server with one hand-written tool at the same revisions and against the
// same call through reg.Call, in rounds that alternate the five sides in a
// random order within one process. It reports each side's median time per
// call and the medians of the per-round ratios: toolkit over go-sdk at each
// revision, and each revision's toolkit call over reg.Call.
func BenchmarkCallHTTP(b *testing.B) {
	f := newFixture(b, true)
	srv := mcpserver.New(f.reg, nil)
	defer srv.Close()
	ours := httptest.NewServer(srv.Handler(nil))
	b.Cleanup(ours.Close) // after the clients' cleanups

	type in struct{ A, B int }
	minimal := mcp.NewServer(&mcp.Implementation{Name: "minimal", Version: "1"}, nil)
	mcp.AddTool(minimal, &mcp.Tool{Name: "add", Description: "Add two integers."},
		func(_ context.Context, _ *mcp.CallToolRequest, x in) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf(`{"sum":%d}`, x.A+x.B)}}}, nil, nil
		})
	sessions := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return minimal }, nil))
	b.Cleanup(sessions.Close)
	stateless := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return minimal },
		&mcp.StreamableHTTPOptions{Stateless: true}))
	b.Cleanup(stateless.Close)

	ctx := context.Background()
	args := json.RawMessage(`{"A": 2, "B": 3}`)
	client := func(url, version string) func() {
		tr := &mcp.StreamableClientTransport{Endpoint: url}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, nil).Connect(ctx, tr,
			&mcp.ClientSessionOptions{ProtocolVersion: version})
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { cs.Close() })
		return func() {
			// New params each call: go-sdk's client writes the 2026-07-28
			// _meta into the params it is given.
			params := &mcp.CallToolParams{Name: "add", Arguments: args}
			if res, err := cs.CallTool(ctx, params); err != nil || res.IsError {
				b.Fatal(url, version, err, res)
			}
		}
	}
	names := []string{"toolkit-2025", "toolkit-2026", "gosdk-2025", "gosdk-2026", "reg.Call"}
	sides := []func(){
		client(ours.URL, sessionVersion), client(ours.URL, statelessVersion),
		client(sessions.URL, sessionVersion), client(stateless.URL, statelessVersion),
		func() {
			if res, err := f.reg.Call(ctx, "add", args); err != nil || res.IsError {
				b.Fatal(err, res)
			}
		},
	}
	const round = 20
	per := make([][]float64, len(sides)) // ns per call, per round
	order := []int{0, 1, 2, 3, 4}
	b.ResetTimer()
	for done := 0; done < b.N || len(per[0]) < 5; done += round {
		rand.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, s := range order {
			t0 := time.Now()
			for range round {
				sides[s]()
			}
			per[s] = append(per[s], float64(time.Since(t0).Nanoseconds())/round)
		}
	}
	b.StopTimer()
	median := func(xs []float64) float64 {
		xs = slices.Clone(xs)
		slices.Sort(xs)
		return xs[len(xs)/2]
	}
	ratio := func(a, c int) float64 {
		r := make([]float64, len(per[a]))
		for i := range r {
			r[i] = per[a][i] / per[c][i]
		}
		return median(r)
	}
	for i, n := range names {
		b.ReportMetric(median(per[i]), "ns/"+n)
	}
	b.ReportMetric(ratio(0, 2), "toolkit/gosdk-2025")
	b.ReportMetric(ratio(1, 3), "toolkit/gosdk-2026")
	b.ReportMetric(ratio(0, 4), "http-2025/reg.Call")
	b.ReportMetric(ratio(1, 4), "http-2026/reg.Call")
}
