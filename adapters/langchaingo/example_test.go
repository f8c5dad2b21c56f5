package toolkitlangchaingo_test

// The Go code of docs/adapters.md for langchaingo, verbatim inside a
// function that supplies what the block takes as given: compiling this file
// is how the doc's code is kept true (the root's TestReadmeGo checks that
// every block stands in a file CI compiles).

import (
	"context"
	"encoding/json"

	"github.com/tmc/langchaingo/agents"
	"github.com/tmc/langchaingo/chains"
	"github.com/tmc/langchaingo/llms"

	"github.com/toolkit-sdk/toolkit"
	toolkitlangchaingo "github.com/toolkit-sdk/toolkit/adapters/langchaingo"
)

// docs/adapters.md: a langchaingo agent over the Registry's tools.
func docAgent(ctx context.Context, llm llms.Model, reg *toolkit.Registry, question, tenant string, handOff func(string, toolkit.Result)) (string, error) {
	a := toolkitlangchaingo.New(reg)
	executor := agents.NewExecutor(agents.NewOneShotAgent(llm, a.Tools())) // or a.CapabilityTools()
	ctx, cancel := context.WithCancel(toolkitlangchaingo.WithCallOptions(ctx, toolkit.WithValue("tenant", tenant)))
	defer cancel()
	ctx = toolkitlangchaingo.WithResults(ctx, func(name string, _ json.RawMessage, res toolkit.Result) {
		if toolkitlangchaingo.Stop(res) { // stop generation, manual, confirmation: the front end goes on
			handOff(name, res)
			cancel()
		}
	})
	return chains.Run(ctx, executor, question)
}

var _ = docAgent
