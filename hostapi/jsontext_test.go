package hostapi

import "strings"

// jsonText writes the random JSON texts of the readers' and decoders'
// tests (kinText, schemaText, opText).
type jsonText struct{ strings.Builder }

// object writes an object of n members, each written by member (its
// key, then its value).
func (w *jsonText) object(n int, member func()) { w.each('{', '}', n, member) }

// list writes a list of n elements, each written by elem.
func (w *jsonText) list(n int, elem func()) { w.each('[', ']', n, elem) }

func (w *jsonText) each(open, close byte, n int, f func()) {
	w.WriteByte(open)
	for i := range n {
		if i > 0 {
			w.WriteByte(',')
		}
		f()
	}
	w.WriteByte(close)
}

// key writes a member's key, k written as it is between quotes.
func (w *jsonText) key(k string) {
	w.WriteByte('"')
	w.WriteString(k)
	w.WriteString(`":`)
}
