package callargs

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestConvert(t *testing.T) {
	lower := regexp.MustCompile(`^[a-z]+$`)
	for _, tt := range []struct {
		typ      string
		validate *regexp.Regexp
		in, want any
		err      string
	}{
		{"string", nil, json.Number("12.50"), "12.50", ""},
		{"string", nil, true, "true", ""},
		{"string", nil, []any{}, nil, `parameter "p" must be a string: got an array`},
		{"string", nil, json.Number(strings.Repeat("9", MaxNumberText)), strings.Repeat("9", MaxNumberText), ""},
		{"string", nil, json.Number(strings.Repeat("9", 1<<20)), nil, `parameter "p" must be a string: got a number of 1048576 characters (at most 100 are taken as text)`},
		{"number", nil, " 1.5 ", json.Number("1.5"), ""},
		{"number", nil, "x", nil, `parameter "p" must be a number: "x" is not a number`},
		{"integer", nil, "4.0", json.Number("4"), ""},
		{"integer", nil, json.Number("1.5"), nil, `parameter "p" must be an integer: 1.5 has a fractional part`},
		{"boolean", nil, "false", false, ""},
		{"boolean", nil, " true", nil, `parameter "p" must be a boolean: " true" is not true or false`},
		{"object", nil, map[string]any{"a": nil}, map[string]any{"a": nil}, ""},
		{"string", lower, "abc", "abc", ""},
		{"string", lower, "ABC", nil, `parameter "p" does not match the pattern /^[a-z]+$/`},
	} {
		got, err := Convert("p", tt.typ, tt.validate, tt.in)
		if errText := func() string {
			if err == nil {
				return ""
			}
			return err.Error()
		}(); errText != tt.err && !(tt.err != "" && err != nil && len(errText) >= len(tt.err) && errText[:len(tt.err)] == tt.err) {
			t.Errorf("Convert(%s, %#v) error %q, want %q", tt.typ, tt.in, errText, tt.err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); err == nil && diff != "" {
			t.Errorf("Convert(%s, %#v) (-want +got):\n%s", tt.typ, tt.in, diff)
		}
	}
}

func TestText(t *testing.T) {
	for _, tt := range []struct {
		in   any
		want string
	}{
		{"a", "a"}, {json.Number("1"), "1"}, {false, "false"}, {nil, ""},
		{[]any{"a", json.Number("1")}, `["a",1]`}, {map[string]any{"k": true}, `{"k":true}`},
	} {
		if got := Text(tt.in); got != tt.want {
			t.Errorf("Text(%#v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
