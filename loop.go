package toolkit

import (
	"cmp"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash/maphash"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/toolkit-sdk/toolkit/extract"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/linkheader"
	"github.com/toolkit-sdk/toolkit/internal/yamlast"
	"github.com/toolkit-sdk/toolkit/template"
)

// DefaultMaxLoopItems bounds the items a loop step collects when its loop
// sets no max_items.
const DefaultMaxLoopItems = 1000

// The vars a loop step sets besides those it extracts.
const (
	loopItemsVar = "items" // the items of every page, as a JSON array
	loopMoreVar  = "more"  // true when a max ended the loop before the API's last page
)

// loopStyle is one way a loop step reaches its next page: the field of
// loop that selects it, and what it does in each phase. Every style is an
// entry of loopStyles; nothing else in the package lists them.
type loopStyle struct {
	name string // the loop field: next_url, link, ...
	// ref is the name ${loop:…} reads while the step runs, "" for a style
	// whose next page's URL comes from the response.
	ref string
	// fromResponse: the next page's URL comes from the response, so it may
	// go to another host (loop.hosts) and every URL is followed once.
	fromResponse bool
	// counted: ref is a counter (pageState.n, read as a number), and the
	// same page twice means the API ignores it.
	counted bool

	// compile reads the style's field, n at path, into l.
	compile func(c *compiler, l *loopSpec, n ast.Node, path string)
	// first is what ${loop:ref} reads for the first request: the step's
	// request is expanded with it (a value of "" is not sent as the param).
	first func(l *loopSpec) pageState
	// next reads from a page where the next one is, and whether this page
	// is the last; items is the number of the page's items.
	next func(l *loopSpec, resp *Response, doc *extract.Doc, items int) (next template.Value, end bool)
	// advance moves from a page, of URL u and items items, to the next
	// one at next. A style that finds the next page's URL itself returns
	// it as nu, with expand false; the others change r.page, and the
	// step's request is expanded again. once is what the next page is
	// fetched with that no page may be fetched with again (the URL, the
	// cursor), "" for nothing; msg says why there is no next page, or is
	// "".
	advance func(r *run, l *loopSpec, u string, next template.Value, items int) (nu, once, msg string, expand bool)
	// label says how the next page is reached, on the Mermaid edge of the
	// step to itself (graph.go).
	label func(l *loopSpec) string
}

// loopStyles are the ways a loop pages, in the order the loader lists
// them. A new style is a new entry.
var loopStyles = [...]loopStyle{
	{
		name: "next_url", fromResponse: true,
		compile: func(c *compiler, l *loopSpec, n ast.Node, path string) { l.next = c.expr(n, path) },
		first:   noPageState, next: nextFromBody, advance: (*run).followURL,
		label: func(l *loopSpec) string { return "URL from " + l.next.String() },
	},
	{
		name: "link", fromResponse: true,
		compile: (*compiler).linkRel,
		first:   noPageState, next: nextFromLink, advance: (*run).followURL,
		label: func(l *loopSpec) string { return "Link rel=" + l.rel },
	},
	{
		name: "cursor", ref: "cursor",
		compile: (*compiler).cursor,
		first:   noPageState, next: nextFromBody, advance: (*run).nextCursor,
		label: func(l *loopSpec) string { return "cursor from " + l.next.String() },
	},
	{
		name: "page", ref: "page", counted: true,
		compile: func(c *compiler, l *loopSpec, n ast.Node, path string) {
			l.start = 1
			c.counter(l, n, path, pageFields)
		},
		first: counterStart, next: nextCounted,
		advance: func(r *run, _ *loopSpec, u string, _ template.Value, _ int) (string, string, string, bool) {
			r.page.n++
			return u, "", "", true
		},
		label: func(*loopSpec) string { return "page + 1" },
	},
	{
		name: "offset", ref: "offset", counted: true,
		compile: func(c *compiler, l *loopSpec, n ast.Node, path string) { c.counter(l, n, path, offsetFields) },
		first:   counterStart, next: nextCounted,
		advance: func(r *run, l *loopSpec, u string, _ template.Value, items int) (string, string, string, bool) {
			r.page.n += cmp.Or(l.step, items)
			return u, "", "", true
		},
		label: func(l *loopSpec) string {
			if l.step > 0 {
				return "offset + " + strconv.Itoa(l.step)
			}
			return "offset + items"
		},
	},
}

var (
	loopFields   = slices.Concat([]string{"items"}, loopStyleNames(), []string{"while", "until", "max_pages", "max_items", "hosts"})
	cursorFields = []string{"path", "param"}
	pageFields   = []string{"param", "start"}
	offsetFields = []string{"param", "start", "step"}
)

// loopStyleNames returns the fields of loopStyles, in order.
func loopStyleNames() []string {
	names := make([]string, len(loopStyles))
	for i := range loopStyles {
		names[i] = loopStyles[i].name
	}
	return names
}

// findLoopStyle returns the style a loop field selects, or nil.
func findLoopStyle(field string) *loopStyle {
	for i := range loopStyles {
		if loopStyles[i].name == field {
			return &loopStyles[i]
		}
	}
	return nil
}

// loopSpec is a step's compiled loop: how it pages, what it collects and
// when it stops.
type loopSpec struct {
	style    *loopStyle
	items    *extract.Expr // each page's items
	next     *extract.Expr // next_url: the URL; cursor: the cursor
	rel      string        // link: the relation followed
	param    string        // the query parameter the cursor or counter is sent in ("" for none)
	escParam string        // param, query-escaped
	start    int           // the counter's first value
	step     int           // offset: the increment; 0: the number of items of the page
	cond     *extract.Expr // while or until
	until    bool          // cond is an until
	maxPages int           // 0: the step budget only
	maxItems int
	hosts    []hostPattern // hosts a next URL may go to besides the step's
}

// refName is the name ${loop:…} reads for the style, "" when it has none.
func (l *loopSpec) refName() string {
	if l.style == nil {
		return ""
	}
	return l.style.ref
}

func (l *loopSpec) styleName() string {
	if l.style == nil {
		return ""
	}
	return l.style.name
}

// loop compiles a step's loop field.
func (c *compiler) loop(s *step, n ast.Node, path string) {
	fields, ok := c.mapping(n, path, loopFields)
	if !ok {
		return
	}
	l := &loopSpec{maxItems: DefaultMaxLoopItems}
	var condKey string
	var hostsNode ast.Node
	for _, f := range fields {
		fp := path + "." + f.key
		if style := findLoopStyle(f.key); style != nil {
			if l.style != nil {
				c.errorf(f.keyN, fp, "a loop pages one way: %s and %s are both set; keep one", l.style.name, f.key)
				continue
			}
			l.style = style
			style.compile(c, l, f.value, fp)
			continue
		}
		switch f.key {
		case "items":
			l.items = c.expr(f.value, fp)
		case "while", "until":
			if condKey != "" {
				c.errorf(f.keyN, fp, "set one of while and until (%s is set)", condKey)
				continue
			}
			condKey = f.key
			l.cond, l.until = c.expr(f.value, fp), f.key == "until"
		case "max_pages":
			l.maxPages = c.positive(f.value, fp)
		case "max_items":
			l.maxItems = c.positive(f.value, fp)
		case "hosts":
			hostsNode = f.value
			items, _ := c.seq(f.value, fp)
			for i, item := range items {
				ip := indexPath(fp, i)
				if h, ok := c.str(item, ip); ok {
					p, err := parseHostPattern(h)
					if err != nil {
						c.errorf(item, ip, "%v", err)
						continue
					}
					l.hosts = append(l.hosts, p)
				}
			}
		}
	}
	if l.style == nil {
		c.errorf(n, path, "missing the way to the next page: set one of %s", andList(loopStyleNames()))
	}
	if !slices.ContainsFunc(fields, func(f field) bool { return f.key == "items" }) {
		c.errorf(n, path, "missing required field \"items\": the path of each page's items, e.g. items: data[]")
	}
	if hostsNode != nil && l.style != nil && !l.style.fromResponse {
		c.errorf(hostsNode, path+".hosts", "only %s pages leave the step's URL; %s keeps it", andList(fromResponseStyles()), l.style.name)
	}
	s.loop = l
}

// andList joins names as "a, b and c".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// fromResponseStyles names the styles whose next page's URL comes from the
// response.
func fromResponseStyles() []string {
	var names []string
	for i := range loopStyles {
		if loopStyles[i].fromResponse {
			names = append(names, loopStyles[i].name)
		}
	}
	return names
}

// linkRel reads `link: rel`.
func (c *compiler) linkRel(l *loopSpec, n ast.Node, path string) {
	if rel, ok := c.str(n, path); ok {
		if !isToken(rel) {
			c.errorf(n, path, "%q is not a link relation; write link: next", rel)
		}
		l.rel = rel
	}
}

// cursor reads `cursor: path` or `cursor: {path: ..., param: ...}`.
func (c *compiler) cursor(l *loopSpec, n ast.Node, path string) {
	if _, isStr := c.resolve(n).(ast.ScalarNode); isStr {
		l.next = c.expr(n, path)
		return
	}
	fields, ok := c.mapping(n, path, cursorFields)
	if !ok {
		return
	}
	for _, f := range fields {
		switch f.key {
		case "path":
			l.next = c.expr(f.value, path+".path")
		case "param":
			c.param(l, f.value, path+".param")
		}
	}
	if l.next == nil && !slices.ContainsFunc(fields, func(f field) bool { return f.key == "path" }) {
		c.errorf(n, path, "missing required field \"path\": where each page's body holds the next cursor")
	}
}

// counter reads `page: {param, start}` or `offset: {param, start, step}`.
func (c *compiler) counter(l *loopSpec, n ast.Node, path string, known []string) {
	fields, ok := c.mapping(n, path, known)
	if !ok {
		return
	}
	for _, f := range fields {
		fp := path + "." + f.key
		switch f.key {
		case "param":
			c.param(l, f.value, fp)
		case "start":
			if v, ok := c.integer(f.value, fp); ok {
				if v < 0 {
					c.errorf(f.value, fp, "must not be negative")
				}
				l.start = v
			}
		case "step":
			l.step = c.positive(f.value, fp)
		}
	}
}

func (c *compiler) param(l *loopSpec, n ast.Node, path string) {
	if p, ok := c.str(n, path); ok {
		if p == "" {
			c.errorf(n, path, "must not be empty")
		}
		l.param, l.escParam = p, url.QueryEscape(p)
	}
}

// checkLoop adds a loop step's own vars and checks the ${loop:…}
// references of step s, whose templates are c.pending[from:].
func (c *compiler) checkLoop(s *step, loopNode ast.Node, path string, from int) {
	l := s.loop
	used := false
	for _, p := range c.pending[from:] {
		ref := p.ref
		if ref.Source != template.Loop {
			continue
		}
		line, col := yamlast.ScalarPos(p.node, p.src, ref.Offset)
		report := func(format string, args ...any) {
			c.diags = append(c.diags, Diagnostic{File: c.file, Line: line, Col: col, Field: p.path, Msg: fmt.Sprintf(format, args...)})
		}
		switch {
		case l == nil:
			report("%s: only a step with loop has loop values", ref)
		case strings.HasSuffix(p.path, ".result"):
			report("%s: the loop's values are for its requests (url, query, headers, body); result reads ${step%d:%s}", ref, s.index, loopItemsVar)
		case l.refName() == "":
			report("%s: a %s loop has no loop values; the next page's URL comes from the response", ref, l.styleName())
		case ref.Name != l.refName():
			report("%s: a %s loop has only ${loop:%s}", ref, l.styleName(), l.refName())
		default:
			used = true
		}
	}
	if l == nil {
		return
	}
	if name := l.refName(); name != "" && l.param == "" && !used {
		c.errorf(loopNode, path, "the %s is never sent: set %s.param, or use ${loop:%s} in the url, query, headers or body", name, l.styleName(), name)
	}
	for _, name := range []string{loopItemsVar, loopMoreVar} {
		if i := s.varIndex(name); i >= 0 {
			c.errorf(c.varNodes[i], fmt.Sprintf("%s.var[%d].name", strings.TrimSuffix(path, ".loop"), i),
				"a loop step sets %q itself (%s); name this var differently", name, map[string]string{loopItemsVar: "the items of every page", loopMoreVar: "whether pages were left"}[name])
		}
		s.vars = append(s.vars, varSpec{name: name, jump: -1, fromLoop: true, secret: isSecretVar(s.index, name)})
	}
}

// pageState is what ${loop:…} reads while a loop step runs.
type pageState struct {
	style  *loopStyle
	cursor template.Value // a cursor's
	n      int            // a counter's: the page or offset
}

// firstPage is the page state the step's first request is expanded with.
func (l *loopSpec) firstPage() pageState {
	p := l.style.first(l)
	p.style = l.style
	return p
}

// noPageState is the first page state of a style that reads where the
// next page is from the response: nothing is sent before there is one.
func noPageState(*loopSpec) pageState { return pageState{} }

// counterStart is the first page state of a counter.
func counterStart(l *loopSpec) pageState { return pageState{n: l.start} }

func (p *pageState) lookup(name string) (template.Value, bool) {
	switch {
	case p.style == nil || name != p.style.ref:
		return template.Value{}, false
	case p.style.counted:
		return template.Value{Text: strconv.Itoa(p.n), Raw: true}, true
	}
	return p.cursor, true
}

// sentAs says where the cursor or counter goes in the request.
func (l *loopSpec) sentAs() string {
	if l.param != "" {
		return "query parameter " + strconv.Quote(l.param)
	}
	return "${loop:" + l.refName() + "}"
}

// withParam appends the loop's query parameter, once it has a value.
func (l *loopSpec) withParam(u string, p *pageState) string {
	if l.param == "" {
		return u
	}
	v, _ := p.lookup(l.refName())
	if v.Text == "" { // no cursor yet
		return u
	}
	sep := "?"
	if strings.Contains(u, "?") {
		sep = "&"
	}
	return u + sep + l.escParam + "=" + url.QueryEscape(v.Text)
}

// pages runs loop step s from its first expanded request x: it fetches
// page after page, collects their items into the step's items and more
// vars, and returns the last page's response, parsed. A first request
// that got no response is failed, for the step's on_error; done is set
// with the failure Result of the others.
func (r *run) pages(s *step, x expanded) (last *Response, doc *extract.Doc, failed *requestError, res Result, done bool) {
	l := s.loop
	fail := func(page int, format string, args ...any) (*Response, *extract.Doc, *requestError, Result, bool) {
		return nil, nil, nil, r.fail("%s: page %d: %s", stepName(s), page, fmt.Sprintf(format, args...)), true
	}
	u := l.withParam(x.url, &r.page)
	first, _ := url.Parse(u) // a bad URL fails in Send
	items := []byte{'['}
	count, more := 0, false
	var prev [sha256.Size]byte // the body of the page before, for the counters
	seen := map[uint64]int{}   // next URLs or cursors (seenKey), and the page fetched with them
	if first != nil && l.style.fromResponse {
		seen[seenKey(first.String())] = 1
	}
	for page := 1; ; page++ {
		if page > 1 {
			if r.runs++; r.runs > r.e.opts.MaxSteps {
				return fail(page, "step budget of %d step runs exceeded (each page is a step run); set loop.max_pages to end the loop sooner", r.e.opts.MaxSteps)
			}
			if err := r.ctx.Err(); err != nil {
				return fail(page, "call canceled: %v", err)
			}
		}
		req := r.newRequest(s, x)
		req.URL = u
		if page > 1 && l.style.fromResponse {
			if msg := r.crossHost(l, first, &req); msg != "" {
				return fail(page, "%s", msg)
			}
		}
		// The tool's auth goes to the step's own host only.
		resp, err := r.send(s, &req, page == 1 || !l.style.fromResponse || sameHostURL(first, req.URL))
		if err != nil && page == 1 {
			return nil, nil, &requestError{method: req.Method, url: req.URL, err: err}, Result{}, false
		}
		if err != nil {
			hint := ""
			if errors.Is(err, ErrRequestBudget) {
				hint = "; set loop.max_pages to end the loop sooner"
			}
			return fail(page, "%s %s: %v%s", req.Method, r.briefURL(req.URL), err, hint)
		}
		doc := extract.NewDoc(resp.Body, r.e.opts.Extract)
		if !s.expects(resp) {
			// A 401 to a credential read from the cache runs the chain
			// again (see invalidate), on any page.
			if page > 1 && (resp.StatusCode != http.StatusUnauthorized || !r.sentShared(s)) {
				return fail(page, "HTTP %s from %s %s, body %s", r.status(resp), req.Method, r.briefURL(req.URL), bodyExcerpt(r.secrets.Redact(string(resp.Body))))
			}
			// The first page failing is a step's unexpected status: its
			// on_error, or its vars' handling, and the call fails
			// rather than give no items for a page that failed (step).
			r.setLoopVars(s, []byte("[]"), false)
			return resp, doc, nil, Result{}, false
		}
		n := 0
		if l.items != nil {
			v, err := l.items.Eval(doc)
			switch {
			case errors.Is(err, extract.ErrNotStructured):
				return fail(page, "loop items %q: the response is neither JSON nor YAML (HTTP %s, body %s)", l.items, r.status(resp), bodyExcerpt(r.secrets.Redact(string(resp.Body))))
			case err == nil:
				var cut bool
				if items, n, cut, err = appendItems(items, v, l.maxItems-count); err != nil {
					return fail(page, "loop items %q: %v", l.items, err)
				}
				more = cut
			}
		}
		count += n
		if l.style.counted {
			// A counter the API ignores (a misspelt param) serves the
			// same page again and again.
			sum := sha256.Sum256(resp.Body)
			if page > 1 && n > 0 && sum == prev {
				return fail(page, "the API answered with the same page as page %d: does it read the %s where the loop sends it (%s)?", page-1, l.refName(), l.sentAs())
			}
			prev = sum
		}
		if int64(len(items)) > r.e.opts.MaxBodyBytes {
			return fail(page, "the collected items have %d bytes, over the limit of %d (MaxBodyBytes); set loop.max_items or loop.max_pages", len(items), r.e.opts.MaxBodyBytes)
		}
		next, end := l.style.next(l, resp, doc, n)
		if !end && l.cond != nil && truthy(l.cond, doc) == l.until {
			end = true
		}
		switch {
		case more: // items were left on this page
		case end:
		case count >= l.maxItems, l.maxPages > 0 && page >= l.maxPages:
			more = true
		}
		if more || end {
			r.setLoopVars(s, append(items, ']'), more)
			return resp, doc, nil, Result{}, false
		}
		if msg := r.advance(s, &x, &u, next, n, page, seen); msg != "" {
			return fail(page, "%s", msg)
		}
	}
}

// advance makes the request of the page after page, from where page said
// the next one is (next) and its number of items (n): the next URL u, or
// the step's request x expanded again with the new cursor or counter. It
// returns why there is no next request, or "".
func (r *run) advance(s *step, x *expanded, u *string, next template.Value, n, page int, seen map[uint64]int) string {
	l := s.loop
	nu, once, msg, expand := l.style.advance(r, l, *u, next, n)
	if msg == "" && once != "" {
		key := seenKey(once)
		if p, ok := seen[key]; ok {
			what := "the cursor " + bodyExcerpt(once)
			if l.style.fromResponse {
				what = "the next page URL " + r.briefURL(once)
			}
			return fmt.Sprintf("the API answered with %s that page %d was fetched with, which would repeat pages without end; stopped", what, p)
		}
		seen[key] = page + 1
	}
	if !expand {
		*u = nu
		return msg
	}
	nx, err := r.expand(s, r)
	if err != nil {
		return err.Error()
	}
	r.recordSecrets(s, &nx)
	*x, *u = nx, l.withParam(nx.url, &r.page)
	return ""
}

// seenKey is the key of a next URL or cursor a loop fetched a page with:
// the API chooses them, each up to the body cap, and a loop keeps one per
// page, so it keeps their hashes. Under a seed of the process, the API
// cannot aim at a collision, which would only end the loop early.
func seenKey(s string) uint64 { return maphash.String(seenSeed, s) }

var seenSeed = maphash.MakeSeed()

// followURL moves a loop to the next page's URL, next, which the page gave
// relative to its own URL u.
func (r *run) followURL(_ *loopSpec, u string, next template.Value, _ int) (string, string, string, bool) {
	nu, err := url.Parse(u)
	if err == nil {
		nu, err = nu.Parse(next.Text)
	}
	if err != nil || nu.Scheme != "http" && nu.Scheme != "https" || nu.Host == "" {
		return u, "", fmt.Sprintf("the next page's URL %q is not an http(s) URL", r.briefURL(next.Text)), false
	}
	nu.Fragment, nu.RawFragment = "", "" // not sent
	u = nu.String()
	r.recordQuerySecrets(u)
	return u, u, "", false
}

// nextCursor moves a cursor loop to the cursor the page gave, next.
func (r *run) nextCursor(_ *loopSpec, u string, next template.Value, _ int) (string, string, string, bool) {
	r.page.cursor = next
	return u, next.Text, "", true
}

// nextFromBody reads the next page's URL or cursor from a page's body: no
// value, or "", makes the page the last.
func nextFromBody(l *loopSpec, _ *Response, doc *extract.Doc, _ int) (next template.Value, end bool) {
	v, err := l.next.Eval(doc)
	if err != nil || v.Text == "" {
		return next, true
	}
	return template.Value{Text: v.Text, Raw: v.Kind != extract.String}, false
}

// nextFromLink reads the next page's URL from the Link header: none makes
// the page the last.
func nextFromLink(l *loopSpec, resp *Response, _ *extract.Doc, _ int) (template.Value, bool) {
	t := linkheader.Target(resp.Header, l.rel)
	return template.Value{Text: t}, t == ""
}

// nextCounted ends a counter's loop at a page without items.
func nextCounted(_ *loopSpec, _ *Response, _ *extract.Doc, items int) (next template.Value, end bool) {
	return next, items == 0
}

// crossHost checks a next page's request against the step's first URL:
// another host must be listed in loop.hosts, and gets no credential (only
// the headers a redirect keeps, and no body). It returns why the request
// may not be sent, or "".
func (r *run) crossHost(l *loopSpec, first *url.URL, req *Request) string {
	u, err := url.Parse(req.URL)
	if err != nil {
		return fmt.Sprintf("invalid next page URL %q", r.briefURL(req.URL))
	}
	if sameHost(first, u) {
		return ""
	}
	if strings.EqualFold(first.Scheme, "https") && !strings.EqualFold(u.Scheme, "https") {
		return fmt.Sprintf("the next page's URL %s leaves https for http; refused", r.briefURL(req.URL))
	}
	host, port := lowerHost(u.Hostname()), effectivePort(u)
	if !slices.ContainsFunc(l.hosts, func(p hostPattern) bool { return p.match(host, port) }) {
		return fmt.Sprintf("the next page is on %s, not on the step's host %s; list it in loop.hosts to follow it there", r.briefURL(u.Host), first.Host)
	}
	if len(req.Body) > 0 {
		return fmt.Sprintf("the next page is on %s, another host than the step's: the request body is not sent there", r.briefURL(u.Host))
	}
	keepForwarded(req.Header)
	return ""
}

// setLoopVars stores a loop step's items and more vars.
func (r *run) setLoopVars(s *step, items []byte, more bool) {
	vars := r.varsOf(s)
	for i, v := range s.vars {
		switch {
		case !v.fromLoop:
		case v.name == loopItemsVar:
			vars[i] = varValue{Value: template.Value{Text: string(items), Raw: true}, set: true}
		case v.name == loopMoreVar:
			vars[i] = varValue{Value: template.Value{Text: strconv.FormatBool(more), Raw: true}, set: true}
		}
	}
}

// loopResult is what the model gets when a call ends after loop step s
// without a result: the items collected, with a note when pages were
// left. ok is false when the step's last page has a status the step does
// not expect, which on_error: continue let through (the raw body is shown
// then).
func (r *run) loopResult(s *step) (Result, bool) {
	if s == nil || s.loop == nil || r.last != nil && !s.expects(r.last) {
		return Result{}, false
	}
	vars := r.varsOf(s)
	text := r.secrets.Cap(vars[s.varIndex(loopItemsVar)].Text, r.e.opts.MaxResultBytes)
	if vars[s.varIndex(loopMoreVar)].Text == "true" {
		text += "\n[more: the loop stopped at its max_pages or max_items before the last page]"
	}
	return r.shown(text), true
}

// appendItems appends the elements of v (v itself when it is not an array)
// to the JSON array being built in dst, at most room of them. cut reports
// elements left out.
func appendItems(dst []byte, v extract.Value, room int) (out []byte, n int, cut bool, err error) {
	add := func(item []byte) {
		if len(dst) > 1 {
			dst = append(dst, ',')
		}
		dst = append(dst, item...)
		n++
	}
	switch v.Kind {
	case extract.Array:
		rest := strings.TrimSpace(v.Text)
		if len(rest) < 2 || rest[0] != '[' || rest[len(rest)-1] != ']' {
			return dst, 0, false, fmt.Errorf("not a JSON array")
		}
		rest = strings.TrimSpace(rest[1 : len(rest)-1])
		for rest != "" {
			if n == room {
				return dst, n, true, nil
			}
			var elem string
			elem, rest = nextElement(rest)
			add([]byte(elem))
		}
		return dst, n, false, nil
	case extract.String:
		if room < 1 {
			return dst, 0, true, nil
		}
		add(jsonstr.Append(nil, v.Text))
	default:
		if room < 1 {
			return dst, 0, true, nil
		}
		add([]byte(v.Text))
	}
	return dst, n, false, nil
}

// nextElement splits the inside of a JSON array (valid JSON, as extract
// renders it) after its first element: depth and strings are followed to
// the first comma outside them.
func nextElement(s string) (elem, rest string) {
	depth, inString := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case inString:
			switch c {
			case '\\':
				i++
			case '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
		case c == ',' && depth == 0:
			return strings.TrimSpace(s[:i]), s[i+1:]
		}
	}
	return strings.TrimSpace(s), ""
}

// truthy reports whether e finds a value on the page that is not false:
// missing, null, false, 0, "", "false", "0", [] and {} are false.
func truthy(e *extract.Expr, doc *extract.Doc) bool {
	v, err := e.Eval(doc)
	if err != nil {
		return false
	}
	switch v.Kind {
	case extract.Number:
		f, err := strconv.ParseFloat(v.Text, 64)
		return err != nil || f != 0
	case extract.String:
		return v.Text != "" && v.Text != "false" && v.Text != "0"
	}
	return v.Text != "false" && v.Text != "[]" && v.Text != "{}"
}
