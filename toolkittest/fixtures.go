package toolkittest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/callsecrets"
)

// RecordEnv is the environment variable Open reads: "1" records.
const RecordEnv = "TOOLKIT_RECORD"

// Config adjusts what is kept out of fixtures and what replay compares.
// A nil *Config means the zero value.
type Config struct {
	// Secrets are more values kept out of the fixtures.
	Secrets []string
	// SecretEnv names environment variables whose values are secrets
	// although their names do not say so (those a tool file marks
	// `sensitive`).
	SecretEnv []string
	// Ignore names query parameters and JSON body fields (at any depth)
	// whose values change from call to call, such as a timestamp or a
	// nonce: on replay they match any value.
	Ignore []string
}

// Fixtures records capability calls to fixture files, or replays them.
// Give a Registry its Options, then make calls with Call. Fixtures are
// safe for concurrent use.
type Fixtures struct {
	t       testing.TB
	dir     string
	record  bool
	cfg     Config
	base    http.RoundTripper // record mode: what really sends
	maxBody int64

	mu         sync.Mutex
	envSecrets []string // values of secret env vars looked up so far
}

// Record returns Fixtures that send each call's requests and write what
// happened to a file under dir, replacing an older one.
func Record(t testing.TB, dir string, cfg *Config) *Fixtures { return newFixtures(t, dir, cfg, true) }

// Replay returns Fixtures that serve each call's requests from its file
// under dir; nothing is sent.
func Replay(t testing.TB, dir string, cfg *Config) *Fixtures { return newFixtures(t, dir, cfg, false) }

// Open returns Record's Fixtures when TOOLKIT_RECORD=1 is set in the
// environment, Replay's otherwise.
func Open(t testing.TB, dir string, cfg *Config) *Fixtures {
	return newFixtures(t, dir, cfg, os.Getenv(RecordEnv) == "1")
}

func newFixtures(t testing.TB, dir string, cfg *Config, record bool) *Fixtures {
	f := &Fixtures{t: t, dir: dir, record: record}
	if cfg != nil {
		f.cfg = *cfg
	}
	return f
}

// Recording reports whether the Fixtures record (rather than replay).
func (f *Fixtures) Recording() bool { return f.record }

// Options returns a copy of opts (nil: the defaults) whose HTTPClient goes
// through the Fixtures and whose Env reports the secrets it returns. In
// record mode requests are sent with opts.HTTPClient's transport, or a
// plain one (through opts.Proxy when set); the private-address guard then
// checks each target before it is sent, so hosts such as an httptest
// server's still need opts.AllowPrivate. In replay mode the guard is off
// ("*"): nothing is sent and recorded hosts need not resolve. Make the
// Registries before the calls; in record mode they share the transport
// of the last Options call.
func (f *Fixtures) Options(opts *toolkit.Options) *toolkit.Options {
	var o toolkit.Options
	if opts != nil {
		o = *opts
	}
	client := &http.Client{}
	if o.HTTPClient != nil {
		*client = *o.HTTPClient
	}
	if f.record {
		f.base = client.Transport
		if f.base == nil {
			t := http.DefaultTransport.(*http.Transport).Clone()
			t.Proxy = nil
			if o.Proxy != nil {
				t.Proxy = http.ProxyURL(o.Proxy)
			}
			f.base = t
		}
	} else {
		o.AllowPrivate = append(slices.Clip(o.AllowPrivate), toolkit.AllowAllPrivate)
	}
	client.Transport = transport{f}
	o.HTTPClient = client
	f.maxBody = o.MaxBodyBytes
	if f.maxBody <= 0 {
		f.maxBody = toolkit.DefaultMaxBodyBytes
	}
	env := o.Env
	if env == nil {
		env = os.LookupEnv
	}
	o.Env = func(name string) (string, bool) {
		v, ok := env(name)
		if ok && (toolkit.IsSecretName(name) || slices.Contains(f.cfg.SecretEnv, name)) {
			f.mu.Lock()
			if !slices.Contains(f.envSecrets, v) {
				f.envSecrets = append(f.envSecrets, v)
			}
			f.mu.Unlock()
		}
		return v, ok
	}
	return &o
}

// Env returns a lookup for toolkit.Options.Env that finds names in m
// first, then in the process environment (where a recording finds the
// real secrets).
func Env(m map[string]string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		if v, ok := m[name]; ok {
			return v, true
		}
		return os.LookupEnv(name)
	}
}

// Call makes the call reg.Call(ctx, name, args, opts...) with the test's
// context, recording or replaying its requests, and returns its Result. A
// call that cannot be recorded or replayed (no fixture, a request that
// matches none recorded) fails the test with t.Errorf and returns an error
// Result. reg must have been made with f.Options.
func (f *Fixtures) Call(reg *toolkit.Registry, name, args string, opts ...toolkit.CallOption) toolkit.Result {
	f.t.Helper()
	file := f.path(name, args)
	tp := &tape{f: f}
	if !f.record {
		fx, err := readFixture(file)
		if errors.Is(err, os.ErrNotExist) {
			f.t.Errorf("toolkittest: no fixture %s for %s %s; record it with %s=1 go test", file, name, args, RecordEnv)
			return toolkit.ErrorResult("toolkittest: no fixture for this call")
		}
		if err != nil {
			f.t.Errorf("toolkittest: %v", err)
			return toolkit.ErrorResult("toolkittest: unreadable fixture")
		}
		tp.recorded = fx.Interactions
		tp.used = make([]bool, len(fx.Interactions))
	}
	ctx := callsecrets.With(context.WithValue(f.t.Context(), tapeKey{}, tp), tp)
	res, err := reg.Call(ctx, name, json.RawMessage(args), opts...)
	if err != nil {
		f.t.Errorf("toolkittest: %s: %v", name, err)
		return toolkit.ErrorResult(err.Error())
	}
	tp.mu.Lock()
	defer tp.mu.Unlock()
	for _, e := range tp.errs {
		f.t.Errorf("toolkittest: %s %s: %s", name, args, e)
	}
	if f.record {
		if err := f.write(file, name, args, tp); err != nil {
			f.t.Errorf("toolkittest: %v", err)
		}
	}
	return res
}

// path is the fixture file of a call: the capability's name and a hash
// of its arguments with their keys sorted.
func (f *Fixtures) path(name, args string) string {
	canon := []byte(args)
	var v any
	d := json.NewDecoder(strings.NewReader(args))
	d.UseNumber()
	if d.Decode(&v) == nil {
		canon, _ = json.Marshal(v)
	}
	sum := sha256.Sum256(append([]byte(name+"\x00"), canon...))
	return filepath.Join(f.dir, name+"-"+hex.EncodeToString(sum[:4])+".yaml")
}

// secrets returns the values every fixture keeps out: Config.Secrets and
// the secret environment values looked up so far.
func (f *Fixtures) secrets() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append(slices.Clone(f.cfg.Secrets), f.envSecrets...)
}

type tapeKey struct{}

// tape is one call: the exchanges recorded, or the ones to replay.
type tape struct {
	f        *Fixtures
	mu       sync.Mutex
	secrets  []string          // found in the call's requests and responses
	tracked  []func() []string // the secrets the call's runs know (callsecrets)
	recorded []interaction     // record: appended; replay: read from the file
	used     []bool            // replay: served already
	errs     []string          // what went wrong, reported when the call ends
}

// Track implements callsecrets.Tracker: the call reports the secrets it
// knows, before each request and when a run ends: per-call values marked
// sensitive or named like secrets, extracted tokens, Request.Secrets.
func (tp *tape) Track(secrets func() []string) {
	tp.mu.Lock()
	tp.tracked = append(tp.tracked, secrets)
	tp.mu.Unlock()
}

func (tp *tape) fail(format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	tp.errs = append(tp.errs, msg)
	return errors.New("toolkittest: " + msg)
}

// transport is the Fixtures' http.RoundTripper.
type transport struct{ f *Fixtures }

func (t transport) RoundTrip(req *http.Request) (*http.Response, error) {
	tp, _ := req.Context().Value(tapeKey{}).(*tape)
	if tp == nil {
		t.f.t.Errorf("toolkittest: %s %s was sent outside Fixtures.Call", req.Method, req.URL.Redacted())
		return nil, errors.New("toolkittest: request outside Fixtures.Call")
	}
	body, err := readRequestBody(req)
	if err != nil {
		return nil, err
	}
	tp.mu.Lock()
	tp.secrets = append(tp.secrets, requestSecrets(req, body)...)
	tp.mu.Unlock()
	if !t.f.record {
		return tp.replay(req, body)
	}
	resp, err := t.f.base.RoundTrip(req)
	in := interaction{Request: newRequestRecord(req, body)}
	if err != nil {
		in.Error = err.Error()
		tp.mu.Lock()
		tp.recorded = append(tp.recorded, in)
		tp.mu.Unlock()
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, t.f.maxBody+1))
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	in.Response = newResponseRecord(resp, data)
	tp.mu.Lock()
	tp.secrets = append(tp.secrets, responseSecrets(resp.Header, data)...)
	tp.recorded = append(tp.recorded, in)
	tp.mu.Unlock()
	resp.Body = io.NopCloser(bytes.NewReader(data))
	resp.ContentLength = int64(len(data))
	resp.Header.Del("Content-Length")
	return resp, nil
}

func readRequestBody(req *http.Request) ([]byte, error) {
	if req.Body == nil || req.Body == http.NoBody {
		return nil, nil
	}
	data, err := io.ReadAll(req.Body)
	req.Body.Close()
	if err != nil {
		return nil, err
	}
	req.Body = io.NopCloser(bytes.NewReader(data))
	return data, nil
}

// replay serves the first unused recorded response that matches req.
func (tp *tape) replay(req *http.Request, body []byte) (*http.Response, error) {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	r := newRedactor(tp)
	live := normalize(req.Method, r.Redact(req.URL.String()), r.Redact(string(body)), tp.f.cfg.Ignore)
	var seen []string
	for i, in := range tp.recorded {
		if tp.used[i] {
			continue
		}
		rec := in.Request.normalized(tp.f.cfg.Ignore)
		seen = append(seen, "  "+rec.method+" "+rec.url)
		if !rec.matches(live) {
			continue
		}
		tp.used[i] = true
		if in.Response == nil {
			return nil, errors.New(in.Error)
		}
		return in.Response.httpResponse(req), nil
	}
	msg := fmt.Sprintf("no recorded request matches %s %s", live.method, live.url)
	if live.body != "" {
		msg += " with body\n" + live.body
	}
	if len(seen) == 0 {
		msg += "\n(every recorded request was served already)"
	} else {
		msg += "\nunused recorded requests:\n" + strings.Join(seen, "\n")
	}
	return nil, tp.fail("%s\n(record the call again with %s=1 if the tool file changed)", msg, RecordEnv)
}

// newRedactor holds every secret the call knows so far; the caller holds
// tp.mu.
func newRedactor(tp *tape) *toolkit.Redactor {
	var r toolkit.Redactor
	r.Add(tp.f.secrets()...)
	r.Add(tp.secrets...)
	for _, secrets := range tp.tracked {
		r.Add(secrets()...)
	}
	return &r
}

// requestSecrets are the credentials a request carries: secret headers,
// query and form values in a credential position, and JSON fields of the
// same names.
func requestSecrets(req *http.Request, body []byte) []string {
	var out []string
	for name, vs := range req.Header {
		if toolkit.IsSecretName(name) {
			out = append(out, vs...)
		}
	}
	out = append(out, pairSecrets(req.URL.RawQuery)...)
	return append(out, bodySecrets(req.Header.Get("Content-Type"), body)...)
}

func responseSecrets(h http.Header, body []byte) []string {
	var out []string
	for name, vs := range h {
		if !toolkit.IsSecretName(name) {
			continue
		}
		for _, v := range vs {
			// Set-Cookie: name=value; Path=/ — the value is the secret.
			c, _, _ := strings.Cut(v, ";")
			if _, val, ok := strings.Cut(c, "="); ok {
				out = append(out, val)
			}
			out = append(out, v)
		}
	}
	return append(out, bodySecrets(h.Get("Content-Type"), body)...)
}

// pairSecrets are the values of key=value pairs (a query, a form) whose
// key is in a credential position, as written and decoded.
func pairSecrets(pairs string) []string {
	var out []string
	for pairs != "" {
		var pair string
		pair, pairs, _ = strings.Cut(pairs, "&")
		k, v, _ := strings.Cut(pair, "=")
		if key, err := url.QueryUnescape(k); err != nil || !toolkit.IsSecretQueryKey(key) || v == "" {
			continue
		}
		out = append(out, v)
		if dv, err := url.QueryUnescape(v); err == nil {
			out = append(out, dv)
		}
	}
	return out
}

func bodySecrets(contentType string, body []byte) []string {
	t := bytes.TrimSpace(body)
	switch {
	case len(t) > 0 && (t[0] == '{' || t[0] == '['):
		var v any
		if json.Unmarshal(t, &v) != nil {
			return nil
		}
		var out []string
		jsonSecrets(v, &out)
		return out
	case strings.Contains(contentType, "x-www-form-urlencoded"):
		return pairSecrets(string(t))
	}
	return nil
}

// jsonSecrets collects the string values of fields named like credentials
// (access_token, refresh_token, client_secret, password, ...).
func jsonSecrets(v any, out *[]string) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if s, ok := e.(string); ok && toolkit.IsSecretQueryKey(k) {
				*out = append(*out, s)
				continue
			}
			jsonSecrets(e, out)
		}
	case []any:
		for _, e := range x {
			jsonSecrets(e, out)
		}
	}
}

// write redacts the call's exchanges and writes them to file.
func (f *Fixtures) write(file, name, args string, tp *tape) error {
	r := newRedactor(tp)
	fx := fixture{Capability: name, Arguments: r.Redact(args)}
	var v any
	if json.Unmarshal([]byte(r.Redact(args)), &v) == nil {
		fx.Arguments = v
	}
	for _, in := range tp.recorded {
		in.Request = in.Request.redact(r)
		if in.Response != nil {
			in.Response = in.Response.redact(r)
		}
		in.Error = r.Redact(in.Error)
		fx.Interactions = append(fx.Interactions, in)
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	if err := writeBodyFiles(file, &fx); err != nil {
		return err
	}
	data, err := fx.marshal()
	if err != nil {
		return err
	}
	// Each field was redacted; this catches a secret the YAML encoding
	// of a field could have brought back in a form the Redactor knows.
	data = []byte(r.Redact(string(data)))
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	return os.WriteFile(file, data, 0o644)
}
