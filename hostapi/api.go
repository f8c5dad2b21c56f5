package hostapi

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/argcheck"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// Names of the two capabilities.
const (
	ToolQueryDocs = "query_api_docs"
	ToolCall      = "call_http_api"
)

// Options configure an API. Zero values mean the defaults; Handler or
// BaseURL must be set. Options are copied by New.
type Options struct {
	// Handler, when set, serves the calls in-process: no network hop, the
	// host's middleware still runs.
	Handler http.Handler
	// BaseURL is where requests go. Without a Handler it is the absolute
	// http(s) URL calls go to through the Registry's Executor (which
	// refuses private addresses its AllowPrivate does not name); with a
	// Handler its host becomes the request's Host (default "localhost").
	//
	// A BaseURL with only an origin ("https://api.example.com", a
	// trailing "/" allowed) keeps each endpoint's base path, the
	// document's (Endpoint.BasePath): Swagger 2.0's basePath /v2 sends
	// listPets to https://api.example.com/v2/pets. A BaseURL with a path
	// replaces the base path: "https://gw.example.com/pets-api" sends it
	// to https://gw.example.com/pets-api/pets.
	BaseURL string
	// Include, when not empty, keeps only the endpoints it matches.
	Include Filter
	// Exclude drops the endpoints it matches.
	Exclude Filter
	// ReadOnly keeps only GET endpoints.
	ReadOnly bool
	// Confirm reports endpoints that need the user's confirmation: a call
	// to one is not sent until the host confirms (see WithConfirmation).
	Confirm func(Endpoint) bool
	// Timeout bounds one call. Default toolkit.DefaultStepTimeout.
	Timeout time.Duration
	// MaxBodyBytes bounds an in-process response body. Default: the
	// Executor's cap. Over HTTP the Executor's cap applies.
	MaxBodyBytes int64
	// MaxResultBytes bounds the body shown to the model; the rest is cut
	// with a note. Default: the Executor's.
	MaxResultBytes int
	// MaxUploadBytes bounds a multipart or binary request body and each
	// file in it, decoded from the model's base64. Default 32 MiB
	// (toolkit.DefaultMaxUploadBytes).
	MaxUploadBytes int64
	// Credentials are the host's credentials, by the name of the
	// document's security scheme (Catalog.SecuritySchemes): each call of
	// an endpoint whose Security names schemes the host registered gets
	// them (an API key in its header, query or cookie, HTTP basic or
	// bearer, an OAuth 2.0 token source's token, an AWS Signature Version
	// 4). The model never sees nor sends them: a parameter where a
	// registered API key goes is left out of the endpoint.
	Credentials map[string]Credential
}

// Filter matches an endpoint whose group, id or method is listed. The zero
// Filter matches nothing.
type Filter struct {
	Groups  []string
	IDs     []string
	Methods []string
}

func (f Filter) empty() bool { return len(f.Groups)+len(f.IDs)+len(f.Methods) == 0 }

func (f Filter) match(e Endpoint) bool {
	return slices.Contains(f.Groups, e.Group) || slices.Contains(f.IDs, e.ID) ||
		slices.ContainsFunc(f.Methods, func(m string) bool { return strings.EqualFold(m, e.Method) })
}

// check reports group and id names the catalog does not have: typos in a
// filter would otherwise silently expose or hide endpoints.
func (f Filter) check(c *Catalog, field string) error {
	for _, g := range f.Groups {
		if c.groupIndex(g) < 0 {
			return fmt.Errorf("%w: %s: unknown group %q", ErrInvalidOptions, field, g)
		}
	}
	for _, id := range f.IDs {
		if _, ok := c.byID[id]; !ok {
			return fmt.Errorf("%w: %s: unknown endpoint id %q", ErrInvalidOptions, field, id)
		}
	}
	return nil
}

// API serves query_api_docs and call_http_api over a snapshot of a
// Catalog. It is immutable and safe for concurrent use.
type API struct {
	groups  []groupInfo
	eps     []*endpoint
	byID    map[string]*endpoint
	byRoute map[string]*endpoint // "METHOD /path"
	docs    *docsIndex           // what query_api_docs browses and searches
	opts    Options
	schemes map[string]SecurityScheme
	prefix  string            // what a request's path is appended to (see New)
	exec    *toolkit.Executor // set by Capabilities
	keys    *keyOrder         // its schemas' large maps' names in order (see keyOrder)
}

type groupInfo struct {
	Group
	eps []*endpoint
}

// endpoint is an exposed Endpoint, compiled for calls.
type endpoint struct {
	Endpoint
	tmpl pathTemplate
	// base is what the request path starts with: the endpoint's
	// BasePath, unless BaseURL replaces it.
	base    string
	confirm bool
	// jsonBody: the body is JSON; bodyUnwraps: a string sent for it is
	// read as the JSON it holds (its schema does not take a string).
	jsonBody, bodyUnwraps bool
	// upload: a multipart or binary body (upload.go).
	upload *upload

	// The arguments' schema (see checker), compiled on the first call.
	compile  sync.Once
	check    *argcheck.Schema
	checkErr error
}

// fullPath is the path template as requests are sent: the base path,
// unless BaseURL replaces it, then Path.
func (e *endpoint) fullPath() string { return e.base + e.Path }

func (e *endpoint) param(in In, name string) (Param, bool) {
	for _, p := range e.Params {
		if p.In == in && (p.Name == name || (in == InHeader && strings.EqualFold(p.Name, name))) {
			return p, true
		}
	}
	return Param{}, false
}

// New returns an API exposing the endpoints of c that opts allow. Later
// changes to c do not affect it.
func New(c *Catalog, options *Options) (*API, error) {
	if c == nil {
		return nil, fmt.Errorf("%w: nil catalog", ErrInvalidOptions)
	}
	var opts Options
	if options != nil {
		opts = *options
	}
	if err := opts.Include.check(c, "Include"); err != nil {
		return nil, err
	}
	if err := opts.Exclude.check(c, "Exclude"); err != nil {
		return nil, err
	}
	if err := checkCredentials(opts.Credentials, c.schemes); err != nil {
		return nil, err
	}
	opts.Credentials = maps.Clone(opts.Credentials) // the ones checked, whatever the host does with its map
	a := &API{opts: opts, schemes: maps.Clone(c.schemes), byID: map[string]*endpoint{}, byRoute: map[string]*endpoint{}, keys: &keyOrder{}}
	var base *url.URL
	keepBase := true // BaseURL has no path of its own
	if opts.BaseURL != "" {
		u, err := url.Parse(opts.BaseURL)
		if err != nil || u.RawQuery != "" || u.Fragment != "" || (u.Host != "" && u.Scheme != "http" && u.Scheme != "https") {
			return nil, fmt.Errorf("%w: BaseURL %q is not an http(s) URL without query", ErrInvalidOptions, opts.BaseURL)
		}
		base = u
		keepBase = strings.Trim(u.EscapedPath(), "/") == ""
	}
	switch {
	case opts.Handler == nil && (base == nil || base.Host == ""):
		return nil, fmt.Errorf("%w: set Handler, or BaseURL to an absolute http(s) URL", ErrInvalidOptions)
	case opts.Handler == nil:
		// Without the scheme's default port, which AWS signatures sign
		// the host without (auth.SignV4), and without trailing slashes
		// (the paths start with one).
		a.prefix = strings.TrimRight(strings.Replace(opts.BaseURL, base.Host, withoutDefaultPort(base), 1), "/")
	default: // an in-process handler sees http://localhost unless BaseURL says otherwise
		scheme, host, path := "http", "localhost", ""
		if base != nil {
			if base.Host != "" {
				scheme, host = base.Scheme, withoutDefaultPort(base)
			}
			path = strings.TrimRight(base.EscapedPath(), "/")
		}
		a.prefix = scheme + "://" + host + path
	}
	if a.opts.Timeout <= 0 {
		a.opts.Timeout = toolkit.DefaultStepTimeout
	}
	if a.opts.MaxUploadBytes <= 0 {
		a.opts.MaxUploadBytes = toolkit.DefaultMaxUploadBytes
	}
	for _, g := range c.groups {
		a.groups = append(a.groups, groupInfo{Group: g})
	}
	for _, e := range c.endpoints {
		if !opts.Include.empty() && !opts.Include.match(e) || opts.Exclude.match(e) || opts.ReadOnly && e.Method != http.MethodGet {
			continue
		}
		if len(opts.Credentials) > 0 {
			e.Params = slices.DeleteFunc(slices.Clone(e.Params), func(p Param) bool { return a.guardsCredential(e, p) })
		}
		tmpl, _ := parsePath(e.Path) // checked by Catalog.Add
		ep := &endpoint{Endpoint: e, tmpl: tmpl}
		if keepBase {
			ep.base = e.BasePath
		}
		if u, b := newUpload(e.Body, a.opts.MaxUploadBytes); u != nil {
			ep.upload, ep.Body = u, b
		}
		if e.Body != nil && isJSONType(e.Body.ContentType) {
			ep.jsonBody = true
			ep.bodyUnwraps = !slices.Contains(argcheck.Types(e.Body.Schema), string(toolkit.TypeString))
		}
		if opts.Confirm != nil {
			ep.confirm = opts.Confirm(e)
		}
		a.eps = append(a.eps, ep)
		a.byID[e.ID] = ep
		a.byRoute[e.Method+" "+e.Path] = ep
		gi := slices.IndexFunc(a.groups, func(g groupInfo) bool { return g.Name == e.Group })
		a.groups[gi].eps = append(a.groups[gi].eps, ep)
	}
	for _, ep := range a.eps { // "METHOD /path" also names an endpoint by the path it is sent to
		if route := ep.Method + " " + ep.fullPath(); ep.base != "" && a.byRoute[route] == nil {
			a.byRoute[route] = ep
		}
	}
	a.groups = slices.DeleteFunc(a.groups, func(g groupInfo) bool { return len(g.eps) == 0 })
	a.docs = newDocsIndex(a.groups)
	return a, nil
}

// Register adds the API's two capabilities to reg; calls go through reg's
// Executor (its HTTP layer, guard and body caps).
func (a *API) Register(reg *toolkit.Registry) error {
	return reg.Add(a.Capabilities(reg.Executor())...)
}

// Capabilities returns query_api_docs and call_http_api, category "api",
// sending requests through exec (nil: toolkit.NewExecutor(nil)). Their
// Effects: query_api_docs is read-only and sends nothing; call_http_api is
// read-only when every exposed endpoint is a GET (as with
// Options.ReadOnly), destructive when one is a DELETE, else unknown (see
// toolkit.MethodEffects).
func (a *API) Capabilities(exec *toolkit.Executor) []*toolkit.Capability {
	if exec == nil {
		exec = toolkit.NewExecutor(nil)
	}
	b := *a // the compiled endpoints are shared; only limits and exec differ
	b.exec = exec
	maxBody, maxResult := exec.Limits()
	if b.opts.MaxBodyBytes <= 0 {
		b.opts.MaxBodyBytes = maxBody
	}
	if b.opts.MaxResultBytes <= 0 {
		b.opts.MaxResultBytes = maxResult
	}
	a = &b
	return []*toolkit.Capability{
		{
			Name: ToolQueryDocs,
			Description: "Browse the application's own HTTP API before calling it with " + ToolCall + ".\n" +
				`No arguments: the function groups. {"group": g}: its endpoints. {"endpoint": id}: its parameters and request body. {"keyword": words}: search endpoints. Long answers are paged: send back the cursor.`,
			Category: toolkit.CategoryAPI,
			Schema:   queryDocsSchema(),
			Effects:  toolkit.ReadOnlyEffects,
			Handler:  a.queryDocs,
		},
		{
			Name: ToolCall,
			Description: "Call one endpoint of the application's own HTTP API, as described by " + ToolQueryDocs + ".\n" +
				"Returns the HTTP status and the response body.",
			Category: toolkit.CategoryAPI,
			Schema:   callSchema(),
			Effects:  a.callEffects(),
			Handler:  a.call,
		},
	}
}

// callEffects are call_http_api's, from the exposed endpoints' methods
// (toolkit.MethodEffects): read-only when all are GET (Options.ReadOnly),
// destructive when one is DELETE, else unknown. With no endpoint nothing
// can be sent.
func (a *API) callEffects() toolkit.Effects {
	if len(a.eps) == 0 {
		return toolkit.ReadOnlyEffects
	}
	ms := make([]string, 0, 4)
	for _, e := range a.eps {
		if !slices.Contains(ms, e.Method) {
			ms = append(ms, e.Method)
		}
	}
	return toolkit.MethodEffects(ms...)
}

func queryDocsSchema() map[string]any {
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"group":    map[string]any{"type": "string", "description": "list the endpoints of this group"},
			"endpoint": map[string]any{"type": "string", "description": "show this endpoint's parameters and request body"},
			"keyword":  map[string]any{"type": "string", "description": "what you need, in a few words: endpoints are ranked by how well their ids, paths, summaries, descriptions and parameters match"},
			"schema":   map[string]any{"type": "string", "description": `with endpoint: show the schema a detail collapsed, like "#/body/properties/address"`},
			"cursor":   map[string]any{"type": "string", "description": "the cursor of the previous answer, to get its next page"},
			"examples": map[string]any{"type": "boolean", "description": "with endpoint: include examples and vendor extensions"},
		},
		"additionalProperties": false,
	}
}

// callSchema lists its properties in the order a call is written
// (properties as JSON text keep their order).
func callSchema() map[string]any {
	props, _ := jsonstr.Marshal(jsonstr.Object{
		{Key: "endpoint", Value: map[string]any{"type": "string", "description": "the endpoint id from " + ToolQueryDocs}},
		{Key: "path_params", Value: map[string]any{"type": "object", "description": "values of the {placeholders} in the endpoint's path"}},
		{Key: "query", Value: map[string]any{"type": "object", "description": "query parameters"}},
		{Key: "headers", Value: map[string]any{"type": "object", "description": "header parameters the endpoint documents"}},
		{Key: "cookies", Value: map[string]any{"type": "object", "description": "cookie parameters the endpoint documents"}},
		{Key: "body", Value: map[string]any{"description": "the request body, as the endpoint's body schema says"}},
	})
	return map[string]any{
		"type":                 "object",
		"properties":           json.RawMessage(props),
		"required":             []string{"endpoint"},
		"additionalProperties": false,
	}
}

// confirmedValue is the per-call value WithConfirmation sets.
const confirmedValue = "api.confirmed"

// WithConfirmation marks a call_http_api call as confirmed by the user, so
// an endpoint that needs confirmation is sent. Only the host can pass it.
func WithConfirmation() toolkit.CallOption { return toolkit.WithValue(confirmedValue, "true") }

// withoutDefaultPort returns u's host without its scheme's default port
// (example.com:443 of https is example.com).
func withoutDefaultPort(u *url.URL) string {
	if p := u.Port(); p == "443" && u.Scheme == "https" || p == "80" && u.Scheme == "http" {
		return strings.TrimSuffix(u.Host, ":"+p)
	}
	return u.Host
}
