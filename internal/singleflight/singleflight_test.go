package singleflight

import (
	"sync"
	"testing"
)

// TestGroup: one leader per key at a time; the others read its value
// once it finishes; a key finished starts afresh.
func TestGroup(t *testing.T) {
	var g Group[int]
	lead, ok := g.Join("k")
	if !ok {
		t.Fatal("the first Join does not lead")
	}
	if other, ok := g.Join("other"); !ok {
		t.Fatal("another key does not lead")
	} else {
		g.Finish(other)
	}
	var wg sync.WaitGroup
	got := make([]int, 8)
	for i := range got {
		c, ok := g.Join("k")
		if ok || c != lead {
			t.Fatalf("Join %d leads while a fetch is under way", i)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-c.Done()
			got[i] = c.Value
		}()
	}
	lead.Value = 42
	g.Finish(lead)
	wg.Wait()
	for i, v := range got {
		if v != 42 {
			t.Errorf("follower %d read %d", i, v)
		}
	}
	if c, ok := g.Join("k"); !ok || c == lead {
		t.Error("a finished key does not start a new fetch")
	}
}
