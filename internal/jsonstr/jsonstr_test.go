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

func TestIsNumber(t *testing.T) {
	for _, s := range []string{"0", "-0", "42", "1234567.89", "1e3", "1E+3", "-2.5e-10", "123456789012345678901234567890"} {
		if !IsNumber(s) {
			t.Errorf("IsNumber(%q) = false", s)
		}
	}
	for _, s := range []string{"", "-", "01", "+1", "1.", ".5", "1e", "1e+", "0x1F", "1_000", " 1", "1 ", "NaN", "Infinity", "1.2.3"} {
		if IsNumber(s) {
			t.Errorf("IsNumber(%q) = true", s)
		}
	}
}

func FuzzIsNumber(f *testing.F) {
	f.Add("-12.5e3")
	f.Fuzz(func(t *testing.T, s string) {
		var n json.Number
		err := json.Unmarshal([]byte(s), &n)
		want := err == nil && len(s) > 0 && s[0] != '"' && s == n.String() && s != "null"
		if got := IsNumber(s); got != want {
			t.Fatalf("IsNumber(%q) = %v, encoding/json says %v", s, got, want)
		}
	})
}
