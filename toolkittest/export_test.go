package toolkittest

// Path is the fixture file of a call, for the tests.
func (f *Fixtures) Path(name, args string) string { return f.path(name, args) }

// MatchBody is a request body as replay compares it, for the tests.
func MatchBody(body string) string { return normalize("POST", "", body, nil).body }
