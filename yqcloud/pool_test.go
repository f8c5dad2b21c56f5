package yqcloud

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/toolkit-sdk/toolkit"
)

// TestPoolKeepsPeak checks that the pool keeps as many runtimes as were
// in use at once, up to MaxIdleRuntimes: taking 16 again after 16 were
// given back makes none, and past the bound the extra ones are made anew.
func TestPoolKeepsPeak(t *testing.T) {
	for _, tt := range []struct {
		maxIdle, want int
	}{
		{0, 16},      // the default (64) keeps all 16
		{12, 16 + 4}, // 12 kept, 4 made again
	} {
		t.Run(fmt.Sprint(tt.maxIdle), func(t *testing.T) {
			e := newSet(&Options{MaxIdleRuntimes: tt.maxIdle}).eng
			for range 2 {
				rts := make([]*jsRuntime, 16)
				for i := range rts {
					rts[i] = e.acquire(context.Background(), nil, nil)
				}
				for _, rt := range rts {
					e.release(rt)
				}
			}
			if got := e.made.Load(); got != int64(tt.want) {
				t.Errorf("%d runtimes made for two rounds of 16 at once, want %d", got, tt.want)
			}
		})
	}
}

// TestConcurrentCallsReuseRuntimes runs rounds of 64 concurrent calls
// whose responses arrive together: however many run their hooks at once,
// no more than 64 runtimes are ever made.
func TestConcurrentCallsReuseRuntimes(t *testing.T) {
	const calls, rounds = 64, 3
	var arrived sync.WaitGroup
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		arrived.Done()
		arrived.Wait() // every call's response at once
		w.Write(serviceItems(20))
	}))
	defer srv.Close()
	set, reg := load(t, def("items", "", fmt.Sprintf(`{"type": "call_url", "url": %q, "responseParser": %q}`,
		srv.URL+"/items", "return _.map(data.content, 'id').length")),
		&Options{HookTimeout: time.Minute}) // 64 hooks on a busy machine under -race

	for range rounds {
		arrived.Add(calls)
		var wg sync.WaitGroup
		for range calls {
			wg.Go(func() {
				res, err := reg.Call(context.Background(), "items", []byte(`{}`), toolkit.WithValue(ValueTenantID, testTenant))
				if err != nil || res.Text != "20" {
					t.Errorf("call: %v %s", err, res.Text)
				}
			})
		}
		wg.Wait()
	}
	if got := set.eng.made.Load(); got > calls {
		t.Errorf("%d runtimes made for %d rounds of %d concurrent calls, want at most %d", got, rounds, calls, calls)
	}
}
