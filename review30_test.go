package toolkit

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"
)

// A blob is kept in the scope of the call that made it (WithCacheScope,
// the tenant): a host serving several tenants fetches it only with the
// same scope, so a handle of tenant A's (which may hold A's token) that
// reaches tenant B -- a shared transcript, a log, a model that repeats
// it -- gives B nothing. Calls without a scope share their blobs as
// before.
func TestReview30_BlobScopedToTheCall(t *testing.T) {
	srv := bodies(t)
	reg := loadRegistry(t, &Options{MaxPartBytes: -1}, srv.URL, bodyTool)
	res := call(t, reg, "fetch_body", `{"path":"pdf"}`, WithCacheScope("tenant-a"))
	if len(res.Parts) != 1 || res.Parts[0].Handle == "" {
		t.Fatalf("result: %+v", res)
	}
	h := res.Parts[0].Handle
	ctx := context.Background()
	if b, err := reg.Blob(ctx, h, WithCacheScope("tenant-a")); err != nil || len(b.Data) != len(pdfBytes) {
		t.Fatalf("tenant A: %v", err)
	}
	for name, opts := range map[string][]CallOption{"tenant B": {WithCacheScope("tenant-b")}, "no scope": nil, "empty scope": {WithCacheScope("")}} {
		if _, err := reg.Blob(ctx, h, opts...); !errors.Is(err, ErrBlobNotFound) {
			t.Errorf("%s fetched tenant A's blob: %v", name, err)
		}
		if _, err := reg.Executor().Blob(ctx, h, opts...); !errors.Is(err, ErrBlobNotFound) {
			t.Errorf("%s fetched tenant A's blob from the Executor: %v", name, err)
		}
	}
	// Deleting in another scope leaves it.
	s := reg.Executor().opts.Blobs
	if err := s.Delete(ctx, h); err != nil {
		t.Fatal(err)
	}
	if _, err := reg.Blob(ctx, h, WithCacheScope("tenant-a")); err != nil {
		t.Errorf("a delete without the scope dropped tenant A's blob: %v", err)
	}
	// Without a scope, a call's blob is fetched without one.
	res = call(t, reg, "fetch_body", `{"path":"pdf"}`)
	if _, err := reg.Blob(ctx, res.Parts[0].Handle); err != nil {
		t.Errorf("unscoped: %v", err)
	}
}

// One tenant's large bodies do not push another tenant's blobs out of the
// default store: to make room, the scope holding the most bytes loses its
// oldest blob, so a scope within its share keeps what it has.
func TestReview30_BlobStoreShareByScope(t *testing.T) {
	s := NewMemoryBlobStore(100)
	a := context.WithValue(context.Background(), cacheScopeKey{}, "a")
	b := context.WithValue(context.Background(), cacheScopeKey{}, "b")
	blob := func(n int) Blob { return Blob{Data: make([]byte, n)} }
	if err := s.Put(a, "a1", blob(30), time.Hour); err != nil {
		t.Fatal(err)
	}
	for i := range 10 { // tenant B fills the store over and over
		if err := s.Put(b, fmt.Sprint("b", i), blob(30), time.Hour); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Get(a, "a1"); err != nil {
		t.Errorf("tenant B's bodies evicted tenant A's blob: %v", err)
	}
	if _, err := s.Get(b, "b9"); err != nil {
		t.Errorf("tenant B's newest blob: %v", err)
	}
	if _, err := s.Get(b, "b7"); !errors.Is(err, ErrBlobNotFound) {
		t.Errorf("tenant B's old blob is still there (used %d): %v", s.Used(), err)
	}
	if s.Used() > 100 {
		t.Errorf("used %d > 100", s.Used())
	}
	// A scope alone may use the whole store.
	if err := s.Put(a, "a2", blob(90), time.Hour); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(a, "a2"); err != nil || s.Used() > 100 {
		t.Errorf("a2: %v, used %d", err, s.Used())
	}
}

// Random puts, gets and deletes over a few scopes keep the store's
// accounting exact and within its bound.
func TestReview30_BlobStoreAccounting(t *testing.T) {
	s := NewMemoryBlobStore(1000)
	now := time.Unix(0, 0)
	s.now = func() time.Time { return now }
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 20000 {
		ctx := context.WithValue(context.Background(), cacheScopeKey{}, fmt.Sprint(rng.IntN(4)))
		h := fmt.Sprint(rng.IntN(50))
		switch rng.IntN(4) {
		case 0, 1:
			if err := s.Put(ctx, h, Blob{Data: make([]byte, rng.IntN(400))}, time.Duration(1+rng.IntN(100))*time.Second); err != nil {
				t.Fatal(err)
			}
		case 2:
			s.Get(ctx, h)
		case 3:
			s.Delete(ctx, h)
		}
		now = now.Add(time.Second)
		var sum int64
		for _, e := range s.byKey {
			sum += int64(len(e.Value.(*blobEntry).blob.Data))
		}
		var scoped int64
		for _, sc := range s.heavy {
			scoped += sc.used
			if sc.order.Len() == 0 || s.scopes[sc.id] != sc {
				t.Fatalf("step %d: scope %v empty or not indexed", i, sc.id)
			}
		}
		if sum != s.Used() || scoped != sum || sum > 1000 || s.order.Len() != len(s.byKey) || len(s.heavy) != len(s.scopes) {
			t.Fatalf("step %d: used %d, entries %d, scopes %d, max 1000", i, s.Used(), sum, scoped)
		}
	}
}

// A capability that sends a secret still gets an image that does not
// hold it inline (the secret check must not mistake binary bytes for a
// secret), and one whose body holds the secret hex- or base64-encoded is
// kept, not shown.
func TestReview30_BinaryBodySecretCheck(t *testing.T) {
	const token = "tok-s3cr3t-value"
	var body []byte
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write(body)
	})
	tool := `
name: fetch_img
desc: fetches an image with a token
env: [BASE_URL, API_TOKEN]
steps:
  - url: ${env:BASE_URL}/img
    headers:
      Authorization: Bearer ${env:API_TOKEN}
`
	reg := loadRegistry(t, &Options{Env: testEnv(map[string]string{"BASE_URL": srv.URL, "API_TOKEN": token})}, srv.URL, tool)
	body = pdfBytes // not UTF-8, no secret
	res := call(t, reg, "fetch_img", `{}`)
	if len(res.Parts) != 1 || !bytes.Equal(res.Parts[0].Data, pdfBytes) {
		t.Errorf("an image without the secret is not inline: %+v", res)
	}
	for _, enc := range []string{hex.EncodeToString([]byte(token)), base64.StdEncoding.EncodeToString([]byte(token))} {
		body = append(append(append([]byte{}, pdfBytes...), enc...), 0xff)
		res := call(t, reg, "fetch_img", `{}`)
		if len(res.Parts) != 1 || res.Parts[0].Data != nil || res.Parts[0].Handle == "" {
			t.Errorf("%s: an image holding the secret encoded is inline: %+v", enc, res.Parts)
		}
	}
}

// A server that labels a PNG as JSON or text (a misconfigured gateway, a
// hostile server) does not hand the model the bytes as replacement
// characters: a body declared text that is not UTF-8 and that
// http.DetectContentType calls binary is a part of the sniffed type. A
// declared text body in another charset (Latin-1) stays text.
func TestReview30_MislabelledBinaryIsNotText(t *testing.T) {
	latin1 := []byte("caf\xe9 cr\xe8me")
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/json":
			w.Header().Set("Content-Type", "application/json")
			w.Write(pngBytes)
		case "/text":
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Write(pdfBytes)
		case "/latin1":
			w.Header().Set("Content-Type", "text/plain; charset=iso-8859-1")
			w.Write(latin1)
		}
	})
	reg := loadRegistry(t, nil, srv.URL, bodyTool)
	res := call(t, reg, "fetch_body", `{"path":"json"}`)
	if len(res.Parts) != 1 || res.Parts[0].MIMEType != "image/png" || res.Parts[0].Kind != PartImage || !bytes.Equal(res.Parts[0].Data, pngBytes) {
		t.Errorf("PNG labelled JSON: %+v", res)
	}
	res = call(t, reg, "fetch_body", `{"path":"text"}`)
	if len(res.Parts) != 1 || !bytes.Equal(res.Parts[0].Data, pdfBytes) {
		t.Errorf("PDF labelled text: %+v", res)
	}
	res = call(t, reg, "fetch_body", `{"path":"latin1"}`)
	if len(res.Parts) != 0 || res.IsError {
		t.Errorf("Latin-1 text: %+v", res)
	}
}
