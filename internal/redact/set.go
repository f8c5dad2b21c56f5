package redact

import (
	"hash/maphash"
	"slices"
	"strings"
	"sync"

	"github.com/toolkit-sdk/toolkit/internal/lru"
)

// secretSet holds the starts of the forms of a list of secrets, a filter
// that finds them quickly and, once a text held a start, the forms. It is
// shared by every Redactor with the same secrets, and safe for concurrent
// use: the starts of a call's secrets, usually the same from one call to
// the next, are computed once, and the forms, for a secret new to every
// call, only when a text may hold one.
type secretSet struct {
	secrets []string
	minLen  int // the length of the shortest secret, and so of the shortest form
	bound   int // at least the length of every form together
	// starts holds the first startLen bytes of every form (all of a
	// shorter one), folded (see hasFoldedPrefix), each once: a form
	// occurs only where its start does.
	starts  []string
	startOf []int32  // startOf[i*numForms+k]: starts' index of form k of secret i, or -1
	stride  int      // distance between the positions scan samples
	grams   []uint32 // grams[j*stride+o]: the 4 bytes at starts[j][o:]
	filter  []uint64 // bit set for the hash of each gram
	shift   uint     // hash >> shift indexes filter's bits
	// escapes has the bit of each byte c for which a JSON escape \c can
	// stand for a byte of a form: u and / always, " \ b f n r t when a
	// secret holds the byte they stand for.
	escapes [4]uint64

	once      sync.Once
	forms     []string // every form of every secret, longest first
	formStart []int32  // formStart[k]: starts' index of forms[k]'s start
}

// startLen is how many bytes of each form are computed for every list.
const startLen = 16

// maxStride bounds the distance between sampled positions, and so the
// number of grams per start.
const maxStride = 8

// maxHits is how many starts scan tracks one by one; the forms of the
// rest are looked for in every text.
const maxHits = 256

// sets caches secretSets by the hash of their secrets, on the module's
// recency list: it holds the sets of at most maxSets hashes, dropping the
// least recently used.
var sets struct {
	sync.Mutex
	seed maphash.Seed
	m    lru.Map[uint64, []*secretSet]
}

const maxSets = 256

func init() { sets.seed, sets.m.Max = maphash.MakeSeed(), maxSets }

// lookupSet returns the set for secrets, making it if need be.
func lookupSet(secrets []string) *secretSet {
	var h maphash.Hash
	h.SetSeed(sets.seed)
	for _, v := range secrets {
		h.WriteString(v)
		h.WriteByte(0)
	}
	key := h.Sum64()
	sets.Lock()
	same, _ := sets.m.Get(key)
	for _, set := range same {
		if slices.Equal(set.secrets, secrets) {
			sets.Unlock()
			return set
		}
	}
	sets.Unlock()
	set := newSecretSet(slices.Clone(secrets))
	sets.Lock()
	same, _ = sets.m.Get(key) // as it is now
	sets.m.Put(key, append(slices.Clip(same), set))
	sets.Unlock()
	return set
}

func (set *secretSet) redact(s string) string {
	if len(set.starts) == 0 || len(s) < set.minLen {
		return s
	}
	var hits [maxHits / 64]uint64
	if scan(set, s, &hits) || len(set.starts) > maxHits {
		set.build()
		for k, f := range set.forms {
			if set.hit(&hits, k) && strings.Contains(s, f) {
				s = strings.ReplaceAll(s, f, Redacted)
			}
		}
	}
	if set.hasEscape(s) {
		s = set.redactEscaped(s)
	}
	return s
}

// hit reports whether form k's start is among hits, or untracked.
func (set *secretSet) hit(hits *[maxHits / 64]uint64, k int) bool {
	j := set.formStart[k]
	return j >= maxHits || hits[j/64]&(1<<(j%64)) != 0
}

// scan sets the bits in hits of the starts that occur in s and reports
// whether any does. Every start is at least m bytes long, with stride =
// m-3 (at most maxStride), so an occurrence covers a sampled position p, a
// multiple of stride, together with the 3 bytes after it: the 4 bytes at p
// are one of the start's first stride grams. Most samples are rejected by
// the filter.
func scan[T string | []byte](set *secretSet, s T, hits *[maxHits / 64]uint64) bool {
	found := false
	for p := 0; p+4 <= len(s); p += set.stride {
		w := (uint32(s[p]) | uint32(s[p+1])<<8 | uint32(s[p+2])<<16 | uint32(s[p+3])<<24) | 0x20202020
		h := (w * 0x9E3779B1) >> set.shift
		if set.filter[h/64]&(1<<(h%64)) == 0 {
			continue
		}
		for e, g := range set.grams {
			if g != w {
				continue
			}
			j, o := e/set.stride, e%set.stride
			if i := p - o; j < maxHits && i >= 0 && hasFoldedPrefix(s[i:], set.starts[j]) {
				hits[j/64] |= 1 << (j % 64)
				found = true
			}
		}
	}
	return found
}

// hasFoldedPrefix reports whether s begins with start, a folded text:
// every byte with bit 0x20 set, which makes ASCII letters lower case and
// identifies a few other pairs of bytes.
func hasFoldedPrefix[T string | []byte](s T, start string) bool {
	if len(s) < len(start) {
		return false
	}
	for b := 0; b < len(start); b++ {
		if s[b]|0x20 != start[b] {
			return false
		}
	}
	return true
}

// newSecretSet computes the starts of the forms of secrets and the scan's
// filter.
func newSecretSet(secrets []string) *secretSet {
	if len(secrets) == 0 {
		return &secretSet{}
	}
	set := &secretSet{secrets: secrets, minLen: len(secrets[0]), startOf: make([]int32, numForms*len(secrets))}
	var buf strings.Builder
	buf.Grow(startLen * 10 * len(secrets))
	var places [64]span
	spans := places[:0] // the starts' places in buf
	var raw [startLen]byte
	var start [6 * startLen]byte // room for the longest JSON form of startLen bytes
	set.escape('u')
	set.escape('/')
	longest := 0 // the longest form's length, at most
	for i, v := range secrets {
		set.minLen = min(set.minLen, len(v))
		for b := 0; b < len(v); b++ {
			if c := v[b]; c == '"' || c == '\\' {
				set.escape(c)
			} else if k := strings.IndexByte(jsonControls, c); k >= 0 {
				set.escape(jsonControlEscapes[k])
			}
		}
		t := min(len(v), startLen)
		copy(raw[:], v[:t])
		has, urlBytes, escBytes := classCounts(v)
		hasStart, _, _ := classCounts(v[:t])
		first := len(spans) // the secret's plain start, and the first of its starts
		for k := range forms {
			fm := &forms[k]
			set.startOf[i*numForms+k] = -1
			if !fm.differs(has) {
				continue
			}
			size := fm.size(len(v), urlBytes, escBytes)
			set.bound += size
			longest = max(longest, size)
			if k > 0 && fm.asWritten(hasStart) { // it starts as written
				set.startOf[i*numForms+k] = int32(first)
				continue
			}
			if c := twins[k]; c >= 0 { // the same start, folded
				set.startOf[i*numForms+k] = set.startOf[i*numForms+c]
				continue
			}
			// The bytes of v that make the form's first startLen bytes.
			u := t
			if fm.from > 0 {
				u = min(t, fm.from)
			}
			f := fm.write(start[:0], v[:u], raw[:u])
			f = f[:min(len(f), startLen)]
			for b := range f {
				f[b] |= 0x20
			}
			all := buf.String()
			j := first
			for j < len(spans) && all[spans[j].start:spans[j].end] != string(f) {
				j++
			}
			if j == len(spans) {
				spans = append(spans, span{start: buf.Len(), end: buf.Len() + len(f)})
				buf.Write(f)
			}
			set.startOf[i*numForms+k] = int32(j)
		}
	}
	// A form written with escapes, which redactEscaped replaces in one
	// pass, is at most escapeGrowth times as long.
	set.bound += escapeGrowth * longest
	all := buf.String()
	set.starts = make([]string, len(spans))
	for j, sp := range spans {
		set.starts[j] = all[sp.start:sp.end]
	}

	set.stride = min(set.minLen-3, maxStride)
	set.grams = make([]uint32, 0, len(set.starts)*set.stride)
	for _, f := range set.starts {
		for o := range set.stride {
			set.grams = append(set.grams, uint32(f[o])|uint32(f[o+1])<<8|uint32(f[o+2])<<16|uint32(f[o+3])<<24)
		}
	}
	// About 32 bits per gram keeps false candidates near 3%.
	bits := uint(10)
	for 1<<bits < 32*len(set.grams) && bits < 16 {
		bits++
	}
	set.shift = 32 - bits
	set.filter = make([]uint64, 1<<bits/64)
	for _, g := range set.grams {
		h := (g * 0x9E3779B1) >> set.shift
		set.filter[h/64] |= 1 << (h % 64)
	}
	return set
}

// escape marks c as a byte whose JSON escape \c may stand for a byte of a
// form.
func (set *secretSet) escape(c byte) { set.escapes[c/64] |= 1 << (c % 64) }

// build computes the forms of set's secrets, once.
func (set *secretSet) build() { set.once.Do(set.makeForms) }

// makeForms computes the forms of set's secrets, longest first, each once.
func (set *secretSet) makeForms() {
	size := 0
	for _, v := range set.secrets {
		size += 16 * len(v)
	}
	buf := make([]byte, 0, size)
	spans := make([]span, 0, numForms*len(set.secrets))
	for i, v := range set.secrets {
		raw := []byte(v)
		for k := range forms {
			j := set.startOf[i*numForms+k]
			if j < 0 {
				continue
			}
			start := len(buf)
			buf = forms[k].write(buf, v, raw)
			if knownForm(buf, spans, start) {
				buf = buf[:start]
				continue
			}
			spans = append(spans, span{start, len(buf), j})
		}
	}
	// Longest first; spans hold no pointers, so sorting them is cheap.
	slices.SortFunc(spans, func(a, b span) int {
		if n := (b.end - b.start) - (a.end - a.start); n != 0 {
			return n
		}
		return a.start - b.start
	})
	all := string(buf)
	forms := make([]string, len(spans))
	formStart := make([]int32, len(spans))
	for i, sp := range spans {
		forms[i], formStart[i] = all[sp.start:sp.end], sp.first
	}
	set.forms, set.formStart = forms, formStart
}

// span is a start's or a form's place in a buffer, and a form's start.
type span struct {
	start, end int
	first      int32 // starts' index of the form's start
}

// knownForm reports whether buf[start:] equals one of the forms in spans.
func knownForm(buf []byte, spans []span, start int) bool {
	f := buf[start:]
	for _, sp := range spans {
		if string(buf[sp.start:sp.end]) == string(f) {
			return true
		}
	}
	return false
}
