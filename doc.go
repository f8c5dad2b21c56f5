// Package toolkit gives a language model safe, fast access to HTTP APIs
// described declaratively: a YAML file (or a YQCloud JSON function
// definition, see package yqcloud) is the whole integration.
//
// The model sees three entry tools — query_capabilities,
// query_capability_detail and call_capability — and the Registry answers
// them:
//
//	reg := toolkit.NewRegistry(nil)
//	if _, err := reg.LoadDir("tools"); err != nil {
//		log.Print(err) // broken files are skipped; the others are loaded
//	}
//	tools := reg.Tools() // hand these to the model
//	// when the model calls one of them:
//	res, err := reg.Call(ctx, toolName, argumentsJSON)
//	// res.Text goes back to the model; res.Signals are for the agent loop.
//
// Loading compiles every template, path and regex and checks every
// reference, reporting all problems of a file as file:line:col diagnostics.
// A call never parses again.
//
// # Concurrency
//
// A Workflow or PreRequest, once compiled, is immutable and may be run by
// many goroutines at once; all state of a call (variables, key cache, step
// count, secrets seen, per-call values) lives in that call. Nothing a call
// exports is written to process-wide state: it goes to Result.Exports and,
// if the host asks, to its ExportStore. Registry and Executor are safe
// for concurrent use; capabilities may be added and removed while calls run.
//
// # Observability
//
// Options.Observer receives an event for each capability call, step, cache
// lookup, HTTP request and YQCloud hook run, with durations; its Start
// hooks return the context the work runs in, so a tracer opens a span per
// call and per request (examples/otel wires it to OpenTelemetry). With the
// logger enabled for Debug the same events are structured records. Events
// carry no query values, headers, bodies or secrets, and cost nothing when
// no one observes them.
//
// # Security
//
// Arguments come from the model and are untrusted. A parameter, step or
// per-call value never changes the structure around it: it is escaped for the URL
// path or query, refused in a header if it holds CR or LF, JSON-escaped in
// a JSON body and XML-escaped in an XML body, and it cannot change the
// request's host. Environment values are trusted configuration.
//
// Requests may not reach private, loopback, link-local or other
// special-purpose addresses unless Options.AllowPrivate names them; the
// address is checked when the connection is made and at every redirect,
// redirects are followed only to http and https URLs, proxies from the
// environment are not used, and credentials do not follow a redirect to
// another host. Secret values (environment variables named
// like secrets or marked sensitive, credential headers and query
// parameters) are redacted, in their common encodings, from everything the
// model and the logs see. Tool files, response bodies, YAML aliases, step
// runs, redirects, retries and request times are bounded, and so are the
// HTTP requests of one call (Options.MaxRequests: every redirect hop,
// retry, loop page and pre_request counts).
package toolkit
