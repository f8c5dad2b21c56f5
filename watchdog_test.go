package toolkit

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// TestWatchdog: each watch is canceled once, with errStepTimeout, never
// before its deadline; removed ones never. Deadlines arrive out of order,
// so the timer must move to an earlier one.
func TestWatchdog(t *testing.T) {
	var w watchdog
	start := time.Now()
	type fired struct {
		name string
		at   time.Time
	}
	ch := make(chan fired, 10)
	add := func(name string, after time.Duration) (*watch, time.Time) {
		deadline := start.Add(after)
		return w.add(deadline, func(cause error) {
			if !errors.Is(cause, errStepTimeout) {
				t.Errorf("%s: cause %v", name, cause)
			}
			ch <- fired{name, time.Now()}
		}), deadline
	}
	deadlines := map[string]time.Time{}
	_, deadlines["late"] = add("late", 120*time.Millisecond)
	_, deadlines["early"] = add("early", 20*time.Millisecond)
	gone, _ := add("removed", 40*time.Millisecond)
	_, deadlines["middle"] = add("middle", 60*time.Millisecond)
	w.remove(gone)

	var order []string
	for range deadlines {
		select {
		case f := <-ch:
			order = append(order, f.name)
			if f.at.Before(deadlines[f.name]) {
				t.Errorf("%s canceled %v before its deadline", f.name, deadlines[f.name].Sub(f.at))
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("canceled so far: %v", order)
		}
	}
	if fmt.Sprint(order) != "[early middle late]" {
		t.Errorf("order %v", order)
	}
	select {
	case f := <-ch:
		t.Errorf("%s canceled too", f.name)
	case <-time.After(60 * time.Millisecond):
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.pending) != 0 || !w.armed.IsZero() {
		t.Errorf("after the last deadline: %d pending, armed %v", len(w.pending), w.armed)
	}
}

// TestWatchdogConcurrent adds and removes from many goroutines (run with
// -race): every watch left past its deadline is canceled, and nothing is
// left pending.
func TestWatchdogConcurrent(t *testing.T) {
	var w watchdog
	var wg sync.WaitGroup
	var mu sync.Mutex
	canceled := map[int]bool{}
	for g := range 8 {
		wg.Go(func() {
			for i := range 200 {
				id := g*1000 + i
				ctx, cancel := context.WithCancelCause(context.Background())
				x := w.add(time.Now().Add(time.Duration(1+i%5)*time.Millisecond), func(err error) {
					mu.Lock()
					canceled[id] = true
					mu.Unlock()
					cancel(err)
				})
				if i%10 == 0 {
					<-ctx.Done() // left to time out
					if context.Cause(ctx) != errStepTimeout {
						t.Errorf("cause %v", context.Cause(ctx))
					}
					continue
				}
				w.remove(x)
				cancel(nil)
			}
		})
	}
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	for g := range 8 {
		for i := 0; i < 200; i += 10 {
			if !canceled[g*1000+i] {
				t.Errorf("watch %d timed out without a cancel", g*1000+i)
			}
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.pending) != 0 {
		t.Errorf("%d watches left pending", len(w.pending))
	}
}
