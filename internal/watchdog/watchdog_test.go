package watchdog

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

var errTest = errors.New("test deadline")

// TestWatchdog: each watch is called once, with its cause, never
// before its deadline and in deadline order (also when the timer fires
// late); removed ones never. Deadlines arrive out of order, so the timer
// must move to an earlier one (TestWatchdogRearm sees it move).
func TestWatchdog(t *testing.T) {
	var w Watchdog
	start := time.Now()
	type fired struct {
		name string
		at   time.Time
	}
	ch := make(chan fired, 10)
	add := func(name string, after time.Duration) (*Watch, time.Time) {
		deadline := start.Add(after)
		return w.Add(deadline, func(cause error) {
			if !errors.Is(cause, errTest) {
				t.Errorf("%s: cause %v", name, cause)
			}
			ch <- fired{name, time.Now()}
		}, errTest), deadline
	}
	deadlines := map[string]time.Time{}
	_, deadlines["late"] = add("late", 120*time.Millisecond)
	_, deadlines["early"] = add("early", 20*time.Millisecond)
	gone, _ := add("removed", 40*time.Millisecond)
	_, deadlines["middle"] = add("middle", 60*time.Millisecond)
	w.Remove(gone)

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
	if w.count() != 0 || !w.armed.IsZero() {
		t.Errorf("after the last deadline: %d pending, armed %v", w.count(), w.armed)
	}
}

// TestWatchdogRearm: an earlier deadline moves the timer, a later one
// leaves it; once the earliest is removed, the timer stays armed for it
// (it re-arms when it fires). The deadlines are hours away, so nothing
// fires while the test looks.
func TestWatchdogRearm(t *testing.T) {
	var w Watchdog
	now := time.Now()
	armed := func() time.Time {
		w.mu.Lock()
		defer w.mu.Unlock()
		return w.armed
	}
	w.Add(now.Add(2*time.Hour), func(error) { t.Error("called") }, errTest)
	if got := armed(); !got.Equal(now.Add(2 * time.Hour)) {
		t.Errorf("armed %v after the first watch, want +2h", got.Sub(now))
	}
	early := w.Add(now.Add(time.Hour), func(error) { t.Error("called") }, errTest)
	w.Add(now.Add(3*time.Hour), func(error) { t.Error("called") }, errTest)
	if got := armed(); !got.Equal(now.Add(time.Hour)) {
		t.Errorf("armed %v after an earlier and a later watch, want +1h", got.Sub(now))
	}
	w.Remove(early)
	if got := armed(); !got.Equal(now.Add(time.Hour)) {
		t.Errorf("armed %v after a Remove, want +1h", got.Sub(now))
	}
	w.timer.Stop()
}

// TestFireLate: a timer that fires after several deadlines passed calls
// their functions in deadline order, and re-arms for the next one.
func TestFireLate(t *testing.T) {
	var w Watchdog
	now := time.Now()
	var order []int
	w.mu.Lock() // as if the timer were late: all but the last are due when fire runs
	for _, ms := range []int{30, 10, 50, 20, 40, 3_600_000} {
		x := &Watch{deadline: now.Add(time.Duration(ms-60) * time.Millisecond), fn: func(error) { order = append(order, ms) }}
		w.link(x)
	}
	w.mu.Unlock()
	w.fire()
	if fmt.Sprint(order) != "[10 20 30 40 50]" {
		t.Errorf("order %v", order)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.count() != 1 || !w.armed.Equal(now.Add((3_600_000-60)*time.Millisecond)) {
		t.Errorf("%d pending, armed %v", w.count(), w.armed.Sub(now))
	}
	w.timer.Stop()
}

// TestWatchdogConcurrent adds and removes from many goroutines (run with
// -race): every watch left past its deadline is canceled, none that
// Remove spared is, and nothing is left pending.
func TestWatchdogConcurrent(t *testing.T) {
	var w Watchdog
	var wg sync.WaitGroup
	var mu sync.Mutex
	canceled, spared := map[int]bool{}, map[int]bool{}
	for g := range 8 {
		wg.Go(func() {
			for i := range 200 {
				id := g*1000 + i
				ctx, cancel := context.WithCancelCause(context.Background())
				x := w.Add(time.Now().Add(time.Duration(1+i%5)*time.Millisecond), func(err error) {
					mu.Lock()
					canceled[id] = true
					mu.Unlock()
					cancel(err)
				}, errTest)
				if i%10 == 0 {
					<-ctx.Done() // left to time out
					if context.Cause(ctx) != errTest {
						t.Errorf("cause %v", context.Cause(ctx))
					}
					continue
				}
				if w.Remove(x) {
					mu.Lock()
					spared[id] = true
					mu.Unlock()
				}
				cancel(nil)
			}
		})
	}
	wg.Wait() // every watch was removed, or its function called (the goroutine saw its cancel)
	mu.Lock()
	defer mu.Unlock()
	for g := range 8 {
		for i := 0; i < 200; i += 10 {
			if !canceled[g*1000+i] {
				t.Errorf("watch %d timed out without a cancel", g*1000+i)
			}
		}
	}
	for id := range spared {
		if canceled[id] {
			t.Errorf("watch %d was removed in time but canceled", id)
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.count() != 0 {
		t.Errorf("%d watches left pending", w.count())
	}
}

// TestRemoveLate: Remove reports false once the function has been called.
func TestRemoveLate(t *testing.T) {
	var w Watchdog
	done := make(chan error, 1)
	x := w.Add(time.Now().Add(time.Millisecond), func(cause error) { done <- cause }, errTest)
	if cause := <-done; cause != errTest {
		t.Fatalf("cause %v", cause)
	}
	if w.Remove(x) {
		t.Error("Remove after the call reported true")
	}
	y := w.Add(time.Now().Add(time.Hour), func(error) { t.Error("called") }, errTest)
	if !w.Remove(y) {
		t.Error("Remove before the deadline reported false")
	}
}

// count returns the number of pending watches; w.mu is held or the
// watchdog idle.
func (w *Watchdog) count() int {
	n := 0
	for x := w.pending; x != nil; x = x.next {
		n++
	}
	return n
}
