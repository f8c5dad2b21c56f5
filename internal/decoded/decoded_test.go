package decoded

import (
	"testing"
	"time"
)

// TestCache: a hit needs the bytes stored; Drop with held drops only that
// version; an expired entry goes.
func TestCache(t *testing.T) {
	var c Cache[string, int]
	c.Put("k", []byte("v1"), 1, time.Hour)
	if v, ok := c.Lookup("k", []byte("v1")); !ok || v != 1 {
		t.Fatalf("Lookup = %d, %v", v, ok)
	}
	if _, ok := c.Lookup("k", []byte("v2")); ok {
		t.Fatal("a hit with other bytes")
	}
	c.Drop("k", []byte("v2"))
	if c.Len() != 1 {
		t.Fatal("Drop of another version dropped the entry")
	}
	c.Drop("k", []byte("v1"))
	if c.Len() != 0 || c.Bytes() != 0 {
		t.Fatalf("after Drop: %d entries, %d bytes", c.Len(), c.Bytes())
	}
	c.Put("k", []byte("v1"), 1, -time.Second)
	if _, ok := c.Lookup("k", []byte("v1")); ok || c.Len() != 0 {
		t.Fatalf("an expired entry hit, or stayed (%d)", c.Len())
	}
}
