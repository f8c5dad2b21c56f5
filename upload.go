package toolkit

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/textproto"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/toolkit-sdk/toolkit/internal/formdata"
	"github.com/toolkit-sdk/toolkit/template"
)

// Uploads: a step's body: may be a mapping that sends a file, alone (file:,
// a raw body) or as parts of a multipart/form-data body (multipart:, RFC
// 7578). A file's bytes come from a parameter whose format says how the
// model passes them (base64, or the handle of a blob in the BlobStore),
// or from a per-call value the host passes with WithBytes or WithReader.

// Upload limits.
const (
	// DefaultMaxUploadBytes is Options.MaxUploadBytes' default: 32 MiB.
	DefaultMaxUploadBytes = 32 << 20
	// MaxUploadParts bounds the parts of a multipart body.
	MaxUploadParts = 64
	// MaxFilenameBytes bounds a part's name and file name.
	MaxFilenameBytes = 1 << 10
)

// Parameter formats (Param.Format): how a string parameter carries a
// file's bytes.
const (
	// FormatBase64 is a file's bytes in base64 (standard or URL-safe,
	// padded or not; a data: URL's prefix is dropped), decoded by the
	// library before they are sent.
	FormatBase64 = "base64"
	// FormatBlob is the handle of a blob in the Executor's BlobStore (a
	// body an earlier call kept, Part.Handle), of the call's cache scope.
	FormatBlob = "blob"
)

// ErrUploadTooLarge reports an upload body over Options.MaxUploadBytes.
var ErrUploadTooLarge = errors.New("upload too large")

// uploadSpec is a step's body that sends files: a multipart body (parts)
// or one file as the whole body (file).
type uploadSpec struct {
	parts []uploadPart // multipart/form-data; nil: file
	file  *uploadPart  // the raw body: its file and content type
}

// uploadPart is a part of a multipart body, or the raw body of file:.
type uploadPart struct {
	name        string             // the form field's name
	value       *template.Template // a field's text; nil for a file
	file        template.Ref       // where a file's bytes come from
	filename    *template.Template // nil: the blob's name, else none
	contentType *template.Template // nil: the blob's type, else application/octet-stream (a field's: none)
}

var (
	uploadFields = []string{"multipart", "file", "content_type"}
	partFields   = []string{"name", "value", "file", "filename", "content_type"}
)

// upload compiles a body: mapping.
func (c *compiler) upload(s *step, n ast.Node, path string) {
	fields, ok := c.mapping(n, path, uploadFields)
	if !ok {
		return
	}
	u := &uploadSpec{}
	var multi, file, ct ast.Node
	for _, f := range fields {
		switch f.key {
		case "multipart":
			multi = f.value
		case "file":
			file = f.value
		case "content_type":
			ct = f.value
		}
	}
	switch {
	case multi != nil && file != nil:
		c.errorf(n, path, "set multipart or file, not both")
		return
	case multi == nil && file == nil:
		c.errorf(n, path, "a body mapping sends a file: set multipart (a list of parts) or file (a raw body)")
		return
	case multi != nil:
		if ct != nil {
			c.errorf(ct, path+".content_type", "a multipart body's Content-Type is multipart/form-data with its boundary; set content_type on its parts")
		}
		if hasHeader(s.headers, "Content-Type") {
			c.errorf(n, path+".multipart", "a multipart body sets its own Content-Type header (with the boundary); remove headers.Content-Type")
		}
		c.multipart(u, multi, path+".multipart")
		if s.cache {
			c.warnf(multi, path+".multipart", "cache never hits: a multipart body has a new boundary on every request, and the key hashes the body")
		}
	default:
		p := uploadPart{}
		c.fileRef(&p, file, path+".file")
		if ct != nil {
			if hasHeader(s.headers, "Content-Type") {
				c.errorf(ct, path+".content_type", "set content_type or headers.Content-Type, not both")
			}
			p.contentType = c.mediaType(ct, path+".content_type")
		}
		u.file = &p
	}
	s.upload = u
}

func (c *compiler) multipart(u *uploadSpec, n ast.Node, path string) {
	items, ok := c.seq(n, path)
	if !ok {
		return
	}
	if len(items) == 0 {
		c.errorf(n, path, "must hold at least one part")
		return
	}
	if len(items) > MaxUploadParts {
		c.errorf(n, path, "%d parts; at most %d are allowed", len(items), MaxUploadParts)
		return
	}
	u.parts = make([]uploadPart, 0, len(items))
	for i, item := range items {
		ip := indexPath(path, i)
		fields, ok := c.mapping(item, ip, partFields)
		if !ok {
			continue
		}
		var p uploadPart
		var value, file, filename ast.Node
		for _, f := range fields {
			fp := ip + "." + f.key
			switch f.key {
			case "name":
				if s, ok := c.str(f.value, fp); ok && c.short(f.value, fp, s, MaxFilenameBytes) {
					p.name = s
					if s == "" {
						c.errorf(f.value, fp, "must not be empty")
					}
				}
			case "value":
				value = f.value // compiled once content_type is known
			case "file":
				file = f.value
				c.fileRef(&p, f.value, fp)
			case "filename":
				filename = f.value
				if src, ok := c.str(f.value, fp); ok {
					p.filename = c.template(f.value, src, template.InHeader, fp)
				}
			case "content_type":
				p.contentType = c.mediaType(f.value, fp)
			}
		}
		if value != nil {
			if src, ok := c.str(value, ip+".value"); ok {
				p.value = c.template(value, src, partContext(p.contentType), ip+".value")
			}
		}
		switch {
		case p.name == "" && !hasField(fields, "name"):
			c.errorf(item, ip, "missing required field \"name\"")
		case value != nil && file != nil:
			c.errorf(item, ip, "set value (a field) or file (a file part), not both")
		case value == nil && file == nil:
			c.errorf(item, ip, "set value (a field's text) or file (a file part)")
		case filename != nil && file == nil:
			c.errorf(filename, ip+".filename", "only a file part has a file name")
		}
		u.parts = append(u.parts, p)
	}
}

// partContext is how a field's value template escapes its values: as its
// content_type says (JSON, a form, XML), else as text.
func partContext(ct *template.Template) template.Context {
	if ct == nil {
		return template.InText
	}
	return bodyContext("", []headerTemplate{{name: "Content-Type", value: ct}})
}

func isMapping(n ast.Node) bool {
	switch n.(type) {
	case *ast.MappingNode, *ast.MappingValueNode:
		return true
	}
	return false
}

// appendRefs appends every reference of the upload's templates and files.
func (u *uploadSpec) appendRefs(dst []template.Ref) []template.Ref {
	if u == nil {
		return dst
	}
	add := func(p *uploadPart) {
		if p.file.Name != "" {
			dst = append(dst, p.file)
		}
		for _, t := range []*template.Template{p.value, p.filename, p.contentType} {
			if t != nil {
				dst = t.AppendRefs(dst)
			}
		}
	}
	if u.file != nil {
		add(u.file)
	}
	for i := range u.parts {
		add(&u.parts[i])
	}
	return dst
}

func hasField(fields []field, key string) bool {
	for _, f := range fields {
		if f.key == key {
			return true
		}
	}
	return false
}

// fileRef reads a file: field, one reference to a parameter or a per-call
// value; the parameter's format is checked with the other references
// (checkFileRef).
func (c *compiler) fileRef(p *uploadPart, n ast.Node, path string) {
	src, ok := c.str(n, path)
	if !ok {
		return
	}
	t := c.template(n, src, template.InText, path)
	if t == nil {
		return
	}
	refs := t.AppendRefs(nil)
	if len(refs) != 1 || t.Source() != refs[0].String() || (refs[0].Source != template.Param && refs[0].Source != template.PerCall) {
		c.errorf(n, path, "must be one reference to a parameter (${param:name}, of format base64 or blob) or a per-call value (${value:name}), got %q", src)
		return
	}
	p.file = refs[0]
}

// checkFileRef checks a file: reference once the params are known: a
// parameter must say how it carries bytes (format).
func (c *compiler) checkFileRef(ref template.Ref, report func(Severity, string, ...any)) {
	if ref.Source == template.PerCall {
		if c.w.value(ref.Name) == nil {
			report(SeverityError, "%s: per-call value %q is not declared in values", ref, ref.Name)
		}
		return
	}
	if ref.Source != template.Param {
		return
	}
	for _, q := range c.w.Params {
		if q.Name == ref.Name {
			if q.Format == "" {
				report(SeverityError, "%s: parameter %q sends a file: give it format: base64 (the model sends the bytes in base64) or format: blob (a blob handle)", ref, ref.Name)
			}
			return
		}
	}
	report(SeverityError, "%s: parameter %q is not declared in params%s", ref, ref.Name, didYouMean("param", ref.Name, paramNames(c.w.Params)))
}

// mediaType compiles a content_type: a template whose literal text, if it
// has no reference, must be a media type.
func (c *compiler) mediaType(n ast.Node, path string) *template.Template {
	src, ok := c.str(n, path)
	if !ok {
		return nil
	}
	t := c.template(n, src, template.InHeader, path)
	if t != nil && t.IsLiteral() {
		if _, _, err := mime.ParseMediaType(src); err != nil {
			c.errorf(n, path, "%q is not a media type (like image/png): %v", src, err)
		}
	}
	return t
}

// paramFormat reads a parameter's format:.
func (c *compiler) paramFormat(p *Param, n ast.Node, path string) {
	s, ok := c.str(n, path)
	if !ok {
		return
	}
	switch s {
	case FormatBase64, FormatBlob:
		if p.Type != "" && p.Type != TypeString {
			c.errorf(n, path, "format %s needs type: string", s)
		}
		p.Format = s
	default:
		c.errorf(n, path, "unknown format %q; use base64 or blob", s)
	}
}

// formatNote is what the model reads about a parameter's format, after
// its description.
func formatNote(format string) string {
	switch format {
	case FormatBase64:
		return "The file's bytes in base64."
	case FormatBlob:
		return "A blob handle (blob_…) from an earlier result."
	}
	return ""
}

// callBytes is a per-call value passed as bytes (WithBytes, WithReader):
// a reader is read once, on first use, and kept for the rest of the call.
type callBytes struct {
	data []byte
	r    io.Reader
	err  error
}

// WithBytes passes a per-call value as bytes: a file a step uploads with
// file: ${value:name}. The Executor does not modify data.
func WithBytes(name string, data []byte) CallOption {
	return func(o *callOptions) {
		if o.bytes == nil {
			o.bytes = make(map[string]*callBytes)
		}
		o.bytes[name] = &callBytes{data: data}
	}
}

// WithReader passes a per-call value read from r, at most
// Options.MaxUploadBytes of it, when a step first uses it: a file a step
// uploads with file: ${value:name}. r is read once per call; a call whose
// context ends while a Read blocks returns, leaving that Read to return.
func WithReader(name string, r io.Reader) CallOption {
	return func(o *callOptions) {
		if o.bytes == nil {
			o.bytes = make(map[string]*callBytes)
		}
		o.bytes[name] = &callBytes{r: r}
	}
}

// valueBytes returns the per-call value name passed as bytes, reading a
// reader on first use; ok is false when the host passed none.
func (r *run) valueBytes(name string) ([]byte, bool, error) {
	b := r.bytes[name]
	if b == nil {
		return nil, false, nil
	}
	if b.r != nil {
		b.data, b.err = readAll(r.ctx, b.r, r.e.opts.MaxUploadBytes+1)
		b.r = nil
		if b.err == nil && int64(len(b.data)) > r.e.opts.MaxUploadBytes {
			b.data, b.err = nil, fmt.Errorf("%w: per-call value %q is over %d bytes (Options.MaxUploadBytes)", ErrUploadTooLarge, name, r.e.opts.MaxUploadBytes)
		}
		if b.err != nil && !errors.Is(b.err, ErrUploadTooLarge) {
			b.err = fmt.Errorf("reading per-call value %q: %w", name, b.err)
		}
	}
	return b.data, true, b.err
}

// readAll reads at most n bytes of rd, or stops waiting when ctx ends:
// a host's reader that blocks does not hold the call past its deadline
// (the read goes on in the background until rd returns).
func readAll(ctx context.Context, rd io.Reader, n int64) ([]byte, error) {
	if ctx.Done() == nil {
		return io.ReadAll(io.LimitReader(rd, n))
	}
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		data, err := io.ReadAll(io.LimitReader(rd, n))
		done <- result{data, err}
	}()
	select {
	case res := <-done:
		return res.data, res.err
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
}

// fileData is one file to send: its bytes, or base64 text decoded as it
// is written, and what a blob says of it.
type fileData struct {
	data     []byte
	b64      string
	enc      *base64.Encoding
	param    string // the parameter the base64 comes from, for errors
	name     string // the blob's file name
	mimeType string // the blob's media type
}

func (f *fileData) size() int64 {
	if f.enc != nil {
		t := strings.TrimRight(f.b64, "=")
		return int64(len(t)) * 6 / 8 // exact for valid base64
	}
	return int64(len(f.data))
}

// decode decodes the base64 into dst, which has room for
// f.enc.DecodedLen(len(f.b64)) bytes (formdata.DecodeInto).
func (f *fileData) decode(dst []byte) ([]byte, error) {
	data, err := formdata.DecodeInto(dst, f.b64, f.enc)
	if err != nil {
		return nil, fmt.Errorf("parameter %q is not valid base64 (%v); send the file's bytes in base64", f.param, err)
	}
	return data, nil
}

// writeTo writes the file's bytes to w, a part of the multipart body in
// buf: base64 is decoded straight into buf's free room, then written
// there (a copy onto itself), so the file is never held twice.
func (f *fileData) writeTo(w io.Writer, buf *bytes.Buffer) error {
	if f.enc == nil {
		_, err := w.Write(f.data)
		return err
	}
	n := f.enc.DecodedLen(len(f.b64))
	buf.Grow(n)
	data, err := f.decode(buf.AvailableBuffer()[:n])
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// bytes returns the file's bytes, decoding base64 into one buffer.
func (f *fileData) bytes() ([]byte, error) {
	if f.enc == nil {
		return f.data, nil
	}
	return f.decode(make([]byte, f.enc.DecodedLen(len(f.b64))))
}

// file returns the bytes a file: reference names.
func (r *run) file(ref template.Ref) (*fileData, error) {
	if ref.Source == template.PerCall {
		if data, ok, err := r.valueBytes(ref.Name); ok || err != nil {
			return &fileData{data: data}, err
		}
		v, ok := r.lookupValue(ref.Name)
		if !ok {
			return nil, fmt.Errorf("the host passed no per-call value %q (WithBytes, WithReader or WithValue)", ref.Name)
		}
		return &fileData{data: []byte(v)}, nil
	}
	v, ok := r.args[ref.Name]
	if !ok {
		return nil, fmt.Errorf("parameter %q was not given: it holds the file to send", ref.Name)
	}
	s, _ := v.(string)
	switch r.w.param(ref.Name).Format {
	case FormatBlob:
		b, err := r.e.opts.Blobs.Get(r.ctx, strings.TrimSpace(s))
		if err != nil {
			if errors.Is(err, ErrBlobNotFound) {
				return nil, fmt.Errorf("parameter %q: no blob has this handle (unknown or expired); pass a blob_… handle from an earlier result", ref.Name)
			}
			return nil, fmt.Errorf("parameter %q: the blob store failed", ref.Name)
		}
		return &fileData{data: b.Data, name: b.Name, mimeType: b.MIMEType}, nil
	default: // FormatBase64: decoded as it is written (a bad byte fails the body before it is sent)
		text, enc := formdata.Base64(s)
		return &fileData{b64: text, enc: enc, param: ref.Name}, nil
	}
}

// param returns the declaration of the parameter name.
func (w *Workflow) param(name string) Param {
	for _, p := range w.Params {
		if p.Name == name {
			return p
		}
	}
	return Param{}
}

// uploadBody builds a step's upload body and its Content-Type.
func (r *run) uploadBody(u *uploadSpec, v template.Values) ([]byte, string, error) {
	limit := r.e.opts.MaxUploadBytes
	if u.parts == nil {
		f, err := r.file(u.file.file)
		if err != nil {
			return nil, "", err
		}
		if n := f.size(); n > limit {
			return nil, "", fmt.Errorf("%w: the file has %d bytes, over the limit of %d (Options.MaxUploadBytes)", ErrUploadTooLarge, n, limit)
		}
		ct, err := r.partType(u.file, f, v)
		if err != nil {
			return nil, "", err
		}
		data, err := f.bytes()
		return data, ct, err
	}
	files := make([]*fileData, len(u.parts))
	size := int64(0)
	for i, p := range u.parts {
		if p.value != nil {
			continue
		}
		f, err := r.file(p.file)
		if err != nil {
			return nil, "", fmt.Errorf("part %q: %w", p.name, err)
		}
		files[i] = f
		size += f.size()
	}
	if size > limit {
		return nil, "", fmt.Errorf("%w: the files have %d bytes, over the limit of %d (Options.MaxUploadBytes)", ErrUploadTooLarge, size, limit)
	}
	var buf bytes.Buffer
	buf.Grow(int(size) + 256*len(u.parts))
	w := multipart.NewWriter(&buf)
	for i, p := range u.parts {
		h := make(textproto.MIMEHeader, 2)
		if p.value != nil {
			text, err := p.value.Expand(v)
			if err != nil {
				return nil, "", fmt.Errorf("part %q: %w", p.name, err)
			}
			h.Set("Content-Disposition", `form-data; name="`+formdata.Escape(p.name)+`"`)
			if p.contentType != nil {
				ct, err := p.contentType.Expand(v)
				if err != nil {
					return nil, "", fmt.Errorf("part %q: content_type: %w", p.name, err)
				}
				if !formdata.ValidType(ct) {
					return nil, "", fmt.Errorf("part %q: content_type %q is not a media type", p.name, ct)
				}
				h.Set("Content-Type", ct)
			}
			pw, _ := w.CreatePart(h) // writes to a bytes.Buffer
			io.WriteString(pw, text)
			if s := r.e.opts.MaxUploadBytes; int64(buf.Len()) > s {
				return nil, "", fmt.Errorf("%w: over %d bytes (Options.MaxUploadBytes)", ErrUploadTooLarge, s)
			}
			if IsSecretQueryKey(p.name) {
				r.secrets.Add(text)
			}
			continue
		}
		f := files[i]
		filename := f.name
		if p.filename != nil {
			var err error
			if filename, err = p.filename.Expand(v); err != nil {
				return nil, "", fmt.Errorf("part %q: filename: %w", p.name, err)
			}
		}
		if len(filename) > MaxFilenameBytes {
			return nil, "", fmt.Errorf("part %q: the file name has %d bytes; at most %d are allowed", p.name, len(filename), MaxFilenameBytes)
		}
		if filename == "" {
			filename = p.name // servers tell a file part by its filename parameter
		}
		ct, err := r.partType(&u.parts[i], f, v)
		if err != nil {
			return nil, "", fmt.Errorf("part %q: %w", p.name, err)
		}
		h.Set("Content-Disposition", `form-data; name="`+formdata.Escape(p.name)+`"; filename="`+formdata.Escape(filename)+`"`)
		h.Set("Content-Type", ct)
		pw, _ := w.CreatePart(h)
		if err := f.writeTo(pw, &buf); err != nil {
			return nil, "", fmt.Errorf("part %q: %w", p.name, err)
		}
		if int64(buf.Len()) > limit {
			return nil, "", fmt.Errorf("%w: over %d bytes (Options.MaxUploadBytes)", ErrUploadTooLarge, limit)
		}
	}
	w.Close()
	return buf.Bytes(), w.FormDataContentType(), nil
}

// partType is a file's media type: the part's content_type, else the
// blob's, else application/octet-stream.
func (r *run) partType(p *uploadPart, f *fileData, v template.Values) (string, error) {
	switch {
	case p.contentType != nil:
		ct, err := p.contentType.Expand(v)
		if err != nil {
			return "", fmt.Errorf("content_type: %w", err)
		}
		if _, _, err := mime.ParseMediaType(ct); err != nil {
			return "", fmt.Errorf("content_type %q is not a media type", ct)
		}
		return ct, nil
	case f.mimeType != "" && formdata.ValidType(f.mimeType): // a BlobStore's, not checked when kept
		return f.mimeType, nil
	}
	return "application/octet-stream", nil
}

// joinNote appends note to a description, as its own sentence.
func joinNote(desc, note string) string {
	desc = strings.TrimSpace(desc)
	if desc == "" {
		return note
	}
	if !strings.HasSuffix(desc, ".") {
		desc += "."
	}
	return desc + " " + note
}

// label is the upload as the Mermaid picture shows it:
// "multipart: caption, photo (file)" or "file: ${param:doc}".
func (u *uploadSpec) label() string {
	if u.parts == nil {
		return "file: " + u.file.file.String()
	}
	names := make([]string, len(u.parts))
	for i, p := range u.parts {
		names[i] = p.name
		if p.value == nil {
			names[i] += " (file)"
		}
	}
	return "multipart: " + clip(strings.Join(names, ", "), 60)
}
