package httpx

import (
	"bytes"
	"io"
	"sync"
)

// ReadBody reads r to its end, or to one byte past max. size is the
// announced length (-1 if unknown). An announced body within max is read
// into one buffer of its size; the buffer holds at most 1 MiB until that
// much has arrived, so a length announced but never sent costs little. A
// body of unknown length is read into pooled chunks and copied once into a
// buffer of its exact size.
func ReadBody(r io.Reader, size, max int64) ([]byte, error) {
	limit := max + 1 // one byte past max tells a body over the cap
	if size < 0 || size >= limit {
		return readChunked(r, nil, limit)
	}
	b := make([]byte, 0, min(size, firstBodyBuffer)+1) // the byte after: room for the read that sees EOF
	b, done, err := fill(r, b, limit)
	if done || err != nil {
		return b, err
	}
	if int64(len(b)) <= size { // the first MiB arrived: room for the rest at once
		b = append(make([]byte, 0, size+1), b...)
		if b, done, err = fill(r, b, limit); done || err != nil {
			return b, err
		}
	}
	return readChunked(r, b, limit) // longer than announced
}

// firstBodyBuffer bounds the buffer for an announced length until the
// bytes arrive.
const firstBodyBuffer = 1 << 20

// fill reads into b's spare capacity until it is full, r ends (done) or b
// holds limit bytes (done), and returns b with what it read. A failed read
// returns nil and its error.
func fill(r io.Reader, b []byte, limit int64) ([]byte, bool, error) {
	for len(b) < cap(b) {
		room := b[len(b):cap(b)]
		if left := limit - int64(len(b)); int64(len(room)) > left {
			room = room[:left]
		}
		n, err := r.Read(room)
		b = b[:len(b)+n]
		switch {
		case err == io.EOF || int64(len(b)) >= limit:
			return b, true, nil
		case err != nil:
			return nil, true, err
		}
	}
	return b, false, nil
}

// bodyChunk is a piece of a body of unknown length being read.
type bodyChunk [64 << 10]byte

var bodyChunks = sync.Pool{New: func() any { return new(bodyChunk) }}

// readChunked reads the rest of r after head into pooled chunks, to its end
// or to limit bytes in all, and returns head and the rest in one buffer of
// their exact size.
func readChunked(r io.Reader, head []byte, limit int64) ([]byte, error) {
	var chunks []*bodyChunk
	defer func() {
		for _, c := range chunks {
			bodyChunks.Put(c)
		}
	}()
	total := int64(len(head))
	var last []byte // the filled part of the last chunk
	for {
		c := bodyChunks.Get().(*bodyChunk)
		chunks = append(chunks, c)
		var done bool
		var err error
		if last, done, err = fill(r, c[:0], limit-total); err != nil {
			return nil, err
		}
		total += int64(len(last))
		if done {
			break
		}
	}
	if len(chunks) == 1 && head == nil {
		return bytes.Clone(last), nil
	}
	out := make([]byte, 0, total)
	out = append(out, head...)
	for _, c := range chunks[:len(chunks)-1] {
		out = append(out, c[:]...)
	}
	return append(out, last...), nil
}
