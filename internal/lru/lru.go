// Package lru is the recency list under the module's caches: List, a
// doubly linked list of entries in recency order that the caller links
// its own nodes into; Map, a bounded map that drops its least recently
// used entry when full; and Scoped, a bounded map kept per scope that
// drops from the scope holding the most (package toolkit's MemoryCache).
//
// None is safe for concurrent use: the caches hold their own lock.
package lru

// Node is an entry of a List, holding its value.
type Node[T any] struct {
	Value      T
	prev, next *Node[T]
}

// List is a recency list: Front is the most recently used node, Back the
// least. The zero value is an empty list.
type List[T any] struct {
	root Node[T] // sentinel: root.next is the front, root.prev the back
	n    int
}

func (l *List[T]) lazyInit() {
	if l.root.next == nil {
		l.root.prev, l.root.next = &l.root, &l.root
	}
}

// Len returns the number of nodes in l.
func (l *List[T]) Len() int { return l.n }

// PushFront links n, which is in no list, at the front of l.
func (l *List[T]) PushFront(n *Node[T]) {
	l.lazyInit()
	n.prev, n.next = &l.root, l.root.next
	l.root.next.prev = n
	l.root.next = n
	l.n++
}

// MoveToFront makes n, a node of l, the most recently used.
func (l *List[T]) MoveToFront(n *Node[T]) {
	if l.root.next == n {
		return
	}
	l.Remove(n)
	l.PushFront(n)
}

// Remove unlinks n, a node of l.
func (l *List[T]) Remove(n *Node[T]) {
	n.prev.next, n.next.prev = n.next, n.prev
	n.prev, n.next = nil, nil
	l.n--
}

// Back returns the least recently used node of l, or nil if l is empty.
func (l *List[T]) Back() *Node[T] {
	if l.n == 0 {
		return nil
	}
	return l.root.prev
}

// Front returns the most recently used node of l, or nil if l is empty.
func (l *List[T]) Front() *Node[T] {
	if l.n == 0 {
		return nil
	}
	return l.root.next
}

// Map is a map of at most Max entries (at least one): Put drops the least
// recently used ones (by Get or Put) to make room. The zero value holds
// one entry at most; set Max (or use NewMap) before the first Put.
type Map[K comparable, V any] struct {
	Max   int
	m     map[K]*Node[entry[K, V]]
	order List[entry[K, V]]
}

type entry[K comparable, V any] struct {
	key   K
	value V
}

// NewMap returns a Map of at most max entries.
func NewMap[K comparable, V any](max int) *Map[K, V] { return &Map[K, V]{Max: max} }

// Get returns the value under k and makes it the most recently used.
func (m *Map[K, V]) Get(k K) (v V, ok bool) {
	n, ok := m.m[k]
	if !ok {
		return v, false
	}
	m.order.MoveToFront(n)
	return n.Value.value, true
}

// Put stores v under k as the most recently used entry, dropping the
// least recently used one if m is full.
func (m *Map[K, V]) Put(k K, v V) {
	if n, ok := m.m[k]; ok {
		n.Value.value = v
		m.order.MoveToFront(n)
		return
	}
	if m.m == nil {
		m.m = make(map[K]*Node[entry[K, V]])
	}
	for len(m.m) >= max(m.Max, 1) { // more than one if Max was lowered
		m.remove(m.order.Back())
	}
	n := &Node[entry[K, V]]{Value: entry[K, V]{k, v}}
	m.m[k] = n
	m.order.PushFront(n)
}

// Delete drops the entry under k, if any.
func (m *Map[K, V]) Delete(k K) {
	if n, ok := m.m[k]; ok {
		m.remove(n)
	}
}

// Len returns the number of entries in m.
func (m *Map[K, V]) Len() int { return len(m.m) }

// Oldest returns the least recently used entry of m, leaving its place
// as it is; ok is false when m is empty.
func (m *Map[K, V]) Oldest() (k K, v V, ok bool) {
	n := m.order.Back()
	if n == nil {
		return k, v, false
	}
	return n.Value.key, n.Value.value, true
}

func (m *Map[K, V]) remove(n *Node[entry[K, V]]) {
	m.order.Remove(n)
	delete(m.m, n.Value.key)
}
