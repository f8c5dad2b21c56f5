package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing/fstest"
	"time"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/hostapi"
)

// maxReadBytes bounds a file the command reads; each loader has its own,
// smaller bound.
const maxReadBytes = 64 << 20

// defaultPath is read when a subcommand that loads capabilities gets no PATH.
const defaultPath = "tools"

// extensions of the files a folder contributes.
var extensions = []string{".yaml", ".yml", ".json", ".jsonc"}

// input is a file to load: named on the command line, or found in a folder.
type input struct {
	path  string
	named bool // named on the command line: an unknown kind is an error
}

// inputs lists the files paths name: a file whatever its name, a folder's
// files with a known extension (hidden folders skipped), in lexical order.
func inputs(paths []string) ([]input, error) {
	var out []input
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !fi.IsDir() {
			out = append(out, input{path: p, named: true})
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if path != p && strings.HasPrefix(d.Name(), ".") {
					return filepath.SkipDir
				}
				return nil
			}
			if slices.Contains(extensions, strings.ToLower(filepath.Ext(path))) {
				out = append(out, input{path: path})
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// source is a file read and told apart.
type source struct {
	path string
	kind toolkit.FileKind
	src  []byte
}

// read reads in and tells its kind. A file of unknown kind found in a
// folder is skipped (ok false, no diagnostic); named, it is an error.
func read(in input) (source, *toolkit.Diagnostic, bool) {
	s := source{path: in.path}
	f, err := os.Open(in.path)
	if err == nil {
		s.src, err = io.ReadAll(io.LimitReader(f, maxReadBytes+1))
		f.Close()
	}
	switch {
	case err != nil:
		return s, &toolkit.Diagnostic{File: in.path, Msg: err.Error()}, false
	case len(s.src) > maxReadBytes:
		return s, &toolkit.Diagnostic{File: in.path, Msg: fmt.Sprintf("the file is over %d bytes", maxReadBytes)}, false
	}
	s.kind = toolkit.DetectFile(s.src)
	if s.kind == toolkit.FileUnknown {
		if !in.named {
			return s, nil, false
		}
		return s, &toolkit.Diagnostic{File: in.path, Line: 1, Col: 1,
			Msg: "not a tool file, YQCloud function definition or OpenAPI document (a tool file has steps, a YQCloud definition a function, an OpenAPI document an openapi or swagger key)"}, false
	}
	return s, nil, true
}

// loadTools loads YAML files into reg together, as Registry.LoadFS loads
// a folder: a tool naming a shared pre_request finds it in any of them,
// and two tools of one name are an error. The diagnostics name the files.
func loadTools(reg *toolkit.Registry, files []source, p *progress) toolkit.Diagnostics {
	if len(files) == 0 {
		return nil
	}
	p.say("compiling %d tool files", len(files))
	// LoadFS reads an fs.FS; the files are already read, under names of
	// their own that are valid in one (a path may hold "..").
	fsys := fstest.MapFS{}
	names := make([]string, 0, 2*len(files))
	for i, f := range files {
		key := fmt.Sprintf("toolkit-file-%06d.yaml", i)
		fsys[key] = &fstest.MapFile{Data: f.src}
		names = append(names, key, f.path)
	}
	diags, _ := reg.LoadFS(fsys, ".")
	real := strings.NewReplacer(names...)
	for i := range diags {
		diags[i].File = real.Replace(diags[i].File)
		diags[i].Msg = real.Replace(diags[i].Msg)
	}
	return diags
}

// openAPI loads an OpenAPI document; the catalog is nil when it is refused,
// and the diagnostics then say why.
func openAPI(s source) (*hostapi.Catalog, toolkit.Diagnostics) {
	return hostapi.ParseOpenAPI(s.path, s.src, nil)
}

// formatDiag renders d as file:line:col: severity: field: message.
func formatDiag(d toolkit.Diagnostic) string {
	return d.Pos() + ": " + d.Severity.String() + ": " + message(d)
}

// message is d's field and message.
func message(d toolkit.Diagnostic) string {
	if d.Field == "" {
		return d.Msg
	}
	return d.Field + ": " + d.Msg
}

// progress shows how far long work has come on a terminal, and nothing
// when w is not one.
type progress struct {
	w     io.Writer // nil: quiet
	verb  string
	total int
	last  time.Time
	shown bool
}

func newProgress(w io.Writer, verb string, total int) *progress {
	p := &progress{verb: verb, total: total}
	if isTerminal(w) && total > 1 {
		p.w = w
	}
	return p
}

// step reports that done of the total are done, at most ten times a second.
func (p *progress) step(done int) {
	if p.w == nil || time.Since(p.last) < 100*time.Millisecond {
		return
	}
	p.last = time.Now()
	p.shown = true
	fmt.Fprintf(p.w, "\r\x1b[Ktoolkit: %s %d/%d files", p.verb, done, p.total)
}

// say shows what the work does now, in place of the count.
func (p *progress) say(format string, args ...any) {
	if p.w == nil {
		return
	}
	p.shown = true
	fmt.Fprintf(p.w, "\r\x1b[Ktoolkit: "+format, args...)
}

// done clears the progress line.
func (p *progress) done() {
	if p.shown {
		io.WriteString(p.w, "\r\x1b[K")
	}
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
