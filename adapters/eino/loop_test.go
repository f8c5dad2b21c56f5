package toolkiteino

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/cloudwego/eino/adk"
	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"

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

// scripted is an Eino ToolCallingChatModel that checks what the agent sends
// on each turn and answers with the next scripted message.
type scripted struct {
	t     *testing.T
	tools []*schema.ToolInfo
	steps *[]step
}

type step struct {
	check  func(t *testing.T, tools []*schema.ToolInfo, msgs []*schema.Message)
	answer *schema.Message
}

func (m *scripted) Generate(_ context.Context, msgs []*schema.Message, _ ...model.Option) (*schema.Message, error) {
	if len(*m.steps) == 0 {
		m.t.Fatalf("the agent called the model once too often; last message: %+v", msgs[len(msgs)-1])
	}
	s := (*m.steps)[0]
	*m.steps = (*m.steps)[1:]
	if s.check != nil {
		s.check(m.t, m.tools, msgs)
	}
	return s.answer, nil
}

func (m *scripted) Stream(ctx context.Context, msgs []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	msg, err := m.Generate(ctx, msgs, opts...)
	if err != nil {
		return nil, err
	}
	return schema.StreamReaderFromArray([]*schema.Message{msg}), nil
}

func (m *scripted) WithTools(tools []*schema.ToolInfo) (model.ToolCallingChatModel, error) {
	return &scripted{t: m.t, tools: tools, steps: m.steps}, nil
}

func toolCall(id, name, args string) *schema.Message {
	return schema.AssistantMessage("", []schema.ToolCall{{ID: id, Type: "function", Function: schema.FunctionCall{Name: name, Arguments: args}}})
}

// toolMessages are the tool results the agent sends to the model.
func toolMessages(msgs []*schema.Message) []*schema.Message {
	var out []*schema.Message
	for _, m := range msgs {
		if m.Role == schema.Tool {
			out = append(out, m)
		}
	}
	return out
}

// run runs an Eino ChatModelAgent over the tools and the scripted model and
// returns the agent's last answer.
func run(t *testing.T, tools []tool.BaseTool, steps []step, opts ...adk.AgentRunOption) string {
	t.Helper()
	ctx := context.Background()
	agent, err := adk.NewChatModelAgent(ctx, &adk.ChatModelAgentConfig{
		Name:        "shop",
		Description: "answers questions about the shop",
		Model:       &scripted{t: t, steps: &steps},
		ToolsConfig: adk.ToolsConfig{ToolsNodeConfig: compose.ToolsNodeConfig{Tools: tools}},
	})
	if err != nil {
		t.Fatal(err)
	}
	iter := adk.NewRunner(ctx, adk.RunnerConfig{Agent: agent}).Query(ctx, "Where is my order A-1001?", opts...)
	var answer string
	for {
		ev, ok := iter.Next()
		if !ok {
			break
		}
		if ev.Err != nil {
			t.Fatal(ev.Err)
		}
		if ev.Output != nil && ev.Output.MessageOutput != nil && ev.Output.MessageOutput.Role == schema.Assistant {
			msg, err := ev.Output.MessageOutput.GetMessage()
			if err != nil {
				t.Fatal(err)
			}
			answer = msg.Content
		}
	}
	if len(steps) != 0 {
		t.Errorf("%d model turns left unplayed", len(steps))
	}
	return answer
}

// TestEntryToolsLoop: the whole loop in an Eino agent with the three entry
// tools: the model searches with query_capabilities, calls get_order
// through call_capability with a per-call value, and answers.
func TestEntryToolsLoop(t *testing.T) {
	reg, shop := newRegistry(t, false)
	a := New(reg)
	answer := run(t, a.Tools(), []step{
		{check: func(t *testing.T, tools []*schema.ToolInfo, _ []*schema.Message) {
			var names []string
			for _, ti := range tools {
				names = append(names, ti.Name)
			}
			if strings.Join(names, " ") != "query_capabilities query_capability_detail call_capability" {
				t.Errorf("tools %v", names)
			}
		}, answer: toolCall("call_1", toolkit.ToolQueryCapabilities, `{"keyword":"order status"}`)},
		{check: func(t *testing.T, _ []*schema.ToolInfo, msgs []*schema.Message) {
			tm := toolMessages(msgs)
			if len(tm) != 1 || tm[0].ToolCallID != "call_1" || !strings.Contains(tm[0].Content, `"get_order"`) {
				t.Errorf("tool messages: %+v", tm)
			}
		}, answer: toolCall("call_2", toolkit.ToolCallCapability, `{"name":"get_order","parameters":{"order_id":"A-1001"}}`)},
		{check: func(t *testing.T, _ []*schema.ToolInfo, msgs []*schema.Message) {
			tm := toolMessages(msgs)
			if len(tm) != 2 || tm[1].Content != "Order A-1001 is shipped (129.90 EUR)." {
				t.Errorf("tool messages: %+v", tm)
			}
		}, answer: schema.AssistantMessage("Your order A-1001 has shipped.", nil)},
	}, adk.WithToolOptions([]tool.Option{WithCallOptions(toolkit.WithValue("tenant", "acme"))}))
	if answer != "Your order A-1001 has shipped." {
		t.Errorf("answer %q", answer)
	}
	if strings.Join(shop.Tenants(), ",") != "acme" {
		t.Errorf("the shop saw tenants %q, want acme", shop.Tenants())
	}
}

// TestCapabilityToolsLoop: one Eino tool per capability, each with its
// schema in Eino's form; a '.' in a name goes as '_' and still runs its
// capability; a failed call is text for the model, not the end of the run;
// WithResults hands the host the Signals the tool's string cannot carry,
// and notices reach WithNotify.
func TestCapabilityToolsLoop(t *testing.T) {
	reg, _ := newRegistry(t, false)
	var mu sync.Mutex
	var notices []string
	a := New(reg)
	tools := a.CapabilityTools(toolkit.WithNotify(func(n toolkit.Notice) {
		mu.Lock()
		notices = append(notices, n.Text)
		mu.Unlock()
	}))
	var results []string
	onResult := WithResults(func(name string, args json.RawMessage, res toolkit.Result) {
		mu.Lock()
		results = append(results, fmt.Sprintf("%s %s error=%v stop=%v", name, args, res.IsError, Stop(res)))
		mu.Unlock()
	})
	answer := run(t, tools, []step{
		{check: func(t *testing.T, tools []*schema.ToolInfo, _ []*schema.Message) {
			got := map[string]string{}
			for _, ti := range tools {
				js, err := ti.ParamsOneOf.ToJSONSchema()
				if err != nil {
					t.Fatal(err)
				}
				b, _ := json.Marshal(js)
				got[ti.Name] = string(b)
			}
			want := map[string]string{
				"get_order":      `{"properties":{"order_id":{"description":"the order id, like A-1001","type":"string"}},"additionalProperties":false,"required":["order_id"],"type":"object"}`,
				"refund_payment": `{"properties":{"payment_id":{"type":"string"}},"additionalProperties":false,"required":["payment_id"],"type":"object"}`,
				"cancel_order":   `{"properties":{"order_id":{"type":"string"}},"additionalProperties":false,"required":["order_id"],"type":"object"}`,
			}
			for name, w := range want {
				if got[name] != w {
					t.Errorf("%s schema:\n%s\nwant\n%s", name, got[name], w)
				}
			}
			if len(got) != len(want) {
				t.Errorf("tools %v", got)
			}
		}, answer: toolCall("call_1", "refund_payment", `{}`)},
		{check: func(t *testing.T, _ []*schema.ToolInfo, msgs []*schema.Message) {
			tm := toolMessages(msgs)
			if len(tm) != 1 || !strings.Contains(tm[0].Content, "payment_id") {
				t.Errorf("tool messages: %+v", tm)
			}
		}, answer: toolCall("call_2", "cancel_order", `{"order_id":"A-1001"}`)},
		{check: func(t *testing.T, _ []*schema.ToolInfo, msgs []*schema.Message) {
			tm := toolMessages(msgs)
			if len(tm) != 2 || tm[1].Content != "waiting for the user" {
				t.Errorf("tool messages: %+v", tm)
			}
		}, answer: schema.AssistantMessage("Please confirm the cancellation.", nil)},
	}, adk.WithToolOptions([]tool.Option{onResult}))
	if answer != "Please confirm the cancellation." {
		t.Errorf("answer %q", answer)
	}
	want := []string{`refund.payment {} error=true stop=false`, `cancel_order {"order_id":"A-1001"} error=false stop=true`}
	if strings.Join(results, "\n") != strings.Join(want, "\n") {
		t.Errorf("results:\n%s\nwant:\n%s", strings.Join(results, "\n"), strings.Join(want, "\n"))
	}
	if strings.Join(notices, ",") != "Cancelling..." {
		t.Errorf("notices %q", notices)
	}
}

// TestHostileArguments: arguments that are not JSON, not an object, or a
// megabyte of text are an error for the model to read, never an error that
// would end the Eino run.
func TestHostileArguments(t *testing.T) {
	reg, shop := newRegistry(t, false)
	tools := New(reg).CapabilityTools()
	var get tool.InvokableTool
	for _, bt := range tools {
		if info, err := bt.Info(context.Background()); err == nil && info.Name == "get_order" {
			get = bt.(tool.InvokableTool)
		}
	}
	if get == nil {
		t.Fatal("no get_order tool")
	}
	for _, args := range []string{``, `{`, `[]`, `"x"`, `null`, `{"order_id":` + strings.Repeat("9", 1<<20) + `}`, `{"order_id":"` + strings.Repeat("../", 1<<18) + `"}`} {
		var got toolkit.Result
		text, err := get.InvokableRun(context.Background(), args, WithResults(func(_ string, _ json.RawMessage, res toolkit.Result) { got = res }))
		if err != nil {
			t.Errorf("%.20q: error %v ends the run", args, err)
		}
		if !got.IsError || text != got.Text || len(text) > 4096 {
			t.Errorf("%.20q: %.200q (IsError %v)", args, text, got.IsError)
		}
	}
	if len(shop.Tenants()) != 0 {
		t.Errorf("the shop was called %d times", len(shop.Tenants()))
	}
}
