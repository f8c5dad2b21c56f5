package lru

import "fmt"

// Scoped is a map of at most Max entries (at least one) kept per scope,
// each scope in its own recency order. When full, Put drops the least
// recently used entry of the scope that holds the most entries (the scope
// storing, on a tie): one scope's churn never drops the entries of a
// scope that holds fewer than it does. Every method costs the same
// whatever the number of entries and of scopes. The zero value holds one
// entry at most; set Max before the first Put.
type Scoped[S, K comparable, V any] struct {
	Max     int
	entries map[scopedKey[S, K]]*Node[scopedItem[S, K, V]]
	scopes  map[S]*scope[S, K, V]
	bySize  map[int]*scope[S, K, V] // n -> the first of the scopes holding n entries
	largest int                     // the most entries a scope holds
}

type scopedKey[S, K comparable] struct {
	scope S
	key   K
}

type scopedItem[S, K comparable, V any] struct {
	key   scopedKey[S, K]
	value V
	scope *scope[S, K, V]
}

// scope is a scope's entries in recency order, and its place among the
// scopes of its size.
type scope[S, K comparable, V any] struct {
	id         S
	lru        List[scopedItem[S, K, V]]
	n          int
	prev, next *scope[S, K, V] // among the scopes holding n entries
}

// Get returns the value under k in scope s and makes it the most
// recently used of s.
func (m *Scoped[S, K, V]) Get(s S, k K) (v V, ok bool) {
	n, ok := m.entries[scopedKey[S, K]{s, k}]
	if !ok {
		return v, false
	}
	n.Value.scope.lru.MoveToFront(n)
	return n.Value.value, true
}

// Peek returns the value under k in scope s, leaving its place as it is.
func (m *Scoped[S, K, V]) Peek(s S, k K) (v V, ok bool) {
	n, ok := m.entries[scopedKey[S, K]{s, k}]
	if !ok {
		return v, false
	}
	return n.Value.value, true
}

// Put stores v under k in scope s as its most recently used entry; when
// m is full, the least recently used entry of the scope holding the most
// entries is dropped (see Scoped).
func (m *Scoped[S, K, V]) Put(s S, k K, v V) {
	key := scopedKey[S, K]{s, k}
	if n, ok := m.entries[key]; ok {
		n.Value.value = v
		n.Value.scope.lru.MoveToFront(n)
		return
	}
	if m.entries == nil {
		m.entries, m.scopes, m.bySize = map[scopedKey[S, K]]*Node[scopedItem[S, K, V]]{}, map[S]*scope[S, K, V]{}, map[int]*scope[S, K, V]{}
	}
	if len(m.entries) >= max(m.Max, 1) && m.largest > 0 {
		victim := m.bySize[m.largest]
		if sc := m.scopes[s]; sc != nil && sc.n == m.largest {
			victim = sc
		}
		m.remove(victim.lru.Back())
	}
	sc := m.scopes[s]
	if sc == nil {
		sc = &scope[S, K, V]{id: s}
		m.scopes[s] = sc
	}
	n := &Node[scopedItem[S, K, V]]{Value: scopedItem[S, K, V]{key: key, value: v, scope: sc}}
	m.entries[key] = n
	sc.lru.PushFront(n)
	m.resize(sc, sc.n+1)
}

// Delete drops the entry under k in scope s, if any.
func (m *Scoped[S, K, V]) Delete(s S, k K) {
	if n, ok := m.entries[scopedKey[S, K]{s, k}]; ok {
		m.remove(n)
	}
}

// Len returns the number of entries in m.
func (m *Scoped[S, K, V]) Len() int { return len(m.entries) }

// ScopeLen returns the number of entries of scope s.
func (m *Scoped[S, K, V]) ScopeLen(s S) int {
	if sc := m.scopes[s]; sc != nil {
		return sc.n
	}
	return 0
}

func (m *Scoped[S, K, V]) remove(n *Node[scopedItem[S, K, V]]) {
	sc := n.Value.scope
	sc.lru.Remove(n)
	delete(m.entries, n.Value.key)
	m.resize(sc, sc.n-1)
	if sc.n == 0 {
		delete(m.scopes, sc.id)
	}
}

// resize moves scope sc, holding sc.n entries, to the scopes holding n
// (sc.n±1), and keeps m.largest.
func (m *Scoped[S, K, V]) resize(sc *scope[S, K, V], n int) {
	from := sc.n
	if from > 0 {
		switch {
		case sc.prev != nil:
			sc.prev.next = sc.next
		default:
			m.bySize[from] = sc.next
		}
		if sc.next != nil {
			sc.next.prev = sc.prev
		}
		if m.bySize[from] == nil {
			delete(m.bySize, from)
		}
		sc.prev, sc.next = nil, nil
	}
	sc.n = n
	if n > 0 {
		if head := m.bySize[n]; head != nil {
			head.prev = sc
			sc.next = head
		}
		m.bySize[n] = sc
	}
	switch {
	case n > m.largest:
		m.largest = n
	case from == m.largest && m.bySize[from] == nil:
		m.largest = n // n is from-1: sc holds it, or no scope holds anything
	}
}

// Check reports an error when m's bookkeeping (the scopes' counts, the
// per-size lists of scopes, the largest) disagrees with its entries, or
// m holds more than Max; tests call it.
func (m *Scoped[S, K, V]) Check() error {
	counts := map[S]int{}
	for k := range m.entries {
		counts[k.scope]++
	}
	largest := 0
	for id, n := range counts {
		sc := m.scopes[id]
		if sc == nil || sc.n != n || sc.lru.Len() != n {
			return fmt.Errorf("scope %v holds %d, bookkept %+v", id, n, sc)
		}
		largest = max(largest, n)
	}
	if len(m.scopes) != len(counts) || m.largest != largest || len(m.entries) > max(m.Max, 1) {
		return fmt.Errorf("%d scopes (want %d), largest %d (want %d), %d entries", len(m.scopes), len(counts), m.largest, largest, len(m.entries))
	}
	listed := 0
	for n, sc := range m.bySize {
		for ; sc != nil; sc = sc.next {
			if sc.n != n {
				return fmt.Errorf("scope %v of %d listed under %d", sc.id, sc.n, n)
			}
			listed++
		}
	}
	if listed != len(m.scopes) {
		return fmt.Errorf("%d scopes listed, %d kept", listed, len(m.scopes))
	}
	return nil
}
