package jsonstr

import (
	"encoding/json"
	"testing"
)

func TestAppend(t *testing.T) {
	for in, want := range map[string]string{
		"plain":            `"plain"`,
		`q"b\s`:            `"q\"b\\s"`,
		"nl\n\r\t\x01":     `"nl\n\r\t\u0001"`,
		"<&> ü 中":          `"<&> ü 中"`,
		"bad\xffutf8":      `"bad\ufffdutf8"`,
		"ls\u2028ps\u2029": `"ls\u2028ps\u2029"`,
	} {
		got := string(Append(nil, in))
		if got != want {
			t.Errorf("Append(%q) = %s, want %s", in, got, want)
		}
		var back string
		if err := json.Unmarshal([]byte(got), &back); err != nil {
			t.Errorf("%s is not a JSON string: %v", got, err)
		}
	}
}

func FuzzAppend(f *testing.F) {
	f.Add("a\"b\\c\n\u2028\xff")
	f.Fuzz(func(t *testing.T, s string) {
		out := Append(nil, s)
		var back string
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("%q -> %s: %v", s, out, err)
		}
	})
}
