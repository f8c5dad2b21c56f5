package health

import (
	"testing"
	"time"
)

// TestStore: a failure is reported once; a failing store is usable once
// per RetryInterval; an answer after failures is reported once.
func TestStore(t *testing.T) {
	now := time.Unix(1000, 0)
	h := Store{Now: func() time.Time { return now }}
	if !h.Usable() || h.Answered() {
		t.Fatal("a new store is not usable, or reports a recovery")
	}
	if !h.Failed() || h.Failed() {
		t.Fatal("Failed does not report the first failure once")
	}
	if h.Usable() {
		t.Fatal("a store that just failed is usable")
	}
	now = now.Add(RetryInterval)
	if !h.Usable() || h.Usable() {
		t.Fatal("a failing store is not usable once per RetryInterval")
	}
	if !h.Answered() || h.Answered() || !h.Usable() {
		t.Fatal("an answer does not report the recovery once, or the store stays unusable")
	}
}
