// Package eventstream reads the events of a streamed HTTP response body:
// server-sent events (text/event-stream) by the WHATWG HTML standard's
// parsing rules, and newline-delimited JSON (one value a line).
//
//	r := eventstream.NewReader(resp.Body, eventstream.SSE, 1<<20)
//	for {
//		ev, err := r.Next()
//		if err != nil {
//			break // io.EOF at the end of the stream
//		}
//		use(ev.Type, ev.ID, ev.Data)
//	}
//
// An event's Data is valid until the next call of Next. The reader holds
// one buffer of at most the size of the largest event (bounded by the
// maximum given to NewReader), whatever the stream's length. A Reader is
// not safe for concurrent use.
package eventstream

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"
)

// Format is the framing of a stream.
type Format int

const (
	// SSE is text/event-stream: fields, events ended by a blank line.
	SSE Format = iota + 1
	// NDJSON is one JSON value a line (application/x-ndjson,
	// application/jsonl); blank lines are skipped.
	NDJSON
)

func (f Format) String() string {
	switch f {
	case SSE:
		return "sse"
	case NDJSON:
		return "ndjson"
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// ErrEventTooLarge reports an event (or one line of it) over the maximum
// the Reader was made with.
var ErrEventTooLarge = errors.New("event too large")

// Event is one event of a stream.
type Event struct {
	// Type is an SSE event's type ("message" when its event field is
	// absent or empty); "" for NDJSON.
	Type string
	// ID is the SSE stream's last event ID when the event was dispatched
	// (an id field persists across events, as the standard says); "" for
	// NDJSON.
	ID string
	// Data is an SSE event's data lines joined with "\n", or an NDJSON
	// line without its line break. Valid until the next call of Next.
	Data []byte
}

// DefaultMaxEventBytes is the event bound of a Reader made with max <= 0.
const DefaultMaxEventBytes = 1 << 20

const readChunk = 4096

// Reader reads the events of one stream.
type Reader struct {
	src     io.Reader
	format  Format
	max     int
	lineMax int // max, and for SSE room for the longest field name and colon

	buf    []byte // bytes read and not yet consumed: buf[start:end]
	start  int
	end    int
	err    error // the source's error, once it returned one
	skipLF bool  // the last line ended in CR: a following LF is part of it
	scan   int   // buf[start:start+scan] holds no line end: not searched again
	bom    bool  // the start of the stream was checked for a BOM
	read   int64 // bytes read from src

	// SSE state (the standard's buffers).
	data     []byte
	hasData  bool // a data field was seen since the last dispatch
	typ      []byte
	lastID   []byte
	idStr    string // lastID as a string, kept while it stays the same
	typStr   string // the last dispatched type, kept while it stays the same
	retry    time.Duration
	retrySet bool
}

// NewReader returns a Reader of src's events in format f. max bounds one
// event (an SSE event's data, type and id together, or an NDJSON line) in
// bytes; max <= 0 means DefaultMaxEventBytes.
func NewReader(src io.Reader, f Format, max int) *Reader {
	if max <= 0 {
		max = DefaultMaxEventBytes
	}
	r := &Reader{src: src, format: f, max: max, lineMax: max}
	if f != NDJSON {
		r.lineMax += sseFieldSlack // a value of max bytes and its field
	}
	return r
}

// sseFieldSlack is how much longer than the event bound an SSE line may be.
const sseFieldSlack = len("event: ")

// Offset is how many bytes of the stream the events returned so far took
// (comments and skipped lines included); the Reader may have read more.
func (r *Reader) Offset() int64 { return r.read - int64(r.end-r.start) }

// Retry returns the reconnection time the stream's last valid retry field
// set, and whether one did.
func (r *Reader) Retry() (time.Duration, bool) { return r.retry, r.retrySet }

// LastEventID returns the SSE stream's last event ID so far.
func (r *Reader) LastEventID() string { return r.id() }

// Next returns the next event. At the end of the stream it returns io.EOF
// (an SSE event not ended by a blank line is discarded, as the standard
// says; a last NDJSON line without a line break is an event). Any other
// error is the source's, or ErrEventTooLarge wrapped with the bound.
func (r *Reader) Next() (Event, error) {
	if r.format == NDJSON {
		return r.nextLine()
	}
	return r.nextSSE()
}

// line returns the next line without its terminator (CR, LF or CRLF), and
// ok false at the end of the source (err then says why: io.EOF or the
// source's error). eofLine: a last line without a terminator is returned
// at io.EOF (NDJSON); else, or when another error cut it, it is dropped.
// Each byte is searched for a line end once, however the source splits
// the line.
func (r *Reader) line(eofLine bool) (line []byte, err error) {
	for {
		if r.skipLF && r.start < r.end {
			if r.buf[r.start] == '\n' {
				r.start++
				r.scan = 0
			}
			r.skipLF = false
		}
		if !r.bom {
			r.checkBOM()
		}
		if r.bom {
			rest := r.buf[r.start:r.end]
			i := bytes.IndexAny(rest[r.scan:], "\r\n")
			if i >= 0 {
				i += r.scan
			}
			if i > r.lineMax {
				return nil, fmt.Errorf("%w: a line over %d bytes", ErrEventTooLarge, r.lineMax)
			} else if i >= 0 {
				line = rest[:i]
				r.start += i + 1
				r.scan = 0
				if rest[i] == '\r' {
					r.skipLF = true
				}
				return line, nil
			}
			r.scan = len(rest)
			if len(rest) > r.lineMax {
				return nil, fmt.Errorf("%w: a line over %d bytes", ErrEventTooLarge, r.lineMax)
			}
		}
		if r.err != nil {
			rest := r.buf[r.start:r.end]
			r.start, r.scan = r.end, 0
			if eofLine && r.err == io.EOF && len(rest) > r.lineMax {
				return nil, fmt.Errorf("%w: a line over %d bytes", ErrEventTooLarge, r.lineMax)
			}
			if eofLine && r.err == io.EOF && len(rest) > 0 {
				return rest, nil
			}
			return nil, r.err
		}
		r.fill()
	}
}

// checkBOM drops a UTF-8 byte order mark at the start of the stream, once
// enough bytes have arrived to tell.
func (r *Reader) checkBOM() {
	const bom = "\xEF\xBB\xBF"
	rest := r.buf[r.start:r.end]
	switch {
	case bytes.HasPrefix(rest, []byte(bom)):
		r.start += len(bom)
		r.scan = 0
		r.bom = true
	case len(rest) >= len(bom) || r.err != nil || !bytes.HasPrefix([]byte(bom), rest):
		r.bom = true
	}
}

// fill reads more of the source into buf, moving the unread bytes to its
// start first.
func (r *Reader) fill() {
	if r.start > 0 {
		n := copy(r.buf, r.buf[r.start:r.end])
		r.start, r.end = 0, n
	}
	if r.end == len(r.buf) {
		size := max(2*len(r.buf), readChunk)
		if limit := r.lineMax + 2 + readChunk; size > limit { // a line up to lineMax and its CRLF
			size = max(limit, len(r.buf)+1)
		}
		nb := make([]byte, size)
		copy(nb, r.buf[:r.end])
		r.buf = nb
	}
	n, err := r.src.Read(r.buf[r.end:])
	if n < 0 || n > len(r.buf)-r.end {
		n, err = 0, errors.New("eventstream: invalid Read count")
	}
	r.end += n
	r.read += int64(n)
	if err != nil {
		r.err = err
	}
}

func (r *Reader) nextLine() (Event, error) {
	for {
		line, err := r.line(true)
		if err != nil {
			return Event{}, err
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		return Event{Data: line}, nil
	}
}

func (r *Reader) nextSSE() (Event, error) {
	for {
		line, err := r.line(false)
		if err != nil {
			return Event{}, err
		}
		if len(line) == 0 {
			if ev, ok := r.dispatch(); ok {
				return ev, nil
			}
			continue
		}
		if line[0] == ':' {
			continue // a comment
		}
		field, value := line, []byte(nil)
		if i := bytes.IndexByte(line, ':'); i >= 0 {
			field, value = line[:i], line[i+1:]
			if len(value) > 0 && value[0] == ' ' {
				value = value[1:]
			}
		}
		switch string(field) { // no allocation: a conversion in a switch
		case "event":
			r.typ = append(r.typ[:0], value...)
		case "data":
			r.data = append(r.data, value...)
			r.data = append(r.data, '\n')
			r.hasData = true
		case "id":
			if bytes.IndexByte(value, 0) < 0 {
				r.lastID = append(r.lastID[:0], value...)
			}
		case "retry":
			if ms, ok := digits(value); ok {
				r.retry, r.retrySet = time.Duration(ms)*time.Millisecond, true
			}
		}
		n := len(r.data) + len(r.typ) + len(r.lastID)
		if r.hasData {
			n-- // the last data line's "\n", dropped at dispatch
		}
		if n > r.max {
			return Event{}, fmt.Errorf("%w: an event over %d bytes", ErrEventTooLarge, r.max)
		}
	}
}

// digits parses a retry field's value: ASCII digits only.
func digits(b []byte) (int64, bool) {
	if len(b) == 0 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		if n > (1<<62)/10 {
			return 0, false // beyond any sensible time: ignored
		}
		n = n*10 + int64(c-'0')
	}
	if n > int64((1<<62)/time.Millisecond) {
		return 0, false
	}
	return n, true
}

// dispatch ends the event the buffers hold, at a blank line. ok is false
// when the data buffer is empty: no event (the type buffer is reset all
// the same).
func (r *Reader) dispatch() (Event, bool) {
	if !r.hasData {
		r.typ = r.typ[:0]
		r.data = r.data[:0]
		return Event{}, false
	}
	data := r.data[:len(r.data)-1] // the last line's "\n"
	typ := "message"
	if len(r.typ) > 0 {
		if string(r.typ) != r.typStr {
			r.typStr = string(r.typ)
		}
		typ = r.typStr
	}
	ev := Event{Type: typ, ID: r.id(), Data: data}
	r.typ = r.typ[:0]
	r.data = r.data[:0]
	r.hasData = false
	return ev, true
}

func (r *Reader) id() string {
	if string(r.lastID) != r.idStr {
		r.idStr = string(r.lastID)
	}
	return r.idStr
}
