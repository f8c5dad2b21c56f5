package toolkittest

// Path is the fixture file of a call, for the tests.
func (f *Fixtures) Path(name, args string) string { return f.path(name, args) }
