package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/mcpserver"
)

func runList(ctx context.Context, c *cli, args []string) int {
	fs := c.newFlags("list", "[PATH...] [--keyword WORDS] [--category C] [--format text|openai|anthropic|mcp] [--flat]",
		"Show what the model sees of the capabilities: the answer of query_capabilities (text), or the\n"+
			"tools handed to the model in the OpenAI, Anthropic or MCP shape (the entry tools; with --flat\n"+
			"one tool per capability).")
	var f loadFlags
	f.register(fs, false)
	fs.BoolVar(&f.flat, "flat", false, "one tool per capability instead of the entry tools (the tool shapes)")
	keyword := fs.String("keyword", "", "query_capabilities' keyword: rank the capabilities by these `words`")
	category := fs.String("category", "", "query_capabilities' category: list this `category` only")
	cursor := fs.String("cursor", "", "query_capabilities' cursor: the next page of an answer")
	format := newChoice("text", "openai", "anthropic", "mcp")
	fs.Var(format, "format", "output `format`: text (the answer of query_capabilities), openai, anthropic or mcp (the tools)")
	paths, status, ok := parse(fs, args)
	if !ok {
		return status
	}
	l, err := c.load(paths, &f, toolkit.Options{Flat: f.flat}, false)
	if err != nil {
		c.errorf("list: %v", err)
		return exitFail
	}
	if format.value != "text" {
		return c.printTools(ctx, l, &f, format.value, "")
	}
	q := map[string]string{}
	for k, v := range map[string]string{"keyword": *keyword, "category": *category, "cursor": *cursor} {
		if v != "" {
			q[k] = v
		}
	}
	raw, _ := json.Marshal(q)
	res, err := l.reg.Call(ctx, toolkit.ToolQueryCapabilities, raw)
	if err != nil {
		c.errorf("list: %v", err)
		return exitFail
	}
	return c.printResult(res)
}

func runDescribe(ctx context.Context, c *cli, args []string) int {
	fs := c.newFlags("describe", "NAME [PATH...] [--format detail|openai|anthropic|mcp]",
		"Show a capability as the model sees it: the answer of query_capability_detail (its description\n"+
			"and the JSON Schema of its parameters), or the tool of its own it is with flat tools, in the\n"+
			"OpenAI, Anthropic or MCP shape (with its annotations).")
	var f loadFlags
	f.register(fs, false)
	format := newChoice("detail", "openai", "anthropic", "mcp")
	fs.Var(format, "format", "output `format`: detail (the answer of query_capability_detail), openai, anthropic or mcp (the tool)")
	pos, status, ok := parse(fs, args)
	if !ok {
		return status
	}
	if len(pos) == 0 {
		c.errorf("describe: no capability NAME given")
		fs.Usage()
		return exitUsage
	}
	name, paths := pos[0], pos[1:]
	f.flat = !isEntryTool(name) // an entry tool is a tool without flat tools
	l, err := c.load(paths, &f, toolkit.Options{Flat: f.flat && format.value != "detail"}, false)
	if err != nil {
		c.errorf("describe: %v", err)
		return exitFail
	}
	if format.value != "detail" {
		return c.printTools(ctx, l, &f, format.value, name)
	}
	if _, ok := l.reg.Lookup(name); !ok {
		c.errorf("describe: no capability %q%s", name, l.known())
		return exitFail
	}
	raw, _ := json.Marshal(map[string]string{"name": name})
	res, err := l.reg.Call(ctx, toolkit.ToolQueryDetail, raw, f.localeOption()...)
	if err != nil {
		c.errorf("describe: %v", err)
		return exitFail
	}
	return c.printResult(res)
}

func (f *loadFlags) localeOption() []toolkit.CallOption {
	if f.locale == "" {
		return nil
	}
	return []toolkit.CallOption{toolkit.WithLocale(f.locale)}
}

// printResult prints an entry tool's answer, indented when it is JSON.
func (c *cli) printResult(res toolkit.Result) int {
	var b bytes.Buffer
	if json.Indent(&b, []byte(res.Text), "", "  ") != nil {
		b.Reset()
		b.WriteString(res.Text)
	}
	b.WriteByte('\n')
	c.stdout.Write(b.Bytes())
	if res.IsError {
		return exitFail
	}
	return exitOK
}

// printTools prints the Registry's tools (only the one named name, when
// set) in the shape of a model API: OpenAI's and Anthropic's from
// Registry.Tools, MCP's as an MCP client lists them from package mcpserver.
func (c *cli) printTools(ctx context.Context, l *loaded, f *loadFlags, shape, name string) int {
	reg := l.reg
	var out []any
	if shape == "mcp" {
		tools, err := mcpTools(ctx, reg, f.locale)
		if err != nil {
			c.errorf("%v", err)
			return exitFail
		}
		for _, t := range tools {
			if name == "" || t.Name == name {
				out = append(out, t)
			}
		}
	} else {
		for _, t := range reg.Tools(f.localeOption()...) {
			if name != "" && t.Name != name {
				continue
			}
			if shape == "openai" {
				out = append(out, t.OpenAI())
			} else {
				out = append(out, t.Anthropic())
			}
		}
	}
	if name != "" {
		if len(out) == 0 {
			c.errorf("describe: no capability %q%s", name, l.known())
			return exitFail
		}
		return c.write(out[0])
	}
	if out == nil {
		out = []any{}
	}
	return c.write(out)
}

func (c *cli) write(v any) int {
	if err := writeJSON(c.stdout, v); err != nil {
		c.errorf("%v", err)
		return exitFail
	}
	return exitOK
}

// mcpTools lists the tools an MCP client of reg's server sees, through an
// in-memory session.
func mcpTools(ctx context.Context, reg *toolkit.Registry, locale string) ([]*mcp.Tool, error) {
	srv := mcpserver.New(reg, &mcpserver.Options{Locale: locale})
	defer srv.Close()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.MCP().Connect(ctx, st, nil)
	if err != nil {
		return nil, err
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "toolkit-list"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		return nil, err
	}
	defer cs.Close()
	var tools []*mcp.Tool
	for t, err := range cs.Tools(ctx, nil) {
		if err != nil {
			return nil, fmt.Errorf("listing the MCP tools: %w", err)
		}
		tools = append(tools, t)
	}
	return tools, nil
}
