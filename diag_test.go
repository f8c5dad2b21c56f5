package toolkit

import (
	"bytes"
	"fmt"
	"log"
	"strconv"
	"strings"
	"testing"
)

func TestDiagnosticPos(t *testing.T) {
	tests := []struct {
		d        Diagnostic
		pos, err string
	}{
		{Diagnostic{File: "a.yaml", Line: 3, Col: 5, Field: "steps[0]", Msg: "bad"}, "a.yaml:3:5", "a.yaml:3:5: steps[0]: bad"},
		{Diagnostic{Severity: SeverityWarning, File: "a.yaml", Line: 4, Col: 1, Msg: "meh"}, "a.yaml:4:1", "a.yaml:4:1: warning: meh"},
		{Diagnostic{File: "a.yaml", Msg: "too large"}, "a.yaml", "a.yaml: too large"},
		{Diagnostic{Line: 2, Col: 7, Msg: "no file"}, "2:7", "2:7: no file"},
		{Diagnostic{Field: "name", Msg: "nowhere"}, "", "name: nowhere"},
	}
	for _, tt := range tests {
		if got := tt.d.Pos(); got != tt.pos {
			t.Errorf("%+v: Pos() = %q, want %q", tt.d, got, tt.pos)
		}
		if got := tt.d.Error(); got != tt.err {
			t.Errorf("%+v: Error() = %q, want %q", tt.d, got, tt.err)
		}
	}
}

// TestDiagnosticsPrint: errors print as error text (the first and a
// count); a set without errors prints its warnings, through Error, %v,
// %s, %+v and log.Print alike; String prints every diagnostic.
func TestDiagnosticsPrint(t *testing.T) {
	w1 := Diagnostic{Severity: SeverityWarning, File: "a.yaml", Line: 2, Col: 1, Field: "x", Msg: "unknown field"}
	w2 := Diagnostic{Severity: SeverityWarning, File: "a.yaml", Line: 9, Col: 3, Msg: "env FOO is not set"}
	e1 := Diagnostic{File: "a.yaml", Line: 3, Col: 5, Field: "steps[0].url", Msg: "bad"}
	e2 := Diagnostic{File: "a.yaml", Line: 4, Col: 1, Msg: "worse"}
	tests := []struct {
		name      string
		ds        Diagnostics
		err, plus string
	}{
		{"empty", nil, "no diagnostics", ""},
		{"warnings only", Diagnostics{w1, w2},
			"a.yaml:2:1: warning: x: unknown field\na.yaml:9:3: warning: env FOO is not set",
			"a.yaml:2:1: warning: x: unknown field\na.yaml:9:3: warning: env FOO is not set"},
		{"one error", Diagnostics{w1, e1}, "a.yaml:3:5: steps[0].url: bad",
			"a.yaml:2:1: warning: x: unknown field\na.yaml:3:5: steps[0].url: bad"},
		{"errors", Diagnostics{e1, w2, e2}, "a.yaml:3:5: steps[0].url: bad, and 1 other error(s)",
			"a.yaml:3:5: steps[0].url: bad\na.yaml:9:3: warning: env FOO is not set\na.yaml:4:1: worse"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.ds.Error(); got != tt.err {
				t.Errorf("Error() = %q, want %q", got, tt.err)
			}
			for _, f := range []string{"%v", "%s"} {
				if got := fmt.Sprintf(f, tt.ds); got != tt.err {
					t.Errorf("Sprintf(%s) = %q, want %q", f, got, tt.err)
				}
			}
			if got, want := fmt.Sprintf("%q", tt.ds), strconv.Quote(tt.err); got != want {
				t.Errorf("Sprintf(%%q) = %s, want %s", got, want)
			}
			if got := fmt.Sprintf("%+v", tt.ds); got != tt.err {
				t.Errorf("Sprintf(%%+v) = %q, want %q", got, tt.err)
			}
			if got := tt.ds.String(); got != tt.plus {
				t.Errorf("String() = %q, want %q", got, tt.plus)
			}
			var buf bytes.Buffer
			l := log.New(&buf, "", 0)
			l.Print(tt.ds)
			if got := strings.TrimSuffix(buf.String(), "\n"); got != tt.err {
				t.Errorf("log.Print = %q, want %q", got, tt.err)
			}
			var err error = tt.ds
			if got := fmt.Sprint(err); got != tt.err {
				t.Errorf("Sprint(as error) = %q, want %q", got, tt.err)
			}
		})
	}
}
