package toolkit

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit/internal/golden"
)

// goldenFile compares got with testdata file name, rewriting it under -update.
func goldenFile(t *testing.T, name, got string) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", name), got)
}

// TestLoadDiagnostics checks every load problem is reported at once with
// file:line:col and the field.
func TestLoadDiagnostics(t *testing.T) {
	files, err := filepath.Glob("testdata/load/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatal("no test files", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".yaml")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			w, diags := ParseWorkflow("testdata/load/"+filepath.Base(f), src)
			if (w == nil) != diags.HasErrors() {
				t.Errorf("workflow returned = %v with errors = %v", w != nil, diags.HasErrors())
			}
			goldenFile(t, "load/"+name+".golden", diags.String()+"\n")
		})
	}
}

func TestLoadFSSkipsBrokenFiles(t *testing.T) {
	fsys := fstest.MapFS{
		"tools/good.yaml":   {Data: []byte("name: good\ndesc: fine\nsteps:\n  - url: https://example.com\n")},
		"tools/broken.yaml": {Data: []byte("name: broken\nsteps: []\n")},
		"tools/dup.yml":     {Data: []byte("name: good\ndesc: same name\nsteps:\n  - url: https://example.com\n")},
		"tools/notes.txt":   {Data: []byte("not a tool")},
	}
	reg := NewRegistry(&Options{Logger: discardLogger()})
	diags, err := reg.LoadFS(fsys, "tools")
	if !errors.Is(err, ErrLoad) {
		t.Fatalf("err = %v, want ErrLoad", err)
	}
	var got []string
	for _, c := range reg.Capabilities() {
		got = append(got, c.Name)
	}
	if diff := cmp.Diff([]string{"good"}, got); diff != "" {
		t.Errorf("loaded capabilities (-want +got):\n%s", diff)
	}
	want := []string{
		"tools/broken.yaml:1:1: missing required field \"desc\"",
		"tools/broken.yaml:2:8: steps: must hold at least one step",
		"tools/good.yaml:1:1: name: duplicate capability name \"good\" (also in tools/dup.yml)",
	}
	var msgs []string
	for _, d := range diags {
		msgs = append(msgs, d.Error())
	}
	if diff := cmp.Diff(want, msgs); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
}

func TestDiagnosticsError(t *testing.T) {
	ds := Diagnostics{
		{File: "a.yaml", Line: 3, Col: 5, Field: "steps[0].url", Msg: "bad"},
		{Severity: SeverityWarning, File: "a.yaml", Line: 4, Col: 1, Msg: "meh"},
		{File: "a.yaml", Line: 9, Col: 2, Msg: "worse"},
	}
	if got, want := ds.Error(), "a.yaml:3:5: steps[0].url: bad, and 1 other error(s)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if !errors.Is(ds, ErrLoad) {
		t.Error("errors.Is(ds, ErrLoad) = false")
	}
	if errors.Is(ds.Warnings(), ErrLoad) {
		t.Error("warnings alone must not be a load error")
	}
}

func FuzzParseWorkflow(f *testing.F) {
	files, _ := filepath.Glob("testdata/load/*.yaml")
	more, _ := filepath.Glob("examples/quickstart/tools/*.yaml")
	for _, p := range append(files, more...) {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("name: x\ndesc: y\nsteps:\n  - url: &a http://x\n    result: *a\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 4096 {
			return
		}
		w, diags := ParseWorkflow("fuzz.yaml", src)
		if w == nil && !diags.HasErrors() {
			t.Fatal("nil workflow without an error")
		}
		if w != nil && len(w.steps) == 0 {
			t.Fatal("workflow without steps")
		}
	})
}

// TestBlockScalarPositions checks that an error inside a block scalar is
// placed at its line and column, whichever YAML parser read the file (an
// anchor sends it to goccy's).
func TestBlockScalarPositions(t *testing.T) {
	const file = "name: %st\ndesc: d\nsteps:\n  - url: http://x/\n    result: |\n      first line\n\n      the ${step5:x} here\n"
	for _, anchor := range []string{"", "&n "} {
		_, diags := ParseWorkflow("a.yaml", fmt.Appendf(nil, file, anchor))
		want := "a.yaml:8:11: steps[0].result: ${step5:x}: unknown step 5 (steps are numbered 0 to 0)"
		if got := diags.String(); got != want {
			t.Errorf("anchor %q:\n got %s\nwant %s", anchor, got, want)
		}
	}
}

// TestNames checks the name rules against the patterns they stand for.
func TestNames(t *testing.T) {
	name := regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.-]*$`)
	env := regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	for _, s := range []string{"", "a", "_", "A9", "9a", "a.b-c_d", "a b", ".a", "-a", "a$", "é", "aé", "BASE_URL", "x.y", "a-", "_9.", "a\n"} {
		if got, want := isName(s), name.MatchString(s); got != want {
			t.Errorf("isName(%q) = %v, want %v", s, got, want)
		}
		if got, want := isEnvName(s), env.MatchString(s); got != want {
			t.Errorf("isEnvName(%q) = %v, want %v", s, got, want)
		}
	}
}
