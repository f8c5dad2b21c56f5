package main

import (
	"context"

	"github.com/toolkit-sdk/toolkit/schema"
)

func runSchema(_ context.Context, c *cli, args []string) int {
	fs := c.newFlags("schema", "", "Print the JSON Schema (draft 2020-12) of the YAML tool-file format, for editors\n"+
		"(yaml-language-server) and CI. The same schema is schema/tool.schema.json in the repository.")
	rest, status, ok := parse(fs, args)
	if !ok {
		return status
	}
	if len(rest) > 0 {
		c.errorf("schema: takes no arguments")
		return exitUsage
	}
	if _, err := c.stdout.Write(schema.Tool()); err != nil {
		c.errorf("schema: %v", err)
		return exitFail
	}
	return exitOK
}
