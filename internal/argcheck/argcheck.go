// Package argcheck validates a model's arguments against a JSON Schema and
// writes every problem in one format, for every kind of capability.
//
// A Schema is compiled once (Compile) and then checks any number of calls
// concurrently. Check first normalizes the arguments in place (DESIGN.md
// reading 8): lossless string forms become the type the schema asks for
// ("42" for an integer, "true" for a boolean, at any depth), a null where
// null is not allowed counts as omitted, and defaults fill what was
// omitted. Then the JSON Schema validator (santhosh-tekuri/jsonschema)
// runs, and its structured errors are written as messages that name the
// field path, what it expects, what it got and, where it can, a fix:
//
//	parameter "order_id" is required (string): the order id
//	parameter "items[2].qty" must be an integer, got "x"
//	unknown parameter "ordr_id"; did you mean "order_id"? accepted parameters: order_id, verbose
//
// What a check costs is proportional to the arguments' text. A number is
// read from its text and never written out in full (see number.go): one
// with an exponent beyond ±1000 or more than 1000 digits is refused, and
// so is the number past which the numbers the validator is shown would
// hold more than 2^20 digits beyond their texts once written out. A
// number far beyond the schema's numbers is shown as a short stand-in
// that every keyword judges alike: 1e1000 costs what 1 does, unless the
// schema's own numbers reach as far (a maximum of 1e400) or it has
// uniqueItems; then about a thousand such numbers pass, not a request
// full of them. Arguments nested deeper than 100 levels of arrays and
// objects, or holding more than 20,000 values (items and members at any
// depth), are refused before the validator sees them (it copies a
// value's location, about a kilobyte, for each error), and a problem
// holds at most 512 bytes of its field's path. A message quotes at most a few dozen bytes of
// any name or value the model made up, and lists at most five unknown
// names, counting the rest.
package argcheck

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/toolkit-sdk/toolkit/internal/callargs"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/suggest"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// Schema is a compiled argument schema. It is immutable and safe for
// concurrent use.
type Schema struct {
	v    *jsonschema.Schema
	root *node
	// flat: an object of scalar properties with no keyword but type,
	// description and default, closed to other names, so valid
	// arguments can be recognised without the validator (quickValid).
	flat bool
	// scale and e0 are the reach of the schema's numbers (numberScale,
	// standIn); standIns is false when the schema has uniqueItems.
	scale, e0 int
	standIns  bool
}

// Problem is one thing wrong with the arguments.
type Problem struct {
	// Path is the field, as the model wrote it: "order_id", "items[2].qty",
	// "body.title"; "" for the arguments as a whole.
	Path string
	// Kind is the JSON Schema keyword that failed: "required", "type",
	// "additionalProperties", "enum", "pattern", ...
	Kind string
	// Msg is the whole message.
	Msg string
}

// Error holds the problems of one call's arguments: at most maxProblems
// of them and a last one of kind "more" counting the rest.
type Error struct {
	Problems []Problem
	all      []Problem // every problem, when Problems is cut
}

// All returns every problem, none cut off as "more": for a caller that
// looks for one kind among many (Registry.Add's check of defaults behind
// a schema's missing required parameters).
func (e *Error) All() []Problem {
	if e.all != nil {
		return e.all
	}
	return e.Problems
}

// Error joins the problems' messages with "; ".
func (e *Error) Error() string {
	msgs := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		msgs[i] = p.Msg
	}
	return strings.Join(msgs, "; ")
}

// maxProblems bounds the problems reported for one call.
const maxProblems = 10

// cache shares compiled schemas between capabilities whose schemas are
// the same JSON text (a compiled Schema is immutable): a catalog of tools
// with the same parameters compiles them once.
var cache = struct {
	sync.Mutex
	m map[string]*Schema
}{m: map[string]*Schema{}}

const maxCached = 4096

// Compile compiles a JSON Schema given as any value that encodes to a JSON
// object (a map, jsonstr.Object, json.RawMessage, a struct). References
// may only point inside the schema; nothing is loaded from files or the
// network. Formats ("date-time", "email", ...) are checked.
func Compile(schema any) (*Schema, error) {
	text, err := jsonstr.Marshal(schema)
	if err != nil {
		return nil, fmt.Errorf("the schema is not JSON: %v", err)
	}
	key := string(text)
	cache.Lock()
	s, ok := cache.m[key]
	cache.Unlock()
	if ok {
		return s, nil
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(text))
	if err != nil {
		return nil, fmt.Errorf("the schema is not JSON: %v", err)
	}
	if _, ok := doc.(map[string]any); !ok {
		return nil, errors.New("the schema must be a JSON object")
	}
	c := jsonschema.NewCompiler()
	c.UseLoader(jsonschema.SchemeURLLoader{}) // no files, no network
	c.AssertFormat()
	const url = "mem:///arguments.json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, schemaError(err)
	}
	v, err := c.Compile(url)
	if err != nil {
		return nil, schemaError(err)
	}
	ordered, err := decodeOrdered(text)
	if err != nil {
		return nil, err
	}
	s = &Schema{v: v, root: newNode(ordered, 0)}
	s.flat = isFlat(ordered)
	scale, factors := numberScale(ordered)
	s.scale, s.e0, s.standIns = scale, max(scale, factors)+1, !hasKey(ordered, "uniqueItems")
	cache.Lock()
	if len(cache.m) >= maxCached {
		clear(cache.m)
	}
	cache.m[key] = s
	cache.Unlock()
	return s, nil
}

func schemaError(err error) error {
	var sve *jsonschema.SchemaValidationError
	var ve *jsonschema.ValidationError
	if errors.As(err, &sve) && errors.As(sve.Err, &ve) {
		var leaves []string
		var walk func(e *jsonschema.ValidationError)
		walk = func(e *jsonschema.ValidationError) {
			if len(e.Causes) == 0 && len(leaves) < 3 {
				leaves = append(leaves, "/"+strings.Join(e.InstanceLocation, "/")+": "+e.ErrorKind.LocalizedString(printer))
			}
			for _, c := range e.Causes {
				walk(c)
			}
		}
		walk(ve)
		return fmt.Errorf("not a valid JSON Schema: %s", strings.Join(leaves, "; "))
	}
	msg := strings.ReplaceAll(err.Error(), "mem:///arguments.json", "schema")
	return fmt.Errorf("the schema does not compile: %s", msg)
}

// Check normalizes args in place (see the package doc) and validates them.
// The error, if any, is an *Error.
func (s *Schema) Check(args map[string]any) error {
	s.root.normalizeObject(args)
	if s.flat && s.quickValid(args) {
		return nil
	}
	return s.validate(args)
}

// isFlat reports a schema quickValid can decide: {"type": "object",
// "properties": {...}, "required": [...], "additionalProperties": false},
// each property {"type": <one scalar type>} with at most a description and
// a default beside it.
func isFlat(schema any) bool {
	o, ok := schema.(jsonstr.Object)
	if !ok {
		return false
	}
	closed := false
	for _, m := range o {
		switch m.Key {
		case "type":
			if m.Value != "object" {
				return false
			}
		case "required", "description", "title":
		case "additionalProperties":
			if m.Value != false {
				return false
			}
			closed = true
		case "properties":
			props, ok := m.Value.(jsonstr.Object)
			if !ok {
				return false
			}
			for _, p := range props {
				if !isScalarProperty(p.Value) {
					return false
				}
			}
		default:
			return false
		}
	}
	return closed
}

func isScalarProperty(schema any) bool {
	o, ok := schema.(jsonstr.Object)
	if !ok {
		return false
	}
	typed := false
	for _, m := range o {
		switch m.Key {
		case "type":
			switch m.Value {
			case "string", "number", "integer", "boolean":
				typed = true
			default:
				return false
			}
		case "description", "default", "title":
		default:
			return false
		}
	}
	return typed
}

// quickValid reports arguments that certainly satisfy a flat schema: every
// required name present, no other name, every value of its property's type
// (integers and numbers without a fraction or exponent). It answers false
// when in doubt; the validator then decides and writes the messages.
func (s *Schema) quickValid(args map[string]any) bool {
	for _, name := range s.root.required {
		if _, ok := args[name]; !ok {
			return false
		}
	}
	for name, v := range args {
		n := s.root.props[name]
		if n == nil {
			return false
		}
		switch x := v.(type) {
		case string:
			if n.types != tString {
				return false
			}
		case bool:
			if n.types != tBoolean {
				return false
			}
		case json.Number:
			if len(x) > maxDigits || n.types != tInteger && n.types != tNumber || strings.ContainsAny(string(x), ".eE") && n.types == tInteger ||
				strings.ContainsAny(string(x), "eE") {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// CheckValue is Check for a value of any JSON type; it returns the
// normalized value.
func (s *Schema) CheckValue(v any) (any, error) {
	if v != nil {
		v = s.root.normalize(v)
	}
	return v, s.validate(v)
}

// Property returns the description and type names of a top-level
// property, for callers that describe it in their own messages.
func (s *Schema) Property(name string) (types []string, desc string, ok bool) {
	n := s.root.props[name]
	if n == nil {
		return nil, "", false
	}
	return n.typeNames(), n.desc, true
}

func (s *Schema) validate(v any) error {
	p := s.root.longNumber(v)
	var swaps []swap
	if p == nil {
		p, swaps = s.prepareNumbers(v)
	}
	if p != nil {
		w := &writer{root: s.root, value: v}
		w.add(p.loc, cmp.Or(p.kind, "number"), p.msg)
		return &Error{Problems: w.problems}
	}
	err := s.v.Validate(v)
	restore(swaps)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return &Error{Problems: []Problem{{Kind: "invalid", Msg: "the arguments are not valid: " + err.Error()}}}
	}
	w := &writer{root: s.root, value: v}
	w.walk(ve)
	slices.SortStableFunc(w.problems, func(a, b Problem) int {
		return cmp.Or(rank(a)-rank(b), cmp.Compare(a.Path, b.Path))
	})
	if len(w.problems) > maxProblems {
		n := len(w.problems) - maxProblems
		cut := append(w.problems[:maxProblems:maxProblems], Problem{Kind: "more", Msg: fmt.Sprintf("and %d more problem(s)", n)})
		return &Error{Problems: cut, all: w.problems}
	}
	return &Error{Problems: w.problems}
}

// rank orders problems: unknown names first (the model may have misspelt
// a name it is then told is missing), then by path depth.
func rank(p Problem) int {
	if p.Kind == "additionalProperties" {
		return 0
	}
	return 1
}

// Type bits of a schema's "type".
const (
	tString = 1 << iota
	tNumber
	tInteger
	tBoolean
	tObject
	tArray
	tNull
)

var typeBits = map[string]uint8{"string": tString, "number": tNumber, "integer": tInteger, "boolean": tBoolean, "object": tObject, "array": tArray, "null": tNull}

// node is what normalization and messages need from a (sub)schema.
type node struct {
	types    uint8
	desc     string
	def      any
	hasDef   bool
	props    map[string]*node
	names    []string // property names in written order
	extra    *node    // additionalProperties as a schema
	items    *node
	required []string
}

// maxNodeDepth bounds the schema depth followed for normalization.
const maxNodeDepth = 32

func newNode(v any, depth int) *node {
	o, ok := v.(jsonstr.Object)
	if !ok || depth > maxNodeDepth {
		return nil
	}
	n := &node{}
	for _, m := range o {
		switch m.Key {
		case "type":
			switch t := m.Value.(type) {
			case string:
				n.types |= typeBits[t]
			case []any:
				for _, x := range t {
					if s, ok := x.(string); ok {
						n.types |= typeBits[s]
					}
				}
			}
		case "description":
			n.desc, _ = m.Value.(string)
		case "default":
			n.def, n.hasDef = m.Value, true
		case "properties":
			props, _ := m.Value.(jsonstr.Object)
			n.props = make(map[string]*node, len(props))
			for _, p := range props {
				n.props[p.Key] = newNode(p.Value, depth+1)
				n.names = append(n.names, p.Key)
			}
		case "additionalProperties":
			n.extra = newNode(m.Value, depth+1)
		case "items":
			n.items = newNode(m.Value, depth+1)
		case "required":
			list, _ := m.Value.([]any)
			for _, x := range list {
				if s, ok := x.(string); ok {
					n.required = append(n.required, s)
				}
			}
		}
	}
	return n
}

func (n *node) has(t uint8) bool { return n.types&t != 0 }

func (n *node) child(name string) *node {
	if n == nil {
		return nil
	}
	if c, ok := n.props[name]; ok {
		return c
	}
	return n.extra
}

func (n *node) typeNames() []string {
	if n == nil {
		return nil
	}
	var out []string
	for _, t := range []string{"string", "number", "integer", "boolean", "object", "array", "null"} {
		if n.has(typeBits[t]) {
			out = append(out, t)
		}
	}
	return out
}

// normalize converts v to the type n asks for where that loses nothing.
func (n *node) normalize(v any) any {
	if n == nil {
		return v
	}
	switch x := v.(type) {
	case string:
		if n.types == 0 || n.has(tString) {
			return v
		}
		t := strings.TrimSpace(x)
		if n.has(tInteger|tNumber) && jsonstr.IsNumber(t) {
			if n.has(tNumber) {
				return json.Number(t)
			}
			if i, ok := integerText(t); ok {
				return json.Number(i)
			}
		}
		if n.has(tBoolean) && (t == "true" || t == "false") {
			return t == "true"
		}
	case json.Number:
		if n.has(tInteger) && !n.has(tNumber) {
			if i, ok := integerText(x.String()); ok && i != x.String() {
				return json.Number(i)
			}
		}
		if (n.types == tString || n.types == tString|tNull) && len(x) <= callargs.MaxNumberText {
			return x.String() // a longer number stays one: the validator refuses it
		}
	case bool:
		if n.types == tString || n.types == tString|tNull {
			return strconv.FormatBool(x)
		}
	case map[string]any:
		n.normalizeObject(x)
	case []any:
		if n.items != nil {
			for i, e := range x {
				x[i] = n.items.normalize(e)
			}
		}
	}
	return v
}

func (n *node) normalizeObject(m map[string]any) {
	if n == nil {
		return
	}
	for k, v := range m {
		c := n.child(k)
		if c == nil {
			continue
		}
		if v == nil {
			if !c.has(tNull) || c.hasDef {
				delete(m, k) // null counts as omitted
			}
			continue
		}
		if nv := c.normalize(v); !same(nv, v) {
			m[k] = nv
		}
	}
	for _, k := range n.names {
		c := n.props[k]
		if c == nil || !c.hasDef {
			continue
		}
		if _, ok := m[k]; !ok {
			m[k] = c.normalize(clone(c.def))
		}
	}
}

// same reports whether normalize returned v itself (no new interface
// value to store).
func same(a, b any) bool {
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		return ok && x == y
	case json.Number:
		y, ok := b.(json.Number)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	}
	return true // containers are normalized in place
}

// clone deep-copies a default so a handler cannot change the schema's.
func clone(v any) any {
	switch x := v.(type) {
	case jsonstr.Object:
		m := make(map[string]any, len(x))
		for _, mem := range x {
			m[mem.Key] = clone(mem.Value)
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = clone(e)
		}
		return out
	}
	return v
}

// decodeOrdered decodes JSON with objects as jsonstr.Object (members in
// written order) and numbers as json.Number.
func decodeOrdered(text []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	return decodeValue(dec)
}

func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := jsonstr.Object{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				o = append(o, jsonstr.Member{Key: kt.(string), Value: v})
			}
			_, err := dec.Token()
			return o, err
		case '[':
			a := []any{}
			for dec.More() {
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				a = append(a, v)
			}
			_, err := dec.Token()
			return a, err
		}
	}
	return tok, nil
}

// writer turns a validation error tree into Problems.
type writer struct {
	root     *node
	value    any
	problems []Problem
}

var printer = message.NewPrinter(language.English)

func (w *writer) walk(e *jsonschema.ValidationError) {
	switch k := e.ErrorKind.(type) {
	case *kind.Schema, *kind.Group, *kind.AllOf, *kind.Reference:
		for _, c := range e.Causes {
			w.walk(c)
		}
		if len(e.Causes) > 0 {
			return
		}
	case *kind.AnyOf:
		w.add(e.InstanceLocation, "anyOf", fmt.Sprintf("must match at least one of the %d allowed forms%s", len(e.Causes), w.firstCause(e)))
		return
	case *kind.OneOf:
		if len(k.Subschemas) > 1 {
			w.add(e.InstanceLocation, "oneOf", "matches more than one of the allowed forms; it must match exactly one")
		} else {
			w.add(e.InstanceLocation, "oneOf", fmt.Sprintf("must match exactly one of the %d allowed forms%s", len(e.Causes), w.firstCause(e)))
		}
		return
	case *kind.Required:
		n := w.nodeAt(e.InstanceLocation)
		for _, name := range k.Missing {
			loc := append(slices.Clone(e.InstanceLocation), name)
			var c *node
			if n != nil {
				c = n.props[name]
			}
			msg := "is required"
			if t := c.typeNames(); len(t) > 0 {
				if i := slices.Index(t, "array"); i >= 0 {
					if it := c.items.typeNames(); len(it) > 0 {
						t[i] = "array of " + strings.Join(it, " or ")
					}
				}
				msg += " (" + strings.Join(t, " or ") + ")"
			}
			if c != nil && c.desc != "" {
				msg += ": " + firstLine(c.desc)
			}
			w.add(loc, "required", msg)
		}
		return
	case *kind.AdditionalProperties:
		w.unknown(e.InstanceLocation, k.Properties)
		return
	}
	w.add(e.InstanceLocation, keyword(e.ErrorKind), w.predicate(e))
}

// unknown writes one problem for the unknown names of one object: the
// first textcut.ListNames of them quoted briefly, each with its close
// names, and the others counted.
func (w *writer) unknown(loc []string, names []string) {
	var accepted []string
	if n := w.nodeAt(loc); n != nil {
		accepted = n.names
	}
	prefix := w.path(loc)
	slices.Sort(names)
	hint := func(name string) string {
		close := suggest.Close(name, accepted, 3)
		for i := range close {
			close[i] = joinPath(prefix, close[i])
		}
		if len(close) == 0 {
			return ""
		}
		return "did you mean " + suggest.QuoteJoin(close) + "?"
	}
	var msg string
	if len(names) == 1 {
		msg = "unknown parameter " + textcut.QuoteN(joinPath(prefix, names[0]), maxPathQuote)
		if h := hint(names[0]); h != "" {
			msg += "; " + h
		}
	} else {
		msg = "unknown parameters " + textcut.Join(names, textcut.ListNames, func(name string) string {
			q := textcut.QuoteN(joinPath(prefix, name), maxPathQuote)
			if h := hint(name); h != "" {
				q += " (" + h + ")"
			}
			return q
		})
	}
	list := "none"
	if len(accepted) > 0 {
		list = strings.Join(accepted, ", ")
	}
	where := ""
	if prefix != "" {
		where = " in " + textcut.Cut(prefix, maxPathQuote)
	}
	if strings.HasSuffix(msg, "?") {
		msg += " "
	} else {
		msg += "; "
	}
	msg += fmt.Sprintf("accepted parameters%s: %s", where, list)
	w.problems = append(w.problems, Problem{Path: joinPath(prefix, names[0]), Kind: "additionalProperties", Msg: msg})
}

func (w *writer) firstCause(e *jsonschema.ValidationError) string {
	sub := &writer{root: w.root, value: w.value}
	for _, c := range e.Causes {
		sub.walk(c)
		if len(sub.problems) > 0 {
			return " (the first: " + sub.problems[0].Msg + ")"
		}
	}
	return ""
}

func keyword(k jsonschema.ErrorKind) string {
	if p := k.KeywordPath(); len(p) > 0 {
		return p[0]
	}
	return "schema"
}

// predicate writes what is wrong with the value at e's location.
func (w *writer) predicate(e *jsonschema.ValidationError) string {
	got := w.valueAt(e.InstanceLocation)
	switch k := e.ErrorKind.(type) {
	case *kind.Type:
		return fmt.Sprintf("must be %s, got %s", articles(k.Want), gotText(got))
	case *kind.Enum:
		return fmt.Sprintf("must be one of %s, got %s", jsonList(k.Want), gotText(got))
	case *kind.Const:
		return fmt.Sprintf("must be %s, got %s", jsonText(k.Want), gotText(got))
	case *kind.Pattern:
		return fmt.Sprintf("must match the pattern /%s/, got %s", k.Want, gotText(got))
	case *kind.Format:
		return fmt.Sprintf("must be a valid %s, got %s", k.Want, gotText(got))
	case *kind.MinLength:
		return fmt.Sprintf("must be at least %d characters long, got %d", k.Want, k.Got)
	case *kind.MaxLength:
		return fmt.Sprintf("must be at most %d characters long, got %d", k.Want, k.Got)
	case *kind.MinItems:
		return fmt.Sprintf("must have at least %d items, got %d", k.Want, k.Got)
	case *kind.MaxItems:
		return fmt.Sprintf("must have at most %d items, got %d", k.Want, k.Got)
	case *kind.Minimum:
		return fmt.Sprintf("must be >= %s, got %s", k.Want.RatString(), gotText(got))
	case *kind.Maximum:
		return fmt.Sprintf("must be <= %s, got %s", k.Want.RatString(), gotText(got))
	case *kind.ExclusiveMinimum:
		return fmt.Sprintf("must be > %s, got %s", k.Want.RatString(), gotText(got))
	case *kind.ExclusiveMaximum:
		return fmt.Sprintf("must be < %s, got %s", k.Want.RatString(), gotText(got))
	case *kind.MultipleOf:
		return fmt.Sprintf("must be a multiple of %s, got %s", k.Want.RatString(), gotText(got))
	case *kind.FalseSchema:
		return "is not allowed"
	}
	// The validator's own wording may hold a value or a name of the
	// arguments: it is shown briefly.
	return textcut.Cut(e.ErrorKind.LocalizedString(printer), 200)
}

// maxPathQuote is how much of a field's path a message quotes: a path
// of the schema's names fits; a name the model made up is cut.
const maxPathQuote = 128

// maxPath is how much of a field's path a Problem holds: every problem
// of a long name (or of a deep one) would otherwise hold the whole of it
// again, 25,000 problems under one 100 KB name 2.5 GB.
const maxPath = 4 * maxPathQuote

func (w *writer) add(loc []string, kw, predicate string) {
	p, full := w.pathLen(loc)
	msg := "parameter " + textcut.QuoteN(p, maxPathQuote) + " " + predicate
	if full > len(p) {
		q, _ := textcut.Prefix(p, maxPathQuote)
		q = strconv.Quote(q)
		msg = "parameter " + q[:len(q)-1] + `…" (` + textcut.Count(full) + " bytes) " + predicate
	}
	if p == "" {
		msg = "the arguments " + predicate
	}
	w.problems = append(w.problems, Problem{Path: p, Kind: kw, Msg: msg})
}

// path renders an instance location: "items[2].qty".
func (w *writer) path(loc []string) string {
	p, _ := w.pathLen(loc)
	return p
}

// pathLen is path cut to at most maxPath bytes (on a UTF-8 boundary),
// and the length of the whole.
func (w *writer) pathLen(loc []string) (string, int) {
	var b strings.Builder
	full := 0
	write := func(parts ...string) {
		for _, s := range parts {
			full += len(s)
			if room := maxPath - b.Len(); room > 0 {
				s, _ = textcut.Prefix(s, room)
				b.WriteString(s)
			}
		}
	}
	v := w.value
	for _, tok := range loc {
		switch x := v.(type) {
		case []any:
			write("[", tok, "]")
			i, _ := strconv.Atoi(tok)
			v = nil
			if i >= 0 && i < len(x) {
				v = x[i]
			}
			continue
		case map[string]any:
			v = x[tok]
		default:
			v = nil
		}
		if full > 0 {
			write(".")
		}
		write(tok)
	}
	return b.String(), full
}

func (w *writer) valueAt(loc []string) any {
	v := w.value
	for _, tok := range loc {
		switch x := v.(type) {
		case []any:
			i, _ := strconv.Atoi(tok)
			if i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		case map[string]any:
			v = x[tok]
		default:
			return nil
		}
	}
	return v
}

func (w *writer) nodeAt(loc []string) *node {
	n := w.root
	v := w.value
	for _, tok := range loc {
		if n == nil {
			return nil
		}
		switch x := v.(type) {
		case []any:
			n = n.items
			i, _ := strconv.Atoi(tok)
			v = nil
			if i >= 0 && i < len(x) {
				v = x[i]
			}
		case map[string]any:
			n = n.child(tok)
			v = x[tok]
		default:
			return nil
		}
	}
	return n
}

func joinPath(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > 160 {
		s = string(r[:159]) + "…"
	}
	return s
}

// articles writes type names for a message: "an integer", "a string or null".
func articles(types []string) string {
	out := make([]string, len(types))
	for i, t := range types {
		switch t {
		case "null":
			out[i] = "null"
		case "integer", "object", "array":
			out[i] = "an " + t
		default:
			out[i] = "a " + t
		}
	}
	return strings.Join(out, " or ")
}

// gotText shows a value in a message: scalars as JSON (strings cut),
// containers by their kind.
func gotText(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return textcut.QuoteN(x, 60)
	case json.Number:
		return textcut.Cut(x.String(), 60)
	case bool:
		return strconv.FormatBool(x)
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	}
	return jsonText(v)
}

func jsonText(v any) string {
	b, err := jsonstr.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func jsonList(vs []any) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = jsonText(v)
	}
	return strings.Join(parts, ", ")
}

// Types is the list of a JSON Schema's "type": one name, or several.
func Types(schema map[string]any) []string {
	switch t := schema["type"].(type) {
	case string:
		return []string{t}
	case []string:
		return t
	case []any:
		var out []string
		for _, x := range t {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}
