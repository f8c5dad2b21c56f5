package hostapi

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"maps"
	"net/http"
	"net/url"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi2"
	"github.com/getkin/kin-openapi/openapi2conv"
	"github.com/getkin/kin-openapi/openapi3"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/jsontok"
)

// docLoader loads one document into a Catalog.
type docLoader struct {
	opts  LoadOptions
	file  string // names the document in diagnostics
	d     *rawDoc
	diags toolkit.Diagnostics
	// copySchemas writes each endpoint's schemas out in full, as before
	// they were shared (tests compare the two).
	copySchemas bool
	// decodeEach decodes every parameter where it is written, as before
	// repeated ones were decoded once, and looks for refs in every text
	// it writes (see rawDoc.noRewrites; tests compare the two).
	decodeEach bool
	// resolveAll leaves every $ref to kin-openapi, as before
	// linkSchemaRefs (tests compare the two).
	resolveAll bool
	// plainJSON decodes kin-openapi's values with encoding/json (see
	// kinDecoder; tests compare the two).
	plainJSON bool
	// kinSchemas keeps schemas as kin-openapi's values until they are
	// converted, as before compactValue (tests compare the two).
	kinSchemas bool
}

func (l *docLoader) add(sev toolkit.Severity, offset int, pointer, msg string) {
	d := toolkit.Diagnostic{Severity: sev, File: l.file, Field: pointer, Msg: msg}
	if l.d != nil {
		d.Line, d.Col = l.d.position(offset, pointer)
	}
	l.diags = append(l.diags, d)
}

// skip reports an operation left out: a warning, or an error when strict.
func (l *docLoader) skip(id opID, format string, args ...any) {
	p := &l.d.paths[id.path]
	l.add(l.leftOut(), p.ops[id.op].keyPos, opPointer(p.key, p.ops[id.op].method), "operation left out: "+fmt.Sprintf(format, args...))
}

// leftOut is the severity of something left out of the catalog.
func (l *docLoader) leftOut() toolkit.Severity {
	if l.opts.Strict {
		return toolkit.SeverityError
	}
	return toolkit.SeverityWarning
}

func opPointer(path, method string) string {
	return "/paths/" + escapeToken(path) + "/" + method
}

func (l *docLoader) load(data []byte) *Catalog {
	d, derr := readDocument(data)
	if derr != nil {
		l.d = d
		if d == nil {
			l.d = &rawDoc{text: data}
		}
		l.add(toolkit.SeverityError, derr.offset, derr.pointer, derr.msg)
		if derr.line > 0 {
			last := &l.diags[len(l.diags)-1]
			last.Line, last.Col = derr.line, derr.col
		}
		return nil
	}
	l.d = d
	d.kin = kinDecoder{plainJSON: l.plainJSON}
	if len(d.text) >= poolDocs {
		d.kin.readers = &sync.Pool{}
	}
	root := l.rootBase()
	if l.diags.HasErrors() {
		return nil
	}

	// Operations whose $refs all land, and the components they reach:
	// the document's graph of refs is read once for all of them.
	g := d.newRefGraph()
	opRefs := map[opID][]string{}
	for pi := range d.paths {
		p := &d.paths[pi]
		for oi := range p.ops {
			refs := d.opRefs(p, &p.ops[oi])
			opRefs[opID{pi, oi}] = refs
			g.add(refs)
		}
	}
	g.taint()
	// (A load that decodes each parameter in place looks for refs in
	// every text, as tests compare.)
	// The root members a trimmed document keeps are written too, and
	// their refs are not in the graph (Swagger 2.0's consumes may be one).
	var rootRefs []string
	for _, m := range d.root {
		if rootKeys[m.key] {
			rootRefs = d.refs(m.val, rootRefs)
		}
	}
	d.noRewrites = !l.decodeEach && !slices.ContainsFunc(rootRefs, d.rewritten) && !g.anyRef(d.rewritten)
	ops := map[opID]bool{}
	for pi := range d.paths {
		for oi := range d.paths[pi].ops {
			id := opID{pi, oi}
			if !g.ok(opRefs[id]) {
				// The first ref that cannot be followed, as the
				// operation's own refs are read.
				bad, why := d.closure(opRefs[id], map[string]bool{})
				l.skip(id, "$ref %q: %s", bad, why)
				continue
			}
			ops[id] = true
		}
	}
	// reach is the components a set of operations reaches.
	reach := func(set map[opID]bool) map[string]bool {
		out, seen := map[string]bool{}, map[string]bool{}
		for id := range set {
			g.reach(opRefs[id], out, seen)
		}
		return out
	}
	// closureOf is one operation's components, asked only when a
	// component cannot be decoded.
	closureOf := func(id opID) []string {
		set := map[string]bool{}
		g.reach(opRefs[id], set, map[string]bool{})
		return slices.Sorted(maps.Keys(set))
	}
	var doc *openapi3.T
	var err error
	schemas := newCompactor()
	if !d.swagger {
		var errs map[opID]string
		doc, errs = d.decode3(ops, reach(ops), closureOf, !l.decodeEach, schemas, !l.kinSchemas)
		for _, id := range slices.SortedFunc(maps.Keys(errs), compareOpID) {
			l.skip(id, "%s", errs[id])
			delete(ops, id)
		}
		if !l.resolveAll {
			schemas.loopEnd = linkSchemaRefs(doc)
		}
		// A fault is looked for below as kin-openapi finds it, every
		// ref resolved by it.
		err = resolve(doc)
	} else {
		doc, err = d.parse(d.trimmed(ops, reach(ops)))
	}
	if err != nil {
		schemas = newCompactor()
		// Find the operations at fault, one by one.
		if _, err := d.parse(d.trimmed(nil, nil)); err != nil {
			l.add(toolkit.SeverityError, 0, "", kinMessage(err))
			return nil
		}
		// By halves: a few faulty operations cost a few parses each.
		var bisect func(ids []opID)
		bisect = func(ids []opID) {
			set := map[opID]bool{}
			for _, id := range ids {
				set[id] = true
			}
			_, err := d.parse(d.trimmed(set, reach(set)))
			switch {
			case err == nil:
			case len(ids) == 1:
				l.skip(ids[0], "%s", kinMessage(err))
				delete(ops, ids[0])
			default:
				bisect(ids[:len(ids)/2])
				bisect(ids[len(ids)/2:])
			}
		}
		bisect(slices.SortedFunc(maps.Keys(ops), compareOpID))
		if doc, err = d.parse(d.trimmed(ops, reach(ops))); err != nil {
			l.add(toolkit.SeverityError, 0, "", kinMessage(err))
			return nil
		}
	}

	c := NewCatalog()
	c.endpoints, c.byID = make([]Endpoint, 0, len(ops)), make(map[string]int, len(ops))
	l.tags(c)
	schemes, rootSecurity := l.securitySchemes()
	for name, s := range schemes {
		c.SetSecurityScheme(name, s)
	}
	schemas.keyOf, schemas.doc = d.component, doc
	schemas.link()
	shared := newConvCache(schemas, l.copySchemas)
	var memo *cloneMemo
	if !l.copySchemas {
		memo = newCloneMemo()
	}
	byKey := make(map[string]int, len(d.paths))
	for pi, p := range d.paths {
		byKey[p.key] = pi
	}
	for _, path := range doc.Paths.Keys() {
		item := doc.Paths.Value(path)
		pi, ok := byKey[path]
		if item == nil || !ok {
			continue
		}
		for _, method := range methodOrder(item) {
			oi := -1
			for i, op := range d.paths[pi].ops {
				if strings.EqualFold(op.method, method) {
					oi = i
				}
			}
			if oi < 0 {
				continue
			}
			id := opID{pi, oi}
			op := operationOf(item, method)
			e, notes := convertOperation(path, method, item, op, shared)
			var note string
			if e.BasePath, note = l.opBase(root, item, op); note != "" {
				p := &d.paths[pi]
				l.add(toolkit.SeverityWarning, p.ops[oi].keyPos, opPointer(p.key, p.ops[oi].method)+"/servers", note)
			}
			addAccept(&e, d.mediaTypes(&d.paths[pi].ops[oi]))
			e.Security = d.opSecurity(&d.paths[pi].ops[oi], rootSecurity)
			if d.swagger {
				csvByDefault(&e)
			}
			for _, n := range notes {
				p := &d.paths[pi]
				l.add(l.leftOut(), p.ops[oi].keyPos, opPointer(p.key, p.ops[oi].method), n)
			}
			for _, n := range d.formatNotes[path+" "+method] {
				p := &d.paths[pi]
				l.add(toolkit.SeverityWarning, p.ops[oi].keyPos, opPointer(p.key, p.ops[oi].method), n)
			}
			for _, prm := range e.Params {
				if why := cmp.Or(undefinedItems(prm, d.swagger), undefinedStyle(prm)); why != "" {
					p := &d.paths[pi]
					l.add(toolkit.SeverityWarning, p.ops[oi].keyPos, opPointer(p.key, p.ops[oi].method), why)
				}
			}
			if _, dup := c.Endpoint(e.ID); dup && e.ID != "" {
				// Two operations share an operationId: the later one is
				// named by its method and path.
				p := &d.paths[pi]
				l.add(toolkit.SeverityWarning, p.ops[oi].keyPos, opPointer(p.key, p.ops[oi].method),
					fmt.Sprintf("operationId %q is used twice: this operation is %q", e.ID, method+" "+path))
				e.ID = method + " " + path
			}
			var err error
			if l.copySchemas {
				err = c.Add(e)
			} else {
				err = c.add(e, memo)
			}
			if err != nil {
				l.skip(id, "%s", strings.TrimPrefix(err.Error(), ErrInvalidEndpoint.Error()+": "))
			}
		}
	}
	return c
}

// tags declares the document's tags as groups, in their order.
func (l *docLoader) tags(c *Catalog) {
	for _, m := range l.d.root {
		if m.key != "tags" {
			continue
		}
		var tags []json.RawMessage
		if err := json.Unmarshal(l.d.value(m.val), &tags); err != nil {
			l.add(toolkit.SeverityWarning, m.keyPos, "/tags", "tags must be a list: groups have no descriptions")
			return
		}
		for i, raw := range tags {
			var t struct {
				Name        string `json:"name"`
				Description string `json:"description"`
			}
			if err := json.Unmarshal(raw, &t); err != nil || t.Name == "" {
				l.add(toolkit.SeverityWarning, m.keyPos, fmt.Sprintf("/tags/%d", i), "a tag needs a name: tag ignored")
				continue
			}
			c.AddGroup(Group{Name: t.Name, Description: t.Description})
		}
	}
}

func compareOpID(a, b opID) int {
	return cmp.Or(cmp.Compare(a.path, b.path), cmp.Compare(a.op, b.op))
}

func resolve(doc *openapi3.T) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("kin-openapi: %v", r)
		}
	}()
	restore := takeRefDescriptions(doc)
	loader := openapi3.NewLoader()
	loader.IsExternalRefsAllowed = false
	if err := loader.ResolveRefsIn(doc, nil); err != nil {
		return err
	}
	restore()
	return nil
}

// takeRefDescriptions takes off the descriptions written next to the
// $refs of parameters and request bodies, which from OpenAPI 3.1 replace
// their target's where they are written, there only: kin-openapi writes
// one into the target, which every reference to it shares, so that each
// read the description of the last reference resolved. restore, once the
// refs are resolved, gives each reference with a description (its own, or
// a component's it goes through) a copy of its target with it.
func takeRefDescriptions(doc *openapi3.T) (restore func()) {
	params := map[*openapi3.ParameterRef]*string{}
	bodies := map[*openapi3.RequestBodyRef]*string{}
	addParams := func(list ...*openapi3.ParameterRef) {
		for _, r := range list {
			if _, seen := params[r]; r != nil && r.Ref != "" && !seen {
				params[r], r.Description = r.Description, nil
			}
		}
	}
	addBody := func(r *openapi3.RequestBodyRef) {
		if _, seen := bodies[r]; r != nil && r.Ref != "" && !seen {
			bodies[r], r.Description = r.Description, nil
		}
	}
	if doc.Components != nil {
		for _, r := range doc.Components.Parameters {
			addParams(r)
		}
		for _, r := range doc.Components.RequestBodies {
			addBody(r)
		}
	}
	for _, item := range doc.Paths.Map() {
		if item == nil {
			continue
		}
		addParams(item.Parameters...)
		for op := range operationsOf(item) {
			addParams(op.Parameters...)
			addBody(op.RequestBody)
		}
	}
	return func() {
		if !doc.IsOpenAPI31OrLater() {
			return
		}
		var comps openapi3.Components
		if doc.Components != nil {
			comps = *doc.Components
		}
		for r := range params {
			if desc := refDescription(r.Ref, params[r], func(name string) (string, *string) {
				c := comps.Parameters[name]
				if c == nil {
					return "", nil
				}
				return c.Ref, params[c]
			}); desc != nil && r.Value != nil {
				v := *r.Value
				v.Description = *desc
				r.Value = &v
			}
		}
		for r := range bodies {
			if desc := refDescription(r.Ref, bodies[r], func(name string) (string, *string) {
				c := comps.RequestBodies[name]
				if c == nil {
					return "", nil
				}
				return c.Ref, bodies[c]
			}); desc != nil && r.Value != nil {
				v := *r.Value
				v.Description = *desc
				r.Value = &v
			}
		}
	}
}

// refDescription is the description a reference gives its target: its
// own, else that of the component it names when that is a reference,
// and so on; comp returns a component's ref and description by name.
func refDescription(ref string, desc *string, comp func(name string) (string, *string)) *string {
	for range maxInlineDepth {
		if desc != nil || ref == "" {
			return desc
		}
		frag, ok := strings.CutPrefix(ref, "#/components/")
		if !ok {
			return nil
		}
		if u, err := url.PathUnescape(frag); err == nil {
			frag = u
		}
		_, name, ok := strings.Cut(frag, "/")
		if !ok || strings.Contains(name, "/") {
			return nil
		}
		ref, desc = comp(unescapeToken(name))
	}
	return nil
}

// decode3 decodes the chosen operations of an OpenAPI 3 document, and the
// components comps they reach, into kin-openapi's types, on every CPU. It returns
// the operations that could not be decoded, and why. With share, a
// parameter written the same in many places is decoded once and shared
// (see decodeItemShared).
//
// With compact, the schemas of components, parameters and request bodies
// are made compact as they are decoded (see compactValue), the compact
// component schemas noted in schemas.byKey.
func (d *rawDoc) decode3(ops map[opID]bool, comps map[string]bool, closureOf func(opID) []string, share bool, schemas *compactor, compact bool) (*openapi3.T, map[opID]string) {
	doc := &openapi3.T{OpenAPI: d.version, Info: &openapi3.Info{}, Paths: openapi3.NewPaths(), Components: &openapi3.Components{}}
	byPath := map[int][]int{}
	for id := range ops {
		byPath[id.path] = append(byPath[id.path], id.op)
	}
	pathIdx := slices.Sorted(maps.Keys(byPath))
	items := make([]*openapi3.PathItem, len(pathIdx))
	itemErr := make([]error, len(pathIdx))
	compNames := slices.Sorted(maps.Keys(comps))
	compVals := make([]any, len(compNames))
	compErr := make([]error, len(compNames))
	// From OpenAPI 3.1, a ref's siblings change its value: kin-openapi
	// resolves those documents' schemas whole.
	compact = compact && !doc.IsOpenAPI31OrLater()
	recs := make([]*compactRec, len(compNames))
	tops := make([]*cSchema, len(compNames)) // the compact component schemas

	cache := d.newDecodeCache()
	if compact {
		cache.schemas = schemas
	}
	jobs := make(chan func(), 64)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for job := range jobs {
				job()
			}
		})
	}
	for i, c := range compNames {
		jobs <- func() {
			text := d.componentText(c)
			if cache.reads() && strings.HasPrefix(c, "/components/schemas/") {
				rec := &compactRec{}
				if tops[i] = schemas.readSchema(text, rec); tops[i] != nil {
					compVals[i], recs[i] = schemas.stub, rec
					schemas.record(rec)
					return
				}
			}
			compVals[i], compErr[i] = d.decodeComponentText(c, text)
			if !compact || compErr[i] != nil {
				return
			}
			if sr, ok := compVals[i].(*openapi3.SchemaRef); ok {
				rec := &compactRec{}
				if tops[i] = schemas.compactTree(sr, rec); tops[i] != nil {
					compVals[i], recs[i] = schemas.stub, rec
					schemas.record(rec)
				}
				return
			}
			compVals[i], recs[i] = schemas.compactValue(compVals[i])
		}
	}
	for i, pi := range pathIdx {
		jobs <- func() {
			if share {
				var err error
				if items[i], err = d.decodeItemShared(pi, byPath[pi], cache); err == nil {
					return
				}
			}
			// Decoded whole, as the diagnostics of a fault are worded.
			if items[i], itemErr[i] = d.decodeItem(pi, byPath[pi]); itemErr[i] == nil && compact {
				schemas.compactValue(items[i])
			}
		}
	}
	close(jobs)
	wg.Wait()

	errs := map[opID]string{}
	bad := map[string]error{}
	// A component made compact that names a schema that is not one
	// (that could not be decoded, or is no component) is decoded again
	// and kept whole: kin-openapi's resolver finds the fault. (An
	// operation that names one is left out below.)
	decoded := map[string]bool{}
	for i, c := range compNames {
		if name, ok := strings.CutPrefix(c, "/components/schemas/"); ok && compErr[i] == nil {
			decoded[unescapeToken(name)] = true
		}
	}
	schemas.byKey = map[string]*cSchema{}
	for i, c := range compNames {
		if recs[i] == nil {
			continue
		}
		if slices.ContainsFunc(recs[i].names, func(n string) bool { return !decoded[n] }) {
			compVals[i], compErr[i] = d.decodeComponent(c)
			continue
		}
		if tops[i] != nil {
			schemas.byKey[c] = tops[i]
		}
	}
	for i, c := range compNames {
		if compErr[i] != nil {
			bad[c] = compErr[i]
			continue
		}
		setComponent(doc.Components, c, compVals[i])
	}
	for i, pi := range pathIdx {
		item := items[i]
		if itemErr[i] != nil {
			// Which of its operations is at fault?
			item = nil
			for _, oi := range byPath[pi] {
				one, err := d.decodeItem(pi, []int{oi})
				if err != nil {
					errs[opID{pi, oi}] = kinMessage(err)
					continue
				}
				if item == nil {
					item = one
					continue
				}
				m := strings.ToUpper(d.paths[pi].ops[oi].method)
				item.SetOperation(m, one.GetOperation(m))
			}
			if item == nil {
				continue
			}
		}
		for _, oi := range byPath[pi] {
			id := opID{pi, oi}
			if len(bad) == 0 {
				break
			}
			for _, c := range closureOf(id) {
				if err, ok := bad[c]; ok && errs[id] == "" {
					errs[id] = fmt.Sprintf("%s: %s", c, kinMessage(err))
					item.SetOperation(strings.ToUpper(d.paths[pi].ops[oi].method), nil)
				}
			}
		}
		doc.Paths.Set(d.paths[pi].key, item)
	}
	return doc, errs
}

// decodeItem decodes a path item with the chosen operations.
func (d *rawDoc) decodeItem(pi int, ops []int) (item *openapi3.PathItem, err error) {
	defer func() {
		if r := recover(); r != nil {
			item, err = nil, fmt.Errorf("kin-openapi: %v", r)
		}
	}()
	var b bytes.Buffer
	d.writePathItem(&b, &d.paths[pi], ops)
	item = &openapi3.PathItem{}
	if err := d.kin.decode(b.Bytes(), item); err != nil {
		return nil, err
	}
	return item, nil
}

// errUnshared: a path item is not of the shape decodeItemShared reads.
var errUnshared = errors.New("path item decoded whole")

// decodeItemShared decodes a path item as decodeItem does, to the same
// values, but each parameter of the item and of its operations, and each
// operation's request body, is decoded once for the whole document and
// shared by every place that writes it the same: kin-openapi decodes each
// object twice (into its struct, and into a map for its extensions, at
// every level), and documents such as Microsoft Graph's repeat the same
// inline parameters thousands of times. Any error (a fault, or a shape
// read otherwise: a parameter that is not an object, a key that differs
// from a field's only by case) leaves the item to decodeItem, which words
// the diagnostics.
func (d *rawDoc) decodeItemShared(pi int, ops []int, cache *decodeCache) (item *openapi3.PathItem, err error) {
	defer func() {
		if r := recover(); r != nil {
			item, err = nil, fmt.Errorf("kin-openapi: %v", r)
		}
	}()
	p := &d.paths[pi]
	var b bytes.Buffer
	apart, err := d.writeApart(&b, p.shared, true)
	if err != nil {
		return nil, err
	}
	if item = cache.readPathItem(b.Bytes()); item == nil {
		item = &openapi3.PathItem{}
		if err := d.kin.decode(b.Bytes(), item); err != nil {
			return nil, err
		}
	}
	if item.Parameters, err = d.decodeParams(apart[0], cache); err != nil {
		return nil, err
	}
	for _, oi := range ops {
		op := &p.ops[oi]
		if len(op.kept) == 1 && op.kept[0].key == "" {
			return nil, errUnshared
		}
		b.Reset()
		apart, err := d.writeApart(&b, op.kept, false)
		if err != nil {
			return nil, err
		}
		o := cache.readOperation(b.Bytes())
		if o == nil {
			o = &openapi3.Operation{}
			if err := d.kin.decode(b.Bytes(), o); err != nil {
				return nil, err
			}
		}
		if o.Parameters, err = d.decodeParams(apart[0], cache); err != nil {
			return nil, err
		}
		if body := apart[1]; body != (span{}) && !d.isNull(body) {
			v, err := d.decodeShared(body, cache, 'b')
			if err != nil {
				return nil, err
			}
			o.RequestBody = v.(*openapi3.RequestBodyRef)
		}
		item.SetOperation(strings.ToUpper(op.method), o)
	}
	return item, nil
}

// writeApart writes an object of members but its "parameters" and
// "requestBody", whose values it returns (empty spans when there are
// none); inItem: the members are a path item's, whose operations are
// written apart, and whose extensions (x-…) are left out.
func (d *rawDoc) writeApart(b *bytes.Buffer, members []member, inItem bool) (apart [2]span, err error) {
	b.WriteByte('{')
	n := 0
	for _, m := range members {
		switch m.key {
		case "parameters":
			apart[0] = m.val
			continue
		case "requestBody":
			if !inItem {
				apart[1] = m.val
				continue
			}
		}
		// encoding/json matches field names regardless of case: such a
		// key would be decoded along with, or instead of, what is taken
		// out.
		if strings.EqualFold(m.key, "parameters") || strings.EqualFold(m.key, "requestBody") || (inItem && httpMethods[strings.ToLower(m.key)]) {
			return apart, errUnshared
		}
		if inItem && strings.HasPrefix(m.key, "x-") && d.plainValue(m.val) {
			// A path item's extensions are read by no one (Graph writes
			// 11 MB of x-ms-docs-grouped-path), and such a value
			// decodes into them without fault.
			continue
		}
		if n++; n > 1 {
			b.WriteByte(',')
		}
		d.writeMember(b, m.key, m.val)
	}
	b.WriteByte('}')
	return apart, nil
}

// decodeParams decodes a list of parameters, each through the cache. The
// list is written as decodeItem writes it, and each parameter decoded from
// its text there: a ref that is written otherwise rewrites the whole list
// (its objects with their repeated keys once, as the index reads them),
// and the refs written out in place share one bound for the list.
func (d *rawDoc) decodeParams(sp span, cache *decodeCache) (openapi3.Parameters, error) {
	if sp == (span{}) || d.isNull(sp) {
		return nil, nil
	}
	text := d.value(sp)
	if d.rewrites(sp) {
		var b bytes.Buffer
		d.rewrite(&b, sp, nil, 8*len(d.text)+1<<20) // as writeValue
		text = b.Bytes()
	}
	i := jsontok.SkipSpace(text, 0)
	if i >= len(text) || text[i] != '[' {
		// Not a list: decoded in place, for its diagnostic.
		return nil, errUnshared
	}
	out := openapi3.Parameters{}
	var key []byte
	for i = jsontok.SkipSpace(text, i+1); i < len(text) && text[i] != ']'; {
		end := jsontok.ValueEnd(text, i)
		if end <= i {
			return nil, errUnshared
		}
		el := text[i:end]
		switch {
		case bytes.Equal(el, []byte("null")):
			out = append(out, nil) // as encoding/json has it
		case el[0] != '{':
			// Not an object: decoded in place, for its diagnostic.
			return nil, errUnshared
		default:
			key = append(append(key[:0], 'p'), el...)
			v, err := cache.decode(key)
			if err != nil {
				return nil, err
			}
			out = append(out, v.(*openapi3.ParameterRef))
		}
		if i = jsontok.SkipSpace(text, end); i < len(text) && text[i] == ',' {
			i = jsontok.SkipSpace(text, i+1)
		}
	}
	return out, nil
}

// decodeShared decodes the object at sp through the cache: a request
// body (kind 'b').
func (d *rawDoc) decodeShared(sp span, cache *decodeCache, kind byte) (any, error) {
	if j := jsontok.SkipSpace(d.text, sp.start); j >= sp.end || d.text[j] != '{' {
		// Not an object: decoded in place, for its diagnostic.
		return nil, errUnshared
	}
	var b bytes.Buffer
	b.Grow(1 + sp.end - sp.start)
	b.WriteByte(kind)
	d.writeValue(&b, sp)
	return cache.decode(b.Bytes())
}

// plainValue: the value at sp holds no number (which may not fit a
// float64) and nests at most 64 deep (encoding/json refuses 10,000), so
// that it decodes into any without fault.
func (d *rawDoc) plainValue(sp span) bool {
	depth, inStr := 0, false
	for i := sp.start; i < sp.end; i++ {
		c := d.text[i]
		if inStr {
			switch c {
			case '\\':
				i++
			case '"':
				inStr = false
			}
			continue
		}
		switch {
		case c == '"':
			inStr = true
		case c == '[' || c == '{':
			if depth++; depth > 64 {
				return false
			}
		case c == ']' || c == '}':
			depth--
		case c == '-' || '0' <= c && c <= '9':
			return false
		}
	}
	return true
}

func (d *rawDoc) isNull(sp span) bool {
	return bytes.Equal(bytes.TrimSpace(d.value(sp)), []byte("null"))
}

// decodeCache holds the parameters and request bodies of a document
// decoded, by their kind and text as written for kin-openapi; safe for
// concurrent use.
type decodeCache struct {
	mu   sync.Mutex
	done map[string]*decoding
	kin  *kinDecoder
	// schemas, when set, makes each value's schemas compact as it is
	// decoded (see compactValue).
	schemas *compactor
}

// newDecodeCache returns an empty cache decoding as d does.
func (d *rawDoc) newDecodeCache() *decodeCache {
	return &decodeCache{done: map[string]*decoding{}, kin: &d.kin}
}

type decoding struct {
	once sync.Once
	v    any
	err  error
}

// reads: the cache reads texts itself where it can (see readParamRef),
// and makes schemas compact.
func (c *decodeCache) reads() bool { return c.schemas != nil && !c.kin.plainJSON }

// readPathItem reads a path item's text (see compactor.readPathItem);
// nil when the cache does not read it.
func (c *decodeCache) readPathItem(text []byte) *openapi3.PathItem {
	if !c.reads() {
		return nil
	}
	return c.schemas.readPathItem(text)
}

// readOperation reads an operation's text (see
// compactor.readOperation); nil when the cache does not read it.
func (c *decodeCache) readOperation(text []byte) *openapi3.Operation {
	if !c.reads() {
		return nil
	}
	return c.schemas.readOperation(text)
}

// decode returns the decoding of key (a kind byte, then the text),
// decoding it the first time it is asked.
func (c *decodeCache) decode(key []byte) (any, error) {
	c.mu.Lock()
	p := c.done[string(key)]
	if p == nil {
		p = &decoding{}
		c.done[string(key)] = p
	}
	c.mu.Unlock()
	p.once.Do(func() {
		defer func() {
			if r := recover(); r != nil {
				p.v, p.err = nil, fmt.Errorf("kin-openapi: %v", r)
			}
		}()
		if c.reads() {
			rec := &compactRec{}
			var v any
			if key[0] == 'b' {
				if b := c.schemas.readBodyRef(key[1:], rec); b != nil {
					v = b
				}
			} else if p := c.schemas.readParamRef(key[1:], rec); p != nil {
				v = p
			}
			if v != nil {
				c.schemas.record(rec)
				p.v = v
				return
			}
		}
		var v any = &openapi3.ParameterRef{}
		if key[0] == 'b' {
			v = &openapi3.RequestBodyRef{}
		}
		if p.err = c.kin.decode(key[1:], v); p.err == nil {
			p.v = v
			if c.schemas != nil {
				c.schemas.compactValue(v)
			}
		}
	})
	return p.v, p.err
}

// decodeComponent decodes one component, named by its pointer.
func (d *rawDoc) decodeComponent(c string) (any, error) {
	return d.decodeComponentText(c, d.componentText(c))
}

// componentText is a component's text as kin-openapi is given it.
func (d *rawDoc) componentText(c string) []byte {
	var b bytes.Buffer
	b.Grow(d.comps[c].end - d.comps[c].start)
	d.writeValue(&b, d.comps[c])
	return b.Bytes()
}

// decodeComponentText decodes text, the component c's.
func (d *rawDoc) decodeComponentText(c string, text []byte) (v any, err error) {
	defer func() {
		if r := recover(); r != nil {
			v, err = nil, fmt.Errorf("kin-openapi: %v", r)
		}
	}()
	kind := strings.Split(c, "/")[2]
	switch kind {
	case "schemas":
		v = &openapi3.SchemaRef{}
	case "parameters":
		v = &openapi3.ParameterRef{}
	case "headers":
		v = &openapi3.HeaderRef{}
	case "requestBodies":
		v = &openapi3.RequestBodyRef{}
	case "responses":
		v = &openapi3.ResponseRef{}
	case "securitySchemes":
		v = &openapi3.SecuritySchemeRef{}
	case "examples":
		v = &openapi3.ExampleRef{}
	case "links":
		v = &openapi3.LinkRef{}
	case "callbacks":
		v = &openapi3.CallbackRef{}
	default:
		return nil, fmt.Errorf("unknown component kind %q", kind)
	}
	return v, d.kin.decode(text, v)
}

func setComponent(cs *openapi3.Components, c string, v any) {
	name := unescapeToken(c[strings.LastIndexByte(c, '/')+1:])
	switch v := v.(type) {
	case *openapi3.SchemaRef:
		if cs.Schemas == nil {
			cs.Schemas = openapi3.Schemas{}
		}
		cs.Schemas[name] = v
	case *openapi3.ParameterRef:
		if cs.Parameters == nil {
			cs.Parameters = openapi3.ParametersMap{}
		}
		cs.Parameters[name] = v
	case *openapi3.HeaderRef:
		if cs.Headers == nil {
			cs.Headers = openapi3.Headers{}
		}
		cs.Headers[name] = v
	case *openapi3.RequestBodyRef:
		if cs.RequestBodies == nil {
			cs.RequestBodies = openapi3.RequestBodies{}
		}
		cs.RequestBodies[name] = v
	case *openapi3.ResponseRef:
		if cs.Responses == nil {
			cs.Responses = openapi3.ResponseBodies{}
		}
		cs.Responses[name] = v
	case *openapi3.SecuritySchemeRef:
		if cs.SecuritySchemes == nil {
			cs.SecuritySchemes = openapi3.SecuritySchemes{}
		}
		cs.SecuritySchemes[name] = v
	case *openapi3.ExampleRef:
		if cs.Examples == nil {
			cs.Examples = openapi3.Examples{}
		}
		cs.Examples[name] = v
	case *openapi3.LinkRef:
		if cs.Links == nil {
			cs.Links = openapi3.Links{}
		}
		cs.Links[name] = v
	case *openapi3.CallbackRef:
		if cs.Callbacks == nil {
			cs.Callbacks = openapi3.Callbacks{}
		}
		cs.Callbacks[name] = v
	}
}

// parse decodes a trimmed document and resolves its references.
func (d *rawDoc) parse(text []byte) (doc *openapi3.T, err error) {
	defer func() {
		if r := recover(); r != nil {
			doc, err = nil, fmt.Errorf("kin-openapi: %v", r)
		}
	}()
	loader := openapi3.NewLoader()
	loader.IsExternalRefsAllowed = false
	if d.swagger {
		var doc2 openapi2.T
		if err := json.Unmarshal(text, &doc2); err != nil {
			return nil, err
		}
		d.formatNotes = collectionFormatNotes(&doc2)
		return openapi2conv.ToV3WithLoader(&doc2, loader, nil)
	}
	doc = &openapi3.T{}
	if err := d.kin.decode(text, doc); err != nil {
		return nil, err
	}
	if err := resolve(doc); err != nil {
		return nil, err
	}
	return doc, nil
}

// collectionFormatNotes are the warnings of a Swagger 2.0 document's
// array parameters whose collectionFormat no OpenAPI 3 style writes, by
// path and method ("/x GET"): tsv, and ssv, pipes or multi outside a
// query (OpenAPI 3 reads a style only there for them, so they are sent
// comma-separated, simple's a,b). A form body's (formData) is left to
// the body.
func collectionFormatNotes(doc *openapi2.T) map[string][]string {
	notes := map[string][]string{}
	for path, item := range doc.Paths {
		if item == nil {
			continue
		}
		for method, op := range item.Operations() {
			var params []*openapi2.Parameter
			for _, p := range slices.Concat(item.Parameters, op.Parameters) {
				if p != nil && p.Ref != "" {
					p = doc.Parameters[strings.TrimPrefix(p.Ref, "#/parameters/")]
				}
				if p == nil || p.Type == nil || !p.Type.Is("array") || p.In == "formData" {
					continue
				}
				// An operation's parameter replaces the path's of its name.
				params = slices.DeleteFunc(params, func(q *openapi2.Parameter) bool { return q.In == p.In && q.Name == p.Name })
				params = append(params, p)
			}
			for _, p := range params {
				var why string
				switch f := p.CollectionFormat; {
				case f == "tsv":
					why = "collectionFormat tsv has no OpenAPI 3 style"
				case p.In != "query" && (f == "ssv" || f == "pipes" || f == "multi"):
					why = "collectionFormat " + f + " is read only in a query"
				default:
					continue
				}
				key := path + " " + method
				notes[key] = append(notes[key], fmt.Sprintf("%s parameter %q: %s: its items are sent comma-separated (csv)", p.In, p.Name, why))
			}
		}
	}
	return notes
}

// kinMessage shortens kin-openapi's and encoding/json's wording.
func kinMessage(err error) string {
	s := err.Error()
	s = strings.ReplaceAll(s, "json: cannot unmarshal ", "cannot read ")
	s = strings.ReplaceAll(s, " Go struct field ", " field ")
	s = strings.ReplaceAll(s, " of Go value of type ", " as ")
	s = strings.ReplaceAll(s, " into Go value of type ", " as ")
	return s
}

// operationsOf yields the operations of item that PathItem.Operations
// holds, without the map it makes for each call.
func operationsOf(item *openapi3.PathItem) iter.Seq[*openapi3.Operation] {
	return func(yield func(*openapi3.Operation) bool) {
		fixed := [...]*openapi3.Operation{item.Connect, item.Delete, item.Get, item.Head, item.Options,
			item.Patch, item.Post, item.Put, item.Trace, item.Query}
		for _, op := range fixed {
			if op != nil && !yield(op) {
				return
			}
		}
		for method, op := range item.AdditionalOperations {
			if op == nil {
				continue
			}
			switch method {
			case http.MethodConnect, http.MethodDelete, http.MethodGet, http.MethodHead, http.MethodOptions,
				http.MethodPatch, http.MethodPost, http.MethodPut, http.MethodTrace, openapi3.MethodQuery:
				if item.GetOperation(method) != nil {
					continue // the fixed field's wins
				}
			}
			if !yield(op) {
				return
			}
		}
	}
}
