package toolkitanthropic_test

// The Go code of docs/adapters.md for anthropic-sdk-go, each block verbatim
// inside a function that supplies what the block takes as given: compiling
// this file is how the doc's code is kept true (the root's TestReadmeGo
// checks that every block stands in a file CI compiles).

import (
	"context"

	"github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/toolkit-sdk/toolkit"
	toolkitanthropic "github.com/toolkit-sdk/toolkit/adapters/anthropic"
)

// docs/adapters.md: the Messages API with tool search on the client.
func docMessages(ctx context.Context, client anthropic.Client, reg *toolkit.Registry, question, tenant string, show func([]anthropic.ContentBlockUnion) error, handOff func(toolkitanthropic.Turn) error) error {
	a := toolkitanthropic.New(reg, nil)
	params := anthropic.MessageNewParams{
		Model:     anthropic.ModelClaudeOpus5_5,
		MaxTokens: 4096,
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock(question))},
		Tools:     a.DeferredTools(), // tool_search (run here) + every capability with defer_loading
	}
	for {
		msg, err := client.Messages.New(ctx, params)
		if err != nil {
			return err
		}
		turn := a.Run(ctx, msg, toolkit.WithValue("tenant", tenant)) // tool_search answered with tool_reference blocks
		if len(turn.Blocks) == 0 {
			return show(msg.Content)
		}
		params.Messages = append(params.Messages, msg.ToParam(), anthropic.NewUserMessage(turn.Blocks...))
		if turn.Stop() {
			return handOff(turn) // stop generation, manual, confirmation: the front end goes on
		}
		if choice, ok := turn.ToolChoice(); ok {
			params.ToolChoice = choice
		}
	}
}

var _ = docMessages
