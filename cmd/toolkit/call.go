package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/argcheck"
)

func runCall(ctx context.Context, c *cli, args []string) int {
	fs := c.newFlags("call", "NAME [PATH...] [-p key=value ...] [--args JSON] [--env-file FILE] [-v]",
		"Run one capability (or an entry tool) as the model would, and print the Result's text on stdout;\n"+
			"signals and notices go to stderr. The exit status is 1 when the result is an error.")
	var f loadFlags
	f.register(fs, true)
	var params pairs
	fs.Var(&params, "p", "a parameter `key=value`, typed by the capability's schema (repeatable)")
	argsJSON := fs.String("args", "", "the arguments as a JSON `object`; -p values go over it")
	verbose := fs.Bool("v", false, "print each step, HTTP request and response with timings to stderr (secrets redacted)")
	format := newChoice("text", "json")
	fs.Var(format, "format", "output `format`: text (the Result's text; signals to stderr) or json (the whole Result)")
	pos, status, ok := parse(fs, args)
	if !ok {
		return status
	}
	if len(pos) == 0 {
		c.errorf("call: no capability NAME given")
		fs.Usage()
		return exitUsage
	}
	name, paths := pos[0], pos[1:]
	callOpts, err := f.callOptions()
	if err != nil {
		c.errorf("call: %v", err)
		return exitUsage
	}
	env, err := f.env()
	if err != nil {
		c.errorf("call: --env-file %v", err)
		return exitUsage
	}
	opts := toolkit.Options{Env: env, AllowPrivate: f.allowPrivate}
	refused := &privateRefusals{}
	var trace io.Writer
	if *verbose {
		trace = c.stderr
	}
	opts.Observer = traceObserver(trace, refused)
	l, err := c.load(paths, &f, opts, true)
	if err != nil {
		c.errorf("call: %v", err)
		return exitFail
	}
	capability, found := l.reg.Lookup(name)
	if !found && !isEntryTool(name) {
		c.errorf("call: no capability %q%s", name, l.known())
		return exitFail
	}
	raw, err := callArgs(*argsJSON, params, capability)
	if err != nil {
		c.errorf("call: %v", err)
		return exitUsage
	}
	callOpts = append(callOpts, toolkit.WithNotify(func(n toolkit.Notice) {
		fmt.Fprintf(c.stderr, "notice: %s\n", n.Text)
	}))
	res, err := l.reg.Call(ctx, name, raw, callOpts...)
	if err != nil {
		c.errorf("call: %v", err)
		return exitFail
	}
	if format.value == "json" {
		err = writeJSON(c.stdout, res)
	} else {
		text := res.Text
		if !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		_, err = io.WriteString(c.stdout, text)
		if !res.Signals.IsZero() {
			b, _ := json.Marshal(res.Signals)
			fmt.Fprintf(c.stderr, "signals: %s\n", b)
		}
	}
	if err != nil {
		c.errorf("call: %v", err)
		return exitFail
	}
	if hint := refused.hint(); hint != "" {
		c.errorf("call: %s", hint)
	}
	if res.IsError {
		return exitFail
	}
	return exitOK
}

func isEntryTool(name string) bool {
	return name == toolkit.ToolQueryCapabilities || name == toolkit.ToolQueryDetail || name == toolkit.ToolCallCapability
}

// known lists the registered capabilities for an error message, and says
// how many files did not load.
func (l *loaded) known() string {
	failed := ""
	if len(l.failed) > 0 {
		failed = fmt.Sprintf(" (%s did not load)", plural(len(l.failed), "file"))
	}
	caps := l.reg.Capabilities()
	if len(caps) == 0 {
		return "; none loaded" + failed
	}
	names := make([]string, 0, len(caps))
	for _, c := range caps {
		names = append(names, c.Name)
	}
	if len(names) > 20 {
		names = append(names[:20], "...")
	}
	return "; loaded: " + strings.Join(names, ", ") + failed
}

// callArgs builds the arguments: the JSON object argsJSON, with the -p
// values over it. A -p value is a string unless the capability declares
// the parameter with another type and the value is JSON of it ("42",
// "true", "[1,2]"); the Registry validates the result.
func callArgs(argsJSON string, params pairs, c toolkit.Capability) (json.RawMessage, error) {
	args := map[string]any{}
	if strings.TrimSpace(argsJSON) != "" {
		dec := json.NewDecoder(strings.NewReader(argsJSON))
		dec.UseNumber()
		if err := dec.Decode(&args); err != nil || args == nil {
			return nil, fmt.Errorf("--args must be a JSON object: %v", err)
		}
		if dec.More() {
			return nil, fmt.Errorf("--args must be one JSON object")
		}
	}
	for i, key := range params.names {
		value := params.values[i]
		types := paramTypes(c, key)
		if len(types) > 0 && !slices.Contains(types, "string") && json.Valid([]byte(value)) {
			args[key] = json.RawMessage(value)
		} else {
			args[key] = value
		}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(args); err != nil {
		return nil, err
	}
	return bytes.TrimSpace(b.Bytes()), nil
}

// paramTypes returns the JSON types c declares for the parameter key.
func paramTypes(c toolkit.Capability, key string) []string {
	for _, p := range c.Params {
		if p.Name == key {
			return []string{string(p.Type)}
		}
	}
	props, _ := c.Schema["properties"].(map[string]any)
	prop, _ := props[key].(map[string]any)
	return argcheck.Types(prop)
}

// privateRefusals are the hosts whose requests the private-address guard
// refused in a run of the command, for a hint naming --allow-private.
type privateRefusals struct {
	mu    sync.Mutex
	hosts []string
}

// note records r's host if the guard refused r for its private address,
// and returns it the first time, else "".
func (p *privateRefusals) note(r toolkit.RequestInfo) string {
	if !errors.Is(r.Err, toolkit.ErrPrivateAddress) {
		return ""
	}
	u, err := url.Parse(r.URL)
	if err != nil || u.Hostname() == "" {
		return ""
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if slices.Contains(p.hosts, u.Hostname()) {
		return ""
	}
	p.hosts = append(p.hosts, u.Hostname())
	return u.Hostname()
}

// hint says how to let the refused hosts be reached, or is "".
func (p *privateRefusals) hint() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.hosts) == 0 {
		return ""
	}
	return refusedHint(p.hosts)
}

// refusedHint names the flag that lets requests reach hosts.
func refusedHint(hosts []string) string {
	flags := make([]string, len(hosts))
	for i, h := range hosts {
		flags[i] = "--allow-private " + h
	}
	return fmt.Sprintf("requests to %s were refused: it is a private or loopback address, which requests may not reach by default; to reach it (a local mock, an internal API), pass %s",
		strings.Join(hosts, ", "), strings.Join(flags, " "))
}

// traceObserver prints the events of a call to w, when w is not nil: its
// steps, cache lookups, HTTP requests (method and URL, its query with
// credentials and secrets redacted by the library) and responses with
// timings, and hook runs. It notes in refused the hosts the
// private-address guard refused.
func traceObserver(w io.Writer, refused *privateRefusals) *toolkit.Observer {
	var mu sync.Mutex
	printf := func(format string, args ...any) {
		if w == nil {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(w, format, args...)
	}
	ms := func(d time.Duration) string { return d.Round(10 * time.Microsecond).String() }
	step := func(i int) string {
		if i == toolkit.PreRequestIndex {
			return "pre_request"
		}
		return fmt.Sprintf("step %d", i)
	}
	target := func(r toolkit.RequestInfo) string {
		if r.Query != "" {
			return r.URL + "?" + r.Query
		}
		return r.URL
	}
	return &toolkit.Observer{
		Queries: w != nil,
		Step: func(_ context.Context, s toolkit.StepInfo) {
			if s.Cached {
				printf("* %s: variables from the cache, no request\n", step(s.Index))
				return
			}
			printf("* %s\n", step(s.Index))
		},
		Cache: func(_ context.Context, ci toolkit.CacheInfo) {
			if !ci.Hit {
				printf("* %s: not in the cache\n", step(ci.Step))
			}
		},
		RequestStart: func(ctx context.Context, r toolkit.RequestInfo) context.Context {
			printf("> %s %s\n", r.Method, target(r))
			return ctx
		},
		RequestEnd: func(_ context.Context, r toolkit.RequestInfo) {
			refused.note(r)
			tries := ""
			if r.Attempts > 1 {
				tries = fmt.Sprintf(", %d attempts", r.Attempts)
			}
			if r.Err != nil {
				printf("< %s %s failed after %s%s: %v\n", r.Method, target(r), ms(r.Elapsed), tries, r.Err)
				return
			}
			printf("< %d %s, %d bytes in %s%s\n", r.Status, http.StatusText(r.Status), r.Bytes, ms(r.Elapsed), tries)
		},
		HookEnd: func(_ context.Context, h toolkit.HookInfo) {
			if h.Err != nil {
				printf("* hook %s of %s failed after %s: %v\n", h.Hook, h.Function, ms(h.Elapsed), h.Err)
				return
			}
			printf("* hook %s of %s: %s\n", h.Hook, h.Function, ms(h.Elapsed))
		},
		CallEnd: func(_ context.Context, ci toolkit.CallInfo) {
			outcome := "done"
			if ci.IsError {
				outcome = "error result"
			}
			printf("* call %s (%s): %s in %s\n", ci.Capability, ci.Category, outcome, ms(ci.Elapsed))
		},
	}
}
