package hostapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/getkin/kin-openapi/openapi2"
	"github.com/getkin/kin-openapi/openapi2conv"
	"github.com/getkin/kin-openapi/openapi3"

	"github.com/toolkit-sdk/toolkit"
)

// docLoader loads one document into a Catalog.
type docLoader struct {
	opts  LoadOptions
	d     *rawDoc
	diags toolkit.Diagnostics
}

func (l *docLoader) add(sev toolkit.Severity, offset int, pointer, msg string) {
	d := toolkit.Diagnostic{Severity: sev, File: l.opts.File, Field: pointer, Msg: msg}
	if l.d != nil {
		d.Line, d.Col = l.d.position(offset, pointer)
	}
	l.diags = append(l.diags, d)
}

// skip reports an operation left out: a warning, or an error when strict.
func (l *docLoader) skip(id opID, format string, args ...any) {
	sev := toolkit.SeverityWarning
	if l.opts.Strict {
		sev = toolkit.SeverityError
	}
	p := &l.d.paths[id.path]
	l.add(sev, p.ops[id.op].keyPos, opPointer(p.key, p.ops[id.op].method), "operation left out: "+fmt.Sprintf(format, args...))
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
		return nil
	}
	l.d = d

	// Operations whose $refs all land: the components they reach.
	ops := map[opID]bool{}
	comps := map[string]bool{}
	for pi := range d.paths {
		p := &d.paths[pi]
		for oi := range p.ops {
			id := opID{pi, oi}
			set := map[string]bool{}
			if bad, why := d.closure(d.opRefs(p, &p.ops[oi]), set); bad != "" {
				l.skip(id, "$ref %q: %s", bad, why)
				continue
			}
			ops[id] = true
			for c := range set {
				comps[c] = true
			}
		}
	}
	doc, err := d.parse(d.trimmed(ops, comps))
	if err != nil {
		// Find the operations at fault, one by one.
		if _, err := d.parse(d.trimmed(nil, nil)); err != nil {
			l.add(toolkit.SeverityError, 0, "", kinMessage(err))
			return nil
		}
		comps = map[string]bool{}
		for pi := range d.paths {
			for oi := range d.paths[pi].ops {
				id := opID{pi, oi}
				if !ops[id] {
					continue
				}
				set := map[string]bool{}
				d.closure(d.opRefs(&d.paths[pi], &d.paths[pi].ops[oi]), set)
				if _, err := d.parse(d.trimmed(map[opID]bool{id: true}, set)); err != nil {
					l.skip(id, "%s", kinMessage(err))
					delete(ops, id)
					continue
				}
				for c := range set {
					comps[c] = true
				}
			}
		}
		if doc, err = d.parse(d.trimmed(ops, comps)); err != nil {
			l.add(toolkit.SeverityError, 0, "", kinMessage(err))
			return nil
		}
	}

	c := NewCatalog()
	l.tags(c)
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
		kinOps := item.Operations()
		for _, method := range methodOrder(kinOps) {
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
			e := convertOperation(path, method, item, kinOps[method])
			err := c.Add(e)
			if err != nil && errors.Is(err, ErrInvalidEndpoint) && strings.Contains(err.Error(), "duplicate endpoint id") && e.ID == kinOps[method].OperationID {
				// Two operations share an operationId: the later one is
				// named by its method and path.
				first := e.ID
				e.ID = method + " " + path
				if err = c.Add(e); err == nil {
					p := &d.paths[pi]
					l.add(toolkit.SeverityWarning, p.ops[oi].keyPos, opPointer(p.key, p.ops[oi].method),
						fmt.Sprintf("operationId %q is used twice: this operation is %q", first, e.ID))
				}
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
		return openapi2conv.ToV3WithLoader(&doc2, loader, nil)
	}
	doc = &openapi3.T{}
	if err := json.Unmarshal(text, doc); err != nil {
		return nil, err
	}
	if err := loader.ResolveRefsIn(doc, nil); err != nil {
		return nil, err
	}
	return doc, nil
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
