package hostapi

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/parallel"
	"github.com/toolkit-sdk/toolkit/internal/search"
	"github.com/toolkit-sdk/toolkit/internal/suggest"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// docsIndex is what query_api_docs browses: the groups as the model sees
// them and the keyword index of the endpoints.
type docsIndex struct {
	groups  []*docGroup // largest first, then in catalog order
	groupOf map[*endpoint]*docGroup
	index   *search.Index // by endpoint id
}

type docGroup struct {
	name, description string
	eps               []*endpoint
}

// newDocsIndex indexes the exposed endpoints in their groups: the
// catalog's, the same the host filters by.
func newDocsIndex(groups []groupInfo) *docsIndex {
	d := &docsIndex{groupOf: map[*endpoint]*docGroup{}, index: search.New()}
	for _, g := range groups {
		dg := &docGroup{name: g.Name, description: g.Description, eps: g.eps}
		d.groups = append(d.groups, dg)
		for _, e := range g.eps {
			d.groupOf[e] = dg
		}
	}
	slices.SortStableFunc(d.groups, func(a, b *docGroup) int { return len(b.eps) - len(a.eps) })
	var ids []string
	var eps []*endpoint
	for _, g := range d.groups {
		for _, e := range g.eps {
			ids, eps = append(ids, e.ID), append(eps, e)
		}
	}
	docs := make([]search.Doc, len(eps))
	parallel.For(len(eps), func(i int) { docs[i] = search.Analyze(endpointFields(eps[i], d.groupOf[eps[i]].name)...) })
	d.index.AddDocs(ids, docs)
	return d
}

// endpointFields are what a keyword matches, weighted.
func endpointFields(e *endpoint, group string) []search.Field {
	f := []search.Field{
		{Text: e.ID, Weight: 3, Name: true}, {Text: e.Summary, Weight: 2}, {Text: e.Path, Weight: 1.5},
		{Text: group, Weight: 1.5}, {Text: e.Description, Weight: 1}, {Text: e.Method, Weight: 0.5},
	}
	if v := methodVerb(e); v != "" {
		f = append(f, search.Field{Text: v, Weight: 0.5})
	}
	for _, p := range e.Params {
		f = append(f, search.Field{Text: p.Name, Weight: 0.7}, search.Field{Text: p.Description, Weight: 0.4})
	}
	if e.Body != nil {
		f = append(f, search.Field{Text: e.Body.Description, Weight: 0.4})
		if props, ok := e.Body.Schema["properties"].(map[string]any); ok {
			for _, name := range slices.Sorted(maps.Keys(props)) {
				f = append(f, search.Field{Text: name, Weight: 0.5})
			}
		}
	}
	return f
}

// methodVerb is what an endpoint's method usually does, in the words a
// user asks with: POST on a collection creates, DELETE deletes...
func methodVerb(e *endpoint) string {
	item := strings.HasSuffix(e.Path, "}")
	switch e.Method {
	case "POST":
		if !item {
			return "create"
		}
	case "GET":
		if item {
			return "get"
		}
		return "list"
	case "PUT", "PATCH":
		return "update"
	case "DELETE":
		return "delete"
	}
	return ""
}

// findGroup finds a group by name, in any case.
func (d *docsIndex) findGroup(name string) (*docGroup, bool) {
	for _, match := range []func(g *docGroup) bool{
		func(g *docGroup) bool { return g.name == name },
		func(g *docGroup) bool { return strings.EqualFold(g.name, name) },
		func(g *docGroup) bool { return cutPrefixOf(g.name, name) },
	} {
		if i := slices.IndexFunc(d.groups, match); i >= 0 {
			return d.groups[i], true
		}
	}
	return nil, false
}

func (a *API) queryDocs(_ context.Context, call *toolkit.Call) (toolkit.Result, error) {
	in, err := docArgs(call.Args)
	if err != nil {
		return toolkit.ErrorResult(ToolQueryDocs + ": " + err.Error()), nil
	}
	budget := toolkit.DefaultMaxDiscoveryBytes
	if a.exec != nil {
		budget = a.exec.DiscoveryBudget()
	}
	switch {
	case in.schema != "" && in.endpoint == "":
		return toolkit.ErrorResult(ToolQueryDocs + `: "schema" needs "endpoint": {"endpoint": id, "schema": "#/body/..."}`), nil
	case in.endpoint != "":
		e, ok := a.lookup(in.endpoint)
		if !ok {
			return toolkit.ErrorResult(ToolQueryDocs + ": " + a.unknownEndpoint(in.endpoint)), nil
		}
		if in.schema != "" {
			return a.schemaAnswer(e, in, budget), nil
		}
		return a.detail(e, in, budget), nil
	case in.group != "":
		g, ok := a.docs.findGroup(in.group)
		if !ok {
			return toolkit.ErrorResult(ToolQueryDocs + ": " + a.unknownGroup(in.group)), nil
		}
		head := jsonstr.Append([]byte(`{"group":`), cutName(g.name, budget))
		if d := firstLine(g.description); d != "" {
			head = jsonstr.Append(append(head, `,"description":`...), d)
		}
		if in.keyword != "" {
			return a.search(head, in.keyword, g, in.start, budget), nil
		}
		head = fmt.Appendf(head, `,"total":%d,`, len(g.eps))
		res, _ := endpointPage(head, g.eps, len(g.eps), in.start, budget, "")
		return res, nil
	case in.keyword != "":
		return a.search([]byte("{"), in.keyword, nil, in.start, budget), nil
	}
	return a.root(in.start, budget), nil
}

// root lists the groups, largest first, as many as the budget holds, and
// summarises the rest.
func (a *API) root(start, budget int) toolkit.Result {
	groups := a.docs.groups
	start = min(start, len(groups))
	head := fmt.Appendf(nil, `{"endpoints":%d,"groups":{`, len(a.eps))
	tail := func(k int) []byte {
		b := []byte("}")
		if rest := groups[start+k:]; len(rest) > 0 {
			n := 0
			for _, g := range rest {
				n += len(g.eps)
			}
			b = fmt.Appendf(b, `,"more_groups":%d,"endpoints_in_them":%d,"cursor":"%d"`, len(rest), n, start+k)
			b = append(b, `,"hint":"send this cursor for the next groups; `...)
		} else {
			b = append(b, `,"hint":"`...)
		}
		return append(b, `{\"group\": name} lists a group's endpoints; {\"keyword\": words} searches all endpoints, ranked"}`...)
	}
	k, body := search.Fit(budget, len(head), len(groups)-start, func(i int) []byte {
		g := groups[start+i]
		v := fmt.Sprintf("%d endpoints", len(g.eps))
		if len(g.eps) == 1 {
			v = "1 endpoint"
		}
		if d := brief(g.description); d != "" {
			v += ": " + d
		}
		return jsonstr.Append(append(jsonstr.Append(nil, cutName(g.name, budget)), ':'), v)
	}, tail)
	return toolkit.Result{Text: string(append(append(head, body...), tail(k)...))}
}

// search ranks the endpoints (of g, when not nil) by keyword.
func (a *API) search(head []byte, keyword string, g *docGroup, start, budget int) toolkit.Result {
	var keep func(string) bool
	if g != nil {
		head = append(head, ',')
		keep = func(id string) bool { e, ok := a.byID[id]; return ok && a.docs.groupOf[e] == g }
	}
	head = search.AppendQuery(head, keyword)
	var res toolkit.Result
	a.docs.index.Page(keyword, keep, start, budget, func(hits []search.Hit, total int) (shown int) {
		eps := make([]*endpoint, len(hits))
		for i, h := range hits {
			eps[i] = a.byID[h.ID]
		}
		head := fmt.Appendf(slices.Clip(head), `,"matches":%d,`, total)
		res, shown = endpointPage(head, eps, total, start, budget, "nothing matched; try other words, or call "+ToolQueryDocs+" without arguments to see the groups")
		return shown
	})
	return res
}

// endpointPage renders {head "endpoints": {id: "METHOD /path: summary"}}
// of n endpoints from start, as many as fit in budget, with more and
// cursor past it, and how many it shows; eps holds the first of them (a
// search's best hits).
func endpointPage(head []byte, eps []*endpoint, n, start, budget int, empty string) (toolkit.Result, int) {
	l := search.Listing{Key: "endpoints", N: n, Start: start, Budget: budget, EmptyHint: empty,
		MoreHint: `send this cursor with the same arguments for the next page; {"endpoint": id} shows an endpoint's parameters`,
		LastHint: `{"endpoint": id} shows an endpoint's parameters and body`}
	out, k := l.Page(head, len(eps), func(i int) (string, string) {
		e := eps[i]
		v := e.Method + " " + e.fullPath()
		if v == e.ID {
			v = ""
		}
		if s := brief(summaryOf(e.Endpoint)); s != "" {
			if v != "" {
				v += ": "
			}
			v += s
		}
		return cutName(e.ID, budget), cutText(v, budget/8)
	})
	return toolkit.Result{Text: string(out)}, k
}

// cutName is a name a listing shows: cut, with "…", past an eighth of
// the budget (cutPrefixOf finds it again).
func cutName(name string, budget int) string {
	shown, cut := textcut.Prefix(name, max(budget/8, 64))
	if !cut {
		return name
	}
	return shown + "…"
}

// cutPrefixOf reports whether cut is name as cutName cut it.
func cutPrefixOf(name, cut string) bool {
	p, ok := strings.CutSuffix(cut, "…")
	return ok && len(p) >= 64 && len(p) < len(name) && strings.HasPrefix(name, p)
}

// brief is textcut.Brief of a text whose Markdown links and HTML tags
// are reduced to their text (OpenAPI descriptions are Markdown).
func brief(s string) string {
	return textcut.Brief(htmlTag.ReplaceAllString(mdLink.ReplaceAllString(firstLine(s), "$1"), ""))
}

var (
	mdLink  = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	htmlTag = regexp.MustCompile(`</?[a-zA-Z][^>]*>`)
)

type docsInput struct {
	group, endpoint, keyword, schema string
	start                            int
	examples                         bool
}

func docArgs(args map[string]any) (docsInput, error) {
	var in docsInput
	for _, k := range slices.Sorted(maps.Keys(args)) {
		v := args[k]
		if v == nil {
			continue
		}
		var dst *string
		var cursor string
		switch k {
		case "group":
			dst = &in.group
		case "endpoint":
			dst = &in.endpoint
		case "keyword":
			dst = &in.keyword
		case "schema":
			dst = &in.schema
		case "cursor":
			dst = &cursor
		case "examples":
			b, ok := v.(bool)
			if !ok {
				return in, fmt.Errorf("argument %s must be a boolean", textcut.Quote(k))
			}
			in.examples = b
			continue
		default:
			return in, fmt.Errorf("unknown argument %s; accepted: group, endpoint, keyword, schema, cursor, examples", textcut.Quote(k))
		}
		s, ok := v.(string)
		if !ok {
			return in, fmt.Errorf("argument %s must be a string", textcut.Quote(k))
		}
		*dst = strings.TrimSpace(s)
		if k == "cursor" && cursor != "" {
			n, err := strconv.Atoi(cursor)
			if err != nil || n < 0 {
				return in, fmt.Errorf("cursor %s is not one an answer gave; call again without it", textcut.Quote(cursor))
			}
			in.start = n
		}
	}
	return in, nil
}

func summaryOf(e Endpoint) string {
	if e.Summary != "" {
		return firstLine(e.Summary)
	}
	return firstLine(e.Description)
}

// lookup finds an exposed endpoint by id, or by "METHOD /path", or by
// the id as a listing cut it ("abc…", when one endpoint's id starts so).
func (a *API) lookup(id string) (*endpoint, bool) {
	if e, ok := a.byID[id]; ok {
		return e, true
	}
	if strings.HasSuffix(id, "…") {
		var found *endpoint
		for _, e := range a.eps {
			if cutPrefixOf(e.ID, id) {
				if found != nil {
					return nil, false
				}
				found = e
			}
		}
		if found != nil {
			return found, true
		}
	}
	if m, p, ok := strings.Cut(strings.TrimSpace(id), " "); ok {
		e, ok := a.byRoute[strings.ToUpper(m)+" "+strings.TrimSpace(p)]
		return e, ok
	}
	return nil, false
}

func (a *API) unknownEndpoint(id string) string {
	msg := "unknown endpoint " + textcut.Quote(id)
	if len(id) <= textcut.QuoteBytes && slices.ContainsFunc(a.docs.groups, func(g *docGroup) bool { return g.name == id }) {
		return msg + fmt.Sprintf(`; %q is a group: call %s with {"group": %q}`, id, ToolQueryDocs, id)
	}
	ids := make([]string, len(a.eps))
	for i, e := range a.eps {
		ids[i] = e.ID
	}
	if hint := suggest.DidYouMean(id, ids); hint != "" {
		return msg + hint
	}
	return msg + "; call " + ToolQueryDocs + " to find endpoint ids"
}

func (a *API) unknownGroup(name string) string {
	names := make([]string, len(a.docs.groups))
	for i, g := range a.docs.groups {
		names[i] = textcut.Cut(g.name, textcut.QuoteBytes)
	}
	msg := "unknown group " + textcut.Quote(name)
	if hint := suggest.DidYouMean(name, names); hint != "" {
		return msg + hint
	}
	if len(names) > 30 {
		names = append(names[:30], "…")
	}
	return msg + "; groups: " + strings.Join(names, ", ")
}
