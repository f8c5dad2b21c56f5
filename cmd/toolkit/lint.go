package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/yqcloud"
)

func runLint(ctx context.Context, c *cli, args []string) int {
	fs := c.newFlags("lint", "[PATH...] [--strict] [--format text|json|sarif]",
		"Check YAML tool files, YQCloud function definitions (.json) and OpenAPI documents, each\n"+
			"recognised by its content (default: the ./tools folder), and print every problem as\n"+
			"file:line:col: severity: message, then one line counting the files, errors and warnings.\n"+
			"The exit status is 1 when there are errors (with --strict, warnings too).")
	strict := fs.Bool("strict", false, "exit with status 1 on warnings too")
	format := newChoice("text", "json", "sarif")
	fs.Var(format, "format", "output `format`: text, json, or sarif (SARIF 2.1.0, for GitHub code scanning)")
	paths, status, ok := parse(fs, args)
	if !ok {
		return status
	}
	if len(paths) == 0 {
		if _, err := os.Stat(defaultPath); err != nil {
			c.errorf("lint: no PATH given, and there is no ./%s folder", defaultPath)
			fs.Usage()
			return exitUsage
		}
		paths = []string{defaultPath}
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
		fmt.Fprintf(c.stderr, "toolkit: %s checked: %s, %s\n", plural(len(rep.files), "file"), plural(rep.errors, "error"), plural(rep.warnings, "warning"))
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

// lint checks the files paths name with the library's loaders, together:
// as the other subcommands load them into one Registry, the YAML files are
// loaded as Registry.LoadFS loads a folder (a tool finds the shared
// pre_request it names in any of them), and two capabilities of one name
// are an error.
func lint(ctx context.Context, c *cli, paths []string) (*report, error) {
	ins, err := inputs(paths)
	if err != nil {
		return nil, err
	}
	rep := &report{}
	p := newProgress(c.stderr, "linting", len(ins))
	defer p.done()
	if err := rep.lintFiles(ctx, ins, p); err != nil {
		return nil, err
	}
	for _, d := range rep.diags {
		if d.Severity == toolkit.SeverityWarning {
			rep.warnings++
		} else {
			rep.errors++
		}
	}
	return rep, nil
}

// lintFiles checks the files.
func (rep *report) lintFiles(ctx context.Context, ins []input, p *progress) error {
	var diags toolkit.Diagnostics
	var tools []source
	defs := map[string]string{} // YQCloud function name -> file
	type def struct{ name, file string }
	var yq []def
	for i, in := range ins {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		p.step(i)
		s, d, ok := read(in)
		if d != nil {
			diags = append(diags, *d)
			rep.files = append(rep.files, source{path: s.path, kind: s.kind})
		}
		if !ok {
			continue
		}
		rep.files = append(rep.files, source{path: s.path, kind: s.kind})
		switch s.kind {
		case toolkit.FileTool:
			tools = append(tools, s)
		case toolkit.FileYQCloud:
			set, ds := yqcloud.Parse(s.path, s.src, nil)
			diags = append(diags, ds...)
			for _, d := range set.Definitions() {
				yq = append(yq, def{d.Name, s.path})
			}
		case toolkit.FileOpenAPI:
			_, ds := openAPI(s)
			diags = append(diags, ds...)
		}
	}
	// lint checks files, not the environment: every variable counts as set.
	reg := toolkit.NewRegistry(&toolkit.Options{
		Env:    func(string) (string, bool) { return "", true },
		Logger: slog.New(slog.DiscardHandler),
	})
	diags = append(diags, loadTools(reg, tools, p)...)
	for _, d := range yq {
		other, dup := defs[d.name]
		if _, tool := reg.Lookup(d.name); tool {
			other, dup = "a YAML tool file", true
		}
		if dup {
			diags = append(diags, toolkit.Diagnostic{File: d.file, Line: 1, Col: 1, Field: "name",
				Msg: fmt.Sprintf("duplicate capability name %q (also in %s)", d.name, other)})
			continue
		}
		defs[d.name] = d.file
	}
	// In the order of the files; each file's in its loader's order.
	order := map[string]int{}
	for i, in := range ins {
		order[in.path] = i
	}
	slices.SortStableFunc(diags, func(a, b toolkit.Diagnostic) int { return cmp.Compare(order[a.File], order[b.File]) })
	rep.diags = append(rep.diags, diags...)
	return nil
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
		HelpURI:         repoURL + "/blob/main/docs/yaml.md", Help: sarifText{"See the YAML reference (docs/yaml.md); schema/tool.schema.json describes every field."}},
	{ID: "toolkit/yqcloud", Name: "YQCloudDefinition", ShortDescription: sarifText{"A YQCloud function definition does not load"},
		FullDescription: sarifText{"The YQCloud function definitions have an error that keeps them from loading, or a warning about them."},
		HelpURI:         repoURL + "/blob/main/docs/yqcloud.md", Help: sarifText{"See the YQCloud reference (docs/yqcloud.md)."}},
	{ID: "toolkit/openapi", Name: "OpenAPIDocument", ShortDescription: sarifText{"An OpenAPI document or operation cannot be used"},
		FullDescription: sarifText{"The OpenAPI document is refused, or one of its operations is left out of query_api_docs and call_http_api."},
		HelpURI:         repoURL + "/blob/main/docs/hostapi.md", Help: sarifText{"See the host API reference (docs/hostapi.md)."}},
	{ID: "toolkit/file", Name: "File", ShortDescription: sarifText{"A file cannot be read or is of no known kind"},
		FullDescription: sarifText{"The file cannot be read, is too large, or is not a tool file, YQCloud definition or OpenAPI document."},
		HelpURI:         repoURL + "/blob/main/docs/cli.md", Help: sarifText{"Name tool files, YQCloud definitions and OpenAPI documents only."}},
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
