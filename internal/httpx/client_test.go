package httpx

import (
	"context"
	"errors"
	"net/url"
	"strings"
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

// TestEventError: the *url.Error's URL goes, the redacted text unwraps
// to the original.
func TestEventError(t *testing.T) {
	base := errors.New("refused: secret-token")
	err := EventError(&url.Error{Op: "Get", URL: "http://h/?token=secret-token", Err: base}, func(s string) string {
		return strings.ReplaceAll(s, "secret-token", "[REDACTED]")
	})
	if err.Error() != "refused: [REDACTED]" || !errors.Is(err, base) {
		t.Errorf("EventError = %q (unwraps to the original: %v)", err, errors.Is(err, base))
	}
	if err := EventError(base, nil); err != base {
		t.Errorf("without redact: %v", err)
	}
	u, _ := url.Parse("https://user:pw@h:8443/a%2Fb?q=1#f")
	if got := EventURL(u); got != "https://h:8443/a%2Fb" {
		t.Errorf("EventURL = %q", got)
	}
}
