package toolkit

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestArchitectureNames: every file ARCHITECTURE.md names exists, and the
// tables it sends a change to are where it says.
func TestArchitectureNames(t *testing.T) {
	b, err := os.ReadFile("ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	paths := map[string]bool{}
	base := map[string]bool{}
	err = filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		paths[filepath.ToSlash(p)] = true
		base[d.Name()] = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile("`([A-Za-z0-9_./-]+\\.(?:go|json|yml|md))`").FindAllStringSubmatch(text, -1) {
		if name := m[1]; !paths[name] && !base[name] {
			t.Errorf("ARCHITECTURE.md names %s, which is not in the tree", name)
		}
	}
	for _, m := range regexp.MustCompile("`((?:internal/)?[a-z]+)/?`").FindAllStringSubmatch(text, -1) {
		if dir := m[1]; strings.Contains(text, "`"+dir+"/`") && !paths[dir] {
			t.Errorf("ARCHITECTURE.md names package %s/, which is not in the tree", dir)
		}
	}
	for file, names := range map[string][]string{
		"loop.go":                  {"loopStyles", "cursorFields"},
		"tools.go":                 {"entryTools"},
		"internal/redact/forms.go": {"forms"},
		"hostapi/style.go":         {"styles"},
		"messages.go":              {"message"},
	} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Error(err)
			continue
		}
		for _, name := range names {
			if !regexp.MustCompile(`\b` + name + `\b`).Match(src) {
				t.Errorf("%s has no %s, which ARCHITECTURE.md sends a change to", file, name)
			}
		}
		if !strings.Contains(text, "`"+file+"`") && !strings.Contains(text, "`"+filepath.Base(file)+"`") {
			t.Errorf("ARCHITECTURE.md no longer names %s", file)
		}
	}
}
