package lru

import (
	"slices"
	"testing"
)

// naiveLRU is the model: keys in recency order, the most recent first.
type naiveLRU struct {
	max  int
	keys []byte
	vals map[byte]int
}

func (n *naiveLRU) touch(k byte) {
	n.keys = slices.DeleteFunc(n.keys, func(x byte) bool { return x == k })
	n.keys = slices.Insert(n.keys, 0, k)
}

func (n *naiveLRU) get(k byte) (int, bool) {
	v, ok := n.vals[k]
	if ok {
		n.touch(k)
	}
	return v, ok
}

func (n *naiveLRU) put(k byte, v int) {
	if _, ok := n.vals[k]; !ok {
		for len(n.keys) >= max(n.max, 1) {
			delete(n.vals, n.keys[len(n.keys)-1])
			n.keys = n.keys[:len(n.keys)-1]
		}
	}
	n.vals[k] = v
	n.touch(k)
}

func (n *naiveLRU) del(k byte) {
	delete(n.vals, k)
	n.keys = slices.DeleteFunc(n.keys, func(x byte) bool { return x == k })
}

// checkList walks l both ways and compares it with want.
func checkList[T comparable](t *testing.T, l *List[entry[byte, T]], want []byte) {
	t.Helper()
	var fwd, back []byte
	for n := l.Front(); n != nil && n != &l.root; n = n.next {
		fwd = append(fwd, n.Value.key)
		if len(fwd) > len(want)+1 {
			break
		}
	}
	for n := l.Back(); n != nil && n != &l.root; n = n.prev {
		back = slices.Insert(back, 0, n.Value.key)
		if len(back) > len(want)+1 {
			break
		}
	}
	if !slices.Equal(fwd, want) || !slices.Equal(back, want) || l.Len() != len(want) {
		t.Fatalf("list forward %v, backward %v, Len %d; want %v", fwd, back, l.Len(), want)
	}
}

// FuzzReview27_MapModel: under any churn of Get, Put, Delete and changes
// of Max, a Map holds what a naive recency list holds, in its order, and
// after storing a new key never more than Max entries (at least one).
func FuzzReview27_MapModel(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, uint8(3))
	f.Add([]byte{0x41, 0x42, 0x01, 0xc1, 0x43, 0x81, 0x44}, uint8(0))
	f.Fuzz(func(t *testing.T, ops []byte, maxEntries uint8) {
		m := NewMap[byte, int](int(maxEntries % 8))
		model := &naiveLRU{max: m.Max, vals: map[byte]int{}}
		for i, op := range ops {
			k := op & 0x0f
			added := false
			switch op >> 4 & 3 {
			case 0:
				_, had := model.vals[k]
				added = !had
				m.Put(k, i)
				model.put(k, i)
			case 1:
				v, ok := m.Get(k)
				mv, mok := model.get(k)
				if v != mv || ok != mok {
					t.Fatalf("op %d: Get(%d) = %d, %v; model %d, %v", i, k, v, ok, mv, mok)
				}
			case 2:
				m.Delete(k)
				model.del(k)
			case 3:
				if op&0x80 != 0 { // change the bound
					m.Max = int(k % 6)
					model.max = m.Max
				}
			}
			if m.Len() != len(model.keys) || added && m.Len() > max(m.Max, 1) {
				t.Fatalf("op %d: Len %d, model %d, Max %d", i, m.Len(), len(model.keys), m.Max)
			}
			checkList(t, &m.order, model.keys)
			if k, _, ok := m.Oldest(); ok != (len(model.keys) > 0) || ok && k != model.keys[len(model.keys)-1] {
				t.Fatalf("op %d: Oldest = %d, %v; model %v", i, k, ok, model.keys)
			}
		}
	})
}

// TestReview27_MapMaxLowered: a Map whose Max is lowered holds at most the
// new Max once it next stores a new key.
func TestReview27_MapMaxLowered(t *testing.T) {
	m := NewMap[int, int](10)
	for i := range 10 {
		m.Put(i, i)
	}
	m.Max = 2
	m.Put(10, 10)
	if m.Len() != 2 {
		t.Errorf("Len = %d after lowering Max to 2 and a Put, want 2", m.Len())
	}
	for _, k := range []int{10, 9} {
		if _, ok := m.Get(k); !ok {
			t.Errorf("the most recent key %d was dropped", k)
		}
	}
}
