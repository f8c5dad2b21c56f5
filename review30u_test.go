package toolkit

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
)

// Red-team review of uploads (issue 30, item 4): a hostile model's
// arguments and a host's odd readers.

const review30uTool = `
name: up
desc: d
params:
  - {name: f, type: string, required: true, description: d, format: base64}
  - {name: n, type: string, required: false, description: d, default: x.bin}
  - {name: ct, type: string, required: false, description: d, default: text/plain}
steps:
  - url: ${env:BASE_URL}/u
    method: POST
    body:
      multipart:
        - {name: v, value: '${param:n}', content_type: '${param:ct}'}
        - {name: f, file: '${param:f}', filename: '${param:n}', content_type: '${param:ct}'}
`

// TestReview30uWhitespaceBase64Bounded: base64 of many short
// white-space-separated runs, far over MaxUploadBytes, is refused without
// allocating a multiple of its size (strings.Fields made a 16-byte string
// header per run: 8x the argument).
func TestReview30uWhitespaceBase64Bounded(t *testing.T) {
	var sent atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { sent.Add(1) })
	reg := loadRegistry(t, &Options{MaxUploadBytes: 1000}, srv.URL, review30uTool)
	arg := strings.Repeat("A ", 4<<20) // 8 MiB of text, 4 Mi runs
	args := `{"f":"` + arg + `"}`
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res := call(t, reg, "up", args)
	runtime.ReadMemStats(&after)
	wantError(t, res, "Options.MaxUploadBytes")
	if sent.Load() != 0 {
		t.Errorf("a refused upload was sent")
	}
	// Parsing and checking the JSON arguments copies the text ~6 times (56 MiB); 4 Mi runs
	// through strings.Fields added 60 MiB more (116 MiB in all).
	if got := after.TotalAlloc - before.TotalAlloc; got > 80<<20 {
		t.Errorf("refusing an 8 MiB base64 argument allocated %d MiB", got>>20)
	}
}

// TestReview30uHeaderInjection: a model's file name or content type can
// neither end a header line nor hide a NUL in the Content-Disposition.
func TestReview30uHeaderInjection(t *testing.T) {
	var body []byte
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { body, _ = io.ReadAll(r.Body) })
	reg := loadRegistry(t, nil, srv.URL, review30uTool)
	for _, ct := range []string{"text/plain\r\n", "\r\ntext/plain", "text/plain\r\nX-Evil: 1", "text/plain; a=\"b\r\nX-Evil: 1\""} {
		body = nil
		res := call(t, reg, "up", fmt.Sprintf(`{"f":"aGk=","ct":%q}`, ct))
		if !res.IsError || body != nil {
			t.Errorf("content type %q: got %q, body %q; want it refused", ct, res.Text, body)
		}
	}
	body = nil
	res := call(t, reg, "up", `{"f":"aGk=","n":"evil.php\u0000.png"}`)
	if !res.IsError && bytes.IndexByte(body, 0) >= 0 {
		t.Errorf("a NUL in a file name reached the body: %q", body)
	}
	// Path traversal is the server's to refuse; the name is sent as given, escaped.
	res = call(t, reg, "up", `{"f":"aGk=","n":"../../etc/passwd"}`)
	if res.IsError || !bytes.Contains(body, []byte(`filename="../../etc/passwd"`)) {
		t.Errorf("traversal name: %q, body %q", res.Text, body)
	}
}

// TestReview30uFilenameLimit: 1 KiB is the limit, exactly.
func TestReview30uFilenameLimit(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {})
	reg := loadRegistry(t, nil, srv.URL, review30uTool)
	for _, n := range []int{MaxFilenameBytes - 1, MaxFilenameBytes} {
		if res := call(t, reg, "up", fmt.Sprintf(`{"f":"aGk=","n":%q}`, strings.Repeat("a", n))); res.IsError {
			t.Errorf("%d bytes: %s", n, res.Text)
		}
	}
	wantError(t, call(t, reg, "up", fmt.Sprintf(`{"f":"aGk=","n":%q}`, strings.Repeat("a", MaxFilenameBytes+1))), "at most 1024")
}

// errReader returns n bytes, then fails; it counts its reads.
type errReader struct {
	n, reads int
}

func (r *errReader) Read(p []byte) (int, error) {
	r.reads++
	if r.n == 0 {
		return 0, errors.New("disk on fire")
	}
	k := min(len(p), r.n)
	for i := range p[:k] {
		p[i] = 'x'
	}
	r.n -= k
	return k, nil
}

// endless30u never ends.
type endless30u struct{ read int64 }

func (e *endless30u) Read(p []byte) (int, error) { e.read += int64(len(p)); return len(p), nil }

// TestReview30uReaders: a reader failing midway fails the call with its
// error and nothing is sent; an endless30u reader is read to the limit only.
func TestReview30uReaders(t *testing.T) {
	var sent atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { sent.Add(1) })
	reg := loadRegistry(t, &Options{MaxUploadBytes: 1 << 10}, srv.URL, `
name: put
desc: d
values: [up]
steps:
  - url: ${env:BASE_URL}/pdf
    method: PUT
    body:
      file: ${value:up}
`)
	er := &errReader{n: 100}
	wantError(t, call(t, reg, "put", `{}`, WithReader("up", er)), "disk on fire")
	e := &endless30u{}
	wantError(t, call(t, reg, "put", `{}`, WithReader("up", e)), "Options.MaxUploadBytes")
	if e.read > 64<<10 {
		t.Errorf("read %d bytes of an endless30u reader with a 1 KiB limit", e.read)
	}
	if sent.Load() != 0 {
		t.Errorf("%d requests sent", sent.Load())
	}
}

// TestReview30uForgedBlob: a forged or malformed handle is "not found",
// and names no other blob.
func TestReview30uForgedBlob(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {})
	reg := loadRegistry(t, &Options{Blobs: NewMemoryBlobStore(0)}, srv.URL, `
name: fwd
desc: d
params:
  - {name: b, type: string, required: true, description: d, format: blob}
steps:
  - url: ${env:BASE_URL}/f
    method: POST
    body:
      file: ${param:b}
`)
	for _, h := range []string{"blob_", "blob_../../x", "blob_\r\nX", strings.Repeat("blob_", 1000)} {
		wantError(t, call(t, reg, "fwd", fmt.Sprintf(`{"b":%q}`, h)), "no blob has this handle")
	}
}

// TestReview30uConcurrent: parallel uploads share nothing (run with -race).
func TestReview30uConcurrent(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {})
	reg := loadRegistry(t, nil, srv.URL, review30uTool)
	done := make(chan string)
	for i := range 8 {
		go func() {
			res := call(t, reg, "up", fmt.Sprintf(`{"f":"aGk=","n":"f%d"}`, i), WithBytes("x", []byte("y")))
			done <- res.Text
		}()
	}
	for range 8 {
		<-done
	}
}

// TestReview30uBlobHeaders: a blob's name and media type (a BlobStore's,
// not checked when kept) cannot end the part's header lines.
func TestReview30uBlobHeaders(t *testing.T) {
	var body []byte
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { body, _ = io.ReadAll(r.Body) })
	store := NewMemoryBlobStore(0)
	reg := loadRegistry(t, &Options{Blobs: store}, srv.URL, `
name: fwd
desc: d
params:
  - {name: b, type: string, required: true, description: d, format: blob}
steps:
  - url: ${env:BASE_URL}/f
    method: POST
    body:
      multipart:
        - {name: f, file: '${param:b}'}
`)
	co := newCallOptions([]CallOption{WithCacheScope("s")})
	if err := store.Put(co.withCacheScope(t.Context()), "blob_Y", Blob{Name: "a\x00b\r\nX: 1", MIMEType: "image/png\r\n", Data: []byte("hi")}, 0); err != nil {
		t.Fatal(err)
	}
	wantText(t, call(t, reg, "fwd", `{"b":"blob_Y"}`, WithCacheScope("s")), "")
	want := "Content-Disposition: form-data; name=\"f\"; filename=\"a%00b%0D%0AX: 1\"\r\nContent-Type: application/octet-stream\r\n\r\nhi\r\n"
	if !bytes.Contains(body, []byte(want)) {
		t.Errorf("body %q lacks %q", body, want)
	}
}

// TestReview30uExactLimit: a raw file of exactly MaxUploadBytes in
// MIME-wrapped base64 or a data: URL passes; one byte more is refused.
func TestReview30uExactLimit(t *testing.T) {
	var got []byte
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { got, _ = io.ReadAll(r.Body) })
	reg := loadRegistry(t, &Options{MaxUploadBytes: 1000}, srv.URL, `
name: put
desc: d
params:
  - {name: f, type: string, required: true, description: d, format: base64}
steps:
  - url: ${env:BASE_URL}/f
    method: PUT
    body:
      file: ${param:f}
`)
	wrap := func(n int) string {
		b64 := base64.StdEncoding.EncodeToString(bytes.Repeat([]byte("x"), n))
		var lines []string
		for len(b64) > 76 {
			lines, b64 = append(lines, b64[:76]), b64[76:]
		}
		return strings.Join(append(lines, b64), "\r\n")
	}
	for _, in := range []string{wrap(1000), "data:text/x-evil;base64," + wrap(1000)} {
		got = nil
		if res := call(t, reg, "put", fmt.Sprintf(`{"f":%q}`, in)); res.IsError || len(got) != 1000 {
			t.Errorf("%.30q…: %s, %d bytes sent", in, res.Text, len(got))
		}
	}
	wantError(t, call(t, reg, "put", fmt.Sprintf(`{"f":%q}`, wrap(1001))), "the file has 1001 bytes, over the limit of 1000")
}

// blockingReader cancels the call's context on its first Read, then
// blocks until release is closed.
type blockingReader struct {
	cancel  context.CancelFunc
	release chan struct{}
}

func (b *blockingReader) Read(p []byte) (int, error) {
	b.cancel()
	<-b.release
	return 0, io.EOF
}

// TestReview30uReaderBlocks: a host reader that blocks does not hold the
// call past its context (it read with io.ReadAll, deaf to ctx).
func TestReview30uReaderBlocks(t *testing.T) {
	var sent atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { sent.Add(1) })
	reg := loadRegistry(t, nil, srv.URL, `
name: put
desc: d
values: [up]
steps:
  - url: ${env:BASE_URL}/pdf
    method: PUT
    body:
      file: ${value:up}
`)
	ctx, cancel := context.WithCancel(t.Context())
	br := &blockingReader{cancel: cancel, release: make(chan struct{})}
	defer close(br.release)
	res, err := reg.Call(ctx, "put", []byte(`{}`), WithReader("up", br))
	if err == nil && !res.IsError {
		t.Fatalf("a call whose context ended while its reader blocked succeeded: %q", res.Text)
	}
	if sent.Load() != 0 {
		t.Errorf("%d requests sent", sent.Load())
	}
}

// TestReview30uFieldType: a field's content_type from a parameter must be
// a media type, as a file part's must.
func TestReview30uFieldType(t *testing.T) {
	var sent atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { sent.Add(1) })
	reg := loadRegistry(t, nil, srv.URL, `
name: post
desc: d
params:
  - {name: ct, type: string, required: true, description: d}
steps:
  - url: ${env:BASE_URL}/f
    method: POST
    body:
      multipart:
        - {name: v, value: x, content_type: '${param:ct}'}
`)
	wantError(t, call(t, reg, "post", `{"ct":"not a type"}`), `part "v": content_type "not a type" is not a media type`)
	if sent.Load() != 0 {
		t.Errorf("%d requests sent", sent.Load())
	}
	wantText(t, call(t, reg, "post", `{"ct":"text/csv"}`), "")
}
