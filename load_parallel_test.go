package toolkit

import (
	"fmt"
	"io/fs"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

// manyTools returns n tool files: every 7th is broken, every 11th reuses
// an earlier file's name, and every file needs MISSING_KEY, which is unset.
func manyTools(n int) fstest.MapFS {
	fsys := fstest.MapFS{}
	for i := range n {
		name := fmt.Sprintf("tool_%03d", i)
		if i%11 == 10 {
			name = fmt.Sprintf("tool_%03d", i-1)
		}
		src := fmt.Sprintf("name: %s\ndesc: Tool %d.\nenv: [MISSING_KEY]\nsteps:\n  - url: https://example.com/%d?k=${env:MISSING_KEY}\n", name, i, i)
		if i%7 == 3 {
			src = fmt.Sprintf("name: %s\nsteps:\n  - url: ${step4:x}\n", name)
		}
		fsys[fmt.Sprintf("tools/t%03d.yaml", i)] = &fstest.MapFile{Data: []byte(src)}
	}
	return fsys
}

// TestLoadFSParallel checks that a load on several cores gives what a
// load on one does: the same diagnostics in file order, the same
// capabilities, one OnChange call with every name in file order.
func TestLoadFSParallel(t *testing.T) {
	fsys := manyTools(300)
	type outcome struct {
		Diags   []string
		Names   []string
		Changes [][]string
	}
	load := func(procs int) outcome {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		reg := NewRegistry(&Options{Logger: discardLogger(), Env: func(string) (string, bool) { return "", false }})
		var o outcome
		reg.OnChange(func(names []string) { o.Changes = append(o.Changes, names) })
		diags, err := reg.LoadFS(fsys, "tools")
		if err == nil {
			t.Fatal("no error for the broken files")
		}
		for _, d := range diags {
			o.Diags = append(o.Diags, d.Error())
		}
		for _, c := range reg.Capabilities() {
			o.Names = append(o.Names, c.Name)
		}
		return o
	}
	one := load(1)
	if !slices.IsSortedFunc(one.Diags, func(a, b string) int { return strings.Compare(a[:len("tools/t000.yaml")], b[:len("tools/t000.yaml")]) }) {
		t.Errorf("diagnostics not in file order:\n%s", strings.Join(one.Diags, "\n"))
	}
	for _, want := range []string{
		`tools/t003.yaml:1:1: missing required field "desc"`,
		`tools/t021.yaml:1:1: name: duplicate capability name "tool_020" (also in tools/t020.yaml)`,
		`tools/t000.yaml:3:7: warning: env[0]: environment variable MISSING_KEY is not set; it expands to ""`,
	} {
		if !slices.Contains(one.Diags, want) {
			t.Errorf("diagnostics lack %q", want)
		}
	}
	if slices.ContainsFunc(one.Diags, func(d string) bool {
		return strings.HasPrefix(d, "tools/t021.yaml") && strings.Contains(d, "MISSING_KEY")
	}) {
		t.Error("a duplicate file's env warnings are reported; it did not load")
	}
	if len(one.Changes) != 1 || len(one.Changes[0]) != len(one.Names) {
		t.Fatalf("OnChange calls %v, want one with the %d names", one.Changes, len(one.Names))
	}
	var want []string // every file that is not broken nor a duplicate
	for i := range 300 {
		if i%7 != 3 && (i%11 != 10 || (i-1)%7 == 3) {
			want = append(want, fmt.Sprintf("tool_%03d", i-boolInt(i%11 == 10)))
		}
	}
	if diff := cmp.Diff(want, one.Names); diff != "" {
		t.Errorf("capabilities (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, one.Changes[0]); diff != "" {
		t.Errorf("OnChange's names (-want +got):\n%s", diff)
	}
	for _, procs := range []int{2, 8} {
		if diff := cmp.Diff(one, load(procs)); diff != "" {
			t.Errorf("GOMAXPROCS %d against 1 (-1 +%d):\n%s", procs, procs, diff)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestToolNamesAsWalkDir: the files a load lists, and the error it gets,
// are fs.WalkDir's, for directory roots, a file root, a missing root and a
// subdirectory that cannot be read.
func TestToolNamesAsWalkDir(t *testing.T) {
	fsys := fstest.MapFS{
		"tools/b.yaml":         {},
		"tools/a.yml":          {},
		"tools/notes.txt":      {},
		"tools/sub/c.yaml":     {},
		"tools/sub/deep/d.yml": {},
		"tools/z.yaml":         {},
		"top.yaml":             {},
	}
	walked := func(fsys fs.FS, root string) ([]string, error) {
		var names []string
		err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
				names = append(names, p)
			}
			return err
		})
		return names, err
	}
	broken := unreadableDir{fsys, "tools/sub"}
	for _, tt := range []struct {
		name string
		fsys fs.FS
		root string
	}{
		{"root", fsys, "."}, {"directory", fsys, "tools"}, {"nested", fsys, "tools/sub"},
		{"file", fsys, "top.yaml"}, {"missing", fsys, "nope"}, {"unreadable subdirectory", broken, "tools"},
	} {
		want, wantErr := walked(tt.fsys, tt.root)
		got, err := toolNames(tt.fsys, tt.root)
		if diff := cmp.Diff(want, got); diff != "" || fmt.Sprint(err) != fmt.Sprint(wantErr) {
			t.Errorf("%s: error %v, want %v; names (-WalkDir +toolNames):\n%s", tt.name, err, wantErr, diff)
		}
	}
	if _, err := toolNames(broken, "tools"); err == nil {
		t.Error("an unreadable subdirectory gave no error")
	}
}

// unreadableDir is fsys with the directory dir failing to be read.
type unreadableDir struct {
	fsys fs.FS
	dir  string
}

func (u unreadableDir) Open(name string) (fs.File, error) {
	if name == u.dir {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return u.fsys.Open(name)
}
