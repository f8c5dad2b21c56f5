package httpx

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
