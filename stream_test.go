package toolkit

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// sseServer writes events, flushing after each, then ends the response.
func sseServer(t *testing.T, contentType string, events ...string) *testServer {
	return newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		f := w.(http.Flusher)
		for _, e := range events {
			fmt.Fprint(w, e)
			f.Flush()
		}
	})
}

func streamTool(stream, vars, result string) string {
	s := `
name: watch
desc: watches a job
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/events
    stream: ` + stream + `
`
	if vars != "" {
		s += "    var:\n" + vars
	}
	if result != "" {
		s += "    result: " + result + "\n"
	}
	return s
}

func TestStreamSSE(t *testing.T) {
	events := []string{
		": hello\n\n",
		"event: progress\nid: 1\ndata: {\"pct\": 10, \"text\": \"He\"}\n\n",
		"event: ping\ndata: {}\n\n",
		"event: progress\nid: 2\ndata: {\"pct\": 60, \"text\": \"llo\"}\n\n",
		"event: done\r\nid: 3\r\ndata: {\"pct\": 100, \"text\": \"!\", \"done\": true}\r\n\r\n",
		"event: progress\ndata: {\"pct\": 999}\n\n", // after until: not read
	}
	tests := []struct {
		name, stream, vars, result, want string
	}{
		{"all, filtered, until", `{events: [progress, done], until: done}`,
			"      - {name: pct, extract: pct}\n      - {name: kind, from: event}\n      - {name: id, from: id}\n",
			`"${step0:pct} ${step0:kind} ${step0:id}"`,
			`[10,60,100] ["progress","progress","done"] ["1","2","3"]`},
		{"last", `{format: sse, collect: last, until: done}`,
			"      - {name: pct, extract: pct}\n      - {name: kind, from: event}\n",
			`"${step0:pct} ${step0:kind}"`, `100 done`},
		{"concat", `{events: [progress, done], collect: concat, until: done}`,
			"      - {name: text, extract: text}\n", `"${step0:text}"`, `Hello!`},
		{"max_events", `{max_events: 2, collect: last}`,
			"      - {name: kind, from: event}\n", `"${step0:kind}"`, `ping`},
		{"raw body, all", `{events: [done], until: done}`, "", "",
			`[{"pct": 100, "text": "!", "done": true}]`},
		{"true by Content-Type, whole stream", `true`, "      - {name: n, extract: pct, default: none}\n", `"${step0:n}"`,
			`[10,60,100,999]`},
	}
	srv := sseServer(t, "text/event-stream; charset=utf-8", events...)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reg := loadRegistry(t, nil, srv.URL, streamTool(tt.stream, tt.vars, tt.result))
			wantText(t, call(t, reg, "watch", `{}`), tt.want)
		})
	}
}

func TestStreamNDJSON(t *testing.T) {
	srv := sseServer(t, "application/x-ndjson", `{"line":1,"msg":"a"}`+"\n", "\n", `{"line":2,"msg":"b"}`+"\r\n", `{"line":3,"msg":"c","end":true}`)
	tests := []struct{ name, stream, want string }{
		{"explicit", `{format: ndjson, until: end}`, `[1,2,3] ["a","b","c"]`},
		{"by Content-Type", `true`, `[1,2,3] ["a","b","c"]`},
		{"last", `{format: ndjson, collect: last}`, `3 c`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reg := loadRegistry(t, nil, srv.URL, streamTool(tt.stream,
				"      - {name: n, extract: line}\n      - {name: m, extract: msg}\n", `"${step0:n} ${step0:m}"`))
			wantText(t, call(t, reg, "watch", `{}`), tt.want)
		})
	}
}

// TestStreamNotStream: stream: true over a JSON answer reads it whole, as
// one event.
func TestStreamNotStream(t *testing.T) {
	srv := sseServer(t, "application/json", `{"pct": 5}`)
	reg := loadRegistry(t, nil, srv.URL, streamTool("true", "      - {name: pct, extract: pct}\n", `"${step0:pct}"`))
	wantText(t, call(t, reg, "watch", `{}`), `[5]`)
}

func TestStreamErrorStatus(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprint(w, `{"error":"busy"}`)
	})
	reg := loadRegistry(t, nil, srv.URL, streamTool("sse", "", ""))
	wantError(t, call(t, reg, "watch", `{}`), "503")
}

func TestStreamNotify(t *testing.T) {
	srv := sseServer(t, "text/event-stream", "data: {\"pct\": 10}\n\n", "data: {\"pct\": 20}\n\n", "data: [DONE]\n\n")
	reg := loadRegistry(t, nil, srv.URL, streamTool(`{collect: last, until: "/^(\\[DONE\\])$/"}`, "      - {name: pct, extract: pct}\n", `"${step0:pct}"`))
	var got []string
	res := call(t, reg, "watch", `{}`, WithNotify(func(n Notice) { got = append(got, n.Capability+" "+n.Text) }))
	wantText(t, res, "20")
	if diff := cmp.Diff([]string{"watch pct: 10", "watch pct: 20", "watch event 3"}, got); diff != "" {
		t.Errorf("notices (-want +got):\n%s", diff)
	}
}

func TestStreamBounds(t *testing.T) {
	big := "data: " + strings.Repeat("x", 2000) + "\n\n"
	srv := sseServer(t, "text/event-stream", big, big, big)
	t.Run("max_event_bytes", func(t *testing.T) {
		reg := loadRegistry(t, nil, srv.URL, streamTool(`{max_event_bytes: 100}`, "", ""))
		wantError(t, call(t, reg, "watch", `{}`), "event 1", "event too large", "max_event_bytes")
	})
	t.Run("max_bytes truncates", func(t *testing.T) {
		reg := loadRegistry(t, nil, srv.URL, streamTool(`{max_bytes: 3000, collect: concat}`, "", ""))
		res := call(t, reg, "watch", `{}`)
		if res.IsError || len(res.Text) != 2000 {
			t.Fatalf("want the first event only, got %d bytes: %.80s", len(res.Text), res.Text)
		}
	})
	t.Run("collected over MaxBodyBytes", func(t *testing.T) {
		reg := loadRegistry(t, &Options{MaxBodyBytes: 5000}, srv.URL, streamTool(`sse`, "", ""))
		wantError(t, call(t, reg, "watch", `{}`), "collected body is over 5000 bytes", "collect: last")
	})
}

func TestStreamLoadErrors(t *testing.T) {
	tests := []struct{ name, stream, vars, want string }{
		{"format", `websocket`, "", `unknown stream format "websocket"`},
		{"collect", `{collect: first}`, "", `unknown collect "first"`},
		{"events with ndjson", `{format: ndjson, events: [a]}`, "", "events applies to SSE"},
		{"max_events", `{max_events: 0}`, "", "must be at least 1"},
		{"unknown field", `{reconnect: true}`, "", "reconnect"},
		{"from", `sse`, "      - {name: a, from: retry}\n", `unknown from "retry"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ds := ParseWorkflow("s.yaml", []byte(streamTool(tt.stream, tt.vars, "")))
			if !strings.Contains(ds.Error(), tt.want) || !strings.Contains(ds.Error(), "s.yaml:") {
				t.Errorf("diagnostics %q, want %q", ds.Error(), tt.want)
			}
		})
	}
	src := `
name: x
desc: x
steps:
  - url: https://example.com/
    var:
      - {name: a, from: event}
`
	if _, ds := ParseWorkflow("f.yaml", []byte(src)); !strings.Contains(ds.Error(), "from applies to a step with stream:") {
		t.Errorf("from without stream: %v", ds)
	}
	src = `
name: x
desc: x
steps:
  - url: https://example.com/
    stream: sse
    cache: true
`
	if _, ds := ParseWorkflow("f.yaml", []byte(src)); !strings.Contains(ds.Error(), "not cached") {
		t.Errorf("stream with cache: %v", ds)
	}
}

// endlessSSE serves SSE events until the client goes away.
func endlessSSE(t *testing.T) (*testServer, func() int) {
	var mu sync.Mutex
	sent := 0
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		f := w.(http.Flusher)
		for i := 0; ; i++ {
			if _, err := fmt.Fprintf(w, "data: {\"n\": %d}\n\n", i); err != nil {
				return
			}
			f.Flush()
			mu.Lock()
			sent++
			mu.Unlock()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(time.Millisecond):
			}
		}
	})
	return srv, func() int { mu.Lock(); defer mu.Unlock(); return sent }
}

// TestStreamCancel: the caller's context ends a stream that never ends.
func TestStreamCancel(t *testing.T) {
	srv, sent := endlessSSE(t)
	reg := loadRegistry(t, nil, srv.URL, streamTool(`{collect: last}`, "      - {name: n, extract: n}\n", `"${step0:n}"`))
	ctx, cancel := context.WithCancel(context.Background())
	args, _ := json.Marshal(map[string]any{"name": "watch", "parameters": map[string]any{}})
	done := make(chan Result, 1)
	var canceled time.Time
	go func() {
		res, _ := reg.Call(ctx, ToolCallCapability, args, WithNotify(func(n Notice) {
			if strings.HasSuffix(n.Text, ": 3") {
				canceled = time.Now()
				cancel() // mid-stream, from the call's own goroutine
			}
		}))
		done <- res
	}()
	select {
	case res := <-done:
		t.Logf("returned %v after the cancel", time.Since(canceled)) // reported, not asserted
		wantError(t, res, "cancel")
	case <-time.After(20 * time.Second): // a hang guard, not a timing assertion
		t.Fatalf("the call did not return after its context was canceled (%d events sent)", sent())
	}
}

// TestStreamTimeout: the step timeout ends a stream with what it gathered.
func TestStreamTimeout(t *testing.T) {
	srv, _ := endlessSSE(t)
	src := strings.Replace(streamTool(`{collect: last}`, "      - {name: n, extract: n}\n", `"last ${step0:n}"`), "stream:", "timeout: 1\n    stream:", 1)
	reg := loadRegistry(t, nil, srv.URL, src)
	res := call(t, reg, "watch", `{}`)
	if res.IsError || !strings.HasPrefix(res.Text, "last ") || res.Text == "last " {
		t.Fatalf("want the last event read before the timeout, got %q (error %v)", res.Text, res.IsError)
	}
}

// TestStreamFlatMemory: 10,000 flushed SSE events with collect: last keep
// the heap flat (sampled every 1,000 events: the last three samples hold
// no more than the first three, but for what other tests' goroutines of
// the process may hold meanwhile) and allocate a bounded number of bytes
// per event, the test server's writes included.
func TestStreamFlatMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("10,000 events")
	}
	const events = 10_000
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		f := w.(http.Flusher)
		buf := make([]byte, 0, 128)
		for i := range events {
			buf = fmt.Appendf(buf[:0], "event: tick\nid: %d\ndata: {\"n\": %d, \"text\": \"some words of a token\"}\n\n", i, i)
			w.Write(buf)
			f.Flush()
		}
	})
	reg := loadRegistry(t, nil, srv.URL, streamTool(`{collect: last}`,
		"      - {name: n, extract: n}\n      - {name: id, from: id}\n", `"${step0:n} ${step0:id}"`))
	heap := func() uint64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	call(t, reg, "watch", `{}`) // warm: connections, pools
	base := heap()
	var samples []uint64
	seen := 0
	notify := WithNotify(func(Notice) {
		if seen++; seen%1000 == 0 {
			samples = append(samples, heap())
		}
	})
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res := call(t, reg, "watch", `{}`, notify)
	runtime.ReadMemStats(&after)
	wantText(t, res, "9999 9999")
	if len(samples) < 9 {
		t.Fatalf("%d samples", len(samples))
	}
	median3 := func(x []uint64) int64 { x = slices.Clone(x); slices.Sort(x); return int64(x[1]) }
	// Over 7,000 events apart: a leak of 40 bytes an event is 280 KB.
	growth := median3(samples[len(samples)-3:]) - median3(samples[:3])
	perEvent := float64(after.TotalAlloc-before.TotalAlloc) / events
	t.Logf("heap from the start %d B at first, %d B at the end (%.1f B/event between); %.0f B allocated per event",
		median3(samples[:3])-int64(base), median3(samples[len(samples)-3:])-int64(base), float64(growth)/7000, perEvent)
	if growth > 256<<10 {
		t.Errorf("the heap grew by %d bytes over 7,000 events: not flat", growth)
	}
	if first := median3(samples[:3]) - int64(base); first > 4<<20 {
		t.Errorf("the stream holds %d bytes after 2,000 events", first)
	}
	if perEvent > 1024 {
		t.Errorf("%.0f bytes allocated per event, over 1 KiB", perEvent)
	}
}

func TestStreamMermaid(t *testing.T) {
	w, ds := ParseWorkflow("s.yaml", []byte(streamTool(`{format: sse, events: [delta, done], until: done, max_events: 50, collect: concat}`, "      - {name: text, extract: text}\n", "")))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if got, want := w.Mermaid(), "stream: sse, collect concat, events delta done, until done, max 50 events"; !strings.Contains(got, want) {
		t.Errorf("Mermaid:\n%s\nwant %q in a step's box", got, want)
	}
}

// TestStreamSecretVar: a var named as a credential is redacted from the
// body and never a notice.
func TestStreamSecretVar(t *testing.T) {
	srv := sseServer(t, "text/event-stream", "data: {\"access_token\": \"tok-AAAA-1111\", \"n\": 1}\n\n", "data: {\"access_token\": \"tok-BBBB-2222\", \"n\": 2}\n\n")
	reg := loadRegistry(t, nil, srv.URL, streamTool(`sse`, "      - {name: access_token, extract: access_token}\n", ""))
	var notes []string
	res := call(t, reg, "watch", `{}`, WithNotify(func(n Notice) { notes = append(notes, n.Text) }))
	if strings.Contains(res.Text, "tok-") || strings.Contains(strings.Join(notes, " "), "tok-") {
		t.Errorf("a secret reached the model or a notice: %q %q", res.Text, notes)
	}
}

// TestStreamCancelBlocked: the caller's context ends a stream whose
// server sent one event and then nothing, the read blocked.
func TestStreamCancelBlocked(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, "data: {\"n\": 1}\n\n")
		w.(http.Flusher).Flush()
		<-r.Context().Done() // never ends by itself
	})
	src := strings.Replace(streamTool(`sse`, "", ""), "stream:", "timeout: 3600\n    stream:", 1)
	reg := loadRegistry(t, nil, srv.URL, src)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	args, _ := json.Marshal(map[string]any{"name": "watch", "parameters": map[string]any{}})
	first := make(chan struct{}, 1)
	done := make(chan Result, 1)
	go func() {
		res, _ := reg.Call(ctx, ToolCallCapability, args, WithNotify(func(Notice) { first <- struct{}{} }))
		done <- res
	}()
	select {
	case <-first:
	case <-time.After(20 * time.Second):
		t.Fatal("no first event")
	}
	time.Sleep(10 * time.Millisecond) // let the read block; not a timing assertion
	canceled := time.Now()
	cancel()
	select {
	case res := <-done:
		t.Logf("returned %v after the cancel", time.Since(canceled)) // reported, not asserted
		wantError(t, res, "cancel")
	case <-time.After(20 * time.Second): // a hang guard
		t.Fatal("the call did not return after its context was canceled")
	}
}
