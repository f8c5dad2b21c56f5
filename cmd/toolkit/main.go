// Command toolkit checks, inspects, runs and serves tool files: YAML tool
// files, YQCloud function definitions and OpenAPI documents.
//
//	go install github.com/toolkit-sdk/toolkit/cmd/toolkit@latest
//
// Subcommands:
//
//	toolkit lint [PATH...]                report every problem of the files, as file:line:col: severity: message
//	toolkit list [PATH...]                what the model sees: the entry tools' answer, or the tools
//	toolkit describe NAME [PATH...]       a capability's detail (its JSON Schema), or its tool shape
//	toolkit call NAME [PATH...] -p k=v    run one capability and print its result and signals
//	toolkit mcp [PATH...]                 serve the capabilities over MCP (stdio, or --http ADDR)
//	toolkit schema                        print the JSON Schema of the tool-file format
//
// A PATH is a file, whose kind is told by its content, or a folder, whose
// *.yaml, *.yml, *.json and *.jsonc files of a known kind are read; the
// default is ./tools. Run "toolkit help SUBCOMMAND" for its flags.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK    = 0
	exitFail  = 1 // problems found, a failed call
	exitUsage = 2 // a bad command line
)

type command struct {
	name, args, summary string
	run                 func(ctx context.Context, c *cli, args []string) int
}

var commands = []command{
	{"lint", "[PATH...]", "check tool files, YQCloud definitions and OpenAPI documents", runLint},
	{"list", "[PATH...]", "show what the model sees: the answer of query_capabilities, or the tools", runList},
	{"describe", "NAME [PATH...]", "show a capability's detail (its JSON Schema) or its tool shape", runDescribe},
	{"call", "NAME [PATH...]", "run one capability and print its result and signals", runCall},
	{"mcp", "[PATH...]", "serve the capabilities over MCP, on stdio or --http ADDR", runMCP},
	{"schema", "", "print the JSON Schema of the YAML tool-file format", runSchema},
}

// cli is one run of the command: its standard streams.
type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

func (c *cli) errorf(format string, args ...any) {
	fmt.Fprintf(c.stderr, "toolkit: "+format+"\n", args...)
}

// run runs the command line args (without the program name) and returns
// the exit status; an interrupt ends what runs.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	return runContext(ctx, args, stdin, stdout, stderr)
}

func runContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := &cli{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		c.usage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if i := slices.IndexFunc(commands, func(cmd command) bool { return cmd.name == args[1] }); i >= 0 {
				return commands[i].run(ctx, c, []string{"-h"})
			}
		}
		c.usage(stdout)
		return exitOK
	}
	i := slices.IndexFunc(commands, func(cmd command) bool { return cmd.name == name })
	if i < 0 {
		c.errorf("unknown subcommand %q", name)
		c.usage(stderr)
		return exitUsage
	}
	return commands[i].run(ctx, c, args[1:])
}

func (c *cli) usage(w io.Writer) {
	var b strings.Builder
	b.WriteString("usage: toolkit SUBCOMMAND [flags]\n\n")
	for _, cmd := range commands {
		fmt.Fprintf(&b, "  %-26s %s\n", strings.TrimSpace(cmd.name+" "+cmd.args), cmd.summary)
	}
	b.WriteString("\nA PATH is a file (its kind told by its content) or a folder of them; the default is ./tools.\nRun \"toolkit help SUBCOMMAND\" for its flags.\n")
	io.WriteString(w, b.String())
}
