package toolkittest

import (
	"encoding/base64"
	"fmt"
	"mime"
	"os"
	"path/filepath"
	"strings"
)

// Bodies that are not UTF-8 text (an image, a PDF, an archive) are not
// written into the fixture: each goes into a file beside it, named after
// the fixture, the interaction and the body's Content-Type
// (get_logo-1a2b3c4d.2.response.png), which the fixture names in
// body_file. The file holds the body as sent, redacted like the rest.

// writeBodyFiles moves the base64 bodies of fx into files beside file,
// after removing the body files of an earlier recording of it.
func writeBodyFiles(file string, fx *fixture) error {
	base := strings.TrimSuffix(file, filepath.Ext(file))
	old, _ := filepath.Glob(globEscape(base) + ".*.re*") // .N.request.ext, .N.response.ext
	for _, f := range old {
		if err := os.Remove(f); err != nil {
			return err
		}
	}
	for i := range fx.Interactions {
		in := &fx.Interactions[i]
		if _, err := moveBody(base, i+1, "request", &in.Request.Body, &in.Request.Base64, &in.Request.BodyFile, in.Request.contentType()); err != nil {
			return err
		}
		if in.Response != nil {
			if _, err := moveBody(base, i+1, "response", &in.Response.Body, &in.Response.Base64, &in.Response.BodyFile, in.Response.contentType()); err != nil {
				return err
			}
		}
	}
	return nil
}

// moveBody writes a base64 body to its file and leaves body_file in its
// place.
func moveBody(base string, n int, side string, body *string, b64 *bool, bodyFile *string, contentType string) (string, error) {
	if !*b64 {
		return "", nil
	}
	data, err := base64.StdEncoding.DecodeString(*body)
	if err != nil {
		return "", err
	}
	name := fmt.Sprintf("%s.%d.%s%s", filepath.Base(base), n, side, extension(contentType))
	if err := os.WriteFile(filepath.Join(filepath.Dir(base), name), data, 0o644); err != nil {
		return "", err
	}
	*body, *b64, *bodyFile = "", false, name
	return name, nil
}

// readBodyFiles loads the bodies fx names in body_file from beside file.
// A body_file is a plain file name: a path would read outside the
// fixtures' directory.
func readBodyFiles(file string, fx *fixture) error {
	load := func(name string, body *string, b64 *bool) error {
		if name == "" {
			return nil
		}
		if name != filepath.Base(name) || strings.ContainsAny(name, `/\`) || name == ".." || name == "." {
			return fmt.Errorf("%s: body_file %q is not a file name beside the fixture", file, name)
		}
		data, err := os.ReadFile(filepath.Join(filepath.Dir(file), name))
		if err != nil {
			return fmt.Errorf("%s: body_file: %w", file, err)
		}
		*body, *b64 = base64.StdEncoding.EncodeToString(data), true
		return nil
	}
	for i := range fx.Interactions {
		in := &fx.Interactions[i]
		if err := load(in.Request.BodyFile, &in.Request.Body, &in.Request.Base64); err != nil {
			return err
		}
		if in.Response != nil {
			if err := load(in.Response.BodyFile, &in.Response.Body, &in.Response.Base64); err != nil {
				return err
			}
		}
	}
	return nil
}

// extension is the file extension of a MIME type, ".bin" when it has no
// known one.
func extension(contentType string) string {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return ".bin"
	}
	switch mt { // mime's table can list several; these read best
	case "image/jpeg":
		return ".jpg"
	case "application/octet-stream":
		return ".bin"
	}
	if exts, _ := mime.ExtensionsByType(mt); len(exts) > 0 {
		return exts[0]
	}
	return ".bin"
}

// globEscape escapes the characters filepath.Match treats specially.
func globEscape(s string) string {
	r := strings.NewReplacer(`*`, `\*`, `?`, `\?`, `[`, `\[`, `\`, `\\`)
	return r.Replace(s)
}

func (q requestRecord) contentType() string   { return headerOf(q.Headers).Get("Content-Type") }
func (p *responseRecord) contentType() string { return headerOf(p.Headers).Get("Content-Type") }
