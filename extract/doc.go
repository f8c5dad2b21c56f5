// Package extract pulls values out of HTTP response bodies with the
// workflow spec's extract expressions.
//
// An expression that starts and ends with "/" is a regular expression (Go
// RE2 syntax; inline flags such as (?i) work) run on the raw body; the value
// is capture group 1, and a regex without a group does not compile.
// Anything else is a path over a JSON body, or, if the body is not JSON, a
// YAML one:
//
//	data.status        object field
//	items[0].name      array element
//	[0].id             index on the root
//	books[]            every element, as a JSON array
//	books[].title      a field of every element (elements without it are skipped)
//	a[].b[].c          results flattened one level per [] (like JSONPath [*])
//	[]                 the root array; [0] its first element
//	items[].{id,title} each element as an object of only those fields
//	data.{id,title}    one object of only those fields
//
// A projection {a,b} ends a path: it makes an object of the fields listed
// that the object has, in the order listed (of a repeated key, the last
// value; a null field stays null). An element that is not an object, or
// has none of the fields, is skipped after []; without [] it fails with
// ErrNotFound. A segment is a projection when it is the rest of the path,
// from '{' to a last '}' with no brace between; anywhere else '{', '}' and
// ',' are characters of a key (paths./users/{id}.get). Keys may hold any
// character but '.', '[' and ']'; a projection's names also no commas,
// quotes, backslashes or spaces. A duplicate JSON key reads its last value.
//
// An expression that starts with "$" is a JSONPath query (RFC 9535; it
// passes the JSONPath Compliance Test Suite, whose cts.json is in
// testdata/third_party): filters with comparisons (deep equality of
// arrays and objects included), &&, || and !; recursive descent (a node
// before its descendants); slices; unions of any selectors; and the
// functions length, count, match, search and value (patterns are I-Regexp,
// RFC 9485). An expression that begins with whitespace, such as " $", is
// not a query but a simple path (its key is " $"): the one case of the
// suite that extract answers differently. A query that selects one node
// gives that node's value; several give a JSON array of their values;
// none, or a single null, fails with ErrNotFound. Values render as below
// (filters compare integers within int64 exactly, other numbers as
// float64; a repeated key is one member, with its last value). A query
// that reaches deeper than Options.MaxJSONPathDepth fails, and so does a
// result over 8 times the body's size plus 1 MiB, a segment selecting
// over half as many nodes, or a query whose work passes 256 steps per node
// of the body plus 4 Mi (a step: a node visited or skipped by a lookup; a
// match or search counts its string's length times its pattern's size
// over 4, and compiling a pattern from the body 32 per byte).
//
// Values are text: strings as is, numbers exactly as written in the body
// (1234567.89, 1.0, 1e3 and 30-digit integers are kept), booleans as
// true/false, arrays and objects as compact JSON with keys in document
// order. A path that reaches null, a missing key, an index out of range or
// a wrong type fails with ErrNotFound; so does a regex without a match.
// A path over a body that is neither JSON nor YAML with a collection at its
// root (HTML, plain text, empty, a YAML scalar) fails with ErrNotStructured.
//
// YAML is bounded (see Options): bodies over 256 KiB, nested deeper than 100
// levels or whose aliases expand past 10000 nodes or 1 MiB of JSON count as
// not structured.
// YAML numbers and booleans render like JSON ones; ".inf" and ".nan" become
// strings; non-string map keys are stringified; "<<" merge keys are applied;
// only the first document of a stream is read.
//
// Quick start:
//
//	e, err := extract.Compile("data.items[0].id") // once, at load time
//	...
//	doc := extract.NewDoc(body, nil) // once per response
//	v, err := e.Eval(doc)            // parses body on first use
//	if errors.Is(err, extract.ErrNotFound) { /* default / abort / jump */ }
//
// Concurrency: a compiled *Expr is immutable and may be evaluated from many
// goroutines at once. A *Doc caches its parse and is for one goroutine (one
// step run); any number of Exprs may read it, and the body is parsed once.
package extract
