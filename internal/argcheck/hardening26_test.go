package argcheck

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// numberSchemas are schemas whose keywords read numbers: type integer,
// the bounds, multipleOf, enum and const, in arrays and objects.
var numberSchemas = []string{
	`{"type":"object","properties":{"a":{"type":"array","items":{"type":"integer"}}}}`,
	`{"type":"object","properties":{"a":{"type":"array","items":{"type":"number"}}}}`,
	`{"type":"object","properties":{"a":{"type":"array","items":{"type":"number","minimum":-100,"maximum":1e30}}}}`,
	`{"type":"object","properties":{"a":{"type":"array","items":{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":0.5}}}}`,
	`{"type":"object","properties":{"a":{"type":"array","items":{"type":"integer","multipleOf":12}}}}`,
	`{"type":"object","properties":{"a":{"type":"array","items":{"multipleOf":0.25}}}}`,
	`{"type":"object","properties":{"a":{"type":"array","items":{"enum":[1,2.5,"x"]}}}}`,
	`{"type":"object","properties":{"a":{"type":"array","items":{"anyOf":[{"type":"integer","minimum":1e-3},{"const":-7}]}}}}`,
	`{"type":"object","properties":{"a":{"type":"array","uniqueItems":true,"items":{"type":"number"}}}}`,
	`{"type":"object","properties":{"a":{"type":"array","items":{"not":{"type":"integer"}}}}}`,
}

// numberCases are numbers of every reach: huge and tiny exponents, long
// digit strings, zeros, and those past the bounds.
var numberCases = []string{
	"0", "-0", "-0e999", "0.000e-1000", "1", "-7", "12", "24e0", "0.5", "0.25", "2.5", "1e-3", "1e30", "1.5e30",
	"1e1000", "-1e1000", "1E+1000", "1.5e999", "12e999", "7e999", "36e998", "1e-1000", "-1e-1000", "25e-1002",
	"123456789e-5", "123456789e5", "1e100", "1e-100", "3e-1000", "1234567890123456789012345678901234567890",
	"0." + strings.Repeat("0", 500) + "1", "1" + strings.Repeat("0", 900), strings.Repeat("9", 1000),
	"1e1001", "1e-1001", "1e00000000000000000001", strings.Repeat("9", 1001), "1e+01000",
}

func compileNumbers(t testing.TB, schema string) (fast, reference *Schema) {
	t.Helper()
	s, err := Compile(json.RawMessage(schema))
	if err != nil {
		t.Fatal(err)
	}
	ref := *s
	ref.standIns = false
	return s, &ref
}

// checkText is the result of Check as text: the error, or the
// normalized arguments.
func checkText(s *Schema, args map[string]any) string {
	if err := s.Check(args); err != nil {
		return err.Error()
	}
	b, _ := json.Marshal(args)
	return string(b)
}

// A number is judged from its text: every keyword decides a huge- or
// tiny-exponent number as the validator does on the full number, while
// the work, measured in allocated bytes, stays proportional to the text.
func TestHardening26_02_HugeExponent(t *testing.T) {
	t.Run("same result as the full numbers", func(t *testing.T) {
		for _, schema := range numberSchemas {
			fast, ref := compileNumbers(t, schema)
			for _, n := range numberCases {
				text := `{"a":[` + n + `]}`
				if n == "1e1000" || n == "7e999" {
					text = `{"a":[` + n + `,` + n + `]}` // uniqueItems
				}
				got, want := checkText(fast, decode(t, text)), checkText(ref, decode(t, text))
				if got != want {
					t.Errorf("%s\n%s: %s\nwant (full number) %s", schema, n, got, want)
				}
			}
		}
	})
	t.Run("normalized integers", func(t *testing.T) {
		s, _ := compileNumbers(t, `{"type":"object","properties":{"i":{"type":"integer"},"s":{"type":"integer"}}}`)
		for _, tt := range []struct{ in, want string }{
			{`{"i":4.0,"s":"1.5e2"}`, `{"i":4,"s":150}`},
			{`{"i":-0,"s":"-0.0"}`, `{"i":-0,"s":0}`},
			{`{"i":-0e999,"s":"10e-1"}`, `{"i":0,"s":1}`},
			{`{"i":1e20,"s":"-2.5e1"}`, `{"i":100000000000000000000,"s":-25}`},
			{`{"i":1e1000,"s":"1.5e999"}`, `{"i":1e1000,"s":1.5e999}`}, // not written out
			{`{"i":123456789e-5}`, `parameter "i" must be an integer, got 123456789e-5`},
			{`{"i":1e-1000}`, `parameter "i" must be an integer, got 1e-1000`},
			{`{"i":1e1001}`, `parameter "i" must be a number with an exponent within ±1000, got 1e1001`},
			{`{"i":` + strings.Repeat("1", 1001) + `}`, `parameter "i" must be a number of at most 1000 digits, got ` + strings.Repeat("1", 40) + `… (1001 digits)`},
		} {
			if diff := cmp.Diff(tt.want, checkText(s, decode(t, tt.in))); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.in, diff)
			}
		}
	})
	t.Run("allocation proportional to the text", func(t *testing.T) {
		for _, schema := range numberSchemas {
			s, _ := compileNumbers(t, schema)
			// What a one-digit number costs is the reference: a huge or
			// tiny exponent adds no more than its text's length.
			base := perByte(t, s, "1")
			for _, n := range []string{"1e1000", "-1e1000", "1.5e999", "1e-1000", "-3e-1000", "123456789e-5", "-0e999", "9e+999",
				strings.Repeat("7", 1000), "0." + strings.Repeat("0", 998) + "1"} {
				if got := perByte(t, s, n); got > base*2+200 {
					t.Errorf("%s\n%.20s: %.0f bytes allocated per byte of arguments, %.0f for 1", schema, n, got, base)
				}
			}
		}
	})
}

// perByte is the bytes Check allocates per byte of an array of 2,000
// copies of n.
func perByte(t *testing.T, s *Schema, n string) float64 {
	return perByteText(t, s, `{"a":[`+strings.Repeat(n+",", 1999)+n+`]}`)
}

func TestHardening26_02_ParseDecimal(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string // digits e exp, or "!" for not a number
	}{
		{"0", "e0"}, {"-0", "-e0"}, {"-0e999", "-e0"}, {"120", "12e1"}, {"1.50", "15e-1"}, {"0.0012", "12e-4"},
		{"1e1000", "1e1000"}, {"1.5E+999", "15e998"}, {"123456789e-5", "123456789e-5"}, {"10e-1", "1e0"},
		{"1e0000000000000000000000005", "1e5"}, {"1.", "!"}, {"1e", "!"}, {"e5", "!"}, {"1e+", "!"}, {"--1", "!"}, {"1x", "!"},
	} {
		d, ok := parseDecimal(tt.in)
		got := "!"
		if ok {
			got = fmt.Sprintf("%s%se%d", map[bool]string{true: "-"}[d.neg], d.digits, d.exp)
		}
		if got != tt.want {
			t.Errorf("parseDecimal(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
