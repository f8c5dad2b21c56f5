// Package formdata holds what the multipart/form-data and binary bodies
// written from a model's arguments share, in tool files (package toolkit)
// and in the host API (package hostapi): the base64 a model sends files
// in, and the escaping of names and types in a part's header (RFC 7578).
package formdata

import (
	"encoding/base64"
	"errors"
	"fmt"
	"mime"
	"strings"
	"unicode"
)

// Base64 returns the base64 text of s and its encoding: standard or
// URL-safe, padded or not, a data: URL's prefix and white space dropped.
func Base64(s string) (string, *base64.Encoding) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "data:") {
		if _, after, ok := strings.Cut(s, ";base64,"); ok {
			s = after
		}
	}
	has := func(chars string) bool { // IndexByte is vectorized; IndexAny is not
		for i := 0; i < len(chars); i++ {
			if strings.IndexByte(s, chars[i]) >= 0 {
				return true
			}
		}
		return false
	}
	if has(" \t\r\n") {
		s = strings.Map(dropSpace, s) // one copy; Fields would add a string header per run
	}
	enc := base64.StdEncoding
	if has("-_") {
		enc = base64.URLEncoding
	}
	if !strings.HasSuffix(s, "=") && len(s)%4 != 0 {
		enc = enc.WithPadding(base64.NoPadding)
	}
	return s, enc
}

// Decode decodes the base64 text of Base64.
func Decode(text string, enc *base64.Encoding) ([]byte, error) {
	return DecodeInto(make([]byte, enc.DecodedLen(len(text))), text, enc)
}

// DecodeInto decodes the base64 text of Base64 into dst, which has room
// for enc.DecodedLen(len(text)) bytes, and returns the bytes written. The
// text is read 4 KiB at a time, never copied whole; it accepts and refuses
// what enc.DecodeString does, and an error (DecodeError's) names the bad
// byte's offset in the text.
func DecodeInto(dst []byte, text string, enc *base64.Encoding) ([]byte, error) {
	var chunk [4096]byte // whole quanta: only the last chunk may end in a fragment
	n := 0
	for at := 0; at < len(text); {
		k := copy(chunk[:], text[at:])
		m, err := enc.Decode(dst[n:], chunk[:k])
		n += m
		var ce base64.CorruptInputError
		if errors.As(err, &ce) {
			err = ce + base64.CorruptInputError(at) // the offset in the text
		} else if err == nil && at+k < len(text) && m < k/4*3 {
			err = base64.CorruptInputError(at + k) // text after the padding
		}
		if err != nil {
			return nil, DecodeError(err)
		}
		at += k
	}
	return dst[:n], nil
}

// DecodeError is a base64 decoder's error as the model reads it: a bad
// byte named by its offset in the text of Base64.
func DecodeError(err error) error {
	var ce base64.CorruptInputError
	if errors.As(err, &ce) {
		return fmt.Errorf("illegal base64 data at input byte %d", int64(ce))
	}
	return err
}

// dropSpace drops white space from base64 text (strings.Map).
func dropSpace(r rune) rune {
	if unicode.IsSpace(r) {
		return -1
	}
	return r
}

// escaper escapes a form-data parameter's value (RFC 7578, 4.2) as
// mime/multipart does: backslash and quote by a backslash, CR and LF
// percent-encoded, as they would end the header line (or the header); NUL
// too (some servers end a name at it).
var escaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\r", "%0D", "\n", "%0A", "\x00", "%00")

// Escape escapes a part's name or file name for its Content-Disposition.
func Escape(s string) string { return escaper.Replace(s) }

// ValidType reports a media type that can be a part's Content-Type:
// mime.ParseMediaType trims white space, CR and LF included, around a
// type, which would end the part's header line, so control characters are
// refused too.
func ValidType(s string) bool {
	_, _, err := mime.ParseMediaType(s)
	return err == nil && !strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f })
}
