package toolkit

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"hash/maphash"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// Redacted replaces a secret in text the model or the logs see.
const Redacted = "[REDACTED]"

// minSecretLen is the shortest value redacted: replacing shorter strings
// would corrupt ordinary text more than it protects.
const minSecretLen = 4

// secretMarkers mark a name as a secret's. PASS also covers PASSWORD,
// PASSWD and PASSPHRASE; AUTH covers Authorization and OAUTH.
var secretMarkers = []string{"KEY", "SECRET", "TOKEN", "PASS", "PWD", "AUTH", "CREDENTIAL", "PRIVATE", "SESSION", "COOKIE", "JWT", "DSN", "HMAC", "SIGNATURE"}

// IsSecretName reports whether a variable's name marks its value as a
// secret: it contains KEY, SECRET, TOKEN, PASS (so PASSWORD, PASSWD and
// PASSPHRASE), PWD, AUTH, CREDENTIAL, PRIVATE, SESSION, COOKIE, JWT, DSN,
// HMAC or SIGNATURE, in any case.
func IsSecretName(name string) bool {
	for _, m := range secretMarkers {
		if containsFold(name, m) {
			return true
		}
	}
	return false
}

// containsFold reports whether s contains the upper-case ASCII marker m,
// ignoring ASCII case, without allocating.
func containsFold(s, m string) bool {
	for i := 0; i+len(m) <= len(s); i++ {
		j := 0
		for j < len(m) && upperASCII(s[i+j]) == m[j] {
			j++
		}
		if j == len(m) {
			return true
		}
	}
	return false
}

func upperASCII(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c - 'A' + 'a'
	}
	return c
}

// IsSecretHeader reports whether a header carries credentials: its name
// contains one of IsSecretName's markers in any case, such as
// Authorization, Proxy-Authorization, Cookie, Set-Cookie, X-Api-Key,
// apikey, Token, X-Auth, X-Signature, X-Session-Id or X-Password.
func IsSecretHeader(name string) bool { return IsSecretName(name) }

// secretQueryWords name credentials in a query string.
var secretQueryWords = []string{"key", "apikey", "token", "secret", "password", "passwd", "pwd", "pass", "passphrase", "signature", "sig", "auth", "credential", "credentials", "jwt", "hmac"}

// IsSecretQueryKey reports whether a query parameter's key puts its value
// in a credential position: the key's last word is key, apikey, token,
// secret, password, passwd, pwd, pass, passphrase, signature, sig, auth,
// credential, credentials, jwt or hmac, in any case. Words are separated
// by '_', '-', '.' or a change to upper case, so access_token, api_key,
// apiKey, APIKey, client_secret, X-Amz-Signature and sig count, while
// keyword, token_type, oauth_signature_method and monkey do not.
//
// The rule is stricter than IsSecretName's: query keys are often ordinary
// words, and redacting an ordinary value would corrupt what the model reads.
func IsSecretQueryKey(key string) bool {
	for _, w := range secretQueryWords {
		i := len(key) - len(w)
		if i < 0 || !strings.EqualFold(key[i:], w) {
			continue
		}
		if wordStart(key, i) {
			return true
		}
	}
	return false
}

// wordStart reports whether a word of key starts at i: after a separator,
// at a lower-to-upper change (apiKey) or at the last capital of an acronym
// (APIKey), but not inside an all-capitals word (MYTOKEN).
func wordStart(key string, i int) bool {
	if i == 0 || strings.IndexByte("_-.", key[i-1]) >= 0 {
		return true
	}
	isUpper := func(c byte) bool { return 'A' <= c && c <= 'Z' }
	if !isUpper(key[i]) {
		return false
	}
	return !isUpper(key[i-1]) || i+1 < len(key) && !isUpper(key[i+1])
}

// Redactor removes known secret values from text. The zero value redacts
// nothing; it is not safe for concurrent use (one per call).
type Redactor struct {
	secrets []string   // recorded values, in the order added
	set     *secretSet // the forms of secrets, once Redact needed them
	scanned int        // bytes Redact looked through, for tests
}

// Add records secret values. Values shorter than four bytes are ignored.
// A header value such as "Bearer abc123" also records its credential part.
func (r *Redactor) Add(values ...string) {
	for _, v := range values {
		if scheme, cred, ok := strings.Cut(v, " "); ok && !strings.Contains(scheme, "=") {
			r.add(strings.TrimSpace(cred))
		}
		r.add(v)
	}
}

// AddHeader records the values of a header sent with a request. A Cookie
// header also records each cookie's value on its own, since a server may
// echo one cookie without the others.
func (r *Redactor) AddHeader(name string, values ...string) {
	r.Add(values...)
	if !strings.EqualFold(name, "Cookie") {
		return
	}
	for _, v := range values {
		for pair := range strings.SplitSeq(v, ";") {
			if _, value, ok := strings.Cut(pair, "="); ok {
				r.add(strings.TrimSpace(value))
			}
		}
	}
}

func (r *Redactor) add(v string) {
	if len(v) < minSecretLen || slices.Contains(r.secrets, v) {
		return
	}
	r.secrets = append(r.secrets, v)
}

// Redact returns s with every recorded secret replaced by [REDACTED], in
// each of these forms:
//   - as written, and with its ASCII letters lower-cased or upper-cased;
//   - URL-encoded for a query or a path, with upper- or lower-case hex;
//   - base64, standard or URL-safe, with or without padding;
//   - hex, lower or upper case;
//   - any of these written with JSON escapes, by any encoder: each of its
//     characters as written or as \uXXXX (hex digits of either case; a
//     character outside ASCII as one, or as a surrogate pair), "/" also
//     as "\/", and " \ and control characters as JSON requires, in any
//     mix (Go's \u003c, Gson's \u003d, .NET's \u002B, PHP's \/, ...);
//     and so escaped twice, as a JSON text held in a JSON string is
//     (\\u003d, \u005cu003d).
//
// Longer forms are replaced first, so a form containing another is
// replaced whole. The first time any Redactor meets a list of secrets,
// the first bytes of each form are computed; the whole forms only once a
// text holds one of those starts. A text holding \u or \/ (or another
// escape a secret needs) has its escapes decoded once, into a reused
// buffer, and the forms are looked for in the decoded text the same way:
// linear work, however many ways a secret could be escaped. A decoded
// text that still holds such escapes is decoded once more, into another
// buffer, after a copy. Otherwise Redact allocates only when it replaces
// something.
func (r *Redactor) Redact(s string) string {
	if len(r.secrets) == 0 || len(s) < minSecretLen {
		return s
	}
	r.scanned += len(s)
	return r.lookup().redact(s)
}

// holds reports whether a recorded secret contains byte c.
func (r *Redactor) holds(c byte) bool {
	for _, v := range r.secrets {
		if strings.IndexByte(v, c) >= 0 {
			return true
		}
	}
	return false
}

// lookup makes r.set the set of r's secrets and returns it.
func (r *Redactor) lookup() *secretSet {
	if r.set == nil || !slices.Equal(r.set.secrets, r.secrets) {
		r.set = lookupSet(r.secrets)
	}
	return r.set
}

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

// sets caches secretSets by the hash of their secrets. It holds at most
// maxSets sets, and is emptied when full.
var sets struct {
	sync.Mutex
	seed maphash.Seed
	m    map[uint64][]*secretSet
}

const maxSets = 256

func init() { sets.seed = maphash.MakeSeed() }

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
	for _, set := range sets.m[key] {
		if slices.Equal(set.secrets, secrets) {
			sets.Unlock()
			return set
		}
	}
	sets.Unlock()
	set := newSecretSet(slices.Clone(secrets))
	sets.Lock()
	if len(sets.m) >= maxSets || sets.m == nil {
		sets.m = make(map[uint64][]*secretSet)
	}
	sets.m[key] = append(sets.m[key], set)
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

// hasEscape reports whether s holds a JSON escape that may stand for a
// byte of a form (see secretSet.escapes), or such an escape escaped again
// (\\\\u). It may report one where there is none.
func (set *secretSet) hasEscape(s string) bool {
	for i, skipped := 0, 0; ; skipped++ {
		j := strings.IndexByte(s[i:], '\\')
		if j < 0 || i+j+1 >= len(s) {
			return false
		}
		i += j + 1
		if set.escapes[s[i]/64]&(1<<(s[i]%64)) != 0 {
			return true
		}
		if s[i] == '\\' && i+1 < len(s) && set.escapes[s[i+1]/64]&(1<<(s[i+1]%64)) != 0 {
			return true
		}
		i++ // past the escaped byte: the second \ of \\ starts nothing
		if skipped > 16+i/32 && set.escapes == unicodeAndSlash {
			// Backslashes close together (\" in a JSON text held in a
			// string): one search for \u and one for \/ over the rest
			// are faster than a search for each backslash. They also
			// find \\u and \\/.
			return strings.Contains(s[i:], `\u`) || strings.Contains(s[i:], `\/`)
		}
	}
}

// unicodeAndSlash is secretSet.escapes when only \u and \/ matter: no
// secret holds " \ or a control character.
var unicodeAndSlash = func() (e [4]uint64) {
	for _, c := range []byte{'u', '/'} {
		e[c/64] |= 1 << (c % 64)
	}
	return e
}()

// unescapeBufs holds the buffers redactEscaped decodes texts into, of at
// most maxPooledBuf bytes.
var unescapeBufs = sync.Pool{New: func() any { return new([]byte) }}

const maxPooledBuf = 4 << 20

// maxEscapeDepth is how many times redactEscaped decodes a text's escapes:
// twice finds a secret in a JSON text held in a JSON string
// ("{\"t\":\"a\\u003db\"}"), as APIs that wrap a document in another write
// it. escapeGrowth is how much longer a form may be written so: each
// byte as \u00XX, each of whose bytes as \u00XX again.
const maxEscapeDepth, escapeGrowth = 2, 6 * 6

// redactEscaped replaces the forms written with JSON escapes in s: any of
// their bytes as \uXXXX in either case (a character outside ASCII as
// one, or a surrogate pair), / also as \/, and " \ and the control
// characters as JSON requires, in any mix, and such a text escaped again
// (maxEscapeDepth). It decodes s's escapes, looks for the forms in the
// decoded text as Redact does in s, and replaces, in s, each place a form
// was decoded from. Every decoded byte comes from one place in s, so the
// work is linear in the length of s for each decoding, however many ways
// a form could be written.
func (set *secretSet) redactEscaped(s string) string {
	spans := set.escapedSpans(s, 1)
	if len(spans) == 0 {
		return s
	}
	slices.SortFunc(spans, func(x, y span) int { return x.start - y.start })
	var out strings.Builder
	out.Grow(len(s))
	last := 0 // s[:last] is written
	for i := 0; i < len(spans); {
		start, end := spans[i].start, spans[i].end
		for i++; i < len(spans) && spans[i].start < end; i++ {
			end = max(end, spans[i].end)
		}
		start = max(start, last)
		out.WriteString(s[last:start])
		out.WriteString(Redacted)
		last = end
	}
	out.WriteString(s[last:])
	return out.String()
}

// escapedSpans returns the places in s of the forms found in s with its
// escapes decoded, and, below maxEscapeDepth, decoded again.
func (set *secretSet) escapedSpans(s string, depth int) []span {
	bp := unescapeBufs.Get().(*[]byte)
	d := appendUnescaped((*bp)[:0], s)
	if cap(d) <= maxPooledBuf {
		*bp = d
		defer unescapeBufs.Put(bp)
	}
	var spans []span // the decoded places of the forms found
	var hits [maxHits / 64]uint64
	ds := "" // d, copied once needed
	if scan(set, d, &hits) || len(set.starts) > maxHits {
		set.build()
		ds = string(d)
		for k, f := range set.forms {
			if !set.hit(&hits, k) {
				continue
			}
			for off := 0; ; {
				i := strings.Index(ds[off:], f)
				if i < 0 {
					break
				}
				spans = append(spans, span{start: off + i, end: off + i + len(f)})
				off += i + len(f)
			}
		}
	}
	// Decoded again only if escapes were decoded, and some remain.
	if depth < maxEscapeDepth && len(d) < len(s) && bytes.IndexByte(d, '\\') >= 0 {
		if ds == "" {
			ds = string(d)
		}
		if set.hasEscape(ds) {
			spans = append(spans, set.escapedSpans(ds, depth+1)...)
		}
	}
	if len(spans) == 0 {
		return nil
	}
	// unit[k]: where in s the escape (or byte) that decoded byte k comes
	// from begins; unit[len(d)] = len(s).
	unit := make([]int32, 0, len(d)+1)
	for i := 0; i < len(s); {
		end, _, n := unescapeAt(s, i)
		for range n {
			unit = append(unit, int32(i))
		}
		i = end
	}
	unit = append(unit, int32(len(s)))
	for i := range spans {
		a, b := spans[i].start, spans[i].end
		end := b
		for end < len(d) && unit[end] == unit[b-1] { // the rest of a character's escape
			end++
		}
		spans[i].start, spans[i].end = int(unit[a]), int(unit[end])
	}
	return spans
}

// appendUnescaped appends s to buf with its JSON escapes decoded; a
// backslash that starts no valid escape stays as it is.
func appendUnescaped(buf []byte, s string) []byte {
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '\\')
		if j < 0 {
			return append(buf, s[i:]...)
		}
		buf = append(buf, s[i:i+j]...)
		i += j
		if i+6 <= len(s) && s[i+1] == 'u' { // the common escape, inline
			if r, ok := hex4(s, i+2); ok && !utf16.IsSurrogate(r) {
				if r < utf8.RuneSelf {
					buf = append(buf, byte(r))
				} else {
					buf = utf8.AppendRune(buf, r)
				}
				i += 6
				continue
			}
		}
		end, b, n := unescapeAt(s, i)
		buf = append(buf, b[:n]...)
		i = end
	}
	return buf
}

// unescapeAt decodes the byte, or JSON escape, at s[i]: it returns where
// it ends and the n bytes it stands for.
func unescapeAt(s string, i int) (end int, b [utf8.UTFMax]byte, n int) {
	b[0] = s[i]
	if s[i] != '\\' || i+1 >= len(s) {
		return i + 1, b, 1
	}
	switch c := s[i+1]; c {
	case '"', '\\', '/':
		b[0] = c
		return i + 2, b, 1
	case 'b', 'f', 'n', 'r', 't':
		b[0] = jsonControls[strings.IndexByte(jsonControlEscapes, c)]
		return i + 2, b, 1
	case 'u':
		r, ok := hex4(s, i+2)
		end = i + 6
		switch {
		case !ok:
			return i + 1, b, 1
		case utf16.IsSurrogate(r):
			r2, ok := hex4(s, i+8)
			if !ok || s[i+6] != '\\' || s[i+7] != 'u' {
				return i + 1, b, 1
			}
			if r = utf16.DecodeRune(r, r2); r == utf8.RuneError {
				return i + 1, b, 1
			}
			end = i + 12
		}
		return end, b, utf8.EncodeRune(b[:], r)
	}
	return i + 1, b, 1
}

// The control characters JSON writes with a letter, and the letters.
const jsonControls, jsonControlEscapes = "\b\f\n\r\t", "bfnrt"

// hex4 decodes the four hex digits, of either case, at s[i:].
func hex4(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	a, b, c, d := hexValue[s[i]], hexValue[s[i+1]], hexValue[s[i+2]], hexValue[s[i+3]]
	if a|b|c|d < 0 {
		return 0, false
	}
	return rune(a)<<12 | rune(b)<<8 | rune(c)<<4 | rune(d), true
}

// hexValue holds each byte's value as a hex digit of either case, or -1.
var hexValue = func() (t [256]int8) {
	for c := range t {
		switch {
		case '0' <= c && c <= '9':
			t[c] = int8(c - '0')
		case 'a' <= c|0x20 && c|0x20 <= 'f':
			t[c] = int8(c | 0x20 - 'a' + 10)
		default:
			t[c] = -1
		}
	}
	return t
}()

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

// caseTwin returns the form that differs from form k only in the case of
// letters and comes before it, if any: both have the same start, folded.
func caseTwin(k int) (int, bool) {
	switch k {
	case formLower, formUpper:
		return formPlain, true
	case formQueryLowerHex:
		return formQuery, true
	case formPathLowerHex:
		return formPath, true
	case formHexUpper:
		return formHexLower, true
	case formJSON + jsonAllUpper:
		return formJSON + jsonAll, true
	}
	return 0, false
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
		for k := range numForms {
			set.startOf[i*numForms+k] = -1
			if !formDiffers(k, has) {
				continue
			}
			set.bound += formBound(k, len(v), urlBytes, escBytes)
			longest = max(longest, formBound(k, len(v), urlBytes, escBytes))
			// The bytes of v that make the form's first startLen bytes.
			u := t
			switch k {
			case formHexLower, formHexUpper:
				u = min(t, startLen/2)
			case formBase64, formBase64Raw, formBase64URL, formBase64URLRaw:
				u = min(t, startLen/4*3)
			default:
				if k != formPlain && asWritten(k, hasStart) { // it starts as written
					set.startOf[i*numForms+k] = int32(first)
					continue
				}
			}
			if c, ok := caseTwin(k); ok { // the same start, folded
				set.startOf[i*numForms+k] = set.startOf[i*numForms+c]
				continue
			}
			f := appendForm(start[:0], v[:u], raw[:u], k)
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
		for k := range numForms {
			j := set.startOf[i*numForms+k]
			if j < 0 {
				continue
			}
			start := len(buf)
			buf = appendForm(buf, v, raw, k)
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

// The forms of a secret appendForm writes; formJSON+style for each JSON style.
const (
	formPlain = iota
	formLower
	formUpper
	formQuery
	formPath
	formQueryLowerHex // %2f rather than %2F, as .NET's HttpUtility writes
	formPathLowerHex
	formHexLower
	formHexUpper
	formBase64
	formBase64Raw
	formBase64URL
	formBase64URLRaw
	formJSON
	numForms = formJSON + jsonAllUpper + 1
)

// JSON escaping styles.
const (
	jsonPlain    = iota // only what JSON requires: " \ and control characters
	jsonSlash           // also / as \/ (PHP)
	jsonGo              // also < > & as \u003c \u003e \u0026 (Go)
	jsonNet             // + < > & ' " ` as \u00XX (.NET)
	jsonAll             // every ASCII punctuation character as \u00xx
	jsonAllUpper        // every ASCII punctuation character as \u00XX
)

// appendForm appends form k of secret v (raw is v as bytes) to buf.
func appendForm(buf []byte, v string, raw []byte, k int) []byte {
	switch k {
	case formPlain:
		return append(buf, v...)
	case formLower, formUpper:
		for i := 0; i < len(v); i++ {
			if k == formLower {
				buf = append(buf, lowerASCII(v[i]))
			} else {
				buf = append(buf, upperASCII(v[i]))
			}
		}
		return buf
	case formQuery:
		return append(buf, url.QueryEscape(v)...)
	case formPath:
		return append(buf, url.PathEscape(v)...)
	case formQueryLowerHex, formPathLowerHex:
		start := len(buf)
		if k == formQueryLowerHex {
			buf = append(buf, url.QueryEscape(v)...)
		} else {
			buf = append(buf, url.PathEscape(v)...)
		}
		for i := start; i+2 < len(buf); i++ {
			if buf[i] == '%' {
				buf[i+1], buf[i+2] = lowerASCII(buf[i+1]), lowerASCII(buf[i+2])
			}
		}
		return buf
	case formHexLower, formHexUpper:
		start := len(buf)
		buf = hex.AppendEncode(buf, raw)
		if k == formHexUpper {
			for i := start; i < len(buf); i++ {
				buf[i] = upperASCII(buf[i])
			}
		}
		return buf
	case formBase64:
		return base64.StdEncoding.AppendEncode(buf, raw)
	case formBase64Raw:
		return base64.RawStdEncoding.AppendEncode(buf, raw)
	case formBase64URL:
		return base64.URLEncoding.AppendEncode(buf, raw)
	case formBase64URLRaw:
		return base64.RawURLEncoding.AppendEncode(buf, raw)
	default:
		return appendJSON(buf, v, k-formJSON)
	}
}

// Character classes of ASCII bytes, for the forms that escape them.
const (
	classUpper = 1 << iota // A-Z
	classLower             // a-z
	classURL               // escaped in a URL query or path
	classJSON              // escaped by every JSON encoder: " \ and controls
	classSlash             // /
	classGo                // < > &, escaped by Go
	classNet               // + < > & ' " `, escaped by .NET
	classPunct             // ASCII punctuation
)

// class returns the classes of byte c.
func class(c byte) uint8 {
	switch {
	case 'A' <= c && c <= 'Z':
		return classUpper
	case 'a' <= c && c <= 'z':
		return classLower
	case '0' <= c && c <= '9':
		return 0
	case c == '-' || c == '_' || c == '.' || c == '~':
		return classPunct
	case c < 0x20:
		return classURL | classJSON
	case c == ' ':
		return classURL
	case c >= 0x7f:
		return classURL
	}
	cl := uint8(classURL | classPunct)
	switch c {
	case '"':
		cl |= classJSON | classNet
	case '\\':
		cl |= classJSON
	case '/':
		cl |= classSlash
	case '<', '>', '&':
		cl |= classGo | classNet
	case '+', '\'', '`':
		cl |= classNet
	}
	return cl
}

// classCounts returns the union of the classes of v's bytes, how many of
// them a URL escapes, and how many a JSON style may escape.
func classCounts(v string) (has uint8, urlBytes, escBytes int) {
	for i := 0; i < len(v); i++ {
		cl := class(v[i])
		has |= cl
		if cl&classURL != 0 {
			urlBytes++
		}
		if cl&(classPunct|classJSON) != 0 {
			escBytes++
		}
	}
	return has, urlBytes, escBytes
}

// formBound returns at least the length of form k of a secret of n bytes,
// urlBytes of which a URL escapes and escBytes of which a JSON style may.
func formBound(k, n, urlBytes, escBytes int) int {
	switch {
	case k <= formUpper:
		return n
	case k <= formPathLowerHex:
		return n + 2*urlBytes // %XX for a byte
	case k <= formHexUpper:
		return 2 * n
	case k <= formBase64URLRaw:
		return (n + 2) / 3 * 4
	}
	return n + 5*escBytes // \u00XX for a byte
}

// formDiffers reports whether form k of a secret whose bytes have classes
// has can differ from the secret as written.
func formDiffers(k int, has uint8) bool {
	switch k {
	case formLower:
		return has&classUpper != 0
	case formUpper:
		return has&classLower != 0
	case formQuery, formPath, formQueryLowerHex, formPathLowerHex:
		return has&classURL != 0
	case formPlain, formHexLower, formHexUpper, formBase64, formBase64Raw, formBase64URL, formBase64URLRaw:
		return true
	}
	switch k - formJSON {
	case jsonPlain:
		return has&classJSON != 0
	case jsonSlash:
		return has&classSlash != 0
	case jsonGo:
		return has&classGo != 0
	case jsonNet:
		return has&(classNet|classJSON) != 0
	default:
		return has&(classPunct|classJSON) != 0
	}
}

// asWritten reports whether form k of a text whose bytes have classes has,
// other than the text as written, is the text itself.
func asWritten(k int, has uint8) bool {
	if k >= formJSON && has&classJSON != 0 { // every JSON style escapes these
		return false
	}
	return !formDiffers(k, has)
}

// appendJSON appends v escaped for a JSON string in the given style.
func appendJSON(buf []byte, v string, style int) []byte {
	const lower, upper = "0123456789abcdef", "0123456789ABCDEF"
	for i := 0; i < len(v); i++ {
		c := v[i]
		cl := class(c)
		digits := lower
		switch {
		case style == jsonAll && cl&classPunct != 0:
		case style == jsonAllUpper && cl&classPunct != 0:
			digits = upper
		case style == jsonNet && cl&classNet != 0:
			digits = upper
		case style == jsonGo && cl&classGo != 0:
		case c == '"' || c == '\\' || style == jsonSlash && c == '/':
			buf = append(buf, '\\', c)
			continue
		case c < 0x20:
		default:
			buf = append(buf, c)
			continue
		}
		buf = append(buf, '\\', 'u', '0', '0', digits[c>>4], digits[c&0xf])
	}
	return buf
}

// Cap redacts s and cuts the result at n bytes on a UTF-8 boundary, with a
// note of how much is shown and of the size of the text. Only the part
// shown, and a margin past it that holds any secret the cut crosses, is
// redacted: the text shown is the start of the whole text redacted, so a
// cut can never leave the start of a secret behind, and the part cut away
// costs nothing. The size is the redacted text's, or, when only its start
// was redacted, the size of s.
func (r *Redactor) Cap(s string, n int) string { return capText(r, s, n) }

// CapBytes is Cap for a body as read, converting only what it shows.
func (r *Redactor) CapBytes(b []byte, n int) string { return capText(r, b, n) }

func capText[T string | []byte](r *Redactor, s T, n int) string {
	n = max(n, 0)
	if len(s) <= n { // shown whole unless replacing secrets lengthens it
		return capWhole(r.Redact(string(s)), n)
	}
	m := r.bound()
	if m == 0 { // no secrets
		shown, cut := textcut.Prefix(s, n)
		if !cut {
			return string(s)
		}
		return truncated(shown, len(s))
	}
	// Replacing a form changes the text only where the form is: the head
	// redacts like the whole text up to the place where a form crossing
	// its end begins, and each form replaced after it may have matched
	// across what the first one left, one form's length further back.
	// So the head redacts like the whole except in its last m bytes, which
	// redaction makes at most 2.5 m long ([REDACTED] for 4 bytes). The 4
	// bytes more let the cut see where a UTF-8 sequence ends.
	need := n + 4 + 3*m
	for h := need + n/32; ; { // n/32: room for the secrets replaced
		if h >= len(s) {
			return capWhole(r.Redact(string(s)), n)
		}
		head := r.Redact(string(s[:h]))
		if len(head) >= need {
			shown, _ := textcut.Prefix(head, n)
			return truncated(shown, len(s))
		}
		// Secrets replaced made the head shorter: as much longer again.
		h += (need-len(head))*h/max(len(head), 1) + m
	}
}

// capWhole cuts text, redacted whole, at n bytes, with the note.
func capWhole(text string, n int) string {
	shown, cut := textcut.Prefix(text, n)
	if !cut {
		return text
	}
	return truncated(shown, len(text))
}

// truncated is a text cut from one of size bytes, with the note saying so.
func truncated[T string | []byte](shown T, size int) string {
	return string(shown) + "\n[truncated: " + strconv.Itoa(len(shown)) + " of " + strconv.Itoa(size) + " bytes shown]"
}

// bound returns at least the length of every form of the secrets
// together: how far back from the end of a text its redaction may differ
// from that of a longer text it begins.
func (r *Redactor) bound() int {
	if len(r.secrets) == 0 {
		return 0
	}
	return r.lookup().bound
}

// jsonFieldSecrets calls add with the string value, as written and
// decoded, or the number, of every field of the JSON text doc whose key
// is in a credential position (IsSecretQueryKey), at any depth. It reads doc once, without
// checking it otherwise, and stops at a string that does not end.
func jsonFieldSecrets(doc string, add func(...string)) {
	pending := false // the field whose value comes next is a credential's
	for i := 0; i < len(doc); {
		switch c := doc[i]; c {
		case ' ', '\t', '\r', '\n':
			i++
		case '"':
			end := jsonStringEnd(doc, i)
			if end < 0 {
				return
			}
			j := end
			for j < len(doc) && (doc[j] == ' ' || doc[j] == '\t' || doc[j] == '\r' || doc[j] == '\n') {
				j++
			}
			if j < len(doc) && doc[j] == ':' { // a key
				pending = IsSecretQueryKey(jsonUnquote(doc[i:end]))
				i = j + 1
				continue
			}
			if pending {
				add(doc[i+1:end-1], jsonUnquote(doc[i:end]))
			}
			pending = false
			i = end
		case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			// A number: a PIN or a numeric key sent as one.
			end := i + 1
			for end < len(doc) && strings.IndexByte("0123456789+-.eE", doc[end]) >= 0 {
				end++
			}
			if pending {
				add(doc[i:end])
			}
			pending = false
			i = end
		default:
			pending = false
			i++
		}
	}
}

// jsonStringEnd returns the index after the JSON string that starts at
// doc[i], a quote, or -1 if it does not end.
func jsonStringEnd(doc string, i int) int {
	for j := i + 1; j < len(doc); j++ {
		switch doc[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return -1
}

// jsonUnquote returns the text of the JSON string q, quotes included, or
// its inside as written if it does not decode.
func jsonUnquote(q string) string {
	inner := q[1 : len(q)-1]
	if strings.IndexByte(inner, '\\') < 0 {
		return inner
	}
	var s string
	if json.Unmarshal([]byte(q), &s) != nil {
		return inner
	}
	return s
}
