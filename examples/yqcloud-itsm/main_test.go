package main

import (
	"bytes"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden transcript")

// TestTranscript runs the ITSM and knowledge flows and compares what the
// model and the host see with testdata/transcript.golden.
func TestTranscript(t *testing.T) {
	var out bytes.Buffer
	if err := run(&out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if strings.Contains(got, token) {
		t.Error("the access token reached the transcript")
	}
	const golden = "testdata/transcript.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("transcript (-want +got):\n%s", diff)
	}
}
