package slab

import "testing"

func TestReset(t *testing.T) {
	var s Slab[int]
	s.Init(2, 2)
	first := s.New()
	for range 20 { // into further chunks
		*s.New() = 1
	}
	*first = 7
	l := s.List(3)
	l[0] = 9
	if n := s.Len(); n != 24 {
		t.Errorf("Len = %d, want 24", n)
	}
	s.Reset(true)
	if *first != 0 || l[0] != 0 {
		t.Errorf("handed-out values are %d and %d after Reset, want 0", *first, l[0])
	}
	s.Init(2, 2)
	if cap(s.buf) < 24 || len(s.full) != 0 || s.Len() != 0 {
		t.Errorf("after Reset: one chunk of %d, %d full; want one of 24 or more", cap(s.buf), len(s.full))
	}
	s.Reset(false)
	if s.buf != nil {
		t.Error("Reset(false) kept a chunk")
	}
}

// TestList: a list has no room to append to in place, so an append
// cannot overwrite what is handed out after it.
func TestList(t *testing.T) {
	var s Slab[int]
	a := s.List(2)
	b := s.List(2)
	b[0] = 5
	a = append(a, 1)
	if b[0] != 5 || cap(s.List(0)) != 0 {
		t.Errorf("an append to a list wrote into the next: %v %v", a, b)
	}
	if big := s.List(100); len(big) != 100 {
		t.Errorf("a list longer than a chunk has %d values, want 100", len(big))
	}
}

// TestZeroValue: a Slab needs no Init.
func TestZeroValue(t *testing.T) {
	var s Slab[string]
	for i := range 50 {
		if p := s.New(); *p != "" {
			t.Fatalf("value %d is %q, want zero", i, *p)
		}
	}
}

// TestPooledSwitch runs the same work through slabs pooled and not
// (Pooled): each value handed out is zero and keeps what is written to
// it until Reset, and lists have no room to append to in place.
func TestPooledSwitch(t *testing.T) {
	work := func(pooled bool) []int {
		defer func(was bool) { Pooled = was }(Pooled)
		Pooled = pooled
		var s Slab[int]
		var got []int
		for round := range 3 {
			s.Init(4, 2)
			var ps []*int
			var ls [][]int
			for i := range 30 {
				if i%4 == 3 {
					l := s.List(i % 7)
					for j := range l {
						got = append(got, l[j])
						l[j] = round*1000 + i*10 + j
					}
					got = append(got, cap(l)-len(l))
					ls = append(ls, l)
					continue
				}
				p := s.New()
				got = append(got, *p)
				*p = round*1000 + i
				ps = append(ps, p)
			}
			for _, p := range ps {
				got = append(got, *p)
			}
			for _, l := range ls {
				got = append(got, l...)
			}
			s.Reset(round != 1)
		}
		return got
	}
	pooled, plain := work(true), work(false)
	if len(pooled) != len(plain) {
		t.Fatalf("pooled: %d values read, plain: %d", len(pooled), len(plain))
	}
	for i := range pooled {
		if pooled[i] != plain[i] {
			t.Fatalf("value %d read: pooled %d, plain %d", i, pooled[i], plain[i])
		}
	}
}
