// Package lodash provides `_`, a lodash-compatible library for the
// JavaScript hooks of YQCloud function definitions (requestParser,
// responseParser, stopAfterFunctionCallCondition, extraParamsBuilder), which
// run in github.com/dop251/goja.
//
// It is this project's own implementation, written in JavaScript
// (lodash.js, embedded) and checked case by case against real lodash 4.18.1
// (testdata/corpus.json, testdata/golden.json). It has every public function
// of lodash 4 (testdata/public.json, checked by TestCoverage), with lodash's
// iteratee shorthands: a function, a property path ('a.b[0].c' or ['a',
// 'b']), a [path, value] pair and a partial-match object ({type: 'X'}).
// `_(x)` chains implicitly and `_.chain(x)` explicitly, as lodash does; a
// chain runs when its value is asked for, lazily where lodash's LazyWrapper
// would: over an array, a run of filter, map, reject, takeWhile, compact,
// invokeMap and the take, drop, slice, reverse, head, find and at family
// goes element by element, gives iteratees of one parameter the value alone
// and stops when it has what it needs (shortcut fusion, also across the
// point-free functions `_.flow` composes). `_.template` compiles with the
// Function constructor of the runtime it runs in.
//
// lodash's own test suite (test/test.js of lodash 4.18.1) runs in `go test`
// against Install's `_` (suite_test.go, without the race detector): 3,016 of
// its 3,101 tests pass; the 85 others are the differences below (79 tests)
// and 6 that need a second realm, which a sandbox has not. The suite's
// helper library is a second `_` there; with TOOLKIT_LODASH_JS naming
// lodash.js, TestLodashSuiteStable runs it with real lodash as the helper:
// `_` passes the same 3,016, and real lodash itself 3,088 (the same 6, 7 on
// goja's regexp engine). Recursive functions
// keep lodash's stack of seen objects (cloneDeep, isEqual, isMatch, merge,
// defaultsDeep and their *With forms end on cyclic values, and their
// customizers get the stack as the last argument); flattenDeep, flatMapDeep,
// flattenDepth and toString, which lodash recurses through without one,
// throw a RangeError past 10,000 nested arrays, as lodash's end in V8's, so
// a cyclic array ends even in a runtime with no call-stack limit.
//
// Where it differs from lodash on purpose (each is an entry, with its
// reason, of the suite's expected failures in suite_test.go):
//   - No timer fires while a hook runs (none would in Node either, in a
//     synchronous hook): `_.delay` and `_.defer` return an id and never call
//     func; `_.debounce` and `_.throttle` call func on the leading edge and
//     from flush(), never on a trailing timer. (27 tests of the suite.)
//   - `_` is frozen, so that a pooled runtime hands every run the same
//     library: `_.mixin` adds functions to another object only (onto `_` it
//     throws a TypeError; onto a function it adds them to its prototype
//     too, as lodash does), and assigning `_.iteratee`, `_.placeholder` or
//     `_.templateSettings` changes nothing (pass options to `_.template`).
//     `_.noConflict` and `_.runInContext` return `_`: the global `_` is a
//     read-only accessor and there is one library per runtime. (52 tests.)
//   - Functions that build a string or an array in one call (`_.repeat`,
//     `_.pad*`, `_.range*`, `_.times`, `_.fill`, `_.unzip`, the flatten
//     family, `_.toString` of an array) throw a RangeError past 16 Mi
//     characters or 4 Mi elements, the hook limits: an array that holds
//     itself twice, flattened to a depth, ends there.
//   - `_.isBuffer` is always false (there is no Buffer); `_.uniqueId`
//     counts per runtime; a compiled template's `source` is our own text.
//   - Where lodash's answer depends on V8 or on a bug of its lazy chains,
//     `_` gives the plain answer: sorting by a key that is NaN for every
//     element keeps the next key's order, and `_(a).filter(f).tail()` (or
//     initial, or slice) then take gives what the same calls without a
//     chain give (lodash's lazy wrapper drops the tail).
//
// Install's _.pick is lodash.js's pick behind a Go function that forwards
// every call (native.go); the corpus runs through both Install's `_` and
// Program's pure JavaScript. New installs the same and returns a Lib, whose
// Pick takes names checked ahead by PickKeys: _.pick for a literal array
// of names (package yqcloud compiles hooks' _.pick calls to it).
//
// Quick start:
//
//	vm := goja.New()
//	if err := lodash.Install(vm); err != nil {
//		return err
//	}
//	v, err := vm.RunString(`_.map(_.filter(items, {type: 'SERVICE'}), 'name')`)
//
// Concurrency: Program is compiled once and may be run by any number of
// runtimes at the same time. A goja.Runtime is not safe for concurrent use;
// install `_` once per runtime and use that runtime from one goroutine at a
// time. Everything reachable from the installed `_` (its functions, the
// chain prototype and its methods, templateSettings) is frozen, and the
// global `_` is a read-only accessor, so a pooled runtime hands every run
// the same library; a pass that freezes what the globals reach need not go
// through `_` again (it does not: it meets the accessor's getter). Built-in
// prototypes (Array.prototype and friends) are not frozen by Install; a pool
// that must defend against scripts changing them should do so itself.
package lodash
