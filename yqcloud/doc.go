// Package yqcloud runs YQCloud function definitions — the JSON format of
// the yqcloud-ai-node runtime — as toolkit capabilities, with that
// runtime's behaviour: placeholders, {path} parameters, query/body
// routing, /transparent, manual functions and JavaScript hooks with
// lodash as `_`.
//
// Quick start:
//
//	set, diags := yqcloud.ParseDir("functions", nil) // or Parse, ParseFile, ParseFS
//	if diags.HasErrors() {
//		log.Print(diags) // functions/itsm.json:14:7: [2].function.url: ...
//	}
//	reg := toolkit.NewRegistry(nil)
//	if err := set.Register(reg); err != nil { ... }
//	// Every call passes the static config, the tenant and the user's token:
//	res, err := reg.Call(ctx, toolkit.ToolCallCapability, args,
//		toolkit.WithValue(yqcloud.ValueBaseURL, "https://api.yqcloud.com"), // ${STATIC#yqcloud_url}
//		toolkit.WithValue(yqcloud.ValueTenantID, tenant),                  // ${tenantId}
//		toolkit.WithValue(yqcloud.ValueAccessToken, token))                // ${yqAccessToken}
//
// The definitions can also go to the model directly: with
// toolkit.Options.Flat, reg.Tools(toolkit.WithLocale(locale)) returns one
// tool per capability (intl descriptions by locale), and reg.Call runs the
// one the model picks by its name.
//
// # Per-call values
//
// ${STATIC#name} reads the value named "STATIC#name": trusted
// configuration, inserted as written. ${tenantId} and ${yqAccessToken} read
// "tenantId" and "yqAccessToken"; any other ${name} reads "name". In a URL
// those are path- or query-escaped by position (one that lands in the
// host must be a single DNS label); in a header any value holding CR, LF
// or NUL is refused. The scheme, host and port come from the url's text
// and STATIC values only: a {path} parameter written where it would land
// in them (right after ${STATIC#yqcloud_url}, inside the host) is a load
// error, and at run time a parameter lands only after the '/', '?' or '#'
// that ends the host, and the expanded URL must be an absolute http(s)
// URL with the scheme, host and port of the text before it. A placeholder without a value fails the
// call (ErrMissingValue). The token, values named like secrets and
// credential headers (Authorization, Cookie, *-Token, ...) are redacted
// from the Text and ExtraParams of every Result.
//
// # One call
//
// arguments (checked against parameters: required, types, enum; one the
// properties do not declare is refused unless "additionalProperties" is
// true or a schema, and even then may not be named as a key of the url's
// query, of defaultPostData or as a per-call value, nor as one a server
// may bind it to (another case, "tenant[]", "tenant.x"); no
// argument replaces a defaultPostData member holding a ${placeholder} at
// any depth) -> requestParser -> {path} parameters (path-escaped, removed from the rest)
// -> routing (GET: all to the query string; POST, PUT, PATCH, DELETE:
// queryParams to the query string, the rest to a JSON body over
// defaultPostData, which declared parameters overlay; a query already in
// the url is kept, and a parameter with the name of one of its keys is
// refused) -> HTTP through
// the toolkit Executor -> response parsed (JSON, else text) ->
// responseParser -> stopAfterFunctionCallCondition -> extraParamsBuilder
// -> Result. The condition and the builder get the responseParser's
// result. A non-2xx status is an error Result. /transparent sends nothing:
// the parameters are the response. manual sends nothing: the Result has
// Signals.Manual and the arguments. Text is the result as compact JSON (a
// string result as it is), capped at Options.MaxResultBytes (default: the
// Executor's toolkit.Options.MaxResultBytes). A
// typingMessage reaches the host before the request through the
// toolkit.WithNotify call option, and in Signals.TypingMessage.
//
// # Hooks
//
// A hook is a function body run as function(data, _) in strict mode:
// requestParser gets the arguments as a JSON string, the others the parsed
// value. Hooks compile once, at load; a call written
// _.pick(item, ['id', 'name']) compiles to a Go function that reads the
// names once, not from a new array per item, with the same result, errors
// and script positions (Error.prototype.stack differs in its bytecode
// offsets). Data enters as objects over the parsed body, decoded lazily
// in member order (they cannot be frozen);
// results leave through a writer with JSON.stringify's rules, and numbers
// a hook never read keep their digits. Picks mapped straight into the
// result of a response parser, as in
//
//	const list = (data?.content || []).filter(i => i.enabled).map(i => _.pick(i, ['id', 'name']));
//	return { items: list };
//
// are objects over the item's members that the writer copies from the
// body. No script code can see them: the map is the script's first
// statement, on the body's own arrays (no code has had them in hand, so
// the built-in map makes an ordinary array), the list is named nowhere
// else, and at run time the pick checks that the built-in map called it.
// A definition whose stop condition or extra parameters read the
// parser's result gets ordinary objects. Each run is bounded by
// Options.HookTimeout and Options.MaxCallStackSize, and there is no
// require, process, fetch, file or network access. console.* goes to
// Options.Logger at debug level (default: the Executor's Logger).
//
// # Isolation of runs
//
// Runtimes are pooled: the runs of every definition of a Set, for every
// tenant, share them. So that no run can change what a later one sees,
// every object a script can reach that outlives its run is frozen before
// the first run: a transitive walk over own properties (string and symbol
// keys, getters and setters) and prototypes from globalThis and from the
// intrinsics only syntax reaches (the iterator prototypes of arrays,
// maps, sets, strings and matchAll, %IteratorPrototype%, the generator
// function, generator and async function prototypes and constructors,
// the arguments objects' iterator, the chain wrappers of `_`). The global
// object is frozen too, so a script cannot add a global (an indirect eval
// keeps its let and const to itself). eval is a wrapper, so every eval is
// indirect and sees only the global scope. Symbol.for keeps a registry per
// run. goja has no RegExp legacy statics (RegExp.$1, lastMatch), no async
// generators and no Error.prepareStackTrace. A test walks all of this and
// asserts that every object two runs could share is frozen, and a fuzz
// target checks that a run of any script leaves a probe hook's next run
// unchanged. What stays shared is read-only state: Math.random's source,
// and `_.uniqueId`'s counter, which counts every run's calls.
//
// # Limits of a hook
//
// A run ends at Options.HookTimeout or when the caller's context ends
// (the error then says the call was canceled), within about 100 ms of
// either whatever the script is doing: goja checks between instructions,
// and what runs for long inside one instruction is bounded here.
//
//   - Built-ins that make a string or an array in one Go call throw a
//     RangeError past 16 Mi characters or 4 Mi elements: repeat,
//     padStart, padEnd, concat, split, join (and Array.prototype.toString),
//     replace and replaceAll (what the replacements add), fill, Array.from,
//     array concat, spreading and iterating an array or a string,
//     Function.prototype.apply, Reflect.apply and construct, and
//     Object.keys, values, entries, getOwnPropertyNames and assign and
//     Reflect.ownKeys of a string, a String object or a proxy of one, and
//     String.raw (over raw.length segments). So do the array methods that run over this.length in Go
//     (map, forEach, filter, indexOf, slice, sort, ...): a length can be
//     set to 2^32-1 at no cost. JSON.stringify and a hook's result stop at
//     16 MiB of JSON, indented if JSON.stringify has an indent (counted
//     first, from the compact text). What a replacer function returns
//     is bounded by the run's time only.
//   - Hooks have no BigInt, typed arrays, DataView or ArrayBuffer
//     (ArrayBuffer.isView remains, false for everything): one BigInt
//     operation (2n ** 100000000n) or one typed array (new
//     Float64Array(2 ** 27), 1 GiB) escapes every limit, and data
//     transforms over JSON need neither. A BigInt literal is refused
//     where code compiles: a hook at load, eval and the Function,
//     GeneratorFunction and AsyncFunction constructors at run time (with
//     `_.template`). Those refuse a source over 1 MiB, or over 32 Ki
//     characters that are not blanks (a hook at load too): goja's parser
//     and compiler recurse in Go for every level of an expression, and a
//     Go stack overflow (300 000 parentheses did it) ends the process.
//     Compiling such a source is one Go call of up to a second or two.
//   - String.prototype.normalize refuses a string whose full
//     decomposition (up to 18 characters for one) is over 16 Mi
//     characters; flat counts what it would visit first and refuses over
//     4 Mi elements or arrays nested over 1,000 deep (a cycle, or a
//     shared array doubled 40 times); flatMap counts what its callback
//     returns; JSON.parse refuses text of over 4 Mi values or 512 Ki
//     objects and arrays; sort and toSorted without a comparator compare
//     in a Go function that stops when the run is halted. join (and so
//     String of an array) and toLocaleString go at most 1,000 arrays deep
//     and visit at most 4 Mi elements with the nested ones: they recurse
//     in Go, where an array nested 10^6 deep overflowed the stack and
//     ended the process. Object.entries, Object.fromEntries,
//     Object.assign and Object.getOwnPropertyDescriptors refuse over
//     1 Mi elements or characters (a pair, a property or a descriptor
//     each, a few hundred bytes), of an array, a string, a String object
//     or a proxy of one; encodeURI,
//     encodeURIComponent and escape count what they would make (up to 9
//     characters of one) past the string limit.
//   - One match of a regular expression is bounded to 100 ms. Expressions
//     RE2 cannot run (lookaround, backreferences) go to regexp2, whose
//     matches do not see goja's interrupt; yqcloud sets regexp2's
//     package-level DefaultMatchTimeout (for the whole process, unless the
//     host set it first), and RegExp.prototype.exec and test turn a
//     regexp2 match that gave up (no match after 100 ms) into an error
//     rather than the "no match" goja reports. The timeout is wall-clock
//     time: on a machine short of CPU, a legitimate backtracking match can
//     be cut too.
//     Replacing exec sends every RegExp method down the specification's
//     generic path: the same results, slower than goja's own (a hook that
//     makes 150 replace and test calls on a 50-item page took 1.5 ms
//     instead of 0.37 ms).
//   - The response body is parsed before the hook, in time linear in its
//     size, looking at the call's context as it goes.
//
// Not bounded except by the time limit: memory a script allocates one
// instruction at a time. One instruction at a size limit can still take
// a second or more on a busy machine (Object.keys of a 4 Mi-character
// string, split of one into 4 Mi strings, flatMap appending
// 4 Mi elements, an object literal spreading a 4 Mi-element array, about
// 1 GiB), and the halt lands after it. toUpperCase and toLowerCase can
// make up to three times the string limit. A loop that keeps 10 MB strings in an array
// reached about 200 MB in a 1 s run; a loop that doubles a string with +
// reached 1 GiB, and its last step (one copy of 1 GiB) ran 0.5 s past the
// limit. JSON.stringify with a replacer function is size-checked without
// the replacer. Keep HookTimeout short, and give the process memory to
// spare or a limit of its own (GOMEMLIMIT, a container).
//
// # Concurrency
//
// A Set and its Definitions are immutable once Parse returns and safe for
// concurrent use; all state of a call lives in that call.
package yqcloud
