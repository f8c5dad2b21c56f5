package jsonstr

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
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
		roundTrip(t, in)
	}
	for _, in := range []string{"", "\x00\x01\x1f", "é😀", "<html>&", "a\xc3", "\xed\xa0\x80"} {
		roundTrip(t, in)
	}
}

// roundTrip checks that Append(s) decodes back to s, each byte that is
// not UTF-8 read as U+FFFD.
func roundTrip(t *testing.T, s string) {
	t.Helper()
	out := Append(nil, s)
	var back string
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatalf("%q -> %s: %v", s, out, err)
	}
	if want := string([]rune(s)); back != want {
		t.Errorf("%q -> %s -> %q, want %q", s, out, back, want)
	}
}

func FuzzAppend(f *testing.F) {
	f.Add("a\"b\\c\n\u2028\xff")
	f.Fuzz(func(t *testing.T, s string) {
		roundTrip(t, s)
		sameAsMarshal(t, s)
	})
}

// sameAsMarshal: AppendMarshal writes s as Marshal does.
func sameAsMarshal(t *testing.T, s string) {
	t.Helper()
	want, err := Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if got := AppendMarshal([]byte("x"), s); string(got) != "x"+string(want) {
		t.Errorf("AppendMarshal(%q) = %s, Marshal: %s", s, got[1:], want)
	}
}

func TestAppendMarshal(t *testing.T) {
	for _, s := range []string{"", "plain", `q"b\s`, "nl\n\r\t\x01\x1f", "<&> ü 中", "bad\xffutf8", "ls\u2028ps\u2029", "\x7f", "\x00"} {
		sameAsMarshal(t, s)
	}
}

func TestIsNumber(t *testing.T) {
	for _, s := range []string{"0", "-0", "42", "1234567.89", "1e3", "1E+3", "-2.5e-10", "123456789012345678901234567890", "0.25", "2e-3", "-0.0e0"} {
		if !IsNumber(s) {
			t.Errorf("IsNumber(%q) = false", s)
		}
	}
	for _, s := range []string{"", "-", "01", "+1", "1.", ".5", "1e", "1e+", "0x1F", "1_000", " 1", "1 ", "NaN", "Infinity", "1.2.3", "--1"} {
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

// TestScanNumber: where a number ends, within text and as bytes, and where
// the grammar fails.
func TestScanNumber(t *testing.T) {
	tests := []struct {
		s       string
		at, end int
		ok      bool
	}{
		{"[12.5e3,", 1, 7, true},
		{"-0]", 0, 2, true},
		{"0123", 0, 1, true}, // a number ends after a leading 0
		{"x-", 1, 2, false},
		{"1.x", 0, 2, false},
		{"1e+", 0, 3, false},
		{"a", 0, 0, false},
	}
	for _, tt := range tests {
		end, ok := ScanNumber(tt.s, tt.at)
		bend, bok := ScanNumber([]byte(tt.s), tt.at)
		if end != tt.end || ok != tt.ok || bend != end || bok != ok {
			t.Errorf("ScanNumber(%q, %d) = %d, %v (bytes: %d, %v); want %d, %v", tt.s, tt.at, end, ok, bend, bok, tt.end, tt.ok)
		}
	}
}

func TestIntegerText(t *testing.T) {
	for in, want := range map[string]string{"42": "42", "-7": "-7", "42.0": "42", "4.2e1": "42", "1E+3": "1000", "-0.0": "0", "1e400": "1" + strings.Repeat("0", 400)} {
		if got, err := IntegerText(in); got != want || err != nil {
			t.Errorf("IntegerText(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for in, want := range map[string]error{"4.5": ErrFraction, "1.0000000000000001": ErrFraction, "1e-400": ErrFraction, "1e1001": ErrExponent, "1e-1000000": ErrExponent} {
		if got, err := IntegerText(in); err != want {
			t.Errorf("IntegerText(%q) = %q, %v; want %v", in, got, err, want)
		}
	}
}

func TestObject(t *testing.T) {
	o := Object{{Key: "b", Value: 1}, {Key: "a<&>", Value: "x<y"}, {Key: "n", Value: Object{{Key: "z", Value: nil}}}}
	got, err := Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"b":1,"a<&>":"x<y","n":{"z":null}}`; string(got) != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if _, err := json.Marshal(Object{{Key: "c", Value: make(chan int)}}); err == nil {
		t.Error("a value with no JSON form: no error")
	}
}

// TestMarshalSimple checks that Marshal's own writer for schema values
// writes what encoding/json writes.
func TestMarshalSimple(t *testing.T) {
	for _, v := range []any{
		nil, true, false, "", "plain", `quote " and \ back`, "<html> & é 日本", "line\u2028sep\u2029", "bad \xff utf8",
		"tab\there", "nul\x00", []string{}, []string{"a", "b\"c"}, []string{"ctl\x01"}, Object(nil), Object{},
		Object{{Key: "type", Value: "object"}, {Key: "properties", Value: Object{{Key: "id", Value: Object{{Key: "type", Value: "string"}, {Key: "default", Value: 4.5}}}}},
			{Key: "required", Value: []string{"id"}}, {Key: "additionalProperties", Value: false}},
		Object{{Key: "k\u2028", Value: "v\n"}}, 42, 1.5, map[string]any{"a": 1},
	} {
		got, err := Marshal(v)
		if err != nil {
			t.Fatalf("Marshal(%#v): %v", v, err)
		}
		want, err := marshal(v)
		if err != nil {
			t.Fatalf("marshal(%#v): %v", v, err)
		}
		if string(got) != string(want) {
			t.Errorf("Marshal(%#v) = %s, encoding/json writes %s", v, got, want)
		}
	}
}

func TestPrefixEscaped(t *testing.T) {
	for _, s := range []string{"", "abc", "\x01\x02ab", "a\"b\\c\nd", "é\xffü\u2028x", strings.Repeat("\x01", 50)} {
		for n := range 40 {
			p, cut := Prefix(s, n)
			if got := len(AppendContent(nil, p)); got > n && p != "" || !strings.HasPrefix(s, p) || cut != (p != s) {
				t.Errorf("Prefix(%q, %d) = %q, %v: %d escaped bytes", s, n, p, cut, got)
			}
			if cut && len(AppendContent(nil, s[:len(p)+1])) <= n && utf8.ValidString(s[:len(p)+1]) {
				t.Errorf("Prefix(%q, %d) = %q: a longer prefix fits", s, n, p)
			}
		}
	}
}
