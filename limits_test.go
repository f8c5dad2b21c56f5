package toolkit

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/google/go-cmp/cmp"
)

const smallTool = "name: small\ndesc: fits\nsteps:\n  - url: https://example.com\n"

func quietRegistry(opts Options) *Registry {
	opts.Logger = slog.New(slog.DiscardHandler)
	return NewRegistry(&opts)
}

// TestFinding5bFileSize checks the tool-file size bound (Options.MaxFileBytes,
// default 256 KiB) on every loading path.
func TestFinding5bFileSize(t *testing.T) {
	padded := func(n int) []byte { // a valid tool file of n bytes
		return []byte(smallTool + "#" + strings.Repeat("x", n-len(smallTool)-2) + "\n")
	}
	tests := []struct {
		name string
		max  int
		src  []byte
		want string // the error; "" when the file loads
	}{
		{"default limit, one byte over", 0, padded(DefaultMaxFileBytes + 1),
			"t.yaml: the file is 262145 bytes, over the limit of 262144 (Options.MaxFileBytes)"},
		{"default limit, at the limit", 0, padded(DefaultMaxFileBytes), ""},
		{"raised limit", 4 << 20, padded(2 << 20), ""},
		{"lowered limit", 100, padded(101), "t.yaml: the file is 101 bytes, over the limit of 100 (Options.MaxFileBytes)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "t.yaml")
			if err := os.WriteFile(path, tt.src, 0o644); err != nil {
				t.Fatal(err)
			}
			loads := map[string]func(r *Registry) (Diagnostics, error){
				"LoadBytes": func(r *Registry) (Diagnostics, error) { return r.LoadBytes("t.yaml", tt.src) },
				"LoadFS": func(r *Registry) (Diagnostics, error) {
					return r.LoadFS(fstest.MapFS{"t.yaml": {Data: tt.src}}, ".")
				},
				"LoadFile": func(r *Registry) (Diagnostics, error) {
					ds, err := r.LoadFile(path)
					for i := range ds {
						ds[i].File = strings.TrimPrefix(ds[i].File, dir+string(filepath.Separator))
					}
					if err != nil {
						err = ds
					}
					return ds, err
				},
			}
			for name, load := range loads {
				r := quietRegistry(Options{MaxFileBytes: tt.max})
				_, err := load(r)
				got := ""
				if err != nil {
					got = err.Error()
				}
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("%s (-want +got):\n%s", name, diff)
				}
				if _, ok := r.Lookup("small"); ok != (tt.want == "") {
					t.Errorf("%s: registered = %v", name, ok)
				}
			}
		})
	}
}

// TestFinding5bHugeFileNotRead: a 50 MiB file is refused from its size, and
// a source whose size is unknown is read to the limit plus one byte only.
func TestFinding5bHugeFileNotRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "huge.yaml")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(50 << 20); err != nil { // sparse: nothing written
		t.Fatal(err)
	}
	f.Close()
	r := quietRegistry(Options{})
	ds, err := r.LoadFile(path)
	want := path + ": the file is 52428800 bytes, over the limit of 262144 (Options.MaxFileBytes)"
	if !errors.Is(err, ErrLoad) || ds.Error() != want {
		t.Errorf("LoadFile: %v, %v; want %q", ds, err, want)
	}

	stream := &endless{}
	ds, err = r.LoadFS(streamFS{stream}, ".")
	want = "pipe.yaml: the file is over 262144 bytes, the limit (Options.MaxFileBytes)"
	if err == nil || ds.Error() != want {
		t.Errorf("LoadFS: %v, %v; want %q", ds, err, want)
	}
	if stream.read != DefaultMaxFileBytes+1 {
		t.Errorf("read %d bytes, want %d", stream.read, DefaultMaxFileBytes+1)
	}
}

// endless is a file of unknown, unbounded size.
type endless struct{ read int }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '#'
	}
	e.read += len(p)
	return len(p), nil
}
func (e *endless) Close() error               { return nil }
func (e *endless) Stat() (fs.FileInfo, error) { return pipeInfo{}, nil }

type pipeInfo struct{}

func (pipeInfo) Name() string       { return "pipe.yaml" }
func (pipeInfo) Size() int64        { return 0 }
func (pipeInfo) Mode() fs.FileMode  { return fs.ModeNamedPipe }
func (pipeInfo) ModTime() time.Time { return time.Time{} }
func (pipeInfo) IsDir() bool        { return false }
func (pipeInfo) Sys() any           { return nil }

// streamFS holds one entry, pipe.yaml, that never ends.
type streamFS struct{ f *endless }

func (s streamFS) Open(name string) (fs.File, error) {
	switch name {
	case ".":
		return fstest.MapFS{"pipe.yaml": {}}.Open(".")
	case "pipe.yaml":
		return s.f, nil
	}
	return nil, fs.ErrNotExist
}

var _ io.Reader = (*endless)(nil)

// TestFinding5bDepth checks that nesting is bounded (32 levels) before the
// YAML parser runs, with the position where the bound is crossed.
func TestFinding5bDepth(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string
	}{
		{"unclosed brackets", "name: x\ndesc: " + strings.Repeat("[", 39_000),
			"t.yaml:2:38: YAML nests deeper than 32 levels; a tool file needs far fewer"},
		{"closers in strings", "name: x\ndesc: " + strings.Repeat(`["]", `, 40) + "\n",
			"t.yaml:2:193: YAML nests deeper than 32 levels; a tool file needs far fewer"},
		{"block indentation", "name: x\nsteps:\n" + nestedBlock(40),
			"t.yaml:34:33: YAML nests deeper than 32 levels; a tool file needs far fewer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ds := ParseWorkflow("t.yaml", []byte(tt.src))
			if diff := cmp.Diff(tt.want, ds.String()); w != nil || diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func nestedBlock(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(strings.Repeat(" ", i+1) + "k:\n")
	}
	return b.String()
}

// TestFinding5bFieldLengths checks the bounds on fields the model reads
// whole (desc, parameter descriptions) and on names: a description over
// its limit is cut with a note and a warning, one over maxTextBytes (and a
// name over 64 bytes) refuses the file.
func TestFinding5bFieldLengths(t *testing.T) {
	tool := func(name, desc, pname, pdesc string) string {
		return "name: " + name + "\ndesc: " + desc + "\nparams:\n  - name: " + pname +
			"\n    type: string\n    required: true\n    description: " + pdesc +
			"\nsteps:\n  - url: https://example.com/${param:" + pname + "}\n"
	}
	n64, d4k, d1k := "n"+strings.Repeat("x", 63), strings.Repeat("d", 4096), strings.Repeat("p", 1024)
	huge := strings.Repeat("h", maxTextBytes+1)
	tests := []struct {
		name       string
		src        string
		want       string // errors
		warn       string // warnings
		desc, pdes string // the cut texts' ends, when cut
	}{
		{name: "at the limits", src: tool(n64, d4k, n64, d1k)},
		{name: "desc", src: tool("t", d4k+"d", "p", "x"), warn: "t.yaml:2:7: warning: desc: is 4097 bytes; cut to 4096, with a note",
			desc: "d … (cut: 4,097 bytes in the tool file)"},
		{name: "param description", src: tool("t", "x", "p", d1k+"p"),
			warn: "t.yaml:7:18: warning: params[0].description: is 1025 bytes; cut to 1024, with a note",
			pdes: "p … (cut: 1,025 bytes in the tool file)"},
		{name: "desc past the hard cap", src: tool("t", huge, "p", "x"), want: "t.yaml:2:7: desc: is 65537 bytes; at most 65536 are allowed"},
		{name: "param description past the hard cap", src: tool("t", "x", "p", huge),
			want: "t.yaml:7:18: params[0].description: is 65537 bytes; at most 65536 are allowed"},
		{name: "name", src: tool(n64+"x", "x", "p", "x"), want: "t.yaml:1:7: name: is 65 bytes; at most 64 are allowed"},
		{name: "param name", src: tool("t", "x", n64+"x", "x"), want: "t.yaml:4:11: params[0].name: is 65 bytes; at most 64 are allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ds := ParseWorkflow("t.yaml", []byte(tt.src))
			if diff := cmp.Diff(tt.want, ds.Errors().String()); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
			var warns []string
			for _, d := range ds {
				if d.Severity == SeverityWarning {
					warns = append(warns, d.Error())
				}
			}
			if diff := cmp.Diff(tt.warn, strings.Join(warns, "\n")); tt.want == "" && diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
			if (w != nil) != (tt.want == "") {
				t.Fatalf("workflow = %v", w)
			}
			if w == nil {
				return
			}
			if tt.desc != "" && (len(w.Description) > maxDescBytes || !strings.HasSuffix(w.Description, tt.desc)) {
				t.Errorf("desc is %d bytes, ends %q", len(w.Description), w.Description[max(0, len(w.Description)-60):])
			}
			if pd := w.Params[0].Description; tt.pdes != "" && (len(pd) > maxDetailBytes || !strings.HasSuffix(pd, tt.pdes)) {
				t.Errorf("parameter description is %d bytes, ends %q", len(pd), pd[max(0, len(pd)-60):])
			}
		})
	}
}

// TestFinding5bAliases: the compiler reads an alias's target again for each
// reference, so a file's size with its aliases expanded is bounded too.
func TestFinding5bAliases(t *testing.T) {
	var headers, steps strings.Builder
	headers.WriteString("name: t\ndesc: d\nsteps:\n- url: https://example.com\n  headers: &h {")
	for i := range 3000 {
		fmt.Fprintf(&headers, "h%d: v, ", i)
	}
	headers.WriteString("}\n")
	for range 3000 {
		headers.WriteString("- {url: 'https://example.com', headers: *h}\n")
	}
	steps.WriteString("name: t\ndesc: d\nsteps:\n- &s {url: 'https://example.com/a', method: POST, body: '{\"q\": 1}'}\n")
	for range 3 {
		steps.WriteString("- *s\n")
	}
	tests := []struct {
		name string
		src  string
		max  int
		want string
	}{
		{"headers referenced 3000 times", headers.String(), 0,
			"t.yaml:15:41: YAML aliases expand the file to over 262144 bytes (Options.MaxFileBytes)"},
		{"a few references", steps.String(), 0, ""},
		{"a few references, small limit", steps.String(), 200,
			"t.yaml:7:3: YAML aliases expand the file to over 200 bytes (Options.MaxFileBytes)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := quietRegistry(Options{MaxFileBytes: tt.max})
			_, err := r.LoadBytes("t.yaml", []byte(tt.src))
			got := ""
			if err != nil {
				got = err.Error()
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestReadTool reads files whose size Stat gets right, too small (the
// file grew since) or not at all, a few bytes a Read: each is read whole,
// or refused once over the limit.
func TestReadTool(t *testing.T) {
	text := strings.Repeat("# a comment line of the tool file\n", 40) // 1,360 bytes
	tests := []struct {
		name  string
		size  int64 // what Stat says; -1: not a regular file
		limit int
		want  string // the diagnostic, if refused
	}{
		{"size right", int64(len(text)), 4096, ""},
		{"grew since Stat", 10, 4096, ""},
		{"no size", -1, 4096, ""},
		{"at the limit, no size", -1, len(text), ""},
		{"over the limit, no size", -1, len(text) - 1, "t.yaml: the file is over 1359 bytes, the limit (Options.MaxFileBytes)"},
		{"grew over the limit", 10, 1000, "t.yaml: the file is over 1000 bytes, the limit (Options.MaxFileBytes)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &chunkedFile{r: strings.NewReader(text), size: tt.size}
			got, diags, err := readTool(f, "t.yaml", tt.limit)
			if err != nil {
				t.Fatal(err)
			}
			if tt.want != "" {
				if diags.Error() != tt.want || got != "" {
					t.Errorf("got %d bytes, %v; want %q", len(got), diags, tt.want)
				}
				return
			}
			if diags != nil || got != text {
				t.Errorf("got %d bytes of %d, %v", len(got), len(text), diags)
			}
		})
	}
}

// chunkedFile reads 7 bytes a Read and says it is size bytes.
type chunkedFile struct {
	r    io.Reader
	size int64
}

func (f *chunkedFile) Read(p []byte) (int, error) { return f.r.Read(p[:min(len(p), 7)]) }
func (f *chunkedFile) Close() error               { return nil }
func (f *chunkedFile) Stat() (fs.FileInfo, error) {
	if f.size < 0 {
		return pipeInfo{}, nil
	}
	return sizedInfo(f.size), nil
}

type sizedInfo int64

func (sizedInfo) Name() string       { return "t.yaml" }
func (s sizedInfo) Size() int64      { return int64(s) }
func (sizedInfo) Mode() fs.FileMode  { return 0 }
func (sizedInfo) ModTime() time.Time { return time.Time{} }
func (sizedInfo) IsDir() bool        { return false }
func (sizedInfo) Sys() any           { return nil }
