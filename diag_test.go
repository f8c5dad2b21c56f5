package toolkit

import "testing"

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
