package toolkit_test

import (
	"context"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolkit-sdk/toolkit"
)

func TestOnChange(t *testing.T) {
	reg := toolkit.NewRegistry(nil)
	var mu sync.Mutex
	var got [][]string
	stop := reg.OnChange(func(names []string) {
		if _, ok := reg.Lookup("a"); !ok && len(got) == 0 {
			t.Error("OnChange ran before the change was visible")
		}
		mu.Lock()
		got = append(got, names)
		mu.Unlock()
	})
	h := func(context.Context, *toolkit.Call) (toolkit.Result, error) { return toolkit.TextResult("ok"), nil }
	if err := reg.Add(&toolkit.Capability{Name: "a", Handler: h}, &toolkit.Capability{Name: "b", Handler: h}); err != nil {
		t.Fatal(err)
	}
	if err := reg.Add(&toolkit.Capability{Name: "bad name", Handler: h}); err == nil {
		t.Fatal("Add accepted a bad name")
	}
	reg.Remove("nope")
	reg.Remove("b", "nope")
	if _, err := reg.LoadBytes("c.yaml", []byte("name: c\ndesc: C.\nparams: []\nsteps:\n  - url: https://example.com/c\n")); err != nil {
		t.Fatal(err)
	}
	stop()
	reg.Remove("a")
	want := [][]string{{"a", "b"}, {"b"}, {"c"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("OnChange calls (-want +got):\n%s", diff)
	}
}
