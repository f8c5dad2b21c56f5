package main

import (
	"bytes"
	"testing"

	"github.com/toolkit-sdk/toolkit/internal/golden"
)

// TestTranscript runs the example and compares what the model would see
// with testdata/transcript.golden.
func TestTranscript(t *testing.T) {
	var out bytes.Buffer
	if err := run(&out); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/transcript.golden", out.String())
}
