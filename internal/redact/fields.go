package redact

import (
	"encoding/json"
	"strings"

	"github.com/toolkit-sdk/toolkit/internal/jsontok"
)

// JSONFieldSecrets calls add with the string value, as written and
// decoded, or the number, of every field of the JSON text doc whose key
// is in a credential position (IsSecretQueryKey), at any depth. It reads doc once, without
// checking it otherwise, and stops at a string that does not end.
func JSONFieldSecrets(doc string, add func(...string)) {
	pending := false // the field whose value comes next is a credential's
	for i := 0; i < len(doc); {
		switch c := doc[i]; c {
		case ' ', '\t', '\r', '\n':
			i++
		case '"':
			end, ok := jsontok.QuotedString(doc, i)
			if !ok {
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
