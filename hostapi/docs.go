package hostapi

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/suggest"
)

// maxListed bounds the endpoints one listing shows.
const maxListed = 100

type groupSummary struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	Endpoints   int    `json:"endpoints"`
}

type endpointSummary struct {
	ID      string `json:"id"`
	Method  string `json:"method"`
	Path    string `json:"path"`
	Summary string `json:"summary,omitempty"`
}

type listing struct {
	Group       string            `json:"group,omitempty"`
	Description string            `json:"description,omitempty"`
	Keyword     string            `json:"keyword,omitempty"`
	Endpoints   []endpointSummary `json:"endpoints"`
	NotShown    int               `json:"not_shown,omitempty"`
	Hint        string            `json:"hint"`
}

type paramDoc struct {
	Type        toolkit.ParamType `json:"type"`
	Items       toolkit.ParamType `json:"items,omitempty"`
	Required    bool              `json:"required,omitempty"`
	Description string            `json:"description,omitempty"`
	Enum        []any             `json:"enum,omitempty"`
	Default     any               `json:"default,omitempty"`
	Example     any               `json:"example,omitempty"`
	Deprecated  bool              `json:"deprecated,omitempty"`
}

type bodyDoc struct {
	ContentType string `json:"content_type"`
	Required    bool   `json:"required,omitempty"`
	Description string `json:"description,omitempty"`
	Schema      any    `json:"schema,omitempty"`
	Example     any    `json:"example,omitempty"`
}

type detail struct {
	ID                string         `json:"id"`
	Group             string         `json:"group"`
	Method            string         `json:"method"`
	Path              string         `json:"path"`
	Summary           string         `json:"summary,omitempty"`
	Description       string         `json:"description,omitempty"`
	Deprecated        bool           `json:"deprecated,omitempty"`
	NeedsConfirmation bool           `json:"needs_confirmation,omitempty"`
	PathParams        jsonstr.Object `json:"path_params,omitempty"`
	Query             jsonstr.Object `json:"query,omitempty"`
	Headers           jsonstr.Object `json:"headers,omitempty"`
	Body              *bodyDoc       `json:"body,omitempty"`
	Extensions        map[string]any `json:"extensions,omitempty"`
	Call              string         `json:"call"`
}

func (a *API) queryDocs(_ context.Context, call *toolkit.Call) (toolkit.Result, error) {
	in, err := docArgs(call.Args)
	if err != nil {
		return toolkit.ErrorResult(ToolQueryDocs + ": " + err.Error()), nil
	}
	switch {
	case in.endpoint != "":
		e, ok := a.lookup(in.endpoint)
		if !ok {
			return toolkit.ErrorResult(ToolQueryDocs + ": " + a.unknownEndpoint(in.endpoint)), nil
		}
		return toolkit.JSONResult(a.detail(e, in.examples))
	case in.group != "":
		i := slices.IndexFunc(a.groups, func(g groupInfo) bool { return g.Name == in.group })
		if i < 0 {
			i = slices.IndexFunc(a.groups, func(g groupInfo) bool { return strings.EqualFold(g.Name, in.group) })
		}
		if i < 0 {
			return toolkit.ErrorResult(ToolQueryDocs + ": " + a.unknownGroup(in.group)), nil
		}
		g := a.groups[i]
		return toolkit.JSONResult(a.list(g.eps, in.keyword, listing{Group: g.Name, Description: strings.TrimSpace(g.Description)}))
	case in.keyword != "":
		return toolkit.JSONResult(a.list(a.eps, in.keyword, listing{}))
	}
	out := struct {
		Groups    []groupSummary `json:"groups"`
		Endpoints int            `json:"endpoints"`
		Hint      string         `json:"hint"`
	}{Groups: make([]groupSummary, len(a.groups)), Endpoints: len(a.eps),
		Hint: `{"group": name} lists a group's endpoints; {"keyword": words} searches them`}
	for i, g := range a.groups {
		out.Groups[i] = groupSummary{Name: g.Name, Description: firstLine(g.Description), Endpoints: len(g.eps)}
	}
	return toolkit.JSONResult(out)
}

type docsInput struct {
	group, endpoint, keyword string
	examples                 bool
}

func docArgs(args map[string]any) (docsInput, error) {
	var in docsInput
	for _, k := range slices.Sorted(maps.Keys(args)) {
		v := args[k]
		if v == nil {
			continue
		}
		var dst *string
		switch k {
		case "group":
			dst = &in.group
		case "endpoint":
			dst = &in.endpoint
		case "keyword":
			dst = &in.keyword
		case "examples":
			b, ok := v.(bool)
			if !ok {
				return in, fmt.Errorf("argument %q must be a boolean", k)
			}
			in.examples = b
			continue
		default:
			return in, fmt.Errorf("unknown argument %q; accepted: group, endpoint, keyword, examples", k)
		}
		s, ok := v.(string)
		if !ok {
			return in, fmt.Errorf("argument %q must be a string", k)
		}
		*dst = strings.TrimSpace(s)
	}
	return in, nil
}

func (a *API) list(eps []*endpoint, keyword string, out listing) listing {
	words := strings.Fields(strings.ToLower(keyword))
	out.Keyword = keyword
	out.Endpoints = []endpointSummary{}
	for _, e := range eps {
		if len(words) > 0 {
			if slices.ContainsFunc(words, func(w string) bool { return !strings.Contains(e.words, w) }) {
				continue
			}
		}
		if len(out.Endpoints) == maxListed {
			out.NotShown++
			continue
		}
		out.Endpoints = append(out.Endpoints, endpointSummary{ID: e.ID, Method: e.Method, Path: e.Path, Summary: summaryOf(e.Endpoint)})
	}
	switch {
	case len(out.Endpoints) == 0:
		out.Hint = "nothing matched; call " + ToolQueryDocs + " without arguments to see the groups"
	case out.NotShown > 0:
		out.Hint = fmt.Sprintf("%d more not shown: narrow with a keyword; ", out.NotShown) + `{"endpoint": id} shows an endpoint's parameters`
	default:
		out.Hint = `{"endpoint": id} shows an endpoint's parameters and body`
	}
	return out
}

func summaryOf(e Endpoint) string {
	if e.Summary != "" {
		return firstLine(e.Summary)
	}
	return firstLine(e.Description)
}

func (a *API) detail(e *endpoint, examples bool) detail {
	d := detail{ID: e.ID, Group: e.Group, Method: e.Method, Path: e.Path, Summary: e.Summary,
		Deprecated: e.Deprecated, NeedsConfirmation: e.confirm}
	if e.Description != e.Summary {
		d.Description = e.Description
	}
	for _, p := range e.Params {
		pd := paramDoc{Type: p.Type, Items: p.Items, Required: p.Required, Description: p.Description,
			Enum: p.Enum, Default: p.Default, Deprecated: p.Deprecated}
		if examples {
			pd.Example = p.Example
		}
		np := jsonstr.Member{Key: p.Name, Value: pd}
		switch p.In {
		case InPath:
			d.PathParams = append(d.PathParams, np)
		case InQuery:
			d.Query = append(d.Query, np)
		case InHeader:
			d.Headers = append(d.Headers, np)
		}
	}
	call := fmt.Sprintf(`%s {"endpoint": %q`, ToolCall, e.ID)
	for _, part := range []struct {
		key string
		ps  jsonstr.Object
	}{{"path_params", d.PathParams}, {"query", d.Query}, {"headers", d.Headers}} {
		if len(part.ps) > 0 {
			call += fmt.Sprintf(`, %q: {...}`, part.key)
		}
	}
	if b := e.Body; b != nil {
		d.Body = &bodyDoc{ContentType: b.ContentType, Required: b.Required, Description: b.Description}
		if b.Schema != nil {
			d.Body.Schema = docSchema(b.Schema, examples)
		}
		if examples {
			d.Body.Example = b.Example
		}
		call += `, "body": ...`
	}
	if examples {
		d.Extensions = e.Extensions
	}
	d.Call = call + "}"
	return d
}

// lookup finds an exposed endpoint by id, or by "METHOD /path".
func (a *API) lookup(id string) (*endpoint, bool) {
	if e, ok := a.byID[id]; ok {
		return e, true
	}
	if m, p, ok := strings.Cut(strings.TrimSpace(id), " "); ok {
		e, ok := a.byRoute[strings.ToUpper(m)+" "+strings.TrimSpace(p)]
		return e, ok
	}
	return nil, false
}

func (a *API) unknownEndpoint(id string) string {
	msg := fmt.Sprintf("unknown endpoint %q", id)
	if slices.ContainsFunc(a.groups, func(g groupInfo) bool { return g.Name == id }) {
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
	names := make([]string, len(a.groups))
	for i, g := range a.groups {
		names[i] = g.Name
	}
	msg := fmt.Sprintf("unknown group %q", name)
	if hint := suggest.DidYouMean(name, names); hint != "" {
		return msg + hint
	}
	if len(names) > 30 {
		names = append(names[:30], "…")
	}
	return msg + "; groups: " + strings.Join(names, ", ")
}
