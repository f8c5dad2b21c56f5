package toolkit

import (
	"fmt"
	"strings"
)

// Severity of a Diagnostic.
type Severity uint8

// Severities: an SeverityError keeps a file from loading, a SeverityWarning does not.
const (
	SeverityError Severity = iota
	SeverityWarning
)

func (s Severity) String() string {
	if s == SeverityWarning {
		return "warning"
	}
	return "error"
}

// Diagnostic is one problem found while loading a tool file, positioned at
// the field it concerns.
type Diagnostic struct {
	Severity Severity
	File     string
	Line     int // 1-based; 0 if unknown
	Col      int // 1-based; 0 if unknown
	Field    string
	Msg      string
}

// Error renders the diagnostic as file:line:col: field: message, with
// "warning: " before the field of a warning.
func (d Diagnostic) Error() string {
	var b strings.Builder
	if pos := d.Pos(); pos != "" {
		b.WriteString(pos)
		b.WriteString(": ")
	}
	if d.Severity == SeverityWarning {
		b.WriteString("warning: ")
	}
	if d.Field != "" {
		b.WriteString(d.Field)
		b.WriteString(": ")
	}
	b.WriteString(d.Msg)
	return b.String()
}

// Pos renders where the diagnostic is: file:line:col, without what is
// unknown ("file" when the line is; "" when the file is too).
func (d Diagnostic) Pos() string {
	switch {
	case d.Line <= 0:
		return d.File
	case d.File == "":
		return fmt.Sprintf("%d:%d", d.Line, d.Col)
	}
	return fmt.Sprintf("%s:%d:%d", d.File, d.Line, d.Col)
}

// Diagnostics are all problems of one load. As an error (a load that
// failed) it reports its errors; a set without errors renders its
// warnings, so that log.Print(diags) shows what there is to see.
type Diagnostics []Diagnostic

// Errors returns the diagnostics of severity Error.
func (ds Diagnostics) Errors() Diagnostics { return ds.filter(SeverityError) }

// Warnings returns the diagnostics of severity Warning.
func (ds Diagnostics) Warnings() Diagnostics { return ds.filter(SeverityWarning) }

func (ds Diagnostics) filter(s Severity) Diagnostics {
	var out Diagnostics
	for _, d := range ds {
		if d.Severity == s {
			out = append(out, d)
		}
	}
	return out
}

// HasErrors reports whether any diagnostic is an error.
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == SeverityError {
			return true
		}
	}
	return false
}

// Error renders the first error and counts the others ("…, and 2 other
// error(s)"). Without errors it renders every warning, one a line, and
// "no diagnostics" for an empty set.
func (ds Diagnostics) Error() string {
	errs := ds.Errors()
	switch len(errs) {
	case 0:
		if len(ds) == 0 {
			return "no diagnostics"
		}
		return ds.String()
	case 1:
		return errs[0].Error()
	}
	return fmt.Sprintf("%s, and %d other error(s)", errs[0].Error(), len(errs)-1)
}

// String renders every diagnostic, one a line, errors and warnings in
// their order.
func (ds Diagnostics) String() string {
	lines := make([]string, len(ds))
	for i, d := range ds {
		lines[i] = d.Error()
	}
	return strings.Join(lines, "\n")
}

// Is makes errors.Is(ds, ErrLoad) true when ds holds errors.
func (ds Diagnostics) Is(target error) bool { return target == ErrLoad && ds.HasErrors() }

// asError returns ds as an error if it holds any errors, else nil.
func (ds Diagnostics) asError() error {
	if ds.HasErrors() {
		return ds
	}
	return nil
}
