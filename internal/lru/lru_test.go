package lru

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func values(l *List[string]) []string {
	var out []string
	for n := l.Front(); n != nil && n != &l.root; n = n.next {
		out = append(out, n.Value)
	}
	return out
}

func TestList(t *testing.T) {
	var l List[string]
	if l.Back() != nil || l.Front() != nil || l.Len() != 0 {
		t.Fatal("the zero List is not empty")
	}
	a, b, c := &Node[string]{Value: "a"}, &Node[string]{Value: "b"}, &Node[string]{Value: "c"}
	l.PushFront(a)
	l.PushFront(b)
	l.PushFront(c)
	if diff := cmp.Diff([]string{"c", "b", "a"}, values(&l)); diff != "" {
		t.Errorf("after pushes (-want +got):\n%s", diff)
	}
	l.MoveToFront(a)
	l.MoveToFront(a)
	if diff := cmp.Diff([]string{"a", "c", "b"}, values(&l)); diff != "" {
		t.Errorf("after MoveToFront (-want +got):\n%s", diff)
	}
	if l.Back() != b {
		t.Errorf("Back = %v, want b", l.Back().Value)
	}
	l.Remove(c)
	l.Remove(b)
	if diff := cmp.Diff([]string{"a"}, values(&l)); diff != "" || l.Len() != 1 || l.Back() != a {
		t.Errorf("after Remove (-want +got):\n%s", diff)
	}
	l.Remove(a)
	if l.Back() != nil || l.Len() != 0 {
		t.Error("not empty after removing every node")
	}
	l.PushFront(b) // a removed node can be linked again
	if l.Front() != b || l.Back() != b {
		t.Error("a node pushed again is not the only one")
	}
}

func TestMap(t *testing.T) {
	m := NewMap[string, int](2)
	m.Put("a", 1)
	m.Put("b", 2)
	if v, ok := m.Get("a"); !ok || v != 1 { // a is now the most recent
		t.Fatalf("Get(a) = %d, %t", v, ok)
	}
	m.Put("c", 3) // drops b, the least recently used
	if _, ok := m.Get("b"); ok {
		t.Error("b kept past the bound")
	}
	for k, want := range map[string]int{"a": 1, "c": 3} {
		if v, ok := m.Get(k); !ok || v != want {
			t.Errorf("Get(%s) = %d, %t, want %d", k, v, ok, want)
		}
	}
	m.Put("c", 4) // replaces, drops nothing
	if v, _ := m.Get("c"); v != 4 || m.Len() != 2 {
		t.Errorf("Get(c) = %d with %d entries", v, m.Len())
	}
	m.Delete("a")
	m.Delete("absent")
	if _, ok := m.Get("a"); ok || m.Len() != 1 {
		t.Errorf("a kept after Delete, %d entries", m.Len())
	}
	var zero Map[int, int] // Max 0 holds one entry
	zero.Put(1, 1)
	zero.Put(2, 2)
	if _, ok := zero.Get(1); ok || zero.Len() != 1 {
		t.Errorf("a Map with Max 0 holds %d entries", zero.Len())
	}
}
