package toolkit

import (
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"slices"
	"strings"
	"unsafe"

	"github.com/toolkit-sdk/toolkit/internal/parallel"
	"github.com/toolkit-sdk/toolkit/internal/suggest"
)

// LoadBytes compiles one YAML tool file and registers it. The Diagnostics
// hold warnings too; the error is non-nil when the file did not load. A
// file over Options.MaxFileBytes does not load.
//
// A file that defines a shared pre_request adds it (replacing one of the
// same name). A tool file naming one that is not loaded yet loads with a
// warning, and its calls fail until the file defining it is loaded (Check
// reports it meanwhile); LoadDir and LoadFS, which see every file at
// once, refuse such a tool file instead.
func (r *Registry) LoadBytes(filename string, src []byte) (Diagnostics, error) {
	return r.loadText(filename, string(src))
}

// loadText is LoadBytes for a file read into a string.
func (r *Registry) loadText(filename, src string) (Diagnostics, error) {
	f := parseFile(filename, src, r.exec.opts.MaxFileBytes)
	w, p, diags := f.w, f.p, f.diags
	switch {
	case p != nil:
		diags = append(diags, unsetEnv(p.File, p.Env, r.exec.opts.Env)...)
		r.logWarnings(diags)
		return diags, r.AddPreRequest(p)
	case f.a != nil:
		diags = append(diags, unsetEnv(f.a.File, f.a.Env, r.exec.opts.Env)...)
		r.logWarnings(diags)
		return diags, r.AddAuth(f.a)
	case w != nil:
		diags = append(diags, w.unsetEnv(r.exec.opts.Env)...)
		if w.PreRequest != "" {
			diags = append(diags, r.bindDiags(w, r.preRequest(w.PreRequest), SeverityWarning)...)
		}
		diags = append(diags, r.bindAuthDiags(w, r.sharedAuth(w.Auth), SeverityWarning)...)
		slices.SortStableFunc(diags, diagOrder)
		if diags.HasErrors() {
			w = nil
		}
	}
	r.logWarnings(diags)
	if w == nil {
		return diags, diags.asError()
	}
	return diags, r.AddWorkflow(w)
}

// LoadFile loads one YAML tool file. Of a file over Options.MaxFileBytes,
// at most that many bytes plus one are read.
func (r *Registry) LoadFile(name string) (Diagnostics, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrLoad, err)
	}
	defer f.Close()
	src, diags, err := readTool(f, name, r.exec.opts.MaxFileBytes)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrLoad, name, err)
	}
	if diags != nil {
		return diags, diags.asError()
	}
	return r.loadText(name, src)
}

// readTool reads a tool file into a string, or, for one over limit
// bytes, returns a diagnostic without reading more than limit+1 bytes of
// it.
func readTool(f fs.File, name string, limit int) (string, Diagnostics, error) {
	size := int64(-1)
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		size = fi.Size()
	}
	if size > int64(limit) {
		return "", Diagnostics{tooLarge(name, size, limit)}, nil
	}
	// One buffer of the size Stat gave and the byte that shows the end,
	// grown only for a file that grew since or has no size.
	buf := make([]byte, 0, max(size, 511)+1)
	for {
		n, err := f.Read(buf[len(buf):min(cap(buf), limit+1)])
		buf = buf[:len(buf)+n]
		if len(buf) > limit { // grew since Stat, or not a regular file
			return "", Diagnostics{tooLarge(name, -1, limit)}, nil
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", nil, err
		}
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, len(buf))
		}
	}
	// The string is the buffer, which nothing writes to after.
	return unsafe.String(unsafe.SliceData(buf), len(buf)), nil, nil
}

// LoadDir loads every *.yaml and *.yml file of a directory.
func (r *Registry) LoadDir(dir string) (Diagnostics, error) {
	return r.loadFS(os.DirFS(dir), ".", dir)
}

// LoadFS loads every *.yaml and *.yml file under root in fsys. A broken
// file is skipped (logged as a warning) and the others still load; the
// returned error holds every problem of the skipped files. Files are read
// and compiled in parallel (one goroutine per core), so fsys must be safe
// for concurrent use, as os.DirFS, embed.FS and fstest.MapFS are; the
// diagnostics come in file order, and the capabilities are registered at
// once (one OnChange call).
func (r *Registry) LoadFS(fsys fs.FS, root string) (Diagnostics, error) {
	return r.loadFS(fsys, root, "")
}

// toolFile is one file of a load: what it compiled to (a workflow, a
// shared pre_request, or neither) and its diagnostics.
type toolFile struct {
	display string
	w       *Workflow
	p       *PreRequest
	a       *Auth
	diags   Diagnostics
	unset   Diagnostics // w's env that is not set, to warn of if w is loaded
	failed  bool        // unreadable: not a tool
}

// loadFS loads in three phases: each file on its own (read and compile),
// in parallel; checks across files (shared pre_requests, duplicate
// names), in file order; the registration of what passed.
func (r *Registry) loadFS(fsys fs.FS, root, prefix string) (Diagnostics, error) {
	names, err := toolNames(fsys, root)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrLoad, err)
	}
	names, catFiles := splitCategoryFiles(names)
	displayed := func(name string) string {
		if prefix != "" {
			return path.Join(prefix, name)
		}
		return name
	}
	files := make([]toolFile, len(names))
	parallel.For(len(names), func(i int) {
		files[i] = r.compileFile(fsys, names[i], displayed(names[i]))
		if w := files[i].w; w != nil && w.Category == "" {
			w.Category = folderCategory(root, names[i])
		}
	})
	var all Diagnostics
	about := map[string]string{}
	for _, name := range catFiles {
		if cat := folderCategory(root, name); cat != "" {
			d, diag := readCategoryFile(fsys, name, displayed(name))
			if diag != nil {
				all = append(all, *diag)
			} else {
				about[cat] = d
			}
		}
	}
	if len(about) > 0 {
		r.mu.Lock()
		if r.about == nil {
			r.about = map[string]string{}
		}
		maps.Copy(r.about, about)
		r.mu.Unlock()
	}

	pres := map[string]*PreRequest{}
	auths := map[string]*Auth{}
	for i := range files {
		switch f := &files[i]; {
		case f.p != nil:
			f.diags = append(f.diags, r.loadPreRequest(pres, f.p)...)
		case f.a != nil:
			f.diags = append(f.diags, r.loadAuth(auths, f.a)...)
		}
	}
	var loaded []*Workflow
	byName := make(map[string]string, len(files))
	for _, t := range files {
		display, w, diags := t.display, t.w, t.diags
		if t.p != nil || t.a != nil || t.failed {
			all = append(all, diags...)
			continue
		}
		if w != nil && w.PreRequest != "" {
			p := pres[w.PreRequest]
			if p == nil {
				p = r.preRequest(w.PreRequest)
			}
			diags = append(diags, r.bindDiags(w, p, SeverityError, slices.Collect(maps.Keys(pres))...)...)
		}
		if w != nil && w.Auth != "" {
			a := auths[w.Auth]
			if a == nil {
				a = r.sharedAuth(w.Auth)
			}
			diags = append(diags, r.bindAuthDiags(w, a, SeverityError, slices.Collect(maps.Keys(auths))...)...)
		}
		if w != nil {
			slices.SortStableFunc(diags, diagOrder)
			if diags.HasErrors() {
				w = nil
			}
		}
		if w != nil {
			if other, dup := byName[w.Name]; dup {
				diags = append(diags, Diagnostic{File: display, Line: 1, Col: 1, Field: "name",
					Msg: fmt.Sprintf("duplicate capability name %q (also in %s)", w.Name, other)})
				w = nil
			} else {
				byName[w.Name] = display
				loaded = append(loaded, w)
				diags = append(diags, t.unset...)
			}
		}
		if w == nil {
			r.exec.opts.Logger.Warn("toolkit: skipping tool file", "file", display, "error", diags.Error())
		}
		all = append(all, diags...)
	}
	r.logWarnings(all)
	if err := r.AddPreRequest(slices.Collect(maps.Values(pres))...); err != nil {
		return all, err
	}
	if err := r.AddAuth(slices.Collect(maps.Values(auths))...); err != nil {
		return all, err
	}
	if err := r.AddWorkflow(loaded...); err != nil {
		return all, err
	}
	return all, all.asError()
}

// toolNames returns the *.yaml and *.yml files under root in the order
// fs.WalkDir visits them. A root that is a directory is read without
// fs.WalkDir's Stat of it, which an fstest.MapFS answers by scanning every
// file it holds; any other root goes to fs.WalkDir, which words the error.
func toolNames(fsys fs.FS, root string) ([]string, error) {
	var names []string
	isTool := func(p string) bool { return strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml") }
	entries, err := fs.ReadDir(fsys, root)
	if err != nil {
		err = fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && isTool(p) {
				names = append(names, p)
			}
			return err
		})
		return names, err
	}
	var walk func(dir string, entries []fs.DirEntry) error
	walk = func(dir string, entries []fs.DirEntry) error {
		for _, d := range entries {
			p := path.Join(dir, d.Name())
			if !d.IsDir() {
				if isTool(p) {
					names = append(names, p)
				}
				continue
			}
			sub, err := fs.ReadDir(fsys, p)
			if err != nil {
				return err
			}
			if err := walk(p, sub); err != nil {
				return err
			}
		}
		return nil
	}
	return names, walk(root, entries)
}

// compileFile reads and compiles one file of a load.
func (r *Registry) compileFile(fsys fs.FS, name, display string) toolFile {
	src, diags, err := r.readFS(fsys, name, display)
	if err != nil {
		return toolFile{display: display, diags: Diagnostics{{File: display, Msg: err.Error()}}, failed: true}
	}
	f := toolFile{display: display, diags: diags}
	if diags == nil {
		pf := parseFile(display, src, r.exec.opts.MaxFileBytes)
		f.w, f.p, f.a, f.diags = pf.w, pf.p, pf.a, pf.diags
	}
	if f.w != nil {
		f.unset = f.w.unsetEnv(r.exec.opts.Env)
	}
	return f
}

func (r *Registry) readFS(fsys fs.FS, name, display string) (string, Diagnostics, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return "", nil, err
	}
	defer f.Close()
	return readTool(f, display, r.exec.opts.MaxFileBytes)
}

func (r *Registry) logWarnings(ds Diagnostics) {
	for _, d := range ds.Warnings() {
		r.exec.opts.Logger.Warn("toolkit: " + d.Error())
	}
}

// loadPreRequest adds p to the shared pre_requests of a directory's load,
// refusing a second one of the same name.
func (r *Registry) loadPreRequest(batch map[string]*PreRequest, p *PreRequest) Diagnostics {
	if other := batch[p.Name]; other != nil {
		return Diagnostics{{File: p.File, Line: p.line, Col: p.col, Field: "pre_request.name",
			Msg: fmt.Sprintf("duplicate pre_request name %q (also in %s)", p.Name, other.File)}}
	}
	batch[p.Name] = p
	return unsetEnv(p.File, p.Env, r.exec.opts.Env)
}

// loadAuth adds a to the shared auths of a directory's load, refusing a
// second one of the same name.
func (r *Registry) loadAuth(batch map[string]*Auth, a *Auth) Diagnostics {
	if other := batch[a.Name]; other != nil {
		return Diagnostics{{File: a.File, Line: 1, Col: 1, Field: "name",
			Msg: fmt.Sprintf("duplicate auth name %q (also in %s)", a.Name, other.File)}}
	}
	batch[a.Name] = a
	return unsetEnv(a.File, a.Env, r.exec.opts.Env)
}

// bindDiags checks a workflow naming a shared pre_request against p (nil:
// unknown, reported with severity unknown; more are names about to be
// loaded, for the suggestion): every ${pre:x} it reads must be a var of p.
func (r *Registry) bindDiags(w *Workflow, p *PreRequest, unknown Severity, more ...string) Diagnostics {
	if p == nil {
		names := append(r.preRequestNames(), more...)
		msg := fmt.Sprintf("unknown shared pre_request %q", w.PreRequest)
		if s := suggest.Closest(w.PreRequest, names); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		} else {
			msg += "; load the file that defines it (pre_request: {name: " + w.PreRequest + ", url: ...}) into this Registry"
		}
		if unknown == SeverityWarning {
			msg += "; until then the tool's calls fail"
		}
		return Diagnostics{{Severity: unknown, File: w.File, Line: w.preAt[0], Col: w.preAt[1], Field: "pre_request", Msg: msg}}
	}
	var ds Diagnostics
	for _, ref := range w.preRefs {
		if p.step.varIndex(ref.name) < 0 {
			ds = append(ds, Diagnostic{File: w.File, Line: ref.line, Col: ref.col, Field: ref.field,
				Msg: fmt.Sprintf("${pre:%s}: the pre_request %q (%s) declares no variable %q%s", ref.name, p.Name, p.File, ref.name, declaredVars(p.step))})
		}
	}
	return ds
}
