package toolkit

import (
	"runtime"
	"testing"
	"time"
)

// TestWatchMemoryStopFromOver: stop may be called from over, and again
// after; each call reports that the script kept too much.
func TestWatchMemoryStopFromOver(t *testing.T) {
	var stop func() bool
	fromOver := make(chan bool, 1)
	stop = watchMemory(0, func() { fromOver <- stop() })
	var keep [][]byte
	var kept bool
	for i := 0; i < 10000 && !kept; i++ { // until the watchdog finds the heap grew
		keep = append(keep, make([]byte, 64<<10))
		select {
		case kept = <-fromOver:
			if !kept {
				t.Error("stop called from over: not kept")
			}
		case <-time.After(time.Millisecond):
		}
	}
	runtime.KeepAlive(keep)
	if !kept {
		t.Skip("the watchdog never found the heap grew")
	}
	first, second := stop(), stop()
	if !first || !second {
		t.Error("stop after over: not kept")
	}
}

// TestWatchMemoryStopTwice: a script within the bound is not kept, at
// each call of stop.
func TestWatchMemoryStopTwice(t *testing.T) {
	stop := watchMemory(1<<40, func() { t.Error("over called") })
	time.Sleep(5 * memoryPoll) // the loop started
	first, second := stop(), stop()
	if first || second {
		t.Error("kept")
	}
}
