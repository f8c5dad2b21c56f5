package toolkit

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/toolkit-sdk/toolkit/extract"
	"github.com/toolkit-sdk/toolkit/internal/netguard"
)

// Defaults for Options.
const (
	DefaultMaxSteps       = 100
	DefaultMaxBodyBytes   = 10 << 20
	DefaultMaxResultBytes = 64 << 10
	DefaultMaxRedirects   = 10
	// DefaultMaxRequests is MaxRequests' default. A legitimate call fits
	// in it: a pre_request, a loop of 40 pages (1,000 items,
	// DefaultMaxLoopItems, at 25 a page) and a few steps beside it; or a
	// handful of steps, each redirected and retried a few times (a try
	// that is redirected is two requests). A loop that pages past it ends
	// the call with an error that points to max_pages; a host whose tools
	// page further raises MaxRequests.
	DefaultMaxRequests = 50
)

// Options configure an Executor and the Registry that owns one. A nil
// *Options and zero fields mean the defaults. Options are copied at
// construction. Check reports every malformed field at once; NewExecutor
// and NewRegistry accept malformed ones (an Executor then fails every
// request with what Check reports, and Registry.Check reports it too).
//
// The fields come in two groups, by the owner that reads them: the
// Executor's (the HTTP layer, the network guard, the limits of a call,
// the environment, logging and the stores), then the Registry's (how it
// loads tool files and what its entry tools show the model). The
// adapters that register on a Registry (packages yqcloud, hostapi) take
// the Executor's Logger and limits unless their own options set them.
type Options struct {
	// Executor: the HTTP layer and the network guard.

	// HTTPClient sends the requests. Default: a client of the Executor's own
	// with connection pooling and at most MaxRedirects redirects. An
	// injected client dials by itself, so the private-address guard
	// resolves and checks each target before handing it the request (a
	// DNS answer that changes in between is not seen); a warning is logged.
	HTTPClient *http.Client
	// Proxy, when set, is the proxy every request goes through; proxies
	// from the environment (HTTP_PROXY) are never used. The proxy's own
	// address is trusted; a target's addresses are resolved and checked
	// before the request is handed to it. A proxy URL without a host is
	// malformed (see Check).
	Proxy *url.URL
	// AllowedHosts, when set, are the only hosts requests and redirects
	// may go to: exact names ("api.example.com"), ".example.com" for a
	// domain and its subdomains, either with ":port" for that port only.
	// A malformed entry is reported by Check.
	AllowedHosts []string
	// AllowPrivate lets requests reach private and special-purpose
	// addresses, which are refused by default: loopback, RFC 1918,
	// link-local, shared (100.64.0.0/10), benchmarking, reserved and
	// multicast ranges, every range of the IANA special-purpose registries
	// for IPv4 and IPv6. Entries are host names (".corp.example" for a
	// domain and its subdomains, ":port" optional), addresses ("127.0.0.1")
	// or CIDR ranges ("10.0.0.0/8"); "*" (AllowAllPrivate) turns the guard
	// off. Addresses are checked when the connection is made, for every
	// redirect hop, after name resolution. A malformed entry is reported
	// by Check.
	AllowPrivate []string

	// Executor: the limits of a call.

	// MaxSteps bounds the step runs of one call, ending next/jump loops.
	MaxSteps int
	// MaxRequests bounds the HTTP requests one call sends, whatever sends
	// them: every request handed to the transport counts, each redirect
	// hop, each retry, each page of a loop, the pre_request and a chain
	// run again after a 401. Past it the call ends with ErrRequestBudget.
	// A call is one Registry.Call or Executor.Run (the Sends of a Go
	// capability share its budget), or one Send made outside a call.
	// Zero or negative: 50 (DefaultMaxRequests).
	MaxRequests int
	// MaxRedirects bounds the redirects one request follows.
	MaxRedirects int
	// MaxBodyBytes bounds a response body, after decompression. The host
	// API adapter (package hostapi) applies it to in-process responses too.
	MaxBodyBytes int64
	// MaxResultBytes bounds a raw response body returned to the model; the
	// rest is cut with a note. YQCloud functions and the host API adapter
	// cut their results to it too, unless their own options set a bound.
	MaxResultBytes int
	// Extract bounds YAML parsing of responses.
	Extract *extract.Options

	// Executor: environment, logging, stores.

	// Env looks up ${env:NAME}; calls and loads call it from several
	// goroutines at once. Default: os.LookupEnv.
	Env func(name string) (string, bool)
	// Logger receives warnings (missing template values, skipped files)
	// and, when it is enabled for Debug, a record for each call, step,
	// cache lookup, HTTP request and hook run, with their durations (the
	// events of Observer). Secrets are redacted from what it gets. The
	// console output of YQCloud hooks goes to it at Debug level unless
	// yqcloud.Options.Logger is set. Default: slog.Default().
	Logger *slog.Logger
	// Observer receives the events of calls, steps, cache lookups, HTTP
	// requests and hook runs, for metrics and tracing. Default: none.
	Observer *Observer
	// Cache keeps `cache: {ttl: N}` entries across calls, per cache scope
	// (WithCacheScope). A store that fails never fails a call. Default: an
	// in-memory store (MemoryCache); package rediscache shares one between
	// replicas.
	Cache Cache
	// AWSCredentials signs the requests of an auth: {type: aws_sigv4}
	// block that sets no keys of its own (Signature Version 4): the AWS
	// SDK's provider, such as config.LoadDefaultConfig's Credentials.
	// Default: none; such a block's calls fail saying so.
	AWSCredentials AWSCredentialsProvider
	// Exports keeps what steps export (export:) between the calls of a
	// conversation (WithConversation), for which it is their per-call
	// values. Default: none; exports reach only Result.Exports.
	Exports ExportStore
	// MaxPartBytes bounds a response body that is not text (an image,
	// audio, a PDF, an archive) which the model gets inline as a content
	// part (Result.Parts) when no step has result:; a larger one is kept
	// in Blobs, and the model reads its description and handle. Zero: 4
	// MiB (DefaultMaxPartBytes); negative: never inline, always a handle.
	MaxPartBytes int64
	// Blobs keeps the bodies not given inline, for the host to fetch
	// (Registry.Blob). Default: an in-memory store of 64 MiB
	// (NewMemoryBlobStore); a host may plug S3, GCS or Redis.
	Blobs BlobStore
	// BlobTTL is how long a kept body lives. Default 1 hour.
	BlobTTL time.Duration
	// MaxUploadBytes bounds the body of a step that uploads files (a
	// multipart body, or file:): what its files decode to, and the whole
	// multipart body. Default 32 MiB (DefaultMaxUploadBytes).
	MaxUploadBytes int64

	// Registry: loading and the entry tools.

	// Flat makes Registry.Tools hand the model one tool per capability
	// instead of the three entry tools; Registry.Call takes either.
	Flat bool
	// MaxFileBytes bounds the size of a tool file the Registry loads, and
	// its size with its YAML aliases expanded; a larger file is skipped
	// with a diagnostic. Default 256 KiB (DefaultMaxFileBytes).
	MaxFileBytes int
	// MaxDiscoveryBytes bounds an answer of query_capabilities (and of
	// hostapi's query_api_docs, which reads it through
	// Executor.DiscoveryBudget): past it the answer says how many more
	// there are and how to page to them. Default 6,000 bytes, about 1,500
	// tokens (DefaultMaxDiscoveryBytes). It bounds query_capability_detail
	// too, whose answer trims the parameters' schema (with a "trimmed"
	// note) to fit; Check reports a value under MinDiscoveryBytes, the
	// least that holds any one capability, and detail answers then take
	// up to MinDiscoveryBytes.
	MaxDiscoveryBytes int
	// CodeMode adds the entry tool run_script: the model writes a
	// JavaScript function body that calls capabilities (call, as
	// call_capability does), searches and describes them, and only its
	// return value comes back (docs/codemode.md).
	CodeMode bool
	// ScriptTimeout bounds the time a run_script script computes, not
	// counting the calls it waits for. Default 1 s (DefaultScriptTimeout).
	ScriptTimeout time.Duration
	// CategoryDescriptions say what each category is for, by name: the
	// overview of query_capabilities shows the first sentence of each
	// beside its count when it lists categories. A folder's CategoryFile
	// says it too (these come first). Default: none.
	CategoryDescriptions map[string]string
	// ScriptMemory bounds, in bytes, how far the process's live heap may
	// grow while a run_script script runs: past it the script is stopped.
	// The heap is the process's, read at each garbage collection, so
	// what other goroutines keep counts too. Default 64 MiB
	// (DefaultScriptMemory).
	ScriptMemory int64
	// Embedder, when set, makes keyword searches hybrid: capabilities are
	// ranked by keyword and by the similarity of their embeddings with the
	// query's, and the two rankings fused (HybridOptions, docs/discovery.md).
	// Vectors are computed when capabilities are added, in batches, and
	// kept by the hash of the text embedded, so a reload embeds only the
	// capabilities that changed. Default: none, keyword ranking alone.
	Embedder Embedder
	// Hybrid tunes hybrid ranking; it applies only with an Embedder.
	Hybrid HybridOptions
}

// Check reports every malformed field of o at once, or nil: "invalid
// Options: " and errors.Join of one error per problem, each naming its
// field ("option AllowPrivate: ..."). A nil *Options is valid. Zero and
// negative limits are not malformed: they mean the defaults.
//
// Check is what fails early: NewExecutor and NewRegistry accept malformed
// options (their signatures have no error), and such an Executor fails
// every request with the same error, so call Check, or Registry.Check,
// before serving.
func (o *Options) Check() error {
	if o == nil {
		return nil
	}
	_, err := netguard.New(guardConfig(o))
	if o.MaxDiscoveryBytes > 0 && o.MaxDiscoveryBytes < MinDiscoveryBytes {
		// Served anyway: a detail answer then takes up to MinDiscoveryBytes.
		err = errors.Join(err, fmt.Errorf("option MaxDiscoveryBytes: %d is under MinDiscoveryBytes (%d), which one capability's query_capability_detail may need", o.MaxDiscoveryBytes, MinDiscoveryBytes))
	}
	err = errors.Join(err, o.Hybrid.check())
	return invalidOptions(err)
}

// invalidOptions is how the Executor and Check report malformed options.
func invalidOptions(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("invalid Options: %w", err)
}

// Logger returns the Executor's Logger (Options.Logger, default
// slog.Default()), for the adapters that run on it (packages yqcloud,
// hostapi) and Go capabilities that log beside it.
func (e *Executor) Logger() *slog.Logger { return e.opts.Logger }
