package toolkit

// Review of issue 30 item 3 (stream: steps) as a hostile upstream server
// and a hostile model would attack it.

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
)

// hangGuard runs f and fails the test when it has not returned in 30 s: a
// guard against a hang, not a timing assertion.
func hangGuard(t *testing.T, what string, f func() Result) Result {
	t.Helper()
	done := make(chan Result, 1)
	go func() { done <- f() }()
	select {
	case res := <-done:
		return res
	case <-time.After(30 * time.Second):
		t.Fatalf("%s: the call did not return", what)
	}
	return Result{}
}

func withTimeout(src string, seconds int) string {
	return strings.Replace(src, "stream:", fmt.Sprintf("timeout: %d\n    stream:", seconds), 1)
}

// endlessChunks writes chunk until the client goes away.
func endlessChunks(ct string, first, chunk string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", ct)
		fmt.Fprint(w, first)
		f := w.(http.Flusher)
		for {
			if _, err := fmt.Fprint(w, chunk); err != nil {
				return
			}
			f.Flush()
			if r.Context().Err() != nil {
				return
			}
		}
	}
}

// TestReview30sKeepAlivesCountInMaxBytes: a server that sends only
// comments, events without data, or events of types the step skips, is
// ended by max_bytes, not only by the step's timeout.
func TestReview30sKeepAlivesCountInMaxBytes(t *testing.T) {
	tests := []struct{ name, stream, chunk, want string }{
		{"comments", `{max_bytes: 100000}`, ": keep-alive\n\n", "[]"},
		{"events without data", `{max_bytes: 100000}`, "event: ping\nid: 1\n\n", "[]"},
		{"skipped types", `{max_bytes: 100000, events: [done]}`, "event: ping\ndata: {}\n\n", "[]"},
		{"JSON lines read as SSE", `{format: sse, max_bytes: 100000}`, "  \"padding\": \"xxxxxxxxxxxxxxxxxxxxxxxx\",\n", "[]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newServer(t, endlessChunks("text/event-stream", "data: 1\n\n", tt.chunk))
			reg := loadRegistry(t, nil, srv.URL, withTimeout(streamTool(tt.stream, "", ""), 3600))
			res := hangGuard(t, tt.name, func() Result { return call(t, reg, "watch", `{}`) })
			want := "[1]"
			if tt.name == "skipped types" {
				want = "[]"
			}
			wantText(t, res, want)
		})
	}
}

// TestReview30sMaxBytesExact: a stream of exactly max_bytes ends at its
// end with every event; the event that crosses the bound is not
// collected.
func TestReview30sMaxBytesExact(t *testing.T) {
	ev := "data: 12345\n\n" // 13 bytes
	srv := sseServer(t, "text/event-stream", ev, ev, ev)
	for _, tt := range []struct {
		max  int
		want string
	}{{39, "[12345,12345,12345]"}, {38, "[12345,12345]"}, {26, "[12345,12345]"}, {25, "[12345]"}} {
		reg := loadRegistry(t, nil, srv.URL, streamTool(fmt.Sprintf(`{max_bytes: %d}`, tt.max), "", ""))
		wantText(t, call(t, reg, "watch", `{}`), tt.want)
	}
}

// TestReview30sNDJSONCutByTimeout: an NDJSON line the step timeout cuts is
// not collected as an event.
func TestReview30sNDJSONCutByTimeout(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/x-ndjson")
		fmt.Fprint(w, "{\"n\": 1}\n{\"n\": 2, \"text\": \"hal")
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	reg := loadRegistry(t, nil, srv.URL, withTimeout(streamTool(`ndjson`, "", ""), 1))
	res := hangGuard(t, "stall", func() Result { return call(t, reg, "watch", `{}`) })
	wantText(t, res, `[{"n": 1}]`)
}

// TestReview30sHeadersThenStall: the step timeout ends a stream whose
// server sent its headers and nothing more, gracefully.
func TestReview30sHeadersThenStall(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(200)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	reg := loadRegistry(t, nil, srv.URL, withTimeout(streamTool(`sse`, "      - {name: n, extract: n, default: none}\n", `"n=${step0:n}"`), 1))
	wantText(t, hangGuard(t, "stall", func() Result { return call(t, reg, "watch", `{}`) }), "n=none")
}

// TestReview30sContentTypeLies: stream: true over a JSON answer far over
// MaxBodyBytes fails at the bound; stream: sse over the same fails at the
// event bound or ends at max_bytes, never reading it all.
func TestReview30sContentTypeLies(t *testing.T) {
	line := strings.Repeat("x", 1000)
	oneLine := newServer(t, endlessChunks("application/json", "[\"", line))
	lines := newServer(t, endlessChunks("application/json", "[\n", "\""+line+"\",\n"))
	opts := &Options{MaxBodyBytes: 1 << 20}
	t.Run("true, JSON", func(t *testing.T) {
		reg := loadRegistry(t, opts, oneLine.URL, withTimeout(streamTool(`true`, "", ""), 3600))
		wantError(t, hangGuard(t, "json", func() Result { return call(t, reg, "watch", `{}`) }), "too large")
	})
	t.Run("sse, one endless line", func(t *testing.T) {
		reg := loadRegistry(t, opts, oneLine.URL, withTimeout(streamTool(`sse`, "", ""), 3600))
		wantError(t, hangGuard(t, "sse", func() Result { return call(t, reg, "watch", `{}`) }), "max_event_bytes")
	})
	t.Run("ndjson, endless lines", func(t *testing.T) {
		reg := loadRegistry(t, opts, lines.URL, withTimeout(streamTool(`{format: ndjson, max_bytes: 200000, collect: last}`, "", ""), 3600))
		res := hangGuard(t, "ndjson", func() Result { return call(t, reg, "watch", `{}`) })
		wantText(t, res, "\""+line+"\",")
	})
}

// TestReview30sGzip: a gzip'd stream is read decompressed, and a small
// compressed answer that expands far is bounded by max_bytes, which
// counts the bytes after decompression.
func TestReview30sGzip(t *testing.T) {
	var small, bomb bytes.Buffer
	zw := gzip.NewWriter(&small)
	fmt.Fprint(zw, "data: {\"n\": 1}\n\ndata: {\"n\": 2}\n\n")
	zw.Close()
	zw = gzip.NewWriter(&bomb)
	fmt.Fprint(zw, "data: 0\n\n")
	keep := []byte(strings.Repeat(": keep-alive\n", 1000))
	for range 8000 { // 104 MB of comments
		zw.Write(keep)
	}
	fmt.Fprint(zw, "data: 1\n\n")
	zw.Close()
	for _, tt := range []struct {
		name string
		body []byte
		want string
	}{{"small", small.Bytes(), `[{"n": 1},{"n": 2}]`}, {"bomb", bomb.Bytes(), `[0]`}} {
		t.Run(tt.name, func(t *testing.T) {
			srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/event-stream")
				w.Header().Set("Content-Encoding", "gzip")
				w.Write(tt.body)
			})
			reg := loadRegistry(t, nil, srv.URL, streamTool(`{max_bytes: 1000000}`, "", ""))
			wantText(t, hangGuard(t, tt.name, func() Result { return call(t, reg, "watch", `{}`) }), tt.want)
		})
	}
}

// TestReview30sUntilErrors: an until expression that cannot apply to an
// event (not JSON, a regex with no match, a JSONPath filter over a
// string) is false on it, and the stream goes on.
func TestReview30sUntilErrors(t *testing.T) {
	srv := sseServer(t, "text/event-stream", "data: hello\n\n", "data: [1, 2\n\n", "data: \"s\"\n\n", "data: {\"done\": 0}\n\n", "data: {\"done\": \"yes\"}\n\n", "data: 9\n\n")
	for _, until := range []string{`done`, `"$.done"`, `"/(y)es/"`} {
		reg := loadRegistry(t, nil, srv.URL, streamTool(`{until: `+until+`, collect: last}`, "      - {name: n, from: id}\n", ""))
		wantText(t, call(t, reg, "watch", `{}`), `{"done": "yes"}`)
	}
}

// TestReview30sInvalidUTF8: bytes that are not UTF-8 in an event's data,
// type or id do not reach the model as such when collected as JSON
// (collect: all). With last or concat the data is handed on as read, as a
// step without stream: hands on a text body (left as it is: a library-wide
// choice, not the stream's).
func TestReview30sInvalidUTF8(t *testing.T) {
	srv := sseServer(t, "text/event-stream", "event: a\xffb\nid: \xfe1\ndata: x\xc3y\n\n", "data: \xed\xa0\x80z\n\n")
	for _, tt := range []struct{ stream, vars, result string }{
		{`sse`, "", ""},
		{`sse`, "      - {name: t, from: event}\n      - {name: i, from: id}\n", `"${step0:t} ${step0:i}"`},
	} {
		reg := loadRegistry(t, nil, srv.URL, streamTool(tt.stream, tt.vars, tt.result))
		res := call(t, reg, "watch", `{}`)
		if res.IsError || !utf8.ValidString(res.Text) {
			t.Errorf("%s: %q (error %v)", tt.stream, res.Text, res.IsError)
		}
	}
}

// TestReview30sConcatBound: collect: concat of large values ends at
// MaxBodyBytes with an error naming the var, having held about that much.
func TestReview30sConcatBound(t *testing.T) {
	big := "data: {\"t\": \"" + strings.Repeat("y", 60000) + "\"}\n\n"
	srv := newServer(t, endlessChunks("text/event-stream", "", big))
	reg := loadRegistry(t, &Options{MaxBodyBytes: 1 << 20}, srv.URL,
		withTimeout(streamTool(`{collect: concat}`, "      - {name: t, extract: t}\n", `"${step0:t}"`), 3600))
	wantError(t, hangGuard(t, "concat", func() Result { return call(t, reg, "watch", `{}`) }), `collected`, "over 1048576 bytes", "collect: last")
}

// TestReview30sSecrets: values of a var named as a credential stay out of
// what the model reads, notices, errors and logs, in every collect mode
// and JSON-escaped in an array.
func TestReview30sSecrets(t *testing.T) {
	const tok1, tok2 = `tok"AAAA\1111</x>`, "tok-BBBB-é2222"
	ev := func(tok, text string) string {
		b, _ := json.Marshal(map[string]string{"access_token": tok, "text": text})
		return "data: " + string(b) + "\n\n"
	}
	srv := sseServer(t, "text/event-stream", ev(tok1, "one "+tok1), ev(tok2, "two "+tok2+" and "+tok1))
	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	for _, collect := range []string{"all", "last", "concat"} {
		for _, vars := range []string{
			"      - {name: text, extract: text}\n      - {name: access_token, extract: access_token}\n",
			"      - {name: access_token, extract: access_token}\n      - {name: text, extract: text}\n",
		} {
			for _, result := range []string{"", `"${step0:access_token} ${step0:text}"`} {
				reg := loadRegistry(t, &Options{Logger: logger}, srv.URL, streamTool(`{max_events: 5, collect: `+collect+`}`, vars, result))
				var notes []string
				res := call(t, reg, "watch", `{}`, WithNotify(func(n Notice) { notes = append(notes, n.Text) }))
				all := res.Text + "\n" + strings.Join(notes, "\n") + "\n" + logs.String()
				for _, s := range []string{"AAAA", "BBBB", "1111", "2222"} {
					if strings.Contains(all, s) {
						t.Errorf("collect %s, result %q: a secret reached the model, a notice or a log:\n%s", collect, result, all)
						break
					}
				}
			}
		}
	}
}

// TestReview30sConcurrentCalls: calls of one stream capability at once
// keep their events apart (run with -race).
func TestReview30sConcurrentCalls(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		id := r.URL.Query().Get("id")
		for i := range 50 {
			fmt.Fprintf(w, "data: {\"id\": %q, \"i\": %d}\n\n", id, i)
			w.(http.Flusher).Flush()
		}
	})
	src := strings.Replace(streamTool(`{collect: concat}`, "      - {name: id, extract: id}\n", `"${step0:id}"`), "/events", "/events?id=${param:id}", 1)
	src = strings.Replace(src, "env: [BASE_URL]", "env: [BASE_URL]\nparams:\n  - {name: id, type: string, required: true, description: id}", 1)
	reg := loadRegistry(t, nil, srv.URL, src)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			id := fmt.Sprintf("c%d", g)
			var notes int
			res := call(t, reg, "watch", `{"id": "`+id+`"}`, WithNotify(func(Notice) { notes++ }))
			if res.Text != strings.Repeat(id, 50) || notes != 50 {
				t.Errorf("call %s: %q, %d notices", id, res.Text, notes)
			}
		})
	}
	wg.Wait()
}

// TestReview30sCredentialNamedDeltaWarns: a stream var named like a
// credential (token, the natural name of an LLM's token deltas) has each
// value redacted and is bounded to 256 values; the tool file loads with a
// warning that says so.
func TestReview30sCredentialNamedDeltaWarns(t *testing.T) {
	src := withTimeout(streamTool(`{collect: concat}`, "      - {name: token, extract: choices.0.delta.content}\n", ""), 60)
	_, ds := ParseWorkflow("s.yaml", []byte(src))
	if !strings.Contains(ds.Error(), "named as a credential") {
		t.Errorf("diagnostics %q, want a warning about the credential name", ds.Error())
	}
}
