package httpx

import (
	"context"
	"testing"
	"time"
)

// TestDeadlineContext: the earlier of the parent's deadline and At.
func TestDeadlineContext(t *testing.T) {
	at := time.Unix(2000, 0)
	d := &DeadlineContext{Context: context.Background(), At: at}
	if got, ok := d.Deadline(); !ok || !got.Equal(at) {
		t.Errorf("without a parent deadline: %v %v", got, ok)
	}
	parent, cancel := context.WithDeadline(context.Background(), at.Add(-time.Second))
	defer cancel()
	d.Context = parent
	if got, _ := d.Deadline(); !got.Equal(at.Add(-time.Second)) {
		t.Errorf("with an earlier parent deadline: %v", got)
	}
	later, cancel2 := context.WithDeadline(context.Background(), at.Add(time.Second))
	defer cancel2()
	d.Context = later
	if got, _ := d.Deadline(); !got.Equal(at) {
		t.Errorf("with a later parent deadline: %v", got)
	}
}
