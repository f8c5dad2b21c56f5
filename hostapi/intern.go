package hostapi

import (
	"encoding/json"
	"hash/maphash"
)

// A schemaTable shares a document's converted leaf schemas (those that
// hold no schema) that read the same: a real document repeats small
// schemas ({"type": "string"}, a date, an id) hundreds of times, and a
// map takes some 300 bytes where its JSON takes 20 (sinao.app: 2,134
// leaf schemas, 97 different). The maps are read-only (see convCache),
// so one serves every place. Schemas holding schemas are left as they
// are: they are seldom the same, and comparing them would cost a load
// of Microsoft Graph a tenth of its time.
type schemaTable struct {
	seed   maphash.Seed
	byHash map[uint64][]map[string]any
}

func newSchemaTable() *schemaTable {
	return &schemaTable{seed: maphash.MakeSeed(), byHash: map[uint64][]map[string]any{}}
}

// intern returns the table's map that reads as m, entering m if there is
// none, when m is a leaf: its values are JSON scalars or lists of them.
// Any other map is returned as it is.
func (t *schemaTable) intern(m map[string]any) map[string]any {
	var sum uint64
	var h maphash.Hash
	for k, v := range m {
		h.SetSeed(t.seed) // one hash per member, added: the order of members does not count
		h.WriteString(k)
		h.WriteByte(0)
		if !hashScalars(&h, v) {
			return m
		}
		sum += h.Sum64()
	}
	for _, x := range t.byHash[sum] {
		if sameLeaf(x, m) {
			return x
		}
	}
	t.byHash[sum] = append(t.byHash[sum], m)
	return m
}

// hashScalars hashes v, a JSON scalar or a list of them; false for
// anything else.
func hashScalars(h *maphash.Hash, v any) bool {
	switch x := v.(type) {
	case nil:
		h.WriteByte('z')
	case bool:
		if x {
			h.WriteByte('t')
		} else {
			h.WriteByte('f')
		}
	case string:
		h.WriteByte('s')
		h.WriteString(x)
		h.WriteByte(0)
	case json.Number:
		h.WriteByte('n')
		h.WriteString(string(x))
		h.WriteByte(0)
	case []any:
		h.WriteByte('[')
		for _, e := range x {
			if _, list := e.([]any); list || !hashScalars(h, e) {
				return false
			}
		}
		h.WriteByte(']')
	default:
		return false
	}
	return true
}

// sameLeaf reports whether two leaf schemas read the same.
func sameLeaf(a, b map[string]any) bool {
	if len(a) != len(b) {
		return false
	}
	for k, va := range a {
		vb, ok := b[k]
		if !ok || !sameScalars(va, vb) {
			return false
		}
	}
	return true
}

func sameScalars(a, b any) bool {
	if x, ok := a.([]any); ok {
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !sameScalars(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	if _, ok := b.([]any); ok {
		return false
	}
	return a == b // nil, bool, string, json.Number: comparable
}
