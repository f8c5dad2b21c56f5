package main

import (
	"fmt"
	"regexp"
	"strings"
)

// envFileError is a line of an env file that cannot be read.
type envFileError struct {
	line int
	msg  string
}

func (e *envFileError) Error() string { return fmt.Sprintf("%d: %s", e.line, e.msg) }

var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.]*$`)

// parseEnvFile reads NAME=value lines, as dotenv files write them: blank
// lines and lines starting with # are skipped, "export " before a name is
// allowed, a value may be unquoted (up to a " #" comment, trimmed),
// 'single-quoted' (as written) or "double-quoted" (with \n, \r, \t, \",
// \\ and \$ escapes); quoted values may span lines. Nothing is expanded.
// A name given twice keeps its last value.
func parseEnvFile(src []byte) (map[string]string, error) {
	vars := map[string]string{}
	text := strings.ReplaceAll(string(src), "\r\n", "\n")
	text = strings.TrimPrefix(text, "\ufeff")
	line := 1
	for text != "" {
		var l string
		l, text, _ = strings.Cut(text, "\n")
		start := line
		line++
		l = strings.TrimLeft(l, " \t")
		if l == "" || l[0] == '#' {
			continue
		}
		if rest, ok := strings.CutPrefix(l, "export"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
			if rest = strings.TrimLeft(rest, " \t"); rest != "" && rest[0] != '=' {
				l = rest // "export NAME=value"; "export =x" sets export
			}
		}
		name, value, ok := strings.Cut(l, "=")
		name = strings.TrimRight(name, " \t")
		if !ok {
			return nil, &envFileError{start, fmt.Sprintf("%q is not NAME=value", strings.TrimSpace(l))}
		}
		if !envName.MatchString(name) {
			return nil, &envFileError{start, fmt.Sprintf("%q is not a variable name", name)}
		}
		value = strings.TrimLeft(value, " \t")
		if value != "" && (value[0] == '"' || value[0] == '\'') {
			// A quoted value may go on over the following lines.
			q := value[0]
			body := value[1:]
			for {
				if end := closingQuote(body, q); end >= 0 {
					after := strings.TrimLeft(body[end+1:], " \t")
					if after != "" && after[0] != '#' {
						return nil, &envFileError{start, fmt.Sprintf("unexpected %q after the closing quote", after)}
					}
					body = body[:end]
					break
				}
				if text == "" {
					return nil, &envFileError{start, "unterminated quoted value"}
				}
				var next string
				next, text, _ = strings.Cut(text, "\n")
				line++
				body += "\n" + next
			}
			if q == '"' {
				body = unescape(body)
			}
			vars[name] = body
			continue
		}
		if i := strings.Index(value, " #"); i >= 0 {
			value = value[:i]
		} else if i := strings.Index(value, "\t#"); i >= 0 {
			value = value[:i]
		}
		vars[name] = strings.TrimRight(value, " \t")
	}
	return vars, nil
}

// closingQuote returns the index of the quote q that ends s, or -1; in a
// double-quoted value a backslash escapes the next byte.
func closingQuote(s string, q byte) int {
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && q == '"':
			i++
		case s[i] == q:
			return i
		}
	}
	return -1
}

var unescaper = strings.NewReplacer(`\n`, "\n", `\r`, "\r", `\t`, "\t", `\"`, `"`, `\\`, `\`, `\$`, "$")

func unescape(s string) string { return unescaper.Replace(s) }
