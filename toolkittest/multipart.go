package toolkittest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"mime/multipart"
	"strings"
	"unicode/utf8"

	"github.com/toolkit-sdk/toolkit"
)

// A multipart/form-data request body (an upload) is matched on its parts,
// not its bytes: its boundary is chosen at random for each request. Each
// part is compared by its name, file name, Content-Type and content; a
// part that is not UTF-8 text (a file) by its length and a SHA-256 of its
// bytes, taken between the [REDACTED] marks of a recording, which match
// any secret there, as in text.

// maxMatchParts bounds the parts read of a body to match.
const maxMatchParts = toolkit.MaxUploadParts + 1

// multipartParts returns the canonical text of a multipart body, whose
// first line is its boundary; ok is false for any other body.
func multipartParts(body string) (string, bool) {
	line, _, ok := strings.Cut(body, "\r\n")
	if !ok || !strings.HasPrefix(line, "--") || len(line) < 3 || len(line) > 72 {
		return "", false
	}
	mr := multipart.NewReader(strings.NewReader(body), line[2:])
	var b strings.Builder
	for n := 0; n < maxMatchParts; n++ {
		p, err := mr.NextPart()
		if err == io.EOF {
			return b.String(), n > 0
		}
		if err != nil {
			return "", false
		}
		data, err := io.ReadAll(p)
		if err != nil {
			return "", false
		}
		fmt.Fprintf(&b, "part %q", p.FormName())
		if fn := p.FileName(); fn != "" {
			fmt.Fprintf(&b, " filename=%q", fn)
		}
		if ct := p.Header.Get("Content-Type"); ct != "" {
			fmt.Fprintf(&b, " type=%s", ct)
		}
		b.WriteByte('\n')
		if utf8.Valid(data) {
			b.Write(data)
		} else {
			segs := strings.Split(string(data), toolkit.Redacted)
			for i, s := range segs {
				if i > 0 {
					b.WriteString(toolkit.Redacted)
				}
				sum := sha256.Sum256([]byte(s))
				fmt.Fprintf(&b, "[%d bytes sha256:%s]", len(s), hex.EncodeToString(sum[:8]))
			}
		}
		b.WriteByte('\n')
	}
	return "", false
}
