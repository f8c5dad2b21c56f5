package toolkitgenkit_test

// The Go code of docs/adapters.md for Genkit, verbatim inside a function
// that supplies what the block takes as given: compiling this file is how
// the doc's code is kept true (the root's TestReadmeGo checks that every
// block stands in a file CI compiles).

import (
	"context"
	"fmt"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"

	"github.com/toolkit-sdk/toolkit"
	toolkitgenkit "github.com/toolkit-sdk/toolkit/adapters/genkit"
)

// docGenerate: docs/adapters.md, genkit.Generate over the Registry's tools.
func docGenerate(ctx context.Context, g *genkit.Genkit, reg *toolkit.Registry, question, tenant string,
	handOff func(toolkitgenkit.Interrupt) string, show func(string) error) error {
	a := toolkitgenkit.New(reg)
	tools := a.Tools() // the three entry tools; a.CapabilityTools() for one tool per capability

	ctx = toolkitgenkit.WithCallOptions(ctx, toolkit.WithValue("tenant", tenant)) // per-call values
	resp, err := genkit.Generate(ctx, g, ai.WithModelName("googleai/gemini-2.5-flash"),
		ai.WithPrompt(question), ai.WithTools(tools...))
	for err == nil && resp.FinishReason == ai.FinishReasonInterrupted { // stop generation, manual, confirmation
		var answers []*ai.Part
		for _, p := range resp.Interrupts() {
			in, _ := toolkitgenkit.InterruptOf(p)
			answers = append(answers, toolkitgenkit.Respond(p, handOff(in))) // what the front end decided, for the model
		}
		resp, err = genkit.Generate(ctx, g, ai.WithModelName("googleai/gemini-2.5-flash"),
			ai.WithMessages(resp.History()...), ai.WithTools(tools...), ai.WithToolResponses(answers...))
	}
	if err != nil {
		return err
	}
	return show(resp.Text())
}

var _ = docGenerate

// A Genkit Generate loop over one capability per tool: the model (here one
// defined in the example, which asks for the tool and then answers with
// what it returned) calls the capability, and the Registry runs it.
func Example() {
	ctx := context.Background()
	reg := toolkit.NewRegistry(nil)
	err := reg.Add(&toolkit.Capability{
		Name:        "shop.opening_hours",
		Description: "The shop's opening hours on a day.",
		Params:      []toolkit.Param{{Name: "day", Type: toolkit.TypeString, Required: true}},
		Handler: func(_ context.Context, c *toolkit.Call) (toolkit.Result, error) {
			return toolkit.TextResult(fmt.Sprintf("%s: 9:00-18:00", c.Args["day"])), nil
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}

	g := genkit.Init(ctx)
	model := genkit.DefineModel(g, "example/model", &ai.ModelOptions{Supports: &ai.ModelSupports{Tools: true, Multiturn: true}},
		func(_ context.Context, req *ai.ModelRequest, _ ai.ModelStreamCallback) (*ai.ModelResponse, error) {
			last := req.Messages[len(req.Messages)-1]
			if last.Role == ai.RoleTool { // the tool answered: say it
				return &ai.ModelResponse{Message: ai.NewModelTextMessage(fmt.Sprint(last.Content[0].ToolResponse.Output))}, nil
			}
			return &ai.ModelResponse{Message: ai.NewModelMessage(ai.NewToolRequestPart(&ai.ToolRequest{
				Name: req.Tools[0].Name, Input: map[string]any{"day": "Saturday"}}))}, nil
		})

	resp, err := genkit.Generate(ctx, g, ai.WithModel(model), ai.WithPrompt("When do you open on Saturday?"),
		ai.WithTools(toolkitgenkit.New(reg).CapabilityTools()...))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(resp.Text())
	// Output: Saturday: 9:00-18:00
}
