package search

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// A queryWord is a term of a query with the query words it stands for
// (one, or two for a compound of adjacent words: "look up", "log in").
type queryWord struct {
	term     string
	words    uint64  // bits of the words it stands for
	weight   float64 // 1, less for a number
	compound bool
}

// numberWeight is the weight of a query word of digits only: "PROJ-42",
// "12345" or "100 dollars" rarely say which capability is wanted.
const numberWeight = 0.2

// MaxQueryBytes is how much of a query is analysed: the words of its
// first MaxQueryBytes bytes (a word the cut would split is left out; a
// CJK run is cut between characters). A query is a few words; a longer
// one (a long message, a model's megabyte) costs no more than this, and
// only its most informative words are looked up (maxInformative).
const MaxQueryBytes = 4096

// maxEchoBytes is how much of a query an answer echoes (AppendQuery).
const maxEchoBytes = 256

// maxQueryWords is how many words of a query are looked up, all of them
// up to that: as many as the bits of a document's matched words.
const maxQueryWords = 64

// QueryPrefix is the part of q that is analysed (see MaxQueryBytes), and
// whether that is less than q.
func QueryPrefix(q string) (string, bool) {
	p, cut := textcut.Prefix(q, MaxQueryBytes)
	if !cut {
		return q, false
	}
	if next, _ := utf8.DecodeRuneInString(q[len(p):]); inWord(next) {
		p = strings.TrimRightFunc(p, inWord)
	}
	return p, true
}

// inWord reports a letter or digit of a word that eachWord would not
// split (CJK text is split into bigrams anyway).
func inWord(r rune) bool {
	return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !isCJK(r)
}

// parseQuery returns the words of a query — its terms without stop words
// and the words of a request ("please show me"), then the compounds of
// adjacent words — and the bits of the words that count for coordination
// (all but numbers, unless the query is only numbers). It reads the
// query's QueryPrefix. A query of more than longQuery terms (a long
// message) is reduced to its maxInformative most informative ones (see
// informative), df giving a term's document frequency (nil: none known).
func parseQuery(q string, df func(t string) int) (words []queryWord, counted uint64) {
	q, _ = QueryPrefix(q)
	// A query is a few words: their lists start on the stack.
	var rawBuf, termBuf [16]string
	var termRawBuf [16]int32
	var rawBitsBuf [16]uint64
	raw := rawBuf[:0]         // ASCII words, lower-cased, stop words kept; "" between runs
	terms := termBuf[:0]      // the terms, stop words left out
	termRaw := termRawBuf[:0] // by term: its word in raw, -1 for CJK
	eachWord(q, func(w string, cjk, _ bool) {
		if cjk {
			raw = append(raw, "")
			for _, t := range appendBigrams(nil, w) {
				terms, termRaw = append(terms, t), append(termRaw, -1)
			}
			return
		}
		w = strings.ToLower(w)
		raw = append(raw, w)
		if t := stem(w); !stopWords[w] && !queryStopWords[t] {
			terms, termRaw = append(terms, t), append(termRaw, int32(len(raw)-1))
		}
	})
	var keep []bool // by term, for a long query
	long := len(terms) > longQuery
	if long {
		keep = informative(terms, df)
	}
	var numbers uint64
	var rawBits []uint64 // the word bit of each raw word (0 for a stop word)
	if len(raw) <= len(rawBitsBuf) {
		rawBits = rawBitsBuf[:len(raw)]
	} else {
		rawBits = make([]uint64, len(raw))
	}
	for i, t := range terms {
		if len(words) >= maxQueryWords {
			break
		}
		if long && !keep[i] {
			continue
		}
		bit := uint64(1) << len(words)
		w := queryWord{term: t, words: bit, weight: float64(termWeight(t))}
		if isDigits(t) {
			w.weight *= numberWeight
			numbers |= bit
		}
		words = append(words, w)
		if termRaw[i] >= 0 {
			rawBits[termRaw[i]] = bit
		}
	}
	n := len(words)
	// A file's name ("notes.txt", "main.go") asks about a file.
	if exts := fileExtensions(q); len(exts) > 0 {
		for i, w := range raw {
			if rawBits[i] != 0 && slices.Contains(exts, w) {
				words = append(words, queryWord{term: "file", words: rawBits[i], weight: fileNameWeight, compound: true})
				break
			}
		}
	}
	for i := 0; i+1 < len(raw); i++ {
		a, b := raw[i], raw[i+1]
		if a == "" || b == "" || !isASCIIWord(a) || !isASCIIWord(b) || rawBits[i]|rawBits[i+1] == 0 || long && (rawBits[i] == 0 || rawBits[i+1] == 0) {
			continue
		}
		if t := stem(a + b); !stopWords[a+b] {
			words = append(words, queryWord{term: t, words: rawBits[i] | rawBits[i+1], weight: 1, compound: true})
		}
	}
	all := uint64(1)<<min(n, 64) - 1
	if n >= 64 {
		all = ^uint64(0)
	}
	counted = all &^ numbers
	if counted == 0 {
		counted = all
	}
	return words, counted
}

// A query of more than longQuery terms (stop words left out) is long:
// only its maxInformative most informative terms are looked up (see
// informative).
const (
	longQuery      = 16
	maxInformative = 8
)

// informative chooses the maxInformative most informative of a long
// query's terms, each once: words found in fewer documents first, then
// numbers (by the same rule), then terms no document holds (a misspelling
// may still find something), ties in the query's order. A long message
// ("Hi, sorry for the long message… here is what I need: …") says what it
// wants in the words rarest in the catalog; its chatter, in common words
// or in none, is left out.
func informative(terms []string, df func(string) int) []bool {
	type cand struct {
		at, class, df int
	}
	var cands []cand
	seen := make(map[string]bool, len(terms))
	for i, t := range terms {
		if seen[t] {
			continue
		}
		seen[t] = true
		c := cand{at: i}
		if df != nil {
			c.df = df(t)
		}
		switch {
		case c.df == 0:
			c.class = 2
		case isDigits(t):
			c.class = 1
		}
		cands = append(cands, c)
	}
	slices.SortFunc(cands, func(a, b cand) int {
		if a.class != b.class {
			return a.class - b.class
		}
		if a.df != b.df {
			return a.df - b.df
		}
		return a.at - b.at
	})
	keep := make([]bool, len(terms))
	for _, c := range cands[:min(len(cands), maxInformative)] {
		keep[c.at] = true
	}
	return keep
}

// fileNameWeight is the weight of "file" that a file's name in a query
// stands for.
const fileNameWeight = 0.5

// knownExtensions are the extensions of file names a query may hold.
var knownExtensions = set("txt md json yaml yml toml csv tsv pdf doc docx xls xlsx ppt pptx odt rtf png jpg jpeg gif svg webp " +
	"mp3 mp4 wav mov avi zip tar gz tgz py go js ts tsx jsx java rb rs c h cpp cs php html css xml log sh sql ini conf cfg")

// fileExtensions returns the lower-cased extensions of the file names in
// q: a known extension after a dot that follows a letter or digit
// ("report.docx", "src/main.go"), and not followed by one.
func fileExtensions(q string) []string {
	var out []string
	for i := 1; i < len(q)-1; i++ {
		if q[i] != '.' || !isASCIIAlnum(q[i-1]) {
			continue
		}
		j := i + 1
		for j < len(q) && isASCIIAlnum(q[j]) {
			j++
		}
		if j < len(q) && (q[j] >= utf8.RuneSelf || q[j] == '_') {
			continue
		}
		if ext := strings.ToLower(q[i+1 : j]); knownExtensions[ext] && !slices.Contains(out, ext) {
			out = append(out, ext)
		}
	}
	return out
}

func isASCIIAlnum(c byte) bool { return isASCIILetter(c) || c >= '0' && c <= '9' }

func isDigits(t string) bool {
	for i := 0; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return false
		}
	}
	return t != ""
}

// coordination is the share of the counted query words a document matched.
func coordination(matched, counted uint64) float64 {
	return float64(bits.OnesCount64(matched&counted)) / float64(bits.OnesCount64(counted))
}

// Morphological variants: a query word also finds indexed words of its
// family — the same word with a derivational suffix ("assign",
// "assignment"; "creat", "creation"), or sharing a long stem
// ("subscrib", "subscription") — and, when it is not indexed itself, its
// base without a "re" or "un" prefix ("reassign", "unarchive").
const variantWeight = 0.7

// derivational are the suffixes of derived words, as stem leaves them.
var derivational = set("ment ion ation er or al anc enc ity abl ibl ness iz ly")

// related reports whether two stems are of one family.
func related(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) >= 4 && strings.HasPrefix(b, a) && derivational[b[len(a):]] {
		return true
	}
	return len(a) >= 8 && commonPrefix(a, b) >= 7
}

func commonPrefix(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// familyKey is the key of a term in Index.family: its first four letters.
func familyKey(t string) (string, bool) {
	if len(t) < 4 || len(t) > 24 || !isASCIIWord(t) {
		return "", false
	}
	return t[:4], true
}

// variants calls f with the indexed words of t's family (see
// variantWeight), t itself left out.
func (ix *Index) variants(t string, f func(string)) {
	if _, ok := ix.postings[t]; !ok {
		for _, p := range [...]struct {
			prefix string
			min    int
		}{{"re", 6}, {"un", 5}} {
			if base := strings.TrimPrefix(t, p.prefix); len(base) < len(t) && len(base) >= p.min {
				if ix.isWord(base) {
					f(base)
				}
				ix.family(base, t, f)
			}
		}
	}
	ix.family(t, t, f)
}

func (ix *Index) family(t, skip string, f func(string)) {
	k, ok := familyKey(t)
	if !ok {
		return
	}
	for _, c := range ix.families[k] {
		if c != t && c != skip && related(t, c) && ix.isWord(c) {
			f(c)
		}
	}
}

// AppendQuery appends `"keyword":q` to a JSON answer: q, or its first
// maxEchoBytes and "…", and when less than q was analysed (QueryPrefix),
// a "keyword_cut" member saying how much was searched, so an answer
// echoes at most maxEchoBytes of a query whatever its size.
//
// The echo is bounded as the answer holds it, escaped as JSON: of a
// query of control characters (six bytes each escaped) it shows as many
// as maxEchoBytes escaped bytes hold, and "…".
func AppendQuery(b []byte, q string) []byte {
	p, cut := QueryPrefix(q)
	echo := echoPrefix(p)
	if !cut && echo == p {
		return jsonstr.Append(append(b, `"keyword":`...), q)
	}
	b = jsonstr.Append(append(b, `"keyword":`...), echo+"…")
	if !cut {
		return b
	}
	return fmt.Appendf(b, `,"keyword_cut":"only the first %s of the keyword's %s bytes were searched"`,
		textcut.Count(len(p)), textcut.Count(len(q)))
}

// echoPrefix is the longest prefix of p, whole runes, that JSON escapes
// to at most maxEchoBytes bytes.
func echoPrefix(p string) string {
	if len(p) <= maxEchoBytes && len(jsonstr.Append(nil, p)) <= maxEchoBytes+2 {
		return p
	}
	var buf [16]byte
	n := 0
	for i := 0; i < len(p); {
		_, size := utf8.DecodeRuneInString(p[i:])
		// The rune's bytes as they are: an invalid byte is escaped as
		// \ufffd, six bytes, not as the three of utf8.RuneError.
		n += len(jsonstr.AppendContent(buf[:0], p[i:i+size]))
		if n > maxEchoBytes {
			return p[:i]
		}
		i += size
	}
	return p
}
