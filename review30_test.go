package toolkit

import (
	"context"
	"errors"
	"testing"
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
