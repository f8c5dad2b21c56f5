package toolkit

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/toolkit-sdk/toolkit/extract"
	"github.com/toolkit-sdk/toolkit/internal/callsecrets"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
	"github.com/toolkit-sdk/toolkit/template"
)

// run runs w; shared is the pre_request w names (Workflow.PreRequest), as
// its Registry resolved it.
func (e *Executor) run(ctx context.Context, w *Workflow, args map[string]any, co *callOptions, shared *PreRequest, sharedAuth *Auth) Result {
	ctx = e.withRequestBudget(ctx) // every request of the call counts (MaxRequests)
	r := e.newRun(ctx, w, args, co)
	res := r.result(co, shared, sharedAuth)
	if t := callsecrets.From(ctx); t != nil {
		// Record and replay keep them out of fixtures: each request
		// reports the secrets known when it is sent (Send, Request.Secrets),
		// and the run those it learned after its last one. Copies: a
		// tracker may read them from another goroutine.
		secrets := slices.Clone(r.secrets.list())
		t.Track(func() []string { return secrets })
	}
	return res
}

// newRun returns the state of a call of w, its secret environment
// variables recorded.
func (e *Executor) newRun(ctx context.Context, w *Workflow, args map[string]any, co *callOptions) *run {
	r := &run{e: e, w: w, ctx: ctx, args: args, values: co.values, bytes: co.bytes, zh: chinese(co.locale), notify: co.notify, vars: make([][]varValue, len(w.steps)), observed: e.observing(ctx)}
	all := make([]varValue, w.nvars) // one allocation for every step's vars
	for i, s := range w.steps {
		r.vars[i], all = all[:len(s.vars):len(s.vars)], all[len(s.vars):]
	}
	r.secrets.reset(r.secretBuf[:0])
	r.shared = r.sharedBuf[:0]
	for _, name := range w.secretEnv {
		if v, ok := e.opts.Env(name); ok {
			r.secrets.Add(v)
		}
	}
	return r
}

// result runs the call and returns what the model sees, redacted.
func (r *run) result(co *callOptions, shared *PreRequest, sharedAuth *Auth) Result {
	r.loadExports(co)
	res, ok := r.bindPre(shared)
	if ok {
		res, ok = r.bindAuth(sharedAuth)
	}
	if ok {
		res, ok = r.bindValues()
	}
	if ok {
		res = r.exec()
		r.saveExports(&res, co)
	}
	if !r.redacted {
		res.Text = r.secrets.Redact(res.Text)
	}
	return res
}

type varValue struct {
	template.Value
	set bool
}

// run is the state of one call; compiled workflows never change.
type run struct {
	e       *Executor
	w       *Workflow
	ctx     context.Context
	args    map[string]any
	values  map[string]string     // the host's per-call values
	bytes   map[string]*callBytes // the host's per-call bytes (upload.go)
	pre     *PreRequest           // the pre_request run, if any
	preVars []varValue            // its vars
	vars    [][]varValue
	cache   map[string]map[string]template.Value
	secrets Redactor
	last    *Response // the last step's response, nil after a cache hit
	runs    int       // step runs so far, a loop's pages included
	page    pageState // what ${loop:…} reads
	// observed: an Observer or the debug log wants step events.
	observed bool
	// shared lists the entries kept across calls this run has read, for
	// a 401 to invalidate; retried: the chain already ran again after one.
	shared  []sharedRead
	retried bool
	lead    *flight // the fetch this run leads, while its step runs
	// redacted: the Result's text was redacted as it was made (shown).
	redacted bool
	// zh: the call's locale is Chinese, for the texts of messages.go.
	zh bool
	// notify is the host's WithNotify; streamState what the last stream
	// step gathered (stream.go).
	notify      func(Notice)
	streamState *streamState
	// authState is the call's auth (auth.go), if the tool has one.
	authState

	secretBuf [4]string     // secrets' first backing array
	sharedBuf [2]sharedRead // shared's
}

// Lookup implements template.Values.
func (r *run) Lookup(ref template.Ref) (template.Value, bool) {
	switch ref.Source {
	case template.Param:
		v, ok := r.args[ref.Name]
		if !ok {
			r.warn("template reference has no value", ref)
			return template.Value{}, false
		}
		_, isString := v.(string)
		return template.Value{Text: argText(v), Raw: !isString}, true
	case template.Env:
		v, ok := r.e.opts.Env(ref.Name)
		if !ok {
			r.warn("environment variable is not set", ref)
			return template.Value{}, false
		}
		return template.Value{Text: v}, true // secret values were recorded by Run
	case template.PerCall:
		v, ok := r.lookupValue(ref.Name)
		return template.Value{Text: v}, ok // declared, checked and recorded by bindValues
	case template.Pre:
		if v, ok := r.lookupPre(ref.Name); ok {
			return v, true
		}
		r.warn("pre_request variable has no value", ref)
	case template.Step:
		if ref.Step < len(r.vars) {
			if i := r.w.steps[ref.Step].varIndex(ref.Name); i >= 0 && r.vars[ref.Step][i].set {
				return r.vars[ref.Step][i].Value, true
			}
		}
		r.warn("step variable has no value yet", ref)
	case template.Loop:
		return r.page.lookup(ref.Name)
	}
	return template.Value{}, false
}

func (r *run) warn(msg string, ref template.Ref) {
	r.e.opts.Logger.WarnContext(r.ctx, "toolkit: "+msg, "capability", r.w.Name, "ref", ref.String())
}

func (r *run) fail(format string, args ...any) Result {
	return ErrorResult(fmt.Sprintf(msgFailed.in(r.zh), r.w.Name) + fmt.Sprintf(format, args...))
}

func (r *run) exec() Result {
	steps := r.w.steps
	var last *step
	if res, ok := r.runPre(); !ok {
		return res
	}
	for idx := 0; idx < len(steps); {
		if err := r.ctx.Err(); err != nil {
			return r.fail("call canceled: %v", err)
		}
		if r.runs++; r.runs > r.e.opts.MaxSteps {
			return r.fail("step budget of %d step runs exceeded (a next/jump loop?); stopped at step %d", r.e.opts.MaxSteps, idx)
		}
		last = steps[idx]
		next, res, done := r.step(last)
		if done {
			return res
		}
		if next == restartChain {
			r.restart()
			if res, ok := r.runPre(); !ok {
				return res
			}
			next = 0
		}
		idx = next
	}
	if res, ok := r.loopResult(last); ok {
		return res
	}
	if r.last == nil {
		return TextResult("")
	}
	return r.rawResult(r.last)
}

// rawResult shows resp's body, capped, after its status line when it is
// not a 2xx. The status line, which the server wrote, is redacted on its
// own; the body once, by CapBytes.
func (r *run) rawResult(resp *Response) Result {
	if mt, ok := binaryType(resp.Header, resp.Body); ok {
		return r.binaryResult(resp, mt) // parts.go
	}
	text := r.secrets.CapBytes(resp.Body, r.e.opts.MaxResultBytes)
	if !resp.OK() {
		text = textcut.Printable(r.secrets.Redact("HTTP "+resp.Status)) + "\n" + text
	}
	return r.shown(text)
}

// shown is the Result of a text made of parts redacted apart (a Cap, a
// status line, a note), which the call then does not redact again. Unless
// a secret holds a line break: a secret could then span the line break
// between two parts, and the whole text is redacted once more.
func (r *run) shown(text string) Result {
	r.redacted = !r.secrets.holds('\n')
	return TextResult(text)
}

// step runs one step and returns the index of the next one, or the final
// Result with done set.
func (r *run) step(s *step) (next int, res Result, done bool) {
	if s.loop != nil {
		r.page = s.loop.firstPage()
	}
	x, key, err := r.prepare(s)
	if err != nil {
		return 0, r.fail("%s: %v", stepName(s), err), true
	}
	cached := key != "" && r.cacheGet(s, key)
	if !cached && key != "" && s.cacheTTL > 0 {
		var f *flight
		if cached, f = r.awaitShared(s, key); f != nil {
			defer r.finishFlight(f)
		}
	}
	if r.observed {
		r.e.observeStep(r.ctx, r.w.Name, s.index, key != "", cached)
	}
	if !cached {
		resp, doc, failed, res, done := r.fetch(s, x)
		switch {
		case done:
			return 0, res, true
		case failed != nil:
			return r.requestFailed(s, failed)
		}
		if doc == nil { // parsed here, so that it stays on the stack
			doc = extract.NewDoc(resp.Body, r.e.opts.Extract)
		}
		if resp.StatusCode == http.StatusUnauthorized && r.invalidate(s) {
			return restartChain, Result{}, false
		}
		r.last = resp
		unexpected := !s.expects(resp)
		u := x.url
		if unexpected && s.loop != nil { // the first page's URL
			u = s.loop.withParam(u, &r.page)
		}
		if unexpected {
			if next, res, done, ok := r.unexpectedStatus(s, s.method, u, resp); !ok {
				return next, res, done
			}
		}
		// strict: an unexpected status that on_error does not let go on
		// fails the call where the spec would go on with "" (below).
		strict := unexpected && s.onError.kind != onErrorContinue
		unhandled := strict && (!s.handles() || s.loop != nil)
		for i, v := range s.vars {
			if v.fromLoop {
				continue
			}
			var val template.Value
			var err error
			if s.stream != nil {
				val, err = r.streamed(s, i)
			} else {
				val, err = r.extract(v, doc, resp.Body)
			}
			if err == nil {
				r.setVar(s, i, val)
				continue
			}
			structural := errors.Is(err, extract.ErrNotStructured)
			switch {
			case v.hasDefault:
				r.setVar(s, i, template.Value{Text: v.def})
			case v.abort:
				return 0, r.fail(msgAbort.in(r.zh), v.name, r.stepName(s), v.expr, r.reason(err, resp)), true
			case v.jump >= 0:
				return v.jump, Result{}, false
			case strict:
				// A later var's jump or abort may still handle it.
				unhandled = true
				r.varsOf(s)[i] = varValue{set: true}
			case structural:
				return 0, r.fail(msgNotStructured.in(r.zh), r.stepName(s), v.name, v.expr, r.status(resp), bodyExcerpt(r.secrets.Redact(string(resp.Body)))), true
			default:
				r.varsOf(s)[i] = varValue{set: true}
			}
		}
		if unhandled {
			return 0, r.fail("%s", r.statusDetail(s, s.method, u, resp)), true
		}
		if s.cache && len(s.vars) > 0 && !unexpected {
			r.cachePut(s, key)
		}
	}
	return r.after(s)
}

// after ends step s, its vars set: with its result, or on to the next
// step.
func (r *run) after(s *step) (next int, res Result, done bool) {
	if s.result != nil {
		text, err := s.result.Expand(r)
		if err != nil {
			return 0, r.fail("step %d: result: %v", s.index, err), true
		}
		return 0, r.shown(r.secrets.Cap(text, r.e.opts.MaxResultBytes)), true
	}
	if s.next >= 0 {
		return s.next, Result{}, false
	}
	return s.index + 1, Result{}, false
}

// fetch sends step s's request, or its pages when it loops, and returns
// the (last) response, with a loop's last page parsed (nil for a step that
// does not loop). A request that got no response is failed, for the
// step's on_error; done is set with the failure Result of the others.
func (r *run) fetch(s *step, x expanded) (*Response, *extract.Doc, *requestError, Result, bool) {
	if s.loop != nil {
		return r.pages(s, x)
	}
	req := r.newRequest(s, x)
	resp, err := r.send(s, &req, true)
	if err != nil {
		return nil, nil, &requestError{method: req.Method, url: req.URL, err: err}, Result{}, false
	}
	return resp, nil, nil, Result{}, false
}

// status is resp's status line as a message shows it: redacted, and its
// reason phrase, which the server wrote, with control characters escaped
// (textcut.Printable).
func (r *run) status(resp *Response) string {
	return textcut.Printable(r.secrets.Redact(resp.Status))
}

// reason says why var extraction failed on resp.
func (r *run) reason(err error, resp *Response) string {
	zh := r.zh
	switch {
	case errors.Is(err, extract.ErrNotStructured):
		return msgReasonNotStructured.in(zh)
	case errors.Is(err, extract.ErrNotFound) && !resp.OK():
		return fmt.Sprintf(msgReasonNotFoundHTTP.in(zh), r.status(resp))
	case errors.Is(err, extract.ErrNotFound):
		return msgReasonNotFound.in(zh)
	}
	return err.Error()
}

func (r *run) extract(v varSpec, doc *extract.Doc, body []byte) (template.Value, error) {
	if v.expr == nil {
		return template.Value{Text: string(body)}, nil
	}
	val, err := v.expr.Eval(doc)
	if err != nil {
		return template.Value{}, err
	}
	if n := int64(len(val.Text)); n > r.e.opts.MaxBodyBytes {
		return template.Value{}, fmt.Errorf("the value has %d bytes, over the limit of %d (MaxBodyBytes)", n, r.e.opts.MaxBodyBytes)
	}
	return template.Value{Text: val.Text, Raw: val.Kind != extract.String}, nil
}

// expanded is a step's request with its templates expanded: what the
// cache key is made of, before any http.Header is built.
type expanded struct {
	url     string
	headers []string // values, in step.headers order
	body    string
	// upload is an upload's body (upload.go), sent with uploadType as its
	// Content-Type unless the step's headers set one.
	upload     []byte
	uploadType string
}

// envMemo is the expansion of a step whose templates read nothing but
// environment variables (a token request, typically), kept with the
// values it was made from: while they read the same, every call expands
// the step to the same request with the same cache key.
type envMemo struct {
	env []string // the values of the step's envNames, in order
	x   expanded
	key string
}

// prepare expands step s and makes its cache key ("" if s is not cached).
func (r *run) prepare(s *step) (expanded, string, error) {
	if !s.envOnly || r.authIdentity(s) != "" { // a key of per-call credentials is the call's
		return r.expandKey(s, r)
	}
	m := s.memo.Load()
	env, ok := r.readEnv(s.envNames, m)
	switch {
	case !ok: // unset: expanded as usual, with the warning
		return r.expandKey(s, r)
	case env == nil: // every value as in the memo
		r.recordSecrets(s, &m.x)
		return m.x, m.key, nil
	}
	// Expanded from the values read, so the memo holds what they give.
	x, key, err := r.expandKey(s, envSnapshot{s.envNames, env})
	if err == nil {
		s.memo.Store(&envMemo{env: env, x: x, key: key})
	}
	return x, key, err
}

func (r *run) expandKey(s *step, v template.Values) (expanded, string, error) {
	x, err := r.expand(s, v)
	if err != nil {
		return expanded{}, "", err
	}
	r.recordSecrets(s, &x)
	if !s.cache || len(s.vars) == 0 {
		return x, "", nil
	}
	return x, r.cacheKey(s, &x), nil
}

// readEnv reads the variables names, each once; ok is false if one is
// unset. env is nil when every value reads as in m, else the values.
func (r *run) readEnv(names []string, m *envMemo) (env []string, ok bool) {
	for i, name := range names {
		v, ok := r.e.opts.Env(name)
		if !ok {
			return nil, false
		}
		if env == nil {
			if m != nil && v == m.env[i] {
				continue
			}
			env = make([]string, len(names))
			if m != nil {
				copy(env, m.env[:i])
			}
		}
		env[i] = v
	}
	if env == nil && m == nil {
		env = []string{} // no variables, no memo yet
	}
	return env, true
}

// envSnapshot serves environment references from values read before.
type envSnapshot struct {
	names []string
	env   []string
}

func (e envSnapshot) Lookup(ref template.Ref) (template.Value, bool) {
	if i := slices.Index(e.names, ref.Name); i >= 0 {
		return template.Value{Text: e.env[i]}, true
	}
	return template.Value{}, false
}

// recordSecrets adds to the redactor what step s sends where credentials
// go: the values of its secret headers, the user information of its URL,
// and the values of query parameters, form fields and JSON body fields in
// a credential position (access_token=, api_key=, "client_secret": ...).
func (r *run) recordSecrets(s *step, x *expanded) {
	for i, h := range s.headers {
		if h.secret {
			r.secrets.AddHeader(h.name, x.headers[i])
		}
	}
	r.recordQuerySecrets(x.url)
	if x.body != "" {
		form := false
		for i, h := range s.headers {
			form = form || strings.EqualFold(h.name, "Content-Type") && strings.Contains(strings.ToLower(x.headers[i]), "x-www-form-urlencoded")
		}
		r.recordBodySecrets(x.body, form)
	}
}

// recordQuerySecrets adds the values of URL u's query parameters in a
// credential position, and its user information, to the redactor.
func (r *run) recordQuerySecrets(u string) {
	if scheme, rest, ok := strings.Cut(u, "://"); ok && strings.IndexByte(rest, '@') >= 0 && !strings.ContainsAny(scheme, "/?#") {
		authority := rest
		if end := strings.IndexAny(rest, "/?#"); end >= 0 {
			authority = rest[:end]
		}
		if i := strings.LastIndexByte(authority, '@'); i >= 0 {
			user, pass, _ := strings.Cut(authority[:i], ":")
			r.addEscaped(pass, url.PathUnescape)
			r.addEscaped(user, url.PathUnescape)
		}
	}
	_, query, _ := strings.Cut(u, "?")
	query, _, _ = strings.Cut(query, "#")
	r.recordPairSecrets(query)
}

// recordPairSecrets adds the values of the key=value pairs of a query or
// a form whose key is in a credential position to the redactor.
func (r *run) recordPairSecrets(pairs string) {
	for pairs != "" {
		var pair string
		pair, pairs, _ = strings.Cut(pairs, "&")
		key, value, _ := strings.Cut(pair, "=")
		if k, err := url.QueryUnescape(key); err == nil && IsSecretQueryKey(k) {
			r.addEscaped(value, url.QueryUnescape)
		}
	}
}

// addEscaped adds v, as written and unescaped, to the redactor.
func (r *run) addEscaped(v string, unescape func(string) (string, error)) {
	r.secrets.Add(v)
	if d, err := unescape(v); err == nil && d != v {
		r.secrets.Add(d)
	}
}

// recordBodySecrets adds the values of a body's fields in a credential
// position to the redactor: a form's (the step says it sends one, or the
// body looks like one), or a JSON document's string fields at any depth.
func (r *run) recordBodySecrets(body string, form bool) {
	t := strings.TrimSpace(body) // a YAML block ends in a line break
	if t == "" {
		return
	}
	if !form && (t[0] == '{' || t[0] == '[') {
		jsonFieldSecrets(t, r.secrets.Add)
		return
	}
	if form || strings.IndexByte(t, '=') > 0 && !strings.ContainsAny(t, " \n") {
		r.recordPairSecrets(t)
	}
}

// expand expands a step's templates with v's values.
func (r *run) expand(s *step, v template.Values) (expanded, error) {
	u, err := s.url.Expand(v)
	if err != nil {
		return expanded{}, fmt.Errorf("url: %w", err)
	}
	if len(s.query) > 0 {
		var b strings.Builder
		b.WriteString(u)
		sep := byte('?')
		if strings.Contains(u, "?") {
			sep = '&'
		}
		for _, q := range s.query {
			qv, err := q.value.Expand(v)
			if err != nil {
				return expanded{}, fmt.Errorf("query %q: %w", q.key, err)
			}
			b.WriteByte(sep)
			b.WriteString(q.escaped)
			b.WriteByte('=')
			b.WriteString(url.QueryEscape(qv))
			sep = '&'
		}
		u = b.String()
	}
	x := expanded{url: u, headers: make([]string, len(s.headers))}
	for i, h := range s.headers {
		hv, err := h.value.Expand(v)
		if err != nil {
			return expanded{}, fmt.Errorf("header %s: %w", h.name, err)
		}
		x.headers[i] = hv
	}
	if s.body != nil {
		b, err := s.body.Expand(v)
		if err != nil {
			return expanded{}, fmt.Errorf("body: %w", err)
		}
		x.body = b
	}
	if s.upload != nil {
		if x.upload, x.uploadType, err = r.uploadBody(s.upload, v); err != nil {
			return expanded{}, fmt.Errorf("body: %w", err)
		}
	}
	return x, nil
}

// newRequest builds the request of an expanded step (a value: Send keeps
// no pointer to it, so it stays on the caller's stack).
func (r *run) newRequest(s *step, x expanded) Request {
	req := Request{Method: s.method, URL: x.url, Header: make(http.Header, len(s.headers)),
		Timeout: s.timeout, Retries: s.retry.max, RetryWaitMin: s.retry.waitMin, RetryWaitMax: s.retry.waitMax,
		RetryAnyMethod: s.retry.anyMethod, Secrets: &r.secrets}
	if s.body != nil {
		req.Body = []byte(x.body)
	}
	for i, h := range s.headers {
		req.Header[h.name] = x.headers[i : i+1 : i+1]
	}
	if s.upload != nil {
		req.Body = x.upload
		if req.Header.Get("Content-Type") == "" {
			req.Header.Set("Content-Type", x.uploadType)
		}
	}
	if s.stream != nil {
		r.streamState = nil
		req.stream = func(ctx context.Context, hr *http.Response) (*Response, error) { return r.readStream(s, ctx, hr) }
	}
	if s.retry.anyMethod && req.Header.Get("Idempotency-Key") == "" {
		req.Header.Set("Idempotency-Key", rand.Text())
	}
	return req
}

// cacheKey hashes the expanded method, url, headers (by name) and body;
// the key is the capability's name, ':' and the hash in hex.
func (r *run) cacheKey(s *step, x *expanded) string {
	n := len(s.method) + len(x.url) + len(x.body) + len(x.upload) + 2
	for i, h := range s.headers {
		n += len(h.name) + len(x.headers[i]) + 3
	}
	var small [512]byte
	buf := small[:0]
	if n > len(small) {
		buf = make([]byte, 0, n)
	}
	buf = append(append(buf, s.method...), 0)
	buf = append(append(buf, x.url...), 0)
	for i, h := range s.headers {
		buf = append(append(buf, h.name...), 0)
		buf = append(append(buf, x.headers[i]...), 0, 0)
	}
	buf = append(buf, x.body...)
	buf = append(buf, x.upload...)
	if id := r.authIdentity(s); id != "" { // per-call credentials: an entry of theirs
		buf = append(append(buf, 0), id...)
	}
	sum := sha256.Sum256(buf)
	var hx [2 * sha256.Size]byte
	hex.Encode(hx[:], sum[:])
	prefix := r.w.Name
	if s.index == PreRequestIndex && r.pre.Name != "" {
		prefix = "pre_request:" + r.pre.Name // shared by the tools that use it
	}
	return prefix + ":" + string(hx[:]) // one allocation
}

// cacheGet fills step s's vars from the cache if every one is there.
func (r *run) cacheGet(s *step, key string) bool {
	if entry := r.cache[key]; entry != nil || s.cacheTTL <= 0 {
		return r.fill(s, entry)
	}
	entry, held := r.sharedCacheGet(key)
	return r.fillShared(s, key, entry, held)
}

// fill sets step s's vars from entry if every one is there.
func (r *run) fill(s *step, entry map[string]template.Value) bool {
	for _, v := range s.vars {
		if _, ok := entry[v.name]; !ok {
			return false
		}
	}
	for i, v := range s.vars {
		r.setVar(s, i, entry[v.name])
	}
	r.last = nil
	return true
}

// setVar sets step s's var i. A var named as a credential (isSecretVar,
// decided at load) is a secret of the call from now on, wherever it is
// sent.
func (r *run) setVar(s *step, i int, val template.Value) {
	r.varsOf(s)[i] = varValue{Value: val, set: true}
	if s.vars[i].secret {
		r.secrets.Add(val.Text)
	}
}

func (r *run) cachePut(s *step, key string) {
	if r.cache == nil {
		r.cache = map[string]map[string]template.Value{}
	}
	entry := r.cache[key]
	if entry == nil {
		entry = make(map[string]template.Value, len(s.vars))
		r.cache[key] = entry
	}
	for i, v := range s.vars {
		entry[v.name] = r.varsOf(s)[i].Value
	}
	if s.cacheTTL > 0 {
		r.sharedCachePut(key, entry, s.cacheTTL)
	}
}

// redactURL drops the query, which often carries keys, from a URL shown
// in errors.
func redactURL(raw string) string {
	if i := strings.IndexByte(raw, '?'); i >= 0 {
		return raw[:i] + "?…"
	}
	return raw
}

// varsOf returns where step s's vars are kept in this run.
func (r *run) varsOf(s *step) []varValue {
	if s.index == PreRequestIndex {
		return r.preVars
	}
	return r.vars[s.index]
}

// stepName names step s in messages.
func stepName(s *step) string {
	if s.index == PreRequestIndex {
		return "pre_request"
	}
	return fmt.Sprintf("step %d", s.index)
}

// stepName is stepName in the call's locale (messages.go).
func (r *run) stepName(s *step) string {
	if s.index == PreRequestIndex || !r.zh {
		return stepName(s)
	}
	return fmt.Sprintf(msgStep.zh, s.index)
}

// briefURL is a next page's URL (or host) as an error quotes it: the API
// chose it, up to the body cap, so it is cut to 200 bytes, its query left
// out and the call's secrets redacted before the cut, which then never
// leaves the start of one.
func (r *run) briefURL(raw string) string {
	return textcut.Cut(r.secrets.Redact(redactURL(raw)), 200)
}
