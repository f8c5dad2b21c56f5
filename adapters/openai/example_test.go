package toolkitopenai_test

// The Go code of docs/adapters.md for openai-go, each block verbatim inside
// a function that supplies what the block takes as given: compiling this
// file is how the doc's code is kept true (the root's TestReadmeGo checks
// that every block stands in a file CI compiles).

import (
	"context"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolkit-sdk/toolkit"
	toolkitopenai "github.com/toolkit-sdk/toolkit/adapters/openai"
)

// docs/adapters.md: Chat Completions.
func docChat(ctx context.Context, client openai.Client, reg *toolkit.Registry, messages []openai.ChatCompletionMessageParamUnion, tenant string, show func(string) error, handOff func(toolkitopenai.Turn) error) error {
	a := toolkitopenai.New(reg, &toolkitopenai.Options{Strict: true})
	params := openai.ChatCompletionNewParams{Model: openai.ChatModelGPT5_2, Messages: messages, Tools: a.ChatTools()}
	for {
		completion, err := client.Chat.Completions.New(ctx, params)
		if err != nil {
			return err
		}
		msg := completion.Choices[0].Message
		if len(msg.ToolCalls) == 0 {
			return show(msg.Content)
		}
		turn := a.RunChat(ctx, msg, toolkit.WithValue("tenant", tenant)) // per-call values
		params.Messages = append(params.Messages, msg.ToParam())
		params.Messages = append(params.Messages, turn.Messages...)
		if turn.Stop() {
			return handOff(turn) // stop generation, manual, confirmation: the front end goes on
		}
		if choice, ok := turn.ToolChoice(); ok {
			params.ToolChoice = choice
		}
	}
}

// docs/adapters.md: the Responses API with client-executed tool search.
func docResponses(ctx context.Context, client openai.Client, reg *toolkit.Registry, question string, show func(string) error) error {
	a := toolkitopenai.New(reg, &toolkitopenai.Options{
		Namespaces: map[string]string{"http": "The shop's API: orders, refunds, invoices."},
	})
	params := responses.ResponseNewParams{
		Model: openai.ChatModelGPT5_2,
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String(question)},
		Tools: a.DeferredTools(), // tool_search (run here) + one namespace of deferred functions per category
	}
	for {
		resp, err := client.Responses.New(ctx, params)
		if err != nil {
			return err
		}
		turn := a.RunResponse(ctx, resp) // tool_search answered by the Registry's ranked search
		if len(turn.Items) == 0 {
			return show(resp.OutputText())
		}
		params.PreviousResponseID = openai.String(resp.ID)
		params.Input = responses.ResponseNewParamsInputUnion{OfInputItemList: turn.Items}
	}
}

var _, _ = docChat, docResponses
