package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/hostapi"
	"github.com/toolkit-sdk/toolkit/yqcloud"
)

func runLint(ctx context.Context, c *cli, args []string) int {
	fs := c.newFlags("lint", "PATH... [--strict] [--format text|json|sarif]",
		"Check YAML tool files, YQCloud function definitions (.json) and OpenAPI documents, each\n"+
			"recognised by its content, and print every problem as file:line:col: severity: message.\n"+
			"The exit status is 1 when there are errors (with --strict, warnings too).")
	strict := fs.Bool("strict", false, "exit with status 1 on warnings too")
	format := newChoice("text", "json", "sarif")
	fs.Var(format, "format", "output `format`: text, json, or sarif (SARIF 2.1.0, for GitHub code scanning)")
	paths, status, ok := parse(fs, args)
	if !ok {
		return status
	}
	if len(paths) == 0 {
		c.errorf("lint: no PATH given")
		fs.Usage()
		return exitUsage
	}
	rep, err := lint(ctx, c, paths)
	if err != nil {
		c.errorf("lint: %v", err)
		return exitFail
	}
	switch format.value {
	case "json":
		err = writeJSON(c.stdout, rep.json())
	case "sarif":
		err = writeJSON(c.stdout, rep.sarif())
	default:
		for _, d := range rep.diags {
			fmt.Fprintln(c.stdout, formatDiag(d))
		}
		if len(rep.diags) > 0 || len(rep.files) == 0 {
			fmt.Fprintf(c.stderr, "toolkit: %d files checked: %s, %s\n", len(rep.files), plural(rep.errors, "error"), plural(rep.warnings, "warning"))
		}
	}
	if err != nil {
		c.errorf("lint: %v", err)
		return exitFail
	}
	if rep.errors > 0 || (*strict && rep.warnings > 0) || len(rep.files) == 0 {
		return exitFail
	}
	return exitOK
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// report is the outcome of a lint.
type report struct {
	files            []source // the files checked (src dropped)
	diags            toolkit.Diagnostics
	errors, warnings int
}

// lint checks the files paths name with the library's loaders, and that
// no two capabilities of one PATH (the set a Registry would load) share a
// name.
func lint(ctx context.Context, c *cli, paths []string) (*report, error) {
	ins, err := inputs(paths)
	if err != nil {
		return nil, err
	}
	rep := &report{}
	var names map[string]string // capability name -> file defining it, in this PATH
	defined := func(s source, name string) {
		if other, dup := names[name]; dup {
			rep.diags = append(rep.diags, toolkit.Diagnostic{File: s.path, Line: 1, Col: 1, Field: "name",
				Msg: fmt.Sprintf("duplicate capability name %q (also in %s)", name, other)})
			return
		}
		names[name] = s.path
	}
	p := newProgress(c.stderr, "linting", len(ins))
	defer p.done()
	for i, in := range ins {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		p.step(i)
		if i == 0 || in.arg != ins[i-1].arg {
			names = map[string]string{}
		}
		s, d, ok := read(in)
		if d != nil {
			rep.diags = append(rep.diags, *d)
		}
		if !ok {
			if d != nil {
				rep.files = append(rep.files, source{path: s.path, kind: s.kind})
			}
			continue
		}
		rep.files = append(rep.files, source{path: s.path, kind: s.kind})
		switch s.kind {
		case toolkit.FileTool:
			w, diags := toolkit.ParseWorkflow(s.path, s.src)
			rep.diags = append(rep.diags, diags...)
			if w != nil {
				defined(s, w.Name)
			}
		case toolkit.FileYQCloud:
			set, diags := yqcloud.Parse(s.path, s.src, nil)
			rep.diags = append(rep.diags, diags...)
			for _, def := range set.Definitions() {
				defined(s, def.Name)
			}
		case toolkit.FileOpenAPI:
			_, diags, err := hostapi.LoadOpenAPI(s.src, &hostapi.LoadOptions{File: s.path})
			if err != nil && !diags.HasErrors() {
				diags = append(diags, toolkit.Diagnostic{File: s.path, Msg: err.Error()})
			}
			rep.diags = append(rep.diags, diags...)
		}
	}
	for i, d := range rep.diags {
		if d.File == "" {
			rep.diags[i].File = "-"
		}
		if d.Severity == toolkit.SeverityWarning {
			rep.warnings++
		} else {
			rep.errors++
		}
	}
	return rep, nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// The JSON output of lint.
type (
	jsonReport struct {
		Files       []jsonFile       `json:"files"`
		Diagnostics []jsonDiagnostic `json:"diagnostics"`
		Errors      int              `json:"errors"`
		Warnings    int              `json:"warnings"`
	}
	jsonFile struct {
		Path string `json:"path"`
		Kind string `json:"kind"` // tool, yqcloud, openapi or unknown
	}
	jsonDiagnostic struct {
		File     string `json:"file"`
		Line     int    `json:"line,omitempty"`
		Col      int    `json:"col,omitempty"`
		Severity string `json:"severity"`
		Field    string `json:"field,omitempty"`
		Message  string `json:"message"`
	}
)

func (r *report) json() jsonReport {
	out := jsonReport{Files: []jsonFile{}, Diagnostics: []jsonDiagnostic{}, Errors: r.errors, Warnings: r.warnings}
	for _, f := range r.files {
		out.Files = append(out.Files, jsonFile{Path: filepath.ToSlash(f.path), Kind: f.kind.String()})
	}
	for _, d := range r.diags {
		out.Diagnostics = append(out.Diagnostics, jsonDiagnostic{File: filepath.ToSlash(d.File), Line: d.Line, Col: d.Col,
			Severity: d.Severity.String(), Field: d.Field, Message: d.Msg})
	}
	return out
}

// SARIF 2.1.0, the subset GitHub code scanning reads
// (https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning).
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool    sarifTool     `json:"tool"`
		Results []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version,omitempty"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID               string      `json:"id"`
		Name             string      `json:"name"`
		ShortDescription sarifText   `json:"shortDescription"`
		FullDescription  sarifText   `json:"fullDescription"`
		HelpURI          string      `json:"helpUri"`
		Help             sarifText   `json:"help"`
		Default          sarifConfig `json:"defaultConfiguration"`
	}
	sarifConfig struct {
		Level string `json:"level"`
	}
	sarifText struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID    string          `json:"ruleId"`
		RuleIndex int             `json:"ruleIndex"`
		Level     string          `json:"level"`
		Message   sarifText       `json:"message"`
		Locations []sarifLocation `json:"locations"`
	}
	sarifLocation struct {
		Physical sarifPhysical `json:"physicalLocation"`
	}
	sarifPhysical struct {
		Artifact sarifArtifact `json:"artifactLocation"`
		Region   sarifRegion   `json:"region"`
	}
	sarifArtifact struct {
		URI string `json:"uri"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
	}
)

const repoURL = "https://github.com/toolkit-sdk/toolkit"

// sarifRules are the rules of the results: one per kind of file.
var sarifRules = []sarifRule{
	{ID: "toolkit/tool-file", Name: "ToolFile", ShortDescription: sarifText{"A YAML tool file does not load"},
		FullDescription: sarifText{"The YAML tool file has an error that keeps it from loading, or a warning about it (an undeclared reference, a step no path reaches)."},
		HelpURI:         repoURL + "#yaml-reference", Help: sarifText{"See the YAML reference of the toolkit README; schema/tool.schema.json describes every field."}},
	{ID: "toolkit/yqcloud", Name: "YQCloudDefinition", ShortDescription: sarifText{"A YQCloud function definition does not load"},
		FullDescription: sarifText{"The YQCloud function definitions have an error that keeps them from loading, or a warning about them."},
		HelpURI:         repoURL + "#yqcloud-function-definitions", Help: sarifText{"See the YQCloud section of the toolkit README."}},
	{ID: "toolkit/openapi", Name: "OpenAPIDocument", ShortDescription: sarifText{"An OpenAPI document or operation cannot be used"},
		FullDescription: sarifText{"The OpenAPI document is refused, or one of its operations is left out of query_api_docs and call_http_api."},
		HelpURI:         repoURL + "#the-hosts-own-api-query_api_docs-and-call_http_api", Help: sarifText{"See the host API section of the toolkit README."}},
	{ID: "toolkit/file", Name: "File", ShortDescription: sarifText{"A file cannot be read or is of no known kind"},
		FullDescription: sarifText{"The file cannot be read, is too large, or is not a tool file, YQCloud definition or OpenAPI document."},
		HelpURI:         repoURL + "#the-toolkit-command", Help: sarifText{"Name tool files, YQCloud definitions and OpenAPI documents only."}},
}

func (r *report) sarif() sarifLog {
	kinds := map[string]toolkit.FileKind{}
	for _, f := range r.files {
		kinds[f.path] = f.kind
	}
	rules := make([]sarifRule, len(sarifRules))
	copy(rules, sarifRules)
	for i := range rules {
		rules[i].Default.Level = "error"
	}
	results := []sarifResult{}
	for _, d := range r.diags {
		rule := 3
		switch kinds[d.File] {
		case toolkit.FileTool:
			rule = 0
		case toolkit.FileYQCloud:
			rule = 1
		case toolkit.FileOpenAPI:
			rule = 2
		}
		region := sarifRegion{StartLine: d.Line, StartColumn: d.Col}
		if region.StartLine < 1 { // GitHub needs a line: the file's first
			region = sarifRegion{StartLine: 1}
		}
		level := "error"
		if d.Severity == toolkit.SeverityWarning {
			level = "warning"
		}
		results = append(results, sarifResult{RuleID: rules[rule].ID, RuleIndex: rule, Level: level, Message: sarifText{message(d)},
			Locations: []sarifLocation{{Physical: sarifPhysical{Artifact: sarifArtifact{URI: fileURI(d.File)}, Region: region}}}})
	}
	return sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool:    sarifTool{Driver: sarifDriver{Name: "toolkit", Version: version(), InformationURI: repoURL, Rules: rules}},
			Results: results,
		}},
	}
}

// fileURI is path as a SARIF artifact URI: relative paths stay relative
// (to the folder lint ran in, the repository's root in CI), with '/'.
func fileURI(path string) string {
	slash := filepath.ToSlash(path)
	if filepath.IsAbs(path) {
		return (&url.URL{Scheme: "file", Path: slash}).String()
	}
	slash = strings.TrimPrefix(slash, "./")
	return (&url.URL{Path: slash}).EscapedPath()
}

// version is the module's version, when the binary knows it.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return ""
}
