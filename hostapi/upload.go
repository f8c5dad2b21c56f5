package hostapi

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"mime"
	"mime/multipart"
	"net/textproto"
	"slices"
	"strconv"
	"strings"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/formdata"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// Uploads: a multipart/form-data body is sent as its parts, a file
// property (format: binary, or a contentMediaType) as a file part whose
// bytes the model gives in base64; a binary body (application/octet-stream,
// an image, audio, video, a PDF or an archive, or a schema of format
// binary) is the bytes of the base64 string the model gives.

const (
	multipartType = "multipart/form-data"
	// maxParts bounds the parts of a multipart body.
	maxParts = toolkit.MaxUploadParts
)

// upload is how an endpoint's body is sent when it is not JSON or a form.
type upload struct {
	multipart bool
	raw       bool            // the body is the bytes of a base64 string
	files     map[string]bool // multipart: the properties that are files
	types     map[string]string
	max       int64
}

// fileNote is what the model reads of a file property or body.
const fileNote = "A file: its bytes in base64, or {\"data\": base64, \"filename\": ..., \"content_type\": ...}."

// fileSchema is the schema of a file the model sends.
func fileSchema(desc string) map[string]any {
	if desc = strings.TrimSpace(desc); desc != "" && !strings.HasSuffix(desc, ".") {
		desc += "."
	}
	return map[string]any{
		"description": strings.TrimSpace(desc + " " + fileNote),
		"oneOf": []any{
			map[string]any{"type": "string", "contentEncoding": "base64"},
			map[string]any{"type": "object", "required": []any{"data"}, "additionalProperties": false, "properties": map[string]any{
				"data":         map[string]any{"type": "string", "contentEncoding": "base64", "description": "the file's bytes in base64"},
				"filename":     map[string]any{"type": "string", "maxLength": toolkit.MaxFilenameBytes},
				"content_type": map[string]any{"type": "string"},
			}},
		},
	}
}

// isFileSchema reports a schema of raw bytes: format binary, or a
// contentMediaType without a contentEncoding (OpenAPI 3.1).
func isFileSchema(s map[string]any) bool {
	if s == nil {
		return false
	}
	if f, _ := s["format"].(string); f == "binary" {
		return true
	}
	_, media := s["contentMediaType"]
	_, enc := s["contentEncoding"]
	return media && !enc
}

// textOfBytes reports a string schema of bytes written as text (format
// byte, a contentEncoding): the model's string is sent as it is.
func textOfBytes(s map[string]any) bool {
	f, _ := s["format"].(string)
	_, enc := s["contentEncoding"]
	return f == "byte" || enc
}

// binaryType reports a media type whose body is bytes, not text.
func binaryType(ct string) bool {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return false
	}
	switch {
	case mt == "application/octet-stream", mt == "application/pdf", mt == "application/zip", mt == "application/gzip",
		strings.HasPrefix(mt, "image/") && mt != "image/svg+xml", strings.HasPrefix(mt, "audio/"), strings.HasPrefix(mt, "video/"):
		return true
	}
	return false
}

// newUpload returns how e's body is uploaded, and e's Body with the
// schema the model sees (files as base64), or nil when the body is JSON,
// a form or text.
func newUpload(b *Body, maxBytes int64) (*upload, *Body) {
	if b == nil {
		return nil, nil
	}
	mt, _, _ := mime.ParseMediaType(b.ContentType)
	switch {
	case mt == multipartType:
		u := &upload{multipart: true, files: map[string]bool{}, max: maxBytes}
		nb := *b
		nb.Schema = maps.Clone(b.Schema)
		if props, ok := b.Schema["properties"].(map[string]any); ok {
			props = maps.Clone(props)
			for k, v := range props {
				s, _ := v.(map[string]any)
				desc, _ := s["description"].(string)
				switch items, _ := s["items"].(map[string]any); {
				case isFileSchema(s):
					props[k] = fileSchema(desc)
					u.files[k] = true
				case s["type"] == "array" && isFileSchema(items):
					arr := maps.Clone(s)
					arr["items"] = fileSchema("")
					props[k] = arr
					u.files[k] = true
				}
			}
			nb.Schema["properties"] = props
		}
		for k, enc := range b.Encoding {
			if enc.ContentType != "" {
				if u.types == nil {
					u.types = map[string]string{}
				}
				u.types[k] = enc.ContentType
			}
		}
		return u, &nb
	case binaryType(b.ContentType) && (b.Schema == nil || isFileSchema(b.Schema) || b.Schema["type"] == "string" && !textOfBytes(b.Schema)),
		isFileSchema(b.Schema):
		nb := *b
		desc, _ := b.Schema["description"].(string)
		if desc = strings.TrimSpace(desc); desc != "" && !strings.HasSuffix(desc, ".") {
			desc += "."
		}
		nb.Schema = map[string]any{"type": "string", "contentEncoding": "base64",
			"description": strings.TrimSpace(desc + " The body's bytes (" + b.ContentType + ") in base64.")}
		return &upload{raw: true, max: maxBytes}, &nb
	}
	return nil, nil
}

// file is a file the model sent.
type file struct {
	data        []byte
	filename    string
	contentType string
}

// decodeFile reads a file argument at field: a base64 string or an
// object with data, filename and content_type.
func decodeFile(field string, v any, max int64) (file, string) {
	var f file
	var text string
	switch x := v.(type) {
	case string:
		text = x
	case map[string]any:
		text, _ = x["data"].(string)
		f.filename, _ = x["filename"].(string)
		f.contentType, _ = x["content_type"].(string)
		if f.contentType != "" {
			if !formdata.ValidType(f.contentType) {
				return f, fmt.Sprintf("parameter %s: content_type %s is not a media type", strconv.Quote(field), strconv.Quote(f.contentType))
			}
		}
	default:
		return f, fmt.Sprintf("parameter %s must be a file: its bytes in base64", strconv.Quote(field))
	}
	if n := base64Chars(text) / 4 * 3; n > max+3 {
		return f, fmt.Sprintf("parameter %s: the file has about %d bytes, over the limit of %d (Options.MaxUploadBytes)", strconv.Quote(field), n, max)
	}
	data, err := formdata.Decode(formdata.Base64(text))
	if err != nil {
		return f, fmt.Sprintf("parameter %s is not valid base64 (%v); send the file's bytes in base64", strconv.Quote(field), err)
	}
	if int64(len(data)) > max {
		return f, fmt.Sprintf("parameter %s: the file has %d bytes, over the limit of %d (Options.MaxUploadBytes)", strconv.Quote(field), len(data), max)
	}
	f.data = data
	return f, ""
}

// base64Chars counts the base64 characters of s as formdata.Base64 reads
// it: without a data: URL's prefix or white space, so that a file at the
// limit, sent wrapped in lines, is not refused before it is decoded.
func base64Chars(s string) int64 {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "data:") {
		if _, after, ok := strings.Cut(s, ";base64,"); ok {
			s = after
		}
	}
	n := int64(len(s))
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\r', '\n', '\v', '\f':
			n--
		}
	}
	return n
}

// encode writes a validated body; the second result is its Content-Type.
func (u *upload) encode(v any) ([]byte, string, string) {
	if u.raw {
		f, problem := decodeFile("body", v, u.max)
		return f.data, "", problem
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, "", `parameter "body" must be an object of form fields (content type ` + multipartType + ")"
	}
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	parts := 0
	for _, k := range slices.Sorted(maps.Keys(m)) {
		field := "body." + k
		values, isList := m[k].([]any)
		if !isList || !u.files[k] && !scalars(values) {
			values = []any{m[k]}
		}
		for _, x := range values {
			if parts++; parts > maxParts {
				return nil, "", fmt.Sprintf(`parameter "body": over %d parts`, maxParts)
			}
			h := textproto.MIMEHeader{}
			var data []byte
			ct := u.types[k]
			if u.files[k] {
				f, problem := decodeFile(field, x, u.max)
				if problem != "" {
					return nil, "", problem
				}
				name := cmp.Or(f.filename, k)
				if len(name) > toolkit.MaxFilenameBytes {
					return nil, "", fmt.Sprintf("parameter %s: the file name has %d bytes; at most %d are allowed", strconv.Quote(field), len(name), toolkit.MaxFilenameBytes)
				}
				h.Set("Content-Disposition", `form-data; name="`+formdata.Escape(k)+`"; filename="`+formdata.Escape(name)+`"`)
				ct = cmp.Or(f.contentType, ct, "application/octet-stream")
				data = f.data
			} else {
				h.Set("Content-Disposition", `form-data; name="`+formdata.Escape(k)+`"`)
				if s, ok := toolkit.ScalarText(x); ok {
					data = []byte(s)
				} else if x != nil {
					data, _ = jsonstr.Marshal(x)
					ct = cmp.Or(ct, "application/json") // OpenAPI's default for an object
				}
			}
			if ct != "" {
				h.Set("Content-Type", ct)
			}
			pw, _ := w.CreatePart(h) // writes to a bytes.Buffer
			pw.Write(data)
			if int64(buf.Len()) > u.max {
				return nil, "", fmt.Sprintf(`parameter "body": over %d bytes (Options.MaxUploadBytes)`, u.max)
			}
		}
	}
	w.Close()
	return buf.Bytes(), w.FormDataContentType(), ""
}

func scalars(xs []any) bool {
	for _, x := range xs {
		if _, ok := toolkit.ScalarText(x); !ok {
			return false
		}
	}
	return true
}
