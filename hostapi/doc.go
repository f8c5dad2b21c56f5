// Package hostapi exposes a host's own HTTP API to the model through two
// capabilities of category "api", instead of one capability per endpoint:
//
//   - query_api_docs: no arguments lists the function groups with their
//     endpoint counts, largest first; {"group": g} lists a group's
//     endpoints (id, method, path, summary); {"endpoint": id} shows its
//     parameters and request body schema, nested schemas collapsed to fit
//     ({"endpoint": id, "schema": "#/body/properties/address"} shows one;
//     {"examples": true} adds examples and x- extensions); {"keyword":
//     words} ranks the endpoints by ids,
//     summaries, descriptions, paths and parameters. Answers stay within
//     the Registry's discovery budget (toolkit.Options.MaxDiscoveryBytes)
//     and page with {"cursor": c}.
//   - call_http_api: {"endpoint", "path_params", "query", "headers",
//     "cookies", "body"} runs one endpoint after validating the arguments, and returns
//     "HTTP <status>" and the body, redacted and capped.
//
// Quick start:
//
//	cat, diags := hostapi.ParseOpenAPI("openapi.json", doc, nil) // or hostapi.NewCatalog() and cat.Add(...)
//	if diags.HasErrors() {
//		return diags // refused
//	}
//	log.Print(diags) // the warnings: operations left out, each with its JSON pointer and line:col
//	a, err := hostapi.New(cat, &hostapi.Options{
//		Handler:  mux,  // in-process; or BaseURL: "https://internal.example.com"
//		ReadOnly: true, // only GET endpoints
//	})
//	if err != nil {
//		return err
//	}
//	err = a.Register(reg)
//	// per call, the host passes the end user's credentials:
//	res, err := reg.Call(ctx, toolName, args, toolkit.WithHeader(userHeaders))
//
// The model chooses only the endpoint and the parameters the catalog
// documents. Path values are path-escaped ("/" cannot add a segment, "." and
// ".." are refused) — except in a parameter the document marks
// "x-multi-segment", whose "/" separates segments that are each escaped and
// may not be empty, "." or ".." — query values percent-encoded by the
// parameter's OpenAPI style (as RFC 6570 expands one: a space as %20, a +
// as %2B; a form body's pairs take a + for a space), header values without control characters,
// cookie values percent-encoded (form style) or refused when they hold a
// control character, "," or ";" (cookie style). Credentials and content
// headers are never model parameters: headers the host passes with
// toolkit.WithHeader are added to every request, override model headers
// of the same name (and the host's cookies the model's of the same name),
// and are redacted from what the model sees.
//
// Endpoints for which Options.Confirm returns true are not sent at once:
// the Result carries Signals.NeedsConfirmation and, in ExtraParams, the
// pending request. Once the user agrees, the host runs the same call again
// with WithConfirmation().
//
// # Concurrency
//
// A Catalog is built by one goroutine. New takes a snapshot of it; the API
// and its capabilities are immutable and safe for concurrent use. An
// in-process call runs the Handler on the calling goroutine.
package hostapi
