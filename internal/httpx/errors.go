package httpx

import (
	"errors"
	"net/url"
)

// MaxErrorBytes bounds the text of a request's error: net/http quotes what
// a server sent in full (a Location header it cannot parse, twice), and
// the redirect policy names the URL and host it refuses, megabytes a
// hostile server chooses.
const MaxErrorBytes = 1 << 10

// boundedError is an error with its text cut; errors.Is and errors.As see
// the whole.
type boundedError struct {
	msg string
	err error
}

func (e *boundedError) Error() string { return e.msg }
func (e *boundedError) Unwrap() error { return e.err }

// BoundError returns err with its text cut to MaxErrorBytes by cut, which
// redacts the request's secrets before it cuts (so that the cut never
// leaves the start of one) and notes the cut. A shorter error is returned
// as it is.
func BoundError(err error, cut func(text string, n int) string) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	if len(msg) <= MaxErrorBytes {
		return err
	}
	return &boundedError{msg: cut(msg, MaxErrorBytes), err: err}
}

// EventURL is u without its query, user information and fragment: the
// URL an event or a debug log record names.
func EventURL(u *url.URL) string {
	v := url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path, RawPath: u.RawPath, Opaque: u.Opaque}
	return v.String()
}

// redactedError is an error whose text had secrets taken out; it unwraps
// to the original for errors.Is.
type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }

// EventError is err for an event: without the URL a *url.Error repeats
// (query included), its text passed through redact when redact is not
// nil (an error whose text changes unwraps to the original).
func EventError(err error, redact func(string) string) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	if redact == nil {
		return err
	}
	if msg := redact(err.Error()); msg != err.Error() {
		return &redactedError{msg: msg, err: err}
	}
	return err
}
