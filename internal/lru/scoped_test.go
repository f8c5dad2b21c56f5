package lru

import (
	"fmt"
	"testing"
)

// TestScopedFair: a full Scoped drops from the scope holding the most
// entries (the one storing, on a tie), least recently used first.
func TestScopedFair(t *testing.T) {
	m := Scoped[string, int, string]{Max: 4}
	m.Put("a", 1, "a1")
	m.Put("a", 2, "a2")
	m.Put("a", 3, "a3")
	m.Put("b", 1, "b1")
	m.Get("a", 1)       // a2 is a's least recently used
	m.Put("b", 2, "b2") // a holds the most: a2 goes
	if _, ok := m.Peek("a", 2); ok || m.Len() != 4 || m.ScopeLen("a") != 2 || m.ScopeLen("b") != 2 {
		t.Fatalf("a2 kept %v, %d entries, a %d, b %d", ok, m.Len(), m.ScopeLen("a"), m.ScopeLen("b"))
	}
	m.Put("b", 3, "b3") // a tie: b, storing, gives way (b1, its oldest)
	if _, ok := m.Peek("b", 1); ok || m.ScopeLen("a") != 2 {
		t.Fatalf("b1 kept %v, a holds %d", ok, m.ScopeLen("a"))
	}
	if v, ok := m.Get("a", 1); !ok || v != "a1" {
		t.Fatalf("a1: %q %v", v, ok)
	}
	m.Put("a", 1, "a1'") // a replace drops nothing
	if v, _ := m.Peek("a", 1); v != "a1'" || m.Len() != 4 {
		t.Fatalf("a1 = %q, %d entries", v, m.Len())
	}
	if err := m.Check(); err != nil {
		t.Fatal(err)
	}
}

// TestScopedCheck runs churn across scopes through Put, Get and Delete,
// and checks the bookkeeping after every step.
func TestScopedCheck(t *testing.T) {
	m := Scoped[string, int, int]{Max: 20}
	for i := range 500 {
		s, k := fmt.Sprint(i%5*i%3), i%37
		switch i % 5 {
		case 0, 1, 2:
			m.Put(s, k, i)
		case 3:
			m.Get(s, k)
		case 4:
			m.Delete(s, k)
		}
		if err := m.Check(); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
}
