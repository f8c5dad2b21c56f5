package main

import (
	"bytes"
	"os"
	"testing"
)

// TestTranscript runs the loop and compares its output with
// testdata/transcript.golden (UPDATE_GOLDEN=1 rewrites it).
func TestTranscript(t *testing.T) {
	var out bytes.Buffer
	if err := run(&out); err != nil {
		t.Fatal(err)
	}
	const path = "testdata/transcript.golden"
	if os.Getenv("UPDATE_GOLDEN") == "1" {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != string(want) {
		t.Errorf("transcript:\n%s\nwant:\n%s", got, want)
	}
}
