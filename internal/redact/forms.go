package redact

import (
	"encoding/base64"
	"encoding/hex"
	"net/url"
	"strings"
)

// form is one way a server may write a secret back: each is one entry of
// forms, which holds everything Redact needs to know of it. A new form is
// a new entry; its place in the table matters only to its twin (earlier),
// and the first entry stays the secret as written.
type form struct {
	name string
	// write appends the form of secret v (raw is v as bytes) to buf.
	write func(buf []byte, v string, raw []byte) []byte
	// size returns at least the length of the form of a secret of n
	// bytes, urlBytes of which a URL escapes and escBytes of which a JSON
	// style may: Cap's margin, and so the cut's safety, rests on it.
	size func(n, urlBytes, escBytes int) int
	// when: the form is made for a secret holding a byte of one of these
	// classes; for any other it is the secret as written (or another
	// form). classAny: for every secret.
	when class
	// json: a JSON style, which escapes " \ and the control characters
	// (classJSON) whatever when says.
	json bool
	// from bounds how many bytes of a secret make the form's first
	// startLen bytes (0: startLen, a form at least as long as the secret).
	from int
	// twin names the form before this one that it differs from only in
	// the case of letters: both have the same start, folded.
	twin string
}

// forms are the forms of a secret Redact replaces. The first is the
// secret as written: a form that starts as written shares its start.
var forms = [...]form{
	{name: "plain", write: appendPlain, size: sameSize, when: classAny},
	{name: "lower", write: appendLower, size: sameSize, when: classUpper, twin: "plain"},
	{name: "upper", write: appendUpper, size: sameSize, when: classLower, twin: "plain"},
	{name: "query", write: appendQuery, size: urlSize, when: classURL},
	{name: "path", write: appendPath, size: urlSize, when: classURL},
	// %2f rather than %2F, as .NET's HttpUtility writes
	{name: "query, lower-case hex", write: lowerHexAfter(appendQuery), size: urlSize, when: classURL, twin: "query"},
	{name: "path, lower-case hex", write: lowerHexAfter(appendPath), size: urlSize, when: classURL, twin: "path"},
	// RFC 3986's percent-encoding of a component: every byte but the
	// unreserved ones, a space as %20 (RFC 6570's expansion, which hostapi
	// sends a query as; Python's quote, .NET's Uri.EscapeDataString),
	{name: "component", write: appendComponent, size: urlSize, when: classURL},
	{name: "component, lower-case hex", write: lowerHexAfter(appendComponent), size: urlSize, when: classURL, twin: "component"},
	// and with ! ' ( ) * kept, as JavaScript's encodeURIComponent writes it.
	{name: "encodeURIComponent", write: appendURIComponent, size: urlSize, when: classURL},
	{name: "hex", write: appendHex, size: hexSize, when: classAny, from: startLen / 2},
	{name: "hex, upper case", write: appendHexUpper, size: hexSize, when: classAny, from: startLen / 2, twin: "hex"},
	{name: "base64", write: base64Form(base64.StdEncoding), size: base64Size, when: classAny, from: startLen / 4 * 3},
	{name: "base64, unpadded", write: base64Form(base64.RawStdEncoding), size: base64Size, when: classAny, from: startLen / 4 * 3},
	{name: "base64url", write: base64Form(base64.URLEncoding), size: base64Size, when: classAny, from: startLen / 4 * 3},
	{name: "base64url, unpadded", write: base64Form(base64.RawURLEncoding), size: base64Size, when: classAny, from: startLen / 4 * 3},
	// JSON styles: only what JSON requires (" \ and control characters),
	{name: "JSON", write: jsonStyle(jsonPlain), size: jsonSize, when: classJSON, json: true},
	// also / as \/ (PHP),
	{name: "JSON, PHP", write: jsonStyle(jsonSlash), size: jsonSize, when: classSlash, json: true},
	// also < > & as \u003c \u003e \u0026 (Go),
	{name: "JSON, Go", write: jsonStyle(jsonGo), size: jsonSize, when: classGo, json: true},
	// + < > & ' " ` as \u00XX (.NET),
	{name: "JSON, .NET", write: jsonStyle(jsonNet), size: jsonSize, when: classNet | classJSON, json: true},
	// every ASCII punctuation character as \u00xx or \u00XX.
	{name: "JSON, all punctuation", write: jsonStyle(jsonAll), size: jsonSize, when: classPunct | classJSON, json: true},
	{name: "JSON, all punctuation, upper-case hex", write: jsonStyle(jsonAllUpper), size: jsonSize, when: classPunct | classJSON, json: true, twin: "JSON, all punctuation"},
}

// numForms is how many forms a secret has.
const numForms = len(forms)

// twins holds the index of each form's twin, or -1.
var twins = func() (t [numForms]int) {
	for k, f := range forms {
		t[k] = -1
		for c := range k {
			if f.twin != "" && forms[c].name == f.twin {
				t[k] = c
			}
		}
		if f.twin != "" && t[k] < 0 {
			panic("redact: form " + f.name + ": its twin " + f.twin + " is not a form before it")
		}
	}
	return t
}()

// differs reports whether form f of a secret whose bytes have classes has
// can differ from the secret as written.
func (f *form) differs(has class) bool { return has&f.when != 0 }

// asWritten reports whether form f of a text whose bytes have classes has,
// other than the text as written, is the text itself.
func (f *form) asWritten(has class) bool {
	if f.json && has&classJSON != 0 { // every JSON style escapes these
		return false
	}
	return !f.differs(has)
}

func sameSize(n, _, _ int) int        { return n }
func urlSize(n, urlBytes, _ int) int  { return n + 2*urlBytes } // %XX for a byte
func hexSize(n, _, _ int) int         { return 2 * n }
func base64Size(n, _, _ int) int      { return (n + 2) / 3 * 4 }
func jsonSize(n, _, escBytes int) int { return n + 5*escBytes } // \u00XX for a byte

func appendPlain(buf []byte, v string, _ []byte) []byte { return append(buf, v...) }

func appendLower(buf []byte, v string, _ []byte) []byte {
	for i := 0; i < len(v); i++ {
		buf = append(buf, lowerASCII(v[i]))
	}
	return buf
}

func appendUpper(buf []byte, v string, _ []byte) []byte {
	for i := 0; i < len(v); i++ {
		buf = append(buf, upperASCII(v[i]))
	}
	return buf
}

func appendQuery(buf []byte, v string, _ []byte) []byte { return append(buf, url.QueryEscape(v)...) }
func appendPath(buf []byte, v string, _ []byte) []byte  { return append(buf, url.PathEscape(v)...) }

// appendComponent appends v with every byte but the unreserved ones
// (RFC 3986: letters, digits, - . _ ~) as %XX.
func appendComponent(buf []byte, v string, _ []byte) []byte { return appendEscaped(buf, v, "") }

// appendURIComponent appends v as JavaScript's encodeURIComponent writes
// it: as appendComponent, but ! ' ( ) * as they are.
func appendURIComponent(buf []byte, v string, _ []byte) []byte {
	return appendEscaped(buf, v, "!'()*")
}

// appendEscaped appends v with every byte but the unreserved ones and
// those of keep as %XX.
func appendEscaped(buf []byte, v, keep string) []byte {
	const upperHex = "0123456789ABCDEF"
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '.', c == '_', c == '~',
			strings.IndexByte(keep, c) >= 0:
			buf = append(buf, c)
		default:
			buf = append(buf, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	return buf
}

// lowerHexAfter is write with the hex digits of its %XX escapes lowered.
func lowerHexAfter(write func([]byte, string, []byte) []byte) func([]byte, string, []byte) []byte {
	return func(buf []byte, v string, raw []byte) []byte {
		start := len(buf)
		buf = write(buf, v, raw)
		for i := start; i+2 < len(buf); i++ {
			if buf[i] == '%' {
				buf[i+1], buf[i+2] = lowerASCII(buf[i+1]), lowerASCII(buf[i+2])
			}
		}
		return buf
	}
}

// base64Form writes a secret in enc.
func base64Form(enc *base64.Encoding) func([]byte, string, []byte) []byte {
	return func(buf []byte, _ string, raw []byte) []byte { return enc.AppendEncode(buf, raw) }
}

func appendHex(buf []byte, _ string, raw []byte) []byte { return hex.AppendEncode(buf, raw) }

func appendHexUpper(buf []byte, v string, raw []byte) []byte {
	start := len(buf)
	buf = hex.AppendEncode(buf, raw)
	for i := start; i < len(buf); i++ {
		buf[i] = upperASCII(buf[i])
	}
	return buf
}

// JSON escaping styles.
const (
	jsonPlain    = iota // only what JSON requires: " \ and control characters
	jsonSlash           // also / as \/ (PHP)
	jsonGo              // also < > & as \u003c \u003e \u0026 (Go)
	jsonNet             // + < > & ' " ` as \u00XX (.NET)
	jsonAll             // every ASCII punctuation character as \u00xx
	jsonAllUpper        // every ASCII punctuation character as \u00XX
)

// jsonStyle writes a secret escaped for a JSON string in style.
func jsonStyle(style int) func([]byte, string, []byte) []byte {
	return func(buf []byte, v string, _ []byte) []byte { return appendJSON(buf, v, style) }
}

// Character classes of ASCII bytes, for the forms that escape them.
type class uint16

const (
	classUpper class = 1 << iota // A-Z
	classLower                   // a-z
	classURL                     // escaped in a URL query or path
	classJSON                    // escaped by every JSON encoder: " \ and controls
	classSlash                   // /
	classGo                      // < > &, escaped by Go
	classNet                     // + < > & ' " `, escaped by .NET
	classPunct                   // ASCII punctuation
	// classAny is a class of every secret, whatever its bytes: a form
	// kept when it holds a byte of classAny is kept for every secret.
	classAny
)

// class returns the classes of byte c.
func classOf(c byte) class {
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
	cl := classURL | classPunct
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
func classCounts(v string) (has class, urlBytes, escBytes int) {
	has = classAny
	for i := 0; i < len(v); i++ {
		cl := classOf(v[i])
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

// appendJSON appends v escaped for a JSON string in the given style.
func appendJSON(buf []byte, v string, style int) []byte {
	const lower, upper = "0123456789abcdef", "0123456789ABCDEF"
	for i := 0; i < len(v); i++ {
		c := v[i]
		cl := classOf(c)
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
