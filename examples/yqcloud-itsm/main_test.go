package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit/internal/golden"
)

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
	golden.Check(t, "testdata/transcript.golden", got)
}
