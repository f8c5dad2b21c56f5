package hostapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"go.yaml.in/yaml/v4"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/jsontok"
)

// A document is read in two passes. The first indexes the JSON text
// without decoding it: the members of the root, of each path item and of
// each operation, as byte spans. The second hands kin-openapi a trimmed
// copy holding only what the catalog uses: operations without their
// responses, and the components their requests reach.

// span is the text of one JSON value: doc[start:end].
type span struct{ start, end int }

// member is one key of a JSON object and its value.
type member struct {
	key    string
	keyPos int // offset of the key's opening quote
	val    span
}

// rawDoc is an indexed document. Its text is valid JSON.
type rawDoc struct {
	text []byte
	// yamlRoot, for a YAML input, positions diagnostics.
	yamlRoot *yaml.Node
	root     []member
	version  string
	swagger  bool
	paths    []rawPath
	// pathIndex finds a path item by its key.
	pathIndex map[string]int
	// comps maps a component's pointer ("/components/schemas/Pet", or
	// "/definitions/Pet" in Swagger 2.0) to its value.
	comps map[string]span
	// compRefs memoizes the components a component refers to.
	compRefs map[string][]string
	// hoisted maps a local ref to a place inside a component or a path
	// to the component its target is written as ("" when it is not
	// hoisted; see hoist).
	hoisted map[string]string
	// noRewrites: no ref that the operations reach, directly or through
	// components, is written otherwise than as it is (see rewritten), so
	// their texts are written as they are, without looking for refs.
	noRewrites bool
	// keys, while the document is indexed, holds its short keys (see
	// key).
	keys map[string]string
	// formatNotes are a Swagger 2.0 document's warnings of the
	// collectionFormats no style writes, by path and method (see
	// collectionFormatNotes).
	formatNotes map[string][]string
	// kin decodes kin-openapi's values.
	kin kinDecoder
	// looked indexes, by where they start, the members of the objects
	// a lookup went through, so refs to many places inside one large
	// object (a component's properties) read it once (see lookup).
	looked   map[int]map[string]span
	lookedMu sync.Mutex // lookups run while values are written in parallel
}

type rawPath struct {
	key    string
	keyPos int
	shared []member // path-level members: parameters, summary, $ref...
	ops    []rawOp
}

type rawOp struct {
	method string
	keyPos int
	// kept are the operation's members but responses and callbacks.
	kept []member
	// responses is the operation's responses object, read only for the
	// media types of its content (see mediaTypes).
	responses span
}

// httpMethods are the operation keys of a path item.
var httpMethods = map[string]bool{"get": true, "put": true, "post": true, "delete": true,
	"options": true, "head": true, "patch": true, "trace": true, "query": true}

// maxYAMLExpansion bounds the JSON text a YAML document may expand to
// through aliases, as a multiple of its own size.
const maxYAMLExpansion = 16

// readDocument indexes a JSON or YAML document.
func readDocument(data []byte) (*rawDoc, *docError) {
	d := &rawDoc{text: data}
	i := jsontok.SkipSpace(data, 0)
	isJSON := i < len(data) && data[i] == '{'
	if isJSON && !jsontok.Valid(data) {
		// JSON with a flaw YAML forgives (a tab, a trailing comma) still loads.
		if _, jerr := decodeAny(data); jerr != nil {
			if node, yerr := parseYAML(data); yerr == nil {
				return d.fromYAML(node, len(data))
			}
			var se *json.SyntaxError
			if errors.As(jerr, &se) {
				return nil, &docError{offset: int(se.Offset), msg: "not valid JSON: " + se.Error()}
			}
			return nil, &docError{offset: -1, msg: "not valid JSON: " + jerr.Error()}
		}
	}
	if !isJSON {
		node, err := parseYAML(data)
		var le *yaml.LoadError
		switch {
		case errors.As(err, &le) && le.Mark.Line > 0:
			msg := le.Message
			if le.ContextMsg != "" {
				msg += " (" + le.ContextMsg + ")"
			}
			return nil, &docError{offset: -1, line: le.Mark.Line, col: le.Mark.Column, msg: "not valid JSON or YAML: " + msg}
		case err != nil:
			return nil, &docError{offset: -1, msg: "not valid JSON or YAML: " + strings.TrimPrefix(err.Error(), "yaml: ")}
		}
		return d.fromYAML(node, len(data))
	}
	return d, d.index()
}

func decodeAny(data []byte) (any, error) {
	var v any
	return v, json.Unmarshal(data, &v)
}

func parseYAML(data []byte) (*yaml.Node, error) {
	var node yaml.Node
	if err := yaml.Unmarshal(data, &node); err != nil {
		return nil, err
	}
	return &node, nil
}

func (d *rawDoc) fromYAML(node *yaml.Node, size int) (*rawDoc, *docError) {
	w := yamlJSON{limit: maxYAMLExpansion*size + 1<<20}
	if err := w.write(node, 0); err != nil {
		return nil, &docError{offset: -1, msg: err.Error()}
	}
	d.text, d.yamlRoot = w.buf, node
	return d, d.index()
}

// docError is a problem of the whole document, at a byte offset of its
// text when known (-1 otherwise), or at a line and column the YAML parser
// gave.
type docError struct {
	offset    int
	line, col int
	pointer   string
	msg       string
}

func (d *rawDoc) index() *docError {
	root, ok := d.object(span{0, len(d.text)})
	if !ok {
		return &docError{offset: 0, msg: "the document is not a JSON or YAML object"}
	}
	d.root = root
	versionPos := 0
	for _, m := range root {
		switch m.key {
		case "openapi", "swagger":
			var v string
			if err := json.Unmarshal(d.value(m.val), &v); err != nil {
				return &docError{offset: m.keyPos, pointer: "/" + m.key, msg: "the version must be a string"}
			}
			d.version, d.swagger, versionPos = v, m.key == "swagger", m.keyPos
		}
	}
	switch {
	case d.version == "":
		return &docError{offset: 0, msg: `neither "openapi" nor "swagger" names the version`}
	case d.swagger && d.version != "2.0":
		return &docError{offset: versionPos, pointer: "/swagger", msg: fmt.Sprintf("version %q: Swagger 2.0 or OpenAPI 3.x is supported", d.version)}
	case !d.swagger && !strings.HasPrefix(d.version, "3."):
		return &docError{offset: versionPos, pointer: "/openapi", msg: fmt.Sprintf("version %q: Swagger 2.0 or OpenAPI 3.x is supported", d.version)}
	}
	d.comps = map[string]span{}
	d.compRefs = map[string][]string{}
	d.hoisted = map[string]string{}
	// The keys of path items and operations repeat: one string each.
	d.keys = map[string]string{}
	defer func() { d.keys = nil }()
	for _, m := range root {
		switch {
		case m.key == "paths":
			d.indexPaths(m.val)
		case m.key == "components" && !d.swagger:
			kinds, _ := d.object(m.val)
			for _, k := range kinds {
				d.addComps("/components/"+escapeToken(k.key)+"/", k.val)
			}
		case d.swagger && (m.key == "definitions" || m.key == "parameters" || m.key == "responses"):
			d.addComps("/"+m.key+"/", m.val)
		}
	}
	return nil
}

func (d *rawDoc) addComps(prefix string, sp span) {
	members, _ := d.object(sp)
	for _, c := range members {
		d.comps[prefix+escapeToken(c.key)] = c.val
	}
}

func (d *rawDoc) indexPaths(sp span) {
	paths, _ := d.object(sp)
	for _, p := range paths {
		members, ok := d.object(p.val)
		if !ok {
			continue
		}
		if d.pathIndex == nil {
			d.pathIndex = map[string]int{}
		}
		d.pathIndex[p.key] = len(d.paths)
		rp := rawPath{key: p.key, keyPos: p.keyPos}
		for _, m := range members {
			if !httpMethods[m.key] {
				rp.shared = append(rp.shared, m)
				continue
			}
			op := rawOp{method: m.key, keyPos: m.keyPos}
			fields, ok := d.object(m.val)
			if !ok {
				// Not an object: kept whole, for kin-openapi to report.
				op.kept = []member{{key: "", val: m.val}}
			}
			for _, f := range fields {
				switch f.key {
				case "responses":
					op.responses = f.val
				case "callbacks":
				default:
					op.kept = append(fields[:len(op.kept)], f) // in place
				}
			}
			rp.ops = append(rp.ops, op)
		}
		d.paths = append(d.paths, rp)
	}
}

func (d *rawDoc) value(sp span) []byte { return d.text[sp.start:sp.end] }

// mediaTypes lists the media types an operation's successful responses
// document (the "default" response's when no 2xx one is written), in
// their order: Swagger 2.0's produces, else the keys of each response's
// content, following $refs to components.
func (d *rawDoc) mediaTypes(op *rawOp) []string {
	var out []string
	add := func(t string) {
		if t = strings.TrimSpace(t); t != "" && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	if d.swagger {
		produces := slices.IndexFunc(op.kept, func(m member) bool { return m.key == "produces" })
		var list []string
		if produces >= 0 {
			_ = json.Unmarshal(d.value(op.kept[produces].val), &list)
		} else if i := slices.IndexFunc(d.root, func(m member) bool { return m.key == "produces" }); i >= 0 {
			_ = json.Unmarshal(d.value(d.root[i].val), &list)
		}
		for _, t := range list {
			add(t)
		}
		return out
	}
	responses, _ := d.object(op.responses)
	var picked []span
	for _, r := range responses {
		if strings.HasPrefix(r.key, "2") {
			picked = append(picked, r.val)
		}
	}
	if len(picked) == 0 {
		if i := slices.IndexFunc(responses, func(m member) bool { return m.key == "default" }); i >= 0 {
			picked = append(picked, responses[i].val)
		}
	}
	for _, sp := range picked {
		for range maxInlineDepth {
			members, _ := d.object(sp)
			ref := slices.IndexFunc(members, func(m member) bool { return m.key == "$ref" })
			if ref < 0 {
				if i := slices.IndexFunc(members, func(m member) bool { return m.key == "content" }); i >= 0 {
					types, _ := d.object(members[i].val)
					for _, t := range types {
						add(t.key)
					}
				}
				break
			}
			var target string
			_ = json.Unmarshal(d.value(members[ref].val), &target)
			var ok bool
			if c, isComp := d.component(target); isComp {
				// Found in the index: a lookup from the root reads the whole document.
				sp, ok = d.comps[c]
			} else if strings.HasPrefix(target, "#") {
				sp, ok = d.lookup(target)
			}
			if !ok {
				break
			}
		}
	}
	return out
}

// object lists the members of the object at sp (later duplicates win
// when decoded, as in encoding/json); ok is false if sp is not an object.
func (d *rawDoc) object(sp span) ([]member, bool) {
	data := d.text
	i := jsontok.SkipSpace(data, sp.start)
	if i >= sp.end || data[i] != '{' {
		return nil, false
	}
	// Gathered on the stack, then copied at their number: most objects
	// have a few members, and growing a list to hold them left a list of
	// each smaller size behind.
	var buf [16]member
	out := buf[:0]
	i = jsontok.SkipSpace(data, i+1)
	for i < sp.end && data[i] != '}' {
		keyPos := i
		kend := jsontok.QuotedEnd(data, i)
		key := d.key(data[i:kend])
		i = jsontok.SkipSpace(data, kend)
		i = jsontok.SkipSpace(data, i+1) // ':'
		vend := jsontok.ValueEnd(data, i)
		out = append(out, member{key: key, keyPos: keyPos, val: span{i, vend}})
		i = jsontok.SkipSpace(data, vend)
		if i < sp.end && data[i] == ',' {
			i = jsontok.SkipSpace(data, i+1)
		}
	}
	if out = dedup(out); len(out) == 0 {
		return nil, true
	}
	return slices.Clone(out), true
}

// key decodes an object's key q (quotes included), as one string for
// every short key written the same while d.keys is set (by index, which
// runs alone).
func (d *rawDoc) key(q []byte) string {
	if d.keys == nil || len(q) > 34 || bytes.IndexByte(q, '\\') >= 0 {
		return unquote(q)
	}
	for _, c := range q {
		if c >= utf8.RuneSelf {
			return unquote(q)
		}
	}
	if k, ok := d.keys[string(q[1:len(q)-1])]; ok {
		return k
	}
	k := string(q[1 : len(q)-1])
	d.keys[k] = k
	return k
}

// dedup keeps the last of members with the same key, as kin-openapi's
// JSON decoding has it, at the place of the first.
func dedup(ms []member) []member {
	if len(ms) <= 16 {
		for i := 1; i < len(ms); i++ {
			for j := range i {
				if ms[j].key == ms[i].key {
					return dedupMap(ms)
				}
			}
		}
		return ms
	}
	return dedupMap(ms)
}

func dedupMap(ms []member) []member {
	seen := make(map[string]int, len(ms))
	out := ms[:0]
	for _, m := range ms {
		if j, ok := seen[m.key]; ok {
			out[j] = m
			continue
		}
		seen[m.key] = len(out)
		out = append(out, m)
	}
	return out
}

// unquote decodes the JSON string q (quotes included) of valid text.
func unquote(q []byte) string {
	if len(q) < 2 {
		return ""
	}
	return jsontok.Unquote(q[1 : len(q)-1])
}

var (
	refKey           = []byte(`"$ref"`)
	discriminatorKey = []byte(`"discriminator"`)
)

// refs lists the "$ref" values in the text of sp, and the values of a
// discriminator's mapping that are references (not bare schema names),
// which kin-openapi follows too.
func (d *rawDoc) refs(sp span, out []string) []string {
	return d.mappingRefs(sp, d.dollarRefs(sp, out))
}

// mappingRefs adds the references of the discriminator mappings in sp.
func (d *rawDoc) mappingRefs(sp span, out []string) []string {
	data := d.text[:sp.end]
	for i := sp.start; ; {
		j := bytes.Index(data[i:], discriminatorKey)
		if j < 0 {
			return out
		}
		i += j + len(discriminatorKey)
		k := jsontok.SkipSpace(data, i)
		if k >= len(data) || data[k] != ':' {
			continue
		}
		k = jsontok.SkipSpace(data, k+1)
		if k >= len(data) || data[k] != '{' {
			continue
		}
		members, _ := d.object(span{k, jsontok.ValueEnd(data, k)})
		for _, m := range members {
			if m.key != "mapping" {
				continue
			}
			targets, _ := d.object(m.val)
			for _, t := range targets {
				var ref string
				if json.Unmarshal(d.value(t.val), &ref) == nil && strings.ContainsAny(ref, "#/") {
					out = append(out, ref)
				}
			}
		}
	}
}

// dollarRefs adds the "$ref" values in the text of sp.
func (d *rawDoc) dollarRefs(sp span, out []string) []string {
	data := d.text[:sp.end]
	for i := sp.start; ; {
		j := bytes.Index(data[i:], refKey)
		if j < 0 {
			return out
		}
		i += j + len(refKey)
		k := jsontok.SkipSpace(data, i)
		if k >= len(data) || data[k] != ':' {
			continue
		}
		k = jsontok.SkipSpace(data, k+1)
		if k < len(data) && data[k] == '"' {
			end := jsontok.QuotedEnd(data, k)
			out = append(out, unquote(data[k:end]))
			i = end
		}
	}
}

// component returns the pointer of the component a local $ref names, if
// it names a whole component.
func (d *rawDoc) component(ref string) (string, bool) {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return "", false
	}
	if strings.Contains(frag, "%") {
		if u, err := url.PathUnescape(frag); err == nil {
			frag = u
		}
	}
	// "/components/kind/name", or Swagger 2.0's "/kind/name"; read
	// without splitting, as it is asked once for each ref of a document.
	rest, ok := strings.CutPrefix(frag, "/")
	if !ok {
		return "", false
	}
	if !d.swagger {
		if rest, ok = strings.CutPrefix(rest, "components/"); !ok {
			return "", false
		}
	}
	kind, name, ok := strings.Cut(rest, "/")
	switch {
	case !ok || strings.Contains(name, "/"):
	case !d.swagger && componentKinds[kind]:
		return frag, true
	case d.swagger && (kind == "definitions" || kind == "parameters" || kind == "responses"):
		return frag, true
	}
	return "", false
}

// componentKinds are the components kin-openapi resolves references to.
var componentKinds = map[string]bool{"schemas": true, "parameters": true, "headers": true, "requestBodies": true,
	"responses": true, "securitySchemes": true, "examples": true, "links": true, "callbacks": true}

// closure adds to set the components that the refs reach, and returns
// the first ref that cannot be followed: external, or to a component the
// document lacks.
func (d *rawDoc) closure(refs []string, set map[string]bool) (bad string, why string) {
	stack := refs
	for len(stack) > 0 {
		ref := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !strings.HasPrefix(ref, "#") {
			if bad == "" {
				bad, why = ref, "external references are not followed"
			}
			continue
		}
		c, ok := d.component(ref)
		if !ok {
			c, ok = d.hoist(ref)
		}
		if !ok {
			// A ref to a place hoist does not know: inlined when written.
			key := "#" + ref
			if set[key] {
				continue
			}
			set[key] = true
			sp, found := d.lookup(ref)
			if !found {
				if bad == "" {
					bad, why = ref, "no such location in the document"
				}
				continue
			}
			stack = append(stack, d.refs(sp, nil)...)
			continue
		}
		if set[c] {
			continue
		}
		sp, ok := d.comps[c]
		if !ok {
			if bad == "" {
				bad, why = ref, "no such component"
			}
			continue
		}
		set[c] = true
		sub, done := d.compRefs[c]
		if !done {
			sub = d.refs(sp, nil)
			d.compRefs[c] = sub
		}
		stack = append(stack, sub...)
	}
	return bad, why
}

// inlined reports a local ref that is written out in place of the
// object holding it: one to something else than a whole component, which
// kin-openapi does not always find.
func (d *rawDoc) inlined(ref string) bool {
	if !strings.HasPrefix(ref, "#") || d.hoisted[ref] != "" {
		return false
	}
	_, ok := d.component(ref)
	return !ok
}

// rewritten reports a ref written otherwise than as it is: inlined, or
// pointing to its hoisted target.
func (d *rawDoc) rewritten(ref string) bool { return d.hoisted[ref] != "" || d.inlined(ref) }

// lookup finds the value a local ref points at.
func (d *rawDoc) lookup(ref string) (span, bool) {
	frag := strings.TrimPrefix(ref, "#")
	if strings.Contains(frag, "%") {
		if u, err := url.PathUnescape(frag); err == nil {
			frag = u
		}
	}
	sp := span{0, len(d.text)}
	if frag == "" || frag == "/" {
		return sp, frag == ""
	}
	if !strings.HasPrefix(frag, "/") {
		return span{}, false
	}
	toks := strings.Split(frag[1:], "/")
	for i, tok := range toks {
		toks[i] = unescapeToken(tok)
	}
	sp, toks = d.lookupStart(toks)
	for _, tok := range toks {
		i := jsontok.SkipSpace(d.text, sp.start)
		if i >= len(d.text) {
			return span{}, false
		}
		found := false
		switch d.text[i] {
		case '{':
			sp, found = d.member(span{i, sp.end}, tok)
		case '[':
			n, err := strconv.Atoi(tok)
			if err != nil {
				return span{}, false
			}
			for k, el := range d.array(sp) {
				if k == n {
					sp, found = el, true
				}
			}
		}
		if !found {
			return span{}, false
		}
	}
	return sp, true
}

// member is the value of the member key of the object at sp (which
// starts at its brace), through d.looked.
func (d *rawDoc) member(sp span, key string) (span, bool) {
	d.lookedMu.Lock()
	index, ok := d.looked[sp.start]
	d.lookedMu.Unlock()
	if !ok {
		members, _ := d.object(sp)
		index = make(map[string]span, len(members))
		for _, m := range members {
			index[m.key] = m.val // dedup kept the one that wins
		}
		d.lookedMu.Lock()
		if d.looked == nil {
			d.looked = map[int]map[string]span{}
		}
		d.looked[sp.start] = index
		d.lookedMu.Unlock()
	}
	v, found := index[key]
	return v, found
}

// lookupStart starts a lookup from what the index holds: a component, a
// path item's member or an operation's, so that a ref into a large
// document does not read it from its root; it returns where to go on
// from, and the tokens left.
func (d *rawDoc) lookupStart(toks []string) (span, []string) {
	switch {
	case len(toks) >= 3 && !d.swagger && toks[0] == "components":
		if sp, ok := d.comps["/components/"+escapeToken(toks[1])+"/"+escapeToken(toks[2])]; ok {
			return sp, toks[3:]
		}
	case len(toks) >= 2 && d.swagger && (toks[0] == "definitions" || toks[0] == "parameters" || toks[0] == "responses"):
		if sp, ok := d.comps["/"+toks[0]+"/"+escapeToken(toks[1])]; ok {
			return sp, toks[2:]
		}
	case len(toks) >= 3 && toks[0] == "paths":
		pi, ok := d.pathIndex[toks[1]]
		if !ok {
			break
		}
		p := &d.paths[pi]
		for _, op := range p.ops {
			if op.method != toks[2] || len(toks) < 4 {
				continue
			}
			if toks[3] == "responses" && op.responses != (span{}) {
				return op.responses, toks[4:]
			}
			for _, m := range op.kept {
				if m.key == toks[3] && m.key != "" {
					return m.val, toks[4:]
				}
			}
		}
		for _, m := range p.shared {
			if m.key == toks[2] {
				return m.val, toks[3:]
			}
		}
	}
	return span{0, len(d.text)}, toks
}

// array lists the elements of the array at sp.
func (d *rawDoc) array(sp span) []span {
	data := d.text
	i := jsontok.SkipSpace(data, sp.start)
	if i >= sp.end || data[i] != '[' {
		return nil
	}
	var out []span
	i = jsontok.SkipSpace(data, i+1)
	for i < sp.end && data[i] != ']' {
		end := jsontok.ValueEnd(data, i)
		if end <= i {
			break
		}
		out = append(out, span{i, end})
		i = jsontok.SkipSpace(data, end)
		if i < sp.end && data[i] == ',' {
			i = jsontok.SkipSpace(data, i+1)
		}
	}
	return out
}

// maxInlineDepth bounds refs written out within refs written out.
const maxInlineDepth = 32

// rewrites reports whether the value at sp holds a ref written otherwise
// than as it is (see rewritten), which writeValue writes out.
func (d *rawDoc) rewrites(sp span) bool {
	return !d.noRewrites && slices.ContainsFunc(d.refs(sp, nil), d.rewritten)
}

// writeValue writes the value at sp, with the refs that must be inlined
// written out.
func (d *rawDoc) writeValue(b *bytes.Buffer, sp span) {
	if !d.rewrites(sp) {
		b.Write(d.value(sp))
		return
	}
	d.rewrite(b, sp, nil, b.Len()+8*len(d.text)+1<<20)
}

// rewrite writes sp with its inlined refs written out; onPath are the
// refs being written out around it, and limit bounds the buffer.
func (d *rawDoc) rewrite(b *bytes.Buffer, sp span, onPath []string, limit int) {
	i := jsontok.SkipSpace(d.text, sp.start)
	if i >= sp.end {
		return
	}
	switch d.text[i] {
	case '{':
		members, _ := d.object(sp)
		for _, m := range members {
			if m.key != "$ref" {
				continue
			}
			var ref string
			if json.Unmarshal(d.value(m.val), &ref) != nil {
				break
			}
			if c := d.hoisted[ref]; c != "" {
				d.writeHoisted(b, members, c)
				return
			}
			if !d.inlined(ref) {
				break
			}
			target, ok := d.lookup(ref)
			if !ok || len(onPath) >= maxInlineDepth || slices.Contains(onPath, ref) || b.Len() > limit {
				b.WriteString("{}")
				return
			}
			d.rewrite(b, target, append(onPath, ref), limit)
			return
		}
		b.WriteByte('{')
		for k, m := range members {
			if k > 0 {
				b.WriteByte(',')
			}
			b.Write(appendString(nil, m.key))
			b.WriteByte(':')
			d.rewrite(b, m.val, onPath, limit)
		}
		b.WriteByte('}')
	case '[':
		b.WriteByte('[')
		for k, el := range d.array(sp) {
			if k > 0 {
				b.WriteByte(',')
			}
			d.rewrite(b, el, onPath, limit)
		}
		b.WriteByte(']')
	default:
		b.Write(d.value(sp))
	}
}

// writeHoisted writes an object whose $ref is hoisted: the ref points to
// component c, its other members are written as they are.
func (d *rawDoc) writeHoisted(b *bytes.Buffer, members []member, c string) {
	b.WriteByte('{')
	for k, m := range members {
		if k > 0 {
			b.WriteByte(',')
		}
		b.Write(appendString(nil, m.key))
		b.WriteByte(':')
		if m.key == "$ref" {
			b.Write(appendString(nil, "#"+c))
			continue
		}
		d.writeValue(b, m.val)
	}
	b.WriteByte('}')
}

// opRefs lists the refs of one operation and of its path item.
func (d *rawDoc) opRefs(p *rawPath, op *rawOp) []string {
	var refs []string
	for _, m := range p.shared {
		refs = d.refs(m.val, refs)
	}
	for _, m := range op.kept {
		refs = d.refs(m.val, refs)
	}
	return refs
}

// opID identifies an operation of the document.
type opID struct{ path, op int }

// rootKeys are the root members a trimmed document keeps.
var rootKeys = map[string]bool{"openapi": true, "swagger": true, "consumes": true, "produces": true}

// trimmed writes a document holding the chosen operations and the
// components in comps.
func (d *rawDoc) trimmed(ops map[opID]bool, comps map[string]bool) []byte {
	var b bytes.Buffer
	b.Grow(d.trimmedSize(ops, comps))
	b.WriteByte('{')
	first := true
	sep := func() {
		if !first {
			b.WriteByte(',')
		}
		first = false
	}
	for _, m := range d.root {
		if rootKeys[m.key] {
			sep()
			d.writeMember(&b, m.key, m.val)
		}
	}
	sep()
	b.WriteString(`"info":{"title":"","version":""}`)
	sep()
	b.WriteString(`"paths":{`)
	firstPath := true
	for pi := range d.paths {
		p := &d.paths[pi]
		var chosen []int
		for oi := range p.ops {
			if ops[opID{pi, oi}] {
				chosen = append(chosen, oi)
			}
		}
		if len(chosen) == 0 {
			continue
		}
		if !firstPath {
			b.WriteByte(',')
		}
		firstPath = false
		b.Write(appendString(nil, p.key))
		b.WriteByte(':')
		d.writePathItem(&b, p, chosen)
	}
	b.WriteByte('}')
	// Components, grouped by their container.
	groups := map[string][]string{}
	var order []string
	for c := range comps {
		i := strings.LastIndexByte(c, '/')
		if _, ok := groups[c[:i]]; !ok {
			order = append(order, c[:i])
		}
		groups[c[:i]] = append(groups[c[:i]], c)
	}
	if d.swagger {
		for _, g := range order {
			sep()
			d.writeComps(&b, strings.TrimPrefix(g, "/"), groups[g])
		}
	} else if len(order) > 0 {
		sep()
		b.WriteString(`"components":{`)
		for i, g := range order {
			if i > 0 {
				b.WriteByte(',')
			}
			d.writeComps(&b, unescapeToken(strings.TrimPrefix(g, "/components/")), groups[g])
		}
		b.WriteByte('}')
	}
	b.WriteByte('}')
	return b.Bytes()
}

// writeOp writes an operation without its responses and callbacks.
func (d *rawDoc) writeOp(b *bytes.Buffer, op *rawOp) {
	if len(op.kept) == 1 && op.kept[0].key == "" {
		b.Write(d.value(op.kept[0].val))
		return
	}
	b.WriteByte('{')
	for i, f := range op.kept {
		if i > 0 {
			b.WriteByte(',')
		}
		d.writeMember(b, f.key, f.val)
	}
	if d.swagger {
		if len(op.kept) > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"responses":{}`)
	}
	b.WriteByte('}')
}

func (d *rawDoc) trimmedSize(ops map[opID]bool, comps map[string]bool) int {
	n := 256
	for id := range ops {
		for _, m := range d.paths[id.path].ops[id.op].kept {
			n += m.val.end - m.val.start + len(m.key) + 4
		}
	}
	for c := range comps {
		n += d.comps[c].end - d.comps[c].start + len(c) + 4
	}
	return n
}

func (d *rawDoc) writeComps(b *bytes.Buffer, kind string, names []string) {
	b.Write(appendString(nil, kind))
	b.WriteString(":{")
	for i, c := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		d.writeMember(b, unescapeToken(c[strings.LastIndexByte(c, '/')+1:]), d.comps[c])
	}
	b.WriteByte('}')
}

func (d *rawDoc) writeMember(b *bytes.Buffer, key string, val span) {
	b.Write(appendString(nil, key))
	b.WriteByte(':')
	d.writeValue(b, val)
}

func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	dst = jsonstr.AppendContent(dst, s)
	return append(dst, '"')
}

// escapeToken and unescapeToken convert a key to and from a JSON pointer
// token.
func escapeToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func unescapeToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}

// position returns the 1-based line and column of a byte offset of a JSON
// input, or of a JSON pointer in a YAML input; 0, 0 when unknown.
func (d *rawDoc) position(offset int, pointer string) (int, int) {
	if d.yamlRoot != nil {
		return yamlPosition(d.yamlRoot, pointer)
	}
	if offset < 0 || offset > len(d.text) {
		return 0, 0
	}
	before := d.text[:offset]
	line := bytes.Count(before, []byte{'\n'}) + 1
	col := offset - bytes.LastIndexByte(before, '\n')
	return line, col
}

func yamlPosition(n *yaml.Node, pointer string) (int, int) {
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	line, col := n.Line, n.Column
	if pointer == "" {
		return line, col
	}
	for _, tok := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		tok = unescapeToken(tok)
		for n.Kind == yaml.AliasNode && n.Alias != nil {
			n = n.Alias
		}
		var next *yaml.Node
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == tok {
					line, col = n.Content[i].Line, n.Content[i].Column
					next = n.Content[i+1]
				}
			}
		case yaml.SequenceNode:
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(n.Content) {
				next = n.Content[i]
				line, col = next.Line, next.Column
			}
		}
		if next == nil {
			break
		}
		n = next
	}
	return line, col
}

// yamlJSON writes a YAML node tree as JSON text.
type yamlJSON struct {
	buf   []byte
	limit int
}

var errYAMLTooLarge = errors.New("the YAML document expands, through its aliases, beyond the size limit")

func (w *yamlJSON) write(n *yaml.Node, depth int) error {
	if len(w.buf) > w.limit {
		return errYAMLTooLarge
	}
	if depth > 10000 {
		return errors.New("the YAML document is nested too deeply")
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			w.buf = append(w.buf, "null"...)
			return nil
		}
		return w.write(n.Content[0], depth+1)
	case yaml.AliasNode:
		if n.Alias == nil {
			w.buf = append(w.buf, "null"...)
			return nil
		}
		return w.write(n.Alias, depth+1)
	case yaml.SequenceNode:
		w.buf = append(w.buf, '[')
		for i, c := range n.Content {
			if i > 0 {
				w.buf = append(w.buf, ',')
			}
			if err := w.write(c, depth+1); err != nil {
				return err
			}
		}
		w.buf = append(w.buf, ']')
		return nil
	case yaml.MappingNode:
		w.buf = append(w.buf, '{')
		first := true
		if err := w.members(n, &first, depth); err != nil {
			return err
		}
		w.buf = append(w.buf, '}')
		return nil
	}
	w.scalar(n)
	return nil
}

// members writes a mapping's pairs, merge keys (<<) first.
func (w *yamlJSON) members(n *yaml.Node, first *bool, depth int) error {
	if depth > 10000 {
		return errors.New("the YAML document is nested too deeply")
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.Tag == "!!merge" {
			for v.Kind == yaml.AliasNode && v.Alias != nil {
				v = v.Alias
			}
			srcs := []*yaml.Node{v}
			if v.Kind == yaml.SequenceNode {
				srcs = v.Content
			}
			for _, s := range srcs {
				for s.Kind == yaml.AliasNode && s.Alias != nil {
					s = s.Alias
				}
				if s.Kind == yaml.MappingNode {
					if err := w.members(s, first, depth+1); err != nil {
						return err
					}
				}
			}
		}
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.Tag == "!!merge" {
			continue
		}
		if !*first {
			w.buf = append(w.buf, ',')
		}
		*first = false
		for k.Kind == yaml.AliasNode && k.Alias != nil {
			k = k.Alias
		}
		w.buf = appendString(w.buf, k.Value)
		w.buf = append(w.buf, ':')
		if err := w.write(v, depth+1); err != nil {
			return err
		}
	}
	return nil
}

func (w *yamlJSON) scalar(n *yaml.Node) {
	switch n.ShortTag() {
	case "!!null":
		w.buf = append(w.buf, "null"...)
		return
	case "!!bool":
		var b bool
		if n.Decode(&b) == nil {
			w.buf = strconv.AppendBool(w.buf, b)
			return
		}
	case "!!int", "!!float":
		if json.Valid([]byte(n.Value)) {
			w.buf = append(w.buf, n.Value...)
			return
		}
		var f float64
		if n.Decode(&f) == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			w.buf = strconv.AppendFloat(w.buf, f, 'g', -1, 64)
			return
		}
	}
	w.buf = appendString(w.buf, n.Value)
}

// writePathItem writes path item p as JSON with its shared members and the
// operations ops (indexes into p.ops).
func (d *rawDoc) writePathItem(b *bytes.Buffer, p *rawPath, ops []int) {
	b.WriteByte('{')
	n := 0
	for _, m := range p.shared {
		if n++; n > 1 {
			b.WriteByte(',')
		}
		d.writeMember(b, m.key, m.val)
	}
	for _, oi := range ops {
		op := &p.ops[oi]
		if n++; n > 1 {
			b.WriteByte(',')
		}
		b.Write(appendString(nil, op.method))
		b.WriteByte(':')
		d.writeOp(b, op)
	}
	b.WriteByte('}')
}
