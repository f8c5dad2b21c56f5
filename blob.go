package toolkit

import (
	"container/heap"
	"container/list"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Defaults of the blob store and of content parts (Options).
const (
	// DefaultMaxPartBytes is Options.MaxPartBytes' default: a body up to
	// 4 MiB reaches the model inline as a content part.
	DefaultMaxPartBytes = 4 << 20
	// DefaultMaxBlobBytes bounds the default in-memory BlobStore: 64 MiB.
	DefaultMaxBlobBytes = 64 << 20
	// DefaultBlobTTL is how long a kept body lives by default.
	DefaultBlobTTL = time.Hour
)

// Blob is a body kept out of the model's context: what a BlobStore holds
// under a handle.
type Blob struct {
	Name     string // the file name the server gave, if any
	MIMEType string
	Data     []byte
}

// ErrBlobNotFound is returned (wrapped) by BlobStore.Get for a handle the
// store does not hold: never put, deleted, expired or evicted.
var ErrBlobNotFound = errors.New("blob not found")

// ErrBlobTooLarge is returned by MemoryBlobStore.Put for a blob larger than
// the whole store.
var ErrBlobTooLarge = errors.New("blob larger than the store")

// BlobStore keeps bodies that are not given to the model inline (larger
// than Options.MaxPartBytes): the model reads a short description with the
// handle, and the host fetches the bytes with Registry.Blob or
// Executor.Blob. Handles are chosen by the Executor: unguessable, "blob_"
// and 26 base32 characters. A store on S3, GCS or Redis implements it with
// the handle as the object's key and ttl as its expiry. Implementations
// are safe for concurrent use; a store keeps b.Data as given (it is not
// modified afterwards) and Get's caller does not modify what it returns.
//
// A blob belongs to the cache scope of the call that kept it (the
// tenant, WithCacheScope): every method gets a context whose
// CacheScope(ctx) is that scope, and a store shared by tenants makes it
// part of the key, as a Cache does, so that a handle of one tenant's
// fetched with another's scope (Registry.Blob's options) is not found.
type BlobStore interface {
	// Put keeps b under handle for ttl.
	Put(ctx context.Context, handle string, b Blob, ttl time.Duration) error
	// Get returns the blob under handle, or an error wrapping
	// ErrBlobNotFound.
	Get(ctx context.Context, handle string) (Blob, error)
	// Delete drops the blob under handle; a missing one is not an error.
	Delete(ctx context.Context, handle string) error
}

// MemoryBlobStore is the default BlobStore: in memory, entries expire
// after their ttl, and the bytes it holds are bounded. To make room, the
// expired entries go first, then the oldest entry of the cache scope
// (tenant) holding the most bytes: one scope's large bodies never push
// out the blobs of a scope holding fewer bytes than it, and a scope alone
// may use the whole store. Safe for concurrent use.
type MemoryBlobStore struct {
	max int64
	now func() time.Time

	mu     sync.Mutex
	used   int64
	order  *list.List // *blobEntry, oldest first
	byKey  map[blobKey]*list.Element
	scopes map[scopeID]*blobScope
	heavy  blobHeap // the scopes, the one holding the most bytes first
}

// blobKey is a blob's key: its handle within its call's cache scope.
type blobKey struct {
	scope  scopeID
	handle string
}

type blobEntry struct {
	key     blobKey
	blob    Blob
	expires time.Time
	inScope *list.Element // in its scope's order
}

// blobScope is the blobs of one cache scope, oldest first.
type blobScope struct {
	id    scopeID
	used  int64
	order list.List // *blobEntry
	index int       // in the heap
}

// blobHeap is a max-heap of scopes by the bytes they hold
// (container/heap).
type blobHeap []*blobScope

func (h blobHeap) Len() int           { return len(h) }
func (h blobHeap) Less(i, j int) bool { return h[i].used > h[j].used }
func (h blobHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index, h[j].index = i, j
}
func (h *blobHeap) Push(x any) {
	sc := x.(*blobScope)
	sc.index = len(*h)
	*h = append(*h, sc)
}
func (h *blobHeap) Pop() any {
	old := *h
	sc := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	return sc
}

// NewMemoryBlobStore returns a store that holds at most maxBytes of blob
// data (DefaultMaxBlobBytes when zero or negative).
func NewMemoryBlobStore(maxBytes int64) *MemoryBlobStore {
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBlobBytes
	}
	return &MemoryBlobStore{max: maxBytes, now: time.Now, order: list.New(), byKey: map[blobKey]*list.Element{},
		scopes: map[scopeID]*blobScope{}}
}

// Put implements BlobStore: the blob is kept in ctx's cache scope. A blob
// larger than the store fails with ErrBlobTooLarge; to make room, the
// expired entries at the front of the insertion order go first, then the
// oldest ones of the scope holding the most bytes: a Put costs the
// entries it drops (and a heap step each), not a scan of the store.
func (s *MemoryBlobStore) Put(ctx context.Context, handle string, b Blob, ttl time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	n := int64(len(b.Data))
	if n > s.max {
		return fmt.Errorf("%w: %d bytes, the store holds %d", ErrBlobTooLarge, n, s.max)
	}
	if ttl <= 0 {
		ttl = DefaultBlobTTL
	}
	now := s.now()
	key := blobKey{scopeOf(ctx), handle}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.drop(key)
	// Expired entries at the front go (with one ttl for every Put, the
	// oldest expire first; an entry that expires behind a longer-lived one
	// goes when it is read or evicted), then the heaviest scope's oldest
	// until n fits.
	for e := s.order.Front(); e != nil && !now.Before(e.Value.(*blobEntry).expires); e = s.order.Front() {
		s.drop(e.Value.(*blobEntry).key)
	}
	for s.used+n > s.max {
		victim := s.heavy[0]
		if sc := s.scopes[key.scope]; sc != nil && victim.used < sc.used+n {
			victim = sc // the writer would then hold the most: it gives way first
		}
		s.drop(victim.order.Front().Value.(*blobEntry).key)
	}
	sc := s.scopes[key.scope]
	if sc == nil {
		sc = &blobScope{id: key.scope}
		s.scopes[key.scope] = sc
		heap.Push(&s.heavy, sc)
	}
	be := &blobEntry{key: key, blob: b, expires: now.Add(ttl)}
	be.inScope = sc.order.PushBack(be)
	s.byKey[key] = s.order.PushBack(be)
	s.used += n
	sc.used += n
	heap.Fix(&s.heavy, sc.index)
	return nil
}

// drop removes key's entry, if any, and its scope when it empties; s.mu
// is held.
func (s *MemoryBlobStore) drop(key blobKey) {
	e, ok := s.byKey[key]
	if !ok {
		return
	}
	be := e.Value.(*blobEntry)
	n := int64(len(be.blob.Data))
	s.used -= n
	s.order.Remove(e)
	delete(s.byKey, key)
	sc := s.scopes[key.scope]
	sc.order.Remove(be.inScope)
	sc.used -= n
	if sc.order.Len() == 0 {
		heap.Remove(&s.heavy, sc.index)
		delete(s.scopes, key.scope)
	} else {
		heap.Fix(&s.heavy, sc.index)
	}
}

// Get implements BlobStore: a blob of another cache scope than ctx's is
// not found.
func (s *MemoryBlobStore) Get(ctx context.Context, handle string) (Blob, error) {
	if err := ctx.Err(); err != nil {
		return Blob{}, err
	}
	now := s.now()
	key := blobKey{scopeOf(ctx), handle}
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.byKey[key]
	if !ok {
		return Blob{}, fmt.Errorf("%w: %q", ErrBlobNotFound, handle)
	}
	be := e.Value.(*blobEntry)
	if !now.Before(be.expires) {
		s.drop(key)
		return Blob{}, fmt.Errorf("%w: %q expired", ErrBlobNotFound, handle)
	}
	return be.blob, nil
}

// Delete implements BlobStore: it drops the blob of ctx's cache scope.
func (s *MemoryBlobStore) Delete(ctx context.Context, handle string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	s.drop(blobKey{scopeOf(ctx), handle})
	s.mu.Unlock()
	return nil
}

// Used returns the bytes of blob data the store holds now.
func (s *MemoryBlobStore) Used() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.used
}

// newBlobHandle returns an unguessable handle.
func newBlobHandle() string { return "blob_" + rand.Text() }

// keepBlob puts b in the Executor's BlobStore and returns its handle.
func (e *Executor) keepBlob(ctx context.Context, b Blob) (string, error) {
	h := newBlobHandle()
	if err := e.opts.Blobs.Put(ctx, h, b, e.opts.BlobTTL); err != nil {
		return "", err
	}
	return h, nil
}

// Blob returns a body a call kept in the BlobStore (Options.Blobs) under
// handle, the Part.Handle of a Result: the host fetches it to show the
// user or hand it on. The model only ever sees the handle. A blob belongs
// to its call's cache scope: pass the same WithCacheScope as the call
// (other CallOptions are ignored); a handle kept in another scope, unknown
// or expired fails with an error wrapping ErrBlobNotFound.
func (e *Executor) Blob(ctx context.Context, handle string, opts ...CallOption) (Blob, error) {
	o := newCallOptions(opts)
	return e.opts.Blobs.Get(o.withCacheScope(ctx), handle)
}

// Blob is Executor().Blob: a body a call of this Registry kept under
// handle, in the cache scope opts give (WithCacheScope).
func (r *Registry) Blob(ctx context.Context, handle string, opts ...CallOption) (Blob, error) {
	return r.exec.Blob(ctx, handle, opts...)
}
