package benchmarks

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/toolkit-sdk/toolkit"
	interleaved "github.com/toolkit-sdk/toolkit/internal/interleave"
)

// BenchmarkCodeMode times a run_script script making two calls of the
// order chain (its token cached) against the same two calls through
// Registry.Call, in alternating rounds, over the in-memory transport: the
// cost of code mode itself. It reports the ratio and "excess-µs", the
// median per call of what the script takes beyond 1.2x the two calls; its
// budget is 100 µs (docs/performance.md).
func BenchmarkCodeMode(b *testing.B) {
	env := map[string]string{"BASE_URL": "http://api.test", "CLIENT_ID": "demo", "CLIENT_SECRET": "s3cr3t-value"}
	reg := toolkit.NewRegistry(&toolkit.Options{
		HTTPClient:   &http.Client{Transport: cannedTransport{}},
		AllowPrivate: []string{"api.test"},
		Env:          func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
		CodeMode:     true,
	})
	if _, err := reg.LoadBytes("orders.yaml", []byte(strings.Replace(tokenChainYAML, "cache: true", "cache: {ttl: 3600}", 1))); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	calls := [][]byte{
		[]byte(`{"name":"get_order","parameters":{"order_id":"A-1001"}}`),
		[]byte(`{"name":"get_order","parameters":{"order_id":"A-1002"}}`),
	}
	script, _ := json.Marshal(map[string]string{"script": `return [call('get_order', {order_id: 'A-1001'}), call('get_order', {order_id: 'A-1002'})];`})
	want := `["Order: A-1001\nStatus: shipped\nAmount: 1234567.89\n","Order: A-1002\nStatus: shipped\nAmount: 1234567.89\n"]`
	viaScript := func() {
		res, err := reg.Call(ctx, toolkit.ToolRunScript, script)
		if err != nil || res.Text != want {
			b.Fatalf("script: %q, %v", res.Text, err)
		}
	}
	viaCalls := func() {
		for _, args := range calls {
			if res, err := reg.Call(ctx, toolkit.ToolCallCapability, args); err != nil || res.IsError {
				b.Fatalf("call: %q, %v", res.Text, err)
			}
		}
	}
	viaScript()
	viaCalls()
	const n = 100
	var round [2]time.Duration
	var excess []float64
	interleaved.RunAround(b, n, interleaved.Wall, viaScript, viaCalls, func(side int, run func()) {
		start := time.Now()
		run()
		round[side] = time.Since(start)
		if round[0] > 0 && round[1] > 0 {
			excess = append(excess, (float64(round[0])-1.2*float64(round[1]))/n/1e3)
			round = [2]time.Duration{}
		}
	})
	if len(excess) > 0 {
		slices.Sort(excess)
		b.ReportMetric(excess[len(excess)/2], "excess-µs")
	}
}
