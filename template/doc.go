// Package template parses the reference syntax of tool files once and
// expands it many times, escaping each value for the place it stands in.
//
// References:
//
//	${param:key}   a capability parameter      (key: letters, digits, _ . -)
//	${env:VAR}     an environment variable     (VAR: [A-Za-z_][A-Za-z0-9_]*)
//	${stepN:var}   a var extracted by step N   (N: 0, 1, 2, ...)
//	${value:name}  a per-call value of the host (name: letters, digits, _ . -)
//	${pre:var}     a var extracted by the pre_request
//	${loop:name}   the state of a paging step  (cursor, page or offset)
//
// Nested references (${step0:${env:KEY}}) and raw step references
// (${step:0}) are syntax errors, as are unknown sources, empty names and
// an unterminated "${". A "$" not followed by "{" is literal text. There
// is no escape for a literal "${": "$${step1:amount}" is a "$" followed by
// the reference, as in a price.
//
// # Escaping
//
// The Context given to Parse decides, per reference, how its value is
// inserted. Values from param, step, pre and loop are untrusted (they
// come from the model or from responses), and value ones are escaped like
// them (they come with each call, often from the end user's request); env
// values are trusted configuration. Below, "param" stands for param, step,
// pre, loop and value.
//
//   - Text: as is.
//   - Header: as is; a value with CR, LF or NUL fails with ErrUnsafeValue.
//   - URL: env as written. A template that is exactly one param or step
//     reference must get an absolute http(s) URL (else ErrUnsafeValue).
//     Elsewhere param and step values are percent-encoded except the RFC 3986
//     unreserved bytes (A-Z a-z 0-9 - . _ ~), so they cannot add "/", "?",
//     "#" or "&"; in the path a value made only of dots becomes %2E.
//   - Form: env as written, others percent-encoded like URL query values.
//   - JSON: inside a string literal every value (env too) is JSON-string
//     escaped. Standing as a value, a param or step value marked Raw that is
//     valid JSON is inserted as is, any other as a quoted JSON string; env
//     as written. A missing value standing as a value becomes "".
//
// A missing value (Lookup returns ok=false) expands to "" without error;
// the Values implementation is the place to log the warning.
//
// # Quick start
//
//	t, err := template.Parse("${env:BASE_URL}/orders/${param:id}", template.InURL)
//	if err != nil { ... } // *SyntaxError: "col 26: ..."
//	for _, r := range t.Refs() { ... } // check references at load time
//	u, err := t.Expand(values)        // values implements Values
//
// # Concurrency
//
// A *Template is immutable once parsed and may be expanded from many
// goroutines at once. Values implementations are called from the goroutine
// that calls Expand.
package template
