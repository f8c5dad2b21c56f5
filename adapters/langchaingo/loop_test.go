package toolkitlangchaingo

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tmc/langchaingo/agents"
	"github.com/tmc/langchaingo/chains"
	"github.com/tmc/langchaingo/llms"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/adapters/adaptertest"
)

// newRegistry returns a Registry holding get_order (over a loopback shop
// that records the tenant header) and capabilities of other categories,
// one of which hands the call to the front end.
func newRegistry(t *testing.T, flat bool) (*toolkit.Registry, *adaptertest.Shop) {
	shop := adaptertest.NewShop(t)
	return adaptertest.Registry(t, shop, flat, adaptertest.OrdersYAML,
		adaptertest.Capability("refund.payment", "billing", "Refund a customer's payment.", "payment_id", adaptertest.Noop),
		adaptertest.Capability("cancel_order", "shop", "Cancel an order; the user confirms it in the front end.", "order_id",
			func(_ context.Context, c *toolkit.Call) (toolkit.Result, error) {
				c.Notify("Cancelling...")
				return toolkit.Result{Text: "waiting for the user", Signals: toolkit.Signals{Manual: true, ManualArguments: c.RawArgs}}, nil
			}),
	), shop
}

// scripted is a langchaingo llms.Model that checks each prompt the agent
// sends and answers with the next scripted text.
type scripted struct {
	t     *testing.T
	steps []step
}

type step struct {
	check  func(t *testing.T, prompt string)
	answer string
}

func (m *scripted) GenerateContent(_ context.Context, msgs []llms.MessageContent, _ ...llms.CallOption) (*llms.ContentResponse, error) {
	if len(m.steps) == 0 {
		m.t.Fatal("the agent called the model once too often")
	}
	var prompt strings.Builder
	for _, msg := range msgs {
		for _, p := range msg.Parts {
			if tp, ok := p.(llms.TextContent); ok {
				prompt.WriteString(tp.Text)
			}
		}
	}
	s := m.steps[0]
	m.steps = m.steps[1:]
	if s.check != nil {
		s.check(m.t, prompt.String())
	}
	return &llms.ContentResponse{Choices: []*llms.ContentChoice{{Content: s.answer}}}, nil
}

func (m *scripted) Call(ctx context.Context, prompt string, opts ...llms.CallOption) (string, error) {
	return llms.GenerateFromSinglePrompt(ctx, m, prompt, opts...)
}

// TestAgentLoop: the whole loop in a langchaingo one-shot agent and its
// executor over the three entry tools: the model searches with
// query_capabilities, calls get_order through call_capability with the
// tenant as a per-call value, reads the shop's answer, answers.
func TestAgentLoop(t *testing.T) {
	reg, shop := newRegistry(t, false)
	llm := &scripted{t: t, steps: []step{
		{check: func(t *testing.T, prompt string) {
			for _, want := range []string{"query_capabilities", "call_capability", "Input: a JSON object of the arguments"} {
				if !strings.Contains(prompt, want) {
					t.Errorf("the prompt lacks %q", want)
				}
			}
		}, answer: "Thought: find the capability\nAction: query_capabilities\nAction Input: {\"keyword\":\"order status\"}"},
		{check: func(t *testing.T, prompt string) {
			if !strings.Contains(prompt, `"get_order"`) {
				t.Errorf("the search's answer is not in the prompt:\n%s", prompt)
			}
		}, answer: "Thought: call it\nAction: call_capability\nAction Input: {\"name\":\"get_order\",\"parameters\":{\"order_id\":\"A-1001\"}}"},
		{check: func(t *testing.T, prompt string) {
			if !strings.Contains(prompt, "Order A-1001 is shipped (129.90 EUR).") {
				t.Errorf("the shop's answer is not in the prompt:\n%s", prompt)
			}
		}, answer: "Thought: done\nFinal Answer: Your order A-1001 has shipped."},
	}}
	executor := agents.NewExecutor(agents.NewOneShotAgent(llm, New(reg).Tools()))
	var results []string
	ctx := WithCallOptions(context.Background(), toolkit.WithValue("tenant", "acme"))
	ctx = WithResults(ctx, func(name string, args json.RawMessage, res toolkit.Result) {
		results = append(results, fmt.Sprintf("%s error=%v stop=%v", name, res.IsError, Stop(res)))
	})
	answer, err := chains.Run(ctx, executor, "Where is my order A-1001?")
	if err != nil {
		t.Fatal(err)
	}
	if answer != "Your order A-1001 has shipped." {
		t.Errorf("answer %q", answer)
	}
	if len(llm.steps) != 0 {
		t.Errorf("%d model turns left unplayed", len(llm.steps))
	}
	if strings.Join(shop.Tenants(), ",") != "acme" {
		t.Errorf("the shop saw tenants %q, want acme", shop.Tenants())
	}
	if want := "query_capabilities error=false stop=false\ncall_capability error=false stop=false"; strings.Join(results, "\n") != want {
		t.Errorf("results:\n%s\nwant:\n%s", strings.Join(results, "\n"), want)
	}
}

// TestCapabilityTools: one tool per capability; the input string is the
// arguments' JSON object (” is {}), a '.' in a name goes as '_', input
// that is not a JSON object is an error for the model, never one that ends
// the run, and the signals reach WithResults and notices WithNotify.
func TestCapabilityTools(t *testing.T) {
	reg, shop := newRegistry(t, false)
	var notices []string
	byName := map[string]*Tool{}
	for _, tl := range New(reg).CapabilityTools(toolkit.WithNotify(func(n toolkit.Notice) { notices = append(notices, n.Text) })) {
		byName[tl.Name()] = tl.(*Tool)
	}
	if len(byName) != 3 || byName["refund_payment"] == nil || !strings.Contains(byName["get_order"].Description(), `"order_id":{"type":"string","description":"the order id, like A-1001"}`) {
		t.Fatalf("tools %v; get_order: %v", byName, byName["get_order"])
	}
	var last toolkit.Result
	ctx := WithResults(context.Background(), func(_ string, _ json.RawMessage, res toolkit.Result) { last = res })
	ctx = WithCallOptions(ctx, toolkit.WithValue("tenant", "acme"))
	for _, tc := range []struct {
		tool, input, want string
		isError, stop     bool
	}{
		{"get_order", ` {"order_id":"A-1001"} `, "Order A-1001 is shipped (129.90 EUR).", false, false},
		{"refund_payment", ``, "payment_id", true, false},
		{"get_order", `A-1001`, "", true, false},
		{"get_order", `{"order_id":` + strings.Repeat("[", 1<<20), "", true, false},
		{"cancel_order", `{"order_id":"A-1001"}`, "waiting for the user", false, true},
	} {
		text, err := byName[tc.tool].Call(ctx, tc.input)
		if err != nil {
			t.Errorf("%s %.20q: error %v ends the run", tc.tool, tc.input, err)
		}
		if !strings.Contains(text, tc.want) || last.IsError != tc.isError || Stop(last) != tc.stop || len(text) > 4096 {
			t.Errorf("%s %.20q: %.200q (IsError %v, Stop %v)", tc.tool, tc.input, text, last.IsError, Stop(last))
		}
	}
	if strings.Join(shop.Tenants(), ",") != "acme" || strings.Join(notices, ",") != "Cancelling..." {
		t.Errorf("the shop saw %q; notices %q", shop.Tenants(), notices)
	}
}
