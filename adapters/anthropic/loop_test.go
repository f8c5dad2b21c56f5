package toolkitanthropic

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/adapters/adaptertest"
)

// ordersYAML is a capability calling the shop API.
const ordersYAML = `name: get_order
desc: Look up an order by its id, with its status and amount.
params:
  - name: order_id
    type: string
    required: true
    description: the order id, like A-1001
examples:
  - {order_id: A-1001}
env: [SHOP_URL]
steps:
  - url: ${env:SHOP_URL}/orders/${param:order_id}
    var:
      - {name: status, extract: status}
      - {name: amount, extract: amount}
    result: "Order ${param:order_id} is ${step0:status} (${step0:amount} EUR)."
`

// newRegistry returns a Registry holding get_order (over a loopback shop)
// and capabilities of other categories, one of which stops generation.
func newRegistry(t *testing.T, flat bool) *toolkit.Registry {
	return adaptertest.Registry(t, adaptertest.NewShop(t), flat, ordersYAML,
		adaptertest.Capability("create_invoice", "billing", "Create an invoice for a customer.", "customer", adaptertest.Noop),
		adaptertest.Capability("refund.payment", "billing", "Refund a customer's payment.", "payment_id", adaptertest.Noop),
		&toolkit.Capability{Name: "list_tickets", Category: "support", Description: "List the open support tickets.", Params: []toolkit.Param{}, Handler: adaptertest.Noop},
		adaptertest.Capability("cancel_order", "shop", "Cancel an order; the user confirms it in the front end.", "order_id",
			func(_ context.Context, c *toolkit.Call) (toolkit.Result, error) {
				c.Notify("Cancelling...")
				return toolkit.Result{Text: "waiting for the user", Signals: toolkit.Signals{Manual: true, ManualArguments: c.RawArgs, ToolChoice: json.RawMessage(`"none"`)}}, nil
			}),
	)
}

// step is one exchange with the model API: a check of the request body
// and the recorded-shape answer.
type step struct {
	check  func(t *testing.T, body map[string]any)
	answer string
}

// modelServer serves steps in order at /v1/messages, as Anthropic would.
func modelServer(t *testing.T, steps []step) *httptest.Server {
	t.Helper()
	var mu sync.Mutex
	n := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if r.URL.Path != "/v1/messages" || r.Method != http.MethodPost {
			t.Errorf("request %s %s, want POST /v1/messages", r.Method, r.URL.Path)
			http.NotFound(w, r)
			return
		}
		if n >= len(steps) {
			t.Errorf("request %d: the script has %d steps", n+1, len(steps))
			http.Error(w, `{"type":"error","error":{"type":"invalid_request_error","message":"no more steps"}}`, http.StatusBadRequest)
			return
		}
		raw, _ := io.ReadAll(r.Body)
		var body map[string]any
		if err := json.Unmarshal(raw, &body); err != nil {
			t.Errorf("request %d: %v", n+1, err)
		}
		steps[n].check(t, body)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, steps[n].answer)
		n++
	}))
	t.Cleanup(func() {
		srv.Close()
		if n != len(steps) {
			t.Errorf("the model was asked %d times, want %d", n, len(steps))
		}
	})
	return srv
}

func client(srv *httptest.Server) anthropic.Client {
	return anthropic.NewClient(option.WithBaseURL(srv.URL), option.WithAPIKey("sk-ant-test"), option.WithMaxRetries(0))
}

// find returns the elements of list (JSON objects) whose key is value.
func find(list any, key, value string) []map[string]any {
	var out []map[string]any
	l, _ := list.([]any)
	for _, x := range l {
		if m, ok := x.(map[string]any); ok && m[key] == value {
			out = append(out, m)
		}
	}
	return out
}

// lastContent is the content of the last message of a request.
func lastContent(body map[string]any) any {
	msgs, _ := body["messages"].([]any)
	if len(msgs) == 0 {
		return nil
	}
	m, _ := msgs[len(msgs)-1].(map[string]any)
	return m["content"]
}

func toolUse(id, name, input string) string {
	return fmt.Sprintf(`{"id":"msg_%s","type":"message","role":"assistant","model":"claude-opus-4-5","content":[{"type":"text","text":"Let me look."},{"type":"tool_use","id":%q,"name":%q,"input":%s}],"stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":100,"output_tokens":20}}`, id, id, name, input)
}

func textAnswer(text string) string {
	return fmt.Sprintf(`{"id":"msg_end","type":"message","role":"assistant","model":"claude-opus-4-5","content":[{"type":"text","text":%q}],"stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":150,"output_tokens":12}}`, text)
}

// TestToolSearchLoop: the whole loop over the Messages API with tool search
// on the client. The model searches, the Registry's ranked search answers
// with tool_reference blocks, the model calls get_order (deferred until
// then), gets the shop's answer and answers the user.
func TestToolSearchLoop(t *testing.T) {
	reg := newRegistry(t, false)
	a := New(reg, nil)
	srv := modelServer(t, []step{
		{check: func(t *testing.T, body map[string]any) {
			tools, _ := body["tools"].([]any)
			if len(tools) != 6 {
				t.Fatalf("%d tools, want tool_search and 5 deferred", len(tools))
			}
			search := find(tools, "name", "tool_search")
			if len(search) != 1 || search[0]["defer_loading"] != nil {
				t.Errorf("tool_search: %v", search)
			}
			get := find(tools, "name", "get_order")
			if len(get) != 1 || get[0]["defer_loading"] != true || fmt.Sprint(get[0]["input_examples"]) != "[map[order_id:A-1001]]" {
				t.Errorf("get_order: %v", get)
			}
			if len(find(tools, "name", "refund_payment")) != 1 {
				t.Errorf("refund.payment is not sent as refund_payment")
			}
		}, answer: toolUse("toolu_1", "tool_search", `{"query":"order status"}`)},
		{check: func(t *testing.T, body map[string]any) {
			results := find(lastContent(body), "type", "tool_result")
			if len(results) != 1 || results[0]["tool_use_id"] != "toolu_1" {
				t.Fatalf("tool_result: %v", results)
			}
			refs := find(results[0]["content"], "type", "tool_reference")
			if len(refs) != 2 || refs[0]["tool_name"] != "get_order" || refs[1]["tool_name"] != "cancel_order" {
				t.Errorf("tool references: %v", results[0]["content"])
			}
		}, answer: toolUse("toolu_2", "get_order", `{"order_id":"A-1001"}`)},
		{check: func(t *testing.T, body map[string]any) {
			results := find(lastContent(body), "type", "tool_result")
			if len(results) != 1 || results[0]["tool_use_id"] != "toolu_2" || results[0]["is_error"] != nil {
				t.Fatalf("tool_result: %v", results)
			}
			text := find(results[0]["content"], "type", "text")
			if len(text) != 1 || text[0]["text"] != "Order A-1001 is shipped (129.90 EUR)." {
				t.Errorf("result: %v", results[0]["content"])
			}
		}, answer: textAnswer("Your order A-1001 has shipped.")},
	})
	calls, answer := runLoop(t, a, client(srv), a.DeferredTools())
	if answer != "Your order A-1001 has shipped." {
		t.Errorf("answer %q", answer)
	}
	want := []string{`tool_search {"referenced":["get_order","cancel_order"]}`, "get_order Order A-1001 is shipped (129.90 EUR)."}
	if strings.Join(calls, "\n") != strings.Join(want, "\n") {
		t.Errorf("calls:\n%s\nwant:\n%s", strings.Join(calls, "\n"), strings.Join(want, "\n"))
	}
}

// TestEntryToolsLoop: the loop with the three entry tools; a failed call
// goes back with is_error, and the model fixes it.
func TestEntryToolsLoop(t *testing.T) {
	reg := newRegistry(t, false)
	a := New(reg, nil)
	srv := modelServer(t, []step{
		{check: func(t *testing.T, body map[string]any) {
			var names []string
			for _, tl := range body["tools"].([]any) {
				names = append(names, tl.(map[string]any)["name"].(string))
			}
			if strings.Join(names, " ") != "query_capabilities query_capability_detail call_capability" {
				t.Errorf("tools %v", names)
			}
		}, answer: toolUse("toolu_1", toolkit.ToolCallCapability, `{"name":"get_order","parameters":{}}`)},
		{check: func(t *testing.T, body map[string]any) {
			results := find(lastContent(body), "type", "tool_result")
			if len(results) != 1 || results[0]["is_error"] != true {
				t.Errorf("tool_result: %v", results)
			}
		}, answer: toolUse("toolu_2", toolkit.ToolCallCapability, `{"name":"get_order","parameters":{"order_id":"A-1001"}}`)},
		{check: func(t *testing.T, body map[string]any) {}, answer: textAnswer("Shipped.")},
	})
	if _, answer := runLoop(t, a, client(srv), a.Tools()); answer != "Shipped." {
		t.Errorf("answer %q", answer)
	}
}

// TestSignals: a manual hand-off that sets the next tool choice; the turn
// says so in the SDK's terms, and the notice reaches the host's function.
func TestSignals(t *testing.T) {
	a := New(newRegistry(t, true), nil)
	var msg anthropic.Message
	if err := json.Unmarshal([]byte(toolUse("toolu_9", "cancel_order", `{"order_id":"A-1001"}`)), &msg); err != nil {
		t.Fatal(err)
	}
	var notices []string
	turn := a.Run(context.Background(), &msg, toolkit.WithNotify(func(n toolkit.Notice) { notices = append(notices, n.Text) }))
	if !turn.Stop() || !turn.Calls[0].Result.Signals.Manual || string(turn.Calls[0].Result.Signals.ManualArguments) != `{"order_id":"A-1001"}` {
		t.Errorf("turn %+v", turn.Calls)
	}
	if choice, ok := turn.ToolChoice(); !ok || choice.OfNone == nil {
		t.Errorf("ToolChoice() = %+v, %v", choice, ok)
	}
	if strings.Join(notices, "|") != "Cancelling..." {
		t.Errorf("notices %q", notices)
	}
}

func runLoop(t *testing.T, a *Adapter, c anthropic.Client, tools []anthropic.ToolUnionParam) (calls []string, answer string) {
	t.Helper()
	ctx := context.Background()
	params := anthropic.MessageNewParams{
		Model:     "claude-opus-4-5",
		MaxTokens: 1024,
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Where is my order A-1001?"))},
		Tools:     tools,
	}
	for range 5 {
		msg, err := c.Messages.New(ctx, params)
		if err != nil {
			t.Fatal(err)
		}
		turn := a.Run(ctx, msg)
		if len(turn.Blocks) == 0 {
			var text []string
			for _, b := range msg.Content {
				if b.Type == "text" {
					text = append(text, b.Text)
				}
			}
			return calls, strings.Join(text, "")
		}
		for _, call := range turn.Calls {
			calls = append(calls, call.Name+" "+call.Result.Text)
		}
		params.Messages = append(params.Messages, msg.ToParam(), anthropic.NewUserMessage(turn.Blocks...))
	}
	t.Fatal("no answer after 5 turns")
	return nil, ""
}
