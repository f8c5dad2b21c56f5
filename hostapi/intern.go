package hostapi

import (
	"encoding/binary"
	"encoding/json"
	"hash/maphash"
	"reflect"
	"slices"
)

// A schemaTable shares a document's converted schemas that read the
// same: a real document repeats small schemas ({"type": "string"}, a
// date, an id) hundreds of times, and larger ones across its operations
// (sinao.app writes 2,134 leaf schemas, 97 of them different; its 281
// operations' bodies convert to 378 different maps), and a map takes
// some 300 bytes where its JSON takes 20. The maps are read-only (see
// convCache), so one serves every place. A schema's conversion is
// entered after those of the schemas it holds, so they are compared by
// identity: comparing a map costs its own members only.
type schemaTable struct {
	seed   maphash.Seed
	byHash map[uint64][]map[string]any
	lists  map[uint64][][]any
}

func newSchemaTable() *schemaTable {
	return &schemaTable{seed: maphash.MakeSeed(), byHash: map[uint64][]map[string]any{}, lists: map[uint64][][]any{}}
}

// internKV returns the table's map of the members kvs (keys written
// once), making it if there is none, as intern does.
func (t *schemaTable) internKV(kvs []kv) map[string]any {
	var sum uint64
	var h maphash.Hash
	for _, x := range kvs {
		h.SetSeed(t.seed)
		hashString(&h, x.k)
		hashValue(&h, x.v)
		sum += h.Sum64()
	}
	for _, m := range t.byHash[sum] {
		if len(m) == len(kvs) && !slices.ContainsFunc(kvs, func(x kv) bool {
			v, ok := m[x.k]
			return !ok || !sameValue(v, x.v)
		}) {
			return m
		}
	}
	m := make(map[string]any, len(kvs))
	for _, x := range kvs {
		m[x.k] = x.v
	}
	t.byHash[sum] = append(t.byHash[sum], m)
	return m
}

// internList returns the table's list that reads as vals (its maps by
// identity), making it if there is none.
func (t *schemaTable) internList(vals []any) []any {
	var h maphash.Hash
	h.SetSeed(t.seed)
	hashValue(&h, vals)
	sum := h.Sum64()
	for _, l := range t.lists[sum] {
		if sameValue(l, vals) {
			return l
		}
	}
	l := slices.Clone(vals)
	t.lists[sum] = append(t.lists[sum], l)
	return l
}

// intern returns the table's map that reads as m, entering m if there is
// none. A map or a list of maps in m is compared by its identity, so m's
// values that are schemas should be interned first.
func (t *schemaTable) intern(m map[string]any) map[string]any {
	var sum uint64
	var h maphash.Hash
	for k, v := range m {
		h.SetSeed(t.seed) // one hash per member, added: the order of members does not count
		hashString(&h, k)
		hashValue(&h, v)
		sum += h.Sum64()
	}
	for _, x := range t.byHash[sum] {
		if sameMap(x, m) {
			return x
		}
	}
	t.byHash[sum] = append(t.byHash[sum], m)
	return m
}

// hashValue hashes v, a JSON value whose maps are hashed by identity.
func hashValue(h *maphash.Hash, v any) {
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
		hashString(h, x)
	case json.Number:
		h.WriteByte('n')
		hashString(h, string(x))
	case []any:
		h.WriteByte('[')
		for _, e := range x {
			hashValue(h, e)
		}
		h.WriteByte(']')
	case map[string]any:
		h.WriteByte('{')
		maphash.WriteComparable(h, reflect.ValueOf(x).UnsafePointer())
	default:
		h.WriteByte('?')
	}
}

// hashString hashes s after its length, so that no two values are
// written as the same bytes (a NUL after it let a document write many
// different lists, ["a\u0000sb"] and ["a", "b"], that hashed the same
// whatever the seed, and made the table's lookups quadratic).
func hashString(h *maphash.Hash, s string) {
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(s)))
	h.Write(n[:])
	h.WriteString(s)
}

// sameMap reports whether two maps read the same, their maps by
// identity.
func sameMap(a, b map[string]any) bool {
	if len(a) != len(b) {
		return false
	}
	for k, va := range a {
		vb, ok := b[k]
		if !ok || !sameValue(va, vb) {
			return false
		}
	}
	return true
}

func sameValue(a, b any) bool {
	switch x := a.(type) {
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !sameValue(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		return ok && reflect.ValueOf(x).UnsafePointer() == reflect.ValueOf(y).UnsafePointer()
	case nil, bool, string, json.Number:
		return a == b
	}
	return false // another type: not shared
}
