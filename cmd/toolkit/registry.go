package main

import (
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/hostapi"
	"github.com/toolkit-sdk/toolkit/yqcloud"
)

// loadFlags are the flags of the subcommands that load capabilities into a
// Registry.
type loadFlags struct {
	apiURL       string
	envFile      string
	allowPrivate list
	values       pairs
	valueFiles   pairs // --value-file: per-call bytes
	headers      list
	locale       string
	flat         bool
}

// placeholderAPIURL stands for the base URL of an OpenAPI document's API
// where nothing is sent (list, describe).
const placeholderAPIURL = "https://api.invalid"

func (f *loadFlags) register(fs *flag.FlagSet, calls bool) {
	fs.StringVar(&f.apiURL, "api-url", "", "the base `URL` of the API an OpenAPI document describes (its calls go there)")
	fs.StringVar(&f.locale, "locale", "", "describe capabilities in this `locale` where they have localized descriptions (en_US, zh_CN)")
	if !calls {
		return
	}
	fs.StringVar(&f.envFile, "env-file", "", "read environment variables for ${env:NAME} from `FILE` (NAME=value lines; # comments, quotes and export allowed); they win over the process environment")
	fs.Var(&f.allowPrivate, "allow-private", "let requests reach this private or loopback `HOST`, address or CIDR range (repeatable; \"*\" turns the guard off)")
	fs.Var(&f.values, "value", "pass a per-call `NAME=VALUE` (tenantId, yqAccessToken, STATIC#yqcloud_url, ...) (repeatable)")
	fs.Var(&f.valueFiles, "value-file", "pass a per-call value `NAME=PATH` as the file's bytes, for a tool file's upload (file: ${value:NAME}) (repeatable)")
	fs.Var(&f.headers, "header", "send this `Name: value` header, as a secret, with every request of a YQCloud function and of an OpenAPI document's endpoints (--api-url); YAML tool files send only the headers they write, so pass a value with --value NAME=VALUE and write ${value:NAME} in the file (repeatable)")
}

// callOptions are the per-call values the flags name.
func (f *loadFlags) callOptions() ([]toolkit.CallOption, error) {
	var opts []toolkit.CallOption
	for i, name := range f.values.names {
		opts = append(opts, toolkit.WithValue(name, f.values.values[i]))
	}
	for i, name := range f.valueFiles.names {
		data, err := os.ReadFile(f.valueFiles.values[i])
		if err != nil {
			return nil, fmt.Errorf("--value-file %s: %w", name, err)
		}
		opts = append(opts, toolkit.WithBytes(name, data))
	}
	if len(f.headers) > 0 {
		h := http.Header{}
		for _, line := range f.headers {
			name, value, ok := strings.Cut(line, ":")
			if !ok || strings.TrimSpace(name) == "" {
				return nil, fmt.Errorf("--header %q is not \"Name: value\"", line)
			}
			h.Add(strings.TrimSpace(name), strings.TrimSpace(value))
		}
		opts = append(opts, toolkit.WithHeader(h))
	}
	if f.locale != "" {
		opts = append(opts, toolkit.WithLocale(f.locale))
	}
	return opts, nil
}

// env returns the lookup of ${env:NAME}: the env file's values, then the
// process environment.
func (f *loadFlags) env() (func(string) (string, bool), error) {
	if f.envFile == "" {
		return os.LookupEnv, nil
	}
	src, err := os.ReadFile(f.envFile)
	if err != nil {
		return nil, err
	}
	vars, err := parseEnvFile(src)
	if err != nil {
		return nil, fmt.Errorf("%s:%w", f.envFile, err)
	}
	return func(name string) (string, bool) {
		if v, ok := vars[name]; ok {
			return v, true
		}
		return os.LookupEnv(name)
	}, nil
}

// loaded is a Registry with what went into it.
type loaded struct {
	reg    *toolkit.Registry
	level  *slog.LevelVar  // the Registry's log level
	failed map[string]bool // files with errors
}

// load builds a Registry from the files paths name: YAML tool files,
// YQCloud definitions and OpenAPI documents (one API: their endpoints
// together). Problems are printed to stderr; what loads is registered.
// For a subcommand that sends requests (calls), warnings are printed too
// and an OpenAPI document needs --api-url. opts configure the Registry; its
// Logger is set here.
func (c *cli) load(paths []string, f *loadFlags, opts toolkit.Options, calls bool) (*loaded, error) {
	if len(paths) == 0 {
		if _, err := os.Stat(defaultPath); err != nil {
			return nil, fmt.Errorf("no PATH given, and there is no ./%s folder", defaultPath)
		}
		paths = []string{defaultPath}
	}
	ins, err := inputs(paths)
	if err != nil {
		return nil, err
	}
	l := &loaded{level: new(slog.LevelVar), failed: map[string]bool{}}
	l.level.Set(slog.LevelError + 1) // loading: the diagnostics are printed here
	opts.Logger = slog.New(slog.NewTextHandler(c.stderr, &slog.HandlerOptions{Level: l.level}))
	l.reg = toolkit.NewRegistry(&opts)
	report := func(ds toolkit.Diagnostics) {
		for _, d := range ds {
			if calls || d.Severity == toolkit.SeverityError {
				fmt.Fprintln(c.stderr, formatDiag(d))
			}
			if d.Severity == toolkit.SeverityError {
				l.failed[d.File] = true
			}
		}
	}
	var api *hostapi.Catalog
	var apiFiles []string
	var tools []source
	p := newProgress(c.stderr, "loading", len(ins))
	for i, in := range ins {
		p.step(i)
		s, d, ok := read(in)
		if d != nil {
			report(toolkit.Diagnostics{*d})
		}
		if !ok {
			continue
		}
		switch s.kind {
		case toolkit.FileTool:
			tools = append(tools, s)
		case toolkit.FileYQCloud:
			set, ds := yqcloud.Parse(s.path, s.src, &yqcloud.Options{Logger: opts.Logger})
			report(ds)
			if err := set.Register(l.reg); err != nil {
				report(toolkit.Diagnostics{{File: s.path, Msg: err.Error()}})
			}
		case toolkit.FileOpenAPI:
			cat, ds := openAPI(s)
			report(ds)
			if cat == nil {
				continue
			}
			if api == nil {
				api = cat
			} else if err := merge(api, cat); err != nil {
				report(toolkit.Diagnostics{{File: s.path, Msg: err.Error()}})
				continue
			}
			apiFiles = append(apiFiles, s.path)
		}
	}
	report(loadTools(l.reg, tools, p))
	p.done()
	if api != nil {
		if err := c.registerAPI(l, api, apiFiles, f, calls); err != nil {
			return nil, err
		}
	}
	l.level.Set(slog.LevelWarn)
	return l, nil
}

// registerAPI registers query_api_docs and call_http_api over the
// endpoints of the OpenAPI documents.
func (c *cli) registerAPI(l *loaded, cat *hostapi.Catalog, files []string, f *loadFlags, needURL bool) error {
	base := f.apiURL
	if base == "" {
		if needURL {
			c.errorf("%s: no --api-url: query_api_docs and call_http_api are left out", strings.Join(files, ", "))
			return nil
		}
		base = placeholderAPIURL
	}
	api, err := hostapi.New(cat, &hostapi.Options{BaseURL: base})
	if err != nil {
		return err
	}
	return api.Register(l.reg)
}

// merge adds the endpoints and groups of src to dst.
func merge(dst, src *hostapi.Catalog) error {
	for _, g := range src.Groups() {
		dst.AddGroup(g)
	}
	return dst.Add(src.Endpoints()...)
}
