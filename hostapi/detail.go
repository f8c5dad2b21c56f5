package hostapi

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"iter"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/search"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// An endpoint's detail stays within the discovery budget. It is shown as
// whole as fits: the first view of views that fits is used, each showing
// less than the one before (nested schemas collapsed past a depth,
// descriptions cut shorter, fewer enum values). A collapsed schema is a
// stub naming where it is, {"type": "object", "schema": "#/body/properties/address"},
// which {"endpoint": id, "schema": that} shows, in turn as whole as fits.
// When even the last view is too large, the fields are listed a page at a
// time, each in its smallest form, with a cursor. So every field can be
// reached, whatever the size of the schema.
//
// Schema pointers name a place in what the detail shows: "#/body" is the
// request body's schema, "#/query/filter" the schema of the query
// parameter filter (path_params, headers and cookies likewise), followed
// by the JSON pointer of a subschema inside it.

// view is how much of an endpoint's detail is shown.
type view struct {
	// depth is how many levels of subschemas are shown below a root;
	// a deeper schema that has subschemas of its own is collapsed.
	depth int
	// desc bounds a description's bytes (the endpoint's takes twice as
	// many); 0 leaves out the descriptions of subschemas.
	desc int
	// enum bounds the enum values shown.
	enum int
	// examples: examples and x- extensions are shown (asked for).
	examples bool
}

// views are tried in order; the last one's fields are paged when it
// does not fit either.
var views = []view{
	{depth: maxSchemaDepth, desc: 1000, enum: 100},
	{depth: 3, desc: 400, enum: 50},
	{depth: 2, desc: 200, enum: 30},
	{depth: 1, desc: 120, enum: 20},
	{depth: 0, desc: 120, enum: 20},
	{depth: 0, desc: 0, enum: 10},
}

// bigValue bounds the JSON text of an example, default or const shown.
const bigValue = 500

type paramDoc struct {
	Type        toolkit.ParamType `json:"type"`
	Items       toolkit.ParamType `json:"items,omitempty"`
	Required    bool              `json:"required,omitempty"`
	Description string            `json:"description,omitempty"`
	Enum        []any             `json:"enum,omitempty"`
	Default     any               `json:"default,omitempty"`
	Example     any               `json:"example,omitempty"`
	Deprecated  bool              `json:"deprecated,omitempty"`
	// ContentType: the value is sent as its JSON text.
	ContentType string `json:"content_type,omitempty"`
	// Schema is an object parameter's, or an array's of objects or
	// arrays: its properties or items.
	Schema any `json:"schema,omitempty"`
}

type bodyDoc struct {
	ContentType string `json:"content_type"`
	Required    bool   `json:"required,omitempty"`
	Description string `json:"description,omitempty"`
	Schema      any    `json:"schema,omitempty"`
	Example     any    `json:"example,omitempty"`
}

type detailDoc struct {
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
	Cookies           jsonstr.Object `json:"cookies,omitempty"`
	Body              *bodyDoc       `json:"body,omitempty"`
	Extensions        any            `json:"extensions,omitempty"`
	Call              string         `json:"call"`
	Hint              string         `json:"hint,omitempty"`
}

// collapsedHint is the detail's hint when it shows a collapsed schema.
func collapsedHint(id string) string {
	return fmt.Sprintf(`a schema shown as {"schema": ref} is collapsed to fit: %s {"endpoint": %s, "schema": ref} shows it`, ToolQueryDocs, strconv.Quote(id))
}

// detail answers {"endpoint": id}: the first view that fits the budget,
// else the fields a page at a time from in.start.
func (a *API) detail(e *endpoint, in docsInput, budget int) toolkit.Result {
	if in.start == 0 {
		for _, v := range views {
			v.examples = in.examples
			d, collapsed, fits := a.detailDoc(e, v, budget)
			if !fits {
				continue
			}
			if collapsed {
				d.Hint = collapsedHint(e.ID)
			}
			b, err := jsonstr.Marshal(d)
			if err == nil && len(b) <= budget {
				return toolkit.Result{Text: string(b)}
			}
		}
	}
	return a.detailPage(e, in.start, budget)
}

// detailDoc is e's detail in view v; collapsed reports a collapsed
// schema in it. Texts of the head are cut to a share of the budget. When
// its parameters and schemas alone take more than budget bytes,
// detailDoc stops writing them and reports that d does not fit.
func (a *API) detailDoc(e *endpoint, v view, budget int) (d detailDoc, collapsed, fits bool) {
	d = detailDoc{ID: cutName(e.ID, budget), Group: cutName(a.docs.groupOf[e].name, budget), Method: e.Method, Path: cutText(e.fullPath(), budget/8),
		Summary: cutText(e.Summary, min(budget/12, max(v.desc, 200))), Deprecated: e.Deprecated, NeedsConfirmation: e.confirm}
	if e.Description != e.Summary {
		d.Description = cutText(e.Description, min(budget/6, max(2*v.desc, 200)))
	}
	sh := shaper{v: v, keys: a.keys, room: budget}
	for _, p := range e.Params {
		pd := paramDoc{Type: p.Type, Items: p.Items, Required: p.Required, Description: cutText(p.Description, max(v.desc, 100)),
			Enum: capEnum(p.Enum, v.enum), Default: smallValue(p.Default), Deprecated: p.Deprecated, ContentType: p.ContentType}
		if v.examples {
			pd.Example = smallValue(p.Example)
		}
		room := sh.room
		if p.Schema != nil {
			if pd.Schema, fits = sh.encode(p.Schema, paramPointer(p)); !fits {
				return d, sh.collapsed, false
			}
		}
		// The parameter's text, schema included, as the detail writes it.
		text, err := jsonstr.Marshal(pd)
		if sh.room = room - len(text); err != nil || sh.room < 0 {
			return d, sh.collapsed, false
		}
		np := jsonstr.Member{Key: p.Name, Value: json.RawMessage(text)}
		switch p.In {
		case InPath:
			d.PathParams = append(d.PathParams, np)
		case InQuery:
			d.Query = append(d.Query, np)
		case InHeader:
			d.Headers = append(d.Headers, np)
		case InCookie:
			d.Cookies = append(d.Cookies, np)
		}
	}
	if b := e.Body; b != nil {
		d.Body = &bodyDoc{ContentType: b.ContentType, Required: b.Required, Description: cutText(b.Description, max(v.desc, 100))}
		if b.Schema != nil {
			if d.Body.Schema, fits = sh.encode(b.Schema, "#/body"); !fits {
				return d, sh.collapsed, false
			}
		}
		if v.examples {
			d.Body.Example = valueWithin(b.Example, budget/3)
		}
	}
	if v.examples && e.Extensions != nil {
		d.Extensions = valueWithin(e.Extensions, budget/3)
	}
	d.Call = cutText(callLine(e), budget/6)
	return d, sh.collapsed, true
}

// callLine is the call the detail suggests.
func callLine(e *endpoint) string {
	call := fmt.Sprintf(`%s {"endpoint": %q`, ToolCall, e.ID)
	for _, in := range []In{InPath, InQuery, InHeader, InCookie} {
		if slices.ContainsFunc(e.Params, func(p Param) bool { return p.In == in }) {
			call += fmt.Sprintf(`, %q: {...}`, argName(in))
		}
	}
	if e.Body != nil {
		call += `, "body": ...`
	}
	return call + "}"
}

// paramPointer is the schema pointer of a parameter's schema.
func paramPointer(p Param) string { return "#/" + argName(p.In) + "/" + escapeToken(p.Name) }

// A field is one member of a paged detail: a parameter, or a subschema
// of the schema shown. Its value is made when a page shows it.
type field struct {
	name  string
	value func() any
}

// fields lists fields made as they are shown: a schema of 100,000
// properties is not listed whole to show a page of them.
type fields struct {
	parts []fieldPart
	n     int
}

// fieldPart is n fields, the ith made by at.
type fieldPart struct {
	n  int
	at func(i int) field
}

func (l *fields) add(n int, at func(i int) field) {
	if n > 0 {
		l.parts = append(l.parts, fieldPart{n, at})
		l.n += n
	}
}

func (l *fields) addOne(f field) { l.add(1, func(int) field { return f }) }

// at is the ith field.
func (l *fields) at(i int) field {
	for _, p := range l.parts {
		if i < p.n {
			return p.at(i)
		}
		i -= p.n
	}
	panic("field index out of range")
}

// keyOrder keeps the names of an API's large maps in order, and the set
// of its long required lists: its schemas are read-only for its life, and
// a view of a schema of many properties lists them in order (a sort of
// 100,000 names for every view). An entry holds its map or list, so that
// no other takes its address while it is there.
type keyOrder struct {
	mu sync.Mutex
	m  map[unsafe.Pointer]orderedKeys
}

type orderedKeys struct {
	m    map[string]any
	keys []string
	// list and set: a list of names (required) and its set.
	list []any
	set  map[string]bool
}

// Maps of fewer names are sorted each time; up to maxOrdered are kept.
const (
	minOrdered = 256
	maxOrdered = 1024
)

// set returns the set of the strings of list (required), kept as sorted
// keeps a map's names.
func (o *keyOrder) set(list []any) map[string]bool {
	if o == nil || len(list) < minOrdered {
		return namesOf(list)
	}
	e := o.kept(unsafe.Pointer(unsafe.SliceData(list)), func(e orderedKeys) bool { return e.list != nil && len(e.list) == len(list) },
		func() orderedKeys { return orderedKeys{list: list, set: namesOf(list)} })
	return e.set
}

// kept returns the entry at p when it is the one asked for (ok says),
// else the one build makes, kept from then on.
func (o *keyOrder) kept(p unsafe.Pointer, ok func(orderedKeys) bool, build func() orderedKeys) orderedKeys {
	o.mu.Lock()
	e, found := o.m[p]
	o.mu.Unlock()
	if found && ok(e) {
		return e
	}
	e = build()
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.m == nil || len(o.m) >= maxOrdered {
		o.m = map[unsafe.Pointer]orderedKeys{}
	}
	o.m[p] = e
	return e
}

func namesOf(list []any) map[string]bool {
	set := make(map[string]bool, len(list))
	for _, r := range list {
		if name, ok := r.(string); ok {
			set[name] = true
		}
	}
	return set
}

// sorted returns m's names in order (nil o: sorted each time).
func (o *keyOrder) sorted(m map[string]any) []string {
	if o == nil || len(m) < minOrdered {
		return slices.Sorted(maps.Keys(m))
	}
	e := o.kept(reflect.ValueOf(m).UnsafePointer(), func(e orderedKeys) bool { return e.m != nil },
		func() orderedKeys { return orderedKeys{m: m, keys: slices.Sorted(maps.Keys(m))} })
	return e.keys
}

// detailPage lists e's parameters and the body schema's subschemas, each
// in its smallest form, from start, as many as fit.
func (a *API) detailPage(e *endpoint, start, budget int) toolkit.Result {
	var list fields
	list.add(len(e.Params), func(i int) field {
		p := e.Params[i]
		m := schemaObject{"type": p.Type}
		if p.Type == toolkit.TypeArray {
			m["items"] = p.Items
		}
		if p.Required {
			m["required"] = true
		}
		if len(p.Enum) > 0 {
			m["enum"] = capEnum(p.Enum, views[len(views)-1].enum)
		}
		if p.ContentType != "" {
			m["content_type"] = p.ContentType
		}
		if p.Schema != nil {
			m["schema"] = paramPointer(p)
		}
		return field{argName(p.In) + "." + p.Name, func() any { return m }}
	})
	head := jsonstr.Append([]byte(`{"id":`), cutName(e.ID, budget))
	head = jsonstr.Append(append(head, `,"group":`...), cutText(a.docs.groupOf[e].name, budget/16))
	head = jsonstr.Append(append(head, `,"method":`...), cutText(e.Method, 32))
	head = jsonstr.Append(append(head, `,"path":`...), cutText(e.fullPath(), budget/8))
	if e.Summary != "" {
		head = jsonstr.Append(append(head, `,"summary":`...), cutText(e.Summary, budget/16))
	}
	if e.Description != "" && e.Description != e.Summary {
		head = jsonstr.Append(append(head, `,"description":`...), cutText(e.Description, budget/16))
	}
	if e.confirm {
		head = append(head, `,"needs_confirmation":true`...)
	}
	if b := e.Body; b != nil {
		head = jsonstr.Append(append(head, `,"body_content_type":`...), cutText(b.ContentType, 100))
		if b.Required {
			head = append(head, `,"body_required":true`...)
		}
		a.schemaFields(&list, "body", "#/body", b.Schema)
	}
	head = jsonstr.Append(append(head, `,"call":`...), cutText(callLine(e), budget/16))
	return fieldPage(head, &list, start, budget, `fields are "query.name" for parameters and "body.name" for body properties`)
}

// schemaAnswer answers {"endpoint": id, "schema": pointer}: the schema
// there, as whole as fits, else its subschemas a page at a time.
func (a *API) schemaAnswer(e *endpoint, in docsInput, budget int) toolkit.Result {
	ptr := in.schema
	root, err := e.schemaAt(ptr)
	if err != "" {
		return toolkit.ErrorResult(fmt.Sprintf("%s: endpoint %s: schema %s: %s", ToolQueryDocs, textcut.Quote(e.ID), textcut.Quote(ptr), err))
	}
	head := jsonstr.Append([]byte(`{"endpoint":`), cutName(e.ID, budget))
	head = jsonstr.Append(append(head, `,"schema_of":`...), cutText(ptr, budget/8))
	if in.start == 0 {
		for _, v := range views {
			v.examples = in.examples
			sh := shaper{v: v, keys: a.keys, room: budget - len(head)}
			b, fits := sh.encode(root, ptr)
			if sh.err != nil {
				break
			}
			if !fits {
				continue
			}
			out := append(append(slices.Clip(head), `,"schema":`...), b...)
			if sh.collapsed {
				out = jsonstr.Append(append(out, `,"hint":`...), collapsedHint(e.ID))
			}
			out = append(out, '}')
			if len(out) <= budget {
				return toolkit.Result{Text: string(out)}
			}
		}
	}
	var list fields
	a.schemaFields(&list, "", ptr, root)
	return fieldPage(head, &list, in.start, budget, "")
}

// fieldPage writes head, then "fields" from start as many as fit, then a
// cursor while more remain.
func fieldPage(head []byte, fields *fields, start, budget int, hint string) toolkit.Result {
	start = min(start, fields.n)
	head = fmt.Appendf(head, `,"total_fields":%d,"fields":{`, fields.n)
	tail := func(k int) []byte {
		b := []byte("}")
		if more := fields.n - start - k; more > 0 {
			b = fmt.Appendf(b, `,"more":%d,"cursor":"%d","hint":`, more, start+k)
			b = jsonstr.Append(b, `too large to show whole: send this cursor with the same arguments for the next fields; a field shown with {"schema": ref} is shown by {"endpoint": id, "schema": ref}`)
		} else if hint != "" {
			b = jsonstr.Append(append(b, `,"hint":`...), hint)
		}
		return append(b, '}')
	}
	itemCap := max(budget/8, 64)
	k, body := search.Fit(budget, len(head), fields.n-start, func(i int) []byte {
		f := fields.at(start + i)
		b := jsonstr.Append(nil, cutFieldName(f.name, budget/16))
		b = append(b, ':')
		value := f.value()
		v, err := jsonstr.Marshal(value)
		limit := itemCap
		if m, ok := value.(schemaObject); ok && (err != nil || len(v) > itemCap) {
			small := schemaObject{"note": "enum and description too large to show here"}
			for _, k := range []string{"type", "required", "schema"} {
				if x, ok := m[k]; ok {
					small[k] = x
				}
			}
			if _, ok := small["schema"]; ok {
				// The pointer is the way to what lies under the field,
				// however long its names: it may take up to half a page.
				limit = max(itemCap, budget/2)
			}
			v, err = jsonstr.Marshal(small)
		}
		if err != nil || len(v) > limit {
			v = []byte(`{"note":"too large to show"}`)
		}
		return append(b, v...)
	}, tail)
	return toolkit.Result{Text: string(append(append(head, body...), tail(k)...))}
}

// schemaFields adds to list a schema's subschemas in their smallest
// form (made when shown), named prefix.name for a property (name alone
// without prefix) and prefix.keyword[i] or prefix.keyword for the
// others.
func (a *API) schemaFields(list *fields, prefix, ptr string, v any) {
	s, ok := v.(map[string]any)
	if !ok {
		return
	}
	names, _ := s["required"].([]any)
	required := a.keys.set(names)
	join := func(name string) string {
		if prefix == "" {
			return name
		}
		return prefix + "." + name
	}
	small := shaper{v: views[len(views)-1], keys: a.keys}
	for _, k := range slices.Sorted(maps.Keys(s)) {
		x := s[k]
		switch {
		case k == "properties":
			props, _ := x.(map[string]any)
			names := a.keys.sorted(props)
			list.add(len(names), func(i int) field {
				name := names[i]
				return field{join(name), func() any {
					f := small.brief(props[name], ptr+"/properties/"+escapeToken(name))
					if required[name] {
						f["required"] = true
					}
					return f
				}}
			})
		case slices.Contains(schemaMapKeys, k):
			m, _ := x.(map[string]any)
			names := a.keys.sorted(m)
			list.add(len(names), func(i int) field {
				name := names[i]
				return field{join(k + "." + name), func() any { return small.brief(m[name], ptr+"/"+k+"/"+escapeToken(name)) }}
			})
		case slices.Contains(schemaListKeys, k):
			subs, _ := x.([]any)
			list.add(len(subs), func(i int) field {
				return field{join(fmt.Sprintf("%s[%d]", k, i)), func() any { return small.brief(subs[i], fmt.Sprintf("%s/%s/%d", ptr, k, i)) }}
			})
		case slices.Contains(schemaKeys, k):
			list.addOne(field{join(k), func() any { return small.brief(x, ptr+"/"+k) }})
		}
	}
}

// schemaAt finds the schema a pointer names, or says why there is none.
func (e *endpoint) schemaAt(ptr string) (any, string) {
	rest, ok := strings.CutPrefix(ptr, "#/")
	if !ok {
		return nil, `a schema pointer starts with "#/body" or "#/query/name" (path_params, headers, cookies likewise)`
	}
	toks := strings.Split(rest, "/")
	var root any
	switch toks[0] {
	case "body":
		if e.Body == nil || e.Body.Schema == nil {
			return nil, "this endpoint has no body schema"
		}
		root, toks = e.Body.Schema, toks[1:]
	case "path_params", "query", "headers", "cookies":
		if len(toks) < 2 {
			return nil, "name the parameter: #/" + toks[0] + "/name"
		}
		name := unescapeToken(toks[1])
		i := slices.IndexFunc(e.Params, func(p Param) bool {
			return argName(p.In) == toks[0] && (p.Name == name || p.In == InHeader && strings.EqualFold(p.Name, name))
		})
		if i < 0 {
			return nil, "no such parameter"
		}
		root, toks = paramSchema(e.Params[i]), toks[2:]
	default:
		return nil, `a schema pointer starts with "#/body" or "#/query/name" (path_params, headers, cookies likewise)`
	}
	for _, tok := range toks {
		tok = unescapeToken(tok)
		switch x := root.(type) {
		case map[string]any:
			if root, ok = x[tok]; !ok {
				return nil, fmt.Sprintf("nothing at %s", textcut.Quote(tok))
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil, fmt.Sprintf("nothing at %s", textcut.Quote(tok))
			}
			root = x[i]
		default:
			return nil, fmt.Sprintf("nothing at %s", textcut.Quote(tok))
		}
	}
	return root, ""
}

// paramSchema is a parameter as a schema: its own schema, or one made of
// its type, items, enum and description.
func paramSchema(p Param) map[string]any {
	if p.Schema != nil {
		return p.Schema
	}
	s := map[string]any{"type": string(p.Type)}
	if p.Type == toolkit.TypeArray {
		s["items"] = map[string]any{"type": string(p.Items)}
	}
	if len(p.Enum) > 0 {
		s["enum"] = p.Enum
	}
	if p.Description != "" {
		s["description"] = p.Description
	}
	if p.Default != nil {
		s["default"] = p.Default
	}
	return s
}

// A shaper writes schemas as a view shows them, within room bytes in
// all: it stops writing a schema as soon as it passes them, so a view of
// a large schema that does not fit costs about room bytes of writing, not
// the size of the schema.
type shaper struct {
	v         view
	keys      *keyOrder // the API's maps' names in order
	room      int       // bytes left for the schemas written (encode)
	collapsed bool      // a schema was collapsed
	err       error     // a value that has no JSON text (no catalog holds one)
}

// encode writes v, the schema at ptr, as the view shows it: ordered
// keys, descriptions and enums cut, subschemas past the view's depth
// collapsed, examples and x- extensions only when asked for. The text is
// what jsonstr.Marshal writes of the schema so shaped. fits is false when
// it would take more than the room left (or a value has no JSON text).
func (sh *shaper) encode(v any, ptr string) (_ json.RawMessage, fits bool) {
	b := sh.append(nil, v, ptr, 0)
	if sh.err != nil || len(b) > sh.room {
		return nil, false
	}
	sh.room -= len(b)
	return b, true
}

// append appends v, the schema at ptr and depth below its root, shaped;
// it returns early once dst is over the room.
func (sh *shaper) append(dst []byte, v any, ptr string, depth int) []byte {
	s, ok := v.(map[string]any)
	if !ok {
		return sh.appendValue(dst, v)
	}
	if depth > sh.v.depth && hasSubschemas(s) {
		sh.collapsed = true
		return sh.appendValue(dst, sh.brief(s, ptr))
	}
	keys := make([]string, 0, len(s))
	for k := range s {
		switch {
		case k == "example" || k == "examples" || strings.HasPrefix(k, "x-"):
			if !sh.v.examples {
				continue
			}
		case k == "description" || k == "title":
			if sh.v.desc == 0 && depth > 0 {
				continue
			}
		}
		keys = append(keys, k)
	}
	sortSchemaKeys(keys)
	dst = append(dst, '{')
	for i, k := range keys {
		if len(dst) > sh.room || sh.err != nil {
			return dst
		}
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(jsonstr.Append(dst, k), ':') // as jsonstr.Object writes a key
		x := s[k]
		switch {
		case k == "example" || k == "examples" || strings.HasPrefix(k, "x-"):
			dst = sh.appendValue(dst, smallValue(x))
		case k == "description" || k == "title":
			str, _ := x.(string)
			dst = sh.appendValue(dst, cutText(str, max(sh.v.desc, 100)))
		case k == "enum":
			list, _ := x.([]any)
			dst = sh.appendValue(dst, capEnum(list, sh.v.enum))
		case k == "default" || k == "const":
			dst = sh.appendValue(dst, smallValue(x))
		case k == "pattern" || k == "format":
			str, _ := x.(string)
			dst = sh.appendValue(dst, cutText(str, 200))
		default:
			dst = sh.appendSubschemas(dst, k, x, ptr, depth)
		}
	}
	return append(dst, '}')
}

// appendSubschemas appends x, the value of keyword k of the schema at
// ptr and depth, with the subschemas it holds shaped (a map's names in
// order, as encoding/json writes a map); under any other keyword, x as
// it is.
func (sh *shaper) appendSubschemas(dst []byte, k string, x any, ptr string, depth int) []byte {
	switch {
	case slices.Contains(schemaMapKeys, k):
		if m, ok := x.(map[string]any); ok {
			dst = append(dst, '{')
			for i, name := range sh.keys.sorted(m) {
				if len(dst) > sh.room {
					return dst
				}
				if i > 0 {
					dst = append(dst, ',')
				}
				dst = sh.append(append(jsonstr.AppendMarshal(dst, name), ':'), m[name], ptr+"/"+k+"/"+escapeToken(name), depth+1)
			}
			return append(dst, '}')
		}
	case slices.Contains(schemaKeys, k):
		return sh.append(dst, x, ptr+"/"+k, depth+1)
	case slices.Contains(schemaListKeys, k):
		if list, ok := x.([]any); ok {
			return sh.appendList(dst, list, func(dst []byte, i int, sub any) []byte {
				return sh.append(dst, sub, ptr+"/"+k+"/"+strconv.Itoa(i), depth+1)
			})
		}
	}
	return sh.appendValue(dst, x)
}

// appendList appends list, each element as elem writes it, only as far
// as passes the room left (the text is then not shown).
func (sh *shaper) appendList(dst []byte, list []any, elem func(dst []byte, i int, x any) []byte) []byte {
	dst = append(dst, '[')
	for i, x := range list {
		if len(dst) > sh.room {
			return dst
		}
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = elem(dst, i, x)
	}
	return append(dst, ']')
}

// appendValue appends jsonstr.Marshal's text of v; of a list, only as
// much as passes the room left (the text is then not shown).
func (sh *shaper) appendValue(dst []byte, v any) []byte {
	if s, ok := v.(string); ok {
		return jsonstr.AppendMarshal(dst, s)
	}
	if list, ok := v.([]any); ok && list != nil {
		return sh.appendList(dst, list, func(dst []byte, _ int, x any) []byte { return sh.appendValue(dst, x) })
	}
	b, err := jsonstr.Marshal(v)
	if err != nil {
		sh.err = err
	}
	return append(dst, b...)
}

// brief is a schema in its smallest form: its type and format, its
// enum cut, whether it is required or deprecated, and, when it has
// subschemas, the pointer that shows them.
func (sh *shaper) brief(v any, ptr string) schemaObject {
	s, _ := v.(map[string]any)
	out := schemaObject{}
	for _, k := range []string{"type", "format", "deprecated", "nullable"} {
		if x, ok := s[k]; ok {
			if str, ok := x.(string); ok {
				x = cutText(str, 64)
			}
			out[k] = smallValue(x)
		}
	}
	if d, ok := s["description"].(string); ok && sh.v.desc > 0 {
		out["description"] = cutText(textcut.Brief(d), sh.v.desc)
	}
	if list, ok := s["enum"].([]any); ok {
		out["enum"] = capEnum(list, sh.v.enum)
	}
	if hasSubschemas(s) {
		out["schema"] = ptr
	}
	return out
}

// hasSubschemas reports a schema with subschemas.
func hasSubschemas(s map[string]any) bool {
	for k := range s {
		if slices.Contains(schemaMapKeys, k) || slices.Contains(schemaKeys, k) || slices.Contains(schemaListKeys, k) {
			if k == "additionalProperties" {
				if _, ok := s[k].(map[string]any); !ok {
					continue
				}
			}
			return true
		}
	}
	return false
}

// cutText is s cut to n bytes of JSON text (escapes counted: a control
// character takes six) with a note of how much was cut.
func cutText(s string, n int) string {
	shown, cut := jsonstr.Prefix(s, n)
	if !cut {
		return s
	}
	return shown + "… [" + textcut.Count(len(s)-len(shown)) + " bytes cut]"
}

// cutFieldName is a field's name as a key of a page: cut to n bytes as
// cutText cuts, with, when cut, a hash of the whole name, so that names
// cut to the same text are still keys of their own.
func cutFieldName(s string, n int) string {
	c := cutText(s, n)
	if c == s {
		return s
	}
	h := fnv.New32a()
	h.Write([]byte(s))
	return fmt.Sprintf("%s %08x", c, h.Sum32())
}

// capEnum is list cut to n values (each value small), with a last one
// saying how many more there are.
func capEnum(list []any, n int) []any {
	if len(list) == 0 {
		return nil
	}
	out := make([]any, 0, min(len(list), n+1))
	for i, x := range list {
		if i == n {
			out = append(out, fmt.Sprintf("… and %s more values", textcut.Count(len(list)-n)))
			break
		}
		out = append(out, smallValue(x))
	}
	return out
}

// smallValue is v within bigValue bytes.
func smallValue(v any) any { return valueWithin(v, bigValue) }

// valueWithin is v, or a note in its place when its JSON text is over n
// bytes (a string is cut). A value that is over n bytes without escapes
// and with one-digit numbers (jsonAtLeast) is not written to be measured:
// the note says it is over n, so that what a view costs follows n, not
// the value.
func valueWithin(v any, n int) any {
	if v == nil {
		return nil
	}
	if s, ok := v.(string); ok {
		return cutText(s, n)
	}
	if least, ok := jsonAtLeast(v, n); ok && least > n {
		return fmt.Sprintf("(a value of over %s bytes, not shown)", textcut.Count(n))
	}
	b, err := jsonstr.Marshal(v)
	if err != nil || len(b) > n {
		return fmt.Sprintf("(a value of %s bytes, not shown)", textcut.Count(len(b)))
	}
	return v
}

// jsonAtLeast is a lower bound of the size of v's JSON text, counted
// until it passes n: strings without escapes, a json.Number as its text
// (which is written as it is), a float64 of one digit. ok
// is false for a value of another type than JSON's as the Catalog holds
// them.
func jsonAtLeast(v any, n int) (size int, ok bool) {
	switch x := v.(type) {
	case nil, bool:
		return 4, true
	case string:
		return len(x) + 2, true
	case json.Number:
		return max(len(x), 1), true
	case float64:
		return 1, true
	case map[string]any:
		return sumAtLeast(2+max(len(x)-1, 0), n, func(yield func(int, any) bool) {
			for k, e := range x {
				if !yield(len(k)+3, e) { // "k":
					return
				}
			}
		})
	case []any:
		return sumAtLeast(2+max(len(x)-1, 0), n, func(yield func(int, any) bool) {
			for _, e := range x {
				if !yield(0, e) {
					return
				}
			}
		})
	}
	return 0, false
}

// sumAtLeast adds to size, the bytes of a map's or a list's brackets and
// commas, jsonAtLeast of each member's value and the bytes around it,
// until it passes n.
func sumAtLeast(size, n int, members iter.Seq2[int, any]) (int, bool) {
	for around, e := range members {
		if size > n {
			return size, true
		}
		m, ok := jsonAtLeast(e, n-size)
		if !ok {
			return 0, false
		}
		size += around + m
	}
	return size, true
}
