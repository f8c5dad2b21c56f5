package yqcloud

import "encoding/json"

// A doc is a parsed JSON document whose values are decoded only when
// read: scalars are spans of the source, containers lists of values.
// Parsing a response allocates a few arrays however many values it holds,
// and a hook reads (and pays for) only what it uses; what it passes on
// unread is written back from the source (jsonWriter). tree turns a doc
// into ordered values (nil, bool, string, json.Number, []any, *object).
type doc struct {
	text  string  // the source
	root  jval    // the document's value
	vals  []jval  // the members and elements of every container, each container's in a row
	conts []jcont // the containers, by jval.a
	strs  []string
	plain bool // not JSON: the body as text, root its span
}

// jval is one value of a doc.
type jval struct {
	kind jkind
	a, b uint32 // jNumber, jString: the span text[a:b]; jDecoded: strs[a]; containers: conts[a]
}

type jkind uint8

const (
	jNull jkind = iota
	jFalse
	jTrue
	jNumber
	jString  // as written in the source: no escapes, valid UTF-8
	jDecoded // a string with escapes (or invalid UTF-8), decoded
	jObject
	jArray
)

// jcont is an object or array of a doc.
type jcont struct {
	keys     []string       // an object's member names, maybe shared by like objects (jsonParser.shape)
	idx      map[string]int // name -> position for objects of over smallObject members
	first, n uint32         // members or elements: vals[first:first+n]
}

// textDoc is a body that is not JSON, as text.
func textDoc(s string) *doc {
	return &doc{text: s, root: jval{kind: jString, b: uint32(len(s))}, plain: true}
}

// docOf returns ordered values as a doc.
func docOf(v any) *doc {
	d, err := (&jsonParser{src: appendJSON(nil, v)}).parse(nil)
	if err != nil {
		panic("yqcloud: appendJSON wrote invalid JSON: " + err.Error())
	}
	return d
}

// add appends a container of members (keys and idx nil for an array).
func (d *doc) add(kind jkind, keys []string, idx map[string]int, members []jval) jval {
	d.conts = append(d.conts, jcont{keys: keys, idx: idx, first: uint32(len(d.vals)), n: uint32(len(members))})
	d.vals = append(d.vals, members...)
	return jval{kind: kind, a: uint32(len(d.conts) - 1)}
}

// members returns a container's members or elements.
func (d *doc) members(c *jcont) []jval { return d.vals[c.first : c.first+c.n : c.first+c.n] }

// str returns a string value.
func (d *doc) str(v jval) string {
	if v.kind == jDecoded {
		return d.strs[v.a]
	}
	return d.text[v.a:v.b]
}

// tree returns v as ordered values.
func (d *doc) tree(v jval) any {
	switch v.kind {
	case jNull:
		return nil
	case jFalse:
		return false
	case jTrue:
		return true
	case jNumber:
		return json.Number(d.text[v.a:v.b])
	case jString, jDecoded:
		return d.str(v)
	case jArray:
		c := &d.conts[v.a]
		out := make([]any, c.n)
		for i, e := range d.members(c) {
			out[i] = d.tree(e)
		}
		return out
	}
	c := &d.conts[v.a]
	o := &object{keys: c.keys, vals: make([]any, c.n), idx: c.idx}
	for i, m := range d.members(c) {
		o.vals[i] = d.tree(m)
	}
	return o
}

// String returns what the model reads for a body: text as it is, JSON
// compact.
func (d *doc) String() string {
	if d.plain {
		return d.text
	}
	return string(d.appendJSON(nil, d.root))
}

// appendJSON appends v as compact JSON, as appendJSON writes its tree.
func (d *doc) appendJSON(b []byte, v jval) []byte {
	switch v.kind {
	case jNull:
		return append(b, "null"...)
	case jFalse:
		return append(b, "false"...)
	case jTrue:
		return append(b, "true"...)
	case jNumber:
		return append(b, d.text[v.a:v.b]...)
	case jString: // nothing to escape: no quote, backslash or control character, valid UTF-8
		b = append(b, '"')
		b = append(b, d.text[v.a:v.b]...)
		return append(b, '"')
	case jDecoded:
		return appendString(b, d.strs[v.a])
	case jArray:
		b = append(b, '[')
		for i, e := range d.members(&d.conts[v.a]) {
			if i > 0 {
				b = append(b, ',')
			}
			b = d.appendJSON(b, e)
		}
		return append(b, ']')
	}
	c := &d.conts[v.a]
	b = append(b, '{')
	for i, m := range d.members(c) {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, c.keys[i])
		b = append(b, ':')
		b = d.appendJSON(b, m)
	}
	return append(b, '}')
}

// number returns a number value as JavaScript reads it.
func (d *doc) number(v jval) any { return jsNumber(json.Number(d.text[v.a:v.b])) }
