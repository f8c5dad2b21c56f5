package mcpserver_test

import (
	"context"
	"encoding/json"
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
