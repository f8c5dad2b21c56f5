package toolkit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/toolkit-sdk/toolkit/extract"
	"github.com/toolkit-sdk/toolkit/internal/eventstream"
	"github.com/toolkit-sdk/toolkit/internal/httpx"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
	"github.com/toolkit-sdk/toolkit/template"
)

// Bounds of a stream step when its stream: sets none (docs/streams.md).
const (
	DefaultStreamMaxEvents     = 100_000
	DefaultStreamMaxEventBytes = 1 << 20
	DefaultStreamMaxBytes      = 64 << 20
)

// maxStreamSecrets bounds the values of a var named as a credential
// (isSecretVar) a stream step gathers: each is a secret of the call.
const maxStreamSecrets = 256

// maxNoticeBytes bounds the text of one progress notice of a stream.
const maxNoticeBytes = 200

type collectMode int

const (
	collectAll collectMode = iota
	collectLast
	collectConcat
)

var collectModes = []string{"all", "last", "concat"}

// streamSpec is a step's stream: the response body read as events.
type streamSpec struct {
	format        eventstream.Format // 0: by the response's Content-Type
	events        []string           // SSE event types kept; nil: all
	until         *extract.Expr      // the stream ends after an event on which it is truthy
	maxEvents     int
	maxEventBytes int
	maxBytes      int64
	collect       collectMode
}

var streamFields = []string{"format", "events", "until", "max_events", "max_event_bytes", "max_bytes", "collect"}

// stream compiles a step's stream field: sse, ndjson, true (by the
// response's Content-Type), false, or a mapping of streamFields.
func (c *compiler) stream(s *step, n ast.Node, path string) {
	spec := &streamSpec{maxEvents: DefaultStreamMaxEvents, maxEventBytes: DefaultStreamMaxEventBytes, maxBytes: DefaultStreamMaxBytes}
	switch v := c.resolve(n).(type) {
	case *ast.BoolNode:
		if on, _ := c.boolean(n, path); on {
			s.stream = spec
		}
		return
	case *ast.StringNode:
		spec.format = c.streamFormat(n, path, v.Value)
		s.stream = spec
		return
	}
	fields, ok := c.mapping(n, path, streamFields)
	if !ok {
		return
	}
	s.stream = spec
	var eventsNode ast.Node
	for _, f := range fields {
		fp := path + "." + f.key
		switch f.key {
		case "format":
			if src, ok := c.str(f.value, fp); ok {
				spec.format = c.streamFormat(f.value, fp, src)
			}
		case "events":
			eventsNode = f.value
			items, ok := c.seq(f.value, fp)
			if !ok {
				continue
			}
			for i, item := range items {
				if e, ok := c.str(item, indexPath(fp, i)); ok {
					spec.events = append(spec.events, e)
				}
			}
		case "until":
			spec.until = c.expr(f.value, fp)
		case "max_events":
			spec.maxEvents = c.positive(f.value, fp)
		case "max_event_bytes":
			spec.maxEventBytes = c.positive(f.value, fp)
		case "max_bytes":
			spec.maxBytes = int64(c.positive(f.value, fp))
		case "collect":
			if src, ok := c.str(f.value, fp); ok {
				i := slices.Index(collectModes, src)
				if i < 0 {
					c.errorf(f.value, fp, "unknown collect %q; use all, last or concat", src)
					continue
				}
				spec.collect = collectMode(i)
			}
		}
	}
	if eventsNode != nil && spec.format == eventstream.NDJSON {
		c.errorf(eventsNode, path+".events", "NDJSON lines have no event type; events applies to SSE")
	}
}

func (c *compiler) streamFormat(n ast.Node, path, src string) eventstream.Format {
	switch src {
	case "sse":
		return eventstream.SSE
	case "ndjson":
		return eventstream.NDJSON
	case "auto":
		return 0
	}
	c.errorf(n, path, "unknown stream format %q; use sse, ndjson or true (by the response's Content-Type)", src)
	return 0
}

// checkStream checks what a stream step cannot combine with, and the
// vars' from, which only a stream step has.
func (c *compiler) checkStream(s *step, path string, streamNode, loopNode ast.Node, have map[string]bool) {
	for i, v := range s.vars {
		if v.from == "" || i >= len(c.varNodes) {
			continue
		}
		if s.stream == nil {
			c.errorf(c.varNodes[i], indexPath(path+".var", i)+".from", "from applies to a step with stream:")
		} else if v.expr != nil {
			c.errorf(c.varNodes[i], indexPath(path+".var", i)+".from", "from: %s takes the SSE field whole; extract applies to the data: set one of them", v.from)
		}
	}
	if s.stream == nil {
		return
	}
	for i, v := range s.vars {
		if v.secret && i < len(c.varNodes) {
			c.warnf(c.varNodes[i], indexPath(path+".var", i)+".name", "var %q is named as a credential: each value a stream gives it is redacted from what the model reads, and it may take at most %d; rename it if it holds ordinary text (a model's token deltas, say)", v.name, maxStreamSecrets)
		}
	}
	if !have["timeout"] {
		c.warnf(streamNode, path+".stream", "the step's timeout (default %d s) ends the stream with what it gathered; set timeout for a longer stream", int(DefaultStepTimeout.Seconds()))
	}
	if loopNode != nil {
		c.errorf(streamNode, path+".stream", "a stream step cannot loop; remove loop or stream")
	}
	if have["cache"] {
		c.errorf(streamNode, path+".stream", "a stream step is not cached; remove cache")
	}
}

// varFrom reads a var's from: the SSE field it takes instead of the data.
func (c *compiler) varFrom(v *varSpec, n ast.Node, path string) {
	src, ok := c.str(n, path)
	if !ok {
		return
	}
	if src != "event" && src != "id" && src != "data" {
		c.errorf(n, path, "unknown from %q; use event (the SSE event type), id (the last event ID) or data", src)
		return
	}
	if src != "data" {
		v.from = src
	}
}

// label is the stream in a step's box of the Mermaid picture.
func (sp *streamSpec) label() string {
	format := "by Content-Type"
	if sp.format != 0 {
		format = sp.format.String()
	}
	l := "stream: " + format + ", collect " + collectModes[sp.collect]
	if len(sp.events) > 0 {
		l += ", events " + strings.Join(sp.events, " ")
	}
	if sp.until != nil {
		l += ", until " + sp.until.String()
	}
	if sp.maxEvents != DefaultStreamMaxEvents {
		l += fmt.Sprintf(", max %d events", sp.maxEvents)
	}
	return l
}

// streamFormatOf is the format of a stream the response's Content-Type
// announces, 0 for another type.
func streamFormatOf(h http.Header) eventstream.Format {
	mt, _, _ := mime.ParseMediaType(h.Get("Content-Type"))
	switch mt {
	case "text/event-stream":
		return eventstream.SSE
	case "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines",
		"application/jsonlines", "application/stream+json":
		return eventstream.NDJSON
	}
	return 0
}

// collected is a value a stream step gathers across its events.
type collected struct {
	buf  []byte
	raw  bool // a JSON value (all; last of a non-string)
	set  bool
	n    int // values gathered
	name string
}

func (v *collected) add(mode collectMode, text []byte, raw bool, limit int64) error {
	switch mode {
	case collectLast:
		v.buf = append(v.buf[:0], text...)
		v.raw = raw
	case collectConcat:
		v.buf = append(v.buf, text...)
	default:
		if v.n == 0 {
			v.buf = append(v.buf[:0], '[')
		} else {
			v.buf = append(v.buf, ',')
		}
		if raw {
			v.buf = append(v.buf, text...)
		} else {
			v.buf = jsonstr.Append(v.buf, string(text))
		}
		v.raw = true
	}
	v.set = true
	v.n++
	if int64(len(v.buf)) > limit {
		return fmt.Errorf("the collected %s is over %d bytes (MaxBodyBytes) after %d events; collect: last keeps only the last event's", v.name, limit, v.n)
	}
	return nil
}

func (v *collected) value(mode collectMode) []byte {
	if mode == collectAll {
		return append(v.buf, ']')
	}
	return v.buf
}

// streamState is what a stream step gathered.
type streamState struct {
	vars   []collected
	body   collected
	events int
	end    string // why the stream ended: "end", "until", "max_events", "max_bytes", "timeout"
	// eventDoc is the Doc of the current event's data (doc).
	eventDoc *extract.Doc
}

// doc returns the extraction document of an event's data: one Doc for
// the whole stream, reset for each event.
func (st *streamState) doc(data []byte, opts *extract.Options) *extract.Doc {
	if st.eventDoc == nil {
		st.eventDoc = extract.NewDoc(data, opts)
	} else {
		st.eventDoc.Reset(data)
	}
	return st.eventDoc
}

// streamed returns var i of the stream step s, or extract.ErrNotFound
// when no event gave it a value.
func (r *run) streamed(s *step, i int) (template.Value, error) {
	st := r.streamState
	if st == nil || i >= len(st.vars) || !st.vars[i].set {
		return template.Value{}, extract.ErrNotFound
	}
	v := &st.vars[i]
	return template.Value{Text: string(v.value(s.stream.collect)), Raw: v.raw}, nil
}

// readStream reads the events of the response to stream step s; ctx is the
// request's, which the step timeout cancels. A response that is not a 2xx
// is read whole, as any other step's. The Response's body is the
// collected data of the events.
func (r *run) readStream(s *step, ctx context.Context, hr *http.Response) (*Response, error) {
	limit := r.e.opts.MaxBodyBytes
	if hr.StatusCode < 200 || hr.StatusCode > 299 || s.stream.format == 0 && streamFormatOf(hr.Header) == 0 {
		// Not a stream: read whole, and (2xx) taken as one event.
		data, err := httpx.ReadBody(hr.Body, hr.ContentLength, limit)
		if err != nil {
			return nil, fmt.Errorf("reading the response: %w", err)
		}
		if int64(len(data)) > limit {
			return nil, fmt.Errorf("%w: over %d bytes", ErrBodyTooLarge, limit)
		}
		resp := &Response{StatusCode: hr.StatusCode, Status: hr.Status, Header: hr.Header, Body: data}
		if !resp.OK() {
			return resp, nil
		}
		st := r.newStreamState(s)
		if _, err := r.streamEvent(s, st, eventstream.Event{Data: data}); err != nil {
			return nil, err
		}
		st.end = "end"
		return r.streamResponse(s, st, hr), nil
	}
	format := s.stream.format
	if format == 0 {
		format = streamFormatOf(hr.Header)
	}
	sp := s.stream
	maxEvent := sp.maxEventBytes
	if int64(maxEvent) > limit {
		maxEvent = int(limit)
	}
	// max_bytes bounds every byte read, comments, events without data and
	// skipped types included: a server sending only keep-alives ends there.
	er := eventstream.NewReader(&boundedBody{r: hr.Body, left: sp.maxBytes}, format, maxEvent)
	st := r.newStreamState(s)
	for {
		ev, err := er.Next()
		if err == io.EOF {
			st.end = "end"
			break
		}
		if err != nil {
			if r.ctx.Err() != nil {
				return nil, fmt.Errorf("call canceled after %d events: %w", st.events, r.ctx.Err())
			}
			if err == errStreamMaxBytes {
				st.end = "max_bytes" // the event it cut is not collected
				break
			}
			if context.Cause(ctx) == errStepTimeout || ctx.Err() != nil {
				st.end = "timeout" // the step timeout ends a stream with what it gathered
				break
			}
			if errors.Is(err, eventstream.ErrEventTooLarge) {
				return nil, fmt.Errorf("stream: event %d: %w (max_event_bytes)", st.events+1, err)
			}
			return nil, fmt.Errorf("reading the stream after %d events: %w", st.events, err)
		}
		if sp.events != nil && !slices.Contains(sp.events, ev.Type) {
			continue
		}
		stop, err := r.streamEvent(s, st, ev)
		if err != nil {
			return nil, err
		}
		if stop {
			st.end = "until"
			break
		}
		if st.events >= sp.maxEvents {
			st.end = "max_events"
			break
		}
	}
	if st.end != "end" {
		r.e.opts.Logger.DebugContext(r.ctx, "toolkit: stream ended", "capability", r.w.Name, "step", s.index, "events", st.events, "why", st.end)
	}
	return r.streamResponse(s, st, hr), nil
}

// errStreamMaxBytes is a boundedBody's error past its bound.
var errStreamMaxBytes = errors.New("stream: max_bytes read")

// boundedBody reads at most left bytes of r; past them it returns
// errStreamMaxBytes, or io.EOF when r ends exactly there.
type boundedBody struct {
	r    io.Reader
	left int64
}

func (b *boundedBody) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if b.left <= 0 {
		var one [1]byte
		n, err := b.r.Read(one[:])
		if n > 0 {
			return 0, errStreamMaxBytes
		}
		if err == nil {
			err = errStreamMaxBytes // a reader that returns 0, nil: not waited for
		}
		return 0, err
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	return n, err
}

func (r *run) newStreamState(s *step) *streamState {
	st := &streamState{vars: make([]collected, len(s.vars)), body: collected{name: "body"}}
	for i, v := range s.vars {
		st.vars[i].name = "var " + strconv.Quote(v.name)
	}
	r.streamState = st
	return st
}

// streamEvent extracts the vars of one event and gathers them; stop is
// set when until is truthy on it.
func (r *run) streamEvent(s *step, st *streamState, ev eventstream.Event) (stop bool, err error) {
	st.events++
	limit := r.e.opts.MaxBodyBytes
	mode := s.stream.collect
	var doc *extract.Doc
	note := ""
	rawData := mode == collectAll && json.Valid(ev.Data) // the event's data is kept as JSON, not as a string
	for i, v := range s.vars {
		var text []byte
		raw := false
		switch {
		case v.from == "event":
			text = []byte(ev.Type)
		case v.from == "id":
			text = []byte(ev.ID)
		case v.expr == nil:
			text, raw = ev.Data, rawData
		default:
			if doc == nil {
				doc = st.doc(ev.Data, r.e.opts.Extract)
			}
			val, err := v.expr.Eval(doc)
			if err != nil {
				continue // this event does not have it
			}
			text, raw = []byte(val.Text), val.Kind != extract.String
		}
		if v.secret {
			// Each value is a secret of the call, in the collected value
			// and the body alike; a bound keeps the redactor's list short.
			if st.vars[i].n >= maxStreamSecrets {
				return false, fmt.Errorf("stream: var %q is named as a credential and took more than %d values; extract it in a step without stream", v.name, maxStreamSecrets)
			}
			r.secrets.Add(string(text))
		} else if note == "" && len(text) > 0 {
			note = v.name + ": " + string(text)
		}
		if err := st.vars[i].add(mode, text, raw, limit); err != nil {
			return false, fmt.Errorf("stream: %w", err)
		}
	}
	if err := st.body.add(mode, ev.Data, rawData, limit); err != nil {
		return false, fmt.Errorf("stream: %w", err)
	}
	if r.notify != nil {
		if note == "" {
			note = fmt.Sprintf("event %d", st.events)
		}
		note, _ = textcut.Prefix(r.secrets.Redact(note), maxNoticeBytes)
		r.notify(Notice{Capability: r.w.Name, Text: note})
	}
	if s.stream.until != nil {
		if doc == nil {
			doc = st.doc(ev.Data, r.e.opts.Extract)
		}
		return truthy(s.stream.until, doc), nil
	}
	return false, nil
}

// streamResponse is the Response of a stream step: its status and
// headers, and the collected data as its body (a JSON array for collect:
// all).
func (r *run) streamResponse(s *step, st *streamState, hr *http.Response) *Response {
	h := hr.Header.Clone()
	body := st.body.value(s.stream.collect)
	if !st.body.set {
		body = nil
	}
	switch {
	case s.stream.collect == collectAll && st.body.set:
		h.Set("Content-Type", "application/json")
	case json.Valid(body):
		h.Set("Content-Type", "application/json")
	default:
		h.Set("Content-Type", "text/plain; charset=utf-8")
	}
	if s.stream.collect == collectAll && !st.body.set {
		body = []byte("[]")
		h.Set("Content-Type", "application/json")
	}
	return &Response{StatusCode: hr.StatusCode, Status: hr.Status, Header: h, Body: body}
}
