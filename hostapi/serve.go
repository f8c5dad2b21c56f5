package hostapi

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/toolkit-sdk/toolkit"
)

// serve runs req through the in-process Handler on the caller's goroutine.
// The request context carries the timeout; a handler that ignores it
// delays the call.
func (a *API) serve(ctx context.Context, req *request) (status int, ctype string, body []byte, err error) {
	ctx, cancel := context.WithTimeout(ctx, a.opts.Timeout)
	defer cancel()
	target := a.url(req)
	ctx, trace := a.exec.TraceRequest(ctx, req.method, target)
	defer func() { trace.Done(ctx, status, len(body), err) }()
	var rd io.Reader = http.NoBody
	if req.body != nil {
		rd = bytes.NewReader(req.body)
	}
	hr, err := http.NewRequestWithContext(ctx, req.method, target, rd)
	if err != nil {
		return 0, "", nil, err
	}
	hr.RequestURI = hr.URL.RequestURI()
	hr.Header = req.header
	rec := &recorder{header: http.Header{}, limit: a.opts.MaxBodyBytes}
	a.opts.Handler.ServeHTTP(rec, hr)
	if rec.overflow {
		return 0, "", nil, fmt.Errorf("%w: over %d bytes", toolkit.ErrBodyTooLarge, a.opts.MaxBodyBytes)
	}
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	return rec.status, rec.header.Get("Content-Type"), rec.body.Bytes(), nil
}

// recorder captures a handler's response, keeping at most limit bytes of
// body.
type recorder struct {
	header   http.Header
	status   int
	body     bytes.Buffer
	limit    int64
	overflow bool
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(code int) {
	if r.status != 0 || code < 200 {
		return // informational responses and repeated calls are ignored
	}
	r.status = code
}

func (r *recorder) Write(p []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	if int64(r.body.Len())+int64(len(p)) > r.limit {
		r.overflow = true
		return 0, toolkit.ErrBodyTooLarge
	}
	return r.body.Write(p)
}

// Flush lets handlers that stream keep working; the body is read when the
// handler returns.
func (r *recorder) Flush() {}
