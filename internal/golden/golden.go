// Package golden compares test output with files under testdata, and
// rewrites them when the tests run with UPDATE_GOLDEN=1 in the environment
// (which works for `go test ./...`, where some packages have no golden
// files) or, in one package, with -update.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite golden files with the output the tests produce")

// Check compares got with the file at path; under -update it writes got
// there first (creating folders as needed).
func Check(t testing.TB, path string, got string) {
	t.Helper()
	if *update || os.Getenv("UPDATE_GOLDEN") == "1" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run UPDATE_GOLDEN=1 go test ./... to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}
