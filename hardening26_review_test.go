package toolkit

import (
	"context"
	"testing"
	"time"
)

// TestHardening26_14_EmptyScope: a call whose host passed the empty
// cache scope (a tenant without an id) and a call without a scope do not
// share MemoryCache entries: the empty scope was the unscoped one.
func TestHardening26_14_EmptyScope(t *testing.T) {
	c := NewMemoryCache()
	unscoped := context.Background()
	empty := context.WithValue(context.Background(), cacheScopeKey{}, "")
	if err := c.Set(unscoped, "token", []byte("host's"), time.Hour); err != nil {
		t.Fatal(err)
	}
	if v, ok, _ := c.Get(empty, "token"); ok {
		t.Errorf("the empty scope reads the unscoped entry %q", v)
	}
	c.Set(empty, "token", []byte("tenant's"), time.Hour)
	if v, _, _ := c.Get(unscoped, "token"); string(v) != "host's" {
		t.Errorf("unscoped: %q", v)
	}
	c.Delete(empty, "token")
	if ok, _ := c.CompareAndDelete(empty, "token", []byte("host's")); ok {
		t.Error("the empty scope deleted the unscoped entry")
	}
	if v, _, _ := c.Get(unscoped, "token"); string(v) != "host's" {
		t.Errorf("unscoped after the empty scope's deletes: %q", v)
	}
}
