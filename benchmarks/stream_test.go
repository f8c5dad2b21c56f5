package benchmarks

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
	interleaved "github.com/toolkit-sdk/toolkit/internal/interleave"
)

// streamEvents is how many SSE events a stream benchmark reads.
const streamEvents = 10_000

// sseAPI serves /events: streamEvents server-sent events, each flushed as
// it is written.
func sseAPI() *httptest.Server {
	events := make([][]byte, streamEvents)
	for i := range events {
		events[i] = fmt.Appendf(nil, "event: progress\nid: %d\ndata: {\"n\":%d,\"text\":\"token %d\"}\n\n", i, i, i)
	}
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		f := w.(http.Flusher)
		for _, e := range events {
			w.Write(e)
			f.Flush()
		}
	}))
}

const streamBenchTool = `
name: watch
desc: reads a stream of events
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/events
    stream: {format: sse, collect: last}
    var:
      - {name: n, extract: n}
    result: ${step0:n}
`

// sseTwin is the hand-written twin: net/http, a bufio.Scanner over the
// lines, each event's data decoded with encoding/json, the last n kept.
func sseTwin(client *http.Client, url string) (int, error) {
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, url, nil)
	if err != nil {
		return 0, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 4096), 1<<20)
	var data []byte
	last := -1
	for sc.Scan() {
		line := sc.Bytes()
		switch {
		case len(line) == 0:
			if len(data) > 0 {
				var ev struct{ N int }
				if err := json.Unmarshal(data, &ev); err != nil {
					return 0, err
				}
				last = ev.N
				data = data[:0]
			}
		case bytes.HasPrefix(line, []byte("data:")):
			data = append(data, bytes.TrimPrefix(line[5:], []byte(" "))...)
		}
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	if last < 0 {
		return 0, errors.New("no event")
	}
	return last, nil
}

// BenchmarkStreamSSE reads 10,000 flushed SSE events through a capability
// with stream: beside the hand-written twin, interleaved in the process's
// CPU time (the server's work, the same for both, included), and reports
// the bytes each side allocates per event (B/event, base-B/event).
func BenchmarkStreamSSE(b *testing.B) {
	srv := sseAPI()
	defer srv.Close()
	reg := toolkit.NewRegistry(&toolkit.Options{
		Env:          func(k string) (string, bool) { return srv.URL, k == "BASE_URL" },
		Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
		HTTPClient:   &http.Client{Transport: newTransport()},
		AllowPrivate: []string{"127.0.0.1"},
	})
	if _, err := reg.LoadBytes("watch.yaml", []byte(streamBenchTool)); err != nil {
		b.Fatal(err)
	}
	client := &http.Client{Transport: newTransport()}
	want := fmt.Sprint(streamEvents - 1)
	toolkitSide := func() {
		res, err := reg.Call(context.Background(), "watch", nil)
		if err != nil || res.IsError || strings.TrimSpace(res.Text) != want {
			b.Fatalf("watch: %.200q, %v", res.Text, err)
		}
	}
	twin := func() {
		n, err := sseTwin(client, srv.URL+"/events")
		if err != nil || fmt.Sprint(n) != want {
			b.Fatalf("twin: %d, %v", n, err)
		}
	}
	toolkitSide()
	twin()
	alloc := [2]uint64{}
	n := 0
	interleaved.RunAround(b, 1, interleaved.CPU, toolkitSide, twin, func(side int, run func()) {
		before := allocated()
		run()
		alloc[side] += allocated() - before
		if side == 0 {
			n++
		}
	})
	b.ReportMetric(float64(alloc[0])/float64(n)/streamEvents, "B/event")
	b.ReportMetric(float64(alloc[1])/float64(n)/streamEvents, "base-B/event")
}
