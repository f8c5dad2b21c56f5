package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"
)

// newFlags returns a flag set for a subcommand; its usage line is
// "toolkit name args".
func (c *cli) newFlags(name, args, summary string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(c.stderr)
	fs.Usage = func() {
		fmt.Fprintf(c.stderr, "usage: toolkit %s %s\n\n%s\n\nflags:\n", name, args, summary)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses fs's flags wherever they stand among args and returns the
// other arguments in order; "--" ends the flags. The status is non-zero
// when the command should exit with it (-h exits 0).
func parse(fs *flag.FlagSet, args []string) (positional []string, status int, ok bool) {
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, exitOK, false
			}
			return nil, exitUsage, false
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, 0, true
		}
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(positional, rest...), 0, true
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// list is a flag that may be given many times.
type list []string

func (l *list) String() string { return strings.Join(*l, ",") }

func (l *list) Set(s string) error {
	*l = append(*l, s)
	return nil
}

// pairs is a flag of name=value pairs that may be given many times.
type pairs struct {
	names, values []string
}

func (p *pairs) String() string { return strings.Join(p.names, ",") }

func (p *pairs) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return fmt.Errorf("%q is not name=value", s)
	}
	p.names = append(p.names, name)
	p.values = append(p.values, value)
	return nil
}

// choice is a flag taking one of a few values.
type choice struct {
	value   string
	allowed []string
}

func newChoice(allowed ...string) *choice { return &choice{value: allowed[0], allowed: allowed} }

func (c *choice) String() string {
	if c == nil {
		return ""
	}
	return c.value
}

func (c *choice) Set(s string) error {
	for _, a := range c.allowed {
		if s == a {
			c.value = s
			return nil
		}
	}
	return fmt.Errorf("%q is not one of %s", s, strings.Join(c.allowed, ", "))
}
