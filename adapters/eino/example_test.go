package toolkiteino_test

// The Go code of docs/adapters.md for Eino, verbatim inside a function that
// supplies what the block takes as given: compiling this file is how the
// doc's code is kept true (the root's TestReadmeGo checks that every block
// stands in a file CI compiles).

import (
	"context"
	"encoding/json"

	"github.com/cloudwego/eino/adk"
	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"

	"github.com/toolkit-sdk/toolkit"
	toolkiteino "github.com/toolkit-sdk/toolkit/adapters/eino"
)

// docs/adapters.md: an Eino ChatModelAgent over the Registry's tools.
func docAgent(ctx context.Context, chatModel model.ToolCallingChatModel, reg *toolkit.Registry, question, tenant string, handOff func(string, toolkit.Result)) (*adk.AsyncIterator[*adk.AgentEvent], error) {
	a := toolkiteino.New(reg)
	agent, err := adk.NewChatModelAgent(ctx, &adk.ChatModelAgentConfig{
		Name:        "shop",
		Description: "answers questions about the shop",
		Model:       chatModel,
		ToolsConfig: adk.ToolsConfig{ToolsNodeConfig: compose.ToolsNodeConfig{
			Tools: a.Tools(), // the three entry tools; a.CapabilityTools() for one tool per capability
		}},
	})
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	onResult := toolkiteino.WithResults(func(name string, _ json.RawMessage, res toolkit.Result) {
		if toolkiteino.Stop(res) { // stop generation, manual, confirmation: the front end goes on
			handOff(name, res)
			cancel()
		}
	})
	runner := adk.NewRunner(ctx, adk.RunnerConfig{Agent: agent})
	return runner.Query(ctx, question, adk.WithToolOptions([]tool.Option{
		toolkiteino.WithCallOptions(toolkit.WithValue("tenant", tenant)), // per-call values
		onResult,
	})), nil
}

var _ = docAgent
